"""affo solo and affo selfplay: seeded whole games, recorded, scored by the independent scorer."""

from __future__ import annotations

import json

import pandas as pd
from typer.testing import CliRunner

from cli.app import app
from models.record import parse_record
from models.scoring import score
from models.snapshot import parse_snapshot

runner = CliRunner()


def test_solo_replays_the_example_game_and_scores_its_final_snapshot(tmp_path):
    out = runner.invoke(app, ["solo", "--seed", "3", "--record", str(tmp_path / "g.json"), "--json"])
    assert out.exit_code == 0, out.output
    played = json.loads(out.stdout)
    record = json.loads((tmp_path / "g.json").read_text())
    assert record == json.loads(open("examples/game-long.json").read())  # same seed, same game
    parse_record(record)  # every round legal, no tile lost
    assert played["seed"] == 3 and played["score"] == score(parse_snapshot(record["final"])).total


def test_solo_refuses_what_it_cannot_play():
    assert runner.invoke(app, ["solo", "--length", "medium"]).exit_code == 2
    assert runner.invoke(app, ["solo", "--nodes", "0"]).exit_code == 2
    assert runner.invoke(app, ["solo", "--search", "three-round"]).exit_code == 2
    assert runner.invoke(app, ["solo", "--player", "whole", "--search", "two-round"]).exit_code == 2


def test_selfplay_writes_records_and_a_parquet_summary(tmp_path):
    out = runner.invoke(app, ["selfplay", "--games", "2", "--first-seed", "5", "--nodes", "3", "--workers", "1", "--out", str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    frame = pd.read_parquet(tmp_path / "summary.parquet")
    assert list(frame["seed"]) == [5, 6]
    for seed, total in zip(frame["seed"], frame["score"]):
        record = parse_record(json.loads((tmp_path / f"seed-{seed}.json").read_text()))
        assert score(record.final).total == total
