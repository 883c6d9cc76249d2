"""The engine's layout: one job per module, each short, no private helper imported across
modules, no import cycle among them."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "models" / "engine"
FILES = sorted(ENGINE.glob("*.py")) + [ROOT / "planner" / "affo_game.py", ROOT / "planner" / "engine_record.py"]


def imports(path: Path) -> list[tuple[str, list[str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
    return out


def test_every_module_is_under_400_lines():
    long = {p.name: n for p in FILES if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert long == {}


def test_no_private_helper_is_imported_across_modules():
    private = [(p.name, m, n) for p in FILES for m, names in imports(p) for n in names if n.startswith("_")]
    assert private == []


def test_the_engine_modules_import_no_cycle():
    graph = {p.stem: {m.rsplit(".", 1)[1] for m, _ in imports(p) if m.startswith("models.engine.")} for p in ENGINE.glob("*.py")}
    for names in (graph.values()):
        names.discard("__init__")

    def reaches(start: str, goal: str, seen: set) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    assert [m for m in graph if reaches(m, m, set())] == []


def test_the_engine_uses_no_pydantic_or_networkx_in_its_hot_loop():
    hot = ("state", "choices", "effects", "dice", "draws", "feast", "geometry", "layout", "round_end", "flow", "spaces", "tables")
    for name in hot:
        for module, _ in imports(ENGINE / f"{name}.py"):
            assert not module.startswith(("pydantic", "networkx", "models.snapshot")), (name, module)
