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


# ---- compiling in the background while the tests that need no kernel run (issue 12: `.ci/run` ≤ 6 min) ----
# The suite compiles three kernels (tests/warm_kernels.py, docs/performance.md "The test suite"): "full", the
# whole game kernel with every gate on (SIMCLI_KERNEL_GATES=off above); "turn", one turn called directly
# (test_engine_helpers.both_turn: the scenario tests; the game kernel inlines its turn, so this is a compile
# of its own); "gated", the two kernels a baseline run uses and the limit proxy.  They compile in background
# processes that fill numba's on-disk cache; the tests that need no kernel run first, then each module
# waits only for the kernels it needs (NEEDS) and loads them from the cache.  "full" starts at once; "turn"
# and "gated" start when it is done (AFTER): most of what they call (the rules, the effect interpreter, the
# policies) are functions of their own that "full" has compiled and cached, which they then load instead of
# compiling them a second time alongside it.  While the test process would only wait for a compile, it
# plays ahead the kernel-free half of the tests still to come (a module's ``prefetch(item)``: the reference
# engine's games of test_engine_parity).  A module missing from these tables waits for every kernel; a
# kernel a module needs but does not wait for is compiled by the test itself: results never depend on
# these tables, only the time does.
KERNEL_FREE = {  # no DMCG game kernel (the Appmon modules compile their small kernel themselves, ~20 s)
    "test_appmon_cli", "test_appmon_rules", "test_appearance", "test_card_db", "test_decks", "test_effect_language", "test_engine_cache",
    "test_engine_tables", "test_fuzz_decks", "test_report", "test_requirements", "test_stats",
    "test_tests_hide_nothing", "test_translate",
}
NEEDS = {
    "test_engine_parity": ("full",), "test_engine_determinism": ("full",), "test_random_player": ("full",),
    "test_reliability": ("full",), "test_meta": ("full",), "test_simulate_report": ("full",), "test_engine_cli": ("full",),
    "test_engine_helpers": ("turn",), "test_engine_effects": ("turn",), "test_engine_fidelity": ("turn",),
    "test_engine_magnamon": ("turn",), "test_engine_cov7": ("turn",), "test_engine_cov8": ("turn",), "test_engine_metadecks": ("turn",),
    "test_engine_cov9a": ("turn",), "test_engine_cov9b": ("turn",), "test_engine_cov9c": ("turn", "full"),
    "test_engine_cov10a": ("turn",), "test_engine_cov10b": ("turn",), "test_engine_cov10c": ("turn",),
    "test_engine_cov10d": ("turn",), "test_engine_rul10e": ("turn",), "test_engine_kwpass": ("turn",),
    
    "test_engine_cov12d": ("turn",), "test_engine_cov12c": ("turn",), "test_engine_cov12a": ("turn",), "test_engine_cov12b": ("turn",),
    "test_engine_cov13a": ("turn",), "test_engine_cov13b": ("turn",), "test_engine_cov13d": ("turn", "full"), "test_engine_cov13f": ("turn",), "test_engine_cov13c": ("turn",), "test_engine_cov13e": ("turn",), "test_engine_cov13g": ("turn", "full"),
    "test_engine_cov11g": ("turn",), "test_engine_cov11f": ("turn",), "test_engine_cov11a": ("turn",), "test_engine_cov11b": ("turn",), "test_engine_cov11c": ("turn",), "test_engine_cov11d": ("turn",), "test_engine_cov11e": ("turn",),
    "test_engine_headline": ("turn", "full"), "test_frame_names": ("turn",),
    "test_requirement_cards": ("turn", "full"),
    "test_requirement_engine": ("turn", "full"),
    "test_engine_rules": ("turn", "full"),
    "test_engine_gates": ("full", "gated"), "test_bench": ("full", "gated"),
}
WARM_MODES = ("full", "turn", "gated")
AFTER = {"turn": "full", "gated": "full"}  # started once "full" has finished (when this run wants "full")
_WANTED: set[str] = set()  # the kernels this run's tests need
_WARMERS: dict[str, tuple[object, object]] = {}  # mode -> (Popen, log file), once started
_WAITED: set[str] = set()  # a failure is reported to the first test that needs the kernel
_PREFETCHED: set[str] = set()  # tests prefetch() has served, or that have started (nothing left to play ahead)


def _module(item) -> str:
    return item.module.__name__.rpartition(".")[2] if getattr(item, "module", None) else ""


def _needs(module: str) -> tuple[str, ...]:
    return () if module in KERNEL_FREE else NEEDS.get(module, WARM_MODES)


def _rank(module: str) -> int:
    """Run order: no kernel; "full" only (while "turn" and "gated" compile); "turn"; "gated"."""
    needs = _needs(module)
    return 0 if not needs else 3 if "gated" in needs else 2 if "turn" in needs else 1


def _start_ready() -> None:
    """Start each wanted kernel whose prerequisite (AFTER) this run does not want or has finished."""
    import subprocess
    import sys
    import tempfile

    for mode in WARM_MODES:
        if mode not in _WANTED or mode in _WARMERS:
            continue
        pre = AFTER.get(mode)
        if pre in _WANTED and (pre not in _WARMERS or _WARMERS[pre][0].poll() is None):
            continue  # its prerequisite is still compiling (or was never started: waited below)
        log = tempfile.TemporaryFile(mode="w+")
        proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "warm_kernels.py"), mode], cwd=ROOT,
                                stdout=log, stderr=subprocess.STDOUT)
        _WARMERS[mode] = (proc, log)


def pytest_collection_modifyitems(session, config, items):
    # no kernel first, then the modules in the order their kernels are expected to be ready
    items.sort(key=lambda i: _rank(_module(i)))
    if os.environ.get("NUMBA_DISABLE_JIT") == "1" or os.environ.get("SIMCLI_TEST_WARM", "1") == "0":
        return
    _WANTED.update(m for i in items for m in _needs(_module(i)))
    _start_ready()


def _prefetch(items, proc) -> None:
    """While the test process would only wait for a compile: the kernel-free half of the tests still to
    come, for the modules that define ``prefetch(item)`` (test_engine_parity: the reference engine's
    games), one test at a time until the compile is done — then the kernels that wait for it start."""
    for item in items:
        if proc.poll() is not None:
            return
        f = getattr(getattr(item, "module", None), "prefetch", None)
        if f is not None and item.nodeid not in _PREFETCHED:
            _PREFETCHED.add(item.nodeid)
            f(item)


def _wait(mode: str, items=()) -> None:
    if mode in _WAITED:
        return
    if mode not in _WARMERS:  # its prerequisite is still compiling
        _wait(AFTER[mode], items)
        _start_ready()
    proc, log = _WARMERS[mode]
    _prefetch(items, proc)
    _WAITED.add(mode)
    if proc.wait() != 0:
        log.seek(0)
        pytest.fail(f"tests/warm_kernels.py {mode} failed (exit {proc.returncode}):\n{log.read()[-2000:]}")
    _start_ready()  # the kernels that waited for this one start now, not at the next test


@pytest.fixture(autouse=True)
def _kernels_compiled(request):
    """A test that runs a kernel starts once the background compile of that kernel is done."""
    _start_ready()  # a prerequisite finished while the tests before this one ran: start what waited for it
    _PREFETCHED.add(request.node.nodeid)
    for mode in _needs(_module(request.node)):
        if mode in _WANTED:
            _wait(mode, request.session.items)
    yield


def pytest_sessionfinish(session, exitstatus):
    for proc, _ in _WARMERS.values():  # a run stopped early (-x, Ctrl-C): no compile left behind
        if proc.poll() is None:
            proc.kill()
            proc.wait()
