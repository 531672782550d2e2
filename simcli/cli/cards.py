"""``simcli cards …``: search, show, coverage and import of the card database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from simcli import api
from simcli.cli.errors import Group, UserError, fail

app = typer.Typer(cls=Group, no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
out = Console()


def _req_text(r: dict) -> str:
    parts = []
    if r.get("cards"):
        parts.append("●" * r["cards"])
    if r.get("win_pct"):
        parts.append(f"Winning Percentage {r['win_pct']}%")
    if r.get("option"):
        parts.append(f"option {r['option']}")
    if r.get("jogress"):
        parts.append(f"Jogress ⇔ {r['jogress']}")
    q = f" ({r['qualifier']})" if r.get("qualifier") else ""
    return f"{r['from_name']}{q} + {' + '.join(parts) or '?'}"


def _row(table: Table, *cells, **kw) -> None:
    """A table row of database text, escaped: an imported card database is user data (rich markup)."""
    table.add_row(*(escape(str(c)) for c in cells), **kw)


def card_json(card: dict) -> dict:
    """The documented --json object of ``cards show`` (plus the remaining database fields)."""
    keys = ("number", "name", "kind", "level", "battle_type", "attack", "lost_points", "requirements", "effects", "modeled")
    obj = {k: card.get(k) for k in keys}
    obj.update({k: v for k, v in card.items() if k not in obj})
    return obj


@app.command("show")
def show_cli(
    number: Annotated[str, typer.Argument(help="Card number, e.g. St-1 (case-insensitive).")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Show one card: numbers, requirements, effects and whether the engine models it."""
    try:
        game, card = api.card(number)
    except UserError as exc:
        fail(str(exc))
    if game == "appmon":  # an Appmon card (docs/appmon.md)
        if as_json:
            typer.echo(json.dumps(dict(card), ensure_ascii=False))
        else:
            _appmon_show(card)
        return
    if as_json:
        typer.echo(json.dumps(card_json(card), ensure_ascii=False))
        return
    t = Table(title=escape(f"{card['number']}  {card['name']}"), show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    _row(t, "kind", card["kind"] + (f" ({card['option_type']})" if card.get("option_type") else ""))
    _row(t, "set", card["set"])
    if card["kind"] == "Digimon":
        _row(t, "level", str(card["level"]))
        _row(t, "battle type", str(card["battle_type"]))
        if card.get("attack"):
            _row(t, "attack", "  ".join(f"{k} {v}" for k, v in card["attack"].items()))
        if card.get("lost_points"):
            _row(t, "lost points", "  ".join(f"{k} {v}" for k, v in card["lost_points"].items()))
        _row(t, "attribute / field", f"{card.get('attribute') or '-'} / {' '.join(card.get('fields') or []) or '-'}")
        _row(t, "type", card.get("species") or "-")
        for i, r in enumerate(card.get("requirements", [])):
            _row(t, "requirement" if i == 0 else "  or", _req_text(r))
    else:
        _row(t, "timing", str(card.get("timing")))
    if card.get("keywords"):
        _row(t, "keywords", ", ".join(card["keywords"]))
    for i, e in enumerate(card.get("effects", [])):
        _row(t, "effect" if i == 0 else "", e)
    _row(t, "modeled", "yes" if card["modeled"] else "no: " + ", ".join(card.get("unmodeled", [])))
    out.print(t)


def _appmon_show(card: dict) -> None:
    t = Table(title=escape(f"{card['number']}  {card['name']}" + ("  (illustrative)" if card.get("illustrative") else "")),
              show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    _row(t, "game / kind", f"appmon / {card['kind']}")
    _row(t, "set", card["set"])
    if card["kind"] == "Appmon":
        _row(t, "grade / attribute", f"{card['grade']} / {card['attribute']}")
        _row(t, "battle type", card["battle_type"])
        _row(t, "attack", "  ".join(f"{k} {v}" for k, v in card["attack"].items())
             + ("  (C: A→0)" if card.get("c_zero") else ""))
        _row(t, "lost points", "  ".join(f"{g} {card['lost_points'][g]}" for g in ("Standard", "Super", "Ultimate", "God")))
        _row(t, "AppGattai", " × ".join(card.get("appgattai") or []) or "-")
        link = card.get("applink")
        _row(t, "Applink", f"{link['effect']} [{link['plug']}]" if link else "-")
        _row(t, "plugs", " ".join(card.get("plugs") or []) or "-")
        _row(t, "abilities", "; ".join(card.get("abilities") or []) or "-")
    else:
        _row(t, "timing / effect", f"{card.get('timing') or '?'}: {card.get('effect') or '?'}")
    _row(t, "official facts", ", ".join(card.get("facts") or []) or "none (illustrative)")
    _row(t, "modeled", "yes" if card["modeled"] else "no: " + ", ".join(card.get("unmodeled", [])))
    out.print(t)


@app.command("search")
def search_cli(
    text: Annotated[str, typer.Argument(help="Part of a name, number, type or field.")],
    limit: Annotated[int, typer.Option(min=1, help="Show at most this many.")] = 50,
) -> None:
    """Find cards by name, number, type (species) or field."""
    hits = api.search_cards(text)  # both games' cards (docs/appmon.md)
    if not hits:
        fail(f"no card matches {text!r}", code=1)
    t = Table(title=escape(f"{len(hits)} card(s) matching {text!r}"))
    for col in ("number", "name", "kind", "level", "BT", "A/B/C", "field", "modeled"):
        t.add_column(col)
    for c in hits[:limit]:
        atk = "/".join(str(c["attack"][k]) for k in ("A", "B", "C")) if c.get("attack") else ""
        _row(t, c["number"], c["name"] + (" (illustrative)" if c.get("illustrative") else ""),
             c.get("option_type") or c["kind"], c.get("level") or c.get("grade") or "",
                  c.get("battle_type") or "", atk, " ".join(c.get("fields") or []), "yes" if c["modeled"] else "no")
    out.print(t)
    if len(hits) > limit:
        out.print(f"… {len(hits) - limit} more (use --limit)")


@app.command("coverage")
def coverage_cli(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Share of option cards and Digimon abilities the effect language models."""
    cov = api.card_coverage()
    if as_json:
        typer.echo(json.dumps(cov))
        return
    t = Table(title="Effect coverage by set")
    for col in ("set", "options modeled", "with effects", "abilities modeled"):
        t.add_column(col, justify="right" if col != "set" else "left")
    for r in cov["by_set"]:
        _row(t, r["set"], f"{r['options_modeled']}/{r['options_total']}", f"{r['options_with_effects']}/{r['options_total']}",
                  f"{r['abilities_modeled']}/{r['abilities_total']}")
    o, a = cov["options"], cov["abilities"]
    _row(t, "all", f"{o['modeled']}/{o['total']} ({o['share']:.0%})",
              f"{cov['options_with_effects']}/{o['total']} ({cov['options_with_effects_share']:.0%})",
              f"{a['modeled']}/{a['total']} ({a['share']:.0%})", style="bold")
    out.print(t)
    p = Table(title="Most common unmodeled patterns")
    p.add_column("pattern")
    p.add_column("cards", justify="right")
    for r in cov["top_unmodeled"]:
        _row(p, r["pattern"], str(r["cards"]))
    out.print(p)


@app.command("import")
def import_cli(
    directory: Annotated[Path, typer.Argument(help="A LackeyCCG plugin's sets folder (CardData*.txt), or an Appmon "
                                                   "card file (.csv, docs/appmon.md).")],
    out_file: Annotated[Path | None, typer.Option("--out", help="Database file to write (default: the shipped "
                                                                "dmcg.json, or appmon.json for a card file).")] = None,
) -> None:
    """Build the card database from LackeyCCG plugin data or an Appmon CSV card file (deterministic)."""
    try:
        res = api.import_cards(directory, out_file)
    except UserError as exc:
        fail(str(exc))
    typer.echo(f"{res['path']}: {res['cards']} cards ({res['options']} options, {res['options_modeled']} modeled)"
               + (f", {res['illustrative']} illustrative" if res["game"] == "appmon" else ""))
