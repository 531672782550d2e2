"""Scenario tests of round 12b (issue 9), on both engines: the Vj Jogress cards The Birth of a Brave Shelled Dragon!!
Vj-5, The Flight of a Sharp Hunter!! Vj-8, The Advent of a Shining Guardian!! Vj-10 ("Only when your Digimon is either
XV-mon or Stingmon, you may send one Level IV Digimon card from your hand to the Dark Area, and evolve your Digimon into
either the Paildramon or Dinobeemon card in your hand"): the condition ``name=A/B`` (codes.C_NAME2), the cost
``discard_iv(N)`` (codes.K_DISCARD_LV, a cost with its own filter) and ``evolve_now`` with a row filter of alternatives
(docs/effect-language.md "Round 12b"; docs/coverage.md row 15).

A: XV-mon (Level IV, type A, attacks 300/200/100) on the box over a Level III, Vj-5 face-down in slot 1, in hand the
cards under test; B: Beta (type B, 250/240/150).  A attacks with B (200) and loses unless it evolves (the Perfect
targets: 500/400/300).  ``both_turn`` plays the turn on the kernel and the reference from the same state and asserts
that they agree (zones, points, battle result).
"""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.cards.effects import EffectSyntaxError, parse_effect
from simcli.engine import enums as E
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill

DB = load_db()
JOG = [{"from_name": "xvmon", "jogress": "stingmon"}]  # Paildramon Bo-222's first alternative (DM-EVO-4)


def test_database_records():
    # the three cards as the translator reads them: one row, the two users in one condition, the two targets as filter
    # alternatives, the Level IV card as the cost; "Send this card to the Dark Area immediately after use": limit now
    assert DB["Vj-5"]["effects"] == ["evolve_now if name=XV-mon/Stingmon | cost: discard_iv(1) | limit: now"
                                     " | filter: name=Paildramon or name=Dinobeemon"]
    assert DB["Vj-8"]["effects"] == ["evolve_now if name=Aquilamon/Tailmon | cost: discard_iv(1) | limit: now"
                                     " | filter: name=Silphymon or name=Angewomon"]
    assert DB["Vj-10"]["effects"] == ["evolve_now if name=Ankylomon/Angemon | cost: discard_iv(1) | limit: now"
                                      " | filter: name=Shakkoumon or name=Holy Angemon"]
    assert all(DB[n]["modeled"] and DB[n]["timing"] == "battle" for n in ("Vj-5", "Vj-8", "Vj-10"))


def test_the_language():
    # name=A/B is a condition of '=' only, two names, no red frame marker (DM-NAME-1); evolve_now's alternatives are names; the level costs read their count
    assert parse_effect("evolve_now if name=A/B | cost: discard_iv(2) | filter: name=C or name=D").costs == (("discard_iv", 2),)
    for bad in ("atk+10 if name!=A/B", "atk+10 if name=A/B/C", "atk+10 if opp_name=A/B",
                "atk+10 if name=A/Magnamon X-Antibody", "evolve_now | filter: name=A or level=Perfect"):
        with pytest.raises(EffectSyntaxError):
            parse_effect(bad)


def _turn(hand, drawn=(), own="XV-mon", players=("greedy", "greedy")):
    """One turn, A first: A's `own` (Level IV) on the box, Vj-5 face-down in slot 1; `hand` then `drawn` name cards
    3.. of A ('Pail' Paildramon, Perfect, 500/400/300; 'Dino' Dinobeemon, Perfect; 'Other' a Perfect of another name;
    'IV' a Level IV Digimon; 'III' a Level III Digimon): `hand` in hand, `drawn` on top of the deck in draw order
    (drawn after Preparation, where greedy discards Digimon off its evolution chains, BL-2)."""
    kinds = {"Pail": digi("Paildramon", level="Perfect", atk=(500, 400, 300), reqs=JOG),
             "Dino": digi("Dinobeemon", level="Perfect", atk=(520, 420, 320), reqs=JOG),
             "Other": digi("Holy Angemon", level="Perfect", atk=(500, 400, 300), reqs=JOG),
             "IV": digi("Rook", level="IV", atk=(100, 100, 100)),
             "III": digi("Pawn", atk=(100, 100, 100))}
    base = digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50))
    box = digi(own, level="IV", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50))
    cards = [base, box, custom("Vj-5")] + [kinds[h] for h in (*hand, *drawn)]
    a = fill(cards)
    top = list(range(3 + len(hand), len(cards)))[::-1]  # the deck's top is its end
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=1, hand=list(range(3, 3 + len(hand))), slots=(-1, 2, -1),
          deck=list(range(len(cards), 30)) + top)
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def _evolved_into(g, k) -> bool:
    return g.ps[0].top == k and any("(requirements ignored)" in ln for ln in g.log)


def test_evolves_paying_a_level_iv_card():
    # XV-mon, Paildramon and a Level IV card in hand: the Level IV card goes to the Dark Area (the cost, standing for the
    # Jogress partner, seed 003 §3.2.2.1), XV-mon evolves into Paildramon (B attack 400 against 250: A wins), the card
    # is gone after use (limit now)
    g = _turn(["Pail"], ["IV"])
    a = g.ps[0]
    assert _evolved_into(g, 3) and g.battles[-1] == E.BR_FIRST
    assert 4 in a.dark and 4 not in a.hand and 2 in a.dark and a.slots[1] == -1 and g.card_uses[0, 2] == 1


def test_the_cost_takes_a_level_iv_digimon_only():
    # no Level IV Digimon in hand (a Level III and an option do not pay): the card is not used, A loses with 200
    g = _turn(["Pail"], ["III"])
    a = g.ps[0]
    assert not _evolved_into(g, 3) and g.card_uses[0, 2] == 0 and a.slots[1] == 2 and g.battles[-1] == E.BR_SECOND
    # with a Level III drawn before the Level IV (hand order), the Level IV card is the one sent (the cost's own filter)
    g = _turn(["Pail"], ["III", "IV"])
    a = g.ps[0]
    assert _evolved_into(g, 3) and 5 in a.dark and 4 in a.hand


def test_the_targets_and_the_users():
    # Dinobeemon is the other name the card lists
    assert _evolved_into(_turn(["Dino"], ["IV"]), 3)
    # a Perfect of another name is no target: nothing is paid, the card stays
    g = _turn(["Other"], ["IV"])
    assert not _evolved_into(g, 3) and 4 in g.ps[0].hand and g.card_uses[0, 2] == 0
    # Stingmon is the other user; another Digimon cannot use the card (Paildramon drawn: its Jogress alternative names
    # XV-mon, so greedy's Preparation would discard it beside another box Digimon)
    assert _evolved_into(_turn([], ["Pail", "IV"], own="Stingmon"), 3)
    g = _turn([], ["Pail", "IV"], own="Gamma")
    assert not _evolved_into(g, 3) and g.card_uses[0, 2] == 0 and 4 in g.ps[0].hand


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_other_players_agree_on_both_engines(player):
    # the baseline never uses an evolve_now card (BL-5); the random player uses it or not: both engines agree
    g = _turn(["Pail"], ["IV"], players=(player, "greedy"))
    if player == "baseline":
        assert not _evolved_into(g, 3)
