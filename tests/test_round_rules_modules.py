"""The round engine's layout (models/round_rules/): each module short, no private helper imported
across modules, no import cycle, and every name callers knew still importable from the package."""

import ast
from pathlib import Path

import models.round_rules as round_rules

PACKAGE = Path(round_rules.__file__).parent
FILES = sorted(PACKAGE.glob("*.py"))


def sibling_imports(path: Path) -> list[tuple[str, str]]:
    """(sibling module, name) for every `from models.round_rules.X import name` in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.module.rsplit(".", 1)[1], a.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("models.round_rules.")
        for a in node.names
    ]


def test_the_package_is_split_into_short_modules():
    lengths = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in FILES}
    assert len(lengths) >= 8 and max(lengths.values()) <= 400, lengths


def test_no_private_helper_is_imported_across_modules():
    assert [(p.name, m, n) for p in FILES for m, n in sibling_imports(p) if n.startswith("_")] == []


def test_the_modules_import_no_cycle():
    graph = {p.stem: {m for m, _ in sibling_imports(p)} for p in FILES if p.stem != "__init__"}

    def reaches(start: str, goal: str, seen: frozenset) -> bool:
        return any(nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})) for nxt in graph[start])

    assert [m for m in graph if reaches(m, m, frozenset())] == []


def test_the_names_callers_import_are_still_there():
    known = {
        "Action", "Counts", "EXTRA_VALUES", "PASS", "PendingRoll", "Setting", "State", "WEAPON_CYCLE", "apply",
        "blue_tiles", "bundle_value", "face_up_explorations", "gain", "initial_state", "legal_actions", "outcome",
        "pay", "pending_roll", "replace", "resolve_roll", "setting_for", "ship_models", "taken_tile", "to_snapshot",
        "upgraded",
    }  # fmt: skip
    assert known <= set(round_rules.__all__) and all(hasattr(round_rules, n) for n in known)
