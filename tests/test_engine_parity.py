"""Parity: the numba kernel and the pure-Python reference engine play identical games (DESIGN.md 5).

Every per-game record (winner, turns, final points, renewals per player, first-attacker sequence
hash, turn-1 first attacker) must be equal, for N_GAMES seeded games per deck pair and setting.  What
a count reaches is measured by benchmarks/parity_coverage.py (the reference engine's branches by game
count; docs/performance.md, "The test suite on a fresh clone"): 300 games a configuration reach all but
a few branches that a game takes about once in a thousand; ``-m slow`` plays the 2,000-game sweep
(LONG_GAMES) for those.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simcli.codes import PLAYER_NAMES
from simcli.engine import kernel
from simcli.engine import reference as R
from simcli.engine.tables import compile_tables
from test_engine_helpers import DECK_1, DECK_2, DECK_3, cards

N_GAMES = 300
LONG_GAMES = 2000  # the opt-in sweep (-m slow)
LONG = pytest.param(LONG_GAMES, marks=pytest.mark.slow, id="long")
HAND_PAIRS = [(DECK_1, DECK_2), (DECK_2, DECK_3), (DECK_3, DECK_1)]
ROOT = Path(__file__).resolve().parents[1]


def _shipped():
    from simcli.decks import load_deck

    files = sorted((ROOT / "decks" / "dmcg").glob("*.deck"))
    assert len(files) >= 10, "the shipped decks are missing"
    return [load_deck(f).cards() for f in files]


SHIPPED = _shipped()


def _reference(T, players, effects_on, seed, n=N_GAMES):
    return [R.play_game(T, seed, g, players=players, effects_on=effects_on).record() for g in range(n)]


_REFERENCE: dict = {}  # test name -> its reference records, played ahead by prefetch()


def _compare(T, players, effects_on, seed, n=N_GAMES, key=None):
    ref = _REFERENCE.pop(key, None)
    if ref is None:
        ref = _reference(T, players, effects_on, seed, n)
    rec = kernel.run_records(T, seed, 0, n, 200, [PLAYER_NAMES.index(p) for p in players])
    bad = [(r, tuple(int(x) for x in k)) for r, k in zip(ref, rec) if r != tuple(int(x) for x in k)]
    assert not bad, f"{len(bad)} of {n} games differ, first (reference, kernel): {bad[0]}"
    # the games are not all alike: both seats attack first in some (C-ORD-1's coin) and the records differ
    assert len({r[-1] for r in ref}) == 2 and len({r[1:5] for r in ref}) >= 2
    if n >= LONG_GAMES:  # not all the same outcome (a lopsided pairing may win all of N_GAMES games)
        assert len({r[1] for r in ref}) >= 2


def _hand_built(pair, n):
    a, b = HAND_PAIRS[pair]
    T, _ = compile_tables([cards(a), cards(b)], effects=False)
    return T, ("baseline", "baseline"), False, 11 + pair, n


@pytest.mark.parametrize("n", [N_GAMES, LONG])
@pytest.mark.parametrize("pair", range(len(HAND_PAIRS)))
def test_parity_baseline_no_effects_hand_built(pair, n, request):
    _compare(*_hand_built(pair, n), key=request.node.name)


CONFIGS = [(("baseline", "baseline"), False), (("baseline", "baseline"), True), (("greedy", "greedy"), True),
           (("greedy", "baseline"), True),
           # the random player (issue 12): against each policy, effects none and all
           (("random", "baseline"), False), (("random", "baseline"), True), (("greedy", "random"), True),
           (("random", "greedy"), False), (("random", "random"), True)]


def _shipped_config(pair, config, n):
    assert len(SHIPPED) >= 4, "the shipped decks (decks/dmcg) are missing: the checkout is broken"
    players, eff = CONFIGS[config]
    i = (3 * pair + config) % len(SHIPPED)
    a, b = SHIPPED[i], SHIPPED[(i + 1 + pair) % len(SHIPPED)]
    T, _ = compile_tables([a, b], effects=eff)
    return T, players, eff, 100 + 10 * pair + config, n


@pytest.mark.parametrize("n", [N_GAMES, LONG])
@pytest.mark.parametrize("config", range(len(CONFIGS)))
@pytest.mark.parametrize("pair", range(3))
def test_parity_shipped_decks(pair, config, n, request):
    _compare(*_shipped_config(pair, config, n), key=request.node.name)


def _with_new_effects(numbers, tag):
    """A hand-built deck whose last 6 cards are options using the effects added in engine version 2."""
    from test_engine_helpers import custom

    cs = cards(numbers)
    fx = [(["negate_program"], "Program"), (["negate_item"], "Item"), (["atk+40 | limit: digimon"], "Item"),
          (["per_discard(30,3)"], "Program"), (["per_mill(20)", "opp_slots_clear"], "Program"),
          (["evolve_ignore | when: evolution"], "Program")]
    for i, (eff, typ) in enumerate(fx):
        cs[24 + i] = custom("St-59", name=f"{tag} New {i}", effects=eff, option_type=typ, modeled=True,
                            timing="evolution" if "evolve_ignore" in eff[0] else "battle")
    cs[0] = custom(numbers[0], effects=[f"immune_options if card={tag} New 4 | when: passive", "no_ignore | when: passive"],
                   modeled=True)
    return cs


def _new_effects(players):
    T, _ = compile_tables([_with_new_effects(DECK_1, "X"), _with_new_effects(DECK_2, "Y")], effects=True)
    return T, players, True, 7, 600


@pytest.mark.parametrize("players", [("greedy", "greedy"), ("greedy", "baseline"), ("random", "greedy"),
                                     ("random", "random")])
def test_parity_new_effects(players, request):
    # negate_*, per_*, opp_slots_clear, card=, evolve_ignore / no_ignore, limit digimon on both engines
    setup = _new_effects(players)
    T = setup[0]
    _compare(*setup, key=request.node.name)
    ref_uses = 0
    for gi in range(100):
        g = R.play_game(T, 7, gi, players=players, effects_on=True)
        ref_uses += int(g.card_uses[:, 24:30].sum())
    assert ref_uses > 0  # the new options are actually used


SUPPORT_FX = ["atk+150 | when: support", "atk+300 if points<=60 | when: support",
              "opp_atk-100 if opp_level>=IV | when: support", "atk+200 if level=III | when: support",
              "atk+120 | when: support | cost: discard(1)", "atk+90 if opp_bt!=A | when: support"]


def _with_supports(numbers, tag):
    """A hand-built deck whose cards 21-26 are Level IV support Digimon (rule DM-BAT-2) that nothing
    evolves into: they are drawn, held and put into the Support Box from hand."""
    from test_engine_helpers import custom

    cs = cards(numbers)
    for i, fx in enumerate(SUPPORT_FX):
        cs[21 + i] = custom("St-2", name=f"{tag} Sup {i}", level="IV", requirements=[], effects=[fx], modeled=True)
    return cs


def _support_digimon(players):
    T, _ = compile_tables([_with_supports(DECK_1, "X"), _with_supports(DECK_2, "Y")], effects=True)
    return T, players, True, 5, 600


@pytest.mark.parametrize("players", [("greedy", "greedy"), ("greedy", "baseline"), ("random", "baseline")])
def test_parity_support_digimon(players, request):
    # rule DM-BAT-2 / DM-PTS-1 on both engines: the records agree game by game, and so do the card uses
    setup = _support_digimon(players)
    T = setup[0]
    _compare(*setup, key=request.node.name)
    n = 150
    ref = sum(R.play_game(T, 5, gi, players=players, effects_on=True, check=True).card_uses for gi in range(n))
    st = kernel.run_batch(T, 5, 0, n, 200, [PLAYER_NAMES.index(p) for p in players], check=True)
    assert (st["card_uses"] == ref).all()
    assert ref[0, 21:27].sum() > 0  # greedy (and random) play supports
    if players[1] == "baseline":
        assert ref[1, 21:27].sum() == 0  # the baseline never does


def test_card_statistics_agree():
    # the kernel's card_uses / card_games_drawn / card_games_used (a game counted once per card,
    # whatever its copies) equal the reference engine's, game for game summed (report card_uses.csv)
    import numpy as np

    from simcli.stats import stats_from_games

    T, _ = compile_tables([SHIPPED[0], SHIPPED[6]], effects=True)  # Agumon -Bond of Courage- vs Omegamon
    n = 150
    games = [R.play_game(T, 11, g, players=("greedy", "greedy"), effects_on=True) for g in range(n)]
    ref = stats_from_games(games, n_cards=30)
    ker = kernel.run_batch(T, 11, 0, n, 200, [1, 1])
    for key in ("card_uses", "card_games_drawn", "card_games_used"):
        assert np.array_equal(np.asarray(ref[key]), np.asarray(ker[key])), key
    assert ker["card_games_drawn"].max() <= n and ker["card_games_used"].max() <= n
    assert ker["card_games_used"][1].sum() > 0


def _magnamon(opponent, n):
    from simcli.decks import load_deck

    d = ROOT / "decks" / "dmcg"
    a = load_deck(d / "magnamon-xantibody-bx182.deck").cards()
    b = load_deck(d / f"{opponent}.deck").cards()
    T, _ = compile_tables([a, b], effects=True)
    return T, ("greedy", "greedy"), True, 9, n


@pytest.mark.parametrize("n", [N_GAMES, LONG])
@pytest.mark.parametrize("opponent", ["agumon-bond-of-courage-re146", "volcdramon-bx164"])
def test_parity_magnamon_answers(opponent, n, request):
    # issue 9: greedy judges an appearance with its ◎ abilities and keeps an appearance's `place` card
    # (Re-146 against Bx-182); the damage rule skips rows that cannot act; a negate card is only an
    # answer and cannot answer an immune player's own options (Elaborate Tactics against Bx-182's Let's
    # Stop Fighting) — on both engines, game by game
    _compare(*_magnamon(opponent, n), key=request.node.name)


# What a test computes from its parameters: (tables, players, effects_on, seed, games) for _compare.
_SETUPS = {"test_parity_baseline_no_effects_hand_built": _hand_built, "test_parity_shipped_decks": _shipped_config,
           "test_parity_new_effects": _new_effects, "test_parity_support_digimon": _support_digimon,
           "test_parity_magnamon_answers": _magnamon}


def prefetch(item) -> None:
    """Plays a collected test's reference-engine games (pure Python, no kernel) ahead of the test, for
    _compare to take: tests/conftest.py calls it while the test process waits for the kernel's compile
    (docs/performance.md "The test suite on a fresh clone").  The same function of the same inputs as
    the test's own call; a test whose records were not prefetched plays them itself."""
    setup = _SETUPS.get(item.originalname)
    if setup is not None:
        _REFERENCE[item.name] = _reference(*setup(**item.callspec.params))
