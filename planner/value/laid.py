"""The position as it stands once the tiles held are laid: what a "laid" value model sees.

Green and blue goods and special tiles may be laid at any time, and the round engine lays them
before income (models/round_end.py). A value that sees them still in supply must learn what each
one is worth from its training games, and the planner's games (few tiles, many emigrations)
taught it that a silk held in round 1 adds under 1 point, though laid it covers four -1 cells
for certain. Valued after the quick layout (models/quick_layout.py, bottom-left first, which
builds income), the cells a tile covers are banked points ("score now", added unclipped) and the
income it raises is the position's income, so the learned part only forecasts what is to come.

One layout per boards gained and tiles held, worked out once per setting: a search's leaves
share a handful of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.pieces import piece
from models.quick_layout import greedy_layout
from models.round_rules import Setting, State, replace, to_snapshot
from planner.evaluate import Evaluator

TILE_COLOURS = ("green", "blue")


@dataclass(frozen=True)
class Laid:
    setting: Setting  # the snapshot with the tiles laid, boards gained included
    evaluator: Evaluator  # the projection over that snapshot (the features' terms)
    goods: tuple[tuple[str, int], ...]  # the tiles the layout left in supply
    specials: tuple[str, ...]


def _key(s: State) -> tuple:
    tiles = tuple((g, n) for g, n in s.goods if piece(g).colour in TILE_COLOURS and piece(g).kind == "good")
    return (s.new_boards, tiles, s.specials)


def _lay(s: State, setting: Setting) -> Laid:
    laid = greedy_layout(to_snapshot(s, setting))
    placed = {p.piece for e in laid.player.boards for p in e.placements}
    left = dict(laid.player.goods)
    tiles = tuple((g, left[g]) for g, _ in _key(s)[1] if left.get(g))
    laid_setting = Setting(laid, players=setting.players, drawn_occupation_points=setting.drawn_occupation_points, values=setting.values)
    return Laid(laid_setting, Evaluator(laid_setting), tiles, tuple(x for x in s.specials if x not in placed))


def laid_position(s: State, setting: Setting, cache: dict) -> tuple[State, Setting, Evaluator]:
    """(state, setting, projection) of `s` once its tiles are laid; `cache` keeps the layouts of
    one setting (a search's evaluator owns it)."""
    key = _key(s)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = _lay(s, setting)
    held = set(key[1])
    goods = tuple(sorted(tuple(x for x in s.goods if x not in held) + hit.goods))
    return replace(s, goods=goods, specials=hit.specials, new_boards=()), hit.setting, hit.evaluator
