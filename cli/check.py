"""affo validate, affo score, affo schema: the rules and the score of a position."""

from __future__ import annotations

import typer

from cli import verdict
from cli.common import print_json
from cli.options import JsonOpt, SnapshotArg


def validate(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """Check a snapshot against every rule of the game; list each problem with its JSON path.

    Exit 0 when the position is legal, 2 when it is not (or cannot be read).
    """
    raise typer.Exit(verdict.validate(snapshot, as_json))


def score(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """The end-of-game score if the game ended now, with the rulebook's breakdown.

    Counts ships, emigration, explorations, buildings, animals in the stable, played occupations,
    silver in supply, final income and the English crown; subtracts uncovered -1 cells (empty
    resource spaces too), 3 per Thing Penalty and 3 per pair of tiles touching against the rules.
    """
    raise typer.Exit(verdict.score(snapshot, as_json))


def schema() -> None:
    """Print the JSON Schema of snapshot format affo-snapshot/1."""
    from models.snapshot import json_schema

    print_json(json_schema())
