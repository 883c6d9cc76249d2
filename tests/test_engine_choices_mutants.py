"""Exact outcomes that kill the mutants of models/engine/choices.py, spaces.py and flow.py
(benchmarks/mutation.py): what may be done on the round-3 position of tests/round_positions.py
(6 silver, 3 wood, 2 stone, 1 ore; 2 peas, mead, beans, flax, hide, oil, 2 sheep; a whaling boat
and a longship; 8 Vikings), each answer read off the printed spaces (costs, needs, effects).
"""

from fractions import Fraction

import pytest

from models.engine import choices, flow
from models.engine.choices import PASS, _ships_fit_together, anytime_actions, legal_actions, offers, space_actions
from models.engine.snapshots import from_snapshot
from models.engine.state import ACTIONS, DEAL, OCCUPATION, OVER, PLAY, ROLL, ROUND_END, STRIP, WEAPONS
from models.engine.tables import GOOD, KNARR, LONGSHIP, WHALING_BOAT, space_index
from models.round_context import split_snapshot
from tests.round_positions import round_3

IDX = space_index()
NAMES = {i: sid for sid, i in IDX.items()}


def make(**player):
    return from_snapshot(*split_snapshot(round_3(**player)))


def offered(s) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = {}
    for a in space_actions(s):
        out.setdefault(NAMES[a[1]], []).append(a[2])
    return out


def bit(*ids) -> int:
    return sum(1 << IDX[x] for x in ids)


def test_ships_are_bought_with_the_silver_and_berths_at_hand():
    assert anytime_actions(make()) == [("buy-ship", WHALING_BOAT), ("buy-ship", KNARR), ("arm-ship", WHALING_BOAT), ("arm-ship", LONGSHIP)]
    assert anytime_actions(make(silver=4, resources={})) == [("buy-ship", WHALING_BOAT)]
    assert anytime_actions(make(silver=8, resources={}))[-1] == ("buy-ship", LONGSHIP)
    three = make(ships=[{"type": "whaling-boat"}] * 3, silver=3, resources={})
    assert anytime_actions(three) == []  # the three small berths are full
    four = make(ships=[{"type": "knarr"}] * 4, silver=8, resources={})
    assert anytime_actions(four) == [("buy-ship", WHALING_BOAT)]


def test_ore_arms_a_ship_only_while_its_spaces_are_open():
    s = make()
    assert anytime_actions(s._replace(taken=bit("whaling-major")))[2:] == [("arm-ship", WHALING_BOAT), ("arm-ship", LONGSHIP)]
    assert anytime_actions(s._replace(placed=bit("whaling-minor"), taken=bit("whaling-major")))[2:] == [("arm-ship", LONGSHIP)]
    assert anytime_actions(s._replace(taken=bit("pillage-2"), placed=bit("pillage-3")))[2:] == [("arm-ship", WHALING_BOAT)]
    armed = make(ships=[{"type": "whaling-boat", "ore": 1}, {"type": "longship"}])
    assert anytime_actions(armed)[2:] == [("arm-ship", LONGSHIP)]
    assert anytime_actions(make(resources={"wood": 3}))[2:] == []


def test_the_action_list_is_spaces_then_ships_then_passing():
    s = make()
    actions = legal_actions(s)
    assert actions[-1] == PASS and actions[-5:-1] == anytime_actions(s)
    assert actions[:-5] == space_actions(s) and all(a[0] == "space" for a in actions[:-5])
    assert [a[1] for a in actions[:-5]] == sorted(a[1] for a in actions[:-5])


def test_a_space_needs_its_vikings_and_must_be_free():
    s = make()._replace(vikings_left=2)
    assert all(flow.compiled()[a[1]].column <= 2 for a in space_actions(s))
    assert "produce-mead" in offered(s) and "weekly-feast" not in offered(s)
    blocked = offered(s._replace(taken=bit("produce-mead"), placed=bit("take-stockfish")))
    assert "produce-mead" not in blocked and "take-stockfish" not in blocked and "buy-stockfish" in blocked


def test_costs_needs_and_berths_decide_which_spaces_are_offered():
    s = offered(make())
    assert {"build-shed", "build-stone-house", "craft-rune-stone", "forge", "raid", "pillage-2", "explore-short",
            "explore-medium", "buy-cattle-milk", "build-whaling-boat"} <= set(s)  # fmt: skip
    poor = offered(make(silver=2, resources={"wood": 1}))
    for sid in ("build-shed", "craft-rune-stone", "build-long-house", "forge", "buy-cattle-milk", "build-knarr", "craft-clothing"):
        assert sid not in poor, sid
    assert "buy-salt-meat" in poor and "build-whaling-boat" in poor
    assert "build-shed" not in offered(make()._replace(buildings_left=(0, 3, 5)))
    assert "plunder" not in s and "plunder" in offered(make(ships=[{"type": "longship"}] * 2))
    assert "overseas-trade-1" not in s and "overseas-trade-1" in offered(make(ships=[{"type": "knarr"}]))
    bare = offered(make(ships=[]))
    assert not {"explore-short", "explore-medium", "raid", "whaling-major", "emigrate-2"} & set(bare)
    boats = offered(make(ships=[{"type": "whaling-boat"}] * 3))
    assert "build-whaling-boat" not in boats and "whaling-minor" in boats and "explore-medium" not in boats
    assert "craft-clothing" in offered(make(goods={"hide": 1, "linen": 1}))


def test_an_alternative_cost_is_one_choice_per_way_to_pay():
    assert offered(make())["craft-chest"] == [(("pay", 0),), (("pay", 1),)]  # 1 wood or 1 ore
    assert offered(make(resources={"ore": 1}))["craft-chest"] == [(("pay", 1),)]
    paid = offered(make(occupations={"hand": [2], "played_points": 0}))["play-occupation-paid"]
    assert paid == [(("pay", 0), ("play", 1)), (("pay", 1), ("play", 1))]  # 1 stone or 1 ore


def test_options_one_of_or_any_of():
    rich = make(resources={"wood": 2, "stone": 2})
    assert offered(rich)["build-house-and-ship"] == [(("options", (0,)),), (("options", (1,)),)]
    crafts = offered(make(goods={"wool": 1, "silverware": 1}))["master-crafting"]
    assert crafts == [(("options", ()),), (("options", (0,)),), (("options", (1,)),), (("options", (0, 1)),)]
    assert offered(make(goods={"wool": 1}))["master-crafting"] == [(("options", ()),), (("options", (0,)),)]
    assert "build-house-and-ship" not in offered(make(resources={"wood": 2, "stone": 1}))


def test_a_space_that_would_do_nothing_is_not_offered():
    s = offered(make(goods={"silverware": 1}))  # nothing to upgrade, no cattle
    assert "upgrade-2" not in s and "produce-milk" not in s and "weekly-livestock" in s
    assert offered(make(goods={"cattle": 1}))["produce-milk"] == [()]
    empty = offered(make()._replace(mountains=()))
    assert "mountain-2" not in empty and len(empty["mountain-1-upgrade-1"]) == 5  # upgrades alone: one of 5 kinds
    assert "play-occupations-2" not in s and offered(make(goods={}))["play-occupations-4"] == [()]


def test_emigration_needs_the_silver_and_a_free_banquet_position():
    knarr = [{"type": "knarr"}]
    assert offered(make(silver=3, ships=knarr))["emigrate-2"] == [(("emigrate", "knarr"), ("exchange", False))]
    assert "emigrate-2" not in offered(make(silver=2, ships=knarr))  # round 3: 3 silver
    assert "emigrate-2" not in offered(make(silver=9, ships=knarr)._replace(emigrated=(0, 6, 6)))
    assert "emigrate-2" in offered(make(silver=9, ships=knarr)._replace(emigrated=(0, 6, 5)))


def test_exploring_offers_the_face_up_boards_a_ship_reaches():
    s = offered(make())
    assert s["explore-short"] == [(("explore", "faroe-islands"),)]
    assert s["explore-medium"] == [(("explore", "bear-island"),), (("explore", "greenland"),), (("explore", "iceland"),)]
    assert "explore-long" not in s  # none of its boards is face up in round 3


def test_flow_dispatches_each_stage():
    s = make()
    assert flow.who(s) == flow.PLAYER and flow.who(s._replace(stage=OVER)) == flow.TERMINAL
    for stage in (DEAL, ROLL, WEAPONS, OCCUPATION, STRIP, ROUND_END):
        assert flow.who(s._replace(stage=stage)) == flow.CHANCE
    assert flow.legal_actions(s) == legal_actions(s) and flow.legal_actions(s._replace(stage=WEAPONS)) == []
    assert flow.chance_outcomes(s) == () and flow.chance_outcomes(s._replace(stage=ROUND_END)) == ((Fraction(1), "round ends"),)
    assert flow.apply(s, PASS).stage == ROUND_END
    drawn = flow.apply(s._replace(stage=WEAPONS, pending=(2, ACTIONS)), (0, 1, 0, 1))
    assert (drawn.stage, drawn.pending, drawn.weapons) == (ACTIONS, (), (1, 2, 1, 1))
    cards = flow.apply(s._replace(stage=OCCUPATION, pending=(2, -1, ())), 3)
    assert (cards.stage, cards.pending, cards.hand) == (OCCUPATION, (1, -1, ()), (3,))
    last = flow.apply(cards, -1)
    assert (last.stage, last.pending, last.hand) == (ACTIONS, (), (-1, 3))
    play = s._replace(stage=PLAY, pending=(IDX["play-occupations-4"], ()), hand=(1, 4))
    assert flow.legal_actions(play) == [("play", 1), ("play", 2)]
    with pytest.raises(ValueError):
        flow.apply(s._replace(stage=OVER), PASS)


def test_up_to_means_none_of_one_effect_beside_the_other():
    """Take up to 3 items from one strip and upgrade 1 good: either part may be left out, not both."""
    s = make(goods={"peas": 1})
    takes = [((k, n),) for k in (0, 1) for n in (1, 2, 3)]  # strips of 3 and 4 items
    assert offered(s)["mountain-3-upgrade-1"] == (
        [(("upgrade", ()), ("mountain", m)) for m in takes]
        + [(("upgrade", (GOOD["peas"],)), ("mountain", m)) for m in [(), *takes]]
    )


def test_forging_names_the_tile_forged():
    s = make()
    assert offered(s)["forge"] == [(("forge", "jewelry"),), (("forge", "fibula"),), (("forge", "forge-hammer"),)]
    drawing = flow.apply(s, ("space", IDX["forge"], (("forge", "fibula"),)))  # column 3: a card first
    forged = flow.apply(drawing, 0)
    assert (forged.specials, forged.ore, forged.silver) == (("fibula",), 0, s.silver)


def test_the_options_chosen_together_must_fit_in_the_bay():
    """Room for every ship the options chosen bring at once: 3 small berths, 4 large ones
    (build-house-and-ship's two options would bring a longship and a knarr together)."""
    sp = flow.compiled()[IDX["build-house-and-ship"]]
    assert _ships_fit_together(make(), sp, ()) and _ships_fit_together(make(), sp, (0, 1))
    assert _ships_fit_together(make(ships=[{"type": "knarr"}] * 2), sp, (0, 1))
    assert not _ships_fit_together(make(ships=[{"type": "knarr"}] * 3), sp, (0, 1))
    assert _ships_fit_together(make(ships=[{"type": "knarr"}] * 3), sp, (1,))
    small = make(ships=[{"type": "whaling-boat"}] * 3 + [{"type": "knarr"}])
    assert _ships_fit_together(small, sp, (0, 1))  # large ships never take a small berth


# --- the listing remembered per space -------------------------------------------------------------


def _afresh(s) -> list[tuple]:
    """Every space's offers worked out without the listing's memory."""
    blocked = s.taken | s.placed
    return [a for sp in flow.compiled() if not blocked & sp.bit and s.vikings_left >= sp.column for a in offers(s, sp)]


KNARR_ONLY = [{"type": "knarr"}]
# pairs of states differing only in what some space reads: (first listed, then listed, spaces told apart)
PAIRS = [
    (make(), make(ships=[{"type": "longship"}] * 2), "plunder: two longships"),
    (make(), make()._replace(buildings_left=(3, 0, 5)), "build-house-and-ship: no stone house left"),
    (make(), make()._replace(buildings_left=(0, 3, 5)), "build-shed: no shed left"),
    (make(), make(resources={}), "building and crafting: no wood, stone or ore"),
    (make(), make(ships=[{"type": "whaling-boat"}] * 3 + [{"type": "longship"}]), "build-whaling-boat: small berths full"),
    (make(), make(goods={"cattle": 1}), "produce-milk: a cattle"),
    (make(), make(goods={"hide": 1}), "upgrade-2: other goods"),
    (make(), make()._replace(mountains=()), "mountain spaces: no strip"),
    (make(silver=3, ships=KNARR_ONLY), make(silver=2, ships=KNARR_ONLY), "emigrate-2: 3 silver in round 3"),
    (make(ships=KNARR_ONLY), make(), "special-sale: a knarr"),
    (make(ships=KNARR_ONLY, silver=6), make(ships=KNARR_ONLY, silver=0), "special-sale: the silver"),
    (make(), make(occupations={"hand": [2], "played_points": 0}), "occupation spaces: a card in hand"),
]


@pytest.mark.parametrize("first, then, why", PAIRS, ids=[p[2] for p in PAIRS])
def test_the_listing_remembered_tells_apart_what_each_space_reads(first, then, why):
    choices._cached_spaces.cache_clear()  # a fresh memory, filled by the first state
    assert space_actions(first) == _afresh(first)
    assert space_actions(then) == _afresh(then) != _afresh(first), why
