"""What every affo command shares: reading a snapshot, exit codes, JSON output, errors."""

from __future__ import annotations

import json
import sys
from typing import NoReturn

from rich.console import Console
from rich.markup import escape

from models.round_context import read_with_context
from models.snapshot import Problem, Snapshot, SnapshotError

OK, NO_ANSWER, BAD_INPUT, BUG = 0, 1, 2, 3

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

REFERENCE_HINT = "piece names and shapes: affo pieces; action spaces: affo spaces"


def plain(text: object) -> str:
    """User-supplied text made safe to print with rich: markup such as `[/]` shows as written."""
    return escape(str(text))


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """One line on standard error, then exit: no traceback ever reaches the user."""
    line = " ".join(str(message).split())  # a message holding a newline still fills one line
    err_console.print(f"[bold red]error:[/] {plain(line)}", soft_wrap=True, markup=True)
    raise SystemExit(code)  # not typer.Exit: cli.start runs validate and score without typer


def warn(message: str) -> None:
    err_console.print(f"[bold yellow]warning:[/] {plain(message)}", soft_wrap=True, markup=True)


def tolerant_streams() -> None:
    """Text that cannot be encoded (a lone surrogate in a board id) prints as an escape, never a crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # a stream that cannot change now keeps its setting
                pass


def summary(problems: list[Problem]) -> str:
    first = str(problems[0])
    return first if len(problems) == 1 else f"{first} (and {len(problems) - 1} more; see affo validate)"


def load(path: str) -> Snapshot:
    """The snapshot at `path` (a `round_context` in the file is checked, then left to `plan`), or
    exit 2 with the first problem and its JSON path."""
    try:
        return read_with_context(path)[0]
    except SnapshotError as err:
        fail(summary(err.problems))


def print_json(obj: object) -> None:
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


def problems_json(problems: list[Problem]) -> list[dict]:
    return [{"path": p.path, "message": p.message} for p in problems]
