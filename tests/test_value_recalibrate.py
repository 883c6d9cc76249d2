"""The shift by round (planner/value/recalibrate.py, ValueModel.round_shift): worked out by hand on
two games, carried by the model file, added to every forecast at its round and to no other, and
changing no choice of the round planner."""

from __future__ import annotations

import json
from dataclasses import replace

import pandas as pd
import pytest

from models.round_rules import initial_state, setting_for
from planner.round_search import Options, make_evaluator, plan
from planner.solo import new_game
from planner.value.model import from_json, load_model, to_json
from planner.value.recalibrate import cross_validated_error, seed_runs, shifts, unshifted


def _games() -> pd.DataFrame:
    # game 1 ends at 80, game 2 at 70; forecasts after rounds 1 and 2
    return pd.DataFrame({"seed": [1, 1, 2, 2], "round": [1, 2, 1, 2], "value used": [60.0, 75.0, 56.0, 72.0],
                         "final score": [80, 80, 70, 70]})  # fmt: skip


def test_the_summary_names_the_seeds_played_as_unbroken_runs():
    assert seed_runs([600, 601, 602, 700, 701, 705]) == [[600, 602], [700, 701], [705, 705]]
    assert seed_runs([]) == []
    assert load_model("v6").summary["recalibrated"]["seeds"] == [[600, 639], [700, 779]]


def test_the_shift_is_the_mean_miss_by_round():
    # round 1: misses 20 and 14, mean 17; round 2: misses 5 and -2, mean 1.5
    assert shifts(_games()) == {1: 17.0, 2: 1.5}


def test_the_cross_validated_shift_never_sees_the_game_it_forecasts():
    df = pd.concat([_games().assign(seed=_games()["seed"] + 10 * k) for k in range(3)], ignore_index=True)
    # 6 games in 5 folds: a held-out game of either kind leaves the other kind in the majority
    err = cross_validated_error(df)
    assert set(err) == {1, 2} and err[1] > 0 and err[2] > 0


def test_a_model_with_a_shift_adds_it_at_its_round_only():
    base = load_model("v4")
    shifted = from_json(json.loads(json.dumps(to_json(replace(base, round_shift=((1, 16.0), (2, 13.0)))))))
    x = [0.0] * len(base.names)
    at = base.names.index("round")
    for round_, added in ((1, 16.0), (2, 13.0), (3, 0.0)):
        x[at] = float(round_)
        assert shifted.predict(x) - base.predict(x) == pytest.approx(added)


def test_the_shipped_v6_is_v4_shifted_and_plans_as_v4_does():
    v4, v6 = load_model("v4"), load_model("v6")
    assert v6.coef == v4.coef and v6.trees == v4.trees and dict(v6.round_shift)[1] > 10
    snap, ctx, _ = new_game(4)
    s, setting = initial_state(snap, ctx), setting_for(snap, ctx)
    a, b = plan(s, setting, Options(nodes=15, value="v4")), plan(s, setting, Options(nodes=15, value="v6"))
    assert [x.action for x in a.steps] == [x.action for x in b.steps]
    assert b.value - a.value == pytest.approx(dict(v6.round_shift)[1])
    assert make_evaluator(setting, "v6")(s) - make_evaluator(setting, "v4")(s) == pytest.approx(dict(v6.round_shift)[1])


def test_games_played_with_a_shifted_base_are_read_as_the_base_forecast():
    # played with v6 (v4 + its shift): v6's shift comes off, so the new shift is v4's own miss
    v4, v6 = load_model("v4"), load_model("v6")
    played = _games().assign(value="v6")
    base_view = unshifted(played, v4, load_model)
    by_round = dict(v6.round_shift)
    assert list(base_view["value used"]) == pytest.approx([60.0 - by_round[1], 75.0 - by_round[2], 56.0 - by_round[1], 72.0 - by_round[2]])
    assert shifts(base_view) == pytest.approx({1: 17.0 + by_round[1], 2: 1.5 + by_round[2]}, abs=0.006)
    assert list(unshifted(_games().assign(value="v4"), v4, load_model)["value used"]) == [60.0, 75.0, 56.0, 72.0]


def test_games_played_with_other_fitted_parts_are_refused():
    with pytest.raises(SystemExit, match="not v4's"):
        unshifted(_games().assign(value="v3"), load_model("v4"), load_model)


def test_the_shipped_v7_is_v4_shifted_and_the_two_round_root_plans_as_with_v4():
    # v7's shift was fitted on the two-round root's games: its choices there must be v4's too
    from planner.next_round import plan_two_rounds

    v4, v7 = load_model("v4"), load_model("v7")
    assert v7.coef == v4.coef and v7.trees == v4.trees and v7.summary["recalibrated"]["played_with"] == ["v6"]
    snap, ctx, _ = new_game(4)
    s, setting = initial_state(snap, ctx), setting_for(snap, ctx)
    a, b = plan_two_rounds(s, setting, Options(nodes=8, value="v4")), plan_two_rounds(s, setting, Options(nodes=8, value="v7"))
    assert [x.action for x in a.steps] == [x.action for x in b.steps]
    assert [x.action for x in a.alternatives] == [x.action for x in b.alternatives]


@pytest.mark.parametrize(("version", "played_with"), [("v10", "v7"), ("v14", "v10"), ("v15", "v10"), ("v16", "v10"), ("v17", "v10")])
def test_a_shipped_shift_has_v4s_parts_and_plays_the_moves_of_the_model_its_games_were_played_with(version, played_with):
    # v10: the rules player's games; v14, v15: the same player's with tiles held until they earn, at 40 and 20 states;
    # v16: the same with 4x the states in the last round; v17: the same with round 4's choice rule (affo solo's player since)
    from planner.next_round import plan_two_rounds

    v4, shifted = load_model("v4"), load_model(version)
    assert shifted.coef == v4.coef and shifted.trees == v4.trees and shifted.summary["recalibrated"]["played_with"] == [played_with]
    snap, ctx, _ = new_game(4)
    s, setting = initial_state(snap, ctx), setting_for(snap, ctx)
    a, b = (plan_two_rounds(s, setting, Options(nodes=8, value=v, rules_of_thumb=True)) for v in (played_with, version))
    assert [x.action for x in a.steps] == [x.action for x in b.steps]
    assert [x.action for x in a.alternatives] == [x.action for x in b.alternatives]
    assert b.value - a.value == pytest.approx(dict(shifted.round_shift)[1] - dict(load_model(played_with).round_shift)[1])
