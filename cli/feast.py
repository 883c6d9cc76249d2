"""affo feast (being built)."""

from __future__ import annotations

from cli.common import JsonOpt, SnapshotArg, fail


def feast(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """Not available yet."""
    fail("affo feast is not available yet", 1)
