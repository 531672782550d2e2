"""``simcli deck check`` / ``simcli deck show``: legality and a look at a deck (thin wrappers)."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from simcli.cli.errors import Group, fail
from simcli.decks import LEVELS, DeckError, seen_by_turn

app = typer.Typer(cls=Group, no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)


class Regulation(str, Enum):
    cn = "cn"


@app.command("check")
def check_cli(
    files: Annotated[list[Path], typer.Argument(help="Deck files (.deck text or LackeyCCG .dek).")],
    regulation: Annotated[Optional[Regulation], typer.Option(
        "--regulation", help="Extra regulation: cn = at most 5 Ultimate Digimon (DM-DECK-2).")] = None,
    format: Annotated[Optional[str], typer.Option(
        "--format", help="Allow only the sets of this format (e.g. Adventure, Modern).")] = None,
) -> None:
    """Check deck files: exit 0 when every deck is legal, else list FILE:LINE: problems (exit 2)."""
    from simcli import api

    problems: list[str] = []
    for row in api.check_decks(files, regulation=regulation.value if regulation else None, format=format):
        if row["problems"]:
            problems += row["problems"]
            continue
        unm = row["unmodeled"]
        extra = f", {unm} card{'s' if unm != 1 else ''} with unmodeled effects" if unm else ""
        typer.echo(f"{row['path']}: legal ({row['summary']}{extra})")
    if problems:
        fail("", lines=problems)


def _lost(card) -> str:
    lp = card.get("lost_points") or {}
    return "/".join(str(lp.get(k, "-")) for k in LEVELS)


@app.command("show")
def show_cli(
    file: Annotated[Path, typer.Argument(help="A deck file (.deck text or LackeyCCG .dek).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the tables as one JSON object.")] = False,
) -> None:
    """List a deck by level and option kind, its evolution lines, unmodeled cards and draw odds."""
    from simcli import api

    try:
        data = api.deck_view(file)
    except DeckError as exc:
        fail("", lines=[str(q) for q in exc.problems])
    if data["game"] == "appmon":  # the second game's cards, AppGattai lines and odds (simcli/appmon/show.py)
        if as_json:
            typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        else:
            _print_appmon(data, Console(soft_wrap=False, width=max(140, Console().width)))
        return
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    con = Console(soft_wrap=False, width=max(120, Console().width))
    con.print(f"[bold]{escape(data['name'])}[/bold]  ({escape(str(data['path']))}) — {data['summary']}")
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
    con.print(_odds_table(data["draw_odds"]))


def _odds_table(odds: dict) -> Table:
    """The draw-odds table of either game (the same opening hand and pool: ``simcli.decks.seen_by_turn``)."""
    o = Table(title="Draw odds", caption=escape(odds["model"]), caption_justify="left")
    for col in ("card / group", "copies", f"turn 1 ({seen_by_turn(1)} seen)", f"by turn 3 ({seen_by_turn(3)} seen)"):
        o.add_column(col, justify="left" if col.startswith("card") else "right")
    for r in odds["rows"]:
        o.add_row(("[bold]" + escape(r["group"]) + "[/bold]") if r["kind"] != "card" else escape(r["group"]),
                  str(r["copies"]), f"{r['turn1']:.1%}", f"{r['turn3']:.1%}")
    return o


def _print_appmon(data: dict, con: Console) -> None:
    """``deck show`` of an Appmon deck (``simcli.appmon.show.show_data``)."""
    from simcli.appmon.codes import GRADE_NAMES

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
    con.print(_odds_table(data["draw_odds"]))
