"""The whole-game engine (models/engine) and the round engine (models/round_rules.py) offer the
same choices on the same position: the same action spaces, as many choices on each, the same
anytime actions. Positions come from seeded random games on the engine, each written as a
snapshot with its round context and read by the round engine."""

from collections import Counter

import pytest

from models.engine.snapshots import from_snapshot, to_data
from models.engine.words import label
from models.engine.state import ACTIONS, PLAY
from models.engine.tables import SHIP, spaces
from models.round_context import split_snapshot
from models.round_rules import initial_state, legal_actions as round_actions, setting_for
from planner.affo_game import AffoGame
from planner.search.policy import play, random_policy

IDS = [sp.id for sp in spaces()]
SHIP_NAMES = {i: name for name, i in SHIP.items()}


def context(s) -> dict:
    blocked = s.taken | s.placed
    return {
        "taken": [x for i, x in enumerate(IDS) if blocked >> i & 1],
        "mountains": [list(strip) for strip in s.mountains],
        "explorations_available": dict(s.explorations),
        "specials_left": list(s.specials_left),
        "buildings_left": dict(zip(("shed", "stone-house", "long-house"), s.buildings_left)),
        "vikings_left": s.vikings_left,
    }


def engine_counts(game: AffoGame, s) -> tuple[Counter, set]:
    """Choices per space; Play up to 4 counts its choices after the column-3 draw (a card of
    0 points: what the round engine assumes for a card drawn unseen)."""
    per_space, anytime = Counter(), set()
    for a in game.legal_actions(s):
        if a[0] == "space":
            after = game.apply(s, a)
            if IDS[a[1]] == "play-occupations-4":
                after = game.apply(after, 0)
                assert after.stage == PLAY
                per_space[IDS[a[1]]] += len(game.legal_actions(after))
            else:
                per_space[IDS[a[1]]] += 1
        elif a[0] != "pass":
            anytime.add((a[0], SHIP_NAMES[a[1]]))
    return per_space, anytime


def round_engine_counts(s) -> tuple[Counter, set]:
    snap, ctx = split_snapshot({**to_data(s, table=False), "round_context": context(s)})
    old = initial_state(snap, ctx)
    actions = round_actions(old, setting_for(snap, ctx))
    return Counter(a.space for a in actions if a.kind == "space"), {(a.kind, a.space) for a in actions if a.kind != "space"}


def positions(seed: int, every: int) -> list:
    t = play(AffoGame(), random_policy, seed=seed)
    found = [s for s in t.states if s.stage == ACTIONS]
    return found[::every]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_both_engines_offer_the_same_choices_on_seeded_positions(seed):
    game = AffoGame()
    checked = 0
    for s in positions(seed, every=4):
        assert engine_counts(game, s) == round_engine_counts(s), (s.round, s.vikings_left)
        checked += 1
    assert checked >= 8


def test_a_position_read_from_its_snapshot_offers_the_same_choices():
    """from_snapshot and the round engine's initial_state read one file alike."""
    game = AffoGame()
    for s in positions(14, every=6):
        snap, ctx = split_snapshot({**to_data(s, table=False), "round_context": context(s)})
        assert engine_counts(game, from_snapshot(snap, ctx)) == round_engine_counts(s)


RICH = {
    "format": "affo-snapshot/1",
    "game": {"round": 3, "players": 1},
    "player": {
        "silver": 12,
        "resources": {"wood": 3, "stone": 2, "ore": 2},
        "goods": {"peas": 2, "mead": 1, "beans": 1, "flax": 1, "sheep": 2, "hide": 1, "oil": 1, "wool": 1, "silverware": 1},
        "weapons": {"bow": 1, "snare": 1, "spear": 1},
        "ships": [{"type": "whaling-boat"}, {"type": "longship"}, {"type": "knarr"}],
        "occupations": {"hand": [-1, 0, 3], "played_points": 0},
        "boards": [{"id": "home", "board": "home-long"}],
    },
    "round_context": {"mountains": [["wood", "stone", "ore", "silver-2"], ["stone", "wood", "silver-2"], ["ore", "ore"]]},
}
FOUR_LARGE = [{"type": "whaling-boat"}, {"type": "knarr"}, {"type": "knarr"}, {"type": "longship"}, {"type": "longship"}]


@pytest.mark.parametrize("player", [{}, {"ships": FOUR_LARGE}, {"occupations": {"hand": [], "played_points": 0}},
                                    {"ships": [{"type": "whaling-boat", "ore": 1}]}])  # fmt: skip
def test_both_engines_offer_the_same_choices_on_a_rich_position(player):
    """Every space that trades, emigrates, plays cards or takes from three strips."""
    data = {**RICH, "player": {**RICH["player"], **player}}
    snap, ctx = split_snapshot(data)
    s = from_snapshot(snap, ctx)
    old = initial_state(snap, ctx)
    actions = round_actions(old, setting_for(snap, ctx))
    expected = Counter(a.space for a in actions if a.kind == "space"), {(a.kind, a.space) for a in actions if a.kind != "space"}
    assert engine_counts(AffoGame(), s) == expected
    assert len(expected[0]) >= 40


def test_both_engines_word_each_choice_alike():
    """One labeller (models/choice_labels.py) words a space's choices in both engines; Play up to
    4 is left out: the engine chooses its count only after the column-3 draw."""
    game = AffoGame()
    worded = 0
    for s in positions(11, every=4):
        mine = sorted(label(s, a) for a in game.legal_actions(s) if a[0] == "space" and IDS[a[1]] != "play-occupations-4")
        snap, ctx = split_snapshot({**to_data(s, table=False), "round_context": context(s)})
        old = round_actions(initial_state(snap, ctx), setting_for(snap, ctx))
        theirs = sorted(a.label for a in old if a.kind == "space" and a.space != "play-occupations-4")
        assert mine == theirs, (s.round, s.vikings_left)
        worded += sum("(" in x for x in mine)
    assert worded >= 100  # choices were worded, not only bare space names
