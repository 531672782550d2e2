"""simcli.stats: tables against hand-computed statistics (RULES.md BL-6 for the definitions)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from simcli import stats as S
from simcli.engine.enums import BR_DRAW, BR_FIRST, BR_SECOND, OUT_A, OUT_B, OUT_CAPPED, OUT_DRAW
from simcli.engine.results import LAYOUT, RECORD_DTYPE, merge, new_stats

T = 12

# Five hand-made games: (outcome, point path [(a, b) at the end of each turn], battle result per
# turn (first attacker's side), renewals (turn, seat), turn-1 first attacker)
GAMES = [
    # A wins in 3: first attacker (A) wins every battle
    (OUT_A, [(100, 80), (100, 40), (100, 0)], [BR_FIRST, BR_FIRST, BR_FIRST], [], 0),
    # B wins in 2: first attacker (A) loses turn 1, then B attacks first and wins
    (OUT_B, [(50, 100), (0, 100)], [BR_SECOND, BR_FIRST], [(2, 0)], 0),
    # draw in 4: battles drawn at 10 points each (C-LOST-2), turn-1 battle drawn
    (OUT_DRAW, [(90, 60), (40, 60), (10, 10), (0, 0)], [BR_DRAW, BR_FIRST, BR_SECOND, BR_DRAW], [(3, 1)], 1),
    # capped at T with renewals
    (OUT_CAPPED, [(90, 90)] * T, [BR_DRAW] * T, [(2, 0), (5, 0), (9, 1)], 1),
    # A wins in 2: B attacked first in turn 1 and lost
    (OUT_A, [(100, 50), (100, 0)], [BR_SECOND, BR_SECOND], [], 1),
]


LEVELS = [[[0, 1], [0]], [[0], [0, 1, 2]], [[0], [0]], [[0, 1, 2, 3], [0]], [[0], [0]]]
USES = [[[1, 0, 2], [0, 0, 0]], [[0, 0, 1], [3, 0, 0]], [[0] * 3, [0] * 3], [[0] * 3, [0] * 3], [[0] * 3, [0] * 3]]


def _stats(sel=slice(None), turn_cap=T):
    games = GAMES[sel]
    recs = np.zeros(len(games), dtype=RECORD_DTYPE)
    for g, (oc, path, _b, ren, fa) in enumerate(games):
        recs[g]["game"] = g
        recs[g]["outcome"] = oc
        recs[g]["turns"] = len(path)
        recs[g]["points_a"], recs[g]["points_b"] = path[-1]
        recs[g]["renewals_a"] = sum(1 for _, s in ren if s == 0)
        recs[g]["renewals_b"] = sum(1 for _, s in ren if s == 1)
        recs[g]["first_attacker_t1"] = fa
    return S.stats_from_records(
        recs,
        [g[1] for g in games],
        turn_cap=turn_cap,
        n_cards=3,
        battles=[g[2] for g in games],
        renewal_turns=[g[3] for g in games],
        levels=LEVELS[sel],
        card_uses=USES[sel],
    )


# ---- wilson ---------------------------------------------------------------------------------


def test_wilson_known_values():
    lo, hi = S.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = S.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = S.wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)
    assert all(math.isnan(x) for x in S.wilson(0, 0))
    # z = 2.576 (99 %) is wider than 95 %
    lo99, hi99 = S.wilson(50, 100, z=2.576)
    assert lo99 < 0.4038 and hi99 > 0.5962


@settings(max_examples=200, deadline=None)
@given(hst.integers(0, 10_000), hst.integers(1, 10_000))
def test_wilson_contains_estimate(k, n):
    k = min(k, n)
    lo, hi = S.wilson(k, n)
    assert 0.0 <= lo <= k / n + 1e-12 <= hi + 2e-12 <= 1.0 + 2e-12


# ---- histogram quantiles --------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(hst.lists(hst.integers(0, 100), min_size=1, max_size=60), hst.sampled_from([0.1, 0.25, 0.5, 0.75, 0.9, 1.0]))
def test_hist_quantile_matches_numpy_inverted_cdf(values, q):
    h = np.bincount(values, minlength=101)
    assert S.hist_quantile(h, q) == float(np.quantile(values, q, method="inverted_cdf"))
    assert S.hist_mean(h) == pytest.approx(np.mean(values))


def test_hist_quantile_empty():
    assert math.isnan(S.hist_quantile(np.zeros(5, np.int64), 0.5))
    assert math.isnan(S.hist_mean(np.zeros(5, np.int64)))


# ---- the record → statistics helper ----------------------------------------------------------


def test_stats_from_records_layout_and_consistency():
    st = _stats()
    assert set(st) == set(LAYOUT)
    for k, (shape, _) in LAYOUT.items():
        assert st[k].shape == shape(T, 3), k
        assert st[k].dtype == np.int64
    # alive[t] == games that played turn t == sum over points_hist[seat, t]
    for t in range(1, T + 1):
        assert st["points_hist"][0, t].sum() == st["alive"][t] == st["points_hist"][1, t].sum()
    assert st["alive"][1] == 5 and st["alive"][3] == 3 and st["alive"][4] == 2 and st["alive"][5] == 1
    assert st["total_turns"][0] == 3 + 2 + 4 + T + 2
    assert list(st["outcomes"]) == [2, 1, 1, 1]
    assert list(st["first_battle"]) == [1, 2, 2]
    assert list(st["first_attacker_seat"]) == [2, 3]
    # A (fa) won game 0; A lost game 1; B (fa) drew game 2, capped game 3; B lost game 4
    assert list(st["first_attacker_games"]) == [1, 2, 2]
    # merging two halves gives the whole (shards merge by addition)
    a, b = _stats(slice(0, 2)), _stats(slice(2, None))
    m = merge(a, b)
    assert all(np.array_equal(m[k], st[k]) for k in st)


def test_stats_from_records_rejects_bad_paths():
    recs = [dict(outcome=OUT_A, turns=2, first_attacker_t1=0)]
    with pytest.raises(ValueError):
        S.stats_from_records(recs, [[(100, 0)]], turn_cap=T)
    with pytest.raises(ValueError):
        S.stats_from_records([dict(outcome=OUT_A, turns=T + 1)], turn_cap=T)


# ---- summary ---------------------------------------------------------------------------------


def test_summary_hand_computed():
    st = _stats()
    s = S.summary(st, {"deck_a": "A.deck", "deck_b": "B.deck", "seed": 7, "engine_version": "1", "elapsed_s": 0.5})
    assert s["deck_a"] == "A.deck" and s["seed"] == 7 and s["engine_version"] == "1" and s["elapsed_s"] == 0.5
    assert (s["games"], s["wins_a"], s["wins_b"], s["draws"], s["capped"]) == (5, 2, 1, 1, 1)
    # BL-6: draws and capped games stay in the denominator
    assert s["win_rate_a"] == pytest.approx(2 / 5)
    assert s["win_rate_a_ci95"] == pytest.approx(list(S.wilson(2, 5)))
    assert s["draw_rate"] == pytest.approx(1 / 5)
    assert s["capped_rate"] == pytest.approx(1 / 5)
    lengths = [3, 2, 4, T, 2]
    assert s["mean_turns"] == pytest.approx(np.mean(lengths))
    assert s["median_turns"] == 3.0
    assert s["p90_turns"] == float(np.quantile(lengths, 0.9, method="inverted_cdf")) == T
    assert (s["min_turns"], s["max_turns"]) == (2, T)
    # renewals: A renewed in games 1 (turn 2) and 3 (turns 2 and 5); B in 2 (turn 3) and 3 (turn 9)
    assert s["renewals_per_game_a"] == pytest.approx(3 / 5)
    assert s["renewals_per_game_b"] == pytest.approx(2 / 5)
    # BL-6: first-attacker win rate over decided turn-1 battles: won 1 (game 0), lost 2 (1, 4)
    assert s["first_battles_decided"] == 3
    assert s["first_attacker_win_rate"] == pytest.approx(1 / 3)
    assert s["first_attacker_win_rate_ci95"] == pytest.approx(list(S.wilson(1, 3)))
    assert s["first_attacker_game_win_rate"] == pytest.approx(1 / 5)
    assert s["total_turns"] == sum(lengths)


def test_summary_table_has_no_timing():
    df = S.summary_table(_stats(), {"elapsed_s": 3.0, "games_per_s": 10.0, "seed": 1})
    assert "elapsed_s" not in set(df["metric"]) and "games_per_s" not in set(df["metric"])
    row = df.set_index("metric").loc["win_rate_a"]
    assert float(row["value"]) == pytest.approx(0.4)
    assert (row["ci95_lo"], row["ci95_hi"]) == pytest.approx(S.wilson(2, 5))


def test_empty_stats_do_not_crash():
    st = new_stats(T, 2)
    s = S.summary(st)
    assert s["games"] == 0 and math.isnan(s["win_rate_a"])
    for name, df in S.all_tables(st).items():
        assert df is not None, name
    assert S.point_curves(st).empty and S.win_by_length(st).empty


# ---- curves ----------------------------------------------------------------------------------


def test_point_curves_against_records():
    st = _stats()
    df = S.point_curves(st)
    for t in range(1, T + 1):
        for s, seat in enumerate("AB"):
            vals = [path[t - 1][s] for _oc, path, *_ in GAMES if len(path) >= t]
            row = df[(df.turn == t) & (df.seat == seat)]
            assert len(row) == 1
            row = row.iloc[0]
            assert row["alive"] == len(vals)
            assert row["mean"] == pytest.approx(np.mean(vals))
            for col, q in (("q25", 0.25), ("median", 0.5), ("q75", 0.75), ("p10", 0.1), ("p90", 0.9)):
                assert row[col] == float(np.quantile(vals, q, method="inverted_cdf")), (t, seat, col)
            ended = sum(1 for _oc, path, *_ in GAMES if len(path) <= t)
            assert row["ended"] == ended and row["share_over"] == pytest.approx(ended / 5)
    # turn 1 by hand: A's points 100, 50, 90, 90, 100 → mean 86
    r = df[(df.turn == 1) & (df.seat == "A")].iloc[0]
    assert r["mean"] == 86.0 and r["median"] == 90.0 and r["q25"] == 90.0 and r["q75"] == 100.0


# ---- renewals, battles, levels ----------------------------------------------------------------


def test_renewals_tables():
    r = S.renewals(_stats())
    sm = r["summary"].set_index("seat")
    assert sm.loc["A", "renewals"] == 3 and sm.loc["B", "renewals"] == 2
    assert sm.loc["A", "mean_per_game"] == pytest.approx(0.6)
    assert sm.loc["A", "games_with_renewal"] == 2 and sm.loc["B", "games_with_renewal"] == 2
    assert sm.loc["A", "mean_first_turn"] == pytest.approx(2.0)  # first renewals at turn 2 and 2
    assert sm.loc["B", "mean_first_turn"] == pytest.approx(6.0)  # turns 3 and 9
    pg = r["per_game"]
    assert list(pg["games_a"][:3]) == [3, 1, 1] and list(pg["games_b"][:3]) == [3, 2, 0]
    assert pg["renewals"].iloc[-1].endswith("+")
    assert pg["share_a"].sum() == pytest.approx(1.0)
    bt = r["by_turn"].set_index("turn")
    assert bt.loc[2, "renewals_a"] == 2 and bt.loc[5, "renewals_a"] == 1 and bt.loc[9, "renewals_b"] == 1
    assert bt.loc[2, "first_a"] == 2 and bt.loc[5, "first_a"] == 0
    assert bt.loc[2, "rate_a"] == pytest.approx(2 / 5)
    assert list(bt.index) == list(range(1, T + 1))


def test_battles_by_turn():
    df = S.battles_by_turn(_stats()).set_index("turn")
    # turn 1: FIRST (g0), SECOND (g1), DRAW (g2), DRAW (g3), SECOND (g4)
    assert (df.loc[1, "battles"], df.loc[1, "first_wins"], df.loc[1, "second_wins"], df.loc[1, "draws"]) == (5, 1, 2, 2)
    assert df.loc[1, "first_win_rate"] == pytest.approx(1 / 3)
    assert (df.loc[1, "first_win_rate_lo"], df.loc[1, "first_win_rate_hi"]) == pytest.approx(S.wilson(1, 3))
    assert df.loc[1, "draw_share"] == pytest.approx(2 / 5)
    assert df.loc[T, "battles"] == 1 and df.loc[T, "draws"] == 1 and math.isnan(df.loc[T, "first_win_rate"])


def test_first_attack_table():
    df = S.first_attack(_stats()).set_index("measure")
    assert (df.loc["turn-1 battle", "successes"], df.loc["turn-1 battle", "trials"]) == (1, 3)
    assert (df.loc["game", "successes"], df.loc["game", "trials"]) == (1, 5)
    assert (df.loc["seat A attacks first", "successes"], df.loc["seat A attacks first", "trials"]) == (2, 5)


def test_levels_and_options():
    decks = [[("St-1", "Agumon"), ("Bo-1", "Power"), ("Bo-2", "Speed")], [("St-2", "Gabumon"), ("Bo-3", "X")]]
    out = S.levels_and_options(_stats(), decks)
    lv = out["levels"].set_index(["seat", "level"])
    assert lv.loc[("A", "III"), "games"] == 5 and lv.loc[("A", "IV"), "games"] == 2
    assert lv.loc[("A", "Ultimate"), "games"] == 1 and lv.loc[("B", "Perfect"), "share"] == pytest.approx(0.2)
    cu = out["card_uses"]
    assert len(cu[cu.seat == "A"]) == 3 and len(cu[cu.seat == "B"]) == 2  # B's list is shorter
    a = cu[cu.seat == "A"].set_index("first_index")
    assert a.loc[2, "number"] == "Bo-2" and a.loc[2, "name"] == "Speed" and a.loc[2, "uses"] == 3
    assert a.loc[2, "uses_per_game"] == pytest.approx(3 / 5) and a.loc[2, "copies"] == 1
    b = cu[cu.seat == "B"].set_index("first_index")
    assert b.loc[0, "uses"] == 3 and b.loc[0, "name"] == "Gabumon"
    # per-copy lists are summed by card; (count, number, name) entries are accepted too
    out3 = S.levels_and_options(_stats(), [[(3, "St-1", "Agumon")] * 3, None])["card_uses"]
    a3 = out3[out3.seat == "A"]
    assert len(a3) == 1 and a3.iloc[0]["copies"] == 3 and a3.iloc[0]["uses"] == (1 + 0 + 2) + (0 + 0 + 1)
    assert list(out3[out3.seat == "B"]["number"]) == ["#0"]  # B's list unknown
    # without lists, used positions only, named by index
    bare = S.levels_and_options(_stats())["card_uses"]
    assert set(bare[bare.seat == "A"]["number"]) == {"#0", "#2"} and (bare["uses"] > 0).all()


# ---- win by length ----------------------------------------------------------------------------


def test_win_by_length_explicit_buckets():
    df = S.win_by_length(_stats(), [(1, 2), (3, 4), (5, T)])
    assert list(df["bucket"]) == ["1-2", "3-4", f"5-{T}"]
    # length 2: games 1 (B) and 4 (A); 3: game 0 (A); 4: game 2 (draw); T: game 3 (capped)
    assert list(df["games"]) == [2, 2, 1]
    assert list(df["wins_a"]) == [1, 1, 0] and list(df["draws"]) == [0, 1, 0] and list(df["capped"]) == [0, 0, 1]
    assert df["p_a"].tolist() == pytest.approx([0.5, 0.5, 0.0])
    assert (df.loc[0, "p_a_lo"], df.loc[0, "p_a_hi"]) == pytest.approx(S.wilson(1, 2))
    assert df["share_of_games"].sum() == pytest.approx(1.0)


def test_win_by_length_default_buckets_cover_all_games():
    st = _stats()
    b = S.length_buckets(st, 8)
    assert b[0][0] == 2 and b[-1][1] == T
    assert all(lo <= hi for lo, hi in b) and all(b[i][1] + 1 == b[i + 1][0] for i in range(len(b) - 1))
    df = S.win_by_length(st)
    assert df["games"].sum() == 5 and df["wins_a"].sum() == 2


def test_tables_are_deterministic():
    t1, t2 = S.all_tables(_stats()), S.all_tables(_stats())
    for k in t1:
        assert t1[k].equals(t2[k]), k


# ---- the reference engine's small runs ------------------------------------------------------


def _reference_games(n=40, seed=11):
    from simcli.engine import reference as ref
    from simcli.decks import load_deck
    from simcli.engine.tables import compile_tables

    decks = [load_deck("decks/dmcg/agumon-starter.deck"), load_deck("decks/dmcg/gabumon-starter.deck")]
    t, _info = compile_tables([d.cards() for d in decks], effects=False)
    return decks, [ref.play_game(t, seed, i) for i in range(n)]


def test_tables_from_reference_engine_records():
    decks, games = _reference_games()
    st = S.stats_from_games(games)
    recs = [g.record() for g in games]
    n = len(games)
    s = S.summary(st)
    outcomes = [r[1] for r in recs]
    turns = [r[2] for r in recs]
    assert s["games"] == n
    assert s["wins_a"] == outcomes.count(OUT_A) and s["wins_b"] == outcomes.count(OUT_B)
    assert s["win_rate_a"] == pytest.approx(outcomes.count(OUT_A) / n)
    assert s["mean_turns"] == pytest.approx(np.mean(turns))
    assert s["median_turns"] == float(np.quantile(turns, 0.5, method="inverted_cdf"))
    assert s["renewals_per_game_a"] == pytest.approx(sum(r[5] for r in recs) / n)
    assert s["renewals_per_game_b"] == pytest.approx(sum(r[6] for r in recs) / n)
    t1 = [g.battles[0] for g in games if g.battles]
    dec = [b for b in t1 if b != BR_DRAW]
    assert s["first_attacker_win_rate"] == pytest.approx(dec.count(BR_FIRST) / len(dec))
    # the point curves against every game's points at the end of each turn
    df = S.point_curves(st)
    for t in (1, 3, 8):
        for si, seat in enumerate("AB"):
            vals = [g.points_by_turn[t - 1][si] for g in games if len(g.points_by_turn) >= t]
            if not vals:
                continue
            row = df[(df.turn == t) & (df.seat == seat)].iloc[0]
            assert row["alive"] == len(vals) and row["mean"] == pytest.approx(np.mean(vals))
            assert row["median"] == float(np.quantile(vals, 0.5, method="inverted_cdf"))
    # card uses named by the deck list (per copy), levels bounded by game count
    lo = S.levels_and_options(st, decks)
    assert lo["card_uses"].groupby("seat")["copies"].sum().tolist() == [len(d.cards()) for d in decks]
    assert (lo["levels"]["games"] <= n).all()
    assert lo["levels"].set_index(["seat", "level"]).loc[("A", "III"), "games"] == n
    # a game counts once per card, whatever its copies: use_rate is a share of games
    cu = lo["card_uses"]
    assert (cu["games_drawn"] <= n).all() and (cu["games_used"] <= n).all()  # (the partner is used, not drawn)
    assert (cu["use_rate"] <= 1).all()
    for si, seat in enumerate("AB"):
        t, cards = games[0].t, decks[si].cards()
        for number in {c["number"] for c in cards}:
            idx = [i for i, c in enumerate(cards) if c["number"] == number]
            want = sum(1 for g in games if any((g.ps[si].drawn >> i) & 1 for i in idx))
            assert cu[(cu.seat == seat) & (cu.number == number)]["games_drawn"].sum() == want, (seat, number)
