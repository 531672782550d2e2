"""simcli bench: runs at tiny sizes and reports sane, positive figures under the documented keys.

No wall-clock assertions: the goals are reported by the bench, never asserted here.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from simcli.bench import DEFAULT_DECKS, GOALS, bench, records_equal, size_key, startup_times
from simcli.engine.results import RECORD_DTYPE

DOCUMENTED = ("kernel_games_per_s", "kernel_turns_per_s", "reference_games_per_s", "speedup_vs_reference",
              "thread_scaling", "compile_s", "cached_start_s", "peak_rss_mb", "engines_agree", "engine_version",
              "numba_version", "cpu_count", "configs", "goals", "seed", "limit_proxy_turns_per_s", "fraction_of_limit")


@pytest.fixture(scope="module")
def quick():
    return bench(games=3000, ref_games=20, quick=True, startup=False, memory_games=(1000, 4000), reps=1,
                 min_time=0.05)


def test_documented_keys(quick):
    for k in DOCUMENTED:
        assert k in quick, k
    assert set(quick["goals"]) == set(GOALS)
    assert quick["compile_s"] is None and quick["cached_start_s"] is None  # startup=False
    json.dumps(quick)  # one JSON object


def test_figures_positive(quick):
    for k in ("kernel_games_per_s", "kernel_turns_per_s", "reference_games_per_s", "speedup_vs_reference",
              "thread_scaling"):
        assert quick[k] > 0, k
    assert quick["kernel_turns_per_s"] > quick["kernel_games_per_s"]  # a game lasts at least one turn
    assert set(quick["configs"]) == {"baseline/none", "greedy/all", "greedy/all late-meta", "appmon baseline/none",
                                     "appmon greedy/all"}
    # issue 13: the second game is benched beside the DMCG, its engines agreeing game by game
    assert quick["configs"]["appmon greedy/all"]["engines_agree"] is True
    assert quick["configs"]["appmon baseline/none"]["thread_invariant"] is True
    assert quick["goals"]["appmon_greedy_all_games_per_s"]["value"] == quick["configs"]["appmon greedy/all"][
        "kernel_games_per_s"]
    assert quick["configs"]["greedy/all late-meta"]["engines_agree"] is True
    base = quick["configs"]["baseline/none"]
    assert base["engines_agree"] is True
    assert quick["engines_agree"] is True
    assert base["thread_invariant"] is True
    assert base["subset_games"] == 20 and base["reference_turns"] == base["subset_turns"]
    assert base["mean_turns"] >= 1


def test_limit_proxy_figures(quick):
    """issue 14: the proxy runs in the same bench run; the fraction is the kernel's turns/s over it."""
    for key, c in quick["configs"].items():
        if key.startswith("appmon "):  # the proxy models the DMCG only
            assert c["limit_proxy_turns_per_s"] is None and c["fraction_of_limit"] is None
            continue
        assert c["limit_proxy_turns_per_s"] > 0 and c["limit_proxy_turns_per_s_1t"] > 0, key
        assert c["fraction_of_limit"] == pytest.approx(c["kernel_turns_per_s"] / c["limit_proxy_turns_per_s"])
        assert c["limit_proxy_turns"] >= c["games"]  # every proxy game lasts at least one turn
    assert quick["goals"]["greedy_all_fraction_of_limit"]["value"] == quick["configs"]["greedy/all"]["fraction_of_limit"]


def test_limit_proxy_is_a_game_of_the_seed():
    """The proxy's work does not depend on the block split (same games whatever the threads) and ends
    every game: turns are between games and games × turn cap."""
    from simcli import api
    from simcli.engine.limit_proxy import run_proxy

    T = api.prepare(*DEFAULT_DECKS, "none")[0]
    a = run_proxy(T, 7, 500, nblocks=1)
    assert a == run_proxy(T, 7, 500, nblocks=7) == run_proxy(T, 7, 500, nblocks=3)
    assert 500 < a < 500 * 200
    assert run_proxy(T, 7, 500, turn_cap=1) == 500


def test_memory_flat_and_positive(quick):
    peaks = quick["peak_rss_mb"]
    assert set(peaks) == {"1e3", "4000"}
    assert all(v > 10 for v in peaks.values())
    assert isinstance(quick["memory_flat"], bool)
    assert quick["rss_1e8_mb_extrapolated"] >= max(peaks.values())


@pytest.mark.slow
def test_startup_subprocesses():
    """The compile (fresh empty NUMBA_CACHE_DIR) and cached start-up subprocesses, once (~30-60 s:
    a full compile of the kernel; deselect with -m "not slow")."""
    st = startup_times(DEFAULT_DECKS)
    assert st["compile_s"] > 0 and st["cached_start_s"] > 0 and st["fresh_start_s"] >= st["compile_s"]
    assert st["cached_first_call_s"] > 0


def test_cli_json():
    from simcli.cli.main import app

    r = CliRunner().invoke(app, ["bench", "--quick", "--games", "1000", "--ref-games", "5", "--no-startup",
                                 "--no-memory", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout[r.stdout.index("{"):])
    assert out["kernel_games_per_s"] > 0 and out["peak_rss_mb"] is None and out["games"] == 1000


def test_cli_table():
    from simcli.cli.main import app

    r = CliRunner().invoke(app, ["bench", "--quick", "--games", "1000", "--ref-games", "5", "--no-startup",
                                 "--no-memory"])
    assert r.exit_code == 0, r.output
    assert "baseline/none" in r.stdout and "goals" in r.stdout


def test_helpers():
    a = np.zeros(3, RECORD_DTYPE)
    a["game"] = [0, 1, 2]
    b = a.copy()
    assert records_equal(a, b) == (True, [])
    b["turns"][1] = 7
    assert records_equal(a, b) == (False, [1])
    assert size_key(10**5) == "1e5" and size_key(10**7) == "1e7" and size_key(2500) == "2500"


def test_cli_without_the_shipped_decks_is_one_line(monkeypatch, tmp_path):
    # issue 12: installed from a wheel there is no decks/ folder: bench says so and how to go on
    import simcli.bench as B
    from simcli.cli.main import app

    monkeypatch.setattr(B, "DEFAULT_DECKS", (tmp_path / "a.deck", tmp_path / "b.deck"))
    r = CliRunner().invoke(app, ["bench", "--quick", "--no-startup", "--no-memory"])
    assert r.exit_code == 2
    assert "shipped decks are not installed" in r.output and "--deck-a" in r.output
