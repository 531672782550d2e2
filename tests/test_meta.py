"""simcli meta: matrix consistency, pair-seed reproduction, durable store and resume, Dask, --weights."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
DMCG = ROOT / "decks" / "dmcg"
SMALL = [str(DMCG / f) for f in ("agumon-starter.deck", "gabumon-starter.deck", "palmon-starter.deck")]
FOUR = SMALL + [str(DMCG / "patamon-starter.deck")]
TABLES = ("matchups.csv", "matchups.parquet", "ranking.csv", "ranking.parquet", "heatmap.png", "ranking.png",
          "report.md", "report.html")


def _app():
    from simcli.cli.main import app

    return app


def _cli(args):
    return CliRunner().invoke(_app(), [str(a) for a in args])


@pytest.fixture(scope="module")
def small_meta():
    from simcli import api

    return api.meta(SMALL, games=200, seed=11, effects="none")


# -- plan ---------------------------------------------------------------------------------------


def test_pair_seed_is_stable_and_in_range():
    from simcli.meta.plan import pair_seed

    a, b = "a" * 64, "b" * 64
    s = pair_seed(1, a, b)
    assert s == pair_seed(1, a, b) and 0 <= s < 2**63
    assert len({s, pair_seed(2, a, b), pair_seed(1, b, a), pair_seed(1, a, a)}) == 4


def test_plan_pairs_once_each_and_mirrors():
    from simcli.decks import load_deck
    from simcli.meta.plan import make_decks, plan_pairs

    md = make_decks([load_deck(p) for p in FOUR])
    assert [d.name for d in md] == sorted(d.name for d in md)
    pairs = plan_pairs(md, 3)
    assert len(pairs) == 6 and all(p.a < p.b for p in pairs)
    assert len(plan_pairs(md, 3, mirrors=True)) == 10
    assert len(plan_pairs(md, 3, ordered=True)) == 12
    assert len({p.key for p in plan_pairs(md, 3, ordered=True)}) == 12


# -- tables -------------------------------------------------------------------------------------


def test_matrix_is_consistent(small_meta):
    mu = small_meta["matchups"]
    assert len(mu) == 6  # ordered pairs of 3 decks, no mirrors
    for r in mu.itertuples(index=False):
        rev = mu[(mu.deck_a == r.deck_b) & (mu.deck_b == r.deck_a)].iloc[0]
        assert (rev.wins_a, rev.wins_b, rev.draws, rev.capped, rev.games, rev.pair_seed) == (
            r.wins_b, r.wins_a, r.draws, r.capped, r.games, r.pair_seed)
        assert r.played != rev.played
        assert r.wins_a + r.wins_b + r.draws + r.capped == r.games == 200
        assert r.win_rate_a + rev.win_rate_a + (r.draws + r.capped) / r.games == pytest.approx(1.0)
        assert r.ci_lo <= r.win_rate_a <= r.ci_hi
        if r.draws + r.capped == 0:  # the Wilson interval mirrors exactly
            assert (rev.ci_lo, rev.ci_hi) == pytest.approx((1 - r.ci_hi, 1 - r.ci_lo))
    rank = small_meta["ranking"]
    for r in rank.itertuples(index=False):
        rows = mu[(mu.deck_a == r.deck) & (mu.deck_b != r.deck)]
        assert r.field_win_rate == pytest.approx(rows.win_rate_a.mean())  # mean over opponents
        assert r.field_ci_lo <= r.field_win_rate <= r.field_ci_hi
    assert list(rank.field_win_rate) == sorted(rank.field_win_rate, reverse=True)
    assert list(rank.tier) == sorted(rank.tier) and rank.tier.iat[0] == 1
    m = small_meta["matrix"]
    assert np.isnan(np.diag(m.to_numpy())).all()


def test_tiers_follow_the_intervals():
    from simcli.meta.tables import close_neighbours, ranking

    rows = []
    rates = {("A", "B"): 900, ("A", "C"): 900, ("B", "C"): 510}
    for (a, b), k in rates.items():
        rows.append({"deck_a": a, "deck_b": b, "wins_a": k, "games": 1000, "win_rate_a": k / 1000})
        rows.append({"deck_a": b, "deck_b": a, "wins_a": 1000 - k, "games": 1000, "win_rate_a": 1 - k / 1000})
    rank = ranking(["A", "B", "C"], pd.DataFrame(rows))
    assert list(rank.deck) == ["A", "B", "C"]
    assert list(rank.tier) == [1, 2, 2]  # B and C overlap: one tier
    assert close_neighbours(rank) == [("B", "C")]
    assert rank.not_separable_from.iat[0] == "" and rank.not_separable_from.iat[1] == "C"


# -- reproduction -------------------------------------------------------------------------------


def test_pair_seed_reproduces_simulate(small_meta):
    files = {d.name: d.path for d in small_meta["decks"]}
    mu = small_meta["matchups"]
    for r in mu[mu.played].itertuples(index=False):
        res = _cli(["simulate", files[r.deck_a], files[r.deck_b], "-n", r.games, "--seed", r.pair_seed,
                    "--effects", "none", "--json"])
        assert res.exit_code == 0, res.output
        s = json.loads([ln for ln in res.stdout.splitlines() if ln.startswith("{")][0])
        assert (s["wins_a"], s["wins_b"], s["draws"], s["capped"]) == (r.wins_a, r.wins_b, r.draws, r.capped)
        assert s["win_rate_a_ci95"] == pytest.approx([r.ci_lo, r.ci_hi])


def test_player_b_plays_every_ordered_pair_and_mirrors():
    from simcli import api

    res = api.meta(SMALL[:2], games=100, seed=3, effects="none", player_a="greedy", player_b="baseline",
                   mirrors=True)
    mu = res["matchups"]
    assert len(mu) == 4 and mu.played.all()  # A-A, A-B, B-A, B-B: each played with its own seed
    assert mu.pair_seed.nunique() == 4
    rank = res["ranking"].set_index("deck")
    for d in rank.index:  # mirrors stay out of the field rate
        assert rank.loc[d, "opponents"] == 1
        other = mu[(mu.deck_a == d) & (mu.deck_b != d)].iloc[0]
        assert rank.loc[d, "field_win_rate"] == pytest.approx(other.win_rate_a)
    files = {x.name: x.path for x in res["decks"]}
    r = mu[mu.deck_a != mu.deck_b].iloc[1]
    sim = api.simulate(files[r.deck_a], files[r.deck_b], games=100, seed=int(r.pair_seed), effects="none",
                       player_a="greedy", player_b="baseline")["summary"]
    assert (sim["wins_a"], sim["wins_b"]) == (r.wins_a, r.wins_b)


def test_cli_folder_json_and_report(tmp_path):
    out = tmp_path / "m"
    r = _cli(["meta", DMCG, "-n", "10", "--seed", "2", "--effects", "none", "--out", out, "--json"])
    assert r.exit_code == 0, r.output
    s = json.loads([ln for ln in r.stdout.splitlines() if ln.startswith("{")][0])
    assert len(s["decks"]) == 12 and s["pairs"] == 66 and len(s["matchups"]) == 132 and len(s["ranking"]) == 12
    for k in ("engine_version", "db_revision", "seed", "tiers", "not_separable", "nondeterministic_keys"):
        assert k in s
    for f in TABLES + ("summary.json",):
        assert (out / f).is_file(), f
    assert "tier" in pd.read_csv(out / "ranking.csv").columns
    # rerunning into the same folder without --resume is refused (finished work is never discarded)
    r = _cli(["meta", DMCG, "-n", "10", "--seed", "2", "--effects", "none", "--out", out])
    assert r.exit_code == 2 and "--resume" in r.output and "Traceback" not in r.output


# -- durability and resume ----------------------------------------------------------------------


def _meta_cmd(out: Path) -> list[str]:
    return [sys.executable, "-m", "simcli.cli.main", "meta", *FOUR, "-n", "30000", "--seed", "4", "--effects", "none",
            "--out", str(out)]


def _start_and_signal(out: Path, sig: int) -> tuple[subprocess.Popen, int]:
    """Start a meta in a subprocess; send ``sig`` as soon as its first matchup file appears."""
    proc = subprocess.Popen(_meta_cmd(out), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "SIMCLI_PROGRESS_EVERY": "1000"},
                            # a background job may inherit SIGINT ignored; Ctrl-C must reach Python
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    mdir = out / ".meta-state" / "matchups"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and proc.poll() is None:
        if mdir.is_dir() and any(mdir.glob("*.npz")):
            proc.send_signal(sig)
            break
        time.sleep(0.005)
    proc.wait(timeout=600)
    return proc, len(list(mdir.glob("*.npz")))


def _same_outputs(a: Path, b: Path) -> None:
    for f in TABLES:
        assert (a / f).read_bytes() == (b / f).read_bytes(), f
    sa, sb = (json.loads((d / "summary.json").read_text()) for d in (a, b))
    for k in sa["nondeterministic_keys"]:
        sa.pop(k), sb.pop(k, None)
    assert sa == sb


def test_resume_after_sigkill_is_byte_identical(tmp_path):
    killed, whole = tmp_path / "killed", tmp_path / "whole"
    proc, finished = _start_and_signal(killed, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    assert 1 <= finished < 6, "the run should be killed part-way"
    assert not (killed / "matchups.csv").exists()
    r = _cli(["meta", *FOUR, "-n", "30000", "--seed", "4", "--effects", "none", "--out", killed, "--resume"])
    assert r.exit_code == 0, r.output
    assert f"resuming: {finished} of 6" in r.output
    r = _cli(["meta", *FOUR, "-n", "30000", "--seed", "4", "--effects", "none", "--out", whole])
    assert r.exit_code == 0, r.output
    _same_outputs(killed, whole)


def test_ctrl_c_stops_cleanly_and_says_how_to_resume(tmp_path):
    out = tmp_path / "int"
    proc, finished = _start_and_signal(out, signal.SIGINT)
    err = proc.stderr.read()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "--resume" in err and "interrupted" in err
    assert finished >= 1


def test_resume_refuses_a_different_run(tmp_path):
    out = tmp_path / "m"
    args = ["meta", *SMALL, "-n", "50", "--seed", "1", "--effects", "none", "--out", out]
    assert _cli(args).exit_code == 0
    base = ["meta", *SMALL, "--out", out]
    for opts, word in ((["-n", "50", "--seed", "2", "--effects", "none"], "--seed"),
                       (["-n", "50", "--seed", "1", "--effects", "none", "--player", "greedy"], "player"),
                       (["-n", "50", "--seed", "1", "--effects", "all"], "--effects"),
                       (["-n", "60", "--seed", "1", "--effects", "none"], "games")):
        new = base + opts
        r = _cli(new + ["--resume"])
        assert r.exit_code == 2, (change, r.output)
        lines = [ln for ln in r.output.splitlines() if ln.startswith("error")]
        assert len(lines) == 1 and "cannot resume" in lines[0] and word in lines[0], r.output
    r = _cli(["meta", *SMALL[:2], FOUR[3], "-n", "50", "--seed", "1", "--effects", "none", "--out", out, "--resume"])
    assert r.exit_code == 2 and "Patamon starter" in r.output


def test_resume_refuses_a_changed_deck(tmp_path):
    decks = []
    for p in SMALL:
        q = tmp_path / Path(p).name
        q.write_text(Path(p).read_text())
        decks.append(q)
    out = tmp_path / "m"
    assert _cli(["meta", *decks, "-n", "20", "--effects", "none", "--out", out]).exit_code == 0
    lines = decks[0].read_text().splitlines()
    card = [i for i, ln in enumerate(lines) if ln[:1].isdigit()]
    lines[card[0]], lines[card[1]] = lines[card[1]], lines[card[0]]  # same cards, another order
    decks[0].write_text("\n".join(lines) + "\n")
    r = _cli(["meta", *decks, "-n", "20", "--effects", "none", "--out", out, "--resume"])
    assert r.exit_code == 2 and "has changed" in r.output


# -- Dask -------------------------------------------------------------------------------------------


def test_dask_local_cluster_equals_local_run(small_meta):
    import distributed  # noqa: F401  (in the dev extra: must not be skipped)

    from simcli import api

    res = api.meta(SMALL, games=200, seed=11, effects="none", scheduler="local", workers=2, shard_games=64)
    pd.testing.assert_frame_equal(res["matchups"], small_meta["matchups"])
    pd.testing.assert_frame_equal(res["ranking"], small_meta["ranking"])
    for k, st in small_meta["stats"].items():
        for name, arr in st.items():
            np.testing.assert_array_equal(res["stats"][k][name], arr, err_msg=f"{k} {name}")


# -- weights ------------------------------------------------------------------------------------------


def test_weights_give_a_weighted_rate(tmp_path, small_meta):
    w = tmp_path / "w.csv"
    w.write_text("deck,share\n# shares need not sum to 1\nAgumon starter,2\ngabumon-starter,1\nPalmon starter,1\n")
    from simcli import api

    res = api.meta(SMALL, games=200, seed=11, effects="none", weights=w)
    rank, mu = res["ranking"].set_index("deck"), small_meta["matchups"]
    share = {"Agumon starter": 0.5, "Gabumon starter": 0.25, "Palmon starter": 0.25}
    for d in share:
        rows = mu[(mu.deck_a == d) & (mu.deck_b != d)]
        ws = np.array([share[x] for x in rows.deck_b])
        assert rank.loc[d, "weighted_win_rate"] == pytest.approx((ws * rows.win_rate_a).sum() / ws.sum())
        assert rank.loc[d, "weighted_ci_lo"] <= rank.loc[d, "weighted_win_rate"] <= rank.loc[d, "weighted_ci_hi"]
        assert rank.loc[d, "share"] == pytest.approx(share[d])
    assert list(res["ranking"].weighted_win_rate) == sorted(res["ranking"].weighted_win_rate, reverse=True)


@pytest.mark.parametrize("text,line,words", [
    ("deck,share\nAgumon starter,1\n,2\n", 3, "missing deck name"),
    ("Agumon starter,1\nGabumon starter,lots\nPalmon starter,1\n", 2, "not a number"),
    ("Agumon starter,1\nGabumon starter,-1\nPalmon starter,1\n", 2, "negative"),
    ("Agumon starter,1\nGabumon starter,1\nagumon-starter,1\n", 3, "listed again (first on line 1)"),
    ("Agumon starter,0\nGabumon starter,0\nPalmon starter,0\n", 3, "sum to 0"),
    ("Agumon starter,1\nGabumon starter,1\n", 2, "no share for 'Palmon starter'"),
    ("Agumon starter,1\nGabumon startr,1\nPalmon starter,1\n", 2, "closest: Gabumon starter"),
    ("Agumon starter,1,2\n", 1, "two columns"),
])
def test_bad_weights_file_is_one_line_error(tmp_path, text, line, words):
    w = tmp_path / "w.csv"
    w.write_text(text)
    r = _cli(["meta", *SMALL, "-n", "10", "--effects", "none", "--weights", w])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    err = [ln for ln in r.output.splitlines() if ln.startswith("error")]
    assert len(err) == 1 and err[0].startswith(f"error: {w}:{line}: ") and words in err[0], r.output


def test_resume_replays_a_damaged_matchup_file(tmp_path):
    from simcli import api

    a = api.meta(SMALL, games=50, seed=8, effects="none", out_dir=tmp_path / "m")
    files = sorted((tmp_path / "m" / ".meta-state" / "matchups").glob("*.npz"))
    assert len(files) == 3
    files[0].write_bytes(b"not a zip")
    files[1].unlink()
    b = api.meta(SMALL, games=50, seed=8, effects="none", out_dir=tmp_path / "m", resume=True)
    assert b["summary"]["resumed_matchups"] == 1
    pd.testing.assert_frame_equal(a["matchups"], b["matchups"])


def test_line_progress_reports_counts_rate_and_time_left(capsys, monkeypatch):
    from simcli.cli import meta as cli_meta

    clock = iter([0.0, 0.0, 5.0, 5.5, 10.0])
    monkeypatch.setattr(cli_meta.time, "monotonic", lambda: next(clock))
    p = cli_meta.LineProgress(every=2.0)
    p(0, 4, 0, 4000)          # start: nothing yet
    p(1, 4, 1000, 4000)       # 5 s later: 1000 games at 200 games/s, 3000 left = 15 s
    p(1, 4, 1100, 4000)       # 0.5 s later: too soon
    p(4, 4, 4000, 4000)       # the end
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["meta: 1/4 matchups, 1,000/4,000 games (25.0 %), 200 games/s, about 15s left",
                     "meta: 4/4 matchups, 4,000/4,000 games (100.0 %), 600 games/s, about 0s left"]
