"""Seeded solo games (long game) played to the end by a policy, for the benchmark and tests.

Solo rules (Korean/Chinese rulebooks, "solo game"): a player's Vikings of the previous round
stay on their action spaces and block them for the next round; otherwise rounds run as usual
(a new Viking each round: 6 in round 1 up to 12 in round 7; no start player).

The printed mountain strips are shuffled with the game's seed (models/mountains.py). Stand-ins,
each documented where it is defined: weapon draws (models/round_rules.WEAPON_CYCLE) and the feast
(models/round_end.greedy_feast).
Dice are rolled by sampling the chance node's exact distribution with the game's seed.

Tiles are laid the way a good player lays them, the same for every policy (`lay_tiles`): after
each action phase, before income, the placement engine (planner/placement.py, CP-SAT with a
fixed seed, few workers and a short time limit) maximises the blend of end-game points and
income plus bonuses over the income phases left, holding back food (orange, red, animals) for
the feasts and silver and ore for the actions; after the last feast the final placement lays
everything for the most end-game points. Every layout is judged by models.rules.check_snapshot;
one it rejects is replaced by `greedy_layout` below (bottom-left first, each tile where the rule
checker accepts it), which is also the fast layout `layout="greedy"` uses throughout.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from models.boards import NEVER, OUTSIDE, board as board_named
from models.data_files import load
from models.mountains import deal_strips
from models.pieces import piece
from models.round_context import RoundContext
from models.round_end import board_facts, end_round
from models.round_rules import Action, Setting, State, initial_state, replace, setting_for, to_snapshot
from planner.chance import outcomes
from models.rules import ACCEPTS, NO_TOUCH, check_snapshot, edge_neighbours, income_blockers, legal_order
from models.scoring import score
from models.snapshot import Snapshot, parse_snapshot

Policy = Callable[[State, Setting], Action | None]


@dataclass(frozen=True)
class GameResult:
    seed: int
    score: int
    breakdown: dict
    actions: int
    final: Snapshot | None = None  # the position after the end-of-game placement


def new_game(seed: int) -> tuple[Snapshot, RoundContext, list[tuple[str, ...]]]:
    """Round 1 of a long solo game: the snapshot, its context and the strips still face down."""
    start = load("game")["solo"]["start"]
    snap = parse_snapshot(
        {
            "format": "affo-snapshot/1",
            "game": {"length": "long", "players": 1, "round": 1},
            "player": {
                "silver": start["silver"],
                "goods": dict(start["goods"]),
                "weapons": dict(start["weapons"]),
                "occupations": {"hand": [0]},
                "boards": [{"id": "home", "board": "home-long"}],
            },
        }
    )
    face_up, pile = deal_strips(seed, players=1)
    ctx = RoundContext(mountains=[list(x) for x in face_up], players=1)
    return snap, ctx, pile


# --- a simple layout ---------------------------------------------------------------------------


def _placeable(board_kind: str, name: str, final: bool) -> bool:
    colour = piece(name).colour
    if colour not in ACCEPTS[board_kind] or colour in ("silver", "ore"):
        return False
    return final or colour in ("green", "blue")  # food stays in supply for the feasts until the end


def _try_place(board, cells_taken: dict, name: str) -> tuple[int, int, int, list] | None:
    p = piece(name)
    flips = (False, True) if p.kind == "special" else (False,)
    for row in range(board.rows - 1, -1, -1):  # bottom-left first: the income rule's order
        for col in range(len(board.grid[0])):
            for flip in flips:
                for rotation in (0, 90, 180, 270):
                    cells = p.cells_at(row, col, rotation, flip)
                    if _fits(board, cells_taken, cells, p.colour):
                        return row, col, rotation if not flip else rotation, [flip]
    return None


def _fits(board, taken: dict, cells: list, colour: str) -> bool:
    for cell in cells:
        if cell in taken or cell not in board.cells or board.at(cell) in (OUTSIDE, NEVER):
            return False
    if colour in NO_TOUCH[board.kind]:
        own = set(cells)
        if any(taken.get(n) == colour for c in cells for n in edge_neighbours(c) if n not in own):
            return False
    return not (board.income and income_blockers(board, set(taken), cells))


def greedy_layout(snap: Snapshot, final: bool = False) -> Snapshot:
    """Lay supply tiles onto the boards, largest first, where the rule checker allows."""
    data = snap.model_dump(mode="json")
    player = data["player"]
    goods = dict(player["goods"])
    placed_specials = {p["piece"] for e in player["boards"] for p in e["placements"]}
    specials = [x for x in player["specials"] if x not in placed_specials]
    for entry in player["boards"]:
        board = board_named(entry["board"])
        if board.kind == "shed":
            continue
        taken = {c: piece(p["piece"]).colour for p in entry["placements"] for c in piece(p["piece"]).cells_at(p["row"], p["col"], p["rotation"], p.get("flip", False))}
        tiles = [g for g, n in goods.items() for _ in range(n) if piece(g).kind != "animal" and _placeable(board.kind, g, final)]
        tiles += [x for x in specials if _placeable(board.kind, x, final)]
        for name in sorted(tiles, key=lambda n: (-piece(n).area, n)):
            if piece(name).kind != "special" and goods.get(name, 0) <= 0:
                continue
            spot = _try_place(board, taken, name)
            if spot is None:
                continue
            row, col, rotation, (flip,) = spot
            entry["placements"].append({"piece": name, "row": row, "col": col, "rotation": rotation, "flip": flip})
            for c in piece(name).cells_at(row, col, rotation, flip):
                taken[c] = piece(name).colour
            if piece(name).kind == "special":
                specials.remove(name)
            else:
                goods[name] -= 1
    player["goods"] = {g: n for g, n in goods.items() if n > 0}
    out = parse_snapshot(data)
    return out if not check_snapshot(out) else snap  # never hand on an illegal layout


# --- playing -----------------------------------------------------------------------------------


def _sample(branches, rng: random.Random):
    if len(branches) == 1:
        return branches[0].state
    x = Fraction(rng.random())
    for b in branches:
        x -= b.probability
        if x < 0:
            return b.state
    return branches[-1].state


# --- laying tiles with the placement engine ---------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """How the solo games lay tiles: 'cp-sat' (the placement engine) or 'greedy'."""

    engine: str = "cp-sat"
    # A deterministic work limit with one worker makes a seeded game the same on any machine and
    # under any load; the wall-clock limit is only a safety net.
    work_limit: float = 1.0
    time_limit: float = 30.0
    workers: int = 1
    seed: int = 0


def _held_back(snap: Snapshot) -> dict[str, int]:
    """What a player keeps in supply between rounds: food for the feasts, silver and ore to act."""
    keep = {g: n for g, n in snap.player.goods.items() if n and piece(g).colour in ("orange", "red")}
    keep["silver"] = snap.player.silver
    keep["ore"] = snap.player.resources.get("ore", 0)
    return {k: n for k, n in keep.items() if n}


def lay_tiles(snap: Snapshot, layout: Layout, final: bool) -> Snapshot:
    """The snapshot with tiles laid (intermediate: blend over the income phases left; final:
    end-game points), always a position the rule checker accepts."""
    if layout.engine == "greedy":
        return greedy_layout(snap, final=final)
    from planner.placement import PlacementBug, PlacementInputError, Settings, place

    settings = Settings(
        objective="final" if final else "blend",
        rounds_left=None,  # the default: this round to the last but one pay income; final income is in the points
        keep={} if final else _held_back(snap),
        final=final,
        time_limit=layout.time_limit,
        workers=layout.workers,
        seed=layout.seed,
        work_limit=layout.work_limit,
    )
    try:
        report = place(snap, settings)  # checked by the rule checker before it returns
    except (PlacementBug, PlacementInputError):
        return greedy_layout(snap, final=final)
    if report.result.status not in ("OPTIMAL", "FEASIBLE"):
        return greedy_layout(snap, final=final)
    return report.after


Observer = Callable[[State, Setting], None]


def play_game(
    policy: Policy, seed: int, max_actions_per_round: int = 40, layout: Layout = Layout(), rounds: int | None = None,
    observe: Observer | None = None,
) -> GameResult:
    """A long solo game played by `policy`; `rounds` stops early (after that many rounds, with
    the final placement) for quick tests. `observe(state, setting)` sees each action phase as
    it ends, before tiles are laid (the moment the round planner values its leaves)."""
    snap, ctx, pile = new_game(seed)
    rng = random.Random(f"dice-{seed}")
    setting = setting_for(snap, ctx)
    s = initial_state(snap, ctx)
    actions = 0
    while True:
        for _ in range(max_actions_per_round):
            a = policy(s, setting)
            if a is None:
                break
            s = _sample(outcomes(s, a, setting), rng)
            actions += 1
        if observe:
            observe(s, setting)
        current = to_snapshot(s, setting)
        last = s.round >= current.last_round or (rounds is not None and s.round >= rounds)
        # the last round: the feast comes first, then everything left is laid for points
        laid = current if last else lay_tiles(current, layout, final=False)
        setting = Setting(laid, players=1)
        s = _resync(s, laid)
        s, _ = end_round(s, setting, board_facts(laid), new_strip=pile.pop(0) if pile else ())
        if last:
            end = to_snapshot(s, setting)
            final = lay_tiles(_as_final(end), layout, final=True)
            report = score(final)
            return GameResult(seed, report.total, report.breakdown, actions, final)


def _as_final(snap: Snapshot) -> Snapshot:
    data = snap.model_dump(mode="json")
    data["game"]["final"] = True
    return parse_snapshot(data)


def _resync(s: State, laid: Snapshot) -> State:
    """The state after a layout: boards gained are now in the snapshot, tiles laid left supply."""
    placed = {p.piece for e in laid.player.boards for p in e.placements}
    return replace(
        s,
        goods=tuple(sorted((g, n) for g, n in laid.player.goods.items() if n)),
        specials=tuple(sorted(x for x in laid.player.specials if x not in placed)),
        new_boards=(),
    )
