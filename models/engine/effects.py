"""What an action does: one small function per effect, applied in the rulebook's order.

`take_space` places the Vikings and, for a column-3 space, stops at the occupation draw (a
chance node); `finish_space` then pays, gains and applies each chosen effect, and hands over to
the next chance node when the space draws weapon cards or rolls a die. Every function returns a
new State; none changes its input.
"""

from __future__ import annotations

from models.engine.spaces import Space, compiled
from functools import cache

from models.actions import BUILDINGS
from models.engine.state import ACTIONS, OCCUPATION, PLAY, ROLL, WEAPONS, State, add, animals, empty_board, with_goods
from models.engine.tables import GOOD, LONGSHIP, SHIP, SHIP_PRICE, Delta, upgrade_of
from models.pieces import piece


def pay(s: State, d: Delta) -> State:
    if d.empty:
        return s
    return s._replace(
        silver=s.silver - d.silver, wood=s.wood - d.wood, stone=s.stone - d.stone, ore=s.ore - d.ore,
        goods=add(s.goods, ((g, -n) for g, n in d.goods)) if d.goods else s.goods,
    )  # fmt: skip


def gain(s: State, d: Delta) -> State:
    """Receive a bundle; weapon draws are left to the caller (they are a chance node)."""
    if d.empty:
        return s
    if not d.fleet_only:  # a compiled action's fleet (models/engine/plans.py) gains ships and buildings alone
        s = s._replace(
            silver=s.silver + d.silver, wood=s.wood + d.wood, stone=s.stone + d.stone, ore=s.ore + d.ore,
            goods=add(s.goods, d.goods) if d.goods else s.goods,
            weapons=add(s.weapons, d.weapons) if d.weapons else s.weapons,
            vikings_left=s.vikings_left + d.vikings,
        )  # fmt: skip
    if d.ships:
        s = s._replace(ships=tuple(sorted(s.ships + tuple((k, 0) for k, n in d.ships for _ in range(n)))))
    for kind, n in d.buildings:
        s = gain_building(s, kind, n)
    return s


def gain_building(s: State, kind: int, n: int = 1) -> State:
    left = list(s.buildings_left)
    n = min(n, left[kind])
    left[kind] -= n
    boards = s.boards + tuple(empty_board(BUILDINGS[kind]) for _ in range(n))
    return s._replace(buildings_left=tuple(left), boards=boards)


def draw_weapons(s: State, n: int, then: int = ACTIONS) -> State:
    return s._replace(stage=WEAPONS, pending=(n, then)) if n else s


# --- the space actions ------------------------------------------------------------------------

def _fused(s: State, vikings: int, placed: int, pays: tuple[Delta, ...], gains: tuple[Delta, ...]) -> State:
    """Vikings placed, costs paid and gains received in one new State; ships and buildings,
    which are rare, go through `gain` afterwards."""
    silver, wood, stone, ore, goods, weapons = s.silver, s.wood, s.stone, s.ore, s.goods, s.weapons
    g = w = None
    for d in pays:
        silver, wood, stone, ore = silver - d.silver, wood - d.wood, stone - d.stone, ore - d.ore
        if d.goods:
            g = g or list(goods)
            for i, n in d.goods:
                g[i] -= n
    for d in gains:
        silver, wood, stone, ore = silver + d.silver, wood + d.wood, stone + d.stone, ore + d.ore
        vikings += d.vikings
        if d.goods:
            g = g or list(goods)
            for i, n in d.goods:
                g[i] += n
        if d.weapons:
            w = w or list(weapons)
            for i, n in d.weapons:
                w[i] += n
    s = s._replace(vikings_left=vikings, silver=silver, wood=wood, stone=stone, ore=ore, goods=tuple(g) if g else goods,
                   weapons=tuple(w) if w else weapons, placed=placed)  # fmt: skip
    for d in gains:
        if d.ships or d.buildings:
            s = gain(s, Delta(ships=d.ships, buildings=d.buildings))
    return s


def take_space(s: State, sp: Space, choice: tuple) -> State:
    if _plain(sp.index):  # most spaces: pay and gain, nothing else
        return _fused(s, s.vikings_left - sp.column, s.placed | sp.bit, (sp.pay,), (sp.gain,))
    if sp.draws_first:
        return s._replace(vikings_left=s.vikings_left - sp.column, placed=s.placed | sp.bit,
                          stage=OCCUPATION, pending=(sp.draws_first, sp.index, choice))  # fmt: skip
    return finish_space(s, sp, choice, placing=True)


def finish_space(s: State, sp: Space, choice: tuple, placing: bool = False) -> State:
    chosen = dict(choice) if choice else {}
    if sp.data.occupation and sp.data.occupation.play and "play" not in chosen:
        return s._replace(stage=PLAY, pending=(sp.index, choice))  # Play up to 4, its card drawn: how many?
    if chosen.get("bonus_play"):
        s = play_occupations(s, chosen["bonus_play"])
    pays, gains = sp.chosen(chosen)
    draws = sum(g.weapon_draws for g in gains)
    vikings, placed = (s.vikings_left - sp.column, s.placed | sp.bit) if placing else (s.vikings_left, s.placed)
    s = _fused(s, vikings, placed, pays, gains)
    for step in _steps(sp.index):
        s = step(s, sp, chosen)
    d = sp.data
    if d.occupation and d.occupation.draw:
        return s._replace(stage=OCCUPATION, pending=(d.occupation.draw, -1, ()))
    if d.roll:
        return s._replace(stage=ROLL, pending=(sp.index, 1))
    return draw_weapons(s, draws)


def _upgrades(s: State, sp: Space, chosen: dict) -> State:
    own, optional = _upgrade_steps(sp.index)
    if chosen.get("upgrade"):
        s = upgrade(s, chosen["upgrade"], own)
    if chosen.get("option_upgrade"):
        s = upgrade(s, chosen["option_upgrade"], optional)
    return s


@cache
def _upgrade_steps(index: int) -> tuple[int, int]:
    """Steps of the space's own upgrade and of its options' upgrade (0: none)."""
    d = compiled()[index].data
    return (d.upgrade.steps if d.upgrade else 0, next((o.upgrade.steps for o in d.options if o.upgrade), 0))


def _mountains(s: State, sp: Space, chosen: dict) -> State:
    for key in ("option_mountain", "mountain"):
        if chosen.get(key):
            s = take_mountain(s, chosen[key])
    return s


def _overseas_trade(s: State, sp: Space, chosen: dict) -> State:
    flipped = chosen["trade"]
    return upgrade(s, flipped, 1) if flipped else s


def _explore(s: State, sp: Space, chosen: dict) -> State:
    return explore(s, chosen["explore"]) if chosen.get("explore") else s


def _emigrate(s: State, sp: Space, chosen: dict) -> State:
    if not chosen.get("emigrate"):
        return s
    e = sp.data.emigrate
    swap = (SHIP[e.exchange[0]], SHIP[e.exchange[1]]) if chosen.get("exchange") else None
    return emigrate(s, SHIP[chosen["emigrate"]], swap, e.silver_per_round)


def _buy(s: State, sp: Space, chosen: dict) -> State:
    return take_specials(s, chosen["buy"], pay_cost=True) if chosen.get("buy") else s


def _forge(s: State, sp: Space, chosen: dict) -> State:
    target = chosen.get("forge")
    if not target:
        return s
    return s._replace(goods=add(s.goods, ((GOOD["jewelry"], 1),))) if target == "jewelry" else take_specials(s, (target,), False)


def _play(s: State, sp: Space, chosen: dict) -> State:
    return play_occupations(s, chosen["play"])


def _animals(s: State, sp: Space, chosen: dict) -> State:
    return _animal_effects(s, sp)


@cache
def _plain(index: int) -> bool:
    """A space that only pays and gains (no choice, draw, roll, ship, building or other effect)."""
    sp = compiled()[index]
    d = sp.data
    simple_gain = not (sp.gain.weapon_draws or sp.gain.ships or sp.gain.buildings)
    return not (sp.draws_first or sp.plays_first or d.pay_any_of or d.options or d.roll or d.occupation or _steps(index)) and simple_gain


@cache
def _steps(index: int) -> tuple:
    """The effects space `index` has beyond paying and gaining, in the order they apply (cached
    by index: hashing a compiled space would cost more than the lookup saves)."""
    d = compiled()[index].data
    has_upgrade = d.upgrade or any(o.upgrade for o in d.options)
    has_mountain = d.mountain or any(o.mountain for o in d.options)
    wanted = [(has_upgrade, _upgrades), (has_mountain, _mountains), (d.per_animal or d.if_owns, _animals),
              (d.overseas_trade, _overseas_trade), (d.explore, _explore), (d.emigrate, _emigrate),
              (d.special_sale, _buy), (d.forge, _forge), (d.occupation and d.occupation.play, _play)]  # fmt: skip
    return tuple(f for present, f in wanted if present)


@cache
def dependent_steps(index: int) -> tuple:
    """The effects of space `index` whose outcome depends on more than the action and the
    mountain strips (animals held, ships, boards, hand...), in the order they apply; the others
    (upgrades, mountain items, overseas trade) are fixed changes a compiled action adds at once
    (models/engine/plans.py)."""
    return tuple(f for f in _steps(index) if f not in (_upgrades, _mountains, _overseas_trade))


def _animal_effects(s: State, sp: Space) -> State:
    d = sp.data
    if d.per_animal:
        pa = d.per_animal
        s = s._replace(goods=add(s.goods, ((GOOD[pa.good], min(animals(s, pa.animal), pa.max)),)))
    for owns, compiled_gain in zip(d.if_owns, sp.if_owns):
        if animals(s, owns.animal) >= owns.at_least:
            s = gain(s, compiled_gain)
    return s


def upgrade(s: State, goods: tuple[int, ...], steps: int) -> State:
    up = upgrade_of(steps)
    out = list(s.goods)
    for g in goods:
        out[g] -= 1
        out[up[g]] += 1
    return with_goods(s, tuple(out))


def mountain_take(strips: tuple[tuple[str, ...], ...], pick: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int, int], tuple]:
    """(wood, stone, ore, silver) taken and the strips left (emptied strips leave the mountain)."""
    left = list(strips)
    items: list[str] = []
    for i, n in pick:
        items += left[i][:n]
        left[i] = left[i][n:]
    taken = (items.count("wood"), items.count("stone"), items.count("ore"), 2 * items.count("silver-2"))
    return taken, tuple(sorted(x for x in left if x))


def take_mountain(s: State, pick: tuple[tuple[int, int], ...]) -> State:
    (wood, stone, ore, silver), strips = mountain_take(s.mountains, pick)
    return s._replace(wood=s.wood + wood, stone=s.stone + stone, ore=s.ore + ore, silver=s.silver + silver, mountains=strips)


def explore(s: State, board: str) -> State:
    silver = dict(s.explorations)[board]
    left = tuple((b, n) for b, n in s.explorations if b != board)
    return s._replace(silver=s.silver + silver, explorations=left, boards=s.boards + (empty_board(board),))


def emigrate(s: State, kind: int, swap: tuple[int, int] | None, per_round: int) -> State:
    """Emigrate a ship of `kind`; `swap` (give, take): first give the ship of that kind with
    least ore for a new one of the other."""
    ships = list(s.ships)
    if swap:
        give, take = swap
        ships.remove(min(x for x in ships if x[0] == give))
        ships.append((take, 0))
    ships.remove(min(x for x in ships if x[0] == kind))  # the one with least ore: its ore is lost
    emigrated = list(s.emigrated)
    emigrated[kind] += 1
    return s._replace(silver=s.silver - s.round * per_round, ships=tuple(sorted(ships)), emigrated=tuple(emigrated))


def take_specials(s: State, names: tuple[str, ...], pay_cost: bool) -> State:
    cost = sum(piece(x).cost or 0 for x in names) if pay_cost else 0
    return s._replace(
        silver=s.silver - cost,
        specials=tuple(sorted(s.specials + tuple(names))),
        specials_left=tuple(x for x in s.specials_left if x not in names),
    )


def play_occupations(s: State, n: int) -> State:
    """Play the n best cards by printed points (the hand is sorted); how many is the player's
    choice, so a card printing negative points is played only when chosen."""
    if n <= 0:
        return s
    keep = len(s.hand) - n
    return s._replace(hand=s.hand[:keep], occupation_points=s.occupation_points + sum(s.hand[keep:]))


def play_chosen(s: State, action: tuple) -> State:
    """Stage PLAY: Play up to 4 plays the chosen number of cards and the space's action ends."""
    space, choice = s.pending
    s = s._replace(stage=ACTIONS, pending=())
    return finish_space(s, compiled()[space], tuple(sorted(choice + (action,))))


# --- anytime actions ----------------------------------------------------------------------------


def buy_ship(s: State, kind: int) -> State:
    return s._replace(silver=s.silver - SHIP_PRICE[kind], ships=tuple(sorted(s.ships + ((kind, 0),))))


def arm_ship(s: State, kind: int) -> State:
    """Add 1 ore: to a whaling boat without added ore, or to the best-armed longship."""
    ships = list(s.ships)
    if kind == LONGSHIP:
        best = max((i for i, x in enumerate(ships) if x[0] == kind), key=lambda i: (ships[i][1], -i))
    else:
        best = next(i for i, x in enumerate(ships) if x[0] == kind and x[1] < 1)
    ships[best] = (kind, ships[best][1] + 1)
    return s._replace(ore=s.ore - 1, ships=tuple(sorted(ships)))


def apply_action(s: State, action: tuple) -> State:
    kind = action[0]
    if kind == "space":
        return take_space(s, compiled()[action[1]], action[2])
    if kind == "buy-ship":
        return buy_ship(s, action[1])
    if kind == "arm-ship":
        return arm_ship(s, action[1])
    raise ValueError(f"not an action of the action phase: {action!r}")

