"""Scenario tests of the round-8 effect words (issue 9), on both engines (greedy players, effects on).

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B); A is
the first attacker, so B acts first in the battle windows (DM-BAT-1).  ``both_turn`` plays each turn on the kernel and
the reference from the same state and asserts that they agree (zones, Support Box, points, battle result).
"""

from __future__ import annotations

from test_engine_effects import duel
from test_engine_rules import digi

from simcli.engine import enums as E

# Gairyu Daijin Bx-69's removal, with an addition greedy can score (its look-ahead sees attack modifiers only)
REMOVE = ["opp_support_dark", "atk+60"]


def _b_supports(*fx, fields=("NSp",)):
    """B's support Digimon (Level IV, attacks 10/10/10) for duel's b_opts, and a setup that moves them from B's slots
    to the top of B's deck (B's cards 1, 2, …; B draws them in Preparation, as in test_engine_effects.support_duel)."""
    cards = [digi(f"BHelper{i}", level="IV", atk=(10, 10, 10), effects=[f], fields=list(fields)) for i, f in enumerate(fx)]

    def setup(g):
        b = g.ps[1]
        b.deck = b.deck + [c for c in b.slots if c >= 0][::-1]
        b.slots = [-1, -1, -1]
    return cards, setup


def test_opp_support_dark_removes_the_support_and_keeps_it_used():
    # round 8, opp_support_dark: "you may send one of the opponent's support Digimon to the Dark Area" (Gairyu Daijin
    # Bx-69).  B (Beta 150) puts BHelper0 (+100) into its Support Box: 250 beats A's 200.  A answers with the option
    # (+60, and the support to the Dark Area): the support's addition ends (rebuilt), Beta battles with 150.  DM-BAT-2:
    # one support per turn even when it was removed, so BHelper1 (+200, which would win with 350) stays in B's hand.
    sup, setup = _b_supports("atk+100 | when: support", "atk+200 | when: support")
    g, f = duel(a_opts=[REMOVE], b_opts=sup, b_atk=(150, 140, 130), setup=setup)
    a, b = g.ps
    assert f == [(260, 150)] and g.battles[-1] == E.BR_FIRST and b.points == 90
    assert b.support == -1 and b.dark[:1] == [1] and 2 in b.hand and g.card_uses[1, 2] == 0
    assert g.card_uses[0, 1] == 1 and not b.support_used  # cleared with the Support Box for the next turn


def test_opp_support_dark_is_an_option_effect_on_the_opponent():
    # an opponent immune to option cards keeps its support (A's own +60 still applies): 260 against 250, and the support
    # goes to the Dark Area in the death check only (DM-PTS-1)
    sup, setup = _b_supports("atk+100 | when: support", "atk+200 | when: support")
    g, f = duel(a_opts=[REMOVE], b_opts=sup, b_atk=(150, 140, 130), b_fx=["immune_options | when: passive"], setup=setup)
    b = g.ps[1]
    assert f == [(260, 250)] and g.battles[-1] == E.BR_FIRST and b.dark[:1] == [1] and 2 in b.hand


def test_opp_support_dark_with_a_row_filter():
    # "send one of the opponent's support Digimon belonging to Nature Spirits to the Dark Area" (Delumon Bo-714, there a
    # support row): only a support that matches the row filter goes; a Nightmare Soldiers one stays (A still wins with its
    # +60, 260 against 250, and B's support goes to the Dark Area in the death check)
    remove_nsp = ["opp_support_dark | filter: field=NSp", "atk+60"]
    sup, setup = _b_supports("atk+100 | when: support", "atk+200 | when: support")
    g, f = duel(a_opts=[remove_nsp], b_opts=sup, b_atk=(150, 140, 130), setup=setup)
    assert f == [(260, 150)] and g.ps[1].dark[:1] == [1] and 2 in g.ps[1].hand
    sup, setup = _b_supports("atk+100 | when: support", "atk+200 | when: support", fields=("NSo",))
    g, f = duel(a_opts=[remove_nsp], b_opts=sup, b_atk=(150, 140, 130), setup=setup)
    assert f == [(260, 250)] and g.ps[1].dark[:1] == [1] and 2 in g.ps[1].hand
