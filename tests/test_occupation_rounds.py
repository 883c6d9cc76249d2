"""Each-round gains of the occupation cards in play (`each_round` in models/data/occupation_effects.toml),
received in a phase of models/round_end.py: the Miller's silver after the feast."""

from __future__ import annotations

import pytest

from models.actions import ActionDataError
from models.occupation_cards import _effect, effects
from models.occupation_words import effect_words
from models.round_end import board_facts, end_round
from models.round_rules import replace
from tests.test_occupation_each_time import in_play


pytestmark = pytest.mark.usefixtures("occupation_data_afresh")


def ended(grain: int, cards: tuple[int, ...], last: bool = False):
    s, setting = in_play(cards)
    s = replace(s, goods=tuple(sorted({**dict(s.goods), "grain": grain}.items())))
    if last:
        s = replace(s, round=setting.last_round)
    after, feast = end_round(s, setting, board_facts(setting.snapshot), lay=None)
    assert "grain" not in dict(feast.goods_used)  # this feast leaves the grain: the count is the one held
    return after


@pytest.mark.parametrize(("grain", "silver"), [(0, 0), (1, 1), (2, 2), (3, 0), (5, 0)])
def test_the_miller_pays_for_one_or_two_grain_left_after_the_feast(grain, silver):
    assert ended(grain, (7,)).silver - ended(grain, ()).silver == silver
    assert ended(grain, (7,), last=True).silver - ended(grain, (), last=True).silver == silver  # the last round too


@pytest.mark.parametrize(
    ("each_round", "message"),
    [
        ([{"when": "before-feast", "gain": {"silver": 1}}], "'before-feast' is not one of ['after-feast']"),
        ([{"when": "after-feast", "pay": {"silver": 1}, "gain": {"silver": 2}}], "unknown keys ['pay']"),
        ([{"when": "after-feast"}], "gives something and pays nothing"),
        ([{"when": "after-feast", "counts": "grain", "steps": [{"at_least": 1, "pay": {"silver": 1}}]}], "pays nothing"),
    ],
)
def test_bad_each_round_gains_are_refused(each_round, message):
    with pytest.raises(ActionDataError) as err:
        _effect({"number": 27, "name": "Fisherman", "each_round": each_round}, "card[0]")
    assert message in str(err.value)


def test_the_each_round_gain_reads():
    assert effect_words(effects()[7]) == "after each round's feast: by grain in supply, 1+: 1 silver / 2+: 2 silver / 3+: nothing"
    assert effects()[7].lasting
