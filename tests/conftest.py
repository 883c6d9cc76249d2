"""Fixtures a test file asks for by name (`pytestmark = pytest.mark.usefixtures(...)`)."""

import pytest


@pytest.fixture
def occupation_data_afresh():
    """The occupation data is parsed once a process: each test asking for this parses it again, so a fault in the
    parser shows in the test that meets it (mutation testing relies on it: benchmarks/mutation-notes.md)."""
    from models.occupation_cards import effects

    effects.cache_clear()
    yield
    effects.cache_clear()
