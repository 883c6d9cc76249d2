"""affo feast: the CP-SAT table against the rules, a brute force, and the command line."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from models.pieces import piece
from models.rules import banquet_positions, cells_of, check_banquet
from models.snapshot import Placement
from models.values import default_values
from planner.feast import SolverSettings, plan_feast, plan_shortfall
from tests.helpers import put, snapshot

FIXTURES = Path(__file__).parent / "fixtures"
SETTINGS = SolverSettings(time_limit=20, workers=1, seed=0)
VALUES = default_values()


def banquet(*placements, vikings=6, emigrated=0, silver=0, **goods):
    return snapshot(vikings=vikings, emigrated=emigrated, silver=silver, goods=goods, banquet={"placements": list(placements)})


def solve(snap, values=VALUES):
    result = plan_feast(snap, values, SETTINGS)
    assert result.status == "OPTIMAL"
    assert check_banquet(snap, result.existing + result.placements) == []
    return result


def laid(result) -> list[tuple[str, int, int, int]]:
    return [(p.piece, p.row, p.col, p.rotation) for p in result.placements]


# --- the rulebook's worked example ---------------------------------------------------------------


def test_banquet_worked_example():
    # long game, 6 Vikings: positions 0-5 are open
    empty = banquet()
    horizontal, upright = Placement(**put("mead", 0, 0)), Placement(**put("mead", 0, 3, 90))
    assert check_banquet(empty, [horizontal]) == []  # covers positions 0 and 1
    assert "second horizontal mead" in check_banquet(empty, [horizontal, Placement(**put("mead", 0, 3))])[0].message
    assert check_banquet(empty, [horizontal, upright]) == []  # covers 3, hangs onto row 1
    assert (1, 3) in cells_of(upright)
    refused = check_banquet(empty, [horizontal, Placement(**put("mead", 0, 6, 90))])
    assert "still holds a Viking" in refused[0].message
    # finishing with only those two: positions 2, 4, 5 stay empty
    finished = solve(banquet(put("mead", 0, 0), put("mead", 0, 3, 90)))
    assert (finished.penalties, finished.uncovered, finished.placements) == (3, [2, 4, 5], [])


def test_three_meads_leave_two_penalties():
    # red may not touch red, so the best is a flat mead on 0-1 and upright ones on 3 and 5
    result = solve(banquet(mead=3))
    assert laid(result) == [("mead", 0, 0, 0), ("mead", 0, 3, 90), ("mead", 0, 5, 90)]
    assert result.penalties == 2 and result.uncovered == [2, 4]
    assert result.goods_used == {"mead": 3} and result.value_served == 3 * VALUES["mead"]


# --- each rule ---------------------------------------------------------------------------------


def test_emigrated_ships_take_positions_from_the_left():
    result = solve(banquet(vikings=6, emigrated=2, peas=1, mead=2, silver=1))
    assert list(result.table.open_positions) == [2, 3, 4, 5]
    assert all(c >= 2 for p in result.placements for r, c in cells_of(p) if r == 0)
    assert result.penalties == 0


def test_silver_fills_what_food_cannot():
    assert solve(banquet(vikings=3, silver=3)).silver_used == 3
    short = solve(banquet(vikings=3, silver=2))
    assert (short.silver_used, short.penalties) == (2, 1)
    assert short.supply_after == {}


def test_silver_is_cheaper_than_food_when_worth_less():
    # 2 open positions: one mead (value 2) or two coins (value 1 each): tie on value, fewer tiles wins
    assert solve(banquet(vikings=2, silver=2, mead=1)).goods_used == {"mead": 1}
    cheap_silver = VALUES | {"silver": 0.5}
    assert solve(banquet(vikings=2, silver=2, mead=1), cheap_silver).silver_used == 2


def test_a_sheep_and_a_pregnant_sheep_are_one_type_for_the_horizontal_rule():
    result = solve(banquet(vikings=8, sheep=1, **{"pregnant-sheep": 1}))
    flat = [p for p in result.placements if p.rotation in (0, 180)]
    assert len(flat) == 1 and len(result.placements) == 2
    assert result.penalties == 2  # 4 flat + 2 upright, and the two reds may not touch
    beans = solve(banquet(vikings=8, beans=2, milk=2))  # squares are never limited
    assert beans.penalties == 0


def test_orange_never_touches_orange_nor_red_red():
    # peas and beans are both orange: they cannot sit side by side on 4 positions
    assert solve(banquet(vikings=4, peas=1, beans=1)).penalties == 1
    # mead is red: next to orange beans it is fine
    assert solve(banquet(vikings=4, mead=1, beans=1)).penalties == 0


def test_never_ore_nor_green_goods():
    result = solve(snapshot(vikings=3, resources={"ore": 3}, goods={"oil": 2, "hide": 1}))
    assert result.placements == [] and result.penalties == 3


def test_existing_food_stays_and_counts_for_the_horizontal_rule():
    result = solve(banquet(put("peas", 0, 0), vikings=4, peas=1, silver=2))
    assert result.existing == [Placement(**put("peas", 0, 0))]
    # the second peas may not lie flat (that would be a second flat peas): upright on 3, away
    # from the first, and a coin between them (a tie with two coins, broken by the piece order)
    assert laid(result) == [("silver", 0, 2, 0), ("peas", 0, 3, 90)]


def test_the_answer_does_not_depend_on_the_workers():
    rich = {name: 2 for name in ("peas", "mead", "flax", "stockfish", "beans", "grain", "sheep", "cattle")}
    snap = banquet(vikings=12, silver=4, **rich)
    one = plan_feast(snap, VALUES, SolverSettings(workers=1, seed=0))
    four = plan_feast(snap, VALUES, SolverSettings(workers=4, seed=7))
    assert one.placements == four.placements and one.status == four.status == "OPTIMAL"


# --- exhaustive search on small tables -----------------------------------------------------------


def brute_force(snap, values) -> tuple[int, Fraction]:
    """The best (penalties, value served) over every legal table, by enumeration.

    Shares nothing with the planner: legality comes from the rule checker alone. Every banquet
    rule is about one tile or a pair of tiles, so pairwise-compatible sets are the candidates,
    and each new best is confirmed on the checker as a whole.
    """
    supply = {n: k for n, k in snap.player.goods.items() if piece(n).colour in ("orange", "red") and k}
    if snap.player.silver:
        supply["silver"] = snap.player.silver
    singles, seen = [], set()
    for name in supply:
        for rotation in (0, 90, 180, 270):
            for row in range(4):
                for col in range(12):
                    p = Placement(piece=name, row=row, col=col, rotation=rotation)
                    key = (name, frozenset(cells_of(p)))
                    if key not in seen and not check_banquet(snap, [p]):
                        seen.add(key)
                        singles.append(p)
    fits = [[not check_banquet(snap, [a, b]) for b in singles] for a in singles]
    first_open, open_to = banquet_positions(snap)
    price = {name: Fraction(str(values[name])) for name in supply}
    best = [(open_to - first_open, Fraction(0))]

    def evaluate(chosen: list[int]) -> None:
        table = [singles[i] for i in chosen]
        covered = {c for p in table for r, c in cells_of(p) if r == 0}
        score = (sum(1 for c in range(first_open, open_to) if c not in covered), sum(price[p.piece] for p in table))
        if score < best[0] and not check_banquet(snap, table):
            best[0] = score

    def search(start: int, chosen: list[int], used: dict[str, int]) -> None:
        evaluate(chosen)
        for k in range(start, len(singles)):
            name = singles[k].piece
            if used.get(name, 0) < supply[name] and all(fits[k][j] for j in chosen):
                search(k + 1, chosen + [k], used | {name: used.get(name, 0) + 1})

    search(0, [], {})
    return best[0]


FOOD = ["peas", "mead", "flax", "stockfish", "beans", "milk", "grain", "cabbage", "sheep", "pregnant-sheep", "fruits"]


def random_case(rng: random.Random):
    open_positions = rng.randint(3, 6)
    emigrated = rng.choice([0, 0, 1])
    goods = {name: rng.randint(1, 2) for name in rng.sample(FOOD, rng.randint(1, 4))}
    return banquet(vikings=open_positions + emigrated, emigrated=emigrated, silver=rng.randint(0, 2), **goods)


def random_values(rng: random.Random) -> dict[str, float]:
    return VALUES | {name: rng.choice([0, 0.5, 1, 1.25, 2, 3, 7.75, 10]) for name in [*FOOD, "silver"]}


VALUE_TABLES = {
    "default": lambda rng: VALUES,
    "silver dear": lambda rng: VALUES | {"silver": 5},
    "random": random_values,
}


@pytest.mark.parametrize("table", VALUE_TABLES)
@pytest.mark.parametrize("seed", range(20))
def test_optimum_equals_exhaustive_search(table, seed):
    rng = random.Random(1000 * seed + len(table))
    snap, values = random_case(rng), VALUE_TABLES[table](rng)
    result = solve(snap, values)
    assert (result.penalties, result.value_served) == brute_force(snap, values)


# --- shortfall ---------------------------------------------------------------------------------


def test_one_extra_grain_removes_four_penalties():
    # positions 0-4, an upright mead already on 4: orange grain fits 0-3, red salt meat would touch it
    snap = snapshot(vikings=5, goods={"oil": 2}, banquet={"placements": [put("mead", 0, 4, 90)]})
    assert solve(snap).penalties == 4
    extra = plan_shortfall(snap, VALUES, SETTINGS)
    assert extra.extra == {"grain": 1} and extra.penalties == 0
    assert laid(extra) == [("grain", 0, 0, 0)]
    assert check_banquet(snap, extra.existing + extra.placements) == []


def test_shortfall_counts_what_the_supply_already_has():
    extra = plan_shortfall(banquet(vikings=5, silver=3), VALUES, SETTINGS)
    assert sum(extra.extra.values()) == 1 and extra.penalties == 0


# --- the command line ----------------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(app, ["feast", *args])


def test_cli_json_shape():
    out = run(str(FIXTURES / "feast_shortfall_grain.json"), "--json", "--shortfall", "--seed", "0", "--workers", "1")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert {"status", "placements", "penalties", "silver_used", "goods_used", "value_served", "supply_after"} <= set(data)
    assert data["status"] == "OPTIMAL" and data["penalties"] == 4 and data["placements"] == []
    assert data["shortfall"]["extra"] == {"grain": 1} and data["shortfall"]["penalties_after"] == 0
    assert data["shortfall"]["placements"] == [{"piece": "grain", "row": 0, "col": 0, "rotation": 0, "flip": False}]


def test_cli_text_apply_and_values(tmp_path):
    snap_path = tmp_path / "snap.json"
    snap_path.write_text(json.dumps({"format": "affo-snapshot/1", "player": {"vikings": 3, "silver": 4, "goods": {"mead": 1}}}))
    values = tmp_path / "values.json"
    values.write_text(json.dumps({"silver": 0.25}))
    applied = tmp_path / "after.json"
    out = run(str(snap_path), "--values", str(values), "--apply", str(applied))
    assert out.exit_code == 0, out.output
    assert "Thing Penalt" in out.stdout and "value served: 0.75 (3/4)" in out.stdout
    after = json.loads(applied.read_text())["player"]
    assert after["silver"] == 1 and after["goods"] == {"mead": 1} and len(after["banquet"]["placements"]) == 3


def test_cli_values_with_an_unknown_piece_is_bad_input(tmp_path):
    values = tmp_path / "values.json"
    values.write_text(json.dumps({"meat": 2}))
    out = run(str(FIXTURES / "feast_shortfall_grain.json"), "--values", str(values))
    assert out.exit_code == 2 and "meat: unknown piece" in out.output


def test_cli_refuses_a_table_that_already_breaks_the_rules(tmp_path):
    snap_path = tmp_path / "snap.json"
    snap_path.write_text(json.dumps({"format": "affo-snapshot/1", "player": {"vikings": 3, "banquet": {"placements": [put("ore", 0, 0)]}}}))
    out = run(str(snap_path))
    assert out.exit_code == 2 and "ore never goes on the banquet table" in out.output


def test_cli_help_teaches():
    out = CliRunner().invoke(app, ["feast", "--help"])
    assert out.exit_code == 0 and "Thing Penalt" in out.stdout and "--shortfall" in out.stdout


def test_cli_an_answer_the_checker_refuses_is_a_loud_bug(monkeypatch):
    import planner.feast as engine

    real = engine._answer

    def broken(*args):
        result = real(*args)
        result.placements.append(Placement(**put("ore", 0, 11)))
        return result

    monkeypatch.setattr(engine, "_answer", broken)
    out = run(str(FIXTURES / "feast_shortfall_grain.json"), "--json")
    assert out.exit_code == 3 and "BUG" in out.output and out.stdout == ""
