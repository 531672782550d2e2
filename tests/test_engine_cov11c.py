"""Scenario tests of round 11c (issue 9; docs/coverage.md "Open questions that block options", rows 9 and 5): a condition
the card ties to its use, tested once at the use and held for the card's limit (``use_hand``, ``use_power``), and the
plug-in counters' printed number (``number=``, ``opp_used`` / ``opp_unused``), on both engines (greedy players, effects
on).

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B, attacks
250/240/150); A attacks with its B attack (200, C-TYPE-1), B with its A attack (250).  ``both_turn`` plays each turn on
the kernel and the reference from the same state and asserts that they agree (zones, points, battle result).  A's hand
holds 6 cards in the battle (the Preparation draw fills it, DM-PREP-1); a support Digimon put from the hand into the
Support Box (DM-BAT-2) leaves 5 and rebuilds the battle's modifiers, which re-test the conditions of the rows used so far.
"""

from __future__ import annotations

import re

from test_engine_effects import duel
from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import custom, digi, fill, opt

from simcli.cards.translate import translate_ability, translate_option


def _sup_drawn(g):
    """A's support card (index 2, after A's option) is drawn this turn (greedy plays the supports it drew, BL-2)."""
    a = g.ps[0]
    a.hand.remove(2)
    a.deck.append(2)


def test_hand_count_at_use_is_held_after_a_rebuild():
    # seed 003 §3.3 조건 / open question 9: "when there are 4 cards in your hand when this card is activated" (High Speed
    # Plug-In T Bo-498), scaled to 6.  A uses Opt (+60 at 6 cards: 260 against 250), B answers +50 (300), A's support
    # (+50) leaves 5 cards and rebuilds the modifiers: the held condition keeps Opt's +60 (310 against 300, B loses 10)
    sup = digi("Sup", effects=["atk+50 | when: support"])
    g, f = duel(a_opts=["atk+60 if use_hand=6"], b_opts=["atk+50"], a_hand=[sup], setup=_sup_drawn)
    assert f == [(310, 300)] and g.card_uses[0, 1] == 1 and g.card_uses[0, 2] == 1 and g.ps[1].points == 90
    # the same row on a plain hand count is tested again in the rebuild: the +60 ends (250 against 300, A loses 20)
    g, f = duel(a_opts=["atk+60 if hand=6"], b_opts=["atk+50"], a_hand=[sup], setup=_sup_drawn)
    assert f == [(250, 300)] and g.card_uses[0, 1] == 1 and g.ps[0].points == 80


def test_hand_count_is_tested_at_the_use():
    # use_hand=5 does not hold with 6 cards: greedy supports first (250 against 250), and only then, with 5 cards in
    # hand, Opt's +60 applies (310 against 250)
    sup = digi("Sup", effects=["atk+50 | when: support"])
    g, f = duel(a_opts=["atk+60 if use_hand=5"], b_opts=["atk+50"], a_hand=[sup], setup=_sup_drawn)
    assert f == [(310, 250)] and g.card_uses[0, 1] == 1 and g.card_uses[0, 2] == 1 and g.card_uses[1, 1] == 0


def test_attack_comparison_at_use_is_held_after_a_rebuild():
    # "If your attack power is lower than the opponent's at the point of time when this card is used, add 150" (Small
    # Spear Bo-250).  A's Alpha has +100 while A holds 5 cards or fewer (6 in the battle: not yet).  A uses Spear at 200
    # against 250 (+150: 350), B answers +140 (390), A's support (+45) leaves 5 cards: the rebuild gives the passive
    # +100 first (300 against 250 before Spear's row) and the held comparison keeps Spear's +150: 495 against 390.  Tested
    # again, Spear's row would end (345 against 390).
    sup = digi("Sup", effects=["atk+45 | when: support"])
    g, f = duel(a_fx=["atk+100 if hand<=5 | when: passive"], a_opts=["atk+150 if use_power<opp_power"],
                b_opts=["atk+140"], a_hand=[sup], setup=_sup_drawn)
    assert f == [(495, 390)] and g.card_uses[0, 1] == 1 and g.card_uses[0, 2] == 1 and g.ps[1].points == 90


def test_translations_of_the_use_conditions():
    # the condition clauses of Bo-498 and Bo-250 (the rest of each card is older shapes)
    tr = translate_option("X", "Battle Phase", "Item", "(O)Add 100 to your attack power. (O)This card can only be used "
                          "when there are 4 cards in your hand when this card is activated.")
    assert tr.effects == ["atk+100 if use_hand=4"] and tr.modeled
    tr = translate_option("X", "Battle Phase", "Item", "(O)If your attack power is lower than the opponent's at the "
                          "point of time when this card is used, add 150 to your attack power.")
    assert tr.effects == ["atk+150 if use_power<opp_power"] and tr.modeled
    # without the activation words it stays the plain count, tested whenever the row applies
    tr = translate_option("X", "Battle Phase", "Item", "(O)Add 100 to your attack power. (O)This card can only be used "
                          "when there are 4 cards in your hand.")
    assert tr.effects == ["atk+100 if hand=4"]


# ---- row 5: the plug-in counters --------------------------------------------------------------------------------------
_BATTLE = re.compile(r"battle: A \S+ (\d+) vs B \S+ (\d+)")


def _counter_game(b_opt, a_atk=(300, 200, 100), b_atk=(250, 500, 150)):
    """A's Offense Plug-In A St-376 (the real card's rows) against B's option b_opt, each in slot 1; one turn, A first
    attacker.  Returns (game, (A's final attack, B's))."""
    a = fill([digi("Alpha", bt="A", atk=a_atk), custom("St-376")])
    b = fill([digi("Beta", bt="B", atk=b_atk), b_opt])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    m = [_BATTLE.search(ln) for ln in g.log if ln.strip().startswith("battle:")][-1]
    assert g.card_uses[0, 1] == 1 and g.card_uses[1, 1] == 1  # both cards were used
    return g, (int(m.group(1)), int(m.group(2)))


def test_plug_in_counter_replaced_by_the_named_printing():
    # Offense Plug-In A St-376: "attack A … and add 100; after that, if the opponent uses 'High Speed Plug-In B (St-51)',
    # this card's effect becomes 'reduce your attack power by 100', and you lose 'you can make your attack A'".  A uses
    # it (its A attack 300 + 100 = 400 against 250); B answers with St-51 (its B attack 500): from that use on A's rows
    # are replaced, the earlier ones undone — A attacks with its B attack again (C-TYPE-1), 200 - 100 = 100
    g, f = _counter_game(custom("St-51"))
    assert f == (100, 500) and g.log.index("  A uses Offense Plug-In A") < g.log.index("  B uses High Speed Plug-In B")
    # seed 003 §3.4 카테고리: a printed number names that printing only — the same card as another printing (St-301, the
    # same name) does not trigger the counter: 400 against 500
    g, f = _counter_game(custom("St-51", number="St-301"))
    assert f == (400, 500)


def test_plug_in_counter_only_after_its_use():
    # "After that": B's St-51 used before A's card (B's B attack 280 against A's 260) does not count; A's card then acts
    # as printed (300 + 100 = 400 against 280)
    g, f = _counter_game(custom("St-51"), a_atk=(300, 260, 100), b_atk=(250, 280, 150))
    assert f == (400, 280) and g.log.index("  B uses High Speed Plug-In B") < g.log.index("  A uses Offense Plug-In A")


def test_translation_of_the_plug_in_counter():
    tr = translate_option("X", "Battle Phase", "Program", "(O)During battle, you can make your attack A regardless of the "
                          "opponent's battle type, and add 100 to your attack power. After that, if the opponent uses 'High "
                          "Speed Plug-In B (St-51)', this card's effect becomes 'reduce your attack power by 100', and you "
                          "also lose the effect of 'you can make your attack A'.")
    assert tr.effects == ["attack=A if opp_unused:number=St-51", "atk+100 if opp_unused:number=St-51",
                          "atk-100 if opp_used:number=St-51"] and tr.modeled


# ---- row 20: a row at the start of Point Calculation ------------------------------------------------------------------
# "Send 1 card from your hand to the Dark Area.  At the start of the Point Calculation Phase, shuffle the cards in your
# Dark Area back into your Net Ocean.  Send this card to the Dark Area at the end of the turn." (Privileges of Being a
# Child Re-52t), as the translator writes it
PRIV = ["commit | cost: discard(1) | limit: turn", "dark_to_deck | when: point_start | cost: discard(1) | limit: turn"]


def _priv_turn(seed):
    """A (random player: greedy commits a card only for its result rows) holds Priv in slot 1, cards 2-4 in hand and 5-7
    in its Dark Area; one turn against greedy B.  Returns (game, A)."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), opt("Priv", effects=PRIV)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("random", "greedy"), seed=seed)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(8, 30)), dark=[5, 6, 7], hand=[2, 3, 4])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)  # both engines: the same shuffled Net Ocean (zones compared card by card)
    return g, g.ps[0]


def test_point_start_row_shuffles_the_dark_area_back():
    # seed 003 §3.2.5 / open question 20: used in the battle (its cost: one hand card to the Dark Area), at the start of
    # Point Calculation the Dark Area — 5, 6, 7 and the discarded card — goes into the Net Ocean, shuffled; the card itself
    # stays face-up until the end of the turn, then goes to the Dark Area (alone there)
    g, a = _priv_turn(seed=0)
    assert g.card_uses[0, 1] == 1 and a.dark == [1] and {5, 6, 7} <= set(a.deck) and len(a.deck) == 23
    # not used (another seed): nothing moves back, the Dark Area keeps 5, 6, 7
    g, a = _priv_turn(seed=2)
    assert g.card_uses[0, 1] == 0 and a.dark[:3] == [5, 6, 7] and not {5, 6, 7} & set(a.deck)


def test_translation_of_the_point_start_row():
    tr = translate_option("X", "Battle Phase", "Program", "Send 1 card from your hand to the Dark Area. At the start of "
                          "the Point Calculation Phase, shuffle the cards in your Dark Area back into your Net Ocean. Send "
                          "this card to the Dark Area at the end of the turn.")
    assert tr.effects == PRIV and tr.modeled
    # only on a Battle Phase option (the engines apply point_start rows of the options used in the battle)
    assert not translate_option("X", "Preparation Phase", "Program", "At the start of the Point Calculation Phase, "
                                "shuffle the cards in your Dark Area back into your Net Ocean.").modeled


# ---- row 21: a count latched when the row applies ------------------------------------------------------------------
def test_start_count_of_slot_cards_is_kept_for_the_battle():
    # seed 003 §3.4 ◎특수능력 / open question 21: "At the start of the battle, for every card in your opponent's slots, add
    # 100 to your attack power" (Hououmon Bo-583), scaled to 30.  B holds 2 cards in its slots at the start: A +60 (260
    # against 250).  B uses the one-shot +100 (its card leaves the slot at once: 1 card left, 350); A's support (+100)
    # rebuilds the modifiers: the start count is kept (the log's), 360 against 350 — counted again it would be 330
    sup = digi("Sup", effects=["atk+100 | when: support"])
    g, f = duel(a_fx=["atk_per_slot(30,2) | when: start"], a_hand=[sup], b_opts=["atk+100 | limit: now", "atk+5"],
                setup=_sup_drawn_at(1))
    assert f == [(360, 350)] and g.ps[1].slots == [-1, 2, -1] and g.card_uses[0, 1] == 1 and g.ps[1].points == 90
    # the own slots (SIDE 1): A's one card (a filler the turn never uses) is +30 (230 against 250)
    g, f = duel(a_fx=["atk_per_slot(30,1) | when: start"], a_opts=["atk+5"])
    assert f == [(230, 250)] and g.card_uses[0, 1] == 0


def _sup_drawn_at(k):
    """_sup_drawn for A's support card at index k."""
    def setup(g):
        a = g.ps[0]
        a.hand.remove(k)
        a.deck.append(k)
    return setup


def test_translation_of_the_start_counts():
    for text, row in (("(O)At the start of the battle, for every card in your slots, add 30 to your attack power.",
                       "atk_per_slot(30,1) | when: start"),
                      ("(O)At the start of the Battle Phase, for every card in the opponent's slots, add 20 to your attack "
                       "power.", "atk_per_slot(20,2) | when: start"),
                      ("(O)For every card in the opponent's slots at the beginning of the Battle Phase, add 20 to your "
                       "attack power.", "atk_per_slot(20,2) | when: start")):
        tr = translate_ability("X", text)
        assert tr.effects == [row] and tr.modeled, text
    # without a start the count would go stale in a rebuild: not this word (St-280 stays unmodeled)
    assert not translate_ability("X", "(O)For every card in the opponent's slots, add 30 to your attack power.").modeled
