"""affo validate, affo score, affo schema: the rules and the score of a position."""

from __future__ import annotations

import typer

from cli import verdict
from cli.common import print_json
from cli.options import JsonOpt, SnapshotArg


def validate(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """Check a snapshot against every rule of the game; list each problem with its JSON path.

    Exit 0 when the position is legal, 2 when it is not (or cannot be read). A path reads like
    `player.boards[0].placements[2].row`; `$` is the whole document. An unknown name gets the
    nearest known one (names and shapes: affo pieces; the format: affo schema).

    Examples:  affo validate mine.json  ·  affo validate mine.json --json  ·  cat mine.json | affo validate -
    """
    raise typer.Exit(verdict.validate(snapshot, as_json))


def score(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """The end-of-game score if the game ended now, with the rulebook's breakdown.

    Counts ships, emigration, explorations, buildings, animals in the stable, played occupations,
    silver in supply, final income and the English crown; subtracts uncovered -1 cells (empty
    resource spaces too), 3 per Thing Penalty and 3 per pair of tiles touching against the rules.
    An illegal position is still scored, after a warning (`"legal": false` under --json).

    Examples:  affo score mine.json  ·  affo score mine.json --json
    """
    raise typer.Exit(verdict.score(snapshot, as_json))


def schema() -> None:
    """Print the JSON Schema of snapshot format affo-snapshot/1."""
    from models.snapshot import json_schema

    print_json(json_schema())
