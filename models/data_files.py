"""Reading the game's data files (TOML in models/data), once per process."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """Parse models/data/<name>.toml (name may include a sub-folder: 'boards/home')."""
    path = resources.files("models").joinpath("data", *f"{name}.toml".split("/"))
    return tomllib.loads(path.read_text(encoding="utf-8"))


def names_in(folder: str) -> list[str]:
    """The data files of one sub-folder, without their .toml ending, sorted."""
    root = resources.files("models").joinpath("data", folder)
    return sorted(p.name.removesuffix(".toml") for p in root.iterdir() if p.name.endswith(".toml"))
