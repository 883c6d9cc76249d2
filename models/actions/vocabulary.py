"""The names action-space data may use (FACTS.md): goods, weapons, ships, buildings, needs, rolls.

The parser (models/actions/parse.py) refuses any name outside these sets, so a typo in the data
is an error instead of an effect the rules engine never applies.
"""

# Goods names of the game (FACTS.md); every goods name in the data must be one of these.
GOODS = frozenset(
    """peas mead oil rune-stone flax stockfish hide silverware beans milk wool chest grain
    salt-meat linen silk cabbage game-meat skin-and-bones spices sheep pregnant-sheep fur jewelry
    fruits whale-meat robe treasure-chest cattle pregnant-cattle clothing silver-hoard""".split()
)
WEAPONS = frozenset({"bow", "snare", "spear", "long-sword"})
SHIPS = ("whaling-boat", "knarr", "longship")
BUILDINGS = ("shed", "stone-house", "long-house")
ANIMALS = frozenset({"sheep", "cattle"})
NEEDS = frozenset({*SHIPS, "large-ship", "any-ship", "two-longships"} | {f"{b}-in-supply" for b in BUILDINGS})
EXPLORATION_BOARDS = frozenset(
    """shetland faroe-islands iceland greenland bear-island baffin-island labrador
    newfoundland""".split()
)
ROLL_KINDS = {"hunt": "low", "snare": "low", "whaling": "low", "raid": "high", "pillage": "high"}
ROLL_ORE = frozenset({"boats-used", "longship-most-ore"})
SPACE_COUNT = 61
