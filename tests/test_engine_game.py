"""The whole game behind the Game protocol: conformance, exact chance, fixed positions."""

from fractions import Fraction

from models.engine import flow
from models.engine.state import ACTIONS, DEAL, WEAPONS
from planner.affo_game import AffoGame
from planner.search.conformance import check_game
from planner.search.policy import play, random_policy
from planner.search.protocol import CHANCE, TERMINAL


def test_affo_passes_the_conformance_check():
    summary = check_game(AffoGame(), playouts=4, seed=1, actions_checked=3)
    assert summary["playouts"] == 4 and summary["states"] > 200


def test_the_game_starts_with_the_deal_of_two_of_the_eight_strips():
    game = AffoGame()
    s = game.initial_state()
    assert s.stage == DEAL and game.current_player(s) == CHANCE
    outcomes = game.chance_outcomes(s)
    assert len(outcomes) == 28  # 8 distinct strips, 2 face up: C(8, 2)
    assert all(p == Fraction(1, 28) for p, _ in outcomes)


def test_round_one_begins_with_the_harvest_and_a_weapon_draw():
    game = AffoGame()
    s = game.apply(game.initial_state(), game.chance_outcomes(game.initial_state())[0][1])
    assert s.stage == WEAPONS
    assert [p for p, _ in game.chance_outcomes(s)] == [Fraction(1, 4)] * 4
    s = game.apply(s, (0, 0, 0, 1))  # a long sword
    assert s.stage == ACTIONS and s.vikings_left == 6 and s.weapons == (1, 1, 1, 1)
    goods = {name: n for name, n in zip(__import__("models.engine.tables", fromlist=["GOODS"]).GOODS, s.goods) if n}
    assert goods == {"peas": 1, "mead": 1, "beans": 1, "flax": 1}


def test_a_random_game_ends_with_its_score_as_returns():
    game = AffoGame()
    t = play(game, random_policy, seed=3)
    assert game.current_player(t.states[-1]) == TERMINAL
    assert t.returns == (float(game.returns(t.states[-1])[0]),)
    assert t.states[-1].round == 7
    assert flow.who(t.states[-1]) == flow.TERMINAL
