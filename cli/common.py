"""What every affo command shares: reading a snapshot, exit codes, JSON output, errors."""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from models.snapshot import Problem, Snapshot, SnapshotError, read_snapshot

OK, NO_ANSWER, BAD_INPUT, BUG = 0, 1, 2, 3

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

SnapshotArg = Annotated[str, typer.Argument(help="Snapshot JSON file, or - to read standard input.", metavar="SNAPSHOT")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on standard output and nothing else.")]


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """One line on standard error, then exit: no traceback ever reaches the user."""
    err_console.print(f"[bold red]error:[/] {message}", soft_wrap=True, markup=True)
    raise typer.Exit(code)


def summary(problems: list[Problem]) -> str:
    first = str(problems[0])
    return first if len(problems) == 1 else f"{first} (and {len(problems) - 1} more; see affo validate)"


def load(path: str) -> Snapshot:
    """The snapshot at `path`, or exit 2 with the first problem and its JSON path."""
    try:
        return read_snapshot(path)
    except SnapshotError as err:
        fail(summary(err.problems))


def print_json(obj: object) -> None:
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


def problems_json(problems: list[Problem]) -> list[dict]:
    return [{"path": p.path, "message": p.message} for p in problems]
