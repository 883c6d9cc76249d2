"""affo selfplay: many seeded solo games by the planner, their records and a summary table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from cli.common import BAD_INPUT, console, err_console, fail, print_json
from cli.options import JsonOpt


def selfplay(
    games: Annotated[int, typer.Option("--games", help="How many games (seeds first-seed, first-seed+1, ...).")] = 4,
    first_seed: Annotated[int, typer.Option("--first-seed", help="Seed of the first game.")] = 1,
    out: Annotated[Path, typer.Option("--out", help="Folder for the records (seed-N.json) and summary.parquet.")] = Path("selfplay"),
    nodes: Annotated[int | None, typer.Option("--nodes", help="States the planner expands per decision (default: affo solo's, 20; four times as many in the last round).")] = None,
    workers: Annotated[int, typer.Option("--workers", help="Local Dask worker processes.")] = 2,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="Dask scheduler address (default: a local cluster).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Let the planner play many solo games and keep every game for review and training.

    Games fan out over Dask: a local cluster of --workers processes by default, or the cluster
    at --scheduler ADDRESS. Every game is seeded, so the same command gives the same games.

    Examples:

      affo selfplay --games 8 --out runs/a

      affo review runs/a
    """
    if games < 1 or (nodes is not None and nodes < 1) or workers < 1:
        fail("--games, --nodes and --workers must be at least 1", BAD_INPUT)
    from planner.selfplay import self_play, summary_frame
    from planner.round_search import PLAYER_NODES

    nodes = nodes or PLAYER_NODES

    seeds = list(range(first_seed, first_seed + games))
    with err_console.status(f"playing {games} games") as status:
        played = self_play(seeds, nodes, scheduler, workers, on_done=lambda done, total: status.update(f"played {done} of {total} games"))
    out.mkdir(parents=True, exist_ok=True)
    for g in played:
        (out / f"seed-{g.seed}.json").write_text(json.dumps(g.record, indent=1) + "\n", encoding="utf-8")
    frame = summary_frame(played)
    frame.to_parquet(out / "summary.parquet", index=False)
    stats = {"games": games, "mean": float(frame["score"].mean()), "min": int(frame["score"].min()), "max": int(frame["score"].max())}
    if as_json:
        print_json({**stats, "out": str(out), "games_played": frame.to_dict(orient="records")})
        return
    table = Table(title=f"{games} solo games: mean {stats['mean']:.1f}, min {stats['min']}, max {stats['max']}")
    for column in ("seed", "score", "income", "explorations", "houses", "ships", "emigrated"):
        table.add_column(column, justify="right")
    for row in frame.itertuples(index=False):
        table.add_row(*(str(getattr(row, c)) for c in ("seed", "score", "income", "explorations", "houses", "ships", "emigrated")))
    console.print(table)
    console.print(f"records and summary.parquet written to {escape(str(out))}")
