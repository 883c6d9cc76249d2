"""Every bad input is answered: exit 2 and one line naming the JSON path, never a traceback.

The reproducers of a fuzzing campaign are kept in tests/fixtures/fuzz (and any new one found in
../shared/fuzz-cases beside the repository is run too); a property test keeps feeding the CLI
generated JSON values and raw bytes.
"""

import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from cli.app import app

ROOT = Path(__file__).resolve().parent.parent
FUZZ_CASES = ROOT.parent / "shared" / "fuzz-cases"
EXAMPLES = ROOT / "examples"
GOOD = {
    "format": "affo-snapshot/1",
    "game": {"length": "long", "players": 2, "round": 3},
    "player": {
        "silver": 2, "goods": {"mead": 1, "peas": 1},
        "boards": [{"id": "home", "board": "home-long", "placements": [{"piece": "oil", "row": 11, "col": 1}]}],
    },
}
COMMANDS = ["validate", "score", "show"]


def run(*args: str, stdin: bytes | str | None = None):
    return CliRunner().invoke(app, list(args), input=stdin)


def answered(result, allowed=(0, 2)) -> None:
    """An answer, not a crash: a known exit code, no exception, and bad input told in one line."""
    assert result.exit_code in allowed, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    if result.exit_code == 2 and result.stderr:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def one_error(data: object, command: str = "score") -> str:
    result = run(command, "-", stdin=json.dumps(data))
    assert result.exit_code == 2, result.output
    answered(result)
    return result.stderr.strip()


def changed(change) -> dict:
    data = json.loads(json.dumps(GOOD))
    change(data)
    return data


# --- the reproducers ---------------------------------------------------------------------------


# Reproducers kept in the repository, each with the exit code it must give: the legal positions
# (odd but legal board ids) exit 0, everything else 2.
KEPT = ROOT / "tests" / "fixtures" / "fuzz"
LEGAL = {"MarkupError-show-b4813c", "MarkupError-show-f655f4", "UnicodeEncodeError-show-2f5618"}


def kept_cases() -> list[Path]:
    return sorted(KEPT.glob("*.json"))


def new_cases() -> list[Path]:
    """Reproducers beside the repository that are not kept yet (none when the folder is absent)."""
    kept = {p.name for p in kept_cases()}
    return sorted(p for p in FUZZ_CASES.glob("*.json") if p.name not in kept) if FUZZ_CASES.is_dir() else []


def test_the_reproducers_are_kept():
    assert len(kept_cases()) >= 11 and LEGAL <= {p.stem for p in kept_cases()}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", kept_cases(), ids=lambda p: p.stem)
def test_every_kept_reproducer_is_answered(case, command):
    result = run(command, str(case))
    answered(result)
    assert result.exit_code == (0 if case.stem in LEGAL else 2), result.output
    if result.exit_code == 2 and command != "validate":
        assert result.stdout == "" and result.stderr.startswith("error: ") and ": " in result.stderr[7:]
    if result.exit_code == 2 and command == "validate":
        assert result.stdout.startswith("✗ ")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", new_cases() or [pytest.param(None, marks=pytest.mark.skip(reason="no new case in ../shared/fuzz-cases"))],
                         ids=lambda p: p.stem if p else "none")
def test_every_new_reproducer_is_answered(case, command):
    result = run(command, str(case))
    answered(result)
    if result.exit_code == 2 and command != "validate":
        assert result.stdout == ""


def test_emigrating_two_to_the_62_ships_is_refused_at_once():
    start = time.perf_counter()
    for count in (2**62, 2**63, 13, -1, ["knarr"] * 13):
        message = one_error(changed(lambda d: d["player"].update(emigrated=count)))
        assert message == ("error: player.emigrated: from 0 to 12 ships emigrate (each takes a banquet position): "
                           "give a count or a list of ship types")
    assert time.perf_counter() - start < 5


# --- what the messages say ---------------------------------------------------------------------


def test_the_top_level_not_an_object_is_path_dollar():
    for data in ([], 3, "text", None):
        assert one_error(data) == "error: $: Input should be a JSON object"
    assert one_error(changed(lambda d: d["player"].update(goods=[]))) == "error: player.goods: Input should be a JSON object"
    assert one_error(changed(lambda d: d["player"].update(boards={}))) == "error: player.boards: Input should be a JSON array"


def test_no_validator_tags_in_paths():
    message = one_error(changed(lambda d: d["player"].update(emigrated=-1)))
    assert message.startswith("error: player.emigrated: ") and "constrained" not in message
    hand = one_error(changed(lambda d: d["player"].update(occupations={"hand": [[1]]})))
    assert hand.startswith("error: player.occupations.hand[0]: ") and "str" not in hand.split(":")[1]


def test_a_key_with_a_newline_stays_on_one_line():
    message = one_error(changed(lambda d: d["player"]["goods"].update({"pe\nas": 1})))
    assert message.startswith('error: player.goods["pe\\nas"]: unknown goods')


def test_an_unknown_piece_gets_a_suggestion():
    data = changed(lambda d: d["player"]["boards"][0]["placements"][0].update(piece="pea"))
    result = run("validate", "-", stdin=json.dumps(data))
    assert result.exit_code == 2
    assert "player.boards[0].placements[0].piece: unknown piece 'pea'; did you mean 'peas'?" in result.stdout
    assert "affo pieces" in result.stdout
    board = one_error(changed(lambda d: d["player"]["boards"][0].update(board="shetlnd")))
    assert "did you mean 'shetland'?" in board


def test_a_huge_integer_is_refused_by_its_path():
    text = json.dumps(GOOD).replace('"row": 11', '"row": ' + "7" * 5000)
    result = run("validate", "-", "--json", stdin=text)
    assert result.exit_code == 2
    errors = json.loads(result.stdout)["errors"]
    assert [e["path"] for e in errors] == ["player.boards[0].placements[0].row"]
    assert errors[0]["message"] == "an integer of 5000 digits is far beyond anything a game counts"


def test_deep_nesting_is_refused_with_its_path():
    nested: list = []
    deep = changed(lambda d: d["player"].update(occupations={"hand": nested}))
    for _ in range(40):
        nested.append([])
        nested = nested[0]
    assert one_error(deep).startswith("error: player.occupations.hand[0][0]")
    assert one_error(json.loads("[" * 500 + "]" * 500)) == "error: [0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested too deep (a snapshot needs at most 24 levels)"
    assert run("score", "-", stdin="[" * 5000 + "]" * 5000).exit_code == 2


def test_a_file_that_is_not_utf8(tmp_path):
    file = tmp_path / "latin.json"
    file.write_bytes(b'{"format": "affo-snapshot/1", "player": {"boards": [{"id": "h\xe9", "board": "home-long"}]}}')
    for command in COMMANDS:
        result = run(command, str(file))
        answered(result)
        assert result.exit_code == 2 and "not UTF-8" in result.output and "$" in result.output


def test_markup_in_names_prints_as_written():
    data = changed(lambda d: d["player"]["boards"][0].update(id="[/][bold]x[/x]"))
    for command in COMMANDS:
        result = run(command, "-", stdin=json.dumps(data))
        answered(result, allowed=(0,))
    assert "[/][bold]x[/x]" in run("show", "-", stdin=json.dumps(data)).stdout
    bad = one_error(changed(lambda d: d["player"]["goods"].update({"[/]": 1})))
    assert '"[/]"' in bad or "[/]" in bad


def test_a_lone_surrogate_in_a_board_id_prints_escaped():
    text = json.dumps(GOOD).replace('"id": "home"', '"id": "ho\\ud800me"')
    for command in COMMANDS:
        answered(run(command, "-", stdin=text), allowed=(0,))
    assert "\\ud800" in run("show", "-", stdin=text).stdout


def test_no_message_says_at_at():
    cases = [changed(lambda d: d["player"]["boards"][0]["placements"][0].update(row=99)),
             changed(lambda d: d["player"]["boards"][0].update(id="at")), '{"format": ']
    for data in cases:
        result = run("validate", "-", stdin=data if isinstance(data, str) else json.dumps(data))
        assert " at at " not in result.output


def test_score_and_show_warn_about_an_illegal_position():
    path = str(EXAMPLES / "illegal-position.json")
    for command in ("score", "show"):
        result = run(command, path)
        assert result.exit_code == 0 and result.stderr.startswith("warning: this position breaks the rules")
        report = json.loads(run(command, path, "--json").stdout)
        assert report["legal"] is False and report["errors"]
        legal = json.loads(run(command, str(EXAMPLES / "round1-start.json"), "--json").stdout)
        assert legal["legal"] is True and legal["errors"] == []


# --- generated input ---------------------------------------------------------------------------

SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**40), max_value=10**40)
           | st.floats(allow_nan=True) | st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
           | st.sampled_from(["peas", "home-long", "[/]", "knarr", "long", 2**62]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=8) | st.sampled_from(["piece", "row", "col", "id", "board", "placements", "emigrated"]), inner, max_size=4),
    max_leaves=12)
FIELDS = [("player", "silver"), ("player", "goods"), ("player", "emigrated"), ("player", "boards"),
          ("player", "ships"), ("game", "round"), ("game",), ("player",), ("format",), ("player", "specials")]


def replaced(fields: tuple, value: object) -> dict:
    data = json.loads(json.dumps(GOOD))
    here = data
    for key in fields[:-1]:
        here = here[key]
    here[fields[-1]] = value
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(COMMANDS), fields=st.sampled_from(FIELDS), value=VALUES)
def test_generated_json_never_crashes(command, fields, value):
    answered(run(command, "-", stdin=json.dumps(replaced(fields, value))))


@settings(max_examples=40, deadline=None)
@given(command=st.sampled_from(COMMANDS), value=VALUES)
def test_any_json_document_never_crashes(command, value):
    answered(run(command, "-", stdin=json.dumps(value)))


@settings(max_examples=40, deadline=None)
@given(command=st.sampled_from(COMMANDS), raw=st.binary(max_size=64) | st.binary(max_size=16).map(lambda b: json.dumps(GOOD).encode()[:40] + b))
def test_raw_bytes_never_crash(command, raw):
    answered(run(command, "-", stdin=raw))


def test_unknown_names_in_a_round_context_get_suggestions():
    data = changed(lambda d: d.update(round_context={"taken": ["build-shd"], "explorations_available": {"shetlnd": 2},
                                                     "specials_left": ["helmt"]}))
    result = run("validate", "-", stdin=json.dumps(data))
    assert result.exit_code == 2
    assert result.stdout.splitlines()[:3] == [
        "✗ round_context.taken: unknown action space 'build-shd'; did you mean 'build-shed'? (see affo spaces)",
        "✗ round_context.explorations_available: unknown exploration board 'shetlnd'; did you mean 'shetland'? (see affo schema)",
        "✗ round_context.specials_left: unknown special tile 'helmt'; did you mean 'helmet'? (see affo pieces)",
    ]
