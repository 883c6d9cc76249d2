"""The whole-game engine's choices as printed: "up to" offers fewer, overseas trade flips any
number of green kinds, the whaling-boat swap is optional, playing occupations is a choice.
Each test gives exact outcomes on a fixed position."""

from models.engine.flow import apply, legal_actions
from models.engine.snapshots import from_snapshot
from models.engine.state import ACTIONS, OCCUPATION, PLAY
from models.engine.tables import GOOD, GOODS, KNARR, LONGSHIP, space_index
from models.round_context import split_snapshot
from tests.round_positions import round_3


def make(**player):
    return from_snapshot(*split_snapshot(round_3(**player)))


def on(s, space_id) -> list[tuple]:
    return [a for a in legal_actions(s) if a[0] == "space" and a[1] == space_index()[space_id]]


def choice(action) -> dict:
    return dict(action[2])


def names(goods) -> dict:
    return {GOODS[i]: n for i, n in enumerate(goods) if n}


def test_a_mountain_take_may_stop_short_on_a_strip():
    s = make()
    takes = sorted((a.wood - s.wood, a.stone - s.stone, a.ore - s.ore, a.silver - s.silver)
                   for a in (apply(s, x) for x in on(s, "mountain-2")))  # fmt: skip
    # strip 1 starts wood, stone; strip 2 stone, wood: one item or two from either
    assert takes == [(0, 1, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 0, 0)]


def test_an_upgrade_may_upgrade_fewer_or_none_beside_another_effect():
    s = make()
    assert {len(choice(a)["upgrade"]) for a in on(s, "upgrade-3")} == {1, 2, 3}
    pairs = {(choice(a)["mountain"], choice(a)["upgrade"]) for a in on(s, "mountain-1-upgrade-1")}
    assert (((0, 1),), ()) in pairs and ((), (GOOD["peas"],)) in pairs  # the item alone, the upgrade alone
    assert ((), ()) not in pairs  # never nothing at all
    assert len(pairs) == 3 * 6 - 1  # (none, strip 1, strip 2) x (none, one of the 5 kinds gaining most) - nothing


def test_overseas_trade_flips_none_the_best_kind_or_the_best_two():
    s = make(ships=[{"type": "knarr"}])  # green held: 1 hide, 1 oil
    trades = {tuple(sorted(GOODS[g] for g in choice(a)["trade"])): a for a in on(s, "overseas-trade-1")}
    assert set(trades) == {(), ("hide",), ("hide", "oil")}  # equal gains: by name
    none = apply(s, trades[()])
    assert none.goods == s.goods and none.silver == s.silver - 1
    one = names(apply(s, trades[("hide",)]).goods)
    assert ("hide" in one, one["silverware"], one["oil"]) == (False, 1, 1)
    both = names(apply(s, trades[("hide", "oil")]).goods)
    assert ("hide" in both, "oil" in both, both["silverware"], both["rune-stone"]) == (False, False, 1, 1)
    bare = make(ships=[{"type": "knarr"}], goods={"peas": 1})
    assert [choice(a)["trade"] for a in on(bare, "overseas-trade-1")] == [()]  # paying alone is the effect


def emigrations(s) -> dict:
    return {(choice(a)["emigrate"], choice(a)["exchange"]): a for a in on(s, "upgrade-boat-and-emigrate")}


def test_the_whaling_boat_swap_is_optional_and_any_large_ship_may_emigrate_after_it():
    s = make(silver=10)  # a whaling boat and a longship
    choices = emigrations(s)
    assert set(choices) == {("longship", False), ("knarr", True), ("longship", True)}
    swapped = apply(s, choices[("longship", True)])
    assert swapped.ships == ((KNARR, 0),) and swapped.emigrated[LONGSHIP] == 1
    assert swapped.silver == 10 - 3  # 1 silver per round, round 3
    with_knarr = make(silver=10, ships=[{"type": "whaling-boat"}, {"type": "knarr"}])
    kept = apply(with_knarr, emigrations(with_knarr)[("knarr", True)])
    assert kept.ships == ((KNARR, 0),) and kept.emigrated[KNARR] == 1  # the boat became the emigrant
    four = [{"type": "whaling-boat"}] + [{"type": t} for t in ("knarr", "knarr", "longship", "longship")]
    assert set(emigrations(make(silver=10, ships=four))) == {("knarr", False), ("longship", False)}  # no berth for a swap


def test_playing_occupations_is_a_choice_a_negative_card_may_stay_in_hand():
    s = make(occupations={"hand": [-1, 3], "played_points": 0})
    plays = {choice(a)["play"]: a for a in on(s, "play-occupations-2")}
    assert set(plays) == {1, 2}  # at least one: playing is the space's only effect
    one = apply(s, plays[1])
    assert (one.hand, one.occupation_points) == ((-1,), 3)
    two = apply(s, plays[2])
    assert (two.hand, two.occupation_points) == ((), 2)
    assert on(make(), "play-occupations-2") == []  # nothing in hand


def test_play_up_to_4_chooses_how_many_once_its_column_3_card_is_drawn():
    s = make(occupations={"hand": [2], "played_points": 0})
    (action,) = on(s, "play-occupations-4")
    drawn = apply(apply(s, action), -1)  # the column-3 card prints -1
    assert drawn.stage == PLAY and drawn.hand == (-1, 2)
    assert legal_actions(drawn) == [("play", 1), ("play", 2)]
    best = apply(drawn, ("play", 1))
    assert (best.stage, best.hand, best.occupation_points) == (ACTIONS, (-1,), 2)
    empty = make()
    (action,) = on(empty, "play-occupations-4")  # an empty hand: the card drawn first may be played
    assert apply(empty, action).stage == OCCUPATION
    played = apply(apply(apply(empty, action), 3), ("play", 1))
    assert (played.hand, played.occupation_points, played.vikings_left) == ((), 3, empty.vikings_left - 3)


def test_a_column_4_space_may_play_its_card_or_not():
    s = make(occupations={"hand": [2], "played_points": 0})
    plays = {choice(a)["bonus_play"]: a for a in on(s, "buy-cattle-sheep")}
    assert set(plays) == {0, 1}
    assert (apply(s, plays[1]).hand, apply(s, plays[1]).occupation_points) == ((), 2)
    assert (apply(s, plays[0]).hand, apply(s, plays[0]).occupation_points) == ((2,), 0)
    assert [choice(a).get("bonus_play") for a in on(make(), "buy-cattle-sheep")] == [None]  # no card: no choice

