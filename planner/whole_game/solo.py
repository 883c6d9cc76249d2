"""A seeded long solo game played by the whole-game player, as `affo solo --player whole` gives it.

The game is played on the engine (planner/affo_game.py), chance drawn from the seed, and written
as an affo-game/1 record by planner/engine_record.py (every snapshot passes the rule checker
there). The score reported is models.scoring's score of the record's final snapshot, and it must
equal the engine's own final score: a difference is a bug and raises.
"""

from __future__ import annotations

from collections.abc import Callable

from models.engine.score import final_score
from models.engine.state import ACTIONS
from models.scoring import score
from models.snapshot import parse_snapshot
from planner.affo_game import AffoGame
from planner.engine_record import game_record
from planner.search.policy import play
from planner.solo_record import SoloGame
from planner.whole_game.player import WholeGamePlayer

DEFAULT_NODES = 25  # MCTS simulations a decision: benchmarks/RESULTS-wholegame.md


class _Reporting(WholeGamePlayer):
    """The player, saying which round it is in."""

    def __init__(self, say: Callable[[str], None], **kwargs):
        super().__init__(**kwargs)
        self.say = say
        self.round = 0

    def __call__(self, game, state, rng):
        if state.stage == ACTIONS and state.round != self.round:
            self.round = state.round
            self.say(f"round {state.round}")
        return super().__call__(game, state, rng)


def play_whole_solo(seed: int, nodes: int = DEFAULT_NODES, progress: Callable[[str], None] | None = None) -> SoloGame:
    player = _Reporting(progress or (lambda _: None), nodes=nodes, seed=seed)
    t = play(AffoGame(), player, seed)
    record = game_record(t.states, t.actions)
    report = score(parse_snapshot(record["final"]))
    if report.total != final_score(t.states[-1]):
        raise AssertionError(f"the final snapshot scores {report.total}, the engine {final_score(t.states[-1])}")
    return SoloGame(seed, record, report)
