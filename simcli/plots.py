"""Matplotlib figures of a run's tables (DESIGN.md: ``plots.py``).

One figure per function; each takes the DataFrames of :mod:`simcli.stats` and returns a
``matplotlib.figure.Figure`` — or, given ``path``, writes a PNG there and returns the path.
Figures are built with the object API on an Agg canvas (no pyplot state, no display needed),
and PNGs are written without the software/date metadata so the same tables give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

COLORS = ("#1f77b4", "#d62728")  # seat A, seat B
DPI = 100
FIGSIZE = (8.0, 4.8)


def _fig() -> tuple[Figure, Any]:
    fig = Figure(figsize=FIGSIZE, dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    return fig, ax


def _labels(labels: Sequence[str] | None) -> tuple[str, str]:
    if not labels:
        return ("A", "B")
    a, b = (list(labels) + ["B"])[:2]
    return (f"A: {a}", f"B: {b}")


def save(fig: Figure, path: str | Path) -> Path:
    """Write ``fig`` as a PNG with no timestamp / software metadata (reproducible bytes)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png", dpi=DPI, metadata={"Software": None})
    return path


def _out(fig: Figure, path: str | Path | None) -> Figure | Path:
    return save(fig, path) if path is not None else fig


def _empty(ax: Any, text: str = "no data") -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, color="gray")


# ---------------------------------------------------------------------------------------------


def plot_point_curves(
    curves: pd.DataFrame,
    labels: Sequence[str] | None = None,
    path: str | Path | None = None,
    title: str = "Points by turn (games still running)",
) -> Figure | Path:
    """Mean points at the end of each turn for both decks, with the interquartile band.

    ``curves`` is :func:`simcli.stats.point_curves`.  Every curve starts at 100 points before
    turn 1 (C-PTS-1).  A second axis shows the share of games already over.
    """
    fig, ax = _fig()
    names = _labels(labels)
    if curves.empty:
        _empty(ax)
    else:
        for s, seat in enumerate(("A", "B")):
            d = curves[curves["seat"] == seat].sort_values("turn")
            if d.empty:
                continue
            t = np.concatenate([[0], d["turn"].to_numpy()])
            mean = np.concatenate([[100.0], d["mean"].to_numpy(dtype=float)])
            q25 = np.concatenate([[100.0], d["q25"].to_numpy(dtype=float)])
            q75 = np.concatenate([[100.0], d["q75"].to_numpy(dtype=float)])
            ax.fill_between(t, q25, q75, color=COLORS[s], alpha=0.18, linewidth=0, label=f"{names[s]} (25–75 %)")
            ax.plot(t, mean, color=COLORS[s], linewidth=2, label=f"{names[s]} (mean)")
        d = curves[curves["seat"] == "A"].sort_values("turn")
        ax2 = ax.twinx()
        ax2.step(
            np.concatenate([[0], d["turn"].to_numpy()]),
            np.concatenate([[0.0], 100.0 * d["share_over"].to_numpy(dtype=float)]),
            where="post",
            color="gray",
            linestyle="--",
            linewidth=1,
            label="games over (%)",
        )
        ax2.set_ylim(0, 105)
        ax2.set_ylabel("games already over (%)", color="gray")
        ax2.tick_params(axis="y", colors="gray")
        h1, l1 = ax.get_legend_handles_labels()
        h2, l2 = ax2.get_legend_handles_labels()
        ax.legend(h1 + h2, l1 + l2, loc="lower left", fontsize="small", framealpha=0.9)
    ax.set_ylim(0, 105)
    ax.set_xlim(left=0)
    ax.set_xlabel("turn")
    ax.set_ylabel("points at end of turn")
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    return _out(fig, path)


def plot_win_by_length(
    table: pd.DataFrame,
    labels: Sequence[str] | None = None,
    path: str | Path | None = None,
    title: str = "Win probability by game length",
) -> Figure | Path:
    """P(A wins | game length bucket) with Wilson 95 % error bars; bar width ∝ share of games.

    ``table`` is :func:`simcli.stats.win_by_length`.
    """
    fig, ax = _fig()
    names = _labels(labels)
    if table.empty:
        _empty(ax)
    else:
        x = np.arange(len(table))
        p = table["p_a"].to_numpy(dtype=float)
        lo = table["p_a_lo"].to_numpy(dtype=float)
        hi = table["p_a_hi"].to_numpy(dtype=float)
        share = table["share_of_games"].to_numpy(dtype=float)
        ax.bar(x, 100 * p, color=COLORS[0], alpha=0.75, label=f"{names[0]} wins")
        ax.bar(
            x,
            100 * table["p_b"].to_numpy(dtype=float),
            bottom=100 * p,
            color=COLORS[1],
            alpha=0.35,
            label=f"{names[1]} wins",
        )
        ax.errorbar(
            x, 100 * p, yerr=[100 * (p - lo), 100 * (hi - p)], fmt="none", ecolor="black", capsize=4,
            label="95 % CI (A)",
        )  # fmt: skip
        ax.set_xticks(x, [f"{b}\n{100 * s:.0f}%" for b, s in zip(table["bucket"], share)], fontsize="small")
        ax.axhline(50, color="gray", linewidth=0.8, linestyle=":")
        ax.legend(loc="upper center", ncol=3, fontsize="small", framealpha=0.9)
    ax.set_ylim(0, 118)
    ax.set_yticks(range(0, 101, 20))
    ax.set_xlabel("game length (turns) and share of all games")
    ax.set_ylabel("games in bucket (%)")
    ax.set_title(title)
    ax.grid(True, axis="y", alpha=0.3)
    return _out(fig, path)


def plot_renewals(
    per_game: pd.DataFrame,
    labels: Sequence[str] | None = None,
    path: str | Path | None = None,
    title: str = "Deck renewals per game",
) -> Figure | Path:
    """Histogram of renewals per game for both decks (share of games), side by side.

    ``per_game`` is ``simcli.stats.renewals(stats)["per_game"]``; trailing empty buckets are
    left out.
    """
    fig, ax = _fig()
    names = _labels(labels)
    if per_game.empty or (per_game["games_a"].sum() + per_game["games_b"].sum()) == 0:
        _empty(ax)
    else:
        nz = np.nonzero((per_game["games_a"] + per_game["games_b"]).to_numpy())[0]
        d = per_game.iloc[: int(nz[-1]) + 1]
        x = np.arange(len(d))
        w = 0.4
        ax.bar(x - w / 2, 100 * d["share_a"].to_numpy(dtype=float), w, color=COLORS[0], label=names[0])
        ax.bar(x + w / 2, 100 * d["share_b"].to_numpy(dtype=float), w, color=COLORS[1], label=names[1])
        ax.set_xticks(x, list(d["renewals"]))
        ax.legend(fontsize="small")
    ax.set_xlabel("renewals in the game")
    ax.set_ylabel("games (%)")
    ax.set_title(title)
    ax.grid(True, axis="y", alpha=0.3)
    return _out(fig, path)


def plot_first_attack(
    first: pd.DataFrame,
    path: str | Path | None = None,
    title: str = "First-attack advantage",
) -> Figure | Path:
    """Bars with Wilson 95 % error bars for each row of :func:`simcli.stats.first_attack`.

    A dotted line marks 50 % (no advantage).  The "seat A attacks first" row (a check of the
    coin, not an advantage) is left out.
    """
    fig, ax = _fig()
    d = first[(first["trials"] > 0) & (first["measure"] != "seat A attacks first")] if not first.empty else first
    if d.empty:
        _empty(ax)
    else:
        x = np.arange(len(d))
        r = d["rate"].to_numpy(dtype=float)
        lo = d["ci95_lo"].to_numpy(dtype=float)
        hi = d["ci95_hi"].to_numpy(dtype=float)
        ax.bar(x, 100 * r, color=["#2ca02c", "#9467bd", "#7f7f7f"][: len(d)], alpha=0.8)
        ax.errorbar(x, 100 * r, yerr=[100 * (r - lo), 100 * (hi - r)], fmt="none", ecolor="black", capsize=6)
        for xi, ri, n in zip(x, r, d["trials"]):
            if not math.isnan(ri):
                ax.text(xi, 100 * ri / 2, f"{100 * ri:.1f}%\nn={int(n)}", ha="center", va="center", fontsize="small")
        ax.set_xticks(x, list(d["measure"]))
        ax.axhline(50, color="black", linewidth=0.8, linestyle=":")
    ax.set_ylim(0, 100)
    ax.set_ylabel("won by the turn-1 first attacker (%)")
    ax.set_title(title)
    ax.grid(True, axis="y", alpha=0.3)
    return _out(fig, path)


def all_figures(
    tables: Mapping[str, pd.DataFrame], out_dir: str | Path, labels: Sequence[str] | None = None
) -> list[Path]:
    """Write every figure of a report (PNG) from :func:`simcli.stats.all_tables`' output."""
    out_dir = Path(out_dir)
    return [
        plot_point_curves(tables["point_curves"], labels, out_dir / "point_curves.png"),
        plot_win_by_length(tables["win_by_length"], labels, out_dir / "win_by_length.png"),
        plot_renewals(tables["renewals_per_game"], labels, out_dir / "renewals.png"),
        plot_first_attack(tables["first_attack"], out_dir / "first_attack.png"),
    ]
