"""What the round searches of one position's round can share: the leaf value and the expansions.

`affo review` searches at every recorded action of a round, each from the state the one before
led to, so their graphs overlap. A state's value and its expansion (its legal actions and their
outcomes) are functions of the state and of what the memo is keyed on: the setting (the same
object), the leaf value and its tile credit, the harvest and the last round the search plans.
So a search given the memo values and expands every state exactly as a fresh one would, and its
plan is the same; only the count of states valued (Plan.evaluations) runs on across searches.
A rule of thumb's move at the root is not an expansion of the state and is never kept.
"""

from __future__ import annotations

from collections.abc import Callable

from models.round_rules import Setting


class RoundMemo:
    """One round's shared leaf value and expansions; a search with another key starts them afresh."""

    def __init__(self) -> None:
        self.setting: Setting | None = None
        self.key: tuple | None = None
        self.evaluator = None
        self.expansions: dict = {}  # state -> [(action, branches)] in the search's order

    def bind(self, setting: Setting, key: tuple, make_evaluator: Callable[[], object]) -> tuple[object, dict]:
        """(evaluator, expansions) for a search of `setting` keyed `key` (value, tile credit, harvest, last round)."""
        if setting is not self.setting or key != self.key:
            self.setting, self.key = setting, key
            self.evaluator, self.expansions = make_evaluator(), {}
        return self.evaluator, self.expansions


__all__ = ["RoundMemo"]
