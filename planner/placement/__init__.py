"""Optimal goods placement with CP-SAT: which supply tiles go where, over all of a player's boards.

Modules by responsibility: `request` (settings, supply, which objective fits the position),
`candidates` (boards and every way to lay each piece), `model` (the CP-SAT model, one
constraint family per method), `objectives` (final, income, blend as lexicographic levels),
`greedy` (the baseline layout and the solver's first hint), `solve` (the solve loop with
laying-order cuts), `apply` (the answer applied, checked by models/rules.py and re-scored).

`place()` is the entry point; CP-SAT is imported only when a placement is solved.
"""

from planner.placement.apply import PlacementBug, PlaceReport, apply_placements, laying_order, place
from planner.placement.request import (
    OBJECTIVES,
    Choice,
    PlacementInputError,
    Settings,
    choose_objective,
    is_final_placement,
    rounds_left_default,
)

__all__ = [
    "OBJECTIVES",
    "Choice",
    "PlaceReport",
    "PlacementBug",
    "PlacementInputError",
    "Settings",
    "apply_placements",
    "choose_objective",
    "is_final_placement",
    "laying_order",
    "place",
    "rounds_left_default",
]
