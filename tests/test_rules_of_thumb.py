"""Rules of thumb (planner/rules_of_thumb.py): when each fires, and that the planners follow it."""

from __future__ import annotations

import pytest

from models.round_rules import initial_state, replace, setting_for
from models.round_rules.state import counts
from planner.next_round import Memo, plan_two_rounds
from planner.round_search import Options, plan
from planner.rules_of_thumb import choice_move, most_items_upgrading_oil, rule_move
from planner.solo import new_game


@pytest.fixture(scope="module")
def start():
    snap, ctx, _ = new_game(3)
    return initial_state(snap, ctx), setting_for(snap, ctx)


def at(start, **changes):
    s, setting = start
    return replace(s, **changes), setting


def space_of(move):
    return move.action.space if move else None


def test_whaling_whenever_the_space_is_free_from_round_2(start):
    boat = (("whaling-boat", 0),)
    assert space_of(rule_move(*at(start, round=2, ships=boat))) == "whaling-major"
    assert space_of(rule_move(*at(start, round=7, ships=boat))) == "whaling-major"
    # round 1: no whaling yet; the space taken (in solo: also last round's whaling); no Vikings for it
    assert space_of(rule_move(*at(start, round=1, ships=boat))) is None
    assert space_of(rule_move(*at(start, round=3, ships=boat, taken=frozenset({"whaling-major"})))) is None
    assert space_of(rule_move(*at(start, round=3, ships=boat, vikings_left=2))) is None


def test_a_whaling_boat_in_round_1_only(start):
    assert space_of(rule_move(*at(start, round=1, wood=1))) == "build-whaling-boat"
    assert space_of(rule_move(*at(start, round=1))) is None  # no wood for it yet
    assert space_of(rule_move(*at(start, round=1, wood=1, vikings_left=0))) is None


def test_no_boat_no_rule(start):
    assert space_of(rule_move(*at(start, round=2, wood=1))) is None  # from round 2 a boat is the planner's choice


def with_oil(start) -> dict:
    s, _ = start
    return {"goods": counts({**dict(s.goods), "oil": 1})}


def test_round_1s_mountain_move_after_the_weekly_market(start):
    oil = with_oil(start)
    move = rule_move(*at(start, round=1, **oil))
    assert space_of(move) == "mountain-3-upgrade-1"
    assert move.action.chosen("upgrade") == ("oil",)  # to a rune stone
    assert sum(n for _, n in move.action.chosen("mountain")) == 3
    assert space_of(rule_move(*at(start, round=1))) is None  # no oil: the weekly market not taken yet
    assert space_of(rule_move(*at(start, round=1, wood=1, **oil))) == "build-whaling-boat"  # the boat first
    assert space_of(rule_move(*at(start, round=2, **oil))) is None  # round 1 only
    assert space_of(rule_move(*at(start, round=1, taken=frozenset({"mountain-3-upgrade-1"}), **oil))) is None
    assert space_of(rule_move(*at(start, round=1, vikings_left=1, **oil))) is None  # the space takes 3


def test_the_mountain_rules_pick_is_the_most_items_and_wood_with_the_oil_upgraded(start):
    from models.round_rules.actions import space_actions

    s, setting = at(start, round=1, **with_oil(start))
    legal = space_actions(s, "mountain-3-upgrade-1", setting)
    picked = most_items_upgrading_oil(s, legal)
    assert picked is not legal[0] and legal[0].chosen("upgrade") == ()  # the first legal choice upgrades nothing

    def taken(a):
        return [item for i, n in a.chosen("mountain") for item in s.mountains[i][:n]]

    with_oil_upgraded = [a for a in legal if a.chosen("upgrade") == ("oil",)]
    assert len(taken(picked)) == max(len(taken(a)) for a in with_oil_upgraded)
    most = [a for a in with_oil_upgraded if len(taken(a)) == len(taken(picked))]
    assert taken(picked).count("wood") == max(taken(a).count("wood") for a in most)


def test_the_planners_follow_a_rule_only_when_asked(start):
    s, setting = at(start, round=3, ships=(("whaling-boat", 0),), wood=2)
    free = plan(s, setting, Options(nodes=20, value="v7"))
    ruled = plan(s, setting, Options(nodes=20, value="v7", rules_of_thumb=True))
    assert free.steps[0].action.space != "whaling-major" and not free.rule  # the value prices it low
    assert ruled.steps[0].action.space == "whaling-major" and ruled.rule.startswith("rule of thumb")
    assert len(ruled.steps) > 1  # the rest of the round planned behind the rule's move
    two = plan_two_rounds(s, setting, Options(nodes=20, value="v7", rules_of_thumb=True), Memo())
    assert two.steps[0].action.space == "whaling-major" and two.rule


def test_affo_plan_names_the_rule_and_lists_the_searchs_own_choices():
    import json
    from pathlib import Path

    from typer.testing import CliRunner

    from cli.app import app

    example = str(Path(__file__).resolve().parent.parent / "examples" / "plan-round3.json")  # a whaling boat, round 3
    ruled = json.loads(CliRunner().invoke(app, ["plan", example, "--nodes", "30", "--json"]).stdout)
    free = json.loads(CliRunner().invoke(app, ["plan", example, "--nodes", "30", "--json", "--no-rules"]).stdout)
    assert ruled["next_action"]["action"]["space"] == "whaling-major" and ruled["rule_of_thumb"].startswith("rule of thumb")
    assert free["next_action"]["action"]["space"] != "whaling-major" and free["rule_of_thumb"] is None
    # the search's own first choice is offered beside the rule's move
    assert free["next_action"]["action"] in [a["action"] for a in ruled["alternatives"]]


def house_and_ship(start, **changes):
    from models.round_rules.actions import space_actions

    s, setting = at(start, **({"round": 4, "wood": 4, "stone": 4} | changes))
    return s, setting, space_actions(s, "build-house-and-ship", setting)


@pytest.mark.parametrize("round_", [4, 5])
def test_round_4s_and_5s_house_and_ship_is_the_long_house_and_a_knarr(start, round_):
    s, setting, legal = house_and_ship(start, round=round_)
    for searched in legal:
        move = choice_move(s, searched, setting)
        if searched.chosen("options") == (1,):  # the long house and knarr already: the search's choice stands
            assert move is None
            continue
        assert move.reason.startswith("rule of thumb") and move.action.space == "build-house-and-ship"
        assert move.action.chosen("options") == (1,) and "long house and knarr" in move.action.label
        # the rest of the choice is the search's: an occupation played, and which
        assert {k: v for k, v in move.action.choice if k != "options"} == {k: v for k, v in searched.choice if k != "options"}
    stone = next(a for a in legal if a.chosen("options") == (0,))
    for r in (3, 6, 7):  # rounds 4 and 5 only
        s_r, setting_r, _ = house_and_ship(start, round=r)
        assert choice_move(s_r, stone, setting_r) is None
    assert choice_move(s, None, setting) is None  # passing
    other = rule_move(*at(start, round=1, wood=1)).action  # a move on another space
    assert choice_move(s, other, setting) is None


def test_the_planners_follow_a_choice_rule_only_when_asked(start):
    from planner.round_search import Search, by_choice_rule

    s, setting, _ = house_and_ship(start)
    options = Options(nodes=20, value="v7")
    search = Search(s, setting, options)
    search.explore()
    stone = next(a for _, _, a, _ in search.ranked(s, search.values()) if a.space == "build-house-and-ship" and a.chosen("options") == (0,))
    searched = search.plan_along(stone)  # as if the search had picked the stone house
    assert searched.steps[0].action == stone and not searched.rule
    assert by_choice_rule(s, setting, options, searched) is searched  # the rules not followed
    ruled = by_choice_rule(s, setting, Options(nodes=20, value="v7", rules_of_thumb=True), searched)
    assert ruled.steps[0].action.chosen("options") == (1,) and ruled.rule.startswith("rule of thumb")
    assert len(ruled.steps) > 1 and ruled.expanded > searched.expanded  # the rest of the round planned behind it


def test_one_spaces_actions_are_legal_actions_of_that_space(start):
    from models.round_rules.actions import legal_actions, space_actions

    for changes in ({}, {"round": 3, "ships": (("whaling-boat", 0),)}, {"ships": (("knarr", 0),), "silver": 9}, {"wood": 3, "stone": 2}):
        s, setting = at(start, **changes)
        for space in ("whaling-major", "special-sale", "build-whaling-boat", "craft-runes-and-chests", "upgrade-4"):
            assert space_actions(s, space, setting) == [a for a in legal_actions(s, setting, anytime=False) if a.space == space]
