"""Bad input never reaches the user as a traceback: exit 2 and one line naming the JSON path."""

import json

import pytest
from typer.testing import CliRunner

from cli.app import app

GOOD = {
    "format": "affo-snapshot/1",
    "game": {"length": "long", "players": 2, "round": 1},
    "player": {"vikings": 6, "silver": 2, "goods": {"mead": 1}, "boards": [{"id": "home", "board": "home-long"}]},
}


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(app, list(args), input=stdin)


def bad(change) -> dict:
    data = json.loads(json.dumps(GOOD))
    change(data)
    return data


CASES = {
    "wrong type": (lambda d: d["player"].update(silver="six"), "player.silver"),
    "negative count": (lambda d: d["player"]["goods"].update(mead=-1), "player.goods.mead"),
    "unknown piece": (lambda d: d["player"]["boards"][0].update(placements=[{"piece": "gold", "row": 0, "col": 0}]), "player.boards[0].placements[0].piece"),
    "unknown board": (lambda d: d["player"]["boards"][0].update(board="atlantis"), "player.boards[0].board"),
    "unknown goods": (lambda d: d["player"]["goods"].update(gold=1), "player.goods.gold"),
    "unknown key": (lambda d: d["player"].update(gold=1), "player.gold"),
    "bad rotation": (lambda d: d["player"]["boards"][0].update(placements=[{"piece": "oil", "row": 0, "col": 0, "rotation": 45}]), "player.boards[0].placements[0].rotation"),
    "wrong format": (lambda d: d.update(format="affo-snapshot/9"), "format"),
    "short game round 7": (lambda d: d["game"].update(length="short", round=7), "game.round"),
    "long game round 8": (lambda d: d["game"].update(round=8), "game.round"),
}


@pytest.mark.parametrize("command", ["validate", "score", "show"])
@pytest.mark.parametrize("case", CASES)
def test_bad_snapshots_exit_2_with_the_path(tmp_path, command, case):
    change, path = CASES[case]
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(bad(change)))
    result = run(command, str(file))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert path in result.output
    if command != "validate":
        assert len(result.stderr.strip().splitlines()) == 1


def test_malformed_json_and_missing_file(tmp_path):
    file = tmp_path / "broken.json"
    file.write_text('{"format": "affo-snapshot/1", ')
    for args in (["score", str(file)], ["score", str(tmp_path / "missing.json")], ["validate", str(file)]):
        result = run(*args)
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["validate", "score", "show", "place", "feast"])
def test_a_game_record_is_named_and_review_suggested(command):
    """A whole game handed to a one-position command: one problem that says what the file is."""
    result = run(command, "examples/game-long.json")
    assert result.exit_code == 2, result.output
    assert "game record (affo-game/1)" in result.output and "affo review" in result.output
    assert "Input should be" not in result.output and "unknown key" not in result.output


def test_validate_json_lists_every_error():
    data = bad(lambda d: d["player"].update(silver=-1, goods={"mead": "x"}))
    result = run("validate", "-", "--json", stdin=json.dumps(data))
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["valid"] is False and {e["path"] for e in out["errors"]} == {"player.silver", "player.goods.mead"}


def test_a_legal_snapshot_from_stdin():
    result = run("validate", "-", "--json", stdin=json.dumps(GOOD))
    assert result.exit_code == 0 and json.loads(result.stdout) == {"valid": True, "errors": []}
    scored = json.loads(run("score", "-", "--json", stdin=json.dumps(GOOD)).stdout)
    assert scored["total"] == -86 + 2 and scored["income"] == 0 and scored["bonuses"] == []


def test_schema_is_json_schema():
    schema = json.loads(run("schema").stdout)
    assert schema["title"].startswith("affo snapshot") and "player" in schema["properties"]
