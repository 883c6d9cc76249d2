"""How fast does affo start? Median start-to-exit of `affo validate` and `affo score`.

Run as `python benchmarks/startup.py [RUNS]` from the repository root; writes
benchmarks/RESULTS-startup.md. Each run is a fresh process (`python -m cli ...` on an example
snapshot); the baselines `python -c pass` (the interpreter alone) and `import pydantic` (the
library that validates snapshots) run in the same rounds, interleaved, so machine load hits
every row alike. Also shows which heavy libraries a validate run imports (it should be none).
"""

from __future__ import annotations

import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).with_name("RESULTS-startup.md")
EXAMPLE = "examples/round3-shetland.json"
TARGET = 0.3
HEAVY = ("ortools", "pandas", "matplotlib", "networkx", "dask", "sklearn", "numpy")
CASES = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import pydantic'": [sys.executable, "-c", "import pydantic"],
    "affo validate": [sys.executable, "-m", "cli", "validate", EXAMPLE],
    "affo score": [sys.executable, "-m", "cli", "score", EXAMPLE],
}


def seconds(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def heavy_imports() -> list[str]:
    code = ("import sys, runpy; sys.argv = ['affo', 'validate', %r]\n"
            "try: runpy.run_module('cli', run_name='__main__')\n"
            "except SystemExit: pass\n"
            "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & set(%r))))") % (EXAMPLE, HEAVY)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    last = out.stdout.splitlines()[-1]  # the line printed after the command ran
    return [] if "legal" in last else last.split()


def main(runs: int = 15) -> None:
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for name, command in CASES.items():  # one warm-up each: the first run fills the file caches
        seconds(command)
    for _ in range(runs):
        for name, command in CASES.items():
            times[name].append(seconds(command))
    base = statistics.median(times["python -c pass"])
    rows = [f"| {name} | {statistics.median(ts):.3f} | {min(ts):.3f} | {statistics.median(ts) - base:+.3f} |"
            for name, ts in times.items()]
    heavy = heavy_imports()
    lines = [
        "# affo start-up: benchmark",
        "",
        f"Median and fastest of {runs} fresh processes per row (after one warm-up), rows interleaved; "
        f"`over python` = median minus the bare interpreter's median in the same run. Target: "
        f"validate and score in <= {TARGET} s. Snapshot: `{EXAMPLE}`.",
        "",
        f"Machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, {platform.system()} {platform.release()}.",
        "",
        "| command | median s | fastest s | over python s |",
        "|---|---:|---:|---:|",
        *rows,
        "",
        f"Heavy libraries imported by `affo validate`: {', '.join(heavy) or 'none'}.",
    ]
    text = "\n".join(lines) + "\n"
    OUT.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
