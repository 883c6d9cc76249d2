"""What `affo validate` and `affo score` answer, free of the command-line framework.

cli.check wraps these as typer commands; cli.start calls them directly for the plain forms
(`affo validate FILE [--json]`), so the two commands a player runs most start fast.
"""

from __future__ import annotations

from cli.common import BAD_INPUT, OK, console, load, plain, print_json, problems_json, summary, warn
from models.rules import check_snapshot
from models.round_context import read_with_context
from models.snapshot import SnapshotError


def validate(snapshot: str, as_json: bool = False) -> int:
    """Every problem of the position with its JSON path; the exit code (0 legal, 2 not)."""
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
    return BAD_INPUT if problems else OK


def score(snapshot: str, as_json: bool = False) -> int:
    """The end-of-game score and its breakdown; a warning first when the position is illegal."""
    from models.scoring import score as score_position

    snap = load(snapshot)
    report = score_position(snap)
    problems = check_snapshot(snap)
    if as_json:
        print_json(report.as_json() | {"legal": not problems, "errors": problems_json(problems)})
        return OK
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
    return OK
