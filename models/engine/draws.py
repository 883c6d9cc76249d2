"""What the decks deal: exact distributions of weapon draws, occupation draws and mountain strips.

Weapon cards: each draw one of the four kinds with equal chance (models/data/draws.toml says
why), so n draws are a multinomial over the counts per kind. Occupation cards: a card's printed
points, in proportion to how many cards of the draw deck print them. Mountain strips: the next
strip is any strip of the face-down pile with equal chance; the deal at the start is any set of
`face_up_at_start` strips. Outcomes are listed in a fixed order with `Fraction` probabilities
summing to exactly 1.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, factorial

from models.engine.tables import WEAPONS
from models.mountains import printed_strips
from models.occupation_deck import cards


@cache
def weapon_draws(n: int) -> tuple[tuple[Fraction, tuple[int, ...]], ...]:
    """(probability, cards per kind) for n draws."""
    kinds = len(WEAPONS)
    out = []
    for combo in combinations_with_replacement(range(kinds), n):
        counts = tuple(combo.count(k) for k in range(kinds))
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((Fraction(ways, kinds**n), counts))
    return tuple(out)


@cache
def occupation_draw() -> tuple[tuple[Fraction, int], ...]:
    """(probability, printed points) of one card from the draw deck."""
    points = Counter(cards())
    total = sum(points.values())
    return tuple((Fraction(n, total), p) for p, n in sorted(points.items()))


# The face-down pile is a sorted tuple of indices into STRIPS (small ints hash faster than
# strips of item names, and a state is hashed on every step of a search).
STRIPS: tuple[tuple[str, ...], ...] = tuple(sorted(printed_strips()))


@cache
def strip_draw(pile: tuple[int, ...]) -> tuple[tuple[Fraction, tuple[str, ...]], ...]:
    """(probability, strip) for turning one strip of the pile face up (equal strips merged)."""
    counts = Counter(STRIPS[i] for i in pile)
    return tuple((Fraction(n, len(pile)), strip) for strip, n in sorted(counts.items()))


@cache
def deal(pile: tuple[int, ...], face_up: int) -> tuple[tuple[Fraction, tuple[tuple[str, ...], ...]], ...]:
    """(probability, face-up strips sorted) for the deal at the start of the game."""
    strips = [STRIPS[i] for i in pile]
    counts: Counter = Counter()
    for chosen in combinations(range(len(strips)), face_up):
        counts[tuple(sorted(strips[i] for i in chosen))] += 1
    total = comb(len(strips), face_up)
    return tuple((Fraction(n, total), hand) for hand, n in sorted(counts.items()))


def without(pile: tuple[int, ...], taken) -> tuple[int, ...]:
    """The pile with the strips `taken` removed (one copy each), still sorted."""
    left = list(pile)
    for strip in taken:
        left.remove(next(i for i in left if STRIPS[i] == strip))
    return tuple(left)
