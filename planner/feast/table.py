"""The banquet table as the feast sees it: the 12 x 4 area, its open positions, what may be served."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from models.facts import BANQUET_POSITIONS, BANQUET_ROWS
from models.pieces import Cell, all_pieces
from models.snapshot import Snapshot

ROWS, COLS = BANQUET_ROWS, BANQUET_POSITIONS  # row 0 is the table's positions; the rows below hold what hangs
FOOD_COLOURS = ("orange", "red")
SILVER = "silver"


# --- what may be served ----------------------------------------------------------------------


@cache
def food_pieces() -> tuple[str, ...]:
    """Orange and red goods (the animals are red) and 1-silver coins: PIECE ORDER of the tie-break.

    Green and blue goods, specials, ore, wood and stone are never served, so they get no candidate.
    """
    food = [p.name for p in all_pieces().values() if p.kind in ("good", "animal") and p.colour in FOOD_COLOURS]
    return (*food, SILVER)


def food_supply(snapshot: Snapshot) -> dict[str, int]:
    """How many tiles of each food piece (and silver coins) the player can serve."""
    goods = snapshot.player.goods
    supply = {name: goods.get(name, 0) for name in food_pieces() if name != SILVER}
    return supply | {SILVER: snapshot.player.silver}


# --- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Row-0 positions: emigrated ships from the left, then open ones, then Vikings still seated."""

    first_open: int  # positions before it hold emigrated ships
    open_to: int  # positions from it on still hold a Viking

    @classmethod
    def of(cls, snapshot: Snapshot) -> Table:
        open_to = min(COLS, snapshot.vikings)  # one position per Viking gained
        return cls(first_open=min(len(snapshot.emigrated_ships), open_to), open_to=open_to)

    @property
    def open_positions(self) -> range:
        return range(self.first_open, self.open_to)

    def is_open(self, cell: Cell) -> bool:
        return cell[0] == 0 and self.first_open <= cell[1] < self.open_to

    def is_closed(self, cell: Cell) -> bool:
        """A row-0 cell holding an emigrated ship or a Viking: no food may cover it."""
        return cell[0] == 0 and not self.is_open(cell)


def inside(cell: Cell) -> bool:
    return 0 <= cell[0] < ROWS and 0 <= cell[1] < COLS


def edges() -> list[tuple[Cell, Cell]]:
    """Every pair of edge-neighbouring cells of the 12 x 4 area."""
    right = [((r, c), (r, c + 1)) for r in range(ROWS) for c in range(COLS - 1)]
    down = [((r, c), (r + 1, c)) for r in range(ROWS - 1) for c in range(COLS)]
    return right + down
