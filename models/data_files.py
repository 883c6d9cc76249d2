"""Reading the game's data files (TOML in models/data), once per process, strictly.

Every file is checked against the keys its readers use (`SCHEMAS`): a key nothing reads is an
error, so a misspelt or stale fact can never sit unnoticed in the data. action_spaces.toml is
read here too (`read`) but checked key by key by its own parser (models/actions/parse.py).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from models.data_cache import parsed_toml

ANY = "*"  # a schema key standing for any name (goods, ships, boards, ...)
LEAF = None

_BOARD = {
    "names": LEAF, "kind": LEAF, "vp": LEAF, "grid": LEAF, "tile": LEAF, "face": LEAF, "turns_over_in_round": LEAF,
    "income": [{"track": LEAF, "cells": LEAF, "values": LEAF, "beyond": LEAF}],
    "bonus": [{"cell": LEAF, "rewards": {ANY: LEAF}}],
    "resource_space": [{"resource": LEAF, "cells": LEAF, "off_grid": LEAF}],
}  # fmt: skip

# File name (boards/* for every board) -> the keys it may hold. A dict is a table, a one-element
# list an array of tables, LEAF a value.
SCHEMAS: dict[str, Any] = {
    "game": {
        "ships": {ANY: {"price": LEAF, "points": LEAF, "emigrated_points": LEAF, "berths": LEAF, "extra_ore": LEAF}},
        "berths": {"small": LEAF, "large": LEAF},
        "building_supply": {ANY: LEAF},
        "length": {ANY: {"rounds": LEAF, "vikings_in_round_1": LEAF}},
        "banquet": {"positions": LEAF, "rows": LEAF},
        "scoring": {"thing_penalty": LEAF},
        "exploration": {"silver_per_turning_round": LEAF},
        "solo": {"start": {"goods": {ANY: LEAF}, "weapons": {ANY: LEAF}, "silver": LEAF}},
    },
    "harvest": {"levels": {ANY: LEAF}, "long": {"levels": LEAF}, "short": {"levels": LEAF}},
    "values": {"tokens": {ANY: LEAF}, "goods": {ANY: LEAF}, "specials": {"cells_plus": LEAF}},
    "blue_sword_values": {"sword": {ANY: LEAF}},
    "pieces": {
        "shape": [{"size": LEAF, "orange": LEAF, "red": LEAF, "green": LEAF, "blue": LEAF}],
        "animals": {ANY: {"points": LEAF, "food_type": LEAF}},
        "special": {ANY: {"mask": LEAF, "sword": LEAF, "cost": LEAF, "forge": LEAF, "points": LEAF}},
        "token": {ANY: {"colour": LEAF}},
    },
    "mountains": {"face_up_at_start": {ANY: LEAF}, "strip": [{"items": LEAF}]},
    "draws": {"weapons": {"kinds": LEAF, "verify": LEAF}},
    "occupations": {"card": [{"number": LEAF, "deck": LEAF, "points": LEAF, "name": LEAF}]},
    "boards/*": _BOARD,
}


class DataFileError(ValueError):
    """A data file holds a key nothing reads (or lacks a table where one belongs)."""


def unknown_keys(data: Any, schema: Any, where: str) -> list[str]:
    """Dotted paths in `data` that `schema` does not allow."""
    if schema is LEAF:
        return []
    if isinstance(schema, list):
        if not isinstance(data, list):
            return [f"{where} (expected an array of tables)"]
        return [bad for i, item in enumerate(data) for bad in unknown_keys(item, schema[0], f"{where}[{i}]")]
    if not isinstance(data, dict):
        return [f"{where} (expected a table)"]
    out = []
    for key, value in data.items():
        path = f"{where}.{key}" if where else key
        if key in schema:
            out += unknown_keys(value, schema[key], path)
        elif ANY in schema:
            out += unknown_keys(value, schema[ANY], path)
        else:
            out.append(path)
    return out


def _schema_for(name: str) -> Any:
    folder, _, _ = name.rpartition("/")
    return SCHEMAS[f"{folder}/*" if folder else name]


def parse_text(text: str) -> dict[str, Any]:
    """TOML text parsed (tomllib imported only when text is parsed outside the cache)."""
    import tomllib

    return tomllib.loads(text)


def parse(name: str, text: str) -> dict[str, Any]:
    """Parse the text of models/data/<name>.toml and check it against its schema."""
    return checked(name, parse_text(text))


def checked(name: str, data: dict[str, Any]) -> dict[str, Any]:
    """`data` read from models/data/<name>.toml, once checked against its schema."""
    bad = unknown_keys(data, _schema_for(name), "")
    if bad:
        raise DataFileError(f"models/data/{name}.toml: keys nothing reads: {', '.join(bad)}")
    return data


def text(name: str) -> str:
    """The raw text of models/data/<name>.toml."""
    return resources.files("models").joinpath("data", *f"{name}.toml".split("/")).read_text(encoding="utf-8")


@cache
def read(name: str) -> dict[str, Any]:
    """models/data/<name>.toml parsed, not yet checked: the parsing is cached between runs
    (models/data_cache.py). For a file with a checker of its own; every other file is `load`ed."""
    return parsed_toml(name, text(name))


@cache
def load(name: str) -> dict[str, Any]:
    """Parse models/data/<name>.toml (name may include a sub-folder: 'boards/home'), strictly.
    The schema check is not cached between runs, so a schema changed in code applies at once."""
    return checked(name, read(name))


def names_in(folder: str) -> list[str]:
    """The data files of one sub-folder, without their .toml ending, sorted."""
    root = resources.files("models").joinpath("data", folder)
    return sorted(p.name.removesuffix(".toml") for p in root.iterdir() if p.name.endswith(".toml"))
