"""A seeded solo game played by the round planner and written as an `affo-game/1` record.

The record keeps what a reviewer needs: the start, each round's actions and the table at the
start of its action phase (`context`), the position right after each feast (the table laid
from exactly the food and silver the round engine served; the feast engine arranges it), and
the position after the end-of-game placement. Tiles are laid by the placement engine as in the
solo benchmark games. Every snapshot is checked by the rule checker (models.record), and the
reported score is models.scoring's score of the final snapshot.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from models.record import parse_record
from models.round_end import board_facts, breed, end_round, state_income
from models.round_rules import Setting, initial_state, setting_for, to_snapshot
from models.scoring import ScoreReport, score
from models.snapshot import Snapshot, dump_snapshot, parse_snapshot
from models.values import default_values

DEFAULT_NODES = 40  # states the planner expands per decision: the same seed gives the same game
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


def play_solo(seed: int, nodes: int = DEFAULT_NODES, progress: Progress | None = None, value: str | None = None,
              search: str = DEFAULT_SEARCH, rules: bool = True) -> SoloGame:
    """One long solo game from the standard setup, every decision the planner's (leaf value:
    `value`, by default the current learned model, planner/value/; `search`: one of SEARCHES,
    planner/next_round.py for "two-round"; `rules`: follow the rules of thumb, planner/rules_of_thumb.py)."""
    from planner.value import CURRENT

    from models.occupation_deck import Deck
    from planner.next_round import Memo, plan_two_rounds
    from planner.round_search import Options, plan
    from planner.solo import Layout, as_final, resync, lay_tiles, new_game, next_setting, take

    say = progress or (lambda _: None)
    snap, ctx, pile = new_game(seed)
    rng, deck = random.Random(f"dice-{seed}"), Deck(seed)
    setting = setting_for(snap, ctx)
    s = initial_state(snap, ctx)
    rounds, start = [], dump_snapshot(snap)
    options, memo = Options(nodes=nodes, value=value or CURRENT, rules_of_thumb=rules), Memo()
    while True:
        say(f"round {s.round}")
        context, actions = round_context(s), []
        for _ in range(40):
            line = plan_two_rounds(s, setting, options, memo) if search == "two-round" else plan(s, setting, options)
            if not line.steps:
                break
            a = line.steps[0].action
            actions.append({"kind": a.kind, "space": a.space, "choice": a.as_json()["choice"]})
            s = take(s, a, setting, rng, deck)
        current = to_snapshot(s, setting)
        last = s.round >= current.last_round
        laid = current if last else lay_tiles(current, Layout(), final=False)
        setting = next_setting(laid, setting)
        s = resync(s, laid)
        rounds.append({"round": s.round, "snapshot": after_feast(laid, s, setting, last), "actions": actions, "context": context})
        s, _ = end_round(s, setting, board_facts(laid), new_strip=pile.pop(0) if pile else (), lay=None)
        if last:
            say("end-of-game placement")
            final = lay_tiles(as_final(parse_snapshot(rounds[-1]["snapshot"])), Layout(), final=True)
            record = {"format": "affo-game/1", "start": start, "rounds": rounds, "final": dump_snapshot(final)}
            parse_record(record)  # every snapshot legal and no tile lost, or this raises
            return SoloGame(seed, record, score(final))


def after_feast(laid: Snapshot, s, setting: Setting, last: bool) -> dict:
    """The snapshot right after this round's feast, the table laid with what the engine served."""
    from planner.feast import plan_feast

    _, feast = end_round(s, setting, board_facts(laid), lay=None)
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
