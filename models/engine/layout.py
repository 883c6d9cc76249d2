"""Laying tiles on boards: a fast income-aware policy (the CP-SAT placement engine is for users).

During the game, before each income phase, every green and blue goods tile and special tile in
supply is laid (food, silver and ore stay for feasts and actions), largest first. Each tile goes
to the first place, bottom rows first, that the rules allow on each board (bonus cells left
free), and of those boards to the one where it raises income most, then covers most -1 cells.
At the end of the game everything that gains points is laid: every goods tile and special tile
where it covers most -1 cells (income counts as points too), ore tokens on -1 cells of home and
exploration boards, wood and stone onto the resource spaces of sheds and stone houses.
The rules are the rule checker's, kept by models.engine.geometry.may_lay.
"""

from __future__ import annotations

from models.engine.geometry import Candidate, Geometry, at_game_end, during_game, geometry, income, may_lay
from models.engine.state import BoardState, State, add
from models.engine.tables import GOODS
from models.pieces import piece

_COLOUR_FIELD = {"orange": 2, "red": 3, "green": 4}  # BoardState field of each no-touch colour


def _same_colour(b: BoardState, g: Geometry, colour: str) -> int:
    return b[_COLOUR_FIELD[colour]] if colour in g.no_touch else 0


def lay(b: BoardState, c: Candidate, name: str) -> BoardState:
    colour = piece(name).colour
    b = b._replace(covered=b.covered | c.mask, placements=b.placements + ((name, c.row, c.col, c.rotation, c.flip),))
    if colour in _COLOUR_FIELD:
        i = _COLOUR_FIELD[colour]
        b = b._replace(**{b._fields[i]: b[i] | c.mask})
    return b


def _first_fit(b: BoardState, g: Geometry, cands: tuple[Candidate, ...], colour: str) -> Candidate | None:
    covered, same = b.covered, _same_colour(b, g, colour)
    for c in cands:
        if may_lay(c, covered, same):
            return c
    return None


def _best_spot(boards: tuple[BoardState, ...], name: str, final: bool) -> tuple[int, Candidate] | None:
    colour = piece(name).colour
    best, best_rank = None, None
    for i, b in enumerate(boards):
        g = geometry(b.name)
        if colour not in g.accepts:
            continue
        c = _first_fit(b, g, (at_game_end if final else during_game)(b.name, name), colour)
        if c is None:
            continue
        rise = income(g, b.covered | c.mask) - income(g, b.covered) if c.mask & g.income_mask else 0
        rank = (rise + c.negatives, 0) if final else (rise, c.negatives)
        if best_rank is None or rank > best_rank:
            best, best_rank = (i, c), rank
    if final and best is not None and best_rank[0] <= 0:
        return None  # nothing to gain at the end: the tile stays in supply
    return best


def _lay_all(s: State, names: list[str], final: bool) -> State:
    boards = list(s.boards)
    goods_laid: list[tuple[int, int]] = []
    specials = list(s.specials)
    ore = s.ore
    for name in sorted(names, key=lambda n: (-piece(n).area, n)):
        spot = _best_spot(tuple(boards), name, final)
        if spot is None:
            continue
        i, c = spot
        boards[i] = lay(boards[i], c, name)
        kind = piece(name).kind
        if kind == "special":
            specials.remove(name)
        elif kind == "token":
            ore -= 1
        else:
            goods_laid.append((GOODS.index(name), -1))
    return s._replace(boards=tuple(boards), specials=tuple(specials), goods=add(s.goods, goods_laid), ore=ore)


def _tiles(s: State, colours: set[str]) -> list[str]:
    names = [GOODS[g] for g, n in enumerate(s.goods) for _ in range(n) if piece(GOODS[g]).kind == "good" and piece(GOODS[g]).colour in colours]
    return names + list(s.specials)


def lay_during_game(s: State) -> State:
    return _lay_all(s, _tiles(s, {"green", "blue"}), final=False)


def lay_at_game_end(s: State) -> State:
    s = _lay_all(s, _tiles(s, {"orange", "red", "green", "blue"}) + ["ore"] * s.ore, final=True)
    return _fill_resource_spaces(s)


def _fill_resource_spaces(s: State) -> State:
    boards = list(s.boards)
    wood, stone = s.wood, s.stone
    for i, b in enumerate(boards):
        room_wood, room_stone = geometry(b.name).resource_room
        w, st = min(wood, room_wood - b.wood), min(stone, room_stone - b.stone)
        if w or st:
            boards[i] = b._replace(wood=b.wood + w, stone=b.stone + st)
            wood, stone = wood - w, stone - st
    return s._replace(boards=tuple(boards), wood=wood, stone=stone)
