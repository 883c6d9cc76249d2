"""How fast does affo start? Median start-to-exit of `affo validate` and `affo score`.

Run as `python benchmarks/startup.py [RUNS]` from the repository root; writes
benchmarks/RESULTS-startup.md. Each run is a fresh process (`python -m cli ...` on an example
snapshot); the baselines `python -c pass` (the interpreter alone) and `import pydantic` (the
library that validates snapshots) run in the same rounds, interleaved, so machine load hits
every row alike. Also shows which heavy libraries a validate run imports (it should be none).

Wall time suffers when other processes share the cores; the processor time a run used (user +
system, from the operating system's accounting of the child) suffers far less, so both are given,
with the load average at the start and end of the run. Where valgrind is installed, each row's
instructions are counted once as well (callgrind): a measure no other process can disturb.

Before measuring, the project's modules are compiled to bytecode, as the first run of a usual
install leaves them (where PYTHONDONTWRITEBYTECODE is set, every run would otherwise compile cli/
and models/ afresh, about 80 M instructions), and the warm-up run leaves the parsed data files in
their cache (models/data_cache.py). So the rows measure every later start, not the very first.
"""

from __future__ import annotations

import compileall
import os
import platform
import re
import resource
import shutil
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
# Not needed either by a legal verdict written off a terminal (each once cost a share of the start).
NEEDLESS = ("typer", "click", "rich", "asyncio", "tomllib")
CASES = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'from pydantic import BaseModel'": [sys.executable, "-c", "from pydantic import BaseModel"],
    "affo validate": [sys.executable, "-m", "cli", "validate", EXAMPLE],
    "affo score": [sys.executable, "-m", "cli", "score", EXAMPLE],
}


def seconds(command: list[str]) -> tuple[float, float]:
    """(wall, processor) seconds of one fresh process running `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions(command: list[str]) -> str:
    """Millions of instructions one run executes, counted by callgrind ("-" without valgrind)."""
    if shutil.which("valgrind") is None:
        return "-"
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command], cwd=ROOT,
                         capture_output=True, text=True, check=False, env=os.environ | {"PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", out.stderr)
    return f"{int(found.group(1)) / 1e6:.0f}" if found else "-"


def imported_by_validate() -> set[str]:
    """The top-level packages a validate run imports, read from Python's own import log."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "cli", "validate", EXAMPLE], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    return {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in out.stderr.splitlines() if "|" in line}


def prepare() -> None:
    """Bytecode of the project's own modules, as a first run writes it (see the module's notes)."""
    for package in ("cli", "models"):
        compileall.compile_dir(ROOT / package, quiet=1)


def main(runs: int = 15) -> None:
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in CASES}
    prepare()
    load_before = os.getloadavg()[0]
    for name, command in CASES.items():  # one warm-up each: the first run fills the file caches
        seconds(command)
    for _ in range(runs):
        for name, command in CASES.items():
            times[name].append(seconds(command))
    load_after = os.getloadavg()[0]
    walls = {name: [w for w, _ in ts] for name, ts in times.items()}
    cpus = {name: [c for _, c in ts] for name, ts in times.items()}
    base = statistics.median(walls["python -c pass"])
    rows = [f"| {name} | {statistics.median(walls[name]):.3f} | {min(walls[name]):.3f} | "
            f"{statistics.median(walls[name]) - base:+.3f} | {statistics.median(cpus[name]):.3f} | {instructions(command)} |"
            for name, command in CASES.items()]
    imported = imported_by_validate()
    heavy, needless = sorted(imported & set(HEAVY)), sorted(imported & set(NEEDLESS))
    lines = [
        "# affo start-up: benchmark",
        "",
        f"Median and fastest of {runs} fresh processes per row (after one warm-up), rows interleaved; "
        f"`over python` = median minus the bare interpreter's median in the same run. Target: "
        f"validate and score in <= {TARGET} s. Snapshot: `{EXAMPLE}`.",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}; load average {load_before:.1f} at the start, {load_after:.1f} at the end.",
        "",
        "| command | median wall s | fastest wall s | wall over python s | median processor s | instructions (M) |",
        "|---|---:|---:|---:|---:|---:|",
        *rows,
        "",
        f"Heavy libraries imported by `affo validate`: {', '.join(heavy) or 'none'}; of "
        f"{', '.join(NEEDLESS)} (none needed for a legal verdict off a terminal): {', '.join(needless) or 'none'}.",
    ]
    text = "\n".join(lines) + "\n"
    OUT.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
