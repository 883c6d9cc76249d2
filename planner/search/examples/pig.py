"""Solo pig: a tiny dice game with exact chance nodes, small enough to solve by hand.

Each turn the player rolls a die up to `max_rolls` times. A 1 ("bust") loses the turn's points;
any other face adds to them. Before each roll the player may stop and bank the turn's points.
After `turns` turns the score is the banked total.

A state is (turn, banked, faces rolled this turn, rolling?). The faces are kept so that actions
can be explained, but the key keeps only their sum and count: 2 then 3 and 3 then 2 merge.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from planner.search.protocol import CHANCE, TERMINAL

ROLL, STOP = "roll", "stop"
SIXTH = Fraction(1, 6)


@dataclass(frozen=True)
class Pig:
    turns: int = 2
    max_rolls: int = 3
    num_players: int = 1

    def initial_state(self) -> tuple:
        return (0, 0, (), False)

    def current_player(self, state: tuple) -> int:
        turn, _, _, rolling = state
        if turn == self.turns:
            return TERMINAL
        return CHANCE if rolling else 0

    def legal_actions(self, state: tuple) -> list:
        if self.current_player(state) != 0:
            return []
        return [ROLL, STOP] if len(state[2]) < self.max_rolls else [STOP]

    def chance_outcomes(self, state: tuple) -> list:
        return [(SIXTH, face) for face in range(1, 7)] if self.current_player(state) == CHANCE else []

    def apply(self, state: tuple, action) -> tuple:
        turn, banked, faces, rolling = state
        if rolling:
            if action == 1:
                return (turn + 1, banked, (), False)
            return (turn, banked, faces + (action,), False)
        if action == ROLL:
            return (turn, banked, faces, True)
        return (turn + 1, banked + sum(faces), (), False)

    def returns(self, state: tuple) -> tuple:
        return (state[1],)

    def evaluate(self, state: tuple) -> tuple:
        """Banked plus the turn's points: what stopping now would keep (an underestimate)."""
        return (state[1] + sum(state[2]),)

    def key(self, state: tuple) -> tuple:
        turn, banked, faces, rolling = state
        return (turn, banked, sum(faces), len(faces), rolling)

    def label(self, state: tuple, action) -> str:
        return f"rolled {action}" if state[3] else action

    def explain(self, state: tuple, action) -> str:
        turn, banked, faces, rolling = state
        at_stake = sum(faces)
        if rolling:
            return f"A 1 loses the {at_stake} points of turn {turn + 1}." if action == 1 else f"The {action} brings turn {turn + 1} to {at_stake + action} points."
        if action == ROLL:
            return f"Risk the {at_stake} points of turn {turn + 1} on a roll (a 1 loses them)."
        return f"Bank {at_stake} points: {banked + at_stake} in all after turn {turn + 1}."
