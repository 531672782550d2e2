"""What ``simcli deck show`` shows of an Appmon deck, as plain data: its cards by grade, the AppGattai
lines, the cards that are illustrative or unmodeled, and exact draw odds (numba-free; the CLI prints it)."""

from __future__ import annotations

from simcli.appmon.codes import GRADE_NAMES
# AM-SET-1 sees the cards as the DMCG does for odds: 30 shuffled, the point-gauge card unseen (a pool of
# 29), an opening hand of 6 and one fresh card a later turn — the same exact hypergeometric as deck show's
from simcli.decks import POOL, p_at_least_one, seen_by_turn


def gattai_lines(deck) -> list[str]:
    """'Gatchmon × Navimon → DoGatchmon (Super)', with '(missing: X)' when the deck lacks a component."""
    names = {e.card.name for e in deck.entries}
    out = []
    for e in deck.entries:
        req = e.card.get("appgattai") or []
        if req:
            miss = [n for n in req if n not in names]
            out.append(f"{' × '.join(req)} → {e.card.name} ({e.card['grade']})"
                       + (f"  (missing: {', '.join(miss)})" if miss else ""))
    return out


def show_data(deck) -> dict:
    cards: dict[str, list[dict]] = {}
    for e in deck.entries:
        c = e.card
        group = c["grade"] if c["kind"] == "Appmon" else "Option"
        cards.setdefault(group, []).append({
            "number": c.number, "name": c.name, "count": e.count, "attribute": c.get("attribute"),
            "battle_type": c.get("battle_type"), **{k: (c.get("attack") or {}).get(k) for k in "ABC"},
            "c_zero": bool(c.get("c_zero")),
            "lost_points": {g: c["lost_points"][g] for g in GRADE_NAMES} if c.get("lost_points") else None, "appgattai": c.get("appgattai"),
            "applink": c.get("applink"), "plugs": c.get("plugs"), "abilities": c.get("abilities"),
            "timing": c.get("timing"), "effect": c.get("effect"), "modeled": c.get("modeled", True),
            "illustrative": bool(c.get("illustrative")), "facts": c.get("facts", [])})
    order = [g for g in (*GRADE_NAMES, "Option") if g in cards]
    rows = []
    for g in GRADE_NAMES:
        k = sum(e.count for e in deck.entries if e.card.get("grade") == g)
        if k:
            rows.append({"group": f"any {g} Grade", "kind": "group", "copies": k,
                         "turn1": p_at_least_one(k, seen_by_turn(1)), "turn3": p_at_least_one(k, seen_by_turn(3))})
    for e in deck.entries:
        rows.append({"group": f"{e.card.name} ({e.card.number})", "kind": "card", "copies": e.count,
                     "turn1": p_at_least_one(e.count, seen_by_turn(1)), "turn3": p_at_least_one(e.count, seen_by_turn(3))})
    return {
        "game": "appmon", "name": deck.name, "path": str(deck.path), "summary": deck.summary(),
        "cards": {g: cards[g] for g in order},
        "appgattai_lines": gattai_lines(deck),
        "illustrative": [{"number": e.card.number, "name": e.card.name, "official": e.card.get("facts", [])}
                         for e in deck.entries if e.card.get("illustrative")],
        "unmodeled": [{"number": e.card.number, "name": e.card.name, "labels": e.card.get("unmodeled", [])}
                      for e in deck.unmodeled()],
        "draw_odds": {"model": f"P(at least one copy), exact hypergeometric: the point-gauge card is unseen, so "
                               f"cards come from the other {POOL} (AM-SET-1); turn 1 = opening hand of "
                               f"{seen_by_turn(1)}, by turn 3 = {seen_by_turn(3)} cards seen.", "rows": rows},
    }
