"""Scoring: income, bonuses and the end-of-game breakdown of the rulebook.

Scores any parsed snapshot, legal or not (an illegal one still gets a number: tiles off the
board simply cover nothing there). Pairs of tiles that touch against the rules cost one Thing
Penalty each, as the rulebook's scoring section says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from models.boards import NEVER, OUTSIDE, Board, Bonus, IncomeTrack, board as board_named
from models.data_files import load
from models.facts import THING_PENALTY
from models.pieces import Cell, piece
from models.rules import NO_TOUCH, cells_of, ring, touching_pairs
from models.snapshot import BoardEntry, Snapshot


def covered_cells(board: Board, entry: BoardEntry) -> set[Cell]:
    """The board's coverable cells that tiles or tokens cover."""
    return {cell for p in entry.placements for cell in cells_of(p)} & board.cells


def track_income(track: IncomeTrack, covered: set[Cell]) -> int:
    """The value of the first uncovered cell; once all are covered, the value beyond them."""
    for cell, value in zip(track.cells, track.values):
        if cell not in covered:
            return value
    return track.beyond if track.beyond is not None else track.values[-1]


def board_income(board: Board, covered: set[Cell]) -> int:
    return sum(track_income(t, covered) for t in board.income)


def bonus_pays(board: Board, bonus: Bonus, covered: set[Cell]) -> bool:
    """Its own cell is free and each of the 8 around it is covered, off the board, never
    coverable, or itself a printed bonus cell."""
    if bonus.cell in covered:
        return False
    return all(n in covered or n in board.bonus_cells or board.at(n) in (OUTSIDE, NEVER) for n in ring(bonus.cell))


def paid_bonuses(board: Board, covered: set[Cell]) -> list[Bonus]:
    return [b for b in board.bonuses if bonus_pays(board, b, covered)]


def uncovered_negatives(board: Board, entry: BoardEntry, covered: set[Cell]) -> int:
    """-1 cells left uncovered, resource spaces included (each empty one counts)."""
    space_cells = {cell for s in board.resource_spaces for cell in s.cells}
    grid = sum(1 for cell in board.negatives - space_cells if cell not in covered)
    empty_spaces = 0
    for s in board.resource_spaces:
        on_cells = sum(1 for p in entry.placements if p.piece == s.resource and set(cells_of(p)) <= set(s.cells))
        empty_spaces += max(0, s.count - entry.resources.get(s.resource, 0) - on_cells)
    return grid + empty_spaces


@dataclass
class BoardScore:
    id: str
    board: str
    income: int
    income_by_track: dict[str, int]
    bonuses: list[Bonus]
    uncovered_negatives: int
    misplaced_pairs: int


@dataclass
class ScoreReport:
    total: int
    breakdown: dict[str, int]
    income: int
    boards: list[BoardScore] = field(default_factory=list)

    @property
    def bonuses(self) -> list[tuple[str, Bonus]]:
        return [(b.id, bonus) for b in self.boards for bonus in b.bonuses]

    def as_json(self) -> dict:
        return {
            "total": self.total,
            "breakdown": self.breakdown,
            "income": self.income,
            "income_by_board": {b.id: b.income_by_track for b in self.boards if b.income_by_track},
            "bonuses": [
                {"board": board_id, "row": bonus.cell[0], "col": bonus.cell[1], "rewards": dict(bonus.rewards)}
                for board_id, bonus in self.bonuses
            ],
            "uncovered_negatives": {b.id: b.uncovered_negatives for b in self.boards},
        }


def score_board(entry: BoardEntry) -> BoardScore:
    board = board_named(entry.board)
    covered = covered_cells(board, entry)
    return BoardScore(
        id=entry.id,
        board=entry.board,
        income=board_income(board, covered),
        income_by_track={t.name: track_income(t, covered) for t in board.income},
        bonuses=paid_bonuses(board, covered),
        uncovered_negatives=uncovered_negatives(board, entry, covered),
        misplaced_pairs=len(touching_pairs(entry.placements, NO_TOUCH[board.kind])),
    )


def _owns_special(snapshot: Snapshot, name: str) -> bool:
    placed = any(p.piece == name for e in snapshot.player.boards for p in e.placements)
    return placed or name in snapshot.player.specials


def score(snapshot: Snapshot) -> ScoreReport:
    """The end-of-game score if the game ended now (final income counted, not received)."""
    game = load("game")
    player = snapshot.player
    boards = [score_board(e) for e in player.boards]
    kinds = [board_named(e.board) for e in player.boards]
    income = sum(b.income for b in boards)
    breakdown = {
        "ships": sum(game["ships"][s.type]["points"] for s in player.ships),
        "emigration": sum(game["ships"][t]["emigrated_points"] for t in snapshot.emigrated_ships),
        "explorations": sum(b.vp for b in kinds if b.kind == "exploration"),
        "buildings": sum(b.vp for b in kinds if b.is_building),
        "animals": sum(piece(name).points * n for name, n in player.goods.items() if piece(name).kind == "animal"),
        "occupations": player.occupations.played_points,
        "silver": player.silver,
        "final_income": income,
        "english_crown": piece("english-crown").points if _owns_special(snapshot, "english-crown") else 0,
        "negatives": -sum(b.uncovered_negatives for b in boards),
        "thing_penalties": THING_PENALTY * player.thing_penalties,
        "misplaced_pairs": THING_PENALTY * sum(b.misplaced_pairs for b in boards),
    }
    return ScoreReport(total=sum(breakdown.values()), breakdown=breakdown, income=income, boards=boards)
