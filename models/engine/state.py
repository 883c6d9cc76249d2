"""The engine's state: one immutable tuple of small ints and tuples, cheap to copy and to hash.

A State is a NamedTuple, so it is a value: `apply` builds a new one with `_replace` and never
touches its input, equal situations are equal tuples, and the state is its own canonical key
(the last feast's table is kept only to write records and is left out of the key).

`stage` says what happens next: the player acts (ACTIONS), decides after a die shows (DECIDE)
or, on Play up to 4, how many occupations to play once its column-3 card is drawn (PLAY); or
chance draws (DEAL, ROLL, WEAPONS, OCCUPATION, STRIP); OVER is the end of the game.
ROUND_END follows a pass: a chance node with one certain outcome, so that the phases after the
action phase (laying tiles, income, breeding, feast, ...) run only when a search goes past it,
not whenever it lists a pass among a state's successors.
"""

from __future__ import annotations

from typing import NamedTuple

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
    table: tuple = ()  # the last feast's table (models.engine.feast), for records only


_new = tuple.__new__


class State(_Fields):
    """The state's fields (above) with a faster `_replace`: most changes touch one to four of
    the 25 fields, and the stock one looks every field up among the changes (40% slower)."""

    __slots__ = ()

    def _replace(self, **changes) -> State:
        v = list(self)
        try:
            for name, value in changes.items():
                v[_INDEX[name]] = value
        except KeyError:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}") from None
        return _new(State, v)


_INDEX = {name: i for i, name in enumerate(State._fields)}


def key(s: State) -> tuple:
    """Everything that decides the rest of the game (the last table is history)."""
    return s[:-1]


# --- small readers and writers ----------------------------------------------------------------

_make = State._make


def with_goods(s: State, goods: tuple[int, ...]) -> State:
    """s with new goods counts (the commonest change: cheaper than _replace)."""
    return _make(s[:8] + (goods,) + s[9:])


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

