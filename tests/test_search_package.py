"""The game-agnostic search package: conformance, exact and sampled searches, policies, isolation."""

import ast
import gc
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from planner.search.beam import beam_search
from planner.search.conformance import ConformanceError, check_game
from planner.search.examples.pig import Pig
from planner.search.expectimax import expectimax
from planner.search.mcts import mcts, rollout_leaf
from planner.search.policy import greedy_policy, play, random_policy
from planner.search.protocol import CHANCE, TERMINAL

PACKAGE = Path(__file__).resolve().parent.parent / "planner" / "search"


def brute_force_pig(turns: int, max_rolls: int) -> Fraction:
    """Optimal solo-pig score by plain recursion over (turns left, banked, points at stake, rolls made)."""

    @lru_cache(maxsize=None)
    def best(turns_left: int, banked: int, at_stake: int, rolls: int) -> Fraction:
        if turns_left == 0:
            return Fraction(banked)
        stop = best(turns_left - 1, banked + at_stake, 0, 0)
        if rolls == max_rolls:
            return stop
        roll = Fraction(1, 6) * best(turns_left - 1, banked, 0, 0)
        roll += sum(Fraction(1, 6) * best(turns_left, banked, at_stake + face, rolls + 1) for face in range(2, 7))
        return max(stop, roll)

    return best(turns, 0, 0, 0)


def test_pig_passes_the_conformance_check():
    summary = check_game(Pig(turns=3, max_rolls=4), playouts=100, seed=3)
    assert summary["playouts"] == 100 and summary["states"] > 300
    # keys merge 2-then-3 with 3-then-2: fewer keys than states
    assert summary["keys"] < summary["states"]


class Broken(Pig):
    def __init__(self, flaw: str):
        super().__init__(turns=2, max_rolls=2)
        object.__setattr__(self, "flaw", flaw)

    def initial_state(self):
        return [0, 0, [], False] if self.flaw == "mutate" else super().initial_state()

    def current_player(self, state):
        return super().current_player(tuple(state))

    def legal_actions(self, state):
        actions = super().legal_actions(tuple(state))
        if self.flaw == "duplicate" and actions:
            return actions + actions[:1]
        if self.flaw == "order" and len(actions) == 2:
            self.calls = getattr(self, "calls", 0) + 1
            object.__setattr__(self, "calls", self.calls)
            return actions if self.calls % 2 else actions[::-1]
        return actions

    def chance_outcomes(self, state):
        outcomes = super().chance_outcomes(tuple(state))
        return [(p * Fraction(9, 10), o) for p, o in outcomes] if self.flaw == "probability" else outcomes

    def apply(self, state, action):
        if self.flaw == "mutate":
            state[1] += 1  # changes its input
            return list(super().apply((state[0], state[1] - 1, tuple(state[2]), state[3]), action))
        return super().apply(state, action)

    def key(self, state):
        return super().key((state[0], state[1], tuple(state[2]), state[3]))

    def label(self, state, action):
        return super().label(tuple(state), action)

    def explain(self, state, action):
        return super().explain(tuple(state), action)

    def returns(self, state):
        return super().returns(tuple(state))

    def evaluate(self, state):
        return (state[1] + sum(state[2]),)


@pytest.mark.parametrize("flaw, message", [
    ("mutate", "changed the state it was given"),
    ("probability", "sum to 9/10, not exactly 1"),
    ("duplicate", "duplicate legal actions"),
    ("order", "different list when asked twice"),
])
def test_check_game_names_each_violation_and_its_path(flaw, message):
    with pytest.raises(ConformanceError, match=message) as caught:
        check_game(Broken(flaw), playouts=5, seed=0)
    assert "actions from the initial state" in str(caught.value)
    assert isinstance(caught.value.path, list)


def test_check_game_reports_the_path_to_a_late_violation():
    class BadSecondTurn(Pig):
        def legal_actions(self, state):
            actions = super().legal_actions(state)
            return actions + actions if state[0] == 1 and actions else actions

    with pytest.raises(ConformanceError, match="duplicate") as caught:
        check_game(BadSecondTurn(), playouts=20, seed=1)
    assert len(caught.value.path) >= 2  # the path leads into the second turn


def test_check_game_work_is_bounded_by_its_arguments():
    summary = check_game(Pig(turns=50, max_rolls=6), playouts=3, max_steps=10, must_finish=False)
    assert summary["states"] <= 3 * 11
    with pytest.raises(ConformanceError, match="did not end within max_steps=10"):
        check_game(Pig(turns=50, max_rolls=6), playouts=1, max_steps=10)


@pytest.mark.parametrize("turns, max_rolls", [(1, 1), (2, 3), (3, 4)])
def test_expectimax_equals_brute_force_exactly(turns, max_rolls):
    result = expectimax(Pig(turns=turns, max_rolls=max_rolls))
    assert result.exact and result.value == brute_force_pig(turns, max_rolls)
    assert isinstance(result.value, Fraction)
    assert result.action == "roll" and result.alternatives[0].action == "roll"
    assert result.line[0].label == "roll" and result.line[1].probability == Fraction(1, 6)


def test_expectimax_stops_rolling_with_much_at_stake():
    game = Pig(turns=1, max_rolls=5)
    result = expectimax(game, (0, 0, (6, 6, 6), False))  # 18 at stake: a roll expects 5/6*(18+4) = 18.33
    assert result.action == "roll"
    assert result.value == max(Fraction(18), brute_force_from(18, 3, 5))
    result = expectimax(game, (0, 0, (6, 6, 6, 6), False))  # 24: a roll expects 5/6*28 = 23.3
    assert result.action == "stop" and result.value == 24


def brute_force_from(at_stake: int, rolls: int, max_rolls: int) -> Fraction:
    if rolls == max_rolls:
        return Fraction(at_stake)
    roll = sum(Fraction(1, 6) * brute_force_from(at_stake + f, rolls + 1, max_rolls) for f in range(2, 7))
    return max(Fraction(at_stake), roll)


def test_limited_expectimax_is_labelled_an_estimate():
    result = expectimax(Pig(turns=3, max_rolls=4), depth=3)
    assert not result.exact and result.status == "estimate"
    budget = expectimax(Pig(turns=3, max_rolls=4), nodes=20)
    assert not budget.exact and budget.nodes == 20


def test_mcts_converges_to_the_exact_value_and_action():
    game = Pig(turns=2, max_rolls=3)
    exact = float(brute_force_pig(2, 3))
    errors = []
    for budget in (100, 1000, 10000):
        result = mcts(game, nodes=budget, seed=1)
        assert not result.exact and result.nodes == budget
        assert result.action == "roll"
        errors.append(abs(result.value - exact))
    assert errors[0] > errors[1] > errors[2] and errors[2] < 0.25 * errors[0]
    assert errors[2] < 0.5


def test_mcts_finds_the_stop_when_stopping_is_right():
    result = mcts(Pig(turns=1, max_rolls=5), (0, 0, (6, 6, 6, 6), False), nodes=2000, seed=2)
    assert result.action == "stop"


def test_searches_are_deterministic_for_a_seed_and_budget():
    game = Pig(turns=3, max_rolls=4)
    for seed in (0, 7):
        a = mcts(game, nodes=500, seed=seed, leaf=rollout_leaf(random_policy))
        b = mcts(game, nodes=500, seed=seed, leaf=rollout_leaf(random_policy))
        assert a == b
    assert expectimax(game, depth=4) == expectimax(game, depth=4)
    assert play(game, random_policy, seed=5) == play(game, random_policy, seed=5)


def test_play_returns_a_consistent_trajectory():
    game = Pig(turns=3, max_rolls=4)
    trajectory = play(game, greedy_policy(), seed=4)
    assert len(trajectory.states) == len(trajectory.actions) + 1
    assert game.current_player(trajectory.states[-1]) == TERMINAL
    assert trajectory.returns == (trajectory.states[-1][1],)
    state = game.initial_state()
    for s, action in zip(trajectory.states, trajectory.actions):
        assert s == state
        if game.current_player(state) != CHANCE:
            # one step ahead a roll expects banked + 5/6 * at stake + 10/3: better below 20 at stake
            assert action == ("roll" if sum(state[2]) < 20 and len(state[2]) < 4 else "stop")
        state = game.apply(state, action)
    cut = play(game, random_policy, seed=4, max_steps=3)
    assert cut.returns is None and len(cut.actions) == 3


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module)
    return names


def test_search_package_imports_no_game_module():
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) >= 8
    for path in files:
        for name in imported_modules(path):
            allowed = name.split(".")[0] in sys.stdlib_module_names or name == "planner.search" or name.startswith("planner.search.")
            assert allowed, f"{path.relative_to(PACKAGE)} imports {name}"


def test_beam_with_room_for_everything_is_exact():
    result = beam_search(Pig(turns=2, max_rolls=3))
    assert result.exact and result.value == brute_force_pig(2, 3) and result.action == "roll"
    assert [a.action for a in result.alternatives] == ["roll", "stop"]


def test_beam_within_a_phase_plans_one_turn_and_labels_an_estimate():
    game = Pig(turns=3, max_rolls=4)
    result = beam_search(game, within=lambda state: state[0] == 0)
    assert not result.exact and result.action == "roll"
    turns_in_line = {step.action for step in result.line}
    assert turns_in_line <= {"roll", "stop", 1, 2, 3, 4, 5, 6}
    # one turn valued by evaluate beyond it: every roll adds 1/6 bust risk, so the value is the
    # best single-turn banking plan, solved independently here
    assert result.value == max(brute_force_from(0, 0, 4), Fraction(0))
    narrow = beam_search(game, beam=1, max_beam=1, nodes=3)
    assert narrow.nodes == 3 and not narrow.exact
    assert narrow == beam_search(game, beam=1, max_beam=1, nodes=3)


def test_beam_stops_with_much_at_stake():
    result = beam_search(Pig(turns=1, max_rolls=5), (0, 0, (6, 6, 6, 6), False))
    assert result.exact and result.action == "stop" and result.value == 24
    assert [step.label for step in result.line] == ["stop"]
    assert "Bank 24 points" in result.line[0].explanation


def test_a_deadline_only_cuts_work_short():
    import time

    past = time.monotonic() - 1
    game = Pig(turns=2, max_rolls=3)
    assert expectimax(game, deadline=past).exact is False
    assert mcts(game, nodes=100, deadline=past).nodes == 0
    assert beam_search(game, deadline=past).nodes == 0
    future = time.monotonic() + 3600
    assert expectimax(game, deadline=future) == expectimax(game)


class _CollectorSpy(Pig):
    """Pig that notes, at each decision, whether the cycle collector is running."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.collector_seen: set[bool] = set()

    def legal_actions(self, state):
        self.collector_seen.add(gc.isenabled())
        return super().legal_actions(state)


@pytest.mark.parametrize("search", [lambda g: beam_search(g), lambda g: expectimax(g), lambda g: mcts(g, nodes=50),
                                    lambda g: play(g, random_policy, seed=1)])  # fmt: skip
@pytest.mark.parametrize("enabled_before", [True, False])
def test_searches_pause_the_cycle_collector_and_put_it_back(search, enabled_before):
    game = _CollectorSpy(turns=2, max_rolls=3)
    was = gc.isenabled()
    (gc.enable if enabled_before else gc.disable)()
    try:
        search(game)
        assert game.collector_seen == {False}
        assert gc.isenabled() == enabled_before
    finally:
        (gc.enable if was else gc.disable)()
