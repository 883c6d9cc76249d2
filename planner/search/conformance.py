"""`check_game`: random playouts that test a game against every promise of the Game protocol.

The work is bounded by the arguments alone: at most `playouts * max_steps` states are visited,
and at each at most `actions_checked` actions are applied and labelled, so a heavy game is
checked in bounded time. A violation raises ConformanceError naming it and the path to it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable
from fractions import Fraction
from numbers import Real

from planner.search.policy import sample_outcome
from planner.search.protocol import CHANCE, TERMINAL, Game


class ConformanceError(AssertionError):
    """The game breaks a promise of the protocol; `path` is the actions from the initial state."""

    def __init__(self, violation: str, path: list):
        self.violation = violation
        self.path = list(path)
        super().__init__(f"{violation} (after {len(path)} actions from the initial state: {self.path!r})")


class _Checker:
    def __init__(self, game: Game, actions_checked: int, max_keys: int):
        self.game = game
        self.actions_checked = actions_checked
        self.max_keys = max_keys
        self.seen: dict[Hashable, tuple] = {}  # key -> what any state with that key must show
        self.states = 0
        self.path: list = []

    def fail(self, violation: str) -> None:
        raise ConformanceError(violation, self.path)

    def check_node(self, state) -> int:
        g = self.game
        self.states += 1
        player = g.current_player(state)
        if player not in (CHANCE, TERMINAL) and not (isinstance(player, int) and 0 <= player < g.num_players):
            self.fail(f"current_player is {player!r}: neither a player 0..{g.num_players - 1} nor CHANCE nor TERMINAL")
        actions = list(g.legal_actions(state))
        if actions != list(g.legal_actions(state)):
            self.fail("legal_actions gives a different list when asked twice for the same state")
        if player in (CHANCE, TERMINAL) and actions:
            self.fail(f"legal_actions is not empty at a {'chance' if player == CHANCE else 'terminal'} node: {actions[:5]!r}")
        if player >= 0 and not actions:
            self.fail(f"no legal action for player {player} at a decision node (passing must be offered)")
        if len(set(actions)) != len(actions):
            self.fail(f"duplicate legal actions: {sorted({repr(a) for a in actions if actions.count(a) > 1})}")
        outcomes = self.check_chance(state) if player == CHANCE else None
        result = self.check_values(state, player)
        self.check_key(state, (player, tuple(actions), outcomes, result))
        return player

    def check_chance(self, state) -> tuple:
        outcomes = list(self.game.chance_outcomes(state))
        if outcomes != list(self.game.chance_outcomes(state)):
            self.fail("chance_outcomes gives a different list when asked twice for the same state")
        if not outcomes:
            self.fail("a chance node without outcomes")
        for p, outcome in outcomes:
            if not isinstance(p, Fraction):
                self.fail(f"probability {p!r} of outcome {outcome!r} is a {type(p).__name__}, not an exact Fraction")
            if not 0 < p <= 1:
                self.fail(f"probability {p} of outcome {outcome!r} is outside (0, 1]")
        total = sum(p for p, _ in outcomes)
        if total != 1:
            self.fail(f"chance probabilities sum to {total}, not exactly 1")
        names = [o for _, o in outcomes]
        if len(set(names)) != len(names):
            self.fail("duplicate chance outcomes")
        return tuple(outcomes)

    def check_values(self, state, player: int) -> tuple | None:
        g = self.game
        if player == TERMINAL:
            values = tuple(g.returns(state))
            what = "returns"
        else:
            values = tuple(g.evaluate(state))
            what = "evaluate"
        if len(values) != g.num_players:
            self.fail(f"{what} has {len(values)} entries for {g.num_players} players")
        if not all(isinstance(v, Real) for v in values):
            self.fail(f"{what} gives a value that is not a real number: {values!r}")
        return values if player == TERMINAL else None

    def check_key(self, state, signature: tuple) -> None:
        key = self.game.key(state)
        try:
            hash(key)
        except TypeError:
            self.fail(f"key {key!r} is not hashable")
        if self.game.key(state) != key:
            self.fail("key gives different values when asked twice for the same state")
        known = self.seen.get(key)
        if known is None:
            if len(self.seen) < self.max_keys:
                self.seen[key] = signature
        elif known != signature:
            field = ["current_player", "legal_actions", "chance_outcomes", "returns"][next(i for i in range(4) if known[i] != signature[i])]
            self.fail(f"two states with the key {key!r} differ in {field}: {known!r} against {signature!r}")

    def check_moves(self, state, moves: list) -> None:
        """Apply and name each of `moves`: no mutation, stable child keys, non-empty words."""
        g = self.game
        for move in moves:
            snapshot, key_before, text_before = copy.deepcopy(state), g.key(state), repr(state)
            comparable = snapshot == state
            child = g.apply(state, move)
            if g.key(state) != key_before or repr(state) != text_before or (comparable and snapshot != state):
                self.fail(f"apply({move!r}) changed the state it was given")
            if g.key(g.apply(state, move)) != g.key(child):
                self.fail(f"apply({move!r}) twice on one state gives children with different keys")
            for name in ("label", "explain"):
                text = getattr(g, name)(state, move)
                if not isinstance(text, str) or not text.strip():
                    self.fail(f"{name}({move!r}) is {text!r}, not a non-empty string")

    def playout(self, rng: random.Random, max_steps: int, must_finish: bool) -> None:
        g = self.game
        state = g.initial_state()
        self.path = []
        for _ in range(max_steps + 1):
            player = self.check_node(state)
            if player == TERMINAL:
                return
            if len(self.path) == max_steps:
                break
            if player == CHANCE:
                outcomes = g.chance_outcomes(state)
                move = sample_outcome(outcomes, rng)
                options = [o for _, o in outcomes]
            else:
                options = list(g.legal_actions(state))
                move = rng.choice(options)
            others = [o for o in options if o != move]
            self.check_moves(state, [move] + rng.sample(others, min(len(others), self.actions_checked - 1)))
            state = g.apply(state, move)
            self.path.append(move)
        if must_finish:
            self.fail(f"the game did not end within max_steps={max_steps}")


def check_game(game: Game, *, playouts: int = 20, seed: int = 0, max_steps: int = 10_000, actions_checked: int = 4,
               must_finish: bool = True, max_keys: int = 100_000) -> dict:
    """Check `game` along `playouts` random games; raise ConformanceError at the first violation.

    Returns a summary: playouts played, states checked, distinct keys remembered."""
    if not isinstance(game.num_players, int) or game.num_players < 1:
        raise ConformanceError(f"num_players is {game.num_players!r}, not a positive integer", [])
    checker = _Checker(game, max(1, actions_checked), max_keys)
    rng = random.Random(seed)
    for _ in range(playouts):
        checker.playout(rng, max_steps, must_finish)
    return {"playouts": playouts, "states": checker.states, "keys": len(checker.seen)}
