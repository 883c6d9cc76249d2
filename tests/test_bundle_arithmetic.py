"""Bundles added up (models/round_rules/bundles.py): what a card's scaled and merged gains come to."""

from models.actions import Bundle
from models.round_rules.bundles import merged, scaled

FISH = Bundle(silver=1, ore=2, goods=(("stockfish", 1),), weapons=(("spear", 1),))


def test_no_copies_is_nothing_and_one_copy_is_the_bundle():
    assert scaled(FISH, 0) == Bundle()
    assert scaled(FISH, -1) == Bundle()
    assert scaled(FISH, 1) == FISH


def test_three_copies_triple_every_field():
    assert scaled(FISH, 3) == Bundle(silver=3, ore=6, goods=(("stockfish", 3),), weapons=(("spear", 3),))


def test_merged_adds_scalars_and_tables_keeping_the_tables_sorted():
    other = Bundle(silver=2, goods=(("mead", 1), ("stockfish", 2)))
    assert merged(FISH, other) == Bundle(silver=3, ore=2, goods=(("mead", 1), ("stockfish", 3)), weapons=(("spear", 1),))
    assert merged(FISH, Bundle()) == FISH
