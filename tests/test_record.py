"""Game records as input (models/record.py): every problem named with its JSON path."""

from __future__ import annotations

import pytest

from models.record import RecordError, parse_record
from tests.helpers import put
from tests.records import BLUE_BADLY, record


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


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda d: d["rounds"][1].update(round=3), "$.rounds[1].round"),
        (lambda d: d["rounds"][1]["snapshot"]["game"].update(length="short", round=2), "$.rounds[1].snapshot.game.length"),
        (lambda d: d["rounds"][1]["snapshot"]["game"].update(players=2), "$.rounds[1].snapshot.game.players"),
        (lambda d: d["rounds"][0]["snapshot"]["game"].update(round=2), "$.rounds[0].snapshot.game.round"),
        (lambda d: d.update(extra=1), "$.extra"),
        (lambda d: d.update(format="affo-game/2"), "$.format"),
        (lambda d: d["rounds"][0]["snapshot"]["player"]["boards"][0]["placements"].append(put("peas", 0, 0)), "$.rounds[0].snapshot.player.boards[0].placements[1]"),
        (lambda d: d["rounds"][0].update(actions=[{"space": "build-a-shedd"}]), "$.rounds[0].actions[0].space"),
        (lambda d: d["rounds"][0]["snapshot"]["player"].update(silver=-1), "$.rounds[0].snapshot.player.silver"),
    ],
)
def test_bad_records_name_the_path(change, path):
    data = record()
    change(data)
    assert path in [p for p, _ in problems(data)]


def test_not_an_object_is_named_at_the_root():
    assert problems([1, 2]) == [("$", "a game record is a JSON object")]
