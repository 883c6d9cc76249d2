"""A short reason per step in the game's words: what it puts on your table, and what for.

What for is read off the line itself (a later step that spends it, a later dice space that
needs the ship) and the round's end (the tiles laid before income, the feast served): see
purposes.py; then off the thing itself (a ship's or a building's points and what it opens).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from models.actions import ActionSpace, load_action_spaces
from models.boards import board as board_named
from models.data_files import load
from models.pieces import piece
from planner.advice.line import Change, LineStep, change
from planner.advice.purposes import Allocation, User, allocate, gains_of, users
from planner.advice.rolls import ACTION_NAMES
from planner.advice.table import RoundEnd
from planner.advice.words import amount, counted, listing, name

LATER = {"ore": "for -1 cells or arming ships", "wood": "for ships and buildings later", "stone": "for houses later"}
WEAPON_USES = {"bow": "for hunting", "snare": "for snares", "spear": "for whaling", "long-sword": "for raids"}
SHIP_USES = {"whaling-boat": "whaling", "knarr": "overseas trade and emigrating", "longship": "raiding, pillaging, exploring and emigrating"}


@dataclass(frozen=True)
class Line:
    """The whole line at once: a step's purpose is read off the steps after it and the round's end."""

    steps: Sequence[LineStep]
    changes: list[Change]
    users: list[User]  # the steps with the round's end among them (purposes.py)
    user_of: list[int]  # step index -> its index in `users`
    alloc: Allocation
    end: RoundEnd
    played: dict[int, list[str]]  # step number -> occupation cards it plays

    def noun(self, j: int) -> str:
        return _noun(self.steps[j], self.changes[j], self.played.get(self.steps[j].number, []))


def reasons(steps: Sequence[LineStep], end: RoundEnd, played: dict[int, list[str]]) -> list[str]:
    changes = [change(s.before, s.after, s.action.vikings) for s in steps]
    this_round = next((i for i, s in enumerate(steps) if s.action.kind == "pass"), len(steps))
    nouns = [_noun(s, c, played.get(s.number, [])) for s, c in zip(steps, changes)]
    phrases = [f"for {noun} (step {s.number})" for s, noun in zip(steps, nouns)]
    laid = Counter(t.piece for t in end.tiles)
    fed = Counter(end.feast.used) if end.feast is not None else Counter()
    line_users = users(changes, phrases, this_round, laid, fed)
    user_of = [i if i < this_round else i + 2 for i in range(len(steps))]
    line = Line(steps, changes, line_users, user_of, allocate(line_users), end, played)
    return [_reason(line, i) for i in range(len(steps))]


def _reason(line: Line, i: int) -> str:
    step, c = line.steps[i], line.changes[i]
    if step.action.kind == "pass":
        return "end the action phase: income, breeding and the feast, then the next round"
    played = line.played.get(step.number, [])
    later = {j: Counter(kinds) for j, kinds in line.alloc.get(line.user_of[i], {}).items()}  # what later users spend of it
    upgrades = _upgrades(line, i, later) if c.upgrades else ""
    parts = [f"plays {listing(played)}"] if played else []
    parts += _spent_later(line, later) + _things(line, i) + _kept(line, i) + [upgrades]
    if c.vikings_back:
        parts.append(f"{c.vikings_back} Viking{'s' if c.vikings_back > 1 else ''} back")
    if step.pending is not None:
        return _dice_reason(line, i, parts)
    return "; ".join(p for p in parts if p) or "nothing gained on the table"


def _dice_reason(line: Line, i: int, parts: list[str]) -> str:
    """Both ends of a roll, and which one the rest of the line assumes."""
    step = line.steps[i]
    success = [b for b in step.branches if not b.note.startswith("failure")]
    failure = [b for b in step.branches if b.note.startswith("failure")]
    followed = "success" if success and step.after == success[0].state else "failure"
    won = _plain_gains(change(step.before, success[0].state, step.action.vikings)) if success else ""
    lost = _plain_gains(change(step.before, failure[0].state, step.action.vikings)) if failure else ""
    text = f"{_success(step):.0%} to succeed: {won}" if won else "no success possible"
    if lost:
        text += f"; else {lost}"
    text += f" (the line goes on after {'a' if followed == 'success' else 'the'} {followed})"
    if followed == "success":  # what the line then does with the catch
        text += "".join(f"; {p}" for p in parts if " for " in p or " to lay " in p)
    return text


def _success(step: LineStep) -> float:
    return float(sum(b.probability for b in step.branches if not b.note.startswith("failure")))


# --- gains a later step or the round's end spends ------------------------------------------------


def _spent_later(line: Line, later: dict[int, Counter]) -> list[str]:
    """'2 stone and 1 ore for the long house (step 3)', one phrase per later user."""
    return [
        f"{listing(_amount(n, k) for k, n in sorted(kinds.items()) if n > 0)} {line.users[j].phrase}"
        for j, kinds in sorted(later.items())
        if +kinds
    ]


def _amount(n: int, kind: str) -> str:
    return counted(n, kind) if kind in ("bow", "snare", "spear", "long-sword") else amount(n, kind)


def _noun(step: LineStep, c: Change, played: list[str]) -> str:
    """What a step is for, as a noun: 'the long house', 'whaling', 'emigrating'."""
    if played:
        return f"playing {listing(played)}"
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
    space = step.action.label.split(" [")[0]
    return "the upgrade" if c.upgrades and space.startswith("Upgrade") else space.lower()


# --- ships, boards, specials, emigration ---------------------------------------------------------


def _things(line: Line, i: int) -> list[str]:
    """Ships, ore on ships, boards, special tiles and emigration: what each is for."""
    game = load("game")["ships"]
    c, steps = line.changes[i], line.steps
    last_round = line.end.last_round and _this_round(steps, i)
    out = []
    for kind, n in sorted(c.ships.items()):
        if n <= 0:
            continue
        use, points = _ship_use_later(line, i, kind), game[kind]["points"]
        if use:
            out.append(f"{counted(n, kind)} {use}" + ("" if use.startswith("for emigrating") else f", {points} points"))
        elif last_round:
            out.append(f"{counted(n, kind)}: {points} points at the end")
        else:
            out.append(f"{counted(n, kind)}: {SHIP_USES[kind]} from next round, {points} points")
    if c.ship_ore:  # arming: the action names the ship type
        effect = "a whaling roll needs 1 less" if steps[i].action.space == "whaling-boat" else "pillaging adds 1"
        out.append(f"{c.ship_ore} ore on the {name(steps[i].action.space)}: {effect}")
    out += [_board_words(b) for b in c.boards]
    out += [f"{counted(1, x)} for your boards" for x in c.specials]
    for kind in c.emigrated:
        out.append(f"emigrates {counted(1, kind)}: {game[kind]['emigrated_points']} points, one banquet position fewer to feed")
    return out


def _ship_use_later(line: Line, i: int, kind: str) -> str:
    spaces = load_action_spaces()
    for j in range(i + 1, len(line.steps)):
        later = line.steps[j].action
        if later.kind == "space" and _needs_ship(spaces[later.space], kind):
            return f"for {line.noun(j)} (step {line.steps[j].number})"
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


def _kept(line: Line, i: int) -> list[str]:
    """Gains no later step and nothing at the round's end spends: what they are good for."""
    c = line.changes[i]
    left = gains_of(c)
    for kinds in line.alloc.get(line.user_of[i], {}).values():
        left.subtract(kinds)
    left.subtract(b for _, b in c.upgrades)  # an upgraded tile is told with its upgrade
    groups: dict[str, list[str]] = {}
    for kind, n in sorted(left.items()):
        if n > 0:
            groups.setdefault(_use(line, i, kind), []).append(_amount(n, kind))
    return [f"{listing(items)}{' (' + use + ')' if use else ''}" for use, items in sorted(groups.items(), key=lambda g: g[0] != "")]


def _upgrades(line: Line, i: int, later: dict[int, Counter]) -> str:
    """'hide to silverware for master crafting (step 3)', 'oil to rune stone to lay before
    income'; what a later user spends of them is taken out of `later`."""
    said = []
    for a, b in line.changes[i].upgrades:
        j = next((j for j in sorted(later) if later[j][b] > 0), None)
        if j is not None:
            later[j][b] -= 1
            phrase = line.users[j].phrase
            said.append(f"{name(a)} to {name(b)} " + (phrase if line.users[j].step is not None else f"({phrase})"))
        else:
            use = _use(line, i, b)
            said.append(f"{name(a)} to {name(b)}" + (f" ({use})" if use else ""))
    return "upgrades " + listing(said)


def _this_round(steps: Sequence[LineStep], i: int) -> bool:
    return all(s.action.kind != "pass" for s in steps[: i + 1])


def _use(line: Line, i: int, kind: str) -> str:
    """What a gain is good for when nothing in the line spends it."""
    if kind in line.end.resource_spaces and _this_round(line.steps, i):
        return "for the resource spaces of your buildings at the end"
    if kind in LATER or kind in WEAPON_USES:
        return LATER.get(kind) or WEAPON_USES[kind]
    if kind == "silver":
        return ""
    p = piece(kind)
    if p.kind == "animal":
        if p.food_type in line.end.breeding and _this_round(line.steps, i):
            return "breeds at the round's end"
        return f"{p.points} points in your stable at the end, or food"
    if p.colour in ("orange", "red"):
        return "food for later feasts"
    return "tiles for your boards"


def gains(step: LineStep) -> str:
    """What one step puts on the table, without what for (the alternatives' short words)."""
    text = _plain_gains(change(step.before, step.after, step.action.vikings)) or "nothing on the table"
    if step.pending is not None:
        text = f"{ACTION_NAMES[step.pending.roll.kind]}, {_success(step):.0%} to succeed (likeliest: {text})"
    return text


def _plain_gains(c: Change) -> str:
    items = [_amount(n, k) for k, n in (gains_of(c) - Counter(b for _, b in c.upgrades)).items()]
    items += [f"{name(a)} to {name(b)}" for a, b in c.upgrades]
    items += [counted(n, k) for k, n in sorted(c.ships.items()) if n > 0] + [name(b) if board_named(b).kind == "exploration" else counted(1, b) for b in c.boards]
    items += [counted(1, x) for x in c.specials] + [f"emigrates {counted(1, k)}" for k in c.emigrated]
    if c.vikings_back:
        items.append(f"{c.vikings_back} Viking{'s' if c.vikings_back > 1 else ''} back")
    return listing(items)
