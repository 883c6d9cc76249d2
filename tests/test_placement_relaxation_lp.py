"""The bonus walk's LP written as rows directly (planner/placement/relaxation_lp.py) is the very LP read back from
cover_model.relaxation's CP-SAT model before: the same rows in the same order, the same columns, objective and cap,
so GLOP answers the same and every refutation stays as it was."""

from __future__ import annotations

import pytest

from benchmarks.placement_random import random_case
from models.values import default_values
from planner.lp_bound import LpProblem
from planner.placement import Settings
from planner.placement.bonus_bound import BonusBound
from planner.placement.candidates import all_candidates, board_states
from planner.placement.cover_model import TileIndex, cells_of, relaxation
from planner.placement.relaxation_lp import relaxation_lp
from planner.placement.request import is_final_placement, placeable_supply
from planner.placement.rewards import value_scale


def read_back(states, supply, cands, need, free, index) -> LpProblem | None:
    """The LP as bonus_lp built it before: CP-SAT's model, its objective, the proto read back."""
    built = relaxation(states, supply, cands, need, free, exact=False, index=index)
    if built is None:
        return None
    model, x = built
    model.maximize(sum(len(index.keys[i] & need) * var for i, var in x.items()))
    return LpProblem.of(model)


@pytest.mark.parametrize("shape, seed, income, per_value", [("round4", 4, 14, 30), ("five", 0, 19, 12), ("late", 16, 20, 6)])
def test_rows_written_directly_are_the_models_rows(shape, seed, income, per_value):
    snapshot = random_case(shape, seed)
    states = board_states(snapshot)
    supply = placeable_supply(snapshot, Settings().keep, is_final_placement(snapshot, None))
    cands = all_candidates(states, supply)
    values = default_values()
    bound, index = BonusBound(states, supply, cands, values, value_scale(values)), TileIndex(cands)
    top, compared = bound.at(income), 0
    assert top is not None
    for value in range(top, top - 3, -1):
        for choice in bound.choices_at(income, value).choices[:per_value]:
            need, free = cells_of(choice)
            before, now = read_back(states, supply, cands, need, free, index), relaxation_lp(states, supply, cands, need, free, index)
            assert (before is None) == (now is None)
            if now is not None:
                problem, columns = now
                assert problem == before and columns == len(problem.domains)
                compared += 1
    assert compared >= 10
