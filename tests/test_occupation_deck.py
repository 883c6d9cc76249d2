"""The occupation decks of a solo game: the cards by number, seeded, and a draw played
for real turning up the deck's card while the planner assumed an unseen one."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from models.occupation_cards import by_number, hand_points, points_of
from models.occupation_deck import START, Deck, cards, mean_points, unseen_card_points
from models.round_rules import initial_state, legal_actions, setting_for
from planner.solo import draws_occupation, new_game, take


def test_the_decks_hold_the_printed_cards():
    # 145 dark-brown cards to draw, 45 light-brown starting cards: 190 occupations in the box
    assert len(cards()) == 145 and len(cards(START)) == 45
    assert mean_points() == Fraction(188, 145) and unseen_card_points() == 1
    assert Counter(cards())[7] == 1  # the Chief, the only 7


def test_a_seeded_deck_is_a_shuffle_of_the_cards_and_the_same_for_the_same_seed():
    a, b, c = Deck(4), Deck(4), Deck(5)
    drawn = [a.draw() for _ in range(145)]
    assert sorted(points_of(n) for n in drawn) == sorted(cards())
    assert len(set(drawn)) == 145 and all(by_number()[n].deck.isupper() for n in drawn)
    assert drawn == [b.draw() for _ in range(145)]
    assert drawn != [c.draw() for _ in range(145)]
    assert by_number()[Deck(4).starting_card()].deck.islower()


def test_a_seed_deals_the_printed_points_it_dealt_when_a_card_was_its_points():
    # the cards are shuffled from their order by points: the same permutation of the same points
    for seed in (0, 7, 21):
        rng = random.Random(f"occupations-{seed}")
        start, pile = cards(START), cards()
        rng.shuffle(start)
        rng.shuffle(pile)
        deck = Deck(seed)
        assert points_of(deck.starting_card()) == start[0]
        assert [points_of(deck.draw()) for _ in range(145)] == pile[::-1]


def test_a_solo_game_starts_with_its_starting_card_and_plans_with_an_unseen_card_at_the_deck_mean():
    snap, ctx, _ = new_game(7)
    # a card without a modelled effect is held by its points (models/round_rules/occupations.py)
    assert [hand_points(c, 0) for c in snap.player.occupations.hand] == [points_of(Deck(7).starting_card())]
    assert ctx.drawn_occupation_points == 1


def test_drawing_for_real_puts_the_decks_next_card_in_hand():
    snap, ctx, _ = new_game(7)
    setting = setting_for(snap, ctx)
    s = initial_state(snap, ctx)
    draw = next(a for a in legal_actions(s, setting) if a.space == "draw-occupation")
    other = next(a for a in legal_actions(s, setting) if a.space == "weekly-beans")
    assert draws_occupation(draw) and not draws_occupation(other)
    deck, top = Deck(7), Deck(7).draw()
    after = take(s, draw, setting, random.Random(0), deck)
    assert Counter(after.hand_points()) == Counter(s.hand_points()) + Counter([points_of(top)])
    assert setting.drawn_occupation_points == 1  # the planner's assumption is untouched
    assert take(s, other, setting, random.Random(0), deck).hand == s.hand  # no card drawn, none taken
