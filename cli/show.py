"""affo show: the player's boards and banquet table, drawn in the terminal (or as a picture).

Every cell is two characters. The text rows (also given by --json) read without colour:

    "  " outside the board        "XX" never coverable        "-1" an uncovered -1 cell
    " ." a plain free cell        " 3" an income cell, its value    "B " a bonus cell ("B!" pays)
    "OI", "oi", "Oi", "oI"        a tile, by the two letters of its piece; the letter case
                                  differs between touching tiles of the same colour
Banquet row 0: "EM" a position taken by an emigrated ship, "VK" one still holding a Viking,
"__" an open position left unfed; rows 1-3 are the area below the table where tiles may hang.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cli.common import JsonOpt, SnapshotArg, console, fail, load, print_json
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

Cellview = tuple[str, str]  # (two characters, rich style)


# --- one board as text -----------------------------------------------------------------------


def tile_style(name: str, shade: int) -> str:
    colour = piece(name).colour
    fill = PALETTE[colour][shade % len(PALETTE[colour])]
    return f"bold {'black' if colour in DARK_TEXT else 'white'} on {fill}"


def board_cells(entry: BoardEntry) -> list[list[Cellview]]:
    """Every cell of one board entry as (text, style), row by row."""
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
            return tile_code(placements[i].piece, shades[i]), tile_style(placements[i].piece, shades[i])
        if cell in resources:
            return tile_code(resources[cell], 0), tile_style(resources[cell], 0)
        return printed_cell(board, cell, covered, values, bonuses)

    return [[view((r, c)) for c in range(board.cols)] for r in range(board.rows)]


def printed_cell(board: Board, cell: Cell, covered: set[Cell], values: dict, bonuses: dict) -> Cellview:
    """A cell no tile covers, as the board prints it."""
    letter = board.at(cell)
    if letter == OUTSIDE:
        return "  ", STYLES["outside"]
    if letter == NEVER:
        return "XX", STYLES["never"]
    if letter == NEGATIVE:
        return "-1", STYLES["negative"]
    if letter == INCOME:
        return f"{values.get(cell, 0):>2}", STYLES["income"]
    if letter == BONUS:
        paid = bonus_pays(board, bonuses[cell], covered)
        return ("B!", STYLES["bonus-paid"]) if paid else ("B ", STYLES["bonus"])
    return " .", STYLES["plain"]


def text_rows(cells: list[list[Cellview]]) -> list[str]:
    return ["".join(text for text, _ in row) for row in cells]


def styled_rows(cells: list[list[Cellview]]) -> list[Text]:
    out = []
    for row in cells:
        line = Text()
        for text, style in row:
            line.append(text, style=style or None)
        out.append(line)
    return out


# --- the banquet table as text ---------------------------------------------------------------


def banquet_cells(snapshot: Snapshot, placements: list[Placement]) -> list[list[Cellview]]:
    """The 12 x 4 banquet area: row 0 the table positions, rows 1-3 the space below."""
    states = banquet_states(snapshot)
    owners = cell_owners(placements)
    shades = tile_shades(placements)
    empty = {"emigrated": ("EM", STYLES["emigrated"]), "closed": ("VK", STYLES["closed"]), "open": ("__", STYLES["unfed"])}

    def view(r: int, c: int) -> Cellview:
        i = owners.get((r, c))
        if i is not None:
            return tile_code(placements[i].piece, shades[i]), tile_style(placements[i].piece, shades[i])
        return empty[states[c]] if r == 0 else (" .", STYLES["below"])

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
        table.add_row(*[Text(t, style=STYLES[s]) + Text(f" {d}") for t, s, d in marks[i : i + 3]])
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

    Every cell is two characters; the letters of a tile are its piece's code (see the legend).
    """
    snap = load(snapshot)
    for path, suffix in ((svg, ".svg"), (png, ".png")):
        if path is not None:
            write_picture(snap, path, suffix)
    if as_json:
        print_json({"boards": [board_json(e) for e in snap.player.boards], "banquet": banquet_json(snap)})
        return
    print_terminal(snap)
    for path in (svg, png):
        if path is not None:
            console.print(f"wrote {path}")


def write_picture(snap: Snapshot, path: Path, suffix: str) -> None:
    from cli.pictures import draw_boards

    if path.suffix.lower() != suffix:
        fail(f"--{suffix[1:]} needs a file name ending in {suffix}, not {path.name!r}")
    try:
        draw_boards(snap, path)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}")


def print_terminal(snap: Snapshot) -> None:
    game = snap.game
    console.print(f"[bold]{game.length} game, round {game.round}[/], {game.players} player(s); "
                  f"{snap.vikings} Vikings, {snap.player.silver} silver")
    for entry in snap.player.boards:
        console.print()
        console.print(f"[bold]{entry.id}[/] ({entry.board})")
        for line in styled_rows(board_cells(entry)):
            console.print(line, no_wrap=True, crop=False)
        console.print(board_summary(entry, score_board(entry)), soft_wrap=True)
    console.print()
    table = banquet_json(snap)
    console.print(f"[bold]banquet table[/] ({table['board']}): {table['open']} open, "
                  f"{table['emigrated']} emigrated, {table['placements']} tile(s) laid")
    console.print(f"unfed positions (0-11): {', '.join(map(str, table['unfed'])) or 'none'}")
    for line in styled_rows(banquet_cells(snap, list(snap.player.banquet.placements))):
        console.print(line, no_wrap=True, crop=False)
    console.print()
    console.print(legend(snap))
