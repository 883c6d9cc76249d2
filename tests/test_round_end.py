"""The round's end, phase by phase, on worked examples with exact outcomes (models/round_end.py)."""

from __future__ import annotations

from models.round_context import RoundContext
from models.round_end import BoardFacts, board_facts, end_round
from models.round_rules import initial_state, replace, setting_for
from tests.helpers import entry, home, put, snapshot

STRIPS = [["wood", "stone", "ore", "silver-2"], ["stone", "wood", "silver-2"]]


def start(snap, **context):
    ctx = RoundContext(mountains=STRIPS, players=1, **context)
    return initial_state(snap, ctx), setting_for(snap, ctx)


def ring(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


# --- phase 10: bonus ---------------------------------------------------------------------------


def newfoundland_paying(*cells: tuple[int, int]):
    """Round 3 with Newfoundland laid so that the bonuses at `cells` pay (silver around each)."""
    coins = [put("silver", r, c) for cell in cells for r, c in ring(cell)]
    return snapshot([home(), entry("newfoundland", *coins, id="D")], game={"round": 3, "players": 1})


def test_newfoundland_pays_its_special_tile_and_its_stone_house_as_shown():
    snap = newfoundland_paying((5, 1), (6, 6))
    facts = board_facts(snap)
    assert dict(facts.bonuses) == {"cloakpin": 1, "stone-house": 1}
    s, setting = start(snap)
    after, _ = end_round(s, setting, facts)
    assert "cloakpin" in after.specials and "cloakpin" not in after.specials_left
    assert after.new_boards == ("stone-house",)
    assert dict(after.buildings_left)["stone-house"] == dict(s.buildings_left)["stone-house"] - 1


def test_a_bonus_special_tile_or_building_is_paid_only_while_the_supply_lasts():
    snap = newfoundland_paying((5, 1), (6, 6))
    s, setting = start(snap, specials_left=["helmet"], buildings_left={"shed": 3, "stone-house": 0, "long-house": 5})
    after, _ = end_round(s, setting, board_facts(snap))
    assert "cloakpin" not in after.specials and after.new_boards == ()
    assert after.specials_left == ("helmet",) and dict(after.buildings_left)["stone-house"] == 0
