"""A projected final score of an engine state: what the whole-game player's searches value leaves by.

    value = the score if the game ended now (models.engine.score: boards, ships, emigrations,
            animals, occupations, silver, final income, Thing Penalties)
          + income x the income phases still to come
          + tiles in supply (green, blue, special): TILE_CELL per cell, as far as the free -1
            cells of the home and exploration boards can take them (the layout lays them before
            income), and TILE_INCOME per such cell and income phase left (laying raises income)
          - the feasts to come: each open position the food held (orange and red goods) and the
            harvests still to come (their schedule is printed) will not
            feed costs a silver (held or from income) or, failing that, HUNGER points (a Thing
            Penalty or Vikings spent on food)
          + breeding: a pair of sheep or cattle is a new animal per breeding phase left
          + ships: SHIP_HELD per knarr or longship held before the last round, a share of what
            emigrating it would still add (_emigration_hope), and EMIGRATED_BONUS per ship
            emigrated before the last round (shaping terms: an emigration pays its points and
            frees a banquet position every round after; without them one step of look-ahead
            buys no ships and never emigrates)
          + wood, stone, ore and weapons, occupation cards in hand at a small price each
          + VIKING per Viking still to place, this round and in the rounds to come (a pass gives
            up this round's: so passing costs, and a round's end compares fairly with its middle)

Every term is arithmetic on the state tuple (no search, no layout), so a leaf costs a few
microseconds. The weights are data (`Weights`); the defaults were chosen by playing the
heuristic policy (policy.py) on seeds 1-8 with one weight changed at a time (a one-step
greedy player scored about 4 points a game with the first guesses, 43 with these). The shaping
terms make this a guide for choosing, not a forecast: at the end of the game it is the score.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from models.engine.geometry import geometry, income, uncovered_negatives
from models.engine.round_end import LENGTH
from models.engine.score import CROWN, final_score
from models.engine.state import OVER, ROUND_END, STRIP, BoardState, State
from models.engine.tables import ANIMAL_GOODS, ANIMAL_POINTS, EMIGRATED_POINTS, GOOD, GOODS, KNARR, LONGSHIP, SHIP_POINTS
from models.facts import BANQUET_POSITIONS, THING_PENALTY, income_phases_left, rounds, vikings_in_round
from models.pieces import piece
from models.round_end import harvest_goods, harvest_schedule

LAST_ROUND = rounds(LENGTH)
CROWN_POINTS = piece(CROWN).points
TILE_BOARDS = ("home", "exploration")  # the boards the layout lays green and blue tiles on


@dataclass(frozen=True)
class Weights:
    tile_cell: float = 0.9  # a tile cell that will cover a -1 cell
    tile_spare: float = 0.15  # a tile cell with no free -1 cell left for it
    tile_income: float = 0.12  # income per cell laid on a board, per income phase left
    hunger: float = 2.0  # a position to feed later that neither food nor silver covers yet
    breed: float = 0.6  # of an animal's points, per breeding phase left, per breeding pair
    emigrate_ship: float = 0.6  # share of an emigration's points a large ship held counts
    ship_held: float = 12.0  # besides: points a large ship held counts before the last round
    emigrated_bonus: float = 20.0  # per ship emigrated, until the game ends
    bonus_feasts: int = 2  # the bonus counts while at least this many feasts are to come
    emigrations: float = 2.5  # emigrations a round the spaces allow (solo: a space rests a round)
    wood: float = 2.0  # two build a knarr or a longship
    stone: float = 1.5  # a stone house, a long house
    ore: float = 0.9
    weapon: float = 0.4
    occupation: float = 0.5  # of a card's printed points while it is in hand
    viking: float = 1.0  # a Viking still to place, this round or later (so passing early costs)


DEFAULT = Weights()


@cache
def _goods_shape() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per goods index: tile cells (green and blue goods) and feast width upright (food), else 0."""
    tile, feed = [], []
    for name in GOODS:
        p = piece(name)
        tile.append(p.area if p.colour in ("green", "blue") else 0)
        feed.append(min(p.size) if p.colour in ("orange", "red") else 0)
    return tuple(tile), tuple(feed)


@cache
def _special_cells(name: str) -> int:
    return piece(name).area


@lru_cache(maxsize=1 << 16)
def _board(b: BoardState) -> tuple[int, int, int, int]:
    """(points if the game ended now, income, free -1 cells tiles may go to, VP) of one board."""
    g = geometry(b.name)
    inc = income(g, b.covered)
    room = (g.negatives & ~b.covered).bit_count() if g.kind in TILE_BOARDS else 0
    vp = g.vp if g.kind != "home" else 0
    return vp + inc - uncovered_negatives(g, b.covered, b.wood, b.stone), inc, room, vp


@cache
def _timing(round_: int, stage: int) -> tuple[int, int, int]:
    """(income phases, feasts, Vikings of the rounds after this one) still to come."""
    r = round_ + 1 if stage == STRIP else round_  # STRIP: between round r's feast and round r + 1
    future = sum(vikings_in_round(k, LENGTH) for k in range(round_ + 1, LAST_ROUND + 1))
    return income_phases_left(r, LENGTH), LAST_ROUND - r + 1, future


@cache
def _harvests_to_come(round_: int) -> int:
    """Feast positions (upright) of the harvests of the rounds after `round_` (known in advance)."""
    _, feed = _goods_shape()
    schedule = harvest_schedule(LENGTH)
    return sum(feed[GOOD[g]] for r in range(round_ + 1, LAST_ROUND + 1) for g in harvest_goods(schedule[r - 1]))


@cache
def _feast_need(feasts: int, emigrated: int) -> int:
    """Open banquet positions of the last `feasts` feasts (emigrated ships fill positions)."""
    first = LAST_ROUND - feasts + 1
    return sum(max(0, min(BANQUET_POSITIONS, vikings_in_round(r, LENGTH)) - emigrated) for r in range(first, LAST_ROUND + 1))


def _score_now(s: State, boards: int) -> int:
    """models.engine.score.final_score, with the boards' part cached per board."""
    ships = sum(SHIP_POINTS[t] for t, _ in s.ships)
    emigrated = sum(p * n for p, n in zip(EMIGRATED_POINTS, s.emigrated))
    animals = sum(p * n for p, n in zip(ANIMAL_POINTS, s.goods) if p)
    crown = CROWN_POINTS if CROWN in s.specials or any(p[0] == CROWN for b in s.boards for p in b.placements) else 0
    return boards + ships + emigrated + animals + s.occupation_points + s.silver + crown + THING_PENALTY * s.thing_penalties


def _emigration_hope(s: State, feasts: int, w: Weights) -> float:
    """What the large ships held may still gain by emigrating: EMIGRATE_SHIP of the points an
    emigration adds (its points less the ship's and the silver it costs, a silver per round),
    for as many ships as the emigration spaces can take in the rounds left (EMIGRATIONS a round)."""
    r = s.round + (s.stage == STRIP)
    if feasts <= 0 or s.stage == ROUND_END and r == LAST_ROUND:
        return 0.0
    gains = sorted((EMIGRATED_POINTS[t] - SHIP_POINTS[t] - r for t, _ in s.ships if t in (KNARR, LONGSHIP)), reverse=True)
    room = min(BANQUET_POSITIONS - sum(s.emigrated), int(w.emigrations * feasts + 0.5))
    flat = w.ship_held * len(gains) if feasts >= 2 else 0.0
    flat += w.emigrated_bonus * sum(s.emigrated) if feasts >= w.bonus_feasts else 0.0
    return flat + w.emigrate_ship * sum(max(0, g) for g in gains[:room])


def terms(s: State, w: Weights = DEFAULT) -> dict[str, float]:
    """The value's terms by name (their sum is `value`)."""
    if s.stage == OVER:
        return {"score": float(final_score(s))}
    phases, feasts, future_vikings = _timing(s.round, s.stage)
    board_points = inc = room = 0
    for b in s.boards:
        points, i, r, _ = _board(b)
        board_points += points
        inc += i
        room += r
    tile, feed = _goods_shape()
    goods = s.goods
    cells = sum(t * n for t, n in zip(tile, goods) if n) + sum(_special_cells(x) for x in s.specials)
    laid = min(cells, room)
    positions = sum(f * n for f, n in zip(feed, goods) if n) + _harvests_to_come(s.round)
    short = max(0, _feast_need(feasts, sum(s.emigrated)) - positions)  # positions the food held will not feed
    paid = min(short, s.silver + inc * phases)  # fed with silver, a point each (the score counts it now)
    breeding = 0.0
    for plain, pregnant in ANIMAL_GOODS.values():
        if goods[plain] + goods[pregnant] >= 2:
            breeding += w.breed * ANIMAL_POINTS[plain] * feasts
    ships = _emigration_hope(s, feasts, w)
    vikings_now = 0 if s.stage == ROUND_END else s.vikings_left  # a pass gives up the Vikings left
    return {
        "score": float(_score_now(s, board_points)),
        "income": float(inc * phases),
        "tiles": w.tile_cell * laid + w.tile_spare * (cells - laid) + w.tile_income * laid * phases,
        "food": -float(paid) - w.hunger * (short - paid),
        "breeding": breeding,
        "ships": ships,
        "stock": w.wood * s.wood + w.stone * s.stone + w.ore * s.ore + w.weapon * sum(s.weapons),
        "cards": w.occupation * sum(p for p in s.hand if p > 0),
        "vikings": w.viking * (vikings_now + future_vikings),
    }


def value(s: State, w: Weights = DEFAULT) -> float:
    return sum(terms(s, w).values())
