"""The meta's figures: the matchup heatmap and the ranking bars (style and PNG writer of simcli.plots)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from simcli.plots import DPI, save

TIER_COLORS = ("#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
               "#aec7e8", "#ffbb78")


def _short(name: str, n: int = 18) -> str:
    return name if len(name) <= n else name[: n - 1] + "…"


def plot_heatmap(order: list[str], mu: pd.DataFrame, path: str | Path | None = None, title: str = "") -> Figure | Path:
    """Win rate of the row deck against the column deck, each cell with its Wilson 95 % interval."""
    n = len(order)
    idx = {d: i for i, d in enumerate(order)}
    rate = np.full((n, n), np.nan)
    lo = np.full((n, n), np.nan)
    hi = np.full((n, n), np.nan)
    for r in mu.itertuples(index=False):
        i, j = idx[r.deck_a], idx[r.deck_b]
        rate[i, j], lo[i, j], hi[i, j] = r.win_rate_a, r.ci_lo, r.ci_hi
    size = max(4.5, 0.95 * n + 2.6)
    fig = Figure(figsize=(size + 1.2, size), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    masked = np.ma.masked_invalid(rate)
    im = ax.imshow(masked, cmap="RdBu", vmin=0.0, vmax=1.0, aspect="equal")
    ax.set_facecolor("#e8e8e8")
    big = 9 if n <= 12 else 7
    small = 6.5 if n <= 12 else 5
    for i in range(n):
        for j in range(n):
            if math.isnan(rate[i, j]):
                ax.text(j, i, "–", ha="center", va="center", color="#777", fontsize=big)
                continue
            c = "white" if abs(rate[i, j] - 0.5) > 0.3 else "black"
            ax.text(j, i - 0.12, f"{rate[i, j]:.2f}", ha="center", va="center", color=c, fontsize=big,
                    fontweight="bold")
            ax.text(j, i + 0.22, f"{lo[i, j]:.2f}–{hi[i, j]:.2f}", ha="center", va="center", color=c,
                    fontsize=small)
    labels = [_short(d, 24) for d in order]
    ax.set_xticks(range(n), labels, rotation=40, ha="right", rotation_mode="anchor", fontsize=8)
    ax.set_yticks(range(n), labels, fontsize=8)
    ax.set_xlabel("opponent")
    ax.set_ylabel("deck (row wins)")
    ax.set_title(title or "Win rate of the row deck (95 % interval below)", fontsize=10)
    cb = fig.colorbar(im, ax=ax, shrink=0.75)
    cb.set_label("win rate of the row deck")
    return save(fig, path) if path is not None else fig


def plot_ranking(rank: pd.DataFrame, path: str | Path | None = None, title: str = "") -> Figure | Path:
    """The ranking rate of each deck with its 95 % interval, coloured by tier, best on top."""
    key = "weighted" if "weighted_win_rate" in rank else "field"
    n = len(rank)
    fig = Figure(figsize=(8.0, max(2.5, 0.45 * n + 1.4)), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    y = np.arange(n)[::-1]
    v = rank[f"{key}_win_rate"].to_numpy(float)
    lo = rank[f"{key}_ci_lo"].to_numpy(float)
    hi = rank[f"{key}_ci_hi"].to_numpy(float)
    tiers = rank["tier"].to_numpy()
    colors = [TIER_COLORS[(t - 1) % len(TIER_COLORS)] for t in tiers]
    ax.barh(y, v, color=colors, alpha=0.85, height=0.65)
    ax.errorbar(v, y, xerr=[np.maximum(v - lo, 0), np.maximum(hi - v, 0)], fmt="none", ecolor="black",
                elinewidth=1.2, capsize=3)
    for yi, vi, hi_i, t in zip(y, v, hi, tiers):
        if not math.isnan(vi):
            ax.text(min(hi_i, 1.0) + 0.01, yi, f"{vi:.3f}  tier {t}", va="center", fontsize=8)
    ax.axvline(0.5, color="gray", linestyle="--", linewidth=1)
    ax.set_yticks(y, [_short(d, 28) for d in rank["deck"]], fontsize=8)
    ax.set_xlim(0, 1.18)
    ax.set_xlabel(("weighted" if key == "weighted" else "field") + " win rate (95 % interval)")
    ax.set_title(title or "Ranking", fontsize=10)
    ax.grid(True, axis="x", alpha=0.3)
    return save(fig, path) if path is not None else fig
