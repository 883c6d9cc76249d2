"""Occupation cards played for their immediate effect (models/data/occupation_effects.toml, applied
by models/round_rules/occupations.py): exact gains, purchases as choices, the hand by name."""

from __future__ import annotations

from dataclasses import replace as dataclass_replace

import pytest

from models.actions import ActionDataError
from models.occupation_cards import _effect, by_number, card_named, effects, hand_entry, hand_points
from models.occupation_words import effect_words, unread_names
from models.round_rules import initial_state, legal_actions, replace, setting_for, to_snapshot
from models.round_context import split_snapshot
from planner.chance import outcomes
from tests.round_positions import round_3


pytestmark = pytest.mark.usefixtures("occupation_data_afresh")


def make(hand: list, context: dict | None = None, **player):
    snap, ctx = split_snapshot(round_3(context, occupations={"hand": hand, "played_points": 0}, **player))
    return initial_state(snap, ctx), setting_for(snap, ctx)


def plays(s, setting, space: str) -> dict:
    """(cards named, purchases, play count) -> action, for one playing space."""
    return {
        (a.chosen("cards", ()), a.chosen("buys", ()), a.chosen("play") or a.chosen("bonus_play")): a
        for a in legal_actions(s, setting)
        if a.space == space
    }


def after(s, setting, action):
    (only,) = outcomes(s, action, setting)
    return only.state


def test_every_modelled_card_is_named_as_the_card_list_names_it():
    assert len(effects()) == 64 and sum(bool(e.each_time) for e in effects().values()) == 25
    assert sorted(n for n, e in effects().items() if e.dice) == [4, 11, 13, 89, 136, 146, 153]
    assert sorted(n for n, e in effects().items() if e.discounts) == [1, 2, 116, 170]
    assert all(by_number()[n].name for n in effects())
    assert card_named("fisherman").number == 27 and card_named(" Earl ").number == 72
    assert card_named("Tutor") is None  # two cards print that name
    assert hand_points("Chief", 1) == 7 and hand_points("no such card", 1) == 1 and hand_points(3, 1) == 3
    assert hand_entry("fisherman", 1) == (by_number()[27], by_number()[27].points)
    assert hand_entry("Tutor", 1) == (None, 1) and hand_entry(3, 1) == (None, 3)  # a shared name is a card unseen


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"number": 27, "name": "Fisher", "gains": [{"gain": {"silver": 1}}]}, "is not named 'Fisher'"),
        ({"number": 27, "name": "Fisherman"}, "no gains, buys, each-time gains, discounts or dice rules"),
        ({"number": 27, "name": "Fisherman", "discounts": [{"when": "crafting", "silver": 1}]}, "discounts[0].when: 'crafting'"),
        ({"number": 27, "name": "Fisherman", "discounts": [{"when": "emigrating", "silver": 0}]}, "discounts[0].silver"),
        ({"number": 27, "name": "Fisherman", "discounts": [{"when": "emigrating", "silver": "2"}]}, "discounts[0].silver"),
        ({"number": 27, "name": "Fisherman", "discounts": [{"when": "emigrating", "silver": True}]}, "discounts[0].silver"),
        ({"number": 27, "name": "Fisherman", "each_time": [{"when": "Crafting"}]}, "each_time[0].gain: an each-time gain"),
        ({"number": 27, "name": "Fisherman", "discounts": [{"when": "emigrating", "silver": 1, "x": 1}]}, "discounts[0]: unknown"),
        ({"number": 27, "name": "Fisherman", "each_time": [{"when": "Feasting", "gain": {"silver": 1}}]}, "each_time[0].when: 'Feasting'"),
        ({"number": 27, "name": "Fisherman", "each_time": [{"when": "Crafting", "gain": {"gold": 1}}]}, "each_time[0].gain"),
        ({"number": 27, "name": "Fisherman", "each_time": [{"when": "Crafting", "then": 1}]}, "each_time[0]: unknown keys"),
        ({"number": 27, "name": "Fisherman", "gains": [{"per": "boat", "gain": {"silver": 1}}]}, "gains[0].per: 'boat'"),
        ({"number": 27, "name": "Fisherman", "gains": [{"gain": {"goods": {"fish": 1}}}]}, "gains[0].gain"),
        ({"number": 27, "name": "Fisherman", "gains": [{"counts": "knarr"}]}, "`counts` and `steps` go together"),
        ({"number": 27, "name": "Fisherman", "gains": [{"gain": {"silver": 1}, "when": 1}]}, "unknown keys ['when']"),
        ({"number": 27, "name": "Fisherman", "buys": [{"needs": ["castle"]}]}, "buys[0].needs"),
        ({"number": 27, "name": "Fisherman", "gains": [], "cost": 1}, "card[0]: unknown keys ['cost']"),
        ({"number": 27, "name": "Fisherman", "gains": [{"counts": "knarr", "steps": [{"at_least": True}]}]}, "steps[0].at_least"),
        ({"number": 27, "name": "Fisherman", "gains": [{"counts": "knarr", "steps": [{"at_least": 1, "get": {}}]}]}, "steps[0]: unknown"),
        ({"number": 27, "name": "Fisherman", "gains": [{"counts": "knarr", "steps": [{"at_least": 1, "gain": {"gold": 1}}]}]}, "steps[0].gain"),
        ({"number": 27, "name": "Fisherman", "gains": [{"counts": "knarr", "steps": [{"at_least": 1, "pay": {"gold": 1}}]}]}, "steps[0].pay"),
        ({"number": 27, "name": "Fisherman", "gains": [{"pay": {"gold": 1}}]}, "gains[0].pay"),
        ({"number": 27, "name": "Fisherman", "gains": [{"counts": "boat", "steps": [{"at_least": 1}]}]}, "gains[0].counts: 'boat'"),
        ({"number": 27, "name": "Fisherman", "gains": ["silver"]}, "gains[0]: expected a table"),
    ],
)
def test_bad_effect_data_is_refused_with_its_place(raw, message):
    with pytest.raises(ActionDataError, match="card\\[0\\]"):
        _effect(raw, "card[0]")
    with pytest.raises(ActionDataError) as err:
        _effect(raw, "card[0]")
    assert message in str(err.value)


def test_the_data_reads_as_the_appendix_prints_it():
    # one card of each form, read field by field (the tests below play them)
    equipper, builder, earl = effects()[24], effects()[82], effects()[72]
    assert [(p.per, p.gain.goods, p.gain.wood) for p in equipper.gains] == [("knarr", (("oil", 1),), 0), ("whaling-boat", (), 1)]
    assert equipper.buys == () and effects()[67].gains == ()
    (longship,) = builder.buys
    assert (longship.counts, longship.gain.ships) == ("knarr", (("longship", 1),))
    assert [(st.at_least, st.pay.silver, bool(st.gain)) for st in longship.steps] == [(0, 8, False), (1, 6, False), (2, 3, False), (3, 1, False)]
    (house,) = earl.buys
    assert (house.silver_per_round, house.needs, house.pay.silver, house.gain.buildings) == (1, ("stone-house-in-supply",), 0, (("stone-house", 1),))
    assert [(st.at_least, st.gain.silver) for st in effects()[16].gains[0].steps] == [(4, 2), (5, 3), (6, 4), (7, 5)]
    assert effects()[74].buys[0].pay.goods == (("grain", 1),) and effects()[74].buys[0].pay.silver == 2
    assert effects()[22].gains[0].per == "longship" and effects()[14].gains[0].counts == "fleet"


def test_a_named_card_with_an_effect_is_held_by_number_and_written_back_by_name():
    s, setting = make(["Fisherman", "Chief", "no such card", 2], {"drawn_occupation_points": 1})
    assert s.cards == (27,) and s.hand == (1, 2, 7) and s.hand_size == 4 and s.hand_points() == (1, 1, 2, 7)
    assert to_snapshot(s, setting).player.occupations.hand == [1, 2, 7, "Fisherman"]


def test_a_card_named_in_a_play_gives_its_gains_and_its_points():
    s, setting = make(["Fisherman", 3], ships=[{"type": "whaling-boat"}, {"type": "whaling-boat"}])
    options = plays(s, setting, "play-occupations-2")
    assert set(options) == {((), (), 1), ((), (), 2), ((27,), (), 1), ((27,), (), 2)}
    named = after(s, setting, options[((27,), (), 1)])
    assert named.count("stockfish") == s.count("stockfish") + 2 and named.occupation_points == 1
    assert named.hand == (3,) and named.cards == ()
    by_points = after(s, setting, options[((), (), 1)])
    assert by_points.count("stockfish") == s.count("stockfish") and by_points.occupation_points == 3
    assert by_points.cards == (27,)
    both = after(s, setting, options[((), (), 2)])  # played by points, its gains come all the same
    assert both.count("stockfish") == s.count("stockfish") + 2 and both.occupation_points == 4
    assert "Fisherman" in options[((27,), (), 1)].label


def test_counted_gains_and_steps():
    ships = [{"type": "knarr"}, {"type": "knarr"}, {"type": "longship", "ore": 3}, {"type": "whaling-boat", "ore": 1}]
    s, setting = make(["Grain Deliveryman", "Captain", "Miner", "Whaling Equipper"], ships=ships)
    options = plays(s, setting, "play-occupations-2")
    grain = after(s, setting, options[((183,), (), 1)])
    assert [grain.count(g) - s.count(g) for g in ("peas", "beans", "flax", "grain", "cabbage")] == [1, 1, 1, 1, 0]
    captain = after(s, setting, options[((16,), (), 1)])
    assert captain.silver == s.silver + 2  # 4 ore added to a longship and a whaling boat: the first step
    miner = after(s, setting, options[((22,), (), 1)])
    assert (miner.stone - s.stone, miner.ore - s.ore, miner.silver - s.silver) == (1, 1, 1)
    equipper = after(s, setting, options[((24,), (), 1)])
    assert (equipper.count("oil") - s.count("oil"), equipper.wood - s.wood) == (2, 1)


def test_a_purchase_is_a_choice_priced_by_the_count_and_only_when_payable():
    s, setting = make(["Longship Builder"], silver=3, ships=[{"type": "knarr"}, {"type": "knarr"}])
    options = plays(s, setting, "play-occupations-2")
    assert set(options) == {((), (), 1), ((82,), (), 1), ((82,), ((82, 0),), 1)}
    bought = after(s, setting, options[((82,), ((82, 0),), 1)])
    assert bought.silver == 0 and bought.ships_of("longship") == 1
    assert "buying 1 longship" in options[((82,), ((82, 0),), 1)].label
    poor, setting = make(["Longship Builder"], silver=2, ships=[{"type": "knarr"}, {"type": "knarr"}])
    assert ((82,), ((82, 0),), 1) not in plays(poor, setting, "play-occupations-2")
    no_knarr, setting = make(["Longship Builder"], silver=7)
    assert ((82,), ((82, 0),), 1) not in plays(no_knarr, setting, "play-occupations-2")  # 8 without a knarr


def test_the_earl_sells_a_stone_house_for_the_rounds_silver():
    s, setting = make(["Earl"], silver=3)  # round 3
    bought = after(s, setting, plays(s, setting, "play-occupations-2")[((72,), ((72, 0),), 1)])
    assert bought.silver == 0 and bought.new_boards == ("stone-house",)
    poor, setting = make(["Earl"], silver=2)
    assert ((72,), ((72, 0),), 1) not in plays(poor, setting, "play-occupations-2")


def test_two_purchases_must_be_payable_together():
    s, setting = make(["Bone Collector", "Shepherd Boy"], silver=2)
    options = plays(s, setting, "play-occupations-2")
    assert ((75, 80), ((75, 0),), 2) in options and ((75, 80), ((80, 0),), 2) in options
    assert ((75, 80), ((75, 0), (80, 0)), 2) not in options
    rich, setting = make(["Bone Collector", "Shepherd Boy"], silver=3)
    assert ((75, 80), ((75, 0), (80, 0)), 2) in plays(rich, setting, "play-occupations-2")


def test_a_column_four_play_names_cards_but_never_buys():
    s, setting = make(["Shepherd Boy", "Fruit Picker"], silver=10)
    options = plays(s, setting, "buy-cattle-sheep")
    assert {k for k in options if k[0]} == {((43,), (), 1), ((80,), (), 1)}
    fruit = after(s, setting, options[((43,), (), 1)])
    assert fruit.count("fruits") == s.count("fruits") + 1 and fruit.cards == (80,)


def test_a_card_really_drawn_with_an_effect_joins_the_hand_by_number():
    s, setting = make([], {"drawn_occupation_points": 1})
    draw = next(a for a in legal_actions(s, setting) if a.space == "draw-occupation")
    drawn = after(s, dataclass_replace(setting, drawn_card=27), draw)
    assert drawn.cards == (27,) and drawn.hand == ()
    plain = after(s, dataclass_replace(setting, drawn_card=5), draw)  # the Chief: no effect modelled
    assert plain.cards == () and plain.hand == (7,)
    unseen = after(s, setting, draw)
    assert unseen.hand == (1,)


def test_by_points_a_card_without_an_effect_goes_first_on_equal_points():
    s, setting = make(["Fisherman", 1], ships=[{"type": "whaling-boat"}])
    one = after(s, setting, plays(s, setting, "play-occupations-2")[((), (), 1)])
    assert one.hand == () and one.cards == (27,) and one.count("stockfish") == s.count("stockfish")


def test_what_a_card_counts():
    fleet = [{"type": "whaling-boat"}, {"type": "knarr"}, {"type": "knarr"}, {"type": "longship"}, {"type": "longship"}]
    s, setting = make(["Ship Owner"], ships=fleet)
    owner = after(s, setting, plays(s, setting, "play-occupations-2")[((14,), (), 1)])
    assert owner.count("whale-meat") == s.count("whale-meat") + 1  # sets of all three types: one
    boards = [{"id": "home", "board": "home-long"}, {"id": "shed", "board": "shed"}, {"id": "house", "board": "stone-house"}]
    s, setting = make(["Custodian"], boards=boards)
    custodian = after(s, setting, plays(s, setting, "play-occupations-2")[((23,), (), 1)])
    assert custodian.silver == s.silver + 2  # a shed is not a house
    s, setting = make(["Milker"])  # two sheep, no cattle
    milker = after(s, setting, plays(s, setting, "play-occupations-2")[((10,), (), 1)])
    assert (milker.count("milk") - s.count("milk"), milker.silver - s.silver) == (1, 1)
    s, setting = make(["Milker"], goods={"sheep": 1, "pregnant-cattle": 1})
    milker = after(s, setting, plays(s, setting, "play-occupations-2")[((10,), (), 1)])
    assert (milker.count("milk") - s.count("milk"), milker.silver - s.silver) == (2, 2)


def test_red_kinds_meat_pairs_and_armed_longships_counted():
    goods = {"game-meat": 2, "whale-meat": 3, "mead": 1, "sheep": 1, "pregnant-sheep": 1, "hide": 1}
    ships = [{"type": "longship", "ore": 2}, {"type": "longship", "ore": 3}, {"type": "longship", "ore": 1}]
    s, setting = make(["Meat Inspector", "Meat Preserver", "Fighter"], goods=goods, ships=ships)
    options = plays(s, setting, "play-occupations-2")
    inspector = after(s, setting, options[((26,), (), 1)])
    assert inspector.silver == s.silver + 4  # game meat, whale meat, mead, sheep (pregnant or not): not the hide
    preserver = after(s, setting, options[((29,), (), 1)])
    assert preserver.count("salt-meat") == s.count("salt-meat") + 2  # two pairs, the whale meat kept
    fighter = after(s, setting, options[((18,), (), 1)])
    assert (fighter.count("jewelry") - s.count("jewelry"), fighter.count("silk")) == (1, s.count("silk"))  # 2 longships


def test_a_purchase_needs_its_building_in_supply_a_free_berth_and_the_rounds_silver():
    s, setting = make(["Earl"], silver=5)
    in_round_5 = replace(s, round=5)
    bought = after(in_round_5, setting, plays(in_round_5, setting, "play-occupations-2")[((72,), ((72, 0),), 1)])
    assert bought.silver == 0
    assert ((72,), ((72, 0),), 1) not in plays(replace(in_round_5, silver=4), setting, "play-occupations-2")
    none_left = replace(s, buildings_left=tuple((b, 0 if b == "stone-house" else n) for b, n in s.buildings_left))
    assert ((72,), ((72, 0),), 1) not in plays(none_left, setting, "play-occupations-2")
    docked = [{"type": "knarr"}] * 4  # every large berth taken
    s, setting = make(["Longship Builder"], silver=10, ships=docked)
    assert ((82,), ((82, 0),), 1) not in plays(s, setting, "play-occupations-2")


def test_a_played_each_time_card_gives_with_every_action_of_its_kind():
    s, setting = make(["Milkman", "Scribe", "Princess"], silver=10, ships=[{"type": "knarr"}])
    plays_all = plays(s, setting, "play-occupations-4")
    played = after(s, setting, plays_all[((), (), 4)])  # by points (with the card drawn first): named or not, they join play
    assert played.active == (115, 119, 125) and played.cards == ()
    market = next(a for a in legal_actions(played, setting) if a.space == "weekly-beans")
    assert after(played, setting, market).count("milk") == played.count("milk") + 1
    emigrate = next(a for a in legal_actions(played, setting) if a.space == "emigrate-2")
    assert after(played, setting, emigrate).count("rune-stone") == played.count("rune-stone") + 1
    house = next(a for a in legal_actions(played, setting) if a.space == "build-house-and-ship")
    assert after(played, setting, house).count("silverware") == played.count("silverware") + 1
    shed = next(a for a in legal_actions(played, setting) if a.space == "build-shed")
    assert after(played, setting, shed).count("silverware") == played.count("silverware") + 1
    craft = next(a for a in legal_actions(played, setting) if a.space == "produce-mead")
    gained = after(played, setting, craft)
    assert (gained.count("silverware"), gained.count("rune-stone")) == (played.count("silverware"), played.count("rune-stone"))
    unplayed = next(a for a in legal_actions(s, setting) if a.space == "weekly-beans")
    assert after(s, setting, unplayed).count("milk") == s.count("milk")  # in hand, not in play


def test_the_cards_in_play_are_written_and_read_as_played():
    s, setting = make(["Messenger", 2], ships=[{"type": "knarr"}])
    played = after(s, setting, plays(s, setting, "play-occupations-2")[((118,), (), 1)])
    back = to_snapshot(played, setting)
    assert back.player.occupations.played == ["Messenger"] and back.player.occupations.hand == [2]
    again = initial_state(back, split_snapshot(round_3(occupations=back.player.occupations.model_dump()))[1])
    assert again.active == (118,) and again.cards == ()
    market = next(a for a in legal_actions(again, setting) if a.space == "weekly-beans")
    bought = after(again, setting, market)
    assert (bought.count("mead") - again.count("mead"), bought.stone - again.stone) == (1, 1)


def test_validate_notes_a_hand_name_that_is_no_one_cards(tmp_path):
    import json

    from typer.testing import CliRunner

    from cli.app import app

    path = tmp_path / "mine.json"
    data = round_3(occupations={"hand": ["Fishermann", "Tutor", "earl", 2], "played": ["Scribe", "Princes"]})
    del data["round_context"]
    path.write_text(json.dumps(data))
    out = CliRunner().invoke(app, ["validate", str(path), "--json"])
    assert out.exit_code == 0 and json.loads(out.stdout) == {"valid": True, "errors": []}  # the answer as ever
    notes = out.stderr.splitlines()
    assert [n.split(":")[0] for n in notes] == [
        "note player.occupations.hand[0]", "note player.occupations.hand[1]", "note player.occupations.played[1]"
    ]
    assert "did you mean 'Fisherman'?" in notes[0] and "cards 52, 99" in notes[1] and "did you mean 'Princess'?" in notes[2]
    plain = CliRunner().invoke(app, ["validate", str(path)])
    assert plain.exit_code == 0 and "legal position" in plain.stdout and "note player.occupations.hand[0]" in plain.stderr


def test_the_refugee_helper_in_play_takes_2_silver_off_every_emigration():
    s, setting = make(["Refugee Helper"], silver=1, ships=[{"type": "knarr"}, {"type": "knarr"}])  # round 3
    assert not [a for a in legal_actions(s, setting) if a.space == "emigrate-2"]  # 3 silver in round 3
    helped = after(s, setting, plays(s, setting, "play-occupations-2")[((170,), (), 1)])
    assert helped.active == (170,)
    (emigrate,) = [a for a in legal_actions(helped, setting) if a.space == "emigrate-2"]
    gone = after(helped, setting, emigrate)
    assert gone.silver == 0 and gone.emigrated == ("knarr",)
    assert after(replace(helped, round=2), setting, emigrate).silver == 1  # free in round 2
    assert after(replace(helped, round=1), setting, emigrate).silver == 1  # and never below nothing
    assert to_snapshot(helped, setting).player.occupations.played == ["Refugee Helper"]


def test_a_discount_of_one_silver_reads():
    effect = _effect({"number": 170, "name": "Refugee Helper", "discounts": [{"when": "emigrating", "silver": 1}]}, "card[0]")
    assert [(d.when, d.silver) for d in effect.discounts] == [("emigrating", 1)] and effect.lasting


def test_each_modelled_effect_in_words():
    said = {n: effect_words(e) for n, e in effects().items()}
    assert said[27] == "1 stockfish per whaling boat" and said[43] == "1 fruits"
    assert said[24] == "1 oil per knarr; 1 wood per whaling boat"
    assert said[32] == "by longships, 1+: 2 weapon cards / 2+: 5 weapon cards / 3+: 10 weapon cards"
    assert said[82] == "may buy 1 longship for, by knarrs, 0+: 8 silver / 1+: 6 silver / 2+: 3 silver / 3+: 1 silver"
    assert said[72] == "may buy 1 stone-house for the round's number in silver"
    assert said[86] == "may buy 1 hide for 2 silver or 2 hide for 4 silver or 3 hide for 6 silver"
    assert said[10] == "1 silver, 1 milk per kind of animal held (sheep, cattle)"
    assert said[125] == "each time you emigrate or you explore: 1 rune-stone"
    assert said[119] == "each time you use a Weekly Market space: 1 milk"
    assert said[170] == "each time you emigrate: 2 silver less to pay"


def test_a_name_no_card_has_is_noted_without_a_guess_when_none_is_near():
    assert unread_names(["zzqx", 2, "Earl"], []) == [
        ("player.occupations.hand[0]", "'zzqx' is no occupation card's name, so it counts as a card drawn unseen (affo cards)")
    ]
    assert unread_names([], ["Fisherman", "Fishrman"])[0][0] == "player.occupations.played[1]"
