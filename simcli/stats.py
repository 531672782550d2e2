"""Sufficient statistics → pandas tables (DESIGN.md: ``stats.py``).

Every function here is pure: it reads the fixed-size count arrays of
:mod:`simcli.engine.results` (``LAYOUT``) and returns plain dicts / DataFrames.  Nothing prints,
nothing depends on the clock, so the same statistics always give the same tables.

Definitions follow RULES.md BL-6:

* ``win_rate_a = wins_a / games`` — draws and capped games stay in the denominator;
* ``mean_turns`` is over all games (capped games count with the cap);
* the first-attacker win rate is over the games whose turn-1 battle was decided
  (``first_battle[BR_FIRST] / (first_battle[BR_FIRST] + first_battle[BR_SECOND])``);
* renewals are counted only when they happen.

Quantiles of a histogram (median / p90 turns, point quartiles) use the *inverted CDF*
definition: the smallest value ``x`` with ``P(X <= x) >= q`` — the same as
``numpy.quantile(values, q, method="inverted_cdf")`` on the underlying per-game values, so a
quantile is always a value that some game actually had.

:func:`stats_from_records` builds the same arrays from per-game records (and, optionally,
per-game point paths, battle results and renewal turns) — used to check these tables against
hand-computed values and against the reference engine's small runs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from simcli.codes import (
    BR_DRAW,
    BR_FIRST,
    BR_SECOND,
    DEFAULT_TURN_CAP,
    LEVEL_NAMES,
    OUT_A,
    OUT_B,
    OUT_CAPPED,
    OUT_DRAW,
    RENEWAL_BUCKETS,
)
from simcli.engine.results import N_LEVELS, new_stats
from simcli.engine.tables import collapse_mask
from simcli.intervals import wilson  # noqa: F401  (part of this module's API)

SEATS = ("A", "B")

#: the Appmon grades (simcli/appmon/codes.py), the level names of an Appmon run's tables
GRADE_NAMES = ("Standard", "Super", "Ultimate", "God")

#: keys of a run's summary that are copied through unchanged from ``meta`` (DESIGN.md --json)
META_KEYS = (
    "game",
    "deck_a",
    "deck_b",
    "player_a",
    "player_b",
    "effects",
    "seed",
    "engine_version",
    "db_revision",
    "turn_cap",
    "illustrative_cards",  # Appmon: the cards whose numbers are not official facts (docs/appmon.md)
)
#: wall-clock values: never in a table, only in summary.json (marked as non-deterministic)
TIMING_KEYS = ("elapsed_s", "games_per_s", "compile_s")


# ---------------------------------------------------------------------------------------------
# small helpers


def _ratio(k: float, n: float) -> float:
    return float(k) / float(n) if n > 0 else math.nan


def hist_quantile(counts: np.ndarray, q: float) -> float:
    """Quantile ``q`` of the values ``0..len(counts)-1`` weighted by ``counts`` (inverted CDF).

    Returns ``nan`` for an empty histogram.
    """
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if total == 0:
        return math.nan
    cum = np.cumsum(counts)
    # smallest x with cum[x] >= q * total; q * total is compared exactly for q = k/4, k/10, ...
    need = q * total
    idx = int(np.searchsorted(cum, need - 1e-9, side="left"))
    idx = max(idx, int(np.argmax(counts > 0)))  # q == 0 → the smallest observed value
    return float(min(idx, len(counts) - 1))


def hist_mean(counts: np.ndarray) -> float:
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if total == 0:
        return math.nan
    return float(np.dot(np.arange(len(counts), dtype=np.float64), counts) / total)


def turn_cap(stats: Mapping[str, np.ndarray]) -> int:
    """The run's turn cap ``T`` (turn indices are 1..T)."""
    return int(np.asarray(stats["turns_hist"]).shape[0] - 1)


def n_games(stats: Mapping[str, np.ndarray]) -> int:
    return int(np.asarray(stats["outcomes"]).sum())


def _clean(value: Any) -> Any:
    """numpy scalars → Python scalars (JSON-friendly); NaN stays a float."""
    if isinstance(value, np.generic):
        return value.item()
    return value


# ---------------------------------------------------------------------------------------------
# summary


def summary(stats: Mapping[str, np.ndarray], meta: Mapping[str, Any] | None = None) -> dict:
    """Headline figures of a run as a flat, JSON-friendly dict.

    ``meta`` (e.g. the ``summary`` dict :func:`simcli.api.simulate` returns) supplies the run's
    identity — decks, players, effects, seed, engine version — which is copied through; every
    figure is recomputed from ``stats``.  Timing keys (``elapsed_s``, ``games_per_s``) are
    copied through too but are not part of :func:`summary_table`.
    """
    meta = dict(meta or {})
    out: dict[str, Any] = {k: _clean(meta[k]) for k in META_KEYS if k in meta}
    out.setdefault("turn_cap", turn_cap(stats))

    oc = np.asarray(stats["outcomes"], dtype=np.int64)
    games = int(oc.sum())
    wins_a, wins_b, draws, capped = (int(oc[OUT_A]), int(oc[OUT_B]), int(oc[OUT_DRAW]), int(oc[OUT_CAPPED]))
    th = np.asarray(stats["turns_hist"], dtype=np.int64)

    out["games"] = games
    out["wins_a"] = wins_a
    out["wins_b"] = wins_b
    out["draws"] = draws
    out["capped"] = capped
    out["win_rate_a"] = _ratio(wins_a, games)
    out["win_rate_a_ci95"] = list(wilson(wins_a, games))
    out["win_rate_b"] = _ratio(wins_b, games)
    out["win_rate_b_ci95"] = list(wilson(wins_b, games))
    out["draw_rate"] = _ratio(draws, games)
    out["capped_rate"] = _ratio(capped, games)
    # A's share of the decided games (draws and capped games left out): a secondary figure
    out["decided_win_share_a"] = _ratio(wins_a, wins_a + wins_b)

    out["mean_turns"] = hist_mean(th)
    out["median_turns"] = hist_quantile(th, 0.5)
    out["p90_turns"] = hist_quantile(th, 0.9)
    nz = np.nonzero(th)[0]
    out["min_turns"] = int(nz[0]) if len(nz) else 0
    out["max_turns"] = int(nz[-1]) if len(nz) else 0

    ren = np.asarray(stats["renewals_by_turn"], dtype=np.int64)
    out["renewals_per_game_a"] = _ratio(int(ren[0].sum()), games)
    out["renewals_per_game_b"] = _ratio(int(ren[1].sum()), games)

    fb = np.asarray(stats["first_battle"], dtype=np.int64)
    decided = int(fb[BR_FIRST] + fb[BR_SECOND])
    out["first_battles_decided"] = decided
    out["first_attacker_win_rate"] = _ratio(int(fb[BR_FIRST]), decided)
    out["first_attacker_win_rate_ci95"] = list(wilson(int(fb[BR_FIRST]), decided))
    fg = np.asarray(stats["first_attacker_games"], dtype=np.int64)
    fg_n = int(fg.sum())
    # the GAME won by the seat that attacked first in turn 1 (draws/capped in the denominator)
    out["first_attacker_game_win_rate"] = _ratio(int(fg[0]), fg_n)
    out["first_attacker_game_win_rate_ci95"] = list(wilson(int(fg[0]), fg_n))
    fs = np.asarray(stats["first_attacker_seat"], dtype=np.int64)
    out["first_attacker_share_a"] = _ratio(int(fs[0]), int(fs.sum()))
    out["total_turns"] = int(np.asarray(stats["total_turns"]).sum())

    for k in TIMING_KEYS:
        if k in meta:
            out[k] = _clean(meta[k])
    return out


def summary_table(stats: Mapping[str, np.ndarray], meta: Mapping[str, Any] | None = None) -> pd.DataFrame:
    """:func:`summary` as a long table ``metric, value, ci95_lo, ci95_hi`` (no timing keys)."""
    s = summary(stats, meta)
    rows = []
    for k, v in s.items():
        if k in TIMING_KEYS or k.endswith("_ci95"):
            continue
        ci = s.get(k + "_ci95")
        rows.append(
            {
                "metric": k,
                "value": "" if v is None else str(v),
                "ci95_lo": float(ci[0]) if ci else math.nan,
                "ci95_hi": float(ci[1]) if ci else math.nan,
            }
        )
    return pd.DataFrame(rows, columns=["metric", "value", "ci95_lo", "ci95_hi"])


# ---------------------------------------------------------------------------------------------
# curves


def point_curves(stats: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """Points at the end of each turn, per seat, among games that played that turn.

    Columns: ``turn, seat ('A'/'B'), alive`` (games that played the turn), ``mean, p10, q25,
    median, q75, p90`` (points at the end of the turn among those games; a game that ended in
    this turn counts with its final points), ``ended`` (games that ended by the end of this turn,
    cumulative) and ``share_over`` (``ended / games``).  Only turns some game played appear.
    """
    ph = np.asarray(stats["points_hist"], dtype=np.int64)
    th = np.asarray(stats["turns_hist"], dtype=np.int64)
    games = n_games(stats)
    T = turn_cap(stats)
    ended = np.cumsum(th)
    rows = []
    for t in range(1, T + 1):
        for s, seat in enumerate(SEATS):
            h = ph[s, t]
            alive = int(h.sum())
            if alive == 0:
                continue
            rows.append(
                {
                    "turn": t,
                    "seat": seat,
                    "alive": alive,
                    "mean": hist_mean(h),
                    "p10": hist_quantile(h, 0.10),
                    "q25": hist_quantile(h, 0.25),
                    "median": hist_quantile(h, 0.50),
                    "q75": hist_quantile(h, 0.75),
                    "p90": hist_quantile(h, 0.90),
                    "ended": int(ended[t]),
                    "share_over": _ratio(int(ended[t]), games),
                }
            )
    cols = ["turn", "seat", "alive", "mean", "p10", "q25", "median", "q75", "p90", "ended", "share_over"]
    df = pd.DataFrame(rows, columns=cols)
    return df.astype({"turn": "int64", "alive": "int64", "ended": "int64"})


# ---------------------------------------------------------------------------------------------
# renewals


def renewals(stats: Mapping[str, np.ndarray]) -> dict[str, pd.DataFrame]:
    """Deck-renewal tables (C-RENEW-1).

    * ``"summary"`` — per seat: ``renewals`` (total), ``mean_per_game`` (over all games),
      ``games_with_renewal``, ``share_with_renewal``, ``mean_first_turn`` / ``median_first_turn``
      (turn of the first renewal, among games that had one);
    * ``"per_game"`` — the distribution: ``renewals`` k (the last bucket means "k or more"),
      ``games_a, games_b, share_a, share_b``;
    * ``"by_turn"`` — ``turn, alive, renewals_a, renewals_b, first_a, first_b, rate_a, rate_b``
      (renewals per game that played the turn), for the turns some game played.
    """
    games = n_games(stats)
    T = turn_cap(stats)
    rbt = np.asarray(stats["renewals_by_turn"], dtype=np.int64)
    rpg = np.asarray(stats["renewals_per_game"], dtype=np.int64)
    frt = np.asarray(stats["first_renewal_turn"], dtype=np.int64)
    alive = np.asarray(stats["alive"], dtype=np.int64)

    srows = []
    for s, seat in enumerate(SEATS):
        with_r = int(frt[s, 1:].sum())
        srows.append(
            {
                "seat": seat,
                "renewals": int(rbt[s].sum()),
                "mean_per_game": _ratio(int(rbt[s].sum()), games),
                "games_with_renewal": with_r,
                "share_with_renewal": _ratio(with_r, games),
                "mean_first_turn": hist_mean(np.concatenate([[0], frt[s, 1:]])),
                "median_first_turn": hist_quantile(np.concatenate([[0], frt[s, 1:]]), 0.5),
            }
        )
    sdf = pd.DataFrame(srows)

    k = np.arange(rpg.shape[1])
    label = [str(i) for i in k]
    label[-1] = f"{k[-1]}+"
    pdf = pd.DataFrame(
        {
            "renewals": label,
            "games_a": rpg[0],
            "games_b": rpg[1],
            "share_a": rpg[0] / games if games else np.full(len(k), np.nan),
            "share_b": rpg[1] / games if games else np.full(len(k), np.nan),
        }
    )

    played = [t for t in range(1, T + 1) if alive[t] > 0]
    idx = np.array(played, dtype=np.int64)
    al = alive[idx] if len(idx) else np.zeros(0, np.int64)
    bdf = pd.DataFrame(
        {
            "turn": idx,
            "alive": al,
            "renewals_a": rbt[0, idx] if len(idx) else np.zeros(0, np.int64),
            "renewals_b": rbt[1, idx] if len(idx) else np.zeros(0, np.int64),
            "first_a": frt[0, idx] if len(idx) else np.zeros(0, np.int64),
            "first_b": frt[1, idx] if len(idx) else np.zeros(0, np.int64),
        }
    )
    bdf["rate_a"] = bdf["renewals_a"] / bdf["alive"].where(bdf["alive"] > 0)
    bdf["rate_b"] = bdf["renewals_b"] / bdf["alive"].where(bdf["alive"] > 0)
    return {"summary": sdf, "per_game": pdf, "by_turn": bdf}


# ---------------------------------------------------------------------------------------------
# battles


def battles_by_turn(stats: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """Battle results per turn, from the first attacker's side (enums.BR_*).

    Columns: ``turn, battles, first_wins, second_wins, draws, first_win_rate`` (of the decided
    battles), ``first_win_rate_lo/_hi`` (Wilson 95 %), ``draw_share``.  Turns without battles are
    left out.
    """
    b = np.asarray(stats["battles_by_turn"], dtype=np.int64)
    rows = []
    for t in range(1, b.shape[0]):
        n = int(b[t].sum())
        if n == 0:
            continue
        f, s, d = int(b[t, BR_FIRST]), int(b[t, BR_SECOND]), int(b[t, BR_DRAW])
        lo, hi = wilson(f, f + s)
        rows.append(
            {
                "turn": t,
                "battles": n,
                "first_wins": f,
                "second_wins": s,
                "draws": d,
                "first_win_rate": _ratio(f, f + s),
                "first_win_rate_lo": lo,
                "first_win_rate_hi": hi,
                "draw_share": _ratio(d, n),
            }
        )
    cols = [
        "turn", "battles", "first_wins", "second_wins", "draws",
        "first_win_rate", "first_win_rate_lo", "first_win_rate_hi", "draw_share",
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=cols)


def first_attack(stats: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """The first-attack advantage as a small table (one row per measure, with Wilson 95 %).

    * ``turn-1 battle`` — turn-1 battles won by the first attacker, over decided turn-1 battles
      (the ``first_attacker_win_rate`` of the summary, BL-6);
    * ``game`` — games won by the turn-1 first attacker, over all its games (draws and capped
      games in the denominator);
    * ``seat A attacks first`` — how often the coin (C-ORD-1) made seat A the first attacker.
    """
    fb = np.asarray(stats["first_battle"], dtype=np.int64)
    fg = np.asarray(stats["first_attacker_games"], dtype=np.int64)
    fs = np.asarray(stats["first_attacker_seat"], dtype=np.int64)
    rows = []
    for measure, k, n in (
        ("turn-1 battle", int(fb[BR_FIRST]), int(fb[BR_FIRST] + fb[BR_SECOND])),
        ("game", int(fg[0]), int(fg.sum())),
        ("seat A attacks first", int(fs[0]), int(fs.sum())),
    ):
        lo, hi = wilson(k, n)
        rows.append({"measure": measure, "successes": k, "trials": n, "rate": _ratio(k, n), "ci95_lo": lo, "ci95_hi": hi})
    return pd.DataFrame(rows, columns=["measure", "successes", "trials", "rate", "ci95_lo", "ci95_hi"])


# ---------------------------------------------------------------------------------------------
# levels and card uses


def _entry(e: Any, i: int) -> tuple[str, str]:
    """(number, name) from ``(number, name)``, ``(count, number, name)``, a str or an object."""
    if isinstance(e, str):
        return e, ""
    if isinstance(e, Sequence):
        if len(e) >= 3:
            return str(e[1]), str(e[2])
        if len(e) == 2:
            return str(e[0]), str(e[1])
        if len(e) == 1:
            return str(e[0]), ""
    number = getattr(e, "number", None)
    if number is not None:
        return str(number), str(getattr(e, "name", "") or "")
    return f"#{i}", ""


def _deck_entries(deck_lists: Any, s: int) -> list | None:
    if deck_lists is None or s >= len(deck_lists) or deck_lists[s] is None:
        return None
    d = deck_lists[s]
    if callable(getattr(d, "cards", None)):  # a simcli.decks.Deck
        d = d.cards()
    return list(d)


def levels_and_options(
    stats: Mapping[str, np.ndarray], deck_lists: Sequence[Sequence[Any]] | None = None,
    deck_names: Sequence[str] | None = None, level_names: Sequence[str] | None = None,
) -> dict[str, pd.DataFrame]:
    """How often each level was reached, and how each deck entry was drawn and used.

    ``deck_lists`` is, per seat, the compiled deck list in order — one entry per copy, as
    ``tables.compile`` sees it (``deck.cards()``): ``(number, name)`` tuples, Card objects, or a
    ``simcli.decks.Deck`` (expanded with ``.cards()``); ``card_uses[seat, i]`` belongs to entry
    ``i``.  Without it, used positions are named by their index (``#i``).  ``deck_names``: the
    decks' names for the ``deck`` column (default: the seat letters).

    * ``"levels"`` — ``seat, level, games, share`` (games in which the seat's Digimon reached the
      level at least once, over all games);
    * ``"card_uses"`` — by card: ``deck, seat, number, name, copies`` (entries of the list with that
      card), ``games_drawn`` / ``games_used`` (games in which a copy entered the hand / was used: an
      option used, a requirement card paid, a Digimon entering the box by evolution or appearance or
      as the partner, a support placed, an ability used — a game counts once per card, whatever
      its copies), ``use_rate`` (``games_used`` over all games, at most 1), ``uses`` (times used,
      all copies), ``first_index`` (its first position in the list);
      every card of a known list appears, in list order.
    """
    games = n_games(stats)
    lv = np.asarray(stats["level_reached"], dtype=np.int64)
    lrows = []
    for s, seat in enumerate(SEATS):
        for l_ in range(N_LEVELS):
            lrows.append(
                {"seat": seat, "level": (level_names or LEVEL_NAMES)[l_], "games": int(lv[s, l_]), "share": _ratio(int(lv[s, l_]), games)}
            )
    ldf = pd.DataFrame(lrows, columns=["seat", "level", "games", "share"])

    cu = np.asarray(stats["card_uses"], dtype=np.int64)
    zeros = np.zeros_like(cu)
    gd = np.asarray(stats.get("card_games_drawn", zeros), dtype=np.int64)
    gu = np.asarray(stats.get("card_games_used", zeros), dtype=np.int64)
    cols = ["deck", "seat", "number", "name", "copies", "games_drawn", "games_used", "use_rate", "uses",
            "uses_per_game", "first_index"]
    urows = []
    for s, seat in enumerate(SEATS):
        deck = deck_names[s] if deck_names is not None else seat
        entries = _deck_entries(deck_lists, s)
        if entries is None:
            # unknown list: one row per used position, named by its index
            for i in range(cu.shape[1]):
                if cu[s, i] or gu[s, i]:
                    urows.append(
                        {"deck": deck, "seat": seat, "number": f"#{i}", "name": "", "copies": 1, "first_index": i,
                         "uses": int(cu[s, i]), "games_drawn": int(gd[s, i]), "games_used": int(gu[s, i])}
                    )  # fmt: skip
        else:
            by_card: dict[tuple[str, str], dict] = {}
            for i, e in enumerate(entries[: cu.shape[1]]):
                number, name = _entry(e, i)
                row = by_card.get((number, name))
                if row is None:
                    row = by_card[(number, name)] = {
                        "deck": deck, "seat": seat, "number": number, "name": name, "copies": 0, "first_index": i,
                        "uses": 0, "games_drawn": 0, "games_used": 0,
                    }  # fmt: skip
                row["copies"] += 1
                row["uses"] += int(cu[s, i])
                row["games_drawn"] += int(gd[s, i])
                row["games_used"] += int(gu[s, i])
            urows.extend(by_card.values())
    for row in urows:
        row["uses_per_game"] = _ratio(row["uses"], games)
        row["use_rate"] = _ratio(row["games_used"], games)
    udf = pd.DataFrame(urows, columns=cols)
    udf = udf.astype({"copies": "int64", "first_index": "int64", "uses": "int64", "uses_per_game": "float64",
                      "games_drawn": "int64", "games_used": "int64", "use_rate": "float64"})
    return {"levels": ldf, "card_uses": udf}


# ---------------------------------------------------------------------------------------------
# win probability by game length


def length_buckets(stats: Mapping[str, np.ndarray], n: int = 8) -> list[tuple[int, int]]:
    """Up to ``n`` contiguous turn ranges ``(lo, hi)`` holding roughly equal numbers of games.

    Edges are quantiles of the game-length histogram, so they depend only on the statistics.
    """
    th = np.asarray(stats["turns_hist"], dtype=np.int64)
    nz = np.nonzero(th)[0]
    if len(nz) == 0:
        return []
    first, last = int(nz[0]), int(nz[-1])
    uppers = sorted({int(hist_quantile(th, k / n)) for k in range(1, n + 1)})
    out = []
    lo = first
    for hi in uppers:
        if hi < lo:
            continue
        out.append((lo, hi))
        lo = hi + 1
    if out and out[-1][1] < last:
        out.append((lo, last))
    return out


def win_by_length(
    stats: Mapping[str, np.ndarray], buckets: int | Sequence[tuple[int, int]] = 8
) -> pd.DataFrame:
    """P(A wins | the game lasted a number of turns in the bucket), with Wilson 95 % intervals.

    ``buckets`` is a number of equal-count buckets (see :func:`length_buckets`) or explicit
    inclusive ``(lo, hi)`` turn ranges.  Columns: ``bucket`` ("lo-hi"), ``lo, hi, games,
    wins_a, wins_b, draws, capped, p_a, p_a_lo, p_a_hi, p_b, share_of_games``.
    """
    obt = np.asarray(stats["outcome_by_turns"], dtype=np.int64)
    games = n_games(stats)
    if isinstance(buckets, int):
        buckets = length_buckets(stats, buckets)
    rows = []
    for lo, hi in buckets:
        c = obt[lo : hi + 1].sum(axis=0)
        n = int(c.sum())
        wa = int(c[OUT_A])
        plo, phi = wilson(wa, n)
        rows.append(
            {
                "bucket": f"{lo}" if lo == hi else f"{lo}-{hi}",
                "lo": int(lo),
                "hi": int(hi),
                "games": n,
                "wins_a": wa,
                "wins_b": int(c[OUT_B]),
                "draws": int(c[OUT_DRAW]),
                "capped": int(c[OUT_CAPPED]),
                "p_a": _ratio(wa, n),
                "p_a_lo": plo,
                "p_a_hi": phi,
                "p_b": _ratio(int(c[OUT_B]), n),
                "share_of_games": _ratio(n, games),
            }
        )
    cols = [
        "bucket", "lo", "hi", "games", "wins_a", "wins_b", "draws", "capped",
        "p_a", "p_a_lo", "p_a_hi", "p_b", "share_of_games",
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=cols)


def turns_distribution(stats: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """Game length: ``turn, games, wins_a, wins_b, draws, capped, cum_share`` for turns that occur."""
    obt = np.asarray(stats["outcome_by_turns"], dtype=np.int64)
    th = np.asarray(stats["turns_hist"], dtype=np.int64)
    games = n_games(stats)
    cum = np.cumsum(th)
    rows = []
    for t in np.nonzero(th)[0]:
        rows.append(
            {
                "turn": int(t),
                "games": int(th[t]),
                "wins_a": int(obt[t, OUT_A]),
                "wins_b": int(obt[t, OUT_B]),
                "draws": int(obt[t, OUT_DRAW]),
                "capped": int(obt[t, OUT_CAPPED]),
                "cum_share": _ratio(int(cum[t]), games),
            }
        )
    return pd.DataFrame(rows, columns=["turn", "games", "wins_a", "wins_b", "draws", "capped", "cum_share"])


# ---------------------------------------------------------------------------------------------
# all tables at once


def all_tables(
    stats: Mapping[str, np.ndarray],
    meta: Mapping[str, Any] | None = None,
    deck_lists: Sequence[Sequence[Any]] | None = None,
) -> dict[str, pd.DataFrame]:
    """Every table of a report, by file stem (what :mod:`simcli.report` writes)."""
    r = renewals(stats)
    names = [meta.get("deck_a"), meta.get("deck_b")] if meta and meta.get("deck_a") else None
    lo = levels_and_options(stats, deck_lists, names, level_names=GRADE_NAMES if (meta or {}).get("game") == "appmon"
                            else None)
    return {
        "summary": summary_table(stats, meta),
        "point_curves": point_curves(stats),
        "turns": turns_distribution(stats),
        "win_by_length": win_by_length(stats),
        "first_attack": first_attack(stats),
        "battles_by_turn": battles_by_turn(stats),
        "renewals_summary": r["summary"],
        "renewals_per_game": r["per_game"],
        "renewals_by_turn": r["by_turn"],
        "levels": lo["levels"],
        "card_uses": lo["card_uses"],
    }


# ---------------------------------------------------------------------------------------------
# statistics from per-game records (reference engine, small runs, tests)


def stats_from_records(
    records: np.ndarray | Sequence[Mapping[str, Any]],
    point_paths: Sequence[Sequence[tuple[int, int]]] | None = None,
    *,
    turn_cap: int = DEFAULT_TURN_CAP,
    n_cards: int = 0,
    battles: Sequence[Sequence[int]] | None = None,
    renewal_turns: Sequence[Sequence[tuple[int, int]]] | None = None,
    levels: Sequence[Sequence[Sequence[int]]] | None = None,
    card_uses: Sequence[Sequence[Sequence[int]]] | None = None,
    card_masks: Sequence[Sequence[tuple[int, int]]] | None = None,
) -> dict[str, np.ndarray]:
    """The ``LAYOUT`` statistic arrays of a set of games, built from per-game records.

    ``records`` is a ``RECORD_DTYPE`` array (or a list of dicts with its fields; ``outcome`` and
    ``turns`` are required).  The arrays a record alone determines are filled from it:
    ``outcomes, turns_hist, outcome_by_turns, alive, total_turns, renewals_per_game,
    first_attacker_seat, first_attacker_games``.  The optional per-game extras fill the rest:

    * ``point_paths[g]`` — ``(points_a, points_b)`` at the end of each turn 1..turns →
      ``points_hist``;
    * ``battles[g]`` — the battle result (``BR_*``, first attacker's side) of each turn; a
      turn without a battle is ``-1`` → ``battles_by_turn`` and ``first_battle``;
    * ``renewal_turns[g]`` — ``(turn, seat)`` per renewal → ``renewals_by_turn``,
      ``first_renewal_turn`` (and ``renewals_per_game`` is then recounted from them);
    * ``levels[g]`` — per seat, the level indices reached → ``level_reached``;
    * ``card_uses[g]`` — per seat, uses per deck-list index → ``card_uses``;
    * ``card_masks[g]`` — per seat, ``(drawn, used)`` bit masks of deck-list indices →
      ``card_games_drawn``, ``card_games_used``.
    """
    st = new_stats(turn_cap, n_cards)
    recs = list(records) if not isinstance(records, np.ndarray) else records
    for g, r in enumerate(recs):
        outcome = int(r["outcome"])
        turns = int(r["turns"])
        if not 1 <= turns <= turn_cap:
            raise ValueError(f"game {g}: turns={turns} outside 1..{turn_cap}")
        st["outcomes"][outcome] += 1
        st["turns_hist"][turns] += 1
        st["outcome_by_turns"][turns, outcome] += 1
        st["alive"][1 : turns + 1] += 1
        st["total_turns"][0] += turns

        if renewal_turns is not None:
            ev = [(int(t), int(s)) for t, s in renewal_turns[g]]
            counts = [0, 0]
            first = [0, 0]
            for t, s in ev:
                st["renewals_by_turn"][s, t] += 1
                counts[s] += 1
                if first[s] == 0 or t < first[s]:
                    first[s] = t
            for s in range(2):
                st["renewals_per_game"][s, min(counts[s], RENEWAL_BUCKETS - 1)] += 1
                if first[s]:
                    st["first_renewal_turn"][s, first[s]] += 1
        else:
            for s, key in enumerate(("renewals_a", "renewals_b")):
                k = int(r[key]) if _has(r, key) else 0
                st["renewals_per_game"][s, min(k, RENEWAL_BUCKETS - 1)] += 1

        fa = int(r["first_attacker_t1"]) if _has(r, "first_attacker_t1") else -1
        if fa in (0, 1):
            st["first_attacker_seat"][fa] += 1
            won = (outcome == OUT_A and fa == 0) or (outcome == OUT_B and fa == 1)
            lost = (outcome == OUT_A and fa == 1) or (outcome == OUT_B and fa == 0)
            st["first_attacker_games"][0 if won else 1 if lost else 2] += 1

        if point_paths is not None:
            path = point_paths[g]
            if len(path) != turns:
                raise ValueError(f"game {g}: {len(path)} point entries for {turns} turns")
            for t, (pa, pb) in enumerate(path, start=1):
                st["points_hist"][0, t, int(pa)] += 1
                st["points_hist"][1, t, int(pb)] += 1

        if battles is not None:
            for t, br in enumerate(battles[g], start=1):
                if br is None or int(br) < 0:
                    continue
                st["battles_by_turn"][t, int(br)] += 1
                if t == 1:
                    st["first_battle"][int(br)] += 1

        if levels is not None:
            for s in range(2):
                for l_ in set(int(x) for x in levels[g][s]):
                    st["level_reached"][s, l_] += 1

        if card_uses is not None:
            for s in range(2):
                u = np.asarray(card_uses[g][s], dtype=np.int64)
                st["card_uses"][s, : len(u)] += u

        if card_masks is not None:
            for s in range(2):
                drawn, used = card_masks[g][s]
                for i in range(n_cards):
                    st["card_games_drawn"][s, i] += (int(drawn) >> i) & 1
                    st["card_games_used"][s, i] += (int(used) >> i) & 1
    return st


def stats_from_games(games: Sequence[Any], turn_cap: int | None = None, n_cards: int | None = None) -> dict[str, np.ndarray]:
    """The statistic arrays of finished reference-engine games (``simcli.engine.reference.Game``).

    Reads each game's ``record()``, ``points_by_turn``, ``battles``, ``renewal_turns``,
    ``card_uses`` and reached levels — the same tables the numba kernel accumulates, for the
    small runs the reference engine plays.
    """
    games = list(games)
    if turn_cap is None:
        turn_cap = int(games[0].turn_cap) if games else DEFAULT_TURN_CAP
    if n_cards is None:
        n_cards = int(games[0].card_uses.shape[1]) if games else 0
    from simcli.engine.results import RECORD_DTYPE

    recs = np.array([g.record() for g in games], dtype=RECORD_DTYPE)
    lv = [
        [[l_ for l_ in range(N_LEVELS) if row[l_]] for row in getattr(g, "_levels", [[0] * N_LEVELS] * 2)]
        for g in games
    ]
    return stats_from_records(
        recs,
        [g.points_by_turn for g in games],
        turn_cap=turn_cap,
        n_cards=n_cards,
        battles=[g.battles for g in games],
        renewal_turns=[[(t, s) for s in range(2) for t in g.renewal_turns[s]] for g in games],
        levels=lv,
        card_uses=[np.asarray(g.card_uses) for g in games],
        card_masks=[[(collapse_mask(g.t, s, p.drawn), collapse_mask(g.t, s, p.used)) for s, p in enumerate(g.ps)]
                    for g in games],
    )


def _has(r: Any, key: str) -> bool:
    if isinstance(r, np.void):
        return key in (r.dtype.names or ())
    if isinstance(r, Mapping):
        return key in r
    return False
