"""Goods tiles, special tiles and 1x1 tokens: their colours, shapes and orientations.

Geometry follows the snapshot contract: `rotation` turns clockwise, `flip` mirrors left-right
before turning, and (row, col) is the top-left cell of the turned piece's bounding box.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property

from models.data_files import load

Cell = tuple[int, int]
COLOURS = ("orange", "red", "green", "blue")
ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Orientation:
    rotation: int
    flip: bool
    cells: frozenset[Cell]  # normalised: min row and min col are 0

    @property
    def height(self) -> int:
        return 1 + max(r for r, _ in self.cells)

    @property
    def width(self) -> int:
        return 1 + max(c for _, c in self.cells)


@dataclass(frozen=True)
class Piece:
    name: str
    colour: str  # orange, red, green, blue (specials are blue), or silver / ore / wood / stone
    kind: str  # "good", "animal", "special" or "token"
    mask: tuple[str, ...]  # rows top to bottom at rotation 0, '#' filled
    upgrade: str | None = None  # one step up its goods-box column
    food_type: str | None = None  # the feast's "type": pregnant animals count as the animal
    points: int = 0  # end-game points: animals in the stable, the English crown anywhere
    sword: int | None = None
    cost: int | None = None  # silver at the special sale
    forge: bool = False
    size: tuple[int, int] | None = field(default=None)  # goods: (w, h) at rotation 0

    @cached_property
    def cells(self) -> frozenset[Cell]:
        return frozenset((r, c) for r, row in enumerate(self.mask) for c, ch in enumerate(row) if ch == "#")

    @property
    def area(self) -> int:
        return len(self.cells)

    @property
    def is_square(self) -> bool:
        return self.size is not None and self.size[0] == self.size[1]

    @cached_property
    def orientations(self) -> tuple[Orientation, ...]:
        """The distinct ways to lay the piece, first-found (rotation, flip) kept for each shape."""
        seen: dict[frozenset[Cell], Orientation] = {}
        flips = (False, True) if self.kind == "special" else (False,)
        for flip in flips:
            for rotation in ROTATIONS:
                shape = oriented_cells(self.cells, rotation, flip)
                seen.setdefault(shape, Orientation(rotation, flip, shape))
        return tuple(seen.values())

    def cells_at(self, row: int, col: int, rotation: int = 0, flip: bool = False) -> list[Cell]:
        """Board cells covered when laid with its bounding box's top-left at (row, col)."""
        return sorted((row + r, col + c) for r, c in oriented_cells(self.cells, rotation, flip))


def oriented_cells(cells: frozenset[Cell], rotation: int, flip: bool) -> frozenset[Cell]:
    """Mirror left-right (if flip), then turn clockwise in 90-degree steps, then normalise."""
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation}")
    out = {(r, -c) for r, c in cells} if flip else set(cells)
    for _ in range(rotation // 90):
        out = {(c, -r) for r, c in out}  # clockwise: the old column becomes the row
    min_r = min(r for r, _ in out)
    min_c = min(c for _, c in out)
    return frozenset((r - min_r, c - min_c) for r, c in out)


def _rectangle(w: int, h: int) -> tuple[str, ...]:
    return tuple("#" * w for _ in range(h))


def _goods(data: dict) -> dict[str, Piece]:
    animals = data["animals"]
    swords = load("blue_sword_values")["sword"]  # printed on the blue tiles only
    out: dict[str, Piece] = {}
    for shape in data["shape"]:
        w, h = shape["size"]
        column = [shape.get("orange"), shape["red"], shape["green"], shape["blue"]]
        for step, (colour, names) in enumerate(zip(COLOURS, column)):
            for name in [names] if isinstance(names, str) else names or []:
                nxt = column[step + 1] if step < 3 else None
                animal = animals.get(name)
                out[name] = Piece(
                    name=name,
                    colour=colour,
                    kind="animal" if animal else "good",
                    mask=_rectangle(w, h),
                    upgrade=nxt if isinstance(nxt, str) else (nxt[0] if nxt else None),
                    food_type=animal["food_type"] if animal else name,
                    points=animal["points"] if animal else 0,
                    sword=swords.get(name),
                    size=(w, h),
                )
    return out


def _specials(data: dict) -> dict[str, Piece]:
    return {
        name: Piece(
            name=name,
            colour="blue",
            kind="special",
            mask=tuple(spec["mask"]),
            points=spec.get("points", 0),
            sword=spec["sword"],
            cost=spec.get("cost"),
            forge=spec.get("forge", False),
        )
        for name, spec in data["special"].items()
    }


def _tokens(data: dict) -> dict[str, Piece]:
    return {name: Piece(name=name, colour=t["colour"], kind="token", mask=("#",)) for name, t in data["token"].items()}


@cache
def all_pieces() -> dict[str, Piece]:
    data = load("pieces")
    return {**_goods(data), **_specials(data), **_tokens(data)}


def piece(name: str) -> Piece:
    """The piece called `name`; KeyError for a name the game does not have."""
    return all_pieces()[name]


def goods_names() -> list[str]:
    return [p.name for p in all_pieces().values() if p.kind in ("good", "animal")]


def special_names() -> list[str]:
    return [p.name for p in all_pieces().values() if p.kind == "special"]
