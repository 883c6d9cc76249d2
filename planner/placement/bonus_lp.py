"""The bonus bound lowered further by refuting its choices one at a time with a certified LP.

The counting bound (bonus_bound.py) asks of a choice of options (exact depths and bonuses paid,
one per board) only that its needed cells fit the supply's area. At the income objective's fixed
income the late and five boards take nearly all of that area (late-16: 126 of the 127 cells the
home and exploration boards' tiles hold, at every value from the bound 23 down to the optimum
19), so the tiles would have to lay those exact cells with one spare, which their shapes do not
allow: no cheap count sees it (a flow of cells to the tile kinds that reach them, tiles that fit
nowhere, single boards alone: each let every choice through), CP-SAT's per-choice model takes
0.4-1 units a choice, but the LP of that model refutes them (benchmarks/RESULTS-placement.md, place38).

Why it is a proof. cover_model.relaxation holds for every legal layout making a choice (each
constraint is argued there); with each needed cell covered at most once and the count of needed
cells covered maximised, such a layout is a solution worth every needed cell. lp_bound certifies
the LP's optimum in exact arithmetic from GLOP's duals, trusting no float: below the count of
needed cells, no layout makes the choice. Options of one pool of boards (bonus_bound.Pools) are
refuted alone first, cached: their model is the same relaxation with fewer cells needed, and one
refutation then clears every choice holding them. When every choice the knapsack lists at a value
is refuted (the listing complete: choices_at lists every choice worth that much or more) no
legal layout pays that value or more, and the bound drops by one, as BonusBound.lowered does.
"""

from __future__ import annotations

from collections import Counter

from planner.lp_bound import lp_bound
from planner.placement.bonus_bound import BonusBound, BoardOption
from planner.placement.candidates import BoardState, Candidate
from planner.placement.clock import out_of_time
from planner.placement.cover_model import Key, TileIndex, cells_of, relaxation

# LPs solved at most per call (deterministic: a count, not a clock). Each is 0.1-0.2 s of CPU on the
# late and five cases (the model's build included), 0.02-0.03 s on round 4's; income_levels.py asks only
# where the hint is within LP_SETTLE_GAP of the counting bound.
MAX_LPS = 24
MAX_CHOICES = 40  # more choices listed at a value than this: stop there (each may need its own LP)


def refuted(states: list[BoardState], supply: Counter, candidates: list[Candidate], need: set[Key], keep_free: set[Key], index: TileIndex | None = None) -> bool:
    """True when the certified LP proves no layout covers `need` keeping `keep_free` free (module docstring)."""
    if not need:
        return False
    index = index or TileIndex(candidates)
    built = relaxation(states, supply, candidates, need, keep_free, exact=False, index=index)
    if built is None:
        return True  # a needed cell no tile allowed there reaches
    model, x = built
    model.maximize(sum(len(index.keys[i] & need) * var for i, var in x.items()))  # every tile in x covers a needed cell
    lp = lp_bound(model)
    return lp is not None and lp.best < len(need)


class ChoiceRefuter:
    """The LP checks of one model's choices, each part (a pool's options) and whole choice solved once."""

    def __init__(self, bound: BonusBound, states: list[BoardState], supply: Counter, candidates: list[Candidate]):
        self.bound, self.states, self.supply, self.candidates = bound, states, supply, candidates
        self.known: dict[tuple, bool] = {}
        self.lps = 0
        self.index = TileIndex(candidates)

    def check(self, options: tuple[BoardOption, ...]) -> bool | None:
        """True: refuted; False: the LP allows it; None: out of LPs."""
        need, free = cells_of(options)
        key = (frozenset(need), frozenset(free))
        if key not in self.known:
            if self.lps >= MAX_LPS:
                return None
            self.lps += 1
            self.known[key] = refuted(self.states, self.supply, self.candidates, need, free, self.index)
        return self.known[key]

    def choice_refuted(self, choice: tuple[BoardOption, ...]) -> bool | None:
        """Each pool's part first (shared by many choices), then the whole choice."""
        pools = sorted({o.pool for o in choice})
        for p in pools if len(pools) > 1 else []:
            part = self.check(tuple(o for o in choice if o.pool == p))
            if part is None or part:
                return part
        return self.check(choice)


def lp_lowered(bound: BonusBound, states: list[BoardState], supply: Counter, candidates: list[Candidate], income: int, value: int, floor: int) -> int:
    """The bonus bound at `income`, from `value` (BonusBound.at's) down to `floor` (a value a layout in hand
    pays) at most: lowered while every choice listed at it is refuted; where a check is not made (the listing
    incomplete or too long, the LPs spent, the user's time limit passed: clock.py) the bound stands there."""
    refuter = ChoiceRefuter(bound, states, supply, candidates)
    while value > floor:
        listed = bound.choices_at(income, value)
        if not listed.complete or len(listed.choices) > MAX_CHOICES:
            return value
        for choice in listed.choices:
            if out_of_time() or not refuter.choice_refuted(choice):  # allowed, or not checked: the bound stands
                return value
        value -= 1
    return value
