"""Entering a position by commands: affo new, lay, lift, add, take, end to end on a file."""

import json

from typer.testing import CliRunner

from cli.app import app
from models.rules import check_snapshot
from models.scoring import score
from models.snapshot import read_snapshot


def run(*args: str):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_new_writes_the_rulebook_starting_position(tmp_path):
    for length, players in (("long", 2), ("short", 4)):
        path = tmp_path / f"{length}.json"
        assert run("new", path, "--length", length, "--players", players).exit_code == 0
        snap = read_snapshot(path)
        assert snap.game.round == 1 and snap.game.players == players and snap.game.length == length
        assert [(e.id, e.board) for e in snap.player.boards] == [("home", f"home-{length}")]
        assert dict(snap.player.goods) == {"mead": 1} and dict(snap.player.weapons) == {"bow": 1, "snare": 1, "spear": 1}
        assert snap.vikings == (6 if length == "long" else 7) and not check_snapshot(snap)
    assert run("new", tmp_path / "long.json").exit_code == 2  # never overwrites by accident


def test_a_game_entered_move_by_move(tmp_path):
    path = tmp_path / "mine.json"
    run("new", path)
    laid = run("lay", path, "home", "oil", 11, 1)
    assert laid.exit_code == 0, laid.output
    assert any(line.startswith("11   0 #1 OI") for line in laid.stdout.splitlines())  # redrawn, new tile marked
    assert run("lay", path, "shetland", "hide", 1, 0).exit_code == 0  # a board name adds that board
    for args in (("silver", 4), ("peas", 2), ("knarr",), ("ore", 1), ("long-sword", 1)):
        assert run("add", path, *args).exit_code == 0
    assert run("take", path, "mead").exit_code == 0
    snap = read_snapshot(path)
    assert snap.player.silver == 4 and dict(snap.player.goods) == {"peas": 2}
    assert [s.type for s in snap.player.ships] == ["knarr"] and snap.player.resources["ore"] == 1
    assert [(e.id, [p.piece for p in e.placements]) for e in snap.player.boards] == [("home", ["oil"]), ("shetland", ["hide"])]
    assert not check_snapshot(snap) and score(snap).breakdown
    assert run("lift", path, "home", 11, 2).exit_code == 0  # any cell of the tile
    assert len(read_snapshot(path).player.boards[0].placements) == 0


def test_a_change_that_breaks_a_rule_is_refused_and_the_file_kept(tmp_path):
    path = tmp_path / "mine.json"
    run("new", path)
    run("lay", path, "home", "oil", 11, 1)
    before = path.read_text()
    result = run("lay", path, "home", "hide", 11, 2)
    assert result.exit_code == 2 and "overlaps" in result.stderr and path.read_text() == before
    assert run("take", path, "mead", 2).exit_code == 2 and path.read_text() == before
    assert "did you mean 'peas'" in run("lay", path, "home", "pea", 0, 0).stderr
    assert "did you mean 'home'" in run("lift", path, "hom", 0, 0).stderr
    assert run("lift", path, "home", 0, 0).exit_code == 2
    forced = run("lay", path, "home", "hide", 11, 2, "--anyway")
    assert forced.exit_code == 0 and forced.stderr.startswith("warning:") and len(read_snapshot(path).player.boards[0].placements) == 2


def test_specials_and_a_round_context_survive_editing(tmp_path):
    path = tmp_path / "mine.json"
    run("new", path)
    data = json.loads(path.read_text())
    data["round_context"] = {"taken": ["build-shed"]}
    path.write_text(json.dumps(data))
    assert run("lay", path, "home", "helmet", 0, 0).exit_code == 0
    data = json.loads(path.read_text())
    assert data["round_context"] == {"taken": ["build-shed"]} and data["player"]["specials"] == ["helmet"]
    assert run("add", path, "helmet").exit_code == 2  # it exists once


def test_the_examples_in_help_work(tmp_path):
    """Every example the entry commands' --help gives runs as written, in order, on a new file."""
    from cli import entry

    path = tmp_path / "mine.json"
    examples = []
    for command in (entry.new, entry.lay, entry.add, entry.take, entry.lift):
        line = next(line for line in command.__doc__.splitlines() if "Example" in line)
        examples += [e.strip().split() for e in line.split(":", 1)[1].split("·")]
    assert len(examples) >= 8
    for words in examples:
        assert words[0] == "affo"
        args = [str(path) if w == "mine.json" else w for w in words[1:]]
        result = run(*args)
        assert result.exit_code == 0, (words, result.output)
    assert not check_snapshot(read_snapshot(path))


def test_markup_in_a_board_id_prints_as_written(tmp_path):
    path = tmp_path / "mine.json"
    run("new", path)
    data = json.loads(path.read_text())
    data["player"]["boards"][0]["id"] = "[/]home[bold]"
    path.write_text(json.dumps(data))
    laid = run("lay", path, "[/]home[bold]", "oil", 11, 1)
    assert laid.exit_code == 0 and "[/]home[bold]" in laid.stdout
    missing = run("lift", path, "[/]nope", 0, 0)
    assert missing.exit_code == 2
    assert missing.stderr == "error: no board '[/]nope' in this snapshot (ids here: [/]home[bold])\n"


def test_occupation_cards_enter_the_hand_by_name(tmp_path):
    path = tmp_path / "mine.json"
    assert run("new", path, "--players", 1, "--card", "trident hunter").exit_code == 0
    assert run("add", path, "FISHERMAN").exit_code == 0
    assert "added 1 Earl" in run("add", path, "earl").stdout
    assert read_snapshot(path).player.occupations.hand == ["Trident Hunter", "Fisherman", "Earl"]
    twice = run("add", path, "fisherman")
    assert twice.exit_code == 2 and "exists once" in twice.output
    assert run("take", path, "Fisherman").exit_code == 0
    assert read_snapshot(path).player.occupations.hand == ["Trident Hunter", "Earl"]
    assert run("take", path, "Fisherman").exit_code == 2  # not in hand any more
    assert run("new", tmp_path / "other.json", "--card", "Tutor").exit_code == 2  # two cards print that name
