"""List the unmodeled options that fail on at most one sentence (round 9c; the count of rounds 7/8).

Each clause of an unmodeled option (activation column and text) is translated alone, then each
sentence of a failing clause; an option whose failing sentences number at most one is a near miss.
Printed: label, card id, name, the failing sentence (none: the pieces fail only together).

    .venv/bin/python benchmarks/near_miss_cov9c.py ../shared/data/dmhc [LABEL ...]
    NEAR_MISS_MOST=2 …   # at most two failing sentences (labelled by the first)
"""

from __future__ import annotations

import os
import sys
from collections import Counter

from simcli.cards import translate as T


def _failing(units: list[str], ctx) -> list[tuple[str, str]]:
    out = []
    for c in units:
        try:
            pieces = T._translate_clause(c, ctx)
        except T._Fail as f:
            pieces = [T._U(f.label)]
        if not any(isinstance(p, T._U) for p in pieces):
            continue
        sents = T._sentences(c)
        if len(sents) <= 1:
            out += [(next(p.label for p in pieces if isinstance(p, T._U)), c)]
            continue
        for s in sents:
            try:
                p = T._try_rules(s, ctx) or [T._U(T._label(s))]
            except T._Fail as f:
                p = [T._U(f.label)]
            bad = [x.label for x in p if isinstance(x, T._U)]
            if bad:
                out.append((bad[0], s))
    return out


def near_misses(data_dir: str, most: int = 1) -> list[tuple[str, str, str, str]]:
    rows = []
    for row in T.iter_card_rows(data_dir):
        if not T.is_option_row(row):
            continue
        tr = T.translate_row(row)
        if tr.modeled:
            continue
        name, act, text = row["Name"], (row["Evo/Activation"] or "").strip(), row["Abilities"]
        timing = next((t for rx, t in T._TIMINGS if rx.match(act)), None)
        ctx = T._Ctx(timing=timing, digimon=False, name=name)
        actx = T._Ctx(timing=timing, digimon=False, name=name, activation=True)
        _, _, rest = act.partition("(O)")
        fails = _failing([p.strip() for c in T._clauses("(O)" + rest if rest else "") for p in c.split(";") if p.strip()], actx)
        fails += _failing(T._clauses(text), ctx)
        if timing is None:
            fails.append(("timing", act))
        if len(fails) <= most:
            lab = fails[0][0] if fails else tr.unmodeled[0]
            rows.append((lab, row.get("Set", ""), f"{name} [{row['Card Number']}]", "\n    ".join(f for _, f in fails)))
    return rows


def main(argv: list[str]) -> None:
    data = argv[0] if argv else "../shared/data/dmhc"
    want = set(argv[1:])
    rows = near_misses(data, int(os.environ.get("NEAR_MISS_MOST", "1")))
    print(Counter(r[0] for r in rows).most_common())
    for lab, _, card, s in sorted(rows):
        if not want or lab in want:
            print(f"{lab:22s} {card}\n    {s}")


if __name__ == "__main__":
    main(sys.argv[1:])
