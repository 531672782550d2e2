"""``simcli deck show`` for an Appmon deck: its cards by grade, the AppGattai lines, the cards that
are illustrative or unmodeled, and exact draw odds (numba-free)."""

from __future__ import annotations

from math import comb

from simcli.appmon.codes import GRADE_NAMES

POOL = 29  # AM-SET-1: all 30 shuffled, the point-gauge card unseen → the hand comes from 29


def seen_by_turn(turn: int) -> int:
    return 6 + max(0, turn - 1)


def p_at_least_one(copies: int, seen: int, pool: int = POOL) -> float:
    if copies <= 0:
        return 0.0
    seen = min(seen, pool)
    return 1.0 - comb(pool - copies, seen) / comb(pool, seen) if pool - copies >= seen else 1.0


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


def print_show(data: dict, con) -> None:
    """Print ``show_data``'s tables (``deck show`` of an Appmon deck)."""
    from rich.markup import escape
    from rich.table import Table

    con.print(f"[bold]{escape(data['name'])}[/bold]  ({escape(str(data['path']))}) — {escape(data['summary'])}")
    t = Table(title="Cards (Appmon)", highlight=False)
    for col in ("grade", "number", "name", "#", "attr", "type", "A", "B", "C", "lost S/Su/U/G", "applink",
                "plugs", "abilities / effect"):
        t.add_column(col, justify="right" if col in ("#", "A", "B", "C") else "left")
    for g, rows in data["cards"].items():
        first = True
        for r in rows:
            mark = ("" if r["modeled"] else " *") + (" †" if r["illustrative"] else "")
            lost = "/".join(str(r["lost_points"][g]) for g in GRADE_NAMES) if r["lost_points"] else ""
            link = f"{r['applink']['effect']} [{r['applink']['plug']}]" if r.get("applink") else ""
            ab = "; ".join(r["abilities"] or []) if g != "Option" else f"{r['timing'] or '?'}: {r['effect']}"
            atk = [str(r[k]) if r[k] is not None else "" for k in "ABC"]
            if r["c_zero"]:
                atk[2] += " (A→0)"
            t.add_row(g if first else "", escape(r["number"]), escape(r["name"]) + mark, str(r["count"]),
                      r["attribute"] or "", r["battle_type"] or "", *atk, lost, escape(link),
                      escape(" ".join(r["plugs"] or [])), escape(ab))
            first = False
        t.add_section()
    con.print(t)
    con.print("[dim]* effects not (fully) modeled by the engine   † illustrative: numbers not official facts "
              "(docs/appmon.md)[/dim]")
    con.print("\n[bold]AppGattai lines[/bold]")
    for ln in data["appgattai_lines"] or ["(none)"]:
        con.print(f"  {ln}", markup=False)
    if data["illustrative"]:
        con.print(f"\n[bold]Illustrative cards[/bold] ({len(data['illustrative'])}): their numbers are not "
                  "official facts; official fields, where the seed gives some:")
        for r in data["illustrative"]:
            con.print(f"  {r['number']} {r['name']}: " + (", ".join(r["official"]) or "none"), markup=False)
    if data["unmodeled"]:
        con.print("\n[bold]Unmodeled cards[/bold]: " + ", ".join(
            f"{r['number']} {r['name']} ({'; '.join(r['labels'])})" for r in data["unmodeled"]), markup=False)
    o = Table(title="Draw odds", caption=escape(data["draw_odds"]["model"]), caption_justify="left")
    for col in ("card / group", "copies", f"turn 1 ({seen_by_turn(1)} seen)", f"by turn 3 ({seen_by_turn(3)} seen)"):
        o.add_column(col, justify="left" if col.startswith("card") else "right")
    for r in data["draw_odds"]["rows"]:
        o.add_row(("[bold]" + escape(r["group"]) + "[/bold]") if r["kind"] != "card" else escape(r["group"]),
                  str(r["copies"]), f"{r['turn1']:.1%}", f"{r['turn3']:.1%}")
    con.print(o)
