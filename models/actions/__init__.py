"""The 61 action spaces as data: frozen dataclasses read from models/data/action_spaces.toml.

Modules by idea: `vocabulary` (the names the data may use), `spaces` (an action space and its
effects as frozen dataclasses), `parse` (strict reading of the TOML file, and the loaded board).
The TOML file documents the effect vocabulary.
"""

from models.actions.parse import check_keys, load_action_spaces, max_rolls, parse_action_spaces, parse_bundle
from models.actions.spaces import (
    BUNDLE_SCALARS,
    BUNDLE_TABLES,
    EMPTY,
    ActionDataError,
    ActionSpace,
    Bundle,
    ColumnBonus,
    Counts,
    Emigrate,
    Explore,
    IfOwns,
    Occupation,
    Option,
    PerAnimal,
    Roll,
    Upgrade,
)
from models.actions.vocabulary import (
    ANIMALS,
    BUILDINGS,
    EXPLORATION_BOARDS,
    GOODS,
    NEEDS,
    ROLL_KINDS,
    ROLL_ORE,
    SHIPS,
    SPACE_COUNT,
    WEAPONS,
)

__all__ = [
    "ANIMALS",
    "BUILDINGS",
    "BUNDLE_SCALARS",
    "BUNDLE_TABLES",
    "EMPTY",
    "EXPLORATION_BOARDS",
    "GOODS",
    "NEEDS",
    "ROLL_KINDS",
    "ROLL_ORE",
    "SHIPS",
    "SPACE_COUNT",
    "WEAPONS",
    "ActionDataError",
    "ActionSpace",
    "Bundle",
    "ColumnBonus",
    "Counts",
    "Emigrate",
    "Explore",
    "IfOwns",
    "Occupation",
    "Option",
    "PerAnimal",
    "Roll",
    "Upgrade",
    "check_keys",
    "load_action_spaces",
    "max_rolls",
    "parse_action_spaces",
    "parse_bundle",
]
