"""What a search answers: the best action, the line it expects, the alternatives, and how sure it is."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Step:
    """One move of the principal line: a decision, or the chance outcome the line follows."""

    action: Hashable
    label: str
    explanation: str
    value: float  # the searching player's value after this step
    probability: Fraction | None = None  # set on chance steps (the line follows the likeliest outcome)


@dataclass(frozen=True)
class Alternative:
    action: Hashable
    label: str
    value: float
    visits: int | None = None  # MCTS only


@dataclass(frozen=True)
class Result:
    """`exact` is True only when `value` is proven (nothing cut by depth, budget or sampling)."""

    action: Hashable | None  # None at a chance or terminal root
    value: float
    exact: bool
    line: tuple[Step, ...] = ()
    alternatives: tuple[Alternative, ...] = ()  # every root action, best first
    nodes: int = 0  # states expanded (MCTS: simulations run)
    stats: dict = field(default_factory=dict)

    @property
    def status(self) -> str:
        return "exact" if self.exact else "estimate"

    def as_json(self) -> dict:
        return {
            "action": repr(self.action),
            "value": float(self.value),
            "status": self.status,
            "nodes": self.nodes,
            "line": [
                {"label": s.label, "explanation": s.explanation, "value": float(s.value)}
                | ({"probability": str(s.probability)} if s.probability is not None else {})
                for s in self.line
            ],
            "alternatives": [{"label": a.label, "value": float(a.value)} | ({"visits": a.visits} if a.visits is not None else {}) for a in self.alternatives],
        }
