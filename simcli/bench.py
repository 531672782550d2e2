"""``simcli bench``: how fast the numba engine is, measured in one run (DESIGN.md conventions 3, 4, 7, 8).

``bench()`` prints nothing and returns one dict (what ``simcli bench --json`` prints).  Per
configuration (player / effects) it

1. plays a small subset of games (indices ``0 .. ref_games-1``) in the pure-Python reference
   engine and, with ``records=True``, in the numba kernel, and checks that every per-game record
   is equal (``engines_agree``);
2. times the reference engine on that subset and the kernel on **exactly the same games** on one
   thread (median of repeated runs), which gives ``speedup_vs_reference`` per thread;
3. times the kernel on a large run (``games``) on one thread and on all threads: games/s,
   turns/s, ``thread_scaling``, and checks the statistics are identical for both thread counts;
4. times the limit proxy (engine/limit_proxy.py: the same rule family with nothing but draw, play
   the highest level, compare attacks, lose points, renew) on the same decks, games and threads:
   ``fraction_of_limit`` = kernel turns/s / proxy turns/s, a figure that holds across machines.

Then, in subprocesses, it measures the first-call compile time with a fresh empty
``NUMBA_CACHE_DIR``, the cached start-up time (process start to first game finished, reusing that
cache) and the peak resident memory (``ru_maxrss``) of runs of different sizes, which must be
flat in the number of games (the kernel returns fixed-size statistics).

Kernel times are the API's own ``elapsed_s`` (the kernel loop, not deck loading or table
compilation); reference times cover ``reference.play_game`` only, on the same compiled tables.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import numpy as np

import simcli
from simcli.cards.db import db_revision

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DECKS = (ROOT / "decks" / "dmcg" / "agumon-starter.deck", ROOT / "decks" / "dmcg" / "gabumon-starter.deck")
# (player, effects): the two configurations the speed goals are stated for
CONFIGS = (("baseline", "none"), ("greedy", "all"))
# benched beside the starters (issue 14): two late-meta decks exercise many more effect rows
LATE_META_DECKS = (ROOT / "decks" / "dmcg" / "agumon-bond-of-courage-re146.deck",
                   ROOT / "decks" / "dmcg" / "imperialdramon-fm-re139.deck")
LATE_META_KEY = "greedy/all late-meta"
# the second game (issue 13): Appmon decks, benched beside the DMCG figures (no limit proxy: it is a DMCG model)
APPMON_DECKS = (ROOT / "decks" / "appmon" / "dogatchmon.deck", ROOT / "decks" / "appmon" / "raidramon.deck")
APPMON_CONFIGS = (("baseline", "none"), ("greedy", "all"))
APPMON_PREFIX = "appmon "
DEFAULT_GAMES = 200_000
DEFAULT_REF_GAMES = 300
DEFAULT_MEMORY_GAMES = (10**5, 10**7)
QUICK_GAMES = 20_000
QUICK_REF_GAMES = 60
QUICK_MEMORY_GAMES = (10**4, 10**5)
DEFAULT_SEED = 20240601

# The speed goals of the performance issue (reported against, never asserted).
GOALS = {
    "baseline_none_games_per_s": (">=", 200_000, "games/s, baseline players, effects none, all cores"),
    "greedy_all_games_per_s": (">=", 100_000, "games/s, greedy players, effects all, all cores"),
    "speedup_vs_reference": (">=", 100, "kernel / reference games/s, one thread, same games"),
    "thread_scaling": (">=", 1.8, "all cores / one thread (goal stated for 2 cores)"),
    "rss_1e8_mb": ("<", 1024, "peak RSS extrapolated to 10^8 games (flat memory)"),
    "cached_start_s": ("<", 1.0, "process start to first game finished, warm numba cache"),
    "cold_baseline_none_s": ("<", 60.0, "first call with an empty numba cache, baseline / effects none"),
    "cold_greedy_all_s": ("<", 120.0, "first call with an empty numba cache, greedy / effects all"),
    "baseline_none_fraction_of_limit": (">=", 0.25, "kernel turns/s / limit proxy turns/s, same run, all cores"),
    "greedy_all_fraction_of_limit": (">=", 0.12, "kernel turns/s / limit proxy turns/s, same run, all cores"),
    "appmon_greedy_all_games_per_s": (">=", 100_000, "Appmon games/s, greedy players, effects all, all cores"),
}

Progress = Callable[[str, int, int], None]


def _appmon_identity() -> tuple[str, str]:
    from simcli.api import game_identity

    return game_identity("appmon")


def _peak_rss_mb() -> float | None:
    """This process's peak resident memory (POSIX ``ru_maxrss``; None where ``resource`` is missing)."""
    try:
        import resource
    except ImportError:  # Windows: no resource module
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def config_key(player: str, effects: str) -> str:
    return f"{player}/{effects}"


def size_key(n: int) -> str:
    """10**5 -> '1e5' (other sizes: their digits)."""
    e = len(str(n)) - 1
    return f"1e{e}" if n == 10**e else str(n)


# ---- engines on the same games ------------------------------------------------------------------
def reference_records(T, seed: int, n: int, players, effects: str, turn_cap: int):
    """Records of games 0..n-1 from the reference engine and the seconds ``play_game`` took."""
    from simcli.engine import reference
    from simcli.engine.results import RECORD_DTYPE

    if getattr(T, "game", "dmcg") == "appmon":  # the Appmon reference engine (simcli/appmon/reference.py)
        from simcli.appmon import reference as appmon_reference

        t0 = time.perf_counter()
        rec = appmon_reference.run_records(T, seed, 0, n, turn_cap, players)
        return rec, time.perf_counter() - t0
    rows = []
    t0 = time.perf_counter()
    for g in range(n):
        rows.append(reference.play_game(T, seed, g, players, turn_cap, effects_on=(effects == "all")).record())
    elapsed = time.perf_counter() - t0
    return np.array(rows, dtype=RECORD_DTYPE), elapsed


def records_equal(a: np.ndarray, b: np.ndarray) -> tuple[bool, list[int]]:
    """(equal, game indices of the first few differing rows)."""
    if a.shape != b.shape:
        return False, []
    diff = np.zeros(len(a), bool)
    for name in a.dtype.names:
        diff |= a[name] != b[name]
    bad = np.flatnonzero(diff)
    return (len(bad) == 0), [int(a["game"][i]) for i in bad[:5]]


def _kernel_run(api, decks, games, seed, player, effects, threads, records=False):
    return api.simulate(decks[0], decks[1], games=games, seed=seed, player_a=player, player_b=player,
                        effects=effects, threads=threads, records=records)


def _timed_kernel(api, decks, games, seed, player, effects, threads, min_time: float, min_reps: int = 3):
    """Best (smallest) kernel seconds over repeated runs of the same games (>= min_reps, ~min_time)."""
    times = []
    t_start = time.perf_counter()
    while len(times) < min_reps or (time.perf_counter() - t_start < min_time and len(times) < 200):
        times.append(_kernel_run(api, decks, games, seed, player, effects, threads)["summary"]["elapsed_s"])
    return min(times), len(times)


def bench_config(decks, player: str, effects: str, *, games: int, ref_games: int, seed: int, threads: int,
                 turn_cap: int, min_time: float = 0.5, reps: int = 3) -> dict:
    """All in-process figures of one configuration (see the module docstring)."""
    from simcli import api

    out: dict = {"player": player, "effects": effects}
    T = api.prepare(decks[0], decks[1], effects)[0]
    players = (player, player)
    # warm up (compilation / cache load) outside every timing
    _kernel_run(api, decks, 2, seed, player, effects, 1)
    _kernel_run(api, decks, 2, seed, player, effects, threads)

    # 1. the same games in both engines: agreement, then reference vs kernel (1 thread)
    try:
        ref_rec, ref_s = reference_records(T, seed, ref_games, players, effects, turn_cap)
        ref_s = min(ref_s, reference_records(T, seed, ref_games, players, effects, turn_cap)[1])
    except Exception as exc:  # noqa: BLE001 - a config the reference cannot play is reported, not fatal
        out["reference_error"] = f"{type(exc).__name__}: {exc}"
        ref_rec, ref_s = None, None
    ker = _kernel_run(api, decks, ref_games, seed, player, effects, 1, records=True)
    ker_rec = ker["records"]
    if ref_rec is not None:
        agree, bad = records_equal(ref_rec, ker_rec)
        out["engines_agree"] = agree
        if not agree:
            out["disagreeing_games"] = bad
    else:
        out["engines_agree"] = None
    sub_turns = int(ker_rec["turns"].sum())
    sub_s, nrep = _timed_kernel(api, decks, ref_games, seed, player, effects, 1, min_time)
    out["subset_games"] = int(ref_games)
    out["subset_turns"] = sub_turns
    out["kernel_subset_games_per_s_1t"] = ref_games / sub_s
    out["kernel_subset_reps"] = nrep
    if ref_rec is not None:
        out["reference_turns"] = int(ref_rec["turns"].sum())
        out["reference_s"] = ref_s
        out["reference_games_per_s"] = ref_games / ref_s
        out["reference_turns_per_s"] = out["reference_turns"] / ref_s
        out["speedup_vs_reference"] = (ref_games / sub_s) / (ref_games / ref_s)
    else:
        out["reference_games_per_s"] = None
        out["speedup_vs_reference"] = None

    # 2. a large run, one thread and all threads, alternated `reps` times (best of each: the machine
    #    may be shared); the statistics must be identical for both thread counts
    t1, tn = [], []
    r1 = rn = None
    for _ in range(max(1, reps)):
        r1 = _kernel_run(api, decks, games, seed, player, effects, 1)
        t1.append(r1["summary"]["elapsed_s"])
        rn = _kernel_run(api, decks, games, seed, player, effects, threads)
        tn.append(rn["summary"]["elapsed_s"])
    b1, bn = min(t1), min(tn)
    turns = int(rn["stats"]["total_turns"][0])
    out["games"] = int(games)
    out["turns"] = turns
    out["mean_turns"] = turns / games
    out["reps"] = len(t1)
    out["kernel_games_per_s_1t"] = games / b1
    out["kernel_turns_per_s_1t"] = turns / b1
    out["kernel_games_per_s"] = games / bn
    out["kernel_turns_per_s"] = turns / bn
    out["kernel_games_per_s_median"] = games / statistics.median(tn)
    out["threads"] = int(threads)
    out["thread_scaling"] = b1 / bn
    out["thread_invariant"] = all(np.array_equal(r1["stats"][k], rn["stats"][k]) for k in r1["stats"])
    out["win_rate_a"] = rn["summary"]["win_rate_a"]

    # 3. the limit proxy (engine/limit_proxy.py) on the same decks, games and threads, alternated with
    #    the kernel's runs above: the kernel's turns/s as a fraction of the fastest this rule family goes
    if getattr(T, "game", "dmcg") == "appmon":  # the limit proxy models the DMCG only
        out["limit_proxy_turns_per_s"] = out["fraction_of_limit"] = None
        out["game"] = "appmon"
        return out
    out.update(proxy_figures(T, games, seed, threads, turn_cap, reps))
    out["fraction_of_limit"] = out["kernel_turns_per_s"] / out["limit_proxy_turns_per_s"]
    out["fraction_of_limit_1t"] = out["kernel_turns_per_s_1t"] / out["limit_proxy_turns_per_s_1t"]
    return out


def proxy_figures(T, games: int, seed: int, threads: int, turn_cap: int, reps: int) -> dict:
    """Turns/s of the limit proxy (best of ``reps``) on one thread and on ``threads`` threads, on the
    configuration's own compiled decks ``T`` (the proxy reads only levels, types, attacks, lost points)."""
    import numba

    from simcli.engine.limit_proxy import run_proxy

    old = numba.get_num_threads()
    best = {1: float("inf"), threads: float("inf")}
    turns = 0
    try:
        numba.set_num_threads(1)
        run_proxy(T, seed, 2, turn_cap)  # compile / load outside the timing
        for _ in range(max(1, reps)):
            for th in (1, threads):
                numba.set_num_threads(th)
                t0 = time.perf_counter()
                turns = run_proxy(T, seed, games, turn_cap)
                best[th] = min(best[th], time.perf_counter() - t0)
    finally:
        numba.set_num_threads(old)
    return {"limit_proxy_turns": int(turns), "limit_proxy_turns_per_s": turns / best[threads],
            "limit_proxy_turns_per_s_1t": turns / best[1]}


# ---- subprocesses: compile time, start-up time, memory ----------------------------------------------
_CHILD = r"""
import json, resource, sys, time
t_spawn, mode, a, b, player, effects, games, threads, seed = sys.argv[1:10]
t0 = time.time()
from simcli import api
t_import = time.time()
r = api.simulate(a, b, games=1, seed=int(seed), player_a=player, effects=effects, threads=1)
t_first = time.time()
out = {"import_s": t_import - t0, "first_call_s": t_first - t_import, "start_to_first_game_s": t_first - float(t_spawn),
       "interpreter_s": t0 - float(t_spawn)}
if mode == "memory":
    out["rss_warm_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    r = api.simulate(a, b, games=int(games), seed=int(seed), player_a=player, effects=effects, threads=int(threads))
    out["games"] = int(games)
    out["elapsed_s"] = r["summary"]["elapsed_s"]
    out["games_per_s"] = r["summary"]["games_per_s"]
out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
print("BENCH-JSON " + json.dumps(out))
"""


def run_child(mode: str, decks, *, cache_dir: str | None, player: str = "baseline", effects: str = "none",
              games: int = 1, threads: int = 1, seed: int = DEFAULT_SEED, timeout: float | None = None) -> dict:
    """Run the measuring child process; returns its JSON (times in seconds, memory in MB)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    env.pop("NUMBA_DISABLE_JIT", None)
    t_spawn = time.time()
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, repr(t_spawn), mode, str(decks[0]), str(decks[1]), player, effects,
         str(games), str(threads), str(seed)],
        env=env, capture_output=True, text=True, timeout=timeout, cwd=str(ROOT))
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH-JSON "):
            return json.loads(line[len("BENCH-JSON "):])
    tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
    raise RuntimeError(f"bench child ({mode}) failed with exit code {proc.returncode}: " + " | ".join(tail))


def startup_times(decks, *, seed: int = DEFAULT_SEED, cache_dir: str | None = None, greedy: bool = True) -> dict:
    """Compile time (fresh empty NUMBA_CACHE_DIR) and cached start-up (second process, same cache) of
    a baseline/effects-none run, then (``greedy``) the cold compile of a greedy/effects-all run in
    another fresh cache: the kernel is compiled per kind of run (docs/performance.md)."""
    own = cache_dir is None
    tmp = tempfile.mkdtemp(prefix="simcli-bench-numba-") if own else cache_dir
    fresh = run_child("start", decks, cache_dir=tmp, seed=seed)
    cached = run_child("start", decks, cache_dir=tmp, seed=seed)
    greedy_s = None
    if greedy:
        tmp2 = tempfile.mkdtemp(prefix="simcli-bench-numba-")
        try:
            greedy_s = run_child("start", decks, cache_dir=tmp2, seed=seed, player="greedy", effects="all")["first_call_s"]
        finally:
            import shutil

            shutil.rmtree(tmp2, ignore_errors=True)
    return {
        "compile_s": fresh["first_call_s"],
        "compile_greedy_all_s": greedy_s,
        "fresh_start_s": fresh["start_to_first_game_s"],
        "cached_start_s": cached["start_to_first_game_s"],
        "cached_first_call_s": cached["first_call_s"],
        "import_s": cached["import_s"],
        "interpreter_s": cached["interpreter_s"],
        "cache_dir": tmp,
    }


def memory_profile(decks, sizes, *, threads: int, seed: int = DEFAULT_SEED, cache_dir: str | None = None,
                   progress: Progress | None = None, step0: int = 0, nsteps: int = 0) -> dict:
    """Peak RSS (MB) of one process per run size (baseline players, effects none, all threads)."""
    runs = {}
    for i, n in enumerate(sizes):
        if progress:
            progress(f"peak memory, {n:,} games", step0 + i, nsteps)
        runs[size_key(n)] = run_child("memory", decks, cache_dir=cache_dir, games=n, threads=threads, seed=seed)
    peaks = {k: v["rss_mb"] for k, v in runs.items()}
    keys = list(peaks)
    small, big = peaks[keys[0]], peaks[keys[-1]]
    growth = big - small
    n_small, n_big = sizes[0], sizes[-1]
    # linear extrapolation of the growth (flat memory: ~0) to 10^8 games
    flat = growth <= max(2.0, 0.05 * small)
    # flat memory: 10^8 games need what the largest run needed; otherwise extrapolate the growth
    per_game = 0.0 if flat else max(0.0, growth) / max(1, n_big - n_small)
    rss_1e8 = big + per_game * max(0, 10**8 - n_big)
    return {
        "peak_rss_mb": peaks,
        "rss_warm_mb": {k: v["rss_warm_mb"] for k, v in runs.items()},
        "memory_games_per_s": {k: v["games_per_s"] for k, v in runs.items()},
        "memory_growth_mb": growth,
        "memory_flat": flat,
        "rss_1e8_mb_extrapolated": rss_1e8,
    }


# ---- the whole bench -----------------------------------------------------------------------------------
def _goal(value, op, target):
    if value is None:
        return None
    return bool(value >= target) if op == ">=" else bool(value < target)


def bench(games: int = DEFAULT_GAMES, threads: int | None = None, progress: Progress | None = None, *,
          ref_games: int = DEFAULT_REF_GAMES, seed: int = DEFAULT_SEED, deck_a=None, deck_b=None,
          configs=CONFIGS, quick: bool = False, memory_games=DEFAULT_MEMORY_GAMES, startup: bool = True,
          memory: bool = True, turn_cap: int | None = None, min_time: float = 0.5, reps: int = 3,
          late_meta: bool = True, appmon: bool = True) -> dict:
    """Measure the engine; returns one dict (``simcli bench --json``).

    ``progress(label, step, nsteps)`` is called before each stage.  ``quick`` shrinks every size
    for smoke tests (games ≤ 20,000, 60 reference games, memory runs of 10^4 and 10^5 games).
    ``startup`` / ``memory`` switch the subprocess measurements off (their keys are then None);
    ``late_meta`` adds greedy/all on two late-meta decks (LATE_META_DECKS) beside the starters;
    ``appmon`` adds the second game's configurations (APPMON_CONFIGS on APPMON_DECKS, keys "appmon …").
    """
    import numba

    from simcli import codes as E

    if quick:
        games = min(games, QUICK_GAMES)
        ref_games = min(ref_games, QUICK_REF_GAMES)
        memory_games = QUICK_MEMORY_GAMES if tuple(memory_games) == DEFAULT_MEMORY_GAMES else memory_games
        min_time = min(min_time, 0.2)
        reps = min(reps, 2)
    if games < 1 or ref_games < 1:
        raise ValueError("games and ref_games must be at least 1")
    memory_games = tuple(int(n) for n in memory_games)
    turn_cap = int(turn_cap or E.DEFAULT_TURN_CAP)
    max_threads = int(numba.config.NUMBA_NUM_THREADS)
    threads = max(1, min(int(threads or max_threads), max_threads))
    decks = (Path(deck_a) if deck_a else DEFAULT_DECKS[0], Path(deck_b) if deck_b else DEFAULT_DECKS[1])
    with_appmon = appmon and all(d.exists() for d in APPMON_DECKS)
    nsteps = (len(configs) + (1 if late_meta else 0) + (len(APPMON_CONFIGS) if with_appmon else 0)
              + (1 if startup else 0) + (len(memory_games) if memory else 0))
    step = 0

    res: dict = {
        "engine_version": simcli.ENGINE_VERSION,
        "db_revision": db_revision(),
        **({"appmon_engine_version": _appmon_identity()[0], "appmon_db_revision": _appmon_identity()[1]}
           if with_appmon else {}),
        "simcli_version": simcli.__version__,
        "numba_version": numba.__version__,
        "numpy_version": np.__version__,
        "python_version": platform.python_version(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "threads": threads,
        "seed": int(seed),
        "deck_a": str(decks[0].relative_to(ROOT)) if decks[0].is_relative_to(ROOT) else str(decks[0]),
        "deck_b": str(decks[1].relative_to(ROOT)) if decks[1].is_relative_to(ROOT) else str(decks[1]),
        "games": int(games),
        "ref_games": int(ref_games),
        "turn_cap": turn_cap,
        "quick": bool(quick),
    }
    t_all = time.perf_counter()
    per: dict[str, dict] = {}
    jobs = [(config_key(player, effects), decks, player, effects) for player, effects in configs]
    if late_meta and all(d.exists() for d in LATE_META_DECKS):
        jobs.append((LATE_META_KEY, LATE_META_DECKS, "greedy", "all"))
    if with_appmon:
        jobs += [(APPMON_PREFIX + config_key(p, e), APPMON_DECKS, p, e) for p, e in APPMON_CONFIGS]
    for key, job_decks, player, effects in jobs:
        if progress:
            progress(f"{key}: engines on the same games, then {games:,} games", step, nsteps)
        step += 1
        try:
            per[key] = bench_config(job_decks, player, effects, games=games, ref_games=ref_games, seed=seed,
                                    threads=threads, turn_cap=turn_cap, min_time=min_time, reps=reps)
            if job_decks is not decks:
                per[key]["decks"] = [d.name for d in job_decks]
        except Exception as exc:  # noqa: BLE001 - one broken configuration must not hide the others
            per[key] = {"player": player, "effects": effects, "error": f"{type(exc).__name__}: {exc}"}
    res["configs"] = per

    head = per[config_key(*configs[0])]
    res["kernel_games_per_s"] = head.get("kernel_games_per_s")
    res["kernel_turns_per_s"] = head.get("kernel_turns_per_s")
    res["kernel_games_per_s_1t"] = head.get("kernel_games_per_s_1t")
    res["reference_games_per_s"] = head.get("reference_games_per_s")
    res["speedup_vs_reference"] = head.get("speedup_vs_reference")
    res["thread_scaling"] = head.get("thread_scaling")
    res["limit_proxy_turns_per_s"] = head.get("limit_proxy_turns_per_s")
    res["fraction_of_limit"] = head.get("fraction_of_limit")
    # agreement over the configurations both engines could play; the others are listed
    checked = {k: c["engines_agree"] for k, c in per.items() if c.get("engines_agree") is not None}
    res["engines_agree"] = bool(checked) and all(checked.values())
    res["engines_checked"] = sorted(checked)
    res["engines_unchecked"] = sorted(k for k in per if k not in checked)
    res["thread_invariant"] = all(c.get("thread_invariant") is True for c in per.values())

    cache_dir = None
    res["compile_s"] = res["cached_start_s"] = res["compile_greedy_all_s"] = None
    if startup:
        if progress:
            progress("compile time (fresh numba cache) and cached start-up", step, nsteps)
        step += 1
        try:
            st = startup_times(decks, seed=seed)
            cache_dir = st.pop("cache_dir")
            res.update(st)
        except Exception as exc:  # noqa: BLE001
            res["startup_error"] = f"{type(exc).__name__}: {exc}"
    res["peak_rss_mb"] = None
    if memory:
        try:
            res.update(memory_profile(decks, memory_games, threads=threads, seed=seed, cache_dir=cache_dir,
                                      progress=progress, step0=step, nsteps=nsteps))
        except Exception as exc:  # noqa: BLE001
            res["memory_error"] = f"{type(exc).__name__}: {exc}"
        step += len(memory_games)
    if cache_dir:
        import shutil

        shutil.rmtree(cache_dir, ignore_errors=True)
    if progress:
        progress("done", nsteps, nsteps)

    values = {
        "baseline_none_games_per_s": per.get("baseline/none", {}).get("kernel_games_per_s"),
        "greedy_all_games_per_s": per.get("greedy/all", {}).get("kernel_games_per_s"),
        "speedup_vs_reference": res["speedup_vs_reference"],
        "thread_scaling": res["thread_scaling"],
        "rss_1e8_mb": res.get("rss_1e8_mb_extrapolated") if res.get("memory_flat", True) else None,
        "cached_start_s": res["cached_start_s"],
        "cold_baseline_none_s": res.get("compile_s"),
        "cold_greedy_all_s": res.get("compile_greedy_all_s"),
        "baseline_none_fraction_of_limit": per.get("baseline/none", {}).get("fraction_of_limit"),
        "greedy_all_fraction_of_limit": per.get("greedy/all", {}).get("fraction_of_limit"),
        "appmon_greedy_all_games_per_s": per.get(APPMON_PREFIX + "greedy/all", {}).get("kernel_games_per_s"),
    }
    res["goals"] = {k: {"target": f"{op} {t:g}", "value": values[k], "met": _goal(values[k], op, t), "what": what}
                    for k, (op, t, what) in GOALS.items()}
    res["bench_s"] = time.perf_counter() - t_all
    res["bench_peak_rss_mb"] = _peak_rss_mb()
    return res
