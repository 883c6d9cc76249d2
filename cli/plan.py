"""affo plan (being built)."""

from __future__ import annotations

from cli.common import JsonOpt, SnapshotArg, fail


def plan(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """Not available yet."""
    fail("affo plan is not available yet", 1)
