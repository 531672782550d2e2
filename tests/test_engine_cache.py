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
