"""The cover search by tiles: lay the supply's large tiles first, each where it still fits, the
single cells (silver, ore) last over whatever is left.

`cover_search.Search` walks the needed cells lowest first and tries tiles on each. When the
needed cells take nearly the whole supply (five boards' bonus level: all 133 cells of a 133-cell
supply) that order lays small tiles early and finds out only near the end that the large ones
no longer fit: no cover in 200,000 nodes. Here the branching is on tiles instead: a tile that
the area left cannot do without (leaving it out would leave less supply than needed cells, per
pool of boards) must lie somewhere, so the search picks the tile with the fewest places still
open among those (then any other), tries each place, and then leaving it out where the area
allows. Each place laid removes the places it overlaps or (kept-apart colours) touches from
every other tile's list, so a forced tile with no place left, or more needed cells out of every
large tile's reach than single-cell tiles left, ends the branch at once. On five boards this
finds the bonus bound's layout in 5,454 nodes (0.3 s of CPU) where the search by cells found
none in 200,000, and proves two of its five choices have no cover at all.

Tiles alike (the same places, the same colour rule) are one item with a count, their copies
laid in increasing candidate order, so no two orders of them are searched. Same interface as
`cover_search.Search` (`run`, `nodes`, `cut_short`), so `cover_search.first_cover` runs both.

Each item's open places are the bits of one integer (bit j: its j-th place), so taking away the
places a laid tile overlaps or touches is an AND with a mask kept per laid place (`Item.hit`), and
the reach test walks the needed cells, not every place (place36 in benchmarks/RESULTS-placement.md:
the same nodes, 2.4x less CPU).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import accumulate
from operator import or_

from planner.placement.cover_search import CoverIndex, Key, bits_of

Place = tuple[int, int, int, int]  # (mask, halo, candidate index, cells outside the needed ones)


@dataclass
class Item:
    """Interchangeable tiles: how many, their size, their kept-apart colour, the pools they fit."""

    pieces: list[str]  # the piece names behind the count (each copy uses one of them)
    size: int
    apart: str | None
    fits: list[int]  # groups of pools (CoverIndex.groups) whose area the tile counts in
    pool: int  # the pool of boards its places lie in
    places: list[Place]
    # sets of places as bits of one integer (bit j: places[j]), so a node's filtering is a few ANDs
    # where it was a pass over every place of every tile (late's bonus level: 6 of 15 s of CPU)
    covers: dict[int, int] = field(default_factory=dict)  # cell bit -> places covering it
    touches: dict[int, int] = field(default_factory=dict)  # cell bit -> places beside it (kept-apart colours only)
    within: list[int] = field(default_factory=list)  # within[s]: places with at most s cells outside the needed ones
    hits: dict[tuple[int, bool], int] = field(default_factory=dict)  # `hit`'s answers
    fit_set: tuple[int, ...] = ()  # `fits` as a key

    def index_places(self) -> None:
        self.fit_set = tuple(self.fits)
        for j, (mask, halo, _, _) in enumerate(self.places):
            bit = 1 << j
            for cell in bits_of(mask):
                self.covers[cell] = self.covers.get(cell, 0) | bit
            for cell in bits_of(halo if self.apart else 0):
                self.touches[cell] = self.touches.get(cell, 0) | bit
        by_overhang = [0] * (max((p[3] for p in self.places), default=0) + 1)
        for j, p in enumerate(self.places):
            by_overhang[p[3]] |= 1 << j
        self.within = list(accumulate(by_overhang, or_))

    def fitting(self, spare: int) -> int:
        """The places spending at most `spare` cells beyond the needed ones."""
        return 0 if spare < 0 else self.within[min(spare, len(self.within) - 1)]

    def hit(self, mask: int, apart: bool) -> int:
        """The places overlapping `mask`, or (`apart`) beside it; kept, as the search lays the
        same places again and again in other branches."""
        out = self.hits.get((mask, apart))
        if out is None:
            out, covers, touches = 0, self.covers, self.touches
            for cell in bits_of(mask):
                out |= covers.get(cell, 0) | (touches.get(cell, 0) if apart else 0)
            self.hits[(mask, apart)] = out
        return out


@dataclass
class Ready:
    need: int  # mask of the needed cells
    items: list[Item]  # tiles of two cells or more
    singles: dict[int, list[tuple[str, int]]]  # needed cell's bit -> (piece, candidate) of a single-cell tile there
    need_per_pool: list[int]
    single_names: frozenset[str]
    fit_sets: set[tuple[int, ...]] = field(default_factory=set)  # the items' distinct `fit_set`s
    reachers: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # cell bit -> (item, its places there)


@dataclass
class PieceSearch:
    """A cover of `need` by tiles, none on `keep_free` nor on an income cell outside `need`, none
    `refuse` names; built when first run."""

    need: set[Key]
    keep_free: set[Key]
    supply: Counter
    index: CoverIndex
    refuse: Callable[[int], bool] | None = None
    lowest_first: bool = False  # places from the last board, lowest row, leftmost; else in reverse candidate order
    nodes: int = 0
    cut_short: bool = False
    ready: Ready | None = None
    chosen: list[int] = field(default_factory=list)
    witness: dict[int, tuple[int, int]] = field(default_factory=dict)  # needed cell bit -> an item that reached it last, its places there

    def run(self, budget: int) -> list[int] | None:
        if self.ready is None:
            self.ready = self.prepare()
        ix, ready = self.index, self.ready
        self.nodes, self.budget, self.chosen = 0, budget, []
        self.left = Counter(self.supply)
        room = [ix.pools.area[g] for g in ix.groups]
        counts = [len(item.pieces) for item in ready.items]
        spare = self.spare(room, ready.need_per_pool)
        open_ = [(k, item.fitting(spare[k])) for k, item in enumerate(ready.items)]
        found = self.lay_next(0, room, list(ready.need_per_pool), open_, counts)
        self.cut_short = found is None
        return list(self.chosen) if found else None

    def prepare(self) -> Ready:
        ix = self.index
        need = ix.mask_of_keys(self.need)
        banned = (ix.income_mask & ~need) | ix.mask_of_keys(self.keep_free)
        groups: dict[tuple, Item] = {}
        singles: dict[int, list[tuple[str, int]]] = {}
        by_piece: dict[str, list[int]] = {}
        for i, mask in enumerate(ix.masks):
            if not mask & need or mask & banned or not self.supply[ix.pieces[i]] or (self.refuse and self.refuse(i)):
                continue
            if ix.sizes[i] == 1:
                singles.setdefault(mask.bit_length() - 1, []).append((ix.pieces[i], i))
            else:
                by_piece.setdefault(ix.pieces[i], []).append(i)
        for name, cands in sorted(by_piece.items()):
            first = cands[0]
            key = (ix.apart[first], tuple(ix.fits[first]), tuple(ix.masks[i] for i in cands))
            item = groups.get(key)
            if item is None:
                places = [(ix.masks[i], ix.halo[i], i, (ix.masks[i] & ~need).bit_count()) for i in cands]
                places.sort(key=self.place_order())
                groups[key] = Item([], ix.sizes[first], ix.apart[first], ix.fits[first], ix.pool[first], places)
                groups[key].index_places()
            groups[key].pieces += [name] * self.supply[name]
        per_pool = [0] * len(ix.pools.kinds)
        for board, cell in self.need:
            per_pool[ix.board_pool[board]] += 1
        missing = any(k not in ix.bit for k in self.need)  # a needed cell no tile reaches
        names = frozenset(name for cands in singles.values() for name, _ in cands)
        items = [] if missing else list(groups.values())
        reachers: dict[int, list[tuple[int, int]]] = {}
        for k, item in enumerate(items):
            for cell, places in item.covers.items():
                reachers.setdefault(cell, []).append((k, places))
        return Ready(need, items, singles, [1 << 30] * len(per_pool) if missing else per_pool, names, {item.fit_set for item in items}, reachers)

    def place_order(self) -> Callable[[Place], tuple]:
        """The order places are tried in. Both orders start on the last board listed (on the
        cases measured the exploration boards, whose needs are the largest, before the home
        board); the search is heavy-tailed, so two orders are run (five boards' bonus level: 5,454
        and 4,216 nodes to the first cover, against 61,315 in candidate order)."""
        if not self.lowest_first:
            return lambda p: -p[2]
        keys = {bit: key for key, bit in self.index.bit.items()}

        def lowest(p: Place) -> tuple:
            cells = [keys[b] for b in range(p[0].bit_length()) if p[0] >> b & 1]
            return (-cells[0][0], -max(c[0] for _, c in cells), min(c[1] for _, c in cells), p[2])

        return lowest

    def spare(self, room: list[int], uncovered: list[int]) -> list[int]:
        """Per item, the area it may lay beyond the needed cells: the least spare area of the
        groups of pools it counts in (an overhang spends it there)."""
        by_group = [r - sum(uncovered[p] for p in group) for r, group in zip(room, self.index.groups)]
        least = {fits: min(by_group[g] for g in fits) for fits in self.ready.fit_sets}
        return [least[item.fit_set] for item in self.ready.items]

    def lay_next(self, covered: int, room: list[int], uncovered: list[int], open_: list[tuple[int, int]], counts: list[int], dead: int = 0) -> bool | None:
        """True: covered; False: no cover below this node; None: out of nodes. `open_`: each
        item still offered with the set of its places still open (bits over `Item.places`)."""
        if self.index.short(room, uncovered):
            return False
        items = self.ready.items
        best, best_key = None, None
        forced_of: dict[tuple, bool] = {}  # items of one size and the same pools are forced alike
        for k, places in open_:
            item = items[k]
            forced = forced_of.get((item.size, item.fit_set))
            if forced is None:
                without = [r - item.size if g in item.fits else r for g, r in enumerate(room)]
                forced = forced_of[(item.size, item.fit_set)] = self.index.short(without, uncovered)
            if forced and not places:
                return False
            key = (not forced, places.bit_count(), -item.size, k)
            if best_key is None or key < best_key:
                best, best_key = k, key
        left = self.ready.need & ~covered
        singles_left = sum(self.left[name] for name in self.ready.single_names)
        dead = self.out_of_reach(left, open_, singles_left, dead)
        if dead is None:
            return False
        if best is None:
            return self.fill_singles(left)
        return self.branch(best, not best_key[0], covered, room, uncovered, open_, counts, dead)

    def out_of_reach(self, left: int, open_: list[tuple[int, int]], singles_left: int, dead: int) -> int | None:
        """The needed cells left out of every open place's reach, or None when they outnumber the
        single-cell tiles left. Cells out of reach at the node above (`dead`) still are (places are
        only ever taken away); each other cell's tile reaching it last time is asked first."""
        dead &= left
        if left.bit_count() <= singles_left:
            return dead
        reachers, witness, missing = self.ready.reachers, self.witness, dead.bit_count()
        places_of = dict(open_)
        rest = left & ~dead
        while rest:
            low = rest & -rest
            rest ^= low
            cell = low.bit_length() - 1
            k, covers = witness.get(cell, (None, 0))
            if places_of.get(k, 0) & covers:
                continue
            for k, covers in reachers.get(cell, ()):
                if places_of.get(k, 0) & covers:
                    witness[cell] = (k, covers)
                    break
            else:
                missing += 1
                if missing > singles_left:
                    return None
                dead |= low
        return dead

    def branch(self, k: int, forced: bool, covered: int, room, uncovered, open_, counts, dead: int) -> bool | None:
        items, item = self.ready.items, self.ready.items[k]
        rest = dict(open_)[k]
        name = item.pieces[len(item.pieces) - counts[k]]
        new_room = [r - item.size if g in item.fits else r for g, r in enumerate(room)]
        new_counts = list(counts)
        new_counts[k] -= 1
        while rest:
            low = rest & -rest
            rest ^= low  # the places after this one: the copies of a tile are laid in increasing order
            mask, _, i, _ = item.places[low.bit_length() - 1]
            if self.nodes >= self.budget:
                return None
            self.nodes += 1
            new_uncovered = list(uncovered)
            new_uncovered[item.pool] -= (mask & self.ready.need).bit_count()
            spare = self.spare(new_room, new_uncovered)
            after = []
            for k2, places2 in open_:
                other = items[k2]
                if k2 == k:
                    if counts[k] > 1:
                        after.append((k2, rest & ~other.hit(mask, item.apart is not None) & other.fitting(spare[k])))
                    continue
                apart = item.apart is not None and other.apart == item.apart
                after.append((k2, places2 & ~other.hit(mask, apart) & other.fitting(spare[k2])))
            self.chosen.append(i)
            self.left[name] -= 1
            found = self.lay_next(covered | mask, new_room, new_uncovered, after, new_counts, dead)
            if found is not False:
                return found  # covered, or out of nodes (the partial layout is dropped by run)
            self.chosen.pop()
            self.left[name] += 1
        if forced:
            return False
        spare = self.spare(new_room, uncovered)
        after = [(k2, places2 & items[k2].fitting(spare[k2])) for k2, places2 in open_ if k2 != k or new_counts[k]]
        self.left[name] -= 1  # left out: in the supply, but no longer offered
        found = self.lay_next(covered, new_room, uncovered, after, new_counts, dead)
        self.left[name] += 1
        return found

    def fill_singles(self, left: int) -> bool:
        """Single-cell tiles over every needed cell left, each cell to one of the tiles allowed
        there (a small bipartite matching: ore fits fewer boards than silver)."""
        cells = []
        while left:
            low = left & -left
            cells.append(low.bit_length() - 1)
            left ^= low
        slots = [name for name in sorted(self.ready.single_names) for _ in range(self.left[name])]
        owner: dict[int, int] = {}  # slot -> cell

        def assign(cell: int, seen: set[int]) -> bool:
            allowed = {name for name, _ in self.ready.singles.get(cell, [])}
            for s, name in enumerate(slots):
                if name in allowed and s not in seen:
                    seen.add(s)
                    if s not in owner or assign(owner[s], seen):
                        owner[s] = cell
                        return True
            return False

        if not all(assign(cell, set()) for cell in cells):
            return False
        for s, cell in sorted(owner.items()):
            self.chosen.append(next(i for name, i in self.ready.singles[cell] if name == slots[s]))
        return True
