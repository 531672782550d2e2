"""Where the kernel's time goes: call counts per game and a function-level profile.

    python benchmarks/profile_kernel.py [--games 300] [--effects none|all] [--player baseline|greedy]

With NUMBA_DISABLE_JIT=1 the numba kernel runs as plain Python, so cProfile sees every ``*_nb``
function: the call counts per game are exact (the same code path as the compiled kernel), the
times are Python times (they rank the branchy, loop-heavy functions, not the machine cost).
Also prints the compiled kernel's own games/s on the same games for scale.  See
docs/performance.md for the compiled-code view (callgrind, instruction counts).
"""

from __future__ import annotations

import os
import subprocess
import sys

if os.environ.get("NUMBA_DISABLE_JIT") != "1":  # re-run this script without the JIT
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    sys.exit(subprocess.call([sys.executable, __file__, *sys.argv[1:]], env=env))

import argparse  # noqa: E402
import cProfile  # noqa: E402
import pstats  # noqa: E402

from _common import DEFAULT_DECKS, DEFAULT_SEED  # noqa: E402

import numpy as np  # noqa: E402

from simcli import api  # noqa: E402
from simcli.engine import enums as E  # noqa: E402
from simcli.engine import kernel  # noqa: E402

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--effects", default="none")
    ap.add_argument("--player", default="baseline")
    ap.add_argument("--top", type=int, default=25)
    a = ap.parse_args()
    T = api.prepare(DEFAULT_DECKS[0], DEFAULT_DECKS[1], a.effects)[0]
    players = np.array([api.player_code(a.player)] * 2, np.int64)
    pr = cProfile.Profile()
    pr.enable()
    rec = kernel.run_batch(T, DEFAULT_SEED, 0, a.games, E.DEFAULT_TURN_CAP, players, nblocks=1)
    pr.disable()
    turns = int(rec["total_turns"][0])
    print(f"{a.games} games, {turns} turns ({turns / a.games:.2f} per game), {a.player}/{a.effects}, jit disabled")
    st = pstats.Stats(pr)
    rows = []
    for (fn, line, name), (cc, nc, tt, ct, _) in st.stats.items():
        if "simcli" in fn or name in ("shuffle_nb", "randint_nb"):
            rows.append((tt, ct, nc, f"{os.path.basename(fn)}:{line} {name}"))
    rows.sort(reverse=True)
    tot = sum(r[0] for r in rows)
    print(f"{'function':48} {'calls/game':>10} {'calls/turn':>10} {'self %':>7} {'incl %':>7}")
    for tt, ct, nc, name in rows[: a.top]:
        print(f"{name[:48]:48} {nc / a.games:10.1f} {nc / turns:10.2f} {100 * tt / tot:7.1f} {100 * ct / tot:7.1f}")
