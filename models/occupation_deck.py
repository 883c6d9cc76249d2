"""The occupation decks: a seeded deck for solo games, and what a card drawn unseen is assumed to
print while a player plans.

A card drawn in a solo game is its number; what it prints and does is models/occupation_cards.py's
(the round engine models the immediate effect of some cards, models/round_rules/occupations.py). Both decks come
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
    draw deck (without replacement), `starting_card()` the setup card: card numbers
    (models/occupation_cards.py). The cards are shuffled from their order by points, so a seed
    deals the same printed points as when a card was its points alone."""

    def __init__(self, seed: int):
        rng = random.Random(f"occupations-{seed}")
        self._start = _numbers(START)
        self._pile = _numbers(DRAW)
        rng.shuffle(self._start)
        rng.shuffle(self._pile)

    def starting_card(self) -> int:
        return self._start[0]

    def draw(self) -> int:
        return self._pile.pop()


def _numbers(deck: str) -> list[int]:
    """A deck's card numbers, lowest points first (then by number)."""
    every = [c for c in load("occupations")["card"] if _deck_of(c["deck"]) == deck]
    return [c["number"] for c in sorted(every, key=lambda c: (c["points"], c["number"]))]
