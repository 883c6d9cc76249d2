"""Other first moves worth knowing: the best few that differ in substance from the advice.

Two actions differ in substance when they use another action space (or ship), or another
option of a space that offers one of several effects (a stone house and longship or a long
house and knarr), another exploration board, ship to emigrate, special tile or forge target. Which goods are upgraded, how the mountain items are
split over the strips, whether the column bonus plays a card, which silver or resources pay and
the whaling-boat swap before emigrating and the extras of an "any of" space (master crafting's
upgrades) are details of one move: only the best of them counts.
A move the line itself makes later is no alternative either: it is the same plan reordered.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.actions import load_action_spaces
from models.round_rules import Action

DETAILS = frozenset({"bonus_play", "mountain", "option_mountain", "upgrade", "option_upgrade", "trade", "pay", "play", "exchange"})
FEW = 3


def substance(a: Action) -> tuple:
    """What a move does, details aside; a space printed twice (Emigrate in columns 2 and 3) is
    one move at two prices, told apart by the Vikings it costs, not in substance."""
    if a.kind != "space":
        return (a.kind, a.space, ())
    space = load_action_spaces()[a.space]
    details = DETAILS if space.choose == "one" else DETAILS | {"options"}  # "any of" options add to one move
    return (a.kind, space.name, tuple((k, v) for k, v in a.choice if k not in details))


@dataclass(frozen=True)
class Alternative:
    action: Action
    value: float  # backed-up forecast of the best line through it
    gains: str  # what it puts on the table, in words


def distinct(ranked: list[tuple[float, Action]], line: list[Action], few: int = FEW) -> list[tuple[float, Action]]:
    """From root actions ranked best first: the best of each substance, leaving out the moves
    the line makes anyway (taking one of them first is the same plan in another order)."""
    seen = {substance(a) for a in line}
    out = []
    for value, action in ranked:
        key = substance(action)
        if key in seen:
            continue
        seen.add(key)
        out.append((value, action))
        if len(out) == few:
            break
    return out
