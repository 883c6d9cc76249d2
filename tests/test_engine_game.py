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


# --- a fixed opening: strips 1 and 4 of mountains.toml dealt, a long sword drawn ---------------

from collections import Counter  # noqa: E402

from models.engine.draws import STRIPS, occupation_draw, strip_draw, weapon_draws  # noqa: E402
from models.engine.spaces import compiled  # noqa: E402
from models.engine.state import OCCUPATION, ROUND_END, STRIP, goods_dict  # noqa: E402
from models.engine.tables import space_index  # noqa: E402


def opening():
    game = AffoGame()
    s = game.initial_state()
    s = game.apply(s, game.chance_outcomes(s)[0][1])
    return game, game.apply(s, (0, 0, 0, 1))


def take(game, s, space_id, outcome=None, choice=None):
    action = next(a for a in game.legal_actions(s) if a[0] == "space" and a[1] == space_index()[space_id]
                  and choice in (None, a[2]))  # fmt: skip
    s = game.apply(s, action)
    while game.current_player(s) == CHANCE and s.stage != ROUND_END:
        s = game.apply(s, outcome)
    return s


def test_the_opening_offers_170_actions_counted_by_space():
    game, s = opening()
    actions = game.legal_actions(s)
    assert len(actions) == 170 and actions[-1] == ("pass",)
    names = {i: sp for sp, i in space_index().items()}
    per_space = Counter(names[a[1]] for a in actions if a[0] == "space")
    # 4 kinds could be upgraded, one tile each (peas, mead, beans, flax); both strips start
    # wood, wood, stone. "Up to": a take may stop short and an upgrade may be smaller or none,
    # but never both none: mountain-2 takes 1 or 2 wood (the strips give the same: 2);
    # mountain-1-upgrade-1: (none or a wood) x (none or one of 4 kinds) - nothing = 9;
    # mountain-3-upgrade-1: (none, w, ww, wws) x 5 - 1 = 19
    assert per_space["mountain-2"] == 2
    assert per_space["mountain-1-upgrade-1"] == 9 and per_space["mountain-3-upgrade-1"] == 19
    assert per_space["upgrade-4"] == 5  # bounded: the 5 best multisets (the best of every size among them)
    assert per_space["upgrade-3-weapons-4"] == 6  # the same 5, or none beside the weapon draws
    # column 4: the starting card (0 points) may be played or not
    assert per_space["weekly-livestock"] == 2 and per_space["master-crafting"] == 2
    # no silver: nothing to buy; no wood, stone or ore: nothing to build or craft with them
    assert not any(x.startswith(("buy-", "build-", "craft-rune", "craft-chest")) for x in per_space)
    assert per_space["livestock-choice"] == 1  # the sheep; the cattle costs 1 silver
    assert "whaling-minor" not in per_space and "raid" not in per_space  # no ships


def test_exact_chance_probabilities():
    draws = dict((o, p) for p, o in weapon_draws(4))
    assert len(draws) == 35 and sum(draws.values()) == 1
    assert draws[(4, 0, 0, 0)] == Fraction(1, 256) and draws[(1, 1, 1, 1)] == Fraction(24, 256)
    assert dict((o, p) for p, o in occupation_draw())[1] == Fraction(49, 145)
    assert strip_draw((0, 3, 5)) == tuple((Fraction(1, 3), STRIPS[i]) for i in (0, 3, 5))  # the pile holds strip indices
    game, s = opening()
    s = game.apply(s, next(a for a in game.legal_actions(s) if a[0] == "space" and a[1] == space_index()["hunt-game-1"]))
    assert game.chance_outcomes(s) == tuple((Fraction(1, 8), f) for f in range(1, 9))


def test_a_hunt_rolled_2_offers_every_way_to_spend_two():
    game, s = opening()
    s = game.apply(s, next(a for a in game.legal_actions(s) if a[0] == "space" and a[1] == space_index()["hunt-game-1"]))
    s = game.apply(s, 2)  # need 2 wood or bows: no wood, one bow
    assert game.legal_actions(s) == (("fail",), ("reroll",))
    s = game.apply(s, ("fail",))  # compensation: 1 wood and a bow
    assert (s.wood, s.weapons) == (1, (2, 1, 1, 1))


def test_a_worked_round():
    game, s = opening()
    s = take(game, s, "weekly-feast", outcome=2)  # column 3: an occupation worth 2 is drawn first
    s = take(game, s, "mountain-2", choice=(("mountain", ((0, 2),)),))  # both wood of a strip
    s = take(game, s, "produce-mead")
    assert (s.vikings_left, s.silver, s.wood, s.hand) == (0, 3, 2, (0, 2))
    assert goods_dict(s.goods) == {"peas": 1, "mead": 3, "oil": 1, "flax": 1, "beans": 1, "salt-meat": 1, "fruits": 1}
    s = game.apply(s, ("pass",))
    assert game.chance_outcomes(s) == ((Fraction(1), "round ends"),)
    s = game.apply(s, "round ends")
    # the oil is laid upright at the bottom left, covering the income cell (11, 0): income 1
    assert s.boards[0].placements == (("oil", 10, 0, 90, False),)
    assert s.silver == 3 + 1
    # 6 positions: peas (2) and salt meat (4) lying flat, 1 + 3 points of value, no penalty
    assert goods_dict(s.goods) == {"mead": 3, "flax": 1, "beans": 1, "fruits": 1} and s.thing_penalties == 0
    assert s.stage == STRIP and s.mountains == (("ore", "ore", "silver-2", "silver-2"), ("wood", "stone", "stone", "ore", "ore", "silver-2"))
    assert len(game.chance_outcomes(s)) == 6  # the six strips left in the pile


def test_perft_of_the_opening():
    """Successors two moves deep, chance outcomes counted as moves (a regression count)."""
    game, s = opening()
    kids = [game.apply(s, a) for a in game.legal_actions(s)]
    moves = [len(game.legal_actions(k)) or len(game.chance_outcomes(k)) for k in kids]
    assert len(kids) == 170
    # every column-3 space draws an occupation first, and so does draw-occupation: 7 outcomes
    # each (printed points -2, -1, 0, 1, 2, 3, 7; 15444 when the card list lacked the -2); the pass leads to the round's end (1 outcome). 2567 before "up to" offered fewer
    # items and upgrades, and before a column-4 card became a choice: more first moves, and
    # more second moves after each.
    column_3 = [a for a in game.legal_actions(s) if a[0] == "space" and compiled()[a[1]].column == 3]
    drawing = [k for k in kids if k.stage == OCCUPATION]
    assert len(column_3) == 22 and len(drawing) == 23
    assert sum(moves) == 15467 and all(len(game.chance_outcomes(k)) == 7 for k in drawing)


def test_a_ship_from_an_option_needs_a_free_berth():
    from models.engine.choices import legal_actions
    from models.engine.tables import KNARR, LONGSHIP

    game, s = opening()
    house_and_ship = space_index()["build-house-and-ship"]

    def offered(ships):
        state = s._replace(silver=20, wood=20, stone=20, ships=ships)
        return [a[2] for a in legal_actions(state) if a[0] == "space" and a[1] == house_and_ship]

    # each option, with the column-4 card (the starting occupation) played or not
    assert offered(((KNARR, 0), (LONGSHIP, 0), (LONGSHIP, 0))) == [
        (("options", (i,)), ("bonus_play", k)) for i in (0, 1) for k in (0, 1)
    ]
    assert offered(((KNARR, 0), (KNARR, 0), (LONGSHIP, 0), (LONGSHIP, 0))) == []  # the 4 large berths are full
