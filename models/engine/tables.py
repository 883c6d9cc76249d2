"""The game's data compiled once into indices and small tuples for the engine's hot loop.

Everything here is read from the project's one source of each fact (models/data via
models.actions, models.pieces, models.facts, models.values); nothing is restated. Goods are
numbered in pieces.toml's order, weapons in draws.toml's order, ships in models.actions.SHIPS'
order, buildings in models.actions.BUILDINGS' order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from models.actions import BUILDINGS, SHIPS, ActionSpace, Bundle, load_action_spaces, max_rolls
from models.data_files import load
from models.pieces import goods_names, piece, special_names
from models.values import default_values

GOODS: tuple[str, ...] = tuple(goods_names())
GOOD = {name: i for i, name in enumerate(GOODS)}
NO_GOODS = (0,) * len(GOODS)
WEAPONS: tuple[str, ...] = tuple(load("draws")["weapons"]["kinds"])
WEAPON = {name: i for i, name in enumerate(WEAPONS)}
SHIP = {name: i for i, name in enumerate(SHIPS)}
BUILDING = {name: i for i, name in enumerate(BUILDINGS)}
SPECIALS: tuple[str, ...] = tuple(sorted(special_names()))
MAX_ROLLS = max_rolls()
VALUES = default_values()

_GAME = load("game")
SHIP_PRICE = tuple(_GAME["ships"][s]["price"] for s in SHIPS)
SHIP_POINTS = tuple(_GAME["ships"][s]["points"] for s in SHIPS)
EMIGRATED_POINTS = tuple(_GAME["ships"][s].get("emigrated_points", 0) for s in SHIPS)
SHIP_EXTRA_ORE = tuple(_GAME["ships"][s].get("extra_ore") for s in SHIPS)  # None: no limit
SMALL_BERTHS = _GAME["berths"]["small"]
LARGE_BERTHS = _GAME["berths"]["large"]
BUILDING_SUPPLY = tuple(_GAME["building_supply"][b] for b in BUILDINGS)
WHALING_BOAT, KNARR, LONGSHIP = (SHIP[s] for s in ("whaling-boat", "knarr", "longship"))

FOOD_COLOURS = frozenset({"orange", "red"})
ANIMAL_GOODS = {a: (GOOD[a], GOOD[f"pregnant-{a}"]) for a in ("sheep", "cattle")}


def is_food(name: str) -> bool:
    return piece(name).colour in FOOD_COLOURS and piece(name).kind in ("good", "animal")


# --- bundles: amounts paid or received, as index deltas -----------------------------------------


@dataclass(frozen=True)
class Delta:
    """A Bundle compiled: scalars, goods and weapons as (index, amount) pairs."""

    silver: int = 0
    wood: int = 0
    stone: int = 0
    ore: int = 0
    goods: tuple[tuple[int, int], ...] = ()
    weapons: tuple[tuple[int, int], ...] = ()
    weapon_draws: int = 0
    ships: tuple[tuple[int, int], ...] = ()
    buildings: tuple[tuple[int, int], ...] = ()
    vikings: int = 0

    def __post_init__(self) -> None:
        # asked on every apply: computed once (a dataclass comparison per call is slow)
        fields = (self.silver, self.wood, self.stone, self.ore, self.goods, self.weapons, self.weapon_draws,
                  self.ships, self.buildings, self.vikings)  # fmt: skip
        object.__setattr__(self, "empty", not any(fields))
        counts = (self.silver, self.wood, self.stone, self.ore, self.goods, self.weapons, self.vikings)
        object.__setattr__(self, "fleet_only", not any(counts))  # `gain` then changes ships and buildings only

    @property
    def only_scalars(self) -> bool:
        return not (self.goods or self.weapons or self.weapon_draws or self.ships or self.buildings)


NOTHING = Delta()


def delta(b: Bundle, players: int = 1) -> Delta:
    return Delta(
        silver=b.silver,
        wood=b.wood + b.wood_per_player * players,
        stone=b.stone,
        ore=b.ore,
        goods=tuple((GOOD[g], n) for g, n in b.goods),
        weapons=tuple((WEAPON[w], n) for w, n in b.weapons),
        weapon_draws=b.weapon_draws,
        ships=tuple((SHIP[s], n) for s, n in b.ships),
        buildings=tuple((BUILDING[k], n) for k, n in b.buildings),
        vikings=b.vikings,
    )


# --- the action spaces --------------------------------------------------------------------------


@cache
def spaces() -> tuple[ActionSpace, ...]:
    """The 61 spaces in board order; a space's index is its bit in the taken/placed masks."""
    return tuple(load_action_spaces().values())


@cache
def space_index() -> dict[str, int]:
    return {s.id: i for i, s in enumerate(spaces())}


# --- goods ------------------------------------------------------------------------------------


@cache
def upgrade_of(steps: int) -> tuple[int, ...]:
    """Goods index -> the goods index `steps` up its column (itself when it cannot go up)."""
    out = []
    for name in GOODS:
        up = name
        for _ in range(steps):
            nxt = piece(up).upgrade
            if nxt is None:
                break
            up = nxt
        out.append(GOOD[up])
    return tuple(out)


GREEN_GOODS = tuple(i for i, g in enumerate(GOODS) if piece(g).colour == "green" and piece(g).kind == "good")
FOOD = tuple(i for i, g in enumerate(GOODS) if is_food(g))
ANIMAL_POINTS = tuple(piece(g).points if piece(g).kind == "animal" else 0 for g in GOODS)


@cache
def blue_tiles(specials_left: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """(sword value, tile) for every blue tile a raid may take: the standard blue goods (unlimited)
    and the special tiles still in the supply, by sword value then name."""
    swords = load("blue_sword_values")["sword"]
    names = list(swords) + [x for x in specials_left if piece(x).sword is not None]
    return tuple(sorted((piece(n).sword, n) for n in names))


def value(name: str) -> float:
    return VALUES.get(name, 0)
