"""Shared fixtures: where the third-party card data lies (never copied into the repository)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# One compiled kernel for the whole suite (CI's budget: one compile): the gated kernels a run without
# a greedy seat or without effect rows gets are compared with it in test_engine_gates.py.
os.environ.setdefault("SIMCLI_KERNEL_GATES", "off")

ROOT = Path(__file__).resolve().parents[1]
# CI and developers have the shared folder beside the checkout: ../shared/data/dmhc.
LACKEY_DIR = ROOT.parent / "shared" / "data" / "dmhc"


@pytest.fixture(scope="session")
def lackey_dir() -> Path:
    # CI and every developer have it (the project's shared folder); without it the importer's tests
    # cannot run, which is a failure to see, not a skip to overlook
    assert (LACKEY_DIR / "CardDataSt1.txt").exists(), f"LackeyCCG card data missing at {LACKEY_DIR}"
    return LACKEY_DIR
