"""The gated kernels (issue 12, docs/performance.md "Compiling only the policies a run uses"): a run
without a greedy seat compiles a kernel without the greedy code, and without effect or appearance rows
one without the effect code too; each must play exactly the games the full kernel plays.  (The suite
otherwise runs the full kernel only: SIMCLI_KERNEL_GATES=off in conftest.py; here the two kernels a
baseline run needs are compiled once more — the README's first command uses the second.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simcli import api
from simcli.engine import kernel

DECKS = Path(__file__).resolve().parents[1] / "decks" / "dmcg"


def test_gates_follow_the_players_and_the_tables(monkeypatch):
    monkeypatch.setenv("SIMCLI_KERNEL_GATES", "on")
    none = kernel.kernel_tables(api.prepare(DECKS / "agumon-starter.deck", DECKS / "gabumon-starter.deck", "none")[0])
    full = kernel.kernel_tables(api.prepare(DECKS / "agumon-starter.deck", DECKS / "gabumon-starter.deck", "all")[0])
    app = kernel.kernel_tables(api.prepare(DECKS / "omegamon-re137.deck", DECKS / "gabumon-starter.deck", "none")[0])
    assert kernel.greedy_gate([0, 0]) is None and kernel.greedy_gate([0, 1]) is True
    assert kernel.policy_gates([0, 0]) == (None, None) and kernel.policy_gates([2, 1]) == (True, True)
    assert kernel.policy_gates([0, 2]) == (None, True)
    assert kernel.effects_gate(none) is None and kernel.effects_gate(full) is True
    assert kernel.effects_gate(app) is True  # appearance rows are a rule of play: kept with effects none
    monkeypatch.setenv("SIMCLI_KERNEL_GATES", "off")
    assert kernel.greedy_gate([0, 0]) is True and kernel.effects_gate(none) is True
    assert kernel.policy_gates([0, 0]) == (True, True)


@pytest.mark.parametrize("effects,deck_b", [("none", "gabumon-starter.deck"),  # no greedy, no effect code
                                             ("all", "omegamon-re137.deck")])  # no greedy, effects + appearance
def test_gated_kernel_plays_the_same_games(monkeypatch, effects, deck_b):
    """The two kernels a baseline run compiles (the README's first command is the second one)."""
    players = (0, 0)
    T = api.prepare(DECKS / "agumon-starter.deck", DECKS / deck_b, effects)[0]
    full = kernel.run_records(T, 11, 0, 400, 200, players, check=True)
    monkeypatch.setenv("SIMCLI_KERNEL_GATES", "on")
    gated = kernel.run_records(T, 11, 0, 400, 200, players, check=True)
    assert kernel.policy_gates(players) == (None, None)
    assert kernel.effects_gate(kernel.kernel_tables(T)) is (None if effects == "none" else True)
    for name in full.dtype.names:
        assert np.array_equal(full[name], gated[name]), name


@pytest.mark.slow
@pytest.mark.parametrize("players,effects", [((1, 1), "none"), ((1, 0), "none"), ((2, 0), "all")])
def test_other_gated_kernels_play_the_same_games(monkeypatch, players, effects):
    """Opt-in (-m slow): a greedy seat without effect code (a compile)."""
    T = api.prepare(DECKS / "agumon-starter.deck", DECKS / "gabumon-starter.deck", effects)[0]
    full = kernel.run_records(T, 11, 0, 300, 200, players, check=True)
    monkeypatch.setenv("SIMCLI_KERNEL_GATES", "on")
    gated = kernel.run_records(T, 11, 0, 300, 200, players, check=True)
    for name in full.dtype.names:
        assert np.array_equal(full[name], gated[name]), name
