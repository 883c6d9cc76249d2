"""Actions and chance outcomes in the game's own words: a short label and one explaining sentence."""

from __future__ import annotations

from models.actions import SHIPS
from models.engine.choices import PASS
from models.engine.spaces import compiled
from models.engine.state import ACTIONS, DEAL, DECIDE, OCCUPATION, PLAY, ROLL, ROUND_END, STRIP, WEAPONS, State
from models.engine.tables import GOODS, SHIP_PRICE, WEAPONS as WEAPON_KINDS, upgrade_of


def _strip(strip) -> str:
    return "/".join(strip)


def _choice_bits(s: State, space, choice: tuple) -> list[str]:
    d = space.data
    c = dict(choice)
    bits = []
    if "pay" in c:
        b = d.pay_any_of[c["pay"]]
        bits.append("paying " + ", ".join(f"{getattr(b, k)} {k}" for k in ("silver", "wood", "stone", "ore") if getattr(b, k)))
    if c.get("options"):
        bits.append(" and ".join(d.options[i].label for i in c["options"]))
    for key in ("upgrade", "option_upgrade"):
        if c.get(key):
            steps = d.upgrade.steps if key == "upgrade" else next(o.upgrade for o in d.options if o.upgrade).steps
            up = upgrade_of(steps)
            bits.append("upgrading " + ", ".join(f"{GOODS[g]}→{GOODS[up[g]]}" for g in c[key]))
    for key in ("mountain", "option_mountain"):
        if c.get(key):
            bits.append("taking " + " + ".join(_strip(s.mountains[i][:n]) for i, n in c[key]))
    if c.get("explore"):
        bits.append(f"exploring {c['explore']}")
    if c.get("emigrate"):
        bits.append(("swapping a whaling boat for a knarr, " if c.get("exchange") else "") + f"emigrating a {c['emigrate']}")
    if c.get("buy"):
        bits.append("buying " + " and ".join(c["buy"]))
    if c.get("forge"):
        bits.append(f"forging {c['forge']}")
    if "trade" in c:
        up = upgrade_of(1)
        bits.append("flipping " + (", ".join(f"{GOODS[g]}→{GOODS[up[g]]}" for g in c["trade"]) or "nothing"))
    if c.get("play"):
        bits.append(_plays(c["play"]))
    if c.get("bonus_play"):
        bits.append("playing an occupation (column bonus)")
    return bits


def _plays(n: int) -> str:
    return f"playing {n} occupation{'s' if n > 1 else ''}"


def label(s: State, action) -> str:
    stage = s.stage
    if stage == ACTIONS:
        if action == PASS:
            return "pass"
        if action[0] == "space":
            sp = compiled()[action[1]]
            bits = _choice_bits(s, sp, action[2])
            return f"{sp.data.name} [{sp.data.id}]" + (f" ({'; '.join(bits)})" if bits else "")
        verb = "buy" if action[0] == "buy-ship" else "arm"
        return f"{verb} a {SHIPS[action[1]]}"
    if stage == DECIDE:
        if action[0] != "succeed":
            return action[0]
        _, spent, tile = action
        paid = " and ".join(f"{n} {x}" for x, n in spent)
        return "succeed" + (f" spending {paid}" if paid else "") + (f", taking {tile}" if tile else "")
    if stage == PLAY:
        return _plays(action[1])
    if stage == ROLL:
        return f"rolled {action}"
    if stage == WEAPONS:
        return "drew " + ", ".join(f"{n} {WEAPON_KINDS[i]}" for i, n in enumerate(action) if n)
    if stage == OCCUPATION:
        return f"drew an occupation worth {action}"
    if stage == STRIP:
        return f"strip {_strip(action)} turned up"
    if stage == DEAL:
        return "strips " + " and ".join(_strip(x) for x in action) + " dealt"
    if stage == ROUND_END:
        return f"round {s.round} ends"
    return str(action)


def explain(s: State, action) -> str:
    stage = s.stage
    if stage == ACTIONS:
        if action == PASS:
            return f"End the action phase of round {s.round} with {s.vikings_left} Viking(s) unused; tiles are laid, then income, breeding and the feast."
        if action[0] == "space":
            sp = compiled()[action[1]]
            return f"Place {sp.column} Viking(s) on {sp.data.name}: {label(s, action)}."
        if action[0] == "buy-ship":
            return f"Pay {SHIP_PRICE[action[1]]} silver for a {SHIPS[action[1]]} (an anytime action)."
        return f"Put 1 ore on a {SHIPS[action[1]]} (an anytime action)."
    if stage == DECIDE:
        face = s.pending[2]
        if action[0] == "reroll":
            return f"Discard the {face} and roll again."
        if action[0] == "fail":
            return f"Declare failure on the {face} and take the compensation."
        return f"Keep the {face}: {label(s, action)}."
    if stage == PLAY:
        return f"{compiled()[s.pending[0]].data.name}: play your {action[1]} best occupation card(s) by printed points."
    if s.stage == ROUND_END:
        return f"Round {s.round} ends: tiles are laid, then income, breeding, the feast, bonuses and the mountain strips."
    return f"Chance: {label(s, action)}."
