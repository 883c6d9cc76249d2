"""Exact outcomes that kill the mutants of models/engine/flow.py (benchmarks/mutation.py): the
solo setup (rulebook: a bow, a snare, a spear and a mead, no silver, PRINTED.md), the deal that
opens round 1 (6 Vikings, harvest level 1: peas, beans, flax; one weapon card) and an occupation
card drawn by a space that does nothing after it.
"""

import pytest

from models.engine import flow
from models.engine.draws import STRIPS
from models.engine.state import ACTIONS, DEAL, OCCUPATION, OVER, WEAPONS, goods_dict
from models.engine.tables import BUILDING_SUPPLY, SPECIALS

ROUND_1_FACES = (("faroe-islands", 0), ("greenland", 0), ("iceland", 0), ("shetland", 0))


def test_the_solo_game_starts_with_the_setup_and_nothing_else():
    s = flow.start()
    assert (s.round, s.stage, s.pending, s.vikings_left) == (1, DEAL, (), 0)
    assert (s.silver, s.wood, s.stone, s.ore) == (0, 0, 0, 0)
    assert goods_dict(s.goods) == {"mead": 1} and s.weapons == (1, 1, 1, 0)  # bow, snare, spear, long sword
    assert (s.ships, s.emigrated, s.specials, s.specials_left) == ((), (0, 0, 0), (), SPECIALS)
    assert [b.name for b in s.boards] == ["home-long"] and s.boards[0].covered == 0
    assert (s.hand, s.occupation_points, s.thing_penalties, s.taken, s.placed) == ((0,), 0, 0, 0, 0)
    assert (s.mountains, s.pile, s.buildings_left) == ((), tuple(range(len(STRIPS))), BUILDING_SUPPLY)
    assert s.explorations == ROUND_1_FACES  # the faces the printed schedule shows in round 1, no silver on them yet


def test_the_deal_opens_round_1_then_a_weapon_card_is_drawn():
    s = flow.start()
    strips = (STRIPS[0], STRIPS[1])
    dealt = flow.apply(s, strips)
    assert (dealt.stage, dealt.pending) == (WEAPONS, (1, ACTIONS))  # then back to the action phase
    assert dealt.vikings_left == 6 and dealt.mountains == strips
    assert dealt.pile == tuple(range(2, len(STRIPS)))
    assert goods_dict(dealt.goods) == {"peas": 1, "beans": 1, "flax": 1, "mead": 1}
    armed = flow.apply(dealt, (0, 0, 0, 1))
    assert (armed.stage, armed.pending, armed.weapons) == (ACTIONS, (), (1, 1, 1, 1))


def test_a_card_drawn_for_no_space_only_joins_the_hand():
    s = flow.start()._replace(stage=OCCUPATION, pending=(1, -1, ()), silver=1)
    drawn = flow.apply(s, 2)
    assert drawn == s._replace(stage=ACTIONS, pending=(), hand=(0, 2))


def test_nothing_applies_once_the_game_is_over():
    with pytest.raises(ValueError, match="^the game is over: no action applies$"):
        flow.apply(flow.start()._replace(stage=OVER), ("pass",))
