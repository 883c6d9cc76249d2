"""Which occupation cards the line plays, by name.

The engine plays the cards a choice names (those with a modelled effect,
models/round_rules/occupations.py), then the best by printed points; here the hand is followed
card by card so the advice can name them. Cards of equal points without an effect are
interchangeable to the engine: the ones named first in the snapshot go first, a card drawn unseen
during the line last.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.actions import load_action_spaces
from models.occupation_cards import by_number, effect_of, hand_entry
from models.round_rules import Action, Setting


@dataclass(frozen=True)
class Card:
    points: int
    name: str
    order: int  # snapshot order; drawn cards after every known one
    effect: bool = False  # a modelled effect (models/round_rules/occupations.py): played after a plain card of equal points


class Hand:
    def __init__(self, setting: Setting):
        unseen = setting.drawn_occupation_points
        hand = setting.snapshot.player.occupations.hand
        self.cards = [_card(c, i, unseen) for i, c in enumerate(hand)]
        self._drawn = 0
        self._unseen = unseen

    def draw(self, n: int, step: int) -> None:
        for _ in range(n):
            self._drawn += 1
            self.cards.append(Card(self._unseen, f"the card drawn at step {step}", 1000 + self._drawn))

    def play(self, n: int, named: tuple[int, ...] = ()) -> list[str]:
        """The cards the engine plays: those the choice names, then the best by points."""
        if not n:
            return []
        chosen = [next(c for c in self.cards if c.name == by_number()[number].name) for number in named]
        rest = sorted((c for c in self.cards if c not in chosen), key=lambda c: (-c.points, c.effect, c.order))
        played = chosen + rest[: n - len(chosen)]
        for c in played:
            self.cards.remove(c)
        return [c.name for c in played]


def _card(entry: int | str, order: int, unseen: int) -> Card:
    known, points = hand_entry(entry, unseen)
    name = known.name if known else entry if isinstance(entry, str) else f"a {entry}-point card"
    return Card(points, name, order, bool(known and effect_of(known.number)))


def played_by_step(setting: Setting, actions: list[Action]) -> dict[int, list[str]]:
    """Step number (from 1) -> names of the cards it plays, in the order the rules play them:
    the column-3 draw, the column-4 play, the space's own draw, the space's own play."""
    spaces = load_action_spaces()
    hand = Hand(setting)
    out: dict[int, list[str]] = {}
    for number, a in enumerate(actions, 1):
        if a.kind != "space":
            continue
        space = spaces[a.space]
        if space.bonus and space.bonus.draw_occupations:
            hand.draw(space.bonus.draw_occupations, number)
        named = tuple(a.chosen("cards", ()) or ())
        played = hand.play(int(a.chosen("bonus_play", 0) or 0), named)
        if space.occupation and space.occupation.draw:
            hand.draw(space.occupation.draw, number)
        played += hand.play(int(a.chosen("play", 0) or 0), named)
        if played:
            out[number] = [p.replace(f"drawn at step {number}", "just drawn") for p in played]
    return out
