"""Scenario tests of the round-11e effect words (issue 9; docs/effect-language.md "Round 11e"), on both engines
(greedy players, effects on): row 8's "+ word" Field cards of docs/coverage.md "Open questions that block options"
(background = field) and Offense Plug-In N St-380.

The duel of tests/test_engine_effects.py, with the two Digimon's card fields settable: A's Alpha (type A, attacks
300/200/100, lost 20/30/40/50) against B's Beta (type B, attacks 250/240/150, lost 10/20/30/40); both have the field
Nature Spirits and the attribute Vaccine of their base card (St-1).  A attacks with its B attack (200, C-TYPE-1), B with
its A attack (250): B wins and A loses 20 (C-LOST-1).  ``both_turn`` plays the turn on the kernel and the reference
from the same state and asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

import re

import pytest
from test_engine_helpers import both_turn, load_db, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.engine.reference import PERSIST

_BATTLE = re.compile(r"battle: A .* (\d+) vs B .* (\d+) →")
DB = load_db()


def _duel(a_fx=(), b_fx=(), a_opts=(), a_kw=None, b_kw=None, field=None, a_atk=(300, 200, 100)):
    """One turn; returns (game, (attack A, attack B)).  field: the shipped rows of that Field card (a card number),
    placed in A's slot 0, face-up from an earlier turn and still in effect (it "remains in its slot")."""
    a = [digi("Alpha", bt="A", atk=a_atk, lost=(20, 30, 40, 50), effects=list(a_fx), **(a_kw or {}))]
    if field is not None:
        c = DB[field]
        a.append(opt(c["name"], effects=list(c["effects"]), timing=c["timing"], option_type=c["option_type"]))
    a += [opt(f"OptA{i}", effects=e if isinstance(e, list) else [e]) for i, e in enumerate(a_opts)]
    b = [digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40), effects=list(b_fx), **(b_kw or {}))]
    na = len(a)
    T, g = scenario(fill(a), fill(b), effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=tuple(list(range(1, na)) + [-1] * (4 - na)), deck=list(range(na, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    if field is not None:
        g.ps[0].slot_up[0] = PERSIST
    both_turn(T, g, fa=0)
    m = [_BATTLE.search(ln) for ln in g.log if ln.strip().startswith("battle:")][-1]
    return g, (int(m.group(1)), int(m.group(2)))


def test_row8_field_cards_translate_to_these_rows():
    # docs/coverage.md "Round 11e": the shipped database's rows of the cards this round models (the translator's shapes)
    assert DB["St-167"]["effects"] == ["opp_no_c_zero if field=WG | limit: lifespan, field"]
    assert DB["St-168"]["effects"] == ["atk*3 if field=UK & attack=C | limit: lifespan, field",
                                       "no_c_zero if field=UK | limit: lifespan, field"]
    assert DB["St-380"]["effects"] == ["atk*2 if attack=B & level>=IV & level<=Perfect | limit: turn",
                                       "no_c_zero if level>=IV & level<=Perfect | limit: turn"]
    assert DB["Bo-257"]["effects"] == ["atk+C if field=ME & attack=A | limit: lost, field"]
    assert DB["Bo-255"]["effects"] == ["lost+10 if opp_field!=DS | limit: lifespan, field",
                                       "self_lost+10 if field!=DS | limit: lifespan, field"]
    assert DB["St-436"]["effects"] == ["atk_lost(10) if field=VB & opp_attr=Virus | limit: lifespan, field"]
    for n in ("St-167", "St-168", "St-380", "Bo-257", "Bo-255", "St-436"):
        assert DB[n]["modeled"], n
    # the same-background sentences of the cards that stay unmodeled for another sentence (docs/coverage.md "Round 11e")
    for n, f in (("St-323", "DA"), ("St-324", "NSo")):
        assert DB[n]["effects"] == [f"atk+50 if field={f} | limit: field"] and not DB[n]["modeled"], n
    # round 13c: Bo-863 and St-322's "When this card is sent to the Dark Area" sentences (tests/test_engine_cov13c.py)
    assert DB["Bo-863"]["effects"] == ["atk+A if field=ME & attack=B | limit: lost, field",
                                       "dark_self_damage(10) | limit: lost, field"] and DB["Bo-863"]["modeled"]
    assert DB["St-322"]["effects"] == ["atk+50 if field=NSp | limit: field",
                                       "dark_damage(10) | limit: field | filter: field=NSp"] and DB["St-322"]["modeled"]


def test_no_c_zero_the_c_attack_loses_its_a_to_zero():
    # C-TYPE-2: A's C attack (100, its attack forced to C) turns B's A attack (250) to 0
    g, f = _duel(a_fx=["attack=C | when: passive"])
    assert f == (100, 0) and g.ps[1].points == 90
    # no_c_zero ("lose your A>0 ability", the C's "A→0"): B's A attack stays 250 and B wins
    g, f = _duel(a_fx=["attack=C | when: passive", "no_c_zero | when: passive"])
    assert f == (100, 250) and g.ps[0].points == 80


def test_unknown_st168_triples_c_and_loses_a_to_zero():
    # Unknown St-168 face-up, A's Alpha of the field Unknown attacking with C: 100 × 3 = 300, B's A no longer zeroed
    g, f = _duel(a_fx=["attack=C | when: passive"], a_kw={"fields": ["UK"]}, field="St-168")
    assert f == (300, 250) and g.ps[1].points == 90
    # another field (Nature Spirits): neither row applies, the C attack zeroes B's A as usual
    g, f = _duel(a_fx=["attack=C | when: passive"], field="St-168")
    assert f == (100, 0)


def test_wind_guardians_st167_the_own_a_does_not_go_to_zero():
    # B attacks with C (150): A's A attack (300) goes to 0 (C-TYPE-2) …
    g, f = _duel(a_fx=["attack=A | when: passive"], b_fx=["attack=C | when: passive"])
    assert f == (0, 150)
    # … not while Wind Guardians St-167 is face-up and A's Digimon is of its field ("cannot receive the effects of
    # the opponent's 'A>0'")
    g, f = _duel(a_fx=["attack=A | when: passive"], b_fx=["attack=C | when: passive"], a_kw={"fields": ["WG"]},
                 field="St-167")
    assert f == (300, 150) and g.ps[1].points == 90
    g, f = _duel(a_fx=["attack=A | when: passive"], b_fx=["attack=C | when: passive"], field="St-167")
    assert f == (0, 150)
    # only the C attack's "A→0" is blocked (opp_no_c_zero), not another effect that zeroes the attack: B's ◎ zero_opp
    # still takes A's 300 to 0 (no_zero would have kept it)
    g, f = _duel(a_fx=["attack=A | when: passive"], b_fx=["attack=C | when: passive", "zero_opp"],
                 a_kw={"fields": ["WG"]}, field="St-167")
    assert f == (0, 150) and g.ps[0].points == 80


def test_offense_plug_in_n_st380_shape():
    # "Your Digimon's B attack power doubles, but … you lose your A>0 ability": A attacks with B, 200 × 2 = 400 turns
    # the battle, so greedy uses it (St-380's level condition left out: the duel's Digimon are Level III)
    g, f = _duel(a_opts=[["atk*2 if attack=B", "no_c_zero"]])
    assert f == (400, 250) and g.card_uses[0, 1] == 1
    # the doubling is the B attack's only: attacking with A (300) it adds nothing, and the card is kept
    g, f = _duel(a_fx=["attack=A | when: passive"], a_opts=[["atk*2 if attack=B", "no_c_zero"]])
    assert f == (300, 250) and g.card_uses[0, 1] == 0


def test_metal_empire_bo257_adds_the_printed_c():
    # Metal Empire Bo-257: A's Metal Empire Digimon attacking with A (300) adds its printed C (100): 400
    g, f = _duel(a_fx=["attack=A | when: passive"], a_kw={"fields": ["ME"]}, field="Bo-257")
    assert f == (400, 250)
    # an addition after the multiplication (C-CALC-1): 300 × 2 + 100
    g, f = _duel(a_fx=["attack=A | when: passive", "atk*2 | when: passive"], a_kw={"fields": ["ME"]}, field="Bo-257")
    assert f == (700, 250)
    # attacking with B (the duel's 200): nothing is added
    g, f = _duel(a_kw={"fields": ["ME"]}, field="Bo-257")
    assert f == (200, 250)


@pytest.mark.parametrize("a_field, b_field, a_atk, points", [
    # A loses (200 against 250): its table at B's level (20) + 10 while its Digimon is not Deep Savers
    (["NSp"], ["NSp"], (300, 200, 100), (70, 100)),
    (["DS"], ["NSp"], (300, 200, 100), (80, 100)),
    # A wins (400 against 250): B loses its table (10) + 10 while B's Digimon is not Deep Savers
    (["NSp"], ["NSp"], (300, 400, 100), (100, 80)),
    (["NSp"], ["DS"], (300, 400, 100), (100, 90)),
])
def test_deep_savers_bo255_lost_points_of_both_sides(a_field, b_field, a_atk, points):
    # Deep Savers Bo-255 face-up in A's slot: "Add 10 to the lost points of all Digimon that have a different
    # background from this card" (both sides: lost+10 for the opponent, self_lost+10 for the own Digimon)
    g, f = _duel(a_kw={"fields": a_field}, b_kw={"fields": b_field}, a_atk=a_atk, field="Bo-255")
    assert (g.ps[0].points, g.ps[1].points) == points


def test_virus_busters_st436_adds_ten_times_the_level_iii_lost_points():
    # Virus Busters St-436: A's Virus Busters Digimon facing a Virus Digimon adds 10 × its Level III lost points
    # (20): 200 + 200 = 400
    g, f = _duel(a_kw={"fields": ["VB"]}, b_kw={"attribute": "Virus"}, field="St-436")
    assert f == (400, 250) and g.ps[1].points == 90
    # facing a Vaccine Digimon (Beta's attribute of St-1): nothing
    g, f = _duel(a_kw={"fields": ["VB"]}, field="St-436")
    assert f == (200, 250)
