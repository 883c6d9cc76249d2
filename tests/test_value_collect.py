"""The training games' policy: affo solo's (planner.solo.search_policy), exploring when asked."""

import random

from models.occupation_deck import Deck
from models.round_rules import initial_state, setting_for
from planner.solo import new_game, search_policy, take
from planner.next_round import plan_two_rounds
from planner.round_search import Options
from planner.value.collect import Job, Played, frame


def _opening(seed: int):
    snap, ctx, _ = new_game(seed)
    setting = setting_for(snap, ctx)
    return initial_state(snap, ctx), setting


def test_the_training_policy_without_exploring_plays_the_two_round_plans_first_choice():
    s, setting = _opening(3)
    policy = search_policy(4, "v6", "two-round", explore=0.0, seed=3)
    rng, deck = random.Random(0), Deck(3)
    for _ in range(3):  # the first actions of round 1, each replanned
        a = policy(s, setting)
        assert a == plan_two_rounds(s, setting, Options(nodes=4, value="v6")).steps[0].action
        s = take(s, a, setting, rng, deck)


def test_exploring_draws_among_the_plans_choices_by_its_seed():
    s, setting = _opening(3)
    p = plan_two_rounds(s, setting, Options(nodes=4, value="v6"))
    picks = [p.steps[0].action] + [a.action for a in p.alternatives]
    drawn = {seed: search_policy(4, "v6", "two-round", explore=1.0, seed=seed)(s, setting) for seed in range(8)}
    assert set(drawn.values()) <= set(picks) and len(set(drawn.values())) > 1
    assert drawn[5] == search_policy(4, "v6", "two-round", explore=1.0, seed=5)(s, setting)


def test_the_positions_name_the_search_that_played_them():
    played = Played(Job(800, 20, "v6", 0.15, search="two-round"), 90, {}, [[1, *([0.0] * _feature_count()), 12.0]])
    df = frame([played])
    assert list(df["search"]) == ["two-round"] and list(df["seed"]) == [800] and list(df["final score"]) == [90]


def _feature_count() -> int:
    from planner.value.features import NAMES

    return len(NAMES)
