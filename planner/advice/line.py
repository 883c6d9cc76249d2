"""The plan's line replayed by the rules engine: each step with the state before and after it.

A dice step follows the outcome the plan follows (the likeliest, as planner/round_search.py
does) and keeps every branch and the pending roll, so the advice can say what the die may do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from models.round_end import board_facts, end_round
from models.round_rules import Action, PendingRoll, Setting, State, apply, legal_actions, upgraded
from planner.chance import Branch, roll_branches


@dataclass(frozen=True)
class LineStep:
    number: int  # from 1, as the plan's table counts
    action: Action
    before: State
    after: State  # the outcome the line follows
    pending: PendingRoll | None = None  # dice steps: the roll before the die is cast
    branches: tuple[Branch, ...] = ()  # dice steps: every outcome, likeliest first


def walk(root: State, setting: Setting, actions: Sequence[Action], harvest: Sequence[int] | None = None) -> list[LineStep]:
    """Replay `actions` from `root` (raises ValueError on an illegal step)."""
    facts = board_facts(setting.snapshot)
    steps: list[LineStep] = []
    s = root
    for number, a in enumerate(actions, 1):
        if a.kind == "pass":
            after, _ = end_round(s, setting, facts, harvest=harvest)
            steps.append(LineStep(number, a, s, after))
        else:
            if a not in legal_actions(s, setting):
                raise ValueError(f"illegal step {number}: {a.label}")
            nxt = apply(s, a, setting)
            if isinstance(nxt, PendingRoll):
                branches = tuple(sorted(roll_branches(nxt, setting), key=lambda b: -b.probability))
                steps.append(LineStep(number, a, s, branches[0].state, nxt, branches))
            else:
                steps.append(LineStep(number, a, s, nxt))
        s = steps[-1].after
    return steps


def this_round(steps: Sequence[LineStep]) -> list[LineStep]:
    """The steps of the action phase being planned: up to the first pass."""
    out = []
    for step in steps:
        if step.action.kind == "pass":
            break
        out.append(step)
    return out


def round_end_state(root: State, steps: Sequence[LineStep]) -> State:
    """Where this round's action phase ends if the line is followed."""
    mine = this_round(steps)
    return mine[-1].after if mine else root


@dataclass(frozen=True)
class Change:
    """What one step changes on the table, as counts (gains positive, payments negative)."""

    resources: Counter  # silver, wood, stone, ore
    goods: Counter  # goods tiles and animals, upgrades taken out (see `upgrades`)
    upgrades: tuple[tuple[str, str], ...]  # (from, to) tiles turned up their column or flipped
    weapons: Counter
    ships: Counter  # gained (+) or gone (-: emigrated or swapped)
    ship_ore: int  # ore put on ships
    boards: tuple[str, ...]  # buildings and exploration boards gained
    specials: tuple[str, ...]  # special tiles gained
    emigrated: tuple[str, ...]
    vikings_back: int  # Vikings a failed roll hands back


def change(before: State, after: State, vikings_spent: int = 0) -> Change:
    resources = Counter({k: getattr(after, k) - getattr(before, k) for k in ("silver", "wood", "stone", "ore")})
    goods = Counter(dict(after.goods))
    goods.subtract(dict(before.goods))
    weapons = Counter(dict(after.weapons))
    weapons.subtract(dict(before.weapons))
    emigrated = Counter(after.emigrated) - Counter(before.emigrated)
    ships = Counter(t for t, _ in after.ships)
    ships.subtract(Counter(t for t, _ in before.ships))  # an emigrated ship leaves: see `emigrated`
    ship_ore = sum(o for _, o in after.ships) - sum(o for _, o in before.ships)
    upgrades = _pair_upgrades(goods)  # takes the paired tiles out of `goods`
    return Change(
        resources=_nonzero(resources),
        goods=_nonzero(goods),
        upgrades=upgrades,
        weapons=_nonzero(weapons),
        ships=_nonzero(ships),
        ship_ore=max(0, ship_ore),
        boards=tuple(sorted((Counter(after.new_boards) - Counter(before.new_boards)).elements())),
        specials=tuple(sorted((Counter(after.specials) - Counter(before.specials)).elements())),
        emigrated=tuple(sorted(emigrated.elements())),
        vikings_back=max(0, after.vikings_left - (before.vikings_left - vikings_spent)),
    )


def _nonzero(c: Counter) -> Counter:
    return Counter({k: n for k, n in c.items() if n})


def _pair_upgrades(goods: Counter) -> tuple[tuple[str, str], ...]:
    """Pair each tile given up with the one a step up (or two) that came in; both leave `goods`."""
    pairs = []
    for lost in sorted(g for g, n in goods.items() if n < 0):
        for steps in (1, 2):
            up = upgraded(lost, steps)
            while goods[lost] < 0 and up != lost and goods[up] > 0:
                goods[lost] += 1
                goods[up] -= 1
                pairs.append((lost, up))
    for k in [k for k, n in goods.items() if not n]:
        del goods[k]
    return tuple(pairs)
