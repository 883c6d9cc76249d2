"""Legal actions of the action phase: every space with its choices, the anytime actions, passing.

An action is a tuple: ("space", space index, choice) with choice a sorted tuple of (what, which)
pairs, ("buy-ship", ship index), ("arm-ship", ship index), or PASS. The order is fixed: spaces in
board order, each space's choices in the order built here, then ships, then passing.

Choices are bounded the way the round engine (models/round_rules/) bounds them, so equal
situations give equal lists, the branching stays searchable and both engines offer the same
choices (tests/test_engine_agrees.py):
- upgrades: multisets over the UPGRADE_KINDS kinds gaining most value, the UPGRADE_CHOICES best
  and the best of every size ("up to": fewer, or none beside another effect of the space);
- mountain items: from each strip used, one item up to as many as the space allows, or none
  beside another effect of the space;
- overseas trade flips none, the best one, the best two, ... of the green kinds held;
- whaling uses the best-armed boats; emigration the ship of the chosen type with least ore, the
  whaling-boat swap first or not, any large ship emigrating after it;
- forging: jewelry or the FORGE_SPECIALS most valuable forge specials; a special sale the
  SPECIAL_SALE_CHOICES best sets by value minus cost;
- occupations: a playing space plays how many it chooses (at least one, the best by printed
  points first); Play up to 4 chooses after its column-3 card is drawn (stage PLAY, see
  `play_choices`); a column-4 space may play its bonus card or not.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import chain, combinations, product
from operator import itemgetter

from models.choice_rules import (
    bonus_play_counts, emigrate_choices, forge_targets, mountain_picks, play_counts, special_sets, trade_sets, upgrade_sets,
)  # fmt: skip
from models.engine.spaces import Space, can_pay, compiled, needs_met, ships_fit, whaling_boats
from models.engine.state import State, animals, berth_free, ships_of
from models.engine.tables import (
    GOOD, GOODS, GREEN_GOODS, LARGE_BERTHS, LONGSHIP, SHIP, SHIP_EXTRA_ORE, SHIP_PRICE, SMALL_BERTHS, VALUES, WHALING_BOAT,
    space_index, upgrade_of, value,
)  # fmt: skip
from models.facts import BANQUET_POSITIONS

PASS = ("pass",)


@cache
def _gain_of(steps: int) -> tuple[float, ...]:
    up = upgrade_of(steps)
    return tuple(value(GOODS[up[g]]) - value(GOODS[g]) for g in range(len(up)))


@lru_cache(maxsize=1 << 16)
def upgrade_choices(goods: tuple[int, ...], count: int, steps: int) -> tuple[tuple[int, ...], ...]:
    """Multisets of goods (indices) to upgrade, best value gain first, bounded (models/choice_rules.py)."""
    up = upgrade_of(steps)
    gain = _gain_of(steps)
    held = {GOODS[g]: n for g, n in enumerate(goods) if n and up[g] != g}
    sets = upgrade_sets(held, {name: gain[GOOD[name]] for name in held}, count)
    return tuple(tuple(GOOD[name] for name in c) for c in sets)


@lru_cache(maxsize=1 << 14)
def mountain_choices(strips: tuple[tuple[str, ...], ...], takes: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """((strip index, items taken), ...) per strip used, one per distinct result."""
    return tuple(mountain_picks(strips, takes))


@lru_cache(maxsize=1 << 14)
def trade_choices(goods: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Green kinds (indices) overseas trade flips: none, the best one, the best two, ..."""
    up = upgrade_of(1)
    gain = {GOODS[g]: value(GOODS[up[g]]) - value(GOODS[g]) for g in GREEN_GOODS if goods[g]}
    return tuple(tuple(sorted(GOOD[name] for name in c)) for c in trade_sets(gain))


def _ships_fit_together(s: State, sp: Space, chosen: tuple[int, ...]) -> bool:
    """Room in the bay for every ship the chosen options bring at once."""
    boats = sum(n for i in chosen for kind, n in sp.options[i].gain.ships if kind == WHALING_BOAT)
    large = sum(n for i in chosen for kind, n in sp.options[i].gain.ships if kind != WHALING_BOAT)
    if not (boats or large):
        return True
    held_boats = ships_of(s, WHALING_BOAT)
    return held_boats + boats <= SMALL_BERTHS and len(s.ships) - held_boats + large <= LARGE_BERTHS


def _option_sets(s: State, sp: Space) -> list[tuple[int, ...]]:
    usable = [i for i, o in enumerate(sp.options) if needs_met(s, o.option.needs) and can_pay(s, o.pay) and ships_fit(s, o.gain)]
    if sp.data.choose == "one":
        return [(i,) for i in usable]
    return [c for k in range(len(usable) + 1) for c in combinations(usable, k) if _ships_fit_together(s, sp, c)]


def _emigrate_choices(s: State, sp: Space) -> list[tuple[str, bool]]:
    e = sp.data.emigrate
    if s.silver < s.round * e.silver_per_round or sum(s.emigrated) >= BANQUET_POSITIONS:
        return []
    swapped_fits = bool(e.exchange) and berth_free(s, SHIP[e.exchange[1]])
    return emigrate_choices(e, lambda t: ships_of(s, SHIP[t]), swapped_fits)


def _plays_now(sp: Space) -> bool:
    """A playing space whose count is chosen with the action (Play up to 4 chooses after its
    column-3 card is drawn: see play_choices)."""
    return bool(sp.data.occupation and sp.data.occupation.play and not sp.draws_first)


def _choices(s: State, sp: Space) -> list[tuple]:
    d = sp.data
    pays = [(("pay", i),) for i, b in enumerate(sp.pay_any_of) if can_pay(s, b)] if sp.pay_any_of else [()]
    parts = [pays, [(("options", o),) for o in _option_sets(s, sp)] if d.options else [()]]
    if d.upgrade:  # "up to" includes none beside another effect (offers drops doing nothing)
        parts.append([(("upgrade", ()),)] + [(("upgrade", u),) for u in upgrade_choices(s.goods, d.upgrade.count, d.upgrade.steps)])
    if d.mountain:
        parts.append([(("mountain", ()),)] + [(("mountain", m),) for m in mountain_choices(s.mountains, d.mountain)])
    if d.explore:
        boats = any(ships_of(s, SHIP[t]) for t in d.explore.ships)
        parts.append([(("explore", b),) for b, _ in s.explorations if b in d.explore.boards and boats])
    if d.emigrate:
        parts.append([(("emigrate", t), ("exchange", x)) for t, x in _emigrate_choices(s, sp)])
    if d.special_sale:
        parts.append([(("buy", c),) for c in special_sets(s.specials_left, s.silver, d.special_sale, VALUES)])
    if d.forge:
        parts.append([(("forge", t),) for t in forge_targets(s.specials_left, VALUES)])
    if d.overseas_trade:
        parts.append([(("trade", c),) for c in trade_choices(s.goods)])
    if _plays_now(sp):
        parts.append([(("play", k),) for k in play_counts(d.occupation.play, len(s.hand))])
    if sp.plays_first and s.hand:
        parts.append([(("bonus_play", k),) for k in bonus_play_counts(sp.plays_first, len(s.hand))])
    joined = [tuple(chain.from_iterable(combo)) for combo in product(*parts)]
    if not _has_inner(sp.index):
        return joined
    return [c for choice in joined for c in _inner_choices(s, sp, choice)]


@cache
def _has_inner(index: int) -> bool:
    return any(o.option.upgrade or o.option.mountain for o in compiled()[index].options)


def _inner_choices(s: State, sp: Space, choice: tuple):
    """Options that themselves upgrade or take mountain items (mountain-2x4-or-double-3)."""
    picked = dict(choice).get("options", ())
    inner = [sp.options[i].option for i in picked if sp.options[i].option.upgrade or sp.options[i].option.mountain]
    if not inner:
        yield choice
        return
    o = inner[0]
    if o.upgrade:
        for u in upgrade_choices(s.goods, o.upgrade.count, o.upgrade.steps):
            yield tuple(sorted(choice + (("option_upgrade", u),)))
    if o.mountain:
        for m in mountain_choices(s.mountains, o.mountain):
            yield tuple(sorted(choice + (("option_mountain", m),)))


@cache
def _always_does_something(index: int) -> bool:
    d = compiled()[index].data
    return bool(d.pay or d.pay_any_of or d.gain or d.roll or d.forge or d.if_owns or d.overseas_trade)


@cache
def _has_choices(index: int) -> bool:
    d = compiled()[index].data
    return bool(d.pay_any_of or d.options or d.upgrade or d.mountain or d.explore or d.emigrate or d.special_sale or d.forge
                or d.overseas_trade or d.occupation or compiled()[index].plays_first)


def _decided(s: State, sp: Space) -> bool | None:
    """The rulebook: an occupied space must use at least one effect (paying counts). Whether
    the space does something whatever is chosen (True), nothing whatever is chosen (False), or
    as the choice has it (None)."""
    d = sp.data
    if _always_does_something(sp.index):
        return True
    if d.per_animal:
        return animals(s, d.per_animal.animal) > 0
    if d.occupation and d.occupation.play and sp.draws_first:
        return True  # Play up to 4 plays at least the card its column bonus draws
    return None


def _uses_an_effect(choice: tuple) -> bool:
    for k, v in choice:
        if v and k in _EFFECTS:
            return True
    return False


# the parts of a choice that are an effect by themselves (paying, forging and trading belong to
# spaces that always do something; a column-4 card or a swap alone is no use of the space)
_EFFECTS = frozenset({"upgrade", "mountain", "options", "explore", "emigrate", "buy", "option_upgrade", "option_mountain", "play"})


def _space_legal(s: State, sp: Space) -> bool:
    d = sp.data
    if not needs_met(s, d.needs) or not can_pay(s, sp.pay) or not ships_fit(s, sp.gain):
        return False
    if d.roll and d.roll.kind == "whaling" and not whaling_boats(s):
        return False
    if _plays_now(sp) and not s.hand:
        return False  # nothing to play (the column-3 draw comes first, so play-occupations-4 may)
    return True


def offers(s: State, sp: Space) -> tuple[tuple, ...]:
    """Every action on space `sp` the state allows, its Vikings aside (worked out afresh)."""
    if not _space_legal(s, sp):
        return ()
    i = sp.index
    decided = _decided(s, sp)
    if not _has_choices(i):
        return (("space", i, ()),) if decided else ()
    if decided:  # whatever is chosen (most spaces): no choice to filter
        return tuple([("space", i, c) for c in _choices(s, sp)])
    if decided is False:
        return ()
    return tuple([("space", i, c) for c in _choices(s, sp) if _uses_an_effect(c)])


def _reads(sp: Space) -> tuple[str, ...]:
    """The state fields `offers(s, sp)` depends on (the space's cache key): what its costs,
    needs, choices and effects look at."""
    d = sp.data
    opts = [o.option for o in sp.options]
    fields = set()
    if d.needs or any(o.needs for o in opts):
        fields |= {"ships", "buildings_left"}
    if not (sp.pay.empty and all(o.pay.empty for o in sp.options)) or d.pay_any_of:
        fields |= {"silver", "wood", "stone", "ore", "goods"}
    if sp.gain.ships or any(o.gain.ships for o in sp.options) or d.roll or d.explore:
        fields.add("ships")
    if d.upgrade or d.overseas_trade or d.per_animal or any(o.upgrade for o in opts):
        fields.add("goods")
    if d.mountain or any(o.mountain for o in opts):
        fields.add("mountains")
    if d.explore:
        fields.add("explorations")
    if d.emigrate:
        fields |= {"silver", "round", "emigrated", "ships"}
    if d.special_sale:
        fields |= {"silver", "specials_left"}
    if d.forge:
        fields.add("specials_left")
    if d.occupation or sp.plays_first:
        fields.add("hand")
    return tuple(sorted(fields))


@cache
def _cached_spaces() -> tuple:
    """(space, key getter, cache) per space: states that agree on what a space reads get the
    same offers, so a search lists each space's choices once per distinct key."""
    out = []
    for sp in compiled():
        index = tuple(State._fields.index(f) for f in _reads(sp))
        getter = itemgetter(*index) if index else (lambda s: ())
        out.append((sp, sp.bit, sp.data.column, getter, {}))
    return tuple(out)


CACHE_LIMIT = 1 << 14  # entries per space before its cache is emptied


def space_actions(s: State) -> list[tuple]:
    out = []
    blocked = s.taken | s.placed
    left = s.vikings_left
    for sp, bit, column, getter, found in _cached_spaces():
        if blocked & bit or left < column:
            continue
        k = getter(s)
        acts = found.get(k)
        if acts is None:
            if len(found) >= CACHE_LIMIT:
                found.clear()
            acts = found[k] = _interned(offers(s, sp))
        out += acts
    return out


_ONE_OBJECT: dict[tuple, tuple] = {}


def _interned(actions: tuple[tuple, ...]) -> tuple[tuple, ...]:
    """Equal actions as one object, whichever state listed them (so models.engine.plans finds
    an action's compiled change by its identity)."""
    if len(_ONE_OBJECT) >= CACHE_LIMIT:
        _ONE_OBJECT.clear()
    return tuple([_ONE_OBJECT.setdefault(a, a) for a in actions])


def anytime_actions(s: State) -> list[tuple]:
    out = []
    for kind in range(len(SHIP)):
        if s.silver >= SHIP_PRICE[kind] and berth_free(s, kind):
            out.append(("buy-ship", kind))
    if s.ore:
        free = ~(s.taken | s.placed)
        idx = space_index()
        whaling_open = any(free & (1 << idx[x]) for x in ("whaling-major", "whaling-minor"))
        if whaling_open and any(t == WHALING_BOAT and o < SHIP_EXTRA_ORE[WHALING_BOAT] for t, o in s.ships):
            out.append(("arm-ship", WHALING_BOAT))
        pillage_open = any(free & (1 << idx[x]) for x in ("pillage-2", "pillage-3"))
        if pillage_open and ships_of(s, LONGSHIP):
            out.append(("arm-ship", LONGSHIP))
    return out


def legal_actions(s: State) -> list[tuple]:
    return space_actions(s) + anytime_actions(s) + [PASS]


def play_choices(s: State) -> list[tuple]:
    """Stage PLAY: how many occupations Play up to 4 plays, its column-3 card now in hand
    (at least one, the best by printed points first)."""
    sp = compiled()[s.pending[0]]
    return [("play", k) for k in play_counts(sp.data.occupation.play, len(s.hand))]
