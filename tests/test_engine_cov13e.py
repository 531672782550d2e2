"""Scenario tests of round 13e (issue 9): deck / hand / point-gauge words, on both engines (greedy players, effects on).

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B, attacks
250/240/150).  ``both_turn`` plays each turn on the kernel and the reference from the same state and asserts that they
agree (zones, points, battle result).
"""

from __future__ import annotations

from test_engine_effects import duel
from test_engine_helpers import both_turn, place, scenario
from test_engine_cov11d import _search_game  # a Point Calculation search over a prepared Net Ocean
from test_engine_rules import digi, fill, opt


GROUPS = ["Chosen Children", "Partner", "Chosen Children", None, "Chosen Children", "Chosen Children"]


def test_search_with_a_maximum_takes_the_top_matches():
    # "Draw 9 cards from the top of your Net Ocean, and add to your hand the card 'Dancing Time!!', or any cards
    # belonging to the category 'Chosen Children' (2 cards max). Shuffle the remaining cards back" (Excited Koshiro
    # Re-16t): of the matches among the looked-at cards (2, 4, 6, 7) at most two go to hand, the top ones (2, 4: the
    # pick of two among more is the player's; every player takes the top ones); the rest are shuffled back
    a = _search_game("search(9,2) | filter: name=Dancing Time!! or group=Chosen Children", GROUPS)
    assert {2, 4} <= set(a.hand) and not {3, 5, 6, 7} & set(a.hand) and {3, 5, 6, 7} <= set(a.deck)
    # without the maximum every match goes (round 11d's search)
    a = _search_game("search(9) | filter: name=Dancing Time!! or group=Chosen Children", GROUPS)
    assert {2, 4, 6, 7} <= set(a.hand) and not {3, 5} & set(a.hand)
    # the name alternative: 'Dancing Time!!' (card 5, no group) counts among the two
    names = ["Rook", "Crow", "Dancing Time!!", "Owl", "Jay", "Wren"]
    groups = [None, None, None, None, "Chosen Children", "Chosen Children"]
    a = _search_game("search(9,2) | filter: name=Dancing Time!! or group=Chosen Children", groups, names)
    assert {4, 6} <= set(a.hand) and not {2, 3, 5, 7} & set(a.hand) and 7 in a.deck
    # a maximum above the matches takes them all: 4, 6, 7
    a = _search_game("search(9,5) | filter: name=Dancing Time!! or group=Chosen Children", groups, names)
    assert {4, 6, 7} <= set(a.hand) and not {2, 3, 5} & set(a.hand)


def _gauge_game(effect, gauge):
    """A's Point Calculation option in slot 0 and A's point gauge `gauge` (card indices; its first card is the one placed
    at the start of the game, DM-SET-1): 2 AlphaIV (on an evolution chain from A's Alpha, BL-2), 3 Stray (Level IV, from
    a Digimon A does not have), 4 Rook (Level III), 5 an option.  Returns A after one turn."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), opt("Sora", effects=[effect], timing="point"),
              digi("AlphaIV", level="IV", reqs=[{"from_name": "alpha", "cards": 1}]),
              digi("Stray", level="IV", reqs=[{"from_name": "gamma", "cards": 1}]),
              digi("Rook", level="III"), opt("Other")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(6, 30)), gauge=list(gauge))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.card_uses[0, 1] == 1  # used at Point Calculation (greedy uses a usable timed option)
    return g.ps[0]


ROW = "gauge_to_hand(1) | filter: kind=Digimon"


def test_gauge_to_hand_takes_a_stacked_digimon():
    # "Add one of the Digimon cards currently stacked on your point gauge to your hand" (Takenouchi Sora (1) Re-11t):
    # of the stacked Digimon (Stray, Rook) one goes to hand — dark_to_hand's pick: neither would be on a chain, so the
    # last to arrive (Rook); the option stays on the gauge
    a = _gauge_game(ROW, gauge=[5, 3, 4])
    assert 4 in a.hand and a.gauge == [5, 3]
    a = _gauge_game(ROW, gauge=[5, 4, 3, 25])
    assert 3 in a.hand and a.gauge == [5, 4, 25]
    # AlphaIV is on an evolution chain from the box: tutor's preference, though it arrived first
    a = _gauge_game(ROW, gauge=[4, 2, 3])
    assert 2 in a.hand and a.gauge == [4, 3]


def test_gauge_to_hand_never_takes_the_start_of_game_card():
    # "(this effect cannot be used to add to your hand the card that was placed on the point gauge at the start of the
    # game)": the gauge's first card (DM-SET-1, Rook here) stays, though it is the only Digimon on the gauge
    a = _gauge_game(ROW, gauge=[4, 5])
    assert 4 not in a.hand and a.gauge == [4, 5]
    a = _gauge_game(ROW, gauge=[4])
    assert a.gauge == [4]


def test_negation_of_a_program_or_a_field():
    # "Invalidate one of the Program or Field Option cards used by the opponent before it takes effect, and send it to
    # the Dark Area" (Izumi Koshiro (1) Re-15t): negate_option on the card condition optype!=Item (the reading of "one of
    # the opponent's Program or Item Option cards", optype!=Field, on the third type); docs/engine.md "Negation".  A's
    # +100 would win (300 > 250): B's greedy answers a Program and a Field, not an Item
    row = "negate_option if card:optype!=Item"
    g, f = duel(a_opts=["atk+100"], b_opts=[row])
    assert f == [(200, 250)] and 1 in g.ps[0].dark and 1 in g.ps[1].dark and g.card_uses[1, 1] == 1
    g, f = duel(a_opts=[opt("Fld", effects=["atk+100"], option_type="Field")], b_opts=[row])
    assert f == [(200, 250)] and 1 in g.ps[0].dark and 1 in g.ps[1].dark
    g, f = duel(a_opts=[opt("Itm", effects=["atk+100"], option_type="Item")], b_opts=[row])
    assert f == [(300, 250)] and g.ps[1].slots[0] == 1 and g.card_uses[1, 1] == 0


CONC = ["atk+300 if use_hand:name=Rook", "atk+300 if use_hand:name=Crow", "atk+300 if use_hand:name=Owl"]


def _drawn(*cards):
    """A setup for duel: A's hand cards `cards` (indices) are put on top of A's Net Ocean, so that Preparation draws
    them (DM-PREP-1 (2), after the discard step) and they are in hand in the battle."""
    def setup(g):
        a = g.ps[0]
        for c in cards:
            a.hand.remove(c)
            a.deck.append(c)
    return setup


def _named(name, **kw):
    return digi(name, level="IV", reqs=[{"from_name": "gamma", "cards": 1}], **kw)  # no chain from Alpha: stays in hand


def test_one_count_per_name_in_hand():
    # "For every DORUgoramon, Ouryumon, Dinotigermon, or Alphamon card in your hand (multiple cards with the same name are
    # counted as one card each), add 300" (Concentration of New Power Bx-8s): one row per name, use_hand:name=N.  A holds
    # Rook, Rook and Crow: two names, +600 (800 against 250), not +900; Owl's row does not apply
    hand = [_named("Rook"), _named("Rook"), _named("Crow")]
    g, f = duel(a_opts=[CONC], a_hand=hand, setup=_drawn(2, 3, 4))
    assert f == [(800, 250)] and g.card_uses[0, 1] == 1 and g.ps[1].points == 90
    # one Rook only: +300
    g, f = duel(a_opts=[CONC], a_hand=[_named("Rook"), _named("Jay")], setup=_drawn(2, 3))
    assert f == [(500, 250)] and g.card_uses[0, 1] == 1


def test_the_names_in_hand_are_held_from_the_use():
    # the count is the hand's at the use (the card turns face-up), held as round 11c's use_hand: A uses the card with
    # Rook and Crow in hand (+600: 800 against 250), B answers +570 (820), A puts Crow into its Support Box (+30,
    # DM-BAT-2): the rebuild keeps Crow's +300 (830 against 820, B loses 10).  Tested again, the row would end (530)
    crow = _named("Crow", effects=["atk+30 | when: support"])
    g, f = duel(a_opts=[CONC], b_opts=["atk+570"], a_hand=[_named("Rook"), crow], setup=_drawn(2, 3))
    assert f == [(830, 820)] and g.card_uses[0, 1] == 1 and g.card_uses[1, 1] == 1 and g.ps[1].points == 90
    assert "  A supports with Crow" in g.log and 3 not in g.ps[0].hand
