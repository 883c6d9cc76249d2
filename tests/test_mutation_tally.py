"""benchmarks/mutation.py's tally: a module this tree did not measure keeps its last row."""

from __future__ import annotations

import json

from benchmarks import mutation


def test_a_tally_keeps_the_rows_of_modules_not_measured_here(tmp_path, monkeypatch):
    rows = tmp_path / "rows.json"
    rows.write_text(json.dumps([{"module": "models/rules.py", "total": 576, "killed": 572, "survived": 4, "equivalent": [], "gaps": [], "counts": {}}]))
    monkeypatch.setattr(mutation, "ROWS", rows)
    monkeypatch.setattr(mutation, "OUT", tmp_path / "out.md")
    monkeypatch.setattr(mutation, "verdicts", lambda: {"models.record.x_f__mutmut_1": "killed", "models.record.x_f__mutmut_2": "survived"})
    monkeypatch.setattr(mutation, "_mutmut_version", lambda: "3")
    mutation.main(["--tally"])
    kept = {r["module"]: (r["total"], r["survived"]) for r in json.loads(rows.read_text())}
    assert kept == {"models/rules.py": (576, 4), "models/record.py": (2, 1)}
