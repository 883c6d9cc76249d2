"""Searches run with Python's cycle collector paused.

A search builds and keeps hundreds of thousands of states. Reference counting frees every one
of them the moment it is dropped; the cycle collector is only needed for reference cycles, which
immutable states (tuples of numbers, strings and tuples) cannot form. Yet the collector counts
every allocation and, as the search's tables grow, walks all of them again and again: tuple
subclasses such as NamedTuple states are never taken off its lists. Profiled on the affo engine
that was 15-33% of a breadth-first expansion and a quarter of a random game
(benchmarks/RESULTS-engine.md). So each search pauses the collector for its duration and puts it
back as it found it (nested searches leave it paused until the outermost one ends); a cycle
made meanwhile is collected after the search.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector within the block (also a decorator); restore its state after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
