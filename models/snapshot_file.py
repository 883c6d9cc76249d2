"""A snapshot file as the commands that never read its round context see it (validate, score, show, ...).

The file may embed a `round_context` object (models/round_context.py); such commands still have
it checked, so a broken context is reported wherever the file is read, but a file without one
never pays for the context's model (start-up of `affo validate` is measured).
"""

from __future__ import annotations

from pathlib import Path

from models.snapshot import Snapshot, parse_snapshot, read_json

CONTEXT_KEY = "round_context"


def split_context(data: object) -> tuple[object, object]:
    """(the snapshot's own JSON, the embedded context's JSON or {})."""
    if isinstance(data, dict) and CONTEXT_KEY in data:
        data = dict(data)
        return data, data.pop(CONTEXT_KEY)
    return data, {}


def read_checked_snapshot(snapshot_path: str | Path) -> Snapshot:
    """The snapshot alone; an embedded context is checked after it, as read_with_context does."""
    snapshot, context = split_context(read_json(snapshot_path))
    snap = parse_snapshot(snapshot)
    if context != {}:
        from models.round_context import parse_context

        parse_context(context)
    return snap
