"""Snapshot format v1: one player's view of a tabletop position (see README, "Snapshots").

Parsing checks the *form* of the JSON (types, names, counts); the rules of the game are checked
by models/rules.py. Both report errors as {path, message} with a JSON path like
`player.boards[0].placements[2].row`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from models.boards import BANQUET_BOARDS, all_boards
from models.facts import BANQUET_POSITIONS, rounds, vikings_in_round
from models.pieces import all_pieces, goods_names, special_names

FORMAT = "affo-snapshot/1"
# Every count is bounded by what a game can hold, so an absurd number is refused at the door
# instead of building a list of that length somewhere downstream.
MAX_COUNT = 999          # silver, goods of one kind, weapons, penalties, points: far above any game
MAX_EMIGRATED = 12       # one table position per emigrated ship
MAX_SHIP_ORE = 9
MAX_CELL = 99            # rows and columns: any larger anchor is off every board anyway
Count = Annotated[int, Field(ge=0, le=MAX_COUNT, strict=True)]
Coordinate = Annotated[int, Field(ge=-MAX_CELL, le=MAX_CELL, strict=True)]
PieceName = Literal[tuple(sorted(all_pieces()))]  # type: ignore[valid-type]
GoodsName = Literal[tuple(goods_names())]  # type: ignore[valid-type]
SpecialName = Literal[tuple(special_names())]  # type: ignore[valid-type]
BoardName = Literal[tuple(sorted(all_boards()))]  # type: ignore[valid-type]
ShipType = Literal["whaling-boat", "knarr", "longship"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Placement(Strict):
    piece: PieceName
    row: Coordinate
    col: Coordinate
    rotation: Literal[0, 90, 180, 270] = 0
    flip: bool = False


class BoardEntry(Strict):
    id: str
    board: BoardName
    placements: list[Placement] = []
    resources: dict[Literal["wood", "stone"], Count] = {}


class Ship(Strict):
    type: ShipType
    ore: Annotated[int, Field(ge=0, le=MAX_SHIP_ORE, strict=True)] = 0  # ore added to the ship (a whaling boat's printed ore is not counted here)


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
    round: Annotated[int, Field(ge=1, strict=True)] = 1
    # The final placement at game end: tells the placement engine it may lay wood and stone. The
    # checker does not police when resources were laid (a snapshot cannot show that).
    final: bool = False

    @field_validator("round")
    @classmethod
    def _within_the_game(cls, round_: int, info: ValidationInfo) -> int:
        length = info.data.get("length")
        if length is not None and round_ > rounds(length):
            raise ValueError(f"a {length} game has {rounds(length)} rounds")
        return round_


class Player(Strict):
    vikings: Annotated[int, Field(ge=0, le=BANQUET_POSITIONS, strict=True)] | None = None  # default: from the round
    silver: Count = 0
    resources: dict[Literal["wood", "stone", "ore"], Count] = {}
    goods: dict[GoodsName, Count] = {}
    specials: list[SpecialName] = []
    weapons: dict[Literal["bow", "snare", "spear", "long-sword"], Count] = {}
    ships: list[Ship] = []
    emigrated: (
        Annotated[int, Field(ge=0, le=MAX_EMIGRATED, strict=True)]
        | Annotated[list[Literal["knarr", "longship"]], Field(max_length=MAX_EMIGRATED)]
    ) = 0
    thing_penalties: Count = 0
    occupations: Occupations = Occupations()
    boards: list[BoardEntry] = []
    banquet: Banquet = Banquet()

    @field_validator("emigrated", mode="before")
    @classmethod
    def _ships_the_table_holds(cls, value: object) -> object:
        """One message for both forms instead of pydantic's two half-answers."""
        count = len(value) if isinstance(value, list) else value
        if isinstance(count, int) and not isinstance(count, bool) and not 0 <= count <= MAX_EMIGRATED:
            raise ValueError(f"from 0 to {MAX_EMIGRATED} ships emigrate (each takes a banquet position): "
                             "give a count or a list of ship types")
        return value


class Snapshot(Strict):
    format: Literal["affo-snapshot/1"]
    game: Game = Game()
    player: Player

    # Derived facts used everywhere; kept here so every engine reads them the same way.
    @property
    def vikings(self) -> int:
        if self.player.vikings is not None:
            return self.player.vikings
        return vikings_in_round(self.game.round, self.game.length)

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
        return rounds(self.game.length)


assert set(BANQUET_BOARDS) == {"banquet-long", "banquet-short"}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a snapshot: where (a JSON path) and which rule."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message  # "$" names the root


class SnapshotError(Exception):
    """The input is not a readable snapshot; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems


ROOT = "$"  # the path of the whole document
GAME_RECORD = "affo-game/1"  # models/record.py's format, named here so reading a snapshot stays light
GAME_RECORD_HINT = (
    "this file is a game record (affo-game/1), not a snapshot of one position: `affo review FILE` "
    "reviews the game; its \"final\" object is the end-of-game snapshot"
)
MAX_DEPTH = 24  # deeper than any snapshot or round context; beyond it the input is refused
SIMPLE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
WHAT = {"piece": "piece", "board": "board", "goods": "goods", "specials": "special tile"}
REFERENCE = {"piece": "affo pieces", "goods": "affo pieces", "specials": "affo pieces", "board": "affo schema"}


def json_path(loc: tuple) -> str:
    """`player.boards[0].piece`; odd keys quoted (`goods["a\\nb"]`) so a path stays on one line."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif SIMPLE_KEY.fullmatch(part):
            out += f".{part}" if out else part
        else:
            out += f"[{json.dumps(part)}]"
    return out or ROOT


def _real_loc(loc: tuple, data: object, missing: bool) -> tuple:
    """The part of a pydantic location that exists in the input: validator tags such as
    `constrained-int` or `[key]` name no JSON key, so they are dropped."""
    out, here = [], data
    for i, part in enumerate(loc):
        if isinstance(here, dict) and part in here:
            out.append(part)
            here = here[part]
        elif isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here):
            out.append(part)
            here = here[part]
        elif missing and i == len(loc) - 1 and isinstance(here, dict):
            out.append(part)
    return tuple(out)


def short_repr(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def did_you_mean(name: object, names: list[str]) -> str:
    """ "; did you mean 'peas'?" when a known name is close, else ""."""
    if not isinstance(name, str):
        return ""
    import difflib  # only for a misspelt name: a legal position never pays for it

    close = difflib.get_close_matches(name.lower(), names, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


# pydantic's words for JSON's kinds of value, in JSON's own words
KINDS = {"model_type": "Input should be a JSON object", "model_attributes_type": "Input should be a JSON object",
         "dict_type": "Input should be a JSON object", "list_type": "Input should be a JSON array"}


def _message(e: dict) -> str:
    if e["type"] == "extra_forbidden":
        return "unknown key"
    if isinstance(e.get("input"), HugeInteger):
        return f"an integer of {e['input'].digits} digits is far beyond anything a game counts"
    if e["type"] in KINDS:
        return KINDS[e["type"]]
    if e["type"] == "literal_error" and e["msg"].count(",") > 4:  # a list of every name the game has
        field = next((p for p in reversed(e["loc"]) if isinstance(p, str) and p in WHAT), "name")
        names = re.findall(r"'([^']*)'", e["msg"])
        where = REFERENCE.get(field, "affo schema")
        return f"unknown {WHAT.get(field, field)} {short_repr(e['input'])}{did_you_mean(e['input'], names)} (see {where})"
    return e["msg"].removeprefix("Value error, ")


def _problems(err: ValidationError, data: object) -> list[Problem]:
    """One problem per JSON path of `data` (the input validated); where a union's branches all
    failed, their messages are joined."""
    by_path: dict[str, list[str]] = {}
    for e in err.errors():
        loc = _real_loc(e["loc"], data, e["type"] == "missing")
        messages = by_path.setdefault(json_path(loc), [])
        message = _message(e)
        if message not in messages:
            messages.append(message)
    return [Problem(path, _join(messages)) for path, messages in by_path.items()]


def _join(messages: list[str]) -> str:
    if len(messages) > 1 and all(m.startswith("Input should be ") for m in messages):
        return "Input should be " + " or ".join(m.removeprefix("Input should be ") for m in messages)
    return "; ".join(messages)


def parse_snapshot(data: object) -> Snapshot:
    if isinstance(data, dict) and data.get("format") == GAME_RECORD:  # a whole game, not one position
        raise SnapshotError([Problem("format", GAME_RECORD_HINT)])
    try:
        return Snapshot.model_validate(data)
    except ValidationError as err:
        raise SnapshotError(_problems(err, data)) from None


class HugeInteger:
    """An integer literal too long to be any count of the game; validation refuses it by path."""

    def __init__(self, digits: str):
        self.digits = len(digits.lstrip("-"))

    def __repr__(self) -> str:
        return f"<an integer of {self.digits} digits>"


def _integer(text: str) -> int | HugeInteger:
    return int(text) if len(text) <= 30 else HugeInteger(text)


def _too_deep(data: object) -> str | None:
    """The path of the first value nested deeper than MAX_DEPTH, or None (no recursion used)."""
    stack = [(data, (), 0)]
    while stack:
        value, loc, depth = stack.pop()
        if depth > MAX_DEPTH:
            return json_path(loc)
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        stack.extend((v, loc + (k,), depth + 1) for k, v in items if isinstance(v, (dict, list)))
    return None


def _decode(raw: bytes, source: str | Path) -> str:
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark is harmless
    except UnicodeDecodeError as err:
        raise SnapshotError([Problem(ROOT, f"{source} is not UTF-8 text (byte {err.start}: {raw[err.start]:#04x})")]) from None


def _stdin_bytes(stream) -> bytes:
    buffer = getattr(stream, "buffer", None)
    return buffer.read() if buffer is not None else stream.read().encode("utf-8", "surrogatepass")


def read_json(source: str | Path) -> object:
    """The JSON in a file, or on standard input when source is '-'; SnapshotError if unreadable."""
    import sys

    from_stdin = str(source) == "-"
    try:
        raw = _stdin_bytes(sys.stdin) if from_stdin else Path(source).read_bytes()
    except OSError as err:
        raise SnapshotError([Problem(ROOT, f"cannot read {source}: {err.strerror or err}")]) from None
    text = _decode(raw, "standard input" if from_stdin else source)
    try:
        data = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as err:
        raise SnapshotError([Problem(ROOT, f"not valid JSON: {err.msg} (line {err.lineno}, column {err.colno})")]) from None
    except RecursionError:
        raise SnapshotError([Problem(ROOT, f"JSON nested too deep (a snapshot needs at most {MAX_DEPTH} levels)")]) from None
    deep = _too_deep(data)
    if deep is not None:
        raise SnapshotError([Problem(deep, f"nested too deep (a snapshot needs at most {MAX_DEPTH} levels)")])
    return data


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
