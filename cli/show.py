"""affo show (being built)."""

from __future__ import annotations

from cli.common import JsonOpt, SnapshotArg, fail


def show(snapshot: SnapshotArg, as_json: JsonOpt = False) -> None:
    """Not available yet."""
    fail("affo show is not available yet", 1)
