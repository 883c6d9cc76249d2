"""place and feast draw their answer: the boards after, new tiles numbered in laying order."""

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.app import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PNG = b"\x89PNG\r\n\x1a\n"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_place_draws_the_boards_after_with_numbered_tiles(tmp_path):
    svg, png = tmp_path / "after.svg", tmp_path / "after.png"
    result = run("place", str(EXAMPLES / "place-midgame.json"), "--svg", str(svg), "--png", str(png))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    order = json.loads(run("place", str(EXAMPLES / "place-midgame.json"), "--json").stdout)["order"]
    first = order[0]
    board_at = lines.index(f"{first['board']} (home-long)")
    row = lines[board_at + 2 + first["row"]]
    assert row.split()[1 + first["col"]] == "#1"  # the row number, then one cell per column
    assert f"wrote {svg}" in lines and f"wrote {png}" in lines
    assert svg.read_text().startswith("<?xml") and png.read_bytes().startswith(PNG)
    score_line = next(line for line in lines if line.startswith("score:"))
    assert "income" not in score_line and "objective" not in score_line
    assert any(line.startswith("income:") for line in lines)


def test_place_json_stays_one_object_when_a_picture_is_written(tmp_path):
    result = run("place", str(EXAMPLES / "place-midgame.json"), "--json", "--svg", str(tmp_path / "a.svg"))
    assert result.exit_code == 0 and json.loads(result.stdout)["status"] == "OPTIMAL"
    assert "wrote" in result.stderr


def test_feast_numbers_what_to_serve_and_writes_png(tmp_path):
    png = tmp_path / "table.png"
    result = run("feast", str(EXAMPLES / "feast-round-3.json"), "--png", str(png))
    assert result.exit_code == 0, result.output
    table_row = next(line for line in result.stdout.splitlines() if line.startswith(" 0 "))
    assert table_row.split()[1] == "#1" and "#2" in table_row
    assert table_row.split()[1:] == ["#1", "PE", "#2", "ME", "#3", "FX", "FX", "#4", "VK", "VK", "VK", "VK"]  # as affo show draws it
    lines = result.stdout.splitlines()
    assert lines[lines.index(table_row) - 1].split() == [str(c) for c in range(12)]  # the column ruler
    assert f"wrote {png}" in result.stdout and png.read_bytes().startswith(PNG)
    assert any(line == "Thing Penalties: 0" for line in result.stdout.splitlines())
    assert run("feast", str(EXAMPLES / "feast-round-3.json"), "--png", str(tmp_path / "t.svg")).exit_code == 2
