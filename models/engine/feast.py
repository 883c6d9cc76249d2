"""The feast, exactly and fast: the same optimum as the CP-SAT feast engine (planner/feast.py).

Every tile on the table covers at least one open position of row 0 and may only hang below it,
so a table is a row of items left to right: a goods tile lying upright covers its short side in
positions, lying flat its long side (one flat tile per food type; squares are exempt), a 1-silver
coin covers one. Orange may not touch orange nor red red; a coin or a position left empty (a
Thing Penalty) keeps two tiles apart. With tiles W positions wide on N open positions, O orange
and R red tiles fit in a row exactly when O <= R + (N - W) + 1 and R <= O + (N - W) + 1:
alternate the colours, a coin or an empty position wherever two of one colour would meet.

So the optimum of the rules' lexicographic objective (fewest Thing Penalties, then least value
served, then fewest tiles) is a bounded knapsack over the covered width: solved without the
colour condition first (a relaxation: if its best row is arrangeable it is the optimum), and with
the counts of orange and red tiles in the state when it is not. Ties keep the first choice found
in piece order. tests/test_engine_feast.py checks penalties and value against planner/feast.py.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from models.engine.tables import FOOD, GOODS, VALUES
from models.facts import BANQUET_POSITIONS
from models.pieces import piece

COIN = -1  # the item index of a 1-silver coin
GAP = -2  # an open position left empty


class Item(NamedTuple):
    good: int  # goods index, or COIN
    width: int  # positions covered
    flat: bool  # lying on its long side


class Feast(NamedTuple):
    items: tuple[Item, ...]  # in table order, left to right
    penalties: int
    served: tuple[tuple[int, int], ...]  # (goods index, count)
    silver: int

    @property
    def value(self) -> float:
        return sum(VALUES[GOODS[g]] * n for g, n in self.served) + self.silver * VALUES["silver"]


def open_positions(vikings: int, emigrated: int) -> tuple[int, int]:
    """(first open position, positions to feed) on row 0."""
    open_to = min(BANQUET_POSITIONS, vikings)
    first = min(emigrated, open_to)
    return first, open_to - first


@cache
def _shape(g: int) -> tuple[int, int, str, str, bool]:
    p = piece(GOODS[g])
    w, h = p.size
    return min(w, h), max(w, h), p.colour, p.food_type, p.is_square


def _options(food: tuple[int, ...], n: int) -> list[tuple[int, str, list[tuple[int, int, int]]]]:
    """Per good held: (good, colour, [(tiles served, one of them flat, width)]).

    Only the cheapest good of each food type may lie flat: flat and upright tiles of one type
    have equal widths, so swapping which of them lies flat never costs and never helps."""
    flat_good: dict[str, int] = {}
    for g in sorted((g for g in FOOD if food[g]), key=lambda g: VALUES[GOODS[g]]):
        short, long, _, food_type, square = _shape(g)
        if not square and long <= n:
            flat_good.setdefault(food_type, g)
    out = []
    for g in FOOD:
        if not food[g]:
            continue
        short, long, colour, food_type, _ = _shape(g)
        choices = [(k, 0, k * short) for k in range(1, min(food[g], n // short) + 1)]
        if flat_good.get(food_type) == g:
            choices += [(k, 1, long + (k - 1) * short) for k in range(1, food[g] + 1) if long + (k - 1) * short <= n]
        out.append((g, colour, choices))
    return out


def _best(options, silver: int, n: int, colours: bool) -> tuple:
    """Group knapsack: state (width, oranges, reds) (colours counted only when asked), value
    (value served, tiles, choices made); then coins fill, checking the row condition."""
    best: dict[tuple, tuple] = {(0, 0, 0): (0, 0, ())}
    for g, colour, choices in options:
        price = VALUES[GOODS[g]]
        nxt = dict(best)
        for (w, o, r), (v, t, made) in best.items():
            for k, flat, width in choices:
                nw = w + width
                if nw > n:
                    continue
                key = (nw, o + k, r) if colours and colour == "orange" else (nw, o, r + k) if colours else (nw, 0, 0)
                cand = (v + price * k, t + k, made + ((g, k, flat),))
                old = nxt.get(key)
                if old is None or cand[:2] < old[:2]:
                    nxt[key] = cand
        best = nxt
    coin = VALUES["silver"]
    top = None
    for (w, o, r), (v, t, made) in best.items():
        if colours and not _fits(o, r, n - w):
            continue
        for c in range(min(silver, n - w) + 1):
            rank = (-(w + c), v + coin * c, t + c)
            if top is None or rank < top[0]:
                top = (rank, made, c)
    return top


def _fits(oranges: int, reds: int, room: int) -> bool:
    """Whether the tiles fit in a row with `room` positions left for coins and gaps."""
    return oranges <= reds + room + 1 and reds <= oranges + room + 1


def _width(made) -> int:
    out = 0
    for g, k, flat in made:
        short, long = _shape(g)[:2]
        out += k * short + flat * (long - short)
    return out


def _counts(made) -> tuple[int, int]:
    o = sum(k for g, k, _ in made if _shape(g)[2] == "orange")
    return o, sum(k for g, k, _ in made) - o


@cache
def serve(food: tuple[int, ...], silver: int, n: int) -> Feast:
    """The best table for `n` open positions from the food (goods counts) and silver at hand."""
    options = _options(food, n)
    rank, made, coins = _best(options, silver, n, colours=False)
    if not _fits(*_counts(made), n - _width(made)):
        rank, made, coins = _best(options, silver, n, colours=True)
    items = []
    for g, k, flat in made:
        short, long = _shape(g)[:2]
        items += [Item(g, long, True)] * flat + [Item(g, short, False)] * (k - flat)
    items += [Item(COIN, 1, False)] * coins
    penalties = n + rank[0]
    served = tuple(sorted((g, k) for g, k, _ in made))
    return Feast(_in_a_row(items, penalties), penalties, served, coins)


def _colour(it: Item) -> str:
    return "" if it.good < 0 else _shape(it.good)[2]


def _in_a_row(items: list[Item], gaps: int) -> tuple[Item, ...]:
    """A left-to-right order with no orange beside orange and no red beside red: at each step the
    food colour with the most tiles left that differs from the last one, a coin (or else an empty
    position) when none does; the coins and empty positions left over go to the right."""
    left = {"orange": [i for i in items if _colour(i) == "orange"], "red": [i for i in items if _colour(i) == "red"]}
    coins = [i for i in items if i.good == COIN] + [Item(GAP, 1, False)] * gaps
    row: list[Item] = []
    last = ""
    while left["orange"] or left["red"]:
        options = [c for c in ("orange", "red") if left[c] and c != last]
        if options:
            colour = max(options, key=lambda c: len(left[c]))
            row.append(left[colour].pop(0))
            last = colour
        else:
            row.append(coins.pop(0))  # _fits guarantees a coin or a gap is here
            last = ""
    return tuple(row + coins)


def table_placements(feast: Feast, first_open: int) -> list[dict]:
    """The table as snapshot placements: each item at row 0 from the first open position on."""
    out, col = [], first_open
    for it in feast.items:
        if it.good == GAP:
            pass
        elif it.good == COIN:
            out.append({"piece": "silver", "row": 0, "col": col, "rotation": 0, "flip": False})
        else:
            w, h = piece(GOODS[it.good]).size
            wide = w > h  # at rotation 0 the tile is w columns wide
            rotation = 0 if (it.flat == wide or w == h) else 90
            out.append({"piece": GOODS[it.good], "row": 0, "col": col, "rotation": rotation, "flip": False})
        col += it.width
    return out
