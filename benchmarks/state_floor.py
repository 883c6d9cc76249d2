"""What narrower engine states would let pure Python reach: the floor of benchmarks/engine.py
(copy a state, change four counts and two goods, add to its hash, make the new state, look it up
in a set; no rule applied) for four layouts of the same position, in one process.

    python -m benchmarks.state_floor [successors]

- today: 26 fields, goods a tuple of 32 counts, the hash a Python-level method reading the digest;
- packed goods: the same with the goods as one integer (8 bits a kind), an action's goods change
  one addition;
- narrow: packed goods, and the 16 fields an action rarely changes in one shared sub-tuple,
  interned (equal values one object, compared and hashed by identity), so a child copies 14 fields;
- narrow, tuple hash: the same without the digest, hashed by the tuple itself (C code).
Prints successors per second for each, and states per second at 142 successors a state (12 Vikings).
Results in benchmarks/RESULTS-engine-options.md.
"""

from __future__ import annotations

import sys
import time
from typing import NamedTuple

from models.engine.digest import MASK

clock = time.process_time
GOODS = tuple(range(32))
PACKED = sum(n << (8 * k) for k, n in enumerate(GOODS))
PACKED_CHANGE = (1 << 24) - (1 << 32)  # goods 3 up one, goods 4 down one
COLD = (
    (0,) * 8, ((1, 0),), (0, 0, 0), ("a", "b"), ("c",) * 10, (("home", 1, 2, 3, 4, ()),), (0, 1, 2), 0, 0, 0, 0,
    (("a", "b"), ("c", "d")), (1, 2, 3), (("x", 1),), (1,) * 10, (),
)  # fmt: skip


class Wide(NamedTuple):  # the engine's field layout (models/engine/state.py)
    round: int; stage: int; pending: tuple; vikings: int; silver: int; wood: int; stone: int; ore: int; goods: object  # noqa: E702
    weapons: tuple; ships: tuple; emigrated: tuple; specials: tuple; specials_left: tuple; boards: tuple  # noqa: E702
    hand: tuple; occupation_points: int; thing_penalties: int; taken: int; placed: int; mountains: tuple  # noqa: E702
    pile: tuple; explorations: tuple; buildings_left: tuple; table: tuple; digest: int  # noqa: E702


class WideState(Wide):
    __slots__ = ()

    def __hash__(self) -> int:
        return self[-1]


class Shared(tuple):
    """Fields rarely changed, interned: one object per value, so identity is equality."""

    __slots__ = ()
    __hash__ = object.__hash__
    __eq__ = object.__eq__
    __ne__ = object.__ne__


class Narrow(NamedTuple):
    round: int; stage: int; pending: tuple; vikings: int; silver: int; wood: int; stone: int; ore: int; goods: int  # noqa: E702
    weapons: tuple; placed: int; mountains: tuple; shared: Shared; digest: int  # noqa: E702


class NarrowState(Narrow):
    __slots__ = ()

    def __hash__(self) -> int:
        return self[-1]


class NarrowPlain(NamedTuple):
    round: int; stage: int; pending: tuple; vikings: int; silver: int; wood: int; stone: int; ore: int; goods: int  # noqa: E702
    weapons: tuple; placed: int; mountains: tuple; shared: Shared  # noqa: E702


def successor_floor(s, n: int, goods_at: int, packed: bool, digest: bool) -> float:
    """Successors per second: n children of s, each copied, changed in four counts and two goods
    (one addition when packed), its digest (last field) updated, built and looked up in a set."""
    new, cls, seen = tuple.__new__, type(s), set()
    start = clock()
    for i in range(n):
        v = list(s)
        v[3] -= 1
        v[4] += 1
        v[5] += i & 7
        v[6] += 1 + (0 if digest else i)  # without a digest the children must still differ
        if packed:
            v[goods_at] += PACKED_CHANGE
        else:
            g = list(v[goods_at])
            g[3] += 1
            g[4] -= 1
            v[goods_at] = tuple(g)
        if digest:
            v[-1] = (v[-1] + i * 2654435761) & MASK
        c = new(cls, v)
        if c not in seen:
            seen.add(c)
    return n / (clock() - start)


def rates(n: int) -> dict[str, float]:
    hot = [4, 0, (), 8, 5, 3, 2, 1]
    shared = Shared(COLD[1:])
    return {
        "today": successor_floor(WideState(*hot, GOODS, *COLD, 12345), n, 8, False, True),
        "packed goods": successor_floor(WideState(*hot, PACKED, *COLD, 12345), n, 8, True, True),
        "narrow": successor_floor(NarrowState(*hot, PACKED, COLD[0], 0, (("a", "b"),), shared, 12345), n, 8, True, True),
        "narrow, tuple hash": successor_floor(NarrowPlain(*hot, PACKED, COLD[0], 0, (("a", "b"),), shared), n, 8, True, False),
    }


def main() -> None:
    branching = float(sys.argv[1]) if len(sys.argv) > 1 else 142.0
    runs = [rates(300_000) for _ in range(3)]
    for name in runs[0]:
        best = max(r[name] for r in runs)
        print(f"{name:20s} {best:12,.0f} successors/s {best / branching:10,.0f} states/s at {branching:.0f} successors")


if __name__ == "__main__":
    main()
