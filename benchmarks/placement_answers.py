"""Every benchmark case and objective's answer as JSON, to check that a speed-up changes none.

Run: PYTHONPATH=. python benchmarks/placement_answers.py OUT.json [--cases late,five] [--work-limit 10]
then compare two outputs with `diff`. Records each place() result's status, objective, bound,
placements and resources, and every lexicographic solve's level values, bound and status (the
tie-break's too), with the CPU and wall seconds and CP-SAT work of each run on the side.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "benchmarks"))  # after the root: benchmarks/planner.py would shadow the package

import planner.placement.solve as solve_module  # noqa: E402
from placement import OBJECTIVES, cases  # noqa: E402
from planner.placement import Settings, place  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--cases", default="")
    parser.add_argument("--objectives", default=",".join(OBJECTIVES))
    parser.add_argument("--work-limit", type=float, default=10.0)
    parser.add_argument("--protos", action="store_true", help="also a digest of every CP-SAT model, hint and parameters and every LP bound (slow)")
    args = parser.parse_args()
    words = [w for w in args.cases.split(",") if w]
    solves: list[dict] = []
    original = solve_module.solve_lexicographic

    def recorded(model, levels, params, read, *rest, **kw):
        answer = original(model, levels, params, read, *rest, **kw)
        solves.append({"levels": [lv.name for lv in levels], "status": answer.status, "values": answer.values, "bound": answer.bound})
        return answer

    solve_module.solve_lexicographic = recorded
    digests: list[str] = []
    if args.protos:
        record_models(digests)
    answers, timings = {}, {}
    for name, snapshot in cases().items():
        if words and not any(w in name for w in words):
            continue
        for objective in args.objectives.split(","):
            solves.clear()
            digests.clear()
            wall, cpu = time.perf_counter(), time.process_time()
            res = place(snapshot, Settings(objective=objective, work_limit=args.work_limit)).result
            key = f"{name} / {objective}"
            timings[key] = {"wall": round(time.perf_counter() - wall, 2), "cpu": round(time.process_time() - cpu, 2), "work": round(res.work, 2)}
            answers[key] = {
                "status": res.status, "objective": res.objective, "bound": res.bound, "income": res.income_after,
                "bonus": res.bonus_value_after, "gain": res.final_gain, "tie_break": res.tie_break, "cuts": res.cuts,
                "placements": [[b, p.model_dump(mode="json")] for b, p in res.placements],
                "resources": {str(k): v for k, v in res.resources.items()}, "solves": list(solves),
            } | ({"models": list(digests)} if args.protos else {})  # fmt: skip
            print(key, timings[key], file=sys.stderr, flush=True)
    Path(args.out).write_text(json.dumps(answers, indent=1, sort_keys=True, default=str) + "\n")
    Path(args.out).with_suffix(".times.json").write_text(json.dumps(timings, indent=1) + "\n")


def record_models(digests: list[str]) -> None:
    """Each CP-SAT solve's model (hint included) and parameters, and each certified LP bound, as a
    digest: the same digests mean CP-SAT and GLOP were handed exactly the same problems."""
    from ortools.sat.python import cp_model

    import planner.lp_bound as lp_module

    def digest(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    solve = cp_model.CpSolver.solve

    def recorded_solve(self, model, callback=None):
        digests.append("cp-sat " + digest(str(model.proto) + str(self.parameters)))
        return solve(self, model, callback)

    certify = lp_module.certify

    def recorded_certify(*args, **kw):
        out = certify(*args, **kw)
        digests.append("lp " + digest(repr((out.bound, out.reduced, out.domains))))
        return out

    cp_model.CpSolver.solve, lp_module.certify = recorded_solve, recorded_certify


if __name__ == "__main__":
    main()
