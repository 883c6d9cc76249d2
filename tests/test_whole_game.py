"""The whole-game player: its value, its exact endgame (against brute force), determinism, stats."""

from fractions import Fraction

from models.engine import flow
from models.engine.score import final_score
from models.engine.state import ACTIONS, OVER
from planner.affo_game import AffoGame
from planner.search.conformance import check_game
from planner.search.policy import play, random_policy
from planner.whole_game.player import PrunedGame, WholeGamePlayer
from planner.whole_game.stats import game_stats
from planner.whole_game.value import _board, _score_now, terms, value


def brute_force(s, memo):
    """The expected final score under best play: plain recursion over the engine, exact Fractions."""
    if s in memo:
        return memo[s]
    who = flow.who(s)
    if who == flow.TERMINAL:
        v = Fraction(final_score(s))
    elif who == flow.CHANCE:
        v = sum(p * brute_force(flow.apply(s, o), memo) for p, o in flow.chance_outcomes(s))
    else:
        v = max(brute_force(flow.apply(s, a), memo) for a in flow.legal_actions(s))
    memo[s] = v
    return v


def last_viking_position():
    """Round 7 of a seeded random game, one Viking left, no silver and no ore (no anytime actions)."""
    game = AffoGame()
    t = play(game, random_policy, 5)
    s = next(x for x in t.states if x.round == 7 and x.stage == ACTIONS)
    return game, s._replace(vikings_left=1, silver=0, ore=0)


def test_the_value_keeps_the_score_exact():
    game = AffoGame()
    for seed in (1, 2):
        t = play(game, random_policy, seed)
        for s in t.states:
            assert _score_now(s, sum(_board(b)[0] for b in s.boards)) == final_score(s)
        assert t.states[-1].stage == OVER and value(t.states[-1]) == t.returns[0]
        assert terms(t.states[-1]) == {"score": t.returns[0]}


def test_the_endgame_choice_is_the_brute_force_best():
    game, s = last_viking_position()
    memo: dict = {}
    values = {a: brute_force(flow.apply(s, a), memo) for a in game.legal_actions(s)}
    best = max(values.values())
    assert len(values) == 31 and best == -54 and min(values.values()) == -62  # the choice matters
    assert [game.label(s, a) for a, v in values.items() if v == best] == ["Build a Shed [build-shed]"]
    for nodes in (0, 20):  # the exact endgame decides, whatever the MCTS budget
        choice = WholeGamePlayer(nodes=nodes, seed=1)(game, s, None)
        assert values[choice] == best


def test_same_seed_same_game():
    game = AffoGame()
    runs = [play(game, WholeGamePlayer(nodes=6, seed=4), seed=4, max_steps=25).actions for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) == 25


def test_the_pruned_game_keeps_the_protocol():
    check_game(PrunedGame(width=4), playouts=1, seed=2, max_steps=200, actions_checked=2)


def test_stats_count_what_the_final_state_shows():
    t = play(AffoGame(), random_policy, 3)
    stats = game_stats(t.states)
    final = t.states[-1]
    assert stats["score"] == final_score(final)
    assert stats["emigrated"] == sum(final.emigrated)
    assert stats["houses"] + stats["sheds"] + stats["explorations"] == len(final.boards) - 1
    assert stats["large_ships"] + stats["whaling_boats"] == len(final.ships) + sum(final.emigrated)


def test_affo_solo_plays_the_whole_game_player_and_scores_its_final_snapshot(tmp_path):
    import json

    from typer.testing import CliRunner

    from cli.app import app
    from models.record import parse_record
    from models.scoring import score
    from models.snapshot import parse_snapshot

    runner = CliRunner()
    args = ["solo", "--seed", "2", "--player", "whole", "--nodes", "1", "--record", str(tmp_path / "g.json"), "--json"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    played = json.loads(out.stdout)
    record = json.loads((tmp_path / "g.json").read_text())
    parse_record(record)  # every round legal, no tile lost
    assert len(record["rounds"]) == 7 and record["final"]["game"]["final"] is True
    assert played["seed"] == 2 and played["score"] == score(parse_snapshot(record["final"])).total
    assert runner.invoke(app, ["solo", "--player", "chess"]).exit_code == 2


def test_a_full_bay_takes_no_ship_from_a_space_option():
    """Build a House and Ship gains its ship through an option: with four large ships held the
    bay is full, so neither option may be chosen (the rule checker refuses a fifth large ship)."""
    from models.engine.tables import LONGSHIP, space_index

    game = AffoGame()
    s = game.apply(game.initial_state(), game.chance_outcomes(game.initial_state())[0][1])
    s = game.apply(s, (0, 0, 0, 1))._replace(vikings_left=12, wood=2, stone=2)
    house_and_ship = space_index()["build-house-and-ship"]

    def offered(state):
        """The options chosen on that space (each may come with and without the column-3 card)."""
        return {dict(a[2])["options"] for a in game.legal_actions(state) if a[0] == "space" and a[1] == house_and_ship}

    assert offered(s) == {(0,), (1,)}
    assert offered(s._replace(ships=((LONGSHIP, 0),) * 4)) == set()
