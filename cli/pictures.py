"""Pictures of a player's boards and banquet table (SVG or PNG, drawn with matplotlib).

Also holds what the terminal view (cli/show.py) shares with the pictures: which tile covers each
cell, a two-letter code per piece, and a "shade" per tile so that two tiles of the same colour
that touch can always be told apart. matplotlib is imported only when a picture is drawn, so the
terminal view stays quick to start.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from models.boards import BONUS, INCOME, NEGATIVE, NEVER, OUTSIDE, Board, board as board_named
from models.pieces import Cell, piece
from models.rules import BANQUET_COLS, BANQUET_ROWS, banquet_positions, cells_of, edge_neighbours
from models.scoring import bonus_pays, covered_cells
from models.snapshot import BoardEntry, Placement, Snapshot

# --- shared with the terminal view -----------------------------------------------------------

# Two letters per piece, unique, so a text rendering names every tile without a lookup table.
CODES = {
    "peas": "pe", "mead": "me", "oil": "oi", "rune-stone": "rs",
    "flax": "fx", "stockfish": "sf", "hide": "hi", "silverware": "sw",
    "beans": "be", "milk": "mk", "wool": "wl", "chest": "ch",
    "grain": "gr", "salt-meat": "sm", "linen": "li", "silk": "sk",
    "cabbage": "cb", "game-meat": "gm", "skin-and-bones": "sb", "spices": "sp",
    "sheep": "sh", "pregnant-sheep": "ps", "fur": "fu", "jewelry": "jw",
    "fruits": "fr", "whale-meat": "wm", "robe": "ro", "treasure-chest": "tc",
    "cattle": "ca", "pregnant-cattle": "pc", "clothing": "cl", "silver-hoard": "sh",
    "glass-beads": "gb", "helmet": "he", "cloakpin": "cp", "belt": "bt", "crucifix": "cx",
    "drinking-horn": "dh", "amber-figure": "af", "horseshoe": "hs", "gold-brooch": "br",
    "forge-hammer": "fh", "fibula": "fi", "throwing-axe": "ta", "chalice": "cc",
    "round-shield": "rd", "english-crown": "ec",
    "silver": "ag", "ore": "or", "wood": "wo", "stone": "st",
}
CODES["silver-hoard"] = "sv"  # "sh" is the sheep

# Fill colours per piece colour, several shades each: touching tiles of one colour get different ones.
PALETTE = {
    "orange": ("#f5a623", "#d9820b", "#ffc46b", "#b86a00"),
    "red": ("#d0342c", "#a61e17", "#e8716b", "#7f1510"),
    "green": ("#3a9d4a", "#22753a", "#7cc587", "#155226"),
    "blue": ("#2f6fd6", "#1c4ea3", "#73a1ee", "#123878"),
    "silver": ("#d7dbe0", "#b4bac2", "#eceff2", "#9aa1aa"),
    "ore": ("#5f6670", "#474d55", "#7d858f", "#33383e"),
    "wood": ("#8b5a2b", "#6e4420", "#a97a4c", "#523216"),
    "stone": ("#a89c88", "#8d826f", "#c2b8a6", "#736a5a"),
}
DARK_TEXT = {"orange", "silver", "stone"}  # light fills: dark letters read better on them
BOARD_FILL, NEVER_FILL, TABLE_FILL = "#efe4c8", "#4a4a4a", "#d8c3a0"


def tile_code(name: str, shade: int) -> str:
    """The piece's two letters; the letter case follows the shade (AB, ab, Ab, aB), so even the
    plain-text rendering tells touching tiles of one colour apart."""
    a, b = CODES.get(name, name[:2])
    pattern = shade % 4
    return (a.upper() if pattern in (0, 2) else a) + (b.upper() if pattern in (0, 3) else b)


def cell_owners(placements: Sequence[Placement]) -> dict[Cell, int]:
    """Which placement covers each cell (the first one, if an illegal position overlaps)."""
    owners: dict[Cell, int] = {}
    for i, p in enumerate(placements):
        for cell in cells_of(p):
            owners.setdefault(cell, i)
    return owners


def tile_shades(placements: Sequence[Placement]) -> list[int]:
    """A shade per placement, different from every earlier same-colour tile it shares an edge with."""
    owners = cell_owners(placements)
    shades: list[int] = []
    for i, p in enumerate(placements):
        colour = piece(p.piece).colour
        taken = {
            shades[j]
            for cell in cells_of(p)
            for n in edge_neighbours(cell)
            if (j := owners.get(n, i)) < i and piece(placements[j].piece).colour == colour
        }
        shades.append(next(s for s in range(len(placements) + 1) if s not in taken))
    return shades


def resource_cells(board: Board, entry: BoardEntry) -> dict[Cell, str]:
    """On-grid resource spaces filled by the entry's resource counts (a shed: left to right)."""
    out: dict[Cell, str] = {}
    for spaces in board.resource_spaces:
        for cell in spaces.cells[: entry.resources.get(spaces.resource, 0)]:
            out[cell] = spaces.resource
    return out


def income_values(board: Board) -> dict[Cell, int]:
    """The value each income cell shows (the income while it is the first uncovered cell)."""
    return {cell: value for track in board.income for cell, value in zip(track.cells, track.values)}


def banquet_states(snapshot: Snapshot) -> list[str]:
    """Each of the 12 table positions: "emigrated" (a ship), "open" (to be fed) or "closed" (a Viking)."""
    first_open, open_to = banquet_positions(snapshot)
    return ["emigrated" if c < first_open else "open" if c < open_to else "closed" for c in range(BANQUET_COLS)]


def as_placements(items: Iterable[Placement | dict]) -> list[Placement]:
    """Accept placements as models or as plain dicts (what the engines' JSON holds)."""
    return [p if isinstance(p, Placement) else Placement.model_validate(_placement_fields(p)) for p in items]


def _placement_fields(d: dict) -> dict:
    return {k: d[k] for k in ("piece", "row", "col", "rotation", "flip") if k in d}


# --- drawing ---------------------------------------------------------------------------------

CELL = 0.42  # inches per cell: big enough for a two-line label on a 1x1 token


def draw_boards(snapshot: Snapshot, path: str | Path, highlight: set[tuple[str, int]] | None = None,
                numbers: dict[tuple[str, int], int] | None = None) -> None:
    """All the player's boards with their tiles, and the banquet table, into an .svg or .png file.

    `highlight` names (board id, placement index) pairs to outline thickly, e.g. what an engine
    added; `numbers` gives such tiles their number in the laying order (drawn in a circle).
    """
    numbers = numbers or {}
    highlight = (highlight or set()) | set(numbers)
    entries = list(snapshot.player.boards)
    panels = [(e, board_named(e.board)) for e in entries]
    shapes = [(b.rows + (1 if _off_grid_spaces(b) else 0), b.cols) for _, b in panels]
    fig, axes = _figure(shapes + [(BANQUET_ROWS + 1, BANQUET_COLS)])
    for ax, (entry, board) in zip(axes, panels):
        marked = {i for board_id, i in highlight if board_id == entry.id}
        _draw_board(ax, entry, board, marked, {i: n for (board_id, i), n in numbers.items() if board_id == entry.id})
    _draw_table(axes[len(panels)], snapshot, list(snapshot.player.banquet.placements))
    _save(fig, path)


def draw_banquet(snapshot: Snapshot, placements: Iterable[Placement | dict], path: str | Path,
                 numbers: dict[int, int] | None = None) -> None:
    """The banquet table with the given placements (e.g. a feast engine's answer); `numbers` maps
    a placement's index to its number, for the tiles an engine added (outlined and numbered)."""
    fig, axes = _figure([(BANQUET_ROWS + 1, BANQUET_COLS)])
    _draw_table(axes[0], snapshot, as_placements(placements), numbers or {})
    _save(fig, path)


def _figure(shapes: list[tuple[int, int]]):
    """A figure with one panel per (rows, cols), laid out in up to three columns."""
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

    per_row = min(3, len(shapes))
    grid_rows = -(-len(shapes) // per_row)
    widest = max(c for _, c in shapes) + 1
    tallest = max(r for r, _ in shapes) + 3  # a ruler on top, the bonus legend below
    fig = Figure(figsize=(per_row * widest * CELL, grid_rows * tallest * CELL), dpi=100)
    axes = [fig.add_subplot(grid_rows, per_row, i + 1) for i in range(len(shapes))]
    for ax in axes:  # the same limits everywhere: one cell is the same size on every board
        ax.set_xlim(-1.0, widest - 0.8)  # room on the left and on top for the rulers
        ax.set_ylim(tallest - 1.5, -1.0)  # row 0 at the top, as the printed board reads
        ax.set_aspect("equal")
        ax.axis("off")
    fig.subplots_adjust(left=0.01, right=0.99, top=0.95, bottom=0.02, wspace=0.05, hspace=0.15)
    return fig, axes


def _square(ax, cell: Cell, colour: str, **kw) -> None:
    from matplotlib.patches import Rectangle

    r, c = cell
    ax.add_patch(Rectangle((c, r), 1, 1, facecolor=colour, edgecolor=kw.pop("edgecolor", "#9c8e70"), lw=kw.pop("lw", 0.4), **kw))


def _draw_board(ax, entry: BoardEntry, board: Board, marked: set[int], numbers: dict[int, int] | None = None) -> None:
    from models.scoring import score_board

    report = score_board(entry)
    ax.set_title(
        f"{entry.id}: {board.name}  (income {report.income}, bonuses {len(report.bonuses)},"
        f" -{report.uncovered_negatives})",
        fontsize=9,
        loc="left",
    )
    _draw_printed_cells(ax, entry, board)
    _rulers(ax, board.rows, board.cols)
    if board.bonuses:
        words = "; ".join(f"★ ({b.cell[0]}, {b.cell[1]}): {' + '.join(f'{n} {item}' for item, n in b.rewards)}"
                          for b in board.bonuses)
        below = board.rows + (1 if _off_grid_spaces(board) else 0) + 0.3
        ax.text(0, below, _wrap_words(words, 6 * board.cols), ha="left", va="top", fontsize=5.5, color="#6b4f00")
    placements = list(entry.placements)
    shades = tile_shades(placements)
    for i, p in enumerate(placements):
        _draw_tile(ax, p, shades[i], thick=i in marked, number=(numbers or {}).get(i))
    for cell, resource in resource_cells(board, entry).items():
        _draw_tile(ax, Placement(piece=resource, row=cell[0], col=cell[1]), 0, thick=False)
    _draw_off_grid_resources(ax, entry, board)


def _draw_printed_cells(ax, entry: BoardEntry, board: Board) -> None:
    """What the board shows where no tile lies: -1 marks, income values, bonus rewards, pillars."""
    covered = covered_cells(board, entry)
    hidden = covered | set(resource_cells(board, entry))  # marks under a tile are not drawn
    values = income_values(board)
    rewards = {b.cell: b for b in board.bonuses}
    for r in range(board.rows):
        for c in range(board.cols):
            letter = board.at((r, c))
            if letter == OUTSIDE:
                continue
            if letter == NEVER:
                _square(ax, (r, c), NEVER_FILL, hatch="xx", edgecolor="#222222")
                continue
            _square(ax, (r, c), BOARD_FILL)
            if (r, c) in hidden:
                continue
            centre = (c + 0.5, r + 0.5)
            if letter == NEGATIVE:
                ax.text(*centre, "−1", ha="center", va="center", fontsize=7, color="#a02020")
            elif letter == INCOME:
                ax.text(*centre, str(values.get((r, c), "")), ha="center", va="center", fontsize=9,
                        fontweight="bold", color="#7a5a00")
            elif letter == BONUS:
                bonus = rewards[(r, c)]
                paid = bonus_pays(board, bonus, covered)
                label = "★\n" + "+".join(CODES.get(item, item[:2]) for item, _ in bonus.rewards)
                ax.text(*centre, label, ha="center", va="center", fontsize=6, linespacing=0.9,
                        color="#0a7a0a" if paid else "#6b4f00", fontweight="bold" if paid else "normal")


def _rulers(ax, rows: int, cols: int) -> None:
    """Column numbers above the grid and row numbers to its left, as snapshots count them."""
    for c in range(cols):
        ax.text(c + 0.5, -0.45, str(c), ha="center", va="center", fontsize=6, color="#5b4636")
    for r in range(rows):
        ax.text(-0.45, r + 0.5, str(r), ha="center", va="center", fontsize=6, color="#5b4636")


def _wrap_words(text: str, width: int) -> str:
    """Break a long legend at "; " so it stays under its own board."""
    lines, line = [], ""
    for part in text.split("; "):
        if line and len(line) + len(part) + 2 > width:
            lines.append(line)
            line = part
        else:
            line = f"{line}; {part}" if line else part
    return "\n".join(lines + [line])


def _draw_tile(ax, p: Placement, shade: int, thick: bool, number: int | None = None) -> None:
    """One tile: its cells filled in its colour, its outline, its name in the middle."""
    info = piece(p.piece)
    shades = PALETTE[info.colour]
    fill = shades[shade % len(shades)]
    cells = cells_of(p)
    for cell in cells:
        _square(ax, cell, fill, edgecolor=fill, lw=0.2)
    edges = _outline(set(cells))
    colour, width = ("#ff00d4", 3.5) if thick else ("#111111", 1.2)
    for (x0, y0), (x1, y1) in edges:
        ax.plot([x0, x1], [y0, y1], color=colour, lw=width, solid_capstyle="round")
    row, col = _label_cell(cells)
    text = p.piece if len(cells) > 2 else CODES.get(p.piece, p.piece[:2])
    ax.text(col + 0.5, row + 0.5, _wrap(text, max(1, _width(cells))), ha="center", va="center",
            fontsize=6, color="#111111" if info.colour in DARK_TEXT else "white")
    if number is not None:  # its place in the laying order, in the tile's top-left cell
        top, left = min(cells)
        ax.text(left + 0.22, top + 0.25, str(number), ha="center", va="center", fontsize=6, fontweight="bold",
                color="#111111", bbox={"boxstyle": "circle,pad=0.15", "fc": "white", "ec": "#ff00d4", "lw": 1})


def _outline(cells: set[Cell]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The unit edges (in x, y) between a tile's cells and the cells outside it."""
    edges = []
    for r, c in sorted(cells):
        if (r - 1, c) not in cells:
            edges.append(((c, r), (c + 1, r)))
        if (r + 1, c) not in cells:
            edges.append(((c, r + 1), (c + 1, r + 1)))
        if (r, c - 1) not in cells:
            edges.append(((c, r), (c, r + 1)))
        if (r, c + 1) not in cells:
            edges.append(((c + 1, r), (c + 1, r + 1)))
    return edges


def _label_cell(cells: list[Cell]) -> tuple[float, float]:
    """Where the name goes: the tile's centre if it is a cell of the tile, else its most central cell."""
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    if len({r for r, _ in cells}) * len({c for _, c in cells}) == len(cells):  # a rectangle
        return mr, mc
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


def _width(cells: list[Cell]) -> int:
    return 1 + max(c for _, c in cells) - min(c for _, c in cells)


def _wrap(name: str, width_cells: int) -> str:
    """Hyphenated names on several lines when the tile is narrow (about 5 letters per cell)."""
    if len(name) <= 5 * width_cells:
        return name
    return name.replace("-", "-\n")


def _off_grid_spaces(board: Board) -> int:
    return sum(s.off_grid for s in board.resource_spaces)


def _draw_off_grid_resources(ax, entry: BoardEntry, board: Board) -> None:
    """A stone house's wood and stone spaces are printed beside its grid: drawn below it."""
    column = 0
    for spaces in board.resource_spaces:
        for k in range(spaces.off_grid):
            cell = (board.rows, column)
            filled = k < entry.resources.get(spaces.resource, 0)
            if filled:
                _draw_tile(ax, Placement(piece=spaces.resource, row=cell[0], col=cell[1]), 0, thick=False)
            else:
                _square(ax, cell, BOARD_FILL, linestyle="--")
                ax.text(cell[1] + 0.5, cell[0] + 0.5, f"{spaces.resource[:2]}\n−1", ha="center", va="center",
                        fontsize=6, color="#a02020")
            column += 1


def _draw_table(ax, snapshot: Snapshot, placements: list[Placement], numbers: dict[int, int] | None = None) -> None:
    """The 12 x 4 banquet area: row 0 is the table's 12 positions, tiles may hang below."""
    states = banquet_states(snapshot)
    open_count = states.count("open")
    ax.set_title(f"banquet table ({snapshot.banquet_board}): {open_count} open, "
                 f"{states.count('emigrated')} emigrated, {states.count('closed')} with a Viking",
                 fontsize=9, loc="left")
    fills = {"open": TABLE_FILL, "emigrated": "#7fa7c9", "closed": "#5b4636"}
    marks = {"open": "open", "emigrated": "ship", "closed": "Viking"}
    fed = {cell for p in placements for cell in cells_of(p)}
    for c, state in enumerate(states):
        _square(ax, (0, c), fills[state], edgecolor="#5b4636", lw=0.8)
        if (0, c) not in fed:  # a tile hides what the position shows
            ax.text(c + 0.5, 0.5, marks[state], ha="center", va="center", fontsize=5,
                    color="#a02020" if state == "open" else "white")
    for r in range(1, BANQUET_ROWS):
        for c in range(BANQUET_COLS):
            _square(ax, (r, c), "#f7f1e3", edgecolor="#e0d5bb", lw=0.3)
    _rulers(ax, BANQUET_ROWS, BANQUET_COLS)
    shades = tile_shades(placements)
    numbers = numbers or {}
    for i, p in enumerate(placements):
        _draw_tile(ax, p, shades[i], thick=i in numbers, number=numbers.get(i))


def _save(fig, path: str | Path) -> None:
    """Write .svg or .png; the same picture always gives the same bytes (fixed ids, no dates)."""
    import matplotlib

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise ValueError(f"picture file must end in .svg or .png, not {path.name!r}")
    metadata = {"Date": None, "Creator": "affo"} if suffix == ".svg" else {"Software": "affo"}
    with matplotlib.rc_context({"svg.hashsalt": "affo", "svg.fonttype": "path", "path.simplify": False}):
        fig.savefig(path, format=suffix[1:], metadata=metadata, bbox_inches="tight", pad_inches=0.1)
