"""The planner's search: legal lines, respected context, merging, determinism, the baseline."""

from __future__ import annotations

from models.actions import load_action_spaces
from models.round_context import split_snapshot
from models.round_rules import PASS, initial_state, legal_actions, setting_for, to_snapshot
from models.rules import check_snapshot
from planner.baseline import greedy_action
from planner.chance import outcomes
from planner.evaluate import Evaluator
from planner.round_search import Options, Search, plan, replay

DICE = ["hunt-game-1", "hunt-game-2", "lay-snare", "whaling-major", "whaling-minor", "raid", "pillage-2", "pillage-3"]
SNAP = {
    "format": "affo-snapshot/1",
    "game": {"round": 3, "players": 1},
    "player": {
        "vikings": 6,
        "silver": 5,
        "resources": {"wood": 2, "stone": 1, "ore": 1},
        "goods": {"peas": 2, "mead": 1, "beans": 1, "flax": 1, "sheep": 2, "oil": 1},
        "weapons": {"bow": 1, "spear": 1},
        "ships": [{"type": "whaling-boat"}, {"type": "knarr"}],
        "boards": [{"id": "home", "board": "home-long"}],
    },
    "round_context": {
        "taken": ["build-shed", "weekly-feast", "upgrade-4", "produce-mead"],
        "mountains": [["wood", "stone", "ore", "silver-2"], ["stone", "wood", "silver-2"]],
    },
}


def setup(**context):
    data = {**SNAP, "round_context": {**SNAP["round_context"], **context}}
    snap, ctx = split_snapshot(data)
    return initial_state(snap, ctx), setting_for(snap, ctx)


def test_the_suggested_line_replays_legally_and_ends_in_a_legal_position():
    root, setting = setup()
    result = plan(root, setting, Options(nodes=40))
    # the line starts with the best child of the root, and it beats passing at once
    assert result.steps and result.value == result.steps[0].value > result.value_now
    assert all(a.value <= result.value for a in result.alternatives)
    states = replay(root, setting, result.steps)
    for s in states:
        assert not check_snapshot(to_snapshot(s, setting))
    taken = set(SNAP["round_context"]["taken"])
    assert not taken & {st.action.space for st in result.steps}
    assert sum(st.vikings for st in result.steps) <= 6
    assert states[-1].vikings_left >= 0


def test_no_column_four_space_with_three_vikings_left():
    root, setting = setup(vikings_left=3)
    result = plan(root, setting, Options(nodes=30))
    spaces = load_action_spaces()
    assert all(spaces[st.action.space].column <= 3 for st in result.steps if st.action.kind == "space")
    assert sum(st.vikings for st in result.steps) <= 3


def test_same_snapshot_and_budget_give_the_same_plan():
    root, setting = setup()
    a = plan(root, setting, Options(nodes=25)).as_json()
    b = plan(root, setting, Options(nodes=25)).as_json()
    assert a == b


def test_two_orders_of_the_same_two_actions_reach_one_node():
    root, setting = setup()
    search = Search(root, setting, Options(nodes=10))
    search.expand(root)
    acts = {a.space: a for a in legal_actions(root, setting) if a.space in ("take-stockfish", "weekly-beans")}
    for a in acts.values():
        search.expand(outcomes(root, a, setting)[0].state)
    one = outcomes(outcomes(root, acts["take-stockfish"], setting)[0].state, acts["weekly-beans"], setting)[0].state
    firsts = {outcomes(root, a, setting)[0].state for a in acts.values()}
    assert set(search.children(root)) >= firsts
    assert all(one in search.children(f) for f in firsts)  # both orders, one node
    assert search.nodes().count(one) == 1


def test_chance_edges_sum_to_one():
    root, setting = setup(taken=[])
    search = Search(root, setting, Options(nodes=10))
    search.run()
    chance = [n for n in search.nodes() if isinstance(n, tuple) and n[0] == "chance"]
    assert chance
    for n in chance:
        assert sum(f for _, f, _, _ in search.outcomes(n)) == 1


def _play(root, setting, choose):
    s = root
    while True:
        a = choose(s)
        if a is None:
            return s
        (b,) = outcomes(s, a, setting)  # no dice spaces here: every action is deterministic
        s = b.state


def test_planner_matches_or_beats_the_greedy_baseline_on_a_round_without_dice():
    root, setting = setup(taken=SNAP["round_context"]["taken"] + DICE, vikings_left=6)
    evaluate = Evaluator(setting)
    greedy_end = _play(root, setting, lambda s: greedy_action(s, setting, evaluate))

    def planned(s):
        p = plan(s, setting, Options(nodes=30))
        return p.steps[0].action if p.steps else None

    planner_end = _play(root, setting, planned)
    assert evaluate(planner_end) >= evaluate(greedy_end)


def test_horizon_two_passes_into_the_next_round():
    root, setting = setup(vikings_left=1)
    result = plan(root, setting, Options(nodes=30, horizon=2))
    assert any(st.action == PASS for st in result.steps)
    states = replay(root, setting, result.steps)
    assert states[-1].round == 4
