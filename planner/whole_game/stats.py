"""What a game played on the engine did, as a strong player would count it: explorations, ships
gained and emigrated, animals kept and born, houses and sheds built, income early and at the end."""

from __future__ import annotations

from collections.abc import Sequence

from models.engine.geometry import geometry
from models.engine.round_end import board_income, breeding
from models.engine.score import breakdown
from models.engine.state import ROUND_END, State
from models.engine.tables import ANIMAL_GOODS, WHALING_BOAT

EARLY_ROUND = 3  # "fill the income track early": the income after this round's tiles are laid


def _animals(s: State) -> int:
    return sum(s.goods[i] for pair in ANIMAL_GOODS.values() for i in pair)


def _boards_of(s: State, kinds: tuple[str, ...]) -> int:
    return sum(1 for b in s.boards if geometry(b.name).kind in kinds)


def game_stats(states: Sequence[State]) -> dict[str, int]:
    """Counts over one finished game's states (planner.search.policy.Trajectory.states)."""
    final = states[-1]
    large = whaling = born = 0
    early_income = 0
    for before, after in zip(states, states[1:]):
        gained = len(after.ships) - len(before.ships) + sum(after.emigrated) - sum(before.emigrated)
        if gained > 0:
            new_whaling = sum(1 for t, _ in after.ships if t == WHALING_BOAT) - sum(1 for t, _ in before.ships if t == WHALING_BOAT)
            whaling += max(0, new_whaling)
            large += gained - max(0, new_whaling)
        if before.stage == ROUND_END:
            born += max(0, _animals(breeding(before)) - _animals(before))
            if before.round == EARLY_ROUND:
                early_income = board_income(after)
    points = breakdown(final)
    return {
        "score": sum(points.values()),
        "explorations": _boards_of(final, ("exploration",)),
        "large_ships": large,
        "whaling_boats": whaling,
        "emigrated": sum(final.emigrated),
        "animals_most": max(_animals(s) for s in states),
        "animals_born": born,
        "animal_points": points["animals"],
        "houses": _boards_of(final, ("house",)),
        "sheds": _boards_of(final, ("shed",)),
        "income_round_3": early_income,
        "final_income": points["final_income"],
        "thing_penalties": final.thing_penalties,
    }
