"""affo feast: the cheapest legal banquet table for this round's feast, proven optimal."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table as RichTable
from rich.text import Text

from cli.common import BAD_INPUT, BUG, console, err_console, fail, load, plain, print_json, summary
from cli.options import JsonOpt, SnapshotArg
from models.rules import check_banquet, cells_of
from models.snapshot import Placement, Snapshot, SnapshotError, dump_snapshot, parse_snapshot
from models.values import default_values, read_values

if TYPE_CHECKING:
    from planner.feast import Feast, SolverSettings  # imported where solved: OR-Tools (and pandas) cost ~0.9 s at start

HELP = """Cover this round's banquet table as cheaply as possible, proven optimal.

\b
Rules applied (rulebook phase 9; RULES-NOTES section 4):
- row 0 of the 12 x 4 area is the table: one open position per Viking
  gained (at most 12); emigrated ships fill positions from the left and
  need no food; a position still holding a Viking may not be covered;
  rows 1-3 only hold what hangs below row 0
- serve orange and red goods (sheep, cattle too) and 1-silver coins;
  never ore, green, blue or special tiles; each tile covers at least one
  open position; tiles never overlap
- orange never shares an edge with orange, nor red with red (silver may)
- one horizontal tile per food type (a pregnant sheep is a sheep);
  square tiles are exempt
- each open position left empty is a Thing Penalty (-3 at game end)
- food already laid this round (player.banquet.placements) stays

\b
Objective, in this order, each level exact (CP-SAT):
1. fewest Thing Penalties
2. least value served: default values, or --values FILE.json with a
   flat object piece -> value of one tile, e.g. {"mead": 2, "silver": 1.5}
3. fewest tiles and coins
4. tie-break, so the answer is unique: read the positions left to right;
   prefer a tile starting there, the first in the goods box's order
   (silver last), lying flat before upright

\b
Examples:
  affo feast examples/feast-round-3.json
  affo feast examples/feast-shortfall.json --shortfall --json
  affo feast SNAP.json --values mine.json --apply after.json --svg t.svg
"""

ValuesOpt = Annotated[
    Path | None,
    typer.Option("--values", help="JSON object piece -> value of one tile; unnamed pieces keep their default.", metavar="FILE.json"),
]
ShortfallOpt = Annotated[
    bool, typer.Option("--shortfall", help="Also: the fewest extra tiles or coins that would leave no penalty at all.")
]
SvgOpt = Annotated[Path | None, typer.Option("--svg", help="Draw the table (new tiles numbered) to this SVG file.", metavar="FILE.svg")]
PngOpt = Annotated[Path | None, typer.Option("--png", help="The same picture as a PNG file.", metavar="FILE.png")]
ApplyOpt = Annotated[
    Path | None,
    typer.Option("--apply", help="Write the snapshot with the food laid on the table and taken from the supply.", metavar="OUT.json"),
]
TimeOpt = Annotated[float, typer.Option("--time-limit", min=0.01, help="Seconds for the solver, in all.")]
WorkersOpt = Annotated[int, typer.Option("--workers", min=1, help="Solver threads (the answer is the same for any).")]
SeedOpt = Annotated[int, typer.Option("--seed", help="Solver random seed.")]


def feast(
    snapshot: SnapshotArg,
    as_json: JsonOpt = False,
    values: ValuesOpt = None,
    shortfall: ShortfallOpt = False,
    svg: SvgOpt = None,
    png: PngOpt = None,
    apply: ApplyOpt = None,
    time_limit: TimeOpt = 10.0,
    workers: WorkersOpt = 1,
    seed: SeedOpt = 0,
) -> None:
    snap = load(snapshot)
    prices = load_values(values)
    problems = check_banquet(snap)
    if problems:
        fail(f"the food already on the table breaks the rules: {summary(problems)}", BAD_INPUT)
    from planner.feast import SolverSettings, plan_feast, plan_shortfall

    settings = SolverSettings(time_limit=time_limit, workers=workers, seed=seed)
    with progress_after(1.0, "solving the feast"):
        result = solve(plan_feast, snap, prices, settings)
        extra = solve(plan_shortfall, snap, prices, settings) if shortfall and result.penalties else None
    if as_json:
        print_json(as_json_object(result, extra if shortfall else None, shortfall))
    else:
        show(snap, result, extra, shortfall)
    notes = err_console if as_json else console  # "wrote FILE" never mixes into the JSON
    for path, suffix in ((svg, ".svg"), (png, ".png")):
        if path:
            write_picture(snap, result, path, suffix)
            notes.print(f"wrote {plain(path)}")
    if apply:
        write_applied(snap, result, apply)
        notes.print(f"wrote {plain(apply)}")


feast.__doc__ = HELP


def load_values(path: Path | None) -> dict[str, float]:
    if path is None:
        return default_values()
    try:
        return read_values(path)
    except SnapshotError as err:
        fail(f"--values {path}: {summary(err.problems)}", BAD_INPUT)


def solve(planner, snap: Snapshot, values: dict[str, float], settings: SolverSettings) -> Feast:
    """The planner's table, already checked by the rule checker (a refused one is a bug: exit 3)."""
    from planner.feast import FeastBug, ValuesTooFine

    try:
        return planner(snap, values, settings)
    except ValuesTooFine as err:
        fail(str(err), BAD_INPUT)
    except FeastBug as err:
        fail(f"BUG: {err}", BUG)


@contextmanager
def progress_after(seconds: float, message: str) -> Iterator[None]:
    """A spinner on standard error, only if the work takes longer than `seconds`."""
    if not err_console.is_terminal:
        yield
        return
    status = err_console.status(message)
    timer = threading.Timer(seconds, status.start)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()  # if it fired, the spinner has started: stop it for good
        status.stop()


# --- output --------------------------------------------------------------------------------


def placement_json(p: Placement) -> dict:
    return {"piece": p.piece, "row": p.row, "col": p.col, "rotation": p.rotation, "flip": p.flip}


def number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def as_json_object(result: Feast, extra: Feast | None, shortfall: bool) -> dict:
    out = {
        "status": result.status,
        "placements": [placement_json(p) for p in result.placements],
        "existing": [placement_json(p) for p in result.existing],
        "open_positions": list(result.table.open_positions),
        "uncovered": result.uncovered,
        "penalties": result.penalties,
        "silver_used": result.silver_used,
        "goods_used": result.goods_used,
        "value_served": number(result.value_served),
        "value_served_exact": str(result.value_served),
        "supply_after": result.supply_after,
    }
    if shortfall:
        out["shortfall"] = shortfall_json(result, extra)
    return out


def shortfall_json(result: Feast, extra: Feast | None) -> dict:
    if extra is None:  # nothing is missing
        return {"status": result.status, "extra": {}, "extra_tiles": 0, "penalties_after": result.penalties, "placements": []}
    return {
        "status": extra.status,
        "extra": extra.extra,
        "extra_tiles": sum(extra.extra.values()),
        "extra_value": number(extra.extra_value),
        "penalties_after": extra.penalties,
        "placements": [placement_json(p) for p in extra.placements],
    }


def picture(snap: Snapshot, result: Feast) -> list[Text]:
    """The 12 x 4 area drawn as `affo show` draws it, with rulers; the tiles to serve underlined
    and numbered in the order of the answer."""
    from cli.show import banquet_cells, number_width, styled_rows

    first = len(result.existing)
    numbers = {first + i: i + 1 for i in range(len(result.placements))}
    return styled_rows(banquet_cells(snap, result.existing + result.placements, numbers), number_width(numbers))


def picture_legend(result: Feast) -> Text:
    """What the marks and the letters of the tiles on the table mean."""
    from cli.pictures import tile_code
    from cli.show import mark_style, tile_style

    text = Text()
    for mark, style, words in (("EM", "emigrated", "emigrated ship"), ("VK", "closed", "Viking still seated"),
                               ("__", "unfed", "left empty: a Thing Penalty")):
        text.append(mark, style=mark_style(style)).append(f" {words}  ")
    text.append("#n the n-th tile to serve (new tiles underlined)\n")
    for name in sorted({p.piece for p in result.existing + result.placements}):
        text.append(tile_code(name, 0), style=tile_style(name, 0)).append(f" {name}  ")
    return text


def show(snap: Snapshot, result: Feast, extra: Feast | None, shortfall: bool) -> None:
    console.print(f"[bold]Feast, round {snap.game.round}[/] ({result.status.lower()})")
    console.print(f"open positions: {len(result.table.open_positions)}")
    console.print(f"Thing Penalties: {result.penalties}")
    for line in picture(snap, result):
        console.print(line, no_wrap=True, crop=False)
    console.print(picture_legend(result))
    if result.placements:
        table = RichTable(title="serve", title_justify="left")
        for column in ("#", "piece", "row", "col", "rotation", "positions"):
            table.add_column(column)
        for n, p in enumerate(result.placements, 1):
            positions = sorted(c for r, c in cells_of(p) if r == 0)
            table.add_row(str(n), p.piece, str(p.row), str(p.col), str(p.rotation), ", ".join(map(str, positions)))
        console.print(table)
    else:
        console.print("nothing to serve")
    console.print(f"value served: [bold]{format_value(result.value_served)}[/]")
    left = ", ".join(f"{n} {name}" for name, n in sorted(result.supply_after.items())) or "nothing"
    console.print(f"supply after: {left}")
    if shortfall:
        show_shortfall(extra)


def show_shortfall(extra: Feast | None) -> None:
    if extra is None:
        console.print("[green]shortfall: nothing; every open position is fed[/]")
        return
    wanted = ", ".join(f"{n} {name}" for name, n in sorted(extra.extra.items()))
    console.print(f"[yellow]shortfall:[/] get {wanted} before the feast to avoid every penalty "
                  f"(then serve: {', '.join(f'{p.piece} at col {p.col}' for p in extra.placements)})")


def format_value(value: Fraction) -> str:
    return str(value) if value.denominator == 1 else f"{float(value):g} ({value})"


# --- files ---------------------------------------------------------------------------------


def write_applied(snap: Snapshot, result: Feast, path: Path) -> None:
    """The snapshot with the table laid and the supply reduced (the feast not yet finished:
    penalties are not added to thing_penalties, the table is not cleared)."""
    data = dump_snapshot(snap)
    player = data["player"]
    player.setdefault("banquet", {})["placements"] = [placement_json(p) for p in result.existing + result.placements]
    goods = dict(player.get("goods", {}))
    for name, n in result.goods_used.items():
        goods[name] -= n
    player["goods"] = {name: n for name, n in goods.items() if n}
    player["silver"] = snap.player.silver - result.silver_used
    parse_snapshot(data)  # still a well-formed snapshot
    try:
        Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", BAD_INPUT)


def write_picture(snap: Snapshot, result: Feast, path: Path, suffix: str) -> None:
    """The table after the feast, the tiles to serve outlined and numbered."""
    from cli.pictures import draw_banquet

    if path.suffix.lower() != suffix:
        fail(f"--{suffix[1:]} needs a file name ending in {suffix}, not {path.name!r}")
    first = len(result.existing)
    try:
        draw_banquet(snap, result.existing + result.placements, path, {first + i: i + 1 for i in range(len(result.placements))})
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", BAD_INPUT)
