"""Dice spaces as the game plays them: a roll (chance), then the player's decision, up to 3 rolls.

The rules (planner/dice.py states them in full): hunting, snares and whaling aim low: the face,
minus for whaling the ore on the boats used (printed ore included), is how many wood or matching
weapons to spend; a face adjusted to 0 or below succeeds at once. Raids and pillages aim high:
the face, plus for pillaging the ore on the best-armed longship, plus 1 per stone or long sword
spent, is the combat result; take one blue tile of sword value at most the result; a result at
or below the threshold fails. Failure may always be declared instead (except after a success
that needs nothing) and pays the compensation; a re-roll discards the face.

ROLL stage: pending (space index, roll number). DECIDE stage: pending (space index, roll
number, face). Decisions: ("reroll",), ("fail",), ("succeed", spent, tile) with spent a tuple of
(item, count) pairs; tile is the blue tile taken (None when aiming low). Every way to spend
exactly what a result needs is offered, for every tile the result can reach; spending more
than a tile needs is never offered (it only loses items).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from models.engine.effects import gain, take_specials
from models.engine.spaces import Space, compiled
from models.engine.state import ACTIONS, DECIDE, ROLL, State, add
from models.engine.tables import GOOD, LONGSHIP, MAX_ROLLS, WEAPON, WHALING_BOAT, blue_tiles
from models.pieces import piece

REROLL = ("reroll",)
FAIL = ("fail",)


@cache
def faces(die: int) -> tuple[tuple[Fraction, int], ...]:
    return tuple((Fraction(1, die), f) for f in range(1, die + 1))


def roll_outcomes(s: State) -> tuple[tuple[Fraction, int], ...]:
    return faces(compiled()[s.pending[0]].data.roll.die)


def rolled(s: State, face: int) -> State:
    space, number = s.pending
    return s._replace(stage=DECIDE, pending=(space, number, face))


def ore_bonus(s: State, sp: Space) -> int:
    roll = sp.data.roll
    if roll.ore == "boats-used":
        ores = sorted((o for t, o in s.ships if t == WHALING_BOAT), reverse=True)[: roll.boats[1]]
        return sum(1 + o for o in ores)
    if roll.ore == "longship-most-ore":
        return max((o for t, o in s.ships if t == LONGSHIP), default=0)
    return 0


def _held(s: State, item: str) -> int:
    if item in ("wood", "stone"):
        return getattr(s, item)
    return s.weapons[WEAPON[item]]


def _splits(s: State, spend: tuple[str, ...], need: int) -> list[tuple[tuple[str, int], ...]]:
    """Every way to spend exactly `need` items of the two kinds `spend` allows."""
    a, b = spend
    have_a, have_b = _held(s, a), _held(s, b)
    out = []
    for k in range(min(need, have_a), -1, -1):
        if need - k <= have_b:
            out.append(tuple((x, n) for x, n in ((a, k), (b, need - k)) if n))
    return out


def decisions(s: State) -> list[tuple]:
    space, number, face = s.pending
    sp = compiled()[space]
    roll = sp.data.roll
    out: list[tuple] = []
    if roll.aim == "low":
        need = face - ore_bonus(s, sp)
        if need <= 0:
            return [("succeed", (), None)]
        out += [("succeed", spent, None) for spent in _splits(s, roll.spend, need)]
    else:
        base = face + ore_bonus(s, sp)
        for sword, tile in blue_tiles(s.specials_left):
            need = max(0, max(sword, roll.fail_at_or_below + 1) - base)
            out += [("succeed", spent, tile) for spent in _splits(s, roll.spend, need)]
    out.append(FAIL)
    if number < MAX_ROLLS:
        out.append(REROLL)
    return out


def decide(s: State, action: tuple) -> State:
    space, number, face = s.pending
    sp = compiled()[space]
    if action == REROLL:
        return s._replace(stage=ROLL, pending=(space, number + 1))
    s = s._replace(stage=ACTIONS, pending=())
    if action == FAIL:
        return gain(s, sp.failure)
    _, spent, tile = action
    for item, n in spent:
        if item in ("wood", "stone"):
            s = s._replace(**{item: getattr(s, item) - n})
        else:
            s = s._replace(weapons=add(s.weapons, ((WEAPON[item], -n),)))
    if tile is None:
        return gain(s, sp.success)
    if piece(tile).kind == "special":
        return take_specials(s, (tile,), pay_cost=False)
    return s._replace(goods=add(s.goods, ((GOOD[tile], 1),)))
