"""A round's actions, each against the planner's choice at that moment (an estimate).

The round's action phase is rebuilt from the previous round's snapshot (re-dated to this round)
and the round's `context` when the record gives one (spaces taken, mountain strips). At each
recorded action the round planner searches the position under a fixed node budget. By default
("search") every legal action of the root gets a backed-up value from that one search, so the
recorded action and the search's favourite are valued alike. As the player ("player"), the
position is searched as affo solo's player searches it: four times the states in the last
round, and before it the root's best choices and the played action each scored by a search of
the round after its line (planner/next_round.py), so a game the planner played is judged its
own best where the position is rebuilt exactly. Where the planner follows a rule of thumb
(planner/rules_of_thumb.py), its choice is the rule's move, valued by a search that plans the
rest of the round behind it; where a choice rule turned a choice the search ranks above the played
one into the played one, the played one is the planner's own too. After a dice action the review
follows the dice as the record says they ended (`roll`, as affo solo records it); where it does not
say, the likeliest outcome after which the round's later recorded actions are all legal (a whaling
trip that failed cannot be followed by upgrading the oil it would have brought), the likeliest of
all where none or too many ways must be tried. All of it is the planner's estimate, never a proof,
and is labelled so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from models.record import GameRecord, RecordedAction, RoundRecord
from models.snapshot import Snapshot, dump_snapshot, parse_snapshot

from planner.round_search import PLAYER_NODES as NODES  # per judged action: affo solo's budget

# Ways of using the round's later recorded actions tried, at most, before a dice outcome is taken as
# consistent with them (a count, not a clock: the same record gives the same review); past it the
# likeliest outcome is followed, as when none is consistent.
CONSISTENCY_TRIES = 2000

# How an action is judged: "search", the round search at NODES states, every choice valued by the one search (the
# default: a long game's review in under 10 s); "player", as affo solo's player chooses (about twice the time).
JUDGES = ("search", "player")


@dataclass(frozen=True)
class Judging:
    """How one round's actions are judged: the budget, as which judge, and the searches its actions share."""

    nodes: int
    as_player: bool
    memo: object  # planner.round_memo.RoundMemo: each action's search starts where the last one's graph led
    ahead: object | None  # planner.next_round.Memo, as the player: next rounds already searched are not searched again
    exact: bool = False  # a recorded choice the position does not offer stops the judging (no space's best use instead)


@dataclass(frozen=True)
class ActionJudgement:
    played: str
    value: float
    best: str
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.value)

    def as_json(self) -> dict:
        return {"played": self.played, "value": round(self.value, 2), "best": self.best,
                "best_value": round(self.best_value, 2), "loss": round(self.loss, 2), "estimate": True}  # fmt: skip


@dataclass(frozen=True)
class ActionsReview:
    judged: tuple[ActionJudgement, ...]
    stopped: str | None  # why judging stopped before the round's last action, if it did

    @property
    def missed_points(self) -> float:
        return sum(j.loss for j in self.judged)

    def as_json(self) -> dict:
        return {"judged": [j.as_json() for j in self.judged], "stopped": self.stopped, "missed_estimate": round(self.missed_points, 2)}


def review_actions(record: GameRecord, index: int, nodes: int = NODES, judge: str = "search") -> ActionsReview | None:
    """Judge round `index`'s recorded actions (`judge`: one of JUDGES); None when the record has none for that round."""
    if judge not in JUDGES:
        raise ValueError(f"judge must be one of {', '.join(JUDGES)}, not {judge!r}")
    r = record.rounds[index]
    before = record.before(index)
    if r.actions is None:
        return None
    if before is None:
        return ActionsReview((), "the record has no start position to replay round 1 from")
    from models.round_context import RoundContext

    context = r.context or RoundContext(players=r.snapshot.game.players)
    snap = _redated(before, r.round)
    if index > 0:  # judged as affo solo's player sees the position: the tiles held laid (planner/held_tiles.py)
        from planner.solo import Layout, lay_tiles

        seen = _judged_round(lay_tiles(snap, Layout(), final=False), context, r, nodes, judge, True, exact=True)
        if seen.stopped is None:
            return seen
    return _judged_round(snap, context, r, nodes, judge, index > 0)


def _judged_round(snap: Snapshot, context, r: RoundRecord, nodes: int, judge: str, after_feast: bool, exact: bool = False) -> ActionsReview:
    """Round `r`'s actions judged one by one from `snap` (dated the round; `after_feast`: the last round's
    position right after its feast, taken through the phases between first; `exact`: Judging's)."""
    from models.round_end import after_recorded_feast, board_facts
    from models.round_rules import initial_state, setting_for
    from planner.next_round import Memo
    from planner.round_memo import RoundMemo

    setting = setting_for(snap, context)
    s = initial_state(snap, context)
    if after_feast:
        s = after_recorded_feast(s, setting, board_facts(snap), r.weapon)
    how = Judging(nodes, judge == "player", RoundMemo(), Memo() if judge == "player" else None, exact)
    judged, actions = [], r.actions
    for k, recorded in enumerate(actions):
        if recorded.kind == "pass":
            break
        found = _judge(s, setting, recorded, how, actions[k + 1 :])
        if isinstance(found, str):
            return ActionsReview(tuple(judged), found)
        judgement, s = found
        judged.append(judgement)
    return ActionsReview(tuple(judged), None)


def _redated(before: Snapshot, round_: int) -> Snapshot:
    """The previous round's position at the start of `round_` (its Viking count from the round)."""
    data = dump_snapshot(before)
    data.setdefault("game", {})["round"] = round_
    data["player"].pop("vikings", None)
    data["player"].setdefault("banquet", {})["placements"] = []
    return parse_snapshot(data)


def _judge(s, setting, recorded: RecordedAction, how: Judging, later: tuple[RecordedAction, ...]):
    from planner.round_search import LAST_ROUND_FACTOR, Options, Search, player_nodes
    from planner.rules_of_thumb import rule_move
    from planner.value import CURRENT

    nodes = how.nodes
    if how.as_player:
        nodes = player_nodes(nodes, s.round, setting.last_round, LAST_ROUND_FACTOR)  # affo solo's budget at this round
    options = Options(nodes=nodes, value=CURRENT)  # judged by the value the planner plays with
    rule = rule_move(s, setting)
    ruled = _ruled_best(s, setting, options, rule, how.memo) if rule else None
    if ruled and _matches(ruled[2], recorded):  # the planner's own move: no other search needed
        value, _, action, child, search = ruled
        return ActionJudgement(action.label, value, f"{action.label} ({rule.reason})", value), _after(search, child, action, recorded, later)
    search = Search(s, setting, options, memo=how.memo)
    search.explore()  # the root's choices are valued below; no plan is needed
    value = search.values()
    edges = [e for e in search.ranked(s, value) if e[2].kind != "pass"]  # best first
    played = played_edge(edges, recorded, exact=how.exact)
    if played is None:
        return f"{_describe(recorded)} is not a legal action in the rebuilt position"
    chosen = None if ruled else _made_by_choice_rule(s, setting, edges, played)
    if ruled:
        judgement = ActionJudgement(played[2].label, played[0], f"{ruled[2].label} ({rule.reason})", ruled[0])
    elif chosen:
        judgement = ActionJudgement(played[2].label, played[0], f"{played[2].label} ({chosen.reason})", played[0])
    elif how.as_player:
        judgement = _against_the_player(search, setting, options, value, edges, played, how.ahead)
    else:
        judgement = _against_the_search(edges, played)
    return judgement, _after(search, played[3], played[2], recorded, later)


def _against_the_search(edges, played) -> ActionJudgement:
    """The played action against the search's favourite, both valued by the one search."""
    best_value, _, best_action, _ = edges[0]
    return ActionJudgement(played[2].label, played[0], best_action.label, best_value)


def _against_the_player(search, setting, options, value, edges, played, ahead) -> ActionJudgement:
    """The played action against the choice affo solo's player makes here: before the last round
    the root's best choices and the played one are each scored by the next round's search, as
    the player scores its choices (planner/next_round.py); in the last round, or where the round
    leaves one choice, by the round search alone."""
    from planner.next_round import PASS_NOW, Candidate, line_end, score_choice, two_round_choice

    chosen = None if search.root.round >= setting.last_round else two_round_choice(search, setting, options, ahead)
    if chosen is None:
        return _against_the_search(edges, played)
    best, _ = chosen
    mine, _ = score_choice(search, Candidate(played[2], played[0], line_end(search, value, played[3])), setting, options, ahead)
    best_label = "pass: end the round's actions here" if best.first is PASS_NOW else best.first.label
    if mine.score > best.score:  # a choice the player did not weigh, better by its own measure
        best, best_label = mine, played[2].label
    return ActionJudgement(played[2].label, mine.score, best_label, best.score)


def _made_by_choice_rule(s, setting, edges, played):
    """The choice rule's move (planner/rules_of_thumb.py's `Choice`) when it turns a choice the search ranks
    at or above the played one into the played one, else None."""
    from planner.rules_of_thumb import choice_move

    for edge in edges:
        made = choice_move(s, edge[2], setting)
        if made is not None and made.action == played[2]:
            return made
        if edge is played:
            return None
    return None


def _ruled_best(s, setting, options, rule, memo=None):
    """Where the planner follows a rule of thumb, its choice: the rule's move, valued by a search
    that plans the rest of the round behind it (value, order, action, child, search)."""
    from planner.round_search import Search

    search = Search(s, setting, options, rule=rule, memo=memo)
    search.explore()
    (value, order, action, child), = search.ranked(s, search.values())
    return value, order, action, child, search


def _matches(action, recorded: RecordedAction) -> bool:
    if action.kind != recorded.kind or action.space != recorded.space:
        return False
    if not recorded.choice:
        return True  # the record names the space only: the best way to use it
    return json.loads(json.dumps(action.as_json()["choice"])) == recorded.choice


def played_edge(edges: list, recorded: RecordedAction, exact: bool = False):
    """The root edge (value, order, action, child; best first) the recorded action took (`exact`: only with its
    recorded choice, or the same play naming no card)."""
    matching = [e for e in edges if _matches(e[2], recorded)]
    if not matching:  # a card drawn during the round is not in the rebuilt hand: the same play, naming no card
        matching = [e for e in edges if _matches(e[2], _naming_no_card(recorded)) and not e[2].chosen("cards")]
    if not matching and not exact:  # the choice is not open here (the record does not show it all): the space's best use
        matching = [e for e in edges if _matches(e[2], RecordedAction(recorded.kind, recorded.space, {}))]
    return matching[0] if matching else None


def _naming_no_card(recorded: RecordedAction) -> RecordedAction:
    """The recorded action with the occupation cards its play names, and their purchases, left out."""
    choice = {k: v for k, v in recorded.choice.items() if k not in ("cards", "buys")}
    return RecordedAction(recorded.kind, recorded.space, choice)


def _after(search, child, action, recorded: RecordedAction, later: tuple[RecordedAction, ...]):
    """The state the recorded action led to: with the card its draw turned up where the record
    names it (the search drew one unseen), its dice as the record says they ended, else the
    likeliest outcome the later recorded actions agree with (a card drawn on a whaling trip is then
    in hand for the play that names it)."""
    from planner.chance import outcomes

    s, setting = search.root, search.setting
    drawn = _with_drawn(s, setting, action, recorded) if recorded.drawn else None
    taken, at = drawn or (action, setting)
    if recorded.roll and (rolled := _rolled(s, taken, at, recorded.roll)) is not None:
        return rolled
    if drawn:
        return _agreeing([b.state for b in sorted(outcomes(s, taken, at), key=lambda b: -b.probability)], setting, later)
    return _next_state(search, child, setting, later)


def _with_drawn(s, setting, action, recorded: RecordedAction):
    """The action as played with the drawn card (`action`, or the recorded play if the card makes it legal) and
    the setting that draws it; None where the record names it by a name two cards print."""
    from dataclasses import replace

    from models.occupation_cards import card_drawn
    from models.round_rules import legal_actions

    card = card_drawn(recorded.drawn)
    if card is None:
        return None
    drawn = replace(setting, drawn_card=card.number)
    return next((a for a in legal_actions(s, drawn) if _matches(a, recorded)), action), drawn


def _next_state(search, child, setting, later: tuple[RecordedAction, ...]):
    """The state after the action: for dice, the likeliest outcome the later recorded actions agree with."""
    from models.round_rules import State

    if isinstance(child, State):
        return child
    return _agreeing([outcome[3] for outcome in search.outcomes(child)], setting, later)  # likeliest first


def _rolled(s, action, setting, roll):
    """The state after `action` with its dice ending as recorded (models.record's RecordedRoll); None where they
    cannot have ended so here (no dice, items spent that are not held, a raid's success reaching no tile)."""
    from models.round_rules import PendingRoll, apply, resolve_roll

    pending = apply(s, action, setting)
    if not isinstance(pending, PendingRoll):
        return None
    held = dict(pending.spendables)
    if any(n > held.get(name, 0) for name, n in roll.spent):
        return None
    if roll.success and pending.roll.aim != "low" and (roll.result is None or not any(sw <= roll.result for sw, _ in pending.tiles)):
        return None  # a raid's success names its result, and the result reaches a tile
    return resolve_roll(pending, roll.success, roll.spent if roll.success else (), roll.result, setting)


def _agreeing(states: list, setting, later: tuple[RecordedAction, ...]):
    """Of a dice action's outcomes, likeliest first, the first after which the later recorded actions can all be
    taken (the likeliest of all where none can, or past CONSISTENCY_TRIES)."""
    if len(states) == 1:
        return states[0]
    tries = Tries(CONSISTENCY_TRIES)
    return next((state for state in states if tries.allow(state, setting, later)), states[0])


@dataclass
class Tries:
    """Ways of taking the round's later recorded actions left to try (shared by every outcome tried)."""

    left: int

    def allow(self, s, setting, later: tuple[RecordedAction, ...]) -> bool:
        """Whether the recorded actions `later` can all be taken in turn from `s`, the dice falling
        some way; False also once the tries run out."""
        from models.round_rules import legal_actions
        from planner.chance import outcomes

        if not later or later[0].kind == "pass":
            return True
        for action in legal_actions(s, setting):
            if not _matches(action, later[0]):
                continue
            for branch in outcomes(s, action, setting):
                self.left -= 1
                if self.left < 0:
                    return False
                if self.allow(branch.state, setting, later[1:]):
                    return True
        return False


def _describe(recorded: RecordedAction) -> str:
    return f"{recorded.kind} {recorded.space}".strip()
