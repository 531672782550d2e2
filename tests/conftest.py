"""Shared fixtures: where the third-party card data lies (never copied into the repository)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# CI and developers have the shared folder beside the checkout: ../shared/data/dmhc.
LACKEY_DIR = ROOT.parent / "shared" / "data" / "dmhc"


@pytest.fixture(scope="session")
def lackey_dir() -> Path:
    if not (LACKEY_DIR / "CardDataSt1.txt").exists():
        pytest.skip("LackeyCCG card data not available at ../shared/data/dmhc")
    return LACKEY_DIR
