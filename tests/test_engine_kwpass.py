"""Issue 9: an ability keyword a face-up option gives (gain) or takes (opp_lose) holds before any row that reads
keywords is evaluated — the Digimon's passives included, its own and the opponent's (seed 003 §3.4: a "gains the
ability 'sky'" effect lasts while its source stays; a passive acts always).  Scenario tests on both engines
(test_engine_helpers.both_turn asserts the kernel and the reference agree)."""
from __future__ import annotations

from simcli.engine.reference import PERSIST
from test_engine_effects import duel
from test_engine_helpers import custom
from test_engine_rules import opt

SKY_PLUS = "atk+100 if keyword=sky | when: passive"
OPP_SKY_PLUS = "atk+100 if opp_keyword=sky | when: passive"


def seventh():
    """Speed Seventh St-214 as shipped (round 10 ruling: `gain(sky) | limit: lifespan`, an Evolution-phase Item)."""
    return custom("St-214")


def face_up(seat=0, k=0):
    """The option in slot k was used in an earlier phase: face-up in its slot (its rows act every battle)."""
    def setup(g):
        g.ps[seat].slot_up[k] = PERSIST
    return setup


def test_own_passive_sees_a_face_up_options_gain():
    # A's Speed Seventh, face-up since the Evolution phase: A's passive "+100 while it has 'sky'" applies
    # (A attacks with B: 200 + 100); face-down (not used) it gives nothing
    g, f = duel(a_fx=[SKY_PLUS], a_opts=[seventh()], setup=face_up())
    assert f == [(300, 250)]
    g, f = duel(a_fx=[SKY_PLUS])  # without it: no 'sky'
    assert f == [(200, 250)]
    # face-down, greedy turns it face-up in the Evolution phase: its look-ahead (a rebuild) now sees the payoff
    g, f = duel(a_fx=[SKY_PLUS], a_opts=[seventh()])
    assert f == [(300, 250)] and g.card_uses[0, 1] == 1


def test_opponents_passive_sees_a_face_up_options_gain():
    # B's passive "+100 when facing a Digimon with 'sky'" sees A's gained keyword (250 + 100)
    g, f = duel(b_fx=[OPP_SKY_PLUS], a_opts=[seventh()], setup=face_up())
    assert f == [(200, 350)]
    # and the first attacker's passive sees the second attacker's gain as well (B's Seventh, A's passive)
    g, f = duel(a_fx=[OPP_SKY_PLUS], b_opts=[seventh()], setup=face_up(seat=1))
    assert f == [(300, 250)]


def test_a_face_up_options_opp_lose_reaches_the_opponents_passive():
    # B's face-up option takes 'sky' from A (opp_lose): A's printed 'sky' no longer pays A's passive
    lose = opt("Grounding", effects=["opp_lose(sky) | limit: lifespan"], timing="evolution", option_type="Item")
    sky = {"keywords": ["sky"]}
    g, f = duel(a_fx=[SKY_PLUS], b_opts=[lose], setup=face_up(seat=1), a_kw=sky)
    assert f == [(200, 250)]
    g, f = duel(a_fx=[SKY_PLUS], a_kw=sky)  # without it: A keeps it
    assert f == [(300, 250)]


def test_a_gained_keyword_is_void_with_the_abilities():
    # B voids A's special abilities ("its ability box becomes blank", seed 003 §3.5): the keyword A's option
    # gives is not there for B's "when facing 'sky'" passive, and A's own passive is void too
    g, f = duel(a_fx=[SKY_PLUS], b_fx=["void_abilities | when: passive", OPP_SKY_PLUS], a_opts=[seventh()],
                setup=face_up())
    assert f == [(200, 250)]
    g, f = duel(a_fx=[SKY_PLUS], b_fx=[OPP_SKY_PLUS], a_opts=[seventh()], setup=face_up())  # no void: both see it
    assert f == [(300, 350)]


def test_own_passive_gain_reaches_the_opponents_passive():
    # a Digimon's own passive gain (Ginryumon Bx-39's shape) holds before either Digimon's passives: the second
    # attacker's (B's) passive is evaluated first and still sees the first attacker's gained 'sky'
    g, f = duel(a_fx=["gain(sky) | when: passive"], b_fx=[OPP_SKY_PLUS])
    assert f == [(200, 350)]


def test_a_negated_items_keyword_leaves_the_passives():
    # B negates A's face-up Speed Seventh at the start of the battle (negate_item), after the passives were
    # evaluated with its 'sky': the battle's modifiers are rebuilt without it, A's passive gives nothing
    g, f = duel(a_fx=[SKY_PLUS], a_opts=[seventh()], b_opts=["negate_item"], setup=face_up(), b_atk=(280, 240, 150))
    assert f == [(200, 280)] and 1 in g.ps[0].dark
