"""The whole game as a fast engine: compact immutable states, legal actions, effects, chance.

One module per job: tables (the data compiled to indices), state, geometry (boards as bit
masks), spaces (action spaces compiled), choices (legal actions), effects, dice, draws (chance
distributions), feast, layout (the tile-laying policy), round_end, score, flow (the state
machine) and snapshots (conversion to and from snapshots). planner/affo_game.py puts it behind
the search's Game protocol.
"""
