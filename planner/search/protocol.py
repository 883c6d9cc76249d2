"""The contract between a board game and the search: the search sees a game only through this.

Modelled on OpenSpiel's game/state API, with one difference that keeps searches fast and
correct: states are immutable values owned by the game, and every question is asked of the
game (`game.legal_actions(state)`), so a state can be a plain tuple and `apply` can never
mutate its input. Nothing here, nor anywhere in this package, knows which game it searches.

Players are numbered 0..num_players-1; two further values of `current_player` mark a chance
node (the game draws an outcome with `chance_outcomes`) and a finished game.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar, runtime_checkable

CHANCE = -1
TERMINAL = -4

State = TypeVar("State")
Action = TypeVar("Action", bound=Hashable)


@runtime_checkable
class Game(Protocol[State, Action]):
    """A finite game with perfect information for the deciding player and explicit chance."""

    num_players: int

    def initial_state(self) -> State:
        """The position the game starts from."""

    def current_player(self, state: State) -> int:
        """The player to decide, or CHANCE, or TERMINAL."""

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every legal action of the player to decide, passing included, in a fixed order.

        Empty exactly at chance and terminal nodes."""

    def chance_outcomes(self, state: State) -> Sequence[tuple[Fraction, Action]]:
        """At a chance node, each outcome with its exact probability (they sum to 1)."""

    def apply(self, state: State, action: Action) -> State:
        """The state after a decision or a chance outcome; `state` is left untouched."""

    def returns(self, state: State) -> Sequence[float]:
        """At a terminal state, each player's final result (a game's score, not a win rate)."""

    def evaluate(self, state: State) -> Sequence[float]:
        """An estimate of `returns` from a state that is not terminal, one value per player."""

    def key(self, state: State) -> Hashable:
        """A canonical key: two states that play alike have equal keys, so searches merge them."""

    def label(self, state: State, action: Action) -> str:
        """A short human-readable name of `action` in `state`."""

    def explain(self, state: State, action: Action) -> str:
        """One sentence on what `action` does in `state`, in the game's own words."""
