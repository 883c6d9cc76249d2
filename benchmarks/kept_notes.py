"""A results file rewritten by its benchmark keeps the notes below its latest figures.

Each RESULTS-*.md that carries notes opens with the latest run's figures and then `## ` sections
(studies, earlier runs' figures, what was measured and not kept). A run replaces only what comes
before the first such section.
"""

from __future__ import annotations

from pathlib import Path


def kept_sections(results: Path) -> str:
    """The file's sections from its first `## ` heading on, as they are ("" for a new file)."""
    if not results.exists():
        return ""
    old = results.read_text(encoding="utf-8")
    at = old.find("\n## ")
    return "" if at < 0 else old[at:]
