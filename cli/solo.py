"""affo solo: the planner plays a whole solo game by the solo rules, from a seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from cli.common import BAD_INPUT, console, err_console, fail, print_json
from cli.options import RULES_OF_THUMB, JsonOpt


def solo(
    seed: Annotated[int, typer.Option("--seed", help="Everything random (dice, mountain strips, draws) comes from this seed.")] = 0,
    length: Annotated[str, typer.Option("--length", help="long (7 rounds) or short (6 rounds).")] = "long",
    record: Annotated[Path | None, typer.Option("--record", help="Write the game as an affo-game/1 record (affo review reads it).")] = None,
    nodes: Annotated[int | None, typer.Option("--nodes", help="The search's budget per decision: states the round planner expands (default 20; four times as many in the last round, where its forecast is most accurate), or simulations of the whole-game player (default 25). More is slower; past 20 states the round planner plays worse, except in the last round (benchmarks/RESULTS-strength.md).")] = None,
    player: Annotated[str, typer.Option("--player", help="planner: the round planner (one round ahead). whole: the whole-game player (MCTS over the fast engine, every round ahead; benchmarks/RESULTS-wholegame.md).")] = "planner",
    search: Annotated[str | None, typer.Option("--search", help="The round planner's search: round (this round's actions, valued at its end) or two-round (its best lines carried into the next round, planner/next_round.py).")] = None,
    rules: Annotated[bool, typer.Option("--rules/--no-rules", help=f"The round planner follows its rules of thumb ({RULES_OF_THUMB}), measured stronger; --no-rules plays the search alone.")] = True,
    as_json: JsonOpt = False,
) -> None:
    """Watch the planner play a whole solo game, every decision its own.

    The same seed always gives the same game. Tiles are laid by the placement engine: between
    rounds only those that earn income or bonuses, the rest held for the end-of-game placement
    (planner/held_tiles.py). Every feast is laid on the table, and every position is checked by
    the rule checker; the score is affo score's score of the final position.

    Examples:

      affo solo --seed 7

      affo solo --seed 7 --record game.json && affo review game.json

      affo solo --seed 7 --player whole
    """
    if length not in ("long", "short"):
        fail(f"--length is long or short, not {escape(length)!r}", BAD_INPUT)
    if length == "short":
        fail("the planner plays the long solo game only for now (--length long)", BAD_INPUT)
    if player not in ("planner", "whole"):
        fail(f"--player is planner or whole, not {escape(player)!r}", BAD_INPUT)
    if nodes is not None and nodes < 1:
        fail("--nodes must be at least 1", BAD_INPUT)
    if search is not None and (player != "planner" or search not in ("round", "two-round")):
        fail("--search is round or two-round, for --player planner", BAD_INPUT)
    if not rules and player != "planner":
        fail("--no-rules is for --player planner (the whole-game player has no rules of thumb)", BAD_INPUT)
    extra = ({"search": search} if search else {}) | ({} if rules else {"rules": False})
    if player == "whole":
        from planner.whole_game.solo import DEFAULT_NODES, play_whole_solo as play
    else:
        from planner.round_search import PLAYER_NODES as DEFAULT_NODES
        from planner.solo_record import play_solo as play

    with err_console.status(f"playing seed {seed}") as status:
        game = play(seed, nodes or DEFAULT_NODES, progress=lambda text: status.update(f"playing seed {seed}: {text}"), **extra)
    if record:
        record.write_text(json.dumps(game.record, indent=1) + "\n", encoding="utf-8")
    if as_json:
        print_json(game.as_json())
        return
    table = Table(title=f"Solo game, seed {seed}: {game.report.total} points")
    table.add_column("category")
    table.add_column("points", justify="right")
    for name, points in game.report.breakdown.items():
        table.add_row(name, str(points))
    console.print(table)
    if record:
        console.print(f"record written to {escape(str(record))} (affo review {escape(str(record))})")
