"""The placement request: settings, the supply that may be laid, and which objective fits the moment."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from models.facts import income_phases_left
from models.snapshot import Snapshot

OBJECTIVES = ("final", "income", "blend")
RESOURCES = ("wood", "stone")
# CP-SAT deterministic time for the whole solve when no wall-clock limit is given: far above what
# any benchmark case needs, and the same cut-off on every machine.
DEFAULT_WORK_LIMIT = 120.0


class PlacementInputError(ValueError):
    """The request cannot be answered as asked (for example --keep more than the supply holds)."""


@dataclass(frozen=True)
class Settings:
    objective: str | None = None  # None: chosen from the position (see choose_objective)
    rounds_left: int | None = None  # blend: income phases still to come (default from the round)
    values: dict[str, float] | None = None  # default_values() when None
    keep: dict[str, int] = field(default_factory=dict)
    final: bool = False  # force the final placement (wood and stone may be laid)
    time_limit: float | None = None  # wall seconds, only when the user asks: answers then depend on load
    workers: int = 1  # measured fastest on a 2-core machine (benchmarks/placement.py), and deterministic
    seed: int = 0
    work_limit: float | None = None  # CP-SAT deterministic time; DEFAULT_WORK_LIMIT when neither limit is set
    tie_break: bool = True  # among equal optima, the fewest then the lowest cells (whatever the search order)


@dataclass(frozen=True)
class Choice:
    """The objective used, the income phases it counts, and why it fits this position."""

    objective: str
    rounds_left: int
    reason: str


def is_final_placement(snapshot: Snapshot, force: bool = False) -> bool:
    """Wood and stone may be laid only at the final placement: the last round, game.final set."""
    return force or (snapshot.game.final and snapshot.game.round == snapshot.last_round)


def rounds_left_default(snapshot: Snapshot) -> int:
    """Income phases still to come: every round from this one to the last but one pays income."""
    return income_phases_left(snapshot.game.round, snapshot.game.length)


def choose_objective(snapshot: Snapshot, settings: Settings) -> Choice:
    """final at the end-of-game placement, else blend over the income phases left; or as asked."""
    if settings.objective is not None and settings.objective not in OBJECTIVES:
        raise PlacementInputError(f"unknown objective {settings.objective!r} (one of: {', '.join(OBJECTIVES)})")
    final = is_final_placement(snapshot, settings.final)
    n = settings.rounds_left if settings.rounds_left is not None else (0 if final else rounds_left_default(snapshot))
    if settings.objective is not None:
        return Choice(settings.objective, n, "asked for")
    if final:
        return Choice("final", 0, "the final placement: only end-of-game points count now")
    phases = f"{n} income phase{'s' if n != 1 else ''}"
    return Choice(
        "blend",
        n,
        f"round {snapshot.game.round} of {snapshot.last_round}: income and bonuses still pay in {phases}, "
        "so they are weighed against end-of-game points",
    )


def owned_supply(snapshot: Snapshot, final: bool) -> Counter:
    """Every placeable thing in supply: goods, unplaced specials, silver, ore, (wood, stone)."""
    player = snapshot.player
    supply = Counter({name: n for name, n in player.goods.items() if n})
    placed = {p.piece for e in player.boards for p in e.placements}
    supply.update(name for name in player.specials if name not in placed)
    supply["silver"] = player.silver
    supply["ore"] = player.resources.get("ore", 0)
    if final:
        for resource in RESOURCES:
            supply[resource] = player.resources.get(resource, 0)
    return +supply


def placeable_supply(snapshot: Snapshot, keep: dict[str, int], final: bool) -> Counter:
    """The supply minus what the player holds back; --keep beyond what is owned is an error."""
    keep_names_known(keep)
    supply = owned_supply(snapshot, final)
    everything = owned_supply(snapshot, True)
    for name, n in keep.items():
        if n < 0:
            raise PlacementInputError(f"--keep {name}={n}: a count is 0 or more")
        if n > everything[name]:
            raise PlacementInputError(f"--keep {name}={n}, but the supply holds only {everything[name]} {name}")
        supply[name] -= n
    return +supply


def keep_names_known(keep: dict[str, int]) -> None:
    from models.pieces import all_pieces

    unknown = sorted(set(keep) - set(all_pieces()))
    if unknown:
        raise PlacementInputError(f"--keep names unknown piece(s): {', '.join(unknown)}")
