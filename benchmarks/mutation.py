"""Mutation testing of the rule checker, scoring, the round engine, the rules both engines share,
the snapshot and game-record contract
and the whole-game engine (issue 8), run by hand.

Run as `python -m benchmarks.mutation [MODULE ...]` from the repository root (a module of the
whole-game engine is named `engine.effects` and so on; `engine` alone names all of them), after
`pip install -e ".[test,mutation]"`; writes benchmarks/RESULTS-mutation.md. For each module it runs
`mutmut run "models.MODULE*" --max-children 2` (configuration: [tool.mutmut] in pyproject.toml),
then counts the verdicts of `mutmut results --all true`. `--tally` only counts the last run's
results. Modules not named keep the row of their last measurement (benchmarks/RESULTS-mutation.json),
so one module can be measured again alone. A surviving mutant listed in EQUIVALENT changes nothing
a test could observe; every other survivor is a gap in the tests. Not part of CI: a full run takes tens of minutes on two cores.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).with_name("RESULTS-mutation.md")
ROWS = OUT.with_suffix(".json")  # the last measurement of every module, merged run by run
# The whole-game engine's rule modules, in the order of their rule content (its speed plumbing,
# digest/plans/tables/geometry/layout, is not mutated): each is measured and reported alone.
ENGINE_MODULES = tuple(f"engine.{m}" for m in ("effects", "round_end", "feast", "score", "choices", "spaces", "flow", "dice", "draws"))
# The choices both engines offer (choice_rules), the printed mountain strips and exploration schedule: rules
# shared by both engines, so a mistake there is one neither engine's agreement test can see.
SHARED_MODULES = ("choice_rules", "mountains", "explorations")
# The snapshot and game-record contract: what a user types is read here before any rule sees it.
CONTRACT_MODULES = ("snapshot", "record")
MODULES = ("rules", "scoring", "round_end", "round_rules") + SHARED_MODULES + CONTRACT_MODULES + ENGINE_MODULES
TARGET = 0.10  # surviving share per module

# Survivors that no test can tell apart from the original, each with the reason.
EQUIVALENT = {
    "models.rules.x_ring__mutmut_2": "r - dr over the symmetric offsets -1, 0, 1 gives the same eight cells",
    "models.rules.x_ring__mutmut_3": "c - dc over the symmetric offsets -1, 0, 1 gives the same eight cells",
    "models.rules.x__is_horizontal__mutmut_12": "every non-square food is a rectangle: upright (w < h), w + 1 > h never holds either",
    "models.rules.x__is_horizontal__mutmut_15": "width >= height differs only for squares, which the caller skips",
    "models.scoring.x_uncovered_negatives__mutmut_16": "< instead of <= differs only for a resource tile filling a whole space row; wood and stone tiles are 1 x 1, rows are 3 long",
    "models.round_end.x_state_bonuses__mutmut_4": "no empty board pays a bonus, so the rewards added are always none",
    "models.round_end.x__bonus__mutmut_50": "taking no special tiles leaves the state as it is",
    "models.round_end.x__bonus__mutmut_53": "pay_cost=None is as false as pay_cost=False",
    "models.round_end.x_lay_held_tiles__mutmut_14": "skips the layout cache: the same layout is worked out again",
    "models.round_end.x_lay_held_tiles__mutmut_15": "misses the layout cache every time: the same layout is worked out again",
    "models.round_rules.state.xǁStateǁ__hash____mutmut_1": "reads no cached hash: the same hash is worked out again",
    "models.round_rules.state.xǁStateǁ__hash____mutmut_2": "reads no cached hash: the same hash is worked out again",
    "models.round_rules.state.xǁStateǁ__hash____mutmut_3": "reads no cached hash: the same hash is worked out again",
    "models.round_rules.state.xǁStateǁ__hash____mutmut_4": "reads no cached hash: the same hash is worked out again",
    "models.round_rules.state.xǁStateǁ__hash____mutmut_9": "stores no usable cached hash: the same hash is worked out again",
    "models.round_rules.state.xǁStateǁ__hash____mutmut_10": "stores no usable cached hash: the same hash is worked out again",
    "models.round_rules.state.xǁStateǁ__hash____mutmut_11": "stores no usable cached hash: the same hash is worked out again",
    "models.round_rules.state.xǁStateǁ__eq____mutmut_4": "equal hashes or equal values: unequal states with equal cached hashes (a 64-bit collision) would meet; no state of a game does",
    "models.round_rules.actions.xǁActionǁ__hash____mutmut_2": "stores its hash under another key: the same hash is worked out again",
    "models.round_rules.actions.xǁActionǁ__hash____mutmut_3": "stores its hash under another key: the same hash is worked out again",
    "models.round_rules.actions.x__space_action__mutmut_6": "the interned actions' key always holds the mountain strips: a finer key, equal actions",
    "models.round_rules.actions.x__space_action__mutmut_14": "never reuses an interned action: an equal one is built again",
    "models.round_rules.actions.x__space_action__mutmut_15": "looks up a key never stored: an equal action is built again",
    "models.round_rules.actions.x__space_action__mutmut_17": "the table of interned actions holds one more before it is emptied",
    "models.round_rules.effects.x__draw_occupations__mutmut_2": "drawing no card sorts the same sorted hand again: an equal state",
    "models.choice_rules.x_mountain_picks__mutmut_19": "one strip more than the allowances: zip stops at the allowances, so it only finds picks found already",
    "models.choice_rules.x_forge_targets__mutmut_10": "every special tile has a value (models/values.py values them all): the default is never read",
    "models.choice_rules.x_forge_targets__mutmut_12": "every special tile has a value (models/values.py values them all): the default is never read",
    "models.choice_rules.x_forge_targets__mutmut_13": "every special tile has a value (models/values.py values them all): the default is never read",
    "models.choice_rules.x_special_sets__mutmut_10": "every special tile has a value (models/values.py values them all): the default is never read",
    "models.round_rules.afford.x_needs_met__mutmut_43": "a building missing from the supply counts None instead of 0: both are false",
    "models.round_rules.afford.x_needs_met__mutmut_45": "a building missing from the supply counts None instead of 0: both are false",
    "models.round_rules.afford.x_ships_fit__mutmut_12": "no space or option gives two ships at once, so the berth check never meets a ship it has just added",
    "models.round_rules.afford.x_ships_fit__mutmut_15": "no space or option gives two ships at once, so the berth check never meets a ship it has just added",
    "models.round_rules.afford.x_ships_fit__mutmut_16": "the ore on a ship just added does not change the berths it takes",
    "models.round_rules.bundles.x_pay__mutmut_1": "a bundle paying no silver, resource or good leaves an equal state when copied",
    "models.round_rules.bundles.x_gain__mutmut_2": "a bundle equal to the empty one gives nothing when applied: an equal state",
    "models.round_rules.bundles.x_gain__mutmut_76": "drawing 0 weapons changes nothing",
    "models.round_rules.choices.x__option_sets__mutmut_24": "combinations longer than the options listed are empty",
    "models.round_rules.choices.x__emigrate_choices__mutmut_4": "every emigration space costs 1 silver per round: round / 1 = round * 1",
    "models.round_rules.choices.x__emigrate_choices__mutmut_15": "the swap gives a knarr: the berth checked for any ship but a whaling boat is the large one either way",
    "models.round_rules.choices.x_does_something__mutmut_1": "the forge pays ore and weekly livestock gains silver and spices: each does something already",
    "models.round_rules.choices.x_does_something__mutmut_23": "an option's upgrade or mountain take comes only with the option chosen, which already counts",
    "models.round_rules.choices.x_does_something__mutmut_24": "an option's upgrade or mountain take comes only with the option chosen, which already counts",
    "models.round_rules.choices.x_does_something__mutmut_25": "an option's upgrade or mountain take comes only with the option chosen, which already counts",
    "models.round_rules.choices.x_does_something__mutmut_26": "an option's upgrade or mountain take comes only with the option chosen, which already counts",
    "models.round_rules.choices.x_space_legal__mutmut_26": "the whaling spaces also need a whaling boat in their data: the roll check repeats it",
    "models.round_rules.choices.x_space_legal__mutmut_27": "the whaling spaces also need a whaling boat in their data: the roll check repeats it",
    "models.round_rules.choices.x_space_legal__mutmut_32": "the whaling spaces also need a whaling boat in their data: the roll check repeats it",
    "models.round_rules.choices.x_space_legal__mutmut_35": "with no card in hand the paid play space offers no play count, so no action either way",
    "models.round_rules.choices.x_space_legal__mutmut_36": "with no card in hand the paid play space offers no play count, so no action either way",
    "models.round_rules.choices.x_space_legal__mutmut_38": "with no card in hand the paid play space offers no play count, so no action either way",
    "models.round_rules.effects.x__arm__mutmut_9": "ships are kept sorted, so the first whaling boat has the least ore, and arming is offered only while one has none",
    "models.round_rules.effects.x__arm__mutmut_10": "ships are kept sorted, so the first whaling boat has the least ore, and arming is offered only while one has none",
    "models.round_rules.effects.x__arm__mutmut_11": "ships are kept sorted, so the first whaling boat has the least ore, and arming is offered only while one has none",
    "models.round_rules.effects.x__arm__mutmut_12": "ships are kept sorted, so the first whaling boat has the least ore, and arming is offered only while one has none",
    "models.round_rules.effects.x__arm__mutmut_15": "ships are kept sorted by ore within a type: the last longship is the best armed, equal ones are equal tuples, and the whaling boats offered all carry 0",
    "models.round_rules.effects.x__arm__mutmut_17": "ships are kept sorted by ore within a type: the last longship is the best armed, equal ones are equal tuples, and the whaling boats offered all carry 0",
    "models.round_rules.effects.x__arm__mutmut_19": "ships are kept sorted by ore within a type: the last longship is the best armed, equal ones are equal tuples, and the whaling boats offered all carry 0",
    "models.round_rules.effects.x__arm__mutmut_22": "ships are kept sorted by ore within a type: the last longship is the best armed, equal ones are equal tuples, and the whaling boats offered all carry 0",
    "models.round_rules.effects.x__play_occupations__mutmut_3": "called only with at least one card to play",
    "models.round_rules.effects.x__apply_option__mutmut_11": "only the wood-per-player space's own gain depends on the players; no option, if-owns or roll bundle does",
    "models.round_rules.effects.x__deterministic_effects__mutmut_105": "only the wood-per-player space's own gain depends on the players; no option, if-owns or roll bundle does",
    "models.round_rules.dice.x_resolve_roll__mutmut_8": "only the wood-per-player space's own gain depends on the players; no option, if-owns or roll bundle does",
    "models.round_rules.dice.x_resolve_roll__mutmut_41": "only the wood-per-player space's own gain depends on the players; no option, if-owns or roll bundle does",
    "models.round_rules.effects.x__deterministic_effects__mutmut_187": "pay_cost=None is as false as pay_cost=False",
    "models.round_rules.dice.x_resolve_roll__mutmut_55": "pay_cost=None is as false as pay_cost=False",
    "models.round_rules.effects.x__emigrate__mutmut_6": "ships are kept sorted: the least (type, ore) pair and the first of a type are the one with least ore",
    "models.round_rules.effects.x__emigrate__mutmut_8": "ships are kept sorted: the least (type, ore) pair and the first of a type are the one with least ore",
    "models.round_rules.effects.x__emigrate__mutmut_17": "ships are kept sorted: the least (type, ore) pair and the first of a type are the one with least ore",
    "models.round_rules.effects.x__emigrate__mutmut_19": "ships are kept sorted: the least (type, ore) pair and the first of a type are the one with least ore",
    "models.round_rules.snapshots.x_to_snapshot__mutmut_3": "the snapshot holds only strings, numbers, lists and dicts: the python dump parses back the same",
    "models.round_rules.snapshots.x_to_snapshot__mutmut_4": "the snapshot holds only strings, numbers, lists and dicts: the python dump parses back the same",
    "models.round_rules.snapshots.x_to_snapshot__mutmut_5": "the snapshot holds only strings, numbers, lists and dicts: the python dump parses back the same",
    # measured while the labeller was in round_rules.py (now models/choice_labels.py, not mutated)
    "models.round_rules.x__label__mutmut_13": "each pay-any-of choice pays one kind, so the separator is never written",
    # the snapshot and game-record contract (models/snapshot.py, models/record.py)
    "models.record.x__actions__mutmut_23": "JSON object keys are strings: sorting them by str or as they are gives one order",
    "models.record.x__actions__mutmut_25": "JSON object keys are strings: sorting them by str or as they are gives one order",
    "models.record.x__form__mutmut_12": "JSON object keys are strings: sorting them by str or as they are gives one order",
    "models.record.x__form__mutmut_14": "JSON object keys are strings: sorting them by str or as they are gives one order",
    "models.record.x__round__mutmut_10": "JSON object keys are strings: sorting them by str or as they are gives one order",
    "models.record.x__round__mutmut_12": "JSON object keys are strings: sorting them by str or as they are gives one order",
    "models.record.x__actions__mutmut_95": "a bad choice is a problem already, so the record is refused and the action never kept",
    "models.record.x__join__mutmut_2": "no snapshot or rule-checker problem has an empty path (a record's `$` is handled beside it)",
    "models.record.x__round__mutmut_85": "a round without a readable snapshot has added a problem, so the record is refused either way",
    "models.record.x__unknown_space__mutmut_10": "get_close_matches lists the best match first: n=1, 2 or 3 give the same first",
    "models.record.x__unknown_space__mutmut_12": "get_close_matches lists the best match first: n=1, 2 or 3 give the same first",
    "models.record.x_laid_between__mutmut_13": "Counter(None) and Counter() are both empty",
    "models.record.x_laid_between__mutmut_15": "Counter(None) and Counter() are both empty",
    "models.record.x_laid_between__mutmut_18": "two placements equal in piece, cell, turn and side overlap, which the rule checker refuses: no key is counted twice",
    "models.record.x_laid_between__mutmut_19": "two placements equal in piece, cell, turn and side overlap, which the rule checker refuses: no key is counted twice",
    "models.record.x_laid_between__mutmut_21": "two placements equal in piece, cell, turn and side overlap, which the rule checker refuses: no key is counted twice",
    "models.record.x_parse_record__mutmut_7": "_form returns a record only when it found no problem, so `or` and `and` agree",
    "models.snapshot.x__decode__mutmut_3": "Python's codec names ignore case",
    "models.snapshot.x__stdin_bytes__mutmut_17": "Python's codec names ignore case",
    "models.snapshot.x__join__mutmut_2": "a single 'Input should be' message joined alone is itself",
    "models.snapshot.x__message__mutmut_25": "no literal of the schema names 6 or 7 values: the short ones (ship types, lengths, rotations, resources) name at most 4, the name lists hundreds",
    "models.snapshot.x__message__mutmut_26": "no literal of the schema names 6 or 7 values: the short ones (ship types, lengths, rotations, resources) name at most 4, the name lists hundreds",
    "models.snapshot.x__message__mutmut_29": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_31": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_37": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_38": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_49": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_51": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_52": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_53": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_55": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_56": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__message__mutmut_57": "the long literal lists are all of pieces, goods, special tiles or boards, each in WHAT and REFERENCE: the defaults are never read",
    "models.snapshot.x__real_loc__mutmut_11": "pydantic's locations name only keys and indexes present in the input, but a missing field's last part",
    "models.snapshot.x__real_loc__mutmut_14": "pydantic's locations name only keys and indexes present in the input, but a missing field's last part",
    "models.snapshot.x__real_loc__mutmut_15": "pydantic's locations name only keys and indexes present in the input, but a missing field's last part",
    "models.snapshot.x_did_you_mean__mutmut_10": "get_close_matches lists the best match first: n=1, 2 or 3 give the same first",
    "models.snapshot.x_did_you_mean__mutmut_11": "get_close_matches lists the best match first: n=1, 2 or 3 give the same first",
    "models.snapshot.x_did_you_mean__mutmut_13": "get_close_matches lists the best match first: n=1, 2 or 3 give the same first",
    "models.snapshot.x_dump_snapshot__mutmut_2": "a snapshot holds only strings, numbers, booleans, lists and objects: the python dump is the JSON dump",
    "models.snapshot.x_dump_snapshot__mutmut_4": "a snapshot holds only strings, numbers, booleans, lists and objects: the python dump is the JSON dump",
    "models.snapshot.x_dump_snapshot__mutmut_6": "a snapshot holds only strings, numbers, booleans, lists and objects: the python dump is the JSON dump",
    "models.snapshot.x_dump_snapshot__mutmut_7": "a snapshot holds only strings, numbers, booleans, lists and objects: the python dump is the JSON dump",
    # the whole-game engine (models/engine/)
    "models.engine.effects.x_pay__mutmut_16": "adding no goods changes builds an equal goods tuple",
    "models.engine.effects.x__overseas_trade__mutmut_5": "upgrading no goods builds an equal goods tuple",
    "models.engine.effects.x__overseas_trade__mutmut_12": "every green good upgrades to a blue one, the top of its column: two steps end where one does",
    "models.engine.effects.x__buy__mutmut_2": "a special sale's choice always names its tiles; buying none leaves an equal state",
    "models.engine.effects.x__fused__mutmut_8": "an empty string is as false as None: no goods or weapons changed keeps the state's own tuples",
    "models.engine.effects.x_finish_space__mutmut_4": "dict(()) is the empty dict",
    "models.engine.effects.x__explore__mutmut_2": "every choice of an exploring space names a board (with none the space is not offered)",
    "models.engine.effects.x__forge__mutmut_21": "pay_cost=None is as false as pay_cost=False",
    "models.engine.effects.x_gain__mutmut_21": "adding no goods changes builds an equal goods tuple",
    "models.engine.effects.x_gain__mutmut_27": "adding no weapon changes builds an equal weapons tuple",
    "models.engine.effects.x_arm_ship__mutmut_6": "ships are kept sorted: the last longship is the best armed, and equal ones are equal tuples",
    "models.engine.effects.x_arm_ship__mutmut_8": "ships are kept sorted: the last longship is the best armed, and equal ones are equal tuples",
    "models.engine.effects.x_arm_ship__mutmut_14": "ships are kept sorted: the last longship is the best armed, and equal ones are equal tuples",
    "models.engine.effects.x_arm_ship__mutmut_18": "whaling boats sort first, a bare one first among them, and arming is offered only while one is bare: the first ship is the one armed",
    "models.engine.effects.x_arm_ship__mutmut_19": "whaling boats sort first, a bare one first among them, and arming is offered only while one is bare: the first ship is the one armed",
    "models.engine.effects.x_arm_ship__mutmut_22": "whaling boats sort first, a bare one first among them, and arming is offered only while one is bare: the first ship is the one armed",
    "models.engine.effects.x_arm_ship__mutmut_23": "whaling boats sort first, a bare one first among them, and arming is offered only while one is bare: the first ship is the one armed",
    "models.engine.feast.x__best__mutmut_5": "every table grows from the empty one: a value of 1 there adds 1 to every candidate and changes no comparison",
    "models.engine.feast.x__best__mutmut_6": "every table grows from the empty one: a tile count of 1 there adds 1 to every candidate and changes no comparison",
    "models.engine.feast.x__best__mutmut_19": "counts oranges as reds and reds as oranges: the row condition is the same for both colours",
    "models.engine.feast.x__best__mutmut_23": "counts red tiles in the relaxation too: it only changes which of the tables the rules rank equal (same penalties, value and tiles) is served",
    "models.engine.feast.x__best__mutmut_25": "without colours the key only has to tell widths apart: (width, 1, 0) does so as well as (width, 0, 0)",
    "models.engine.feast.x__best__mutmut_26": "without colours the key only has to tell widths apart: (width, 0, 1) does so as well as (width, 0, 0)",
    "models.engine.feast.x__best__mutmut_36": "a 3-tuple against a 2-tuple compares as its first two when they differ, and is greater (not less) when they are equal, as before",
    "models.engine.feast.x__best__mutmut_37": "a later candidate of equal value and tiles wins: only changes which of the tables the rules rank equal is served",
    "models.engine.feast.x__options__mutmut_3": "sorts the goods by index: within each food type of two goods (sheep, cattle) the lower index is the cheaper one, so the same good lies flat",
    "models.engine.feast.x__options__mutmut_5": "sorts the goods by index: within each food type of two goods (sheep, cattle) the lower index is the cheaper one, so the same good lies flat",
    "models.engine.feast.x__best__mutmut_38": "a 2-tuple against a 3-tuple equal in its first two is less: a later candidate of equal value and tiles wins, which only changes which of the tables the rules rank equal is served",
    "models.engine.feast.x__best__mutmut_71": "a later table of equal rank wins: only changes which of the tables the rules rank equal is served",
    "models.engine.feast.x__colour__mutmut_1": "a coin or a gap (index -1, -2) then reads the last two goods, silver hoard and clothing: blue and green, neither orange nor red, as before",
    "models.engine.feast.x__colour__mutmut_3": "the colour of a coin or a gap is only compared with orange and red: any other string does the same",
    "models.engine.feast.x__in_a_row__mutmut_27": "the last colour is only compared with orange and red: None does as the empty string",
    "models.engine.feast.x__in_a_row__mutmut_28": "the last colour is only compared with orange and red: any other string does as the empty string",
    "models.engine.feast.x__in_a_row__mutmut_54": "the last colour is only compared with orange and red: None does as the empty string",
    "models.engine.feast.x__in_a_row__mutmut_55": "the last colour is only compared with orange and red: any other string does as the empty string",
    "models.engine.feast.x_table_placements__mutmut_23": "w >= h differs from w > h only for a square, which lies at rotation 0 either way",
    "models.engine.dice.x_ore_bonus__mutmut_20": "the pillage spaces need a longship, so the best-armed one always exists and the default is never used",
    "models.engine.dice.x_ore_bonus__mutmut_22": "the pillage spaces need a longship, so the best-armed one always exists and the default is never used",
    "models.engine.dice.x_ore_bonus__mutmut_24": "the pillage spaces need a longship, so the best-armed one always exists and the default is never used",
    "models.engine.dice.x_decisions__mutmut_18": "the list is still empty there: assigning and extending give the same list",
    "models.engine.dice.x_decisions__mutmut_46": "the cheapest blue tile (rune stone) has sword value 6, above the failure threshold 5: max(sword, 6) and max(sword, 4) are the sword value",
    "models.engine.dice.x_decide__mutmut_50": "pay_cost=None is as false as pay_cost=False",
    "models.engine.round_end.x_next_round__mutmut_8": "the game ends after round 7, so the next round is 7 at most and the harvest schedule lists all 7 rounds",
    "models.engine.round_end.x_next_round__mutmut_13": "the game ends after round 7, so the next round is 7 at most and the harvest schedule lists all 7 rounds",
    "models.engine.round_end.x_next_round__mutmut_14": "the game ends after round 7, so the next round is 7 at most and the harvest schedule lists all 7 rounds",
    "models.engine.round_end.x_end_action_phase__mutmut_9": "the action phase ends from stage ACTIONS, where nothing is ever pending: pending is () already",
    "models.engine.round_end.x_end_action_phase__mutmut_26": "the action phase ends from stage ACTIONS, where nothing is ever pending: pending is () already",
    "models.engine.round_end.x_bonus__mutmut_18": "no board's bonus pays silver, so the silver paid is always none",
    "models.engine.round_end.x_bonus__mutmut_43": "no board's bonus pays silver, so the silver paid is always none",
    "models.engine.round_end.x_bonus__mutmut_44": "no board's bonus pays silver, so the silver paid is always none",
    "models.engine.round_end.x_bonus__mutmut_48": "no board's bonus pays silver, so the silver paid is always none",
    "models.engine.round_end.x_bonus__mutmut_49": "no board's bonus pays silver, so the silver paid is always none",
    "models.engine.round_end.x_bonus__mutmut_65": "the one building a bonus pays is Newfoundland's single stone house: index 1, count 1, so gain_building(s, 1) is the same call",
    "models.engine.round_end.x_bonus__mutmut_73": "pay_cost=None is as false as pay_cost=False",
    "models.engine.round_end.x_bonus__mutmut_66": "the one building a bonus pays is Newfoundland's single stone house: a count of 1, gain_building's default",
    "models.engine.flow.x_dealt__mutmut_15": "the weapon card drawn next sets the stage (WEAPONS, then ACTIONS): the stage set before it is overwritten",
    "models.engine.flow.x_start__mutmut_14": "each weapon is named once in the setup and counts start at 0: setting is adding",
    "models.engine.flow.x_start__mutmut_97": "rounds 1 and 2 show the same exploration faces (Shetland, Faroe Islands, Iceland, Greenland), with no silver on either",
    "models.engine.flow.x_chance_outcomes__mutmut_16": "one and two players both turn 2 strips face up at setup",
    "models.engine.flow.x__occupation_drawn__mutmut_18": "a card drawn for no space (-1) would finish the last space, upgrade-boat-and-emigrate, with no choice: it pays, gains and emigrates nothing",
    "models.engine.flow.x__occupation_drawn__mutmut_25": "space 0 (build-shed, column 1) draws no card first, so it is never the space a card is drawn for",
    "models.engine.flow.x__occupation_drawn__mutmut_26": "space 0 (build-shed, column 1) draws no card first, so it is never the space a card is drawn for",
    "models.engine.choices.x__emigrate_choices__mutmut_4": "every emigration space costs 1 silver per round: round / 1 = round * 1",
    "models.engine.choices.x__emigrate_choices__mutmut_11": "the swap gives a knarr: berth_free checks the large berths for any kind but a whaling boat, None included",
    "models.engine.choices.x__inner_choices__mutmut_3": "the one space whose options upgrade or take mountain items (mountain-2x4-or-double-3) chooses one option, so every choice names its options",
    "models.engine.choices.x__inner_choices__mutmut_5": "the one space whose options upgrade or take mountain items (mountain-2x4-or-double-3) chooses one option, so every choice names its options",
    "models.engine.choices.x__interned__mutmut_1": "the interning memory is emptied one entry later: the same actions, one object each",
    "models.engine.choices.x__option_sets__mutmut_22": "combinations longer than the options usable are empty",
    "models.engine.choices.x__option_sets__mutmut_27": "the one space choosing any of its options (master-crafting) has no option bringing a ship: the state is never read",
    "models.engine.choices.x__ships_fit_together__mutmut_16": "no option brings a whaling boat, so the boats added are always 0",
    "models.engine.choices.x__reads__mutmut_6": "the set is still empty there: assigning and adding give the same fields",
    "models.engine.choices.x__reads__mutmut_28": "every space that explores, or rolls for whales, raids or pillages, has a ship need, which puts ships in the key; hunting and snaring offers do not read ships",
    "models.engine.choices.x__reads__mutmut_29": "the one space whose options bring ships (build-house-and-ship) has options with needs, which put ships in the key",
    "models.engine.choices.x__reads__mutmut_50": "before it an emigration space's key held only its ship need's fields: it loses buildings_left, which emigrating does not read",
    "models.engine.choices.x__space_legal__mutmut_23": "the whaling spaces also need a whaling boat in their data: the roll check repeats it",
    "models.engine.choices.x__space_legal__mutmut_24": "the whaling spaces also need a whaling boat in their data: the roll check repeats it",
    "models.engine.choices.x__space_legal__mutmut_27": "the whaling spaces also need a whaling boat in their data: the roll check repeats it",
    "models.engine.choices.x__space_legal__mutmut_31": "with no card in hand a playing space offers no play count, so no action either way",
    "models.engine.choices.x_offers__mutmut_26": "only milking and shearing decide False (no animal), and having no choices they return before this test",
    "models.engine.choices.x_space_actions__mutmut_11": "misses the memory every time: the same actions are worked out again",
    "models.engine.choices.x_space_actions__mutmut_12": "misses the memory every time: the same actions are worked out again",
    "models.engine.choices.x_space_actions__mutmut_14": "the memory is emptied one entry later: the same actions",
}


# What the figures rest on, kept beside them (edit when the tests or the code measured change).
NOTES = """\
## Notes

- Tests per mutant: only those of `pytest_add_cli_args_test_selection` that reach the mutated
  function (mutmut's own coverage). The property tests (random) and the solver and search tests
  (seconds each) are left out: they would not pin exact outcomes and would make a run last hours.
- A mutant with no test reaching it counts as surviving; a timeout counts as killed.
- Before the tests written for this run, surviving: `rules.py` 92 of 576 (16 %), `scoring.py` 17
  of 216 (7.9 %), `round_end.py` 58 of 370 (15.7 %, with tests/test_round_end.py of branch
  `rules`). The new tests: tests/test_rules_mutants.py, tests/test_scoring_mutants.py,
  tests/test_round_end_mutants.py.
- `round_end.py` and `round_rules.py` were measured on main with branch `rules` merged (the
  round engine as that branch leaves it: the held tiles laid before income, models/quick_layout.py).
- No surviving mutant showed a wrong rule in `rules.py` or `scoring.py`.
- `round_rules.py` (the round engine the planner uses): 1937 mutants at this measurement. With the
  tests on main before this run (tests/test_round_rules.py, tests/test_round_rules_mutants.py),
  305 survived (15.7 %; 12 reached by no test). The tests written for this run:
  tests/test_round_rules_dice.py, _state.py, _moves.py, _legality.py, _choices.py. The survivors
  were re-run by name (`mutmut run NAME ...`) after each batch of tests; the test selection grew
  between runs, and killed verdicts were kept (adding tests cannot revive a mutant). No surviving
  mutant of `round_rules.py` showed a wrong rule.
- Since that measurement `round_rules.py` became the package `models/round_rules/` (same
  functions, split by job; a few helpers made public, so their mutants' names lost a `_`) and
  its choice labeller moved to models/choice_labels.py (shared with the whole-game engine, not
  mutated). The names in EQUIVALENT follow the new modules.
- The package `models/round_rules/` measured again (2026-11-27, fifth session; its hashing, state
  equality and interned actions made faster since): 1,791 mutants, 65 survived, 19 of them not yet
  read. Three were real gaps: a state unequal to itself, every two states equal, and
  `space_actions` (the rules of thumb's one-space listing) reached by no test of the selection;
  tests/test_round_rules.py now kills them (with the hash of an action). The other survivors only
  touch caches (hashes stored under another key, the interned actions' table) or re-sort a sorted
  hand, and are listed as equivalent: 54 survivors, all equivalent (3.0 %).
- The whole-game engine (models/engine/) is measured one module at a time, in the order of its
  rule content (`python -m benchmarks.mutation engine.effects`, ...; `engine` names them all):
  effects, round_end, feast, score, choices, spaces, flow, dice, draws. Its speed plumbing and
  conversions (state, tables, geometry, layout, plans, snapshots, words) are not mutated. A row
  appears once its module has been measured. Tests added to the selection for it:
  tests/test_engine_game.py, _choices.py, _agrees.py, _fast_paths.py, _record.py (the whole-game
  player's tests and the CP-SAT feast comparison are left out: search and solver, seconds each)
  and the mutant tests tests/test_engine_*_mutants.py, every figure in them worked out by hand
  from the rules (the effects tests also check that the plain and the compiled path agree).
- `models/engine/effects.py` was first run with tests/test_engine_effects_mutants.py in place
  (its first version): 31 of 637 survived (4.9 %); the survivors were read, the real ones killed
  by more tests and re-run by name. No surviving mutant of the engine showed a wrong rule.
- `models/engine/round_end.py`, first run (tests/test_engine_round_end_mutants.py as then): 25 of
  240 survived (10.4 %). Killed by more tests: the round-6 harvest (fruits), bonuses paying no
  wood, stone or ore, and passing with Vikings left (none wait at the round's end). The machine
  was loaded (load 18 on 2 cores): a few mutants that loop forever count as timeouts (killed).
- `models/engine/feast.py`, first run: 30 of 280 survived (10.7 %). Killed by more tests: the
  colour-aware pass (two tiles of a colour giving way to one of each), a flat tile after an
  upright one overran, the tile tie-break without coins, flat choices wider than the table.
  Four survivors (`_best` 23, 37, 38, 71) are equivalent only under the rules: they serve another
  of the tables the rules rank equal (same penalties, value and tiles), so the goods left over
  can differ; the module's tie-break (the first found) is not a rule and no test pins it.
- `models/engine/dice.py` and `draws.py` were first run with their tests as they stood: no gap.
  mutmut leaves decorated functions alone, so of `draws.py` only `without` is mutated (the
  @cache'd draw distributions are pinned by tests/test_engine_dice_mutants.py and
  tests/test_engine_game.py, unmeasured).
- `models/engine/spaces.py`, `flow.py` and `choices.py`, first run with the choices mutant tests as
  they stood: 11 of 83 (13.3 %), 15 of 241 (6.2 %) and 58 of 470 (12.3 %) survived. Killed by
  tests/test_engine_spaces_mutants.py and _flow_mutants.py and more choices tests: each ship need
  read alone, a choice's alternative cost and options applied, the solo setup and the deal field by
  field, and the memory of offers per space. mutmut runs a mutant only against the tests that
  reached its function in the clean run; a function behind a memory (@cache) is reached only by
  the first test that fills it, so such a function needs a test that empties the memory first.
- The four last survivors of `models/round_end.py` (the round engine's) were killed afterwards by
  tests/test_round_end_mutants.py (orange goods are nothing to lay before income, the bonuses of
  the boards with the held tiles laid, the layout memory telling holdings apart).
"""


def run(module: str) -> None:
    subprocess.run(["mutmut", "run", f"models.{module}*", "--max-children", "2"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def verdicts() -> dict[str, str]:
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    pairs = (line.strip().rsplit(": ", 1) for line in out.splitlines() if ": " in line)
    return {name: verdict for name, verdict in pairs}


def source(module: str) -> str:
    """The file, or for a package (models/round_rules/) the folder, a module's mutants come from."""
    path = module.replace(".", "/")
    return f"models/{path}/" if (ROOT / "models" / path).is_dir() else f"models/{path}.py"


def _module_of(row: dict) -> str:
    """The module a result row measured, whether it was one file then or a package now."""
    return row["module"].removeprefix("models/").removesuffix(".py").rstrip("/").replace("/", ".")


def named(argv: list[str]) -> list[str]:
    """The modules the command line names (`engine`: every module of the whole-game engine)."""
    names = [m for m in argv if not m.startswith("--")] or list(MODULES)
    return [x for m in names for x in (ENGINE_MODULES if m == "engine" else (m,))]


def tally(module: str, results: dict[str, str]) -> dict:
    mine = {n: v for n, v in results.items() if n.startswith(f"models.{module}.") and v != "not checked"}
    counts = Counter(mine.values())
    alive = sorted(n for n, v in mine.items() if v not in ("killed", "timeout", "segfault"))
    return {
        "module": source(module),
        "total": len(mine),
        "killed": len(mine) - len(alive),
        "survived": len(alive),
        "equivalent": [n for n in alive if n in EQUIVALENT],
        "gaps": [f"{n} ({mine[n]})" for n in alive if n not in EQUIVALENT],
        "counts": dict(counts),
    }


def merged(measured: list[dict]) -> list[dict]:
    """The rows just measured replace those of the same modules; the others stay as last measured."""
    kept = {_module_of(r): r for r in (json.loads(ROWS.read_text()) if ROWS.exists() else [])}
    kept.update({_module_of(r): r for r in measured})
    order = list(MODULES)
    return sorted(kept.values(), key=lambda r: (order.index(_module_of(r)) if _module_of(r) in order else len(order), r["module"]))


def table(rows: list[dict]) -> str:
    lines = ["| module | mutants | killed | survived | of which equivalent | surviving rate |", "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        rate = r["survived"] / r["total"] if r["total"] else 0.0
        flag = "" if rate <= TARGET else " (over 10 %)"
        lines.append(f"| `{r['module']}` | {r['total']} | {r['killed']} | {r['survived']} | {len(r['equivalent'])} | {rate:.1%}{flag} |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    tally_only = "--tally" in argv
    modules = named(argv)
    if not tally_only:
        for module in modules:
            print(f"mutating {source(module)} ...", flush=True)
            run(module)
    results = verdicts()
    # a module with no mutants in mutmut's results was not measured in this tree: its last row stands
    measured = [r for r in (tally(m, results) for m in modules) if r["total"]]
    rows = merged(measured)
    print(table(measured))
    for r in measured:
        for gap in r["gaps"]:
            print("not killed:", gap)
    ROWS.write_text(json.dumps(rows, indent=1) + "\n")
    machine = f"{platform.machine()} ({os.cpu_count()} cores, shared), Python {platform.python_version()}, mutmut {_mutmut_version()}"
    OUT.write_text(report(rows, machine))


def report(rows: list[dict], machine: str) -> str:
    parts = [
        "# Mutation testing: rule checker, scoring, round engine, shared rules, snapshot and record contract, whole-game engine",
        "",
        "Written by `python -m benchmarks.mutation` (each module: `mutmut run \"models.MODULE*\" --max-children 2`,",
        "configured in pyproject.toml's [tool.mutmut]). Surviving rate = survived / mutants; target <= 10 % per module.",
        "",
        f"Machine: {machine}.",
        "",
        table(rows),
        "",
        "## Surviving mutants that change nothing observable",
        "",
    ]
    parts += [f"- `{n}`: {reason(n)}" for r in rows for n in r["equivalent"]]
    gaps = [g for r in rows for g in r["gaps"]]
    parts += ["", "## Surviving mutants not yet killed", ""] + ([f"- `{g}`" for g in gaps] or ["None."])
    return "\n".join(parts) + "\n\n" + NOTES


def reason(name: str) -> str:
    """Why a survivor is equivalent. A row measured before a module was split into a package names
    its mutants by the old module (models.round_rules.x_f__mutmut_1, now
    models.round_rules.effects.x_f__mutmut_1; a helper made public lost a `_`): found by its package
    and function."""
    if name in EQUIVALENT:
        return EQUIVALENT[name]
    package, bare = name.split(".")[1], _bare(name)
    moved = [k for k in EQUIVALENT if k.split(".")[1] == package and _bare(k) == bare]
    return EQUIVALENT[moved[0]] if moved else "(reason not recorded)"


def _bare(name: str) -> str:
    return name.rsplit(".", 1)[-1].removeprefix("x").lstrip("_")


def _mutmut_version() -> str:
    out = subprocess.run(["mutmut", "--version"], capture_output=True, text=True, check=False).stdout
    return out.strip().rsplit(" ", 1)[-1] or "?"


if __name__ == "__main__":
    main(sys.argv[1:])
