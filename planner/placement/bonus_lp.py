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

Finding the layout (lp_walk). The LPs leave few choices standing at the value where they stop (five-0:
one of 55 at 10), and CP-SAT's model of one choice (cover_model.cover_of, exact: each needed cell
covered once, the laying-order clauses in) lays it or refutes it in 1-3 units, where the whole model's
bonus level found 7 in 10 units. A layout found there pays the value every choice above was refuted
at: the level is proven, and every layout at that value makes one of the choices still standing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from planner.placement.bonus_bound import BonusBound, BoardOption
from planner.placement.candidates import BoardState, Candidate
from planner.placement.clock import out_of_time
from planner.placement.cover_model import Key, TileIndex, cells_of, cover_of
from planner.placement.relaxation_lp import relaxation_lp

# LPs solved at most per call (deterministic: a count, not a clock). Each is 0.1-0.2 s of CPU on the
# late and five cases (the LP's build included, through CP-SAT's model: a third to half of that since relaxation_lp.py),
# 0.02-0.03 s on round 4's; five-0 needs 55 to reach its optimum 10.
MAX_LPS = 60
# Past MAX_LPS the LPs go on while the relaxations' columns (their tiles) so far stay under this: an LP's CPU goes with
# its columns (0.06-0.08 s per 1,000 on late, five and round 4 alike, built as before), and round 4's LPs are a third of late's (546
# columns on average against 1,784), so its walks run out of LPs where late's have spent three times the CPU:
# round4-4's walk reaches its hint's 2 at the 66th LP (36,059 columns; the bonus level took 5.0 units to prove it
# otherwise). Every late and five walk of seeds 0-31 that reached 60 LPs had spent 40,525 columns or more by then
# (late-29 the least), so theirs are as before (place40 in benchmarks/RESULTS-placement.md).
MAX_COLUMNS = 38_000
MAX_CHOICES = 400  # more choices listed at a value than this: stop there (MAX_LPS and MAX_COLUMNS bound the LPs; five-0 lists 55 at 10)
# CP-SAT's work on one choice the LP leaves standing, at most (lp_walk): five-0's cover at its LP bound took 1.41 units,
# five-7's and five-4's refutations 2.29 and 1.36 (place39 in benchmarks/RESULTS-placement.md).
CHOICE_WORK = 2.5


def refuted(states: list[BoardState], supply: Counter, candidates: list[Candidate], need: set[Key], keep_free: set[Key], index: TileIndex | None = None) -> bool:
    """True when the certified LP proves no layout covers `need` keeping `keep_free` free (module docstring)."""
    return lp_refutes(states, supply, candidates, need, keep_free, index)[0]


def lp_refutes(states: list[BoardState], supply: Counter, candidates: list[Candidate], need: set[Key], keep_free: set[Key], index: TileIndex | None = None) -> tuple[bool, int]:
    """`refuted`'s answer and the LP's columns (its tiles; 0 where no LP was solved)."""
    if not need:
        return False, 0
    built = relaxation_lp(states, supply, candidates, need, keep_free, index or TileIndex(candidates))  # cover_model.relaxation's LP
    if built is None:
        return True, 0  # a needed cell no tile allowed there reaches
    problem, columns = built
    lp = problem.bound()
    return lp is not None and lp.best < len(need), columns


class ChoiceRefuter:
    """The LP checks of one model's choices, each part (a pool's options) and whole choice solved once."""

    def __init__(self, bound: BonusBound, states: list[BoardState], supply: Counter, candidates: list[Candidate]):
        self.bound, self.states, self.supply, self.candidates = bound, states, supply, candidates
        self.known: dict[tuple, bool] = {}
        self.lps, self.columns = 0, 0
        self.index = TileIndex(candidates)

    def check(self, options: tuple[BoardOption, ...]) -> bool | None:
        """True: refuted; False: the LP allows it; None: out of LPs."""
        need, free = cells_of(options)
        key = (frozenset(need), frozenset(free))
        if key not in self.known:
            if self.lps >= MAX_LPS and self.columns >= MAX_COLUMNS:
                return None
            self.lps += 1
            self.known[key], columns = lp_refutes(self.states, self.supply, self.candidates, need, free, self.index)
            self.columns += columns
        return self.known[key]

    def standing_at(self, income: int, value: int, searched: bool) -> list[tuple[BoardOption, ...]] | None:
        """The choices listed at `value` the LPs leave standing; None where the walk stops at `value`: the listing
        incomplete or too long, a check not made (the LPs spent, the user's time limit passed: clock.py), or a
        choice standing where none is `searched` (the bound stands there)."""
        listed = self.bound.choices_at(income, value)
        if not listed.complete or len(listed.choices) > MAX_CHOICES:
            return None
        standing = []
        for choice in listed.choices:
            refuted_now = None if out_of_time() else self.choice_refuted(choice)
            if refuted_now is None or (not refuted_now and not searched):
                return None
            standing += [] if refuted_now else [choice]
        return standing

    def choice_refuted(self, choice: tuple[BoardOption, ...]) -> bool | None:
        """Each pool's part first (shared by many choices), then the whole choice."""
        pools = sorted({o.pool for o in choice})
        for p in pools if len(pools) > 1 else []:
            part = self.check(tuple(o for o in choice if o.pool == p))
            if part is None or part:
                return part
        return self.check(choice)


@dataclass
class Walked:
    bound: int  # no legal layout at the income pays more bonus value
    chosen: list[int] | None  # candidate indices of a layout paying `bound`, with a laying order (`accept`'s), or None
    work: float  # CP-SAT's, on the choices the LP left standing
    standing: list[tuple[BoardOption, ...]] = field(default_factory=list)  # with `chosen`: every choice at `bound` not refuted


def lp_walk(
    bound: BonusBound, states: list[BoardState], supply: Counter, candidates: list[Candidate], income: int, value: int, floor: int,
    accept: Callable[[list[int], int], bool] | None = None, budget: float = 0.0,
) -> Walked:  # fmt: skip
    """The bonus bound at `income`, from `value` (BonusBound.at's) down to `floor` (a value a layout in hand pays) at
    most: lowered while every choice listed at it is refuted; where a check is not made (the listing incomplete or
    too long, the LPs spent, the user's time limit passed: clock.py) the bound stands there. Without `accept`, the
    LPs alone; with it, at each value the few choices the LP leaves standing are given to CP-SAT's model of the
    choice (cover_model.cover_of, within `budget` units in all, CHOICE_WORK each): INFEASIBLE refutes one (the
    model is a relaxation too), and a cover `accept(chosen, value)` takes (pays `value` with a laying order) ends the walk with a
    layout at the bound: the level is proven. Any other outcome leaves the bound where the walk is. Not at the value
    the walk starts from: where the LP refutes nothing of the counting bound, CP-SAT's whole level has its own bound
    and the walk's work only cost it (five-30: proven at 9.71 of 10 units without, FEASIBLE after 2.5 units here)."""
    refuter, spent, top = ChoiceRefuter(bound, states, supply, candidates), 0.0, value
    while value > floor:
        standing = refuter.standing_at(income, value, searched=accept is not None and value < top)
        if standing is None:
            return Walked(value, None, spent)
        for k, choice in enumerate(standing):
            left = budget - spent
            if left <= 0 or out_of_time():
                return Walked(value, None, spent)
            status, chosen, work = cover_of(states, supply, candidates, *cells_of(choice), min(CHOICE_WORK, left))
            spent += work
            if chosen is not None and accept(chosen, value):
                return Walked(value, chosen, spent, standing[k:])  # those before it refuted
            if status != "INFEASIBLE":
                return Walked(value, None, spent)
        value -= 1
    return Walked(value, None, spent)
