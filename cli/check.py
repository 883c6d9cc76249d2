"""affo validate, affo score, affo schema: the rules and the score of a position."""

from __future__ import annotations

import typer

from cli.common import BAD_INPUT, JsonOpt, SnapshotArg, console, load, plain, print_json, problems_json, summary, warn
from models.rules import check_snapshot
from models.scoring import score as score_position
from models.round_context import read_with_context
from models.snapshot import SnapshotError, json_schema


def validate(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """Check a snapshot against every rule of the game; list each problem with its JSON path.

    Exit 0 when the position is legal, 2 when it is not (or cannot be read).
    """
    try:
        problems = check_snapshot(read_with_context(snapshot)[0])
    except SnapshotError as err:
        problems = err.problems
    if as_json:
        print_json({"valid": not problems, "errors": problems_json(problems)})
    elif problems:
        for p in problems:
            console.print(f"[red]✗[/] [bold]{plain(p.path or '$')}[/]: {plain(p.message)}", soft_wrap=True)
        if len(problems) > 1:
            console.print(f"[red]{len(problems)} problems[/]")
    else:
        console.print("[green]✓ legal position[/]")
    if problems:
        raise typer.Exit(BAD_INPUT)


def score(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """The end-of-game score if the game ended now, with the rulebook's breakdown.

    Counts ships, emigration, explorations, buildings, animals in the stable, played occupations,
    silver in supply, final income and the English crown; subtracts uncovered -1 cells (empty
    resource spaces too), 3 per Thing Penalty and 3 per pair of tiles touching against the rules.
    """
    snap = load(snapshot)
    report = score_position(snap)
    problems = check_snapshot(snap)
    if as_json:
        print_json(report.as_json() | {"legal": not problems, "errors": problems_json(problems)})
        return
    if problems:
        warn(f"this position breaks the rules, so the score is only what the tiles would give: {summary(problems)}")
    from rich.table import Table

    table = Table(title="End-of-game score", show_footer=True)
    table.add_column("category", footer="total")
    table.add_column("points", justify="right", footer=f"[bold]{report.total}[/]")
    for name, points in report.breakdown.items():
        table.add_row(name.replace("_", " "), f"{points:+d}" if points else "0")
    console.print(table)
    console.print(f"income now: [bold]{report.income}[/] silver")
    for board_id, bonus in report.bonuses:
        rewards = ", ".join(f"{n} {item}" for item, n in bonus.rewards)
        console.print(f"bonus on {plain(board_id)} at {bonus.cell}: {rewards}")


def schema() -> None:
    """Print the JSON Schema of snapshot format affo-snapshot/1."""
    print_json(json_schema())
