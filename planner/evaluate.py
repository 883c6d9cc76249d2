"""The value of a position in the middle of an action phase: a projected final score.

Why a step is suggested is read off these terms (the planner's reasons name them):

    value = boards as laid: the snapshot's score without the terms recomputed below
          + silver + ships + emigrated ships + played occupations' printed points
          + boards gained: VP - their -1 cells, as if they stayed empty
          + tiles (green, blue and special tiles in supply): what they will cover. Each is worth
            its value-table price (models/data/values.toml: about its cells) times the share
            of it the boards can still take: the free -1 cells (PACKING of them, since tiles
            never tile a board perfectly; green at most half of them, as green never touches
            green on home and exploration boards) divided by the tiles' area. Hoarding a
            12-cell tile for a full board is worth nothing more.
          + room: free -1 cells the supply will not fill, worth ROOM_CELL each for as many as
            later rounds can bring tiles for (CELLS_PER_ROUND per round still to come). This is
            what a house or an exploration adds besides its VP.
          + covering income: the income the free cells still hide (board by board: the income
            with every cell covered minus the income now) per free cell, times the cells the
            supply fills now and later, times the income phases they will pay in
          + food: orange and red goods at the value table times the share of them still of use:
            the cells later feasts can take (FEAST_CELLS per open position per later round),
            plus the free cells of houses (the final placement lays food there), plus what
            upgrades may turn into tiles (UPGRADE_CELLS per later round), over their area.
            Food left in supply after the last feast scores nothing, so hoarding it is worth
            nothing; animals at the value table before the last round (they breed), at their
            printed stable points in it
          + wood, stone, ore and weapons at the value table
          + income x income phases left (this round's included; the last one is final income)
          + bonuses x bonus phases left (valued at the table)
          - this round's feast, served greedily after breeding from the supply at its real cost
            (models/round_end.greedy_feast): the goods served leave the supply, then silver,
            then 3 per Thing Penalty
          - later feasts: FEED_COST per open banquet position per later round (emigrated ships
            fill positions, which is what emigrating saves)
          - 3 per Thing Penalty already taken

Every term is arithmetic on the state (the boards' room, income and bonuses are computed once
per snapshot), so a leaf costs microseconds. Between rounds the solo games lay tiles with the
placement engine (planner/placement.py), which is what the tile and room terms anticipate.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from models.boards import NEVER, OUTSIDE, Board, board as board_named
from models.data_files import load
from models.facts import income_phases_left, rounds, vikings_in_round
from models.pieces import piece
from models.round_end import PENALTY, BoardFacts, board_facts, breed, empty_board_negatives, greedy_feast, open_positions, state_income
from models.round_rules import Setting, State
from models.scoring import score
from models.snapshot import Snapshot

FEED_COST = 1.0  # points per banquet position in a later round (about one silver or cheap food)
PACKING = 0.85  # share of the free -1 cells a good layout covers
ROOM_CELL = 0.4  # an empty -1 cell later rounds may fill: its point back, less what the tile costs
CELLS_PER_ROUND = 8  # cells of tiles a player gains in a later round, roughly
FEAST_CELLS = 2  # cells of food a banquet position takes, roughly (tiles lie mostly lengthwise)
UPGRADE_CELLS = 6  # cells of food later upgrades may turn into tiles, per later round
TILE_COLOURS = ("green", "blue")
_RECOMPUTED = ("silver", "ships", "emigration", "animals", "occupations", "final_income", "thing_penalties")


@dataclass(frozen=True)
class Room:
    """Free space on boards that take green and blue tiles."""

    cells: int = 0  # free cells a tile may cover
    negatives: int = 0  # free -1 cells among them
    income_to_gain: int = 0  # income with every free cell covered, minus income now
    house_cells: int = 0  # free cells in houses (they also take orange and red)

    def __add__(self, other: Room) -> Room:
        return Room(*(a + b for a, b in zip(self.astuple(), other.astuple())))

    def astuple(self) -> tuple[int, ...]:
        return (self.cells, self.negatives, self.income_to_gain, self.house_cells)


def _track_income(track, covered: set) -> int:
    for cell, value in zip(track.cells, track.values):
        if cell not in covered:
            return value
    return track.beyond if track.beyond is not None else track.values[-1]


def board_room(b: Board, covered: set) -> Room:
    if b.kind not in ("home", "exploration", "house"):
        return Room()
    free = {c for c in b.cells if c not in covered and b.at(c) not in (NEVER, OUTSIDE)}
    everything = covered | free
    gain = sum(_track_income(t, everything) - _track_income(t, covered) for t in b.income)
    return Room(len(free), len(free & b.negatives), gain, len(free) if b.kind == "house" else 0)


@cache
def empty_board_room(name: str) -> Room:
    return board_room(board_named(name), set())


def snapshot_room(snapshot: Snapshot) -> Room:
    room = Room()
    for entry in snapshot.player.boards:
        covered = {c for p in entry.placements for c in piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip)}
        room = room + board_room(board_named(entry.board), covered)
    return room


@dataclass
class Evaluator:
    setting: Setting
    facts: BoardFacts = field(init=False)
    fixed: float = field(init=False)
    cache: dict = field(default_factory=dict, repr=False)
    income_steps: tuple | None = field(default=None, init=False, repr=False)  # planner/value/income_step.py, once per setting
    parts: dict = field(default_factory=dict, init=False, repr=False)  # planner/value/features.py's, by what they depend on

    def __post_init__(self) -> None:
        report = score(self.setting.snapshot)
        self.facts = board_facts(self.setting.snapshot)
        self.fixed = report.total - sum(report.breakdown[k] for k in _RECOMPUTED)
        self.room = snapshot_room(self.setting.snapshot)
        game = load("game")
        self._ship_points = {k: v["points"] for k, v in game["ships"].items()}
        self._emigrated_points = {k: v.get("emigrated_points", 0) for k, v in game["ships"].items()}
        self._bonus_value = sum(self.setting.values.get(k, 0) * n for k, n in self.facts.bonuses)
        self._tiles: dict = {}
        self.evaluations = 0

    def __call__(self, s: State) -> float:
        v = self.cache.get(s)
        if v is None:
            v = sum(self.components(s).values())
            self.cache[s] = v
        return v

    def components(self, s: State) -> dict[str, float]:
        """The value split by term (names used in the planner's reasons)."""
        self.evaluations += 1
        last = self.setting.last_round
        length = self.setting.snapshot.game.length
        income = state_income(s, self.facts)
        phases_left = income_phases_left(s.round, length) + 1  # and final income
        goods = breed(s.goods)
        silver_at_feast = s.silver + (income if s.round < last else 0)
        feast = greedy_feast(goods, silver_at_feast, open_positions(s), self.setting.values_key)
        later_positions = later_feast_positions(s, length)
        terms = self._supply_terms(goods, feast.goods_used, s.specials, s.new_boards, last - s.round, phases_left, later_positions)
        tiles, room, covering, food = terms
        ships, occupations, resources, weapons, thing_penalties = self.holding_terms(s)
        return {
            "boards as laid": self.fixed,
            "silver": s.silver,
            "ships": ships,
            "emigration": sum(self._emigrated_points[t] for t in s.emigrated),
            "boards gained": sum(board_named(b).vp - empty_board_negatives(b) for b in s.new_boards),
            "occupations": occupations,
            "tiles": tiles,
            "room": room,
            "covering income": covering,
            "food": food,
            "resources": resources,
            "weapons": weapons,
            "income": income * phases_left,
            "bonuses": self._bonus_value * (last - s.round),
            "feast": -(feast.silver_used + PENALTY * feast.penalties),
            "future feasts": -FEED_COST * later_positions,
            "thing penalties": thing_penalties,
        }

    def holding_terms(self, s: State) -> tuple:
        """(ships, occupations, resources, weapons, thing penalties): the terms that read neither
        the round, goods, silver, boards gained nor banquet (planner/value/features.py reuses
        the others across states that share those)."""
        values = self.setting.values
        return (
            sum(self._ship_points[t] for t, _ in s.ships),
            s.occupation_points,
            s.wood * values.get("wood", 1) + s.stone * values.get("stone", 1) + s.ore * values.get("ore", 1),
            sum(values.get(w, 0) * n for w, n in s.weapons),
            -PENALTY * s.thing_penalties,
        )

    def _supply_terms(self, goods, used, specials, new_boards, rounds_after: int, phases_left: int, positions: int) -> tuple[float, ...]:
        """(tiles, room, covering income, food): memoised, many states share their supply."""
        key = (goods, used, specials, new_boards, rounds_after, phases_left, positions)
        hit = self._tiles.get(key)
        if hit is None:
            hit = self._supply_terms_uncached(goods, dict(used), specials, new_boards, rounds_after, phases_left, positions)
            self._tiles[key] = hit
        return hit

    def _supply_terms_uncached(self, goods, used, specials, new_boards, rounds_after, phases_left, positions) -> tuple[float, ...]:
        values = self.setting.values
        room = self.room
        for b in new_boards:
            room = room + empty_board_room(b)
        worth: Counter = Counter()
        area: Counter = Counter()
        animals = 0.0
        for g, n in goods:
            left = n - used.get(g, 0)
            colour = piece(g).colour
            if piece(g).kind == "animal":
                animals += (values.get(g, 0) if rounds_after else piece(g).points) * left
            elif colour in TILE_COLOURS:
                worth[colour] += values.get(g, 0) * left
                area[colour] += piece(g).area * left
            else:
                worth["food"] += values.get(g, 0) * left
                area["food"] += piece(g).area * left
        food_use = FEAST_CELLS * positions + room.house_cells + UPGRADE_CELLS * rounds_after
        food = animals + _share(worth["food"], min(area["food"], food_use), area["food"])
        for x in specials:
            worth["blue"] += values.get(x, 0)
            area["blue"] += piece(x).area
        capacity = PACKING * room.negatives
        green_fit = min(area["green"], capacity / 2)
        blue_fit = min(area["blue"], capacity - green_fit)
        tiles = _share(worth["green"], green_fit, area["green"]) + _share(worth["blue"], blue_fit, area["blue"])
        later = min(capacity - green_fit - blue_fit, CELLS_PER_ROUND * rounds_after)
        per_cell = room.income_to_gain / room.cells if room.cells else 0.0
        covering = per_cell * ((green_fit + blue_fit) * phases_left + later * max(0, phases_left - 1) / 2)
        return tiles, ROOM_CELL * later, covering, food


def _share(worth: float, fit: float, area: float) -> float:
    return worth * fit / area if area else 0.0


def explain_change(before: dict[str, float], after: dict[str, float], top: int = 3) -> str:
    """The largest changes between two valuations, in words: '+6 tiles, -2 silver'."""
    deltas = [(k, after[k] - before.get(k, 0)) for k in after]
    big = sorted((d for d in deltas if abs(d[1]) >= 0.05), key=lambda d: -abs(d[1]))[:top]
    return ", ".join(f"{d:+.1f} {k}" for k, d in big) if big else "no change in value"


def goods_counter(s: State) -> Counter:
    return Counter(dict(s.goods))


def is_food(name: str) -> bool:
    return piece(name).colour in ("orange", "red")


def later_feast_positions(s: State, length: str) -> int:
    """Banquet positions to feed in the rounds after this one (this round's feast is served now)."""
    return _later_positions(s.round, len(s.emigrated), length)


@cache
def _later_positions(round_: int, emigrated: int, length: str) -> int:
    # every leaf of a search asks, twice (the projection and the learned value's features)
    return sum(max(0, vikings_in_round(r, length) - emigrated) for r in range(round_ + 1, rounds(length) + 1))
