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


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_every_score_written_without_rich_is_what_rich_writes(example):
    """Off a terminal the quick score writes its table itself (cli.plain_text); the full command
    line, with rich already loaded, prints through rich: the two agree to the byte."""
    test_the_quick_path_answers_as_the_full_one(("score", f"examples/{example}"))


def test_the_quick_path_imports_no_command_line_framework():
    """Python's import log of one quick run names neither typer nor click (nor any solver library, nor
    asyncio, which typing_extensions before 4.16 pulled in for pydantic_core)."""
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "cli", "validate", "examples/round3-shetland.json"],
                         cwd=ROOT, capture_output=True, text=True, check=False)
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in run.stderr.splitlines() if "|" in line}
    assert run.returncode == 0 and {"pydantic", "models"} <= imported  # the log was read
    assert imported & {"typer", "click", "ortools", "networkx", "pandas", "numpy", "asyncio"} == set()


def imported_by(*args: str, env: dict | None = None) -> tuple[subprocess.CompletedProcess, set[str]]:
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "cli", *args], cwd=ROOT, capture_output=True,
                         text=True, check=False, env=env)
    return run, {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line}


def test_a_legal_verdict_off_a_terminal_is_written_without_rich():
    """Not a terminal and nothing forcing colour: rich would add no escape codes, so it is not imported
    (for a legal verdict, a JSON answer, or a legal position's score table)."""
    for args, out in ((("validate", "examples/round3-shetland.json"), "✓ legal position\n"),
                      (("validate", "--json", "examples/round3-shetland.json"), None),
                      (("score", "examples/round3-shetland.json"), None)):
        run, imported = imported_by(*args, env={"PATH": ""})
        assert run.returncode == 0 and "models.snapshot" in imported
        assert out is None or run.stdout == out
        if args[0] == "validate":  # the example's hand names two cards by placeholders no card has: a note each
            assert run.stderr.count("is no occupation card's name") == 2
        assert not any(name.startswith("rich") for name in imported), args
        assert "models.round_context" not in imported  # a file without a context never builds its model


def test_a_forced_terminal_still_gets_rich_colour():
    run = quick("validate", "examples/plan-round3.json")  # NO_COLOR alone changes nothing here
    assert run.stdout == "✓ legal position\n"
    forced = subprocess.run([sys.executable, "-m", "cli", "validate", "examples/plan-round3.json"], cwd=ROOT,
                            capture_output=True, text=True, env={"PATH": "", "FORCE_COLOR": "1"}, check=False)
    assert forced.returncode == 0 and forced.stdout == "\x1b[32m✓ legal position\x1b[0m\n"


def test_the_commands_help_loads_no_solver():
    """`affo --help` builds every command's options but solves nothing: OR-Tools (which brings pandas,
    about 0.9 s) is imported only by the commands that solve, when they do."""
    run, imported = imported_by("--help")
    assert run.returncode == 0 and "models.snapshot" in imported and {"feast", "place", "plan"} <= set(run.stdout.split())
    assert not any(name.split(".")[0] in {"ortools", "pandas"} for name in imported)
