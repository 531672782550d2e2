"""How much of the card database the effect language models (``simcli cards coverage``)."""

from __future__ import annotations

import re
from collections import Counter

import pandas as pd

from simcli.cards.db import CardDB


_EVOLUTION_LABELS = ("requirement-", "appearance-", "evolution-rider")


def _ability_labels(card) -> list[str]:
    return [u for u in card.get("unmodeled", []) if not u.startswith(_EVOLUTION_LABELS)]


def _has_ability(card) -> bool:
    return bool(card.get("effects") or card.get("keywords") or _ability_labels(card))


def _natural(set_code: str) -> tuple:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", set_code))


def coverage(db: CardDB) -> dict:
    """Modeled shares of option cards and Digimon abilities, by set and overall, and the most
    common unmodeled patterns (labels of the project's own vocabulary).  ``options_modeled`` counts
    the modeled option cards, ``options_with_effects`` those of them with at least one effect row
    (a bare Winning Percentage card is modeled with none).  A Digimon's abilities count as modeled
    when every ability clause is; evolution-requirement labels count apart."""
    rows = []
    for c in db.cards:
        if c["kind"] == "Option":
            rows.append({"set": c["set"], "what": "options", "modeled": c["modeled"]})
            # a modeled option with effect rows (a bare requirement card has none: the rules use it by name)
            rows.append({"set": c["set"], "what": "with_effects", "modeled": bool(c["modeled"] and c.get("effects"))})
        elif _has_ability(c):
            rows.append({"set": c["set"], "what": "abilities", "modeled": not _ability_labels(c)})
    df = pd.DataFrame(rows)
    by_set = (
        df.pivot_table(index="set", columns="what", values="modeled", aggfunc=["sum", "count"], fill_value=0)
        if len(df) else pd.DataFrame()
    )
    table = []
    for set_code in sorted(df["set"].unique(), key=_natural):
        entry = {"set": set_code}
        for what in ("options", "abilities"):
            n = int(by_set[("count", what)].get(set_code, 0)) if ("count", what) in by_set else 0
            k = int(by_set[("sum", what)].get(set_code, 0)) if ("sum", what) in by_set else 0
            entry[f"{what}_modeled"] = k
            entry[f"{what}_total"] = n
        sums = by_set[("sum", "with_effects")] if ("sum", "with_effects") in by_set else {}
        entry["options_with_effects"] = int(sums.get(set_code, 0)) if len(sums) else 0
        table.append(entry)
    patterns: Counter = Counter()
    for c in db.cards:
        patterns.update(set(c.get("unmodeled", [])))

    def share(what: str) -> dict:
        sub = df[df["what"] == what]
        n, k = len(sub), int(sub["modeled"].sum())
        return {"modeled": k, "total": n, "share": round(k / n, 4) if n else 0.0}

    opts, with_eff = share("options"), share("with_effects")
    return {
        "options": opts,
        "options_modeled": opts["modeled"],
        "options_with_effects": with_eff["modeled"],
        "options_total": opts["total"],
        "options_with_effects_share": with_eff["share"],
        "abilities": share("abilities"),
        "by_set": table,
        "top_unmodeled": [{"pattern": p, "cards": n} for p, n in patterns.most_common(20)],
    }
