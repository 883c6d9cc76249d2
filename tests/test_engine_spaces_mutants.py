"""Exact outcomes that kill the mutants of models/engine/spaces.py (benchmarks/mutation.py): a
space's needs read one by one, and a choice's alternative cost and options paid and gained, on
the round-3 position of tests/round_positions.py (6 silver, 3 wood, 2 stone, 1 ore; 2 peas, mead,
beans, flax, hide, oil, 2 sheep; a whaling boat and a longship; 8 Vikings). Every figure is the
printed space's cost and effect.
"""

from models.engine import effects, plans
from models.engine.snapshots import from_snapshot
from models.engine.spaces import compiled, needs_met
from models.engine.state import goods_dict
from models.engine.tables import BUILDING, KNARR, LONGSHIP, WHALING_BOAT, space_index
from models.round_context import split_snapshot
from tests.round_positions import round_3

IDX = space_index()


def make(**player):
    return from_snapshot(*split_snapshot(round_3(**player)))


def fleet(*types):
    return make(ships=[{"type": t} for t in types])


def take(s, space_id, **choice):
    """The space taken with `choice`; the plain and the compiled path must agree."""
    action = ("space", IDX[space_id], tuple(sorted(choice.items())))
    plain = effects.apply_action(s, action)
    assert plans.apply_action(s, action) == plain
    return plain


def diff(before, after) -> dict:
    out = {f: getattr(after, f) - getattr(before, f) for f in ("vikings_left", "silver", "wood", "stone", "ore")}
    goods = goods_dict(tuple(a - b for a, b in zip(after.goods, before.goods)))
    return {k: v for k, v in out.items() if v} | ({"goods": goods} if goods else {})


# --- needs ------------------------------------------------------------------------------------


def test_a_large_ship_is_a_knarr_or_a_longship_never_a_whaling_boat():
    assert not needs_met(fleet("whaling-boat"), ("large-ship",))
    assert not needs_met(fleet(), ("large-ship",))
    assert needs_met(fleet("knarr"), ("large-ship",)) and needs_met(fleet("longship"), ("large-ship",))


def test_any_ship_is_any_ship_at_all():
    assert not needs_met(fleet(), ("any-ship",))
    for kind in ("whaling-boat", "knarr", "longship"):
        assert needs_met(fleet(kind), ("any-ship",)), kind


def test_every_need_listed_must_be_met():
    s = fleet("longship", "longship")
    assert needs_met(s, ("two-longships", "large-ship", "any-ship", "longship", "shed-in-supply"))
    assert not needs_met(s, ("two-longships", "knarr"))
    assert not needs_met(fleet("longship", "knarr"), ("large-ship", "two-longships"))
    assert not needs_met(s._replace(buildings_left=(0, 3, 5)), ("any-ship", "shed-in-supply"))
    assert needs_met(s, ())


# --- what a choice pays and gains (Space.chosen) ------------------------------------------------


def test_the_alternative_cost_chosen_is_paid():
    s = make()
    assert diff(s, take(s, "craft-chest", pay=1)) == {"vikings_left": -2, "silver": 1, "ore": -1, "goods": {"chest": 1}}
    assert diff(s, take(s, "craft-chest", pay=0)) == {"vikings_left": -2, "silver": 1, "wood": -1, "goods": {"chest": 1}}
    sp = compiled()[IDX["craft-chest"]]
    pays, gains = sp.chosen({"pay": 1})
    assert [(p.wood, p.ore) for p in pays] == [(0, 0), (0, 1)] and [g.silver for g in gains] == [1]


def test_the_options_chosen_are_paid_and_gained():
    s = make(goods={"wool": 1, "silverware": 1})
    both = take(s, "master-crafting", options=(0, 1))
    assert diff(s, both) == {"vikings_left": -4, "silver": 4, "goods": {"wool": -1, "robe": 1, "silverware": -1, "jewelry": 1}}
    one = take(s, "master-crafting", options=(1,))
    assert diff(s, one) == {"vikings_left": -4, "silver": 4, "goods": {"silverware": -1, "jewelry": 1}}
    assert diff(s, take(s, "master-crafting", options=())) == {"vikings_left": -4, "silver": 4}


def test_a_house_and_ship_come_with_the_option_chosen():
    s = make()
    stone = take(s, "build-house-and-ship", options=(0,))
    assert diff(s, stone) == {"vikings_left": -4, "wood": -2, "stone": -2}
    assert stone.ships == ((WHALING_BOAT, 0), (LONGSHIP, 0), (LONGSHIP, 0))
    assert [b.name for b in stone.boards] == ["home-long", "stone-house"]
    assert stone.buildings_left[BUILDING["stone-house"]] == s.buildings_left[BUILDING["stone-house"]] - 1
    long = take(s, "build-house-and-ship", options=(1,))
    assert long.ships == ((WHALING_BOAT, 0), (KNARR, 0), (LONGSHIP, 0))
    assert [b.name for b in long.boards] == ["home-long", "long-house"]
