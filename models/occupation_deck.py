"""The occupation decks as printed points: a seeded deck for solo games, and what a card drawn
unseen is assumed to print while a player plans.

Only printed points are modelled (models/round_rules.py): a card is its points. The counts per
value come from models/data/draws.toml (counted from the Appendix's card list): the dark-brown
draw deck (145 cards) and the light-brown starting deck (45 cards, one card each at setup).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from models.data_files import load


@cache
def _counts(deck: str) -> tuple[tuple[int, int], ...]:
    """(printed points, cards) of a deck: "points" (the draw deck) or "start_points"."""
    return tuple(sorted((int(k), n) for k, n in load("draws")["occupations"][deck].items()))


def cards(deck: str = "points") -> list[int]:
    """Every card of a deck as its printed points, in a fixed order."""
    return [p for p, n in _counts(deck) for _ in range(n)]


def mean_points(deck: str = "points") -> Fraction:
    every = cards(deck)
    return Fraction(sum(every), len(every))


def unseen_card_points() -> int:
    """What a planner assumes a card drawn unseen prints: the draw deck's mean, rounded (cards in
    hand are whole points)."""
    return round(mean_points())


class Deck:
    """One game's occupation decks, shuffled with its seed; `draw()` turns up the next card of the
    draw deck (without replacement), `starting_card()` the setup card."""

    def __init__(self, seed: int):
        rng = random.Random(f"occupations-{seed}")
        self._start = cards("start_points")
        self._pile = cards()
        rng.shuffle(self._start)
        rng.shuffle(self._pile)

    def starting_card(self) -> int:
        return self._start[0]

    def draw(self) -> int:
        return self._pile.pop()
