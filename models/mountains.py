"""The printed mountain strips: a seeded shuffle, the strips face up at the start, phase 11.

A strip is a tuple of items, arrow end (taken first) first; see models/data/mountains.toml.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from models.data_files import load

Strip = tuple[str, ...]


def printed_strips() -> list[Strip]:
    return [tuple(s["items"]) for s in load("mountains")["strip"]]


def face_up_at_start(players: int) -> int:
    return load("mountains")["face_up_at_start"][str(players)]


def shuffled_strips(seed: int) -> list[Strip]:
    """The eight strips in the order a game seeded with `seed` turns them face up."""
    strips = printed_strips()
    random.Random(f"mountains-{seed}").shuffle(strips)
    return strips


def deal_strips(seed: int, players: int) -> tuple[list[Strip], list[Strip]]:
    """Setup: the strips face up at the start and the face-down pile (top first)."""
    strips = shuffled_strips(seed)
    n = face_up_at_start(players)
    return strips[:n], strips[n:]


def phase_11(face_up: Sequence[Strip], new_strip: Strip = ()) -> list[Strip]:
    """Take the arrow-end item off each face-up strip, drop the strips left empty, then turn the
    new strip (the top of the pile; () when the pile is empty) face up."""
    left = [strip[1:] for strip in face_up if len(strip) > 1]
    return left + ([tuple(new_strip)] if new_strip else [])


def strips_in_round(round_: int, players: int, seed: int = 0) -> list[Strip]:
    """The face-up strips in the action phase of `round_` of a game seeded with `seed`."""
    face_up, pile = deal_strips(seed, players)
    for _ in range(round_ - 1):
        face_up = phase_11(face_up, pile.pop(0) if pile else ())
    return face_up
