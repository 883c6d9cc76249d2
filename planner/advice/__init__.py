"""`affo plan` explained: the search's line and alternatives told in the game's words.

planner/round_search.py finds the plan; this package says what it means at the table: a short
reason per step (reasons.py), when to keep or re-roll each die (rolls.py), the occupations
played by name (occupations.py), the tiles to lay before income and this round's feast
(table.py), and the best other first moves that differ in substance (alternatives.py). The
forecast stays the search's number, an estimate.
"""

from planner.advice.report import Advice, advise

__all__ = ["Advice", "advise"]
