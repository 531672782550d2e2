"""simcli.plots and simcli.report: figures and report files are produced, complete, reproducible."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from simcli import plots
from simcli import report as R
from simcli import stats as S
from simcli.engine.enums import OUT_A, OUT_B, OUT_CAPPED, OUT_DRAW
from simcli.engine.results import new_stats

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
TCAP = 40


def _synthetic(n_games=120, seed=3):
    """A small random process with the shape of a game: points drain, renewals, capped games."""
    rng = np.random.default_rng(seed)
    recs, paths, battles, ren = [], [], [], []
    for _g in range(n_games):
        pa = pb = 100
        path, bat, rn = [], [], []
        t = 0
        while True:
            t += 1
            r = int(rng.integers(0, 3))
            bat.append(r)
            if r == 0:
                pb = max(0, pb - int(rng.integers(5, 35)))
            elif r == 1:
                pa = max(0, pa - int(rng.integers(5, 35)))
            else:
                pa, pb = max(0, pa - 10), max(0, pb - 10)
            path.append((pa, pb))
            if t % 6 == 0:
                rn.append((t, int(rng.integers(0, 2))))
            if pa == 0 or pb == 0 or t == TCAP:
                break
        oc = OUT_CAPPED if pa and pb else OUT_DRAW if not pa and not pb else OUT_A if not pb else OUT_B
        recs.append({"outcome": oc, "turns": t, "first_attacker_t1": int(rng.integers(0, 2))})
        paths.append(path)
        battles.append(bat)
        ren.append(rn)
    uses = [[[1, 0, 2], [0, 1]] for _ in range(n_games)]
    levels = [[[0, 1], [0]] for _ in range(n_games)]
    return S.stats_from_records(
        recs, paths, turn_cap=TCAP, n_cards=3, battles=battles, renewal_turns=ren, card_uses=uses, levels=levels
    )


META = {
    "game": "dmcg",
    "deck_a": "agumon.deck",
    "deck_b": "gabumon.deck",
    "player_a": "baseline",
    "player_b": "baseline",
    "effects": "none",
    "games": 120,
    "seed": 42,
    "engine_version": "1",
    "elapsed_s": 1.234,
    "games_per_s": 97.2,
}
DECKS = [[("St-1", "Agumon"), ("Bo-1", "Power"), ("Bo-2", "Speed")], [("St-2", "Gabumon"), ("Bo-3", "X")]]
TEXTS = ("game: dmcg\n3 St-1 Agumon\n", "game: dmcg\n3 St-2 Gabumon\n")


@pytest.fixture(scope="module")
def stats():
    return _synthetic()


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory, stats):
    out = tmp_path_factory.mktemp("report")
    paths = R.write_report(out, stats, META, deck_lists=DECKS, decks_text=TEXTS)
    return out, paths


# ---- figures ---------------------------------------------------------------------------------


def test_figures_return_figure_or_png(tmp_path, stats):
    tables = S.all_tables(stats)
    calls = [
        (plots.plot_point_curves, (tables["point_curves"], ("a", "b"))),
        (plots.plot_win_by_length, (tables["win_by_length"], ("a", "b"))),
        (plots.plot_renewals, (tables["renewals_per_game"], ("a", "b"))),
        (plots.plot_first_attack, (tables["first_attack"],)),
    ]
    for i, (fn, args) in enumerate(calls):
        fig = fn(*args)
        assert isinstance(fig, Figure)
        ax = fig.axes[0]
        assert ax.get_title() and ax.get_ylabel()
        p = fn(*args, path=tmp_path / f"f{i}.png")
        assert p == tmp_path / f"f{i}.png" and p.read_bytes().startswith(PNG_MAGIC) and p.stat().st_size > 5000


def test_point_curves_figure_has_bands_and_labels(stats):
    fig = plots.plot_point_curves(S.point_curves(stats), ("Agumon", "Gabumon"))
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("Agumon" in x and "mean" in x for x in labels)
    assert any("Gabumon" in x and "25" in x for x in labels)
    assert len(ax.collections) >= 2  # the two quartile bands


def test_figures_on_empty_tables(tmp_path):
    t = S.all_tables(new_stats(10, 1))
    for p in plots.all_figures(t, tmp_path):
        assert p.read_bytes().startswith(PNG_MAGIC)


# ---- report folder ----------------------------------------------------------------------------


def test_report_files(report_dir):
    out, paths = report_dir
    names = {p.name for p in paths}
    assert paths == sorted(paths) and all(p.parent == out for p in paths)
    for stem in S.all_tables(new_stats(5, 1)):
        assert f"{stem}.csv" in names and f"{stem}.parquet" in names
    for fn, _ in R.FIGURES:
        assert fn in names
    assert {"summary.json", "report.md", "report.html"} <= names
    for p in paths:
        assert p.exists() and p.stat().st_size > 0, p


def test_summary_json(report_dir, stats):
    out, _ = report_dir
    js = json.loads((out / "summary.json").read_text())
    expected = S.summary(stats, META)
    for k in ("games", "wins_a", "wins_b", "draws", "capped", "seed", "engine_version", "deck_a", "player_b"):
        assert js[k] == expected[k]
    assert js["win_rate_a"] == pytest.approx(expected["win_rate_a"])
    assert js["win_rate_a_ci95"] == pytest.approx(expected["win_rate_a_ci95"])
    assert js["elapsed_s"] == 1.234 and set(js["nondeterministic_keys"]) == {"elapsed_s", "games_per_s"}
    # DESIGN.md --json keys present
    for k in ("deck_a", "deck_b", "games", "seed", "engine_version", "wins_a", "wins_b", "draws", "capped",
              "win_rate_a", "win_rate_a_ci95", "mean_turns", "renewals_per_game_a", "renewals_per_game_b",
              "first_attacker_win_rate"):  # fmt: skip
        assert k in js


def test_parquet_equals_csv(report_dir):
    out, _ = report_dir
    for pq in sorted(out.glob("*.parquet")):
        a = pd.read_parquet(pq)
        dtypes = {c: ("string" if str(t) in ("object", "str", "string") else t) for c, t in a.dtypes.items()}
        b = pd.read_csv(pq.with_suffix(".csv"), dtype=dtypes, keep_default_na=False, na_values=[""])
        a = a.astype({c: "string" for c, t in dtypes.items() if t == "string"})
        pd.testing.assert_frame_equal(a, b, check_exact=False, rtol=1e-12, obj=pq.name)


def test_tables_written_equal_stats_tables(report_dir, stats):
    out, _ = report_dir
    tables = S.all_tables(stats, META, DECKS)
    for name, df in tables.items():
        pd.testing.assert_frame_equal(pd.read_parquet(out / f"{name}.parquet"), df, obj=name)


def test_report_md_and_html(report_dir):
    out, _ = report_dir
    md = (out / "report.md").read_text()
    for s in ("agumon.deck", "gabumon.deck", "baseline", "42", "engine version", "3 St-1 Agumon", "point_curves.png"):
        assert s in md, s
    assert "1.234" not in md  # no timing outside summary.json
    html = (out / "report.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and "</html>" in html
    for s in ("agumon.deck", "gabumon.deck", "seed", "42", "engine version", "3 St-1 Agumon", "<table"):
        assert s in html, s
    assert "1.234" not in html
    # self-contained: every image is an embedded PNG, no external references
    imgs = re.findall(r'<img [^>]*src="([^"]+)"', html)
    assert len(imgs) == len(R.FIGURES)
    for src in imgs:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1]).startswith(PNG_MAGIC)
    assert not re.search(r'(src|href)="(?!data:)', html)


def test_report_is_deterministic(tmp_path, stats):
    a, b = tmp_path / "a", tmp_path / "b"
    pa = R.write_report(a, stats, META, deck_lists=DECKS, decks_text=TEXTS)
    meta2 = dict(META, elapsed_s=99.0, games_per_s=1.0)  # only the timing changes
    pb = R.write_report(b, stats, meta2, deck_lists=DECKS, decks_text=TEXTS)
    assert [p.name for p in pa] == [p.name for p in pb]
    for p, q in zip(pa, pb):
        if p.name == "summary.json":
            ja, jb = json.loads(p.read_text()), json.loads(q.read_text())
            for k in ja["nondeterministic_keys"]:
                ja.pop(k), jb.pop(k)
            assert ja == jb
        else:
            assert p.read_bytes() == q.read_bytes(), p.name


def test_report_minimal_arguments(tmp_path):
    st = _synthetic(20, seed=9)
    paths = R.write_report(tmp_path / "r", st)
    names = {p.name for p in paths}
    assert "report.html" in names and "summary.json" in names
    js = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert js["games"] == 20 and "nondeterministic_keys" not in js


def test_report_on_empty_run(tmp_path):
    paths = R.write_report(tmp_path / "e", new_stats(10, 2))
    js = json.loads((tmp_path / "e" / "summary.json").read_text())
    assert js["games"] == 0 and js["win_rate_a"] is None  # NaN → null in JSON
    assert all(Path(p).exists() for p in paths)
