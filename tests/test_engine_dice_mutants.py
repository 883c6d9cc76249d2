"""Exact outcomes that kill the mutants of models/engine/dice.py (benchmarks/mutation.py)."""
