"""The phases after the action phase (7-12) and before the next one (1-4), and the game's end.

After the player passes: tiles are laid (models.engine.layout), income is paid (phase 7, not in
the last round: there it counts as points), animals breed (8), the feast is served
(9, models.engine.feast), bonuses paid (10), one item leaves each mountain strip and a new strip
is drawn (11, a chance node while the pile lasts), the Vikings come back (12; solo: they block
their spaces next round). Then the next round: a new Viking (1), the harvest (2), exploration
boards turn and gain silver (3), a weapon card is drawn (4, a chance node). In the last round the
feast ends the game and the end-of-game placement follows.
"""

from __future__ import annotations

from collections import Counter

from models.actions import BUILDINGS
from models.engine.draws import without
from models.engine.effects import draw_weapons, gain_building, take_specials
from models.engine.feast import open_positions, serve
from models.engine.geometry import geometry, income, paid_bonuses
from models.engine.layout import lay_at_game_end, lay_during_game
from models.engine.state import OVER, STRIP, Aside, State, add
from models.engine.tables import ANIMAL_GOODS, FOOD, GOOD, GOODS, NO_GOODS
from models.facts import rounds, vikings_in_round
from models.round_end import breed, harvest_goods, harvest_schedule, turn_explorations

LENGTH = "long"  # the solo game the engine plays


def board_income(s: State) -> int:
    return sum(income(geometry(b.name), b.covered) for b in s.boards)


def is_last_round(s: State) -> bool:
    return s.round >= rounds(LENGTH)


def through_feast(s: State) -> State:
    """Phases 7-9 after the player passes: tiles laid, income (not in the last round), breeding,
    the feast. The position a game record shows for the round."""
    if not is_last_round(s):
        s = lay_during_game(s)
        s = s._replace(silver=s.silver + board_income(s))
    return feast(breeding(s))


def end_action_phase(s: State) -> State:
    last = is_last_round(s)
    s = through_feast(s)
    if last:
        return lay_at_game_end(s)._replace(stage=OVER, pending=(), vikings_left=0)
    s = bonus(s)
    s = s._replace(mountains=tuple(sorted(strip[1:] for strip in s.mountains if len(strip) > 1)))
    if s.pile:
        return s._replace(stage=STRIP, pending=(), vikings_left=0)
    return next_round(s)


def strip_drawn(s: State, strip: tuple[str, ...]) -> State:
    s = s._replace(mountains=tuple(sorted(s.mountains + (strip,))), pile=without(s.pile, (strip,)))
    return next_round(s)


def breeding(s: State) -> State:
    held = tuple((GOODS[i], s.goods[i]) for pair in ANIMAL_GOODS.values() for i in pair if s.goods[i])
    if not held:
        return s
    after = dict(breed(held))
    changes = [(i, after.get(GOODS[i], 0) - s.goods[i]) for pair in ANIMAL_GOODS.values() for i in pair]
    return s._replace(goods=add(s.goods, changes))


def feast(s: State) -> State:
    first, n = open_positions(vikings_in_round(s.round, LENGTH), sum(s.emigrated))
    food = list(NO_GOODS)
    for g in FOOD:
        food[g] = s.goods[g]
    served = serve(tuple(food), s.silver, n)
    return s._replace(
        goods=add(s.goods, [(g, -k) for g, k in served.served]),
        silver=s.silver - served.silver,
        thing_penalties=s.thing_penalties + served.penalties,
        table=Aside((served, first)),
    )


def bonus(s: State) -> State:
    rewards: Counter = Counter()
    for b in s.boards:
        for paid in paid_bonuses(geometry(b.name), b.covered):
            rewards.update(dict(paid))
    if not rewards:
        return s
    s = s._replace(
        wood=s.wood + rewards.pop("wood", 0), stone=s.stone + rewards.pop("stone", 0),
        ore=s.ore + rewards.pop("ore", 0), silver=s.silver + rewards.pop("silver", 0),
    )  # fmt: skip
    for name, n in sorted(rewards.items()):
        if name in GOOD:
            s = s._replace(goods=add(s.goods, ((GOOD[name], n),)))
        elif name in BUILDINGS:
            s = gain_building(s, BUILDINGS.index(name), n)  # limited: only while the supply lasts
        elif name in s.specials_left:
            s = take_specials(s, (name,), pay_cost=False)  # limited: the one tile, while it is left
    return s


def next_round(s: State) -> State:
    r = s.round + 1
    schedule = harvest_schedule(LENGTH)
    crops = harvest_goods(schedule[r - 1]) if r - 1 < len(schedule) else []
    s = s._replace(
        round=r,
        vikings_left=vikings_in_round(r, LENGTH),
        goods=add(s.goods, ((GOOD[g], 1) for g in crops)),
        explorations=turn_explorations(s.explorations, r, LENGTH),
        taken=s.placed,  # solo: the Vikings of the round just played block their spaces
        placed=0,
    )
    return draw_weapons(s, 1)
