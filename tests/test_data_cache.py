"""The cache of parsed data files hands out exactly what tomllib reads, and never for another text."""

import marshal
import tomllib

import pytest

from models import data_cache
from models.data_files import load, names_in, read, text

SOURCE = 'names = ["shed"]\nkind = "shed"\n'


@pytest.fixture
def cache_in(tmp_path, monkeypatch):
    monkeypatch.setattr(data_cache, "CACHE", tmp_path / "__pycache__")
    return tmp_path / "__pycache__"


def test_a_miss_parses_and_stores_then_a_hit_reads_the_store(cache_in):
    assert data_cache.parsed_toml("boards/x", SOURCE) == tomllib.loads(SOURCE)
    stored = data_cache.cache_file("boards/x")
    assert stored.parent == cache_in and marshal.loads(stored.read_bytes()) == (SOURCE, tomllib.loads(SOURCE))
    stored.write_bytes(marshal.dumps((SOURCE, {"names": ["from the cache"]})))
    assert data_cache.parsed_toml("boards/x", SOURCE) == {"names": ["from the cache"]}


def test_an_edited_text_is_parsed_afresh(cache_in):
    data_cache.parsed_toml("game", SOURCE)
    edited = SOURCE.replace("shed", "stone-house")
    assert data_cache.parsed_toml("game", edited) == tomllib.loads(edited)
    assert data_cache.parsed_toml("game", SOURCE) == tomllib.loads(SOURCE)


@pytest.mark.parametrize("blob", [b"", b"\x00garbage", marshal.dumps("no pair"), marshal.dumps((SOURCE, ["not a table"]))])
def test_a_broken_cache_file_costs_only_a_reparse(cache_in, blob):
    cache_in.mkdir()
    data_cache.cache_file("x").write_bytes(blob)
    assert data_cache.parsed_toml("x", SOURCE) == tomllib.loads(SOURCE)


def test_an_unwritable_cache_still_answers(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setattr(data_cache, "CACHE", blocker / "__pycache__")  # cannot be made: a file is in the way
    assert data_cache.parsed_toml("x", SOURCE) == tomllib.loads(SOURCE)
    assert data_cache.parsed_toml("x", 'when = 1979-05-27\n') == tomllib.loads('when = 1979-05-27\n')


def test_every_data_file_reads_as_tomllib_reads_it():
    for name in ["game", "pieces", "blue_sword_values", *(f"boards/{b}" for b in names_in("boards"))]:
        assert load(name) == tomllib.loads(text(name)), name


def test_the_action_spaces_read_through_the_cache_as_tomllib_reads_them():
    """action_spaces.toml has its own checker, so it is `read` (parsed, cached), not `load`ed."""
    assert read("action_spaces") == tomllib.loads(text("action_spaces"))
    assert len(read("action_spaces")["space"]) == 61
