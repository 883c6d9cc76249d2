"""The whole solo game as a state machine: who moves, what may be done, what chance deals.

`start()` is the table before the strips are dealt; every state then has a stage (see
models.engine.state): the player's turn (ACTIONS, DECIDE, PLAY), a chance node (DEAL, ROLL, WEAPONS,
OCCUPATION, STRIP) or the end (OVER). `legal_actions`, `chance_outcomes` and `apply` dispatch
on it to the module that owns that part of the rules.
"""

from __future__ import annotations

from fractions import Fraction

from models.data_files import load
from models.engine import dice
from models.engine.choices import PASS, legal_actions as action_phase_actions, play_choices
from models.engine.draws import STRIPS, deal, occupation_draw, strip_draw, weapon_draws, without
from models.engine.effects import draw_weapons, play_chosen
from models.engine.plans import apply_action, finish
from models.engine.round_end import LENGTH, end_action_phase, strip_drawn
from models.engine.spaces import compiled
from models.engine.state import (
    ACTIONS, CHANCE_STAGES, DEAL, DECIDE, OCCUPATION, OVER, PLAY, ROLL, ROUND_END, STAGE_NAMES, STRIP, WEAPONS, State, add,
    empty_board,
)  # fmt: skip
from models.engine.tables import BUILDING_SUPPLY, GOOD, NO_GOODS, SPECIALS, WEAPON
from models.facts import vikings_in_round
from models.mountains import face_up_at_start
from models.round_end import harvest_goods, harvest_schedule
from models.round_rules import face_up_explorations

PLAYER, CHANCE, TERMINAL = "player", "chance", "terminal"
ROUND_ENDS = "round ends"
_CERTAIN = ((Fraction(1), ROUND_ENDS),)


def start() -> State:
    """A solo long game after setup, before the mountain strips are dealt."""
    setup = load("game")["solo"]["start"]
    weapons = [0] * len(WEAPON)
    for name, n in setup["weapons"].items():
        weapons[WEAPON[name]] += n
    return State(
        round=1, stage=DEAL, pending=(), vikings_left=0, silver=setup["silver"], wood=0, stone=0, ore=0,
        goods=add(NO_GOODS, ((GOOD[g], n) for g, n in setup["goods"].items())), weapons=tuple(weapons),
        ships=(), emigrated=(0, 0, 0), specials=(), specials_left=SPECIALS, boards=(empty_board(f"home-{LENGTH}"),),
        hand=(0,),  # the starting occupation card, a stand-in printing no points (this engine models no card effects)
        occupation_points=0, thing_penalties=0, taken=0, placed=0, mountains=(),
        pile=tuple(range(len(STRIPS))),
        explorations=tuple(sorted(face_up_explorations(1, LENGTH, set()).items())),
        buildings_left=BUILDING_SUPPLY,
    )  # fmt: skip


def dealt(s: State, strips: tuple[tuple[str, ...], ...]) -> State:
    """The strips are face up: round 1 begins (a Viking more, the harvest, a weapon card)."""
    crops = harvest_goods(harvest_schedule(LENGTH)[0])
    s = s._replace(
        mountains=strips, pile=without(s.pile, strips), vikings_left=vikings_in_round(1, LENGTH),
        goods=add(s.goods, ((GOOD[g], 1) for g in crops)), stage=ACTIONS,
    )  # fmt: skip
    return draw_weapons(s, 1)


# who moves, by stage (a search asks it of every successor)
_WHO = tuple(TERMINAL if stage == OVER else CHANCE if stage in CHANCE_STAGES else PLAYER for stage in range(len(STAGE_NAMES)))


_STAGE = State._fields.index("stage")


def who(s: State) -> str:
    return _WHO[s[_STAGE]]


def legal_actions(s: State) -> list:
    if s.stage == ACTIONS:
        return action_phase_actions(s)
    if s.stage == DECIDE:
        return dice.decisions(s)
    if s.stage == PLAY:
        return play_choices(s)
    return []


def chance_outcomes(s: State) -> tuple[tuple[Fraction, object], ...]:
    stage = s.stage
    if stage == ROLL:
        return dice.roll_outcomes(s)
    if stage == WEAPONS:
        return weapon_draws(s.pending[0])
    if stage == OCCUPATION:
        return occupation_draw()
    if stage == STRIP:
        return strip_draw(s.pile)
    if stage == DEAL:
        return deal(s.pile, face_up_at_start(1))
    if stage == ROUND_END:
        return _CERTAIN
    return ()


def apply(s: State, action) -> State:
    stage = s[_STAGE]
    if stage == ACTIONS:
        return s._replace(stage=ROUND_END) if action is PASS or action == PASS else apply_action(s, action)
    if stage == ROUND_END:
        return end_action_phase(s._replace(stage=ACTIONS))
    if stage == DECIDE:
        return dice.decide(s, action)
    if stage == PLAY:
        return play_chosen(s, action)
    if stage == ROLL:
        return dice.rolled(s, action)
    if stage == WEAPONS:
        return s._replace(stage=s.pending[1], pending=(), weapons=add(s.weapons, enumerate(action)))
    if stage == OCCUPATION:
        return _occupation_drawn(s, action)
    if stage == STRIP:
        return strip_drawn(s, action)
    if stage == DEAL:
        return dealt(s, action)
    raise ValueError("the game is over: no action applies")


def _occupation_drawn(s: State, points: int) -> State:
    n, space, choice = s.pending
    s = s._replace(hand=tuple(sorted(s.hand + (points,))))
    if n > 1:
        return s._replace(pending=(n - 1, space, choice))
    s = s._replace(stage=ACTIONS, pending=())
    return finish(s, compiled()[space], choice) if space >= 0 else s
