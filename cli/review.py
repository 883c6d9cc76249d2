"""affo review: a recorded game, round by round, against what was possible at each moment."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from cli.common import BAD_INPUT, BUG, console, err_console, fail, print_json, summary
from cli.options import JsonOpt
from models.record import GameRecord, RecordError, read_record


class Judge(str, Enum):  # planner/review/actions.py's JUDGES
    search = "search"
    player = "player"


def review(
    records: Annotated[
        list[str],
        typer.Argument(help="Game record(s) (affo-game/1 JSON), folders of records, or - for standard input.", metavar="RECORD..."),
    ],
    html: Annotated[Path | None, typer.Option("--html", help="Also write a self-contained HTML report (one record only).")] = None,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="Dask scheduler address for many records (default: a local cluster).")] = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Processes on this machine (Dask): one record's rounds side by side, or many records at once. 1: all in this process.")] = 2,
    judge: Annotated[Judge, typer.Option("--judge", help="How recorded actions are judged: 'search', every choice valued by one 20-state search of the round (fast); 'player', as affo solo's player (and affo plan's first move) chooses: the next round searched behind the best choices, 80 states in the last round (about twice the time; a game the planner played is judged its own best).")] = Judge.search,
    as_json: JsonOpt = False,
) -> None:
    """Review a game: every feast, every round's tiles and the end-of-game placement against the best.

    Each round's feast is compared with the best table from the same supply (what was served
    plus what was left), each round's new tiles with the best income those same tiles could
    have given on the same boards, and the end-of-game placement with its best layout. Every
    best answer is proven by the feast and placement engines and checked by the rule checker.
    Points missed: 3 per avoidable Thing Penalty (proven), income missed times the income phases
    left (an estimate), end-of-game points (proven).

    Where a round lists its actions, each is judged against the planner's choice at that moment
    (an estimate), the position rebuilt from the round before; each action's "drawn" card, "roll"
    (how its dice ended) and the round's "weapon" make that position exact (affo solo --record
    writes them).

    One record's rounds are reviewed side by side in --workers processes (the same answer as
    one process, sooner). Several records or a folder: a table of mean missed points per
    category and round, the reviews fanned out over Dask.

    Examples:

      affo review examples/game-long.json

      affo review examples/game-long.json --html review.html

      affo review examples/game-long.json --judge player

      affo review games/ --json
    """
    paths = _expand(records)
    if len(paths) == 1:
        _one(paths[0], html, as_json, workers, judge.value)
    else:
        if html:
            fail("--html takes one record; give one file", BAD_INPUT)
        _many(paths, scheduler, workers, as_json, judge.value)


def _expand(records: list[str]) -> list[str]:
    out = []
    for r in records:
        p = Path(r)
        if r != "-" and p.is_dir():
            found = sorted(str(f) for f in p.glob("*.json"))
            if not found:
                fail(f"{escape(r)}: no .json records in this folder", BAD_INPUT)
            out += found
        else:
            out.append(r)
    return out


def _read(path: str) -> GameRecord:
    try:
        return read_record(path)
    except RecordError as err:
        fail(f"{escape(path)}: {escape(summary(err.problems))}", BAD_INPUT)


def _one(path: str, html: Path | None, as_json: bool, workers: int, judge: str) -> None:
    from planner.review import review_game
    from planner.review.feast import ReviewBug

    record = _read(path)
    with err_console.status("reviewing") as status:
        try:
            result = review_game(record, progress=lambda text: status.update(f"reviewing: {text}"), judge=judge, workers=workers)
        except ReviewBug as err:
            fail(f"internal check failed: {escape(str(err))}", BUG)
    if html:
        from cli.review_html import write_html

        write_html(record, result, html)
    if as_json:
        print_json(result.as_json())
        return
    print_review(result)
    if html:
        console.print(f"HTML report written to {escape(str(html))}")


def print_review(result) -> None:
    table = Table(title="Round by round (as laid → best possible)")
    for name, justify in (("round", "right"), ("score", "right"), ("feast penalties", "right"), ("value served", "right"),
                          ("tiles laid", "right"), ("income", "right"), ("points missed", "right")):  # fmt: skip
        table.add_column(name, justify=justify)
    for r in result.rounds:
        f, p = r.feast, r.placement
        table.add_row(
            str(r.round), str(r.score),
            _pair(f.penalties, f.best_penalties, lower_is_better=True),
            f"{f.value_served:g} → {f.best_value_served:g}",
            str(p.laid), _pair(p.income, p.best_income), f"{r.missed_points:.1f}",
        )  # fmt: skip
    console.print(table)
    if result.final:
        f = result.final
        console.print(f"End-of-game placement: {f.points} points as laid, {_pair(f.points, f.best_points)} at best ({f.laid} tiles laid)")
    console.print(f"[bold]Points missed in all: {result.missed_total:.1f}[/] (feasts and placements are proven; income and action figures are the planner's estimates: replayed, the actions it judged better gained nothing on average, benchmarks/RESULTS-review.md)")
    moments = result.moments()[:3]
    if moments:
        console.print("Costliest moments:")
        for m in moments:
            where = f"round {m.round}" if m.round is not None else "game end"
            console.print(f"  {where}: {escape(m.what)} ({m.points:g} points)")
    else:
        console.print("No point was left on the table that the engines can prove.")


def _pair(laid: float, best: float, lower_is_better: bool = False) -> str:
    better = best < laid if lower_is_better else best > laid
    return f"{laid} → [bold yellow]{best}[/]" if better else f"{laid} = {best}"


def _review_path(path: str, judge: str = "search") -> dict:
    """One record's review as JSON-ready data (runs on a Dask worker)."""
    from models.record import read_record as read
    from planner.review import review_game

    return review_game(read(path), judge=judge).as_json()


def _many(paths: list[str], scheduler: str | None, workers: int, as_json: bool, judge: str) -> None:
    from functools import partial

    from planner.batch import map_in_order
    from planner.review.summary import across_games

    for p in paths:
        _read(p)  # every record is checked here first, so a bad one is named before any work
    with err_console.status(f"reviewing {len(paths)} games") as status:
        reviews = map_in_order(
            partial(_review_path, judge=judge), paths, scheduler, workers, on_done=lambda done, total: status.update(f"reviewed {done} of {total} games")
        )
    frame = across_games(reviews)
    if as_json:
        print_json({"games": [{"record": p, **r} for p, r in zip(paths, reviews)], "mean_missed": frame.to_dict(orient="records")})
        return
    table = Table(title=f"Mean points missed over {len(paths)} games")
    for column in frame.columns:
        table.add_column(str(column), justify="right")
    for row in frame.itertuples(index=False):
        table.add_row(*(f"{v:.2f}" if isinstance(v, float) else str(v) for v in row))
    console.print(table)
