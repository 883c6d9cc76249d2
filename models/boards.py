"""The printed boards: home board, exploration boards, shed, stone house, long house.

Each board is read from its grid in models/data/boards/*.toml. This module only describes what is
printed; what may be laid where is decided by the rule checker (models/rules.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from models.actions.vocabulary import BUILDINGS
from models.data_files import load, names_in
from models.pieces import Cell, special_names

OUTSIDE, PLAIN, NEGATIVE, INCOME, BONUS, NEVER = "~", ".", "N", "I", "B", "X"


@dataclass(frozen=True)
class IncomeTrack:
    name: str
    cells: tuple[Cell, ...]  # in the order they must be covered
    values: tuple[int, ...]  # the value shown while each cell is the first uncovered one
    beyond: int | None  # paid once every cell is covered (None: the last value stays)


@dataclass(frozen=True)
class Bonus:
    cell: Cell
    rewards: tuple[tuple[str, int], ...]  # (item, amount): goods, resources, a special, a building

    @property
    def limited(self) -> bool:
        """Paid only while the supply lasts: a building (the box holds a few) or a special tile (one of each);
        goods and resources are unlimited."""
        return any(item in BUILDINGS or item in special_names() for item, _ in self.rewards)


@dataclass(frozen=True)
class ResourceSpaces:
    resource: str  # "wood" or "stone"
    cells: tuple[Cell, ...]  # spaces on the grid
    off_grid: int = 0  # spaces printed beside the grid

    @property
    def count(self) -> int:
        return len(self.cells) + self.off_grid


@dataclass(frozen=True)
class Board:
    name: str
    kind: str  # "home", "exploration", "shed" or "house"
    vp: int
    grid: tuple[str, ...]
    income: tuple[IncomeTrack, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    resource_spaces: tuple[ResourceSpaces, ...] = ()
    tile: str | None = None  # exploration boards: the physical board A-D
    face: str | None = None
    turns_over_in_round: int | None = None

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def at(self, cell: Cell) -> str:
        """The printed letter of a cell; OUTSIDE beyond the grid."""
        r, c = cell
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.grid[r][c]
        return OUTSIDE

    @cached_property
    def cells(self) -> frozenset[Cell]:
        """Every cell a piece may cover (inside the board and not marked never-coverable)."""
        return frozenset(
            (r, c) for r in range(self.rows) for c in range(self.cols) if self.grid[r][c] not in (OUTSIDE, NEVER)
        )

    @cached_property
    def negatives(self) -> frozenset[Cell]:
        return frozenset(cell for cell in self.cells if self.at(cell) == NEGATIVE)

    @cached_property
    def bonus_cells(self) -> frozenset[Cell]:
        return frozenset(b.cell for b in self.bonuses)

    @cached_property
    def income_cells(self) -> frozenset[Cell]:
        return frozenset(cell for track in self.income for cell in track.cells)

    def resource_space_count(self, resource: str) -> int:
        return sum(s.count for s in self.resource_spaces if s.resource == resource)

    @property
    def is_building(self) -> bool:
        return self.kind in ("shed", "house")

    @property
    def is_house(self) -> bool:
        """A stone or long house (a shed is a building, not a house)."""
        return self.kind == "house"


def _board(name: str, spec: dict) -> Board:
    grid = tuple(spec["grid"].strip("\n").split("\n"))
    if len({len(row) for row in grid}) != 1:
        raise ValueError(f"board {name}: grid rows differ in length")
    return Board(
        name=name,
        kind=spec["kind"],
        vp=spec["vp"],
        grid=grid,
        income=tuple(
            IncomeTrack(t["track"], tuple(map(tuple, t["cells"])), tuple(t["values"]), t.get("beyond"))
            for t in spec.get("income", [])
        ),
        bonuses=tuple(
            Bonus(tuple(b["cell"]), tuple(b["rewards"].items())) for b in spec.get("bonus", [])
        ),
        resource_spaces=tuple(
            ResourceSpaces(s["resource"], tuple(map(tuple, s.get("cells", []))), s.get("off_grid", 0))
            for s in spec.get("resource_space", [])
        ),
        tile=spec.get("tile"),
        face=spec.get("face"),
        turns_over_in_round=spec.get("turns_over_in_round"),
    )


@cache
def all_boards() -> dict[str, Board]:
    out: dict[str, Board] = {}
    for file in names_in("boards"):
        spec = load(f"boards/{file}")
        for name in spec["names"]:
            out[name] = _board(name, spec)
    return out


def board(name: str) -> Board:
    """The board called `name`; KeyError for a name the game does not have."""
    return all_boards()[name]


BANQUET_BOARDS = ("banquet-long", "banquet-short")
