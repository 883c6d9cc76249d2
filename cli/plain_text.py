"""Writing what rich would write, without importing rich, where the output is surely plain.

Importing rich and rendering with it is about a sixth of `affo score`'s start (start-up is
measured). When standard output is no terminal and nothing forces colour, rich adds no escape
codes, so its output is plain text that these few functions write alike: a line, and a table in
rich's default box. Whatever they are not sure of (a terminal, a narrow width, text rich might
read as markup or emoji, wide characters, an encoding without box characters, Windows) they leave
to rich, answering None. tests/test_plain_text.py holds them to rich's own rendering.
"""

from __future__ import annotations

import os
import sys

# Text rich prints exactly as written: no markup (`[`), no emoji code (`:name:` needs two colons),
# no character wider or narrower than one cell. (A set, not a regular expression: compiling one
# would cost more than it saves here.)
SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.,()+-:")


def safe(text: str) -> bool:
    return text.count(":") <= 1 and SAFE.issuperset(text)


TOP, HEAD, HEAD_RULE, ROW, FOOT_RULE, BOTTOM = "┏━┳┓", "┃┃┃", "┡━╇┩", "│││", "├─┼┤", "└─┴┘"  # rich's box.HEAVY_HEAD


def may_style(stream: object) -> bool:
    """Whether rich could add escape codes on `stream`: a terminal, or the environment saying to
    treat it as one. Only a stream that is surely plain answers False."""
    if "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ:
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is None or bool(isatty())
    except ValueError:  # a closed stream: leave it to rich
        return True


def width() -> int:
    """The width rich gives a console that is no terminal: a terminal's on any standard stream, else
    80; COLUMNS wins."""
    found = 0
    for descriptor in (0, 1, 2):
        try:
            found = os.get_terminal_size(descriptor).columns
            break
        except (AttributeError, ValueError, OSError):
            pass
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() else found or 80


def plain_stdout() -> bool:
    """Whether standard output takes rich's output as plain text (and the box characters)."""
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    return os.name != "nt" and "rich.console" not in sys.modules and not may_style(sys.stdout) and encoding.startswith("utf")


def lines_fit(lines: list[str]) -> bool:
    """Every line is safe text that rich would neither wrap nor change."""
    limit = width()
    return all(safe(line) and len(line) <= limit for line in lines)


def box_table(title: str, header: list[str], rows: list[list[str]], footer: list[str], right: set[int]) -> list[str] | None:
    """The lines rich prints for a Table with this title, header, rows and footer (columns in
    `right` justified right, the rest left), or None where rich might lay it out otherwise."""
    table = [header, *rows, footer]
    if not all(safe(cell) for row in table for cell in row) or not safe(title):
        return None
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    total = sum(widths) + 3 * len(widths) + 1  # a space either side of each cell, a border between and around
    if total > width() or len(title) > total:
        return None

    def rule(chars: str) -> str:
        left, line, cross, right_end = chars
        return left + cross.join(line * (w + 2) for w in widths) + right_end

    def cells(row: list[str], chars: str) -> str:
        left, between, right_end = chars
        texts = [cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        return left + " " + f" {between} ".join(texts) + " " + right_end

    space = total - len(title)
    return [" " * (space // 2) + title + " " * (space - space // 2), rule(TOP), cells(header, HEAD), rule(HEAD_RULE),
            *(cells(row, ROW) for row in rows), rule(FOOT_RULE), cells(footer, ROW), rule(BOTTOM)]
