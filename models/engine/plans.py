"""Actions of the action phase compiled once into their net change, then applied in one tuple.

The plain path (models.engine.effects) applies a space effect by effect, each building a new
State. A search applies the same actions to many states, so here an action (its space and
choice, with the mountain strips when it takes items) is compiled once into what it adds to the
Vikings, silver, wood, stone, ore, goods and weapons, the strips it leaves and the stage that
follows (a weapon draw, a roll, an occupation draw); applying it is one list copy and one new
tuple. The effects that depend on more of the state (animals held, ships, boards, the hand)
then run as on the plain path. tests/test_engine_fast_paths.py checks that both paths give
equal states for every action of seeded games.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import NamedTuple

from models.engine.effects import (
    arm_ship, buy_ship, dependent_steps, finish_space, gain, mountain_take,
)  # fmt: skip
from models.engine.spaces import Space, compiled
from models.engine.digest import MASK
from models.engine.state import ACTIONS, DIGEST as _DIGEST, OCCUPATION, PARTS, ROLL, WEAPONS, State
from models.engine.tables import Delta, upgrade_of

_new = tuple.__new__  # State._make without its length check: the list always has every field
_STAGE, _PENDING, _VIKINGS, _SILVER, _WOOD, _STONE, _ORE, _GOODS, _WEAPONS, _HAND, _PLAYED, _PLACED, _MOUNTAINS = (
    State._fields.index(f) for f in ("stage", "pending", "vikings_left", "silver", "wood", "stone", "ore", "goods", "weapons",
                                     "hand", "occupation_points", "placed", "mountains")
)  # fmt: skip
_PLACED_WEIGHT, _STAGE_WEIGHT, _PENDING_WEIGHT = (PARTS.weights[i] for i in (_PLACED, _STAGE, _PENDING))  # digest.py's parts
CACHE_LIMIT = 1 << 15  # compiled actions kept per space before its cache is emptied


class Plan(NamedTuple):
    vikings: int
    silver: int
    wood: int
    stone: int
    ore: int
    goods: tuple[tuple[int, int], ...]  # (goods index, change)
    weapons: tuple[tuple[int, int], ...]
    mountains: tuple | None  # the strips left, when the action takes items
    fleet: Delta | None  # ships and buildings gained (rare: through effects.gain)
    bonus_play: int  # column 4: cards played before the action
    then: tuple | None  # (stage, pending, their digest part) that follows, or None: back to the action phase
    steps: tuple  # effects.dependent_steps of the space
    chosen: dict
    digest: int  # what the fixed changes above add to the state's digest (models/engine/digest.py)
    digest_placing: int  # the same with the space's Vikings placed and its bit set in `placed`
    vikings_placing: int  # Vikings gained less the space's column (its Vikings placed)
    bit: int  # the space's bit in `placed`


@cache
def _takes_items(index: int) -> bool:
    d = compiled()[index].data
    return bool(d.mountain or any(o.mountain for o in d.options))


def _upgrade_changes(goods: tuple[int, ...], steps: int) -> list[tuple[int, int]]:
    up = upgrade_of(steps)
    return [x for g in goods for x in ((g, -1), (up[g], 1))]


def compile_action(sp: Space, choice: tuple, strips: tuple | None) -> Plan:
    chosen = dict(choice)
    d = sp.data
    before = strips
    pays, gains = sp.chosen(chosen)
    goods: Counter = Counter()
    weapons: Counter = Counter()
    for p in pays:
        goods.update({g: -n for g, n in p.goods})
    for g in gains:
        goods.update(dict(g.goods))
        weapons.update(dict(g.weapons))
    own = d.upgrade.steps if d.upgrade else 0
    optional = next((o.upgrade.steps for o in d.options if o.upgrade), 0)
    for key, steps in (("upgrade", own), ("option_upgrade", optional), ("trade", 1)):
        for g, n in _upgrade_changes(chosen.get(key) or (), steps):
            goods[g] += n
    items = [0, 0, 0, 0]
    for key in ("option_mountain", "mountain"):
        if chosen.get(key):
            taken, strips = mountain_take(strips, chosen[key])
            items = [a + b for a, b in zip(items, taken)]
    ships = tuple(x for g in gains for x in g.ships)
    buildings = tuple(x for g in gains for x in g.buildings)
    draws = sum(g.weapon_draws for g in gains)
    if d.occupation and d.occupation.draw:
        then = (OCCUPATION, (d.occupation.draw, -1, ()))
    elif d.roll:
        then = (ROLL, (sp.index, 1))
    else:
        then = (WEAPONS, (draws, ACTIONS)) if draws else None
    plan = Plan(
        vikings=sum(g.vikings for g in gains),
        silver=sum(g.silver for g in gains) - sum(p.silver for p in pays) + items[3],
        wood=sum(g.wood for g in gains) - sum(p.wood for p in pays) + items[0],
        stone=sum(g.stone for g in gains) - sum(p.stone for p in pays) + items[1],
        ore=sum(g.ore for g in gains) - sum(p.ore for p in pays) + items[2],
        goods=tuple(sorted((g, n) for g, n in goods.items() if n)), weapons=tuple(sorted((w, n) for w, n in weapons.items() if n)),
        mountains=strips if _takes_items(sp.index) else None, fleet=Delta(ships=ships, buildings=buildings) if ships or buildings else None,
        bonus_play=chosen.get("bonus_play", 0), then=then, steps=dependent_steps(sp.index), chosen=chosen, digest=0, digest_placing=0, vikings_placing=0, bit=sp.bit,
    )  # fmt: skip
    return _with_digest(plan, sp, before)


def _with_digest(plan: Plan, sp: Space, strips: tuple | None) -> Plan:
    """The plan with what its fixed changes add to the digest: counts and count vectors are
    linear parts, and the strips it leaves are known (a plan taking items is kept per strips)."""
    counts = PARTS.counts
    change = sum(PARTS.weights[i] * n for i, n in zip((_VIKINGS, _SILVER, _WOOD, _STONE, _ORE), plan[:5]))
    change += counts(_GOODS, plan.goods) + counts(_WEAPONS, plan.weapons)
    if plan.mountains is not None:
        change += PARTS.change(_MOUNTAINS, strips, plan.mountains)
    placing = PARTS.weights[_VIKINGS] * sp.column - _PLACED_WEIGHT * sp.bit  # Vikings leave, the space's bit is set
    if plan.then:
        stage, pending = plan.then
        plan = plan._replace(then=(stage, pending, (_STAGE_WEIGHT * stage + _PENDING_WEIGHT * hash(pending)) & MASK))
    # reduced modulo 2**61 here, as the digest is, so that run() adds small numbers
    return plan._replace(digest=change & MASK, digest_placing=(change - placing) & MASK, vikings_placing=plan.vikings - sp.column)


@cache
def _space_info() -> tuple:
    """Per space index: (takes items?, asks how many to play after its draw?, its compiled actions)."""
    return tuple((_takes_items(sp.index), bool(sp.data.occupation and sp.data.occupation.play), {}) for sp in compiled())


def _plan(sp: Space, choice: tuple, strips: tuple) -> Plan | None:
    """The compiled action (None: Play up to 4 asks how many once its card is drawn)."""
    takes_items, plays, found = _space_info()[sp.index]
    if plays and not any(k == "play" for k, _ in choice):
        return None
    key = (choice, strips) if takes_items else choice
    plan = found.get(key)
    if plan is None:
        if len(found) >= CACHE_LIMIT:
            found.clear()
        plan = found[key] = compile_action(sp, choice, strips if takes_items else None)
    return plan


def _draw_first(sp: Space, choice: tuple) -> Plan:
    """effects.take_space on a column-3 space: the Vikings placed, then the occupation card
    drawn (a chance node) before the action itself (`finish`, once the card is known)."""
    plan = Plan(vikings=0, silver=0, wood=0, stone=0, ore=0, goods=(), weapons=(), mountains=None, fleet=None, bonus_play=0,
                then=(OCCUPATION, (sp.draws_first, sp.index, choice)), steps=(), chosen={}, digest=0, digest_placing=0, vikings_placing=0, bit=sp.bit)  # fmt: skip
    return _with_digest(plan, sp, None)


def finish(s: State, sp: Space, choice: tuple, placing: bool = False) -> State:
    """effects.finish_space, compiled."""
    plan = _plan(sp, choice, s[_MOUNTAINS])
    if plan is None:
        return finish_space(s, sp, choice, placing)
    return run(s, sp, plan, placing)


def run(s: State, sp: Space, plan: Plan, placing: bool) -> State:
    """A compiled action applied: one list copy and one new tuple (the hot path of a search:
    kept flat on purpose)."""
    vikings, silver, wood, stone, ore, goods, weapons, mountains, fleet, bonus_play, then, steps, chosen, digest, digest_placing, vikings_placing, bit = plan
    v = list(s)
    h = v[_DIGEST]
    if bonus_play:  # effects.play_occupations: the best cards (the hand is sorted)
        hand = v[_HAND]
        keep = len(hand) - bonus_play
        played = sum(hand[keep:])
        h += PARTS.change(_HAND, hand, hand[:keep]) + PARTS.weights[_PLAYED] * played
        v[_PLAYED] += played
        v[_HAND] = hand[:keep]
    v[_SILVER] += silver
    v[_WOOD] += wood
    v[_STONE] += stone
    v[_ORE] += ore
    if goods:
        held = list(v[_GOODS])
        for g, n in goods:
            held[g] += n
        v[_GOODS] = tuple(held)
    if weapons:
        held = list(v[_WEAPONS])
        for w, n in weapons:
            held[w] += n
        v[_WEAPONS] = tuple(held)
    if placing:
        v[_VIKINGS] += vikings_placing
        placed = v[_PLACED]
        h += digest_placing
        if placed & bit:  # placed already (never so for a legal action): its part is in the digest
            h -= _PLACED_WEIGHT * bit
        v[_PLACED] = placed | bit
    else:
        v[_VIKINGS] += vikings
        h += digest
    if mountains is not None:
        v[_MOUNTAINS] = mountains
    if then:
        stage, pending, part = then
        h += part - _STAGE_WEIGHT * v[_STAGE] - _PENDING_WEIGHT * hash(v[_PENDING])
        v[_STAGE] = stage
        v[_PENDING] = pending
    v[_DIGEST] = h & MASK
    s = _new(State, v)
    if fleet:
        s = gain(s, fleet)
    for step in steps:
        s = step(s, sp, chosen)
    return s


# Actions listed from the offers caches (models.engine.choices) are interned: equal actions are
# one tuple object for every state a search reaches, so each one's compiled plan is found by
# the action's identity, an int lookup instead of hashing the choice and the strips. An entry
# keeps its action alive (its id cannot be reused while the entry is here): (action, space,
# plan) or, for a plan that takes items and so holds only for the strips it was compiled for,
# (action, space, None, {id(strips): (strips, plan)}), each strips object kept alive likewise.
_BY_ID: dict[int, tuple] = {}


def apply_action(s: State, action: tuple) -> State:
    hit = _BY_ID.get(id(action))
    if hit is not None and hit[0] is action:
        if hit[2] is not None:
            return run(s, hit[1], hit[2], True)
        strips = s[_MOUNTAINS]
        found = hit[3].get(id(strips))
        if found is not None and found[0] is strips:
            return run(s, hit[1], found[1], True)
    kind = action[0]
    if kind == "space":
        sp = compiled()[action[1]]
        plan = _draw_first(sp, action[2]) if sp.draws_first else _plan(sp, action[2], s[_MOUNTAINS])
        if plan is None:
            return finish_space(s, sp, action[2], True)
        _remember(action, sp, plan, s[_MOUNTAINS])
        return run(s, sp, plan, True)
    if kind == "buy-ship":
        return buy_ship(s, action[1])
    if kind == "arm-ship":
        return arm_ship(s, action[1])
    raise ValueError(f"not an action of the action phase: {action!r}")


def _remember(action: tuple, sp: Space, plan: Plan, strips: tuple) -> None:
    if len(_BY_ID) >= CACHE_LIMIT:
        _BY_ID.clear()
    if plan.mountains is None:
        _BY_ID[id(action)] = (action, sp, plan)
        return
    hit = _BY_ID.get(id(action))
    if hit is None or hit[0] is not action:
        hit = _BY_ID[id(action)] = (action, sp, None, {})
    by_strips = hit[3]
    if len(by_strips) >= CACHE_LIMIT:
        by_strips.clear()
    by_strips[id(strips)] = (strips, plan)
