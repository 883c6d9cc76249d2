"""The end-of-game score of a state, by the rulebook's breakdown (as models/scoring.py scores a
snapshot; the record test checks that both agree on every game played)."""

from __future__ import annotations

from models.engine.geometry import geometry, income, uncovered_negatives
from models.engine.state import State
from models.engine.tables import ANIMAL_POINTS, EMIGRATED_POINTS, SHIP_POINTS
from models.facts import THING_PENALTY
from models.pieces import piece

CROWN = "english-crown"


def breakdown(s: State) -> dict[str, int]:
    geos = [(geometry(b.name), b) for b in s.boards]
    crown_laid = any(p[0] == CROWN for b in s.boards for p in b.placements)
    return {
        "ships": sum(SHIP_POINTS[t] for t, _ in s.ships),
        "emigration": sum(EMIGRATED_POINTS[t] * n for t, n in enumerate(s.emigrated)),
        "explorations": sum(g.vp for g, _ in geos if g.kind == "exploration"),
        "buildings": sum(g.vp for g, _ in geos if g.kind in ("shed", "house")),
        "animals": sum(p * n for p, n in zip(ANIMAL_POINTS, s.goods)),
        "occupations": s.occupation_points,
        "silver": s.silver,
        "final_income": sum(income(g, b.covered) for g, b in geos),
        "english_crown": piece(CROWN).points if crown_laid or CROWN in s.specials else 0,
        "negatives": -sum(uncovered_negatives(g, b.covered, b.wood, b.stone) for g, b in geos),
        "thing_penalties": THING_PENALTY * s.thing_penalties,
        "misplaced_pairs": 0,  # the engine never lays two tiles against the rules
    }


def final_score(s: State) -> int:
    return sum(breakdown(s).values())
