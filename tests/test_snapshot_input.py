"""Snapshots as input (models/snapshot.py): every problem named with its JSON path and its message, exactly."""

from __future__ import annotations

import io
import json

import pytest

from models.snapshot import (
    GAME_RECORD_HINT,
    MAX_DEPTH,
    Problem,
    SnapshotError,
    _join,
    dump_snapshot,
    json_schema,
    parse_snapshot,
    read_json,
    read_snapshot,
    short_repr,
)


def position(**player) -> dict:
    return {"format": "affo-snapshot/1", "game": {"round": 1}, "player": {"boards": [], **player}}


def on_home(*placements: dict) -> dict:
    return position(boards=[{"id": "home", "board": "home-long", "placements": list(placements)}])


def problems(data) -> list[tuple[str, str]]:
    with pytest.raises(SnapshotError) as err:
        parse_snapshot(data)
    return [(p.path, p.message) for p in err.value.problems]


@pytest.mark.parametrize(
    "data, expected",
    [
        (5, [("$", "Input should be a JSON object")]),
        ({"format": "affo-game/1"}, [("format", GAME_RECORD_HINT)]),
        ({"format": "affo-snapshot/1"}, [("player", "Field required")]),
        (on_home({"piece": "pea", "row": 0, "col": 0}), [("player.boards[0].placements[0].piece", "unknown piece 'pea'; did you mean 'peas'? (see affo pieces)")]),
        (on_home({"piece": "zzzzzz", "row": 0, "col": 0}), [("player.boards[0].placements[0].piece", "unknown piece 'zzzzzz' (see affo pieces)")]),
        (position(goods={"beanz": 1}), [("player.goods.beanz", "unknown goods 'beanz'; did you mean 'beans'? (see affo pieces)")]),
        (position(goods={"a\nb": 1}), [('player.goods["a\\nb"]', "unknown goods 'a\\nb' (see affo pieces)")]),
        (position(boards=[{"id": "home", "board": "home-lng"}]), [("player.boards[0].board", "unknown board 'home-lng'; did you mean 'home-long'? (see affo schema)")]),
        (position(silver="x"), [("player.silver", "Input should be a valid integer")]),
        (position(silver=-1, extra=2), [("player.silver", "Input should be greater than or equal to 0"), ("player.extra", "unknown key")]),
        (position(specials={"chalice": 1}), [("player.specials", "Input should be a JSON array")]),
        (position(ships=[5]), [("player.ships[0]", "Input should be a JSON object")]),
        (position(ships=[{"type": "canoe"}]), [("player.ships[0].type", "Input should be 'whaling-boat', 'knarr' or 'longship'")]),
        (position(specials=["chalic"]), [("player.specials[0]", "unknown special tile 'chalic'; did you mean 'chalice'? (see affo pieces)")]),
        (on_home({"piece": 5, "row": 0, "col": 0}), [("player.boards[0].placements[0].piece", "unknown piece 5 (see affo pieces)")]),
        (position(goods={"skin-and-bones": -1}), [("player.goods.skin-and-bones", "Input should be greater than or equal to 0")]),
        (position(resources={"wood": 1, "gold": 2}), [("player.resources.gold", "Input should be 'wood', 'stone' or 'ore'")]),
        (position(emigrated="two"), [("player.emigrated", "Input should be a valid integer or a JSON array")]),
        (position(emigrated=13), [("player.emigrated", "from 0 to 12 ships emigrate (each takes a banquet position): give a count or a list of ship types")]),
        (position(occupations={"hand": [1.5]}), [("player.occupations.hand[0]", "Input should be a valid string or a valid integer, got a number with a fractional part")]),
        (position() | {"game": {"round": 8}}, [("game.round", "a long game has 7 rounds")]),
        (position() | {"game": {"round": 7, "length": "short"}}, [("game.round", "a short game has 6 rounds")]),
        (position() | {"game": {"length": "medium"}}, [("game.length", "Input should be 'long' or 'short'")]),
    ],
)
def test_every_problem_is_named_with_its_path_and_message(data, expected):
    assert problems(data) == expected


def test_the_largest_counts_are_read():
    assert parse_snapshot(position(emigrated=12)).emigrated_ships == ["knarr"] * 12
    assert parse_snapshot(position(emigrated=["longship"])).emigrated_ships == ["longship"]


def test_a_problem_reads_as_path_and_message():
    assert str(Problem("player.silver", "too few")) == "player.silver: too few"
    assert str(Problem("", "too few")) == "too few"
    assert str(SnapshotError([Problem("a", "x"), Problem("b", "y")])) == "a: x; b: y"


def test_long_values_are_cut_in_messages():
    assert short_repr("abc") == "'abc'"
    assert short_repr("x" * 38) == "'" + "x" * 38 + "'"  # 40 characters: the limit, kept whole
    assert short_repr("x" * 50) == "'" + "x" * 38 + "…"
    assert len(short_repr("x" * 50)) == 40


def test_dumped_snapshots_read_back_the_same():
    snap = parse_snapshot(on_home({"piece": "oil", "row": 11, "col": 1}))
    data = dump_snapshot(snap)
    assert data == {"format": "affo-snapshot/1", "player": {"boards": [{"id": "home", "board": "home-long", "placements": [{"piece": "oil", "row": 11, "col": 1}]}]}}
    assert parse_snapshot(data) == snap


def test_the_schema_names_its_format():
    schema = json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "affo snapshot, format affo-snapshot/1"
    assert schema["required"] == ["format", "player"]


# --- reading files and standard input ---------------------------------------------------------------


def read_problems(source) -> list[tuple[str, str]]:
    with pytest.raises(SnapshotError) as err:
        read_json(source)
    return [(p.path, p.message) for p in err.value.problems]


def test_unreadable_files_are_named(tmp_path):
    missing = tmp_path / "none.json"
    assert read_problems(missing) == [("$", f"cannot read {missing}: No such file or directory")]
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"a": "\xe9"}')
    assert read_problems(latin) == [("$", f"{latin} is not UTF-8 text (byte 7: 0xe9)")]
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": }', encoding="utf-8")
    assert read_problems(broken) == [("$", "not valid JSON: Expecting value (line 1, column 7)")]


def test_nesting_and_huge_integers_are_refused_by_path(tmp_path):
    deep = tmp_path / "deep.json"
    nested: object = 1
    for _ in range(MAX_DEPTH + 1):
        nested = [nested]
    deep.write_text(json.dumps({"player": {"goods": nested}}), encoding="utf-8")
    # the root is level 0 and goods level 2: the first list below level MAX_DEPTH is MAX_DEPTH - 1 lists in
    assert read_problems(deep) == [("player.goods" + "[0]" * (MAX_DEPTH - 1), f"nested too deep (a snapshot needs at most {MAX_DEPTH} levels)")]
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps(position()).replace('"boards": []', '"boards": [], "silver": ' + "9" * 40), encoding="utf-8")
    with pytest.raises(SnapshotError) as err:
        read_snapshot(huge)
    assert [(p.path, p.message) for p in err.value.problems] == [("player.silver", "an integer of 40 digits is far beyond anything a game counts")]


@pytest.mark.parametrize("digits, message", [(30, "Input should be less than or equal to 999"), (31, "an integer of 31 digits is far beyond anything a game counts")])
def test_integers_are_read_up_to_30_digits(tmp_path, digits, message):
    """Longer literals are never turned into Python integers (their conversion is quadratic)."""
    path = tmp_path / "long.json"
    path.write_text(json.dumps(position()).replace('"boards": []', '"boards": [], "silver": ' + "9" * digits), encoding="utf-8")
    with pytest.raises(SnapshotError) as err:
        read_snapshot(path)
    assert [(p.path, p.message) for p in err.value.problems] == [("player.silver", message)]


def test_json_too_deep_for_the_parser_is_refused_at_the_root(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert read_problems(path) == [("$", f"JSON nested too deep (a snapshot needs at most {MAX_DEPTH} levels)")]


def test_messages_at_one_path_are_joined():
    """pydantic's "Input should be" alternatives read as one sentence; any other messages side by side."""
    assert _join(["Input should be a valid integer", "Input should be a JSON array"]) == "Input should be a valid integer or a JSON array"
    assert _join(["Input should be a valid integer", "too many"]) == "Input should be a valid integer; too many"
    assert _join(["Input should be a valid integer"]) == "Input should be a valid integer"


def test_a_byte_order_mark_is_harmless(tmp_path):
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + json.dumps(position(silver=3)).encode())
    assert read_snapshot(marked).player.silver == 3


class Bytes(io.StringIO):
    """Standard input with a byte buffer, as a terminal or pipe has."""

    def __init__(self, raw: bytes):
        super().__init__()
        self.buffer = io.BytesIO(raw)


def test_standard_input_is_read_as_bytes_or_text(monkeypatch):
    text = json.dumps(position(silver=2))
    monkeypatch.setattr("sys.stdin", Bytes(text.encode()))
    assert read_snapshot("-").player.silver == 2
    monkeypatch.setattr("sys.stdin", io.StringIO(text))  # no buffer: a test harness's text stream
    assert read_snapshot("-").player.silver == 2
    monkeypatch.setattr("sys.stdin", io.StringIO("\ud800"))  # a lone surrogate in a text stream: named, not a crash
    assert read_problems("-") == [("$", "standard input is not UTF-8 text (byte 0: 0xed)")]
    monkeypatch.setattr("sys.stdin", Bytes(b"\xff"))
    assert read_problems("-") == [("$", "standard input is not UTF-8 text (byte 0: 0xff)")]
