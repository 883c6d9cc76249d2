"""The training games' policy: `--search two-round` plays as `affo solo` does."""

import random

from models.occupation_deck import Deck
from models.round_rules import initial_state, setting_for
from planner.solo import new_game, search_policy, take
from planner.value.collect import Job, Played, frame, planner_policy


def _opening(seed: int):
    snap, ctx, _ = new_game(seed)
    setting = setting_for(snap, ctx)
    return initial_state(snap, ctx), setting


def test_the_two_round_training_policy_without_exploring_chooses_as_affo_solo_does():
    s, setting = _opening(3)
    trained, solo = planner_policy(4, "v6", 0.0, 3, "two-round"), search_policy(4, "v6", "two-round")
    rng, deck = random.Random(0), Deck(3)
    for _ in range(3):  # the first actions of round 1, each replanned
        a = trained(s, setting)
        assert a == solo(s, setting)
        s = take(s, a, setting, rng, deck)


def test_the_positions_name_the_search_that_played_them():
    played = Played(Job(800, 20, "v6", 0.15, search="two-round"), 90, {}, [[1, *([0.0] * _feature_count()), 12.0]])
    df = frame([played])
    assert list(df["search"]) == ["two-round"] and list(df["seed"]) == [800] and list(df["final score"]) == [90]


def _feature_count() -> int:
    from planner.value.features import NAMES

    return len(NAMES)
