"""The occupation cards by number and by name, and the effects modelled: gains and purchases when a card
is played, and, once it is, gains each time an action of a kind is taken (or a roll of a kind ends so)
and silver or stone off an action's price.

The card list is models/data/occupations.toml (number, deck, printed points, name); the effects
modelled are models/data/occupation_effects.toml, read strictly here: an unknown key, count or
goods name is an error, and each card's name must be the one its number has in the card list.
Applying an effect to a state is the round engine's business (models/round_rules/occupations.py),
saying it in words models/occupation_words.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from models.actions import NEEDS, ActionDataError, Bundle, check_keys, load_action_spaces, parse_bundle
from models.data_files import load, read

# an each-time gain's occasion: an action space group of action_spaces.toml, one space of it (by id, below),
# or one of these: an action that emigrates, explores, plays an occupation or builds a stone or long house,
# each stone an action takes from the mountain strips, or a dice action of a roll kind ending so (its gain is
# then part of the roll's outcome: models/round_rules/dice.py; with `spent`, only where exactly so much of
# each thing named was spent on the success)
GROUPS = frozenset(
    {"Build Houses", "Build Ships", "Crafting", "Hunting", "Livestock Market", "Mountains and Trade", "Products",
     "Sailing", "Weekly Market"}
)  # fmt: skip
ROLL_KINDS = ("hunt", "snare", "whaling", "raid", "pillage")
ROLL_OUTCOMES = frozenset(f"{kind}-{end}" for kind in ROLL_KINDS for end in ("success", "failure"))
OCCASIONS = frozenset(
    {"emigrating", "exploring", "playing", "house-building", "mountain-stone", "mountain-silver", "mountain-kinds",
     "receiving"}
) | ROLL_OUTCOMES
RECEIVED = ("wood", "stone", "ore", "silver")  # what "receiving" may ask an action to give at least so much of
WHEN = GROUPS | OCCASIONS
# the actions a discount may lower the price of ("two-silver-or-more": a space or emigration priced so)
DISCOUNTED = frozenset({"emigrating", "house-building", "Livestock Market", "two-silver-or-more"})
DISCOUNTS = ("silver", "stone")  # what a discount takes off
COUNTED = frozenset(
    {"whaling-boat", "knarr", "longship", "fleet", "ship-ore", "house", "sheep", "cattle", "animal-kinds", "silk"}
    | {"armed-longship", "red-kinds", "meat-pair", "grain"}
)


@dataclass(frozen=True)
class Card:
    number: int
    deck: str
    points: int
    name: str


@dataclass(frozen=True)
class Step:
    at_least: int
    gain: Bundle
    pay: Bundle


@dataclass(frozen=True)
class Part:
    """One gain or purchase of a card: `gain` for `pay`, scaled by `per` or chosen by `steps`."""

    gain: Bundle = Bundle()
    pay: Bundle = Bundle()
    per: str = ""
    counts: str = ""
    steps: tuple[Step, ...] = ()
    silver_per_round: int = 0
    needs: tuple[str, ...] = ()


@dataclass(frozen=True)
class EachTime:
    """Received each time, once the card is played, an action of a group (or space, or occasion) is taken;
    with `per`, once for each such thing owned."""

    when: str
    gain: Bundle
    per: str = ""
    spent: tuple[tuple[str, int], ...] = ()  # a roll's success: exactly so much of each spent on it
    received: tuple[tuple[str, int], ...] = ()  # "receiving": the action gives at least so much of each
    steps: tuple[Step, ...] = ()  # "mountain-kinds": by the kinds of item taken, the highest step reached


@dataclass(frozen=True)
class Discount:
    """Silver or stone off the price of each action of a kind, once the card is played."""

    when: str
    silver: int = 0
    stone: int = 0


PHASES = frozenset({"after-feast"})  # the round phases an each-round gain may come in


@dataclass(frozen=True)
class RoundGain:
    """Received in a phase of each round once the card is played: a part that gives, never pays."""

    when: str
    part: Part


@dataclass(frozen=True)
class DiceRule:
    """Once the card is played, each roll of these kinds: `add` on each face, each item named in
    `counts_as` spent moves the roll by that much instead of 1, up to `rolls` rolls (0: as usual)."""

    kinds: tuple[str, ...]
    add: int = 0
    counts_as: tuple[tuple[str, int], ...] = ()
    rolls: int = 0


@dataclass(frozen=True)
class Effect:
    card: int
    gains: tuple[Part, ...]  # received at once
    buys: tuple[Part, ...]  # the player may take one, or none
    each_time: tuple[EachTime, ...] = ()  # from then on
    discounts: tuple[Discount, ...] = ()  # from then on
    dice: tuple[DiceRule, ...] = ()  # from then on
    each_round: tuple[RoundGain, ...] = ()  # from then on

    @property
    def lasting(self) -> bool:
        """Whether the card, once played, stays in play for its effect."""
        return bool(self.each_time or self.discounts or self.dice or self.each_round)


@cache
def by_number() -> dict[int, Card]:
    return {c["number"]: Card(c["number"], c["deck"], c["points"], c["name"]) for c in load("occupations")["card"]}


def points_of(number: int) -> int:
    return by_number()[number].points


@cache
def cards_by_name() -> dict[str, tuple[Card, ...]]:
    out: dict[str, tuple[Card, ...]] = {}
    for c in by_number().values():
        out[c.name.casefold()] = out.get(c.name.casefold(), ()) + (c,)
    return out


def card_named(name: str) -> Card | None:
    """The card a snapshot's hand names (any case); None for a name no card or several cards have."""
    found = cards_by_name().get(name.strip().casefold(), ())
    return found[0] if len(found) == 1 else None


def card_drawn(drawn: str | int) -> Card | None:
    """The card a record says a draw turned up: by its number, or by a name only one card prints."""
    return by_number().get(drawn) if type(drawn) is int else card_named(drawn)


def record_name(number: int) -> str | int:
    """How a record names a card: its name, or its number where two cards print the name."""
    card = by_number()[number]
    return card.name if card_named(card.name) else number


def hand_entry(entry: int | str, unseen: int) -> tuple[Card | None, int]:
    """A snapshot's hand entry read: the one card it names (None for points, or for a name no card
    or two cards print) and its printed points (a card unseen, as the planner assumes, prints `unseen`)."""
    if isinstance(entry, int):
        return None, entry
    card = card_named(entry)
    return card, card.points if card else unseen


def hand_points(entry: int | str, unseen: int) -> int:
    return hand_entry(entry, unseen)[1]


def effect_of(number: int) -> Effect | None:
    return effects().get(number)


@cache
def effects() -> dict[int, Effect]:
    """Card number -> its modelled effect on being played."""
    data = read("occupation_effects")
    _check_keys(data, {"card"}, "occupation_effects.toml")
    out = {}
    for i, raw in enumerate(data["card"]):
        effect = _effect(raw, f"occupation_effects.toml card[{i}]")
        if effect.card in out:
            raise ActionDataError(f"occupation_effects.toml: card {effect.card} twice")
        out[effect.card] = effect
    return out


def _effect(raw: dict[str, Any], where: str) -> Effect:
    readers = _readers()
    _check_keys(raw, {"number", "name", *readers}, where)
    number = raw.get("number")
    if number not in by_number() or by_number()[number].name != raw.get("name"):
        raise ActionDataError(f"{where}: card {number!r} is not named {raw.get('name')!r} in occupations.toml")
    parts = {
        key: tuple(read(entry, f"{where}.{key}[{j}]") for j, entry in enumerate(raw.get(key, [])))
        for key, read in readers.items()
    }
    if not any(parts.values()):
        raise ActionDataError(f"{where}: a card with no gains, buys, each-time gains, discounts or dice rules")
    return Effect(number, **parts)


def _readers() -> dict:
    """Each list a card's effect may hold (Effect's fields), and the function reading one entry of it."""
    return {
        "gains": _part, "buys": _part, "each_time": _each_time, "discounts": _discount, "dice": _dice_rule,
        "each_round": _round_gain,
    }  # fmt: skip


def _round_gain(raw: Any, where: str) -> RoundGain:
    _check_keys(raw, {"when", "gain", "per", "counts", "steps"}, where)
    if raw.get("when") not in PHASES:
        raise ActionDataError(f"{where}.when: {raw.get('when')!r} is not one of {sorted(PHASES)}")
    part = _part({k: v for k, v in raw.items() if k != "when"}, where)
    if part.pay or any(st.pay for st in part.steps) or not (part.gain or part.steps):
        raise ActionDataError(f"{where}: an each-round gain gives something and pays nothing")
    return RoundGain(raw["when"], part)


def _dice_rule(raw: dict[str, Any], where: str) -> DiceRule:
    _check_keys(raw, {"kinds", "add", "counts_as", "rolls"}, where)
    spends = {sp.roll.kind: set(sp.roll.spend) for sp in load_action_spaces().values() if sp.roll}
    kinds = raw.get("kinds")
    if not isinstance(kinds, list) or not kinds or any(k not in spends for k in kinds):
        raise ActionDataError(f"{where}.kinds: a list of roll kinds from {sorted(spends)}")
    counts_as = raw.get("counts_as", {})
    if not isinstance(counts_as, dict) or any(name not in spends[k] for name in counts_as for k in kinds):
        raise ActionDataError(f"{where}.counts_as: a table of what every roll of {kinds} may spend")
    numbers = [raw.get("add", 0), raw.get("rolls", 0), *counts_as.values()]
    if any(not isinstance(n, int) or isinstance(n, bool) for n in numbers):
        raise ActionDataError(f"{where}: expected whole numbers")
    if any(n < 2 for n in counts_as.values()) or raw.get("rolls", 4) < 4:
        raise ActionDataError(f"{where}: an item counts as 2 or more, and the rolls allowed are 4 or more")
    if not (raw.get("add") or counts_as or raw.get("rolls")):
        raise ActionDataError(f"{where}: a dice rule adds to the face, counts an item more or allows more rolls")
    return DiceRule(tuple(kinds), raw.get("add", 0), tuple(sorted(counts_as.items())), raw.get("rolls", 0))


def _discount(raw: dict[str, Any], where: str) -> Discount:
    _check_keys(raw, {"when", *DISCOUNTS}, where)
    if raw.get("when") not in DISCOUNTED:
        raise ActionDataError(f"{where}.when: {raw.get('when')!r} is not one of {sorted(DISCOUNTED)}")
    off = {k: raw[k] for k in DISCOUNTS if k in raw}
    for k, n in off.items():
        if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
            raise ActionDataError(f"{where}.{k}: expected a whole number above 0")
    if not off:
        raise ActionDataError(f"{where}: a discount takes off some of {list(DISCOUNTS)}")
    return Discount(raw["when"], **off)


def _each_time(raw: dict[str, Any], where: str) -> EachTime:
    _check_keys(raw, {"when", "gain", "per", "spent", "received", "steps"}, where)
    if raw.get("when") not in WHEN and raw.get("when") not in load_action_spaces():
        raise ActionDataError(f"{where}.when: {raw.get('when')!r} is no space id nor one of {sorted(WHEN)}")
    if (raw.get("when") == "mountain-kinds") != ("steps" in raw):
        raise ActionDataError(f"{where}: `steps` goes with, and only with, when = \"mountain-kinds\"")
    if "steps" in raw:
        return EachTime(raw["when"], Bundle(), steps=_gain_steps(raw["steps"], where))
    if not raw.get("gain"):
        raise ActionDataError(f"{where}.gain: an each-time gain gives something")
    if "per" in raw and raw["per"] not in COUNTED:
        raise ActionDataError(f"{where}.per: {raw['per']!r} is not one of {sorted(COUNTED)}")
    gain = parse_bundle(raw["gain"], f"{where}.gain")
    return EachTime(raw["when"], gain, raw.get("per", ""), _spent(raw, where), _received(raw, where))


def _gain_steps(raw: Any, where: str) -> tuple[Step, ...]:
    """Steps that give and never ask a payment (an each-time gain is no purchase)."""
    if not isinstance(raw, list) or not raw:
        raise ActionDataError(f"{where}.steps: a list of steps")
    steps = tuple(_step(s, f"{where}.steps[{k}]") for k, s in enumerate(raw))
    if any(st.pay or not st.gain for st in steps):
        raise ActionDataError(f"{where}.steps: each step gives something and pays nothing")
    return tuple(sorted(steps, key=lambda st: st.at_least))


def _received(raw: dict[str, Any], where: str) -> tuple[tuple[str, int], ...]:
    if (raw["when"] == "receiving") != ("received" in raw):
        raise ActionDataError(f"{where}: `received` goes with, and only with, when = \"receiving\"")
    if "received" not in raw:
        return ()
    return _amounts(raw["received"], RECEIVED, f"{where}.received", f"some of {list(RECEIVED)}")


def _spent(raw: dict[str, Any], where: str) -> tuple[tuple[str, int], ...]:
    if "spent" not in raw:
        return ()
    if not raw["when"].endswith("-success") or raw["when"] not in ROLL_OUTCOMES:
        raise ActionDataError(f"{where}.spent: only a roll's success has things spent on it")
    spendable = {name for sp in load_action_spaces().values() if sp.roll for name in sp.roll.spend}
    return _amounts(raw["spent"], spendable, f"{where}.spent", f"what a roll may spend, from {sorted(spendable)}")


def _amounts(table: object, allowed, where: str, what: str) -> tuple[tuple[str, int], ...]:
    """A non-empty table of whole numbers above 0 keyed by names in `allowed`, sorted."""
    if not isinstance(table, dict) or not table or any(k not in allowed for k in table):
        raise ActionDataError(f"{where}: a table of {what}")
    if any(not isinstance(n, int) or isinstance(n, bool) or n <= 0 for n in table.values()):
        raise ActionDataError(f"{where}: expected whole numbers above 0")
    return tuple(sorted(table.items()))


def _part(raw: dict[str, Any], where: str) -> Part:
    _check_keys(raw, {"gain", "pay", "per", "counts", "steps", "silver_per_round", "needs"}, where)
    for key in ("per", "counts"):
        if key in raw and raw[key] not in COUNTED:
            raise ActionDataError(f"{where}.{key}: {raw[key]!r} is not one of {sorted(COUNTED)}")
    if bool(raw.get("counts")) != bool(raw.get("steps")):
        raise ActionDataError(f"{where}: `counts` and `steps` go together")
    needs = tuple(raw.get("needs", ()))
    if any(n not in NEEDS for n in needs):
        raise ActionDataError(f"{where}.needs: {needs!r} names a need outside {sorted(NEEDS)}")
    return Part(
        gain=parse_bundle(raw.get("gain", {}), f"{where}.gain"),
        pay=parse_bundle(raw.get("pay", {}), f"{where}.pay"),
        per=raw.get("per", ""),
        counts=raw.get("counts", ""),
        steps=tuple(_step(s, f"{where}.steps[{k}]") for k, s in enumerate(raw.get("steps", []))),
        silver_per_round=raw.get("silver_per_round", 0),
        needs=needs,
    )


def _step(raw: dict[str, Any], where: str) -> Step:
    _check_keys(raw, {"at_least", "gain", "pay"}, where)
    if not isinstance(raw.get("at_least"), int) or isinstance(raw.get("at_least"), bool):
        raise ActionDataError(f"{where}.at_least: expected a whole number")
    return Step(raw["at_least"], parse_bundle(raw.get("gain", {}), f"{where}.gain"), parse_bundle(raw.get("pay", {}), f"{where}.pay"))


def _check_keys(raw: Any, allowed: set[str], where: str) -> None:
    if not isinstance(raw, dict):  # an entry of an array may be anything the TOML holds
        raise ActionDataError(f"{where}: expected a table")
    check_keys(raw, allowed, where)
