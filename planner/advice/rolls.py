"""When to keep a die and when to roll again, from the optimal policy planner/dice.py solves.

The policy is the one the search's chance nodes assume (planner/chance.distribution), so the
odds shown are exactly those the forecast was computed with.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from models.round_rules import PendingRoll, Setting
from planner import dice
from planner.advice.words import faces, listing, name, plural
from planner.chance import distribution

ACTION_NAMES = {"hunt": "hunting", "snare": "laying a snare", "whaling": "whaling", "raid": "raiding", "pillage": "pillaging"}

VERBS = (("keep", "keep"), ("reroll", "re-roll"), ("give_up", "give up on"))


@dataclass(frozen=True)
class RollPlan:
    kind: str
    die: int
    success: Fraction  # probability the roll ends in success under the policy
    rolls: tuple[dict, ...]  # per roll: {"roll": t, "keep": [...], "reroll": [...], "give_up": [...]}
    text: str

    def as_json(self) -> dict:
        return {"kind": self.kind, "die": self.die, "success_probability": round(float(self.success), 6),
                "rolls": list(self.rolls), "text": self.text}  # fmt: skip


def roll_plan(pending: PendingRoll, setting: Setting) -> RollPlan:
    dist = distribution(pending, setting)
    roll = pending.roll
    rolls = []
    for t in range(1, 1 + max(t for t, _ in dist.policy)):
        keep, again, give_up = [], [], []
        for face in range(1, roll.die + 1):
            decision = dist.decision(t, face)
            (again if decision == dice.REROLL else keep if decision.success else give_up).append(face)
        rolls.append({"roll": t, "keep": keep, "reroll": again, "give_up": give_up})
    return RollPlan(roll.kind, roll.die, dist.success_probability, tuple(rolls), _text(pending, dist.success_probability, rolls))


def _text(pending: PendingRoll, success: Fraction, rolls: list[dict]) -> str:
    roll = pending.roll
    parts = [f"{ACTION_NAMES[roll.kind]} (d{roll.die}, {float(success):.0%} to succeed)"]
    for first, last, r in _merged(rolls):
        said = sorted((r[k][0], f"{verb} {faces(r[k])}") for k, verb in VERBS if r[k])  # lowest faces first
        which = f"roll {first}" if first == last else f"rolls {first}-{last}"
        parts.append(f"{which}: {', '.join(s for _, s in said)}")
    parts.append(_cost(pending))
    return "; ".join(p for p in parts if p)


def _merged(rolls: list[dict]) -> list[tuple[int, int, dict]]:
    """Consecutive rolls with the same decisions told once; rolls after one never re-rolled
    from never happen."""
    out: list[tuple[int, int, dict]] = []
    for r in rolls:
        same = out and all(out[-1][2][k] == r[k] for k in ("keep", "reroll", "give_up"))
        if same:
            out[-1] = (out[-1][0], r["roll"], r)
        else:
            out.append((r["roll"], r["roll"], r))
        if not r["reroll"]:
            break
    return out


def _cost(pending: PendingRoll) -> str:
    """What a kept roll costs or what moves it: the spendables the player holds, and the cards' modifiers."""
    roll = pending.roll
    held = listing(plural(name(k)) if k not in ("wood", "stone") else k for k, _ in pending.spendables)
    m = pending.modifier
    cards = f" {'plus' if m > 0 else 'minus'} {abs(m)} (cards in play)" if m else ""
    counts = "".join(f", each {name(k)} counts {n}" for k, n in pending.counts_as if k in dict(pending.spendables))
    if roll.aim == "low":
        pips = "its pips" + (f" minus {pending.ore} (ore on the boats)" if pending.ore else "") + cards
        most = pending.ore - m
        return f"a kept roll costs {pips} in {held}{counts}" if held else f"a kept roll must show at most {most}"
    plus = f" plus {pending.ore} (ore on the longship)" if pending.ore else ""
    each = f", each of your {held} spent adds 1{counts.replace(' counts', ' adds')}" if held else ""
    return f"the result is the die{plus}{cards}{each}; a blue tile up to that sword value"
