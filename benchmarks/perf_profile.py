"""Where the compiled kernel spends its time: a sampling profile with Linux ``perf``.

    python benchmarks/perf_profile.py [--player baseline|greedy] [--effects none|all] [--late-meta]
                                      [--seconds 8] [--top 25] [--annotate FUNCTION]

``--late-meta`` plays simcli bench's two late-meta decks (Bond of Courage vs Imperialdramon FM) instead
of the starters, ``--decks A B`` any two deck files.

numba's machine code lives in anonymous memory, so ``perf`` alone shows only addresses.  This
script loads the kernel (from the numba cache), reads the symbol table of its object code (``nm``)
and the address of every compiled function, and writes ``/tmp/perf-PID.map`` — the map file perf
reads for JIT code.  Then it plays games on one thread while ``perf record`` samples the process,
and prints the share of samples per function (a function inlined into its caller counts there).

For each function it also prints the share of samples on argument marshalling (``push``/``pop``
and stack moves): numba passes every array as its whole struct (5 + 2·ndim words), so a call with
the tables, the state and the scratch arrays moves 50-70 words — docs/performance.md, round 4.
``--annotate FUNCTION`` prints the function's instructions with their sample counts (objdump).

Needs ``perf`` (Debian: linux-perf) and ``nm``/``objdump`` (binutils).  On machines without
hardware counters perf samples the cpu-clock, which is what this uses.
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numba
from numba.core import codegen as _codegen

from _common import DEFAULT_DECKS, DEFAULT_SEED


def _keep_object_code():
    """numba drops a cached library's object code once it is loaded; keep it (we read its symbols)."""

    def hook(cls, ll_module):
        try:
            lib = ll_module._CPUCodeLibrary__library
        except AttributeError:
            return None
        if lib._object_caching_enabled and lib._compiled_object:
            return lib._compiled_object
        return None

    _codegen.CPUCodeLibrary._object_getbuffer_hook = classmethod(hook)


def short_name(sym: str) -> str:
    """_ZN6simcli6engine7players13plan_chain_nbB3v59B... -> players.plan_chain_nb"""
    m = re.search(r"_ZN(.*)", sym)
    if not m:
        return sym
    s, out = m.group(1), []
    while s and s[0].isdigit():
        k = re.match(r"(\d+)", s).group(1)
        n = int(k)
        out.append(s[len(k):len(k) + n])
        s = s[len(k) + n:]
    return ".".join(out[-2:]) if out else sym


def symbol_map(tmp: str):
    """[(address, size, short name, object offset, object file)] of the compiled functions."""
    libs = [o for o in gc.get_objects() if isinstance(o, _codegen.CPUCodeLibrary) and getattr(o, "_compiled_object", None)]
    rows, seen = [], set()
    for k, lib in enumerate(libs):
        obj_path = os.path.join(tmp, f"lib{k}.o")
        with open(obj_path, "wb") as f:
            f.write(lib._compiled_object)
        out = subprocess.run(["nm", "-S", "--defined-only", obj_path], capture_output=True, text=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) != 4 or parts[2] not in "tTW" or int(parts[1], 16) == 0:
                continue
            try:
                addr = lib.get_pointer_to_function(parts[3])
            except Exception:  # noqa: BLE001 - symbols numba does not export
                continue
            if addr and addr not in seen:
                seen.add(addr)
                rows.append((addr, int(parts[1], 16), short_name(parts[3]), int(parts[0], 16), obj_path))
    return sorted(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--player", default="baseline", choices=("baseline", "greedy"))
    ap.add_argument("--effects", default="none", choices=("none", "all"))
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--late-meta", action="store_true", help="the late-meta decks of simcli bench, not the starters")
    ap.add_argument("--decks", nargs=2, default=None, help="two deck files instead of the starters")
    ap.add_argument("--annotate", default=None, help="print this function's instructions with sample counts")
    a = ap.parse_args()
    for tool in ("perf", "nm", "objdump"):
        if shutil.which(tool) is None:
            print(f"perf_profile: '{tool}' not found (Debian: apt install linux-perf binutils)", file=sys.stderr)
            return 2

    _keep_object_code()
    import numpy as np

    from simcli import api
    from simcli.bench import LATE_META_DECKS
    from simcli.engine import enums as E
    from simcli.engine import kernel
    from simcli.engine.tables import kernel_tables

    numba.set_num_threads(1)
    decks = a.decks or (LATE_META_DECKS if a.late_meta else DEFAULT_DECKS)
    T = kernel_tables(api.prepare(decks[0], decks[1], a.effects)[0])
    players = np.array([api.player_code(a.player)] * 2, np.int64)
    kernel.run_batch(T, DEFAULT_SEED, 0, 10, E.DEFAULT_TURN_CAP, players)  # load / compile
    tmp = tempfile.mkdtemp(prefix="simcli-perf-")
    syms = symbol_map(tmp)
    map_path = f"/tmp/perf-{os.getpid()}.map"
    with open(map_path, "w") as f:
        for addr, size, name, _, _ in syms:
            f.write(f"{addr:x} {size:x} {name}\n")
    data = os.path.join(tmp, "perf.data")
    rec = subprocess.Popen(["perf", "record", "-F", "2000", "-p", str(os.getpid()), "-o", data, "--", "sleep",
                            str(a.seconds)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t0, n = time.perf_counter(), 0
    while rec.poll() is None:
        kernel.run_batch(T, DEFAULT_SEED, n, n + 20_000, E.DEFAULT_TURN_CAP, players)
        n += 20_000
    dt = time.perf_counter() - t0
    ips = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True, text=True).stdout.split()
    starts = [s[0] for s in syms]
    import bisect

    per_fn = collections.Counter()
    per_ip = collections.Counter()
    for ip in ips:
        v = int(ip, 16)
        i = bisect.bisect_right(starts, v) - 1
        if i >= 0 and v < syms[i][0] + syms[i][1]:
            per_fn[i] += 1
            per_ip[v] += 1
        else:
            per_fn[-1] += 1
    total = sum(per_fn.values())
    print(f"{a.player}/{a.effects}{' late-meta' if a.late_meta else ''}{' ' + ' vs '.join(a.decks) if a.decks else ''}, 1 thread: {n:,} games in {dt:.1f} s ({n / dt:,.0f} games/s while sampled), "
          f"{total} samples")
    print(f"{'function':44} {'share':>7} {'stack ops':>10}")

    def disassemble(i):
        addr, size, name, off, obj_path = syms[i]
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", f"--start-address={off}",
                              f"--stop-address={off + size}", obj_path], capture_output=True, text=True).stdout
        ins = []
        for line in out.splitlines():
            m = re.match(r"\s*([0-9a-f]+):\s*(\S.*)", line)
            if m:
                ins.append((addr + int(m.group(1), 16) - off, m.group(2)))
        return ins

    for i, c in per_fn.most_common(a.top):
        if i < 0:
            print(f"{'(outside the kernel)':44} {100 * c / total:6.1f}%")
            continue
        marsh = sum(per_ip[v] for v, t in disassemble(i)
                    if t.startswith(("push", "pop")) or (t.startswith("mov") and "(%rsp)" in t))
        print(f"{syms[i][2]:44} {100 * c / total:6.1f}% {100 * marsh / max(c, 1):11.0f}%")
    if a.annotate:
        for i, s in enumerate(syms):
            if s[2] == a.annotate:
                for v, t in disassemble(i):
                    print(f"{per_ip[v]:6d}  {t[:100]}")
                break
        else:
            print(f"no function named {a.annotate}", file=sys.stderr)
    os.remove(map_path)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
