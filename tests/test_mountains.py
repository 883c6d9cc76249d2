"""The eight printed mountain strips (PRINTED.md), their seeded shuffle and phase 11."""

from collections import Counter

import pytest

from models.mountains import deal_strips, phase_11, printed_strips, shuffled_strips, strips_in_round
from models.round_context import RoundContext
from models.round_rules import initial_state
from planner.solo import new_game
from tests.helpers import snapshot

PRINTED = [
    ("wood", "wood", "stone", "ore", "ore", "silver-2", "silver-2"),
    ("wood", "wood", "stone", "stone", "stone", "ore", "silver-2"),
    ("wood", "wood", "wood", "wood", "stone", "stone", "silver-2"),
    ("wood", "wood", "stone", "stone", "ore", "ore", "silver-2"),
    ("wood", "wood", "wood", "stone", "stone", "stone", "silver-2"),
    ("wood", "wood", "wood", "stone", "ore", "ore", "silver-2"),
    ("wood", "wood", "wood", "wood", "stone", "ore", "silver-2"),
    ("wood", "wood", "wood", "stone", "stone", "ore", "silver-2"),
]


def test_the_eight_printed_strips():
    assert printed_strips() == PRINTED
    assert Counter(i for s in printed_strips() for i in s) == {"wood": 23, "stone": 15, "ore": 9, "silver-2": 9}


def test_a_seed_fixes_the_shuffle_and_every_strip_is_used_once():
    assert shuffled_strips(7) == shuffled_strips(7)
    assert sorted(shuffled_strips(7)) == sorted(PRINTED)
    assert len({tuple(shuffled_strips(seed)) for seed in range(10)}) > 1


@pytest.mark.parametrize(("players", "up"), [(1, 2), (2, 2), (3, 2), (4, 3)])
def test_strips_face_up_at_the_start(players, up):
    face_up, pile = deal_strips(3, players)
    assert len(face_up) == up and len(pile) == 8 - up
    assert face_up + pile == shuffled_strips(3)


def test_phase_11_takes_the_arrow_end_drops_empty_strips_and_adds_one():
    a, b = ("silver-2",), ("ore", "wood", "silver-2")
    assert phase_11([a, b], PRINTED[0]) == [("wood", "silver-2"), PRINTED[0]]
    assert phase_11([a, b]) == [("wood", "silver-2")]  # the pile is empty: nothing added


def test_a_four_player_long_game_runs_out_of_strips_in_round_7():
    face_up, pile = deal_strips(0, 4)
    for round_ in range(1, 7):
        assert len(pile) == max(0, 5 - (round_ - 1))
        face_up = phase_11(face_up, pile.pop(0) if pile else ())
    # 3 at the start + 5 turned in phases 11 of rounds 1-5: round 6 already finds the pile empty
    assert pile == [] and strips_in_round(7, 4) == face_up and len(face_up) == 8


def test_strips_in_round_follows_phase_11():
    face_up, pile = deal_strips(0, 2)
    assert strips_in_round(1, 2) == face_up
    assert strips_in_round(2, 2) == [s[1:] for s in face_up] + [pile[0]]


def test_the_solo_game_deals_two_printed_strips():
    snap, ctx, pile = new_game(5)
    face_up, rest = deal_strips(5, 1)
    assert [tuple(s) for s in ctx.mountains] == face_up and pile == rest
    assert snap.player.silver == 0


def test_a_round_without_a_context_uses_the_seeded_printed_strips():
    state = initial_state(snapshot(game={"round": 2}), RoundContext())
    assert state.mountains == tuple(sorted(strips_in_round(2, 2)))
    assert initial_state(snapshot(), RoundContext(mountains=[])).mountains == ()
