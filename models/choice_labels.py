"""A space's chosen effects in the game's words, one labeller for both engines.

The round engine (models/round_rules) and the whole-game engine (models/engine/words.py) label
the same choice of the same space alike. They hold goods differently (names, or indices into a
goods table), so each passes `step_up`: a good as it holds it and a number of steps -> the good's
name and the name of the good that many steps up its column.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from models.actions import ActionSpace
from models.bundle_words import bundle_text
from models.occupation_cards import by_number, effect_of

StepUp = Callable[[object, int], tuple[str, str]]


def strip_text(strip: Sequence[str]) -> str:
    """A mountain strip (or the items taken from one) as the board shows it."""
    return "/".join(strip)


def plays_text(n: int) -> str:
    return f"playing {n} occupation{'s' if n > 1 else ''}"


def space_label(space: ActionSpace, choice: Mapping, mountains: Sequence[Sequence[str]], step_up: StepUp) -> str:
    """`Name [id]`, then the choices made in brackets: `(paying 1 silver; taking wood/stone)`."""
    bits = _cost_bits(space, choice) + _goods_bits(space, choice, mountains, step_up)
    bits += _taking_bits(choice) + _trade_and_play_bits(choice, step_up)
    return f"{space.name} [{space.id}]" + (f" ({'; '.join(bits)})" if bits else "")


def _cost_bits(space: ActionSpace, choice: Mapping) -> list[str]:
    bits = []
    if "pay" in choice:
        b = space.pay_any_of[choice["pay"]]
        bits.append("paying " + ", ".join(f"{getattr(b, k)} {k}" for k in ("silver", "wood", "stone", "ore") if getattr(b, k)))
    if choice.get("options"):
        bits.append(" and ".join(space.options[i].label for i in choice["options"]))
    return bits


def _goods_bits(space: ActionSpace, choice: Mapping, mountains: Sequence[Sequence[str]], step_up: StepUp) -> list[str]:
    bits = []
    for key in ("upgrade", "option_upgrade"):
        if choice.get(key):
            steps = space.upgrade.steps if key == "upgrade" else next(o.upgrade for o in space.options if o.upgrade).steps
            bits.append("upgrading " + ", ".join("→".join(step_up(g, steps)) for g in choice[key]))
    for key in ("mountain", "option_mountain"):
        if choice.get(key):
            bits.append("taking " + " + ".join(strip_text(mountains[i][:n]) for i, n in choice[key]))
    return bits


def _taking_bits(choice: Mapping) -> list[str]:
    bits = []
    if choice.get("explore"):
        bits.append(f"exploring {choice['explore']}")
    if choice.get("emigrate"):
        swap = "swapping a whaling boat for a knarr, " if choice.get("exchange") else ""
        bits.append(f"{swap}emigrating a {choice['emigrate']}")
    if choice.get("buy"):
        bits.append("buying " + " and ".join(choice["buy"]))
    if choice.get("forge"):
        bits.append(f"forging {choice['forge']}")
    return bits


def _trade_and_play_bits(choice: Mapping, step_up: StepUp) -> list[str]:
    bits = []
    if "trade" in choice:  # flipping nothing is a choice too, and says so
        bits.append("flipping " + (", ".join("→".join(step_up(g, 1)) for g in choice["trade"]) or "nothing"))
    if choice.get("play"):
        bits.append(plays_text(choice["play"]) + _cards_text(choice))
    if choice.get("bonus_play"):
        bits.append("playing an occupation (column bonus)" + _cards_text(choice))
    return bits


def _cards_text(choice: Mapping) -> str:
    """The cards a play names, and what each buys: `: Fisherman, Earl buying a stone house`."""
    if not choice.get("cards"):
        return ""
    bought = dict(choice.get("buys", ()))
    names = []
    for number in choice["cards"]:
        name = by_number()[number].name
        if number in bought:
            name += " buying " + bundle_text(effect_of(number).buys[bought[number]].gain)
        names.append(name)
    return ": " + ", ".join(names)
