"""Mutation testing of the rule checker, scoring, the round engine, the rules both engines share,
the snapshot and game-record contract
and the whole-game engine (issue 8), run by hand.

Run as `python -m benchmarks.mutation [MODULE ...]` from the repository root (a module of the
whole-game engine is named `engine.effects` and so on; `engine` alone names all of them), after
`pip install -e ".[test,mutation]"`; writes benchmarks/RESULTS-mutation.md. For each module it runs
`mutmut run "models.MODULE*" --max-children 2` (configuration: [tool.mutmut] in pyproject.toml),
then counts the verdicts of `mutmut results --all true`. `--tally` only counts the last run's
results. Modules not named keep the row of their last measurement (benchmarks/RESULTS-mutation.json),
so one module can be measured again alone. A surviving mutant listed in EQUIVALENT (mutation-equivalent.toml) changes nothing
a test could observe; every other survivor is a gap in the tests. Not part of CI: a full run takes tens of minutes on two cores.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).with_name("RESULTS-mutation.md")
ROWS = OUT.with_suffix(".json")  # the last measurement of every module, merged run by run
# The whole-game engine's rule modules, in the order of their rule content (its speed plumbing,
# digest/plans/tables/geometry/layout, is not mutated): each is measured and reported alone.
ENGINE_MODULES = tuple(f"engine.{m}" for m in ("effects", "round_end", "feast", "score", "choices", "spaces", "flow", "dice", "draws"))
# The choices both engines offer (choice_rules), the printed mountain strips and exploration schedule, the
# boards and pieces (cells, income tracks, bonuses, orientations), the action spaces read from their data file,
# the occupation decks and cards (their modelled effects) and the game's fixed numbers (rounds, Vikings per round, income phases left): rules
# shared by both engines, so a mistake there is one neither engine's agreement test can see.
SHARED_MODULES = (
    "choice_rules", "mountains", "explorations", "boards", "pieces", "actions", "occupation_deck", "occupation_cards", "occupation_words", "facts",
)  # fmt: skip
# The snapshot and game-record contract: what a user types is read here before any rule sees it.
CONTRACT_MODULES = ("snapshot", "record")
MODULES = ("rules", "scoring", "round_end", "round_rules") + SHARED_MODULES + CONTRACT_MODULES + ENGINE_MODULES
TARGET = 0.10  # surviving share per module

# Survivors that no test can tell apart from the original, each with the reason (data: edit the file).
EQUIVALENT: dict[str, str] = tomllib.loads(Path(__file__).with_name("mutation-equivalent.toml").read_text(encoding="utf-8"))["equivalent"]
# What the figures rest on, printed beside them (edit when the tests or the code measured change).
NOTES = Path(__file__).with_name("mutation-notes.md").read_text(encoding="utf-8")


def run(module: str) -> None:
    subprocess.run(["mutmut", "run", f"models.{module}*", "--max-children", "2"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def verdicts() -> dict[str, str]:
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    pairs = (line.strip().rsplit(": ", 1) for line in out.splitlines() if ": " in line)
    return {name: verdict for name, verdict in pairs}


def source(module: str) -> str:
    """The file, or for a package (models/round_rules/) the folder, a module's mutants come from."""
    path = module.replace(".", "/")
    return f"models/{path}/" if (ROOT / "models" / path).is_dir() else f"models/{path}.py"


def _module_of(row: dict) -> str:
    """The module a result row measured, whether it was one file then or a package now."""
    return row["module"].removeprefix("models/").removesuffix(".py").rstrip("/").replace("/", ".")


def named(argv: list[str]) -> list[str]:
    """The modules the command line names (`engine`: every module of the whole-game engine)."""
    names = [m for m in argv if not m.startswith("--")] or list(MODULES)
    return [x for m in names for x in (ENGINE_MODULES if m == "engine" else (m,))]


def tally(module: str, results: dict[str, str]) -> dict:
    mine = {n: v for n, v in results.items() if n.startswith(f"models.{module}.") and v != "not checked"}
    counts = Counter(mine.values())
    alive = sorted(n for n, v in mine.items() if v not in ("killed", "timeout", "segfault"))
    return {
        "module": source(module),
        "total": len(mine),
        "killed": len(mine) - len(alive),
        "survived": len(alive),
        "equivalent": [n for n in alive if n in EQUIVALENT],
        "gaps": [f"{n} ({mine[n]})" for n in alive if n not in EQUIVALENT],
        "counts": dict(counts),
    }


def merged(measured: list[dict]) -> list[dict]:
    """The rows just measured replace those of the same modules; the others stay as last measured."""
    kept = {_module_of(r): r for r in (json.loads(ROWS.read_text()) if ROWS.exists() else [])}
    kept.update({_module_of(r): r for r in measured})
    order = list(MODULES)
    return sorted(kept.values(), key=lambda r: (order.index(_module_of(r)) if _module_of(r) in order else len(order), r["module"]))


def table(rows: list[dict]) -> str:
    lines = ["| module | mutants | killed | survived | of which equivalent | surviving rate |", "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        rate = r["survived"] / r["total"] if r["total"] else 0.0
        flag = "" if rate <= TARGET else " (over 10 %)"
        lines.append(f"| `{r['module']}` | {r['total']} | {r['killed']} | {r['survived']} | {len(r['equivalent'])} | {rate:.1%}{flag} |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    tally_only = "--tally" in argv
    modules = named(argv)
    if not tally_only:
        for module in modules:
            print(f"mutating {source(module)} ...", flush=True)
            run(module)
    results = verdicts()
    # a module with no mutants in mutmut's results was not measured in this tree: its last row stands
    measured = [r for r in (tally(m, results) for m in modules) if r["total"]]
    rows = merged(measured)
    print(table(measured))
    for r in measured:
        for gap in r["gaps"]:
            print("not killed:", gap)
    ROWS.write_text(json.dumps(rows, indent=1) + "\n")
    machine = f"{platform.machine()} ({os.cpu_count()} cores, shared), Python {platform.python_version()}, mutmut {_mutmut_version()}"
    OUT.write_text(report(rows, machine))


def report(rows: list[dict], machine: str) -> str:
    parts = [
        "# Mutation testing: rule checker, scoring, round engine, shared rules, snapshot and record contract, whole-game engine",
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
    parts += [f"- `{n}`: {reason(n)}" for r in rows for n in r["equivalent"]]
    gaps = [g for r in rows for g in r["gaps"]]
    parts += ["", "## Surviving mutants not yet killed", ""] + ([f"- `{g}`" for g in gaps] or ["None."])
    return "\n".join(parts) + "\n\n" + NOTES


def reason(name: str) -> str:
    """Why a survivor is equivalent. A row measured before a module was split into a package names
    its mutants by the old module (models.round_rules.x_f__mutmut_1, now
    models.round_rules.effects.x_f__mutmut_1; a helper made public lost a `_`): found by its package
    and function."""
    if name in EQUIVALENT:
        return EQUIVALENT[name]
    package, bare = name.split(".")[1], _bare(name)
    moved = [k for k in EQUIVALENT if k.split(".")[1] == package and _bare(k) == bare]
    return EQUIVALENT[moved[0]] if moved else "(reason not recorded)"


def _bare(name: str) -> str:
    return name.rsplit(".", 1)[-1].removeprefix("x").lstrip("_")


def _mutmut_version() -> str:
    out = subprocess.run(["mutmut", "--version"], capture_output=True, text=True, check=False).stdout
    return out.strip().rsplit(" ", 1)[-1] or "?"


if __name__ == "__main__":
    main(sys.argv[1:])
