"""Self-play at scale: many seeded solo games, fanned out over Dask, with a summary table.

Each game is `planner.solo_record.play_solo` for one seed; the summary has one row per game
(seed, score, every scoring category, income, the numbers of explorations, ships built and
emigrated, houses and animals at the end) so strength and style can be compared across runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from models.boards import board as board_named


@dataclass(frozen=True)
class PlayedGame:
    seed: int
    record: dict
    row: dict


def play_one(job: tuple[int, int]) -> PlayedGame:
    """(seed, nodes) -> the game; a plain function so Dask can send it to any worker."""
    from planner.solo_record import play_solo

    seed, nodes = job
    game = play_solo(seed, nodes)
    return PlayedGame(seed, game.record, summary_row(seed, game))


def summary_row(seed: int, game) -> dict:
    from models.snapshot import parse_snapshot

    final = parse_snapshot(game.record["final"])
    kinds = [board_named(e.board).kind for e in final.player.boards]
    return {
        "seed": seed,
        "score": game.report.total,
        **{f"points_{k}": v for k, v in game.report.breakdown.items()},
        "income": game.report.income,
        "explorations": kinds.count("exploration"),
        "houses": sum(1 for e in final.player.boards if board_named(e.board).is_building),
        "ships": len(final.player.ships),
        "emigrated": len(final.emigrated_ships),
        "actions": sum(len(r.get("actions") or []) for r in game.record["rounds"]),
    }


def self_play(
    seeds: list[int], nodes: int, scheduler: str | None = None, workers: int = 2, on_done: Callable[[int, int], None] | None = None
) -> list[PlayedGame]:
    from planner.batch import map_in_order

    return map_in_order(play_one, [(s, nodes) for s in seeds], scheduler, workers, on_done)


def summary_frame(games: list[PlayedGame]):
    import pandas as pd

    return pd.DataFrame([g.row for g in games])
