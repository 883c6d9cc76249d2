"""Snapshot format v1: one player's view of a tabletop position (see README, "Snapshots").

Parsing checks the *form* of the JSON (types, names, counts); the rules of the game are checked
by models/rules.py. Both report errors as {path, message} with a JSON path like
`player.boards[0].placements[2].row`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from models.boards import BANQUET_BOARDS, all_boards
from models.pieces import all_pieces, goods_names, special_names

FORMAT = "affo-snapshot/1"
Count = Annotated[int, Field(ge=0, strict=True)]
PieceName = Literal[tuple(sorted(all_pieces()))]  # type: ignore[valid-type]
GoodsName = Literal[tuple(goods_names())]  # type: ignore[valid-type]
SpecialName = Literal[tuple(special_names())]  # type: ignore[valid-type]
BoardName = Literal[tuple(sorted(all_boards()))]  # type: ignore[valid-type]
ShipType = Literal["whaling-boat", "knarr", "longship"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Placement(Strict):
    piece: PieceName
    row: Annotated[int, Field(strict=True)]
    col: Annotated[int, Field(strict=True)]
    rotation: Literal[0, 90, 180, 270] = 0
    flip: bool = False


class BoardEntry(Strict):
    id: str
    board: BoardName
    placements: list[Placement] = []
    resources: dict[Literal["wood", "stone"], Count] = {}


class Ship(Strict):
    type: ShipType
    ore: Count = 0  # ore added to the ship (a whaling boat's printed ore is not counted here)


class Occupations(Strict):
    hand: list[str | int] = []
    played: list[str | int] = []
    played_points: Count = 0


class Banquet(Strict):
    board: Literal["banquet-long", "banquet-short"] | None = None  # default: the game's length
    placements: list[Placement] = []


class Game(Strict):
    length: Literal["long", "short"] = "long"
    players: Annotated[int, Field(ge=1, le=4, strict=True)] = 1
    round: Annotated[int, Field(ge=1, le=7, strict=True)] = 1
    # The final placement at game end: tells the placement engine it may lay wood and stone. The
    # checker does not police when resources were laid (a snapshot cannot show that).
    final: bool = False


class Player(Strict):
    vikings: Annotated[int, Field(ge=0, le=12, strict=True)] | None = None  # default: from the round
    silver: Count = 0
    resources: dict[Literal["wood", "stone", "ore"], Count] = {}
    goods: dict[GoodsName, Count] = {}
    specials: list[SpecialName] = []
    weapons: dict[Literal["bow", "snare", "spear", "long-sword"], Count] = {}
    ships: list[Ship] = []
    emigrated: Count | list[Literal["knarr", "longship"]] = 0
    thing_penalties: Count = 0
    occupations: Occupations = Occupations()
    boards: list[BoardEntry] = []
    banquet: Banquet = Banquet()


class Snapshot(Strict):
    format: Literal["affo-snapshot/1"]
    game: Game = Game()
    player: Player

    # Derived facts used everywhere; kept here so every engine reads them the same way.
    @property
    def vikings(self) -> int:
        if self.player.vikings is not None:
            return self.player.vikings
        return 5 + self.game.round + (1 if self.game.length == "short" else 0)

    @property
    def emigrated_ships(self) -> list[str]:
        """VP types of emigrated ships; a bare count is read as knarrs."""
        e = self.player.emigrated
        return list(e) if isinstance(e, list) else ["knarr"] * e

    @property
    def banquet_board(self) -> str:
        return self.player.banquet.board or f"banquet-{self.game.length}"

    @property
    def last_round(self) -> int:
        return 7 if self.game.length == "long" else 6


assert set(BANQUET_BOARDS) == {"banquet-long", "banquet-short"}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a snapshot: where (a JSON path) and which rule."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class SnapshotError(Exception):
    """The input is not a readable snapshot; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems


def json_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _message(e: dict) -> str:
    if e["type"] == "extra_forbidden":
        return "unknown key"
    if e["type"] == "literal_error" and e["msg"].count(",") > 4:  # a list of every name the game has
        what = {"piece": "piece", "board": "board", "goods": "goods", "specials": "special tile"}
        field = next((p for p in reversed(e["loc"]) if isinstance(p, str) and p in what), "name")
        return f"unknown {what.get(field, field)} {e['input']!r} (see affo schema for the names)"
    return e["msg"].removeprefix("Value error, ")


def _problems(err: ValidationError) -> list[Problem]:
    out = []
    for e in err.errors():
        loc = tuple(p for p in e["loc"] if not (isinstance(p, str) and ("[" in p or p in ("list", "int"))))
        out.append(Problem(json_path(loc), _message(e)))
    return out


def parse_snapshot(data: object) -> Snapshot:
    try:
        return Snapshot.model_validate(data)
    except ValidationError as err:
        raise SnapshotError(_problems(err)) from None


def read_json(source: str | Path) -> object:
    """The JSON in a file, or on standard input when source is '-'; SnapshotError if unreadable."""
    import sys

    try:
        text = sys.stdin.read() if str(source) == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as err:
        raise SnapshotError([Problem("", f"cannot read {source}: {err.strerror or err}")]) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SnapshotError([Problem("", f"not valid JSON: {err.msg} at line {err.lineno} column {err.colno}")]) from None


def read_snapshot(source: str | Path) -> Snapshot:
    """Read a snapshot from a file path, or from standard input when source is '-'."""
    return parse_snapshot(read_json(source))


def dump_snapshot(snapshot: Snapshot) -> dict:
    """The snapshot as JSON-ready data, leaving out what is at its default."""
    return snapshot.model_dump(mode="json", exclude_defaults=True) | {"format": FORMAT}


def json_schema() -> dict:
    schema = Snapshot.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "affo snapshot, format affo-snapshot/1"
    return schema
