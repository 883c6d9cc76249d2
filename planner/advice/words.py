"""The game's things in plain words: names, amounts and lists as a player says them."""

from __future__ import annotations

from collections.abc import Iterable

from models.actions import EXPLORATION_BOARDS

# Printed names that hyphens or lower case would spoil.
PROPER = {"faroe-islands": "the Faroe Islands", "english-crown": "the English crown"}


def name(thing: str) -> str:
    """'game-meat' -> 'game meat'; exploration boards take their printed capitals."""
    if thing in PROPER:
        return PROPER[thing]
    words = thing.replace("-", " ")
    return words.title() if thing in EXPLORATION_BOARDS else words


def amount(n: int, thing: str) -> str:
    """Goods, resources and silver as counted on the table: '2 stone', '1 whale meat'."""
    return f"{n} {name(thing)}"


def counted(n: int, thing: str) -> str:
    """Ships, buildings, weapons and tiles as objects: 'a whaling boat', '2 bows', 'Shetland'."""
    word = name(thing)
    if n != 1:
        return f"{n} {plural(word)}"
    if word.startswith("the ") or thing in EXPLORATION_BOARDS:
        return word
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def plural(word: str) -> str:
    if word.endswith(("s", "sh", "ch", "x")):
        return word + "es"
    return word + "s"


def listing(items: Iterable[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def faces(values: Iterable[int]) -> str:
    """Die faces as ranges: [1, 2, 3, 5] -> '1-3, 5'."""
    runs: list[list[int]] = []
    for v in sorted(values):
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(f"{r[0]}" if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
