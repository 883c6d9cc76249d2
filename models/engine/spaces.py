"""The 61 action spaces compiled for the engine: costs and gains as index deltas, needs as tests.

The spaces themselves are models/actions.py's (read from action_spaces.toml); this only turns
each into what the hot loop needs, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from models.actions import ActionSpace, Option
from models.engine.state import State, berth_free, ships_of
from models.engine.tables import BUILDING, KNARR, LONGSHIP, SHIP, WHALING_BOAT, Delta, delta, spaces


@dataclass(frozen=True)
class CompiledOption:
    option: Option
    pay: Delta
    gain: Delta


@dataclass(frozen=True)
class Space:
    index: int
    bit: int
    data: ActionSpace
    pay: Delta
    pay_any_of: tuple[Delta, ...]
    gain: Delta
    options: tuple[CompiledOption, ...]
    draws_first: int  # column 3: occupations drawn before the action
    plays_first: int  # column 4: occupations that may be played with the action
    failure: Delta  # dice spaces
    success: Delta
    if_owns: tuple[Delta, ...]  # the gain of each of data.if_owns

    @property
    def column(self) -> int:
        return self.data.column

    def chosen(self, choice: dict) -> tuple[tuple[Delta, ...], tuple[Delta, ...]]:
        """(every cost, every gain) of taking this space with `choice`: its own, the alternative
        cost paid and the options picked (the one reading of a choice, for apply and compile alike)."""
        pays, gains = [self.pay], [self.gain]
        if "pay" in choice:
            pays.append(self.pay_any_of[choice["pay"]])
        for i in choice.get("options", ()):
            pays.append(self.options[i].pay)
            gains.append(self.options[i].gain)
        return tuple(pays), tuple(gains)


@cache
def compiled(players: int = 1) -> tuple[Space, ...]:
    out = []
    for i, sp in enumerate(spaces()):
        bonus = sp.bonus
        roll = sp.roll
        out.append(Space(
            i, 1 << i, sp, delta(sp.pay, players), tuple(delta(b, players) for b in sp.pay_any_of), delta(sp.gain, players),
            tuple(CompiledOption(o, delta(o.pay, players), delta(o.gain, players)) for o in sp.options),
            bonus.draw_occupations if bonus else 0, bonus.play_occupations if bonus else 0,
            delta(roll.failure, players) if roll else Delta(), delta(roll.success, players) if roll else Delta(),
            tuple(delta(o.gain, players) for o in sp.if_owns),
        ))  # fmt: skip
    return tuple(out)


# --- tests on a state -------------------------------------------------------------------------


def can_pay(s: State, d: Delta) -> bool:
    if s.silver < d.silver or s.wood < d.wood or s.stone < d.stone or s.ore < d.ore:
        return False
    goods = s.goods
    return all(goods[g] >= n for g, n in d.goods)


def needs_met(s: State, needs: tuple[str, ...]) -> bool:
    for need in needs:
        if need in SHIP:
            if not ships_of(s, SHIP[need]):
                return False
        elif need == "large-ship":
            if not (ships_of(s, KNARR) or ships_of(s, LONGSHIP)):
                return False
        elif need == "any-ship":
            if not s.ships:
                return False
        elif need == "two-longships":
            if ships_of(s, LONGSHIP) < 2:
                return False
        elif need.endswith("-in-supply"):
            if not s.buildings_left[BUILDING[need.removesuffix("-in-supply")]]:
                return False
    return True


def ships_fit(s: State, d: Delta) -> bool:
    """Room in the bay for the ships a gain brings (at most one per space in the game's data)."""
    return all(berth_free(s, kind) for kind, _ in d.ships)


def whaling_boats(s: State) -> int:
    return ships_of(s, WHALING_BOAT)
