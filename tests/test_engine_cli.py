"""simcli simulate / replay: JSON keys, errors, replay log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
DECKS = sorted((ROOT / "decks" / "dmcg").glob("*.deck"))
KEYS = ["game", "deck_a", "deck_b", "player_a", "player_b", "effects", "games", "seed", "engine_version", "db_revision",
        "wins_a",
        "wins_b", "draws", "capped", "win_rate_a", "win_rate_a_ci95", "mean_turns", "renewals_per_game_a",
        "renewals_per_game_b", "first_attacker_win_rate", "elapsed_s", "games_per_s", "games_requested", "interrupted"]

assert len(DECKS) >= 2, "the shipped decks (decks/dmcg) are missing: the checkout is broken"


def _app():
    from simcli.cli.main import app

    return app


def test_simulate_json_keys():
    r = CliRunner().invoke(_app(), ["simulate", str(DECKS[0]), str(DECKS[1]), "-n", "300", "--seed", "3",
                                    "--effects", "none", "--json"])
    assert r.exit_code == 0, r.output
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("{")][0]
    s = json.loads(line)
    assert list(s) == KEYS
    assert s["games"] == 300 and s["wins_a"] + s["wins_b"] + s["draws"] + s["capped"] == 300
    lo, hi = s["win_rate_a_ci95"]
    assert lo <= s["win_rate_a"] <= hi


def test_simulate_table_and_bad_deck(tmp_path):
    r = CliRunner().invoke(_app(), ["simulate", str(DECKS[0]), str(DECKS[1]), "-n", "200"])
    assert r.exit_code == 0 and "win rate A" in r.stdout
    bad = tmp_path / "bad.deck"
    bad.write_text("game: dmcg\n3 St-1 Agumon\n2 Nope-999\n")
    r = CliRunner().invoke(_app(), ["simulate", str(bad), str(DECKS[1])])
    assert r.exit_code == 2
    assert "Traceback" not in r.output and f"{bad}:" in r.output


def test_replay_prints_the_log():
    r = CliRunner().invoke(_app(), ["replay", str(DECKS[0]), str(DECKS[1]), "--seed", "3", "--game", "5",
                                    "--effects", "none"])
    assert r.exit_code == 0, r.output
    assert "turn 1:" in r.stdout and "game over" in r.stdout


def test_replay_matches_the_kernel_record():
    from simcli import api

    res = api.simulate(str(DECKS[0]), str(DECKS[1]), games=8, seed=3, effects="none", records=True)
    log = api.replay(str(DECKS[0]), str(DECKS[1]), seed=3, game=7, effects="none")
    rec = res["records"][7]
    assert f"game over in turn {rec['turns']}:" in log[-1] or "capped" in log[-1]


def test_compile_notice_when_the_first_call_is_slow(monkeypatch):
    # issue 12: the notice appears whenever numba compiles (a first call still running after
    # COMPILE_NOTICE_S), whatever the checkout path or cache state; a quick first call stays silent
    from simcli import api
    from simcli.engine import kernel

    real = kernel.run_batch

    def slow_first(*a, **kw):
        if kw.get("nblocks") == 1:
            import time

            time.sleep(0.4)
        return real(*a, **kw)

    monkeypatch.setattr(kernel, "run_batch", slow_first)
    calls = []
    monkeypatch.setattr(api, "COMPILE_NOTICE_S", 0.05)
    api.simulate(DECKS[0], DECKS[1], games=5, on_compile=lambda: calls.append(1))
    assert calls == [1]
    monkeypatch.setattr(api, "COMPILE_NOTICE_S", 30.0)
    api.simulate(DECKS[0], DECKS[1], games=5, on_compile=lambda: calls.append(2))
    assert calls == [1]
