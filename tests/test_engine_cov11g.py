"""Round 11g (issue 9): near misses of the labels evolution / appear / fusion / deck-manipulation / support-box …

Scenario tests on both engines (``both_turn`` plays each turn on the kernel and the reference from the same state and
asserts that they agree: zones, points, battle result) and the translations of the cards modeled (cited by number).
The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B,
attacks 250/240/150); A attacks with its B attack (200, C-TYPE-1), B with its A attack (250): B wins.
"""

from __future__ import annotations

import pytest
from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.cards.translate import iter_card_rows, translate_row


@pytest.fixture(scope="module")
def by(lackey_dir):
    return {r["Card Number"]: r for r in iter_card_rows(str(lackey_dir))}


# ---- opp_sheet[N]:FILTER (condition 62) --------------------------------------------------------------------------


def _sheet_game(row, b_top=None, b_l3="Virus", b_sup=None):
    """A's Alpha carries `row` (a start-of-battle row: no player decision); B's box holds a Level III Beta of attribute
    b_l3, under a Level IV of attribute b_top when given; B's support box (`supbox`) a Digimon of attribute b_sup when
    given.  One turn, A first; returns (B's points, A's points)."""
    a = [digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), effects=[row])]
    b = [digi("Beta", bt="B", atk=(250, 240, 150), attribute=b_l3),
         digi("BetaIV", level="IV", bt="B", atk=(250, 240, 150), attribute=b_top or "Vaccine"),
         digi("Helper", attribute=b_sup or "Vaccine")]
    T, g = scenario(fill(a), fill(b), effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, deck=list(range(1, 30)))
    place(g, 1, l3=0, top=1 if b_top else -1, deck=list(range(3, 30)))
    if b_sup:
        g.ps[1].supbox, g.ps[1].supbox_owner = 2, g.ps[1].cur()
    both_turn(T, g, fa=0)
    return g.ps[1].points, g.ps[0].points


def test_opp_sheet_count_counts_the_cards_opp_sheet_reads():
    # "When there are two or more Virus attribute Digimon on the opponent's sheet (including support Digimon),
    # immediately reduce the opponent's points by 20" (Spear of Conviction St-923): N or more cards of the opponent's
    # sheet as opp_sheet: reads it (DM-BAT-1 / 003 §3.4 ■보조능력: a card in the support box is on the sheet; the
    # Level III under the top card is on the sheet, round 9b's atk_per_sheet).  B wins the battle (250 against 200):
    # A loses 20 (its table at B's level III); B loses only the 20 of the row.
    row = "damage(20) if opp_sheet[2]:attr=Virus | when: start"
    assert _sheet_game(row, b_sup="Virus") == (80, 80)  # the box's Virus and the support box's Virus
    assert _sheet_game(row) == (100, 80)  # one Virus alone: the row does not apply
    assert _sheet_game(row, b_sup="Data") == (100, 80)  # the support card does not match the filter
    # the Virus Level III under a Virus Level IV top card: two on the sheet (B's IV wins too: A loses its table at IV)
    assert _sheet_game(row, b_top="Virus") == (80, 70)
    assert _sheet_game(row, b_top="Data") == (100, 70)  # the Level III alone is one
    # three needed, two there
    assert _sheet_game("damage(20) if opp_sheet[3]:attr=Virus | when: start", b_top="Virus") == (100, 70)
    assert _sheet_game("damage(20) if opp_sheet[3]:attr=Virus | when: start", b_top="Virus", b_sup="Virus") == (80, 70)


def test_round_11g_translations(by):
    # St-923: the count condition on the card's "remains in its slot … until your Digimon is sent to the Dark Area"
    # (limit digimon; round 10e: a staying card's one-shot row acts again in each battle); the usage restriction "a
    # Lowemon, or an Ultimate … with the ability "proud"" as two disjoint rows (the Hybrid alternative dropped, DM-DECK-3)
    assert translate_row(by["St-923"]).effects == [
        "damage(20) if opp_sheet[2]:attr=Virus & name=Lowemon | limit: digimon",
        "damage(20) if opp_sheet[2]:attr=Virus & level=Ultimate & keyword=proud & name!=Lowemon | limit: digimon"]
    # Bo-23v: "draw only one card when your Digimon is Level IV, up to two when Perfect, up to three when Ultimate": one
    # row per (disjoint) level, the full count drawn (docs/coverage.md "Open questions", row 11's ruling)
    assert translate_row(by["Bo-23v"]).effects == [
        "draw(1) if level=IV & level>=IV | limit: battle", "draw(2) if level=Perfect & level>=IV | limit: battle",
        "draw(3) if level=Ultimate & level>=IV | limit: battle"]
    # Sp-4: "(O)Send your whole hand to the Dark Area" beside "cannot be used … if you have no cards left in your hand": the
    # cost hand_all (round 8's guard had left it: a hand!=0 row condition fails after the discard and at Point Calculation)
    assert translate_row(by["Sp-4"]).effects == [
        "atk+200 if level>=Perfect | cost: hand_all | limit: battle",
        "lost*3 if level>=Perfect | when: win | cost: hand_all | limit: battle"]
    # CD-15: the same cost, then the Dark Area shuffled into the Net Ocean and a new hand of 6 (the hand is empty)
    assert translate_row(by["CD-15"]).effects == [
        "dark_to_deck | cost: hand_all | limit: now", "draw(6) | cost: hand_all | limit: now"]
    # Sx-102: its "Send 2 cards from your hand …" cost first, then the Dark Area into the Net Ocean and a draw to 6
    assert translate_row(by["Sx-102"]).effects == [
        "dark_to_deck if frame=Red & level>=Perfect | cost: discard(2), gauge | limit: turn",
        "draw_to(6) if frame=Red & level>=Perfect | cost: discard(2), gauge | limit: turn"]
    # Bo-346, the older Digi Seabass: "draw cards until you reach your hand's upper limit", the card stacked on the point
    # gauge after use
    assert translate_row(by["Bo-346"]).effects == [
        "dark_to_deck if level=Ultimate | cost: discard(2), gauge | limit: now",
        "draw_to(6) if level=Ultimate | cost: discard(2), gauge | limit: now"]


# ---- cost hand_all, dark_to_deck (operation 103) -----------------------------------------------------------------

ADVENTURE = ["dark_to_deck | cost: hand_all | limit: now", "draw(6) | cost: hand_all | limit: now"]


def _adventure_game(rows, hand, dark, timing="evolution"):
    """A's option (card 1, `rows`, of this timing) face-down in slot 1; A's hand and Dark Area hold these card indices
    (2 .. 29: filler options without rows), the rest is A's Net Ocean.  One turn, A first; returns the game."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
              opt("Adventure", effects=rows, timing=timing)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    used = set(hand) | set(dark) | {1}
    place(g, 0, l3=0, hand=list(hand), dark=list(dark), slots=(1, -1, -1),
          deck=[k for k in range(2, 30) if k not in used])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_dark_to_deck_after_the_whole_hand_as_cost():
    # "Send your whole hand to the Dark Area.  After that, shuffle all the cards in your Dark Area back into your Net
    # Ocean, and draw a new hand of 6 cards.  This card cannot be used if your hand contains no cards.  Send this card to
    # the Dark Area immediately after use" (One Summer's Adventure CD-15, an Evolution Phase Program).  A's Preparation
    # leaves it a hand of 6 (DM-PREP-1); in the Evolution Phase the hand (cost hand_all) and the Dark Area (cards 4-6 and
    # the 2 cards A's Preparation discarded) go into the Net Ocean, a hand of 6 is drawn, and the card itself goes to the
    # Dark Area after its use (limit now): the only card there.  The 28 cards outside box and slots are all in the new
    # hand or the Net Ocean.
    g = _adventure_game(ADVENTURE, hand=[2, 3], dark=[4, 5, 6])
    a = g.ps[0]
    assert g.card_uses[0, 1] == 1 and a.slots == [-1, -1, -1] and a.dark == [1]
    assert len(a.hand) == 6 and len(a.deck) == 22 and set(a.hand) | set(a.deck) == set(range(2, 30))
    # dark_to_deck alone (no cost): the Dark Area joins the Net Ocean, the hand stays (a discarded card back in the deck)
    g = _adventure_game(["dark_to_deck | limit: now"], hand=[2, 3], dark=[4, 5, 6])
    a = g.ps[0]
    assert g.card_uses[0, 1] == 1 and a.dark == [1] and len(a.hand) == 6
    assert set(a.hand) | set(a.deck) == set(range(2, 30)) and len(a.deck) == 22


def test_hand_all_cost_in_battle():
    # "(O)Send your whole hand to the Dark Area … Add 200 to the attack power of your Digimon …  This card cannot be used
    # … if you have no cards left in your hand" (The Glory of Victory Is in My Hand!!! Sp-4): greedy uses the card when it
    # turns the battle (here +100: 300 against 250); the whole hand of 6 goes to the Dark Area, the card after the battle
    # phase (limit battle).  B loses 10 (its table at A's level III).
    g = _adventure_game(["atk+100 | cost: hand_all | limit: battle"], hand=[], dark=[], timing="battle")
    a = g.ps[0]
    assert g.card_uses[0, 1] == 1 and a.hand == [] and g.ps[1].points == 90
    assert len(a.dark) == 7 and 1 in a.dark and len(a.deck) == 22


def test_hand_all_needs_one_card_in_hand():
    # the cost is payable with at least one card in hand (both engines' cost check, on the same state)
    import numpy as np

    from simcli.engine import bridge
    from simcli.engine.kernel_effects import _costs_payable_c_nb
    from simcli.engine.reference_effects import cost_payable
    from simcli.engine.tables import kernel_tables

    a = fill([digi("Alpha"), opt("Glory", effects=["atk+100 | cost: hand_all"])])
    T, g = scenario(a, fill([digi("Beta")]), effects=True)
    KT = kernel_tables(T)
    r = int(T.eff_lo[0, 1])
    for hand in ([], [5], [5, 6, 7]):
        place(g, 0, l3=0, hand=hand, deck=[k for k in range(2, 30) if k not in hand])
        place(g, 1, l3=0, deck=list(range(1, 30)))
        S = bridge.to_kernel(g)
        want = len(hand) > 0
        assert cost_payable(g, g.ps[0], T.effects[r]) == want
        assert bool(_costs_payable_c_nb(KT, S, np.int64(0), np.int64(r), np.int64(-1))) == want


def test_draw_to_the_hand_limit():
    # draw_to(N) (operation 104): "Send 2 cards from your hand to the Dark Area … Return all the cards in your Dark Area
    # to your Net Ocean and shuffle it.  After that, draw cards until you reach the upper limit of your hand" (Digi
    # Seabass Sx-102; the upper limit: C-HAND-1's 6).  A's hand of 6 after Preparation: the cost leaves 4, the Dark Area
    # (the 2 discarded among them) goes into the Net Ocean, 2 are drawn: 6 again, the card itself the only Dark Area card
    seabass = ["dark_to_deck | cost: discard(2) | limit: now", "draw_to(6) | cost: discard(2) | limit: now"]
    g = _adventure_game(seabass, hand=[], dark=[4, 5, 6])
    a = g.ps[0]
    assert g.card_uses[0, 1] == 1 and a.dark == [1] and len(a.hand) == 6
    assert set(a.hand) | set(a.deck) == set(range(2, 30))
    # without the Dark Area step: the 2 discarded stay there, 2 drawn
    g = _adventure_game(["draw_to(6) | cost: discard(2) | limit: now"], hand=[], dark=[])
    a = g.ps[0]
    assert g.card_uses[0, 1] == 1 and len(a.hand) == 6 and len(a.dark) == 3 and 1 in a.dark and len(a.deck) == 20
    # a hand at the limit already: nothing drawn (6 in hand, 22 in the Net Ocean after Preparation's 6)
    g = _adventure_game(["draw_to(6) | limit: now"], hand=[], dark=[])
    a = g.ps[0]
    assert g.card_uses[0, 1] == 1 and len(a.hand) == 6 and a.dark == [1] and len(a.deck) == 22
    # a smaller limit than the hand: nothing drawn, nothing discarded
    g = _adventure_game(["draw_to(4) | limit: now"], hand=[], dark=[])
    assert len(g.ps[0].hand) == 6 and len(g.ps[0].deck) == 22
