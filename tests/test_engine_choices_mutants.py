"""Exact outcomes that kill the mutants of models/engine/choices.py (benchmarks/mutation.py)."""
