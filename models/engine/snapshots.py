"""Engine states to and from affo-snapshot/1 documents (the rule checker and scorer read these).

`to_snapshot` writes everything a snapshot can say about a state: boards with their placements
in laying order (each board gets a stable id: its name, or name-2, name-3 for a second copy of a
building), the last feast's table when asked, the round and `final` at the end of the game.
`from_snapshot` reads a position into a state at the start of its action phase; what a snapshot
cannot say (the face-down strips, spaces others hold) comes from a round context when given.
"""

from __future__ import annotations

from models.engine.draws import STRIPS
from models.engine.feast import table_placements
from models.engine.state import ACTIONS, BoardState, State, empty_board
from models.engine.tables import BUILDING, BUILDING_SUPPLY, GOOD, GOODS, NO_GOODS, SHIP, SPECIALS, WEAPONS, space_index
from models.engine.geometry import geometry
from models.engine.round_end import LENGTH
from models.actions import SHIPS
from models.boards import board as board_named
from models.facts import vikings_in_round
from models.mountains import strips_in_round
from models.occupation_cards import hand_points
from models.pieces import piece
from models.round_context import RoundContext
from models.round_rules import face_up_explorations
from models.snapshot import Snapshot, parse_snapshot


def board_ids(s: State) -> list[str]:
    ids, seen = [], set()
    for b in s.boards:
        name = "home" if geometry(b.name).kind == "home" else b.name
        new_id, k = name, 2
        while new_id in seen:
            new_id, k = f"{name}-{k}", k + 1
        seen.add(new_id)
        ids.append(new_id)
    return ids


def _board(b: BoardState, board_id: str) -> dict:
    entry = {
        "id": board_id,
        "board": b.name,
        "placements": [{"piece": p, "row": r, "col": c, "rotation": rot, "flip": flip} for p, r, c, rot, flip in b.placements],
    }
    resources = {k: n for k, n in (("wood", b.wood), ("stone", b.stone)) if n}
    if resources:
        entry["resources"] = resources
    return entry


def to_data(s: State, *, table: bool = True, final: bool = False) -> dict:
    """The snapshot document of a state; `table`: show the last feast's table on the banquet."""
    placed_specials = [p[0] for b in s.boards for p in b.placements if piece(p[0]).kind == "special"]
    game = {"length": LENGTH, "players": 1, "round": s.round}
    if final:
        game["final"] = True
    banquet = []
    if table and s.table:
        served, first = s.table
        banquet = table_placements(served, first)
    return {
        "format": "affo-snapshot/1",
        "game": game,
        "player": {
            "vikings": vikings_in_round(s.round, LENGTH),
            "silver": s.silver,
            "resources": {"wood": s.wood, "stone": s.stone, "ore": s.ore},
            "goods": {GOODS[i]: n for i, n in enumerate(s.goods) if n},
            "specials": sorted(list(s.specials) + placed_specials),
            "weapons": {WEAPONS[i]: n for i, n in enumerate(s.weapons) if n},
            "ships": [{"type": SHIPS[t], "ore": o} for t, o in s.ships],
            "emigrated": [SHIPS[t] for t, n in enumerate(s.emigrated) for _ in range(n)],
            "thing_penalties": s.thing_penalties,
            "occupations": {"hand": list(s.hand), "played_points": s.occupation_points},
            "boards": [_board(b, i) for b, i in zip(s.boards, board_ids(s))],
            "banquet": {"placements": banquet},
        },
    }


def to_snapshot(s: State, *, table: bool = True, final: bool = False) -> Snapshot:
    return parse_snapshot(to_data(s, table=table, final=final))


# --- from a snapshot --------------------------------------------------------------------------


def _board_state(entry) -> BoardState:
    g = geometry(entry.board)
    b = empty_board(entry.board)
    masks = {"orange": 0, "red": 0, "green": 0}
    covered = 0
    for p in entry.placements:
        m = 0
        for r, c in piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip):
            m |= 1 << (r * g.cols + c)
        covered |= m
        colour = piece(p.piece).colour
        if colour in masks:
            masks[colour] |= m
    placements = tuple((p.piece, p.row, p.col, p.rotation, p.flip) for p in entry.placements)
    return b._replace(covered=covered, placements=placements, wood=entry.resources.get("wood", 0),
                      stone=entry.resources.get("stone", 0), **masks)  # fmt: skip


def from_snapshot(snap: Snapshot, context: RoundContext | None = None) -> State:
    """The state at the start of the snapshot's action phase (solo rules)."""
    ctx = context or RoundContext()
    p = snap.player
    goods = list(NO_GOODS)
    for name, n in p.goods.items():
        goods[GOOD[name]] = n
    boards = tuple(_board_state(e) for e in p.boards)
    placed = {x[0] for b in boards for x in b.placements}
    held_tiles = {board_named(b.name).tile for b in boards if board_named(b.name).tile}
    built = [sum(1 for b in boards if b.name == name) for name in BUILDING]
    explorations = ctx.explorations_available
    if explorations is None:
        explorations = face_up_explorations(snap.game.round, snap.game.length, held_tiles)
    strips = ctx.mountains if ctx.mountains is not None else strips_in_round(snap.game.round, 1)  # unknown: seed 0's
    mountains = tuple(sorted(tuple(x) for x in strips if x))
    pile = list(range(len(STRIPS)))
    for strip in mountains:
        i = next((i for i in pile if STRIPS[i] == strip), None)
        if i is not None:
            pile.remove(i)
    idx = space_index()
    emigrated = [0] * len(SHIP)
    for t in snap.emigrated_ships:
        emigrated[SHIP[t]] += 1
    return State(
        round=snap.game.round, stage=ACTIONS, pending=(), vikings_left=ctx.vikings_left if ctx.vikings_left is not None else snap.vikings,
        silver=p.silver, wood=p.resources.get("wood", 0), stone=p.resources.get("stone", 0), ore=p.resources.get("ore", 0),
        goods=tuple(goods), weapons=tuple(p.weapons.get(w, 0) for w in WEAPONS),
        ships=tuple(sorted((SHIP[x.type], x.ore) for x in p.ships)), emigrated=tuple(emigrated),
        specials=tuple(sorted(set(p.specials) - placed)),
        specials_left=tuple(sorted(ctx.specials_left if ctx.specials_left is not None else set(SPECIALS) - set(p.specials))),
        boards=boards, hand=tuple(sorted(hand_points(c, ctx.drawn_occupation_points) for c in p.occupations.hand)),
        occupation_points=p.occupations.played_points, thing_penalties=p.thing_penalties,
        taken=sum(1 << idx[x] for x in ctx.taken if x in idx), placed=0, mountains=mountains, pile=tuple(sorted(pile)),
        explorations=tuple(sorted(explorations.items())),
        buildings_left=tuple(ctx.buildings_left.get(name, 0) if ctx.buildings_left else max(0, n - k)
                             for name, n, k in zip(BUILDING, BUILDING_SUPPLY, built)),
    )  # fmt: skip
