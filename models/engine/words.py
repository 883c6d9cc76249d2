"""Actions and chance outcomes in the game's own words: a short label and one explaining sentence."""

from __future__ import annotations

from models.actions import SHIPS
from models.choice_labels import plays_text, space_label, strip_text
from models.engine.choices import PASS
from models.engine.spaces import compiled
from models.engine.state import ACTIONS, DEAL, DECIDE, OCCUPATION, PLAY, ROLL, ROUND_END, STRIP, WEAPONS, State
from models.engine.tables import GOODS, SHIP_PRICE, WEAPONS as WEAPON_KINDS, upgrade_of


def _step_up(good: int, steps: int) -> tuple[str, str]:
    return GOODS[good], GOODS[upgrade_of(steps)[good]]


def label(s: State, action) -> str:
    stage = s.stage
    if stage == ACTIONS:
        if action == PASS:
            return "pass"
        if action[0] == "space":
            return space_label(compiled()[action[1]].data, dict(action[2]), s.mountains, _step_up)
        verb = "buy" if action[0] == "buy-ship" else "arm"
        return f"{verb} a {SHIPS[action[1]]}"
    if stage == DECIDE:
        if action[0] != "succeed":
            return action[0]
        _, spent, tile = action
        paid = " and ".join(f"{n} {x}" for x, n in spent)
        return "succeed" + (f" spending {paid}" if paid else "") + (f", taking {tile}" if tile else "")
    if stage == PLAY:
        return plays_text(action[1])
    if stage == ROLL:
        return f"rolled {action}"
    if stage == WEAPONS:
        return "drew " + ", ".join(f"{n} {WEAPON_KINDS[i]}" for i, n in enumerate(action) if n)
    if stage == OCCUPATION:
        return f"drew an occupation worth {action}"
    if stage == STRIP:
        return f"strip {strip_text(action)} turned up"
    if stage == DEAL:
        return "strips " + " and ".join(strip_text(x) for x in action) + " dealt"
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
