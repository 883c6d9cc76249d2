"""What `affo validate` and `affo score` answer, free of the command-line framework.

cli.check wraps these as typer commands; cli.start calls them directly for the plain forms
(`affo validate FILE [--json]`), so the two commands a player runs most start fast.
"""

from __future__ import annotations

import sys

from cli import common
from cli.common import BAD_INPUT, OK, load, note, plain, print_json, problems_json, say, summary, warn
from models.rules import check_snapshot
from models.snapshot_file import read_checked_snapshot
from models.snapshot import SnapshotError


def validate(snapshot: str, as_json: bool = False) -> int:
    """Every problem of the position with its JSON path; the exit code (0 legal, 2 not)."""
    notes: list[tuple[str, str]] = []
    try:
        snap = read_checked_snapshot(snapshot)
        problems = check_snapshot(snap)
        notes = _card_notes(snap)
    except SnapshotError as err:
        problems = err.problems
    for path, message in notes:  # on standard error: the answer, JSON or not, stays what it was
        note(path, message)
    if as_json:
        print_json({"valid": not problems, "errors": problems_json(problems)})
        return BAD_INPUT if problems else OK
    if problems:
        for p in problems:
            common.console.print(f"[red]✗[/] [bold]{plain(p.path or '$')}[/]: {plain(p.message)}", soft_wrap=True)
        if len(problems) > 1:
            common.console.print(f"[red]{len(problems)} problems[/]")
    else:
        say("✓ legal position", "green")
    return BAD_INPUT if problems else OK


def _card_notes(snap) -> list[tuple[str, str]]:
    held = snap.player.occupations
    if not any(isinstance(c, str) for c in held.hand + held.played):
        return []  # most positions name no card: the card list is not even imported
    from models.occupation_words import unread_names

    return unread_names(held.hand, held.played)


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
    rows = [[name.replace("_", " "), f"{points:+d}" if points else "0"] for name, points in report.breakdown.items()]
    bonuses = [(board_id, f" at {bonus.cell}: " + ", ".join(f"{n} {item}" for item, n in bonus.rewards))
               for board_id, bonus in report.bonuses]
    if not _score_written_plainly(rows, report.total, report.income, bonuses):
        _score_with_rich(rows, report.total, report.income, bonuses)
    return OK


SCORE_TITLE, SCORE_HEADER = "End-of-game score", ["category", "points"]


def _score_written_plainly(rows: list[list[str]], total: int, income: int, bonuses: list[tuple[str, str]]) -> bool:
    """Off a terminal, rich would print the score without any styling: write the same text without
    importing rich (cli.plain_text), when that is sure to match; False where it is not."""
    from cli import plain_text

    if not plain_text.plain_stdout():
        return False
    table = plain_text.box_table(SCORE_TITLE, SCORE_HEADER, rows, ["total", str(total)], right={1})
    notes = [f"income now: {income} silver", *(f"bonus on {board_id}{where}" for board_id, where in bonuses)]
    if table is None or not plain_text.lines_fit(notes):
        return False
    sys.stdout.write("\n".join(table + notes) + "\n")
    return True


def _score_with_rich(rows: list[list[str]], total: int, income: int, bonuses: list[tuple[str, str]]) -> None:
    from rich.table import Table

    table = Table(title=SCORE_TITLE, show_footer=True)
    table.add_column(SCORE_HEADER[0], footer="total")
    table.add_column(SCORE_HEADER[1], justify="right", footer=f"[bold]{total}[/]")
    for row in rows:
        table.add_row(*row)
    console = common.console
    console.print(table)
    console.print(f"income now: [bold]{income}[/] silver")
    for board_id, where in bonuses:
        console.print(f"bonus on {plain(board_id)}{where}")
