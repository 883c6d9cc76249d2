"""One file for everything (CONTRACT.md): a snapshot carrying a `round_context` is read by every
command; only `plan` uses the context, so every other command answers exactly as without it."""

import json

import pytest
from typer.testing import CliRunner

from cli.app import app

SNAPSHOT = {
    "format": "affo-snapshot/1",
    "game": {"length": "long", "players": 2, "round": 2},
    "player": {
        "silver": 2,
        "goods": {"mead": 1, "peas": 1, "oil": 1},
        "boards": [{"id": "home", "board": "home-long"}],
    },
}
CONTEXT = {"taken": ["build-shed"], "mountains": [["wood", "stone", "silver-2"]], "explorations_available": {"iceland": 2}}

COMMANDS = {
    "validate": ["--json"],
    "score": ["--json"],
    "show": ["--json"],
    "place": ["--json", "--time-limit", "10", "--workers", "1"],
    "feast": ["--json", "--workers", "1"],
}


def run(command: str, data: dict):
    return CliRunner().invoke(app, [command, "-", *COMMANDS[command]], input=json.dumps(data))


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_snapshot_with_a_round_context_is_accepted(command):
    plain = run(command, SNAPSHOT)
    with_context = run(command, {**SNAPSHOT, "round_context": CONTEXT})
    assert plain.exit_code == 0, plain.output
    assert with_context.exit_code == 0, with_context.output
    assert untimed(json.loads(with_context.stdout)) == untimed(json.loads(plain.stdout))


def untimed(obj):
    """The answer without the wall-clock figures (which differ from run to run)."""
    if isinstance(obj, dict):
        return {k: untimed(v) for k, v in obj.items() if "seconds" not in k}
    return [untimed(v) for v in obj] if isinstance(obj, list) else obj


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_bad_round_context_is_bad_input_with_its_path(command):
    result = run(command, {**SNAPSHOT, "round_context": {"mountains": [["gold"]]}})
    assert result.exit_code == 2
    assert "round_context.mountains" in result.output
