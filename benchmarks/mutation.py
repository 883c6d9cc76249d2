"""Mutation testing of the rule checker, scoring and the round engine (issue 8), run by hand.

Run as `python -m benchmarks.mutation [MODULE ...]` from the repository root, after
`pip install -e ".[test,mutation]"`; writes benchmarks/RESULTS-mutation.md. For each module it runs
`mutmut run "models.MODULE*" --max-children 2` (configuration: [tool.mutmut] in pyproject.toml),
then counts the verdicts of `mutmut results --all true`. `--tally` only counts the last run's
results. A surviving mutant listed in EQUIVALENT changes nothing a test could observe; every other
survivor is a gap in the tests. Not part of CI: a full run takes tens of minutes on two cores.
"""

from __future__ import annotations

import platform
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).with_name("RESULTS-mutation.md")
MODULES = ("rules", "scoring", "round_end", "round_rules")
TARGET = 0.10  # surviving share per module

# Survivors that no test can tell apart from the original, each with the reason.
EQUIVALENT = {
    "models.rules.x_ring__mutmut_2": "r - dr over the symmetric offsets -1, 0, 1 gives the same eight cells",
    "models.rules.x_ring__mutmut_3": "c - dc over the symmetric offsets -1, 0, 1 gives the same eight cells",
    "models.rules.x__is_horizontal__mutmut_12": "every non-square food is a rectangle: upright (w < h), w + 1 > h never holds either",
    "models.rules.x__is_horizontal__mutmut_15": "width >= height differs only for squares, which the caller skips",
    "models.scoring.x_uncovered_negatives__mutmut_16": "< instead of <= differs only for a resource tile filling a whole space row; wood and stone tiles are 1 x 1, rows are 3 long",
    "models.round_end.x_state_bonuses__mutmut_4": "no empty board pays a bonus, so the rewards added are always none",
    "models.round_end.x__bonus__mutmut_50": "taking no special tiles leaves the state as it is",
    "models.round_end.x__bonus__mutmut_53": "pay_cost=None is as false as pay_cost=False",
    "models.round_end.x_lay_held_tiles__mutmut_14": "skips the layout cache: the same layout is worked out again",
    "models.round_end.x_lay_held_tiles__mutmut_15": "misses the layout cache every time: the same layout is worked out again",
}


# What the figures rest on, kept beside them (edit when the tests or the code measured change).
NOTES = """\
## Notes

- Tests per mutant: only those of `pytest_add_cli_args_test_selection` that reach the mutated
  function (mutmut's own coverage). The property tests (random) and the solver and search tests
  (seconds each) are left out: they would not pin exact outcomes and would make a run last hours.
- A mutant with no test reaching it counts as surviving; a timeout counts as killed.
- Before the tests written for this run, surviving: `rules.py` 92 of 576 (16 %), `scoring.py` 17
  of 216 (7.9 %), `round_end.py` 58 of 370 (15.7 %, with tests/test_round_end.py of branch
  `rules`). The new tests: tests/test_rules_mutants.py, tests/test_scoring_mutants.py,
  tests/test_round_end_mutants.py.
- `round_end.py` and `round_rules.py` were measured on main with branch `rules` merged (the
  round engine as that branch leaves it: the held tiles laid before income, models/quick_layout.py).
- No surviving mutant showed a wrong rule in `rules.py` or `scoring.py`.
"""


def run(module: str) -> None:
    subprocess.run(["mutmut", "run", f"models.{module}*", "--max-children", "2"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def verdicts() -> dict[str, str]:
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    pairs = (line.strip().rsplit(": ", 1) for line in out.splitlines() if ": " in line)
    return {name: verdict for name, verdict in pairs}


def tally(module: str, results: dict[str, str]) -> dict:
    mine = {n: v for n, v in results.items() if n.startswith(f"models.{module}.") and v != "not checked"}
    counts = Counter(mine.values())
    alive = sorted(n for n, v in mine.items() if v not in ("killed", "timeout", "segfault"))
    return {
        "module": f"models/{module}.py",
        "total": len(mine),
        "killed": len(mine) - len(alive),
        "survived": len(alive),
        "equivalent": [n for n in alive if n in EQUIVALENT],
        "gaps": [f"{n} ({mine[n]})" for n in alive if n not in EQUIVALENT],
        "counts": dict(counts),
    }


def table(rows: list[dict]) -> str:
    lines = ["| module | mutants | killed | survived | of which equivalent | surviving rate |", "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        rate = r["survived"] / r["total"] if r["total"] else 0.0
        flag = "" if rate <= TARGET else " (over 10 %)"
        lines.append(f"| `{r['module']}` | {r['total']} | {r['killed']} | {r['survived']} | {len(r['equivalent'])} | {rate:.1%}{flag} |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    tally_only = "--tally" in argv
    modules = [m for m in argv if not m.startswith("--")] or list(MODULES)
    if not tally_only:
        for module in modules:
            print(f"mutating models/{module}.py ...", flush=True)
            run(module)
    results = verdicts()
    rows = [tally(m, results) for m in modules]
    text = table(rows)
    print(text)
    for r in rows:
        for gap in r["gaps"]:
            print("not killed:", gap)
    machine = f"{platform.machine()}, Python {platform.python_version()}, mutmut {_mutmut_version()}"
    OUT.write_text(report(rows, machine))


def report(rows: list[dict], machine: str) -> str:
    parts = [
        "# Mutation testing: rule checker, scoring, round engine",
        "",
        "Written by `python -m benchmarks.mutation` (each module: `mutmut run \"models.MODULE*\" --max-children 2`,",
        "configured in pyproject.toml's [tool.mutmut]). Surviving rate = survived / mutants; target <= 10 % per module.",
        "",
        f"Machine: {machine}.",
        "",
        table(rows),
        "",
        "## Surviving mutants that change nothing observable",
        "",
    ]
    parts += [f"- `{n}`: {EQUIVALENT[n]}" for r in rows for n in r["equivalent"]]
    gaps = [g for r in rows for g in r["gaps"]]
    parts += ["", "## Surviving mutants not yet killed", ""] + ([f"- `{g}`" for g in gaps] or ["None."])
    return "\n".join(parts) + "\n\n" + NOTES


def _mutmut_version() -> str:
    out = subprocess.run(["mutmut", "--version"], capture_output=True, text=True, check=False).stdout
    return out.strip().rsplit(" ", 1)[-1] or "?"


if __name__ == "__main__":
    main(sys.argv[1:])
