"""affo show: the player's boards and banquet table, drawn in the terminal (or as a picture).

Every cell is two characters. The text rows (also given by --json) read without colour:

    "  " outside the board        "XX" never coverable        "-1" an uncovered -1 cell
    " ." a plain free cell        " 3" an income cell, its value    "B " a bonus cell ("B!" pays)
    "OI", "oi", "Oi", "oI"        a tile, by the two letters of its piece; the letter case
                                  differs between touching tiles of the same colour
    "#3"                          (place) the top-left cell of the 3rd new tile in laying order
Banquet row 0: "EM" a position taken by an emigrated ship, "VK" one still holding a Viking,
"__" an open position left unfed; rows 1-3 are the area below the table where tiles may hang.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cli.common import console, fail, load, plain, print_json, problems_json, summary, warn
from cli.options import JsonOpt, SnapshotArg
from cli.pictures import (
    DARK_TEXT,
    PALETTE,
    banquet_states,
    cell_owners,
    income_values,
    resource_cells,
    tile_code,
    tile_shades,
)
from models.boards import BONUS, INCOME, NEGATIVE, NEVER, OUTSIDE, Board, board as board_named
from models.pieces import Cell, piece
from models.rules import BANQUET_COLS, BANQUET_ROWS
from models.scoring import BoardScore, bonus_pays, covered_cells, score_board
from models.snapshot import BoardEntry, Placement, Snapshot

# Terminal styles of what is printed on a board (tiles take their colour from cli.pictures.PALETTE).
STYLES = {
    "outside": "",
    "never": "grey70 on grey23",
    "negative": "bold #a02020 on #efe4c8",
    "plain": "#8c7a55 on #efe4c8",
    "income": "bold #7a5a00 on #f6d86b",
    "bonus": "bold #6b4f00 on #cfe8b0",
    "bonus-paid": "bold white on #2e8b2e",
    "emigrated": "bold white on #4f7fa8",
    "closed": "bold white on #5b4636",
    "unfed": "bold #a02020 on #d8c3a0",
    "below": "#b3a27f on #f7f1e3",
}

# The same in the 16 colours every terminal has, where hex shades would round into each other.
# Marks are coloured letters on the terminal's own background and tiles are blocks of colour, so a
# mark never looks like a tile; the 8 tile colours take the 16 backgrounds, two shades each. The
# letters still carry every meaning without colour (NO_COLOR).
STYLES_16 = {
    "outside": "", "plain": "bright_black", "never": "bold white", "negative": "red", "income": "bold yellow",
    "bonus": "bold cyan", "bonus-paid": "bold bright_green",
    "emigrated": "bold blue", "closed": "bold magenta", "unfed": "bold bright_red", "below": "bright_black",
}
TILES_16 = {"orange": ("black on yellow", "black on bright_yellow"), "red": ("bright_white on red", "black on bright_red"),
            "green": ("bright_white on green", "black on bright_green"), "blue": ("bright_white on blue", "black on bright_blue"),
            "silver": ("black on white", "black on bright_white"), "ore": ("bright_white on bright_black", "bright_white on black"),
            "wood": ("bright_white on magenta", "black on bright_magenta"), "stone": ("black on cyan", "black on bright_cyan")}
RULER = "dim"

Cellview = tuple[str, str]  # (two characters, rich style)


def few_colours() -> bool:
    """True in a 16-colour terminal, where hex shades would blur into each other."""
    return console.color_system in ("standard", "windows")


def mark_style(name: str) -> str:
    return (STYLES_16 if few_colours() else STYLES)[name]


# --- one board as text -----------------------------------------------------------------------


def tile_style(name: str, shade: int) -> str:
    colour = piece(name).colour
    if few_colours():
        return "bold " + TILES_16[colour][shade % 2]
    fill = PALETTE[colour][shade % len(PALETTE[colour])]
    return f"bold {'black' if colour in DARK_TEXT else 'white'} on {fill}"


def board_cells(entry: BoardEntry, numbers: dict[int, int] | None = None) -> list[list[Cellview]]:
    """Every cell of one board entry as (text, style), row by row. `numbers` maps a placement's
    index to its number in a laying order: such a new tile is underlined and shows "#n" in its
    top-left cell (three characters from #10 on: the terminal view gives every cell three)."""
    numbers = numbers or {}
    board = board_named(entry.board)
    placements = list(entry.placements)
    owners = cell_owners(placements)
    shades = tile_shades(placements)
    resources = resource_cells(board, entry)
    covered = covered_cells(board, entry)
    values = income_values(board)
    bonuses = {b.cell: b for b in board.bonuses}

    def view(cell: Cell) -> Cellview:
        if cell in owners:
            i = owners[cell]
            return tile_view(placements[i], shades[i], cell, numbers.get(i))
        if cell in resources:
            return tile_code(resources[cell], 0), tile_style(resources[cell], 0)
        return printed_cell(board, cell, covered, values, bonuses)

    return [[view((r, c)) for c in range(board.cols)] for r in range(board.rows)]


def tile_view(p: Placement, shade: int, cell: Cell, number: int | None) -> Cellview:
    """One cell of a tile: its piece's letters; a new tile (one with a `number` in a laying or
    serving order) is underlined and shows "#n" in its top-left cell."""
    code, style = tile_code(p.piece, shade), tile_style(p.piece, shade)
    if number is None:
        return code, style
    first = min(piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip))
    return (f"#{number}" if cell == first else code), style + " underline"


def number_width(numbers: dict[int, int] | None) -> int:
    """Characters per cell: three, four once "#10" must fit."""
    return 4 if numbers and max(numbers.values()) >= 10 else 3


def printed_cell(board: Board, cell: Cell, covered: set[Cell], values: dict, bonuses: dict) -> Cellview:
    """A cell no tile covers, as the board prints it."""
    letter = board.at(cell)
    if letter == OUTSIDE:
        return "  ", mark_style("outside")
    if letter == NEVER:
        return "XX", mark_style("never")
    if letter == NEGATIVE:
        return "-1", mark_style("negative")
    if letter == INCOME:
        return f"{values.get(cell, 0):>2}", mark_style("income")
    if letter == BONUS:
        paid = bonus_pays(board, bonuses[cell], covered)
        return ("B!", mark_style("bonus-paid")) if paid else ("B ", mark_style("bonus"))
    return " .", mark_style("plain")


def text_rows(cells: list[list[Cellview]]) -> list[str]:
    return ["".join(text for text, _ in row) for row in cells]


def styled_rows(cells: list[list[Cellview]], width: int = 3) -> list[Text]:
    """The board with rulers: column numbers on top, row numbers on the left, and every cell
    `width` characters wide, one more than its text, so that no value runs into its neighbour
    ("-1 -1", not "-1-1")."""
    columns = len(cells[0]) if cells else 0
    out = [Text("   " + "".join(f"{c:>{width}}" for c in range(columns)), style=RULER)]
    for r, row in enumerate(cells):
        line = Text()
        line.append(f"{r:>2} ", style=RULER)  # the ruler's own style: a Text(style=) would dim every cell
        for text, style in row:
            line.append(text.rjust(width), style=style or None)
        out.append(line)
    return out


def bonus_words(board: Board) -> str:
    """Every bonus cell of a board and what it pays, in words: "(5, 0) 1 ore; (9, 1) 1 sheep"."""
    return "; ".join(f"({r}, {c}) {' + '.join(f'{n} {item}' for item, n in b.rewards)}"
                     for b in board.bonuses for r, c in [b.cell])


# --- the banquet table as text ---------------------------------------------------------------


def banquet_cells(snapshot: Snapshot, placements: list[Placement], numbers: dict[int, int] | None = None) -> list[list[Cellview]]:
    """The 12 x 4 banquet area: row 0 the table positions, rows 1-3 the space below. `numbers`
    maps a placement's index to its number in the order of serving (as board_cells)."""
    numbers = numbers or {}
    states = banquet_states(snapshot)
    owners = cell_owners(placements)
    shades = tile_shades(placements)
    empty = {"emigrated": ("EM", mark_style("emigrated")), "closed": ("VK", mark_style("closed")), "open": ("__", mark_style("unfed"))}

    def view(r: int, c: int) -> Cellview:
        i = owners.get((r, c))
        if i is not None:
            return tile_view(placements[i], shades[i], (r, c), numbers.get(i))
        return empty[states[c]] if r == 0 else (" .", mark_style("below"))

    return [[view(r, c) for c in range(BANQUET_COLS)] for r in range(BANQUET_ROWS)]


def banquet_json(snapshot: Snapshot) -> dict:
    placements = list(snapshot.player.banquet.placements)
    states = banquet_states(snapshot)
    fed = {c for p in placements for r, c in piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip) if r == 0}
    return {
        "board": snapshot.banquet_board,
        "positions": states,
        "open": states.count("open"),
        "emigrated": states.count("emigrated"),
        "unfed": [c for c, s in enumerate(states) if s == "open" and c not in fed],
        "placements": len(placements),
        "rows": text_rows(banquet_cells(snapshot, placements)),
    }


# --- summaries -------------------------------------------------------------------------------


def resources_note(entry: BoardEntry, board: Board) -> str:
    parts = [
        f"{s.resource} {entry.resources.get(s.resource, 0)}/{s.count}"
        for s in board.resource_spaces
    ]
    return f"; resource spaces {', '.join(parts)}" if parts else ""


def board_summary(entry: BoardEntry, report: BoardScore) -> str:
    board = board_named(entry.board)
    tracks = report.income_by_track
    income = f"{report.income}" + (f" ({', '.join(f'{k} {v}' for k, v in tracks.items())})" if len(tracks) > 1 else "")
    paid = ", ".join(f"{'+'.join(f'{n} {item}' for item, n in b.rewards)} at {b.cell}" for b in report.bonuses)
    return (
        f"income {income if board.income else '-'}; bonuses paid {len(report.bonuses)}"
        + (f" ({paid})" if paid else "")
        + f"; uncovered negatives {report.uncovered_negatives}"
        + resources_note(entry, board)
    )


def board_json(entry: BoardEntry) -> dict:
    report = score_board(entry)
    return {
        "id": entry.id,
        "board": entry.board,
        "rows": text_rows(board_cells(entry)),
        "income": report.income,
        "bonuses_paid": [{"row": b.cell[0], "col": b.cell[1], "rewards": dict(b.rewards)} for b in report.bonuses],
        "uncovered_negatives": report.uncovered_negatives,
    }


def legend(snapshot: Snapshot) -> Table:
    """What the cell marks mean, and the two-letter code of every piece shown."""
    table = Table.grid(padding=(0, 1))
    marks = [
        ("-1", "negative", "-1 while uncovered"), (" 3", "income", "income cell (its value)"),
        ("B ", "bonus", "bonus cell"), ("B!", "bonus-paid", "bonus that pays now"),
        ("XX", "never", "never coverable"), (" .", "plain", "free cell"),
        ("EM", "emigrated", "emigrated ship"), ("VK", "closed", "Viking still on the table"),
        ("__", "unfed", "open position, unfed"),
    ]
    for i in range(0, len(marks), 3):
        table.add_row(*[Text(t, style=mark_style(s)) + Text(f" {d}") for t, s, d in marks[i : i + 3]])
    shown = sorted({p.piece for e in snapshot.player.boards for p in e.placements}
                   | {p.piece for p in snapshot.player.banquet.placements}
                   | {r for e in snapshot.player.boards for r, n in e.resources.items() if n})
    codes = [Text(tile_code(name, 0), style=tile_style(name, 0)) + Text(f" {name}") for name in shown]
    for i in range(0, len(codes), 3):
        table.add_row(*codes[i : i + 3])
    return table


# --- the command -----------------------------------------------------------------------------

def show(
    snapshot: SnapshotArg,
    svg: Annotated[Path | None, typer.Option("--svg", help="Write an SVG picture of the boards and table.", dir_okay=False)] = None,
    png: Annotated[Path | None, typer.Option("--png", help="Write a PNG picture of the boards and table.", dir_okay=False)] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the player's boards and banquet table: tiles in their colours, -1 cells, income,
    bonuses, and a one-line summary per board (income, bonuses paid, uncovered negatives).

    Reading a board: the numbers on top are columns and those on the left rows, counted as a
    snapshot counts them (from 0), so the cell under column 1 in row 11 is `"row": 11, "col": 1`.
    Marks: -1 a -1 cell still uncovered; a number, an income cell and its value; B a bonus cell
    (B! pays now; the line under the board says what each pays); XX never coverable; . free.
    A tile shows its piece's two letters (the legend names them; shapes: affo pieces); touching
    tiles of one colour differ in letter case, so the text alone tells them apart.

    Colours: the printed shades where the terminal has them; in a 16-colour terminal marks become
    coloured letters and tiles blocks of basic colour; with NO_COLOR set the letters say it all.

    Examples:  affo show examples/round3-shetland.json  ·  affo show mine.json --png mine.png
    """
    from models.rules import check_snapshot

    snap = load(snapshot)
    problems = check_snapshot(snap)
    for path, suffix in ((svg, ".svg"), (png, ".png")):
        if path is not None:
            write_picture(snap, path, suffix)
    if as_json:
        print_json({"boards": [board_json(e) for e in snap.player.boards], "banquet": banquet_json(snap),
                    "legal": not problems, "errors": problems_json(problems)})
        return
    if problems:
        warn(f"this position breaks the rules (affo validate lists them all): {summary(problems)}")
    print_terminal(snap)
    for path in (svg, png):
        if path is not None:
            console.print(f"wrote {plain(path)}")


def write_picture(snap: Snapshot, path: Path, suffix: str) -> None:
    from cli.pictures import draw_boards

    if path.suffix.lower() != suffix:
        fail(f"--{suffix[1:]} needs a file name ending in {suffix}, not {path.name!r}")
    try:
        draw_boards(snap, path)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}")


def print_board(entry: BoardEntry, numbers: dict[int, int] | None = None) -> None:
    """One board with rulers, what its bonus cells pay, and its one-line summary."""
    console.print(f"[bold]{plain(entry.id)}[/] ({entry.board})")
    for line in styled_rows(board_cells(entry, numbers), number_width(numbers)):
        console.print(line, no_wrap=True, crop=False)
    board = board_named(entry.board)
    if board.bonuses:
        console.print(f"bonus cells (row, col): {bonus_words(board)}", soft_wrap=True)
    console.print(board_summary(entry, score_board(entry)), soft_wrap=True)


def print_terminal(snap: Snapshot) -> None:
    game = snap.game
    console.print(f"[bold]{game.length} game, round {game.round}[/], {game.players} player(s); "
                  f"{snap.vikings} Vikings, {snap.player.silver} silver")
    for entry in snap.player.boards:
        console.print()
        print_board(entry)
    console.print()
    table = banquet_json(snap)
    console.print(f"[bold]banquet table[/] ({table['board']}): {table['open']} open, "
                  f"{table['emigrated']} emigrated, {table['placements']} tile(s) laid")
    console.print(f"unfed positions (0-11): {', '.join(map(str, table['unfed'])) or 'none'}")
    for line in styled_rows(banquet_cells(snap, list(snap.player.banquet.placements))):
        console.print(line, no_wrap=True, crop=False)
    console.print()
    console.print(legend(snap))
