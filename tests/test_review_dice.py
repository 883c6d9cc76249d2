"""How the review follows a dice action: as the record says the dice ended, or where it does not
say, the likeliest outcome after which the round's later recorded actions are all legal."""

from __future__ import annotations

from pathlib import Path

from models.record import read_record
from models.round_context import RoundContext
from models.round_rules import initial_state, legal_actions, setting_for
from planner.chance import outcomes
from planner.review.actions import CONSISTENCY_TRIES, Tries, _matches, _next_state, _redated

GAME = Path(__file__).resolve().parent.parent / "examples/game-long.json"


def trip_in_round_5():
    """Round 5 of the example game starts with a whaling trip, then upgrades the whale meat the catch brought:
    the position, its setting, the trip, and the round's recorded actions."""
    record = read_record(GAME)
    r = record.rounds[4]
    snap = _redated(record.before(4), r.round)
    context = r.context or RoundContext(players=r.snapshot.game.players)
    setting, s = setting_for(snap, context), initial_state(snap, context)
    (whaling,) = [a for a in legal_actions(s, setting) if _matches(a, r.actions[0])]
    return s, setting, whaling, r.actions


def whaling_in_round_5():
    """The trip's setting, its branches, and the round's actions after it."""
    s, setting, whaling, actions = trip_in_round_5()
    return setting, outcomes(s, whaling, setting), actions[1:]


def test_only_a_successful_trip_allows_the_rounds_later_actions():
    setting, branches, later = whaling_in_round_5()
    assert [(b.note, Tries(CONSISTENCY_TRIES).allow(b.state, setting, later)) for b in branches] == [
        ("success", True), ("success spending 1 spear", True), ("success spending 1 spear and 1 wood", True),
        ("failure (compensation taken)", False),
    ]  # fmt: skip
    assert Tries(CONSISTENCY_TRIES).allow(branches[3].state, setting, ())  # nothing later: anything goes


class Outcomes:
    """A search's chance node as _next_state reads it: (probability, fraction, note, state), likeliest first."""

    def __init__(self, branches):
        self.listed = sorted(((float(b.probability), b.probability, b.note, b.state) for b in branches), key=lambda o: -o[0])

    def outcomes(self, child):
        return self.listed


def test_the_review_follows_the_likeliest_outcome_the_record_allows():
    setting, branches, later = whaling_in_round_5()
    offered = [b for b in branches if b.note != "success"]  # without the likeliest fall, failure is likeliest
    failure = next(b for b in offered if b.note.startswith("failure"))
    assert max(offered, key=lambda b: b.probability) is failure  # 0.30 against 0.18 for each success left
    chosen = _next_state(Outcomes(offered), ("chance",), setting, later)
    assert chosen == next(b.state for b in offered if b.note == "success spending 1 spear")  # the first success


def test_with_no_outcome_allowed_or_no_tries_left_the_likeliest_is_followed():
    setting, branches, later = whaling_in_round_5()
    failure = next(b for b in branches if b.note.startswith("failure"))
    success = [b for b in branches if b.note.startswith("success")]
    assert _next_state(Outcomes([failure]), ("chance",), setting, later) == failure.state
    assert not Tries(0).allow(success[0].state, setting, later)  # the count is spent at once


def test_where_the_record_says_how_the_dice_ended_the_review_follows_them():
    """affo solo records each roll (`roll`): round 5's trip spent a spear and a wood, which the likeliest
    outcome the later actions agree with (a success spending nothing) would not have followed."""
    from models.record import RecordedRoll
    from planner.review.actions import _rolled

    s, setting, whaling, actions = trip_in_round_5()
    branches, later = outcomes(s, whaling, setting), actions[1:]
    assert actions[0].roll == RecordedRoll(True, (("spear", 1), ("wood", 1)))
    by_note = {b.note: b.state for b in branches}
    assert _rolled(s, whaling, setting, actions[0].roll) == by_note["success spending 1 spear and 1 wood"]
    assert _rolled(s, whaling, setting, RecordedRoll(False)) == by_note["failure (compensation taken)"]
    assert _rolled(s, whaling, setting, RecordedRoll(True, (("spear", 9),))) is None  # more spears than held: not followed
    assert _next_state(Outcomes(branches), ("chance",), setting, later) == by_note["success"]  # without it, the likeliest
