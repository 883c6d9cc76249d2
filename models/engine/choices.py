"""Legal actions of the action phase: every space with its choices, the anytime actions, passing.

An action is a tuple: ("space", space index, choice) with choice a sorted tuple of (what, which)
pairs, ("buy-ship", ship index), ("arm-ship", ship index), or PASS. The order is fixed: spaces in
board order, each space's choices in the order built here, then ships, then passing.

Choices are bounded the way the round engine (models/round_rules.py) bounds them, so equal
situations give equal lists and the branching stays searchable:
- upgrades: multisets over the UPGRADE_KINDS kinds gaining most value, the UPGRADE_CHOICES best;
- mountain items are free: each strip used is emptied as far as the space allows;
- whaling uses the best-armed boats; emigration the ship of the chosen type with least ore;
- forging: jewelry or the FORGE_SPECIALS most valuable forge specials; a special sale the
  SPECIAL_SALE_CHOICES best sets by value minus cost.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, permutations, product

from models.engine.spaces import Space, can_pay, compiled, needs_met, ships_fit, whaling_boats
from models.engine.state import State, animals, berth_free, ships_of
from models.engine.tables import (
    GOODS, GREEN_GOODS, LONGSHIP, SHIP, SHIP_EXTRA_ORE, SHIP_PRICE, WHALING_BOAT, space_index, upgrade_of, value,
)  # fmt: skip
from models.facts import BANQUET_POSITIONS
from models.pieces import piece

PASS = ("pass",)
UPGRADE_KINDS = 5
UPGRADE_CHOICES = 5
SPECIAL_SALE_CHOICES = 4
FORGE_SPECIALS = 2


@cache
def _gain_of(steps: int) -> tuple[float, ...]:
    up = upgrade_of(steps)
    return tuple(value(GOODS[up[g]]) - value(GOODS[g]) for g in range(len(up)))


@lru_cache(maxsize=1 << 16)
def upgrade_choices(goods: tuple[int, ...], count: int, steps: int) -> tuple[tuple[int, ...], ...]:
    """Multisets of goods (indices) to upgrade, best value gain first, bounded."""
    up = upgrade_of(steps)
    gain = _gain_of(steps)
    held = [g for g, n in enumerate(goods) if n and up[g] != g]
    kinds = sorted(held, key=lambda g: (-gain[g], g))[:UPGRADE_KINDS]
    found = set()
    for size in range(1, count + 1):
        for combo in combinations_with_replacement(kinds, size):
            if all(combo.count(g) <= goods[g] for g in set(combo)):
                found.add(combo)
    return tuple(sorted(found, key=lambda c: (-sum(gain[g] for g in c), c))[:UPGRADE_CHOICES])


@lru_cache(maxsize=1 << 14)
def mountain_choices(strips: tuple[tuple[str, ...], ...], takes: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """((strip index, items taken), ...) per strip used, one per distinct result."""
    out = set()
    for used in range(1, min(len(takes), len(strips)) + 1):
        for chosen in combinations(range(len(strips)), used):
            for allowance in set(permutations(takes[:used])):
                out.add(tuple(sorted((i, min(n, len(strips[i]))) for i, n in zip(chosen, allowance))))
    seen, unique = set(), []
    for pick in sorted(out):
        result = tuple(sorted(strips[i][:n] for i, n in pick))
        if result not in seen:
            seen.add(result)
            unique.append(pick)
    return tuple(unique)


def _option_sets(s: State, sp: Space) -> list[tuple[int, ...]]:
    usable = [i for i, o in enumerate(sp.options) if needs_met(s, o.option.needs) and can_pay(s, o.pay) and ships_fit(s, o.gain)]
    if sp.data.choose == "one":
        return [(i,) for i in usable]
    return [c for k in range(len(usable) + 1) for c in combinations(usable, k)]


def _special_sets(s: State, n: int) -> list[tuple[str, ...]]:
    forsale = [x for x in s.specials_left if piece(x).cost is not None]
    net = {x: value(x) - piece(x).cost for x in forsale}
    best = sorted(forsale, key=lambda x: (-net[x], x))[:SPECIAL_SALE_CHOICES]
    sets = [c for k in range(1, n + 1) for c in combinations(sorted(best), k) if sum(piece(x).cost for x in c) <= s.silver]
    return sorted(sets, key=lambda c: (-sum(net[x] for x in c), c))[:SPECIAL_SALE_CHOICES]


def _forge_targets(s: State) -> list[str]:
    forgeable = sorted((x for x in s.specials_left if piece(x).forge), key=lambda x: (-value(x), x))
    return ["jewelry"] + forgeable[:FORGE_SPECIALS]


def _emigrate_choices(s: State, sp: Space) -> list[tuple[str, bool]]:
    e = sp.data.emigrate
    if s.silver < s.round * e.silver_per_round or sum(s.emigrated) >= BANQUET_POSITIONS:
        return []
    out = [(t, False) for t in e.ships if ships_of(s, SHIP[t])]
    if e.exchange and ships_of(s, SHIP[e.exchange[0]]) and (e.exchange[1], False) not in out:
        out.append((e.exchange[1], True))
    return out


def _choices(s: State, sp: Space):
    d = sp.data
    pays = [(("pay", i),) for i, b in enumerate(sp.pay_any_of) if can_pay(s, b)] if sp.pay_any_of else [()]
    parts = [pays, [(("options", o),) for o in _option_sets(s, sp)] if d.options else [()]]
    if d.upgrade:
        parts.append([(("upgrade", u),) for u in upgrade_choices(s.goods, d.upgrade.count, d.upgrade.steps)] or [()])
    if d.mountain:
        parts.append([(("mountain", m),) for m in mountain_choices(s.mountains, d.mountain)] or [()])
    if d.explore:
        boats = any(ships_of(s, SHIP[t]) for t in d.explore.ships)
        parts.append([(("explore", b),) for b, _ in s.explorations if b in d.explore.boards and boats])
    if d.emigrate:
        parts.append([(("emigrate", t), ("exchange", x)) for t, x in _emigrate_choices(s, sp)])
    if d.special_sale:
        parts.append([(("buy", c),) for c in _special_sets(s, d.special_sale)])
    if d.forge:
        parts.append([(("forge", t),) for t in _forge_targets(s)])
    for combo in product(*parts):
        choice = tuple(kv for part in combo for kv in part)
        yield from _inner_choices(s, sp, choice)


def _inner_choices(s: State, sp: Space, choice: tuple):
    """Options that themselves upgrade or take mountain items (mountain-2x4-or-double-3)."""
    picked = dict(choice).get("options", ())
    inner = [sp.options[i].option for i in picked if sp.options[i].option.upgrade or sp.options[i].option.mountain]
    if not inner:
        yield choice
        return
    o = inner[0]
    if o.upgrade:
        for u in upgrade_choices(s.goods, o.upgrade.count, o.upgrade.steps):
            yield tuple(sorted(choice + (("option_upgrade", u),)))
    if o.mountain:
        for m in mountain_choices(s.mountains, o.mountain):
            yield tuple(sorted(choice + (("option_mountain", m),)))


@cache
def _always_does_something(index: int) -> bool:
    d = compiled()[index].data
    return bool(d.pay or d.pay_any_of or d.gain or d.roll or d.forge or d.if_owns or d.overseas_trade)


@cache
def _has_choices(index: int) -> bool:
    d = compiled()[index].data
    return bool(d.pay_any_of or d.options or d.upgrade or d.mountain or d.explore or d.emigrate or d.special_sale or d.forge)


def _does_something(s: State, sp: Space, choice: tuple) -> bool:
    """The rulebook: an occupied space must use at least one effect (paying counts)."""
    d = sp.data
    if _always_does_something(sp.index):
        return True
    if d.per_animal:
        return animals(s, d.per_animal.animal) > 0
    if d.occupation and d.occupation.play:
        return sp.draws_first > 0 or any(p >= 0 for p in s.hand)
    keys = ("upgrade", "mountain", "options", "explore", "emigrate", "buy", "option_upgrade", "option_mountain")
    chosen = dict(choice)
    return any(chosen.get(k) for k in keys)


def _space_legal(s: State, sp: Space) -> bool:
    d = sp.data
    if not needs_met(s, d.needs) or not can_pay(s, sp.pay) or not ships_fit(s, sp.gain):
        return False
    if d.overseas_trade and not any(s.goods[g] for g in GREEN_GOODS):
        return False
    if d.roll and d.roll.kind == "whaling" and not whaling_boats(s):
        return False
    if d.occupation and d.occupation.play and not sp.draws_first and not any(p >= 0 for p in s.hand):
        return False  # nothing worth playing (the column-3 draw comes first, so play-occupations-4 may)
    return True


def space_actions(s: State) -> list[tuple]:
    out = []
    blocked = s.taken | s.placed
    left = s.vikings_left
    for sp in compiled():
        if blocked & sp.bit or left < sp.data.column or not _space_legal(s, sp):
            continue
        if not _has_choices(sp.index):
            if _does_something(s, sp, ()):
                out.append(("space", sp.index, ()))
            continue
        for choice in _choices(s, sp):
            if _does_something(s, sp, choice):
                out.append(("space", sp.index, choice))
    return out


def anytime_actions(s: State) -> list[tuple]:
    out = []
    for kind in range(len(SHIP)):
        if s.silver >= SHIP_PRICE[kind] and berth_free(s, kind):
            out.append(("buy-ship", kind))
    if s.ore:
        free = ~(s.taken | s.placed)
        idx = space_index()
        whaling_open = any(free & (1 << idx[x]) for x in ("whaling-major", "whaling-minor"))
        if whaling_open and any(t == WHALING_BOAT and o < SHIP_EXTRA_ORE[WHALING_BOAT] for t, o in s.ships):
            out.append(("arm-ship", WHALING_BOAT))
        pillage_open = any(free & (1 << idx[x]) for x in ("pillage-2", "pillage-3"))
        if pillage_open and ships_of(s, LONGSHIP):
            out.append(("arm-ship", LONGSHIP))
    return out


def legal_actions(s: State) -> list[tuple]:
    return space_actions(s) + anytime_actions(s) + [PASS]
