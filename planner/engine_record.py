"""A game played on the engine (by any policy) as an affo-game/1 record (shared/spec/CONTRACT.md).

The record holds the position at the start of round 1's action phase, one snapshot per round
right after its feast (tiles laid before income, the table as the engine's feast laid it), each
round's actions in the project's action format, and the position after the end-of-game placement.
`parse_record` checks every snapshot with the rule checker before the record is returned.
"""

from __future__ import annotations

from collections.abc import Sequence

from models.actions import SHIPS
from models.engine.choices import PASS
from models.engine.snapshots import to_data
from models.engine.spaces import compiled
from models.engine.state import ACTIONS, OVER, PLAY, State
from models.engine.round_end import through_feast
from models.engine.tables import GOODS
from models.record import parse_record


def action_json(action: tuple) -> dict:
    """An engine action in the record's action format."""
    if action == PASS:
        return {"kind": "pass", "space": "", "choice": {}}
    if action[0] != "space":
        return {"kind": action[0], "space": SHIPS[action[1]], "choice": {}}
    choice = {}
    for what, which in action[2]:
        if what in ("upgrade", "option_upgrade", "trade"):
            which = [GOODS[g] for g in which]
        elif isinstance(which, tuple):
            which = [list(x) if isinstance(x, tuple) else x for x in which]
        choice[what] = which
    return {"kind": "space", "space": compiled()[action[1]].data.id, "choice": choice}


def game_record(states: Sequence[State], actions: Sequence) -> dict:
    """The record of a trajectory (states[i] --actions[i]--> states[i + 1]) that reached the end."""
    if states[-1].stage != OVER:
        raise ValueError("the game has not ended: a record is written for a finished game")
    start = next(s for s in states if s.stage == ACTIONS)
    rounds, played = [], []
    for s, a in zip(states, actions):
        if s.stage == PLAY:  # Play up to 4 chose how many once its card was drawn: part of its action
            played[-1]["choice"]["play"] = a[1]
        if s.stage != ACTIONS:
            continue
        played.append(action_json(a))
        if a == PASS:
            rounds.append({"round": s.round, "snapshot": to_data(through_feast(s)), "actions": played})
            played = []
    record = {"format": "affo-game/1", "start": to_data(start, table=False), "rounds": rounds,
              "final": to_data(states[-1], final=True)}  # fmt: skip
    parse_record(record)  # every snapshot legal and no tile lost, or this raises
    return record
