"""The round engine, pinned exactly: every legal action of two positions with its outcome.

Written against the mutants mutmut left alive in models/round_rules.py (benchmarks/RESULTS-mutation.md).
Each table row is an action's label and what it changes, read against the action-space data
(models/data/action_spaces.toml) and the rulebook: a space's cost and gain, the choices it offers
("up to" includes fewer), the Vikings it takes. A mutant that offers one choice too many or too
few, or applies one effect wrongly, changes a row.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from models.actions import load_action_spaces
from models.round_context import RoundContext
from models.round_rules import PendingRoll, State, apply, initial_state, legal_actions, setting_for
from models.round_rules.bundles import last_weapon_drawn, weapon_drawn
from models.round_rules.snapshots import to_snapshot
from tests.helpers import snapshot
from tests.round_positions import STRIPS

# Checked row by row against the data and the rulebook; never regenerate it to make a test pass.
TABLES = json.loads((Path(__file__).parent / "fixtures" / "round_rules_tables.json").read_text(encoding="utf-8"))
COUNTED = ("goods", "weapons")
SEEN_ONCE = ("taken", "placed", "vikings_left")  # checked for every action apart from the table


def start(context: dict, **player):
    snap = snapshot(game={"round": 3, "players": 1}, **player)
    ctx = RoundContext(mountains=STRIPS, **context)
    return initial_state(snap, ctx), setting_for(snap, ctx)


def change(before: State, after: State) -> str:
    """What an action changed, field by field: numbers as differences, goods and weapons per kind."""
    parts = []
    for f in State.__dataclass_fields__:
        old, new = getattr(before, f), getattr(after, f)
        if old == new or f in SEEN_ONCE:
            continue
        if isinstance(old, int) and not isinstance(old, bool):
            parts.append(f"{f} {new - old:+d}")
        elif f in COUNTED:
            o, n = dict(old), dict(new)
            parts.append(f + " " + " ".join(f"{k}{n.get(k, 0) - o.get(k, 0):+d}" for k in sorted(set(o) | set(n)) if n.get(k, 0) != o.get(k, 0)))
        else:
            parts.append(f"{f} {new}")
    return "; ".join(parts)


def table(s: State, setting) -> list[tuple[str, str]]:
    rows = []
    for action in legal_actions(s, setting):
        after = apply(s, action, setting)
        rows.append((action.label, "roll" if isinstance(after, PendingRoll) else change(s, after)))
    return rows


def position_a():
    """Round 3, one Viking left: only column-1 spaces and the anytime actions."""
    return start(
        {"vikings_left": 1},
        silver=4,
        resources={"wood": 2, "stone": 1, "ore": 1},
        goods={"peas": 1, "mead": 1, "sheep": 2, "oil": 1},
        ships=[{"type": "whaling-boat"}],
    )


OPEN_IN_B = (
    "build-house-and-ship", "build-long-house", "livestock-choice", "weekly-livestock", "produce-milk",
    "produce-wool", "craft-chest", "forge", "master-crafting", "upgrade-4", "mountain-2x4-or-double-3",
    "overseas-trade-1", "special-sale", "plunder", "explore-medium", "play-occupation-paid", "emigrate-3",
    "play-occupations-4", "upgrade-boat-and-emigrate", "wood-per-player", "whaling-major", "raid",
)  # fmt: skip


def position_b():
    """Round 3, four Vikings, every space taken but one of each kind of effect."""
    taken = [x for x in load_action_spaces() if x not in OPEN_IN_B]
    return start(
        {"vikings_left": 4, "taken": taken, "specials_left": ["chalice", "glass-beads", "helmet", "horseshoe", "round-shield"]},
        silver=12,
        resources={"wood": 3, "stone": 3, "ore": 3},
        goods={"peas": 1, "sheep": 2, "cattle": 1, "oil": 1, "hide": 1},
        ships=[{"type": "whaling-boat", "ore": 1}, {"type": "knarr"}, {"type": "longship"}, {"type": "longship"}],
        occupations={"hand": [2, 0]},
    )


POSITIONS = {"a": position_a, "b": position_b}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_every_legal_action_and_what_it_changes(name):
    s, setting = POSITIONS[name]()
    assert table(s, setting) == [tuple(row) for row in TABLES[name]]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_space_takes_its_column_s_vikings_and_is_occupied_and_anytime_actions_take_none(name):
    s, setting = POSITIONS[name]()
    spaces = load_action_spaces()
    for action in legal_actions(s, setting):
        after = apply(s, action, setting)
        after = after.state if isinstance(after, PendingRoll) else after
        if action.kind == "space":
            assert after.vikings_left == s.vikings_left - spaces[action.space].column, action.label
            assert (after.taken, after.placed) == (s.taken | {action.space}, s.placed | {action.space}), action.label
        else:
            assert (after.vikings_left, after.taken, after.placed) == (s.vikings_left, s.taken, s.placed), action.label


def test_a_recorded_weapon_draw_and_the_cycle_after_it():
    """The stand-in weapon deck deals bow, snare, spear, long-sword in turn: the last card drawn is the one before
    `weapon_draws`, and a draw a record names puts that card in hand and the deck's next draw right after it."""
    s, _ = start({})
    assert [last_weapon_drawn(replace(s, weapon_draws=n)) for n in range(5)] == ["long-sword", "bow", "snare", "spear", "long-sword"]
    drawn = weapon_drawn(replace(s, weapon_draws=0), "spear")
    assert drawn.weapon_draws == 3 and last_weapon_drawn(drawn) == "spear"
    assert dict(drawn.weapons) == dict(s.weapons) | {"spear": dict(s.weapons).get("spear", 0) + 1}
    assert weapon_drawn(s, "long-sword").weapon_draws == 0  # the cycle starts again


def test_a_state_written_back_lists_each_played_card_once_and_names_new_boards_apart():
    """Only a played card whose effect lasts is in play (initial_state); to_snapshot keeps the cards the snapshot listed
    as played as listed (a number too), adds a card played during the round once, and gives two sheds two board ids."""
    snap = snapshot(game={"round": 3, "players": 1}, occupations={"played": ["Peddler", 150, "Milker", "Chief"]})
    ctx = RoundContext(mountains=STRIPS)
    s, setting = initial_state(snap, ctx), setting_for(snap, ctx)
    assert s.active == (1,)  # Peddler's effect lasts; Milker's is once, Chief has none modelled, 150 is a number only
    after = to_snapshot(replace(s, active=(1, 3), new_boards=("shed", "shed")), setting)
    assert after.player.occupations.played == ["Peddler", 150, "Milker", "Chief", "Furrier"]
    assert [(e.id, e.board) for e in after.player.boards] == [("home", "home-long"), ("shed", "shed"), ("shed-2", "shed")]


def test_a_play_names_cards_and_purchases_only_where_it_has_them():
    """A play of k cards is offered naming no card (the choice says only how many) and naming each card with an
    effect held (Peddler; Chief has none modelled); a choice lists purchases only where one is bought."""
    s, setting = start({}, occupations={"hand": ["Peddler", "Chief"]})
    plays = [a.choice for a in legal_actions(s, setting) if a.space == "play-occupations-2"]
    assert plays == [(("play", 1),), (("cards", (1,)), ("play", 1)), (("play", 2),), (("cards", (1,)), ("play", 2))]
