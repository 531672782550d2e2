"""Wall time of a meta against one simulate of the same total game count (issue 10: within 1.5×).

    python benchmarks/meta.py [--games-per-pair N] [--player greedy] [--effects all] [--repeat R] [--dask]

Plays the round robin of the shipped decks (decks/dmcg/: 12 decks, 66 pairs since engine 7) at N games a pair in this
process, and one ``simulate`` of Agumon starter vs Gabumon starter with 45·N games, after loading
the kernel once; prints both wall times (deck compilation and table building included, the
kernel's load excluded) and their ratio.  The runs alternate, R rounds, and each keeps its best
time, so a noisy shared machine penalises neither side.  The meta ratio also carries the mix of
matchups (games between other decks are longer or shorter than the starters'), so a third run
plays the simulate pair as 45 separate matchups of N games — the per-matchup overhead alone.
"""

from __future__ import annotations

import argparse
import os
import time

from _common import ROOT  # noqa: F401  (sets sys.path)

from simcli import api
from simcli.decks import load_deck

DECKS = sorted(str(p) for p in (ROOT / "decks" / "dmcg").glob("*.deck"))
PAIR = (str(ROOT / "decks/dmcg/agumon-starter.deck"), str(ROOT / "decks/dmcg/gabumon-starter.deck"))


def timed(f) -> float:
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-per-pair", type=int, default=2000)
    ap.add_argument("--player", default="greedy")
    ap.add_argument("--effects", default="all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dask", action="store_true", help="also time --scheduler local (a LocalCluster, once)")
    a = ap.parse_args()
    n = a.games_per_pair
    pairs = len(DECKS) * (len(DECKS) - 1) // 2
    total = pairs * n
    kw = dict(player_a=a.player, effects=a.effects)
    decks = [load_deck(p) for p in DECKS]
    pair = [load_deck(p) for p in PAIR]
    api.simulate(*pair, games=10, seed=0, **kw)  # load the kernel once (not timed)

    def same_pair_split():
        for i in range(pairs):
            api.simulate(*pair, games=n, seed=a.seed, **kw)

    runs = {
        f"simulate (one pair, {total:,} games)": lambda: api.simulate(*pair, games=total, seed=a.seed, **kw),
        f"meta ({len(DECKS)} decks, {pairs} pairs)": lambda: api.meta(decks, games=n, seed=a.seed, **kw),
        f"the simulate pair as {pairs} matchups": same_pair_split,
    }
    best = {k: float("inf") for k in runs}
    for _ in range(a.repeat):
        for k, f in runs.items():
            best[k] = min(best[k], timed(f))
    if a.dask:
        best["meta --scheduler local (cluster start incl.)"] = timed(
            lambda: api.meta(decks, games=n, seed=a.seed, scheduler="local", **kw))
    base = best[next(iter(runs))]
    print(f"{len(DECKS)} decks, {pairs} pairs × {n:,} games = {total:,} games; {a.player}, effects {a.effects}; "
          f"{os.cpu_count()} cores; best of {a.repeat} alternating rounds")
    print(f"{'run':46} {'wall s':>8} {'games/s':>10} {'× simulate':>11}")
    for k, t in best.items():
        print(f"{k:46} {t:8.2f} {total / t:10,.0f} {t / base:11.2f}")
