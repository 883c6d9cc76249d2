"""Paying and gaining: bundles of silver, resources, goods, weapons, ships and buildings applied to a
state, special tiles taken, a good upgraded, a bundle's worth, bundles added up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from models.actions import BUNDLE_SCALARS, BUNDLE_TABLES, EMPTY as EMPTY_BUNDLE, Bundle
from models.pieces import piece
from models.round_rules.state import WEAPON_CYCLE, Counts, State, replace


def add_goods(goods: Counts, changes: Mapping[str, int]) -> Counts:
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
        goods=add_goods(s.goods, {g: -n for g, n in b.goods}),
    )


def draw_weapons(s: State, n: int) -> State:
    drawn = Counter(WEAPON_CYCLE[(s.weapon_draws + i) % len(WEAPON_CYCLE)] for i in range(n))
    return replace(s, weapons=add_goods(s.weapons, drawn), weapon_draws=(s.weapon_draws + n) % len(WEAPON_CYCLE))


def last_weapon_drawn(s: State) -> str:
    """The weapon card the last draw turned up (at an action phase's start: phase 4's)."""
    return WEAPON_CYCLE[(s.weapon_draws - 1) % len(WEAPON_CYCLE)]


def weapon_drawn(s: State, name: str) -> State:
    """`name` drawn, as a record says: in hand, and the deck's next card the one after it."""
    return replace(s, weapons=add_goods(s.weapons, {name: 1}), weapon_draws=(WEAPON_CYCLE.index(name) + 1) % len(WEAPON_CYCLE))


def gain(s: State, b: Bundle, players: int = 1) -> State:
    if b is EMPTY_BUNDLE or not b:
        return s
    changes = dict(
        silver=s.silver + b.silver,
        wood=s.wood + b.wood + b.wood_per_player * players,
        stone=s.stone + b.stone,
        ore=s.ore + b.ore,
        goods=add_goods(s.goods, dict(b.goods)),
        weapons=add_goods(s.weapons, dict(b.weapons)),
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
    return draw_weapons(s, b.weapon_draws) if b.weapon_draws else s


def upgraded(name: str, steps: int) -> str:
    """The good one (or two) steps up its column; a blue good stays blue."""
    for _ in range(steps):
        nxt = piece(name).upgrade
        if nxt is None:
            break
        name = nxt
    return name


def take_specials(s: State, names: tuple[str, ...], pay_cost: bool) -> State:
    cost = sum(piece(x).cost or 0 for x in names) if pay_cost else 0
    return replace(
        s,
        silver=s.silver - cost,
        specials=tuple(sorted(s.specials + tuple(names))),
        specials_left=tuple(x for x in s.specials_left if x not in names),
    )


def bundle_value(b: Bundle, values: Mapping[str, float]) -> float:
    """A bundle's worth at a value table (the dice policy weighs success against failure)."""
    total = b.silver * values.get("silver", 1) + b.wood * values.get("wood", 1) + b.stone * values.get("stone", 1)
    total += sum(values.get(g, 0) * n for g, n in b.goods) + sum(values.get(w, 0) * n for w, n in b.weapons)
    return total + b.vikings * values.get("viking", 0)


def scaled(b: Bundle, n: int) -> Bundle:
    """n copies of b added up (nothing for n <= 0)."""
    if n <= 0:
        return Bundle()
    return _combine(b, b, n - 1) if n > 1 else b


def merged(a: Bundle, b: Bundle) -> Bundle:
    """a and b added up."""
    return _combine(a, b, 1)


def _combine(a: Bundle, b: Bundle, times: int) -> Bundle:
    """a plus `times` copies of b."""
    scalars = {f: getattr(a, f) + times * getattr(b, f) for f in BUNDLE_SCALARS}
    tables = {}
    for f in BUNDLE_TABLES:
        total = dict(getattr(a, f))
        for k, n in getattr(b, f):
            total[k] = total.get(k, 0) + times * n
        tables[f] = tuple(sorted(total.items()))
    return Bundle(**scalars, **tables)
