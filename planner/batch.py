"""Fan a function out over many items with Dask: a local cluster by default, or a real one.

Reviews of many games and self-play both need the same thing: run one picklable function on
each item, on every core of this machine or on a cluster, and get the answers back in order.
Dask does the scheduling; this module only chooses where it runs and keeps the order.
`map_here` is the light form for a job of seconds (the rounds of one review): Dask's
multiprocessing scheduler, with no cluster to start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

Item = TypeVar("Item")
Answer = TypeVar("Answer")


@contextmanager
def dask_client(scheduler: str | None = None, workers: int = 2) -> Iterator[object]:
    """A Dask client on `scheduler` (an address such as tcp://host:8786), or on a local
    cluster of `workers` single-threaded processes that lives as long as the block."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        with Client(scheduler) as client:
            yield client
        return
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


def map_in_order(
    fn: Callable[[Item], Answer],
    items: Iterable[Item],
    scheduler: str | None = None,
    workers: int = 2,
    on_done: Callable[[int, int], None] | None = None,
) -> list[Answer]:
    """[fn(item) for item in items], computed on Dask; `on_done(done, total)` reports progress.

    One item, or workers=1 with no scheduler, runs here in this process: a cluster would only
    cost its start-up time.
    """
    items = list(items)
    if scheduler is None and (workers <= 1 or len(items) <= 1):
        return _in_process(fn, items, on_done)
    from dask.distributed import as_completed

    with dask_client(scheduler, workers) as client:
        futures = client.map(fn, items, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results: list = [None] * len(items)
        for done, future in enumerate(as_completed(futures), 1):
            results[index[future.key]] = future.result()
            if on_done:
                on_done(done, len(items))
        return results


def map_here(fn: Callable[[Item], Answer], items: Iterable[Item], workers: int = 2, on_done: Callable[[int, int], None] | None = None) -> list[Answer]:
    """[fn(item) for item in items] over `workers` fresh processes of this machine (Dask's
    multiprocessing scheduler); in this process when workers <= 1 or there is one item. Dask
    chooses which item starts first: for a few items of unequal length, map over `balanced`
    groups instead."""
    items = list(items)
    if workers <= 1 or len(items) <= 1:
        return _in_process(fn, items, on_done)
    from dask.callbacks import Callback
    from dask.multiprocessing import get

    done = [0]

    def finished(*_):
        done[0] += 1
        if on_done:
            on_done(done[0], len(items))

    tasks = {("item", i): (fn, item) for i, item in enumerate(items)}
    with Callback(posttask=finished):
        return list(get(tasks, list(tasks), num_workers=workers, chunksize=1))  # one item a submission: Dask batches 6 by default


def _in_process(fn, items: list, on_done) -> list:
    out = []
    for i, item in enumerate(items):
        out.append(fn(item))
        if on_done:
            on_done(i + 1, len(items))
    return out


def balanced(items: list[Item], groups: int, cost: Callable[[Item], float]) -> list[list[Item]]:
    """`items` in at most `groups` groups of about equal total cost: the costliest first, each to
    the group with the least so far (ties: the first such group), so the same items always
    make the same groups."""
    found: list[list[Item]] = [[] for _ in range(min(groups, len(items)))]
    load = [0.0] * len(found)
    for item in sorted(items, key=cost, reverse=True):  # stable: equal costs keep their order
        g = load.index(min(load))
        found[g].append(item)
        load[g] += cost(item)
    return found
