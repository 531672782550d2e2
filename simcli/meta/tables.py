"""A meta's tables: matchups (one row per ordered pair), the ranking with tiers, the matrix.

Definitions (docs/meta.md; rates as RULES.md BL-6 — draws and capped games stay in the denominator):

* ``matchups`` — one row per ordered pair ``(deck_a, deck_b)``: the played orientation carries the
  counts as played; the other is derived (wins swapped), so ``wins_a`` of one is ``wins_b`` of the
  other.  ``win_rate_a = wins_a / games`` with a Wilson 95 % interval; ``played`` marks the row that
  ``simcli simulate deck_a deck_b -n games --seed pair_seed`` reproduces.
* ``field_win_rate`` — the deck's mean win rate over its opponents (mirrors excluded).  Every
  matchup has the same game count, so this equals the pooled wins / pooled games, and its 95 %
  interval is the Wilson interval of those pooled counts — conservative, since it treats all
  games as one binomial while the per-matchup rates differ (which only lowers the variance).
* ``weighted_win_rate`` (``--weights``) — the mean over opponents weighted by their metagame
  share (the deck's own share, the mirror, left out and the rest renormalised); interval: normal
  approximation over the per-matchup binomial variances, ``Σ w_j² p̃_j(1-p̃_j)/n_j``, with
  ``p̃_j`` the Wilson centre (so a 0 % or 100 % matchup still has a variance), clipped to [0, 1].
* ``tier`` — decks sorted by the ranking rate (weighted when given, else field); the first deck
  leads tier 1 and a deck starts a new tier only when its interval lies wholly below its tier
  leader's.  ``not_separable_from`` lists the decks whose intervals overlap this deck's: at this
  game count the data cannot order them.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from simcli.intervals import Z95, wilson

MATCHUP_COLUMNS = ["deck_a", "deck_b", "pair_seed", "games", "wins_a", "wins_b", "draws", "capped", "win_rate_a",
                   "ci_lo", "ci_hi", "played", "mean_turns"]


def _row(a: str, b: str, seed: int, out: np.ndarray, total_turns: int, played: bool) -> dict:
    wa, wb, dr, cp = (int(x) for x in out)
    n = wa + wb + dr + cp
    lo, hi = wilson(wa, n)
    return {"deck_a": a, "deck_b": b, "pair_seed": int(seed), "games": n, "wins_a": wa, "wins_b": wb, "draws": dr,
            "capped": cp, "win_rate_a": wa / n if n else math.nan, "ci_lo": lo, "ci_hi": hi, "played": played,
            "mean_turns": total_turns / n if n else math.nan}


def matchups(names: list[str], results: list[tuple[int, int, int, dict]], ordered: bool) -> pd.DataFrame:
    """Rows for every ordered pair from ``results`` = [(a, b, pair_seed, stats)] of the played pairs.

    Rows are sorted by (deck_a, deck_b) in the canonical deck order.
    """
    rows = {}
    for a, b, seed, s in results:
        out = np.asarray(s["outcomes"])
        tt = int(np.asarray(s["total_turns"]).reshape(-1)[0])
        rows[(a, b)] = _row(names[a], names[b], seed, out, tt, True)
        if not ordered and a != b:
            rows[(b, a)] = _row(names[b], names[a], seed, out[[1, 0, 2, 3]], tt, False)
    df = pd.DataFrame([rows[k] for k in sorted(rows)], columns=MATCHUP_COLUMNS)
    return df.astype({"pair_seed": "int64", "games": "int64", "wins_a": "int64", "wins_b": "int64",
                      "draws": "int64", "capped": "int64", "played": "bool"})


def matrix(names: list[str], mu: pd.DataFrame, column: str = "win_rate_a") -> pd.DataFrame:
    """deck × opponent table of ``column`` (row deck's figure against the column deck); NaN unplayed."""
    m = pd.DataFrame(np.nan, index=names, columns=names)
    for r in mu.itertuples(index=False):
        m.loc[r.deck_a, r.deck_b] = getattr(r, column)
    return m


def _weighted(p: np.ndarray, n: np.ndarray, k: np.ndarray, w: np.ndarray) -> tuple[float, float, float]:
    tot = w.sum()
    if not tot > 0:
        return (math.nan, math.nan, math.nan)
    w = w / tot
    rate = float((w * p).sum())
    z2 = Z95 * Z95
    pt = (k + z2 / 2) / (n + z2)
    se = math.sqrt(float((w * w * pt * (1 - pt) / n).sum()))
    return rate, max(0.0, rate - Z95 * se), min(1.0, rate + Z95 * se)


def ranking(names: list[str], mu: pd.DataFrame, weights: dict[str, float] | None = None) -> pd.DataFrame:
    """One row per deck, best first: field (and weighted) win rate with 95 % intervals, tier, overlaps."""
    rows = []
    for d in names:
        r = mu[(mu["deck_a"] == d) & (mu["deck_b"] != d)]
        wins, games = int(r["wins_a"].sum()), int(r["games"].sum())
        lo, hi = wilson(wins, games)
        row = {"deck": d, "opponents": len(r), "games": games, "wins": wins,
               "field_win_rate": wins / games if games else math.nan, "field_ci_lo": lo, "field_ci_hi": hi}
        if weights is not None:
            w = np.array([weights.get(x, 0.0) for x in r["deck_b"]], float)
            rate, wlo, whi = _weighted(r["win_rate_a"].to_numpy(float), r["games"].to_numpy(float),
                                       r["wins_a"].to_numpy(float), w)
            row.update({"share": weights.get(d, 0.0), "weighted_win_rate": rate, "weighted_ci_lo": wlo,
                        "weighted_ci_hi": whi})
        rows.append(row)
    df = pd.DataFrame(rows)
    key = "weighted" if weights is not None else "field"
    rate = df[f"{key}_win_rate"].fillna(-1.0)
    df = df.assign(_r=rate).sort_values(["_r", "deck"], ascending=[False, True], kind="mergesort")
    df = df.drop(columns="_r").reset_index(drop=True)
    lo, hi = df[f"{key}_ci_lo"].to_numpy(float), df[f"{key}_ci_hi"].to_numpy(float)
    tiers, tier, leader = [], 1, 0
    for i in range(len(df)):
        if i > 0 and not hi[i] >= lo[leader]:  # wholly below the leader's interval (NaN: own tier)
            tier += 1
            leader = i
        tiers.append(tier)
    overlaps = []
    for i in range(len(df)):
        others = [df["deck"].iat[j] for j in range(len(df))
                  if j != i and lo[i] <= hi[j] and lo[j] <= hi[i]]
        overlaps.append("; ".join(others))
    df.insert(0, "rank", np.arange(1, len(df) + 1))
    df["tier"] = tiers
    df["not_separable_from"] = overlaps
    return df


def tier_lists(rank: pd.DataFrame) -> list[list[str]]:
    return [list(g["deck"]) for _, g in rank.groupby("tier", sort=True)]


def close_neighbours(rank: pd.DataFrame) -> list[tuple[str, str]]:
    """Adjacent decks of the ranking whose intervals overlap (not separable at this game count)."""
    key = "weighted" if "weighted_win_rate" in rank else "field"
    out = []
    for i in range(len(rank) - 1):
        a, b = rank.iloc[i], rank.iloc[i + 1]
        if a[f"{key}_ci_lo"] <= b[f"{key}_ci_hi"] and b[f"{key}_ci_lo"] <= a[f"{key}_ci_hi"]:
            out.append((a["deck"], b["deck"]))
    return out
