"""The fast paths of the learned value and the round search give exactly the reference numbers.

A forecast predicted in a numpy batch, shared by states the value cannot tell apart, or kept by a
round's memo across searches must equal, to the last bit, the model's prediction one position
at a time: a value off in the last place can flip a tie between two actions and change a move.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from models.record import read_record
from models.round_context import RoundContext
from models.round_rules import State, initial_state, replace, setting_for
from planner.evaluate import Evaluator
from planner.review.actions import _redated
from planner.round_memo import RoundMemo
from planner.round_search import Options, Search
from planner.value import CURRENT, versions
from planner.value.batch import BatchPredictor
from planner.value.features import features
from planner.value.model import VALUED, LearnedEvaluator, load_model

RECORD = Path(__file__).resolve().parent.parent / "examples" / "game-long.json"


def _position(index: int):
    """The start of round `index + 1`'s action phase of the example game, as the review rebuilds it."""
    record = read_record(RECORD)
    r = record.rounds[index]
    context = r.context or RoundContext(players=r.snapshot.game.players)
    snap = _redated(record.before(index), r.round)
    return initial_state(snap, context), setting_for(snap, context)


@pytest.fixture(scope="module")
def searched():
    """Round 5 of the example game (animals, ships, boards gained along the lines) searched a little."""
    s, setting = _position(4)
    search = Search(s, setting, Options(nodes=12, value=CURRENT))
    search.explore()
    states = [n for n in search.nodes() if isinstance(n, State)]
    assert len(states) > 500
    return setting, states


def _reference(setting, model, s: State) -> float:
    """The forecast one position at a time, by a fresh evaluator with nothing cached."""
    ev = LearnedEvaluator(setting, model)
    return model.predict(ev.features(s)) + ev.breeding_to_come(s)


@pytest.mark.parametrize("version", versions())
def test_a_batch_predicts_bit_for_bit_what_the_model_predicts(searched, version):
    setting, states = searched
    model = load_model(version)
    if model.position == "laid":
        states = states[::10]  # each layout is slow to work out; a tenth still covers many
    ev = LearnedEvaluator(setting, model)
    x = np.array([ev.features(s) for s in states])
    rng = np.random.default_rng(1)
    wild = x * rng.uniform(0.0, 3.0, size=x.shape) + rng.normal(scale=5.0, size=x.shape)  # far out of range: clipping
    for rows in (x, wild):
        got = BatchPredictor(model).predict(rows).tolist()
        assert got == [model.predict(list(r)) for r in rows.tolist()]


def test_the_evaluator_primed_in_batches_and_shared_by_key_equals_the_reference(searched):
    setting, states = searched
    model = load_model(CURRENT)
    ev = LearnedEvaluator(setting, model)
    for i in range(0, len(states), 90):
        ev.prime(states[i : i + 90])
    assert [ev(s) for s in states] == [_reference(setting, model, s) for s in states]
    assert ev.evaluations == len(set(states))  # counted as before: once per state valued


def test_the_value_reads_no_field_outside_its_key(searched):
    """Every other field of a state scrambled (from another state of the search, or flipped), the
    features are the same: two states with equal VALUED fields may share one forecast."""
    setting, states = searched
    others = [f.name for f in dataclasses.fields(State) if f.name not in VALUED]
    assert set(VALUED) | set(others) == {f.name for f in dataclasses.fields(State)}
    ev = LearnedEvaluator(setting, load_model(CURRENT))
    flips = {"banquet_cleared": lambda v: not v, "vikings_left": lambda v: v + 3, "weapon_draws": lambda v: (v + 1) % 4}
    for i, s in enumerate(states[::7]):
        donor = states[(i * 31 + 5) % len(states)]
        scrambled = replace(s, **{f: flips[f](getattr(s, f)) if f in flips else getattr(donor, f) for f in others})
        assert features(scrambled, setting, Evaluator(setting)) == features(s, setting, Evaluator(setting))
        assert ev(scrambled) == ev(s)


def test_searches_sharing_a_round_memo_value_and_rank_as_fresh_ones():
    """Consecutive decisions of round 3, as the review searches them: with the memo and without,
    every node of every graph has the same backed-up value and the root the same ranking."""
    s, setting = _position(2)
    memo = RoundMemo()
    options = Options(nodes=10, value=CURRENT)
    for _ in range(3):
        shared, fresh = Search(s, setting, options, memo=memo), Search(s, setting, options)
        shared.explore()
        fresh.explore()
        assert [(n, shared.children(n)) for n in shared.nodes()] == [(n, fresh.children(n)) for n in fresh.nodes()]
        vs, vf = shared.values(), fresh.values()
        assert vs == vf
        assert shared.ranked(s, vs) == fresh.ranked(s, vf)
        best = shared.ranked(s, vs)[0][3]
        s = best if isinstance(best, State) else shared.children(best)[0]
    assert memo.expansions and memo.bind(setting, ("another key",), lambda: None)[1] == {}
