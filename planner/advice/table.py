"""The round's end the line leads to: the tiles to lay before income and the feast to serve.

Tiles: the quick layout (models/quick_layout.py) the round engine and the forecast assume,
legal by construction; `affo place` may find a better one. Feast: the CP-SAT feast engine
(planner/feast/, proven optimal and checked by the rule checker) on the supply the feast will
see: after income (paid on the boards with the tiles laid) and breeding.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.boards import board as board_named
from models.quick_layout import greedy_layout
from models.round_end import board_facts, breed, state_income
from models.round_rules import Setting, State, replace, to_snapshot
from models.scoring import score
from planner.advice.words import amount, listing, name


@dataclass(frozen=True)
class Tile:
    board: str  # the board entry's id
    piece: str
    row: int
    col: int
    rotation: int
    flip: bool

    def as_json(self) -> dict:
        return {"board": self.board, "piece": self.piece, "row": self.row, "col": self.col, "rotation": self.rotation, "flip": self.flip}

    @property
    def text(self) -> str:
        turned = f", turned {self.rotation}°" if self.rotation else ""
        return f"{name(self.piece)} on {self.board} at row {self.row}, col {self.col}{turned}{', flipped' if self.flip else ''}"


@dataclass(frozen=True)
class RoundEnd:
    tiles: tuple[Tile, ...]
    income_before: int  # income of the boards as they stand at the end of the action phase
    income_after: int  # with the tiles laid
    last_round: bool  # income is final points then, and is not paid
    feast: object | None  # planner.feast.Feast, None when the table has no open position
    resource_spaces: tuple[str, ...] = ()  # "wood", "stone": what the sheds and stone houses held take at the end
    breeding: tuple[str, ...] = ()  # animals that breed at this round's end (a pair, or a pregnant one)

    @property
    def feast_text(self) -> str:
        f = self.feast
        if f is None:
            return "no open position at the banquet table: nothing to serve"
        served = [amount(n, g) for g, n in sorted(f.goods_used.items())]
        if f.silver_used:
            served.append(amount(f.silver_used, "silver"))
        what = f"serve {listing(served)}" if served else "serve nothing"
        open_ = len(f.table.open_positions)
        unfed = f"; {f.penalties} position{'s' if f.penalties != 1 else ''} unfed: {f.penalties} Thing Penalt{'ies' if f.penalties != 1 else 'y'}" if f.penalties else "; no Thing Penalty"
        return f"{what} on the {open_} open position{'s' if open_ != 1 else ''}{unfed}"

    def as_json(self) -> dict:
        f = self.feast
        feast = None if f is None else {
            "status": f.status, "penalties": f.penalties, "silver_used": f.silver_used, "goods_used": f.goods_used,
            "placements": [p.model_dump() for p in f.placements], "open_positions": len(f.table.open_positions),
            "text": self.feast_text,
        }  # fmt: skip
        return {"tiles": [t.as_json() for t in self.tiles], "income_before": self.income_before,
                "income_after": self.income_after, "feast": feast}  # fmt: skip


def round_end(s: State, setting: Setting) -> RoundEnd:
    """Tiles and feast at the end of the action phase that leaves `s`."""
    before = to_snapshot(s, setting)
    laid = greedy_layout(before)
    tiles = _new_tiles(before, laid)
    income_before = state_income(s, board_facts(setting.snapshot))
    income_after = score(laid).income if tiles else income_before
    last = s.round >= setting.last_round
    at_feast = replace(s, silver=s.silver + (0 if last else income_after), goods=breed(s.goods))
    spaces = {r.resource for e in before.player.boards for r in board_named(e.board).resource_spaces if r.count}
    breeding = tuple(a for a in ("cattle", "sheep") if s.count(a) >= 2 or s.count(f"pregnant-{a}"))
    return RoundEnd(tiles, income_before, income_after, last, _feast(at_feast, setting), tuple(sorted(spaces)), breeding)


def _new_tiles(before, after) -> tuple[Tile, ...]:
    out = []
    for old, new in zip(before.player.boards, after.player.boards):
        for p in new.placements[len(old.placements):]:
            out.append(Tile(new.id, p.piece, p.row, p.col, p.rotation, p.flip))
    return tuple(out)


def _feast(s: State, setting: Setting):
    from planner.feast import Table, plan_feast  # ortools: loaded only when a plan is explained

    snap = to_snapshot(s, setting)
    if not Table.of(snap).open_positions:
        return None
    return plan_feast(snap, setting.values)
