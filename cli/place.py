"""affo place (being built)."""

from __future__ import annotations

from cli.common import JsonOpt, SnapshotArg, fail


def place(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """Not available yet."""
    fail("affo place is not available yet", 1)
