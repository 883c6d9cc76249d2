"""Exploration boards: which face shows in which round and the silver on it (PRINTED.md)."""

import pytest

from models.boards import board
from models.explorations import face_up_rounds, silver_on, turning_rounds
from models.round_end import turn_explorations
from models.round_rules import face_up_explorations

# PRINTED.md: silver taken when exploring an unclaimed board in a long-game round (absent: 0)
LONG_SILVER = {
    "shetland": {}, "newfoundland": {},
    "faroe-islands": {3: 2},
    "iceland": {3: 2, 4: 4},
    "greenland": {3: 2, 4: 4, 5: 6},
    "bear-island": {4: 2, 5: 4, 6: 6, 7: 6},
    "baffin-island": {5: 2, 6: 4, 7: 4},
    "labrador": {6: 2, 7: 2},
}
LONG_FACE_UP = {
    "shetland": (1, 2), "faroe-islands": (1, 3), "iceland": (1, 4), "greenland": (1, 5),
    "bear-island": (3, 7), "baffin-island": (4, 7), "labrador": (5, 7), "newfoundland": (6, 7),
}


def test_boards_turn_in_rounds_3_to_6_long_and_2_to_5_short():
    assert turning_rounds("long") == [3, 4, 5, 6]
    assert turning_rounds("short") == [2, 3, 4, 5]


@pytest.mark.parametrize("name", sorted(LONG_FACE_UP))
def test_face_up_rounds_as_printed(name):
    first, last = LONG_FACE_UP[name]
    assert face_up_rounds(board(name), "long") == range(first, last + 1)
    short = face_up_rounds(board(name), "short")
    assert (short.start, short.stop - 1) == (max(1, first - 1), last - 1)


@pytest.mark.parametrize("name", sorted(LONG_SILVER))
def test_silver_on_an_unclaimed_board_by_round(name):
    assert {r: silver_on(board(name), r, "long") for r in range(1, 8) if silver_on(board(name), r, "long")} == LONG_SILVER[name]
    short = {r + 1: silver_on(board(name), r, "short") for r in range(1, 7) if silver_on(board(name), r, "short")}
    assert short == LONG_SILVER[name]


def test_the_default_explorations_of_a_round_carry_the_printed_silver():
    assert face_up_explorations(5, "long", set()) == {"bear-island": 4, "baffin-island": 2, "labrador": 0, "greenland": 6}
    assert face_up_explorations(5, "long", {"D"}) == {"bear-island": 4, "baffin-island": 2, "labrador": 0}
    assert face_up_explorations(1, "short", set()) == {"shetland": 0, "faroe-islands": 0, "iceland": 0, "greenland": 0}


@pytest.mark.parametrize("length", ["long", "short"])
def test_phase_3_round_by_round_agrees_with_the_schedule(length):
    last = 7 if length == "long" else 6
    boards = tuple(sorted(face_up_explorations(1, length, set()).items()))
    for r in range(2, last + 1):
        boards = turn_explorations(boards, r, length)
        assert dict(boards) == face_up_explorations(r, length, set()), r
