"""tomllib's reading of a data file, kept beside the data between runs.

Importing tomllib and parsing the game's TOML (pieces, every board) was about 5 % of `affo
validate`'s start (start-up is measured), while the data changes only when a developer edits it. So each file's parsed form is stored in models/data/__pycache__ (ignored by git, like Python's
bytecode) together with the exact text it came from, and reused only while that text is unchanged:
a cache can never hand out stale facts, only cost a reparse. Where the folder cannot be written
(a read-only install), every run simply parses. marshal holds exactly TOML's kinds of value
(tables, arrays, strings, numbers, booleans); a file holding a date is not cached.
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from typing import Any

CACHE = Path(__file__).resolve().parent / "data" / "__pycache__"


def cache_file(name: str) -> Path:
    """Where the reading of models/data/<name>.toml is kept (per interpreter, as marshal's format may change)."""
    return CACHE / f"{name.replace('/', '.')}.{sys.implementation.cache_tag}.marshal"


def parsed_toml(name: str, source: str) -> dict[str, Any]:
    """tomllib.loads(source), from the cache when it was made from this very text."""
    path = cache_file(name)
    try:
        cached_source, data = marshal.loads(path.read_bytes())
        if cached_source == source and isinstance(data, dict):
            return data
    except (OSError, ValueError, EOFError, TypeError):  # none yet, unreadable, or written by something else
        pass
    import tomllib  # only on a miss: importing it alone costs a third as much as parsing every file

    data = tomllib.loads(source)
    _store(path, source, data)
    return data


def _store(path: Path, source: str, data: dict[str, Any]) -> None:
    """Write the cache whole or not at all: a temporary file renamed over the old one, so a run
    reading at the same moment sees the old cache or the new, never half of one."""
    try:
        blob = marshal.dumps((source, data))
        path.parent.mkdir(exist_ok=True)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temporary.write_bytes(blob)
        os.replace(temporary, path)
    except (OSError, ValueError):  # a read-only folder, or a value marshal cannot hold
        pass
