"""The packed kernel table's derived per-card fields and the bit helper the planners use.

These fields are shortcuts (optimisation round 4, docs/performance.md): each must say exactly what
the slower test it replaces would say, or the kernel's decisions drift from the reference engine.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from simcli.engine import enums as E
from simcli.engine.bits import ctz_nb, ctz_py
from simcli.engine.tables import (F_DLEVEL, F_OPTCAND, F_TIMINGS, TM_DAMAGE, TM_EVOLVE_NOW, TM_NEGATE, TM_BAN, TM_NOT_SPECIAL, TM_KEYWORD, compile_tables,
                                  kernel_tables)
from test_engine_parity import SHIPPED
from test_engine_helpers import DECK_1, DECK_2, cards
from test_engine_rules import digi, fill, opt


@njit(cache=True)
def _set_bits_nb(m):
    out = np.empty(64, np.int64)
    n = 0
    while m != 0:
        out[n] = ctz_nb(m)
        m &= m - 1
        n += 1
    return out[:n]


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=2**62))
def test_ctz_visits_the_set_bits_in_ascending_order(m):
    expected = [i for i in range(63) if (m >> i) & 1]
    assert _set_bits_nb(np.int64(m)).tolist() == expected
    assert ctz_py(np.int64(m)) == expected[0]  # the NUMBA_DISABLE_JIT twin


def _decks():
    # the shipped and hand-built decks, and one with negate / point-timing / evolve_ignore options
    special = fill([digi("Alpha"), opt("Neg", effects=["negate_program"]), opt("Pts", effects=["heal(10)"], timing="point"),
                    opt("Ign", effects=["evolve_ignore"], timing="evolution")])
    decks = [cards(DECK_1), cards(DECK_2), special] + list(SHIPPED)
    return [(decks[i], decks[(i + 1) % len(decks)]) for i in range(len(decks))]


def test_derived_fields_agree_with_the_tables():
    negates = (E.OP_NEGATE_PROGRAM, E.OP_NEGATE_ITEM, E.OP_NEGATE_OPTION)
    seen_negate = seen_kw = False
    for a, b in _decks():
        T, _ = compile_tables([a, b], effects=True)
        ct = kernel_tables(T).ct
        for s in range(2):
            for c in range(int(T.n_cards[s])):
                digimon = T.kind[s, c] == E.KIND_DIGIMON
                # F_DLEVEL: "a Digimon of level L" in one read
                assert ct[s, c, F_DLEVEL] == (T.level[s, c] if digimon else -1)
                # F_OPTCAND: BL-2's option candidates (an option some requirement names)
                assert ct[s, c, F_OPTCAND] == int(T.kind[s, c] == E.KIND_OPTION and T.req_opt[s, c] != 0)
                # F_TIMINGS: one bit per timing of the card's rows, TM_NEGATE for a battle negate row,
                # TM_DAMAGE for a battle row that damages points, TM_EVOLVE_NOW for an evolve_now row
                rows = T.effects[T.eff_lo[s, c]:T.eff_hi[s, c]]
                want = 0
                for r in rows:
                    want |= 1 << int(r[E.E_TIMING])
                    if r[E.E_TIMING] == E.T_BATTLE and r[E.E_OP] in negates:
                        want |= TM_NEGATE
                        seen_negate = True
                    if r[E.E_TIMING] == E.T_BATTLE and r[E.E_OP] in (E.OP_DAMAGE, E.OP_DAMAGE_PER_GAUGE,
                                                                     E.OP_OPP_REVEAL):
                        want |= TM_DAMAGE
                    if r[E.E_OP] == E.OP_EVOLVE_NOW:
                        want |= TM_EVOLVE_NOW
                    if r[E.E_OP] == E.OP_BAN_OPTIONS:
                        want |= TM_BAN
                    if r[E.E_FLAGS] & E.RF_NOT_SPECIAL:  # engine 6: a row void_abilities does not cancel
                        want |= TM_NOT_SPECIAL
                    if r[E.E_OP] in (E.OP_GAIN_KEYWORD, E.OP_OPP_LOSE_KEYWORD):  # issue 9: keywords_first reads it
                        want |= TM_KEYWORD
                        seen_kw = True
                assert ct[s, c, F_TIMINGS] == want
    assert seen_negate and seen_kw  # the flags are exercised


def test_effects_none_has_no_timing_bits():
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=False)
    assert not kernel_tables(T).ct[:, :, F_TIMINGS].any()


def test_compile_tables_fails_loudly():
    # an effect outside the language, or a list over a MAX_* limit, is an error naming the card —
    # never a silently dropped row (issue "Fidelity")
    import pytest

    from simcli.engine.tables import MAX_ALTS, MAX_EFFECTS, TableError, compile_tables

    bad = [fill([digi("Alpha"), opt("Bad", effects=["heal 10"])]), fill([digi("Beta")])]
    with pytest.raises(TableError, match="Bad.*heal 10"):
        compile_tables(bad)
    many = [fill([digi("Alpha", effects=["atk+1 | when: passive"] * (MAX_EFFECTS + 1))]), fill([digi("Beta")])]
    with pytest.raises(TableError, match="at most"):
        compile_tables(many)
    alts = [fill([digi("Alpha", reqs=[{"from_name": "x", "cards": 1}] * (MAX_ALTS + 1))]), fill([digi("Beta")])]
    with pytest.raises(TableError, match="alternatives"):
        compile_tables(alts)
    app = [fill([digi("Alpha", effects=["appear if name=Beta"])]), fill([digi("Beta")])]
    with pytest.raises(TableError, match="appearance list only"):
        compile_tables(app)
    evo = [fill([opt("Evo", effects=["evolve_now | when: point"])]), fill([digi("Beta")])]
    with pytest.raises(TableError, match="battle window"):
        compile_tables(evo)
    spec = [fill([opt("Spec", effects=["atk+10 | special: no"])]), fill([digi("Beta")])]
    with pytest.raises(TableError, match="Digimon's ability text only"):
        compile_tables(spec)
    imm = [fill([digi("Alpha", effects=["immune_damage | when: passive"])]), fill([digi("Beta")])]
    with pytest.raises(TableError, match="option's rows only"):  # round 6: the engines scan the option slots only
        compile_tables(imm)


def test_every_database_card_compiles():
    # a card of the shipped database must never make a deck fail to compile (Bo-915's three-part group
    # was over MAX_GROUPS): every card, 30 at a time, with its effects on
    from simcli.cards.db import load_db

    db = list(load_db("dmcg").cards)
    filler = fill([digi("Beta")])
    for i in range(0, len(db), 30):
        chunk = db[i:i + 30]
        compile_tables([fill(chunk), filler], effects=True)
