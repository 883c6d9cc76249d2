"""The whole-game player: searches over models/engine (planner/affo_game.py) for a solo long game.

value (a projected final score of a state), policy (the one-step heuristic policy over it, also
the rollout policy), player (each decision chosen by a seeded, node-budgeted search), stats
(what a played game did: explorations, ships, emigrations, animals, houses).
"""
