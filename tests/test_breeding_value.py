"""Animals kept are banked at what the stable scores at the end, breeding as the rulebook says."""

from __future__ import annotations

import pytest

from models.round_end import breed, stable_points_after
from models.round_rules import initial_state, replace, setting_for
from planner.solo import new_game
from planner.value.features import features
from planner.value.model import LearnedEvaluator, load_model


def test_the_rulebook_examples_of_breeding():
    # three sheep, one pregnant: a newborn, then four plain sheep
    assert breed((("pregnant-sheep", 1), ("sheep", 2))) == (("sheep", 4),)
    # four plain sheep: only one turns pregnant
    assert breed((("sheep", 4),)) == (("pregnant-sheep", 1), ("sheep", 3))
    # a lone pregnant sheep still gets its newborn
    assert breed((("pregnant-sheep", 1),)) == (("sheep", 2),)


def test_the_stable_scores_what_the_breeding_phases_left_make_of_it():
    assert stable_points_after(2, 0, 0, 0, 0) == 4  # no breeding left: 2 a sheep
    assert stable_points_after(2, 0, 0, 0, 1) == 2 + 3  # one turns pregnant (3 points)
    assert stable_points_after(2, 0, 0, 0, 2) == 3 * 2  # a lamb
    # bought before round 1's breeding of a long game (7 breedings): 4 sheep and a pregnant one
    assert stable_points_after(2, 0, 0, 0, 7) == 4 * 2 + 3
    assert stable_points_after(0, 0, 2, 0, 7) == 4 * 3 + 4
    assert stable_points_after(1, 0, 1, 0, 7) == 2 + 3  # one of a kind never breeds


@pytest.mark.parametrize("version", ["v4"])
def test_the_learned_value_banks_a_kept_herd_at_its_end_of_game_points(version):
    snap, ctx, _ = new_game(4)
    setting = setting_for(snap, ctx)
    s = initial_state(snap, ctx)
    ev = LearnedEvaluator(setting, load_model(version))
    herd = replace(s, goods=tuple(sorted(dict(s.goods, sheep=2).items())))
    # the model's offset banks 2 a sheep; kept through round 1's to round 7's breeding they score 11
    assert ev(herd) - ev.model.predict(features(herd, setting, ev)) == pytest.approx(11 - 4)
    assert ev(s) == pytest.approx(ev.model.predict(features(s, setting, ev)))  # no animals, nothing added
