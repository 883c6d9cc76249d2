"""Entering a position without writing JSON by hand: affo new, lay, lift, add, take.

Each command edits the snapshot file in place, one change at a time, and checks the result with
the rule checker at once: a change that breaks a rule is refused (exit 2, the file untouched)
with the rule named. `lay` and `lift` redraw the board they change. Everything else in the file
(a `round_context`, keys this version does not know) is kept as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cli.common import BAD_INPUT, console, fail, plain, print_json, summary, warn
from cli.options import JsonOpt
from models.boards import all_boards
from models.occupation_cards import card_named
from models.pieces import all_pieces, piece
from models.snapshot import FORMAT, SnapshotError, did_you_mean, parse_snapshot, read_json

FileArg = Annotated[Path, typer.Argument(help="The snapshot file to change (written back in place).", metavar="SNAPSHOT", dir_okay=False)]
BoardArg = Annotated[str, typer.Argument(help="A board entry's id (home, A, ...), or a board name to add that board.", metavar="BOARD")]
RowArg = Annotated[int, typer.Argument(help="Row of the tile's top-left cell (after turning), from 0 at the top.", metavar="ROW")]
ColArg = Annotated[int, typer.Argument(help="Column of that cell, from 0 at the left.", metavar="COL")]
CountArg = Annotated[int, typer.Argument(min=1, help="How many (default 1).", metavar="COUNT")]
AnywayOpt = Annotated[bool, typer.Option("--anyway", help="Write the change even if the position then breaks a rule "
                                                              "(a warning names it), e.g. to enter tiles out of laying order.")]
ROUND_CONTEXT = "round_context"
SHIPS = ("whaling-boat", "knarr", "longship")
WEAPONS = ("bow", "snare", "spear", "long-sword")
RESOURCES = ("wood", "stone", "ore")


# --- affo new ----------------------------------------------------------------------------------


def starting_position(length: str, players: int) -> dict:
    """Round 1 as the rulebook's setup leaves each player: a home board of the game's length,
    1 mead, a bow, a snare and a spear (the starting occupation card is not modelled)."""
    return {
        "format": FORMAT,
        "game": {"length": length, "players": players, "round": 1},
        "player": {
            "goods": {"mead": 1},
            "weapons": {"bow": 1, "snare": 1, "spear": 1},
            "boards": [{"id": "home", "board": f"home-{length}", "placements": []}],
        },
    }


def new(
    out: Annotated[Path, typer.Argument(help="Where to write the new snapshot.", metavar="OUT.json", dir_okay=False)],
    length: Annotated[str, typer.Option("--length", help="long (7 rounds) or short (6 rounds).")] = "long",
    players: Annotated[int, typer.Option("--players", min=1, max=4, help="Players at the table (1-4).")] = 2,
    force: Annotated[bool, typer.Option("--force", help="Overwrite OUT.json if it exists.")] = False,
    card: Annotated[str | None, typer.Option("--card", help="Your starting occupation card, by name (see affo cards).", metavar="NAME")] = None,
) -> None:
    """Write the standard starting position (round 1) for a game length and player count.

    Then enter the position move by move: `affo lay` and `affo lift` for tiles on boards,
    `affo add` and `affo take` for goods, silver, resources, weapons and ships in supply and
    occupation cards in hand.

    Example:  affo new mine.json --players 3 --card Shepherd
    """
    if length not in ("long", "short"):
        fail(f"--length {length!r}: long or short{did_you_mean(length, ['long', 'short'])}")
    if out.exists() and not force:
        fail(f"{out} exists: choose another name or add --force")
    data = starting_position(length, players)
    if card is not None:
        starting = card_named(card)
        if starting is None:
            fail(f"--card {card!r}: not one occupation card's name (see affo cards {card!r})")
        change_hand(data["player"], starting.name, 1)
    save(out, data)
    console.print(f"wrote {plain(out)}: a {length} game for {players} player(s), round 1")


# --- reading, checking and writing ---------------------------------------------------------------


def read_data(path: Path) -> dict:
    try:
        data = read_json(path)
    except SnapshotError as err:
        fail(summary(err.problems))
    if not isinstance(data, dict):
        fail("$: a snapshot is a JSON object")
    return data


def checked(data: dict, anyway: bool = False) -> None:
    """Exit 2 naming the first problem unless the data is a legal snapshot (with `anyway`, a
    broken rule is only a warning; a malformed snapshot is still refused)."""
    from models.rules import check_snapshot

    snapshot_part = {k: v for k, v in data.items() if k != ROUND_CONTEXT}
    try:
        problems = check_snapshot(parse_snapshot(snapshot_part))
    except SnapshotError as err:
        fail(f"not changed, the result would not be a snapshot: {summary(err.problems)}")
    if problems and anyway:
        warn(f"written, but the position breaks a rule: {summary(problems)}")
    elif problems:
        fail(f"not changed, the result would break a rule: {summary(problems)}")


def save(path: Path, data: dict, anyway: bool = False) -> None:
    checked(data, anyway)
    try:
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}")


def redraw(data: dict, index: int, numbered: int | None) -> None:
    from cli.show import print_board

    snap = parse_snapshot({k: v for k, v in data.items() if k != ROUND_CONTEXT})
    entry = snap.player.boards[index]
    print_board(entry, {numbered: 1} if numbered is not None else None)


# --- affo lay / affo lift ------------------------------------------------------------------------


def board_index(player: dict, name: str, create: bool) -> int:
    """The index of the board entry with this id; a board name adds that board when `create`."""
    boards = player.setdefault("boards", [])
    ids = [b.get("id") for b in boards]
    if name in ids:
        return ids.index(name)
    if create and name in all_boards() and not name.startswith("banquet"):
        boards.append({"id": name, "board": name, "placements": []})
        return len(boards) - 1
    known = [i for i in ids if isinstance(i, str)] + ([b for b in all_boards() if not b.startswith("banquet")] if create else [])
    fail(f"no board {name!r} in this snapshot{did_you_mean(name, known)} (ids here: {', '.join(map(str, ids)) or 'none'})")


def lay(
    snapshot: FileArg,
    board: BoardArg,
    piece_name: Annotated[str, typer.Argument(help="The piece (see affo pieces).", metavar="PIECE")],
    row: RowArg,
    col: ColArg,
    rotation: Annotated[int, typer.Option("--rotation", "-r", help="Clockwise turn: 0, 90, 180 or 270.")] = 0,
    flip: Annotated[bool, typer.Option("--flip", help="Mirror left-right before turning (special tiles).")] = False,
    anyway: AnywayOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Lay one tile on a board, check it at once, and redraw the board.

    The tile is added to the board as it lies on the table (your supply is not changed: a snapshot
    counts what is still in supply). A special tile laid is added to `specials` if missing.

    Examples:  affo lay mine.json home oil 11 1  ·  affo lay mine.json shetland silk 1 4 --rotation 90
    """
    if piece_name not in all_pieces():
        fail(f"unknown piece {piece_name!r}{did_you_mean(piece_name, list(all_pieces()))} (see affo pieces)")
    if rotation not in (0, 90, 180, 270):
        fail(f"--rotation {rotation}: one of 0, 90, 180, 270")
    data = read_data(snapshot)
    player = data.setdefault("player", {})
    index = board_index(player, board, create=True)
    placements = player["boards"][index].setdefault("placements", [])
    placements.append({"piece": piece_name, "row": row, "col": col, "rotation": rotation, "flip": flip})
    if piece(piece_name).kind == "special" and piece_name not in player.get("specials", []):
        player.setdefault("specials", []).append(piece_name)
    save(snapshot, data, anyway)
    if as_json:
        print_json({"board": player["boards"][index]["id"], "placements": placements})
        return
    redraw(data, index, len(placements) - 1)
    console.print(f"laid {piece_name} on {plain(board)} at ({row}, {col}); wrote {plain(snapshot)}")


def lift(
    snapshot: FileArg,
    board: BoardArg,
    row: RowArg,
    col: ColArg,
    anyway: AnywayOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Take the tile covering (ROW, COL) off a board (the inverse of lay), check, and redraw.

    Any cell of the tile will do.

    Example:  affo lift mine.json home 11 2
    """
    data = read_data(snapshot)
    player = data.setdefault("player", {})
    index = board_index(player, board, create=False)
    placements = player["boards"][index].get("placements", [])
    for i, p in enumerate(placements):
        try:
            cells = piece(p["piece"]).cells_at(p["row"], p["col"], p.get("rotation", 0), p.get("flip", False))
        except (KeyError, TypeError, ValueError):
            continue  # a broken placement is validate's to report
        if (row, col) in cells:
            lifted = placements.pop(i)
            break
    else:
        fail(f"no tile covers ({row}, {col}) on {board!r}", BAD_INPUT)
    save(snapshot, data, anyway)
    if as_json:
        print_json({"board": player["boards"][index]["id"], "lifted": lifted, "placements": placements})
        return
    redraw(data, index, None)
    console.print(f"lifted {lifted['piece']} from {plain(board)}; wrote {plain(snapshot)}")


# --- affo add / affo take: the supply --------------------------------------------------------------

ItemArg = Annotated[str, typer.Argument(
    help="silver, a goods name, wood/stone/ore, a weapon (bow, snare, spear, long-sword), a ship "
         "(whaling-boat, knarr, longship), a special tile, or an occupation card by name (into the hand; "
         "see affo cards).", metavar="ITEM")]


def change_supply(player: dict, item: str, delta: int) -> None:
    """Add (delta > 0) or remove items from the player's supply, as the snapshot counts them."""
    if item == "silver":
        player["silver"] = player.get("silver", 0) + delta
    elif item in SHIPS:
        ships = player.setdefault("ships", [])
        for _ in range(delta):
            ships.append({"type": item})
        for _ in range(-delta):
            mine = [i for i, s in enumerate(ships) if isinstance(s, dict) and s.get("type") == item]
            if not mine:
                fail(f"no {item} left in the supply to take")
            ships.pop(mine[-1])
    elif (card := card_named(item)) is not None:
        change_hand(player, card.name, delta)
    elif item in all_pieces() and piece(item).kind == "special":
        specials = player.setdefault("specials", [])
        if (delta > 0) == (item in specials) or abs(delta) != 1:
            fail(f"{item} exists once: it can be added once and taken once")
        specials.append(item) if delta > 0 else specials.remove(item)
    else:
        table = "resources" if item in RESOURCES else "weapons" if item in WEAPONS else "goods"
        if table == "goods" and (item not in all_pieces() or piece(item).kind not in ("good", "animal")):
            names = ["silver", *SHIPS, *WEAPONS, *RESOURCES, *all_pieces()]
            fail(f"unknown item {item!r}{did_you_mean(item, names)} (see affo pieces)")
        counts = player.setdefault(table, {})
        counts[item] = counts.get(item, 0) + delta
        if counts[item] == 0:
            del counts[item]
    if player.get("silver", 0) < 0 or any(n < 0 for t in ("goods", "resources", "weapons") for n in player.get(t, {}).values()):
        fail(f"cannot take {-delta} {item}: the supply holds fewer")


def change_hand(player: dict, name: str, delta: int) -> None:
    """An occupation card into the hand or out of it, by name: each card exists once."""
    hand = player.setdefault("occupations", {}).setdefault("hand", [])
    held = [i for i, c in enumerate(hand) if isinstance(c, str) and getattr(card_named(c), "name", None) == name]
    if abs(delta) != 1 or (delta > 0) == bool(held):
        fail(f"{name} exists once: it can be added to the hand once and taken once")
    hand.append(name) if delta > 0 else hand.pop(held[0])


def supply_command(snapshot: Path, item: str, delta: int, as_json: bool) -> None:
    data = read_data(snapshot)
    player = data.setdefault("player", {})
    change_supply(player, item, delta)
    save(snapshot, data)
    if as_json:
        print_json({key: player.get(key) for key in ("silver", "goods", "resources", "weapons", "ships", "specials", "occupations") if key in player})
        return
    verb = "added" if delta > 0 else "took"
    name = getattr(card_named(item), "name", item)  # a card as the card list spells it
    console.print(f"{verb} {abs(delta)} {name}; wrote {plain(snapshot)}")


def add(snapshot: FileArg, item: ItemArg, count: CountArg = 1, as_json: JsonOpt = False) -> None:
    """Put goods, silver, resources, weapons, a ship or a special tile into the supply, or an occupation card into the hand.

    Examples:  affo add mine.json silver 4  ·  affo add mine.json peas 2  ·  affo add mine.json knarr  ·  affo add mine.json Fisherman
    """
    supply_command(snapshot, item, count, as_json)


def take(snapshot: FileArg, item: ItemArg, count: CountArg = 1, as_json: JsonOpt = False) -> None:
    """Take items out of the supply, or a card out of the hand (the inverse of add).

    Examples:  affo take mine.json mead  ·  affo take mine.json silver 3  ·  affo take mine.json Fisherman
    """
    supply_command(snapshot, item, -count, as_json)
