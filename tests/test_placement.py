"""affo place: the CP-SAT optimum equals an exhaustive search (written here, independently) on
small boards, for every objective; every answer passes the rule checker; the CLI's edges."""

from __future__ import annotations

import functools
import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import models.boards
import models.snapshot
import planner.placement.rewards
from cli.app import app
from planner.placement import place as run_place
from models.boards import Board, Bonus, IncomeTrack
from models.pieces import piece
from models.rules import check_snapshot
from models.scoring import score
from models.snapshot import parse_snapshot, read_snapshot
from models.values import default_values
from planner.placement import Settings

FIXTURES = Path(__file__).parent / "fixtures"
SOLVER = dict(workers=1, seed=7, time_limit=30)

# A trimmed home-board corner: -1 cells, plain cells, one income track along the diagonal, two bonuses.
CORNER = Board(
    name="test-corner",
    kind="home",
    vp=0,
    grid=("NNNI", "NNIN", "BI.N", "I.B."),
    income=(IncomeTrack("income", ((3, 0), (2, 1), (1, 2), (0, 3)), (0, 1, 2, 4), 6),),
    bonuses=(Bonus((2, 0), (("ore", 1),)), Bonus((3, 2), (("mead", 1),))),
)
# Plain cells with -1 cells at the corners: many layouts score alike.
TIES = Board(name="test-ties", kind="home", vp=0, grid=("N..N", "....", "N..N"))
# A home board with no coverable cell, so small cases can test one building alone.
NOWHERE = Board(name="test-nowhere", kind="home", vp=0, grid=("X",))
# The left end of a long house: a pillar, a bonus, -1 cells in a checkerboard.
HOUSE_END = Board(name="test-house-end", kind="house", vp=0, grid=(".N.N", "NBNX", ".N.N"), bonuses=(Bonus((1, 1), (("oil", 1),)),))


# The snapshot format admits only the printed boards' names, so a test board stands in for one:
# every module that looks boards up (rules, scoring, planner) sees the test board under that name.
STAND_INS = {name: replace(b, name=name) for name, b in {"home-short": CORNER, "home-long": NOWHERE, "long-house": HOUSE_END}.items()}


@pytest.fixture
def test_boards(monkeypatch):
    boards = dict(models.boards.all_boards()) | STAND_INS
    for module in (models.boards, planner.placement.rewards):
        monkeypatch.setattr(module, "all_boards", lambda: boards)
    return boards


def snap(boards: list[dict], round: int = 3, final: bool = False, **player) -> models.snapshot.Snapshot:
    game = {"length": "long", "round": round, "final": final}
    return parse_snapshot({"format": "affo-snapshot/1", "game": game, "player": {"boards": boards, **player}})


# --- the exhaustive search, from the rules as the README states them ----------------------------

TAKES = {"home": "green blue silver ore", "exploration": "green blue silver ore", "house": "orange red green blue silver"}
APART = {"home": {"green"}, "exploration": {"green"}, "house": {"orange", "red"}}


def spots(board: Board, name: str) -> list[tuple[frozenset, tuple]]:
    """Every (cells, (row, col, rotation, flip)) where `name` lies inside the board's valid cells."""
    out, seen = [], set()
    if piece(name).colour not in TAKES[board.kind].split():
        return []
    for rotation, flip in itertools.product((0, 90, 180, 270), (False, True)):
        for row, col in itertools.product(range(board.rows), range(board.cols)):
            cells = frozenset(piece(name).cells_at(row, col, rotation, flip))
            if cells <= board.cells and cells not in seen:
                seen.add(cells)
                out.append((cells, (row, col, rotation, flip)))
    return out


def layouts(board: Board, supply: dict[str, int]):
    """Every set of non-overlapping tiles within the supply keeping the colour-contact rule.

    Identical tiles are chosen as combinations of spots (increasing index), so each set once.
    """
    names = sorted(supply)

    def next_name(i: int, laid: list, used: frozenset):
        if i == len(names):
            yield list(laid)
            return
        options = spots(board, names[i])

        def choose(start: int, left: int, used: frozenset):
            yield from next_name(i + 1, laid, used)
            for k in range(start, len(options) if left else 0):
                cells, where = options[k]
                if cells & used or touches(board, names[i], cells, laid):
                    continue
                laid.append((names[i], cells, where))
                yield from choose(k + 1, left - 1, used | cells)
                laid.pop()

        yield from choose(0, supply[names[i]], used)

    yield from next_name(0, [], frozenset())


def touches(board: Board, name: str, cells: frozenset, laid: list) -> bool:
    colour = piece(name).colour
    if colour not in APART[board.kind]:
        return False
    around = {(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))} - cells
    return any(piece(other).colour == colour and around & other_cells for other, other_cells, _ in laid)


def has_order(board: Board, laid: list) -> bool:
    """Lay any tile whose income cells' lower-left regions are already covered, until none is left."""
    covered: set = set()
    left = [cells for _, cells, _ in laid]
    while left:
        ready = [cells for cells in left if all(region_done(board, cell, covered | cells) for cell in cells & board.income_cells)]
        if not ready:
            return False
        covered |= ready[0]
        left.remove(ready[0])
    return True


def region_done(board: Board, cell, covered: set) -> bool:
    r, c = cell
    return all(x in covered or x in board.bonus_cells for x in board.cells if x[0] >= r and x[1] <= c and x != cell)


def terms(board: Board, laid: list, wood_stone: int = 0) -> tuple[int, float, int]:
    """(income, value of paid bonuses, final score gain) of a layout on an empty board."""
    covered = set().union(*(cells for _, cells, _ in laid)) if laid else set()
    income = 0
    for track in board.income:
        value = track.beyond
        for cell, v in zip(track.cells, track.values):
            if cell not in covered:
                value = v
                break
        income += value
    values = default_values()
    bonus = sum(
        values[item] * n
        for b in board.bonuses
        if b.cell not in covered and all(x in covered or x in board.bonus_cells or x not in board.cells for x in ring(b.cell))
        for item, n in b.rewards
    )
    income_before = sum(t.values[0] for t in board.income)
    cost = sum(1 if name == "silver" else piece(name).points for name, _, _ in laid)
    gain = len(covered & board.negatives) + wood_stone + income - income_before - cost
    return income, bonus, gain


def ring(cell):
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


@functools.cache
def every_outcome(board: Board, supply: tuple) -> list[tuple]:
    """terms() of every legal layout (one that has a laying order), computed once per case."""
    return [terms(board, laid) for laid in layouts(board, dict(supply)) if has_order(board, laid)]


def best(board: Board, supply: dict[str, int], key):
    return max(key(t) for t in every_outcome(board, tuple(sorted(supply.items()))))


KEYS = {
    "final": lambda t: t[2],
    "income": lambda t: (t[0], t[1], t[2]),
    "blend": lambda t, n=2: t[2] + n * (t[0] + t[1]),  # blend from an empty board: gains are absolute here
}


def planned_terms(snapshot, objective: str, board_index: int, board: Board):
    report = run_place(snapshot, Settings(objective=objective, rounds_left=2, **SOLVER))
    assert report.result.status == "OPTIMAL"
    assert check_snapshot(report.after) == []
    assert report.score_after.total - report.score_before.total == report.result.final_gain
    laid = [(p.piece, frozenset(piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip)), None) for b, p in report.result.placements if b == board_index]
    return report, laid


# --- small cases against the exhaustive search --------------------------------------------------


@pytest.mark.parametrize("objective", ["final", "income", "blend"])
def test_corner_matches_exhaustive_search(test_boards, objective):
    supply = {"oil": 1, "wool": 1, "rune-stone": 1, "silver": 1}
    s = snap([{"id": "home", "board": "home-short"}], silver=1, goods={"oil": 1, "wool": 1, "rune-stone": 1})
    report, laid = planned_terms(s, objective, 0, CORNER)
    base = terms(CORNER, [])
    key = KEYS[objective]
    if objective == "blend":  # the planner's blend counts income and bonuses gained over the empty board
        key = lambda t: t[2] + 2 * (t[0] - base[0] + t[1] - base[1])  # noqa: E731
    assert key(terms(CORNER, laid)) == best(CORNER, supply, key)


@pytest.mark.parametrize("objective", ["final", "income", "blend"])
def test_house_end_matches_exhaustive_search(test_boards, objective):
    goods = {"peas": 2, "mead": 1, "oil": 1}
    s = snap([{"id": "home", "board": "home-long"}, {"id": "h", "board": "long-house"}], silver=1, goods=goods)
    report, laid = planned_terms(s, objective, 1, HOUSE_END)
    key = KEYS[objective]
    if objective == "blend":
        key = lambda t: t[2] + 2 * t[1]  # noqa: E731  (no income on a house)
    assert key(terms(HOUSE_END, laid)) == best(HOUSE_END, goods | {"silver": 1}, key)


@pytest.mark.parametrize("objective", ["final", "income", "blend"])
def test_the_lp_bound_path_matches_exhaustive_search(test_boards, objective, monkeypatch):
    """The certified LP bound and reduced-cost fixing (used on large models) on the small cases."""
    import planner.lp_bound
    import planner.placement.solve

    params_for, bounds = planner.placement.solve.solver_params, []
    monkeypatch.setattr(planner.placement.solve, "solver_params", lambda s: replace(params_for(s), lp_min_variables=0, min_fixed_share=0.0))
    bound = planner.lp_bound.LpProblem.bound
    monkeypatch.setattr(planner.lp_bound.LpProblem, "bound", lambda problem, *glop: bounds.append(bound(problem, *glop)) or bounds[-1])
    test_corner_matches_exhaustive_search(test_boards, objective)
    test_house_end_matches_exhaustive_search(test_boards, objective)
    assert bounds and all(b is not None for b in bounds)  # the LP path was taken


@pytest.mark.parametrize("objective, share", [("blend", 0.2), ("final", 0.0), ("income", 0.2)])
def test_only_the_final_objectives_windows_get_fixing_rounds_where_the_lp_fixes_little(objective, share, monkeypatch):
    """The blend's solves carry BLEND_ROUNDS_MIN_SHARE (planner.cpsat's `rounds_min_share`), the income's
    INCOME_ROUNDS_MIN_SHARE, the final objective's none."""
    import planner.placement.solve as solve

    real, seen = solve.solve_lexicographic, []
    monkeypatch.setattr(solve, "solve_lexicographic", lambda model, levels, params, *a, **k: seen.append(params.rounds_min_share) or real(model, levels, params, *a, **k))
    run_place(snap([{"id": "home", "board": "home-long"}], goods={"peas": 2, "mead": 1}), Settings(objective=objective))
    assert seen and set(seen) == {share}


@pytest.mark.parametrize("objective, floor", [("blend", (1.0, 2.0)), ("final", (None, None)), ("income", (None, None))])
def test_only_the_blend_gets_a_floor_before_its_whole_level(objective, floor, monkeypatch):
    """The blend's solves carry BLEND_FLOOR_WORK and BLEND_FLOOR_CAP (planner/cpsat_floor.py), the others none."""
    import planner.placement.solve as solve

    real, seen = solve.solve_lexicographic, []
    monkeypatch.setattr(solve, "solve_lexicographic", lambda model, levels, params, *a, **k: seen.append((params.floor_work, params.floor_cap)) or real(model, levels, params, *a, **k))
    run_place(snap([{"id": "home", "board": "home-long"}], goods={"peas": 2, "mead": 1}), Settings(objective=objective))
    assert seen and set(seen) == {floor}


def test_real_long_house_orange_and_red_apart():
    """peas, peas and mead in the long house: exhaustive over every layout of the real board."""
    house = models.boards.board("long-house")
    goods = {"peas": 2, "mead": 1}
    s = snap([{"id": "home", "board": "home-long"}, {"id": "h", "board": "long-house"}], goods=goods)
    report, laid = planned_terms(s, "final", 1, house)
    assert terms(house, laid)[2] == best(house, goods, KEYS["final"])


@pytest.mark.parametrize("objective", ["final", "income", "blend"])
def test_shed_and_stone_house_fill_resource_spaces_at_the_final_placement(test_boards, objective):
    boards = [{"id": "home", "board": "home-long"}, {"id": "s", "board": "shed", "resources": {"wood": 1}}, {"id": "t", "board": "stone-house"}]
    s = snap(boards, round=7, final=True, resources={"wood": 3, "stone": 2})
    report = run_place(s, Settings(objective=objective, **SOLVER))
    # exhaustive: every split of 3 wood and 2 stone over the empty spaces (2+1 wood, 3+1 stone)
    gains = [w1 + w2 + s1 + s2 for w1, w2, s1, s2 in itertools.product(range(3), range(2), range(4), range(2)) if w1 + w2 <= 3 and s1 + s2 <= 2]
    assert report.result.status == "OPTIMAL"
    assert report.result.final_gain == max(gains) == 5
    assert report.score_after.total - report.score_before.total == 5
    assert check_snapshot(report.after) == []


def test_no_wood_or_stone_before_the_final_placement(test_boards):
    boards = [{"id": "home", "board": "home-long"}, {"id": "s", "board": "shed"}]
    report = run_place(snap(boards, round=7, final=False, resources={"wood": 3}), Settings(**SOLVER))
    assert report.result.resources == {} and report.result.placements == []


# --- real boards: the scorer agrees with the model ----------------------------------------------


def test_midgame_gain_equals_score_difference_and_apply_validates(tmp_path):
    out = tmp_path / "after.json"
    result = CliRunner().invoke(app, ["place", str(FIXTURES / "place_mid.json"), "--objective", "final", "--json", "--apply", str(out), "--seed", "7"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["status"] == "OPTIMAL"
    assert data["objective"] == data["score_after"] - data["score_before"]
    assert {p["board"] for p in data["placements"]} <= {"home", "A", "house-1"}
    assert sorted(map(json.dumps, data["order"])) == sorted(map(json.dumps, data["placements"]))
    after = read_snapshot(out)
    assert check_snapshot(after) == []
    assert score(after).total == data["score_after"] and score(after).income == data["income_after"]


def test_keep_holds_pieces_back():
    snapshot = read_snapshot(FIXTURES / "place_mid.json")
    report = run_place(snapshot, Settings(keep={"robe": 1, "silver": 6}, **SOLVER))
    laid = [p.piece for _, p in report.result.placements]
    assert "robe" not in laid and "silver" not in laid
    assert report.after.player.goods["robe"] == 1


def test_keep_more_than_owned_is_bad_input():
    result = CliRunner().invoke(app, ["place", str(FIXTURES / "place_mid.json"), "--keep", "mead=3"])
    assert result.exit_code == 2
    assert "--keep mead=3" in result.output and "only 1 mead" in result.output


def test_nothing_placeable_says_so():
    data = {"format": "affo-snapshot/1", "player": {"goods": {"peas": 2}, "boards": [{"id": "home", "board": "home-long"}]}}
    result = CliRunner().invoke(app, ["place", "-"], input=json.dumps(data))
    assert result.exit_code == 0
    assert "nothing to place" in result.output


# --- the default objective fits the moment of the game --------------------------------------------


def test_round_four_uses_blend_by_default():
    data = json.loads(read_snapshot(FIXTURES / "place_mid.json").model_dump_json())
    data["game"]["round"] = 4
    result = CliRunner().invoke(app, ["place", "-", "--json"], input=json.dumps(data))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["objective_name"] == "blend" and out["rounds_left"] == 3  # rounds 4, 5, 6 pay income (long game)
    assert "income" in out["objective_reason"]


def test_final_placement_uses_final_by_default(test_boards):
    boards = [{"id": "home", "board": "home-long"}, {"id": "s", "board": "shed"}]
    s = snap(boards, round=7, final=True, resources={"wood": 2})
    report = run_place(s, Settings(**SOLVER))
    assert report.result.objective_name == "final" and report.result.rounds_left == 0
    assert "final placement" in report.result.objective_reason


def test_final_flag_chooses_final_before_the_last_round():
    snapshot = read_snapshot(FIXTURES / "place_mid.json")
    choice = planner.placement.choose_objective(snapshot, Settings(final=True))
    assert choice.objective == "final"
    assert planner.placement.choose_objective(snapshot, Settings()).objective == "blend"
    assert planner.placement.choose_objective(snapshot, Settings(objective="income")).reason == "asked for"


# --- same input, same model ---------------------------------------------------------------------

MODEL_FINGERPRINT = """
import hashlib
from models.snapshot import read_snapshot
from models.values import default_values
from planner.placement.candidates import all_candidates, board_states
from planner.placement.model import PlacementModel
from planner.placement.request import placeable_supply
snap = read_snapshot("tests/fixtures/place_mid.json")
supply, states = placeable_supply(snap, {}, False), board_states(snap)
pm = PlacementModel(states, supply, all_candidates(states, supply), False, default_values())
print(hashlib.sha256(str(pm.model.proto).encode()).hexdigest())
"""


def test_the_model_is_the_same_under_any_hash_seed():
    """Iterating a set of strings follows the hash seed; the model (and so the answer) must not."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    prints = {
        subprocess.run([sys.executable, "-c", MODEL_FINGERPRINT], cwd=root, env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True).stdout
        for seed in ("1", "2", "3")
    }
    assert len(prints) == 1


# --- equal optima --------------------------------------------------------------------------------


def lowness(board: Board, laid: list) -> tuple[int, int]:
    """The tie-break as the README states it: fewest cells covered, then each weighing row x width + (width - col)."""
    cells = [cell for _, cells, _ in laid for cell in cells]
    return -len(cells), sum(r * board.cols + (board.cols - c) for r, c in cells)


@pytest.mark.parametrize("objective", ["final", "income", "blend"])
def test_equal_optima_resolve_to_the_lowest_cells(test_boards, objective):
    """Among every optimal layout (exhaustive), the answer covers the fewest, then the lowest, cells, under any solver seed."""
    test_boards["home-short"] = replace(TIES, name="home-short")
    supply = {"oil": 1, "rune-stone": 1, "silver": 1}
    s = snap([{"id": "home", "board": "home-short"}], silver=1, goods={"oil": 1, "rune-stone": 1})
    base = terms(TIES, [])
    key = {"blend": lambda t: t[2] + 2 * (t[0] - base[0] + t[1] - base[1])}.get(objective, KEYS[objective])
    legal = [laid for laid in layouts(TIES, supply) if has_order(TIES, laid)]
    top = max(key(terms(TIES, laid)) for laid in legal)
    optima = [laid for laid in legal if key(terms(TIES, laid)) == top]
    assert len({lowness(TIES, laid) for laid in optima}) > 1  # the tie-break has something to decide
    answers = set()
    for seed in (0, 1, 2):
        report = run_place(s, Settings(objective=objective, rounds_left=2, workers=1, seed=seed, time_limit=30))
        assert (report.result.status, report.result.tie_break) == ("OPTIMAL", "proven")
        laid = [(p.piece, frozenset(piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip)), None) for _, p in report.result.placements]
        assert key(terms(TIES, laid)) == top
        assert lowness(TIES, laid) == max(lowness(TIES, o) for o in optima)
        answers.add(frozenset(cells for _, cells, _ in laid))
    assert len(answers) == 1


def test_a_large_model_skips_the_tie_break_and_keeps_the_objectives_answer(test_boards, monkeypatch):
    """Past TIE_BREAK_MAX_VARIABLES the objective's own answer is returned, said to be so."""
    import planner.placement.solve as solve

    test_boards["home-short"] = replace(TIES, name="home-short")
    s = snap([{"id": "home", "board": "home-short"}], silver=1, goods={"oil": 1, "rune-stone": 1})
    settings = Settings(objective="final", workers=1, seed=0)
    plain = run_place(s, replace(settings, tie_break=False)).result
    monkeypatch.setattr(solve, "TIE_BREAK_MAX_VARIABLES", 1)
    skipped = run_place(s, settings).result
    assert (skipped.status, skipped.tie_break) == ("OPTIMAL", "skipped (large model)")
    assert skipped.placements == plain.placements and skipped.objective == plain.objective


def test_the_progress_shown_is_the_objectives_own_value():
    """CP-SAT counts each level from its low (the blend's lies below 0, income's at the income held):
    the progress shown, like a cut-short bound, is read in the level's own units; the last is the answer."""
    seen = []
    report = run_place(read_snapshot(FIXTURES / "place_mid.json"), Settings(objective="blend"), on_progress=lambda text, v, b, s: seen.append((v, b)))
    assert report.result.status == "OPTIMAL"
    assert seen[-1][0] == report.result.objective == 59
    assert all(v <= 59 <= b for v, b in seen)
