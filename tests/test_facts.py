"""The game's fixed numbers, defined once (models/facts.py) and used the same everywhere."""

import re

import pytest

from models.data_files import DataFileError, load, parse, text
from models.facts import BANQUET_POSITIONS, BANQUET_ROWS, THING_PENALTY, income_phases_left, rounds, vikings_in_round
from models.round_context import RoundContext
from models.round_rules import initial_state, setting_for
from models.scoring import score
from models.snapshot import SnapshotError
from planner.evaluate import later_feast_positions
from tests.helpers import snapshot


def test_rounds_and_vikings_per_round_long_and_short():
    assert (rounds("long"), rounds("short")) == (7, 6)
    assert [vikings_in_round(r, "long") for r in range(1, 8)] == [6, 7, 8, 9, 10, 11, 12]
    assert [vikings_in_round(r, "short") for r in range(1, 7)] == [7, 8, 9, 10, 11, 12]


def test_the_table_and_the_thing_penalty():
    assert (BANQUET_POSITIONS, BANQUET_ROWS, THING_PENALTY) == (12, 4, -3)


def test_income_phases_left():
    assert [income_phases_left(r, "long") for r in range(1, 8)] == [6, 5, 4, 3, 2, 1, 0]
    assert [income_phases_left(r, "short") for r in range(1, 7)] == [5, 4, 3, 2, 1, 0]


@pytest.mark.parametrize("players", [1, 2])
def test_a_snapshot_defaults_to_the_vikings_of_its_round_and_length(players):
    short = snapshot(game={"length": "short", "round": 3, "players": players})
    long = snapshot(game={"length": "long", "round": 3, "players": players})
    assert (short.vikings, long.vikings) == (9, 8)
    assert (short.last_round, long.last_round) == (6, 7)


def test_a_short_game_has_no_round_7():
    with pytest.raises(SnapshotError) as err:
        snapshot(game={"length": "short", "round": 7})
    assert [p.path for p in err.value.problems] == ["game.round"]
    assert snapshot(game={"length": "long", "round": 7}).game.round == 7


def test_a_thing_penalty_costs_3_points():
    base = score(snapshot()).total
    assert score(snapshot(thing_penalties=2)).total == base - 6


def test_the_evaluator_counts_the_short_games_extra_viking():
    short = snapshot(game={"length": "short", "round": 4}, emigrated=1)
    long = snapshot(game={"length": "long", "round": 4}, emigrated=1)
    s_short = initial_state(short, RoundContext())
    s_long = initial_state(long, RoundContext())
    # short: rounds 5 and 6 with 11 and 12 Vikings; long: rounds 5-7 with 10, 11, 12; one ship emigrated
    assert later_feast_positions(s_short, "short") == 10 + 11
    assert later_feast_positions(s_long, "long") == 9 + 10 + 11
    assert setting_for(short, RoundContext()).last_round == 6


@pytest.mark.parametrize("name", ["game", "harvest", "values", "blue_sword_values", "pieces", "mountains", "boards/home"])
def test_every_data_file_loads_strictly(name):
    assert load(name) == parse(name, text(name))


@pytest.mark.parametrize(
    ("name", "old", "new", "bad"),
    [
        ("game", "[scoring]\nthing_penalty", "[scoring]\nmisplaced_pair = -3\nthing_penalty", "scoring.misplaced_pair"),
        ("mountains", 'items = ["wood", "wood", "stone", "ore"', 'item = ["wood", "wood", "stone", "ore"', "strip[0].item"),
        ("boards/greenland", "turns_over_in_round", "explore_space = \"x\"\nturns_over_in_round", "explore_space"),
        ("pieces", "[special.helmet]\n", "[special.helmet]\nprice = 1\n", "special.helmet.price"),
    ],
)
def test_a_key_nothing_reads_is_rejected(name, old, new, bad):
    original = text(name)
    assert old in original
    with pytest.raises(DataFileError, match=f"keys nothing reads: {re.escape(bad)}$"):
        parse(name, original.replace(old, new, 1))
