"""A short reason per step in the game's words: what it puts on your table, and what for.

What for is read off the line itself (a later step that spends it, a later dice space that
needs the ship), then off the round's end (the feast served, the tiles laid before income),
then off the thing itself (a ship's or a building's points and what it opens).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from models.actions import ActionSpace, load_action_spaces
from models.boards import board as board_named
from models.data_files import load
from models.pieces import piece
from planner.advice.line import Change, LineStep, change
from planner.advice.rolls import ACTION_NAMES
from planner.advice.table import RoundEnd
from planner.advice.words import amount, counted, listing, name

RESOURCES = ("silver", "wood", "stone", "ore")
SHIP_USES = {"whaling-boat": "whaling", "knarr": "overseas trade and emigrating", "longship": "raiding, pillaging, exploring and emigrating"}


def reasons(steps: Sequence[LineStep], end: RoundEnd, played: dict[int, list[str]]) -> list[str]:
    changes = [change(s.before, s.after, s.action.vikings) for s in steps]
    alloc = _allocate(changes)
    return [_reason(i, steps, changes, alloc, end, played.get(step.number, [])) for i, step in enumerate(steps)]


def _reason(i: int, steps: Sequence[LineStep], changes: list[Change], alloc: Allocation, end: RoundEnd, played: list[str]) -> str:
    step, c = steps[i], changes[i]
    if step.action.kind == "pass":
        return "end the action phase: income, breeding and the feast, then the next round"
    parts = _spent_later(i, steps, changes, alloc) + _things(i, steps, c, end.last_round and _this_round(steps, i)) + _kept(i, steps, changes, alloc, end)
    if c.upgrades:
        parts.append("upgrades " + listing(f"{name(a)} to {name(b)}" for a, b in c.upgrades))
    if played:
        parts.append(f"plays {listing(played)}")
    if c.vikings_back:
        parts.append(f"{c.vikings_back} Viking{'s' if c.vikings_back > 1 else ''} back")
    text = "; ".join(p for p in parts if p) or "nothing gained on the table"
    if step.pending is not None:
        text += f" ({_success(step):.0%} to succeed; the line follows the likeliest roll)"
    return text


def _success(step: LineStep) -> float:
    return float(sum(b.probability for b in step.branches if not b.note.startswith("failure")))


# --- gains a later step spends ------------------------------------------------------------------


def _gains(c: Change) -> dict[str, int]:
    out = {k: n for k, n in c.resources.items() if n > 0}
    out.update({g: n for g, n in c.goods.items() if n > 0})
    out.update({w: n for w, n in c.weapons.items() if n > 0})
    return out


def _spends(c: Change) -> Counter:
    spent = Counter({k: -n for table in (c.resources, c.goods, c.weapons) for k, n in table.items() if n < 0})
    spent.update(a for a, _ in c.upgrades)
    return spent


Allocation = dict[int, dict[int, Counter]]  # gaining step -> spending step -> what of it


def _allocate(changes: list[Change]) -> Allocation:
    """Which gains each step spends: the latest gains first (what you took for it), then older
    ones, then what you held before the line."""
    stacks: dict[str, list[list[int]]] = {}
    out: Allocation = {}
    for j, c in enumerate(changes):
        for kind, need in _spends(c).items():
            stack = stacks.get(kind, [])
            while need and stack:
                i, n = stack[-1]
                take = min(n, need)
                out.setdefault(i, {}).setdefault(j, Counter())[kind] += take
                need -= take
                stack[-1][1] -= take
                if not stack[-1][1]:
                    stack.pop()
        for kind, n in _gains(c).items():
            stacks.setdefault(kind, []).append([j, n])
    return out


def _spent_later(i: int, steps: Sequence[LineStep], changes: list[Change], alloc: Allocation) -> list[str]:
    """'2 stone and 1 ore for the long house (step 3)', one phrase per later step."""
    return [
        f"{listing(_amount(n, k) for k, n in sorted(kinds.items()))} for {_noun(steps[j], changes[j])} (step {steps[j].number})"
        for j, kinds in sorted(alloc.get(i, {}).items())
    ]


def _amount(n: int, kind: str) -> str:
    return counted(n, kind) if kind in ("bow", "snare", "spear", "long-sword") else amount(n, kind)


def _noun(step: LineStep, c: Change) -> str:
    """What a step is for, as a noun: 'the long house', 'whaling', 'emigrating'."""
    if c.boards:
        b = c.boards[0]
        return f"exploring {name(b)}" if board_named(b).kind == "exploration" else f"the {name(b)}"
    ships = [t for t, n in c.ships.items() if n > 0]
    if ships:
        return f"the {name(ships[0])}"
    if c.emigrated:
        return "emigrating"
    if step.pending is not None:
        return ACTION_NAMES[step.pending.roll.kind]
    if c.specials:
        return f"the {name(c.specials[0])}"
    if c.upgrades:
        return "the upgrade"
    return step.action.label.split(" [")[0]


# --- ships, boards, specials, emigration ---------------------------------------------------------


def _things(i: int, steps: Sequence[LineStep], c: Change, last_round: bool) -> list[str]:
    game = load("game")["ships"]
    out = []
    for kind, n in sorted(c.ships.items()):
        if n <= 0:
            continue
        use, points = _ship_use_later(i, steps, kind), game[kind]["points"]
        if use:
            out.append(f"{counted(n, kind)} {use}" + ("" if use.startswith("for emigrating") else f", {points} points"))
        elif last_round:
            out.append(f"{counted(n, kind)}: {points} points at the end")
        else:
            out.append(f"{counted(n, kind)}: {SHIP_USES[kind]} in later rounds, {points} points")
    if c.ship_ore:  # arming: the action names the ship type
        effect = "a whaling roll needs 1 less" if steps[i].action.space == "whaling-boat" else "pillaging adds 1"
        out.append(f"{c.ship_ore} ore on the {name(steps[i].action.space)}: {effect}")
    out += [_board_words(b) for b in c.boards]
    out += [f"{counted(1, x)} for your boards" for x in c.specials]
    for kind in c.emigrated:
        out.append(f"emigrates {counted(1, kind)}: {game[kind]['emigrated_points']} points, one banquet position fewer to feed")
    return out


def _ship_use_later(i: int, steps: Sequence[LineStep], kind: str) -> str:
    spaces = load_action_spaces()
    for later in steps[i + 1 :]:
        if later.action.kind == "space" and _needs_ship(spaces[later.action.space], kind):
            return f"for {_noun(later, change(later.before, later.after, later.action.vikings))} (step {later.number})"
    return ""


def _needs_ship(space: ActionSpace, kind: str) -> bool:
    large = kind in ("knarr", "longship")
    if kind in space.needs or "any-ship" in space.needs or (large and "large-ship" in space.needs):
        return True
    if space.roll and space.roll.kind == "whaling":
        return kind == "whaling-boat"
    return bool((space.explore and kind in space.explore.ships) or (space.emigrate and kind in space.emigrate.ships))


def _board_words(b: str) -> str:
    board = board_named(b)
    negatives = len(board.negatives)
    if board.kind == "exploration":
        return f"{name(b)}: {board.vp} points, {negatives} -1 cells to cover"
    if board.kind == "shed":
        return f"{counted(1, b)}: {board.vp} points, its {negatives} -1 spaces take wood and stone at the end"
    return f"{counted(1, b)}: {board.vp} points, room for {len(board.cells)} cells of goods (food too), {negatives} of them -1"


# --- gains nothing later spends ----------------------------------------------------------------


def _kept(i: int, steps: Sequence[LineStep], changes: list[Change], alloc: Allocation, end: RoundEnd) -> list[str]:
    """Gains no later step spends, with what the round's end does with them."""
    fed = dict(end.feast.goods_used) if end.feast is not None else {}
    laid = {t.piece for t in end.tiles}
    this_round = _this_round(steps, i)
    left = Counter(_gains(changes[i]))
    for kinds in alloc.get(i, {}).values():
        left.subtract(kinds)
    groups: dict[str, list[str]] = {}
    for kind, n in left.items():
        if n > 0:
            groups.setdefault(_use(kind, this_round, fed, laid), []).append(_amount(n, kind))
    return [f"{listing(items)}{' (' + use + ')' if use else ''}" for use, items in sorted(groups.items(), key=lambda g: g[0] != "")]


def _this_round(steps: Sequence[LineStep], i: int) -> bool:
    return all(s.action.kind != "pass" for s in steps[: i + 1])


def _use(kind: str, this_round: bool, fed: dict, laid: set) -> str:
    if kind in RESOURCES or kind in ("bow", "snare", "spear", "long-sword"):
        return "for -1 cells or ships" if kind == "ore" else ""
    p = piece(kind)
    if p.kind == "animal":
        return "animals breed at the round's end"
    if p.colour in ("orange", "red"):
        return "food for this round's feast" if this_round and kind in fed else "food for later feasts"
    if this_round and kind in laid:
        return "tiles to lay before income"
    return "tiles for your boards"


def gains(step: LineStep) -> str:
    """What one step puts on the table, without what for (the alternatives' short words)."""
    c = change(step.before, step.after, step.action.vikings)
    items = [_amount(n, k) for k, n in _gains(c).items()]
    items += [f"{name(a)} to {name(b)}" for a, b in c.upgrades]
    items += [counted(n, k) for k, n in sorted(c.ships.items()) if n > 0] + [name(b) if board_named(b).kind == "exploration" else counted(1, b) for b in c.boards]
    items += [counted(1, x) for x in c.specials] + [f"emigrates {counted(1, k)}" for k in c.emigrated]
    text = listing(items) or "nothing on the table"
    if step.pending is not None:
        text = f"{ACTION_NAMES[step.pending.roll.kind]}, {_success(step):.0%} to succeed (likeliest: {text})"
    return text
