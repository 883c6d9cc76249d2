"""What an action does: one small function per effect, applied in the rulebook's order.

`take_space` places the Vikings and, for a column-3 space, stops at the occupation draw (a
chance node); `finish_space` then pays, gains and applies each chosen effect, and hands over to
the next chance node when the space draws weapon cards or rolls a die. Every function returns a
new State; none changes its input.
"""

from __future__ import annotations

from models.engine.spaces import Space, compiled
from models.actions import BUILDINGS
from models.engine.state import ACTIONS, OCCUPATION, ROLL, WEAPONS, State, add, animals, empty_board
from models.engine.tables import GOOD, GREEN_GOODS, LONGSHIP, SHIP, SHIP_PRICE, WHALING_BOAT, Delta, upgrade_of
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


def take_space(s: State, sp: Space, choice: tuple) -> State:
    s = s._replace(vikings_left=s.vikings_left - sp.column, placed=s.placed | sp.bit)
    if sp.draws_first:
        return s._replace(stage=OCCUPATION, pending=(sp.draws_first, sp.index, choice))
    return finish_space(s, sp, choice)


def finish_space(s: State, sp: Space, choice: tuple) -> State:
    d = sp.data
    chosen = dict(choice)
    if sp.plays_first:
        s = play_occupations(s, sp.plays_first)
    s = pay(s, sp.pay)
    if "pay" in chosen:
        s = pay(s, sp.pay_any_of[chosen["pay"]])
    s = gain(s, sp.gain)
    draws = sp.gain.weapon_draws
    for i in chosen.get("options", ()):
        o = sp.options[i]
        s = gain(pay(s, o.pay), o.gain)
        draws += o.gain.weapon_draws
    for key in ("option_upgrade", "upgrade"):
        if chosen.get(key):
            steps = d.upgrade.steps if key == "upgrade" else next(o.upgrade for o in d.options if o.upgrade).steps
            s = upgrade(s, chosen[key], steps)
    for key in ("option_mountain", "mountain"):
        if chosen.get(key):
            s = take_mountain(s, chosen[key])
    s = _animal_effects(s, sp)
    if d.overseas_trade:
        up = upgrade_of(1)
        s = s._replace(goods=add(s.goods, [(g, -1) for g in GREEN_GOODS if s.goods[g]] + [(up[g], 1) for g in GREEN_GOODS if s.goods[g]]))
    if chosen.get("explore"):
        s = explore(s, chosen["explore"])
    if chosen.get("emigrate"):
        s = emigrate(s, SHIP[chosen["emigrate"]], bool(chosen.get("exchange")), d.emigrate.silver_per_round)
    if chosen.get("buy"):
        s = take_specials(s, chosen["buy"], pay_cost=True)
    if chosen.get("forge"):
        target = chosen["forge"]
        s = s._replace(goods=add(s.goods, ((GOOD["jewelry"], 1),))) if target == "jewelry" else take_specials(s, (target,), False)
    if d.occupation and d.occupation.play:
        s = play_occupations(s, d.occupation.play)
    if d.occupation and d.occupation.draw:
        return s._replace(stage=OCCUPATION, pending=(d.occupation.draw, -1, ()))
    if d.roll:
        return s._replace(stage=ROLL, pending=(sp.index, 1))
    return draw_weapons(s, draws)


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
    return s._replace(goods=add(s.goods, [(g, -1) for g in goods] + [(up[g], 1) for g in goods]))


def take_mountain(s: State, pick: tuple[tuple[int, int], ...]) -> State:
    strips = list(s.mountains)
    items: list[str] = []
    for i, n in pick:
        items += strips[i][:n]
        strips[i] = strips[i][n:]
    return s._replace(
        wood=s.wood + items.count("wood"), stone=s.stone + items.count("stone"), ore=s.ore + items.count("ore"),
        silver=s.silver + 2 * items.count("silver-2"), mountains=tuple(sorted(t for t in strips if t)),
    )  # fmt: skip


def explore(s: State, board: str) -> State:
    silver = dict(s.explorations)[board]
    left = tuple((b, n) for b, n in s.explorations if b != board)
    return s._replace(silver=s.silver + silver, explorations=left, boards=s.boards + (empty_board(board),))


def emigrate(s: State, kind: int, exchange: bool, per_round: int) -> State:
    ships = list(s.ships)
    if exchange:
        ships.remove(min(x for x in ships if x[0] == WHALING_BOAT))
        ships.append((kind, 0))
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
    """Play up to n cards, best printed points first; a card printing negative points stays in hand."""
    playable = [p for p in s.hand if p >= 0][-n:]
    if not playable:
        return s
    hand = list(s.hand)
    for p in playable:
        hand.remove(p)
    return s._replace(hand=tuple(hand), occupation_points=s.occupation_points + sum(playable))


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

