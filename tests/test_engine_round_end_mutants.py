"""Exact outcomes that kill the mutants of models/engine/round_end.py and models/engine/score.py
(benchmarks/mutation.py): phases 7-12 and 1-4 worked out by hand from the rulebook on the round-3
position of tests/round_positions.py, with food and animals only (nothing the engine lays during
the game), and the end-of-game breakdown of a built-up state.
"""

from models.engine.draws import STRIPS
from models.engine.geometry import geometry
from models.engine.round_end import bonus, breeding, end_action_phase, feast, next_round, strip_drawn
from models.engine.score import breakdown, final_score
from models.engine.snapshots import from_snapshot
from models.engine.state import ACTIONS, OVER, STRIP, WEAPONS, BoardState, empty_board, goods_dict
from models.engine.tables import KNARR, LONGSHIP, WHALING_BOAT, space_index
from models.round_context import split_snapshot
from tests.round_positions import round_3

FOOD = {"peas": 2, "mead": 1, "beans": 1, "flax": 1, "sheep": 2}


def make(**player):
    return from_snapshot(*split_snapshot(round_3(**{"goods": FOOD, **player})))


def first_income_cell(name: str) -> int:
    """The bit of the first cell of the board's income track (covered: the next value shows)."""
    (cells, _), *_ = geometry(name).tracks
    return cells[0][0]


def covering_bonuses(name: str, *rewards) -> BoardState:
    """The board with exactly the cells around the bonuses paying `rewards` covered."""
    needs = [need for _, need, paid in geometry(name).bonuses if paid in rewards]
    assert len(needs) == len(rewards)
    covered = 0
    for need in needs:
        covered |= need
    return empty_board(name)._replace(covered=covered)


def test_a_round_ends_with_income_breeding_the_feast_and_the_strips_moving_on():
    home = empty_board("home-long")._replace(covered=first_income_cell("home-long"))
    # the rulebook lets a player pass with Vikings left; they wait for the next round
    s = make()._replace(vikings_left=2, placed=1 << space_index()["take-stockfish"], boards=(home,))
    after = end_action_phase(s)
    # income 1 (the first income cell covered); breeding: 2 sheep, one becomes pregnant;
    # feast, 8 open positions in round 3: peas flat (2), mead flat (2), flax flat (3), a coin,
    # orange and red alternating: value 1 + 2 + 2 + 1, no Thing Penalty
    assert after.silver == 6 + 1 - 1 and after.thing_penalties == 0
    assert goods_dict(after.goods) == {"peas": 1, "beans": 1, "sheep": 1, "pregnant-sheep": 1}
    # phase 11: one item leaves each strip's arrow end; the pile still holds strips
    assert after.mountains == (("stone", "ore", "silver-2"), ("wood", "silver-2"))
    assert (after.stage, after.pending, after.vikings_left, after.round) == (STRIP, (), 0, 3)
    assert after.placed == s.placed and after.boards == (home,)


def test_a_strip_of_one_item_leaves_the_mountain_and_an_empty_pile_goes_straight_on():
    s = make()._replace(vikings_left=0, mountains=(("ore",), ("stone", "wood")), pile=())
    after = end_action_phase(s)
    assert after.mountains == (("wood",),)
    assert (after.round, after.stage, after.pending) == (4, WEAPONS, (1, ACTIONS))


def test_the_next_round_gains_a_viking_harvests_turns_explorations_and_draws_a_weapon():
    s = make()._replace(vikings_left=0, placed=0b1010, taken=0b1)
    after = next_round(s)
    assert (after.round, after.vikings_left, after.taken, after.placed) == (4, 9, 0b1010, 0)
    # round 4's harvest is level 3: peas, beans, flax, grain and cabbage
    assert goods_dict(after.goods) == {"peas": 3, "mead": 1, "beans": 2, "flax": 2, "grain": 1, "cabbage": 1, "sheep": 2}
    # round 4 turns the Faroe Islands (their back is Baffin Island, no silver); the others gain 2
    assert after.explorations == (("baffin-island", 0), ("bear-island", 2), ("greenland", 4), ("iceland", 4))
    assert (after.stage, after.pending) == (WEAPONS, (1, ACTIONS))
    quiet = next_round(after._replace(stage=ACTIONS, pending=(), round=4))
    assert quiet.round == 5 and quiet.goods == after.goods  # round 5 has no harvest
    sixth = next_round(after._replace(stage=ACTIONS, pending=(), round=5))
    # round 6's harvest is level 4, the last one: fruits as well
    crops = {"peas": 4, "beans": 3, "flax": 3, "grain": 2, "cabbage": 2, "fruits": 1}
    assert sixth.round == 6 and goods_dict(sixth.goods) == {"mead": 1, "sheep": 2, **crops}
    last = next_round(after._replace(stage=ACTIONS, pending=(), round=6))
    assert last.round == 7 and last.vikings_left == 12 and last.goods == after.goods


def test_a_drawn_strip_joins_the_mountain_and_leaves_the_pile():
    s = make()._replace(stage=STRIP, pile=(0, 1, 2))
    after = strip_drawn(s, STRIPS[1])
    assert after.pile == (0, 2) and after.round == 4
    assert after.mountains == tuple(sorted(s.mountains + (STRIPS[1],)))


def test_the_last_round_pays_no_income_and_ends_the_game():
    home = empty_board("home-long")._replace(covered=first_income_cell("home-long"))
    s = make(goods={"peas": 1, "mead": 1})._replace(round=7, vikings_left=3, boards=(home,))  # passed with 3 left
    over = end_action_phase(s)
    # 12 open positions: peas and mead flat (4) and all 6 silver; 2 positions are Thing Penalties
    # (with the income of 1 paid there would be a 7th coin and 1 penalty)
    assert (over.stage, over.pending, over.vikings_left) == (OVER, (), 0)
    assert over.silver == 0 and over.thing_penalties == 2 and goods_dict(over.goods) == {}
    assert over.mountains == s.mountains and over.round == 7  # no strip moves, no new round


def test_breeding_gives_birth_before_a_pair_breeds():
    s = make(goods={"sheep": 2, "pregnant-cattle": 1, "peas": 1})
    bred = breeding(s)
    assert goods_dict(bred.goods) == {"sheep": 1, "pregnant-sheep": 1, "cattle": 2, "peas": 1}
    again = breeding(bred)
    assert goods_dict(again.goods) == {"sheep": 3, "pregnant-cattle": 1, "cattle": 1, "peas": 1}
    plain = make(goods={"peas": 3})
    assert breeding(plain) is plain


def test_the_feast_feeds_only_the_positions_emigrated_ships_leave_open():
    s = make(goods={"salt-meat": 1, "stockfish": 1})._replace(emigrated=(0, 1, 2), silver=0)
    fed = feast(s)  # 8 Vikings, 3 emigrated ships: positions 3 to 7 open, 5 to feed
    assert fed.table[1] == 3 and fed.thing_penalties == 1  # salt meat flat (4), the stockfish would need 3 more
    assert goods_dict(fed.goods) == {"stockfish": 1} and fed.silver == 0
    full = feast(make(goods={})._replace(silver=20))
    assert (full.silver, full.thing_penalties) == (12, 0)  # 8 coins


def test_bonuses_pay_goods_resources_a_building_and_a_special():
    home = covering_bonuses("home-long", (("ore", 1),), (("wood", 1),), (("stone", 1),), (("mead", 1),), (("rune-stone", 1),))
    far = covering_bonuses("newfoundland", (("skin-and-bones", 1),), (("cloakpin", 1),), (("stone-house", 1),))
    s = make(goods={})._replace(boards=(home, far), buildings_left=(3, 1, 5))
    paid = bonus(s)
    assert (paid.wood, paid.stone, paid.ore, paid.silver) == (4, 3, 2, 6)
    assert goods_dict(paid.goods) == {"mead": 1, "rune-stone": 1, "skin-and-bones": 1}
    assert [b.name for b in paid.boards] == ["home-long", "newfoundland", "stone-house"] and paid.buildings_left == (3, 0, 5)
    assert paid.specials == ("cloakpin",) and "cloakpin" not in paid.specials_left and paid.silver == s.silver
    gone = bonus(s._replace(buildings_left=(3, 0, 5), specials_left=("helmet",)))
    assert [b.name for b in gone.boards] == ["home-long", "newfoundland"] and gone.specials == ()
    assert bonus(make()) == make()  # nothing covered: nothing paid
    mead = bonus(make(goods={})._replace(boards=(covering_bonuses("home-long", (("mead", 1),)),)))
    assert (mead.wood, mead.stone, mead.ore, mead.silver, goods_dict(mead.goods)) == (3, 2, 1, 6, {"mead": 1})


def test_the_end_of_game_breakdown_by_the_rulebook():
    home = empty_board("home-long")._replace(covered=first_income_cell("home-long"))
    shed = empty_board("shed")._replace(wood=2, stone=3)
    s = make(goods={"sheep": 1, "pregnant-cattle": 1, "peas": 4}, silver=5)._replace(
        boards=(home, empty_board("iceland"), shed), ships=((WHALING_BOAT, 1), (KNARR, 0), (LONGSHIP, 0)),
        emigrated=(0, 1, 1), occupation_points=7, thing_penalties=2, specials=("english-crown",),
    )  # fmt: skip
    got = breakdown(s)
    # final income: 1 on the home board (its first income cell covered), 1 on bare Iceland
    assert got["ships"] == 3 + 5 + 8  # whaling boat, knarr, longship: their printed points
    assert got["emigration"] == 18 + 21 and got["explorations"] == 16 and got["buildings"] == 8
    assert got["animals"] == 2 + 4 and got["occupations"] == 7 and got["silver"] == 5
    assert got["final_income"] == 1 + 1 and got["english_crown"] == 2 and got["thing_penalties"] == -6
    assert got["misplaced_pairs"] == 0
    # the printed -1 cells left uncovered: 86 on the home board, 24 on Iceland; the shed lacks one wood
    assert got["negatives"] == -(86 + 24 + 1)
    assert final_score(s) == sum(got.values())
    laid = s._replace(specials=(), boards=s.boards + (empty_board("stone-house")._replace(placements=(("english-crown", 0, 0, 0, False),)),))
    assert breakdown(laid)["english_crown"] == 2 and breakdown(s._replace(specials=()))["english_crown"] == 0
