"""The engine's fast paths give what the plain ones give: each space's offers cached by the
fields it reads equal the offers worked out afresh, on every decision of seeded random games
(the caches warm up across the games, so later states are answered from them)."""

import pytest

from models.engine.choices import offers, space_actions
from models.engine.spaces import compiled
from models.engine.state import ACTIONS
from planner.affo_game import AffoGame
from planner.search.policy import play, random_policy


def fresh(s) -> list[tuple]:
    blocked = s.taken | s.placed
    return [a for sp in compiled() if not blocked & sp.bit and s.vikings_left >= sp.column for a in offers(s, sp)]


@pytest.mark.parametrize("seed", [21, 22, 23, 24])
def test_cached_offers_equal_fresh_ones(seed):
    t = play(AffoGame(), random_policy, seed=seed)
    states = [s for s in t.states if s.stage == ACTIONS]
    assert len(states) > 25
    for s in states:
        assert space_actions(s) == fresh(s)
