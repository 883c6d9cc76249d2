"""Game records as input (models/record.py): every problem named with its JSON path and its message, exactly."""

from __future__ import annotations

import json

import pytest

from models.record import RecordError, laid_between, parse_record, read_record
from models.snapshot import Placement
from tests.helpers import put
from tests.records import BLUE_BADLY, OIL_BADLY, record, snap


def parse_placement(data: dict) -> Placement:
    return Placement(**data)


def problems(data) -> list[tuple[str, str]]:
    with pytest.raises(RecordError) as err:
        parse_record(data)
    return [(p.path, p.message) for p in err.value.problems]


def test_a_tile_that_leaves_a_board_is_named_with_its_path():
    bad = record()
    bad["rounds"][1]["snapshot"]["player"]["boards"][0]["placements"] = [BLUE_BADLY]
    found = problems(bad)
    assert found[0][0] == "$.rounds[1].snapshot.player.boards[0].placements"
    assert "oil at (11, 1)" in found[0][1] and "never leaves" in found[0][1]


def test_not_an_object_is_named_at_the_root():
    assert problems([1, 2]) == [("$", "a game record is a JSON object")]


# --- every problem, path and message, exactly -----------------------------------------------------


def long_game(rounds: int) -> dict:
    """Empty boards and tables, one round after another (the last snapshot kept at round 7)."""
    return {"format": "affo-game/1", "rounds": [{"round": r, "snapshot": snap(min(r, 7), [], [])} for r in range(1, rounds + 1)]}


def shed_lost_with_a_tile(data: dict) -> None:
    """Round 1 has a shed beside the home board; round 2 has neither the shed nor the oil."""
    data["rounds"][0]["snapshot"]["player"]["boards"].insert(0, {"id": "s", "board": "shed"})
    data["rounds"][1]["snapshot"]["player"]["boards"][0]["placements"] = []


def board_changed_and_shed_emptied(data: dict) -> None:
    """Round 2's home board is another board, and its shed has lost its wood."""
    for r in data["rounds"]:
        r["snapshot"]["player"]["boards"].append({"id": "s", "board": "shed", "resources": {"wood": 1}})
    data["rounds"][1]["snapshot"]["player"]["boards"][0]["board"] = "home-short"
    data["rounds"][1]["snapshot"]["player"]["boards"][1]["resources"] = {}


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["rounds"][1]["snapshot"]["game"].update(length="short", round=2),
         [("$.rounds[1].snapshot.game.length", "is 'short'; the game began with 'long'")]),
        (lambda d: d["rounds"][1]["snapshot"]["game"].update(players=2), [("$.rounds[1].snapshot.game.players", "is 2; the game began with 1")]),
        (lambda d: d["rounds"][0]["snapshot"]["game"].update(round=2), [("$.rounds[0].snapshot.game.round", "is 2, but this is round 1")]),
        (lambda d: d["rounds"][1].update(round=3), [("$.rounds[1].round", "expected round 2: rounds run 1, 2, ... without gaps")]),
        (lambda d: d.update(extra=1, format="affo-game/2"), [("$.extra", "unknown key"), ("$.format", "must be 'affo-game/1'")]),
        (lambda d: d.update(rounds=[]), [("$.rounds", "a list of at least one round")]),
        (lambda d: d.update(rounds={"round": 1}), [("$.rounds", "a list of at least one round")]),
        (lambda d: d["rounds"].__setitem__(0, 5), [("$.rounds[0]", "a round is an object with round, snapshot and (optional) actions")]),
        (lambda d: d["rounds"][0].update(round="1", bogus=1), [("$.rounds[0].bogus", "unknown key"), ("$.rounds[0].round", "the round number, a whole number")]),
        (lambda d: d["rounds"][0].update(round=True), [("$.rounds[0].round", "the round number, a whole number")]),
        (lambda d: d["rounds"][0].pop("snapshot"), [("$.rounds[0].snapshot", "missing: the position after the round's feast")]),
        (lambda d: d["rounds"][0].update(actions=5), [("$.rounds[0].actions", "a list of actions")]),
        (lambda d: d["rounds"][0].update(actions=[5, {"kind": "fly"}, {"space": "build-shed", "choice": 3, "x": 1}, {"space": 7}]),
         [("$.rounds[0].actions[0]", 'an action is an object such as {"space": "build-a-shed"}'),
          ("$.rounds[0].actions[1].kind", "one of space, buy-ship, arm-ship, pass"),
          ("$.rounds[0].actions[2].x", "unknown key"),
          ("$.rounds[0].actions[2].choice", "an object (what was chosen on the space)"),
          ("$.rounds[0].actions[3].space", "an action-space id (see affo spaces)")]),
        (lambda d: d["rounds"][0].update(actions=[{"space": "build-a-shedd"}, {"space": "qqqqqqqqqq"}]),
         [("$.rounds[0].actions[0].space", "unknown action space 'build-a-shedd'; did you mean 'build-shed'?"),
          ("$.rounds[0].actions[1].space", "unknown action space 'qqqqqqqqqq' (see affo spaces)")]),
        (lambda d: d["rounds"][0].update(actions=[{"space": "weekly-feast", "drawn": "Fishermann"}, {"space": "raid", "drawn": 191},
                                                  {"space": "raid", "drawn": True}, {"space": "raid", "drawn": 94}]),
         [("$.rounds[0].actions[0].drawn", "the name or number of the occupation card drawn, not 'Fishermann'; did you mean 'Fisherman'?"),
          ("$.rounds[0].actions[1].drawn", "the name or number of the occupation card drawn, not 191 (see affo cards)"),
          ("$.rounds[0].actions[2].drawn", "the name or number of the occupation card drawn, not True (see affo cards)")]),
        (lambda d: d["rounds"][0].update(actions=[{"space": "raid", "roll": 6}, {"space": "raid", "roll": {"spent": {"wood": 1}, "x": 0}},
                                                  {"space": "raid", "roll": {"success": True, "spent": {"ore": 1, "bow": -1}, "result": "7"}},
                                                  {"space": "raid", "roll": {"success": False, "spent": []}},
                                                  {"space": "raid", "roll": {"success": True, "result": -3}},
                                                  {"space": "raid", "roll": {"success": True, "spent": {"wood": "two"}, "result": 0}}]),
         [("$.rounds[0].actions[0].roll", 'how the dice ended, such as {"success": true, "spent": {"wood": 1}}'),
          ("$.rounds[0].actions[1].roll.x", "unknown key (success, spent, result)"),
          ("$.rounds[0].actions[1].roll.success", "true or false: whether the roll succeeded"),
          ("$.rounds[0].actions[2].roll.spent.ore", "an item a roll spends (bow, long-sword, snare, spear, stone, wood)"),
          ("$.rounds[0].actions[2].roll.spent.bow", "a count of 0 or more"),
          ("$.rounds[0].actions[2].roll.result", "a whole number: the combat result a raid or pillage counted"),
          ("$.rounds[0].actions[3].roll.spent", 'an object from item to count, such as {"wood": 2}'),
          ("$.rounds[0].actions[4].roll.result", "a whole number: the combat result a raid or pillage counted"),
          ("$.rounds[0].actions[5].roll.spent.wood", "a count of 0 or more")]),  # a result of 0 is read
        (lambda d: d["rounds"][1].update(weapon="axe"), [("$.rounds[1].weapon", "the weapon card drawn at the round's start (bow, long-sword, snare, spear), not 'axe'")]),
        (lambda d: d["rounds"][1].update(weapon=["bow"]), [("$.rounds[1].weapon", "the weapon card drawn at the round's start (bow, long-sword, snare, spear), not ['bow']")]),
        (lambda d: d["rounds"][0].update(actions=[{"choice": {}}]), [("$.rounds[0].actions[0].space", "missing: the action space taken (see affo spaces)")]),
        (lambda d: d["rounds"][0].update(context={"bogus": 1}), [("$.rounds[0].context.bogus", "unknown key")]),
        (lambda d: d["rounds"][0].update(context=[]), [("$.rounds[0].context", "Input should be a JSON object")]),
        (lambda d: d.update(start=snap(1, [put("peas", 0, 0)], [])),
         [("$.start.player.boards[0].placements[0]", "orange pieces (peas) go only into houses, never onto the home board home-long"),
          ("$.rounds[0].snapshot.player.boards[0].placements", "peas at (0, 0) rotation 0 was on board 'home' and has left it: a tile never leaves a board")]),
        (lambda d: d.update(final=snap(7, [OIL_BADLY, BLUE_BADLY], []) | {"game": {"round": 7, "players": 2}}),
         [("$.final.game.players", "is 2; the game began with 1")]),
        (shed_lost_with_a_tile,
         [("$.rounds[1].snapshot.player.boards", "board 's' (shed) is gone: a board is never lost"),
          ("$.rounds[1].snapshot.player.boards[0].placements", "oil at (11, 1) rotation 0 was on board 'home' and has left it: a tile never leaves a board")]),
        (lambda d: d.update(start=5), [("$.start", "Input should be a JSON object")]),
        (lambda d: d.update(final=[]), [("$.final", "Input should be a JSON object")]),
        (lambda d: d["rounds"][0]["snapshot"].update({"a b": 1}), [('$.rounds[0].snapshot["a b"]', "unknown key")]),
        (lambda d: d["rounds"][0]["snapshot"]["player"].update(silver=-1), [("$.rounds[0].snapshot.player.silver", "Input should be greater than or equal to 0")]),
        (lambda d: d["rounds"][0]["snapshot"]["player"]["boards"][0]["placements"].append(put("peas", 0, 0)),
         [("$.rounds[0].snapshot.player.boards[0].placements[1]", "orange pieces (peas) go only into houses, never onto the home board home-long"),
          ("$.rounds[1].snapshot.player.boards[0].placements", "peas at (0, 0) rotation 0 was on board 'home' and has left it: a tile never leaves a board")]),
        (lambda d: d.update(start=snap(1, [BLUE_BADLY], [])),
         [("$.rounds[0].snapshot.player.boards[0].placements",
           "silverware at (0, 0) rotation 0 was on board 'home' and has left it: a tile never leaves a board")]),
        (lambda d: d.update(final=snap(2, [OIL_BADLY, BLUE_BADLY], [])), [("$.final.game.round", "the end-of-game placement comes after round 7")]),
        (lambda d: d["rounds"][1]["snapshot"]["player"]["boards"][0].update(id="main"),
         [("$.rounds[1].snapshot.player.boards", "board 'home' (home-long) is gone: a board is never lost")]),
        (board_changed_and_shed_emptied,
         [("$.rounds[1].snapshot.player.boards[0].board", "board 'home' was a home-long"),
          ("$.rounds[1].snapshot.player.boards[1].resources.wood", "fewer wood than before: resources never leave a board")]),
        (lambda d: d["rounds"][1]["snapshot"]["player"]["boards"][0].update(board="home-short"),
         [("$.rounds[1].snapshot.player.boards[0].board", "board 'home' was a home-long")]),
        (lambda d: d["rounds"][0]["snapshot"]["player"]["boards"][0].update(resources={"wood": 1}),
         [("$.rounds[0].snapshot.player.boards[0].resources.wood", "1 wood placed but home-long has no wood spaces"),
          ("$.rounds[1].snapshot.player.boards[0].resources.wood", "fewer wood than before: resources never leave a board")]),
    ],
)
def test_every_problem_is_named_with_its_path_and_message(change, expected):
    data = record()
    change(data)
    assert problems(data) == expected


def test_a_game_longer_than_its_rounds():
    assert problems(long_game(8)) == [("$.rounds[7].snapshot.game.round", "is 7, but this is round 8"), ("$.rounds[7]", "a long game has only 7 rounds")]
    assert len(parse_record(long_game(7)).rounds) == 7


def test_actions_are_read_with_their_defaults():
    data = record()
    data["rounds"][0]["actions"] = [
        {"space": "build-shed", "choice": {"wood": 2}}, {"space": "weekly-feast", "drawn": "Tutor"}, {"kind": "pass"}, {"kind": "buy-ship", "space": 3},
        {"space": "raid", "drawn": 94, "roll": {"success": True, "spent": {"wood": 2, "stone": 0}, "result": 9}},
        {"space": "whaling-major", "roll": {"success": False}},
    ]
    actions = parse_record(data).rounds[0].actions
    assert [a.as_json() for a in actions] == [
        {"kind": "space", "space": "build-shed", "choice": {"wood": 2}},
        {"kind": "space", "space": "weekly-feast", "choice": {}, "drawn": "Tutor"},  # a name two cards print is a card's name
        {"kind": "pass", "space": "", "choice": {}},
        {"kind": "buy-ship", "space": "", "choice": {}},
        {"kind": "space", "space": "raid", "choice": {}, "drawn": 94, "roll": {"success": True, "spent": {"wood": 2}, "result": 9}},
        {"kind": "space", "space": "whaling-major", "choice": {}, "roll": {"success": False, "spent": {}}},
    ]
    assert parse_record(record()).rounds[1].actions is None
    data = record()
    data["rounds"][1]["weapon"] = "spear"  # the weapon card round 2's phase 4 drew
    assert [r.weapon for r in parse_record(data).rounds] == [None, "spear"]


def test_a_choice_built_in_memory_reads_as_from_a_file():
    data = record()
    data["rounds"][0]["actions"] = [{"space": "build-shed", "choice": {"take": ("wood", "stone")}}]
    assert parse_record(data).rounds[0].actions[0].choice == {"take": ["wood", "stone"]}  # as json.load gives it
    data["rounds"][0]["actions"] = [{"space": "build-shed", "choice": {"take": {"wood", "stone"}}}]
    assert ("$.rounds[0].actions[0].choice", "plain JSON values (objects, lists, strings, numbers)") in problems(data)


def test_each_round_starts_from_the_one_before():
    start = snap(1, [], [])
    data = record() | {"start": start}
    game = parse_record(data)
    assert game.before(0) == parse_record(record() | {"start": start}).start and game.before(0) is not None
    assert game.before(1) is game.rounds[0].snapshot
    assert parse_record(record()).before(0) is None
    assert game.length == "long"


def test_the_tiles_laid_between_two_positions():
    game = parse_record(record())
    first, second = game.rounds[0].snapshot, game.rounds[1].snapshot
    assert laid_between(None, first) == {"home": [parse_placement(OIL_BADLY)]}
    assert laid_between(first, second) == {"home": [parse_placement(BLUE_BADLY)]}
    assert laid_between(second, second) == {}


def test_read_record_names_bad_json_at_the_root(tmp_path):
    bad = tmp_path / "game.json"
    bad.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(RecordError) as err:
        read_record(bad)
    assert [(p.path, p.message) for p in err.value.problems] == [("$", "not valid JSON: Expecting value (line 1, column 12)")]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record()), encoding="utf-8")
    assert read_record(good) == parse_record(record())


def test_a_one_round_game_and_what_each_round_keeps():
    """A record of round 1 alone; a round's context, and a shed's wood kept from round to round, are read."""
    data = record()
    data["rounds"] = data["rounds"][:1]
    assert len(parse_record(data).rounds) == 1
    data = record()
    data["rounds"][0]["context"] = {"taken": ["build-shed"]}
    for r in data["rounds"]:
        r["snapshot"]["player"]["boards"].append({"id": "s", "board": "shed", "resources": {"wood": 1}})
    game = parse_record(data)
    assert game.rounds[0].context.taken == ["build-shed"] and game.rounds[1].context is None
    assert [e.resources for e in game.rounds[1].snapshot.player.boards] == [{}, {"wood": 1}]
