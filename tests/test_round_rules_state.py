"""The round engine's state from a snapshot and back, worked by hand: `initial_state` with every
round-context default and with every field given, and `to_snapshot` for a state changed in each
field.

Written against the mutants mutmut left alive in models/round_rules.py (benchmarks/RESULTS-mutation.md).
Figures: the building supply (3 sheds, 3 stone houses, 5 long houses), the exploration schedule of
a long game in round 5 (models/explorations.py: Baffin Island 2 silver, Bear Island 4, Greenland 6,
Labrador 0), 10 Vikings in round 5 of a long game, the special tiles' list (models/data).
"""

from __future__ import annotations

from models.mountains import strips_in_round
from models.pieces import special_names
from models.round_context import RoundContext
from models.round_rules import State, initial_state, replace, setting_for, to_snapshot
from tests.helpers import entry, home, put, snapshot

ALL_SPECIALS = tuple(sorted(special_names()))


def rich_snapshot(players: int = 2, **extra):
    """Round 5 of a long game: three sheds, a stone house, Shetland (tile A) and a chalice laid."""
    boards = [
        home(put("chalice", 0, 0)),
        entry("shed"), entry("shed", id="shed-b"), entry("shed", id="shed-c"), entry("stone-house"), entry("shetland"),
    ]  # fmt: skip
    player = dict(
        silver=4,
        resources={"wood": 1, "stone": 2, "ore": 3},
        goods={"peas": 2, "mead": 0, "sheep": 1},
        weapons={"bow": 1, "snare": 0},
        ships=[{"type": "whaling-boat"}, {"type": "longship", "ore": 1}],
        emigrated=["longship", "knarr"],
        specials=["helmet", "chalice"],
        occupations={"hand": [3, "some-card", -1], "played_points": 7},
        thing_penalties=1,
    )
    return snapshot(boards, game={"round": 5, "players": players}, **(player | extra))


def test_every_context_default():
    snap = rich_snapshot()
    s = initial_state(snap, RoundContext(drawn_occupation_points=2))
    assert s == State(
        round=5,
        vikings_left=10,  # all of round 5's Vikings
        silver=4,
        wood=1,
        stone=2,
        ore=3,
        goods=(("peas", 2), ("sheep", 1)),  # none of a kind is no entry
        weapons=(("bow", 1),),
        ships=(("longship", 1), ("whaling-boat", 0)),
        emigrated=("knarr", "longship"),
        new_boards=(),
        specials=("helmet",),  # the chalice lies on the home board
        hand=(-1, 2, 3),  # the card given by name counts the points assumed for a drawn card
        occupation_points=7,
        taken=frozenset(),
        mountains=tuple(sorted(strips_in_round(5, 2))),  # the seed-0 deal for two players
        explorations=(("baffin-island", 2), ("greenland", 6), ("labrador", 0)),  # Bear Island shares Shetland's tile
        specials_left=tuple(x for x in ALL_SPECIALS if x not in ("chalice", "helmet")),
        buildings_left=(("long-house", 5), ("shed", 0), ("stone-house", 2)),
        thing_penalties=1,
        vikings_total=10,
    )


def test_the_mountain_default_follows_the_context_players_before_the_snapshot_s():
    assert tuple(sorted(strips_in_round(5, 4))) != tuple(sorted(strips_in_round(5, 2)))  # the test can tell them apart
    four = initial_state(rich_snapshot(), RoundContext(players=4))
    assert four.mountains == tuple(sorted(strips_in_round(5, 4)))
    table_of_four = initial_state(rich_snapshot(players=4), RoundContext())
    assert table_of_four.mountains == tuple(sorted(strips_in_round(5, 4)))


def test_every_context_field_given_wins_over_the_snapshot_even_when_empty():
    context = RoundContext(
        taken=["build-shed", "raid"],
        mountains=[["stone", "wood"], [], ["ore"]],
        explorations_available={},
        specials_left=[],
        buildings_left={"shed": 1, "stone-house": 0, "long-house": 2},
        vikings_left=0,
        players=3,
    )
    s = initial_state(rich_snapshot(vikings=8), context)
    assert (s.taken, s.mountains, s.explorations, s.specials_left) == (frozenset({"build-shed", "raid"}), (("ore",), ("stone", "wood")), (), ())
    assert (s.buildings_left, s.vikings_left, s.vikings_total, s.hand) == ((("long-house", 2), ("shed", 1), ("stone-house", 0)), 0, 8, (-1, 0, 3))
    three = initial_state(rich_snapshot(vikings=8), RoundContext(vikings_left=3, explorations_available={"iceland": 2}))
    assert (three.vikings_left, three.vikings_total, three.explorations) == (3, 8, (("iceland", 2),))


def test_a_setting_takes_the_players_from_the_context_first():
    snap = rich_snapshot()
    assert setting_for(snap, RoundContext(players=4)).players == 4
    assert setting_for(snap, RoundContext()).players == 2
    assert setting_for(snap, RoundContext(drawn_occupation_points=3)).drawn_occupation_points == 3
    assert setting_for(snap, RoundContext(), {"peas": 9.0}).values == {"peas": 9.0}


def test_to_snapshot_writes_every_field_of_the_state_back():
    snap = rich_snapshot(banquet={"placements": [put("peas", 0, 0)]})
    setting = setting_for(snap, RoundContext())
    s = replace(
        initial_state(snap, RoundContext()),
        round=6,
        silver=9,
        wood=0,
        stone=5,
        ore=1,
        goods=(("beans", 1), ("wool", 2)),
        weapons=(("spear", 2),),
        specials=("glass-beads", "helmet"),
        ships=(("knarr", 0), ("longship", 2)),
        emigrated=("knarr", "knarr", "longship"),
        new_boards=("shed", "shed", "stone-house"),
        hand=(1,),
        occupation_points=9,
        thing_penalties=2,
        vikings_total=11,
        banquet_cleared=True,
    )
    out = to_snapshot(s, setting).model_dump(mode="json")
    p = out["player"]
    assert out["game"]["round"] == 6
    assert (p["silver"], p["resources"], p["goods"], p["weapons"]) == (9, {"wood": 0, "stone": 5, "ore": 1}, {"beans": 1, "wool": 2}, {"spear": 2})
    assert p["specials"] == ["glass-beads", "helmet", "chalice"]  # in supply, then those laid
    assert p["ships"] == [{"type": "knarr", "ore": 0}, {"type": "longship", "ore": 2}]
    assert (p["emigrated"], p["thing_penalties"], p["vikings"]) == (["knarr", "knarr", "longship"], 2, 11)
    assert (p["occupations"]["hand"], p["occupations"]["played_points"]) == ([1], 9)
    assert [(b["id"], b["board"]) for b in p["boards"]] == [
        ("home", "home-long"), ("shed", "shed"), ("shed-b", "shed"), ("shed-c", "shed"), ("stone-house", "stone-house"),
        ("shetland", "shetland"), ("shed-2", "shed"), ("shed-3", "shed"), ("stone-house-2", "stone-house"),
    ]  # fmt: skip
    assert [b["placements"] for b in p["boards"][-3:]] == [[], [], []]
    assert p["banquet"]["placements"] == []  # served in an earlier feast


def test_to_snapshot_of_an_unchanged_state_is_the_snapshot():
    snap = rich_snapshot(banquet={"placements": [put("peas", 0, 0)]}, vikings=10)
    setting = setting_for(snap, RoundContext())
    back = to_snapshot(initial_state(snap, RoundContext(drawn_occupation_points=2)), setting).model_dump(mode="json")
    expected = snap.model_dump(mode="json")
    expected["player"]["occupations"]["hand"] = [-1, 2, 3]  # the named card became its points
    expected["player"]["goods"] = {"peas": 2, "sheep": 1}
    expected["player"]["weapons"] = {"bow": 1}
    expected["player"]["specials"] = ["helmet", "chalice"]
    expected["player"]["ships"] = [{"type": "longship", "ore": 1}, {"type": "whaling-boat", "ore": 0}]
    expected["player"]["emigrated"] = ["knarr", "longship"]
    assert back == expected
    assert back["player"]["banquet"]["placements"] == [put("peas", 0, 0)]
