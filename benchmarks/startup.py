"""First-call compile time (fresh empty NUMBA_CACHE_DIR) and cached start-up time.

    python benchmarks/startup.py

Two subprocesses share one new cache folder: the first compiles every kernel function (its first
simulate() call is the compile time), the second loads them from the cache; the start-up time is
measured from the moment the process is spawned to the first game finished.
"""

from __future__ import annotations

from _common import DEFAULT_DECKS, check_engines

from simcli.bench import startup_times

if __name__ == "__main__":
    check_engines(games=50)
    st = startup_times(DEFAULT_DECKS)
    print(f"compile of a greedy / effects-all run (first call, another empty cache): {st['compile_greedy_all_s']:.1f} s")
    print(f"compile of a baseline / effects-none run (first call, empty cache): {st['compile_s']:.1f} s   "
          f"(process start to first game: {st['fresh_start_s']:.1f} s)")
    print(f"cached start-up (process start to first game): {st['cached_start_s']:.2f} s   "
          f"(interpreter {st['interpreter_s']:.2f} s, import {st['import_s']:.2f} s, "
          f"first call {st['cached_first_call_s']:.2f} s)")
    print(f"cache folder (left for inspection): {st['cache_dir']}")
