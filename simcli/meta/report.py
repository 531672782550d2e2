"""Write a meta's output folder (same conventions as ``simulate --out``, docs/reports.md):

* ``matchups.csv`` / ``.parquet`` — one row per ordered pair (:func:`simcli.meta.tables.matchups`);
* ``ranking.csv`` / ``.parquet`` — one row per deck, best first, with tiers;
* ``summary.json`` — identity, ranking, tiers, matchups; timing keys listed in
  ``"nondeterministic_keys"`` (the only values that differ between identical runs);
* ``heatmap.png``, ``ranking.png``; ``report.md`` (links the PNGs) and a self-contained
  ``report.html``.

Apart from summary.json's timing keys, every file depends only on the counts and the run's
identity, so a resumed run writes the same bytes as an uninterrupted one.
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import pandas as pd

from simcli.meta import figures
from simcli.meta import tables as tb
from simcli.report import _CSS, _fmt, _html_table, _json_safe, _markdown_table

NONDETERMINISTIC = ("elapsed_s", "games_per_s", "compile_s", "resumed_matchups")
FIGURES = (
    ("heatmap.png", "Win rate of the row deck against the column deck, with its Wilson 95 % interval"),
    ("ranking.png", "Ranking: win rate over the field with its 95 % interval, coloured by tier"),
)


def _identity(s: dict) -> list[tuple[str, str]]:
    players = s["player_a"] if s["player_a"] == s["player_b"] else f"{s['player_a']} (row deck) / {s['player_b']}"
    return [
        ("game", s["game"]),
        ("decks", str(len(s["decks"]))),
        ("games a pair", f"{s['games_per_pair']} ({s['pairs']} matchups, {s['total_games']} games)"),
        ("players", players),
        ("effects", s["effects"]),
        ("mirrors", "played" if s["mirrors"] else "not played"),
        ("seed", str(s["seed"])),
        ("turn cap", str(s["turn_cap"])),
        ("engine version", s["engine_version"]),
        ("card database revision", s["db_revision"]),
    ] + ([("illustrative cards (numbers not official facts)", ", ".join(s["illustrative_cards"]))]
         if s.get("illustrative_cards") else [])


def _ranking_view(rank: pd.DataFrame) -> pd.DataFrame:
    def iv(lo, hi):
        return [f"{a:.3f}–{b:.3f}" for a, b in zip(lo, hi)]

    v = pd.DataFrame({"rank": rank["rank"], "tier": rank["tier"], "deck": rank["deck"],
                      "field win rate": rank["field_win_rate"].map(lambda x: f"{x:.3f}"),
                      "95 % interval": iv(rank["field_ci_lo"], rank["field_ci_hi"])})
    if "weighted_win_rate" in rank:
        v["share"] = rank["share"].map(lambda x: f"{x:.3f}")
        v["weighted win rate"] = rank["weighted_win_rate"].map(lambda x: f"{x:.3f}")
        v["weighted 95 % interval"] = iv(rank["weighted_ci_lo"], rank["weighted_ci_hi"])
    v["not separable from"] = rank["not_separable_from"]
    return v


def _matrix_view(rank: pd.DataFrame, mu: pd.DataFrame) -> pd.DataFrame:
    order = list(rank["deck"])
    m = tb.matrix(order, mu)
    cols = {d: f"{i + 1}" for i, d in enumerate(order)}
    v = m.apply(lambda c: c.map(lambda x: "–" if pd.isna(x) else f"{x:.3f}"))
    v = v.rename(columns=cols)
    v.insert(0, "deck", [f"{i + 1}. {d}" for i, d in enumerate(order)])
    return v.reset_index(drop=True)


def _sentences(s: dict, rank: pd.DataFrame) -> list[str]:
    key = "weighted win rate" if s["weights"] is not None else "field win rate"
    out = [f"Ranked by the {key}; a deck starts a new tier only when its 95 % interval lies wholly below "
           "its tier leader's."]
    out.append("Tiers — " + "; ".join(f"{t}: {', '.join(decks)}" for t, decks in enumerate(s["tiers"], start=1)) + ".")
    ns = s["not_separable"]
    if ns:
        out.append(f"Not separable at {s['games_per_pair']} games a pair (adjacent decks whose intervals overlap): "
                   + "; ".join(f"{a} and {b}" for a, b in ns) + ".")
    else:
        out.append(f"Every adjacent pair of the ranking is separable at {s['games_per_pair']} games a pair.")
    return out


def _reproduce(s: dict, mu: pd.DataFrame) -> str:
    files = {d["name"]: d["file"] for d in s["decks"]}
    r = mu[mu["played"]].iloc[0]
    pb = f" --player-b {s['player_b']}" if s["player_b"] != s["player_a"] else ""
    return (f"simcli simulate {files[r['deck_a']]} {files[r['deck_b']]} -n {s['games_per_pair']} "
            f"--seed {r['pair_seed']} --player {s['player_a']}{pb} --effects {s['effects']}"
            + (f" --turn-cap {s['turn_cap']}" if s["turn_cap"] != 200 else ""))


def write_meta_report(out_dir, summary: dict, mu: pd.DataFrame, rank: pd.DataFrame, decks) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    js = dict(_json_safe(summary))
    js["nondeterministic_keys"] = [k for k in NONDETERMINISTIC if k in js]
    p = out / "summary.json"
    p.write_text(json.dumps(js, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(p)
    for name, df in (("matchups", mu), ("ranking", rank)):
        p = out / f"{name}.csv"
        df.to_csv(p, index=False, lineterminator="\n")
        written.append(p)
        p = out / f"{name}.parquet"
        df.to_parquet(p, index=False, engine="pyarrow")
        written.append(p)
    order = list(rank["deck"])
    g = summary["games_per_pair"]
    written.append(figures.plot_heatmap(order, mu, out / "heatmap.png",
                                        title=f"Win rate of the row deck, {g} games a pair (95 % interval below)"))
    written.append(figures.plot_ranking(rank, out / "ranking.png",
                                        title=f"Ranking over the field, {g} games a pair"))
    written.append(_write_md(out, summary, mu, rank))
    written.append(_write_html(out, summary, mu, rank))
    return sorted(written)


def _decks_table(s: dict) -> pd.DataFrame:
    return pd.DataFrame([{"deck": d["name"], "file": d["file"], "content sha256": d["sha256"][:16]}
                         for d in s["decks"]])


_NOTES = ("Rates count draws and capped games in the denominator (BL-6). Intervals are Wilson 95 % "
          "intervals; the field win rate is the mean over the opponents (mirrors excluded), its interval the "
          "Wilson interval of the pooled counts (every matchup has the same game count). See docs/meta.md.")


def _write_md(out: Path, s: dict, mu: pd.DataFrame, rank: pd.DataFrame) -> Path:
    md = [f"# simcli meta: {len(s['decks'])} decks", ""]
    md += [f"- **{k}**: {_fmt(v)}" for k, v in _identity(s)]
    md += ["", "## Ranking and tiers", ""]
    md += [x + "\n" for x in _sentences(s, rank)]
    md += [_markdown_table(_ranking_view(rank)), _NOTES, ""]
    md += ["## Figures", ""]
    for fn, cap in FIGURES:
        md += [f"![{cap}]({fn})", "", f"_{cap}_", ""]
    md += ["## Matchup matrix", "", "Win rate of the row deck against the column deck (columns numbered as the rows).",
           "", _markdown_table(_matrix_view(rank, mu))]
    md += ["## Matchups", "", "Full table: `matchups.csv`. Each unordered pair was played once (`played` rows); "
           "the reverse row swaps the wins. Reproduce a cell with its pair seed, e.g.:", "", "```",
           _reproduce(s, mu), "```", "", _markdown_table(mu)]
    md += ["## Decks", "", _markdown_table(_decks_table(s))]
    p = out / "report.md"
    p.write_text("\n".join(md), encoding="utf-8")
    return p


def _write_html(out: Path, s: dict, mu: pd.DataFrame, rank: pd.DataFrame) -> Path:
    e = html.escape
    title = f"simcli meta: {len(s['decks'])} decks"
    h = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', f"<title>{e(title)}</title>",
         f"<style>{_CSS}</style></head><body>", f"<h1>{e(title)}</h1>",
         '<dl class="kv">' + "".join(f"<dt>{e(k)}</dt><dd>{e(str(v))}</dd>" for k, v in _identity(s)) + "</dl>",
         "<h2>Ranking and tiers</h2>"]
    h += [f"<p>{e(x)}</p>" for x in _sentences(s, rank)]
    h += [_html_table(_ranking_view(rank)), f'<p class="note">{e(_NOTES)}</p>', "<h2>Figures</h2>"]
    for fn, cap in FIGURES:
        data = base64.b64encode((out / fn).read_bytes()).decode("ascii")
        h.append(f'<figure><img alt="{e(cap)}" src="data:image/png;base64,{data}"><figcaption>{e(cap)}</figcaption>'
                 "</figure>")
    h += ["<h2>Matchup matrix</h2>", '<p class="note">Win rate of the row deck against the column deck.</p>',
          _html_table(_matrix_view(rank, mu))]
    h += ["<h2>Matchups</h2>", f"<p>Reproduce a cell with its pair seed: <code>{e(_reproduce(s, mu))}</code></p>",
          _html_table(mu), "<h2>Decks</h2>", _html_table(_decks_table(s)), "</body></html>\n"]
    p = out / "report.html"
    p.write_text("\n".join(h), encoding="utf-8")
    return p
