"""How long `affo review` takes on a full 7-round long-game record, proofs included.

    python -m benchmarks.review [--runs 5] [--workers 2]

Reviews examples/game-long.json (every feast and every round's tiles proven against their
best, the end-of-game placement too) and prints the median wall time, with the time of
reading and checking the record alone beside it as the baseline measured in the same run, and the
median CPU time of the review in one process (the machine is shared: another job's load stretches
wall time); then the review as `affo review` runs it, its rounds over `--workers` processes (wall
time only: the work is in the workers).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from pathlib import Path

from benchmarks.kept_notes import kept_sections

from models.record import read_record
from planner.review import review_game

RECORD = Path(__file__).resolve().parent.parent / "examples" / "game-long.json"


def timed(fn) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds of this process, fn's result): the machine is shared, and
    another job's load stretches the wall time but not the CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2, help="processes for the rounds, as affo review's default")
    args = parser.parse_args()
    runs = args.runs
    record = read_record(RECORD)
    reading = statistics.median(timed(lambda: read_record(RECORD))[0] for _ in range(runs))
    walls, cpus, reviews = zip(*(timed(lambda: review_game(record)) for _ in range(runs)))  # one review timed both ways
    reviewing, cpu = statistics.median(walls), statistics.median(cpus)
    spread = statistics.median(timed(lambda: review_game(record, workers=args.workers))[0] for _ in range(runs))
    proven = all(r.feast.status == "OPTIMAL" and r.placement.best_layout.status == "OPTIMAL" for r in reviews[-1].rounds)
    lines = [
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        f"record: {RECORD.name}, {len(record.rounds)} rounds, final placement {'yes' if record.final else 'no'}",
        f"read and check the record (baseline): {reading:.2f} s median of {runs}",
        f"review, every answer proven: {reviewing:.2f} s median of {runs} ({reviewing / reading:.1f} x the baseline); all proven optimal: {proven}",
        f"review, CPU time of this process: {cpu:.2f} s median of {runs}",
        f"review, rounds over {args.workers} processes (affo review's default): {spread:.2f} s median of {runs}; "
        f"load average while measuring: {os.getloadavg()[0]:.1f}",
    ]
    text = "\n".join(lines)
    print(text)
    results = Path(__file__).parent / "RESULTS-review.md"
    results.write_text("# affo review benchmark\n\n```\n" + text + "\n```\n" + kept_sections(results), encoding="utf-8")


if __name__ == "__main__":
    main()
