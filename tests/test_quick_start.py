"""`affo validate` and `affo score` in their plain forms start without typer (cli.start) and answer
exactly as the full command line does."""

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from cli.start import quick_form

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def test_only_the_plain_forms_are_quick():
    assert quick_form(["validate", "a.json"]) == ("validate", "a.json", False)
    assert quick_form(["score", "--json", "-"]) == ("score", "-", True)
    assert quick_form(["score", "a.json", "--json"]) == ("score", "a.json", True)
    for args in ([], ["validate"], ["validate", "--help"], ["validate", "a.json", "b.json"], ["score", "-x", "a.json"],
                 ["score", "--json", "--json", "a.json"], ["show", "a.json"], ["--help"], ["validate", "--", "a.json"]):
        assert quick_form(args) is None, args


def quick(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, capture_output=True, text=True, input=stdin,
                          env={"PATH": "", "NO_COLOR": "1", "COLUMNS": "80"}, check=False)


@pytest.mark.parametrize("args", [
    ("validate", "examples/round3-shetland.json"),
    ("validate", "examples/illegal-position.json"),
    ("validate", "--json", "examples/illegal-position.json"),
    ("score", "examples/illegal-position.json"),
    ("score", "examples/round3-shetland.json", "--json"),
    ("score", "examples/missing.json"),
])
def test_the_quick_path_answers_as_the_full_one(args):
    fast = quick(*args)
    full = CliRunner().invoke(app, list(args), env={"NO_COLOR": "1", "COLUMNS": "80"})
    assert fast.returncode == full.exit_code
    assert (fast.stdout, fast.stderr) == (full.stdout, full.stderr)
    assert "Traceback" not in fast.stderr


def test_the_quick_path_imports_no_command_line_framework():
    """Python's import log of one quick run names neither typer nor click (nor any solver library)."""
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "cli", "validate", "examples/round3-shetland.json"],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in run.stderr.splitlines() if "|" in line}
    assert run.returncode == 0 and {"pydantic", "models"} <= imported  # the log was read
    assert imported & {"typer", "click", "ortools", "networkx", "pandas", "numpy"} == set()
