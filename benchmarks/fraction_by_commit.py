"""The kernel's fraction of the limit proxy (baseline/none), best of 3, in one process.

Run it against several commits in alternation to see whether a change moved the kernel: the spread
between runs on a shared 2-core machine (0.20-0.25 for one commit) is larger than most changes, so
compare the best of several alternated rounds, never one run:

    for r in REV1 REV2; do git worktree add --detach /tmp/bis/$r $r; done
    for round in 1 2 3; do for r in REV1 REV2; do
        (cd /tmp/bis/$r && PYTHONPATH=/tmp/bis/$r python /path/to/benchmarks/fraction_by_commit.py $r)
    done; done

(PYTHONPATH puts the worktree's simcli before the installed one.)
"""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("SIMCLI_KERNEL_GATES", "on")

from simcli import api  # noqa: E402
from simcli.engine.limit_proxy import run_proxy  # noqa: E402

A, B = "decks/dmcg/agumon-starter.deck", "decks/dmcg/gabumon-starter.deck"
GAMES, PROXY_GAMES = 200_000, 400_000


def main(label: str) -> None:
    T = api.prepare(A, B, "none")[0]
    api.simulate(A, B, games=1000, seed=1, effects="none")  # compile / load both before timing
    run_proxy(T, 1, 1000)
    best_k = best_p = 0.0
    for _ in range(3):
        t = time.perf_counter()
        r = api.simulate(A, B, games=GAMES, seed=1, effects="none")
        best_k = max(best_k, r["summary"]["mean_turns"] * GAMES / (time.perf_counter() - t))
        t = time.perf_counter()
        n = run_proxy(T, 1, PROXY_GAMES)
        best_p = max(best_p, n / (time.perf_counter() - t))
    print(f"{label}: kernel {best_k / 1e6:.2f} M turns/s, proxy {best_p / 1e6:.2f} M turns/s, "
          f"fraction {best_k / best_p:.3f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "this checkout")
