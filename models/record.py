"""Game records (affo-game/1): one player's game as positions, one after each round's feast.

A record is read in two passes. The first checks its form (keys, types, each snapshot as a
snapshot); the second checks it as a game: rounds 1, 2, ... without gaps, each snapshot's round
matching its place, the game's length and player count never changing, every snapshot legal by
the rule checker, and no tile ever leaving a board. Every problem names its JSON path from the
record's root (`$.rounds[2].snapshot.player.boards[0].placements`).

Actions (optional, per round) use the project's action format: a list of objects
`{"space": ID}` with an optional `"choice"` object (what was chosen on that space, as the
planner's own actions print it) and an optional `"kind"` (`space`, the default, `buy-ship`,
`arm-ship` or `pass`), an optional `"drawn"`, the name of the occupation card the action's
draw turned up or its number (`affo cards`; a name two cards print names neither), which a snapshot taken at the round's end cannot show once the card
is played, and an optional `"roll"`, how a dice action ended (`RecordedRoll`), which the
review then follows instead of guessing. `affo spaces` lists the ids. A round may also carry `context`: the round
context (as `affo plan` reads it: spaces taken, mountain strips, explorations) at the start of
that round's action phase, which lets the review judge its actions against the same table, and
`weapon`: the weapon card drawn at the round's start (phase 4), which no snapshot shows apart.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from models.rules import check_snapshot
from models.snapshot import GAME_RECORD, ROOT, Placement, Problem, Snapshot, SnapshotError, parse_snapshot, read_json

FORMAT = GAME_RECORD
TOP_KEYS = {"format", "start", "rounds", "final"}
ROUND_KEYS = {"round", "snapshot", "actions", "context", "weapon"}
ACTION_KEYS = {"kind", "space", "choice", "drawn", "roll"}
ROLL_KEYS = {"success", "spent", "result"}
ACTION_KINDS = ("space", "buy-ship", "arm-ship", "pass")


class RecordError(SnapshotError):
    """The input is not a readable or consistent game record; carries every problem found."""


@dataclass(frozen=True)
class RecordedAction:
    kind: str
    space: str
    choice: dict
    drawn: str | int | None = None  # the occupation card the action's draw turned up (name or number), where the record says
    roll: RecordedRoll | None = None  # how the action's dice ended, where the record says

    def as_json(self) -> dict:
        drawn = {"drawn": self.drawn} if self.drawn else {}
        roll = {"roll": self.roll.as_json()} if self.roll else {}
        return {"kind": self.kind, "space": self.space, "choice": self.choice} | drawn | roll


@dataclass(frozen=True)
class RecordedRoll:
    """How a dice action ended: whether it succeeded, the items spent to move the die, and for a raid or
    pillage the combat result counted (the best tile it reaches is taken)."""

    success: bool
    spent: tuple[tuple[str, int], ...] = ()  # (name, count) by name, counts > 0
    result: int | None = None

    def as_json(self) -> dict:
        result = {} if self.result is None else {"result": self.result}
        return {"success": self.success, "spent": dict(self.spent)} | result


@dataclass(frozen=True)
class RoundRecord:
    round: int
    snapshot: Snapshot
    actions: tuple[RecordedAction, ...] | None  # None: the record does not say
    context: object = None  # models.round_context.RoundContext at the action phase's start, if given
    weapon: str | None = None  # the weapon card phase 4 drew at the round's start, if given


@dataclass(frozen=True)
class GameRecord:
    rounds: tuple[RoundRecord, ...]
    start: Snapshot | None = None
    final: Snapshot | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def length(self) -> str:
        return self.rounds[0].snapshot.game.length

    def before(self, index: int) -> Snapshot | None:
        """The position a round started from: the previous round's, or `start` for the first."""
        return self.rounds[index - 1].snapshot if index > 0 else self.start


# --- reading --------------------------------------------------------------------------------


def read_record(source: str | Path) -> GameRecord:
    """A record from a file (or '-' for standard input); RecordError names every problem."""
    try:
        data = read_json(source)
    except SnapshotError as err:
        raise RecordError(err.problems) from None
    return parse_record(data)


def parse_record(data: object) -> GameRecord:
    problems: list[Problem] = []
    record = _form(data, problems)
    if record is not None and not problems:
        _as_a_game(record, problems)
    if problems:
        raise RecordError(problems)
    return record


def _form(data: object, problems: list[Problem]) -> GameRecord | None:
    if not isinstance(data, dict):
        problems.append(Problem("$", "a game record is a JSON object"))
        return None
    for key in sorted(set(data) - TOP_KEYS, key=str):
        problems.append(Problem(f"$.{key}", "unknown key"))
    if data.get("format") != FORMAT:
        problems.append(Problem("$.format", f"must be {FORMAT!r}"))
    rounds_data = data.get("rounds")
    if not isinstance(rounds_data, list) or not rounds_data:
        problems.append(Problem("$.rounds", "a list of at least one round"))
        rounds_data = []
    start = _snapshot(data["start"], "$.start", problems) if data.get("start") is not None else None
    final = _snapshot(data["final"], "$.final", problems) if data.get("final") is not None else None
    rounds = [_round(r, f"$.rounds[{i}]", problems) for i, r in enumerate(rounds_data)]
    if problems:
        return None
    return GameRecord(tuple(rounds), start, final)


def _snapshot(data: object, path: str, problems: list[Problem]) -> Snapshot | None:
    try:
        return parse_snapshot(data)
    except SnapshotError as err:
        problems.extend(_under(path, err.problems))
        return None


def _under(path: str, found: list[Problem]) -> list[Problem]:
    """The problems of a snapshot found at `path`: their paths (`$`, `player.silver`, `["odd key"]`)
    joined on under it."""
    return [Problem(_join(path, p.path), p.message) for p in found]


def _join(path: str, sub: str) -> str:
    if sub in ("", ROOT):
        return path
    return path + sub if sub.startswith("[") else f"{path}.{sub}"


def _round(data: object, path: str, problems: list[Problem]) -> RoundRecord | None:
    if not isinstance(data, dict):
        problems.append(Problem(path, "a round is an object with round, snapshot and (optional) actions"))
        return None
    for key in sorted(set(data) - ROUND_KEYS, key=str):
        problems.append(Problem(f"{path}.{key}", "unknown key"))
    number = data.get("round")
    if type(number) is not int:
        problems.append(Problem(f"{path}.round", "the round number, a whole number"))
    if "snapshot" not in data:
        problems.append(Problem(f"{path}.snapshot", "missing: the position after the round's feast"))
        return None
    snapshot = _snapshot(data["snapshot"], f"{path}.snapshot", problems)
    actions = _actions(data["actions"], f"{path}.actions", problems) if data.get("actions") is not None else None
    context = _context(data["context"], f"{path}.context", problems) if data.get("context") is not None else None
    weapon = _weapon(data["weapon"], f"{path}.weapon", problems) if data.get("weapon") is not None else None
    return RoundRecord(number, snapshot, actions, context, weapon) if snapshot is not None else None


def _weapon(name: object, path: str, problems: list[Problem]) -> str | None:
    """The weapon card the round's phase 4 drew (optional)."""
    from models.actions.vocabulary import WEAPONS

    if not isinstance(name, str) or name not in WEAPONS:
        problems.append(Problem(path, f"the weapon card drawn at the round's start ({', '.join(sorted(WEAPONS))}), not {name!r}"))
        return None
    return name


def _context(data: object, path: str, problems: list[Problem]):
    from models.round_context import parse_context

    try:
        return parse_context(data)
    except SnapshotError as err:
        problems.extend(Problem(path + p.path.removeprefix("round_context"), p.message) for p in err.problems)
        return None


def _as_read_from_json(choice: dict, where: str, problems: list[Problem]) -> dict:
    """`choice` as a file would give it (lists, not tuples), so a record built in memory compares with a move's
    choice as one read from a file does."""
    try:
        return json.loads(json.dumps(choice))
    except (TypeError, ValueError):
        problems.append(Problem(where, "plain JSON values (objects, lists, strings, numbers)"))
        return {}


def _actions(data: object, path: str, problems: list[Problem]) -> tuple[RecordedAction, ...]:
    from models.actions import load_action_spaces

    if not isinstance(data, list):
        problems.append(Problem(path, "a list of actions"))
        return ()
    spaces = load_action_spaces()
    out = []
    for i, a in enumerate(data):
        where = f"{path}[{i}]"
        if not isinstance(a, dict):
            problems.append(Problem(where, 'an action is an object such as {"space": "build-a-shed"}'))
            continue
        for key in sorted(set(a) - ACTION_KEYS, key=str):
            problems.append(Problem(f"{where}.{key}", "unknown key"))
        kind, space, choice = a.get("kind", "space"), a.get("space"), a.get("choice", {})
        if kind not in ACTION_KINDS:
            problems.append(Problem(f"{where}.kind", f"one of {', '.join(ACTION_KINDS)}"))
        elif kind == "space" and space is None:
            problems.append(Problem(f"{where}.space", "missing: the action space taken (see affo spaces)"))
        elif kind == "space" and space not in spaces:
            problems.append(Problem(f"{where}.space", _unknown_space(space, spaces)))
        if not isinstance(choice, dict):
            problems.append(Problem(f"{where}.choice", "an object (what was chosen on the space)"))
            choice = {}
        choice = _as_read_from_json(choice, f"{where}.choice", problems)
        roll = _roll(a["roll"], f"{where}.roll", problems) if "roll" in a else None
        out.append(RecordedAction(kind, space if isinstance(space, str) else "", choice, _drawn(a, where, problems), roll))
    return tuple(out)


def _drawn(action: dict, where: str, problems: list[Problem]) -> str | int | None:
    """The card an action drew (optional), by a name the deck prints or by its number (`affo cards`; the one
    way to tell apart the two cards that print one name)."""
    from models.occupation_cards import by_number, cards_by_name

    name = action.get("drawn")
    if name is None or (type(name) is int and name in by_number()):
        return name
    if not isinstance(name, str) or not cards_by_name().get(name.strip().casefold()):
        from difflib import get_close_matches

        near = get_close_matches(str(name).strip().casefold(), list(cards_by_name()), n=1, cutoff=0.6)
        hint = f"; did you mean {cards_by_name()[near[0]][0].name!r}?" if near else " (see affo cards)"
        problems.append(Problem(f"{where}.drawn", f"the name or number of the occupation card drawn, not {name!r}{hint}"))
        return None
    return name


def _roll(data: object, where: str, problems: list[Problem]) -> RecordedRoll | None:
    """How a dice action ended (optional): `{"success": true, "spent": {"wood": 2}, "result": 9}`."""
    from models.actions.vocabulary import WEAPONS

    if not isinstance(data, dict):
        problems.append(Problem(where, 'how the dice ended, such as {"success": true, "spent": {"wood": 1}}'))
        return None
    found = len(problems)
    for key in sorted(set(data) - ROLL_KEYS, key=str):
        problems.append(Problem(f"{where}.{key}", "unknown key (success, spent, result)"))
    success, spent, result = data.get("success"), data.get("spent", {}), data.get("result")
    if not isinstance(success, bool):
        problems.append(Problem(f"{where}.success", "true or false: whether the roll succeeded"))
    spendable = {"wood", "stone"} | WEAPONS
    if not isinstance(spent, dict):
        problems.append(Problem(f"{where}.spent", "an object from item to count, such as {\"wood\": 2}"))
        spent = {}
    for name, n in spent.items():
        if name not in spendable:
            problems.append(Problem(f"{where}.spent.{name}", f"an item a roll spends ({', '.join(sorted(spendable))})"))
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            problems.append(Problem(f"{where}.spent.{name}", "a count of 0 or more"))
    if result is not None and (not isinstance(result, int) or isinstance(result, bool) or result < 0):
        problems.append(Problem(f"{where}.result", "a whole number: the combat result a raid or pillage counted"))
    if len(problems) > found:
        return None
    return RecordedRoll(success, tuple(sorted((k, n) for k, n in spent.items() if n)), result)


def _unknown_space(space: object, spaces) -> str:
    from difflib import get_close_matches

    if not isinstance(space, str):
        return "an action-space id (see affo spaces)"
    near = get_close_matches(space, list(spaces), n=1)
    hint = f"; did you mean {near[0]!r}?" if near else " (see affo spaces)"
    return f"unknown action space {space!r}{hint}"


# --- the record as a game -------------------------------------------------------------------


def _as_a_game(record: GameRecord, problems: list[Problem]) -> None:
    first = (record.start or record.rounds[0].snapshot).game
    positions = [("$.start", record.start)] if record.start else []
    for i, r in enumerate(record.rounds):
        path = f"$.rounds[{i}]"
        if r.round != i + 1:
            problems.append(Problem(f"{path}.round", f"expected round {i + 1}: rounds run 1, 2, ... without gaps"))
        elif r.snapshot.game.round != r.round:
            problems.append(Problem(f"{path}.snapshot.game.round", f"is {r.snapshot.game.round}, but this is round {r.round}"))
        positions.append((f"{path}.snapshot", r.snapshot))
    if record.final:
        positions.append(("$.final", record.final))
    last = record.rounds[-1].snapshot.last_round
    if len(record.rounds) > last:
        problems.append(Problem(f"$.rounds[{last}]", f"a {first.length} game has only {last} rounds"))
    if record.final and record.final.game.round != last:
        problems.append(Problem("$.final.game.round", f"the end-of-game placement comes after round {last}"))
    for path, snap in positions:
        _same_game(first, snap, path, problems)
        problems.extend(_under(path, check_snapshot(snap)))
    for (_, before), (path, after) in zip(positions, positions[1:]):
        problems.extend(tiles_that_left(before, after, path))


def _same_game(first, snap: Snapshot, path: str, problems: list[Problem]) -> None:
    for key in ("length", "players"):
        if getattr(snap.game, key) != getattr(first, key):
            problems.append(Problem(f"{path}.game.{key}", f"is {getattr(snap.game, key)!r}; the game began with {getattr(first, key)!r}"))


def _key(p: Placement) -> tuple:
    return (p.piece, p.row, p.col, p.rotation, p.flip)


def tiles_that_left(before: Snapshot, after: Snapshot, path: str) -> list[Problem]:
    """A problem for every tile on a board `before` that `after` no longer has there."""
    out = []
    boards_after = {e.id: (j, e) for j, e in enumerate(after.player.boards)}
    for entry in before.player.boards:
        if entry.id not in boards_after:
            out.append(Problem(f"{path}.player.boards", f"board {entry.id!r} ({entry.board}) is gone: a board is never lost"))
            continue
        j, now = boards_after[entry.id]
        if now.board != entry.board:
            out.append(Problem(f"{path}.player.boards[{j}].board", f"board {entry.id!r} was a {entry.board}"))
            continue
        missing = Counter(map(_key, entry.placements)) - Counter(map(_key, now.placements))
        for piece, row, col, rotation, _ in sorted(missing.elements()):
            out.append(Problem(
                f"{path}.player.boards[{j}].placements",
                f"{piece} at ({row}, {col}) rotation {rotation} was on board {entry.id!r} and has left it: a tile never leaves a board",
            ))
        for resource, n in entry.resources.items():
            if now.resources.get(resource, 0) < n:
                out.append(Problem(f"{path}.player.boards[{j}].resources.{resource}", f"fewer {resource} than before: resources never leave a board"))
    return out


def laid_between(before: Snapshot | None, after: Snapshot) -> dict[str, list[Placement]]:
    """Board id -> the placements `after` has that `before` (if any) did not have."""
    old = {e.id: Counter(map(_key, e.placements)) for e in before.player.boards} if before else {}
    out: dict[str, list[Placement]] = {}
    for entry in after.player.boards:
        left = Counter(old.get(entry.id, Counter()))
        new = []
        for p in entry.placements:
            if left[_key(p)]:
                left[_key(p)] -= 1
            else:
                new.append(p)
        if new:
            out[entry.id] = new
    return out
