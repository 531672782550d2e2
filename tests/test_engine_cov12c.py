"""Round 12c (issue 9): the hand / slot option exchange ``swap_hand_slot(MASK)`` (I Take that Back After All! Bo-161).

Scenario tests on both engines (``both_turn`` plays the turn on the kernel and the reference from the same state and
asserts that they agree: zones, points, battle result) and the translation of the card modeled (cited by number).
A's Alpha IV (type A, attacks 300/200/100) against B's Beta (type B, attacks 250/240/150): A attacks with its B attack
(200, C-TYPE-1), B with its A attack (250): B wins unless A's attack gains 100.
"""

from __future__ import annotations

import pytest
from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.cards.translate import iter_card_rows, translate_row

SWAP = "swap_hand_slot(3) if level!=III | limit: battle"  # Bo-161's translation (test_bo161_translation)


@pytest.fixture(scope="module")
def by(lackey_dir):
    return {r["Card Number"]: r for r in iter_card_rows(str(lackey_dir))}


def test_bo161_translation(by):
    # "You may switch one of the cards in your slot 1 or 2 with an Option card from your hand.  This card cannot be used
    # when your Digimon is Level III.  At the end of the Battle Phase … send it to the Dark Area" (slot 3 named)
    tr = translate_row(by["Bo-161"])
    assert tr.effects == [SWAP] and tr.unmodeled == [] and tr.slot_pos == 3 and tr.timing == "battle"


def _swap_game(level="IV", boost=True, slot1_battle=False, players=("greedy", "greedy"), seed=0):
    """A: Alpha III (card 0) under Alpha IV (1) when level is IV; slots: Filler A (card 4, no rows) or, when
    slot1_battle, a battle card whose condition fails (6, `atk+100 if level=Perfect`), Filler B (5), the exchange card
    (2) in slot 3; the deck ends with Boost (3, `atk+100`,
    a battle card) when boost, which Preparation draws into the hand (slots full: nothing is set).  One turn, A first;
    returns the reference game."""
    a = [digi("Alpha", bt="A", atk=(300, 200, 100)), digi("AlphaIV", level="IV", bt="A", atk=(300, 200, 100)),
         opt("Take Back", [SWAP], slot_pos=3), opt("Boost", ["atk+100"]), opt("Filler A"), opt("Filler B"),
         opt("Boost Perfect", ["atk+100 if level=Perfect"])]
    b = [digi("Beta", bt="B", atk=(250, 240, 150))]
    T, g = scenario(fill(a), fill(b), effects=True, players=players, seed=seed)
    deck = list(range(7, 30)) + ([3] if boost else [])
    place(g, 0, l3=0, top=1 if level == "IV" else -1, deck=deck, slots=(6 if slot1_battle else 4, 5, 2))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    return both_turn(T, g, fa=0)


def test_swap_brings_a_battle_card_from_hand_into_the_slot():
    # Greedy (rule 4): nothing improves the battle (B wins 250 to 200), the exchange finds a pair (Filler A in slot 1
    # has no battle row, Boost in hand has one): it uses Take Back; Filler A goes to the hand, Boost face-down into slot
    # 1, then greedy's rule 2 uses Boost: 300 against 250, A wins.
    g = _swap_game()
    a, b = g.ps[0], g.ps[1]
    assert g.battles[-1] == 0  # the first attacker (A) wins
    assert a.points == 100 and b.points < 100
    assert 4 in a.hand and 4 not in a.slots  # Filler A back in hand
    assert 2 in a.dark and 3 in a.dark  # Take Back (limit battle) and the used Boost (limit phase)
    assert a.slots[1] == 5  # slot 2 untouched


def test_swap_needs_its_condition_and_a_pair():
    # "This card cannot be used when your Digimon is Level III": at Level III nothing is exchanged, B wins
    g = _swap_game(level="III")
    assert g.battles[-1] == 1 and g.ps[0].points < 100
    assert g.ps[0].slots == [4, 5, 2] and 3 in g.ps[0].hand
    # no battle card in hand: no pair, greedy keeps Take Back face-down
    g = _swap_game(boost=False)
    assert g.battles[-1] == 1 and g.ps[0].slots == [4, 5, 2] and g.ps[0].slot_up[2] == 0


def test_swap_takes_only_cards_without_a_battle_row_from_the_named_slots():
    # slot 1 holds a battle card (its condition fails: it is still a card for the battle), slot 2 Filler B (no rows):
    # the exchange takes slot 2's card; Boost goes face-down into slot 2 and is used: A wins
    g = _swap_game(slot1_battle=True)
    a = g.ps[0]
    assert g.battles[-1] == 0 and a.slots[0] == 6 and 5 in a.hand and 3 in a.dark and 2 in a.dark


def test_swap_random_players_agree():
    # random: Take Back is used or not with its usual choice (an option in a battle window); the exchange is the same
    # fixed pair in both engines (both_turn asserts the kernel and the reference agree: zones, points, result).  Among
    # twelve games some use it: then Boost left the hand for slot 1 and A may win.
    swapped = 0
    for seed in range(12):
        a = _swap_game(players=("random", "random"), seed=seed).ps[0]
        if 2 in a.dark:
            assert 4 in a.hand and 3 not in a.hand
            swapped += 1
        else:
            assert a.slots == [4, 5, 2] and 3 in a.hand
    assert swapped > 0
