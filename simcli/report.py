"""Write a report folder for one run (DESIGN.md: ``report.py``; documented in docs/reports.md).

::

    paths = write_report(out_dir, stats, summary, deck_lists=None, decks_text=None)

``out_dir/`` then holds

* ``summary.json`` — the run's identity and headline figures (:func:`simcli.stats.summary`);
  the wall-clock keys (``elapsed_s``, ``games_per_s``) appear only here, listed under
  ``"nondeterministic_keys"``;
* ``<table>.csv`` and ``<table>.parquet`` for every table of :func:`simcli.stats.all_tables`;
* ``point_curves.png``, ``win_by_length.png``, ``renewals.png``, ``first_attack.png``;
* ``report.md`` (links the PNGs) and ``report.html`` (self-contained: figures as base64 data
  URIs, tables as HTML).

Everything except ``summary.json``'s timing keys depends only on the statistics and the run's
identity, so re-running with the same seed writes byte-identical tables, figures and reports.

User text (deck names, file names, deck files) is escaped everywhere it lands: HTML-escaped in
``report.html``, Markdown- and HTML-escaped in ``report.md`` (deck files in a fence longer than
any backtick run they hold), ``$`` escaped in figure legends (matplotlib mathtext), and CSV cells
that a spreadsheet would run as a formula (``= + - @``, tab, CR first) prefixed with ``'``.

:func:`write_report_dir` writes the same folder atomically (:mod:`simcli.outdir`): complete or absent.
"""

from __future__ import annotations

import base64
import html
import json
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from simcli import plots
from simcli import stats as st

TITLE = "simcli report"

#: the run identity shown at the top of report.md / report.html (when known)
IDENTITY = (
    ("game", "game"),
    ("deck_a", "deck A"),
    ("deck_b", "deck B"),
    ("player_a", "player A"),
    ("player_b", "player B"),
    ("effects", "effects"),
    ("games", "games"),
    ("seed", "seed"),
    ("turn_cap", "turn cap"),
    ("engine_version", "engine version"),
    ("db_revision", "card database revision"),
    ("illustrative_cards", "illustrative cards (numbers not official facts)"),
)

#: tables shown in report.md / report.html, in order, with their captions
SHOWN = (
    ("first_attack", "First-attack advantage"),
    ("win_by_length", "Win probability by game length"),
    ("renewals_summary", "Deck renewals"),
    ("levels", "Levels reached (share of games)"),
    ("card_uses", "Cards drawn and used (games with the card drawn / used)"),
)

FIGURES = (
    ("point_curves.png", "Points by turn: mean and interquartile band among games still running"),
    ("win_by_length.png", "Win probability by game length (Wilson 95 % intervals)"),
    ("renewals.png", "Deck renewals per game"),
    ("first_attack.png", "First-attack advantage (Wilson 95 % intervals)"),
)


# ---------------------------------------------------------------------------------------------


def _json_safe(v: Any) -> Any:
    if isinstance(v, Mapping):
        return {str(k): _json_safe(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_json_safe(x) for x in v]
    if isinstance(v, np.ndarray):
        return [_json_safe(x) for x in v.tolist()]
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return None
    if isinstance(v, Path):
        return str(v)
    return v


def _fmt(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, (float, np.floating)):
        f = float(v)
        if math.isnan(f):
            return "–"
        if f == int(f) and abs(f) < 1e15:
            return str(int(f))
        return f"{f:.4g}"
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    return str(v)


def _display(df: pd.DataFrame) -> pd.DataFrame:
    return df.apply(lambda c: c.map(_fmt)) if not df.empty else df.astype(str)


_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~#])")
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def md_text(text: Any) -> str:
    """User text inside Markdown: one line, HTML special characters as entities, Markdown
    punctuation (emphasis, links, code, tables, headings) backslash-escaped."""
    one = " ".join(str(text).split())
    return _MD_SPECIAL.sub(r"\\\1", html.escape(one, quote=False))


def md_fence(text: str) -> str:
    """A code fence longer than any run of backticks in ``text`` (so it cannot be closed early)."""
    runs = [len(m) for m in re.findall(r"`+", text)]
    return "`" * max(3, max(runs, default=0) + 1)


def csv_safe_cell(v: Any) -> Any:
    """A string a spreadsheet would evaluate as a formula, prefixed with ``'`` (numbers untouched)."""
    if isinstance(v, str) and v and v[0] in "=+-@\t\r" and not _NUMBER.match(v):
        return "'" + v
    return v


def csv_safe(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with :func:`csv_safe_cell` applied to its text columns (and column names)."""
    out = df.copy()
    for c in out.columns:
        if out[c].dtype == object or pd.api.types.is_string_dtype(out[c]):
            out[c] = out[c].map(csv_safe_cell)
    out.columns = [csv_safe_cell(c) for c in out.columns]
    return out


def _plot_label(text: str) -> str:
    """Deck names in figure legends: ``$`` would start matplotlib mathtext (and can fail to parse)."""
    return " ".join(str(text).split()).replace("$", r"\$")


def _markdown_table(df: pd.DataFrame) -> str:
    if df.empty:
        return "_(empty)_\n"
    d = _display(df)
    cols = [str(c) for c in d.columns]
    esc = md_text
    lines = ["| " + " | ".join(esc(c) for c in cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in d.itertuples(index=False):
        lines.append("| " + " | ".join(esc(x) for x in row) + " |")
    return "\n".join(lines) + "\n"


def _html_table(df: pd.DataFrame) -> str:
    if df.empty:
        return "<p><em>(empty)</em></p>"
    return _display(df).to_html(index=False, border=0, classes="tbl", escape=True)


def _curves_digest(curves: pd.DataFrame, max_rows: int = 25) -> pd.DataFrame:
    """Point curves, wide (turn × seat mean / median), thinned to at most ``max_rows`` turns."""
    if curves.empty:
        return pd.DataFrame(columns=["turn"])
    w = curves.pivot(index="turn", columns="seat", values=["mean", "median"])
    w.columns = [f"{stat}_{seat}" for stat, seat in w.columns]
    over = curves.drop_duplicates("turn").set_index("turn")[["alive", "share_over"]]
    w = over.join(w).reset_index()
    if len(w) > max_rows:
        step = math.ceil(len(w) / max_rows)
        keep = sorted(set(range(0, len(w), step)) | {len(w) - 1})
        w = w.iloc[keep]
    return w.reset_index(drop=True)


def _deck_texts(decks_text: Any, labels: Sequence[str]) -> list[tuple[str, str]]:
    if decks_text is None:
        return []
    if isinstance(decks_text, str):
        return [("decks", decks_text)]
    if isinstance(decks_text, Mapping):
        return [(str(k), str(v)) for k, v in decks_text.items()]
    return [(f"deck {labels[i] if i < len(labels) else i}", str(t)) for i, t in enumerate(decks_text)]


def _deck_list_texts(deck_lists: Any, labels: Sequence[str]) -> list[tuple[str, str]]:
    """Deck lists (per copy or per entry) as ``COUNT NUMBER NAME`` lines, in list order."""
    out = []
    for s in range(len(deck_lists or [])):
        entries = st._deck_entries(deck_lists, s)
        if entries is None:
            continue
        counts: dict[tuple[str, str], int] = {}
        for i, e in enumerate(entries):
            number, name = st._entry(e, i)
            n = int(e[0]) if isinstance(e, Sequence) and not isinstance(e, str) and len(e) >= 3 else 1
            counts[(number, name)] = counts.get((number, name), 0) + n
        lines = [f"{n} {number} {name}".rstrip() for (number, name), n in counts.items()]
        out.append((f"deck {labels[s] if s < len(labels) else s}", "\n".join(lines)))
    return out


def _headline(s: Mapping[str, Any]) -> list[tuple[str, str]]:
    def pct(k: str) -> str:
        v = s.get(k)
        if v is None or (isinstance(v, float) and math.isnan(v)):
            return "–"
        ci = s.get(k + "_ci95")
        if ci and all(c is not None and not math.isnan(c) for c in ci):
            return f"{100 * v:.2f} % (95 % CI {100 * ci[0]:.2f}–{100 * ci[1]:.2f} %)"
        return f"{100 * v:.2f} %"

    return [
        ("games", f"{s['games']}: A won {s['wins_a']}, B won {s['wins_b']}, {s['draws']} drawn, {s['capped']} capped"),
        ("win rate A", pct("win_rate_a")),
        ("win rate B", pct("win_rate_b")),
        ("draw rate", pct("draw_rate")),
        ("capped", pct("capped_rate")),
        ("turns", f"mean {_fmt(s['mean_turns'])}, median {_fmt(s['median_turns'])}, p90 {_fmt(s['p90_turns'])}"),
        ("renewals per game", f"A {_fmt(s['renewals_per_game_a'])}, B {_fmt(s['renewals_per_game_b'])}"),
        ("first attacker wins turn-1 battle", pct("first_attacker_win_rate")),
        ("first attacker wins the game", pct("first_attacker_game_win_rate")),
    ]


# ---------------------------------------------------------------------------------------------


def write_report(
    out_dir: str | Path,
    stats: Mapping[str, np.ndarray],
    summary: Mapping[str, Any] | None = None,
    deck_lists: Sequence[Sequence[Any]] | None = None,
    decks_text: Any = None,
) -> list[Path]:
    """Write the report folder for one run and return the paths written (sorted).

    * ``stats`` — the run's statistic arrays (``simulate(...)["stats"]``);
    * ``summary`` — the run's summary dict (``simulate(...)["summary"]``): its identity keys
      (decks, players, effects, seed, engine version, …) and timing keys are used, every figure
      is recomputed from ``stats``;
    * ``deck_lists`` — per seat, the compiled deck list ``[(number, name), …]`` (or
      ``(count, number, name)``), naming the rows of ``card_uses``;
    * ``decks_text`` — the deck files' text to show in the report: a ``(text_a, text_b)``
      sequence, a ``{label: text}`` mapping or one string.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    meta = dict(summary or {})
    s = st.summary(stats, meta)
    tables = st.all_tables(stats, meta, deck_lists)
    labels = (str(s.get("deck_a", "A")), str(s.get("deck_b", "B")))
    written: list[Path] = []

    # summary.json
    js = dict(_json_safe(s))
    for k in ("games_requested", "interrupted"):  # an interrupted run says so (docs/reliability.md)
        if k in meta:
            js[k] = _json_safe(meta[k])
    timing = [k for k in st.TIMING_KEYS if k in js]
    if timing:
        js["nondeterministic_keys"] = timing
    p = out / "summary.json"
    p.write_text(json.dumps(js, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(p)

    # tables
    for name, df in tables.items():
        p = out / f"{name}.csv"
        csv_safe(df).to_csv(p, index=False, lineterminator="\n")
        written.append(p)
        p = out / f"{name}.parquet"
        df.to_parquet(p, index=False, engine="pyarrow")
        written.append(p)

    # figures
    figs = plots.all_figures(tables, out, tuple(_plot_label(x) for x in labels))
    written.extend(figs)

    # report.md / report.html
    written.append(_write_md(out, s, tables, deck_lists, decks_text, labels))
    written.append(_write_html(out, s, tables, deck_lists, decks_text, labels))
    return sorted(written)


def write_report_dir(
    out_dir: str | Path,
    stats: Mapping[str, np.ndarray],
    summary: Mapping[str, Any] | None = None,
    deck_lists: Sequence[Sequence[Any]] | None = None,
    decks_text: Any = None,
    force: bool = False,
) -> list[Path]:
    """:func:`write_report` into a temporary folder beside ``out_dir``, renamed into place when
    complete (:func:`simcli.outdir.write_out_dir`): the folder is complete or absent.

    Raises :class:`simcli.outdir.OutDirError` (a UserError, one line) when the folder cannot be
    used (not empty and not a report without ``force``, not writable, …) or writing fails.
    Returns the final paths.
    """
    from simcli.outdir import write_out_dir

    target = Path(out_dir)
    names = write_out_dir(target, lambda tmp: [p.name for p in write_report(tmp, stats, summary, deck_lists,
                                                                               decks_text)],
                          force=force, kind="simulate")
    return sorted(target / n for n in names)


def _identity(s: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(label, _fmt(s[k])) for k, label in IDENTITY if k in s and s[k] is not None]


def _write_md(out, s, tables, deck_lists, decks_text, labels) -> Path:
    title = f"{TITLE}: {md_text(labels[0])} vs {md_text(labels[1])}"
    md = [f"# {title}", ""]
    for k, v in _identity(s):
        md.append(f"- **{k}**: {md_text(v)}")
    md += ["", "## Summary", ""]
    for k, v in _headline(s):
        md.append(f"- **{k}**: {v}")
    md += ["", "All rates count draws and capped games in the denominator unless stated (BL-6).", ""]
    md += ["## Figures", ""]
    for fn, cap in FIGURES:
        md += [f"![{cap}]({fn})", "", f"_{cap}_", ""]
    md += ["## Points by turn", "", "Full table: `point_curves.csv`.", "", _markdown_table(_curves_digest(tables["point_curves"]))]
    for name, cap in SHOWN:
        md += [f"## {cap}", "", f"Full table: `{name}.csv`.", "", _markdown_table(tables[name])]
    decks = _deck_texts(decks_text, labels) or _deck_list_texts(deck_lists, labels)
    if decks:
        md += ["## Decks", ""]
        for label, text in decks:
            body = text.rstrip("\n")
            fence = md_fence(body)
            md += [f"### {md_text(label)}", "", fence, body, fence, ""]
    md += ["## Files", "", "Every table is written as CSV and Parquet: " + ", ".join(f"`{n}`" for n in tables) + ".", ""]
    p = out / "report.md"
    p.write_text("\n".join(md), encoding="utf-8")
    return p


_CSS = """
body { font-family: system-ui, -apple-system, Segoe UI, sans-serif; margin: 2em auto; max-width: 1000px;
       padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 1.6em; }
table.tbl { border-collapse: collapse; font-size: .85em; margin: .5em 0; }
table.tbl th, table.tbl td { border: 1px solid #ccc; padding: .2em .6em; text-align: right; }
table.tbl th { background: #f3f3f3; }
dl.kv { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; }
dl.kv dt { font-weight: 600; } dl.kv dd { margin: 0; }
figure { margin: 1em 0; } figure img { max-width: 100%; } figcaption { color: #555; font-size: .9em; }
pre { background: #f7f7f7; padding: .6em; overflow-x: auto; }
.note { color: #555; font-size: .9em; }
"""


def _write_html(out, s, tables, deck_lists, decks_text, labels) -> Path:
    e = html.escape
    title = f"{TITLE}: {labels[0]} vs {labels[1]}"
    h = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        '<dl class="kv">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in _identity(s)) + "</dl>",
        "<h2>Summary</h2>",
        '<dl class="kv">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in _headline(s)) + "</dl>",
        '<p class="note">All rates count draws and capped games in the denominator unless stated (BL-6).</p>',
        "<h2>Figures</h2>",
    ]
    for fn, cap in FIGURES:
        data = base64.b64encode((out / fn).read_bytes()).decode("ascii")
        h.append(f'<figure><img alt="{e(cap)}" src="data:image/png;base64,{data}"><figcaption>{e(cap)}</figcaption></figure>')
    h += ["<h2>Points by turn</h2>", '<p class="note">Full table: point_curves.csv.</p>', _html_table(_curves_digest(tables["point_curves"]))]
    for name, cap in SHOWN:
        h += [f"<h2>{e(cap)}</h2>", f'<p class="note">Full table: {e(name)}.csv.</p>', _html_table(tables[name])]
    decks = _deck_texts(decks_text, labels) or _deck_list_texts(deck_lists, labels)
    if decks:
        h.append("<h2>Decks</h2>")
        for label, text in decks:
            h += [f"<h3>{e(label)}</h3>", f"<pre>{e(text.rstrip(chr(10)))}</pre>"]
    h.append("</body></html>\n")
    p = out / "report.html"
    p.write_text("\n".join(h), encoding="utf-8")
    return p
