"""affo plan's advice in the game's words, on a fixed small position.

The fixed line (not searched) pins every explanation exactly: reasons, dice, cards, tiles,
feast. The searched plan runs with a node budget and a pinned value model, so it is the same
every time too; its exact words are asserted for the first step.
"""

import io
import json
from fractions import Fraction

import pytest
from rich.console import Console
from typer.testing import CliRunner

import cli.plan_show as plan_show
from cli.app import app
from models.round_context import split_snapshot
from models.round_rules import initial_state, legal_actions, setting_for
from planner.advice.alternatives import distinct, substance
from planner.advice.line import round_end_state, walk
from planner.advice.occupations import played_by_step
from planner.advice.reasons import reasons
from planner.advice.rolls import roll_plan
from planner.advice.table import round_end

SNAP = {
    "format": "affo-snapshot/1",
    "game": {"length": "long", "players": 1, "round": 5},
    "player": {
        "silver": 3,
        "resources": {"wood": 1, "stone": 0, "ore": 0},
        "goods": {"peas": 1, "mead": 1, "hide": 1, "beans": 1},
        "weapons": {"spear": 1},
        "occupations": {"hand": ["A047", "A012"]},
        "boards": [{"id": "home", "board": "home-long", "placements": []}],
    },
    "round_context": {"mountains": [["stone", "stone", "ore"], ["wood", "wood"]], "explorations_available": {}},
}
# (space, a piece of its label): the line a player might follow, 10 Vikings in round 5
LINE = [
    ("mountain-3-upgrade-1", "upgrading hide→silverware; taking stone/stone/ore"),
    ("build-whaling-boat", ""),
    ("whaling-major", ""),
    ("play-occupation-paid", "paying 1 ore"),
    ("build-long-house", ""),
]


@pytest.fixture(scope="module")
def explained():
    snap, ctx = split_snapshot(SNAP)
    setting = setting_for(snap, ctx)
    root = initial_state(snap, ctx)
    actions, s = [], root
    for space, detail in LINE:
        action = next(a for a in legal_actions(s, setting) if a.space == space and detail in a.label)
        actions.append(action)
        s = walk(s, setting, [action])[0].after
    line = walk(root, setting, actions)
    end = round_end(round_end_state(root, line), setting)
    played = played_by_step(setting, actions)
    return setting, line, end, played, reasons(line, end, played)


def test_each_step_says_what_it_gains_and_what_for(explained):
    _, _, _, _, why = explained
    assert why == [
        "1 ore for playing A047 (step 4); 2 stone for the long house (step 5); upgrades hide to silverware (to lay before income)",
        "a whaling boat for whaling (step 3), 3 points",
        "42% to succeed: 1 oil, 1 skin and bones and 1 whale meat; else 1 wood, a spear and 2 Vikings back (the line goes on after the failure)",
        "plays A047; 1 silver for this round's feast",
        "a long house: 17 points, room for 30 cells of goods (food too), 15 of them -1",
    ]


def test_wood_kept_with_a_shed_goes_on_its_spaces():
    snap, ctx = split_snapshot(SNAP)
    setting = setting_for(snap, ctx)
    root = initial_state(snap, ctx)
    boat = next(a for a in legal_actions(root, setting) if a.space == "build-whaling-boat")
    after_boat = walk(root, setting, [boat])[0].after
    wood = next(a for a in legal_actions(after_boat, setting) if a.space == "mountain-2" and a.label.endswith("(taking wood/wood)"))
    line = walk(root, setting, [boat, wood])
    end = round_end(round_end_state(root, line), setting)
    assert reasons(line, end, {})[1] == "2 wood (for ships and buildings later)"
    with_shed = {**SNAP, "player": {**SNAP["player"], "boards": SNAP["player"]["boards"] + [{"id": "shed-1", "board": "shed"}]}}
    snap, ctx = split_snapshot(with_shed)
    setting = setting_for(snap, ctx)
    line = walk(initial_state(snap, ctx), setting, [boat, wood])
    end = round_end(round_end_state(initial_state(snap, ctx), line), setting)
    assert end.resource_spaces == ("stone", "wood")
    assert reasons(line, end, {})[1] == "2 wood (for the resource spaces of your buildings at the end)"


def test_a_pair_breeds_and_the_feast_eats_the_latest_food():
    snap, ctx = split_snapshot(SNAP)
    setting = setting_for(snap, ctx)
    root = initial_state(snap, ctx)
    both = next(a for a in legal_actions(root, setting) if a.space == "buy-cattle-sheep" and not a.chosen("bonus_play"))
    sheep = next(a for a in legal_actions(walk(root, setting, [both])[0].after, setting) if a.label.endswith("(a sheep)"))
    line = walk(root, setting, [both, sheep])
    end = round_end(round_end_state(root, line), setting)
    assert end.breeding == ("sheep",) and end.feast.used["sheep"] == 1
    assert reasons(line, end, {}) == [
        "1 cattle (3 points in your stable at the end, or food); 1 sheep (breeds at the round's end)",
        "1 sheep for this round's feast",
    ]


def test_the_die_is_kept_or_rolled_again_as_the_policy_says(explained):
    setting, line, _, _, _ = explained
    whaling = roll_plan(line[2].pending, setting)
    assert whaling.text == (
        "whaling (d12, 42% to succeed); rolls 1-2: keep 1-2, re-roll 3-12; roll 3: keep 1-2, give up on 3-12; "
        "a kept roll costs its pips minus 1 (ore on the boats) in spears"
    )
    # one boat (1 printed ore) and one spear: a 1 or a 2 succeeds; three tries
    assert whaling.success == 1 - Fraction(10, 12) ** 3
    assert [r["keep"] for r in whaling.rolls] == [[1, 2]] * 3


def test_occupations_are_named_drawn_cards_too(explained):
    _, _, _, played, _ = explained
    # the long house (column 3) draws a card at step 5; step 4 plays the first card named in the hand
    assert played == {4: ["A047"]}


def test_round_end_tiles_and_the_feast_engine_table(explained):
    _, _, end, _, _ = explained
    assert [t.text for t in end.tiles] == ["silverware on home at row 11, col 0"]
    assert (end.income_before, end.income_after) == (0, 1)
    assert end.feast.status == "OPTIMAL"
    assert end.feast_text == "serve 1 beans, 1 mead, 1 peas and 4 silver on the 10 open positions; no Thing Penalty"


def test_alternatives_differ_in_substance():
    snap, ctx = split_snapshot(SNAP)
    setting = setting_for(snap, ctx)
    actions = legal_actions(initial_state(snap, ctx), setting)
    ranked = [(100.0 - i, a) for i, a in enumerate(actions)]
    line = [next(a for a in actions if a.space == "mountain-3-upgrade-1")]
    picked = [a for _, a in distinct(ranked, line)]
    keys = [substance(a) for a in picked]
    assert len(picked) == 3 and len(set(keys)) == 3 and substance(line[0]) not in keys
    # another strip split or another upgrade on the same space is a detail, not an alternative
    assert all(a.space != "mountain-3-upgrade-1" for a in picked)
    # a space printed in two columns is one move
    twins = [a for a in actions if a.space in ("hunt-game-1", "hunt-game-2")]
    assert len({substance(a) for a in twins}) == 1


RUN = ["plan", "-", "--nodes", "30", "--value", "v2"]


@pytest.fixture(scope="module")
def searched():
    result = CliRunner().invoke(app, RUN + ["--json"], input=json.dumps(SNAP))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_searched_plan_speaks_the_game(searched):
    first = searched["steps"][0]
    assert first["action"]["space"] == "weekly-feast"
    assert first["reason"] == "1 fruits and 1 oil for the upgrade (step 2); 1 salt meat for this round's feast; 1 silver"
    assert searched["next_action"] == first
    for step in searched["steps"]:  # no projection terms left in the words
        assert not any(term in step["reason"] for term in ("boards gained", "over passing now", "+"))
    assert "an estimate" in searched["value_is"]


def test_searched_json_is_extended_not_broken(searched):
    for key in ("next_action", "steps", "value_now", "expected_value", "value_is", "alternatives", "search"):
        assert key in searched
    step = searched["steps"][0]
    for key in ("action", "round", "vikings", "expected_value", "expected_gain", "reason", "outcomes", "dice", "occupations_played"):
        assert key in step
    assert set(searched["round_end"]) == {"tiles", "income_before", "income_after", "feast"}
    assert searched["round_end"]["feast"]["penalties"] == 0
    spaces = [a["action"]["space"] for a in searched["alternatives"]]
    assert len(spaces) == 3 and not set(spaces) & {s["action"]["space"] for s in searched["steps"]}


def test_terminal_output_shows_the_round_end_and_no_progress_on_a_pipe():
    result = CliRunner().invoke(app, RUN, input=json.dumps(SNAP), env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Before income, lay: jewelry on home at row 10, col 0; rune stone on home at row 11, col 4: income 0 → 2" in out
    assert "This round's feast: serve 1 beans, 1 mead, 1 peas and 1 salt meat on the 10 open positions" in out
    assert "Forecast: forecast final score (learned value v2" in out and "an estimate" in out
    assert "searching" not in result.output  # not a terminal: no progress bar


def test_progress_waits_a_second_and_needs_a_terminal(monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(plan_show, "err_console", Console(file=screen, force_terminal=True, width=100))
    quick = plan_show.SearchProgress(True, nodes=300, seconds=None)
    quick({"expanded": 10, "seconds": 0.1})
    assert quick.bar is None  # under a second: nothing shown
    slow = plan_show.SearchProgress(True, nodes=300, seconds=None)
    slow.started -= 2
    slow({"expanded": 150, "seconds": 2.0})
    assert slow.bar is not None
    slow.close()
    assert "150/300 states" in screen.getvalue()
    assert plan_show.SearchProgress(False, nodes=300, seconds=None).enabled is False  # --json
