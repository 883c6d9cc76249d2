"""affo show: the terminal drawing, its --json text rows, and the SVG/PNG pictures."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from cli.pictures import draw_banquet, draw_boards, tile_code, tile_shades
from models.boards import board as board_named
from models.snapshot import Placement, read_snapshot

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MINE = ["round1-start", "round3-shetland", "midgame-long-house", "late-two-explorations", "banquet-ready", "illegal-position"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.json")


def shown(name: str) -> dict:
    result = run("show", example(name), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("name", MINE)
def test_show_draws_every_example_in_the_terminal(name):
    result = run("show", example(name))
    assert result.exit_code == 0, result.output
    assert "banquet table" in result.stdout and "uncovered negatives" in result.stdout


@pytest.mark.parametrize("name", MINE)
def test_json_rows_have_each_boards_shape(name):
    view = shown(name)
    snap = read_snapshot(example(name))
    assert [b["id"] for b in view["boards"]] == [e.id for e in snap.player.boards]
    for entry in view["boards"]:
        printed = board_named(entry["board"])
        assert len(entry["rows"]) == printed.rows
        assert all(len(row) == 2 * printed.cols for row in entry["rows"])
    assert len(view["banquet"]["rows"]) == 4 and all(len(r) == 24 for r in view["banquet"]["rows"])


def test_empty_home_board_rows_show_negatives_income_and_bonuses():
    rows = shown("round1-start")["boards"][0]["rows"]
    assert rows[0] == "-1" * 11 + "15" + " ."
    assert rows[5] == "B " + " ." * 5 + " 5" + "-1" * 5 + "  "
    assert rows[11] == " 0" + " ." * 6 + "-1" + "  " * 5


def test_tiles_show_their_piece_code_and_paid_bonuses_are_marked():
    rows = shown("round3-shetland")["boards"][0]["rows"]
    assert rows[9] == "OR" + "B!" + "AG" + " ." * 4 + "-1" * 5 + "  "  # the mead bonus pays
    assert rows[8].startswith("OIOI")


def test_touching_tiles_of_one_colour_read_differently():
    rows = shown("late-two-explorations")["boards"][0]["rows"]
    assert rows[6][10:14] == "AGag"  # the silvers at (6, 5) and (6, 6) touch
    assert rows[6][:8] == "LILILILI"


def test_banquet_json_knows_open_closed_and_emigrated_positions():
    table = shown("banquet-ready")["banquet"]
    assert table["positions"] == ["emigrated"] + ["open"] * 9 + ["closed"] * 2
    assert table["unfed"] == [8, 9]
    assert table["rows"][0] == "EM" + "MEME" + "PEPE" + "MKMK" + "AG" + "____" + "VKVK"


def test_summary_per_board():
    view = shown("late-two-explorations")
    summary = {b["id"]: (b["income"], len(b["bonuses_paid"]), b["uncovered_negatives"]) for b in view["boards"]}
    assert summary == {"home": (6, 1, 53), "C": (3, 1, 20), "D": (3, 1, 14), "house-1": (0, 1, 3)}


def test_svg_is_well_formed(tmp_path):
    path = tmp_path / "late.svg"
    result = run("show", example("late-two-explorations"), "--svg", str(path))
    assert result.exit_code == 0, result.output
    assert ET.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"


def test_png_has_the_png_signature(tmp_path):
    path = tmp_path / "bq.png"
    assert run("show", example("banquet-ready"), "--png", str(path)).exit_code == 0
    assert path.read_bytes()[:8] == PNG_SIGNATURE


def test_json_and_a_picture_together_keep_stdout_pure_json(tmp_path):
    result = run("show", example("round1-start"), "--json", "--svg", str(tmp_path / "a.svg"))
    assert result.exit_code == 0 and json.loads(result.stdout)["boards"][0]["id"] == "home"


def test_same_snapshot_gives_byte_identical_svgs(tmp_path):
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    run("show", example("midgame-long-house"), "--svg", str(a))
    run("show", example("midgame-long-house"), "--svg", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_wrong_picture_suffix_is_bad_input(tmp_path):
    result = run("show", example("round1-start"), "--svg", str(tmp_path / "a.png"))
    assert result.exit_code == 2 and not (tmp_path / "a.png").exists()


def test_draw_boards_highlight_changes_the_picture(tmp_path):
    snap = read_snapshot(example("round3-shetland"))
    plain, marked = tmp_path / "plain.svg", tmp_path / "marked.svg"
    draw_boards(snap, plain)
    draw_boards(snap, marked, highlight={("A", 0)})
    ET.parse(marked)
    assert plain.read_bytes() != marked.read_bytes()


def test_draw_banquet_takes_models_or_dicts(tmp_path):
    snap = read_snapshot(example("banquet-ready"))
    as_dicts = [{"piece": "stockfish", "row": 0, "col": 7, "rotation": 0, "flip": False, "board": "banquet"}]
    draw_banquet(snap, as_dicts, tmp_path / "a.png")
    draw_banquet(snap, [Placement(piece="stockfish", row=0, col=7)], tmp_path / "b.png")
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_shades_differ_only_between_touching_tiles_of_one_colour():
    row = [Placement(piece="oil", row=0, col=0), Placement(piece="oil", row=0, col=2), Placement(piece="rune-stone", row=0, col=4)]
    assert tile_shades(row) == [0, 1, 0]
    assert [tile_code("oil", s) for s in range(4)] == ["OI", "oi", "Oi", "oI"]


def test_terminal_boards_have_rulers_and_cells_that_never_touch():
    out = run("show", example("round1-start")).stdout.splitlines()
    top = out.index("home (home-long)")
    assert out[top + 1].split() == [str(c) for c in range(13)]
    assert out[top + 2].startswith(" 0  -1 -1 -1") and out[top + 2].split()[12] == "15"
    assert out[top + 13].startswith("11 ")
    assert out[top + 14].startswith("bonus cells (row, col): (5, 0) 1 ore;")


def test_sixteen_colour_terminals_get_distinct_styles(monkeypatch):
    """Marks are coloured letters (no background), each its own colour; tiles are blocks of colour,
    the 8 tile colours in two shades taking the 16 basic backgrounds; no hex shade anywhere."""
    from cli import show

    monkeypatch.setattr(show, "few_colours", lambda: True)
    board = ["plain", "never", "negative", "income", "bonus", "bonus-paid"]
    table = ["emigrated", "closed", "unfed", "below"]
    for group in (board, table):
        marks = [show.mark_style(m) for m in group]
        assert len(set(marks)) == len(marks) and not any(" on " in m or "#" in m for m in marks)
    names = ("peas", "mead", "oil", "rune-stone", "silver", "ore", "wood", "stone", "beans", "milk", "hide", "silverware")
    styles = {show.tile_style(name, shade) for name in names for shade in (0, 1)}
    backgrounds = {style.split(" on ")[1] for style in styles}
    assert len(backgrounds) == 16 and not any("#" in s for s in styles)


def test_pictures_carry_rulers_and_bonus_words():
    from cli import pictures

    snap = read_snapshot(example("round1-start"))
    entry = snap.player.boards[0]
    fig, (ax,) = pictures._figure([(12, 13)])
    pictures._draw_board(ax, entry, board_named(entry.board), set())
    texts = [t.get_text() for t in ax.texts]
    positions = {t.get_text(): t.get_position() for t in ax.texts if t.get_position()[1] == -0.45}
    assert [positions[str(c)][0] for c in range(13)] == [c + 0.5 for c in range(13)]  # the column ruler
    assert sum(1 for t in ax.texts if t.get_position()[0] == -0.45) == 12  # the row ruler
    legend = next(t for t in texts if t.startswith("★ (5, 0)"))
    assert "1 ore" in legend and "(10, 5): 1 stone" in legend


def test_only_the_rulers_are_dimmed(monkeypatch):
    """The row ruler's style stays on the ruler: the cells keep their own plain colours."""
    import io

    from rich.console import Console

    from cli import show

    monkeypatch.setattr(show, "few_colours", lambda: True)
    entry = read_snapshot(example("round1-start")).player.boards[0]
    out = io.StringIO()
    terminal = Console(file=out, force_terminal=True, color_system="standard", width=120)
    for row in show.styled_rows(show.board_cells(entry)):
        terminal.print(row)
    lines = out.getvalue().splitlines()
    assert lines[1].startswith("\x1b[2m 0 \x1b[0m\x1b[31m -1\x1b[0m")  # ruler dim, the -1 cell plain red
    assert all("\x1b[2;" not in line for line in lines)
