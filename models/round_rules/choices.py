"""The canonical choices of one space in a state, and whether the space may be taken at all
(the bounds themselves: models/choice_rules.py, shared with the whole-game engine)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from itertools import combinations, product

from models.actions import ActionSpace, Bundle, Upgrade
from models.boards import board as board_named
from models.choice_rules import (
    bonus_play_counts, emigrate_choices, forge_targets, mountain_picks, play_counts, special_sets, trade_sets, upgrade_sets,
)  # fmt: skip
from models.facts import BANQUET_POSITIONS
from models.pieces import piece
from models.round_rules import occupations
from models.round_rules.afford import berths_free, can_pay, needs_met, ships_fit
from models.round_rules.bundles import upgraded
from models.round_rules.initial import held_tiles
from models.round_rules.state import Setting, State
from models.snapshot import Snapshot


def _upgrade_choices(s: State, up: Upgrade, setting: Setting) -> tuple[tuple[str, ...], ...]:
    """Multisets of goods to upgrade, best value gain first, bounded (models/choice_rules.py)."""
    return _upgrade_sets(s.goods, up.steps, up.count, setting.values_key)


@lru_cache(maxsize=1 << 14)
def _upgrade_sets(goods: tuple, steps: int, count: int, values_key: tuple) -> tuple[tuple[str, ...], ...]:
    # a search asks again for every state holding the same goods
    values = dict(values_key)
    gain_of = {g: values.get(upgraded(g, steps), 0) - values.get(g, 0) for g, _ in goods if upgraded(g, steps) != g}
    return tuple(upgrade_sets(dict(goods), gain_of, count))


@lru_cache(maxsize=1 << 14)
def _mountain_choices(mountains: tuple[tuple[str, ...], ...], takes: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """(strip index, items taken) per strip used; "up to": each strip from one item to as far
    as allowed (models/choice_rules.py). The same strips recur in thousands of states."""
    return tuple(mountain_picks(mountains, takes))


def _option_sets(s: State, space: ActionSpace) -> list[tuple[int, ...]]:
    if not space.options:
        return [()]
    # a ship an option gives must find a free berth, like a ship a space gives
    usable = [i for i, o in enumerate(space.options) if needs_met(s, o.needs) and can_pay(s, o.pay) and ships_fit(s, o.gain)]
    if space.choose == "one":
        return [(i,) for i in usable]
    sets = [c for k in range(len(usable) + 1) for c in combinations(usable, k)]
    return [c for c in sets if ships_fit(s, Bundle(ships=tuple(kv for i in c for kv in space.options[i].gain.ships)))]


def _special_sets(s: State, n: int, values: Mapping[str, float]) -> list[tuple[str, ...]]:
    return special_sets(s.specials_left, s.silver, n, values)


def _forge_targets(s: State, values: Mapping[str, float]) -> list[str]:
    return forge_targets(s.specials_left, values)


def _explore_targets(s: State, space: ActionSpace, snapshot: Snapshot) -> list[str]:
    held = held_tiles(snapshot) | {board_named(b).tile for b in s.new_boards if board_named(b).tile}
    ships = any(s.ships_of(t) for t in space.explore.ships)
    return [b for b, _ in s.explorations if b in space.explore.boards and board_named(b).tile not in held and ships]


def _emigrate_choices(s: State, space: ActionSpace) -> list[tuple[str, bool]]:
    """(ship type emigrating, swap first?) (models/choice_rules.py); the knarr a swap gives
    needs a free berth."""
    e = space.emigrate
    if s.silver < occupations.emigration_cost(s, e.silver_per_round) or len(s.emigrated) >= BANQUET_POSITIONS:
        return []
    return emigrate_choices(e, s.ships_of, bool(e.exchange) and berths_free(s, e.exchange[1]))


def _play_counts(s: State, space: ActionSpace) -> range:
    """The best cards by printed points go first; play-occupations-4 (column 3) may play the
    card its column bonus draws first."""
    draws = space.bonus.draw_occupations if space.bonus else 0
    return play_counts(space.occupation.play, s.hand_size, draws)


def _named_plays(s: State, k: int, setting: Setting, buying: bool = True) -> Iterator[tuple[tuple[str, object], ...]]:
    """The cards a play of k names, with their purchases (round_rules/occupations.py). A column-4
    play comes before its space's own costs, so it names cards without buying: a purchase there
    could leave them unpaid. A playing space's own cost is stone or ore and no purchase pays
    either, so its purchases are checked against the state as it is."""
    for named, buys in occupations.named_plays(s, k, setting, buying):
        yield ((("cards", named),) if named else ()) + ((("buys", buys),) if buys else ())


def space_choices(s: State, space: ActionSpace, setting: Setting) -> Iterator[tuple[tuple[str, object], ...]]:
    """Every canonical choice tuple for a space whose requirements are met."""
    values = setting.values
    pays = [(("pay", i),) for i, b in enumerate(space.pay_any_of) if can_pay(s, b)] if space.pay_any_of else [()]
    parts: list[list[tuple]] = [pays, [(("options", o),) for o in _option_sets(s, space)] if space.options else [()]]
    if space.upgrade:
        # "up to" includes none: a space's other effect may be used alone (does_something
        # drops a choice that does nothing at all)
        parts.append([(("upgrade", ()),)] + [(("upgrade", u),) for u in _upgrade_choices(s, space.upgrade, setting)])
    if space.mountain:
        parts.append([(("mountain", ()),)] + [(("mountain", m),) for m in _mountain_choices(s.mountains, space.mountain)])
    if space.explore:
        parts.append([(("explore", b),) for b in _explore_targets(s, space, setting.snapshot)])
    if space.emigrate:
        parts.append([(("emigrate", t), ("exchange", x)) for t, x in _emigrate_choices(s, space)])
    if space.special_sale:
        parts.append([(("buy", c),) for c in _special_sets(s, space.special_sale, values)])
    if space.forge:
        parts.append([(("forge", t),) for t in _forge_targets(s, values)])
    if space.overseas_trade:
        parts.append([(("trade", kinds),) for kinds in _trade_choices(s, values)])
    if space.occupation and space.occupation.play:
        parts.append([(("play", k),) + named for k in _play_counts(s, space) for named in _named_plays(s, k, setting)])
    if space.bonus and space.bonus.play_occupations and s.hand_size:
        counts = bonus_play_counts(space.bonus.play_occupations, s.hand_size)
        parts.append([(("bonus_play", k),) + named for k in counts for named in _named_plays(s, k, setting, buying=False)])
    for combo in product(*parts):
        yield tuple(kv for part in combo for kv in part)


def option_upgrade_choices(s: State, space: ActionSpace, choice: dict, setting: Setting) -> Iterator[dict]:
    """Options that themselves upgrade or take mountain items (mountain-2x4-or-double-3)."""
    opts = [space.options[i] for i in choice.get("options", ())]
    inner = [o for o in opts if o.upgrade or o.mountain]
    if not inner:
        yield choice
        return
    o = inner[0]
    if o.upgrade:
        for u in _upgrade_choices(s, o.upgrade, setting):
            yield choice | {"option_upgrade": u}
    if o.mountain:
        for m in _mountain_choices(s.mountains, o.mountain):
            yield choice | {"option_mountain": m}


def does_something(space: ActionSpace, s: State, choice: dict) -> bool:
    """The rulebook: an occupied space must use at least one effect (paying counts)."""
    if space.pay or space.pay_any_of or space.gain or space.roll or space.forge or space.if_owns:
        return True
    if space.per_animal:
        return s.animals(space.per_animal.animal) > 0
    keys = ("upgrade", "mountain", "options", "explore", "emigrate", "buy", "option_upgrade", "option_mountain", "play")
    return any(choice.get(k) for k in keys)


def _green_kinds(s: State) -> list[str]:
    return [g for g, _ in s.goods if piece(g).colour == "green" and piece(g).kind == "good"]


def _trade_choices(s: State, values: Mapping[str, float]) -> list[tuple[str, ...]]:
    """None, the best one, the best two, ... of the green kinds held (models/choice_rules.py)."""
    return trade_sets({g: values.get(piece(g).upgrade, 0) - values.get(g, 0) for g in _green_kinds(s)})


def space_legal(s: State, space: ActionSpace) -> bool:
    if space.id in s.taken or s.vikings_left < space.column or not needs_met(s, space.needs):
        return False
    if not can_pay(s, occupations.space_cost(s, space)) or not ships_fit(s, space.gain):
        return False
    if space.roll and space.roll.kind == "whaling" and not s.ships_of("whaling-boat"):
        return False
    if space.id == "play-occupation-paid" and not s.hand_size:
        return False
    return True
