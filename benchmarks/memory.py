"""Peak resident memory (ru_maxrss of a fresh process) for runs of different sizes: it must be flat.

    python benchmarks/memory.py [SIZES...]        (default 100000 10000000; --quick: 10^4 10^5)

Each size runs in its own subprocess (baseline players, effects none, all threads); the kernel
returns fixed-size statistics, so the peak must not grow with the number of games.
"""

from __future__ import annotations

import argparse

from _common import DEFAULT_DECKS, check_engines

from simcli.bench import DEFAULT_MEMORY_GAMES, QUICK_MEMORY_GAMES, memory_profile

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", type=int)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=None)
    a = ap.parse_args()
    sizes = a.sizes or (QUICK_MEMORY_GAMES if a.quick else DEFAULT_MEMORY_GAMES)
    check_engines()
    import numba

    m = memory_profile(DEFAULT_DECKS, sizes, threads=a.threads or numba.config.NUMBA_NUM_THREADS)
    for k, v in m["peak_rss_mb"].items():
        print(f"{k:>10} games: peak RSS {v:7.1f} MB (after warm-up {m['rss_warm_mb'][k]:7.1f} MB), "
              f"{m['memory_games_per_s'][k]:,.0f} games/s")
    print(f"growth {m['memory_growth_mb']:+.1f} MB; flat: {m['memory_flat']}; "
          f"10^8 games: ~{m['rss_1e8_mb_extrapolated']:.0f} MB")
