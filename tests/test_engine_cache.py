"""numba's cache follows every engine source, not only the decorated function's own file."""

from __future__ import annotations

import os
import subprocess
import sys

import simcli.engine as engine


def test_cache_folder_is_named_after_all_engine_sources(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    h = engine.source_hash()
    assert len(h) == 16 and engine.cache_dir() == tmp_path / "simcli" / "numba" / h
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert engine.cache_dir() == tmp_path / "mine"  # the user's choice wins


def test_numba_uses_that_folder(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", "import simcli.engine as e, numba; print(numba.config.CACHE_DIR)"],
                         capture_output=True, text=True, env=env, check=True).stdout.strip()
    assert out == str(tmp_path / "simcli" / "numba" / engine.source_hash())


def test_cache_key_is_the_compiled_sources_only():
    # issue 12: the reference engine and the bridge are not compiled — editing them keeps the cache;
    # the constants the kernel freezes (simcli/codes.py) are part of the key
    names = {p.name for p in engine.compiled_sources()}
    assert {"kernel.py", "kernel_effects.py", "players.py", "rng.py", "state.py", "codes.py", "policies.py",
            "policy_baseline.py", "policy_greedy.py", "policy_random.py"} <= names
    assert not {n for n in names if n.startswith("reference")} | (names & {"bridge.py", "__init__.py"})


def test_cli_cards_and_decks_never_import_the_engine():
    # issue 12: `simcli --help`, `deck …` and `cards …` start without numba (the effect language's codes
    # live in simcli/codes.py, outside the engine package)
    code = ("import sys, simcli.cli.main, simcli.cards.translate, simcli.cards.effects, simcli.decks; "
            "from simcli.decks import load_deck; load_deck('decks/dmcg/agumon-starter.deck'); "
            "print(sorted(m for m in sys.modules if m == 'numba' or m.startswith('simcli.engine')))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout
    assert out.strip() == "[]"
