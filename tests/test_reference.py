"""affo pieces, affo spaces and affo cards: the game's tiles, the 61 action spaces and the 190 occupation cards, for people and scripts."""

import json

from typer.testing import CliRunner

from cli.app import app
from models.pieces import all_pieces


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_pieces_json_lists_every_piece_with_its_cells():
    listed = json.loads(run("pieces", "--json").stdout)["pieces"]
    assert [p["name"] for p in listed] == list(all_pieces())
    by_name = {p["name"]: p for p in listed}
    assert by_name["peas"]["cells"] == [[0, 0], [0, 1]] and by_name["peas"]["upgrades_to"] == "mead"
    assert by_name["cattle"]["width"] == 4 and by_name["cattle"]["height"] == 3 and len(by_name["cattle"]["cells"]) == 12
    assert by_name["english-crown"]["cells"][:3] == [[0, 0], [0, 2], [0, 4]] and by_name["english-crown"]["area"] == 13
    assert by_name["silver"]["cells"] == [[0, 0]] and by_name["rune-stone"]["upgrades_to"] is None


def test_pieces_draw_shapes_and_filter():
    out = run("pieces", "beans").stdout
    assert out.splitlines()[:3] == ["beans (orange): good, 2x2, upgrades to milk", "    ████", "    ████"]
    blue = json.loads(run("pieces", "--colour", "blue", "--json").stdout)["pieces"]
    assert blue and all(p["colour"] == "blue" for p in blue)


def test_unknown_names_get_a_suggestion():
    result = run("pieces", "pea")
    assert result.exit_code == 2 and "did you mean 'peas'?" in result.stderr
    result = run("spaces", "build-shedd")
    assert result.exit_code == 2 and "did you mean 'build-shed'?" in result.stderr
    assert run("pieces", "--colour", "blu").exit_code == 2


def test_spaces_json_lists_all_61():
    listed = json.loads(run("spaces", "--json").stdout)["spaces"]
    assert len(listed) == 61 and len({s["id"] for s in listed}) == 61
    shed = next(s for s in listed if s["id"] == "build-shed")
    assert shed == {"id": "build-shed", "name": "Build a Shed", "group": "Build Houses", "column": 1, "vikings": 1,
                    "cost": "2 wood", "effect": "needs shed-in-supply; gain 1 shed"}
    assert sorted({s["column"] for s in listed}) == [1, 2, 3, 4]
    assert all(s["effect"] != "-" for s in listed)


def test_spaces_by_column_and_help_links_the_reference():
    four = json.loads(run("spaces", "--column", "4", "--json").stdout)["spaces"]
    assert four and all(s["column"] == 4 for s in four)
    top = run("--help").stdout
    assert "affo pieces" in top and "affo spaces" in top


def test_cards_lists_every_occupation_and_the_effects_affo_applies():
    every = json.loads(run("cards", "--json").stdout)["cards"]
    assert len(every) == 190 and sum(c["starting"] for c in every) == 45
    modelled = json.loads(run("cards", "--modelled", "--json").stdout)["cards"]
    assert len(modelled) == 64 and all(c["effect_modelled"] for c in modelled)
    (fisherman,) = json.loads(run("cards", "FISHERMAN", "--json").stdout)["cards"]
    assert fisherman == {"number": 27, "name": "Fisherman", "deck": "A", "starting": False, "points": 1,
                         "effect_modelled": "1 stockfish per whaling boat"}  # fmt: skip
    (builder,) = json.loads(run("cards", "Longship Builder", "--json").stdout)["cards"]
    assert builder["effect_modelled"] == "may buy 1 longship for, by knarrs, 0+: 8 silver / 1+: 6 silver / 2+: 3 silver / 3+: 1 silver"
    assert "Fisherman" in run("cards", "--modelled").stdout
    (cook,) = json.loads(run("cards", "blubber cook", "--json").stdout)["cards"]
    assert cook["effect_modelled"] == "each time a whaling succeeds: 1 oil"
    (trident,) = json.loads(run("cards", "trident hunter", "--json").stdout)["cards"]
    assert trident["effect_modelled"] == "1 spear; each whaling roll: each spear spent counts 2"


def test_cards_answers_an_unknown_name_with_exit_2_and_lists_both_cards_of_a_shared_one():
    out = run("cards", "fishermn")
    assert out.exit_code == 2 and "did you mean 'Fisherman'" in out.output
    tutors = json.loads(run("cards", "tutor", "--json").stdout)["cards"]  # a name two cards print: both listed
    assert [c["name"] for c in tutors] == ["Tutor", "Tutor"] and len({c["number"] for c in tutors}) == 2
