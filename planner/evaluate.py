"""The value of a position in the middle of an action phase: a projected final score.

    value = fixed part of the snapshot's score (its boards as laid, buildings, explorations)
          + silver + ships + emigrated ships + boards gained (VP - their empty -1 cells)
          + played occupations' printed points
          + goods, special tiles, wood, stone, ore and weapons in supply at the value table
            (models/data/values.toml: what a tile will cover on a board later, in points)
          + income x income phases left (this round's included; the last one is final income)
          + bonuses x bonus phases left (valued at the table)
          - this round's feast, served greedily after breeding (models/round_end.greedy_feast):
            the value of what is served, silver, 3 per Thing Penalty
          - future feasts: FEED_COST per open banquet position per later round (emigrated ships
            fill positions, which is what emigrating saves)
          - 3 per Thing Penalty already taken

Every term is arithmetic on the state (the boards' income and bonuses are computed once per
snapshot), so a leaf costs microseconds; the chosen line is refined by planner/feast.py and
planner/placement.py only where they exist (see planner/search.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from models.data_files import load
from models.pieces import piece
from models.round_end import PENALTY, BoardFacts, board_facts, breed, empty_board_negatives, greedy_feast, open_positions, state_income
from models.round_rules import Setting, State
from models.scoring import score

FEED_COST = 1.0  # points per banquet position in a later round (about one silver or cheap food)
_RECOMPUTED = ("silver", "ships", "emigration", "animals", "occupations", "final_income", "thing_penalties")


@dataclass
class Evaluator:
    setting: Setting
    facts: BoardFacts = field(init=False)
    fixed: float = field(init=False)
    cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        report = score(self.setting.snapshot)
        self.facts = board_facts(self.setting.snapshot)
        self.fixed = report.total - sum(report.breakdown[k] for k in _RECOMPUTED)
        game = load("game")
        self._ship_points = {k: v["points"] for k, v in game["ships"].items()}
        self._emigrated_points = {k: v.get("emigrated_points", 0) for k, v in game["ships"].items()}
        from models.boards import board as board_named

        self._board = board_named
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
        values = self.setting.values
        last = self.setting.last_round
        income = state_income(s, self.facts)
        phases_left = last - s.round + 1
        bonus_phases = last - s.round
        goods = breed(s.goods)
        silver_at_feast = s.silver + (income if s.round < last else 0)
        feast = greedy_feast(goods, silver_at_feast, open_positions(s), self.setting.values_key)
        used = dict(feast.goods_used)
        later_positions = sum(max(0, min(12, 5 + r) - len(s.emigrated)) for r in range(s.round + 1, last + 1))
        bonus_value = sum(values.get(k, 0) * n for k, n in self.facts.bonuses)
        return {
            "boards as laid": self.fixed,
            "silver": s.silver,
            "ships": sum(self._ship_points[t] for t, _ in s.ships),
            "emigration": sum(self._emigrated_points[t] for t in s.emigrated),
            "boards gained": sum(self._board(b).vp - empty_board_negatives(b) for b in s.new_boards),
            "occupations": s.occupation_points,
            "goods": sum(values.get(g, 0) * (n - used.get(g, 0)) for g, n in goods),
            "specials": sum(values.get(x, 0) for x in s.specials),
            "resources": s.wood * values.get("wood", 1) + s.stone * values.get("stone", 1) + s.ore * values.get("ore", 1),
            "weapons": sum(values.get(w, 0) * n for w, n in s.weapons),
            "income": income * phases_left,
            "bonuses": bonus_value * bonus_phases,
            "feast": -(feast.silver_used + PENALTY * feast.penalties),
            "future feasts": -FEED_COST * later_positions,
            "thing penalties": -PENALTY * s.thing_penalties,
        }


def explain_change(before: dict[str, float], after: dict[str, float], top: int = 3) -> str:
    """The largest changes between two valuations, in words: '+6 goods, -2 silver'."""
    deltas = [(k, after[k] - before.get(k, 0)) for k in after]
    big = sorted((d for d in deltas if abs(d[1]) >= 0.05), key=lambda d: -abs(d[1]))[:top]
    return ", ".join(f"{d:+.1f} {k}" for k, d in big) if big else "no change in value"


def goods_counter(s: State) -> Counter:
    return Counter(dict(s.goods))


def is_food(name: str) -> bool:
    return piece(name).colour in ("orange", "red")
