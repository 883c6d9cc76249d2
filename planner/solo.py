"""Seeded solo games (long game) played to the end by a policy, for the benchmark and tests.

Solo rules (Korean/Chinese rulebooks, "solo game"): a player's Vikings of the previous round
stay on their action spaces and block them for the next round; otherwise rounds run as usual
(a new Viking each round: 6 in round 1 up to 12 in round 7; no start player).

The printed mountain strips are shuffled with the game's seed (models/mountains.py). Stand-ins,
each documented where it is defined: weapon draws (models/round_rules.WEAPON_CYCLE) and the feast
(models/round_end.greedy_feast).
Dice are rolled by sampling the chance node's exact distribution with the game's seed.
Occupation cards come from the game's own shuffled decks (models/occupation_deck.py): the setup
card from the starting deck (in hand by name), every draw the next card of the draw deck. The
planner never sees a card before it is drawn: it plans with an unseen card printing the deck's
mean points, rounded (the context's `drawn_occupation_points`); the card really drawn replaces it
as the action is played (`take`), and a card with a modelled effect (models/round_rules/occupations.py)
is played for it.

Tiles are laid the way a good player lays them, the same for every policy (`lay_tiles`): after
each action phase, before income, the placement engine (planner/placement.py, CP-SAT with a
fixed seed, few workers and a short time limit) maximises the blend of end-game points and
income plus bonuses over the income phases left, holding back food (orange, red, animals) for
the feasts and silver and ore for the actions; after the last feast the final placement lays
everything for the most end-game points. The planner plays on the tiles as laid; the real game
lays only those the income and paid bonuses need and holds the rest for the end-of-game
placement (planner/held_tiles.py: the same moves, more points). Every layout is judged by models.rules.check_snapshot;
one it rejects is replaced by `greedy_layout` (models/quick_layout.py: bottom-left first, each
tile where the rule checker accepts it), which is also the fast layout `layout="greedy"` uses
throughout. Tiles are laid before `end_round`, so the round engine is told not to lay them again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace as replace_setting
from fractions import Fraction
from functools import cache

from models.data_files import load
from models.mountains import deal_strips
from models.occupation_cards import by_number
from models.occupation_deck import Deck, unseen_card_points
from models.pieces import piece
from models.round_context import RoundContext
from models.round_end import Feast, begin_round, board_facts, end_round
from models.actions import load_action_spaces
from models.round_rules import Action, Setting, State, initial_state, replace, setting_for, to_snapshot
from models.quick_layout import greedy_layout
from models.scoring import score
from models.snapshot import Snapshot, parse_snapshot
from planner.chance import outcomes
from planner.held_tiles import HeldTiles

Policy = Callable[[State, Setting], Action | None]


@dataclass(frozen=True)
class GameResult:
    seed: int
    score: int
    breakdown: dict
    actions: int
    final: Snapshot | None = None  # the position after the end-of-game placement


def new_game(seed: int) -> tuple[Snapshot, RoundContext, list[tuple[str, ...]]]:
    """Round 1 of a long solo game at its action phase: the snapshot, its context and the strips
    still face down."""
    start = load("game")["solo"]["start"]
    snap = parse_snapshot(
        {
            "format": "affo-snapshot/1",
            "game": {"length": "long", "players": 1, "round": 1},
            "player": {
                "silver": start["silver"],
                "goods": dict(start["goods"]),
                "weapons": dict(start["weapons"]),
                "occupations": {"hand": [by_number()[Deck(seed).starting_card()].name]},
                "boards": [{"id": "home", "board": "home-long"}],
            },
        }
    )
    face_up, pile = deal_strips(seed, players=1)
    ctx = RoundContext(mountains=[list(x) for x in face_up], players=1, drawn_occupation_points=unseen_card_points())
    # round 1 runs phases 1-4 like every other round: its harvest and a weapon card drawn
    started = begin_round(initial_state(snap, ctx), setting_for(snap, ctx), 1)
    return to_snapshot(started, setting_for(snap, ctx)), ctx, pile


# --- playing -----------------------------------------------------------------------------------


def _sample(branches, rng: random.Random):
    if len(branches) == 1:
        return branches[0]
    x = Fraction(rng.random())
    for b in branches:
        x -= b.probability
        if x < 0:
            return b
    return branches[-1]


@cache
def _drawing_spaces() -> frozenset[str]:
    return frozenset(sp.id for sp in load_action_spaces().values() if (sp.bonus and sp.bonus.draw_occupations) or (sp.occupation and sp.occupation.draw))


def draws_occupation(a: Action) -> bool:
    return a.kind == "space" and a.space in _drawing_spaces()


def take(s: State, a: Action, setting: Setting, rng: random.Random, deck: Deck, watch: Watcher | None = None) -> State:
    """The action played for real: a card it draws is turned up from the deck (no space draws
    more than one) and shown to `watch`, its dice are rolled and how they fell shown too."""
    if draws_occupation(a):
        card = deck.draw()
        setting = replace_setting(setting, drawn_card=card)
        if watch:
            watch.drew(card)
    branch = _sample(outcomes(s, a, setting), rng)
    if watch and branch.outcome is not None:
        watch.rolled(branch.outcome)
    return branch.state


def next_setting(laid: Snapshot, setting: Setting) -> Setting:
    """The setting of the round after a layout: the boards as laid, the same assumptions."""
    return Setting(laid, players=1, drawn_occupation_points=setting.drawn_occupation_points)


def search_policy(
    nodes: int, value: str, search: str = "two-round", tile_credit: float = 0.0, further_until: int = 0,
    explore: float = 0.0, seed: int = 0, rules: bool = False, last_round_factor: int = 1,
) -> Policy:
    """The round planner as a policy, re-planning before every action: "round" (this round's
    actions valued at its end) or "two-round" (planner/next_round.py; `further_until`: its
    plan_two_rounds'); `tile_credit`: Options'; `rules`: follow the rules of thumb
    (planner/rules_of_thumb.py; off here so the benchmark's cached games keep their name).
    `explore`: the share of decisions, drawn seeded by `seed`, that take the plan's first choice
    or one of its alternatives at random (training games). `last_round_factor`: the last round's
    decisions search that many times `nodes` (planner/round_search.py's LAST_ROUND_FACTOR for
    affo solo's player; 1 here so the benchmark's cached games keep their name).
    `policy.searched` counts the states expanded and the decisions (what a game's search cost)."""
    from planner.next_round import Memo, plan_two_rounds
    from planner.round_search import Options, plan, player_nodes

    memo = Memo()
    rng = random.Random(f"explore-{seed}")

    def choose(s: State, setting: Setting) -> Action | None:
        budget = player_nodes(nodes, s.round, setting.last_round, last_round_factor)
        options = Options(nodes=budget, value=value, tile_credit=tile_credit, rules_of_thumb=rules)
        p = plan_two_rounds(s, setting, options, memo, further_until) if search == "two-round" else plan(s, setting, options)
        choose.searched[0] += p.expanded
        choose.searched[1] += 1
        if not p.steps:
            return None
        picks = [p.steps[0].action] + [a.action for a in p.alternatives]
        if explore and len(picks) > 1 and rng.random() < explore:
            return picks[rng.randrange(len(picks))]
        return picks[0]

    choose.searched = [0, 0]
    return choose


# --- laying tiles with the placement engine ---------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """How the solo games lay tiles: 'cp-sat' (the placement engine) or 'greedy'."""

    engine: str = "cp-sat"
    # A deterministic work limit with one worker makes a seeded game the same on any machine and
    # under any load; the wall-clock limit is only a safety net.
    work_limit: float = 1.0
    time_limit: float = 30.0
    workers: int = 1
    seed: int = 0


def _held_back(snap: Snapshot) -> dict[str, int]:
    """What a player keeps in supply between rounds: food for the feasts, silver and ore to act."""
    keep = {g: n for g, n in snap.player.goods.items() if n and piece(g).colour in ("orange", "red")}
    keep["silver"] = snap.player.silver
    keep["ore"] = snap.player.resources.get("ore", 0)
    return {k: n for k, n in keep.items() if n}


def lay_tiles(snap: Snapshot, layout: Layout, final: bool) -> Snapshot:
    """The snapshot with tiles laid (intermediate: blend over the income phases left; final:
    end-game points), always a position the rule checker accepts."""
    if layout.engine == "greedy":
        return greedy_layout(snap, final=final)
    from planner.placement import PlacementBug, PlacementInputError, Settings, place

    settings = Settings(
        objective="final" if final else "blend",
        rounds_left=None,  # the default: this round to the last but one pay income; final income is in the points
        keep={} if final else _held_back(snap),
        final=final,
        time_limit=layout.time_limit,
        workers=layout.workers,
        seed=layout.seed,
        work_limit=layout.work_limit,
    )
    try:
        report = place(snap, settings)  # checked by the rule checker before it returns
    except (PlacementBug, PlacementInputError):
        return greedy_layout(snap, final=final)
    if report.result.status not in ("OPTIMAL", "FEASIBLE"):
        return greedy_layout(snap, final=final)
    return report.after


class Watcher:
    """What a caller sees of a game as it is played; each hook does nothing here, a caller
    overrides those it needs (the benchmark's forecasts, training positions, affo solo's record)."""

    def round_starts(self, s: State) -> None:
        """The action phase begins."""

    def played(self, a: Action) -> None:
        """The policy chose `a`; it is taken next."""

    def drew(self, card: int) -> None:
        """The action just chosen turned up this occupation card (its number)."""

    def rolled(self, outcome) -> None:
        """The action just chosen rolled its dice and ended thus (a planner.dice.Outcome)."""

    def phase_ends(self, s: State, setting: Setting) -> None:
        """The action phase is over, tiles not laid yet (the moment the round planner values its leaves)."""

    def round_ends(self, s: State, setting: Setting, laid: Snapshot, last: bool, feast: Feast) -> None:
        """The round is over: `s` and `setting` as the feast is served, `laid` the real position
        then (tiles laid before income; those pending in planner/held_tiles.py still in supply),
        `feast` what it ate."""

    def end_position(self, end: Snapshot) -> Snapshot:
        """The position the end-of-game placement starts from: the game's real end."""
        return end


def play_game(
    policy: Policy, seed: int, max_actions_per_round: int = 40, layout: Layout = Layout(), rounds: int | None = None,
    watch: Watcher | None = None, dice: random.Random | None = None,
) -> GameResult:
    """A long solo game played by `policy`, seen by `watch`; `rounds` stops early (after that
    many rounds, with the final placement) for quick tests. `dice`: the game's dice, seeded by
    `seed` unless given (a study may reseed them mid-game: benchmarks/review_calibration.py)."""
    watch = watch or Watcher()
    snap, ctx, pile = new_game(seed)
    rng, deck = dice or random.Random(f"dice-{seed}"), Deck(seed)
    setting = setting_for(snap, ctx)
    s = initial_state(snap, ctx)
    held = HeldTiles()  # the planner plays on the tiles as laid; the real game holds those that earn nothing yet
    actions = 0
    while True:
        watch.round_starts(s)
        for _ in range(max_actions_per_round):
            a = policy(s, setting)
            if a is None:
                break
            watch.played(a)
            s = take(s, a, setting, rng, deck, watch)
            actions += 1
        watch.phase_ends(s, setting)
        current = to_snapshot(s, setting)
        last = s.round >= current.last_round or (rounds is not None and s.round >= rounds)
        # the last round: the feast comes first, then everything left is laid for points
        laid = current if last else lay_tiles(current, layout, final=False)
        real = held.real(laid) if last else held.settle(current, laid)
        setting = next_setting(laid, setting)
        s = resync(s, laid)
        following, feast = end_round(s, setting, board_facts(laid), new_strip=pile.pop(0) if pile else (), lay=None)
        watch.round_ends(s, setting, real, last, feast)
        s = following
        if last:
            final = lay_tiles(as_final(watch.end_position(held.real(to_snapshot(s, setting)))), layout, final=True)
            report = score(final)
            return GameResult(seed, report.total, report.breakdown, actions, final)


def as_final(snap: Snapshot) -> Snapshot:
    """The snapshot marked as the end-of-game placement (the final layout's objective)."""
    data = snap.model_dump(mode="json")
    data["game"]["final"] = True
    return parse_snapshot(data)


def resync(s: State, laid: Snapshot) -> State:
    """The state after a layout: boards gained are now in the snapshot, tiles laid left supply."""
    placed = {p.piece for e in laid.player.boards for p in e.placements}
    return replace(
        s,
        goods=tuple(sorted((g, n) for g, n in laid.player.goods.items() if n)),
        specials=tuple(sorted(x for x in laid.player.specials if x not in placed)),
        new_boards=(),
    )
