"""The phases after the action phase, for one player: income, breeding, feast, bonus, mountain
update, and the setup of the next round (new Viking, harvest, exploration boards, weapon draw).

Goods may be laid at any time, so tiles gained in a round can raise that round's income: before
income, `lay_held_tiles` lays the green and blue tiles and special tiles held with the quick
layout (models/quick_layout.py) onto the snapshot's boards and the boards gained since, and
income and bonuses are those of that layout. The state keeps those tiles in its supply (it holds
no placements); the same tiles give the same layout, so a later round lays them the same way.
A caller that laid the tiles itself (the solo games, with the placement engine) passes
`lay=None`: then income and bonuses are those of the boards as given.
The feast is served by `greedy_feast`, a fast stand-in for planner/feast/: a row of tiles
left to right, cheapest value per position first, never two oranges or two reds side by side,
one tile of each food type lying horizontally, then 1-silver coins, then Thing Penalties; a tile
never covers more positions than are open (`table_widths`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from models.boards import all_boards, board as board_named
from models.data_files import load
from models.explorations import face_up_rounds, silver_per_turning_round, turning_rounds
from models.facts import BANQUET_POSITIONS, THING_PENALTY, vikings_in_round
from models.mountains import phase_11
from models.pieces import piece
from models.quick_layout import greedy_layout
from models.actions import BUILDINGS, Bundle
from models.round_rules import Setting, State, gain, occupations, replace, to_snapshot
from models.round_rules.bundles import add_goods, draw_weapons, take_specials, weapon_drawn
from models.round_rules.state import counts
from models.scoring import score, score_board
from models.snapshot import BoardEntry, Snapshot

PENALTY = -THING_PENALTY  # points lost per uncovered banquet position


@dataclass(frozen=True)
class Feast:
    goods_used: tuple[tuple[str, int], ...]
    silver_used: int
    penalties: int
    cost: float  # value served (goods by the value table, silver 1 each) + 3 per penalty


@dataclass(frozen=True)
class BoardFacts:
    """Income and bonuses of the snapshot's boards as laid (they do not change in a round)."""

    income: int
    bonuses: tuple[tuple[str, int], ...]


@cache
def _empty_board(name: str) -> tuple[int, tuple[tuple[str, int], ...], int]:
    """(income, bonus rewards, uncovered negatives) of a board with nothing on it."""
    s = score_board(BoardEntry(id=name, board=name))
    return s.income, tuple(r for b in s.bonuses for r in b.rewards), s.uncovered_negatives


def empty_board_negatives(name: str) -> int:
    return _empty_board(name)[2]


def board_facts(snapshot: Snapshot) -> BoardFacts:
    report = score(snapshot)
    rewards = Counter()
    for _, bonus in report.bonuses:
        rewards.update(dict(bonus.rewards))
    return BoardFacts(report.income, tuple(sorted(rewards.items())))


def state_income(s: State, facts: BoardFacts) -> int:
    return facts.income + sum(_empty_board(b)[0] for b in s.new_boards)


def state_bonuses(s: State, facts: BoardFacts) -> Counter:
    rewards = Counter(dict(facts.bonuses))
    for b in s.new_boards:
        rewards.update(dict(_empty_board(b)[1]))
    return rewards


TILE_COLOURS = ("green", "blue")  # what home and exploration boards take before income
Layer = Callable[[State, Setting], "BoardFacts | None"]


def lay_held_tiles(s: State, setting: Setting) -> BoardFacts | None:
    """Income and bonuses of every board (those gained included) once the tiles held are laid by
    the quick layout; None when nothing is held to lay. Worked out once per boards and tiles."""
    tiles = tuple((g, n) for g, n in s.goods if piece(g).colour in TILE_COLOURS and piece(g).kind == "good")
    if not tiles and not s.specials:
        return None
    key = (s.new_boards, tiles, s.specials)
    facts = setting.layouts.get(key)
    if facts is None:
        facts = setting.layouts[key] = board_facts(greedy_layout(to_snapshot(s, setting)))
    return facts


def open_positions(s: State) -> int:
    """Banquet positions to feed: Vikings gained (max 12) minus emigrated ships."""
    return max(0, min(BANQUET_POSITIONS, s.vikings_total) - len(s.emigrated))


# --- the feast ---------------------------------------------------------------------------------


def _foods(goods: Counts_) -> list[tuple[str, int]]:
    return [(g, n) for g, n in goods if piece(g).colour in ("orange", "red")]


Counts_ = tuple[tuple[str, int], ...]


def table_widths(name: str) -> tuple[int, int]:
    """Banquet positions a food tile covers: (standing upright, lying flat).

    The table's positions are row 0 of the 12 x 4 area; a tile lies on row 0, hangs down into
    the rows below and covers as many positions as it is wide. Every position it covers must be
    open (never one still holding a Viking), so a tile wider than the open positions left cannot
    be served there. planner/feast/ lays tiles by the same rule (a test checks they agree).
    """
    w, h = piece(name).size
    return min(w, h), max(w, h)


@cache
def greedy_feast(goods: Counts_, silver: int, positions: int, values_key: tuple[tuple[str, float], ...]) -> Feast:
    values = dict(values_key)
    stock = Counter(dict(_foods(goods)))
    horizontal_used: set[str] = set()
    used: Counter = Counter()
    silver_used = penalties = 0
    previous = None
    left = positions
    while left > 0:
        best = None
        for g in sorted(stock):
            if not stock[g] or piece(g).colour == previous:
                continue
            upright, flat = table_widths(g)
            lie_flat = piece(g).food_type not in horizontal_used and flat <= left
            covers = flat if lie_flat else upright
            if covers > left:
                continue  # it would hang over a seat still holding a Viking
            key = (values.get(g, 1) / covers, -covers, g)
            if best is None or key < best[0]:
                best = (key, g, covers > upright)
        if best is not None and (best[0][0] <= values.get("silver", 1) or silver_used >= silver):
            (_, neg_covers, _), g, horizontal = best
            stock[g] -= 1
            used[g] += 1
            if horizontal:
                horizontal_used.add(piece(g).food_type)
            left += neg_covers
            previous = piece(g).colour
        elif silver_used < silver:
            silver_used += 1
            left -= 1
            previous = None
        else:
            penalties += left
            left = 0
    cost = sum(values.get(g, 1) * n for g, n in used.items()) + silver_used * values.get("silver", 1) + PENALTY * penalties
    return Feast(tuple(sorted(used.items())), silver_used, penalties, cost)


def feast_for(s: State, setting: Setting, silver: int | None = None) -> Feast:
    return greedy_feast(s.goods, s.silver if silver is None else silver, open_positions(s), setting.values_key)


# --- breeding ----------------------------------------------------------------------------------


@cache
def breed(goods: Counts_) -> Counts_:
    c = Counter(dict(goods))
    for animal in ("sheep", "cattle"):
        pregnant = f"pregnant-{animal}"
        if c[pregnant]:
            c[animal] += 2 * c[pregnant]
            c[pregnant] = 0
        elif c[animal] >= 2:
            c[animal] -= 1
            c[pregnant] += 1
    return counts(c)


@cache
def stable_points_after(sheep: int, pregnant_sheep: int, cattle: int, pregnant_cattle: int, breedings: int) -> int:
    """The stable's end-of-game points if these animals are kept (none eaten or sold) through
    `breedings` more breeding phases: 2 sheep bought before round 1's breeding are 4 sheep and a
    pregnant one (11 points) at the end of a long game."""
    goods = counts({"sheep": sheep, "pregnant-sheep": pregnant_sheep, "cattle": cattle, "pregnant-cattle": pregnant_cattle})
    for _ in range(breedings):
        goods = breed(goods)
    return sum(piece(g).points * n for g, n in goods)


# --- the round's end and the next round's start ------------------------------------------------


def harvest_schedule(length: str) -> list[int]:
    return list(load("harvest")[length]["levels"])


def harvest_goods(level: int) -> list[str]:
    return list(load("harvest")["levels"][str(level)]) if level else []


def turn_explorations(explorations: Counts_, round_: int, length: str) -> Counts_:
    """Phase 3: turn the boards due this round (silver on them is lost) and put silver on the
    others. Both engines turn them here."""
    turning = round_ in turning_rounds(length)
    out = {}
    for name, silver in explorations:
        b = board_named(name)
        if b.face == "front" and round_ not in face_up_rounds(b, length):
            back = next(n for n in all_boards() if board_named(n).tile == b.tile and board_named(n).face == "back")
            out[back] = 0
        else:
            out[name] = silver + (silver_per_turning_round() if turning else 0)
    return tuple(sorted(out.items()))


def end_round(
    s: State,
    setting: Setting,
    facts: BoardFacts,
    *,
    new_strip: Sequence[str] = (),
    harvest: Sequence[int] | None = None,
    solo_blocking: bool | None = None,
    lay: Layer | None = lay_held_tiles,
) -> tuple[State, Feast]:
    """Phases 7-12 of this round and 1-4 of the next: the state at the next action phase.

    `facts` are the snapshot's boards as laid; `lay` lays the tiles held before income (None:
    the caller has laid them). In the last round the game ends after the feast: income is final
    income (not paid), no bonus, and the state returned keeps round = last round with no
    Vikings left.
    """
    last = s.round >= setting.last_round
    laid = lay(s, setting) if lay is not None and not last else None
    income = laid.income if laid is not None else state_income(s, facts)
    s = replace(s, silver=s.silver + (0 if last else income))
    s = replace(s, goods=breed(s.goods))
    feast = feast_for(s, setting)
    s = replace(
        s,
        goods=add_goods(s.goods, {g: -n for g, n in feast.goods_used}),
        silver=s.silver - feast.silver_used,
        thing_penalties=s.thing_penalties + feast.penalties,
        banquet_cleared=True,
    )
    s = occupations.in_phase(s, "after-feast", setting) if s.active else s  # the last round's too
    if last:
        return replace(s, vikings_left=0), feast
    s = _bonus(s, Counter(dict(laid.bonuses)) if laid is not None else state_bonuses(s, facts))
    strips = tuple(sorted(phase_11(s.mountains, tuple(new_strip))))
    return _next_round(s, setting, strips, harvest, solo_blocking), feast


def after_recorded_feast(s: State, setting: Setting, facts: BoardFacts, weapon: str | None = None) -> State:
    """Round r's position right after round r-1's feast (a game record's snapshot, CONTRACT), `s` already dated
    round r, taken to round r's action phase: the after-feast gains of the cards in play, the bonus phase (10) of
    the boards as laid (`facts`), round r's harvest (2) and the weapon card phase 4 drew where the record says
    (`weapon`); not the mountain strips (round r's context gives them)."""
    s = occupations.in_phase(s, "after-feast", setting) if s.active else s
    s = _bonus(s, state_bonuses(s, facts))
    s = replace(s, goods=add_goods(s.goods, Counter(_crops(setting, s.round))), banquet_cleared=True)
    return weapon_drawn(s, weapon) if weapon else s


def _bonus(s: State, rewards: Counter) -> State:
    """Phase 10: every paying bonus gives everything it shows. Goods and resources are unlimited;
    a special tile or a building only while the supply still holds one (Newfoundland)."""
    left = dict(s.buildings_left)
    buildings = {k: min(n, left.get(k, 0)) for k, n in rewards.items() if k in BUILDINGS}
    specials = tuple(k for k in rewards if k in s.specials_left)
    goods = {k: n for k, n in rewards.items() if _is_good(k)}
    paid = Bundle(
        silver=rewards["silver"],
        wood=rewards["wood"],
        stone=rewards["stone"],
        ore=rewards["ore"],
        goods=tuple(sorted(goods.items())),
        buildings=tuple(sorted((k, n) for k, n in buildings.items() if n)),
    )
    s = gain(s, paid)
    return take_specials(s, specials, pay_cost=False) if specials else s


def _is_good(name: str) -> bool:
    try:
        return piece(name).kind in ("good", "animal")
    except KeyError:
        return False


def _next_round(s: State, setting: Setting, strips, harvest: Sequence[int] | None, solo_blocking: bool | None) -> State:
    solo = setting.players == 1 if solo_blocking is None else solo_blocking
    s = replace(
        s,
        mountains=strips,
        # solo: the Vikings of the round just played stay on their spaces; with others, the next
        # round's spaces are unknown and start free
        taken=s.placed if solo else frozenset(),
        placed=frozenset(),
    )
    return begin_round(s, setting, s.round + 1, harvest)


def _crops(setting: Setting, round_: int, harvest: Sequence[int] | None = None) -> list[str]:
    """Phase 2's goods in `round_`, by the printed schedule unless `harvest` gives one."""
    schedule = list(harvest) if harvest is not None else harvest_schedule(setting.snapshot.game.length)
    return harvest_goods(schedule[round_ - 1]) if round_ - 1 < len(schedule) else []


def begin_round(s: State, setting: Setting, round_: int, harvest: Sequence[int] | None = None) -> State:
    """Phases 1-4 of `round_`: its Vikings, its harvest, the exploration boards turned and
    silvered (none in round 1), one weapon card drawn. Round 1 has them too."""
    length = setting.snapshot.game.length
    vikings = vikings_in_round(round_, length)
    s = replace(
        s,
        round=round_,
        vikings_total=vikings,
        vikings_left=vikings,
        goods=add_goods(s.goods, Counter(_crops(setting, round_, harvest))),
        explorations=turn_explorations(s.explorations, round_, length),
    )
    return draw_weapons(s, 1)
