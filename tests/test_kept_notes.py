"""A benchmark rewriting its results file keeps the notes below the figures (benchmarks/kept_notes.py)."""

from benchmarks.kept_notes import kept_sections


def test_the_notes_from_the_first_section_on_are_kept(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text("# title\n\n| old | figures |\n\n## A study\n\ntext\n\n## An older run\n", encoding="utf-8")
    assert kept_sections(results) == "\n## A study\n\ntext\n\n## An older run\n"


def test_a_new_file_or_one_without_notes_keeps_nothing(tmp_path):
    assert kept_sections(tmp_path / "missing.md") == ""
    (tmp_path / "bare.md").write_text("# title\n\n| figures |\n", encoding="utf-8")
    assert kept_sections(tmp_path / "bare.md") == ""
