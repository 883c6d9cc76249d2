"""The state's hash, kept inside the state and updated by each change instead of recomputed.

A search hashes every successor it builds (to merge equal states), and hashing the whole state
tuple walks some eighty nested values. So the state carries its hash as its last field: the sum
over its fields of a per-field part, modulo 2**61. A part depends on that field's value alone,
so equal states have equal digests whatever path built them, and a change adds the new part and
takes away the old one. The parts:

- counts and bit masks: a fixed random weight times the value, so a compiled action's change is
  one constant added (models/engine/plans.py precomputes it);
- count vectors (goods, weapons, ships emigrated, buildings left): a weight per position times
  the count, for the same reason;
- every other tuple: a weight times Python's hash of the tuple (strings' hashes differ between
  processes, so a state carried to another process recomputes its digest: State.__reduce__);
- the last feast's table (history, not position) and the digest itself: nothing.

The digest decides only where a state lands in a set or dict: equality still compares every
field, so two different states that happen to share a digest stay apart.
"""

from __future__ import annotations

import random

MASK = (1 << 61) - 1
SCALAR, VECTOR, HASHED, NONE = range(4)

# what kind of part each field has (by field name; models/engine/state.py gives the order)
KINDS = {
    "round": SCALAR, "stage": SCALAR, "pending": HASHED, "vikings_left": SCALAR, "silver": SCALAR, "wood": SCALAR,
    "stone": SCALAR, "ore": SCALAR, "goods": VECTOR, "weapons": VECTOR, "ships": HASHED, "emigrated": VECTOR,
    "specials": HASHED, "specials_left": HASHED, "boards": HASHED, "hand": HASHED, "occupation_points": SCALAR,
    "thing_penalties": SCALAR, "taken": SCALAR, "placed": SCALAR, "mountains": HASHED, "pile": HASHED,
    "explorations": HASHED, "buildings_left": VECTOR, "table": NONE, "digest": NONE,
}  # fmt: skip
_VECTOR_LENGTH = 64  # weights drawn per count vector (longer than any of them)


def _weights(fields: tuple[str, ...]) -> tuple:
    """Per field: one weight (SCALAR, HASHED), a tuple of weights (VECTOR) or None. Fixed, so
    a run's digests are the same from one run to the next (bar strings' hashes)."""
    rng = random.Random(0x0DD1)
    out = []
    for name in fields:
        kind = KINDS[name]
        if kind == VECTOR:
            out.append(tuple(rng.getrandbits(61) for _ in range(_VECTOR_LENGTH)))
        else:
            out.append(rng.getrandbits(61) if kind != NONE else None)
    return tuple(out)


class Parts:
    """The digest's parts for one field order."""

    def __init__(self, fields: tuple[str, ...]):
        self.fields = fields
        self.kinds = tuple(KINDS[name] for name in fields)
        self.weights = _weights(fields)

    def part(self, i: int, value) -> int:
        kind, w = self.kinds[i], self.weights[i]
        if kind == SCALAR:
            return w * value
        if kind == VECTOR:
            return sum([a * b for a, b in zip(w, value)])
        if kind == HASHED:
            return w * hash(value)
        return 0

    def change(self, i: int, old, new) -> int:
        """What replacing field i's value `old` by `new` adds to the digest (before the mask)."""
        kind, w = self.kinds[i], self.weights[i]
        if kind == SCALAR:
            return w * (new - old)
        if kind == VECTOR:
            return sum([x * (b - a) for x, a, b in zip(w, old, new) if a != b])
        if kind == HASHED:
            return w * (hash(new) - hash(old))
        return 0

    def of(self, values) -> int:
        """The digest of a whole list of field values, worked out afresh."""
        return sum([self.part(i, v) for i, v in enumerate(values)]) & MASK

    def counts(self, i: int, changes) -> int:
        """What adding (position, amount) changes to vector field i adds (before the mask)."""
        w = self.weights[i]
        return sum([w[j] * n for j, n in changes])
