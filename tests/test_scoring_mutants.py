"""Scoring, pinned exactly: resource spaces, the last income value, the JSON report, the crown.

Written against the mutants mutmut left alive in models/scoring.py (benchmarks/RESULTS-mutation.md).
Every expected number is counted by hand in the comment beside it.
"""

from models.boards import IncomeTrack
from models.rules import check_snapshot
from models.scoring import score, track_income
from tests.helpers import entry, home, put, snapshot

AROUND_THE_ORE_BONUS = [put("silver", r, c) for r, c in [(4, 0), (4, 1), (5, 1), (6, 0), (6, 1)]]


def shed(*placements, **extra):
    return entry("shed", *placements, id="sh", **extra)


def shed_negatives(*placements, **extra) -> int:
    return score(snapshot([home(), shed(*placements, **extra)])).as_json()["uncovered_negatives"]["sh"]


def test_each_empty_shed_space_costs_a_point_and_a_laid_resource_fills_one():
    assert shed_negatives() == 6  # three wood and three stone spaces
    assert shed_negatives(put("wood", 0, 0)) == 5
    assert shed_negatives(put("wood", 0, 0), put("stone", 1, 0)) == 4
    assert shed_negatives(put("wood", 0, 0), resources={"wood": 1}) == 4  # one laid, one given as a count
    assert shed_negatives(put("wood", 0, 0), put("wood", 0, 1), resources={"wood": 2}) == 3  # never below 0 per row


def test_only_the_space_s_own_resource_fills_it():
    # silver on the wood row is illegal; the score still counts the wood space as empty
    snap = snapshot([home(), shed(put("silver", 0, 0))])
    assert check_snapshot(snap) != []
    assert score(snap).as_json()["uncovered_negatives"]["sh"] == 6


def test_a_track_without_a_value_beyond_keeps_its_last_value_once_covered():
    cells = ((2, 0), (1, 1), (0, 2))
    track = IncomeTrack(name="t", cells=cells, values=(1, 3, 5), beyond=None)
    assert [track_income(track, set(cells[:n])) for n in range(4)] == [1, 3, 5, 5]
    assert track_income(IncomeTrack(name="t", cells=cells, values=(1, 3, 5), beyond=7), set(cells)) == 7


def test_the_json_report_in_full():
    # home: the five cells around the ore bonus (two of them -1 cells); a shed with one wood and one stone
    snap = snapshot([home(*AROUND_THE_ORE_BONUS), shed(put("wood", 0, 0), put("stone", 1, 0))], silver=2)
    assert check_snapshot(snap) == []
    report = score(snap)
    assert [b.board for b in report.boards] == ["home-long", "shed"]
    assert report.as_json() == {
        "total": 8 + 2 - 84 - 4,
        "breakdown": {
            "ships": 0,
            "emigration": 0,
            "explorations": 0,
            "buildings": 8,  # the shed
            "animals": 0,
            "occupations": 0,
            "silver": 2,
            "final_income": 0,  # the first income cell (11, 0) is free
            "english_crown": 0,
            "negatives": -(84 + 4),
            "thing_penalties": 0,
            "misplaced_pairs": 0,
        },
        "income": 0,
        "income_by_board": {"home": {"home-income": 0}},
        "bonuses": [{"board": "home", "row": 5, "col": 0, "rewards": {"ore": 1}}],
        "uncovered_negatives": {"home": 84, "sh": 4},
    }


def test_the_english_crown_counts_once_owned_whether_laid_or_kept():
    kept = snapshot(specials=["english-crown"])
    laid = snapshot([home(put("english-crown", 0, 0))], specials=["english-crown"])
    laid_unlisted = snapshot([home(put("english-crown", 0, 0))])  # the checker objects; the crown still scores
    assert [score(s).breakdown["english_crown"] for s in (snapshot(), kept, laid, laid_unlisted)] == [0, 2, 2, 2]
