"""The rule checker: is a position legal, and in which order can its tiles be laid?

Independent of every solver: the CP-SAT models in planner/ encode the same rules their own way,
and each of their answers is checked here before it is shown. Every violation is reported, each
with the JSON path of the offending entry and the rule it breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from models.boards import NEVER, OUTSIDE, Board, board as board_named
from models.data_files import load
from models.facts import BANQUET_POSITIONS, BANQUET_ROWS
from models.pieces import Cell, piece
from models.snapshot import BoardEntry, Placement, Problem, Snapshot

# What each kind of board takes (by colour) and which colours may not share an edge there.
ACCEPTS = {
    "home": {"green", "blue", "silver", "ore"},
    "exploration": {"green", "blue", "silver", "ore"},
    "house": {"orange", "red", "green", "blue", "silver"},
    "shed": set(),  # only wood and stone, on its resource spaces
}
NO_TOUCH = {"home": {"green"}, "exploration": {"green"}, "house": {"orange", "red"}, "shed": set()}
BANQUET_ACCEPTS = {"orange", "red", "silver"}
BANQUET_NO_TOUCH = {"orange", "red"}
BANQUET_COLS = BANQUET_POSITIONS


def edge_neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def ring(cell: Cell) -> list[Cell]:
    """The eight cells around a cell."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def cells_of(p: Placement) -> list[Cell]:
    return piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip)


def touching_pairs(placements: Sequence[Placement], colours: set[str]) -> list[tuple[int, int]]:
    """Pairs (i, j) of placements of one of `colours`, the same colour, sharing an edge."""
    owner: dict[Cell, int] = {}
    for i, p in enumerate(placements):
        if piece(p.piece).colour in colours:
            for cell in cells_of(p):
                owner.setdefault(cell, i)
    pairs = set()
    for i, p in enumerate(placements):
        colour = piece(p.piece).colour
        if colour not in colours:
            continue
        for cell in cells_of(p):
            for n in edge_neighbours(cell):
                j = owner.get(n)
                if j is not None and j != i and piece(placements[j].piece).colour == colour:
                    pairs.add((min(i, j), max(i, j)))
    return sorted(pairs)


# --- the income rule -------------------------------------------------------------------------


def income_blockers(board: Board, covered: set[Cell], new_cells: Iterable[Cell]) -> list[Cell]:
    """Income cells among `new_cells` that may not be covered yet.

    An income cell may be covered only when every valid cell to its left, below it and to its
    lower left is covered (by earlier tiles or this one); printed bonus cells count as covered.
    """
    new = set(new_cells)
    done = covered | new | board.bonus_cells
    blocked = []
    for r, c in sorted(new & board.income_cells & board.cells):
        region = (cell for cell in board.cells if cell[0] >= r and cell[1] <= c and cell != (r, c))
        if any(cell not in done for cell in region):
            blocked.append((r, c))
    return blocked


def legal_order(board: Board, placements: Sequence[Placement]) -> list[int] | None:
    """An order in which the placements can be laid one by one, or None if there is none.

    Covering more never forbids a later tile, so laying any tile that is allowed now can never
    spoil the order: if this greedy search gets stuck, no order exists.
    """
    covered: set[Cell] = set()
    remaining = list(range(len(placements)))
    order: list[int] = []
    while remaining:
        ready = next((i for i in remaining if not income_blockers(board, covered, cells_of(placements[i]))), None)
        if ready is None:
            return None
        covered |= set(cells_of(placements[ready]))
        order.append(ready)
        remaining.remove(ready)
    return order


# --- one board -------------------------------------------------------------------------------


def _kind_problem(board: Board, p: Placement) -> str | None:
    colour = piece(p.piece).colour
    if colour in ("wood", "stone"):
        if board.kind == "shed" and all(_is_resource_space(board, colour, cell) for cell in cells_of(p)):
            return None
        return f"{p.piece} goes only on a shed's or stone house's resource spaces (give it as the board's resources)"
    if colour in ACCEPTS[board.kind]:
        return None
    if colour == "ore" and board.kind == "house":
        return "ore never goes into a house"
    if board.kind == "shed":
        return f"a shed takes only wood and stone, not {p.piece}"
    return f"{colour} pieces ({p.piece}) go only into houses, never onto the {board.kind} board {board.name}"


def _is_resource_space(board: Board, resource: str, cell: Cell) -> bool:
    return any(s.resource == resource and cell in s.cells for s in board.resource_spaces)


def _geometry_problems(board: Board, p: Placement) -> list[str]:
    out = []
    for cell in cells_of(p):
        letter = board.at(cell)
        if letter == OUTSIDE:
            out.append(f"{p.piece} covers {cell}, outside the board {board.name}")
        elif letter == NEVER:
            out.append(f"{p.piece} covers {cell}, a cell of {board.name} that may never be covered")
    return out


def _overlap_problems(placements: Sequence[Placement]) -> dict[int, list[str]]:
    owner: dict[Cell, int] = {}
    out: dict[int, list[str]] = {}
    for i, p in enumerate(placements):
        for cell in cells_of(p):
            if cell in owner:
                out.setdefault(i, []).append(f"{p.piece} overlaps placements[{owner[cell]}] at {cell}")
            else:
                owner[cell] = i
    return out


def _resource_problems(board: Board, entry: BoardEntry, path: str) -> list[Problem]:
    out = []
    for resource, count in entry.resources.items():
        on_cells = sum(1 for p in entry.placements if p.piece == resource)
        room = board.resource_space_count(resource)
        if count + on_cells > room:
            where = f"{board.name} has {room} {resource} space(s)" if room else f"{board.name} has no {resource} spaces"
            out.append(Problem(f"{path}.resources.{resource}", f"{count + on_cells} {resource} placed but {where}"))
    return out


def check_board(entry: BoardEntry, path: str) -> list[Problem]:
    """Every rule one board's placements break."""
    board = board_named(entry.board)
    problems = _resource_problems(board, entry, path)
    overlaps = _overlap_problems(entry.placements)
    for i, p in enumerate(entry.placements):
        where = f"{path}.placements[{i}]"
        kind = _kind_problem(board, p)
        problems += [Problem(where, m) for m in ([kind] if kind else []) + _geometry_problems(board, p)]
        problems += [Problem(where, m) for m in overlaps.get(i, [])]
    for i, j in touching_pairs(entry.placements, NO_TOUCH[board.kind]):
        colour = piece(entry.placements[i].piece).colour
        problems.append(
            Problem(f"{path}.placements[{j}]", f"{colour} touches {colour} (placements[{i}]) along an edge on {board.name}")
        )
    problems += _order_problems(board, entry.placements, path)
    return problems


def _order_problems(board: Board, placements: Sequence[Placement], path: str) -> list[Problem]:
    if not board.income or legal_order(board, placements) is not None:
        return []
    covered = {cell for p in placements for cell in cells_of(p)}
    out = []
    for i, p in enumerate(placements):
        others = covered - set(cells_of(p))
        for r, c in income_blockers(board, others, cells_of(p)):
            out.append(
                Problem(
                    f"{path}.placements[{i}]",
                    f"{p.piece} covers income cell ({r}, {c}) before every cell to its left and below is covered"
                    " (no order of laying these tiles keeps the income rule)",
                )
            )
    if not out:  # the tiles block one another in a cycle
        out.append(Problem(f"{path}.placements", "no order of laying these tiles keeps the income rule"))
    return out


# --- the banquet table -----------------------------------------------------------------------


def banquet_positions(snapshot: Snapshot) -> tuple[int, int]:
    """(first open position, number of positions that must be fed + emigrated) on row 0."""
    open_to = min(BANQUET_COLS, snapshot.vikings)
    return min(len(snapshot.emigrated_ships), open_to), open_to


def check_banquet(snapshot: Snapshot, placements: Sequence[Placement] | None = None) -> list[Problem]:
    """Every rule the banquet table's placements break (default: the snapshot's own)."""
    placements = snapshot.player.banquet.placements if placements is None else placements
    first_open, open_to = banquet_positions(snapshot)
    problems: list[Problem] = []
    overlaps = _overlap_problems(placements)
    horizontal: dict[str, int] = {}
    for i, p in enumerate(placements):
        where = f"player.banquet.placements[{i}]"
        messages = _banquet_piece_problems(p, first_open, open_to) + overlaps.get(i, [])
        food = piece(p.piece)
        if food.size and not food.is_square and _is_horizontal(p):
            if food.food_type in horizontal:
                messages.append(
                    f"a second horizontal {food.food_type} (first: placements[{horizontal[food.food_type]}]):"
                    " only one tile of each food type may lie horizontally per feast"
                )
            horizontal.setdefault(food.food_type, i)
        problems += [Problem(where, m) for m in messages]
    for i, j in touching_pairs(placements, BANQUET_NO_TOUCH):
        colour = piece(placements[i].piece).colour
        problems.append(Problem(f"player.banquet.placements[{j}]", f"{colour} touches {colour} (placements[{i}]) at the table"))
    return problems


def _is_horizontal(p: Placement) -> bool:
    cells = cells_of(p)
    height = 1 + max(r for r, _ in cells) - min(r for r, _ in cells)
    width = 1 + max(c for _, c in cells) - min(c for _, c in cells)
    return width > height


def _banquet_piece_problems(p: Placement, first_open: int, open_to: int) -> list[str]:
    colour = piece(p.piece).colour
    if colour not in BANQUET_ACCEPTS:
        what = "ore never goes on the banquet table" if colour == "ore" else f"{p.piece} is not food"
        return [f"{what}: only orange and red food and 1-silver coins may be served"]
    out = []
    cells = cells_of(p)
    if any(not (0 <= r < BANQUET_ROWS and 0 <= c < BANQUET_COLS) for r, c in cells):
        out.append(f"{p.piece} overhangs the banquet table ({BANQUET_COLS} x {BANQUET_ROWS} area)")
    for r, c in cells:
        if r == 0 and open_to <= c < BANQUET_COLS:
            out.append(f"{p.piece} covers table position {c}, which still holds a Viking")
        if r == 0 and c < first_open:
            out.append(f"{p.piece} covers table position {c}, taken by an emigrated ship")
    if not any(r == 0 and first_open <= c < open_to for r, c in cells):
        out.append(f"{p.piece} covers no open table position")
    return out


# --- the whole player ------------------------------------------------------------------------


def check_player(snapshot: Snapshot) -> list[Problem]:
    """Rules about what a player owns as a whole (boards, buildings, specials, ships)."""
    player = snapshot.player
    boards = [board_named(e.board) for e in player.boards]
    problems = (
        _board_set_problems(snapshot, boards)
        + _special_problems(snapshot)
        + _ship_problems(snapshot)
        + _occupation_problems(snapshot)
    )
    if len(snapshot.emigrated_ships) > BANQUET_COLS:
        problems.append(Problem("player.emigrated", f"at most {BANQUET_COLS} ships can emigrate: the table has {BANQUET_COLS} positions"))
    return problems


def _board_set_problems(snapshot: Snapshot, boards: list[Board]) -> list[Problem]:
    out = []
    homes = [i for i, b in enumerate(boards) if b.kind == "home"]
    if len(homes) != 1:
        out.append(Problem("player.boards", f"a player has exactly one home board, found {len(homes)}"))
    ids = Counter(e.id for e in snapshot.player.boards)
    out += [Problem("player.boards", f"board id {i!r} is used {n} times") for i, n in ids.items() if n > 1]
    tiles = Counter(b.tile for b in boards if b.tile)
    out += [
        Problem("player.boards", f"exploration board {t} is held {n} times (each of its faces exists once)")
        for t, n in tiles.items()
        if n > 1
    ]
    supply = load("game")["building_supply"]
    built = Counter(b.name for b in boards if b.is_building)
    out += [
        Problem("player.boards", f"{n} {name}s, but the game has only {supply[name]}")
        for name, n in built.items()
        if n > supply[name]
    ]
    return out


def _special_problems(snapshot: Snapshot) -> list[Problem]:
    player = snapshot.player
    out = [
        Problem("player.specials", f"{name} is listed {n} times; each special tile exists once")
        for name, n in Counter(player.specials).items()
        if n > 1
    ]
    placed = Counter()
    for b, entry in enumerate(player.boards):
        for i, p in enumerate(entry.placements):
            if piece(p.piece).kind == "special":
                placed[p.piece] += 1
                if placed[p.piece] > 1:
                    out.append(Problem(f"player.boards[{b}].placements[{i}]", f"{p.piece} is placed twice; it exists once"))
                elif p.piece not in player.specials:
                    out.append(
                        Problem(f"player.boards[{b}].placements[{i}]", f"{p.piece} is placed but not owned (player.specials)")
                    )
    return out


def _occupation_problems(snapshot: Snapshot) -> list[Problem]:
    """A card named more often, in hand and in play together, than the deck prints it (each card exists
    once; Tutor and Spice Merchant are two cards each). Points and names no card has are not counted."""
    from models.occupation_cards import cards_by_name

    held = snapshot.player.occupations
    named = Counter(e.strip().casefold() for e in held.hand + held.played if isinstance(e, str))
    out = []
    for name, n in named.items():
        printed = len(cards_by_name().get(name, ()))
        if printed and n > printed:
            card = cards_by_name()[name][0].name
            copies = "once" if printed == 1 else f"{printed} times"
            out.append(Problem("player.occupations", f"{card} is named {n} times in hand and play; the deck prints it {copies}"))
    return out


def _ship_problems(snapshot: Snapshot) -> list[Problem]:
    ships = load("game")["ships"]
    berths = load("game")["berths"]
    out = []
    count = Counter(ships[s.type]["berths"] for s in snapshot.player.ships)
    for size, n in count.items():
        if n > berths[size]:
            out.append(Problem("player.ships", f"{n} ships need {size} berths, but the bay has only {berths[size]}"))
    for i, s in enumerate(snapshot.player.ships):
        cap = ships[s.type].get("extra_ore")
        if cap is not None and s.ore > cap:
            out.append(Problem(f"player.ships[{i}].ore", f"a {s.type} holds at most {cap} added ore"))
    return out


def check_snapshot(snapshot: Snapshot) -> list[Problem]:
    """Every rule the position breaks: boards, banquet table and the player as a whole."""
    problems = check_player(snapshot)
    for b, entry in enumerate(snapshot.player.boards):
        problems += check_board(entry, f"player.boards[{b}]")
    return problems + check_banquet(snapshot)


@dataclass(frozen=True)
class LayingStep:
    board_id: str
    index: int  # into that board's placements


def laying_order(snapshot: Snapshot) -> list[LayingStep] | None:
    """A legal order to lay every placed tile, board by board; None if some board has none."""
    steps = []
    for entry in snapshot.player.boards:
        order = legal_order(board_named(entry.board), entry.placements)
        if order is None:
            return None
        steps += [LayingStep(entry.id, i) for i in order]
    return steps
