"""affo's whole solo game behind the search's Game protocol (planner/search/protocol.py).

All seven rounds of the long solo game with every phase, from the deal of the mountain strips
to the end-of-game placement, played by models/engine (compact immutable states). One player;
chance nodes for the deal and each new mountain strip, every die, weapon and occupation draw,
with exact Fraction probabilities. Tiles are laid by the engine's fast layout policy
(models/engine/layout.py) before each income phase and at the end; the CP-SAT placement engine
stays where a layout is shown to a user. Returns are the final score by the rulebook.

`evaluate` is a deliberately simple estimate (the planner-strength issue owns a better one):
the score if the game ended now, plus half the value table's worth of goods and resources in
supply and the income still to be paid.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from models.engine import flow, words
from models.engine.round_end import LENGTH, board_income
from models.engine.score import final_score
from models.engine.state import State, key
from models.engine.tables import GOODS, VALUES
from models.facts import income_phases_left
from planner.search.protocol import CHANCE, TERMINAL

_WHO = {flow.PLAYER: 0, flow.CHANCE: CHANCE, flow.TERMINAL: TERMINAL}
_GOODS_VALUE = tuple(VALUES.get(g, 0) for g in GOODS)


class AffoGame:
    """The long solo game; states are models.engine.state.State tuples."""

    num_players = 1

    def __init__(self, cache_size: int = 200_000):
        self._actions: dict[State, tuple] = {}
        self._cache_size = cache_size

    def initial_state(self) -> State:
        return flow.start()

    def current_player(self, state: State) -> int:
        return _WHO[flow.who(state)]

    def legal_actions(self, state: State) -> tuple:
        """Cached: a search asks for the same state's actions many times."""
        found = self._actions.get(state)
        if found is None:
            if len(self._actions) >= self._cache_size:
                self._actions.clear()
            found = self._actions[state] = tuple(flow.legal_actions(state))
        return found

    def chance_outcomes(self, state: State) -> tuple[tuple[Fraction, Hashable], ...]:
        return flow.chance_outcomes(state)

    def apply(self, state: State, action) -> State:
        return flow.apply(state, action)

    def returns(self, state: State) -> tuple[float]:
        return (final_score(state),)

    def evaluate(self, state: State) -> tuple[float]:
        if flow.who(state) == flow.TERMINAL:
            return self.returns(state)
        supply = sum(v * n for v, n in zip(_GOODS_VALUE, state.goods)) + state.wood + state.stone + state.ore
        income = board_income(state) * income_phases_left(state.round, LENGTH)
        return (final_score(state) + 0.5 * supply + income,)

    def key(self, state: State) -> Hashable:
        return key(state)

    def label(self, state: State, action) -> str:
        return words.label(state, action)

    def explain(self, state: State, action) -> str:
        return words.explain(state, action)
