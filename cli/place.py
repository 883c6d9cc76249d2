"""affo place: the best way to lay the supply on the player's boards, proven by CP-SAT.

The library (planner.placement.place) chooses the objective, solves, and returns only answers
the independent rule checker accepts; this module parses, calls it and draws. An answer the
checker rejects is a bug: exit 3, loudly.
"""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.live import Live
from rich.table import Table
from rich.text import Text

from cli.common import BAD_INPUT, BUG, NO_ANSWER, console, err_console, fail, load, plain, print_json, summary
from cli.options import JsonOpt, SnapshotArg
from models.scoring import ScoreReport
from models.snapshot import Placement, Snapshot, SnapshotError, dump_snapshot
from models.values import read_values
from planner.placement import (
    OBJECTIVES,
    PlacementBug,
    PlacementInputError,
    PlaceReport,
    Settings,
    is_final_placement,
)
from planner.placement import place as run_place  # solves, applies and checks (models/rules.py)


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
        "objective_reason": res.objective_reason,
        "rounds_left": res.rounds_left,
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
        "solve_work": round(res.work, 3),  # CP-SAT deterministic time: the same on any machine, under any load
        "tie_break": res.tie_break,
        "candidates": res.candidates,
        "order_cuts": res.cuts,
        "message": res.message,
    }


def laying_numbers(r: PlaceReport) -> dict[tuple[int, int], int]:
    """(board index, placement index in the board after) -> the tile's number in the laying order."""
    out = {}
    for n, (b, p) in enumerate(r.order, 1):
        laid = list(r.after.player.boards[b].placements)
        out[(b, laid.index(p, len(r.before.player.boards[b].placements)))] = n
    return out


def print_report(r: PlaceReport) -> None:
    from cli.show import print_board

    res, snap = r.result, r.before
    if not r.order and not res.resources:
        console.print(f"[yellow]nothing to place[/]: {plain(res.message or 'no tile in the supply fits on any board')}")
    else:
        table = Table(title=f"Placement ({res.objective_name} objective), in laying order")
        for name, justify in (("#", "right"), ("board", "left"), ("piece", "left"), ("row", "right"), ("col", "right"), ("rotation", "right"), ("flip", "left")):
            table.add_column(name, justify=justify)
        for n, (b, p) in enumerate(r.order, 1):
            table.add_row(str(n), plain(snap.player.boards[b].id), p.piece, str(p.row), str(p.col), str(p.rotation), "yes" if p.flip else "")
        console.print(table)
        for b, added in res.resources.items():
            what = ", ".join(f"{n} {k}" for k, n in added.items())
            console.print(f"resource spaces of {plain(snap.player.boards[b].id)}: + {what}")
        numbers = laying_numbers(r)
        for b, entry in enumerate(r.after.player.boards):
            mine = {i: n for (board, i), n in numbers.items() if board == b}
            if mine or b in res.resources:
                console.print()
                print_board(entry, mine)
        console.print("[dim]#n marks the n-th new tile in laying order (new tiles are underlined)[/]")
    console.print(f"score:  {r.score_before.total} → [bold]{r.score_after.total}[/] points ({r.score_after.total - r.score_before.total:+d})")
    console.print(f"income: {r.score_before.income} → [bold]{r.score_after.income}[/] silver per income phase")
    for board_id, bonus in r.score_after.bonuses:
        rewards = ", ".join(f"{n} {item}" for item, n in bonus.rewards)
        console.print(f"bonus on {plain(board_id)} at {bonus.cell}: {rewards}")
    console.print(f"objective {res.objective_name}: {plain(res.objective_reason)}")
    colour = {"OPTIMAL": "green", "FEASIBLE": "yellow"}.get(res.status, "red")
    proof = "proven optimal" if res.status == "OPTIMAL" else "not proven optimal"
    bound = "" if res.bound != res.bound or res.status == "OPTIMAL" else f", bound {res.bound:g}"
    console.print(f"[{colour}]{res.status}[/] ({proof}{bound}) in {res.seconds:.2f} s")
    console.print(f"{res.objective_name} objective: {res.objective:g}")
    console.print(f"greedy layout: {res.greedy_gain:+d} points of score")
    if res.message and (r.order or res.resources):
        console.print(f"[yellow]{plain(res.message)}[/]")


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


def draw(r: PlaceReport, path: str, suffix: str, as_json: bool) -> None:
    """The boards after placing, new tiles outlined and numbered in laying order, as SVG or PNG."""
    from cli.pictures import draw_boards

    if not path.lower().endswith(suffix):
        fail(f"--{suffix[1:]} needs a file name ending in {suffix}, not {plain(path)!r}")
    ids = [e.id for e in r.after.player.boards]
    try:
        draw_boards(r.after, path, numbers={(ids[b], i): n for (b, i), n in laying_numbers(r).items()})
    except OSError as err:
        fail(f"cannot write {plain(path)}: {err.strerror or err}")
    (err_console if as_json else console).print(f"wrote {plain(path)}")


HELP = """Where should my tiles go? The best placement of your supply on all your boards, with proof.

Chooses which goods, special tiles, silver and ore from the supply to lay where, over the home
board, exploration boards, sheds and houses at once, keeping every rule (colours per board, green
never touching green, orange/red apart in houses, never-coverable cells, the income rule and its
laying order). At the final placement (last round with game.final, or --final) wood and stone
fill the resource spaces too. CP-SAT solves it; OPTIMAL means proven best, FEASIBLE means the
limit ran out first. Every answer passes the rule checker before it is shown.

Objectives (default: blend before the final placement, final at it; the output says which
objective was used and why):

  final   the end-of-game score, exactly as `affo score` counts it: covered -1 cells,
          filled resource spaces and final income, minus silver laid from supply and the points of
          stable animals laid into houses. The default at the final placement (game.final, --final).

  income  the most income first, then the most valuable bonuses (rewards at their values),
          then the final score: each level solved and fixed in turn, exact.

  blend   final score + N x (income gained x value of a silver + value of bonuses gained), with
          N = --rounds-left (default: income phases left, last round minus this round). The
          default before the final placement.

Without --time-limit the search is cut by a deterministic work limit: same answer every run.
With --time-limit S the whole answer (the cover searches for a first layout, then CP-SAT) stops
about S seconds after the snapshot is read: a layout the rule checker passed, labelled FEASIBLE
if not proven, which may differ with the machine's load.

Example: affo place examples/place-midgame.json --objective income --keep mead=1 --apply next.json
"""


def place(
    snapshot: SnapshotArg,
    objective: Annotated[str | None, typer.Option(help="final, income or blend (default: chosen from the position, see above).")] = None,
    rounds_left: Annotated[int | None, typer.Option("--rounds-left", min=0, help="blend: income phases still to come.")] = None,
    keep: Annotated[list[str], typer.Option("--keep", help="Hold pieces back: PIECE=N, repeatable.")] = [],  # noqa: B006
    values: Annotated[str | None, typer.Option("--values", help="JSON object piece -> value (prices bonus rewards).")] = None,
    final: Annotated[bool, typer.Option("--final", help="Treat this as the final placement: lay wood and stone too.")] = False,
    time_limit: Annotated[float | None, typer.Option("--time-limit", min=0.1, help="Wall seconds for the whole search (default: a deterministic work limit, the same answer every run).")] = None,
    workers: Annotated[int, typer.Option(min=1, help="CP-SAT search workers (1 is deterministic).")] = 1,
    seed: Annotated[int, typer.Option(help="CP-SAT random seed.")] = 0,
    apply: Annotated[str | None, typer.Option("--apply", help="Write the snapshot with the tiles laid to this file.")] = None,
    svg: Annotated[str | None, typer.Option("--svg", help="Draw the boards after placing (new tiles numbered) to this SVG file.")] = None,
    png: Annotated[str | None, typer.Option("--png", help="The same picture as a PNG file.")] = None,
    as_json: JsonOpt = False,
) -> None:
    if objective is not None and objective not in OBJECTIVES:
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
    for path, suffix in ((svg, ".svg"), (png, ".png")):
        if path:
            draw(report, path, suffix, as_json)
    if apply:
        (err_console if as_json else console).print(f"wrote {plain(apply)}")
    if as_json:
        print_json(report_json(report))
    else:
        print_report(report)
    if report.result.status == "INFEASIBLE":
        raise typer.Exit(NO_ANSWER)


place.__doc__ = HELP
