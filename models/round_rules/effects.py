"""What an action does: the next state, or for a dice space the roll still to be made."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from models.actions import ActionSpace, Emigrate, Option
from models.data_files import load
from models.occupation_cards import RECEIVED
from models.pieces import piece
from models.round_rules import occupations
from models.round_rules.actions import Action
from models.round_rules.bundles import add_goods, gain, pay, take_specials, upgraded
from models.round_rules.dice import PendingRoll, pending_roll
from models.round_rules.state import Setting, State, replace, spaces_by_id


def apply(s: State, action: Action, setting: Setting) -> State | PendingRoll:
    """What `action` leads to: the next state, or for a dice space the roll still to be made
    (planner/chance.py gives its branches and probabilities)."""
    if action.kind == "buy-ship":
        price = load("game")["ships"][action.space]["price"]
        return replace(s, silver=s.silver - price, ships=tuple(sorted(s.ships + ((action.space, 0),))))
    if action.kind == "arm-ship":
        return _arm(s, action.space)
    if action.kind == "pass":
        return replace(s, vikings_left=0)
    space = spaces_by_id()[action.space]
    choice = dict(action.choice)
    s = _place_vikings(s, space)
    s = _before_action(s, space, choice, setting)
    s = _deterministic_effects(s, space, choice, setting)
    return pending_roll(s, space) if space.roll else s


def outcome(s: State, action: Action, setting: Setting) -> State:
    """The single next state of an action without dice (raises for a dice space)."""
    after = apply(s, action, setting)
    if isinstance(after, PendingRoll):
        raise ValueError(f"{action.label} rolls a die: planner.chance.outcomes gives its branches")
    return after


def _arm(s: State, kind: str) -> State:
    ships = list(s.ships)
    candidates = [i for i, (t, o) in enumerate(ships) if t == kind and (kind != "whaling-boat" or o < 1)]
    best = max(candidates, key=lambda i: (ships[i][1], -i)) if kind == "longship" else candidates[0]
    ships[best] = (kind, ships[best][1] + 1)
    return replace(s, ore=s.ore - 1, ships=tuple(sorted(ships)))


def _place_vikings(s: State, space: ActionSpace) -> State:
    return replace(s, vikings_left=s.vikings_left - space.column, taken=s.taken | {space.id}, placed=s.placed | {space.id})


def _before_action(s: State, space: ActionSpace, choice: dict, setting: Setting) -> State:
    """Column bonuses: column 3 draws an occupation; column 4 may play one from hand (a choice:
    some cards score negative points)."""
    if space.bonus:
        s = occupations.draw(s, space.bonus.draw_occupations, setting)
    if choice.get("bonus_play"):
        s = _play(s, choice["bonus_play"], choice, setting)
    return s


def _play(s: State, k: int, choice: dict, setting: Setting) -> State:
    return occupations.play(s, k, choice.get("cards", ()), choice.get("buys", ()), setting)


def _apply_upgrade(s: State, goods: tuple[str, ...], steps: int) -> State:
    return replace(s, goods=_upgraded_goods(s.goods, goods, steps))


@lru_cache(maxsize=1 << 14)
def _upgraded_goods(held: tuple, goods: tuple[str, ...], steps: int) -> tuple:
    # a search upgrades the same goods out of the same supply in many states
    change: Counter = Counter()
    for g in goods:
        change[g] -= 1
        change[upgraded(g, steps)] += 1
    return add_goods(held, change)


def _apply_option(s: State, o: Option, setting: Setting) -> State:
    s = pay(s, o.pay)
    return gain(s, o.gain, setting.players)


def _deterministic_effects(s: State, space: ActionSpace, choice: dict, setting: Setting) -> State:
    strips = s.mountains  # what the action takes from them, for the cards that pay on it
    s = pay(s, occupations.space_cost(s, space))
    if "pay" in choice:
        s = pay(s, space.pay_any_of[choice["pay"]])
    priced = s  # what the action gives from here on, less what its options pay, is what it "receives"
    s = gain(s, space.gain, setting.players)
    for i in choice.get("options", ()):
        s = _apply_option(s, space.options[i], setting)
    if choice.get("option_upgrade"):
        steps = next(o.upgrade for o in space.options if o.upgrade).steps
        s = _apply_upgrade(s, choice["option_upgrade"], steps)
    if choice.get("option_mountain"):
        s = _take_mountain(s, choice["option_mountain"])
    if choice.get("mountain"):
        s = _take_mountain(s, choice["mountain"])
    if choice.get("upgrade"):
        s = _apply_upgrade(s, choice["upgrade"], space.upgrade.steps)
    if space.per_animal:
        pa = space.per_animal
        s = replace(s, goods=add_goods(s.goods, {pa.good: min(s.animals(pa.animal), pa.max)}))
    for owns in space.if_owns:
        if s.animals(owns.animal) >= owns.at_least:
            s = gain(s, owns.gain, setting.players)
    if space.overseas_trade:
        s = replace(s, goods=add_goods(s.goods, {k: v for g in choice["trade"] for k, v in ((g, -1), (piece(g).upgrade, 1))}))
    if choice.get("explore"):
        s = _explore(s, choice["explore"])
    if choice.get("emigrate"):
        s = _emigrate(s, space.emigrate, choice["emigrate"], bool(choice.get("exchange")))
    if choice.get("buy"):
        s = take_specials(s, choice["buy"], pay_cost=True)
    if choice.get("forge"):
        target = choice["forge"]
        s = replace(s, goods=add_goods(s.goods, {"jewelry": 1})) if target == "jewelry" else take_specials(s, (target,), False)
    # what the action gave of its own, before any card's gain (only cards in play ask)
    received = {k: getattr(s, k) - getattr(priced, k) for k in RECEIVED} if s.active else {}
    if space.occupation:
        s = occupations.draw(s, space.occupation.draw, setting)
    if choice.get("play"):
        s = _play(s, choice["play"], choice, setting)
    return occupations.each_time(s, space, choice, setting, strips, received) if s.active else s


def _explore(s: State, board: str) -> State:
    silver = dict(s.explorations)[board]
    left = tuple((b, n) for b, n in s.explorations if b != board)
    return replace(s, silver=s.silver + silver, explorations=left, new_boards=tuple(sorted(s.new_boards + (board,))))


def _emigrate(s: State, e: Emigrate, kind: str, exchange: bool) -> State:
    ships = list(s.ships)
    if exchange:  # the boat with the least ore is given (its ore is lost)
        give, take = e.exchange
        ships.remove(min((x for x in ships if x[0] == give), key=lambda x: x[1]))
        ships.append((take, 0))
    ships.remove(min((x for x in ships if x[0] == kind), key=lambda x: x[1]))  # least ore is lost
    silver = s.silver - occupations.emigration_cost(s, e.silver_per_round)
    return replace(s, silver=silver, ships=tuple(sorted(ships)), emigrated=tuple(sorted(s.emigrated + (kind,))))


def _take_mountain(s: State, pick: tuple[tuple[int, int], ...]) -> State:
    wood, stone, ore, silver, mountains = _mountain_take(s.mountains, pick)
    return replace(s, wood=s.wood + wood, stone=s.stone + stone, ore=s.ore + ore, silver=s.silver + silver, mountains=mountains)


@lru_cache(maxsize=1 << 14)
def _mountain_take(mountains: tuple[tuple[str, ...], ...], pick: tuple[tuple[int, int], ...]) -> tuple:
    """(wood, stone, ore, silver, strips left) of taking `pick` from `mountains`: a search takes
    the same items from the same strips in thousands of states."""
    strips = list(mountains)
    items: Counter = Counter()
    for i, n in pick:
        items.update(strips[i][:n])
        strips[i] = strips[i][n:]
    return items["wood"], items["stone"], items["ore"], 2 * items["silver-2"], tuple(sorted(t for t in strips if t))
