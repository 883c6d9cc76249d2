"""One player's action phase as a game: a state, its legal actions, and their outcomes.

OpenSpiel-like and pure (no dependency on planner/): `initial_state(snapshot, context)` gives
the state, `legal_actions` every legal action in a canonical order, `apply(state, action)` the
next state or, for a dice space, a `PendingRoll` (the die, what may be spent, the ore modifier,
the success and failure effects, the blue tiles takeable) that `resolve_roll` settles for any
outcome, and `to_snapshot` turns a state back into a snapshot that `models.rules.check_snapshot`
judges. Probabilities are the planner's business: planner/chance.py turns a pending roll into
branches with planner/dice.py's optimal stop-or-re-roll distributions.

What is modelled: the 61 action spaces with their choices (see models/data/action_spaces.toml),
the column bonuses (column 3 draws an occupation, column 4 may play one), and the anytime
actions that matter here: buy a ship, arm a ship with ore. Exchanging silver is a no-op for
one total and is not an action. Laying tiles on boards is the placement engine's business: the
boards' placements stay as the snapshot gives them; boards gained (houses, explorations) arrive
empty.

Choices are bounded and canonical, so equal situations give equal action lists:
- upgrades are multisets over the few kinds gaining the most value (`UPGRADE_KINDS`), the
  `UPGRADE_CHOICES` best and the best of every size ("up to": fewer, or none beside another
  effect of the space);
- mountain items: from each strip used, one item up to as many as the space allows, or none
  beside another effect of the space;
- whaling uses as many boats as the space allows, the ones with most ore;
- overseas trade flips none, the best one, the best two, ... of the green kinds held;
- emigration sends the ship of the chosen type carrying the least ore (a swap gives the whaling
  boat carrying the least);
- forging offers jewelry and the `FORGE_SPECIALS` most valuable forge-marked specials left;
- a special sale offers the `SPECIAL_SALE_CHOICES` best sets by value minus cost;
- playing occupations is a choice of how many (the best by printed points first): a playing
  space plays at least one, a column-4 space may play its bonus card or not.
Occupations count by printed points only (a card in hand given as an int is its points; a name,
or a card drawn unseen, is `drawn_occupation_points`); their effects are out of scope.
Random weapon draws are dealt from a fixed cycle (bow, snare, spear, long sword): the deck's
order is unknown, and a deterministic stand-in keeps states mergeable.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import combinations, product

from models.actions import EMPTY as EMPTY_BUNDLE, SHIPS, ActionSpace, Bundle, Emigrate, Option, Roll, Upgrade, load_action_spaces
from models.boards import all_boards, board as board_named
from models.choice_rules import (
    bonus_play_counts, emigrate_choices, forge_targets, mountain_picks, play_counts, special_sets, trade_sets, upgrade_sets,
)  # fmt: skip
from models.choice_labels import space_label
from models.data_files import load
from models.explorations import face_up_rounds, silver_on
from models.facts import BANQUET_POSITIONS
from models.mountains import strips_in_round
from models.pieces import piece, special_names
from models.round_context import RoundContext
from models.snapshot import BoardEntry, Ship, Snapshot, parse_snapshot
from models.values import default_values

Counts = tuple[tuple[str, int], ...]
WEAPON_CYCLE = ("bow", "snare", "spear", "long-sword")
# Worth of what the value table does not price, in points: a weapon card helps a later roll;
# a Viking handed back by a failed roll takes another space this round.
EXTRA_VALUES = {"bow": 0.7, "snare": 0.7, "spear": 0.7, "long-sword": 1.0, "viking": 2.5}


@cache
def _spaces() -> dict[str, ActionSpace]:
    # load_action_spaces() builds a fresh dict per call; the engine asks millions of times
    return load_action_spaces()


# --- the state ---------------------------------------------------------------------------------


def _counts(c: Mapping[str, int]) -> Counts:
    return tuple(sorted((k, n) for k, n in c.items() if n > 0))


@dataclass(frozen=True)
class State:
    """Everything that can change during an action phase (canonical: equal situations are equal)."""

    round: int
    vikings_left: int
    silver: int
    wood: int
    stone: int
    ore: int
    goods: Counts
    weapons: Counts
    ships: tuple[tuple[str, int], ...]  # (type, added ore), sorted
    emigrated: tuple[str, ...]  # all emigrated ships, sorted
    new_boards: tuple[str, ...]  # boards gained since the snapshot, sorted
    specials: tuple[str, ...]  # special tiles in supply, sorted
    hand: tuple[int, ...]  # printed points of occupations in hand, sorted
    occupation_points: int
    taken: frozenset[str]
    mountains: tuple[tuple[str, ...], ...]  # face-up strips (items leftmost first), sorted
    explorations: Counts  # face-up unclaimed exploration board -> silver on it
    specials_left: tuple[str, ...]
    buildings_left: Counts
    weapon_draws: int = 0  # position in WEAPON_CYCLE
    thing_penalties: int = 0
    vikings_total: int = 0  # Vikings gained so far (the banquet table's open positions)
    banquet_cleared: bool = False  # the snapshot's banquet tiles were served in an earlier feast
    placed: frozenset[str] = frozenset()  # spaces this player occupied this round (solo: they block next round)

    def __hash__(self) -> int:
        # states are dictionary keys millions of times in a search: hash once
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(self.__dict__[f] for f in _STATE_FIELDS))
            self.__dict__["_hash"] = h
        return h

    def count(self, name: str) -> int:
        for g, n in self.goods:
            if g == name:
                return n
        return 0

    def weapon(self, name: str) -> int:
        for g, n in self.weapons:
            if g == name:
                return n
        return 0

    def ships_of(self, kind: str) -> int:
        return sum(1 for t, _ in self.ships if t == kind)

    def animals(self, animal: str) -> int:
        return self.count(animal) + self.count(f"pregnant-{animal}")


_STATE_FIELDS = tuple(State.__dataclass_fields__)


def replace(s: State, **changes) -> State:
    """dataclasses.replace without its per-call field analysis (the search's hottest path)."""
    d = s.__dict__.copy()
    d.pop("_hash", None)  # the cached hash belongs to the old field values
    d.update(changes)
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", d)  # frozen: bypass the dataclass guard, as it does itself
    return new


@dataclass(frozen=True)
class Setting:
    """What stays fixed while one player plans: the snapshot, players, values for dice choices."""

    snapshot: Snapshot
    players: int
    drawn_occupation_points: int = 0
    values: Mapping[str, float] = field(default_factory=lambda: default_values() | EXTRA_VALUES, hash=False, compare=False)

    @property
    def last_round(self) -> int:
        return self.snapshot.last_round

    @cached_property
    def values_key(self) -> tuple[tuple[str, float], ...]:
        return tuple(sorted(self.values.items()))

    @cached_property
    def layouts(self) -> dict:
        """Board facts of the quick layouts worked out so far (models/round_end.lay_held_tiles)."""
        return {}


def _held_tiles(snapshot: Snapshot) -> set[str]:
    return {board_named(e.board).tile for e in snapshot.player.boards if board_named(e.board).tile}


def face_up_explorations(round_: int, length: str, held_tiles: set[str]) -> dict[str, int]:
    """The exploration faces showing in a round when nobody else has claimed them, with the silver
    the printed schedule puts on them."""
    boards = [board_named(n) for n in all_boards()]
    return {
        b.name: silver_on(b, round_, length)
        for b in boards
        if b.kind == "exploration" and b.tile not in held_tiles and round_ in face_up_rounds(b, length)
    }


def _placed(snapshot: Snapshot) -> set[str]:
    return {x for e in snapshot.player.boards for x in _placed_specials(e)}


def _buildings_owned(snapshot: Snapshot) -> Counter:
    return Counter(e.board for e in snapshot.player.boards if board_named(e.board).is_building)


def initial_state(snapshot: Snapshot, context: RoundContext) -> State:
    p = snapshot.player
    supply = load("game")["building_supply"]
    owned = _buildings_owned(snapshot)
    buildings = context.buildings_left or {b: max(0, n - owned[b]) for b, n in supply.items()}
    owned_specials = set(p.specials)
    specials_left = context.specials_left if context.specials_left is not None else [
        s for s in special_names() if s not in owned_specials
    ]
    explorations = context.explorations_available
    if explorations is None:
        explorations = face_up_explorations(snapshot.game.round, snapshot.game.length, _held_tiles(snapshot))
    mountains = context.mountains
    if mountains is None:  # unknown: the face-up strips of a game dealt with seed 0
        mountains = strips_in_round(snapshot.game.round, context.players or snapshot.game.players)
    hand = tuple(sorted(c if isinstance(c, int) else context.drawn_occupation_points for c in p.occupations.hand))
    return State(
        round=snapshot.game.round,
        vikings_left=context.vikings_left if context.vikings_left is not None else snapshot.vikings,
        silver=p.silver,
        wood=p.resources.get("wood", 0),
        stone=p.resources.get("stone", 0),
        ore=p.resources.get("ore", 0),
        goods=_counts(p.goods),
        weapons=_counts(p.weapons),
        ships=tuple(sorted((s.type, s.ore) for s in p.ships)),
        emigrated=tuple(sorted(snapshot.emigrated_ships)),
        new_boards=(),
        specials=tuple(sorted(set(p.specials) - _placed(snapshot))),
        hand=hand,
        occupation_points=p.occupations.played_points,
        taken=frozenset(context.taken),
        mountains=tuple(sorted(tuple(s) for s in mountains if s)),
        explorations=tuple(sorted(explorations.items())),
        specials_left=tuple(sorted(specials_left)),
        buildings_left=tuple(sorted(buildings.items())),
        thing_penalties=p.thing_penalties,
        vikings_total=snapshot.vikings,
    )


def setting_for(snapshot: Snapshot, context: RoundContext, values: Mapping[str, float] | None = None) -> Setting:
    extra = {"values": dict(values)} if values is not None else {}
    return Setting(snapshot, context.players or snapshot.game.players, context.drawn_occupation_points, **extra)


# --- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One legal move: a space with its choices, an anytime action, or passing."""

    kind: str  # "space", "buy-ship", "arm-ship", "pass"
    space: str = ""  # action-space id, or the ship type for buy-ship / arm-ship
    choice: tuple[tuple[str, object], ...] = ()  # (what, which) pairs, canonical
    label: str = ""

    @property
    def vikings(self) -> int:
        return _spaces()[self.space].column if self.kind == "space" else 0

    def chosen(self, key: str, default: object = None) -> object:
        return dict(self.choice).get(key, default)

    def as_json(self) -> dict:
        return {"kind": self.kind, "space": self.space, "vikings": self.vikings, "label": self.label,
                "choice": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.choice}}  # fmt: skip


PASS = Action("pass", label="pass (end your action phase)")


# --- checking what a state can afford ----------------------------------------------------------


def _can_pay(s: State, b: Bundle) -> bool:
    if s.silver < b.silver or s.wood < b.wood or s.stone < b.stone or s.ore < b.ore:
        return False
    return all(s.count(g) >= n for g, n in b.goods)


def _berths_free(s: State, kind: str) -> bool:
    berths = load("game")["berths"]
    if kind == "whaling-boat":
        return s.ships_of("whaling-boat") < berths["small"]
    return s.ships_of("knarr") + s.ships_of("longship") < berths["large"]


def _needs_met(s: State, needs: tuple[str, ...]) -> bool:
    left = dict(s.buildings_left)
    for need in needs:
        if need in SHIPS and not s.ships_of(need):
            return False
        if need == "large-ship" and not (s.ships_of("knarr") or s.ships_of("longship")):
            return False
        if need == "any-ship" and not s.ships:
            return False
        if need == "two-longships" and s.ships_of("longship") < 2:
            return False
        if need.endswith("-in-supply") and not left.get(need.removesuffix("-in-supply"), 0):
            return False
    return True


def _ships_fit(s: State, b: Bundle) -> bool:
    ships = list(s.ships)
    for kind, n in b.ships:
        for _ in range(n):
            if not _berths_free(replace(s, ships=tuple(ships)), kind):
                return False
            ships.append((kind, 0))
    return True


# --- applying bundles --------------------------------------------------------------------------


def _add_goods(goods: Counts, changes: Mapping[str, int]) -> Counts:
    if not changes:
        return goods
    c = dict(goods)
    for k, n in changes.items():
        c[k] = c.get(k, 0) + n
    return tuple(sorted([kv for kv in c.items() if kv[1] > 0]))


def pay(s: State, b: Bundle) -> State:
    if b is EMPTY_BUNDLE or not (b.silver or b.wood or b.stone or b.ore or b.goods):
        return s  # most spaces pay nothing: skip the copy
    return replace(
        s,
        silver=s.silver - b.silver,
        wood=s.wood - b.wood,
        stone=s.stone - b.stone,
        ore=s.ore - b.ore,
        goods=_add_goods(s.goods, {g: -n for g, n in b.goods}),
    )


def _draw_weapons(s: State, n: int) -> State:
    drawn = Counter(WEAPON_CYCLE[(s.weapon_draws + i) % len(WEAPON_CYCLE)] for i in range(n))
    return replace(s, weapons=_add_goods(s.weapons, drawn), weapon_draws=(s.weapon_draws + n) % len(WEAPON_CYCLE))


def gain(s: State, b: Bundle, players: int = 1) -> State:
    if b is EMPTY_BUNDLE or not b:
        return s
    changes = dict(
        silver=s.silver + b.silver,
        wood=s.wood + b.wood + b.wood_per_player * players,
        stone=s.stone + b.stone,
        ore=s.ore + b.ore,
        goods=_add_goods(s.goods, dict(b.goods)),
        weapons=_add_goods(s.weapons, dict(b.weapons)),
        vikings_left=s.vikings_left + b.vikings,
    )
    if b.ships:  # ships and buildings are rare: only then rebuild their sorted tuples
        changes["ships"] = tuple(sorted(s.ships + tuple((k, 0) for k, n in b.ships for _ in range(n))))
    if b.buildings:
        left = Counter(dict(s.buildings_left))
        left.subtract(dict(b.buildings))
        changes["new_boards"] = tuple(sorted(s.new_boards + tuple(k for k, n in b.buildings for _ in range(n))))
        changes["buildings_left"] = tuple(sorted(left.items()))
    s = replace(s, **changes)
    return _draw_weapons(s, b.weapon_draws) if b.weapon_draws else s


# --- choices of one space ----------------------------------------------------------------------


def upgraded(name: str, steps: int) -> str:
    """The good one (or two) steps up its column; a blue good stays blue."""
    for _ in range(steps):
        nxt = piece(name).upgrade
        if nxt is None:
            break
        name = nxt
    return name


def _upgrade_choices(s: State, up: Upgrade, values: Mapping[str, float]) -> list[tuple[str, ...]]:
    """Multisets of goods to upgrade, best value gain first, bounded (models/choice_rules.py)."""
    gain_of = {g: values.get(upgraded(g, up.steps), 0) - values.get(g, 0) for g, _ in s.goods if upgraded(g, up.steps) != g}
    return upgrade_sets(dict(s.goods), gain_of, up.count)


def _mountain_choices(s: State, takes: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
    """(strip index, items taken) per strip used; "up to": each strip from one item to as far
    as allowed (models/choice_rules.py)."""
    return mountain_picks(s.mountains, takes)


def _take_mountain(s: State, pick: tuple[tuple[int, int], ...]) -> State:
    strips = list(s.mountains)
    items: Counter = Counter()
    for i, n in pick:
        items.update(strips[i][:n])
        strips[i] = strips[i][n:]
    return replace(
        s,
        wood=s.wood + items["wood"],
        stone=s.stone + items["stone"],
        ore=s.ore + items["ore"],
        silver=s.silver + 2 * items["silver-2"],
        mountains=tuple(sorted(t for t in strips if t)),
    )


def _option_sets(s: State, space: ActionSpace) -> list[tuple[int, ...]]:
    if not space.options:
        return [()]
    # a ship an option gives must find a free berth, like a ship a space gives
    usable = [i for i, o in enumerate(space.options) if _needs_met(s, o.needs) and _can_pay(s, o.pay) and _ships_fit(s, o.gain)]
    if space.choose == "one":
        return [(i,) for i in usable]
    sets = [c for k in range(len(usable) + 1) for c in combinations(usable, k)]
    return [c for c in sets if _ships_fit(s, Bundle(ships=tuple(kv for i in c for kv in space.options[i].gain.ships)))]


def _special_sets(s: State, n: int, values: Mapping[str, float]) -> list[tuple[str, ...]]:
    return special_sets(s.specials_left, s.silver, n, values)


def _forge_targets(s: State, values: Mapping[str, float]) -> list[str]:
    return forge_targets(s.specials_left, values)


def _explore_targets(s: State, space: ActionSpace, snapshot: Snapshot) -> list[str]:
    held = _held_tiles(snapshot) | {board_named(b).tile for b in s.new_boards if board_named(b).tile}
    ships = any(s.ships_of(t) for t in space.explore.ships)
    return [b for b, _ in s.explorations if b in space.explore.boards and board_named(b).tile not in held and ships]


def _emigrate_choices(s: State, space: ActionSpace) -> list[tuple[str, bool]]:
    """(ship type emigrating, swap first?) (models/choice_rules.py); the knarr a swap gives
    needs a free berth."""
    e = space.emigrate
    if s.silver < s.round * e.silver_per_round or len(s.emigrated) >= BANQUET_POSITIONS:
        return []
    return emigrate_choices(e, s.ships_of, bool(e.exchange) and _berths_free(s, e.exchange[1]))


def _play_counts(s: State, space: ActionSpace) -> range:
    """The best cards by printed points go first; play-occupations-4 (column 3) may play the
    card its column bonus draws first."""
    draws = space.bonus.draw_occupations if space.bonus else 0
    return play_counts(space.occupation.play, len(s.hand), draws)


def _space_choices(s: State, space: ActionSpace, setting: Setting) -> Iterator[tuple[tuple[str, object], ...]]:
    """Every canonical choice tuple for a space whose requirements are met."""
    values = setting.values
    pays = [(("pay", i),) for i, b in enumerate(space.pay_any_of) if _can_pay(s, b)] if space.pay_any_of else [()]
    parts: list[list[tuple]] = [pays, [(("options", o),) for o in _option_sets(s, space)] if space.options else [()]]
    if space.upgrade:
        # "up to" includes none: a space's other effect may be used alone (_does_something
        # drops a choice that does nothing at all)
        parts.append([(("upgrade", ()),)] + [(("upgrade", u),) for u in _upgrade_choices(s, space.upgrade, values)])
    if space.mountain:
        parts.append([(("mountain", ()),)] + [(("mountain", m),) for m in _mountain_choices(s, space.mountain)])
    if space.explore:
        parts.append([(("explore", b),) for b in _explore_targets(s, space, setting.snapshot)])
    if space.emigrate:
        parts.append([(("emigrate", t), ("exchange", x)) for t, x in _emigrate_choices(s, space)])
    if space.special_sale:
        parts.append([(("buy", c),) for c in _special_sets(s, space.special_sale, values)])
    if space.forge:
        parts.append([(("forge", t),) for t in _forge_targets(s, values)])
    if space.overseas_trade:
        parts.append([(("trade", kinds),) for kinds in _trade_choices(s, values)])
    if space.occupation and space.occupation.play:
        parts.append([(("play", k),) for k in _play_counts(s, space)])
    if space.bonus and space.bonus.play_occupations and s.hand:
        parts.append([(("bonus_play", k),) for k in bonus_play_counts(space.bonus.play_occupations, len(s.hand))])
    for combo in product(*parts):
        yield tuple(kv for part in combo for kv in part)


def _option_upgrade_choices(s: State, space: ActionSpace, choice: dict, setting: Setting) -> Iterator[dict]:
    """Options that themselves upgrade or take mountain items (mountain-2x4-or-double-3)."""
    opts = [space.options[i] for i in choice.get("options", ())]
    inner = [o for o in opts if o.upgrade or o.mountain]
    if not inner:
        yield choice
        return
    o = inner[0]
    if o.upgrade:
        for u in _upgrade_choices(s, o.upgrade, setting.values):
            yield choice | {"option_upgrade": u}
    if o.mountain:
        for m in _mountain_choices(s, o.mountain):
            yield choice | {"option_mountain": m}


# --- legality and effects of a space -----------------------------------------------------------


def _does_something(space: ActionSpace, s: State, choice: dict) -> bool:
    """The rulebook: an occupied space must use at least one effect (paying counts)."""
    if space.pay or space.pay_any_of or space.gain or space.roll or space.forge or space.if_owns:
        return True
    if space.per_animal:
        return s.animals(space.per_animal.animal) > 0
    keys = ("upgrade", "mountain", "options", "explore", "emigrate", "buy", "option_upgrade", "option_mountain", "play")
    return any(choice.get(k) for k in keys)


def _green_kinds(s: State) -> list[str]:
    return [g for g, _ in s.goods if piece(g).colour == "green" and piece(g).kind == "good"]


def _trade_choices(s: State, values: Mapping[str, float]) -> list[tuple[str, ...]]:
    """None, the best one, the best two, ... of the green kinds held (models/choice_rules.py)."""
    return trade_sets({g: values.get(piece(g).upgrade, 0) - values.get(g, 0) for g in _green_kinds(s)})


def _space_legal(s: State, space: ActionSpace) -> bool:
    if space.id in s.taken or s.vikings_left < space.column or not _needs_met(s, space.needs):
        return False
    if not _can_pay(s, space.pay) or not _ships_fit(s, space.gain):
        return False
    if space.roll and space.roll.kind == "whaling" and not s.ships_of("whaling-boat"):
        return False
    if space.id == "play-occupation-paid" and not s.hand:
        return False
    return True


def _label(space: ActionSpace, s: State, choice: dict) -> str:
    return space_label(space, choice, s.mountains, _step_up)


def _step_up(name: str, steps: int) -> tuple[str, str]:
    return name, upgraded(name, steps)


def _space_actions(s: State, space: ActionSpace, setting: Setting) -> Iterator[Action]:
    if not _space_legal(s, space):
        return
    for base in _space_choices(s, space, setting):
        for choice in _option_upgrade_choices(s, space, dict(base), setting):
            if _does_something(space, s, choice):
                yield Action("space", space.id, tuple(sorted(choice.items())), _label(space, s, choice))


def _anytime_actions(s: State) -> Iterator[Action]:
    ships = load("game")["ships"]
    for kind in SHIPS:
        if s.silver >= ships[kind]["price"] and _berths_free(s, kind):
            yield Action("buy-ship", kind, (), f"buy a {kind} for {ships[kind]['price']} silver")
    if s.ore:
        whaling_open = any(x not in s.taken for x in ("whaling-major", "whaling-minor"))
        if whaling_open and any(t == "whaling-boat" and o < 1 for t, o in s.ships):
            yield Action("arm-ship", "whaling-boat", (), "arm a whaling boat with 1 ore")
        pillage_open = any(x not in s.taken for x in ("pillage-2", "pillage-3"))
        if pillage_open and s.ships_of("longship"):
            yield Action("arm-ship", "longship", (), "arm your best-armed longship with 1 ore")


def legal_actions(s: State, setting: Setting, anytime: bool = True) -> list[Action]:
    """Every legal action in board order, then the anytime actions. Passing is always legal and
    is left to the caller (it ends the action phase)."""
    out = [a for space in _spaces().values() for a in _space_actions(s, space, setting)]
    return out + list(_anytime_actions(s)) if anytime else out


# --- outcomes ----------------------------------------------------------------------------------


def apply(s: State, action: Action, setting: Setting) -> State | PendingRoll:
    """What `action` leads to: the next state, or for a dice space the roll still to be made
    (planner/chance.py gives its branches and probabilities)."""
    if action.kind == "buy-ship":
        price = load("game")["ships"][action.space]["price"]
        return replace(s, silver=s.silver - price, ships=tuple(sorted(s.ships + ((action.space, 0),))))
    if action.kind == "arm-ship":
        return _arm(s, action.space)
    if action.kind == "pass":
        return replace(s, vikings_left=0)
    space = _spaces()[action.space]
    choice = dict(action.choice)
    s = _place_vikings(s, space)
    s = _before_action(s, space, choice, setting)
    s = _deterministic_effects(s, space, choice, setting)
    return pending_roll(s, space) if space.roll else s


def outcome(s: State, action: Action, setting: Setting) -> State:
    """The single next state of an action without dice (raises for a dice space)."""
    after = apply(s, action, setting)
    if isinstance(after, PendingRoll):
        raise ValueError(f"{action.label} rolls a die: planner.chance.outcomes gives its branches")
    return after


def _arm(s: State, kind: str) -> State:
    ships = list(s.ships)
    candidates = [i for i, (t, o) in enumerate(ships) if t == kind and (kind != "whaling-boat" or o < 1)]
    best = max(candidates, key=lambda i: (ships[i][1], -i)) if kind == "longship" else candidates[0]
    ships[best] = (kind, ships[best][1] + 1)
    return replace(s, ore=s.ore - 1, ships=tuple(sorted(ships)))


def _place_vikings(s: State, space: ActionSpace) -> State:
    return replace(s, vikings_left=s.vikings_left - space.column, taken=s.taken | {space.id}, placed=s.placed | {space.id})


def _before_action(s: State, space: ActionSpace, choice: dict, setting: Setting) -> State:
    """Column bonuses: column 3 draws an occupation; column 4 may play the best one in hand
    (a choice: some cards score negative points)."""
    if space.bonus and space.bonus.draw_occupations:
        s = replace(s, hand=tuple(sorted(s.hand + (setting.drawn_occupation_points,) * space.bonus.draw_occupations)))
    if choice.get("bonus_play"):
        s = _play_occupations(s, choice["bonus_play"])
    return s


def _play_occupations(s: State, n: int) -> State:
    played = s.hand[-n:] if n else ()
    return replace(s, hand=s.hand[: len(s.hand) - len(played)], occupation_points=s.occupation_points + sum(played))


def _apply_upgrade(s: State, goods: tuple[str, ...], steps: int) -> State:
    change: Counter = Counter()
    for g in goods:
        change[g] -= 1
        change[upgraded(g, steps)] += 1
    return replace(s, goods=_add_goods(s.goods, change))


def _apply_option(s: State, o: Option, setting: Setting) -> State:
    s = pay(s, o.pay)
    return gain(s, o.gain, setting.players)


def _deterministic_effects(s: State, space: ActionSpace, choice: dict, setting: Setting) -> State:
    s = pay(s, space.pay)
    if "pay" in choice:
        s = pay(s, space.pay_any_of[choice["pay"]])
    s = gain(s, space.gain, setting.players)
    for i in choice.get("options", ()):
        s = _apply_option(s, space.options[i], setting)
    if choice.get("option_upgrade"):
        steps = next(o.upgrade for o in space.options if o.upgrade).steps
        s = _apply_upgrade(s, choice["option_upgrade"], steps)
    if choice.get("option_mountain"):
        s = _take_mountain(s, choice["option_mountain"])
    if choice.get("mountain"):
        s = _take_mountain(s, choice["mountain"])
    if choice.get("upgrade"):
        s = _apply_upgrade(s, choice["upgrade"], space.upgrade.steps)
    if space.per_animal:
        pa = space.per_animal
        s = replace(s, goods=_add_goods(s.goods, {pa.good: min(s.animals(pa.animal), pa.max)}))
    for owns in space.if_owns:
        if s.animals(owns.animal) >= owns.at_least:
            s = gain(s, owns.gain, setting.players)
    if space.overseas_trade:
        s = replace(s, goods=_add_goods(s.goods, {k: v for g in choice["trade"] for k, v in ((g, -1), (piece(g).upgrade, 1))}))
    if choice.get("explore"):
        s = _explore(s, choice["explore"])
    if choice.get("emigrate"):
        s = _emigrate(s, space.emigrate, choice["emigrate"], bool(choice.get("exchange")))
    if choice.get("buy"):
        s = _take_specials(s, choice["buy"], pay_cost=True)
    if choice.get("forge"):
        target = choice["forge"]
        s = replace(s, goods=_add_goods(s.goods, {"jewelry": 1})) if target == "jewelry" else _take_specials(s, (target,), False)
    if space.occupation and space.occupation.draw:
        s = replace(s, hand=tuple(sorted(s.hand + (setting.drawn_occupation_points,) * space.occupation.draw)))
    if choice.get("play"):
        s = _play_occupations(s, choice["play"])
    return s


def _explore(s: State, board: str) -> State:
    silver = dict(s.explorations)[board]
    left = tuple((b, n) for b, n in s.explorations if b != board)
    return replace(s, silver=s.silver + silver, explorations=left, new_boards=tuple(sorted(s.new_boards + (board,))))


def _emigrate(s: State, e: Emigrate, kind: str, exchange: bool) -> State:
    ships = list(s.ships)
    if exchange:  # the boat with the least ore is given (its ore is lost)
        give, take = e.exchange
        ships.remove(min((x for x in ships if x[0] == give), key=lambda x: x[1]))
        ships.append((take, 0))
    ships.remove(min((x for x in ships if x[0] == kind), key=lambda x: x[1]))  # least ore is lost
    silver = s.silver - s.round * e.silver_per_round
    return replace(s, silver=silver, ships=tuple(sorted(ships)), emigrated=tuple(sorted(s.emigrated + (kind,))))


def _take_specials(s: State, names: tuple[str, ...], pay_cost: bool) -> State:
    cost = sum(piece(x).cost or 0 for x in names) if pay_cost else 0
    return replace(
        s,
        silver=s.silver - cost,
        specials=tuple(sorted(s.specials + tuple(names))),
        specials_left=tuple(x for x in s.specials_left if x not in names),
    )


# --- chance: the dice actions' raw mechanics ---------------------------------------------------


@dataclass(frozen=True)
class PendingRoll:
    """A dice action placed and paid for, its die not yet rolled: everything a chance model needs.

    The rules stop here; planner/chance.py turns this into probability-weighted branches (the
    optimal stop-or-re-roll policy of planner/dice.py) and calls `resolve_roll` per outcome.
    """

    state: State  # after Vikings, column bonus and deterministic effects
    roll: Roll  # the die, its aim, what may be spent, the success and failure effects
    spendables: Counts  # (name, count) the player may spend to move the result, counts > 0
    ore: int  # whaling: subtracted (boats' printed + added ore); pillaging: added (longship's ore)
    tiles: tuple[tuple[int, str], ...]  # aim high: sword value -> best blue tile takeable, sorted


def pending_roll(s: State, space: ActionSpace) -> PendingRoll:
    roll = space.roll
    have = {k: (getattr(s, k) if k in ("wood", "stone") else s.weapon(k)) for k in roll.spend}
    spendables = tuple(sorted((k, n) for k, n in have.items() if n))
    if roll.aim == "low":
        ore = _whaling_ore(s, roll.boats[1]) if roll.ore == "boats-used" else 0
        tiles: tuple[tuple[int, str], ...] = ()
    else:
        ore = max((o for t, o in s.ships if t == "longship"), default=0) if roll.ore == "longship-most-ore" else 0
        tiles = tuple(sorted(blue_tiles(s).items()))
    return PendingRoll(s, roll, spendables, ore, tiles)


def resolve_roll(pending: PendingRoll, success: bool, spent: Counts, result: int | None, setting: Setting) -> State:
    """The state after a roll ends: failure pays the compensation; success spends `spent` and
    pays the reward (aim high: the most valuable blue tile with sword value <= `result`)."""
    s, roll = pending.state, pending.roll
    if not success:
        return gain(s, roll.failure, setting.players)
    for name, n in spent:
        if name in ("wood", "stone"):
            s = replace(s, **{name: getattr(s, name) - n})
        else:
            s = replace(s, weapons=_add_goods(s.weapons, {name: -n}))
    if roll.aim == "low":
        return gain(s, roll.success, setting.players)
    best = taken_tile(pending, result, setting)
    if piece(best).kind == "special":
        return _take_specials(s, (best,), pay_cost=False)
    return replace(s, goods=_add_goods(s.goods, {best: 1}))


def taken_tile(pending: PendingRoll, result: int, setting: Setting) -> str:
    reachable = [name for sw, name in pending.tiles if sw <= result]
    return max(reachable, key=lambda x: (setting.values.get(x, 0), x))


def bundle_value(b: Bundle, values: Mapping[str, float]) -> float:
    """A bundle's worth at a value table (the dice policy weighs success against failure)."""
    total = b.silver * values.get("silver", 1) + b.wood * values.get("wood", 1) + b.stone * values.get("stone", 1)
    total += sum(values.get(g, 0) * n for g, n in b.goods) + sum(values.get(w, 0) * n for w, n in b.weapons)
    return total + b.vikings * values.get("viking", 0)


_bundle_value = bundle_value  # the name the tests used first


def _whaling_ore(s: State, boats: int) -> int:
    """Printed ore (1 each) plus added ore on the best-armed boats used."""
    ores = sorted((o for t, o in s.ships if t == "whaling-boat"), reverse=True)[:boats]
    return sum(1 + o for o in ores)


def blue_tiles(s: State) -> dict[int, str]:
    return _blue_tiles(s.specials_left)


@cache
def _blue_tiles(specials_left: tuple[str, ...]) -> dict[int, str]:
    """Sword value -> the most valuable blue tile with it that a raid may take (standard blue
    goods are unlimited; special tiles only while in the supply)."""
    swords = load("blue_sword_values")["sword"]
    values = default_values()
    best: dict[int, str] = {}
    for name in list(swords) + list(specials_left):
        sw = piece(name).sword
        if sw is not None and (sw not in best or values.get(name, 0) > values.get(best[sw], 0)):
            best[sw] = name
    return best


# --- back to a snapshot ------------------------------------------------------------------------


def to_snapshot(s: State, setting: Setting) -> Snapshot:
    """The position a state describes, as a snapshot for the rule checker and the scorer."""
    base = setting.snapshot
    data = base.model_dump(mode="json")
    player = data["player"]
    player.update(
        silver=s.silver,
        resources={"wood": s.wood, "stone": s.stone, "ore": s.ore},
        goods=dict(s.goods),
        weapons=dict(s.weapons),
        specials=list(s.specials) + [x for e in base.player.boards for x in _placed_specials(e)],
        ships=[{"type": t, "ore": o} for t, o in s.ships],
        emigrated=[t for t in s.emigrated if t in ("knarr", "longship")],
        thing_penalties=s.thing_penalties,
        vikings=s.vikings_total,
    )
    player["occupations"]["played_points"] = s.occupation_points
    player["occupations"]["hand"] = list(s.hand)
    ids = {e["id"] for e in player["boards"]}
    for name in s.new_boards:
        new_id = name
        k = 2
        while new_id in ids:
            new_id, k = f"{name}-{k}", k + 1
        ids.add(new_id)
        player["boards"].append({"id": new_id, "board": name, "placements": [], "resources": {}})
    if s.banquet_cleared:
        player["banquet"]["placements"] = []
    data["game"]["round"] = s.round
    return parse_snapshot(data)


def _placed_specials(entry: BoardEntry) -> list[str]:
    return [p.piece for p in entry.placements if piece(p.piece).kind == "special"]


def ship_models(s: State) -> list[Ship]:
    return [Ship(type=t, ore=o) for t, o in s.ships]
