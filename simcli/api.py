"""The importable functions the CLI wraps (DESIGN.md convention 6): they print nothing.

This module holds the engine-facing entry points ``simulate`` and ``replay``; other engineers'
functions (meta, check_deck, bench, …) live beside them.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable

import numpy as np

import simcli
from simcli.cards.db import db_revision
from simcli import codes as E
from simcli.intervals import wilson

DEFAULT_CHUNK = 1 << 16
# a first kernel call still running after this many seconds is compiling (a cached load takes < 1 s)
COMPILE_NOTICE_S = 1.5
PLAYERS = E.PLAYER_NAMES  # ("baseline", "greedy", "random"): codes.PLAYER_*
EFFECTS = ("all", "none")
#: the most games one run may ask for (about a day on a 2-core machine; docs/reliability.md)
MAX_GAMES = 10**10
#: the highest turn cap: the per-turn statistics are sized by the cap (games end in about 12 turns)
MAX_TURN_CAP = 1000
#: the highest game index (the kernel's game index is an int64)
MAX_GAME_INDEX = 2**63 - 1
#: memory for the per-block statistic arrays of one chunk; fewer blocks when a high cap makes them large
BLOCK_BUDGET_BYTES = 4 << 20
#: games/s per thread measured by `simcli bench` on the development machine (README, Performance);
#: estimates only: the kernel is about 2x faster or slower on other machines
GAMES_PER_S_PER_THREAD = {("baseline", "none"): 134_000, ("baseline", "all"): 90_000,
                          ("random", "none"): 60_000, ("random", "all"): 40_000,
                          ("greedy", "none"): 60_000, ("greedy", "all"): 45_000}


def first_call(call: Callable[[], object], on_compile: Callable[[], None] | None):
    """Run the first kernel call; ``on_compile()`` fires from a timer thread when it is still running
    after COMPILE_NOTICE_S seconds (numba compiling rather than loading its cache)."""
    notice = threading.Timer(COMPILE_NOTICE_S, on_compile) if on_compile is not None else None
    if notice is not None:
        notice.daemon = True
        notice.start()
    try:
        return call()
    finally:
        if notice is not None:
            notice.cancel()


def _deck_cards(deck):
    """(display name, path, list of Card records) for a path, a Deck, or a list of Cards."""
    if isinstance(deck, (str, Path)):
        from simcli.decks import load_deck

        d = load_deck(Path(deck))
        return d.name, str(d.path), d.cards()
    if hasattr(deck, "cards") and callable(deck.cards):
        return getattr(deck, "name", "deck"), str(getattr(deck, "path", "")), deck.cards()
    cards = list(deck)
    return "deck", "", cards


def player_code(name: str) -> int:
    name = getattr(name, "value", name)
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r} (choose from {', '.join(PLAYERS)})")
    return E.PLAYER_NAMES.index(name)


def prepare(deck_a, deck_b, effects: str = "all"):
    """Compile the two decks: (Tables, TableInfo, names, paths, unmodeled list)."""
    from simcli.engine.tables import compile_tables

    effects = getattr(effects, "value", effects)
    if effects not in EFFECTS:
        raise ValueError(f"effects must be one of {EFFECTS}")
    na, pa, ca = _deck_cards(deck_a)
    nb, pb, cb = _deck_cards(deck_b)
    T, info = compile_tables([ca, cb], effects=(effects == "all"))
    unmodeled = []
    for seat, cs in enumerate((ca, cb)):
        seen = set()
        for c in cs:
            if not c.get("modeled", True) and c["number"] not in seen:
                seen.add(c["number"])
                unmodeled.append((seat, c["number"], c["name"]))
    return T, info, (na, nb), (pa, pb), unmodeled


def summarize(stats: dict, *, names, players, effects, games, seed, elapsed) -> dict:
    out = stats["outcomes"]
    wins_a, wins_b, draws, capped = (int(x) for x in out)
    fb = stats["first_battle"]
    fa_games = stats["first_attacker_games"]
    decided_t1 = int(fb[E.BR_FIRST] + fb[E.BR_SECOND])
    rpg = stats["renewals_per_game"]
    ren = stats["renewals_by_turn"].sum(axis=1)
    return {
        "game": "dmcg",
        "deck_a": names[0],
        "deck_b": names[1],
        "player_a": players[0],
        "player_b": players[1],
        "effects": effects,
        "games": int(games),
        "seed": int(seed),
        "engine_version": simcli.ENGINE_VERSION,
        "db_revision": db_revision(),
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "capped": capped,
        "win_rate_a": wins_a / games if games else 0.0,
        "win_rate_a_ci95": list(wilson(wins_a, games)),
        "mean_turns": float(stats["total_turns"][0]) / games if games else 0.0,
        "renewals_per_game_a": float(ren[0]) / games if games else 0.0,
        "renewals_per_game_b": float(ren[1]) / games if games else 0.0,
        # BL-6: over the games whose turn-1 battle was decided; share won by the turn-1 first attacker
        "first_attacker_win_rate": float(fb[E.BR_FIRST]) / decided_t1 if decided_t1 else 0.0,
        "elapsed_s": float(elapsed),
        "games_per_s": float(games / elapsed) if elapsed > 0 else 0.0,
    }


def estimate_seconds(games: int, player_a: str = "baseline", player_b: str | None = None, effects: str = "all",
                     threads: int | None = None) -> tuple[float, float]:
    """(seconds, games/s): a rough guess of a run's time from the rates `simcli bench` measured."""
    import numba

    pa = getattr(player_a, "value", player_a)
    pb = getattr(player_b, "value", player_b) if player_b is not None else pa
    eff = getattr(effects, "value", effects)
    per_thread = min(GAMES_PER_S_PER_THREAD.get((p, eff), 45_000) for p in (pa, pb))
    n = max(1, min(int(threads or numba.config.NUMBA_NUM_THREADS), numba.config.NUMBA_NUM_THREADS))
    rate = per_thread * n * (0.95 if n > 1 else 1.0)
    return games / rate, rate


def check_run_size(games: int, turn_cap: int) -> None:
    """ValueError (one line) unless 1 <= games <= MAX_GAMES and 1 <= turn_cap <= MAX_TURN_CAP."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be in 1 .. {MAX_GAMES:,} (got {games:,})")
    if not 1 <= turn_cap <= MAX_TURN_CAP:
        raise ValueError(f"turn_cap must be in 1 .. {MAX_TURN_CAP:,} (got {turn_cap:,})")


def _nblocks(n: int, nthreads: int, turn_cap: int, n_cards: int) -> int:
    """Blocks of a chunk: 4 per thread for load balance, fewer when the per-turn arrays are large
    (a high turn cap), never fewer than the threads; results do not depend on it (integer sums)."""
    from simcli.engine.results import new_stats

    per_block = sum(a.nbytes for a in new_stats(turn_cap, n_cards).values())
    fit = max(nthreads, BLOCK_BUDGET_BYTES // max(1, per_block))
    return max(1, min(n, nthreads * 4, fit))


def simulate(deck_a, deck_b, games: int = 10000, seed: int = 0, player_a: str = "baseline", player_b: str | None = None,
             effects: str = "all", threads: int | None = None, chunk_size: int | None = None,
             turn_cap: int = E.DEFAULT_TURN_CAP, progress: Callable[[int, int], None] | None = None,
             records: bool = False, check: bool = False, stop: Callable[[], bool] | None = None,
             on_compile: Callable[[], None] | None = None) -> dict:
    """Play ``games`` seeded games of deck A against deck B with the numba kernel.

    Returns {"stats": results arrays (results.LAYOUT), "summary": DESIGN.md's JSON keys plus
    ``games_requested`` and ``interrupted``, "records": RECORD_DTYPE rows (only with records=True),
    "unmodeled": [(seat, number, name)], "compile_s": the first call's load/compile time, not
    counted in elapsed_s, "interrupted": fewer games than requested were played}.
    ``on_compile()`` is called (from a timer thread) when that first call is still running after
    COMPILE_NOTICE_S seconds — numba is compiling rather than loading its cache.
    The result is a function of (decks, players, effects, seed, games, turn_cap) only.

    ``check`` runs the kernel's invariant checks after every turn (every card in exactly one zone,
    points in 0..100, a point-gauge card; hand size); a violation raises RuntimeError naming the
    games.  ``stop()`` is asked after every chunk: True ends the run there (like Ctrl-C, which is
    also caught: a KeyboardInterrupt after the first chunk returns the finished chunks).
    """
    import numba

    from simcli.engine import kernel

    check_run_size(games, turn_cap)
    if not 0 <= seed < 2**63:
        raise ValueError("seed must be in 0 .. 2**63-1")
    player_a = getattr(player_a, "value", player_a)
    player_b = getattr(player_b, "value", player_b) if player_b is not None else player_a
    effects = getattr(effects, "value", effects)
    T, info, names, paths, unmodeled = prepare(deck_a, deck_b, effects)
    T = kernel.kernel_tables(T)  # packed once, not per chunk (about 1 ms each)
    players = np.array([player_code(player_a), player_code(player_b)], np.int64)
    chunk = int(chunk_size or DEFAULT_CHUNK)
    old_threads = numba.get_num_threads()
    nthreads = max(1, min(int(threads or numba.config.NUMBA_NUM_THREADS), numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(nthreads)
    # first call: load (or compile) the numba functions, timed apart from throughput (DESIGN.md 8)
    tc = time.perf_counter()
    first_call(lambda: kernel.run_batch(T, seed, 0, 1, turn_cap, players, nblocks=1), on_compile)
    compile_s = time.perf_counter() - tc
    t0 = time.perf_counter()
    stats = None
    done = 0
    try:
        while done < games:
            n = min(chunk, games - done)
            nblocks = _nblocks(n, nthreads, turn_cap, T.ct.shape[1])
            try:
                part = kernel.run_batch(T, seed, done, done + n, turn_cap, players, nblocks=nblocks, check=check)
            except AssertionError as exc:  # the kernel's invariant checks (check=True)
                raise RuntimeError(f"engine invariant violated in games {done}..{done + n - 1} of seed {seed}: "
                                   f"{exc}; please report it with the command line") from None
            # one assignment (no signal check inside it): a Ctrl-C never separates the counts from `done`
            stats, done = (part if stats is None else {k: stats[k] + part[k] for k in stats}), done + n
            if progress is not None:
                progress(done, games)
            if stop is not None and done < games and stop():
                break
    except KeyboardInterrupt:
        # Finished chunks are games 0..done-1 of this seed: exactly the run `games=done` would give,
        # so an interrupted long run still returns (and can report) everything it finished.
        if stats is None:
            raise
    finally:
        numba.set_num_threads(old_threads)
    elapsed = time.perf_counter() - t0
    out = {
        "stats": stats,
        "summary": {**summarize(stats, names=names, players=(player_a, player_b), effects=effects, games=done,
                                seed=seed, elapsed=elapsed),
                    "games_requested": int(games), "interrupted": done < games},
        "unmodeled": unmodeled,
        "compile_s": compile_s,
        "interrupted": done < games,
    }
    if records:
        out["records"] = kernel.run_records(T, seed, 0, done, turn_cap, players)
    return out


def replay(deck_a, deck_b, seed: int, game: int, player_a: str = "baseline", player_b: str | None = None,
           effects: str = "all", turn_cap: int = E.DEFAULT_TURN_CAP) -> list[str]:
    """The reference engine's turn-by-turn log of game ``game`` of the run with this seed."""
    from simcli.engine import reference

    if not 0 <= game <= MAX_GAME_INDEX:
        raise ValueError(f"game must be in 0 .. {MAX_GAME_INDEX} (got {game})")
    if not 0 <= seed < 2**63:
        raise ValueError("seed must be in 0 .. 2**63-1")
    if not 1 <= turn_cap <= MAX_TURN_CAP:
        raise ValueError(f"turn_cap must be in 1 .. {MAX_TURN_CAP:,} (got {turn_cap:,})")

    player_a = getattr(player_a, "value", player_a)
    player_b = getattr(player_b, "value", player_b) if player_b is not None else player_a
    effects = getattr(effects, "value", effects)
    T, info, names, paths, _ = prepare(deck_a, deck_b, effects)
    log: list[str] = [f"# {names[0]} vs {names[1]} — seed {seed}, game {game}, players {player_a}/{player_b}, "
                      f"effects {effects}, engine {simcli.ENGINE_VERSION}, card database {db_revision()}"]
    disp = [[c["name"] for c in cs] for cs in info.cards]
    reference.play_game(T, seed, game, (player_a, player_b), turn_cap, effects_on=(effects == "all"), log=log,
                        names=disp)
    return log


def meta(decks, games: int = 10000, seed: int = 0, player_a: str = "baseline", player_b: str | None = None,
         effects: str = "all", mirrors: bool = False, weights=None, out_dir=None, resume: bool = False,
         scheduler=None, workers: int | None = None, threads: int | None = None,
         turn_cap: int = E.DEFAULT_TURN_CAP, chunk_size: int | None = None, shard_games: int | None = None,
         progress: Callable[[int, int, int, int], None] | None = None, on_plan=None,
         on_compile: Callable[[], None] | None = None) -> dict:
    """Round robin of ``decks`` (paths, folders of decks, or Deck objects): docs/meta.md.

    Each unordered pair is played once (``games`` games; mirrors with ``mirrors``) with its own pair
    seed, reproducible by ``simulate(deck_a, deck_b, games, seed=pair_seed)``; with ``player_b``
    different from ``player_a`` every ordered pair is played.  ``weights``: a ``deck,share`` CSV path
    or a {deck name: share} dict.  With ``out_dir`` every finished matchup is stored durably
    (``resume`` continues a stored run) and the report folder is written.  ``scheduler``: None (this
    process), ``"local"`` (a Dask LocalCluster of ``workers``), a ``tcp://`` address or a Client.
    ``progress(pairs_done, pairs_total, games_done, games_total)``; ``on_compile()``: as in simulate().

    Returns {"summary", "matchups", "ranking", "matrix" (DataFrames but summary), "stats" ({(deck_a,
    deck_b): arrays} of the played pairs), "decks", "written"}.  Ctrl-C raises
    ``simcli.meta.run.MetaInterrupted`` (a KeyboardInterrupt) after storing the finished matchups.
    """
    from simcli.meta.run import meta as _meta

    return _meta(decks, games=games, seed=seed, player_a=player_a, player_b=player_b, effects=effects,
                 mirrors=mirrors, weights=weights, out_dir=out_dir, resume=resume, scheduler=scheduler,
                 workers=workers, threads=threads, turn_cap=turn_cap, chunk_size=chunk_size,
                 shard_games=shard_games, progress=progress, on_plan=on_plan, on_compile=on_compile)
