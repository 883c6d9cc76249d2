"""The engine's state: one immutable tuple of small ints and tuples, cheap to copy and to hash.

A State is a NamedTuple, so it is a value: `apply` builds a new one with `_replace` and never
touches its input, equal situations are equal tuples, and the state is its own canonical key.
It carries its own hash (models/engine/digest.py), kept up to date by every change, so a search
hashes a state in constant time. The last feast's table rides along for records only: it is an
`Aside`, equal to any other, so it takes no part in equality or the hash.

`stage` says what happens next: the player acts (ACTIONS), decides after a die shows (DECIDE)
or, on Play up to 4, how many occupations to play once its column-3 card is drawn (PLAY); or
chance draws (DEAL, ROLL, WEAPONS, OCCUPATION, STRIP); OVER is the end of the game.
ROUND_END follows a pass: a chance node with one certain outcome, so that the phases after the
action phase (laying tiles, income, breeding, feast, ...) run only when a search goes past it,
not whenever it lists a pass among a state's successors.
"""

from __future__ import annotations

from typing import NamedTuple

from models.engine.digest import MASK, SCALAR, Parts
from models.engine.tables import ANIMAL_GOODS, GOODS, LARGE_BERTHS, SMALL_BERTHS, WHALING_BOAT

ACTIONS, DECIDE, DEAL, ROLL, WEAPONS, OCCUPATION, STRIP, OVER, ROUND_END, PLAY = range(10)
STAGE_NAMES = ("actions", "roll decision", "deal", "roll", "weapon draw", "occupation draw", "strip draw", "over", "round end",
               "occupations to play")  # fmt: skip
CHANCE_STAGES = frozenset({DEAL, ROLL, WEAPONS, OCCUPATION, STRIP, ROUND_END})


class BoardState(NamedTuple):
    name: str
    covered: int  # mask of covered cells (see models.engine.geometry)
    orange: int  # masks of the cells covered by each colour that may not touch itself
    red: int
    green: int
    placements: tuple[tuple[str, int, int, int, bool], ...]  # (piece, row, col, rotation, flip), in laying order
    wood: int = 0  # on resource spaces (filled at the end of the game)
    stone: int = 0


def empty_board(name: str) -> BoardState:
    return BoardState(name, 0, 0, 0, 0, ())


class Aside(tuple):
    """A value kept beside the position, not part of it (the last feast's table, for records):
    equal to any other Aside, hashed alike, so states that differ only here are one state."""

    __slots__ = ()

    def __eq__(self, other) -> bool:
        return isinstance(other, Aside)

    def __ne__(self, other) -> bool:
        return not isinstance(other, Aside)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return f"Aside({tuple.__repr__(self)})"


NO_TABLE = Aside()


class _Fields(NamedTuple):
    round: int
    stage: int
    pending: tuple  # what the stage works on: see models.engine.chance and models.engine.dice
    vikings_left: int
    silver: int
    wood: int
    stone: int
    ore: int
    goods: tuple[int, ...]  # count per models.engine.tables.GOODS index
    weapons: tuple[int, ...]  # count per tables.WEAPONS index
    ships: tuple[tuple[int, int], ...]  # (ship index, added ore), sorted
    emigrated: tuple[int, ...]  # emigrated ships per ship index
    specials: tuple[str, ...]  # special tiles owned and not yet laid, sorted
    specials_left: tuple[str, ...]  # special tiles still in the game's supply, sorted
    boards: tuple[BoardState, ...]  # home board first, then boards gained in order
    hand: tuple[int, ...]  # printed points of the occupation cards in hand, sorted
    occupation_points: int  # printed points of the cards played
    thing_penalties: int
    taken: int  # bit per space index: not free this round (solo: last round's Vikings)
    placed: int  # bit per space index: occupied by this player this round
    mountains: tuple[tuple[str, ...], ...]  # face-up strips, arrow end first, sorted
    pile: tuple[int, ...]  # face-down strips (drawn at random) as indices into models.engine.draws.STRIPS, sorted
    explorations: tuple[tuple[str, int], ...]  # face-up unclaimed exploration board -> silver on it
    buildings_left: tuple[int, ...]  # per tables.BUILDINGS index
    table: Aside = NO_TABLE  # the last feast's table (models.engine.feast), for records only
    digest: int = -1  # the state's hash (models.engine.digest); worked out when a State is made


_new = tuple.__new__


class State(_Fields):
    """The state's fields (above), hashed by its digest, with a `_replace` that updates the
    digest by the fields it changes (and is faster than the stock one, which looks every field
    up among the changes)."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs) -> State:
        """A state from its fields, its digest worked out afresh (the digest is never given)."""
        v = list(_Fields.__new__(cls, *args, **kwargs))
        v[DIGEST] = PARTS.of(v)
        return _new(cls, v)

    @classmethod
    def _make(cls, iterable) -> State:
        return cls(*list(iterable)[:DIGEST])

    def __hash__(self) -> int:
        return self[DIGEST]

    def __reduce__(self):
        # strings hash differently in another process: the digest is worked out there afresh
        return (State, tuple(self[:DIGEST]))

    def _replace(self, **changes) -> State:
        v = list(self)
        h = v[DIGEST]
        try:
            for name, value in changes.items():
                i = _INDEX[name]
                if value is v[i]:  # unchanged (callers pass every field they might change): nothing to add
                    continue
                w = _SCALAR_WEIGHT[i]
                h += w * (value - v[i]) if w else _change(i, v[i], value)  # counts inline: the commonest change
                v[i] = value
        except KeyError:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}") from None
        if "digest" in changes:
            raise ValueError("the digest follows the fields: it is never replaced")
        v[DIGEST] = h & MASK
        return _new(State, v)


_INDEX = {name: i for i, name in enumerate(State._fields)}
PARTS = Parts(State._fields)
_SCALAR_WEIGHT = tuple(w if k == SCALAR else 0 for k, w in zip(PARTS.kinds, PARTS.weights))
_change = PARTS.change
DIGEST = _INDEX["digest"]
GOODS_AT = _INDEX["goods"]


def key(s: State) -> State:
    """The state itself: everything that decides the rest of the game (the table is an Aside),
    hashed in constant time by its digest."""
    return s


def fresh_digest(s: State) -> int:
    """The digest worked out from every field (what the kept one must always equal)."""
    return PARTS.of(s)


# --- small readers and writers ----------------------------------------------------------------

def with_goods(s: State, goods: tuple[int, ...]) -> State:
    """s with new goods counts (the commonest change: cheaper than _replace)."""
    v = list(s)
    v[DIGEST] = (v[DIGEST] + PARTS.change(GOODS_AT, v[GOODS_AT], goods)) & MASK
    v[GOODS_AT] = goods
    return _new(State, v)


def add(goods: tuple[int, ...], changes) -> tuple[int, ...]:
    """goods with (index, amount) changes added."""
    out = list(goods)
    for i, n in changes:
        out[i] += n
    return tuple(out)


def ships_of(s: State, kind: int) -> int:
    return sum(1 for t, _ in s.ships if t == kind)


def berth_free(s: State, kind: int) -> bool:
    if kind == WHALING_BOAT:
        return ships_of(s, WHALING_BOAT) < SMALL_BERTHS
    return len(s.ships) - ships_of(s, WHALING_BOAT) < LARGE_BERTHS


def animals(s: State, animal: str) -> int:
    plain, pregnant = ANIMAL_GOODS[animal]
    return s.goods[plain] + s.goods[pregnant]


def goods_dict(goods: tuple[int, ...]) -> dict[str, int]:
    return {GOODS[i]: n for i, n in enumerate(goods) if n}

