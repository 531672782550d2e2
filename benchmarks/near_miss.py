"""Unmodeled options that fail on at most one sentence (issue 9: the work list of the coverage rounds).

Each clause of an unmodeled option (its activation clauses and its text's clauses) is translated alone;
a clause that does not translate is split into sentences, each translated alone (the count of rounds 7/8).
A card is listed when at most one sentence fails (none: only the assembled card fails), with the label of
that sentence and the sentence.  Prints card number, label, failing sentence; ``--labels a,b`` keeps those
labels, ``--two`` lists the cards failing on exactly two sentences instead.

    .venv/bin/python benchmarks/near_miss.py ../shared/data/dmhc [--labels condition,hand] [--two]
"""

from __future__ import annotations

import argparse
from collections import Counter

from simcli.cards import translate as T


def _failing(text: str, ctx) -> list[tuple[str, str]]:
    """(label, sentence) for each failing sentence of a clause (the clause alone when it has one)."""
    got = T._translate_clause(text, ctx)
    bad = [p for p in got if isinstance(p, T._U)]
    if not bad:
        return []
    sents = T._sentences(text)
    if len(sents) <= 1:
        return [(bad[0].label, text)]
    out = []
    for s in sents:
        b = [p for p in T._translate_clause(s, ctx) if isinstance(p, T._U)]
        if b:
            out.append((b[0].label, s))
    return out or [(bad[0].label, text)]


def option_failures(row: dict) -> list[tuple[str, str]]:
    activation = (row["Evo/Activation"] or "").strip()
    timing = None
    for rx, t in T._TIMINGS:
        if rx.match(activation):
            timing = t
            break
    if timing is None:
        return [("timing", activation)]
    ctx = T._Ctx(timing=timing, digimon=False, name=row["Name"])
    actx = T._Ctx(timing=timing, digimon=False, name=row["Name"], activation=True)
    out = []
    head, _, rest = activation.partition("(O)")
    head_rest = T._TIMINGS[[t for _, t in T._TIMINGS].index(timing)][0].sub("", head, count=1).strip(" /")
    for c in T._clauses(head_rest) if head_rest else []:
        out += _failing(c, actx)
    for c in T._clauses("(O)" + rest if rest else ""):
        for part in c.split(";"):
            if part.strip():
                out += _failing(part.strip(), actx)
    for c in T._clauses(row["Abilities"]):
        out += _failing(c, ctx)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data_dir")
    ap.add_argument("--labels", default="")
    ap.add_argument("--two", action="store_true")
    a = ap.parse_args()
    keep = set(filter(None, a.labels.split(",")))
    by_label: Counter = Counter()
    n = 0
    for row in T.iter_card_rows(a.data_dir):
        if not T.is_option_row(row) or T.translate_row(row).modeled:
            continue
        fails = option_failures(row)
        if (len(fails) == 2) if a.two else (len(fails) <= 1):
            labels = [f[0] for f in fails] or ["(assembly)"]
            by_label[labels[0]] += 1
            if keep and not keep & set(labels):
                continue
            n += 1
            print(f"{row['Card Number']}\t{row['Name']}\t" + " || ".join(f"[{l}] {s}" for l, s in fails)
                  if fails else f"{row['Card Number']}\t{row['Name']}\t[(assembly)] {T.translate_row(row).unmodeled}")
    print(f"# listed {n}; by first label: {dict(by_label.most_common())}")


if __name__ == "__main__":
    main()
