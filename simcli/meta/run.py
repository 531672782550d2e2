"""Executors of a meta: play the planned matchups, here or on a Dask cluster.

Both take the same jobs (a matchup: compiled tables, pair seed) and call ``on_done(job, stats)`` for
each finished matchup, in the order they finish; the caller stores it durably.  A matchup's
statistics are the sum of its game-index ranges (each a pure function of tables, seed and game
index), so the result does not depend on the executor, the chunk or shard size or the worker count.

``progress(pairs_done, pairs_total, games_done, games_total)`` is called after every chunk / shard.
KeyboardInterrupt propagates after the chunk in flight (finished matchups are already stored).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from simcli.meta.plan import Pair

DEFAULT_CHUNK = 1 << 16  # games per kernel call here (as api.simulate)
DEFAULT_SHARD = 1 << 17  # games per Dask task: larger matchups are split into game-index shards

Progress = Callable[[int, int, int, int], None]


@dataclass
class Job:
    """One matchup to play; its tables are compiled when first needed (a big meta starts at once)."""

    pair: Pair
    games: int
    compile: Callable[[], object]  # -> KTables (packed kernel tables, picklable)
    _tables: object = None

    @property
    def tables(self):
        if self._tables is None:
            self._tables = self.compile()
        return self._tables

    def release(self) -> None:
        self._tables = None


def add_stats(a: dict | None, b: dict) -> dict:
    """Merge the statistics of disjoint game ranges of one matchup (they add)."""
    if a is None:
        return {k: np.array(v, copy=True) for k, v in b.items()}
    return {k: a[k] + b[k] for k in a}


def _nblocks(n: int, threads: int) -> int:
    return max(1, min(n, threads * 4))


class Counter:
    """Pairs and games done, for the progress callback."""

    def __init__(self, pairs_total: int, games_total: int, pairs_done: int, games_done: int,
                 progress: Progress | None):
        self.pt, self.gt, self.pd, self.gd = pairs_total, games_total, pairs_done, games_done
        self.cb = progress

    def games(self, n: int) -> None:
        self.gd += n
        self.tick()

    def pair(self) -> None:
        self.pd += 1
        self.tick()

    def tick(self) -> None:
        if self.cb is not None:
            self.cb(self.pd, self.pt, self.gd, self.gt)


def run_local(jobs: list[Job], *, players: np.ndarray, turn_cap: int, threads: int | None,
              on_done: Callable[[Job, dict], None], counter: Counter, chunk: int | None = None,
              on_compile: Callable[[], None] | None = None) -> dict:
    """Play every job in this process: one compiled kernel, all threads, one matchup at a time."""
    import numba

    from simcli.api import engine_for

    chunk = int(chunk or DEFAULT_CHUNK)
    old = numba.get_num_threads()
    nthreads = max(1, min(int(threads or numba.config.NUMBA_NUM_THREADS), numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(nthreads)
    timing = {"compile_s": 0.0}
    try:
        if jobs:  # load (or compile) the kernel once, timed apart (DESIGN.md 8)
            tc = time.perf_counter()
            from simcli.api import first_call

            first_call(lambda: engine_for(jobs[0].tables).run_batch(jobs[0].tables, jobs[0].pair.seed, 0, 1, turn_cap, players, nblocks=1),
                       on_compile)
            timing["compile_s"] = time.perf_counter() - tc
        for job in jobs:
            stats = None
            done = 0
            while done < job.games:
                n = min(chunk, job.games - done)
                part = engine_for(job.tables).run_batch(job.tables, job.pair.seed, done, done + n, turn_cap, players,
                                        nblocks=_nblocks(n, nthreads))
                stats = add_stats(stats, part)
                done += n
                counter.games(n)
            job.release()
            on_done(job, stats)
            counter.pair()
    finally:
        numba.set_num_threads(old)
    return timing


# ---------------------------------------------------------------------------------------------
# the whole run (api.meta)


class MetaInterrupted(KeyboardInterrupt):
    """Ctrl-C during a meta: ``finished`` of ``total`` matchups are stored (when there is a store)."""

    def __init__(self, finished: int, total: int, out_dir):
        super().__init__(f"interrupted after {finished} of {total} matchups")
        self.finished, self.total, self.out_dir = finished, total, out_dir


def load_decks(decks) -> list:
    """Deck objects from paths, folders or Deck objects (paths are loaded and checked: DeckError)."""
    from pathlib import Path

    from simcli.decks import load_deck
    from simcli.meta.plan import expand_paths

    out, paths = [], []
    for d in decks:
        if isinstance(d, (str, Path)):
            paths.append(Path(d))
        else:
            out.append(d)
    return out + [load_deck(p) for p in expand_paths(paths)]


def meta(decks, games: int = 10000, seed: int = 0, player_a: str = "baseline", player_b: str | None = None,
         effects: str = "all", mirrors: bool = False, weights=None, out_dir=None, resume: bool = False,
         scheduler=None, workers: int | None = None, threads: int | None = None, turn_cap: int | None = None,
         chunk_size: int | None = None, shard_games: int | None = None, progress: Progress | None = None,
         on_plan: Callable[[dict], None] | None = None, on_compile: Callable[[], None] | None = None) -> dict:
    """Round robin of ``decks`` (see :func:`simcli.api.meta`)."""
    from pathlib import Path

    from simcli import api
    from simcli.errors import UserError
    from simcli import codes as E
    from simcli.meta import tables as tb
    from simcli.meta.plan import make_decks, plan_pairs, read_weights
    from simcli.meta.store import Store

    turn_cap = int(turn_cap or E.DEFAULT_TURN_CAP)
    if games < 1:
        raise ValueError("games must be at least 1")
    if not 0 <= seed < 2**63:
        raise ValueError("seed must be in 0 .. 2**63-1")
    player_a = getattr(player_a, "value", player_a)
    player_b = getattr(player_b, "value", player_b) if player_b is not None else player_a
    effects = getattr(effects, "value", effects)
    players = np.array([api.player_code(player_a), api.player_code(player_b)], np.int64)
    if effects not in api.EFFECTS:
        raise ValueError(f"effects must be one of {api.EFFECTS}")
    md = make_decks(load_decks(decks))
    if len(md) < 2 and not (mirrors and md):
        raise UserError("a meta needs at least two decks (or one with --mirrors)")
    names = [d.name for d in md]
    if isinstance(weights, (str, Path)):
        weights = read_weights(Path(weights), md)
    elif weights is not None:
        tot = float(sum(weights.values()))
        if not tot > 0 or any(not float(v) >= 0 for v in weights.values()):
            raise ValueError("weights must be non-negative and sum to more than 0")
        weights = {n: float(weights.get(n, 0.0)) / tot for n in names}
    ordered = player_a != player_b
    pairs = plan_pairs(md, seed, mirrors=mirrors, ordered=ordered)
    game_of = {getattr(d.deck, "game", "dmcg") for d in md}
    if len(game_of) > 1:
        raise UserError("a meta's decks must all be of one game (found " + " and ".join(sorted(game_of)) + " decks)")
    api.check_players(next(iter(game_of), "dmcg"), player_a, player_b)
    game = game_of.pop()
    version, revision = api.game_identity(game)
    identity = {
        "game": game,
        "decks": [{"name": d.name, "sha256": d.sha256} for d in md],
        "player_a": player_a,
        "player_b": player_b,
        "effects": effects,
        "seed": int(seed),
        "games_per_pair": int(games),
        "mirrors": bool(mirrors),
        "turn_cap": turn_cap,
        "engine_version": version,
        "db_revision": revision,
    }
    store = Store(out_dir) if out_dir is not None else None
    results: dict[str, dict] = {}
    if store is not None:
        store.start(identity, resume)
        for p in pairs:
            got = store.load(p.key)
            if got is not None:
                stats, info = got
                if info.get("pair_seed") == p.seed and info.get("games") == games:
                    results[p.key] = stats
    todo = [p for p in pairs if p.key not in results]
    if on_plan is not None:
        on_plan({"pairs": len(pairs), "finished": len(results), "games_per_pair": games, "decks": len(md)})
    def compiler(p: Pair):
        return lambda: api.kernel_tables_for(api.prepare(md[p.a].deck, md[p.b].deck, effects)[0])

    jobs = [Job(p, games, compiler(p)) for p in todo]

    def on_done(job: Job, stats: dict) -> None:
        if store is not None:
            store.save(job.pair.key, stats, {"deck_a": names[job.pair.a], "deck_b": names[job.pair.b],
                                             "pair_seed": job.pair.seed, "games": games,
                                             "sha_a": md[job.pair.a].sha256, "sha_b": md[job.pair.b].sha256})
        results[job.pair.key] = stats

    counter = Counter(len(pairs), len(pairs) * games, len(results), len(results) * games, progress)
    counter.tick()
    t0 = time.perf_counter()
    try:
        if scheduler is None:
            timing = run_local(jobs, players=players, turn_cap=turn_cap, threads=threads, on_done=on_done,
                               counter=counter, chunk=chunk_size, on_compile=on_compile)
        else:
            from simcli.distributed import run_dask

            timing = run_dask(jobs, scheduler=scheduler, players=players, turn_cap=turn_cap, on_done=on_done,
                              counter=counter, workers=workers, shard=shard_games, threads=threads)
    except KeyboardInterrupt:
        raise MetaInterrupted(len(results), len(pairs), out_dir) from None
    elapsed = time.perf_counter() - t0 - timing.get("compile_s", 0.0)
    played_now = len(jobs) * games

    res_list = [(p.a, p.b, p.seed, results[p.key]) for p in pairs]
    mu = tb.matchups(names, res_list, ordered)
    rank = tb.ranking(names, mu, weights)
    summary = {
        "command": "meta",
        **identity,
        "decks": [d.identity() for d in md],
        "pairs": len(pairs),
        "ordered_pairs": ordered,
        "total_games": len(pairs) * games,
        "weights": weights,
        "ranked_by": "weighted_win_rate" if weights is not None else "field_win_rate",
        "tiers": tb.tier_lists(rank),
        "not_separable": [list(x) for x in tb.close_neighbours(rank)],
        "ranking": rank.to_dict(orient="records"),
        "matchups": mu.to_dict(orient="records"),
        "resumed_matchups": len(pairs) - len(jobs),
        "elapsed_s": elapsed,
        "games_per_s": played_now / elapsed if elapsed > 0 and played_now else 0.0,
        "compile_s": timing.get("compile_s", 0.0),
    }
    if game == "appmon":  # docs/appmon.md: every output says which cards' numbers are not official facts
        summary["illustrative_cards"] = sorted({f"{c['number']} {c['name']}" for d in md for c in d.deck.cards()
                                                if c.get("illustrative")})
    out = {"summary": summary, "matchups": mu, "ranking": rank, "matrix": tb.matrix(names, mu),
           "stats": {(names[p.a], names[p.b]): results[p.key] for p in pairs}, "decks": md, "written": []}
    if out_dir is not None:
        from simcli.meta.report import write_meta_report

        out["written"] = write_meta_report(out_dir, summary, mu, rank, md)
    return out
