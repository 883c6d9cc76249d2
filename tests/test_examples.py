"""The example positions in examples/: each legal one validates and scores exactly what was
counted by hand from the printed grids (see examples/README.md); the illegal one fails with
exactly the errors it was built to show."""

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Hand counts (examples/README.md explains each number). Categories left out are 0.
HAND_COUNTED = {
    "round1-start": {"negatives": -86},
    "round3-shetland": {"ships": 3, "explorations": 6, "silver": 4, "final_income": 2, "negatives": -101},
    "midgame-long-house": {"ships": 5, "buildings": 17, "animals": 2, "silver": 5, "final_income": 3, "negatives": -84},
    "late-two-explorations": {
        "ships": 11, "emigration": 39, "explorations": 28, "buildings": 10, "animals": 6, "occupations": 4,
        "silver": 7, "final_income": 12, "english_crown": 2, "negatives": -90, "thing_penalties": -3,
    },
    "banquet-ready": {"ships": 3, "emigration": 18, "buildings": 8, "animals": 5, "silver": 4, "final_income": 2, "negatives": -84},
}
TOTALS = {"round1-start": -86, "round3-shetland": -86, "midgame-long-house": -52, "late-two-explorations": 26, "banquet-ready": -44}

ILLEGAL_ERRORS = sorted([
    "player.boards[0].placements[1]",  # green hide touches the green oil
    "player.boards[0].placements[2]",  # mead (red) on the home board
    "player.boards[0].placements[3]",  # silver on income cell (5, 6) with nothing below it
    "player.boards[1].placements[1]",  # milk over the long house's pillar (1, 3)
    "player.boards[1].placements[2]",  # ore in a house
    "player.boards[1].placements[3]",  # the helmet placed a second time
    "player.banquet.placements[1]",    # mead on table position 9, which still holds a Viking
])


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.json")


def test_every_example_exists_and_is_listed_in_the_readme():
    mine = set(TOTALS) | {"illegal-position"}  # other engines add their own files beside these
    assert mine <= {p.stem for p in EXAMPLES.glob("*.json")}
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    assert all(f"{name}.json" in readme for name in mine)


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_the_readme_states_the_score_affo_computes(name):
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    heading = re.search(rf"^## {re.escape(name)}\.json: (.+)$", readme, re.M)
    assert heading, name
    stated = int(heading.group(1).replace("\u2212", "-"))
    assert stated == json.loads(run("score", example(name), "--json").stdout)["total"]


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_legal_example_validates(name):
    result = run("validate", example(name), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"valid": True, "errors": []}


@pytest.mark.parametrize("name", sorted(TOTALS))
def test_legal_example_scores_the_hand_counted_total(name):
    result = run("score", example(name), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["total"] == TOTALS[name]
    nonzero = {k: v for k, v in report["breakdown"].items() if v}
    assert nonzero == HAND_COUNTED[name]


def test_late_game_income_per_board_and_track():
    report = json.loads(run("score", example("late-two-explorations"), "--json").stdout)
    assert report["income_by_board"] == {
        "home": {"home-income": 6},
        "C": {"income": 3},
        "D": {"upper-income": 1, "lower-income": 2},
    }
    assert report["uncovered_negatives"] == {"home": 53, "C": 20, "D": 14, "house-1": 3}
    paid = sorted((b["board"], b["row"], b["col"]) for b in report["bonuses"])
    assert paid == [("C", 4, 0), ("D", 2, 1), ("home", 7, 2), ("house-1", 1, 2)]


def test_paid_bonuses_of_the_smaller_examples():
    def paid(name):
        report = json.loads(run("score", example(name), "--json").stdout)
        return sorted((b["board"], b["row"], b["col"]) for b in report["bonuses"])

    assert paid("round3-shetland") == [("A", 2, 1), ("home", 9, 1)]
    assert paid("midgame-long-house") == [("house-1", 1, 1), ("house-1", 2, 5)]
    assert paid("banquet-ready") == []


def test_illegal_example_fails_with_exactly_the_expected_errors():
    result = run("validate", example("illegal-position"), "--json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["valid"] is False
    assert sorted(e["path"] for e in report["errors"]) == ILLEGAL_ERRORS


def test_illegal_example_messages_name_the_broken_rules():
    errors = json.loads(run("validate", example("illegal-position"), "--json").stdout)["errors"]
    text = "\n".join(e["message"] for e in errors)
    for phrase in ("green touches green", "may never be covered", "ore never goes into a house",
                   "covers income cell (5, 6)", "red pieces (mead) go only into houses",
                   "still holds a Viking", "placed twice"):
        assert phrase in text
