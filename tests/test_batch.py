"""planner/batch.py: work fanned out keeps its order and its groups."""

from __future__ import annotations

from planner.batch import balanced, map_here


def test_balanced_groups_take_the_costliest_first_each_to_the_lightest_group():
    costs = {"r7": 7, "r6": 6, "r5": 5, "r4": 4, "r3": 3, "r2": 2, "r1": 1, "end": 1}
    groups = balanced(list(costs), 2, costs.get)
    assert groups == [["r7", "r4", "r3", "end"], ["r6", "r5", "r2", "r1"]]
    assert balanced(["a"], 4, lambda _: 1) == [["a"]]  # never more groups than items


def test_map_here_keeps_the_order_of_the_items_in_one_process_or_several():
    items = [-3, 1, -2, 5]
    assert map_here(abs, items, workers=1) == map_here(abs, items, workers=2) == [3, 1, 2, 5]
    seen = []
    map_here(abs, items, workers=2, on_done=lambda n, total: seen.append((n, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
