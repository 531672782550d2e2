"""Compile the kernels the test suite needs, in a background process started by conftest.py.

``python tests/warm_kernels.py full`` compiles the full kernel (SIMCLI_KERNEL_GATES=off, what every
engine test uses) through both entry points; ``turn`` the turn the scenario tests call directly
(test_engine_helpers.both_turn); ``gated`` the two gated kernels a baseline run uses
(tests/test_engine_gates.py) and the limit proxy (tests/test_bench.py).  Both write numba's
on-disk cache, which the test process then loads instead of compiling.  conftest.py starts
``full`` at once, beside the tests that need no kernel, and ``turn`` and ``gated`` when ``full`` is
done: the functions they share with it (everything not inlined: the rules' steps, the effect
interpreter, the policies) are then loaded from the cache, not compiled a second time (issue 12:
`.ci/run` within 6 min on 2 cores; docs/performance.md "The test suite").  Nothing here decides a
result: a kernel this script did not compile is compiled by the test that calls it, as without it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DECKS = Path(__file__).resolve().parents[1] / "decks" / "dmcg"


def main(mode: str) -> None:
    os.environ["SIMCLI_KERNEL_GATES"] = "on" if mode == "gated" else "off"
    from simcli import api
    from simcli.engine import kernel

    a = DECKS / "agumon-starter.deck"
    if mode == "full":
        T = api.prepare(a, DECKS / "gabumon-starter.deck", "all")[0]
        kernel.run_records(T, 1, 0, 2, 200, (1, 0))
        api.simulate(a, DECKS / "gabumon-starter.deck", games=2, seed=1, player_a="greedy", threads=1)
    elif mode == "turn":
        from test_engine_effects import duel  # tests/ is this script's folder, on sys.path

        duel()
    elif mode == "gated":
        from simcli.engine.limit_proxy import run_proxy

        for effects, b in (("none", "gabumon-starter.deck"), ("all", "omegamon-re137.deck")):
            T = api.prepare(a, DECKS / b, effects)[0]
            kernel.run_records(T, 1, 0, 2, 200, (0, 0))
        run_proxy(T, 1, 2)
    else:
        raise SystemExit(f"usage: {sys.argv[0]} full|turn|gated")


if __name__ == "__main__":
    main(sys.argv[1])
