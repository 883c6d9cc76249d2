"""Exact outcomes that kill the mutants of models/engine/effects.py (benchmarks/mutation.py)."""
