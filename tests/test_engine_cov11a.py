"""Scenario tests of round 11a (issue 9, docs/coverage.md "Open questions that block options" row 2): a Chosen Children
option placed beside the box (``beside | when: appear | filter: name=…``, codes.OP_BESIDE), on both engines.

A's Alpha (Level III, type A) against B's Beta; A's Omega (Ultimate) appears at the start of the battle by sending two
Chosen Children cards from the hand to the Dark Area (the appearance row of War Greymon Re-02t).  ``both_turn`` plays
each turn on the kernel and the reference from the same state and asserts that they agree (zones, points, result).
"""

from __future__ import annotations

from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.engine import enums as E

APPEAR = "appear | when: start | cost: discard_if(2) | filter: group=Chosen Children"  # Re-02t's appearance


def _omega(effects=()):
    # type C, 300 on every attack: Beta (type B) attacks it with Beta's C attack, Omega attacks with its B attack
    return digi("Omega", level="Ultimate", bt="C", atk=(300, 300, 300), lost=(10, 10, 10, 10), appearance=[APPEAR],
                effects=list(effects))


def _child(name, beside=None, effects=("atk+10 | limit: turn",)):
    rows = list(effects) + ([f"beside | when: appear | filter: name={beside}"] if beside else [])
    return opt(name, effects=rows, group="Chosen Children")


def _game(a_cards, b_atk=(500, 500, 500)):
    """A: Alpha (0) and a_cards (1..: Omega, then the options).  A holds Omega; the options lie on top of A's Net Ocean
    (drawn in Preparation, in card order) and A's slots hold three fillers without rows (27-29), so they stay in the
    hand for the appearance's cost (greedy sets what it can and keeps no card for a ``discard_if`` cost, BL-2).
    B: Beta.  One turn, A attacking first."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 20, 20, 20)), *a_cards])
    b = fill([digi("Beta", bt="B", atk=b_atk, lost=(10, 10, 10, 10))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    top = list(range(len(a_cards), 1, -1))
    place(g, 0, l3=0, hand=[1], slots=(27, 28, 29), deck=[k for k in range(1, 27) if k != 1 and k not in top] + top)
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def _battle(g):
    return next(ln.strip() for ln in g.log if ln.startswith("  battle:"))


def test_the_card_paid_for_the_appearance_lies_beside_the_box():
    # Re-03t: "If this card was used to make War Greymon appear from your hand, you may place this card next to your War
    # Greymon card until War Greymon is sent to the Dark Area"; Re-02t: "When you have a 'Yagami Taichi' card on your
    # sheet, double your attack power".  Decided (round 11a, seed 003 §3.4 ■보조능력: a card put beside the box by an
    # effect that is not a support ability is "on the sheet" but no support Digimon): Taichi leaves the Dark Area for
    # the place beside Omega, Jo (no such sentence) stays in the Dark Area; Omega's sheet:name=Taichi holds: 600.
    g = _game([_omega(["atk*2 if sheet:name=Taichi | when: passive"]), _child("Taichi", beside="Omega"), _child("Jo")],
              b_atk=(250, 250, 250))
    a = g.ps[0]
    assert a.top == 1 and a.beside == 2 and a.beside_owner == 1
    assert 3 in a.dark and 2 not in a.dark and 2 not in a.hand and 2 not in a.slots
    assert _battle(g).startswith("battle: A Omega 600 vs B Beta 250")


def test_without_the_sentence_for_this_digimon_the_card_goes_to_the_dark_area():
    # the same appearance with Taichi's row naming another Digimon (as Metal Garurumon's Ishida Yamato Re-07t paid for
    # War Greymon): both cards go to the Dark Area and Omega's condition fails: 300
    g = _game([_omega(["atk*2 if sheet:name=Taichi | when: passive"]), _child("Taichi", beside="Gabu"), _child("Jo")],
              b_atk=(250, 250, 250))
    a = g.ps[0]
    assert a.top == 1 and a.beside == -1 and {2, 3} <= set(a.dark)
    assert _battle(g).startswith("battle: A Omega 300 vs B Beta 250")


def test_the_card_beside_the_box_has_no_rows():
    # the card beside the box is a marker: its own +100 row never acts there (it was not turned face-up in a slot, seed
    # 003 §3.4 발동 타이밍: an option acts when turned face-up): Omega stays at 300
    g = _game([_omega(), _child("Taichi", beside="Omega", effects=("atk+100 | limit: turn",)), _child("Jo")],
              b_atk=(250, 250, 250))
    assert g.ps[0].beside == 2
    assert _battle(g).startswith("battle: A Omega 300 vs B Beta 250")


def test_the_opponents_sheet_and_the_way_to_the_dark_area():
    # opp_sheet: reads the card beside the opponent's box ("a 'Takenouchi Sora' card on the opponent's sheet", Re-58t's
    # shape): B's Beta gains 700 while A's Taichi lies beside Omega, 950 against 600.  "… until War Greymon is sent to
    # the Dark Area": Omega loses and dies in the death check (DM-PTS-1); the card beside it follows, right after it
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 20, 20, 20)),
              _omega(["atk*2 if sheet:name=Taichi | when: passive"]), _child("Taichi", beside="Omega"), _child("Jo")])
    b = fill([digi("Beta", bt="B", atk=(250, 250, 250), lost=(10, 10, 10, 10),
                   effects=["atk+700 if opp_sheet:name=Taichi | when: passive"])])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1], slots=(27, 28, 29), deck=list(range(4, 27)) + [3, 2])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    a = g.ps[0]
    assert _battle(g).startswith("battle: A Omega 600 vs B Beta 950")
    assert g.battles == [E.BR_SECOND]
    assert a.top == -1 and a.beside == -1
    assert a.dark[-2:] == [1, 2] and 3 in a.dark


def test_the_shipped_cards_war_greymon_and_yagami_taichi():
    # the database's rows: War Greymon Re-02t appears by sending two Chosen Children cards (Yagami Taichi Re-03t, Ishida
    # Yamato Re-07t) from the hand; Taichi's beside row names War Greymon, Yamato's Metal Garurumon.  Taichi lies beside
    # War Greymon, Yamato goes to the Dark Area; War Greymon's "When you have a 'Yagami Taichi' card on your sheet,
    # double your attack power" (sheet:name=Yagami Taichi: the title without the printing's "(1)") holds: 630 x 2
    from test_engine_helpers import cards

    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 20, 20, 20)), *cards(["Re-02t", "Re-03t", "Re-07t"])])
    b = fill([digi("Beta", bt="A", atk=(600, 600, 600), lost=(10, 10, 10, 10))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1], slots=(27, 28, 29), deck=list(range(4, 27)) + [3, 2])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    a = g.ps[0]
    assert a.top == 1 and a.beside == 2 and 3 in a.dark
    assert _battle(g).startswith("battle: A War Greymon (1) 1260 vs B Beta 600")
