"""The legal actions of a state: every space with each of its choices, labelled, then the anytime
actions (buy a ship, arm one)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from models.actions import SHIPS, ActionSpace
from models.choice_labels import space_label
from models.data_files import load
from models.round_rules.afford import berths_free
from models.round_rules.bundles import upgraded
from models.round_rules.choices import does_something, option_upgrade_choices, space_choices, space_legal
from models.round_rules.state import Setting, State, spaces_by_id


@dataclass(frozen=True)
class Action:
    """One legal move: a space with its choices, an anytime action, or passing."""

    kind: str  # "space", "buy-ship", "arm-ship", "pass"
    space: str = ""  # action-space id, or the ship type for buy-ship / arm-ship
    choice: tuple[tuple[str, object], ...] = ()  # (what, which) pairs, canonical
    label: str = ""

    def __hash__(self) -> int:
        # hashed inside every chance-node key of a search: hash once (the dataclass's own value)
        try:
            return self._hash
        except AttributeError:
            h = self.__dict__["_hash"] = hash((self.kind, self.space, self.choice, self.label))
            return h

    @property
    def vikings(self) -> int:
        return spaces_by_id()[self.space].column if self.kind == "space" else 0

    def chosen(self, key: str, default: object = None) -> object:
        return dict(self.choice).get(key, default)

    def as_json(self) -> dict:
        return {"kind": self.kind, "space": self.space, "vikings": self.vikings, "label": self.label,
                "choice": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.choice}}  # fmt: skip


PASS = Action("pass", label="pass (end your action phase)")


def _label(space: ActionSpace, s: State, choice: dict) -> str:
    return space_label(space, choice, s.mountains, _step_up)


def _step_up(name: str, steps: int) -> tuple[str, str]:
    return name, upgraded(name, steps)


def _space_actions(s: State, space: ActionSpace, setting: Setting) -> Iterator[Action]:
    if not space_legal(s, space):
        return
    for base in space_choices(s, space, setting):
        for choice in option_upgrade_choices(s, space, dict(base), setting):
            if does_something(space, s, choice):
                yield _space_action(space, s, choice)


# A space's action is the same in thousands of states of a search: one interned Action each (its
# hash computed once, dict hits by identity). The label reads the mountains only for a take.
_INTERNED: dict = {}
_INTERNED_MAX = 200_000  # a long-running process starts afresh rather than grow without bound


def _space_action(space: ActionSpace, s: State, choice: dict) -> Action:
    c = tuple(sorted(choice.items()))
    key = (space.id, c, s.mountains if choice.get("mountain") or choice.get("option_mountain") else None)
    a = _INTERNED.get(key)
    if a is None:
        if len(_INTERNED) >= _INTERNED_MAX:
            _INTERNED.clear()
        a = _INTERNED[key] = Action("space", space.id, c, _label(space, s, choice))
    return a


def _anytime_actions(s: State) -> Iterator[Action]:
    ships = load("game")["ships"]
    for kind in SHIPS:
        if s.silver >= ships[kind]["price"] and berths_free(s, kind):
            yield Action("buy-ship", kind, (), f"buy a {kind} for {ships[kind]['price']} silver")
    if s.ore:
        whaling_open = any(x not in s.taken for x in ("whaling-major", "whaling-minor"))
        if whaling_open and any(t == "whaling-boat" and o < 1 for t, o in s.ships):
            yield Action("arm-ship", "whaling-boat", (), "arm a whaling boat with 1 ore")
        pillage_open = any(x not in s.taken for x in ("pillage-2", "pillage-3"))
        if pillage_open and s.ships_of("longship"):
            yield Action("arm-ship", "longship", (), "arm your best-armed longship with 1 ore")


def space_actions(s: State, space_id: str, setting: Setting) -> list[Action]:
    """The legal actions of one space (each of its choices), as legal_actions lists them."""
    return list(_space_actions(s, spaces_by_id()[space_id], setting))


def legal_actions(s: State, setting: Setting, anytime: bool = True) -> list[Action]:
    """Every legal action in board order, then the anytime actions. Passing is always legal and
    is left to the caller (it ends the action phase)."""
    out = [a for space in spaces_by_id().values() for a in _space_actions(s, space, setting)]
    return out + list(_anytime_actions(s)) if anytime else out
