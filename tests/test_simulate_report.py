"""`simcli simulate … --out DIR`: the report folder of a real (small) run, reproducible."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from simcli.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
A = str(ROOT / "decks/dmcg/agumon-starter.deck")
B = str(ROOT / "decks/dmcg/gabumon-starter.deck")
runner = CliRunner()


def _run(out: Path) -> dict:
    r = runner.invoke(app, ["simulate", A, B, "-n", "300", "--seed", "5", "--player", "greedy", "--out", str(out),
                            "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_report_folder_is_written_and_reproducible(tmp_path):
    s1, s2 = _run(tmp_path / "one"), _run(tmp_path / "two")
    files = sorted(p.name for p in (tmp_path / "one").iterdir())
    for name in ("summary.json", "report.md", "report.html", "point_curves.csv", "point_curves.parquet",
                 "point_curves.png", "first_attack.png", "renewals.png", "win_by_length.png"):
        assert name in files and (tmp_path / "one" / name).stat().st_size > 0, name
    # same arguments → same tables (timing lives only in summary.json)
    for name in files:
        if name.endswith((".csv", ".md")):
            assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name
    summary = json.loads((tmp_path / "one" / "summary.json").read_text())
    assert summary["games"] == 300 and summary["seed"] == 5 and summary["wins_a"] == s1["wins_a"] == s2["wins_a"]
    html = (tmp_path / "one" / "report.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in html and "Agumon starter" in html


def test_unwritable_report_folder_is_a_clean_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = runner.invoke(app, ["simulate", A, B, "-n", "10", "--out", str(blocker / "sub")])
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_interrupted_run_keeps_finished_chunks(monkeypatch):
    """Long runs never lose finished work: Ctrl-C after some chunks returns those games."""
    from simcli import api

    calls = {"n": 0}

    def progress(done, total):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt

    res = api.simulate(A, B, games=400, seed=3, chunk_size=100, progress=progress)
    assert res["interrupted"] and res["summary"]["games"] == 200
    full = api.simulate(A, B, games=200, seed=3)
    assert res["summary"]["interrupted"] is True and res["summary"]["games_requested"] == 400
    run_keys = ("elapsed_s", "games_per_s", "interrupted", "games_requested")
    assert {k: v for k, v in res["summary"].items() if k not in run_keys} == \
        {k: v for k, v in full["summary"].items() if k not in run_keys}
