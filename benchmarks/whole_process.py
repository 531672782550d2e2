"""Whole-process `simcli simulate` against the kernel's own time, in one run (issue 14 goal: ≤ 1.2×).

    python benchmarks/whole_process.py [--games 1000000] [--reps 3]

Runs the installed command `simcli simulate A B -n N --json` in a subprocess (warm numba cache)
and compares its wall time, spawn to exit, with the kernel loop's `elapsed_s` that the same run
reports: the difference is interpreter start, imports, deck loading, table packing, the cache
load and printing.  Best of `reps` runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from _common import DEFAULT_DECKS, ROOT


def one(games: int, seed: int) -> tuple[float, float]:
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "simcli", "simulate", str(DEFAULT_DECKS[0]), str(DEFAULT_DECKS[1]),
                          "-n", str(games), "--seed", str(seed), "--json"],
                         capture_output=True, text=True, check=True, cwd=str(ROOT)).stdout
    wall = time.perf_counter() - t0
    s = json.loads(next(ln for ln in out.splitlines() if ln.startswith("{")))
    return wall, float(s["elapsed_s"])


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    one(1000, 1)  # warm the cache (a cold compile is startup.py's figure, not this one)
    runs = [one(a.games, 1) for _ in range(a.reps)]
    wall, kern = min(runs, key=lambda r: r[0] / r[1])
    print(f"{a.games:,} games: whole process {wall:.2f} s, kernel {kern:.2f} s → {wall / kern:.2f}× (goal ≤ 1.2×)")
