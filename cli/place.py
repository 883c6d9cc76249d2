"""affo place: the best way to lay the supply on the player's boards, proven by CP-SAT.

The planner (planner/placement.py) builds and solves the model; this module wires it to the
independent rule checker: the checker's `legal_order` judges each board's laying order (the
planner cuts and re-solves when there is none) and `check_snapshot` judges every answer before
it is printed. An answer the checker rejects is a bug: exit 3, loudly.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Annotated

import typer
from rich.live import Live
from rich.table import Table
from rich.text import Text

from cli.common import BAD_INPUT, BUG, NO_ANSWER, JsonOpt, SnapshotArg, console, err_console, fail, load, print_json, summary
from models.boards import board as board_named
from models.rules import check_snapshot, legal_order
from models.scoring import ScoreReport, score
from models.snapshot import Placement, Snapshot, SnapshotError, dump_snapshot
from models.values import read_values
from planner.placement import (
    OBJECTIVES,
    PlacementInputError,
    PlacementResult,
    Settings,
    apply_placements,
    is_final_placement,
    solve_placement,
)


class PlacementBug(RuntimeError):
    """The checker rejected the planner's answer, or the scores disagree with the model."""


@dataclass
class PlaceReport:
    result: PlacementResult
    before: Snapshot
    after: Snapshot
    score_before: ScoreReport
    score_after: ScoreReport
    order: list[tuple[int, Placement]]  # new placements in a legal laying order


def laying_order(snapshot: Snapshot, placements: list[tuple[int, Placement]]) -> list[tuple[int, Placement]]:
    """The new tiles in a legal order, board by board, after the tiles already there.

    Covering more never forbids a later tile, so the new tiles' relative order in any legal
    order of all of a board's tiles also works once the old tiles lie.
    """
    out = []
    for b, entry in enumerate(snapshot.player.boards):
        new = [p for i, p in placements if i == b]
        order = legal_order(board_named(entry.board), list(entry.placements) + new)
        if order is None:
            raise PlacementBug(f"board {entry.id}: no legal order to lay the planned tiles")
        fixed = len(entry.placements)
        out += [(b, new[i - fixed]) for i in order if i >= fixed]
    return out


def run_place(snapshot: Snapshot, settings: Settings, on_progress=None) -> PlaceReport:
    """Solve, apply, check and score: everything `affo place` prints, verified."""
    problems = check_snapshot(snapshot)
    if problems:
        raise PlacementInputError(f"the snapshot breaks a rule: {summary(problems)}")
    result = solve_placement(snapshot, settings, legal_order, on_progress)
    after = apply_placements(snapshot, result.placements, result.resources)
    problems = check_snapshot(after)
    if problems:
        raise PlacementBug(f"the rule checker rejects the planned placement: {summary(problems)}")
    before_score, after_score = score(snapshot), score(after)
    if after_score.total - before_score.total != result.final_gain:
        raise PlacementBug(
            f"the model counted a score gain of {result.final_gain}, the scorer {after_score.total - before_score.total}"
        )
    return PlaceReport(result, snapshot, after, before_score, after_score, laying_order(snapshot, result.placements))


# --- output ---------------------------------------------------------------------------------


def placement_json(snapshot: Snapshot, b: int, p: Placement) -> dict:
    return {"board": snapshot.player.boards[b].id, **p.model_dump(mode="json")}


def bonuses_json(report: ScoreReport) -> list[dict]:
    return report.as_json()["bonuses"]


def report_json(r: PlaceReport) -> dict:
    res, snap = r.result, r.before
    return {
        "status": res.status,
        "objective": res.objective,
        "objective_name": res.objective_name,
        "bound": None if res.bound != res.bound else res.bound,  # NaN: no bound known
        "placements": [placement_json(snap, b, p) for b, p in res.placements],
        "order": [placement_json(snap, b, p) for b, p in r.order],
        "resources": {snap.player.boards[b].id: added for b, added in res.resources.items()},
        "score_before": r.score_before.total,
        "score_after": r.score_after.total,
        "income_before": r.score_before.income,
        "income_after": r.score_after.income,
        "bonuses_before": bonuses_json(r.score_before),
        "bonuses_after": bonuses_json(r.score_after),
        "bonus_value_after": res.bonus_value_after,
        "greedy_score_gain": res.greedy_gain,
        "final_placement": is_final_placement(snap),
        "solve_seconds": round(res.seconds, 3),
        "candidates": res.candidates,
        "order_cuts": res.cuts,
        "message": res.message,
    }


def print_report(r: PlaceReport) -> None:
    res, snap = r.result, r.before
    if not r.order and not res.resources:
        console.print(f"[yellow]nothing to place[/]: {res.message or 'no tile in the supply fits on any board'}")
    else:
        table = Table(title=f"Placement ({res.objective_name} objective), in laying order")
        for name, justify in (("#", "right"), ("board", "left"), ("piece", "left"), ("row", "right"), ("col", "right"), ("rotation", "right"), ("flip", "left")):
            table.add_column(name, justify=justify)
        for n, (b, p) in enumerate(r.order, 1):
            table.add_row(str(n), snap.player.boards[b].id, p.piece, str(p.row), str(p.col), str(p.rotation), "yes" if p.flip else "")
        console.print(table)
        for b, added in res.resources.items():
            what = ", ".join(f"{n} {k}" for k, n in added.items())
            console.print(f"resource spaces of {snap.player.boards[b].id}: + {what}")
    console.print(
        f"score  {r.score_before.total} → [bold]{r.score_after.total}[/] ({r.score_after.total - r.score_before.total:+d})"
        f"    income {r.score_before.income} → [bold]{r.score_after.income}[/]"
    )
    for board_id, bonus in r.score_after.bonuses:
        rewards = ", ".join(f"{n} {item}" for item, n in bonus.rewards)
        console.print(f"bonus on {board_id} at {bonus.cell}: {rewards}")
    colour = {"OPTIMAL": "green", "FEASIBLE": "yellow"}.get(res.status, "red")
    proof = "proven optimal" if res.status == "OPTIMAL" else "not proven optimal"
    bound = "" if res.bound != res.bound or res.status == "OPTIMAL" else f", bound {res.bound:g}"
    console.print(
        f"[{colour}]{res.status}[/] ({proof}{bound}): {res.objective_name} objective {res.objective:g}"
        f" in {res.seconds:.2f} s; greedy layout would gain {res.greedy_gain:+d} points"
    )
    if res.message and (r.order or res.resources):
        console.print(f"[yellow]{res.message}[/]")


class SolvingDisplay:
    """A live line on standard error, shown only once solving has taken more than a second."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.text = "building the model"

    def update(self, text: str, objective: float, bound: float, seconds: float) -> None:
        self.text = text

    def __rich__(self) -> Text:
        elapsed = time.monotonic() - self.start
        return Text("") if elapsed < 1 else Text(f"solving ({elapsed:.0f} s): best {self.text}", style="cyan")


def solve_with_display(snapshot: Snapshot, settings: Settings, show_progress: bool) -> PlaceReport:
    if not show_progress:
        return run_place(snapshot, settings)
    display = SolvingDisplay()
    with Live(display, console=err_console, transient=True, refresh_per_second=4):
        return run_place(snapshot, settings, display.update)


def parse_keep(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        name, _, count = item.partition("=")
        if not count.strip().isdigit():
            fail(f"--keep {item}: write PIECE=N, for example --keep mead=1")
        out[name.strip()] = out.get(name.strip(), 0) + int(count)
    return out


def draw(snapshot: Snapshot, path: str) -> None:
    try:
        from cli.pictures import draw_boards  # written by another engineer; optional until it lands
    except ImportError:
        err_console.print("[yellow]warning:[/] pictures are not available yet (cli/pictures.py); no SVG written")
        return
    draw_boards(snapshot, path)


HELP = """Where should my tiles go? The best placement of your supply on all your boards, with proof.

Chooses which goods, special tiles, silver and ore from the supply to lay where, over the home
board, exploration boards, sheds and houses at once, keeping every rule (colours per board, green
never touching green, orange/red apart in houses, never-coverable cells, the income rule and its
laying order). At the final placement (last round with game.final, or --final) wood and stone
fill the resource spaces too. CP-SAT solves it; OPTIMAL means proven best, FEASIBLE means the
time limit ran out first. Every answer passes the rule checker before it is shown.

Objectives:

  final   (default) the end-of-game score, exactly as `affo score` counts it: covered -1 cells,
          filled resource spaces and final income, minus silver laid from supply and the points of
          stable animals laid into houses.

  income  the most income first, then the most valuable bonuses (rewards at their values),
          then the final score: lexicographic and exact.

  blend   final score + N x (income gained x value of a silver + value of bonuses gained), with
          N = --rounds-left (default: income phases left, last round minus this round).

Example: affo place examples/place-midgame.json --objective income --keep mead=1 --apply next.json
"""


def place(
    snapshot: SnapshotArg,
    objective: Annotated[str, typer.Option(help="final, income or blend (see above).")] = "final",
    rounds_left: Annotated[int | None, typer.Option("--rounds-left", min=0, help="blend: income phases still to come.")] = None,
    keep: Annotated[list[str], typer.Option("--keep", help="Hold pieces back: PIECE=N, repeatable.")] = [],  # noqa: B006
    values: Annotated[str | None, typer.Option("--values", help="JSON object piece -> value (prices bonus rewards).")] = None,
    final: Annotated[bool, typer.Option("--final", help="Treat this as the final placement: lay wood and stone too.")] = False,
    time_limit: Annotated[float, typer.Option("--time-limit", min=0.1, help="Seconds CP-SAT may search.")] = 60.0,
    workers: Annotated[int, typer.Option(min=1, help="CP-SAT search workers (1 is deterministic).")] = 1,
    seed: Annotated[int, typer.Option(help="CP-SAT random seed.")] = 0,
    apply: Annotated[str | None, typer.Option("--apply", help="Write the snapshot with the tiles laid to this file.")] = None,
    svg: Annotated[str | None, typer.Option("--svg", help="Draw the boards after placing to this SVG file.")] = None,
    as_json: JsonOpt = False,
) -> None:
    if objective not in OBJECTIVES:
        fail(f"--objective {objective}: one of {', '.join(OBJECTIVES)}")
    snap = load(snapshot)
    try:
        settings = Settings(
            objective=objective,
            rounds_left=rounds_left,
            values=read_values(values) if values else None,
            keep=parse_keep(keep),
            final=final,
            time_limit=time_limit,
            workers=workers,
            seed=seed,
        )
        report = solve_with_display(snap, settings, show_progress=err_console.is_terminal)
    except SnapshotError as err:
        fail(summary(err.problems), BAD_INPUT)
    except PlacementInputError as err:
        fail(str(err), BAD_INPUT)
    except PlacementBug as err:
        fail(f"BUG — please report it: {err}", BUG)
    if apply:
        with open(apply, "w", encoding="utf-8") as out:
            json.dump(dump_snapshot(report.after), out, indent=2)
            out.write("\n")
    if svg:
        draw(report.after, svg)
    if as_json:
        print_json(report_json(report))
    else:
        print_report(report)
    if report.result.status == "INFEASIBLE":
        raise typer.Exit(NO_ANSWER)


place.__doc__ = HELP
