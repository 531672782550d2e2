"""Throughput of the numba kernel vs the reference engine on the same games, and thread scaling.

    python benchmarks/throughput.py [--games N] [--ref-games R] [--quick]

Reproduces the games/s, turns/s, speedup and scaling rows of the README's performance table
(baseline/effects none and greedy/effects all).  Checks the engines agree before timing.
"""

from __future__ import annotations

import argparse
import json

from _common import check_engines  # noqa: F401  (sets sys.path)

from simcli.bench import CONFIGS, DEFAULT_GAMES, DEFAULT_REF_GAMES, bench

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES)
    ap.add_argument("--ref-games", type=int, default=DEFAULT_REF_GAMES)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    # bench() checks per-game records of both engines on the timed subset before timing it
    r = bench(games=a.games, ref_games=a.ref_games, threads=a.threads, quick=a.quick, startup=False, memory=False)
    if a.json:
        print(json.dumps(r, indent=2))
    else:
        print(f"engine {r['engine_version']}, numba {r['numba_version']}, {r['cpu_count']} cores, "
              f"{r['games']:,} games (kernel), {r['ref_games']} games (both engines), seed {r['seed']}")
        print(f"{'config':14} {'agree':>6} {'games/s all':>12} {'turns/s all':>12} {'games/s 1t':>11} "
              f"{'ref games/s':>11} {'x ref/thr':>9} {'scaling':>8}")
        for p, e in CONFIGS:
            c = r["configs"][f"{p}/{e}"]
            if "error" in c:
                print(f"{p + '/' + e:14} error: {c['error']}")
                continue
            ref = c.get("reference_games_per_s")
            sp = c.get("speedup_vs_reference")
            print(f"{p + '/' + e:14} {str(c['engines_agree']):>6} {c['kernel_games_per_s']:>12,.0f} "
                  f"{c['kernel_turns_per_s']:>12,.0f} {c['kernel_games_per_s_1t']:>11,.0f} "
                  f"{(f'{ref:,.0f}' if ref else '-'):>11} {(f'{sp:.1f}' if sp else '-'):>9} "
                  f"{c['thread_scaling']:>8.2f}")
