"""The round's shared context: what one player cannot see in their own snapshot.

A snapshot (affo-snapshot/1) describes one player's possessions. Planning an action phase also
needs the table: which action spaces are taken, what lies on the face-up mountain strips, which
exploration boards are still face up (and the silver on them), which special tiles are left.

The context is given either as a sibling file (`affo plan SNAP --context CTX.json`) or inside
the snapshot file as a top-level `"round_context"` object; the latter is removed before the
snapshot itself is parsed, because the snapshot model forbids unknown keys. A `--context` file
wins over an embedded object. Every field is optional: defaults describe the start of an action
phase with nothing taken (see `default_context`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from models.pieces import special_names
from models.snapshot import Problem, Snapshot, SnapshotError, _problems, did_you_mean, parse_snapshot, read_json
from models.snapshot_file import CONTEXT_KEY, split_context

MOUNTAIN_ITEMS = ("wood", "stone", "ore", "silver-2")
Count = Annotated[int, Field(ge=0, strict=True)]


class RoundContext(BaseModel):
    """Shared facts of the current action phase (all optional)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    taken: list[str] = []  # action-space ids occupied by anyone (solo: last round's Vikings too)
    mountains: list[list[Literal["wood", "stone", "ore", "silver-2"]]] | None = None  # strips, leftmost item first
    explorations_available: dict[str, Count] | None = None  # face-up unclaimed board -> silver on it
    specials_left: list[str] | None = None  # special tiles still in the general supply
    buildings_left: dict[Literal["shed", "stone-house", "long-house"], Count] | None = None
    vikings_left: Annotated[int, Field(ge=0, le=12, strict=True)] | None = None  # default: all of them
    players: Annotated[int, Field(ge=1, le=4, strict=True)] | None = None  # default: the snapshot's
    drawn_occupation_points: Count = 0  # printed points assumed for an occupation drawn unseen

    @field_validator("taken")
    @classmethod
    def _known_spaces(cls, ids: list[str]) -> list[str]:
        from models.actions import load_action_spaces  # only a context naming spaces pays for reading them

        _refuse_unknown(ids, sorted(load_action_spaces()), "action space", "affo spaces")
        return ids

    @field_validator("explorations_available")
    @classmethod
    def _known_boards(cls, boards: dict[str, int] | None) -> dict[str, int] | None:
        from models.actions import EXPLORATION_BOARDS

        _refuse_unknown(list(boards or {}), sorted(EXPLORATION_BOARDS), "exploration board", "affo schema")
        return boards

    @field_validator("specials_left")
    @classmethod
    def _known_specials(cls, names: list[str] | None) -> list[str] | None:
        _refuse_unknown(names or [], list(special_names()), "special tile", "affo pieces")
        return names


def _refuse_unknown(given: list[str], known: list[str], what: str, reference: str) -> None:
    """ValueError naming each unknown name with the nearest known one."""
    unknown = sorted(set(given) - set(known))
    if unknown:
        named = "; ".join(f"unknown {what} {name!r}{did_you_mean(name, known)}" for name in unknown)
        raise ValueError(f"{named} (see {reference})")


def parse_context(data: object) -> RoundContext:
    try:
        return RoundContext.model_validate(data)
    except ValidationError as err:
        problems = [Problem(_under_context(p.path), p.message) for p in _problems(err, data)]
        raise SnapshotError(problems) from None


def _under_context(path: str) -> str:
    if path == "$":
        return CONTEXT_KEY
    return f"{CONTEXT_KEY}{path}" if path.startswith("[") else f"{CONTEXT_KEY}.{path}"


def split_snapshot(data: object) -> tuple[Snapshot, RoundContext]:
    """Parse raw snapshot JSON that may carry an embedded `round_context` object."""
    snapshot, context = split_context(data)
    return parse_snapshot(snapshot), parse_context(context)


def read_with_context(snapshot_path: str | Path, context_path: str | Path | None = None) -> tuple[Snapshot, RoundContext]:
    """The snapshot and its round context (a `--context` file overrides an embedded one)."""
    snap, context = split_snapshot(read_json(snapshot_path))
    if context_path is not None:
        context = parse_context(read_json(context_path))
    return snap, context
