"""A small depth-first exact-cover search: lay supply tiles over a given set of needed cells.

The bounds on income and on bonuses (income_bound.py, bonus_bound.py) say which cells a layout
reaching them must cover; a layout covering them, with tiles kept off the cells that must stay
free, reaches the bound and so settles that level of the income objective with no CP-SAT search.

The search covers the needed cells one at a time, each with a tile whose cells are free and off
every banned cell, kept-apart colours never edge to edge, within the supply; it stops a branch
when the supply's area left (per pool of boards, as bonus_bound.Pools counts it) is smaller than
the cells still needed. Tiles of one shape and one colour rule (silver and ore; a blue good and a
special of the same shape) are tried once per cell, not once per piece. Cells are bits of one
integer over every board, so a tile's test is an AND. A fixed node budget keeps it deterministic
and cheap.

The cell covered next is either the lowest (lowest row first then leftmost, each board in turn)
or, as in Knuth's Algorithm X, the one with the fewest kinds of tile still fitting (the lowest of
equals): a cell no tile fits any more ends the branch at once, and a cell one kind fits is
covered before the search branches elsewhere. The kinds are bits of one integer too, those still
live kept up as tiles are laid, so each cell's count is an AND and a popcount.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from models.pieces import piece
from planner.placement.candidates import APART, TAKES, BoardState, Candidate, edge_neighbours
from planner.placement.clock import out_of_time
from planner.placement.request import RESOURCES

FIRST_BUDGET = 3000  # nodes per search in the first pass, twice as many in each next one

Key = tuple[int, tuple[int, int]]  # (board index, cell)


class CoverIndex:
    """The candidates as the cover search reads them, built once for every search."""

    def __init__(self, states: list[BoardState], candidates: list[Candidate], supply: Counter):
        from planner.placement.bonus_bound import Pools

        # bits numbered by candidate, each tile's cells lowest first; masks and each cell's tiles in the same pass
        self.bit: dict[Key, int] = {}
        self.masks: list[int] = []
        self.by_cell: dict[int, list[int]] = defaultdict(list)
        bit, by_cell = self.bit, self.by_cell
        for i, c in enumerate(candidates):
            mask = 0
            for cell in sorted(c.cells):
                j = bit.setdefault((c.board, cell), len(bit))
                mask |= 1 << j
                by_cell[j].append(i)
            self.masks.append(mask)
        self.sizes = [len(c.cells) for c in candidates]
        self.pieces = [c.piece for c in candidates]
        colour = [piece(c.piece).colour for c in candidates]
        self.apart = [colour[i] if colour[i] in APART[states[c.board].board.kind] else None for i, c in enumerate(candidates)]
        # edge neighbours outside the tile: a tile of its kept-apart colour there would touch it
        # (read only for tiles of a kept-apart colour, so the others' are left empty)
        self.halo = [self.mask_of(c.board, {n for cell in c.cells for n in edge_neighbours(cell)} - c.cells) if a else 0 for c, a in zip(candidates, self.apart)]
        # tiles alike for the cover: the same cells, the same colour rule (silver and ore as one)
        kinds: dict[tuple, int] = {}
        self.kind = [kinds.setdefault((m, a, p in ("silver", "ore")), len(kinds)) for m, a, p in zip(self.masks, self.apart, self.pieces)]
        self.income_mask = self.mask_of_keys((s.index, cell) for s in states for cell in s.board.income_cells)
        self.pools = Pools.of(states, supply)
        self.groups = list(self.pools.area)  # groups of pools, each with the supply's area fitting it
        self.board_pool = {s.index: self.pools.index(s) for s in states if TAKES[s.board.kind]}
        self.pool = [self.board_pool[c.board] for c in candidates]
        fits = {n: [g for g, group in enumerate(self.groups) if any(piece(n).colour in self.pools.kinds[p] for p in group)] for n in supply if n not in RESOURCES}
        self.fits = [fits.get(c.piece, []) for c in candidates]

    def mask_of(self, board: int, cells) -> int:
        return self.mask_of_keys((board, cell) for cell in cells)

    def short(self, room: list[int], uncovered: list[int]) -> bool:
        """Some group of pools has less area in `room` than cells `uncovered` (asked at every node of
        both cover searches: written out)."""
        for r, group in zip(room, self.groups):
            need = 0
            for p in group:
                need += uncovered[p]
            if r < need:
                return True
        return False

    def mask_of_keys(self, keys) -> int:
        """Keys no candidate covers have no bit: no tile can be laid there anyway."""
        out = 0
        for k in keys:
            if k in self.bit:
                out |= 1 << self.bit[k]
        return out


@dataclass
class Search:
    """The state of one cover: what is covered, what is left in the supply. Built when first run
    (`prepare`): listing each needed cell's tiles costs more than a short run, and a first cover
    found early leaves the later searches unbuilt."""

    prepare: Callable[[], Prepared]
    index: CoverIndex
    supply: Counter
    nodes: int = 0
    cut_short: bool = False
    chosen: list[int] = field(default_factory=list)
    ready: Prepared | None = None
    fewest_first: bool = False  # the next cell covered: the one with the fewest kinds of tile left, else the lowest

    def run(self, budget: int) -> list[int] | None:
        """A cover within `budget` nodes (from scratch), or None; `cut_short` says if it ran out."""
        ix = self.index
        if self.ready is None:
            self.ready = self.prepare()
        self.order, self.options, self.needed, need_per_pool = self.ready.order, self.ready.options, self.ready.needed, self.ready.need_per_pool
        self.nodes, self.covered, self.chosen = 0, 0, []
        self.apart_masks: dict[str, int] = {}
        self.left = Counter(self.supply)
        self.room = [ix.pools.area[g] for g in ix.groups]
        self.uncovered = list(need_per_pool)
        self.budget = budget
        if self.ready.kinds is not None:
            self.blocked, self.blocked_before = 0, []
            self.in_supply = self.ready.kinds.in_supply(self.left)
        found = not self.ready.impossible and self.cover()
        self.cut_short = not found and self.nodes >= budget
        return list(self.chosen) if found else None

    def cover(self) -> bool:
        cell = self.next_cell()
        if cell is None:
            return True
        if cell < 0 or self.index.short(self.room, self.uncovered):
            return False
        tried: set[int] = set()
        ix = self.index
        kind, pieces, masks, apart, halo = ix.kind, ix.pieces, ix.masks, ix.apart, ix.halo
        left, apart_masks = self.left, self.apart_masks  # changed in place by lay(), never replaced here
        for i in self.options[cell]:
            if self.nodes >= self.budget:
                return False
            # self.fits(i), written out: the innermost test (1.5 million calls on the late fixture's income)
            if kind[i] in tried or not left[pieces[i]] or masks[i] & self.covered:
                continue
            colour = apart[i]
            if colour is not None and halo[i] & apart_masks.get(colour, 0):
                continue
            tried.add(kind[i])
            self.nodes += 1
            self.lay(i, +1)
            if self.cover():
                return True
            self.lay(i, -1)
        return False

    def next_cell(self) -> int | None:
        """The needed cell to cover next, -1 when one no tile fits any more (the branch is dead), None when all are covered."""
        return self.fewest_cell() if self.fewest_first else self.lowest_cell()

    def lowest_cell(self) -> int | None:
        covered = self.covered
        for bit in self.order:
            if not covered >> bit & 1:
                return bit
        return None

    def fewest_cell(self) -> int | None:
        """The uncovered needed cell with the fewest kinds of tile that still fit, the lowest of equals."""
        live = self.in_supply & ~self.blocked
        cell_kinds, covered = self.ready.kinds.cell_kinds, self.covered
        best, fewest = None, 1 << 30
        for bit in self.order:
            if not covered >> bit & 1:
                n = (cell_kinds[bit] & live).bit_count()
                if n < fewest:
                    best, fewest = bit, n
                    if n <= 1:
                        break  # a forced cell: nothing better to find (a dead one ends the branch either way)
        return -1 if fewest == 0 else best

    def fits(self, i: int) -> bool:
        ix = self.index
        if not self.left[ix.pieces[i]] or ix.masks[i] & self.covered:
            return False
        colour = ix.apart[i]
        return colour is None or not ix.halo[i] & self.apart_masks.get(colour, 0)

    def lay(self, i: int, sign: int) -> None:
        ix = self.index
        self.left[ix.pieces[i]] -= sign
        if self.ready.kinds is not None:
            self.track(i, sign)
        for g in ix.fits[i]:
            self.room[g] -= sign * ix.sizes[i]
        self.uncovered[ix.pool[i]] -= sign * self.needed[i]
        self.covered ^= ix.masks[i]
        if ix.apart[i] is not None:
            self.apart_masks[ix.apart[i]] = self.apart_masks.get(ix.apart[i], 0) ^ ix.masks[i]
        if sign > 0:
            self.chosen.append(i)
        else:
            self.chosen.pop()

    def track(self, i: int, sign: int) -> None:
        """The kinds still live once tile `i` is laid (sign +1) or lifted (-1), after its piece is counted."""
        kinds = self.ready.kinds
        if self.left[self.index.pieces[i]] == (0 if sign > 0 else 1):  # the piece ran out, or is back
            self.in_supply = kinds.in_supply(self.left)
        if sign > 0:
            self.blocked_before.append(self.blocked)
            self.blocked |= kinds.blocks(i)
        else:
            self.blocked = self.blocked_before.pop()


@dataclass(frozen=True)
class Prepared:
    order: list[int]  # the needed cells' bits, lowest row first, then leftmost
    options: dict[int, list[int]]  # needed cell's bit -> candidates that may cover it, preferred first
    needed: dict[int, int]  # candidate -> how many needed cells it covers
    need_per_pool: list[int]
    impossible: bool = False  # a needed cell no candidate covers: no cover, nothing to search
    kinds: Kinds | None = None  # built for a search picking the cell with the fewest kinds of tile left


class Kinds:
    """The options' kinds of tile (CoverIndex.kind) numbered as bits of one integer, so the kinds
    still able to cover a cell are counted by an AND and a popcount at every node: a kind is live
    while one of its pieces is left and no tile laid overlaps it or (kept-apart colours) touches it."""

    def __init__(self, index: CoverIndex, options: dict[int, list[int]]):
        self.index = index
        self.local: dict[int, int] = {}  # CoverIndex.kind -> bit
        self.by_piece: dict[str, int] = defaultdict(int)  # piece -> kinds with a tile of it
        self.cell_kinds: dict[int, int] = {}  # needed cell's bit -> kinds among its options
        self.on_cell: dict[int, int] = defaultdict(int)  # any cell's bit -> kinds over it
        self.apart_on_cell: dict[tuple[str, int], int] = defaultdict(int)  # (kept-apart colour, cell's bit) -> its kinds over it
        self.cache: dict[int, int] = {}
        for cell, opts in options.items():
            mask = 0
            for i in opts:
                mask |= 1 << self.add(i)
            self.cell_kinds[cell] = mask

    def add(self, i: int) -> int:
        ix = self.index
        k = ix.kind[i]
        bit = self.local.get(k)
        if bit is None:
            bit = self.local[k] = len(self.local)
            for c in bits_of(ix.masks[i]):
                self.on_cell[c] |= 1 << bit
                if ix.apart[i] is not None:
                    self.apart_on_cell[(ix.apart[i], c)] |= 1 << bit
        self.by_piece[ix.pieces[i]] |= 1 << bit
        return bit

    def in_supply(self, left: Counter) -> int:
        out = 0
        for name, kinds in self.by_piece.items():
            if left[name] > 0:
                out |= kinds
        return out

    def blocks(self, i: int) -> int:
        """The kinds tile `i` laid rules out: those over its cells, and those of its kept-apart colour beside it."""
        out = self.cache.get(i)
        if out is None:
            ix = self.index
            out = 0
            for c in bits_of(ix.masks[i]):
                out |= self.on_cell.get(c, 0)
            if ix.apart[i] is not None:
                for c in bits_of(ix.halo[i]):
                    out |= self.apart_on_cell.get((ix.apart[i], c), 0)
            self.cache[i] = out
        return out


def bits_of(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def search_for(
    need: set[Key], keep_free: set[Key], supply: Counter, index: CoverIndex, apart_first: bool,
    refuse: Callable[[int], bool] | None = None, silver_last: bool = False, fewest_first: bool | None = None,
) -> Search:  # fmt: skip
    """A search covering `need`, no tile on `keep_free` nor on an income cell outside `need`
    (covering one would need its region too, and may move a track's depth), nor any candidate
    `refuse` names (by index); with `silver_last`, silver is tried after every other tile (a
    point is lost or at best not won under silver). Unless `fewest_first` says, the search with
    kept-apart colours first covers the lowest cell next and the one with them last the cell with
    the fewest kinds of tile left: each order finds covers the other misses within the budget
    (benchmarks/RESULTS-placement.md, place32), so each choice's pair of searches tries both."""
    fewest = not apart_first if fewest_first is None else fewest_first

    def prepare() -> Prepared:
        need_keys = sorted(need, key=lambda k: (k[0], -k[1][0], k[1][1]))
        banned = (index.income_mask & ~index.mask_of_keys(need_keys)) | index.mask_of_keys(keep_free)
        need_mask = index.mask_of_keys(need_keys)
        masks = index.masks
        options: dict[int, list[int]] = {}
        needed: dict[int, int] = {}
        per_pool = [0] * len(index.pools.kinds)
        for k in need_keys:
            bit = index.bit.get(k)
            if bit is None:  # nothing can cover this needed cell: a search that fails at once
                return Prepared([], {}, {}, per_pool, impossible=True)
            opts = [i for i in index.by_cell[bit] if not masks[i] & banned and not (refuse and refuse(i))]
            # no overhang first, then the largest tile, kept-apart colours first or last, then a fixed order
            opts.sort(key=lambda i: (silver_last and index.pieces[i] == "silver", bin(masks[i] & ~need_mask).count("1"), -index.sizes[i], (index.apart[i] is not None) != apart_first, index.pieces[i], i))
            options[bit] = opts
            for i in opts:
                needed[i] = bin(masks[i] & need_mask).count("1")
            per_pool[index.board_pool[k[0]]] += 1
        return Prepared([index.bit[k] for k in need_keys], options, needed, per_pool, kinds=Kinds(index, options) if fewest else None)

    return Search(prepare, index, Counter(supply), fewest_first=fewest)


def first_cover(searches: list, node_budget: int, accept: Callable[[list[int]], bool] = lambda chosen: True, first: int = FIRST_BUDGET) -> list[int] | None:
    """Each search (this module's or piece_search's) gets `first` nodes, then twice as many, and so on until `node_budget` is
    spent: one search may be hard and the next easy (five boards' income: the fourth choice of
    depths is covered in 2,645 nodes, the first not in 20,000). A search that ran out of options
    within its budget is dropped: no cover exists for it; so is one whose first cover `accept`
    refuses (searched again it would find the same one). Past the user's time limit (clock.py):
    None, found or not."""
    spent, per = 0, first
    while searches and spent < node_budget:
        for search in list(searches):
            if out_of_time():
                return None
            found = search.run(min(per, node_budget - spent))
            spent += search.nodes
            if found is not None and accept(found):
                return found
            if found is not None or not search.cut_short:
                searches.remove(search)
            if spent >= node_budget:
                return None
        per *= 2
    return None
