"""The bounded choices of the action spaces, defined once for both engines.

The round engine (models/round_rules/) and the whole-game engine (models/engine/choices.py)
keep their own state types but offer the same choices: each asks these functions, which work
on plain names and counts. "Up to" means up to: fewer is always on offer (the best of every
size), and none where the space has another effect. Ties are broken by name, so both engines
pick the same sets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations, combinations_with_replacement, permutations, product

from models.actions import Emigrate
from models.pieces import piece

UPGRADE_KINDS = 5  # kinds considered for an upgrade: the ones gaining most value
UPGRADE_CHOICES = 5  # upgrade sets offered beside the best set of every size
SPECIAL_SALE_CHOICES = 4
FORGE_SPECIALS = 2

Pick = tuple[tuple[int, int], ...]  # (strip index, items taken) per strip used, sorted


def upgrade_sets(have: Mapping[str, int], gain_of: Mapping[str, float], count: int) -> list[tuple[str, ...]]:
    """Multisets of at most `count` goods to upgrade, best value gain first: the UPGRADE_CHOICES
    best and the best of every size. `gain_of` holds the kinds held that can go up."""
    kinds = sorted(gain_of, key=lambda g: (-gain_of[g], g))[:UPGRADE_KINDS]
    found = set()
    for size in range(1, count + 1):
        for combo in combinations_with_replacement(kinds, size):
            if all(combo.count(g) <= have[g] for g in set(combo)):
                found.add(combo)

    def rank(c: tuple[str, ...]) -> tuple:
        return (-sum(gain_of[g] for g in c), c)

    ranked = sorted(found, key=rank)
    best_of_size: dict[int, tuple[str, ...]] = {}
    for c in ranked:
        best_of_size.setdefault(len(c), c)
    return sorted(set(ranked[:UPGRADE_CHOICES]) | set(best_of_size.values()), key=rank)


def mountain_picks(strips: tuple[tuple[str, ...], ...], takes: tuple[int, ...]) -> list[Pick]:
    """Every way to take items from the strips: each strip used gives one item up to its
    allowance (the largest allowances go to the strips used, in every order); picks with the
    same items from equal strips are kept once."""
    takes = tuple(sorted(takes, reverse=True))
    out = set()
    for used in range(1, min(len(takes), len(strips)) + 1):
        for chosen in combinations(range(len(strips)), used):
            for allowance in set(permutations(takes[:used])):
                counts = [range(1, min(n, len(strips[i])) + 1) for i, n in zip(chosen, allowance)]
                for taken in product(*counts):
                    out.add(tuple(sorted(zip(chosen, taken))))
    seen, unique = set(), []
    for pick in sorted(out):
        result = tuple(sorted(strips[i][:n] for i, n in pick))
        if result not in seen:
            seen.add(result)
            unique.append(pick)
    return unique


def trade_sets(gain_of: Mapping[str, float]) -> list[tuple[str, ...]]:
    """Overseas trade flips any number of the green kinds held, one tile each, or none. Flips
    are independent, so the best k kinds by value gained are the choice of k: none, the best
    one, the best two, ... (each set sorted by name)."""
    ranked = sorted(gain_of, key=lambda g: (-gain_of[g], g))
    return [tuple(sorted(ranked[:k])) for k in range(len(ranked) + 1)]


def play_counts(limit: int, hand: int, drawn_first: int = 0) -> range:
    """How many occupations a playing space may play: at least one (it is the space's effect),
    at most its limit and the cards in hand, counting those its column bonus draws first."""
    return range(1, min(limit, hand + drawn_first) + 1)


def bonus_play_counts(limit: int, hand: int) -> range:
    """A column-4 space may play its bonus cards or not (some cards print negative points), at
    most its limit and the cards in hand."""
    return range(min(limit, hand) + 1)


def emigrate_choices(e: Emigrate, held: Callable[[str], int], swapped_fits: bool) -> list[tuple[str, bool]]:
    """(ship type emigrating, swap first?): the swap is optional; after it any large ship may
    go, the one just taken or one already docked. `swapped_fits`: a berth is free for it."""
    out = [(t, False) for t in e.ships if held(t)]
    if e.exchange:
        give, take = e.exchange
        if held(give) and swapped_fits:
            out += [(t, True) for t in e.ships if t == take or held(t)]
    return out


def special_sets(specials_left, silver: int, n: int, values: Mapping[str, float]) -> list[tuple[str, ...]]:
    """Up to n special tiles to buy: the SPECIAL_SALE_CHOICES best sets by value minus cost."""
    forsale = [x for x in specials_left if piece(x).cost is not None]
    net = {x: values.get(x, 0) - piece(x).cost for x in forsale}
    best = sorted(forsale, key=lambda x: (-net[x], x))[:SPECIAL_SALE_CHOICES]
    sets = [c for k in range(1, n + 1) for c in combinations(sorted(best), k) if sum(piece(x).cost for x in c) <= silver]
    return sorted(sets, key=lambda c: (-sum(net[x] for x in c), c))[:SPECIAL_SALE_CHOICES]


def forge_targets(specials_left, values: Mapping[str, float]) -> list[str]:
    """Jewelry, and the forge-marked special tiles left worth the most (bounded)."""
    forgeable = sorted((x for x in specials_left if piece(x).forge), key=lambda x: (-values.get(x, 0), x))
    return ["jewelry"] + forgeable[:FORGE_SPECIALS]
