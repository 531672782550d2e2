"""The Dask backend of ``simcli meta --scheduler local|ADDRESS`` (the ``distributed`` extra).

Tasks are matchups, and game-index shards of large matchups (``shard`` games each); a task returns
the statistic arrays of its games, and the client adds the shards of a matchup — the same sum the
local executor computes chunk by chunk — so the tables are identical to a local run whatever the
worker count.  Each worker process loads the kernel from numba's on-disk cache (compiled once per
machine and engine source; ``NUMBA_CACHE_DIR`` on a shared file system shares it across machines).
docs/meta.md explains how to run on a real cluster.
"""

from __future__ import annotations

import logging
import os
from typing import Callable

import numpy as np

from simcli.meta.run import DEFAULT_SHARD, Counter, Job, add_stats


def play_shard(tables, seed: int, g0: int, g1: int, turn_cap: int, players, threads: int | None = None) -> dict:
    """The worker's task: statistics of games g0..g1-1 of a matchup (kernel.run_batch)."""
    import numba

    from simcli.api import engine_for

    kernel = engine_for(tables)
    if threads:
        numba.set_num_threads(max(1, min(int(threads), numba.config.NUMBA_NUM_THREADS)))
    nt = numba.get_num_threads()
    n = g1 - g0
    return kernel.run_batch(tables, seed, g0, g1, turn_cap, np.asarray(players, np.int64),
                            nblocks=max(1, min(n, nt * 4)))


def _client(scheduler, workers: int | None):
    """(client, cluster or None): a fresh LocalCluster for 'local', else a connection to ADDRESS."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - dask is in the dev and distributed extras
        from simcli.errors import UserError

        raise UserError("--scheduler needs Dask: pip install 'simcli[distributed]'") from None
    if hasattr(scheduler, "submit"):  # an existing Client
        return scheduler, None, None
    if scheduler == "local":
        n = int(workers or os.cpu_count() or 1)
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=logging.ERROR)
        per_worker = max(1, (os.cpu_count() or 1) // n)
        return Client(cluster), cluster, per_worker
    try:
        return Client(scheduler, timeout="30s"), None, None
    except (OSError, TimeoutError, ValueError) as exc:
        from simcli.errors import UserError

        raise UserError(f"--scheduler {scheduler}: cannot connect: {str(exc).splitlines()[0]}") from None


def run_dask(jobs: list[Job], *, scheduler, players: np.ndarray, turn_cap: int, on_done: Callable[[Job, dict], None],
             counter: Counter, workers: int | None = None, shard: int | None = None, threads: int | None = None) -> dict:
    """Play every job on a Dask cluster; ``on_done`` runs here, as each matchup's last shard arrives."""
    from dask.distributed import as_completed

    shard = int(shard or DEFAULT_SHARD)
    client, cluster, per_worker = _client(scheduler, workers)
    threads = threads or per_worker
    futures = []
    try:
        pending: dict[int, int] = {}
        acc: dict[int, dict | None] = {}
        owner = {}
        for i, job in enumerate(jobs):
            tables = client.scatter(job.tables, broadcast=False)
            job.release()
            pending[i] = 0
            acc[i] = None
            for g0 in range(0, job.games, shard):
                g1 = min(job.games, g0 + shard)
                f = client.submit(play_shard, tables, job.pair.seed, g0, g1, turn_cap, players, threads,
                                  pure=False, key=f"simcli-meta-{job.pair.key}-{g0}")
                owner[f.key] = (i, g1 - g0)
                pending[i] += 1
                futures.append(f)
        for f in as_completed(futures):
            i, n = owner[f.key]
            acc[i] = add_stats(acc[i], f.result())
            f.release()
            pending[i] -= 1
            counter.games(n)
            if pending[i] == 0:
                on_done(jobs[i], acc.pop(i))
                counter.pair()
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    finally:
        if cluster is not None:
            client.close()
            cluster.close()
        elif client is not scheduler:
            client.close()
    return {"compile_s": 0.0}
