"""The choices both engines offer, asked directly (models/choice_rules.py): exact lists on small
cases, so a rule changed there fails here even where both engines would still agree."""

from models.choice_rules import bonus_play_counts, mountain_picks, special_sets

# Made-up values: net of cost (helmet 1, belt 2, chalice 5, glass beads 0 silver) 9, 6, 15, 1.
VALUES = {"helmet": 10, "belt": 8, "chalice": 20, "glass-beads": 1}
FOR_SALE = ("helmet", "belt", "chalice", "glass-beads")


def test_one_special_tile_bought_with_exactly_enough_silver_and_never_none():
    # belt costs 2 of the 2 silver held; the chalice (5) is out of reach; buying nothing is no choice
    assert special_sets(FOR_SALE, 2, 1, VALUES) == [("helmet",), ("belt",), ("glass-beads",)]


def test_up_to_two_special_tiles_best_sets_by_value_less_cost():
    assert special_sets(FOR_SALE, 3, 2, VALUES) == [("belt", "helmet"), ("glass-beads", "helmet"), ("helmet",), ("belt", "glass-beads")]


def test_no_special_tile_affordable_offers_nothing():
    assert special_sets(("chalice",), 4, 2, VALUES) == []


def test_bonus_play_is_optional_and_bounded_by_the_hand():
    assert list(bonus_play_counts(1, 3)) == [0, 1]
    assert list(bonus_play_counts(2, 1)) == [0, 1]
    assert list(bonus_play_counts(1, 0)) == [0]


def test_mountain_picks_on_two_strips():
    # takes (2, 1): one strip gives up to 2 items, or both give (up to 2 and 1, either way round);
    # equal takes from equal strip tops are offered once (strip 1's single wood is strip 0's)
    strips = (("wood", "stone", "ore"), ("wood", "wood"))
    assert mountain_picks(strips, (1, 2)) == [
        ((0, 1),), ((0, 1), (1, 1)), ((0, 1), (1, 2)), ((0, 2),), ((0, 2), (1, 1)), ((1, 2),),
    ]  # fmt: skip
