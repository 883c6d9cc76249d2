"""The occupation decks of a solo game: the cards as printed points, seeded, and a draw played
for real turning up the deck's card while the planner assumed an unseen one."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

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
    assert sorted(drawn) == sorted(cards())
    assert drawn == [b.draw() for _ in range(145)]
    assert drawn != [c.draw() for _ in range(145)]
    assert Deck(4).starting_card() in cards(START)


def test_a_solo_game_starts_with_its_starting_card_and_plans_with_an_unseen_card_at_the_deck_mean():
    snap, ctx, _ = new_game(7)
    assert snap.player.occupations.hand == [Deck(7).starting_card()]
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
    assert Counter(after.hand) == Counter(s.hand) + Counter([top])
    assert setting.drawn_occupation_points == 1  # the planner's assumption is untouched
    assert take(s, other, setting, random.Random(0), deck).hand == s.hand  # no card drawn, none taken
