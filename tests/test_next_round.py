"""The two-round root (planner/next_round.py): its choice is the best root line after the next
round, each line ends where the plan's own replay ends, and the last round is left alone."""

from __future__ import annotations

from dataclasses import replace

from models.round_end import end_round
import pytest

from planner.next_round import PASS_NOW, Lookahead, Memo, best_choices, line_end, next_round_value, plan_as_player, plan_two_rounds
from planner.round_search import PLAYER_NODES, Options, Search, plan, replay
from planner.rules_of_thumb import RuleMove
from tests.test_search import setup

OPTIONS = Options(nodes=20)


def solo_start(seed: int):
    """Round 1 of the solo game `seed` at its action phase: (state, setting)."""
    from models.round_rules import initial_state, setting_for
    from planner.solo import new_game

    snap, ctx, _ = new_game(seed)
    return initial_state(snap, ctx), setting_for(snap, ctx)


def test_the_budget_decides_the_lines_and_the_next_round_search():
    assert Lookahead.for_budget(10) == Lookahead(lines=2, nodes=4)
    assert Lookahead.for_budget(20) == Lookahead(lines=2, nodes=5)
    assert Lookahead.for_budget(40) == Lookahead(lines=3, nodes=10)
    assert Lookahead.for_budget(80) == Lookahead(lines=4, nodes=20)


def test_a_line_ends_where_the_plan_replayed_ends():
    root, setting = setup()
    search = Search(root, setting, OPTIONS)
    plain = search.run()
    value = search.values()
    first = next(c for _, a, c in search.choices(root) if a == plain.steps[0].action)
    assert line_end(search, value, first) == replay(root, setting, plain.steps)[-1]


def test_the_choice_is_the_line_worth_most_after_the_next_round():
    root, setting = setup()
    search = Search(root, setting, OPTIONS)
    search.run()
    look = Lookahead.for_budget(20)
    candidates = best_choices(search, look.lines)
    assert len(candidates) == 2 and candidates[0].one_round >= candidates[1].one_round
    assert candidates[0].end != candidates[1].end  # two orders of one line count once
    worth = []
    for c in candidates:  # by hand: the round ended by the rules engine, the next one searched
        start, _ = end_round(c.end, setting, search.evaluate.facts)
        after = plan(start, setting, replace(OPTIONS, nodes=look.nodes)).value
        worth.append(c.one_round - search.evaluate(c.end) + after)
    best = candidates[max(range(len(worth)), key=lambda i: (worth[i], -i))].first
    memo = Memo()
    chosen = plan_two_rounds(root, setting, OPTIONS, memo)
    assert (chosen.steps[0].action if chosen.steps else PASS_NOW) == best
    assert chosen.expanded > search.expanded  # the next rounds' searches are counted
    replay(root, setting, chosen.steps)  # legal, or this raises
    # the same position again: the same choice, every next round remembered
    again = plan_two_rounds(root, setting, OPTIONS, memo)
    assert [s.action for s in again.steps] == [s.action for s in chosen.steps]
    assert again.expanded == search.expanded


def test_the_last_round_has_no_next_round_to_look_into():
    root, setting = setup()
    root = replace(root, round=setting.last_round)
    plain = plan(root, setting, OPTIONS)
    two = plan_two_rounds(root, setting, OPTIONS)
    assert [s.action for s in two.steps] == [s.action for s in plain.steps]
    assert two.expanded == plain.expanded


def test_looking_two_rounds_past_follows_the_next_rounds_best_line():
    root, setting = setup()
    look = Lookahead.for_budget(20)
    options = replace(OPTIONS, nodes=look.nodes)
    search = Search(root, setting, OPTIONS)
    search.run()
    end = best_choices(search, look.lines)[0].end
    facts = search.evaluate.facts
    # by hand: the next round searched, its best line ended, the round after searched
    start, _ = end_round(end, setting, facts)
    nxt = Search(start, setting, options)
    p = nxt.run()
    further = line_end(nxt, nxt.values(), start)
    assert further.round == start.round  # the line stops inside the next round
    after_start, _ = end_round(further, setting, facts)
    after = plan(after_start, setting, options).value
    value, spent = next_round_value(end, setting, facts, options, {}, rounds=2)
    assert value == pytest.approx(p.value - nxt.evaluate(further) + after, abs=1e-9)
    assert spent > p.expanded
    # one round past: the next round's value alone, and the two are remembered apart
    known: dict = {}
    assert next_round_value(end, setting, facts, options, known)[0] == p.value
    assert next_round_value(end, setting, facts, options, known, rounds=2)[0] == pytest.approx(value, abs=1e-9)
    assert set(known) == {end, (end, 2), further}
    # the root's choice with it still replays legally
    replay(root, setting, plan_two_rounds(root, setting, OPTIONS, Memo(), further_until=root.round).steps)


def test_affo_plans_first_move_is_the_solo_players_and_its_line_a_deeper_searchs():
    root, setting = setup()
    options = Options(nodes=60)
    player = plan_two_rounds(root, setting, replace(options, nodes=PLAYER_NODES))
    free = plan(root, setting, options)
    first = player.steps[0].action
    assert free.steps[0].action != first  # here the deeper search alone would choose otherwise
    advice = plan_as_player(root, setting, options)
    # the rest of the round planned behind the player's move with the whole budget, as a rule's move is
    behind = Search(root, setting, options, rule=RuleMove(first, "")).run()
    assert [s.action for s in advice.steps] == [s.action for s in behind.steps] and advice.steps[0].action == first
    assert advice.value == advice.steps[0].value == behind.value
    assert [r.action for r in advice.ranked] == [r.action for r in free.ranked]  # the alternatives: the free search's
    assert advice.expanded == behind.expanded + free.expanded + player.expanded
    replay(root, setting, advice.steps)  # legal, or this raises


def test_where_the_player_and_the_deeper_search_agree_one_search_plans_the_line():
    root, setting = solo_start(3)
    options = Options(nodes=60, value="v15", rules_of_thumb=True)
    free = plan(root, setting, replace(options, rules_of_thumb=False))
    advice = plan_as_player(root, setting, options)
    assert [s.action for s in advice.steps] == [s.action for s in free.steps]
    assert advice.expanded == free.expanded + plan_two_rounds(root, setting, replace(options, nodes=PLAYER_NODES)).expanded


def test_a_forced_first_move_is_worth_its_own_line_not_the_roots_best():
    root, setting = setup()
    search = Search(root, setting, Options(nodes=40))
    best = search.run()
    second = next(r for r in best.ranked if r.value < best.value - 1)  # a move worth clearly less
    forced = search.plan_along(second.action)
    assert forced.steps[0].action == second.action and forced.value == second.value
    assert search.plan_along(PASS_NOW).value == best.value_now  # passing at once: the position's own worth


def test_at_a_solo_games_start_affo_plan_advises_what_affo_solo_plays():
    from planner.solo import search_policy
    from planner.value import CURRENT

    root, setting = solo_start(1)
    options = Options(nodes=60, value=CURRENT, rules_of_thumb=True)
    played = search_policy(PLAYER_NODES, CURRENT, "two-round", rules=True)(root, setting)
    deeper = Search(root, setting, replace(options, rules_of_thumb=False)).run()
    assert played.space == "weekly-feast" and deeper.steps[0].action != played  # the deeper search alone would differ
    assert plan_as_player(root, setting, options).steps[0].action == played


def test_the_solo_player_searches_four_times_the_states_in_the_last_round_only():
    from planner.round_search import LAST_ROUND_FACTOR
    from planner.solo import search_policy

    root, setting = setup()
    last = replace(root, round=setting.last_round)
    player = search_policy(20, "projection", "two-round", last_round_factor=LAST_ROUND_FACTOR)
    assert LAST_ROUND_FACTOR == 4
    assert player(last, setting) == plan(last, setting, Options(nodes=80)).steps[0].action
    assert player.searched[0] == Search(last, setting, Options(nodes=80)).run().expanded
    assert player(root, setting) == plan_two_rounds(root, setting, OPTIONS).steps[0].action  # round 3: 20 states
    # affo plan's first move in the last round is the player's too
    assert plan_as_player(last, setting, Options(nodes=60)).steps[0].action == player(last, setting)
