"""Appmon games/s beside the DMCG's, alternated on the same machine (issue 13).

    python benchmarks/appmon.py [--games N] [--rounds R] [--threads T]

Times ``simulate`` (greedy, effects all) of the two Appmon bench decks (decks/appmon/dogatchmon.deck vs
raidramon.deck) and of the DMCG starters (Agumon vs Gabumon), alternating R rounds and keeping each
one's best, on 1 thread and on T threads.  On a machine shared with other work absolute games/s fall
with the load; the Appmon / DMCG ratio of the same rounds moves far less.
"""

from __future__ import annotations

import argparse

from _common import ROOT  # noqa: F401  (sets sys.path)

from simcli import api

APPMON = (str(ROOT / "decks/appmon/dogatchmon.deck"), str(ROOT / "decks/appmon/raidramon.deck"))
DMCG = (str(ROOT / "decks/dmcg/agumon-starter.deck"), str(ROOT / "decks/dmcg/gabumon-starter.deck"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    best: dict[tuple[str, int], float] = {}
    for pair in (APPMON, DMCG):  # load (or compile) both kernels outside the timing
        api.simulate(*pair, games=10, seed=1, player_a="greedy")
    for _ in range(a.rounds):
        for th in (1, a.threads):
            for label, pair in (("appmon", APPMON), ("dmcg", DMCG)):
                s = api.simulate(*pair, games=a.games, seed=1, player_a="greedy", threads=th)["summary"]
                best[(label, th)] = max(best.get((label, th), 0.0), s["games_per_s"])
    print(f"greedy/all, {a.games:,} games, best of {a.rounds} alternating rounds")
    print(f"{'threads':>8} {'appmon games/s':>15} {'dmcg games/s':>13} {'appmon/dmcg':>12}")
    for th in (1, a.threads):
        ap_, dm = best[("appmon", th)], best[("dmcg", th)]
        print(f"{th:>8} {ap_:>15,.0f} {dm:>13,.0f} {ap_ / dm:>12.2f}")


if __name__ == "__main__":
    main()
