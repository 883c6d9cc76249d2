"""Games played on the engine convert to affo-game/1 records the rule checker accepts, and the
final snapshot's `affo score` is the engine's own final score."""

import pytest

from models.engine.score import breakdown, final_score
from models.record import parse_record
from models.scoring import score
from models.snapshot import parse_snapshot
from planner.affo_game import AffoGame
from planner.engine_record import action_json, game_record
from planner.search.policy import greedy_policy, play, random_policy


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_a_random_game_is_a_valid_record_scored_as_the_engine_scores_it(seed):
    game = AffoGame()
    t = play(game, random_policy, seed=seed)
    record = game_record(t.states, t.actions)
    parsed = parse_record(record)  # raises on any illegal snapshot or tile that left a board
    assert [r.round for r in parsed.rounds] == [1, 2, 3, 4, 5, 6, 7]
    final = score(parse_snapshot(record["final"]))
    assert final.breakdown == breakdown(t.states[-1])
    assert final.total == final_score(t.states[-1]) == t.returns[0]


def test_a_greedy_game_is_a_valid_record_too():
    game = AffoGame()
    t = play(game, greedy_policy(), seed=7)
    record = game_record(t.states, t.actions)
    assert score(parse_snapshot(record["final"])).total == final_score(t.states[-1])
    laid = sum(len(b["placements"]) for b in record["final"]["player"]["boards"])
    assert laid > 0  # the greedy player gains tiles, and the layout policy lays them


def test_actions_are_written_in_the_record_format():
    assert action_json(("pass",)) == {"kind": "pass", "space": "", "choice": {}}
    assert action_json(("buy-ship", 0)) == {"kind": "buy-ship", "space": "whaling-boat", "choice": {}}
    upgrade = action_json(("space", 35, (("upgrade", (0, 0)),)))
    assert upgrade["space"] == "upgrade-2" and upgrade["choice"] == {"upgrade": ["peas", "peas"]}


def test_an_unfinished_game_is_refused():
    game = AffoGame()
    t = play(game, random_policy, seed=0, max_steps=10)
    with pytest.raises(ValueError):
        game_record(t.states, t.actions)


def test_a_state_read_back_from_its_snapshot_keeps_what_a_snapshot_holds():
    from models.engine.snapshots import from_snapshot, to_snapshot
    from models.engine.state import ACTIONS
    from models.round_context import RoundContext

    game = AffoGame()
    t = play(game, random_policy, seed=11)
    s = next(x for x in reversed(t.states) if x.stage == ACTIONS and x.round == 6 and x.boards[0].placements)
    context = RoundContext(mountains=[list(m) for m in s.mountains], explorations_available=dict(s.explorations),
                           specials_left=list(s.specials_left), vikings_left=s.vikings_left, players=1)  # fmt: skip
    back = from_snapshot(to_snapshot(s, table=False), context)
    same = ("round", "vikings_left", "silver", "wood", "stone", "ore", "goods", "weapons", "ships", "emigrated",
            "specials", "specials_left", "boards", "hand", "occupation_points", "thing_penalties", "mountains", "explorations")
    assert {f: getattr(back, f) for f in same} == {f: getattr(s, f) for f in same}
