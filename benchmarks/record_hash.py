"""Results unchanged?  A hash of the per-game records (run_records) and of the batch statistics (run_batch,
4 blocks on 2 threads) of N games per configuration, full kernel (SIMCLI_KERNEL_GATES=off): each shipped deck
against another x players (baseline, greedy, random and mixes) x effects none/all.  One line per
configuration, then TOTAL; run it on two trees and compare (docs/performance.md, round 8):

    cd TREE && PYTHONPATH=TREE python /path/to/benchmarks/record_hash.py 300
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

os.environ.setdefault("SIMCLI_KERNEL_GATES", "off")

import numba  # noqa: E402

from simcli.decks import load_deck  # noqa: E402
from simcli.engine import kernel  # noqa: E402
from simcli.engine.tables import compile_tables  # noqa: E402


def main(n: int) -> None:
    numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
    files = sorted(Path("decks/dmcg").glob("*.deck"))
    decks = [load_deck(f).cards() for f in files]
    pairs = [(i, (i + 1 + (i % 3)) % len(decks)) for i in range(len(decks))]
    tot = hashlib.sha256()
    for eff in (False, True):
        for (i, j) in pairs:
            T, _ = compile_tables([decks[i], decks[j]], effects=eff)
            for pl in ((0, 0), (1, 1), (2, 2), (1, 0), (2, 1)):
                rec = kernel.run_records(T, 1000 + i, 0, n, 200, list(pl))
                st = kernel.run_batch(T, 1000 + i, 0, n, 200, list(pl), nblocks=4)
                h = hashlib.sha256(rec.tobytes())
                for k in sorted(st):
                    h.update(k.encode())
                    h.update(st[k].astype("int64").tobytes())
                h = h.hexdigest()[:16]
                tot.update(h.encode())
                print(f"effects={'all' if eff else 'none'} {files[i].stem} vs {files[j].stem} players={pl} {h}",
                      flush=True)
    print("TOTAL", tot.hexdigest())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
