"""Cold compile and kernel speed at one LLVM optimisation level (docs/performance.md, "LLVM optimisation level").

    NUMBA_OPT=1 python benchmarks/opt_level.py [--player greedy|baseline]

Compiles one kind of run into a fresh, empty NUMBA_CACHE_DIR and prints its CPU seconds, then the best of three
one-thread runs on that cache in games per CPU second.  Run it once per level, one after the other on the same machine:
only the ratios between levels mean something.  Takes minutes.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--player", default="greedy", choices=("baseline", "greedy"))
    a = ap.parse_args()
    os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="simcli-opt-")  # before simcli.engine sets its own
    os.environ.setdefault("SIMCLI_KERNEL_GATES", "on")
    import numba

    from _common import DEFAULT_DECKS
    from simcli import api

    effects = "all" if a.player == "greedy" else "none"
    c0 = time.process_time()
    api.simulate(DEFAULT_DECKS[0], DEFAULT_DECKS[1], games=100, seed=1, player_a=a.player, effects=effects, threads=1)
    compile_s = time.process_time() - c0
    n = 20_000 if a.player == "greedy" else 200_000
    best = 0.0
    for _ in range(3):
        c0 = time.process_time()
        api.simulate(DEFAULT_DECKS[0], DEFAULT_DECKS[1], games=n, seed=7, player_a=a.player, effects=effects, threads=1)
        best = max(best, n / (time.process_time() - c0))
    print(f"NUMBA_OPT={int(numba.config.OPT)} {a.player}/{effects}: cold compile {compile_s:.1f} CPU s; "
          f"{best:,.0f} games per CPU s (one thread, best of 3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
