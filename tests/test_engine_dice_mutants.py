"""Exact outcomes that kill the mutants of models/engine/dice.py and models/engine/draws.py
(benchmarks/mutation.py): each decision worked out by hand from the dice rules on the round-3
position of tests/round_positions.py (3 wood, 2 stone; a bow, a snare, a spear; a whaling boat and
a longship). Hunting (d8) spends wood or bows, whaling (d12) wood or spears less 1 per boat used
and its added ore; a raid (d8) and a pillage (d12, plus the best-armed longship's ore) spend stone
or long swords to reach a blue tile's sword value, and fail at 5 or below; 3 rolls at most.
"""

from fractions import Fraction

from models.engine.dice import FAIL, REROLL, decide, decisions, faces, ore_bonus, roll_outcomes, rolled
from models.engine.draws import STRIPS, deal, strip_draw, weapon_draws, without
from models.engine.snapshots import from_snapshot
from models.engine.spaces import compiled
from models.engine.state import ACTIONS, DECIDE, ROLL, goods_dict
from models.engine.tables import space_index
from models.round_context import split_snapshot
from tests.round_positions import round_3

IDX = space_index()


def at(space_id: str, face: int, number: int = 1, **player):
    """The decision after `face` shows on roll `number` of the space."""
    s = from_snapshot(*split_snapshot(round_3(**player)))
    return s._replace(stage=DECIDE, pending=(IDX[space_id], number, face))


def test_a_die_has_equal_faces_and_a_roll_awaits_the_decision():
    assert faces(8) == tuple((Fraction(1, 8), f) for f in range(1, 9))
    s = at("whaling-major", 1)._replace(stage=ROLL, pending=(IDX["whaling-major"], 2))
    assert roll_outcomes(s) == faces(12)
    assert rolled(s, 7)[1:3] == (DECIDE, (IDX["whaling-major"], 2, 7))


def test_a_hunt_offers_every_way_to_spend_exactly_the_face():
    assert decisions(at("hunt-game-1", 3)) == [("succeed", (("wood", 3),), None), ("succeed", (("wood", 2), ("bow", 1)), None), FAIL, REROLL]
    assert decisions(at("hunt-game-1", 4)) == [("succeed", (("wood", 3), ("bow", 1)), None), FAIL, REROLL]
    assert decisions(at("hunt-game-1", 5)) == [FAIL, REROLL]
    assert decisions(at("hunt-game-1", 1, number=3)) == [("succeed", (("wood", 1),), None), ("succeed", (("bow", 1),), None), FAIL]
    assert decisions(at("lay-snare", 2, resources={})) == [FAIL, REROLL]  # 1 snare, no wood: 2 out of reach


def test_whaling_counts_each_boat_used_and_its_added_ore():
    boats = [{"type": "whaling-boat", "ore": 1}, {"type": "whaling-boat"}, {"type": "whaling-boat"}]
    s = at("whaling-major", 4, ships=boats)
    assert ore_bonus(s, compiled()[IDX["whaling-major"]]) == 2 + 1 + 1
    assert decisions(s) == [("succeed", (), None)]  # nothing to spend: no failure to declare
    assert decisions(at("whaling-major", 6, ships=boats)) == [("succeed", (("wood", 2),), None), ("succeed", (("wood", 1), ("spear", 1)), None), FAIL, REROLL]
    minor = at("whaling-minor", 3, ships=boats)  # one boat: the best armed
    assert ore_bonus(minor, compiled()[IDX["whaling-minor"]]) == 2
    assert decisions(minor) == [("succeed", (("wood", 1),), None), ("succeed", (("spear", 1),), None), FAIL, REROLL]


def test_a_raid_reaches_every_blue_tile_up_to_its_result():
    s = at("raid", 5)  # 5 fails: 1 stone reaches a rune stone (6), 2 stone a sword value of 7
    assert decisions(s) == [
        ("succeed", (("stone", 1),), "rune-stone"), ("succeed", (("stone", 2),), "glass-beads"),
        ("succeed", (("stone", 2),), "silverware"), FAIL, REROLL,
    ]  # fmt: skip
    high = decisions(at("raid", 8, resources={}))
    assert [d[2] for d in high[:-2]] == ["rune-stone", "glass-beads", "silverware", "belt", "chest", "cloakpin", "crucifix",
                                         "drinking-horn", "helmet", "silk"]  # fmt: skip
    assert all(d[1] == () for d in high[:-2]) and high[-2:] == [FAIL, REROLL]


def test_a_pillage_adds_the_ore_of_the_best_armed_longship():
    ships = [{"type": "longship", "ore": 1}, {"type": "longship", "ore": 3}]
    s = at("pillage-2", 4, number=3, ships=ships, resources={}, weapons={"long-sword": 1})
    assert ore_bonus(s, compiled()[IDX["pillage-2"]]) == 3
    assert [(d[1], d[2]) for d in decisions(s) if d[0] == "succeed"][:3] == [
        ((), "rune-stone"), ((), "glass-beads"), ((), "silverware")]  # fmt: skip
    assert decisions(s)[-1] == FAIL  # the third roll: no re-roll
    assert ("succeed", (("long-sword", 1),), "belt") in decisions(s) and len(decisions(s)) == 3 + 7 + 1
    assert ore_bonus(at("raid", 4, ships=ships), compiled()[IDX["raid"]]) == 0


def test_deciding_rerolls_fails_or_spends_and_gains():
    again = decide(at("hunt-game-1", 3, number=2), REROLL)
    assert (again.stage, again.pending) == (ROLL, (IDX["hunt-game-1"], 3))
    failed = decide(at("lay-snare", 6), FAIL)
    assert (failed.stage, failed.pending, failed.wood, failed.weapons, failed.vikings_left) == (ACTIONS, (), 4, (1, 2, 1, 0), 9)
    hunted = decide(at("hunt-game-1", 3), ("succeed", (("wood", 2), ("bow", 1)), None))
    assert (hunted.stage, hunted.wood, hunted.weapons) == (ACTIONS, 1, (0, 1, 1, 0))
    assert goods_dict(hunted.goods)["hide"] == 2 and goods_dict(hunted.goods)["game-meat"] == 1
    raided = decide(at("raid", 5), ("succeed", (("stone", 2),), "silverware"))
    assert raided.stone == 0 and goods_dict(raided.goods)["silverware"] == 1
    special = decide(at("raid", 8), ("succeed", (), "helmet"))
    assert special.specials == ("helmet",) and "helmet" not in special.specials_left and special.silver == 6


def test_draws_are_exact():
    assert weapon_draws(1) == tuple((Fraction(1, 4), tuple(int(i == k) for i in range(4))) for k in range(4))
    two = dict((o, p) for p, o in weapon_draws(2))
    assert two[(1, 1, 0, 0)] == Fraction(2, 16) and two[(0, 0, 2, 0)] == Fraction(1, 16) and len(two) == 10
    pile = (0, 0, 3)
    assert strip_draw(pile) == ((Fraction(2, 3), STRIPS[0]), (Fraction(1, 3), STRIPS[3]))
    assert without((0, 1, 2, 3), (STRIPS[2], STRIPS[0])) == (1, 3)
    dealt = deal((0, 1, 2), 2)
    assert dealt == tuple((Fraction(1, 3), tuple(sorted(pair))) for pair in ((STRIPS[0], STRIPS[1]), (STRIPS[0], STRIPS[2]), (STRIPS[1], STRIPS[2])))
