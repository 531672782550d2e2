"""The random player (issue 12, docs/engine.md "Players"): uniform over the legal choices at every decision
point, drawing from the game's own random stream only when a random seat decides.  Game-by-game parity
of the two engines is in test_engine_parity.py; here its rules and that the other policies are untouched."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np

from simcli import api
from simcli.engine import kernel
from simcli.engine import reference as R
from simcli.engine.reference_random import RandomPlayer, pick
from simcli.engine.rng import Rng
from simcli.engine.tables import compile_tables
from test_engine_helpers import DECK_1, DECK_2, cards
from test_engine_rules import digi, fill

DECKS = Path(__file__).resolve().parents[1] / "decks" / "dmcg"


def test_pick_draws_only_between_two_choices_or_more():
    r = Rng(1, 0)
    assert pick(r, 0) == 0 and pick(r, 1) == 0 and r.draws == 0
    assert all(0 <= pick(r, 3) < 3 for _ in range(50)) and r.draws == 50


def test_random_partner_is_uniform_over_the_level_iii_cards():
    a = fill([digi("P1"), digi("P2"), digi("P3")])
    T, _ = compile_tables([a, fill([digi("Beta")])], effects=False)
    l3 = [i for i in range(30) if T.kind[0, i] == 0 and T.level[0, i] == 0]
    got = Counter(RandomPlayer().partner(T, 0, Rng(3, g)) for g in range(3000))
    assert set(got) == set(l3)
    for c in l3:
        assert abs(got[c] / 3000 - 1 / len(l3)) < 0.05


def test_random_discards_each_card_with_one_half():
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=False)
    g = R.Game(T, 5, 0, [RandomPlayer(), RandomPlayer()])
    g.setup()
    sizes = Counter(len(RandomPlayer().discard(g, g.ps[0])) for _ in range(4000))
    # 6 cards, each discarded with 1/2: Binomial(6, 1/2) has mean 3
    assert abs(sum(k * n for k, n in sizes.items()) / 4000 - 3.0) < 0.1 and sizes[0] > 0 and sizes[6] > 0


def test_baseline_and_greedy_seats_draw_nothing_at_setup():
    # the setup's draws: two Fisher-Yates shuffles of 29 cards and the coin — a baseline or greedy partner
    # is not drawn (their games are the same as before the random player; the report's record hashes)
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=True)
    for players in (("baseline", "baseline"), ("greedy", "baseline")):
        g = R.Game(T, 9, 0, [R.make_player(p) for p in players])
        g.setup()
        assert g.rng.draws == 28 + 28 + 1
    g = R.Game(T, 9, 0, [R.make_player("random"), R.make_player("baseline")])
    g.setup()
    assert g.rng.draws == 28 + 28 + 1 + 1  # DECK_1 has several Level III cards: one draw for the partner


def test_random_seat_changes_only_its_games():
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=True)
    bb = kernel.run_records(T, 4, 0, 300, 200, [0, 0])
    rb = kernel.run_records(T, 4, 0, 300, 200, [2, 0])
    rb2 = kernel.run_records(T, 4, 0, 300, 200, [2, 0])
    assert not np.array_equal(bb["outcome"], rb["outcome"])
    for name in rb.dtype.names:  # reproducible: same seed, same games
        assert np.array_equal(rb[name], rb2[name]), name
    # a random player is much weaker than the baseline
    assert (rb["outcome"] == 1).sum() > (rb["outcome"] == 0).sum()


def test_api_and_replay_accept_random():
    a, b = DECKS / "agumon-starter.deck", DECKS / "gabumon-starter.deck"
    res = api.simulate(a, b, games=500, seed=2, player_a="random", player_b="greedy", effects="all")["summary"]
    assert res["player_a"] == "random" and res["wins_a"] + res["wins_b"] + res["draws"] + res["capped"] == 500
    log = api.replay(a, b, seed=2, game=3, player_a="random", player_b="greedy", effects="all")
    assert "players random/greedy" in log[0]
