"""Where the cold compile goes: per compiled function, its compile time and the size of its library.

    python benchmarks/compile_profile.py [--player greedy] [--effects all] [--top 30] [--cache DIR]

Compiles one kind of run into a fresh, empty NUMBA_CACHE_DIR (or ``--cache DIR``, which must be empty)
and prints the process's CPU seconds for the first ``simulate()`` call, then per compiled function
(numba's ``numba:compile`` events, nested: "own" is the time less its callees' compiles) and the size of
its cached object code (``*.nbc``).  numba links every callee's finished library into its caller's and
optimises and compiles the whole again (docs/performance.md, "Cold compile"): a library's size is its
whole call tree, and the sum over all libraries is what the compile pays for.  Takes minutes.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--player", default="greedy", choices=("baseline", "greedy", "random"))
    ap.add_argument("--effects", default="all", choices=("none", "all"))
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--cache", default=None, help="an empty folder for the cache (default: a new temporary one)")
    a = ap.parse_args()
    cache = a.cache or tempfile.mkdtemp(prefix="simcli-compile-")
    if os.listdir(cache):
        print(f"compile_profile: {cache} is not empty", file=sys.stderr)
        return 2
    os.environ["NUMBA_CACHE_DIR"] = cache  # before simcli.engine sets its own
    os.environ.setdefault("SIMCLI_KERNEL_GATES", "on")
    from numba.core import event as ev

    from _common import DEFAULT_DECKS
    from simcli import api

    t0, c0 = time.perf_counter(), time.process_time()
    with ev.install_recorder("numba:compile") as rec:
        api.simulate(DEFAULT_DECKS[0], DEFAULT_DECKS[1], games=100, seed=1, player_a=a.player, effects=a.effects,
                     threads=1)
    print(f"{a.player}/{a.effects}: first simulate() {time.process_time() - c0:.1f} CPU s "
          f"({time.perf_counter() - t0:.1f} s wall)")
    own = collections.Counter()
    stack = []
    for ts, e in rec.buffer:
        if e.is_start:
            stack.append([ts, 0.0])
            continue
        start, child = stack.pop()
        f = getattr(e.data["dispatcher"], "py_func", None)
        name = f"{str(getattr(f, '__module__', '?')).rsplit('.', 1)[-1]}.{getattr(f, '__name__', '?')}"
        own[name] += ts - start - child
        if stack:
            stack[-1][1] += ts - start
    size = collections.Counter()
    for root, _, files in os.walk(cache):
        for fn in files:
            if fn.endswith(".nbc"):  # MODULE.FUNCTION-LINE.pyXY.N.nbc
                size[fn.split("-")[0]] += os.path.getsize(os.path.join(root, fn))
    print(f"{len(own)} functions compiled ({sum(own.values()):.1f} s of compile events); "
          f"{sum(size.values()) / 1e6:.2f} MB of object code in the cache ({cache})")
    print(f"{'function':52} {'own s':>7} {'library kB':>11}")
    for name, t in own.most_common(a.top):
        print(f"{name:52} {t:7.1f} {size.get(name, 0) / 1e3:11.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
