"""Scenario tests of round 11d (issue 9): the condition ``attr=opp_attr`` and a row filter of alternatives, on both
engines (greedy players, effects on).

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B, attacks
250/240/150); A attacks with its B attack (200, C-TYPE-1), B with its A attack (250).  ``both_turn`` plays each turn on
the kernel and the reference from the same state and asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt


def _attr_duel(a_attr, b_attr, effect="atk+100 if attr=opp_attr"):
    """A's Alpha (attribute a_attr) with a battle option `effect` in slot 0 against B's Beta (b_attr); one turn, A
    first.  Returns (game, A's final attack)."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), attribute=a_attr), opt("Same", effects=[effect])])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), attribute=b_attr)])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g, g.card_uses[0, 1]


def test_same_attribute_condition():
    # "If the opponent Digimon's attribute is the same as yours" (Re-57t), docs/coverage.md "Open questions that block
    # options" row 17.  The +100 turns the battle (300 against 250), so greedy uses the card exactly when the
    # condition holds: plain attributes match themselves only
    assert _attr_duel("Vaccine", "Vaccine")[1] == 1
    assert _attr_duel("Vaccine", "Virus")[1] == 0
    assert _attr_duel("Unknown", "Unknown")[1] == 1
    assert _attr_duel("Unknown", "Data")[1] == 0
    # seed 003 note [22]: a Variable Digimon (변이종) "becomes the same attribute as the opponent": on either side
    assert _attr_duel("Variable", "Virus")[1] == 1
    assert _attr_duel("Data", "Variable")[1] == 1
    assert _attr_duel("Variable", "Unknown")[1] == 1
    # a dual attribute ("Vaccine/Data", Bo-18v) is either
    assert _attr_duel("Vaccine/Data", "Data")[1] == 1
    assert _attr_duel("Virus", "Vaccine/Data")[1] == 0
    # the negation
    assert _attr_duel("Vaccine", "Virus", "atk+100 if attr!=opp_attr")[1] == 1
    assert _attr_duel("Variable", "Virus", "atk+100 if attr!=opp_attr")[1] == 0


def test_same_attribute_battle_result():
    # the battle itself (C-BAT-1, C-LOST-1: the loser pays its own table at the winner's level, 10 here)
    g, used = _attr_duel("Data", "Variable")
    assert used == 1 and g.ps[1].points == 90 and g.ps[0].points == 100
    g, used = _attr_duel("Data", "Vaccine")
    assert used == 0 and g.ps[0].points == 90 and g.ps[1].points == 100


def _search_game(effect, groups, names=None):
    """A's Point Calculation option `effect` in slot 0; A's Net Ocean holds, top first (the list's end), six fillers
    (Preparation's draw, DM-PREP-1), cards 2 .. 7 of the given groups (None: no group; names: their names, else G0 ..
    G5), then more fillers.  Returns A after one turn (round 13e's search(K,M) tests use it too)."""
    names = names or [f"G{i}" for i in range(len(groups))]
    a = [digi("Alpha", bt="A", atk=(300, 200, 100)), opt("Knife", effects=[effect], timing="point")]
    a += [opt(n, group=gr) for n, gr in zip(names, groups)]
    a = fill(a)
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(8, 24)) + [7, 6, 5, 4, 3, 2] + list(range(24, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.card_uses[0, 1] == 1
    return g.ps[0]


GROUPS = ["Chosen Children", "Infected Digimon", "Partner", None, "Infected Digimon", "Chosen Children"]


def test_search_with_alternatives():
    # "Draw 5 cards from the top of your Net Ocean, and add to your hand any cards belonging to the category 'Chosen
    # Children' or the group 'Infected Digimon'" (KNIFE OF DAY Re-08t): of the top 5 (cards 2 .. 6), the cards of either
    # group go to hand (2, 3, 6); the sixth card (7, Chosen Children) was not looked at
    a = _search_game("search(5) | filter: group=Chosen Children or group=Infected Digimon", GROUPS)
    assert {2, 3, 6} <= set(a.hand) and not {4, 5, 7} & set(a.hand) and {4, 5, 7} <= set(a.deck)
    # one group alone: 2 only
    a = _search_game("search(5) | filter: group=Chosen Children", GROUPS)
    assert 2 in a.hand and not {3, 4, 5, 6, 7} & set(a.hand)


def _dark_game(effect, dark):
    """A's Point Calculation option in slot 0 and A's Dark Area `dark` (card indices): 2 AlphaIV (on an evolution chain
    from A's Alpha, BL-2), 3 Stray (Level IV, from a Digimon A does not have), 4 Rook (Level III), 5 an option.  Returns
    A after one turn."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), opt("Forest", effects=[effect], timing="point"),
              digi("AlphaIV", level="IV", reqs=[{"from_name": "alpha", "cards": 1}]),
              digi("Stray", level="IV", reqs=[{"from_name": "gamma", "cards": 1}]),
              digi("Rook", level="III"), opt("Other")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(6, 30)), dark=list(dark))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.card_uses[0, 1] == 1
    return g.ps[0]


def test_dark_to_hand_with_alternatives():
    # "if there are any Meicoomon or Meicrackmon Vicious Mode cards, add them to your hand (1 card max)" (From Within the
    # Forest... Re-56t): one card of either name; the pick of round 10a (tutor's preference, else the last matching card
    # to arrive): Rook arrived after Stray
    a = _dark_game("dark_to_hand(1) | filter: name=Stray or name=Rook", dark=[3, 4, 5])
    assert 4 in a.hand and 3 in a.dark and 5 in a.dark
    a = _dark_game("dark_to_hand(1) | filter: name=Stray or name=Rook", dark=[4, 3, 5])
    assert 3 in a.hand and 4 in a.dark
    # AlphaIV is on an evolution chain from the box: tutor's preference, though it arrived first
    a = _dark_game("dark_to_hand(1) | filter: name=Rook or name=AlphaIV", dark=[2, 4, 5])
    assert 2 in a.hand and 4 in a.dark
    # the same two predicates joined by "&" match no card (a card has one name): nothing moves
    a = _dark_game("dark_to_hand(1) | filter: name=Stray & name=Rook", dark=[3, 4, 5])
    assert all(c in a.dark and c not in a.hand for c in (3, 4, 5))
