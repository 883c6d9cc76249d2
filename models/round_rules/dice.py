"""The dice actions' raw mechanics: a roll placed and paid for, and its settling for any outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from models.actions import ActionSpace, Roll, max_rolls
from models.data_files import load
from models.pieces import piece
from models.round_rules import occupations
from models.round_rules.bundles import add_goods, gain, take_specials
from models.round_rules.state import Counts, Setting, State, replace
from models.values import default_values


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
    modifier: int = 0  # the cards in play add this to each face (a -1 helps aiming low)
    counts_as: Counts = ()  # (name, n): the cards in play make each such item spent move the roll by n
    rolls: int = field(default_factory=max_rolls)  # at most, the cards in play may allow more


def pending_roll(s: State, space: ActionSpace) -> PendingRoll:
    roll = occupations.roll_with_cards(s, space.roll) if s.active else space.roll
    have = {k: (getattr(s, k) if k in ("wood", "stone") else s.weapon(k)) for k in roll.spend}
    spendables = tuple(sorted((k, n) for k, n in have.items() if n))
    if roll.aim == "low":
        ore = _whaling_ore(s, roll.boats[1]) if roll.ore == "boats-used" else 0
        tiles: tuple[tuple[int, str], ...] = ()
    else:
        ore = max((o for t, o in s.ships if t == "longship"), default=0) if roll.ore == "longship-most-ore" else 0
        tiles = tuple(sorted(blue_tiles(s).items()))
    if not s.active:
        return PendingRoll(s, roll, spendables, ore, tiles)
    return PendingRoll(s, roll, spendables, ore, tiles, *occupations.dice_modifiers(s, roll.kind))


def resolve_roll(pending: PendingRoll, success: bool, spent: Counts, result: int | None, setting: Setting) -> State:
    """The state after a roll ends: failure pays the compensation; success spends `spent` and
    pays the reward (aim high: the most valuable blue tile with sword value <= `result`), with the
    gains of the cards in play the roll's own outcome does not carry (round_rules/occupations.py)."""
    s, roll = pending.state, pending.roll
    if not success:
        return gain(s, roll.failure, setting.players)
    for name, n in spent:
        if name in ("wood", "stone"):
            s = replace(s, **{name: getattr(s, name) - n})
        else:
            s = replace(s, weapons=add_goods(s.weapons, {name: -n}))
    if s.active:
        s = occupations.after_success(s, roll, spent, setting)
    if roll.aim == "low":
        return gain(s, roll.success, setting.players)
    best = taken_tile(pending, result, setting)
    if piece(best).kind == "special":
        return take_specials(s, (best,), pay_cost=False)
    return replace(s, goods=add_goods(s.goods, {best: 1}))


def taken_tile(pending: PendingRoll, result: int, setting: Setting) -> str:
    reachable = [name for sw, name in pending.tiles if sw <= result]
    return max(reachable, key=lambda x: (setting.values.get(x, 0), x))


def _whaling_ore(s: State, boats: int) -> int:
    """Printed ore (1 each) plus added ore on the best-armed boats used."""
    ores = sorted((o for t, o in s.ships if t == "whaling-boat"), reverse=True)[:boats]
    return sum(1 + o for o in ores)


def blue_tiles(s: State) -> dict[int, str]:
    return best_blue_tiles(s.specials_left)


@cache
def best_blue_tiles(specials_left: tuple[str, ...]) -> dict[int, str]:
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
