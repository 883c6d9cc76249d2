"""Fan a function out over many items with Dask: a local cluster by default, or a real one.

Reviews of many games and self-play both need the same thing: run one picklable function on
each item, on every core of this machine or on a cluster, and get the answers back in order.
Dask does the scheduling; this module only chooses where it runs and keeps the order.
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
        out = []
        for i, item in enumerate(items):
            out.append(fn(item))
            if on_done:
                on_done(i + 1, len(items))
        return out
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
