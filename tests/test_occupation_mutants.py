"""Occupation effects where mutation testing (benchmarks/mutation.py) found a rule no test pinned:
which card a play by points takes, counts of none and of more than one, a second purchase named
with the first, each occasion word of a card with two, and a discount's threshold."""

from __future__ import annotations

import pytest

from models.actions import ActionDataError
from models.occupation_cards import _effect, effects
from models.round_rules import replace
from models.round_rules import occupations
from models.round_rules.state import spaces_by_id
from tests.test_occupation_effects import after, make, plays


pytestmark = pytest.mark.usefixtures("occupation_data_afresh")


def test_a_play_by_points_takes_the_card_printing_most_then_the_lowest_numbered():
    s, setting = make(["Miner", "Ship Owner"])  # cards 22 (1 point) and 14 (2 points)
    assert occupations.play(s, 1, (), (), setting).cards == (22,)
    s, setting = make(["Custodian", "Miner"])  # 23 and 22, a point each
    assert occupations.play(s, 1, (), (), setting).cards == (23,)


def test_a_gain_per_thing_owned_is_nothing_without_one_and_every_good_scaled_with_two():
    s, setting = make(["Fisherman"], ships=[])  # no whaling boat
    assert after(s, setting, plays(s, setting, "play-occupations-2")[((27,), (), 1)]).count("stockfish") == s.count("stockfish")
    houses = [{"id": "home", "board": "home-long"}, {"id": "h1", "board": "stone-house"}, {"id": "h2", "board": "long-house"}]
    s, setting = make(["Cottager"], boards=houses)
    assert after(s, setting, plays(s, setting, "play-occupations-2")[((15,), (), 1)]).count("mead") == s.count("mead") + 4


def test_counted_sheep_include_pregnant_ones_and_silk_is_counted_in_supply():
    s, setting = make(["Sheep Shearer"], goods={"sheep": 2, "pregnant-sheep": 1})
    assert after(s, setting, plays(s, setting, "play-occupations-2")[((33,), (), 1)]).count("wool") == s.count("wool") + 1
    s, setting = make(["Silk Merchant"], goods={"silk": 2})
    assert after(s, setting, plays(s, setting, "play-occupations-2")[((30,), (), 1)]).silver == s.silver + 3


@pytest.mark.parametrize(("silver", "both"), [(4, False), (5, True)])
def test_two_named_purchases_are_offered_together_only_when_payable_together(silver, both):
    # round 3: the Earl's stone house costs 3 silver, the Shepherd Boy's sheep 2
    s, setting = make(["Earl", "Shepherd Boy"], silver=silver)
    named = {buys for cards, buys, k in plays(s, setting, "play-occupations-2") if cards == (72, 80)}
    assert ((72, 0), (80, 0)) in named if both else named == {(), ((72, 0),), ((80, 0),)}


def test_a_play_names_at_most_two_cards_with_an_effect():
    s, setting = make(["Miner", "Custodian", "Fisherman"])
    assert max(len(named) for named, _ in occupations.named_plays(s, 3, setting, True)) == 2


def test_the_scribe_is_paid_for_exploring_as_for_emigrating():
    s, setting = make([])
    s = replace(s, active=(125,))
    explored = occupations.each_time(s, spaces_by_id()["explore-short"], {"explore": "shetland"}, setting, s.mountains, {})
    assert explored.count("rune-stone") == s.count("rune-stone") + 1
    idle = occupations.each_time(s, spaces_by_id()["explore-short"], {}, setting, s.mountains, {})
    assert idle.count("rune-stone") == s.count("rune-stone")


def test_the_lone_wolf_gets_a_long_sword_back_from_a_pillage_as_from_a_raid():
    from models.round_rules import pending_roll, resolve_roll

    s, setting = make([], weapons={"long-sword": 2})
    s = replace(s, active=(135,))
    pillage = pending_roll(s, spaces_by_id()["pillage-2"])
    assert resolve_roll(pillage, True, (("long-sword", 1),), 16, setting).weapon("long-sword") == 2


def test_the_patron_takes_a_silver_off_an_emigration_from_round_2():
    s, _ = make([])
    s = replace(s, active=(2,))
    assert [occupations.emigration_cost(replace(s, round=r), 1) for r in (1, 2, 3)] == [1, 1, 2]


# --- the card data, strictly read: each error names the entry it is in (mutation found these unpinned) -----------


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"each_round": [{"when": "after-feast", "gain": {"silver": 1}, "pay": {}}]}, "card[0].each_round[0]: unknown keys ['pay']"),
        ({"each_round": [{"when": "after-feast", "gain": {"silver": 1}, "per": "boat"}]}, "card[0].each_round[0].per: 'boat' is not one of"),
        ({"dice": [{"kinds": ["hunt"], "add": -1, "times": 2}]}, "card[0].dice[0]: unknown keys ['times']"),
        ({"dice": [{"kinds": ["hunt"], "rolls": 4.5}]}, "card[0].dice[0]: expected whole numbers"),
        ({"dice": [{"kinds": ["hunt"], "rolls": True}]}, "card[0].dice[0]: expected whole numbers"),
        ({"each_time": [{"when": "mountain-kinds", "steps": []}]}, "card[0].each_time[0].steps: a list of steps"),
        ({"each_time": [{"when": "mountain-kinds", "steps": {"at_least": 2}}]}, "card[0].each_time[0].steps: a list of steps"),
        ({"each_time": [{"when": "mountain-kinds", "steps": [{"at_least": "2", "gain": {"silver": 1}}]}]}, "card[0].each_time[0].steps[0].at_least"),
        ({"each_time": [{"when": "mountain-kinds", "steps": [{"at_least": 2, "pay": {"silver": 1}, "gain": {"silver": 2}}]}]}, "card[0].each_time[0].steps: each step gives something and pays nothing"),
        ({"each_time": [{"when": "raid-success", "spent": {"ore": 1}, "gain": {"silver": 1}}]}, "card[0].each_time[0].spent: a table"),
        ({"each_time": [{"when": "receiving", "received": {"hide": 1}, "gain": {"silver": 1}}]}, "card[0].each_time[0].received: a table"),
        ({"each_time": [{"when": "receiving", "received": {"wood": True}, "gain": {"silver": 1}}]}, "received: expected whole numbers above 0"),
        ({"each_time": [{"when": "receiving", "received": {"wood": 1.5}, "gain": {"silver": 1}}]}, "received: expected whole numbers above 0"),
    ],
)
def test_bad_card_data_is_refused_by_its_path(raw, message):
    with pytest.raises(ActionDataError) as err:
        _effect({"number": 27, "name": "Fisherman", **raw}, "card[0]")
    assert message in str(err.value)
