"""Exact outcomes that kill the mutants of models/engine/feast.py (benchmarks/mutation.py)."""
