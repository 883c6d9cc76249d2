"""What every affo command shares: reading a snapshot, exit codes, JSON output, errors."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, NoReturn

from models.snapshot_file import read_checked_snapshot
from models.snapshot import Problem, Snapshot, SnapshotError

if TYPE_CHECKING:
    from rich.console import Console

    console: Console  # made on first use (see __getattr__)
    err_console: Console

OK, NO_ANSWER, BAD_INPUT, BUG = 0, 1, 2, 3

REFERENCE_HINT = "piece names and shapes: affo pieces; action spaces: affo spaces"


def __getattr__(name: str) -> object:
    """`console` and `err_console`, made on first use: importing rich costs about a tenth of
    `affo validate`'s start, and a legal position or a --json answer never needs it."""
    if name not in ("console", "err_console"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rich.console import Console

    globals().update(console=Console(highlight=False), err_console=Console(stderr=True, highlight=False))
    return globals()[name]


def _err_console() -> Console:
    return sys.modules[__name__].err_console


def plain(text: object) -> str:
    """User-supplied text made safe to print with rich: markup such as `[/]` shows as written."""
    from rich.markup import escape

    return escape(str(text))


def say(text: str, style: str) -> None:
    """A fixed line (no markup, no user text) on standard output in `style`: through rich where rich
    may style it, else written directly, exactly as rich would write it, without importing rich."""
    from cli.plain_text import may_style

    if "rich.console" in sys.modules or may_style(sys.stdout):
        sys.modules[__name__].console.print(f"[{style}]{text}[/]")
    else:
        sys.stdout.write(text + "\n")


def note(path: str, message: str) -> None:
    """A `note PATH: MESSAGE` line on standard error (the answer on standard output stays as it is),
    the user's text never read as markup: through rich where rich may style it, else written
    directly without importing rich (as `say`)."""
    from cli.plain_text import may_style

    if "rich.console" in sys.modules or may_style(sys.stderr):
        _err_console().print(f"[yellow]note[/] [bold]{plain(path)}[/]: {plain(message)}", soft_wrap=True)
    else:
        sys.stderr.write(f"note {path}: {message}\n")


def fail(message: str, code: int = BAD_INPUT) -> NoReturn:
    """One line on standard error, then exit: no traceback ever reaches the user."""
    line = " ".join(str(message).split())  # a message holding a newline still fills one line
    _err_console().print(f"[bold red]error:[/] {plain(line)}", soft_wrap=True, markup=True)
    raise SystemExit(code)  # not typer.Exit: cli.start runs validate and score without typer


def warn(message: str) -> None:
    _err_console().print(f"[bold yellow]warning:[/] {plain(message)}", soft_wrap=True, markup=True)


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
        return read_checked_snapshot(path)
    except SnapshotError as err:
        fail(summary(err.problems))


def print_json(obj: object) -> None:
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


def problems_json(problems: list[Problem]) -> list[dict]:
    return [{"path": p.path, "message": p.message} for p in problems]
