"""cli.plain_text writes exactly what rich writes off a terminal, or declines (None) and leaves it to rich."""

import io

import pytest
from rich.console import Console
from rich.table import Table

from cli import plain_text


def rich_lines(title, header, rows, footer, right, width):
    table = Table(title=title, show_footer=True)
    for i, (name, foot) in enumerate(zip(header, footer)):
        table.add_column(name, footer=foot, justify="right" if i in right else "left")
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    Console(file=out, width=width, highlight=False).print(table)
    return out.getvalue().splitlines()


CASES = [
    ("End-of-game score", ["category", "points"], [["ships", "+3"], ["negatives", "-101"], ["silver", "0"]], ["total", "-86"], {1}),
    ("End-of-game score", ["category", "points"], [["a", "+1234567"]], ["total", "+1234567"], {1}),  # values wider than the header
    ("a title much wider than this table is", ["c", "p"], [["x", "1"]], ["t", "1"], {1}),
    ("T", ["left", "right", "middle"], [["1", "2", "3"], ["four four", "five", "six (6)"]], ["a", "b", "c"], {1}),
    ("x", ["category", "points"], [["a" * 60, "+1"]], ["total", "1"], set()),
]


@pytest.mark.parametrize("width", [80, 40, 20])
@pytest.mark.parametrize("title, header, rows, footer, right", CASES)
def test_a_box_table_is_rich_s_own_or_declined(monkeypatch, width, title, header, rows, footer, right):
    monkeypatch.setenv("COLUMNS", str(width))
    mine = plain_text.box_table(title, header, rows, footer, right)
    if mine is None:  # declined only where rich would wrap something (or the title)
        total = sum(max(len(r[i]) for r in [header, *rows, footer]) + 3 for i in range(len(header))) + 1
        assert total > width or len(title) > total
    else:
        assert mine == rich_lines(title, header, rows, footer, right, width)


@pytest.mark.parametrize("text", ["[bold]x[/]", ":smile: x", "a:b: c", "tab\there", "wide ＡＢ", "é"])
def test_text_rich_might_change_is_left_to_rich(monkeypatch, text):
    monkeypatch.setenv("COLUMNS", "80")
    assert not plain_text.safe(text)
    assert plain_text.box_table("t", ["a", "b"], [[text, "1"]], ["t", "1"], {1}) is None
    assert not plain_text.lines_fit([f"bonus on {text} at (1, 2): 1 mead"])


def test_safe_lines_are_printed_by_rich_as_written(monkeypatch):
    monkeypatch.setenv("COLUMNS", "50")
    lines = ["income now: 2 silver", "bonus on house-1 at (9, 1): 1 mead, 2 wood", "x" * 50]
    assert plain_text.lines_fit(lines)
    out = io.StringIO()
    console = Console(file=out, width=50, highlight=False)
    for line in lines:
        console.print(line)
    assert out.getvalue().splitlines() == lines
    assert plain_text.lines_fit(["x" * 50]) and not plain_text.lines_fit(["x" * 51])


def test_only_a_surely_plain_stream_counts_as_plain(monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    assert not plain_text.may_style(io.StringIO())

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    assert plain_text.may_style(Terminal()) and plain_text.may_style(object())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert plain_text.may_style(io.StringIO())
