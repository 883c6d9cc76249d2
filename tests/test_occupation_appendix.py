"""The occupation card list (models/data/occupations.toml) against the game's official English
Appendix, read card by card when the reference folder sits beside the repository: every card's
number, deck letter, name and printed points, and what the decks hold as a result."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from models.data_files import load
from models.engine.draws import occupation_draw
from models.occupation_deck import START, cards

APPENDIX = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "affo" / "appendix-en.txt"
CARDS = 190
POINTS = re.compile(r"^[-\u2013\u2212]?\d+$")  # a hyphen, en dash or minus sign before a negative value


def _card_header(text: str, number: int, start: int) -> tuple[str, str, int, int]:
    """Card `number`'s deck letter, name and points, and where its header ends. The header is the
    number, the deck letter, the name's words, then the points: the first whole-number word (the
    name may run over several lines, a word split by a hyphen at a line end)."""
    found = re.compile(rf"^{number} ([AaBbCc])\s", re.M).search(text, start)
    assert found, f"card {number} not found in the Appendix"
    words: list[str] = []
    for word in re.finditer(r"\S+", text[found.end() :]):
        if POINTS.match(word[0]):
            points = int(word[0].replace("\u2013", "-").replace("\u2212", "-"))
            return found[1], " ".join(words).replace("\u2019", "'"), points, found.end() + word.end()
        if words and words[-1].endswith("-") and word[0][0].islower():
            words[-1] = words[-1][:-1] + word[0]
        else:
            words.append(word[0])
    raise AssertionError(f"card {number} has no points in the Appendix")


def appendix_cards(text: str) -> list[dict]:
    """Every card of the Appendix's card index, in number order (each searched after the last)."""
    at = text.index("Nb. Deck Name Points")
    out = []
    for number in range(1, CARDS + 1):
        deck, name, points, at = _card_header(text, number, at)
        out.append({"number": number, "deck": deck, "points": points, "name": name})
    return out


@pytest.fixture(scope="module")
def appendix() -> list[dict]:
    if not APPENDIX.exists():
        pytest.skip(f"no Appendix at {APPENDIX}")
    return appendix_cards(APPENDIX.read_text(encoding="utf-8"))


def test_every_card_matches_the_appendix(appendix):
    data = load("occupations")["card"]
    assert len(data) == CARDS
    wrong = [(mine, printed) for mine, printed in zip(data, appendix) if mine != printed]
    assert not wrong


def test_the_appendix_decks_by_printed_points(appendix):
    # counted by hand from the Appendix as well: the Chief alone prints 7; Pirate, Innkeeper and
    # Warmonger -1 and Beach Raider -2 in the draw deck, Undertaker -1 in the starting deck
    draw = Counter(c["points"] for c in appendix if c["deck"].isupper())
    start = Counter(c["points"] for c in appendix if c["deck"].islower())
    assert draw == {-2: 1, -1: 3, 0: 33, 1: 49, 2: 37, 3: 21, 7: 1}
    assert start == {-1: 1, 0: 12, 1: 16, 2: 13, 3: 3}
    negative = sorted(c["name"] for c in appendix if c["points"] < 0)
    assert negative == ["Beach Raider", "Innkeeper", "Pirate", "Undertaker", "Warmonger"]


def test_the_decks_are_read_from_the_card_list():
    # no Appendix needed: what the solo decks and the engine's chance node hold
    data = load("occupations")["card"]
    assert [c["number"] for c in data] == list(range(1, CARDS + 1))
    assert {c["deck"] for c in data} == set("AaBbCc")
    assert Counter(cards()) == Counter(c["points"] for c in data if c["deck"].isupper())
    assert Counter(cards(START)) == Counter(c["points"] for c in data if c["deck"].islower())
    assert occupation_draw() == tuple((Fraction(n, 145), p) for p, n in sorted(Counter(cards()).items()))
