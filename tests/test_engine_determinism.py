"""Determinism: results depend only on (decks, players, effects, seed, games) — DESIGN.md convention 3."""

from __future__ import annotations

import numpy as np

from simcli import api
from simcli.engine import kernel, results
from simcli.engine import reference as R
from simcli.engine.rng import Rng, randint_nb, rng_init_nb, rng_next_nb, shuffle_nb
from simcli.engine.tables import compile_tables
from test_engine_helpers import DECK_1, DECK_2, cards


def test_rng_python_equals_numba():
    for seed, game in ((0, 0), (1, 2), (2**62 + 7, 12345)):
        r = Rng(seed, game)
        st = np.zeros(1, np.uint64)
        rng_init_nb(st, seed, game)
        assert [r.next() for _ in range(5)] == [int(rng_next_nb(st)) for _ in range(5)]
        assert [r.randint(n) for n in range(1, 40)] == [randint_nb(st, n) for n in range(1, 40)]
        a = list(range(29))
        b = np.arange(29, dtype=np.int32)
        r.shuffle(a)
        shuffle_nb(st, b, 29)
        assert a == b.tolist()


def _stats_equal(x, y):
    assert x.keys() == y.keys()
    for k in x:
        assert np.array_equal(x[k], y[k]), k


def test_threads_and_chunks_do_not_change_results():
    a, b = cards(DECK_1), cards(DECK_2)
    runs = [api.simulate(a, b, games=3000, seed=9, effects="none", threads=t, chunk_size=c)
            for t, c in ((1, None), (2, None), (2, 700), (1, 1001))]
    for r in runs[1:]:
        _stats_equal(runs[0]["stats"], r["stats"])
    s = runs[0]["summary"]
    assert s["wins_a"] + s["wins_b"] + s["draws"] + s["capped"] == 3000


def test_stats_match_records_and_layout():
    a, b = cards(DECK_1), cards(DECK_2)
    r = api.simulate(a, b, games=500, seed=4, effects="none", records=True)
    st, rec = r["stats"], r["records"]
    layout = results.new_stats(200, 30)
    assert set(st) == set(layout) and all(st[k].shape == layout[k].shape for k in layout)
    assert st["outcomes"].tolist() == np.bincount(rec["outcome"], minlength=4).tolist()
    assert st["total_turns"][0] == rec["turns"].sum()
    assert st["alive"][1] == 500 and st["points_hist"][0, 1].sum() == 500
    assert st["renewals_by_turn"].sum(axis=1).tolist() == [rec["renewals_a"].sum(), rec["renewals_b"].sum()]
    assert st["first_attacker_seat"].tolist() == np.bincount(rec["first_attacker_t1"], minlength=2).tolist()
    assert st["level_reached"][:, 0].tolist() == [500, 500]


def test_invariants_over_many_games():
    # every card in exactly one zone, points 0..100, hand ≤ 6 after Preparation (checked every turn)
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=False)
    for g in range(150):
        R.play_game(T, 21, g, check=True)
    kernel.run_records(T, 21, 0, 3000, 200, [0, 0], check=True)


def test_numba_disable_jit_gives_the_same_records():
    import os
    import subprocess
    import sys

    code = ("import sys; sys.path.insert(0, 'tests'); from test_engine_helpers import *; "
            "from simcli.engine.tables import compile_tables; from simcli.engine import kernel; "
            "T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=False); "
            "print(kernel.run_records(T, 5, 0, 12, 200, [0, 0]).tolist())")
    root = __import__("pathlib").Path(__file__).resolve().parents[1]
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True)
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=False)
    assert out.stdout.strip() == str(kernel.run_records(T, 5, 0, 12, 200, [0, 0]).tolist())
    assert "Warning" not in out.stderr


def test_invariants_greedy_effects_shipped_decks():
    # every card in exactly one zone, points 0..100, hand ≤ 6 after Preparation — with effects and greedy
    from test_engine_parity import SHIPPED

    assert len(SHIPPED) >= 2, "the shipped decks (decks/dmcg) are missing: the checkout is broken"
    for i in range(len(SHIPPED)):
        T, _ = compile_tables([SHIPPED[i], SHIPPED[(i + 1) % len(SHIPPED)]], effects=True)
        kernel.run_records(T, 33, 0, 500, 200, [1, 0], check=True)
        for g in range(10):
            R.play_game(T, 33, g, players=("greedy", "baseline"), effects_on=True, check=True)


def test_greedy_determinism_threads():
    from test_engine_parity import SHIPPED

    assert len(SHIPPED) >= 2, "the shipped decks (decks/dmcg) are missing: the checkout is broken"
    runs = [api.simulate(SHIPPED[0], SHIPPED[1], games=2000, seed=5, player_a="greedy", player_b="baseline",
                         effects="all", threads=t, chunk_size=c) for t, c in ((1, None), (2, 333))]
    _stats_equal(runs[0]["stats"], runs[1]["stats"])
    assert runs[0]["stats"]["card_uses"].sum() > 0
