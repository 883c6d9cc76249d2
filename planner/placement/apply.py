"""The answer applied to the snapshot and checked: `place()` returns only what the rule checker accepts.

The rule checker (models/rules.py) judges every answer and shares no legality code with the
model: its `legal_order` finds the laying order, its `check_snapshot` judges the position after
the tiles are laid, and models/scoring.py re-scores it. Any disagreement is a bug in the model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from models.boards import board as board_named
from models.pieces import piece
from models.rules import check_snapshot, legal_order
from models.scoring import ScoreReport, score
from models.snapshot import Placement, Snapshot, dump_snapshot, parse_snapshot
from planner.placement.request import PlacementInputError, Settings, choose_objective
from planner.search.collector import collector_paused


class PlacementBug(RuntimeError):
    """The checker rejected the planner's answer, or the scores disagree with the model."""


@dataclass
class PlaceReport:
    result: "PlacementResult"  # noqa: F821  (planner.placement.solve, imported when solving)
    before: Snapshot
    after: Snapshot
    score_before: ScoreReport
    score_after: ScoreReport
    order: list[tuple[int, Placement]]  # new placements in a legal laying order


# The cycle collector paused: the candidates, the model's handles and the LP rows (10^5-10^6
# objects on the large boards, alive until the answer) were walked again by each collection,
# 0.12-0.14 s of the late fixture's 2 s; they form no cycles, so none is kept longer.
@collector_paused()
def place(snapshot: Snapshot, settings: Settings = Settings(), on_progress=None) -> PlaceReport:
    """Choose the objective, solve, apply, check and score: the whole answer, verified."""
    from planner.placement.solve import solve_placement  # CP-SAT loads only when solving

    problems = check_snapshot(snapshot)
    if problems:
        raise PlacementInputError(f"the snapshot breaks a rule: {first_of(problems)}")
    choice = choose_objective(snapshot, settings)
    result = solve_placement(snapshot, settings, choice, legal_order, on_progress)
    after = apply_placements(snapshot, result.placements, result.resources)
    problems = check_snapshot(after)
    if problems:
        raise PlacementBug(f"the rule checker rejects the planned placement: {first_of(problems)}")
    before_score, after_score = score(snapshot), score(after)
    if after_score.total - before_score.total != result.final_gain:
        raise PlacementBug(f"the model counted a score gain of {result.final_gain}, the scorer {after_score.total - before_score.total}")
    return PlaceReport(result, snapshot, after, before_score, after_score, laying_order(snapshot, result.placements))


def first_of(problems: list) -> str:
    first = str(problems[0])
    return first if len(problems) == 1 else f"{first} (and {len(problems) - 1} more; see affo validate)"


def laying_order(snapshot: Snapshot, placements: list[tuple[int, Placement]]) -> list[tuple[int, Placement]]:
    """The new tiles in a legal order, board by board, after the tiles already there.

    Covering more never forbids a later tile, so the new tiles' relative order in any legal
    order of all of a board's tiles also works once the old tiles lie.
    """
    out = []
    for b, entry in enumerate(snapshot.player.boards):
        new = [p for i, p in placements if i == b]
        order = legal_order(board_named(entry.board), list(entry.placements) + new)
        if order is None:
            raise PlacementBug(f"board {entry.id}: no legal order to lay the planned tiles")
        fixed = len(entry.placements)
        out += [(b, new[i - fixed]) for i in order if i >= fixed]
    return out


def apply_placements(snapshot: Snapshot, placements: list[tuple[int, Placement]], resources: dict[int, dict[str, int]]) -> Snapshot:
    """The snapshot with the tiles laid: supply reduced, wood/stone moved onto resource spaces."""
    data = dump_snapshot(snapshot)
    player = data["player"]
    used = Counter(p.piece for _, p in placements)
    for b, added in resources.items():
        used.update(added)
    for b, p in placements:
        player["boards"][b].setdefault("placements", []).append(p.model_dump(mode="json"))
    for b, added in resources.items():
        held = player["boards"][b].setdefault("resources", {})
        for resource, n in added.items():
            held[resource] = held.get(resource, 0) + n
    for name, n in used.items():
        kind = piece(name).kind
        if name == "silver":
            player["silver"] = player.get("silver", 0) - n
        elif kind == "token":
            player.setdefault("resources", {})[name] = player["resources"].get(name, 0) - n
        elif kind != "special":  # specials stay listed: the player still owns them
            player["goods"][name] -= n
            if not player["goods"][name]:
                del player["goods"][name]
    return parse_snapshot(data)
