"""``simcli deck check`` / ``simcli deck show``: legality and a look at a deck (thin wrappers)."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from simcli.decks import (
    LEVELS, POOL, Deck, DeckError, Problem, check_deck, draw_odds, evolution_lines, format_line,
    appears, load_deck, seen_by_turn, step_label, step_missing, unreachable,
)

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


class Regulation(str, Enum):
    cn = "cn"


def _err(problems: list[Problem]) -> None:
    for pr in problems:
        print(str(pr), file=sys.stderr)


@app.command("check")
def check_cli(
    files: Annotated[list[Path], typer.Argument(help="Deck files (.deck text or LackeyCCG .dek).")],
    regulation: Annotated[Optional[Regulation], typer.Option(
        "--regulation", help="Extra regulation: cn = at most 5 Ultimate Digimon (DM-DECK-2).")] = None,
    format: Annotated[Optional[str], typer.Option(
        "--format", help="Allow only the sets of this format (e.g. Adventure, Modern).")] = None,
) -> None:
    """Check deck files: exit 0 when every deck is legal, else list FILE:LINE: problems (exit 2)."""
    bad = False
    for f in files:
        try:
            problems = check_deck(f, regulation=regulation.value if regulation else None, format=format)
        except (OSError, ValueError) as exc:  # defensive: check_deck reports these as problems
            problems = [Problem(str(f), 0, str(exc).splitlines()[0] if str(exc) else type(exc).__name__)]
        if problems:
            bad = True
            _err(problems)
        else:
            deck = load_deck(f)
            unm = len(deck.unmodeled())
            extra = f", {unm} card{'s' if unm != 1 else ''} with unmodeled effects" if unm else ""
            typer.echo(f"{f}: legal ({deck.summary()}{extra})")
    if bad:
        raise typer.Exit(2)


def _lost(card) -> str:
    lp = card.get("lost_points") or {}
    return "/".join(str(lp.get(k, "-")) for k in LEVELS)


def show_data(deck: Deck) -> dict:
    """The tables of ``deck show`` as plain data (what --json prints)."""
    groups: dict[str, list[dict]] = {}
    order = list(LEVELS) + ["Program", "Item", "Field"]
    for e in deck.entries:
        c = e.card
        g = c.get("level") if c.is_digimon else (c.get("option_type") or "Option")
        at = c.get("attack") or {}
        groups.setdefault(g or "other", []).append({
            "line": e.line, "number": c.number, "name": c.name, "count": e.count,
            "battle_type": c.get("battle_type"), "A": at.get("A"), "B": at.get("B"), "C": at.get("C"),
            "lost_points": c.get("lost_points"), "modeled": bool(c.get("modeled", True)),
        })
    ordered = {k: groups[k] for k in order if k in groups}
    ordered.update({k: v for k, v in groups.items() if k not in ordered})
    lines = []
    for ln in evolution_lines(deck):
        lines.append({
            "text": format_line(ln, deck),
            "steps": [{"number": c.number, "name": c.name, "level": c.get("level"),
                       "requirement": req, "label": step_label(req, deck) if req else None,
                       "missing": step_missing(req, deck) if req else ""} for c, req in ln],
        })
    partner = deck.partner()
    return {
        "path": deck.path, "name": deck.name, "game": deck.game, "summary": deck.summary(),
        "partner": partner.number if partner else None,
        "cards": ordered,
        "evolution_lines": lines,
        "unreachable": [{"number": c.number, "name": c.name, "level": c.get("level"), "appears": appears(c)}
                        for c in unreachable(deck)],
        "unmodeled": [{"number": e.card.number, "name": e.card.name, "labels": list(e.card.get("unmodeled") or [])}
                      for e in deck.unmodeled()],
        "draw_odds": {
            "model": odds_caption(deck),
            "rows": draw_odds(deck, turns=(1, 3)),
        },
    }


def odds_caption(deck: Deck) -> str:
    partner = deck.partner()
    pn = f"{partner.name} ({partner.number})" if partner else "none"
    return (f"P(at least one copy), exact hypergeometric. Partner {pn} is taken out first (BL-1, DM-SET-1) "
            f"and the point-gauge card is unseen, so cards come from the other {POOL}. Turn 1 = opening hand "
            f"of {seen_by_turn(1)}; by turn 3 = {seen_by_turn(3)} cards seen (one new card per later turn: "
            f"one card played or discarded, then redraw to 6). Copies exclude the partner.")


@app.command("show")
def show_cli(
    file: Annotated[Path, typer.Argument(help="A deck file (.deck text or LackeyCCG .dek).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the tables as one JSON object.")] = False,
) -> None:
    """List a deck by level and option kind, its evolution lines, unmodeled cards and draw odds."""
    try:
        deck = load_deck(file)
    except DeckError as exc:
        _err(exc.problems)
        raise typer.Exit(2)
    if deck.game == "appmon":  # the second game's cards, AppGattai lines and odds (simcli/appmon/show.py)
        from simcli.appmon.show import print_show, show_data as appmon_data

        if as_json:
            typer.echo(json.dumps(appmon_data(deck), ensure_ascii=False, indent=1))
        else:
            print_show(deck, Console(soft_wrap=False, width=max(140, Console().width)))
        return
    data = show_data(deck)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    con = Console(soft_wrap=False, width=max(120, Console().width))
    con.print(f"[bold]{escape(deck.name)}[/bold]  ({escape(str(deck.path))}) — {deck.summary()}")
    t = Table(title="Cards", show_lines=False, highlight=False)
    for col in ("group", "number", "name", "#", "type", "A", "B", "C", "lost III/IV/P/U"):
        t.add_column(col, justify="right" if col in ("#", "A", "B", "C") else "left")
    for g, rows in data["cards"].items():
        first = True
        for r in rows:
            t.add_row(g if first else "", escape(r["number"]), escape(r["name"]) + ("" if r["modeled"] else " *"), str(r["count"]),
                      r["battle_type"] or "", *(str(r[k]) if r[k] is not None else "" for k in "ABC"),
                      _lost({"lost_points": r["lost_points"]}) if r["lost_points"] else "")
            first = False
        t.add_section()
    con.print(t)
    con.print("[dim]* effects not (fully) modeled by the engine[/dim]")
    con.print("\n[bold]Evolution lines[/bold]")
    if not data["evolution_lines"]:
        con.print("  (none: no Digimon in the deck evolves from another one in the deck)")
    for ln in data["evolution_lines"]:
        con.print(f"  {ln['text']}", markup=False)
    app_ = [u for u in data["unreachable"] if u["appears"]]
    unr = [u for u in data["unreachable"] if not u["appears"]]
    if app_:
        con.print("  appear by an appearance condition (no evolution requirement): "
                  + ", ".join(f"{u['name']} ({u['number']})" for u in app_), markup=False)
    if unr:
        con.print("  not reachable from the deck's Level III: "
                  + ", ".join(f"{u['name']} ({u['number']})" for u in unr), markup=False)
    if data["unmodeled"]:
        u = Table(title="Unmodeled cards (effects the engine ignores)")
        for col in ("number", "name", "unmodeled"):
            u.add_column(col)
        for r in data["unmodeled"]:
            u.add_row(escape(r["number"]), escape(r["name"]), escape(", ".join(r["labels"])))
        con.print(u)
    o = Table(title="Draw odds", caption=escape(data["draw_odds"]["model"]), caption_justify="left")
    for col in ("card / group", "copies", f"turn 1 ({seen_by_turn(1)} seen)", f"by turn 3 ({seen_by_turn(3)} seen)"):
        o.add_column(col, justify="left" if col.startswith("card") else "right")
    for r in data["draw_odds"]["rows"]:
        o.add_row(("[bold]" + escape(r["group"]) + "[/bold]") if r["kind"] != "card" else escape(r["group"]),
                  str(r["copies"]), f"{r['turn1']:.1%}", f"{r['turn3']:.1%}")
    con.print(o)
