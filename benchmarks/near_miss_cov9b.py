"""Unmodeled options that fail on at most one sentence (round 9b's list; rounds 7/8's count).

Each clause of an unmodeled option (activation column and ability text) is translated alone; a failing clause
is split into sentences, each translated alone.  An option whose failing sentences number at most one is listed
with the label and the text of that sentence (none: only the card's pieces put together fail).

    .venv/bin/python benchmarks/near_miss_cov9b.py ../shared/data/dmhc [--labels evolution,fusion] [--two]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from simcli.cards import translate as T


def _fails(pieces) -> list[str]:
    return [p.label for p in pieces if isinstance(p, T._U)]


def failing_sentences(row: dict) -> list[tuple[str, str]]:
    """(label, sentence) for each sentence of the option that does not translate alone."""
    tr = T.translate_option(row["Name"], row["Evo/Activation"], row["Type"], row["Abilities"])
    timing = tr.timing
    name = row["Name"]
    act = (row["Evo/Activation"] or "").strip()
    _, _, rest = act.partition("(O)")
    clauses = [(c, T._Ctx(timing=timing, digimon=False, name=name, activation=True))
               for c in T._clauses("(O)" + rest if rest else "") for c in [p.strip() for p in c.split(";")] if c]
    clauses += [(c, T._Ctx(timing=timing, digimon=False, name=name)) for c in T._clauses(row["Abilities"])]
    out = []
    for clause, ctx in clauses:
        labels = _fails(T._translate_clause(clause, ctx))
        if not labels:
            continue
        sents = T._sentences(clause)
        bad = []
        for s in sents:
            try:
                got = T._try_rules(s, ctx)
                if got is None:
                    got = [T._U(T._label(s))]
            except T._Fail as f:
                got = [T._U(f.label)]
            if _fails(got):
                bad.append((_fails(got)[0], s))
        out += bad or [(labels[0], clause)]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--labels", default="")
    ap.add_argument("--two", action="store_true", help="also options failing on two sentences")
    a = ap.parse_args()
    want = set(filter(None, a.labels.split(",")))
    counts: Counter = Counter()
    for row in T.iter_card_rows(a.data):
        if not T.is_option_row(row) or T.translate_row(row).modeled:
            continue
        bad = failing_sentences(row)
        if len(bad) > (2 if a.two else 1):
            continue
        labels = [lab for lab, _ in bad] or ["(assembly)"]
        counts.update(labels[:1] if len(bad) <= 1 else [])
        if want and not (want & set(labels)):
            continue
        print(f"{row['Card Number']}\t{row['Name']}\t{'|'.join(labels)}")
        for lab, s in bad:
            print(f"    [{lab}] " + re.sub(r"\s+", " ", s))
    print(sum(counts.values()), "options fail on at most one sentence:", dict(counts.most_common()))


if __name__ == "__main__":
    main()
