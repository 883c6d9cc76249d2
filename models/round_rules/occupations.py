"""Occupation cards drawn and played, with the effects models/data/occupation_effects.toml gives
(models/occupation_cards.py reads it): gains and purchases when a card is played, each-time gains,
discounts, and dice modifiers.

A state holds its hand in two parts: `hand`, the printed points of cards without a modelled effect
(or drawn unseen), and `cards`, the numbers of cards with one; `active` holds the cards played whose
lasting effect applies from then on: each-time gains with every action of their kind (`each_time`,
or in a roll's outcome: `roll_with_cards`), discounts on a space's or an emigration's price
(`space_cost`, `emigration_cost`), changes to a roll (`dice_modifiers`). A play of k cards
plays the cards the choice names first, each with the purchase chosen for it if any, then the best
of the rest by printed points (a card without an effect first on equal points). Every card played
gives its free gains and joins play, named or not; only a named card may buy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace as dataclass_replace
from itertools import combinations, product

from models.actions import ActionSpace, Bundle, Roll, max_rolls
from models.boards import board as board_named
from models.occupation_cards import DISCOUNTS, EachTime, Part, effect_of, points_of
from models.pieces import piece
from models.round_rules.afford import can_pay, needs_met, ships_fit
from models.round_rules.bundles import gain, merged, pay, scaled
from models.round_rules.state import Setting, State, replace

NAMED_AT_MOST = 2  # cards a play names (the rest go by points): hands rarely hold more with effects


def draw(s: State, n: int, setting: Setting) -> State:
    """n cards into the hand: the card really drawn when the setting knows it (a solo game's deck),
    else each worth what a card drawn unseen is assumed to be worth."""
    if not n:
        return s
    if setting.drawn_card:
        return _add_card(s, setting.drawn_card)
    return replace(s, hand=tuple(sorted(s.hand + (setting.drawn_occupation_points,) * n)))


def _add_card(s: State, number: int) -> State:
    if effect_of(number):
        return replace(s, cards=tuple(sorted(s.cards + (number,))))
    return replace(s, hand=tuple(sorted(s.hand + (points_of(number),))))


def play(s: State, k: int, named: tuple[int, ...], buys: tuple[tuple[int, int], ...], setting: Setting) -> State:
    """Play k cards: `named` first (with `buys`, (card, which purchase) pairs), then the best by points."""
    bought = dict(buys)
    for number in named:
        s = _play_card(replace(s, cards=_without(s.cards, number)), number, bought.get(number), setting)
    for _ in range(k - len(named)):
        s = _play_best(s, setting)
    return s


def _play_best(s: State, setting: Setting) -> State:
    plain = s.hand[-1] if s.hand else None
    card = max(s.cards, key=lambda c: (points_of(c), -c)) if s.cards else None
    if card is not None and (plain is None or points_of(card) > plain):
        return _play_card(replace(s, cards=_without(s.cards, card)), card, None, setting)
    return replace(s, hand=s.hand[:-1], occupation_points=s.occupation_points + plain)


def _play_card(s: State, number: int, buy: int | None, setting: Setting) -> State:
    s = replace(s, occupation_points=s.occupation_points + points_of(number))
    effect = effect_of(number)
    if effect.lasting:
        s = replace(s, active=tuple(sorted(s.active + (number,))))
    for part in effect.gains:
        s = _take(s, part, setting)
    if buy is not None:
        s = _take(s, effect.buys[buy], setting)
    return s


def each_time(s: State, space: ActionSpace, choice: dict, setting: Setting, strips: tuple, received: dict) -> State:
    """The each-time gains of the cards in play for an action on `space` with these choices, which
    began with the mountain strips `strips` and gave `received` (wood, stone, ore, silver) of its own."""
    for number in s.active:
        for e in effect_of(number).each_time:
            times = _times(e, space, choice, strips, s.mountains, received)
            if times:
                got = _stepped(e, strips, s.mountains) if e.steps else e.gain
                got = scaled(got, count(s, e.per, setting)) if e.per else got
                s = gain(s, scaled(got, times), setting.players)
    return s


def _times(e: EachTime, space: ActionSpace, choice: dict, strips: tuple, left: tuple, received: dict) -> int:
    if e.when == "mountain-stone":
        return _taken(strips, "stone") - _taken(left, "stone")
    if e.when == "mountain-silver":  # items go from the arrow end: a strip's last space goes when it empties
        return _ending(strips, "silver-2") - _ending(left, "silver-2")
    if e.when == "mountain-kinds":
        return int(strips != left)
    if e.when == "receiving":  # once an action, however much more it gives
        return int(all(received.get(k, 0) >= n for k, n in e.received))
    return int(_occurs(e.when, space, choice))


def _stepped(e: EachTime, strips: tuple, left: tuple) -> Bundle:
    """The gain of the highest step the kinds of item an action took from the strips reach."""
    taken = Counter(i for strip in strips for i in strip)
    taken.subtract(i for strip in left for i in strip)
    kinds = sum(1 for n in taken.values() if n > 0)
    reached = [st.gain for st in e.steps if kinds >= st.at_least]
    return reached[-1] if reached else Bundle()


def _taken(strips: tuple[tuple[str, ...], ...], item: str) -> int:
    return sum(strip.count(item) for strip in strips)


def _ending(strips: tuple[tuple[str, ...], ...], item: str) -> int:
    return sum(1 for strip in strips if strip[-1] == item)


def _occurs(when: str, space: ActionSpace, choice: dict) -> bool:
    if when == "emigrating":
        return bool(choice.get("emigrate"))
    if when == "exploring":
        return bool(choice.get("explore"))
    if when == "playing":  # on the space or by its column bonus
        return bool(choice.get("play") or choice.get("bonus_play"))
    if when == "house-building":
        return builds_house(space)
    return when in (space.group, space.id)  # a roll's outcome is never a group's or a space's name


def builds_house(space: ActionSpace) -> bool:
    """Whether a space builds a stone or long house (each of its options does, where it has any)."""
    gains = [o.gain for o in space.options] if space.options else [space.gain]
    return all(any(board_named(b).is_house for b, _ in g.buildings) for g in gains)


def roll_with_cards(s: State, roll: Roll) -> Roll:
    """A roll whose success and failure carry the each-time gains of the cards in play on that outcome
    (so the dice policy weighs them as the space's own). A gain on what the success spent, or on a
    raid's or pillage's success (whose reward is a tile), comes after the roll (`after_success`)."""
    success, failure = roll.success, roll.failure
    for number in s.active:
        for e in effect_of(number).each_time:
            if e.when == f"{roll.kind}-success" and not e.spent and roll.aim == "low":
                success = merged(success, e.gain)
            elif e.when == f"{roll.kind}-failure":
                failure = merged(failure, e.gain)
    return dataclass_replace(roll, success=success, failure=failure)


def after_success(s: State, roll: Roll, spent: tuple[tuple[str, int], ...], setting: Setting) -> State:
    """The each-time gains on a roll's success that `roll_with_cards` leaves out: those on what the
    success spent (exactly so much of each thing named), and a raid's or pillage's."""
    for number in s.active:
        for e in effect_of(number).each_time:
            if e.when != f"{roll.kind}-success" or not (e.spent or roll.aim == "high"):
                continue
            if all(dict(spent).get(name, 0) == n for name, n in e.spent):
                s = gain(s, e.gain, setting.players)
    return s


def dice_modifiers(s: State, kind: str) -> tuple[int, tuple[tuple[str, int], ...], int]:
    """What the cards in play do to a roll of `kind`: the sum of their additions to each face, what
    an item spent moves the roll by where a card makes it more than 1 (the most any card says), and
    the rolls allowed."""
    add, counts, rolls = 0, {}, max_rolls()
    for number in s.active:
        for d in effect_of(number).dice:
            if kind in d.kinds:
                add += d.add
                for name, n in d.counts_as:
                    counts[name] = max(counts.get(name, 1), n)
                rolls = max(rolls, d.rolls)
    return add, tuple(sorted(counts.items())), rolls


def in_phase(s: State, phase: str, setting: Setting) -> State:
    """The each-round gains of the cards in play in a phase of the round (models/round_end.py)."""
    for number in s.active:
        for r in effect_of(number).each_round:
            if r.when == phase:
                s = _take(s, r.part, setting)
    return s


def space_cost(s: State, space: ActionSpace) -> Bundle:
    """A space's own price less the discounts of the cards in play, never below nothing."""
    if not s.active or not (space.pay.silver or space.pay.stone):
        return space.pay
    off = {k: 0 for k in DISCOUNTS}
    for number in s.active:
        for d in effect_of(number).discounts:
            if _lowers(d.when, space):
                off = {k: off[k] + getattr(d, k) for k in DISCOUNTS}
    return dataclass_replace(space.pay, **{k: max(0, getattr(space.pay, k) - off[k]) for k in DISCOUNTS})


def _lowers(when: str, space: ActionSpace) -> bool:
    if when == "house-building":
        return builds_house(space)
    if when == "two-silver-or-more":
        return space.pay.silver >= 2
    return when == space.group


def emigration_cost(s: State, silver_per_round: int) -> int:
    """What an emigration costs: the round's price, less the discounts of the cards in play, never below 0."""
    price = s.round * silver_per_round
    off = sum(
        d.silver for c in s.active for d in effect_of(c).discounts
        if d.when == "emigrating" or (d.when == "two-silver-or-more" and price >= 2)
    )  # fmt: skip
    return max(0, price - off)


def _without(cards: tuple[int, ...], number: int) -> tuple[int, ...]:
    i = cards.index(number)
    return cards[:i] + cards[i + 1 :]


def _take(s: State, part: Part, setting: Setting) -> State:
    cost, got = resolved(s, part, setting)
    return gain(pay(s, cost), got, setting.players)


def resolved(s: State, part: Part, setting: Setting) -> tuple[Bundle, Bundle]:
    """What a part costs and gives in this state (nothing, where no step is reached)."""
    cost, got = part.pay, part.gain
    if part.per:
        got = scaled(got, count(s, part.per, setting))
    if part.counts:
        reached = [st for st in part.steps if count(s, part.counts, setting) >= st.at_least]
        if not reached:
            return Bundle(), Bundle()
        cost, got = merged(cost, reached[-1].pay), merged(got, reached[-1].gain)
    if part.silver_per_round:
        cost = merged(cost, Bundle(silver=part.silver_per_round * s.round))
    return cost, got


def can_buy(s: State, part: Part, setting: Setting) -> bool:
    cost, got = resolved(s, part, setting)
    return bool(got) and can_pay(s, cost) and needs_met(s, part.needs) and ships_fit(s, got)


def count(s: State, thing: str, setting: Setting) -> int:
    if thing in ("whaling-boat", "knarr", "longship"):
        return s.ships_of(thing)
    if thing == "fleet":
        return min(s.ships_of(t) for t in ("whaling-boat", "knarr", "longship"))
    if thing == "ship-ore":
        return sum(o for t, o in s.ships if t in ("whaling-boat", "longship"))
    if thing == "house":
        return houses_owned([e.board for e in setting.snapshot.player.boards] + list(s.new_boards))
    if thing in ("sheep", "cattle"):
        return s.animals(thing)
    if thing == "animal-kinds":
        return sum(1 for a in ("sheep", "cattle") if s.animals(a))
    if thing == "armed-longship":
        return sum(1 for t, o in s.ships if t == "longship" and o >= 2)
    if thing == "red-kinds":  # a pregnant animal is its kind
        return len({g.removeprefix("pregnant-") for g, _ in s.goods if piece(g).colour == "red"})
    if thing == "meat-pair":
        return min(s.count("game-meat"), s.count("whale-meat"))
    return s.count(thing)


def houses_owned(boards: list[str]) -> int:
    """Stone and long houses among a player's boards (sheds are not houses)."""
    return sum(1 for b in boards if board_named(b).is_house)


def named_plays(
    s: State, k: int, setting: Setting, buying: bool
) -> Iterator[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """The (named cards, purchases) a play of k cards may choose: none named, or up to
    NAMED_AT_MOST distinct cards with an effect, each buying one of its purchases it can pay for
    or nothing (nothing at all unless `buying`)."""
    yield (), ()
    distinct = sorted(set(s.cards))
    for size in range(1, min(k, NAMED_AT_MOST, len(distinct)) + 1):
        for named in combinations(distinct, size):
            for buys in _purchase_sets(s, named, setting) if buying else [()]:
                yield named, buys


def _purchase_sets(s: State, named: tuple[int, ...], setting: Setting) -> Iterator[tuple[tuple[int, int], ...]]:
    """Each named card buys one of its purchases or nothing, all of them payable together."""
    options: list[list[tuple[int, int] | None]] = []
    for number in named:
        buys = effect_of(number).buys
        options.append([None] + [(number, i) for i, part in enumerate(buys) if can_buy(s, part, setting)])
    for combination in product(*options):
        chosen = tuple(c for c in combination if c)  # None: that card buys nothing
        if len(chosen) < 2 or _payable_together(s, chosen, setting):
            yield chosen


def _payable_together(s: State, chosen: tuple[tuple[int, int], ...], setting: Setting) -> bool:
    cost, got = Bundle(), Bundle()
    for number, which in chosen:
        c, g = resolved(s, effect_of(number).buys[which], setting)
        cost, got = merged(cost, c), merged(got, g)
    return can_pay(s, cost) and ships_fit(s, got)
