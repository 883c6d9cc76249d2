"""A seeded solo game played by the round planner and written as an `affo-game/1` record.

The record keeps what a reviewer needs: the start, each round's actions (with the occupation
card each draw turned up and how each dice action ended), the weapon card drawn at its start and the table at the start of its action phase (`context`), the position right after each feast (the table laid
from exactly the food and silver the round engine served; the feast engine arranges it), and
the position after the end-of-game placement. The game is planner/solo.py's `play_game` with
the planner as its policy, tiles laid by the placement engine as in the solo benchmark games;
the record is what `_Recorder` sees of it. Every snapshot is checked by the rule checker
(models.record), and the reported score is models.scoring's score of the final snapshot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from models.occupation_cards import record_name
from models.record import RecordedRoll, parse_record
from models.round_end import Feast, board_facts, breed, state_income
from models.round_rules import Action, Setting, State
from models.round_rules.bundles import last_weapon_drawn
from models.scoring import ScoreReport, score
from models.snapshot import Snapshot, dump_snapshot, parse_snapshot
from models.values import default_values
from planner.round_search import LAST_ROUND_FACTOR, PLAYER_NODES
from planner.solo import Watcher, new_game, play_game, search_policy

SEARCHES = ("round", "two-round")  # this round's actions valued at its end; or its best lines carried into the next round
DEFAULT_SEARCH = "two-round"  # measured stronger at 20 and 40 states a decision (benchmarks/RESULTS-strength.md)
Progress = Callable[[str], None]


@dataclass(frozen=True)
class SoloGame:
    seed: int
    record: dict
    report: ScoreReport

    def as_json(self) -> dict:
        return {"seed": self.seed, "score": self.report.total, "breakdown": self.report.breakdown, "income": self.report.income}


def play_solo(seed: int, nodes: int = PLAYER_NODES, progress: Progress | None = None, value: str | None = None,
              search: str = DEFAULT_SEARCH, rules: bool = True) -> SoloGame:
    """One long solo game from the standard setup, every decision the planner's (leaf value:
    `value`, by default the current learned model, planner/value/; `search`: one of SEARCHES,
    planner/next_round.py for "two-round"; `rules`: follow the rules of thumb, planner/rules_of_thumb.py)."""
    from planner.value import CURRENT

    recorder = _Recorder(progress or (lambda _: None), dump_snapshot(new_game(seed)[0]))
    result = play_game(search_policy(nodes, value or CURRENT, search, rules=rules, last_round_factor=LAST_ROUND_FACTOR), seed, watch=recorder)
    record = {"format": "affo-game/1", "start": recorder.start, "rounds": recorder.rounds, "final": dump_snapshot(result.final)}
    parse_record(record)  # every snapshot legal and no tile lost, or this raises
    return SoloGame(seed, record, score(result.final))


class _Recorder(Watcher):
    """The record's rounds as the game is played: the table as each action phase starts, its
    actions, the position right after its feast."""

    def __init__(self, say: Progress, start: dict):
        self.say, self.start, self.rounds = say, start, []

    def round_starts(self, s: State) -> None:
        self.say(f"round {s.round}")
        self.context, self.actions, self.weapon = round_context(s), [], last_weapon_drawn(s)

    def played(self, a: Action) -> None:
        self.actions.append({"kind": a.kind, "space": a.space, "choice": a.as_json()["choice"]})

    def drew(self, card: int) -> None:
        self.actions[-1]["drawn"] = record_name(card)  # the review rebuilds the hand with it

    def rolled(self, outcome) -> None:
        self.actions[-1]["roll"] = RecordedRoll(outcome.success, outcome.spent, outcome.result).as_json()  # the review follows the dice

    def round_ends(self, s: State, setting: Setting, laid: Snapshot, last: bool, feast: Feast) -> None:
        snapshot = after_feast(laid, s, feast, last)
        weapon = {"weapon": self.weapon} if s.round > 1 else {}  # round 1's is in the start position
        self.rounds.append({"round": s.round, "snapshot": snapshot, "actions": self.actions, "context": self.context} | weapon)
        if last:
            self.say("end-of-game placement")

    def end_position(self, end: Snapshot) -> Snapshot:
        """The table laid for the last feast, as the record has it (play_game's own start is
        the round engine's end of the game)."""
        return parse_snapshot(self.rounds[-1]["snapshot"])


def after_feast(laid: Snapshot, s: State, feast: Feast, last: bool) -> dict:
    """The snapshot right after this round's feast, the table laid with what the engine served."""
    from planner.feast import plan_feast

    data = dump_snapshot(laid)
    player = data["player"]
    income = 0 if last else state_income(s, board_facts(laid))
    goods = dict(breed(tuple(sorted(laid.player.goods.items()))))
    served = dict(feast.goods_used)
    menu = dict(data) | {"player": dict(player, goods=served, silver=feast.silver_used, banquet={"placements": []})}
    table = plan_feast(parse_snapshot(menu), default_values())
    player["goods"] = {g: n - table.used.get(g, 0) for g, n in goods.items() if n - table.used.get(g, 0) > 0}
    player["silver"] = laid.player.silver + income - table.silver_used
    player["thing_penalties"] = laid.player.thing_penalties + table.penalties
    player["banquet"] = {"placements": [p.model_dump(mode="json") for p in table.existing + table.placements]}
    return data


def round_context(s) -> dict:
    """The table at the start of an action phase, as a round context (for judging the actions)."""
    return {
        "taken": sorted(s.taken),
        "mountains": [list(m) for m in s.mountains],
        "explorations_available": dict(s.explorations),
        "specials_left": list(s.specials_left),
        "buildings_left": dict(s.buildings_left),
        "players": 1,
    }
