"""The engine's fast paths give what the plain ones give, on every decision of seeded random
games: each space's offers cached by the fields it reads equal the offers worked out afresh
(the caches warm up across the games, so later states are answered from them), and actions
compiled to their net change (models/engine/plans.py) give the states the effect-by-effect path
gives."""

import pytest

from models.engine.choices import legal_actions, offers, space_actions
from models.engine.effects import apply_action as plain_apply, finish_space
from models.engine.plans import apply_action, finish
from models.engine.spaces import compiled
from models.engine.state import ACTIONS, OCCUPATION
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


@pytest.mark.parametrize("seed", [31, 32])
def test_compiled_actions_give_the_states_the_plain_path_gives(seed):
    """Every action of every decision and every occupation draw's finish, both ways."""
    t = play(AffoGame(), random_policy, seed=seed)
    checked = 0
    for s in t.states:
        if s.stage == ACTIONS:
            for a in legal_actions(s):
                if a[0] != "pass":
                    assert apply_action(s, a) == plain_apply(s, a), a
                    checked += 1
        elif s.stage == OCCUPATION and s.pending[1] >= 0:
            _, space, choice = s.pending
            assert finish(s, compiled()[space], choice) == finish_space(s, compiled()[space], choice)
    assert checked > 2000


def test_a_compiled_action_is_reused_only_for_the_strips_it_was_compiled_for():
    """The plan found by the action's identity takes items from the strips it was compiled for:
    the same action object applied where other strips lie must take from those."""
    t = play(AffoGame(), random_policy, seed=41)
    s = next(x for x in t.states if x.stage == ACTIONS and any(len(strip) > 1 for strip in x.mountains))
    takes = [a for a in legal_actions(s) if a[0] == "space" and dict(a[2]).get("mountain")]
    assert takes
    other = s._replace(mountains=tuple(sorted(tuple(reversed(strip)) for strip in s.mountains)))
    assert other.mountains != s.mountains
    for a in takes:
        assert apply_action(s, a) == plain_apply(s, a)  # compiled, then found by identity
        assert apply_action(s, a) == plain_apply(s, a)
        assert apply_action(other, a) == plain_apply(other, a), a
        equal_strips = s._replace(mountains=tuple(tuple(strip) for strip in list(s.mountains)))
        assert apply_action(equal_strips, a) == plain_apply(equal_strips, a)
