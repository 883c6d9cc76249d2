"""Which occupation cards the line plays, by name.

The engine counts a card by its printed points only (models/round_rules/) and plays the best
by points first; here the hand is followed card by card so the advice can name them. Cards of
equal points are interchangeable to the engine: the ones named first in the snapshot go first,
a card drawn unseen during the line last.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.actions import load_action_spaces
from models.round_rules import Action, Setting


@dataclass(frozen=True)
class Card:
    points: int
    name: str
    order: int  # snapshot order; drawn cards after every known one


class Hand:
    def __init__(self, setting: Setting):
        unseen = setting.drawn_occupation_points
        hand = setting.snapshot.player.occupations.hand
        self.cards = [Card(c, f"a {c}-point card", i) if isinstance(c, int) else Card(unseen, c, i) for i, c in enumerate(hand)]
        self._drawn = 0
        self._unseen = unseen

    def draw(self, n: int, step: int) -> None:
        for _ in range(n):
            self._drawn += 1
            self.cards.append(Card(self._unseen, f"the card drawn at step {step}", 1000 + self._drawn))

    def play(self, n: int) -> list[str]:
        best = sorted(self.cards, key=lambda c: (-c.points, c.order))[:n]
        for c in best:
            self.cards.remove(c)
        return [c.name for c in best]


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
        played = hand.play(int(a.chosen("bonus_play", 0) or 0))
        if space.occupation and space.occupation.draw:
            hand.draw(space.occupation.draw, number)
        played += hand.play(int(a.chosen("play", 0) or 0))
        if played:
            out[number] = [p.replace(f"drawn at step {number}", "just drawn") for p in played]
    return out
