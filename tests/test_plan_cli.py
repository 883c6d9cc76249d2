"""affo plan in the terminal: every action keeps its [id], the name round_context.taken uses."""

import re
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app
from models.actions import load_action_spaces

EXAMPLE = str(Path(__file__).resolve().parent.parent / "examples" / "plan-round3.json")


def test_actions_print_with_their_ids():
    result = CliRunner().invoke(app, ["plan", EXAMPLE, "--nodes", "50"], env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    next_line = next(line for line in result.stdout.splitlines() if line.startswith("Next: "))
    ids = re.findall(r"\[([a-z0-9-]+)\]", next_line)
    assert len(ids) == 1 and ids[0] in load_action_spaces()
    table = [line for line in result.stdout.splitlines() if line and line[0] in "┏┃┡│└"]
    assert table and not any("…" in line for line in table)  # the table folds a long id over lines, never cuts it
    actions = "".join(line.split("│")[2].strip() for line in table if line.startswith("│"))  # #, action, ...
    assert f"[{ids[0]}]" in actions
