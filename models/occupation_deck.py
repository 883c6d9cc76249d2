"""The occupation decks as printed points: a seeded deck for solo games, and what a card drawn
unseen is assumed to print while a player plans.

Only printed points are modelled (models/round_rules/): a card is its points. Both decks come
from the one card list, models/data/occupations.toml: the dark-brown draw deck (upper-case deck
letters, 145 cards) and the light-brown starting deck (lower case, 45 cards, one each at setup).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from models.data_files import load


DRAW, START = "draw", "start"


def _deck_of(letter: str) -> str:
    return DRAW if letter.isupper() else START


@cache
def _points(deck: str) -> tuple[int, ...]:
    return tuple(sorted(c["points"] for c in load("occupations")["card"] if _deck_of(c["deck"]) == deck))


def cards(deck: str = DRAW) -> list[int]:
    """Every card of a deck ("draw" or "start") as its printed points, lowest first."""
    return list(_points(deck))


def mean_points(deck: str = DRAW) -> Fraction:
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
        self._start = cards(START)
        self._pile = cards()
        rng.shuffle(self._start)
        rng.shuffle(self._pile)

    def starting_card(self) -> int:
        return self._start[0]

    def draw(self) -> int:
        return self._pile.pop()
