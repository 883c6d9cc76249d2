"""One player's action phase as a game: a state, its legal actions, and their outcomes.

OpenSpiel-like and pure (no dependency on planner/): `initial_state(snapshot, context)` gives
the state, `legal_actions` every legal action in a canonical order, `apply(state, action)` the
next state or, for a dice space, a `PendingRoll` (the die, what may be spent, the ore modifier,
the success and failure effects, the blue tiles takeable) that `resolve_roll` settles for any
outcome, and `to_snapshot` turns a state back into a snapshot that `models.rules.check_snapshot`
judges. Probabilities are the planner's business: planner/chance.py turns a pending roll into
branches with planner/dice.py's optimal stop-or-re-roll distributions.

What is modelled: the 61 action spaces with their choices (see models/data/action_spaces.toml),
the column bonuses (column 3 draws an occupation, column 4 may play one), and the anytime
actions that matter here: buy a ship, arm a ship with ore. Exchanging silver is a no-op for
one total and is not an action. Laying tiles on boards is the placement engine's business: the
boards' placements stay as the snapshot gives them; boards gained (houses, explorations) arrive
empty.

Choices are bounded and canonical, so equal situations give equal action lists:
- upgrades are multisets over the few kinds gaining the most value (`UPGRADE_KINDS`), the
  `UPGRADE_CHOICES` best and the best of every size ("up to": fewer, or none beside another
  effect of the space);
- mountain items: from each strip used, one item up to as many as the space allows, or none
  beside another effect of the space;
- whaling uses as many boats as the space allows, the ones with most ore;
- overseas trade flips none, the best one, the best two, ... of the green kinds held;
- emigration sends the ship of the chosen type carrying the least ore (a swap gives the whaling
  boat carrying the least);
- forging offers jewelry and the `FORGE_SPECIALS` most valuable forge-marked specials left;
- a special sale offers the `SPECIAL_SALE_CHOICES` best sets by value minus cost;
- playing occupations is a choice of how many and which cards with a modelled effect to name
  (the rest go by printed points): a playing space plays at least one, a column-4 space may play
  its bonus card or not (`occupations`).
A card in hand given as an int is its points; a card's name is that card (printed points, and the
effects of the 50 cards models/data/occupation_effects.toml lists: 27 with an immediate effect, 24
with a lasting one: each-time gains, on a roll's outcome too, and discounts); any other name, or a
card drawn unseen, is `drawn_occupation_points`. Other each-time and anytime effects are out of scope.
Random weapon draws are dealt from a fixed cycle (bow, snare, spear, long sword): the deck's
order is unknown, and a deterministic stand-in keeps states mergeable.

The engine is split by what each part answers: `state` (the state and the fixed setting),
`initial` (a state from a snapshot), `afford` (what a state can pay for and berth), `bundles`
(paying and gaining), `choices` (one space's choices), `actions` (the legal actions), `effects`
(what an action does), `occupations` (cards drawn and played, their effects), `dice` (a roll and
its outcomes), `snapshots` (a state back as a snapshot).
Callers import from `models.round_rules`.
"""

from models.round_rules.actions import PASS, Action, legal_actions
from models.round_rules.bundles import bundle_value, gain, pay, upgraded
from models.round_rules.dice import PendingRoll, blue_tiles, pending_roll, resolve_roll, taken_tile
from models.round_rules.effects import apply, outcome
from models.round_rules.initial import face_up_explorations, initial_state, setting_for
from models.round_rules.snapshots import ship_models, to_snapshot
from models.round_rules.state import EXTRA_VALUES, WEAPON_CYCLE, Counts, Setting, State, replace

__all__ = [
    "EXTRA_VALUES", "PASS", "WEAPON_CYCLE", "Action", "Counts", "PendingRoll", "Setting", "State", "apply", "blue_tiles",
    "bundle_value", "face_up_explorations", "gain", "initial_state", "legal_actions", "outcome", "pay", "pending_roll",
    "replace", "resolve_roll", "setting_for", "ship_models", "taken_tile", "to_snapshot", "upgraded",
]  # fmt: skip
