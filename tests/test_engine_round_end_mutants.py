"""Exact outcomes that kill the mutants of models/engine/round_end.py (benchmarks/mutation.py)."""
