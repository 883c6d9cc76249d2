"""The `affo` entry point: the plain forms of validate and score skip the command-line framework.

`affo validate FILE`, `affo score FILE` (each with an optional `--json`) are what a player runs
most, so they start without typer (and so without click); anything else, `--help` included, goes
through the full app in cli.app. Both ways run the same functions (cli.verdict), so they answer alike.
"""

from __future__ import annotations

import gc
import os
import sys

QUICK = ("validate", "score")


def quick_form(args: list[str]) -> tuple[str, str, bool] | None:
    """(command, snapshot, as_json) when `args` is a plain validate or score, else None."""
    if not args or args[0] not in QUICK:
        return None
    rest = args[1:]
    as_json = rest.count("--json") == 1
    if as_json:
        rest.remove("--json")
    if len(rest) != 1 or (rest[0].startswith("-") and rest[0] != "-"):
        return None  # options, help, a missing or extra argument: typer says what is wrong
    return args[0], rest[0], as_json


def main() -> None:
    """The process entry point (the `affo` script and `python -m cli`)."""
    form = quick_form(sys.argv[1:])
    if form is None:
        from cli.app import main as full_app

        full_app()
        return
    quick_settings()
    from cli import verdict
    from cli.common import tolerant_streams

    tolerant_streams()
    command, snapshot, as_json = form
    try:
        code = getattr(verdict, command)(snapshot, as_json)
    except SystemExit as done:  # cli.common.fail: the message is printed already
        code = done.code
    leave(code)


def quick_settings() -> None:
    """Two settings for the short quick run, each worth about 2-3 % of `affo validate`'s start:
    - no cyclic garbage collection: importing pydantic and building the snapshot models allocate
      hundreds of thousands of objects, and the collector would sweep them all several times over;
      a run reads one snapshot and exits at once, so the memory a cycle could hold is bounded;
    - no search for pydantic plugins (pydantic's documented PYDANTIC_DISABLE_PLUGINS switch; affo
      uses none): the search reads the metadata of every installed distribution. A value set by
      the user wins."""
    gc.disable()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


def leave(code: int) -> None:
    """Flush and exit at once: the interpreter's tidy-up of the thousands of objects pydantic built
    would cost about a tenth of the run, and nothing here needs tidying (no files open, no atexit work)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, ValueError):  # a reader that went away (`affo score x | head -1`)
        pass
    os._exit(code)
