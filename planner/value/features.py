"""What the learned value sees of a position: a fixed list of numbers computed from a State
and its Setting (the snapshot with the boards as laid), never from the search.

The position is the one a round's action phase leaves when it ends now (the Vikings still
unplaced are lost): the same moment at which the round planner values its leaves. So a feature
never counts Vikings left; it counts what the rest of the game can build on.

The hand-made projection's terms (planner/evaluate.py) come first: they already weigh income by
the phases left, tiles by the room they can fill, food by the feasts to come. The learned model
re-weighs them and adds what they miss, from the raw counts that follow them.
"""

from __future__ import annotations

from functools import cache
from operator import attrgetter

from models.boards import board as board_named
from models.facts import income_phases_left
from models.pieces import piece
from models.round_end import open_positions, state_income
from models.round_rules import Setting, State
from planner.evaluate import CELLS_PER_ROUND, Evaluator, empty_board_room, later_feast_positions
from planner.value.income_step import next_step, snapshot_steps

# The projection's terms, in its own order (names as planner.evaluate.Evaluator.components).
TERMS = (
    "boards as laid", "silver", "ships", "emigration", "boards gained", "occupations", "tiles", "room",
    "covering income", "food", "resources", "weapons", "income", "bonuses", "feast", "future feasts",
    "thing penalties",
)  # fmt: skip

RAW = (
    "round", "rounds left", "income phases left", "score now", "income", "fillable negatives",
    "unfillable negatives", "income to gain", "free house cells", "whaling boats", "knarrs", "longships",
    "emigrated", "sheep", "cattle", "food value", "tile cells", "boards", "houses",
    "open positions", "later positions", "wood", "stone", "ore",
    # from v6 (older models read the features they name; planner/value/model.py):
    "cells to next income", "next income gain", "tiles short of next income", "occupations in hand", "hand points",
)  # fmt: skip

NAMES = tuple(f"term: {t}" for t in TERMS) + RAW


@cache
def _is_house(name: str) -> bool:
    return board_named(name).is_house


def features(s: State, setting: Setting, evaluator: Evaluator | None = None) -> list[float]:
    """The position as numbers, in the order of NAMES."""
    ev = evaluator or Evaluator(setting)
    key = ("position", _position(s))
    hit = ev.parts.get(key)
    if hit is None:
        hit = ev.parts[key] = _position_part(ev, s)  # the projection counts one evaluation
    else:
        ev.evaluations += 1  # as the projection's components would have
    row, (laid, silver, emigration, gained) = hit
    (ships, occupations, thing_penalties), held = _holding_part(ev, s)
    x = row.copy()
    x[_SCORE_NOW] = float(sum((laid, silver, ships, emigration, gained, occupations, thing_penalties)))
    (x[_SHIPS], x[_OCCUPATIONS], x[_RESOURCES], x[_WEAPONS], x[_THING_PENALTIES], x[_WHALING], x[_KNARRS],
     x[_LONGSHIPS], x[_WOOD], x[_STONE], x[_ORE], x[_IN_HAND], x[_HAND_POINTS]) = held  # fmt: skip
    return x


def _holding_part(ev: Evaluator, s: State) -> tuple:
    """(the score-now terms, the features) that read the ships, resources, weapons, occupations,
    hand and penalties alone: a search's states share a few thousand of them."""
    key = ("holding", _holding(s))
    hit = ev.parts.get(key)
    if hit is None:
        ships, occupations, resources, weapons, thing_penalties = ev.holding_terms(s)
        held = (
            float(ships), float(occupations), float(resources), float(weapons), float(thing_penalties),
            float(s.ships_of("whaling-boat")), float(s.ships_of("knarr")), float(s.ships_of("longship")),
            float(s.wood), float(s.stone), float(s.ore), float(s.hand_size), float(sum(p for p in s.hand_points() if p > 0)),
        )  # fmt: skip
        hit = ev.parts[key] = ((ships, occupations, thing_penalties), held)
    return hit


# A search values tens of thousands of states a decision, and far fewer distinct rounds,
# supplies, silver, boards gained and banquets: the features that read only those come from one
# row per evaluator (one setting); features() writes what the rest of the state decides (also
# worked out once per distinct value) over a copy of it.
_position = attrgetter("round", "goods", "silver", "new_boards", "specials", "emigrated", "vikings_total")
_holding = attrgetter("ships", "occupation_points", "wood", "stone", "ore", "weapons", "thing_penalties", "hand", "cards")
(_SHIPS, _OCCUPATIONS, _RESOURCES, _WEAPONS, _THING_PENALTIES) = (
    NAMES.index(f"term: {t}") for t in ("ships", "occupations", "resources", "weapons", "thing penalties")
)
(_SCORE_NOW, _WHALING, _KNARRS, _LONGSHIPS, _WOOD, _STONE, _ORE, _IN_HAND, _HAND_POINTS) = (
    NAMES.index(r) for r in ("score now", "whaling boats", "knarrs", "longships", "wood", "stone", "ore", "occupations in hand", "hand points")
)  # fmt: skip


def _position_part(ev: Evaluator, s: State) -> tuple[list[float], tuple]:
    """The features of `s` in full, and the score-now terms read from the position alone."""
    terms = ev.components(s)
    snap = ev.setting.snapshot
    last = ev.setting.last_round
    room, boards, houses, step = _boards_part(ev, s.new_boards)
    food_value, tile_cells = _supply_part(ev, s.goods, s.specials)
    score_now = sum(terms[k] for k in ("boards as laid", "silver", "ships", "emigration", "boards gained", "occupations", "thing penalties"))
    raw = {
        "round": s.round,
        "rounds left": last - s.round,
        "income phases left": income_phases_left(s.round, snap.game.length),
        "score now": score_now,
        "income": state_income(s, ev.facts),
        # free -1 cells split by whether the tiles held and those later rounds bring can fill them:
        # a board gained is worth its room only as far as there are tiles for it
        "fillable negatives": min(room.negatives, tile_cells + CELLS_PER_ROUND * (last - s.round)),
        "unfillable negatives": max(0, room.negatives - tile_cells - CELLS_PER_ROUND * (last - s.round)),
        "income to gain": room.income_to_gain,
        "free house cells": room.house_cells,
        "whaling boats": s.ships_of("whaling-boat"),
        "knarrs": s.ships_of("knarr"),
        "longships": s.ships_of("longship"),
        "emigrated": len(s.emigrated),
        "sheep": s.animals("sheep"),
        "cattle": s.animals("cattle"),
        "food value": food_value,
        "tile cells": tile_cells,
        "boards": boards,
        "houses": houses,
        "open positions": open_positions(s),
        "later positions": later_feast_positions(s, snap.game.length),
        "wood": s.wood,
        "stone": s.stone,
        "ore": s.ore,
        # income rises in bulk: the cells still to cover before it does, against the tiles held
        "cells to next income": step.cells,
        "next income gain": step.gain,
        "tiles short of next income": max(0, step.cells - tile_cells),
        "occupations in hand": s.hand_size,
        "hand points": sum(p for p in s.hand_points() if p > 0),  # a card scoring below 0 need not be played
    }
    row = [float(terms[t]) for t in TERMS] + [float(raw[r]) for r in RAW]
    return row, (terms["boards as laid"], terms["silver"], terms["emigration"], terms["boards gained"])


# A search values thousands of states a decision that share a handful of supplies and of sets of
# boards gained: what depends on those alone is worked out once per evaluator (one setting).


def _boards_part(ev: Evaluator, new_boards: tuple[str, ...]) -> tuple:
    """(room, boards, houses, next income step) with `new_boards` gained."""
    key = ("boards", new_boards)
    hit = ev.parts.get(key)
    if hit is None:
        snap = ev.setting.snapshot
        room = ev.room
        for b in new_boards:
            room = room + empty_board_room(b)
        boards = [e.board for e in snap.player.boards] + list(new_boards)
        if ev.income_steps is None:  # the boards as laid do not change in a round
            ev.income_steps = snapshot_steps(snap)
        hit = ev.parts[key] = (room, len(boards), sum(1 for b in boards if _is_house(b)), next_step(ev.income_steps, new_boards))
    return hit


def _supply_part(ev: Evaluator, goods: tuple, specials: tuple[str, ...]) -> tuple:
    """(food value, tile cells) of the goods and special tiles held."""
    key = ("supply", goods, specials)
    hit = ev.parts.get(key)
    if hit is None:
        values = ev.setting.values
        food_value = sum(values.get(g, 0) * n for g, n in dict(goods).items() if piece(g).colour in ("orange", "red"))
        tile_cells = sum(piece(g).area * n for g, n in dict(goods).items() if piece(g).colour in ("green", "blue") and piece(g).kind == "good")
        tile_cells += sum(piece(x).area for x in specials)
        hit = ev.parts[key] = (food_value, tile_cells)
    return hit
