"""Which rule paths the parity games reach, by game count (issue 12: the test suite's game counts).

For every configuration of tests/test_engine_parity.py, plays the reference engine's games 0..LONG-1
under coverage.py (branch arcs of simcli/engine/reference*.py: the rules, the effect interpreter and the
policies, the plain twin of the kernel's code) and records the arcs reached after each count in COUNTS.
Prints, per configuration, the arcs at each count and the last game that added one; then the arcs that
the LONG-game sweep reaches in some configuration but no configuration reaches within the count the
test suite plays (tests/test_engine_parity.N_GAMES) — empty when the short suite reaches every rule path
the long sweep does.  Needs coverage.py (``pip install coverage``, not a dependency); pure Python (the
reference engine only), about 10 CPU-minutes: ``python benchmarks/parity_coverage.py [--part I/N]``
splits the configurations over N processes, ``--merge`` prints the union of their saved results.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
COUNTS = (100, 200, 300, 400, 500, 1000, 2000)
CHUNK = 25
OUT = Path("parity_coverage")


def configurations():
    """(name, tables maker, players, effects on, seed, games in the long sweep) of every parity test."""
    import test_engine_parity as P
    from simcli.decks import load_deck
    from simcli.engine.tables import compile_tables
    from test_engine_helpers import DECK_1, DECK_2, cards

    out = []
    for pair, (a, b) in enumerate(P.HAND_PAIRS):
        out.append((f"hand_built[{pair}]", lambda a=a, b=b: compile_tables([cards(a), cards(b)], effects=False)[0],
                    ("baseline", "baseline"), False, 11 + pair, P.LONG_GAMES))
    for config, (players, eff) in enumerate(P.CONFIGS):
        for pair in range(3):
            i = (3 * pair + config) % len(P.SHIPPED)
            a, b = P.SHIPPED[i], P.SHIPPED[(i + 1 + pair) % len(P.SHIPPED)]
            out.append((f"shipped_decks[{pair}-{config}]", lambda a=a, b=b, eff=eff: compile_tables([a, b], effects=eff)[0],
                        players, eff, 100 + 10 * pair + config, P.LONG_GAMES))
    for players in (("greedy", "greedy"), ("greedy", "baseline"), ("random", "greedy"), ("random", "random")):
        out.append((f"new_effects{players}", lambda: compile_tables(
            [P._with_new_effects(DECK_1, "X"), P._with_new_effects(DECK_2, "Y")], effects=True)[0], players, True, 7, 600))
    for players in (("greedy", "greedy"), ("greedy", "baseline"), ("random", "baseline")):
        out.append((f"support_digimon{players}", lambda: compile_tables(
            [P._with_supports(DECK_1, "X"), P._with_supports(DECK_2, "Y")], effects=True)[0], players, True, 5, 600))
    d = ROOT / "decks" / "dmcg"
    for opp in ("agumon-bond-of-courage-re146", "volcdramon-bx164"):
        out.append((f"magnamon_answers[{opp}]", lambda opp=opp: compile_tables(
            [load_deck(d / "magnamon-xantibody-bx182.deck").cards(), load_deck(d / f"{opp}.deck").cards()],
            effects=True)[0], ("greedy", "greedy"), True, 9, P.LONG_GAMES))
    return out


def measure(part: int, parts: int) -> None:
    import coverage

    from simcli.engine import reference as R

    cov = coverage.Coverage(branch=True, data_file=None, include=[str(ROOT / "simcli" / "engine" / "reference*.py")])
    OUT.mkdir(exist_ok=True)
    for name, make, players, eff, seed, n in configurations()[part::parts]:
        T = make()
        cov.erase()
        at, last, prev, t0 = {}, 0, 0, time.process_time()
        for g0 in range(0, n, CHUNK):
            cov.start()
            for g in range(g0, min(n, g0 + CHUNK)):
                R.play_game(T, seed, g, players=players, effects_on=eff)
            cov.stop()
            data = cov.get_data()
            arcs = {Path(f).name: sorted(map(list, data.arcs(f) or ())) for f in data.measured_files()}
            k = sum(len(v) for v in arcs.values())
            if k > prev:
                last, prev = min(n, g0 + CHUNK), k
            if min(n, g0 + CHUNK) in COUNTS or g0 + CHUNK >= n:
                at[min(n, g0 + CHUNK)] = arcs
        (OUT / f"{name}.json").write_text(json.dumps({"games": n, "last_new": last, "at": at}))
        counts = {c: sum(len(v) for v in a.values()) for c, a in at.items()}
        print(f"{name}: arcs by games {counts}; the last new one in the first {last} games "
              f"({time.process_time() - t0:.0f} CPU-s)", flush=True)


def merge() -> None:
    import test_engine_parity as P

    short, long_ = set(), set()
    for f in sorted(OUT.glob("*.json")):
        r = json.loads(f.read_text())
        at = {int(k): v for k, v in r["at"].items()}
        n_short = min(P.N_GAMES, r["games"]) if not f.name.startswith(("new_effects", "support")) else r["games"]
        for c, arcs in at.items():
            for fn, v in arcs.items():
                s = {(fn, a, b) for a, b in v}
                if c == max(at):
                    long_ |= s
                if c == max(k for k in at if k <= n_short):
                    short |= s
    missing = sorted(long_ - short)
    print(f"{len(long_)} arcs in the long sweep, {len(short)} within the suite's counts; not reached: {len(missing)}")
    for m in missing:
        print("  ", m)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", default="0/1")
    ap.add_argument("--merge", action="store_true")
    a = ap.parse_args()
    if a.merge:
        merge()
    else:
        i, n = map(int, a.part.split("/"))
        measure(i, n)
