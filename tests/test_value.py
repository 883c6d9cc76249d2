"""The learned value: features of a position, a model file read without scikit-learn that
predicts exactly what scikit-learn predicts, and the round planner playing with it."""

from __future__ import annotations

import json
import numpy as np
import pytest

from models.round_rules import initial_state, setting_for
from planner.round_search import Options, make_evaluator, plan, replay
from planner.solo import new_game
from planner.value.features import NAMES, features
from planner.value.model import LearnedEvaluator, from_json, load_model, model_path, to_json
from planner.value.train import export, fit, predict

SHIPPED = "v1"


def _start():
    snap, ctx, _ = new_game(4)
    return initial_state(snap, ctx), setting_for(snap, ctx)


def test_features_are_named_numbers_of_the_position():
    s, setting = _start()
    x = features(s, setting)
    assert len(x) == len(NAMES) and len(set(NAMES)) == len(NAMES)
    named = dict(zip(NAMES, x))
    assert named["round"] == 1 and named["rounds left"] == 6 and named["income phases left"] == 6
    # the empty long home board's 86 -1 cells: six rounds of tiles (8 cells each) can fill 48
    assert named["fillable negatives"] == 48 and named["unfillable negatives"] == 38
    assert named["score now"] == -86  # nothing covered, one mead, no silver
    assert named["open positions"] == 6 and named["later positions"] == sum(range(7, 13))


def test_the_exported_model_predicts_what_scikit_learn_predicts():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(300, len(NAMES))) * 10
    y = x[:, 0] * 2 - x[:, 3] + np.where(x[:, 5] > 0, 7.0, -3.0) + rng.normal(size=300)
    parts = fit(x, y, trees=20)
    model = from_json(json.loads(json.dumps(to_json(export(parts, NAMES, "test", {})))))
    ours = [model.predict(list(row)) for row in x[:50]]
    assert ours == pytest.approx(list(predict(parts, x[:50])), abs=1e-6)
    assert len(model.trees) == 20


def test_banked_points_count_in_full_beyond_the_training_range():
    # y = 3 * feature 3 (score now) + 5: with the offset the fitted parts learn only the 5
    from planner.value.train import offset_weights

    rng = np.random.default_rng(1)
    x = rng.uniform(-20, 20, size=(200, len(NAMES)))
    score_now = NAMES.index("score now")
    y = x[:, score_now] + 5.0
    offset = offset_weights(NAMES)
    model = from_json(json.loads(json.dumps(to_json(export(fit(x, y, trees=10, offset=offset), NAMES, "t", {}, x)))))
    assert [model.predict(list(r)) for r in x[:20]] == pytest.approx(list(predict(fit(x, y, 10, offset), x[:20])), abs=1e-6)
    row = list(x[0])
    row[score_now] = 100.0  # far above the training range (at most 20)
    higher = row.copy()
    higher[score_now] = 121.0
    assert model.predict(higher) - model.predict(row) == pytest.approx(21.0)  # an emigration's points, all of them
    plain = export(fit(x, y, trees=10), NAMES, "t", {}, x)
    assert plain.predict(higher) == pytest.approx(plain.predict(row))  # clipped: flat beyond the range


def test_the_shipped_model_file_names_its_features_and_training_data():
    data = json.loads(model_path(SHIPPED).read_text())
    assert data["features"] == [n for n in NAMES if n in data["features"]]  # features are only ever added
    summary = data["summary"]
    assert summary["games"] >= 40 and summary["positions"] == 7 * summary["games"]
    assert summary["command"].startswith("python -m planner.value.train")
    assert model_path(SHIPPED).stat().st_size < 400_000


def test_the_learned_forecast_of_the_opening_lies_among_the_scores_it_was_trained_on():
    # passing at once in round 1 wastes six Vikings: worse than the planner's typical game,
    # while the hand-made projection promises more than any game made
    s, setting = _start()
    ev = make_evaluator(setting, SHIPPED)
    assert isinstance(ev, LearnedEvaluator)
    scores = load_model(SHIPPED).summary["final_score"]
    assert scores["min"] - 10 <= ev(s) <= scores["mean"]


def test_the_round_planner_plays_with_the_learned_value_and_its_line_replays():
    s, setting = _start()
    p = plan(s, setting, Options(nodes=15, value=SHIPPED))
    assert p.steps and p.expanded <= 15
    replay(s, setting, p.steps)  # raises on an illegal step
    assert p.value == pytest.approx(max(p.value_now, p.steps[0].value))
    again = plan(s, setting, Options(nodes=15, value=SHIPPED))
    assert [x.action for x in again.steps] == [x.action for x in p.steps]  # same budget, same plan


def test_a_model_fitted_on_features_no_longer_computed_is_refused(tmp_path, monkeypatch):
    model = load_model(SHIPPED)
    data = to_json(model)
    data["features"] = data["features"][:-1] + ["a feature nobody computes"]
    monkeypatch.setattr("planner.value.model.HERE", tmp_path)
    (tmp_path / "model-old.json").write_text(json.dumps(data))
    with pytest.raises(ValueError, match="no longer computes"):
        load_model("old")


def test_a_model_fitted_on_fewer_features_reads_the_ones_it_names():
    # v1 predates the income-step and hand features: it is fed its own columns, in its order
    model = load_model(SHIPPED)
    assert len(model.names) < len(NAMES)
    s, setting = _start()
    x = dict(zip(NAMES, features(s, setting)))
    ev = make_evaluator(setting, SHIPPED)
    assert ev(s) == pytest.approx(model.predict([x[n] for n in model.names]) + ev.breeding_to_come(s))


def test_affo_plan_shows_the_learned_forecast_and_says_it_is_an_estimate():
    from typer.testing import CliRunner

    from cli.app import app
    from planner.value import CURRENT

    runner = CliRunner()
    out = runner.invoke(app, ["plan", "examples/plan-round3.json", "--nodes", "10", "--json"])
    assert out.exit_code == 0, out.output
    answer = json.loads(out.stdout)
    assert f"learned value {CURRENT}" in answer["value_is"] and "estimate" in answer["value_is"]
    projected = json.loads(runner.invoke(app, ["plan", "examples/plan-round3.json", "--nodes", "10", "--json", "--value", "projection"]).stdout)
    assert "not calibrated" in projected["value_is"] and projected["expected_value"] != answer["expected_value"]
    refused = runner.invoke(app, ["plan", "examples/plan-round3.json", "--value", "v0"])
    assert refused.exit_code == 2 and "model version" in refused.output
