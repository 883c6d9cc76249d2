"""The round engine's state of one player during an action phase, and what stays fixed meanwhile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from operator import itemgetter

from models.actions import ActionSpace, load_action_spaces
from models.occupation_cards import points_of
from models.snapshot import Snapshot
from models.values import default_values


Counts = tuple[tuple[str, int], ...]
WEAPON_CYCLE = ("bow", "snare", "spear", "long-sword")
# Worth of what the value table does not price, in points: a weapon card helps a later roll;
# a Viking handed back by a failed roll takes another space this round.
EXTRA_VALUES = {"bow": 0.7, "snare": 0.7, "spear": 0.7, "long-sword": 1.0, "viking": 2.5}


@cache
def spaces_by_id() -> dict[str, ActionSpace]:
    # load_action_spaces() builds a fresh dict per call; the engine asks millions of times
    return load_action_spaces()


def counts(c: Mapping[str, int]) -> Counts:
    return tuple(sorted((k, n) for k, n in c.items() if n > 0))


@dataclass(frozen=True)
class State:
    """Everything that can change during an action phase (canonical: equal situations are equal)."""

    round: int
    vikings_left: int
    silver: int
    wood: int
    stone: int
    ore: int
    goods: Counts
    weapons: Counts
    ships: tuple[tuple[str, int], ...]  # (type, added ore), sorted
    emigrated: tuple[str, ...]  # all emigrated ships, sorted
    new_boards: tuple[str, ...]  # boards gained since the snapshot, sorted
    specials: tuple[str, ...]  # special tiles in supply, sorted
    hand: tuple[int, ...]  # printed points of the cards in hand without a modelled effect, sorted
    occupation_points: int
    taken: frozenset[str]
    mountains: tuple[tuple[str, ...], ...]  # face-up strips (items leftmost first), sorted
    explorations: Counts  # face-up unclaimed exploration board -> silver on it
    specials_left: tuple[str, ...]
    buildings_left: Counts
    weapon_draws: int = 0  # position in WEAPON_CYCLE
    thing_penalties: int = 0
    vikings_total: int = 0  # Vikings gained so far (the banquet table's open positions)
    banquet_cleared: bool = False  # the snapshot's banquet tiles were served in an earlier feast
    placed: frozenset[str] = frozenset()  # spaces this player occupied this round (solo: they block next round)
    cards: tuple[int, ...] = ()  # numbers of the cards in hand with a modelled effect (round_rules/occupations.py), sorted
    active: tuple[int, ...] = ()  # numbers of the cards played whose lasting effect applies (each-time gains, discounts), sorted

    def __hash__(self) -> int:
        # states are dictionary keys millions of times in a search: hash once
        try:
            return self._hash
        except AttributeError:
            h = self.__dict__["_hash"] = hash(_values(self.__dict__))
            return h

    def __eq__(self, other: object) -> bool:
        # a dict hit compares equal-but-not-identical states: unequal cached hashes settle most
        # misses at once, and one C-level tuple per side replaces the dataclass's field tuples
        if self is other:
            return True
        if other.__class__ is not State:
            return NotImplemented
        return hash(self) == hash(other) and _values(self.__dict__) == _values(other.__dict__)

    def count(self, name: str) -> int:
        for g, n in self.goods:
            if g == name:
                return n
        return 0

    def weapon(self, name: str) -> int:
        for g, n in self.weapons:
            if g == name:
                return n
        return 0

    def ships_of(self, kind: str) -> int:
        return sum(1 for t, _ in self.ships if t == kind)

    def animals(self, animal: str) -> int:
        return self.count(animal) + self.count(f"pregnant-{animal}")

    @property
    def hand_size(self) -> int:
        return len(self.hand) + len(self.cards)

    def hand_points(self) -> tuple[int, ...]:
        """Printed points of every card in hand, with or without a modelled effect, sorted."""
        if not self.cards:
            return self.hand
        return tuple(sorted(self.hand + tuple(points_of(c) for c in self.cards)))


_STATE_FIELDS = tuple(State.__dataclass_fields__)
_values = itemgetter(*_STATE_FIELDS)  # a state's field values, in order, from its __dict__


def replace(s: State, **changes) -> State:
    """dataclasses.replace without its per-call field analysis (the search's hottest path)."""
    d = s.__dict__.copy()
    d.pop("_hash", None)  # the cached hash belongs to the old field values
    d.update(changes)
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", d)  # frozen: bypass the dataclass guard, as it does itself
    return new


@dataclass(frozen=True)
class Setting:
    """What stays fixed while one player plans: the snapshot, players, values for dice choices."""

    snapshot: Snapshot
    players: int
    drawn_occupation_points: int = 0
    drawn_card: int = 0  # the number of the card a draw turns up, when known (a solo game's deck); 0: unseen
    values: Mapping[str, float] = field(default_factory=lambda: default_values() | EXTRA_VALUES, hash=False, compare=False)

    @property
    def last_round(self) -> int:
        return self.snapshot.last_round

    @cached_property
    def values_key(self) -> tuple[tuple[str, float], ...]:
        return tuple(sorted(self.values.items()))

    @cached_property
    def layouts(self) -> dict:
        """Board facts of the quick layouts worked out so far (models/round_end.lay_held_tiles)."""
        return {}
