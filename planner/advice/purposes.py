"""What each gain of the line is for: the later step, or the round's end, that spends it.

The line is read as a queue of users: its steps in order, and after this round's last step the
round's end (the tiles laid before income, then this round's feast). Each user spends from the
latest gains first (what you took for it), then older ones, then what you held before the line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from planner.advice.line import Change

Allocation = dict[int, dict[int, Counter]]  # gaining user -> spending user -> what of it


@dataclass(frozen=True)
class User:
    """A step of the line or a part of the round's end, as a spender and a gainer."""

    phrase: str  # "for the long house (step 5)", "for this round's feast"
    spends: Counter
    gains: Counter
    step: int | None = None  # index into the line's steps; None for the round's end


def gains_of(c: Change) -> Counter:
    """Goods, resources, silver and weapons a step adds (upgraded tiles included)."""
    out = Counter({k: n for table in (c.resources, c.goods, c.weapons) for k, n in table.items() if n > 0})
    out.update(b for _, b in c.upgrades)
    return out


def spends_of(c: Change) -> Counter:
    spent = Counter({k: -n for table in (c.resources, c.goods, c.weapons) for k, n in table.items() if n < 0})
    spent.update(a for a, _ in c.upgrades)
    return spent


def users(changes: Sequence[Change], phrases: Sequence[str], this_round: int, laid: Counter, fed: Counter) -> list[User]:
    """The line's steps, with the round's end after the first `this_round` of them."""
    steps = [User(p, spends_of(c), gains_of(c), i) for i, (c, p) in enumerate(zip(changes, phrases))]
    end = [User("to lay before income", laid, Counter()), User("for this round's feast", fed, Counter())]
    return steps[:this_round] + end + steps[this_round:]


def allocate(line: Sequence[User]) -> Allocation:
    stacks: dict[str, list[list[int]]] = {}
    out: Allocation = {}
    for j, user in enumerate(line):
        for kind, need in user.spends.items():
            stack = stacks.get(kind, [])
            while need and stack:
                i, n = stack[-1]
                take = min(n, need)
                out.setdefault(i, {}).setdefault(j, Counter())[kind] += take
                need -= take
                stack[-1][1] -= take
                if not stack[-1][1]:
                    stack.pop()
        for kind, n in user.gains.items():
            stacks.setdefault(kind, []).append([j, n])
    return out
