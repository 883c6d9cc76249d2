"""An action space and its effects as frozen dataclasses; action_spaces.toml documents each field."""

from __future__ import annotations

from dataclasses import dataclass

Counts = tuple[tuple[str, int], ...]  # (name, amount) pairs, hashable unlike a dict
BUNDLE_SCALARS = ("silver", "wood", "stone", "ore", "weapon_draws", "vikings", "wood_per_player")
BUNDLE_TABLES = ("goods", "weapons", "ships", "buildings")  # (name, count) pairs


class ActionDataError(ValueError):
    """The action-space data breaks the vocabulary or the board's shape."""


@dataclass(frozen=True)
class Bundle:
    """Amounts paid or received; see the vocabulary at the top of action_spaces.toml."""

    silver: int = 0
    wood: int = 0
    stone: int = 0
    ore: int = 0
    goods: Counts = ()
    weapons: Counts = ()
    weapon_draws: int = 0
    ships: Counts = ()
    buildings: Counts = ()
    vikings: int = 0
    wood_per_player: int = 0

    def count(self, name: str) -> int:
        """Amount of one resource, good, weapon, ship or building ('wood', 'milk', 'knarr')."""
        if name in BUNDLE_SCALARS:
            return getattr(self, name)
        return sum(n for table in (self.goods, self.weapons, self.ships, self.buildings) for k, n in table if k == name)

    def __bool__(self) -> bool:
        # asked of a space's bundles for every action the engine applies: compare once
        try:
            return self._nonempty
        except AttributeError:
            nonempty = self.__dict__["_nonempty"] = self != EMPTY
            return nonempty

    def __repr__(self) -> str:
        # only what is there: Bundle(wood=2) reads better than eleven zero fields
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__dataclass_fields__ if getattr(self, f))
        return f"Bundle({shown})"


EMPTY = Bundle()


@dataclass(frozen=True)
class Upgrade:
    count: int  # up to this many goods tiles
    steps: int  # 1 = one step along the goods column, 2 = double upgrade


@dataclass(frozen=True)
class PerAnimal:
    animal: str
    good: str
    max: int  # gain min(animals owned, max) of the good


@dataclass(frozen=True)
class IfOwns:
    animal: str
    at_least: int
    gain: Bundle


@dataclass(frozen=True)
class Roll:
    kind: str  # hunt, snare, whaling, raid, pillage
    die: int  # 8 or 12
    aim: str  # "low" or "high"
    spend: tuple[str, ...]  # each one spent moves the result 1 towards success
    failure: Bundle
    success: Bundle = EMPTY  # low-aim kinds
    take_blue_tile: bool = False  # high-aim kinds: a blue tile of sword value <= result
    fail_at_or_below: int | None = None
    ore: str | None = None  # "boats-used" (subtracted) or "longship-most-ore" (added)
    boats: tuple[int, int] | None = None  # whaling boats used: (min, max)


@dataclass(frozen=True)
class Explore:
    boards: tuple[str, ...]
    ships: tuple[str, ...]


@dataclass(frozen=True)
class Emigrate:
    ships: tuple[str, ...]
    silver_per_round: int
    exchange: tuple[str, str] | None = None  # optional (give, take) swap before emigrating


@dataclass(frozen=True)
class Occupation:
    draw: int = 0
    play: int = 0  # up to this many


@dataclass(frozen=True)
class ColumnBonus:
    """Occupation bonus every space of columns 3 and 4 gives around its action."""

    draw_occupations: int = 0
    play_occupations: int = 0
    when: str = ""  # "before" or "before-or-after"


@dataclass(frozen=True)
class Option:
    """One alternative (choose = "one") or optional extra (choose = "any") of a space."""

    label: str
    needs: tuple[str, ...] = ()
    pay: Bundle = EMPTY
    pay_any_of: tuple[Bundle, ...] = ()
    gain: Bundle = EMPTY
    upgrade: Upgrade | None = None
    mountain: tuple[int, ...] = ()  # up to n items from each of distinct strips


@dataclass(frozen=True)
class ActionSpace:
    id: str
    name: str
    group: str
    column: int  # 1-4 = Vikings needed
    needs: tuple[str, ...] = ()
    pay: Bundle = EMPTY
    pay_any_of: tuple[Bundle, ...] = ()
    gain: Bundle = EMPTY
    upgrade: Upgrade | None = None
    mountain: tuple[int, ...] = ()
    per_animal: PerAnimal | None = None
    if_owns: tuple[IfOwns, ...] = ()
    choose: str | None = None  # "one" or "any", with options
    options: tuple[Option, ...] = ()
    roll: Roll | None = None
    explore: Explore | None = None
    emigrate: Emigrate | None = None
    occupation: Occupation | None = None
    overseas_trade: bool = False
    special_sale: int = 0
    forge: int = 0
    bonus: ColumnBonus | None = None  # from the column, not the space
    verify: str | None = None  # why a fact here is only a best reading

    @property
    def vikings(self) -> int:
        return self.column
