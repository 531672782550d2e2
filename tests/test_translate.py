"""Card-text translation into the effect language (RULES.md §4, C-TYPE-2, C-OPT-1/2).

The unit tests use short clauses written for these tests in the card games' style (no card text
is copied here); the data tests read the real card files from /work/shared/data/dmhc.
"""

from __future__ import annotations

import os

import pytest

from simcli.cards.effects import format_effect, parse_effect
from simcli.cards.translate import (
    Translation,
    is_option_row,
    iter_card_rows,
    translate_ability,
    translate_option,
    translate_row,
)

DATA_DIR = "/work/shared/data/dmhc"
END_OF_TURN = "(O)At the end of the turn during which this card was used, send it to the Dark Area."


def opt(text: str, activation: str = "Battle Phase", kind: str = "Program") -> Translation:
    return translate_option("Test Card", activation, kind, text)


# ---- options: effects, limits, conditions, costs (rule C-OPT-2, §4) -------------------------------


def test_add_attack_until_end_of_turn():
    tr = opt("(O)Add 50 to your attack power. " + END_OF_TURN)
    assert tr.effects == ["atk+50 | limit: turn"]
    assert tr.modeled and tr.timing == "battle"


def test_limits():
    assert opt("(O)Add 10 to your attack power. (O)Send this card to the Dark Area immediately after use.").effects == [
        "atk+10 | limit: now"
    ]
    assert opt(
        "(O)Add 10 to your attack power. (O)This card remains in its slot and continues its effects until it is "
        "discarded by you or invalidated."
    ).effects == ["atk+10 | limit: discarded"]
    assert opt(
        "(O)Add 10 to your attack power. (O)At the end of the battle phase during which this card was used, "
        "send it to the Dark Area."
    ).effects == ["atk+10 | limit: battle"]
    # no stated limit: the phase (C-OPT-2)
    assert opt("(O)Add 10 to your attack power.").effects == ["atk+10"]


def test_level_restrictions_become_conditions():
    tr = opt("(O)Double your attack power. (O)This card cannot be used when your Digimon is Level III. " + END_OF_TURN)
    assert tr.effects == ["atk*2 if level!=III | limit: turn"]
    tr = opt("(O)Triple your attack power. (O)This card can only be used when your Digimon is Ultimate level.")
    assert tr.effects == ["atk*3 if level=Ultimate"]
    tr = opt("(O)Add 20 to your attack power. (O)This card can only be used when your Digimon is Perfect or Ultimate level.")
    assert tr.effects == ["atk+20 if level>=Perfect"]


def test_conditions():
    assert opt(
        "(O)When you are in a battle with a Digimon of a higher level than yours, double your attack power."
    ).effects == ["atk*2 if opp_higher"]
    assert opt('(O)During battle, when facing an opponent with the ability "underwater", add 70 to your attack power.').effects == [
        "atk+70 if opp_keyword=underwater"
    ]
    assert opt("(O)When the opponent is Virus attribute, reduce the opponent's attack power by 40.").effects == [
        "opp_atk-40 if opp_attr=Virus"
    ]
    assert opt("(O)When the opponent's battle type is B or C, add 30 to your attack power.").effects == [
        "atk+30 if opp_bt!=A"
    ]
    assert opt("(O)Add 90 to the attack power of your Digimon belonging to Nature Spirits.").effects == [
        "atk+90 if field=NSp"
    ]
    assert opt("(O)When your points are 30 or less, add 60 to your attack power.").effects == ["atk+60 if points<=30"]
    assert opt("(O)When your attack is C, add 40 to your attack power.").effects == ["atk+40 if attack=C"]


def test_ops():
    assert opt("(O)Halve the opponent's attack power.").effects == ["opp_atk/2"]
    assert opt("(O)The battle ends in a draw.").effects == ["force_draw"]
    assert opt("(O)Reduce the opponent's points by 20.").effects == ["damage(20)"]
    assert opt("(O)Regain 30 points.").effects == ["heal(30)"]
    assert opt("(O)Draw two cards.").effects == ["draw(2)"]
    assert opt("(O)Add 100 to your A attack power.").effects == ["base+100 if attack=A"]
    assert opt("(O)Your attack becomes C regardless of the opponent's battle type.").effects == ["attack=C"]
    assert opt(
        "(O)Invalidate one of the opponent's Program Option cards before it takes effect, and send it to the Dark Area."
    ).effects == ["negate_program"]
    assert opt("(O)Ignore the evolution requirements and evolve your Level III Digimon into a Level IV Digimon.",
               "Evolution Phase").effects == ["evolve_ignore if level=III"]


def test_costs_and_face_up_limit():
    tr = opt(
        "(O)Add 80 to your attack power.",
        "Battle Phase (O)You may only place one of this card in your slots. (O)Choose two cards from your hand and "
        "send them to the Dark Area.",
    )
    assert tr.effects == ["atk+80 | cost: discard(2)"]
    assert tr.face_up_limit == 1
    tr = opt("(O)Add 80 to your attack power.", "Battle Phase (O)Send the top card of your Net Ocean to the Dark Area.")
    assert tr.effects == ["atk+80 | cost: mill(1)"]
    tr = opt("(O)Draw one card. (O)Stack this card onto your point gauge immediately after use.", "Preparation Phase")
    assert tr.effects == ["draw(1) | cost: gauge | limit: now"] and tr.timing == "prep"


def test_unmodeled_card_is_unmodeled_as_a_whole():
    # one clause we cannot express makes the whole card unmodeled (never half-modeled)
    tr = opt("(O)Add 50 to your attack power. (O)Look at the opponent's hand and shuffle it into their deck.")
    assert not tr.modeled
    assert tr.unmodeled and all(len(lab) <= 40 for lab in tr.unmodeled)
    # a condition the language lacks
    assert not opt("(O)When your Digimon is in a green mood, add 50 to your attack power.").modeled
    # only usable by Hybrid level Digimon, which are out of scope (DM-DECK-3)
    assert not opt("(O)Add 50 to your attack power. (O)This card can only be used when your Digimon is Hybrid level.").modeled


def test_timing_from_activation_column():
    assert opt("(O)Add 1 to your attack power.", "Evolution Phase").timing == "evolution"
    assert opt("(O)Add 1 to your attack power.", "Point Calculation Phase").timing == "point"
    assert opt("(O)Add 1 to your attack power.", "Preparation Phase").timing == "prep"


def test_winning_percentage_card_is_a_requirement_card():
    # rule DM-EVO-3: the evolution rules use it by name; usual cost for 60% is one discard
    tr = translate_option(
        "Winning Percentage: 60%!",
        "Evolution Phase (O)Send this card face-down from your hand or slot to the Evolution Requirements box.",
        "Program",
        "(O)Evolve your Digimon into a Digimon of the next level with Winning Percentage: 40%! or Winning Percentage: "
        "60%! in its evolution requirements. After evolution, choose one card from your hand and send it to the Dark Area.",
    )
    assert tr.modeled and tr.effects == []


def test_deterministic():
    text = "(O)When your points are 30 or less, add 60 to your attack power. (O)Draw one card. " + END_OF_TURN
    assert opt(text) == opt(text)


# ---- Digimon abilities (C-TYPE-2) ------------------------------------------------------------------


def test_ability_none_and_keywords():
    assert translate_ability("X", "None").modeled
    assert translate_ability("X", "None").effects == []
    tr = translate_ability("X", '(O)Has the ability "sky".')
    assert tr.keywords == ["sky"] and tr.effects == [] and tr.modeled and tr.timing is None


def test_ability_no_zero():
    # rule C-TYPE-2: unconditional "A cannot go to zero" is a printed immunity
    assert translate_ability("X", "(O)A cannot go to zero.").effects == ["no_zero | when: passive"]
    assert translate_ability("X", "(O)When your points are 40 or less, your A cannot go to zero.").effects == [
        "no_zero if points<=40 | when: passive"
    ]


def test_ability_passive_and_win():
    assert translate_ability(
        "X", '(O)During battle, when facing an opponent with the ability "sky", add 100 to your attack power.'
    ).effects == ["atk+100 if opp_keyword=sky | when: passive"]
    assert translate_ability("X", "(O)When you win the battle, further reduce the opponent's points by 10.").effects == [
        "damage(10) | when: win"
    ]


# ---- vocabulary added for frames, flags, per-count effects, negation (effect-language extension) ----


def test_frame_conditions():
    assert opt("(O)You can use this card when your Digimon is red frame, and not Level III. (O)Add 30 to your attack power.").effects == [
        "atk+30 if frame=Red & level!=III"
    ]
    assert opt("(O)When facing a blue frame Level IV Digimon, add 70 to your attack power.").effects == [
        "atk+70 if opp_frame=Blue & opp_level=IV"
    ]


def test_printed_digimon_flags():
    tr = translate_ability("X", "Its evolution requirements cannot be ignored. Cannot lose its special abilities.")
    assert tr.effects == ["no_ignore | when: passive", "keep_abilities | when: passive"] and tr.modeled
    assert translate_ability("X", "(O)Regain 15 points when you evolve into this Digimon.").effects == ["heal(15) | when: evolved"]
    # options with such wording are not Digimon properties
    assert not opt("(O)Cannot lose its special abilities.").modeled


def test_named_card_immunity():
    assert translate_ability("X", "(O)Cannot receive the effects of 'Gloomy Castle' and 'Stone Wall'.").effects == [
        "immune_options if card=Gloomy Castle | when: passive", "immune_options if card=Stone Wall | when: passive"
    ]
    # a quoted effect description is not a card name
    assert not translate_ability("X", "(O)Cannot receive the effects of 'cards being discarded'.").modeled


def test_per_count_and_paid_effects():
    assert translate_ability("X", "(O)For every Digimon card you discard from your hand, add 70 to your attack power.").effects == [
        "per_discard_digimon(70)"
    ]
    assert translate_ability("X", "(O)For every card you discard from your Net Ocean, add 30 to your attack power (2 cards max).").effects == [
        "per_mill(30,2)"
    ]
    tr = translate_ability("X", "(O)Has the ability \"sky\". (O)You may discard one Digimon card from your hand and triple "
                                "your attack power (1 card max).")
    assert tr.effects == ["atk*3 | cost: discard_digimon(1)"] and tr.keywords == ["sky"]
    # a maximum that differs from the count paid is not one effect
    assert not translate_ability("X", "(O)You may discard one card from your hand and double your attack power (3 cards max).").modeled


def test_negation_and_slots():
    assert opt("(O)Invalidate one of the opponent's Item Option cards and send it to the Dark Area.").effects == ["negate_item"]
    assert opt("(O)Send one of the opponent's Program Option cards to the Dark Area before it takes effect.").effects == [
        "negate_program"
    ]
    assert opt("(O)Send all of the cards in your opponent's slots to the Dark Area.").effects == ["opp_slots_clear"]
    assert translate_ability("X", "(O)The opponent Digimon loses its special abilities.").effects == ["void_abilities | when: passive"]


def test_new_limits_and_costs():
    assert opt("(O)Add 10 to your attack power. (O)Send this card to the Dark Area when your Digimon is sent to the Dark Area "
               "(including when it evolves or reaches the end of its lifespan).").effects == ["atk+10 | limit: digimon"]
    assert opt("(O)Add 10 to your attack power. (O)Send this card to the Dark Area after 3 turns.").effects == [
        "atk+10 | limit: turns(3)"
    ]
    assert opt("(O)Add 10 to your attack power.", "Battle Phase (O)Send two Digimon cards from your hand to the Dark Area.").effects == [
        "atk+10 | cost: discard_digimon(2)"
    ]
    assert opt("(O)Send 4 cards from your Net Ocean to the Dark Area. (O)Add 10 to your attack power.").effects == [
        "atk+10 | cost: mill(4)"
    ]
    tr = opt('(O)Your Digimon gains the ability "fog", and 60 is added to its attack power. (O)When your Digimon loses its '
             "special abilities, it loses the attack power addition as well.")
    assert tr.keywords == ["fog"] and tr.effects == ["atk+60 if keyword=fog"]


# ---- support abilities "(S)" (rule DM-BAT-2) ---------------------------------------------------------


def sup(text: str) -> Translation:
    return translate_ability("X", text)


def test_support_simple_and_points():
    assert sup("(S)Add 120 to the attack power of your Zetamon.").effects == ["atk+120 if name=Zetamon | when: support"]
    assert sup("(S)When your points are 40 and below, add 90 to the attack power of your Vaccine attribute Digimon.").effects == [
        "atk+90 if points<=40 & attr=Vaccine | when: support"
    ]
    tr = sup("(S) Move this card from your hand... nothing we know.")
    assert not tr.modeled and tr.unmodeled == ["support-box"]


def test_support_send_lead_in_and_notes():
    tr = sup("(S)When your points are 70 and below, take this card from your hand and add 200 to the attack power of one "
             "of your Digimon belonging to Deep Savers. (This is a support ability)")
    assert tr.effects == ["atk+200 if points<=70 & field=DS | when: support"] and tr.modeled
    assert sup("(S)Send this card from your hand to your support box and add 50 to the attack power of your "
               "Level III or Level IV Digimon.").effects == ["atk+50 if level<=IV | when: support"]


def test_support_exclusive_alternatives():
    # names, attributes, battle types exclude each other: one row each, no negation
    assert sup("(S)Add 70 to the attack power of your Etamon, Thetamon, or Iotamon.").effects == [
        "atk+70 if name=Etamon | when: support", "atk+70 if name=Thetamon | when: support",
        "atk+70 if name=Iotamon | when: support"]
    assert sup("(S)Add 70 to the attack power of your Data or Virus attribute Digimon.").effects == [
        "atk+70 if attr=Data | when: support", "atk+70 if attr=Virus | when: support"]
    assert sup("(S)Add 70 to the attack power of your Digimon whose attack is A or B.").effects == [
        "atk+70 if attack!=C | when: support"]


def test_support_overlapping_alternatives_are_made_disjoint():
    # keywords / fields / types may hold together: X, (Y & !X), (Z & !X & !Y)
    assert sup('(S)Add 80 to the attack power of your Digimon with the ability "swim" or "dig" or "fly".').effects == [
        "atk+80 if keyword=swim | when: support", "atk+80 if keyword=dig & keyword!=swim | when: support",
        "atk+80 if keyword=fly & keyword!=swim & keyword!=dig | when: support"]
    assert sup("(S)Add 80 to the attack power of your Plant type or Data attribute Digimon.").effects == [
        "atk+80 if type~Plant | when: support", "atk+80 if attr=Data & type!=Plant | when: support"]
    assert sup("(S)When your points are 30 and below, add 80 to the attack power of your Metal Empire or "
               "Deep Savers Digimon.").effects == [
        "atk+80 if points<=30 & field=ME | when: support", "atk+80 if points<=30 & field=DS & field!=ME | when: support"]
    # more than three conditions in a row: unmodeled
    tr = sup("(S)When your points are 30 and below, add 80 to the attack power of your Metal Empire, Deep Savers, "
             "or Unknown Digimon.")
    assert not tr.modeled


def test_support_unknown_targets_stay_unmodeled():
    for t in ("your Brave Knights Digimon", "your Hybrid level Digimon. After that, add 10 to the attack power",
              "a Digimon with the same picture as this card"):
        tr = sup(f"(S)Add 60 to the attack power of {t}.")
        assert not tr.modeled and "support-box" in tr.unmodeled, t
    # a Hybrid alternative is dropped (never in a simulated deck, DM-DECK-3)
    assert sup("(S)Send this card from your hand to your support box and add 60 to the attack power of one of your "
               "Hybrid level Digimon, or Digimon belonging to Deep Savers.").effects == ["atk+60 if field=DS | when: support"]


def test_support_coverage_over_data(translated):
    n = sum(1 for r, tr in translated if not is_option_row(r) and any(e.endswith("when: support") for e in tr.effects))
    assert n >= 200


# ---- over the real card data -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def rows():
    if not os.path.isdir(DATA_DIR):
        pytest.skip("card data not available")
    return list(iter_card_rows(DATA_DIR))


@pytest.fixture(scope="module")
def translated(rows):
    return [(r, translate_row(r)) for r in rows]


def test_every_effect_round_trips(translated):
    n = 0
    for _, tr in translated:
        for e in tr.effects:
            assert format_effect(parse_effect(e)) == e
            n += 1
    assert n > 100


def test_labels_are_short(translated):
    for _, tr in translated:
        for lab in tr.unmodeled:
            assert len(lab) <= 40, lab


def test_option_timings(translated):
    opts = [tr for r, tr in translated if is_option_row(r)]
    assert len(opts) > 600
    assert all(tr.timing in ("prep", "evolution", "battle", "point") for tr in opts if tr.modeled)


def test_deterministic_over_data(rows):
    sample = rows[::37]
    assert [translate_row(r) for r in sample] == [translate_row(r) for r in sample]


def _option_coverage(translated) -> float:
    opts = [tr for r, tr in translated if is_option_row(r)]
    return sum(tr.modeled for tr in opts) / len(opts)


def test_option_coverage_floor(translated):
    # regression floor: the coverage measured when the translator was written
    assert _option_coverage(translated) >= 0.159


def _ability_coverage(translated) -> float:
    abil = [tr for r, tr in translated if not is_option_row(r) and r["Abilities"].strip().lower() not in ("", "none", "none.")]
    return sum(tr.modeled for tr in abil) / len(abil)


def test_ability_coverage_floor(translated):
    assert _ability_coverage(translated) >= 0.40


@pytest.mark.xfail(reason="goal: half of all option cards modeled; the pattern tables do not reach it yet", strict=False)
def test_option_coverage_goal(translated):
    assert _option_coverage(translated) >= 0.5


# ---- further shapes (opponent lacking an ability, exclusions, evolution-turn effects …) ----------


def abil(text: str) -> Translation:
    return translate_ability("Some Digimon", text)


def test_opponent_without_ability():
    tr = abil('(O)When the opponent\'s Digimon does not have the ability "swim", add 120 to your attack power.')
    assert tr.effects == ["atk+120 if opp_keyword!=swim | when: passive"]
    tr = abil('(O)When the opponent does not have the ability "swim", triple your attack power.')
    assert tr.effects == ["atk*3 if opp_keyword!=swim | when: passive"]


def test_facing_outside_a_field():
    tr = abil("(O)When facing a Digimon that does not belong to Metal Empire, add 70 to your attack power.")
    assert tr.effects == ["atk+70 if opp_field!=ME | when: passive"]


def test_exclusion_in_parentheses():
    tr = abil("(O)When the opponent is a Level IV, add 90 to your attack power (excluding Digimon belonging to Dark Area).")
    assert tr.effects == ["atk+90 if opp_level=IV & opp_field!=DA | when: passive"]
    tr = abil('(O)When the opponent is an Ultimate level, add 90 to your attack power (excluding Digimon with the ability "swim").')
    assert tr.effects == ["atk+90 if opp_level=Ultimate & opp_keyword!=swim | when: passive"]


def test_facing_hybrid_is_dropped_for_digimon_only():
    # Hybrid Digimon never play in a simulated deck: the clause cannot change a game
    tr = abil('(O)Has the ability "swim". (O)When facing a Hybrid level Digimon, add 60 to your attack power.')
    assert tr.modeled and tr.effects == [] and tr.keywords == ["swim"]
    assert not opt("(O)When facing a Hybrid level Digimon, add 60 to your attack power. " + END_OF_TURN).modeled


def test_make_letter_your_attack():
    assert abil("(O)You can make B your attack regardless of the opponent's battle type.").effects == ["attack=B"]
    # a choice between two letters is not expressible
    assert not abil("(O)You can make your attack B or C regardless of the opponent's battle type.").modeled


def test_facing_a_type_is_not_modeled():
    # a species word test would also hold for longer species containing the word
    assert not abil("(O)When facing a Fish type Digimon, add 40 to your attack power.").modeled


def test_attribute_and_level_restriction():
    tr = opt("(O)Add 40 to your attack power. (O)This card can only be used when your Digimon is a Data attribute Level III or Level IV. "
             + END_OF_TURN)
    assert tr.effects == ["atk+40 if attr=Data & level<=IV | limit: turn"]
    tr = opt("(O)Add 40 to your attack power. (O)This card can only be used when your Digimon is Vaccine attribute, and is also"
             " Perfect level. " + END_OF_TURN)
    assert tr.effects == ["atk+40 if attr=Vaccine & level=Perfect | limit: turn"]
    tr = opt("(O)Add 40 to your attack power. (O)This card can only be used when your Digimon is Level IV or Perfect level,"
             " and belongs to Deep Savers. " + END_OF_TURN)
    assert tr.effects == ["atk+40 if level>=IV & level<=Perfect & field=DS | limit: turn"]


def test_two_level_bonuses():
    tr = opt("(O)Add 20 to the attack power of your Level III Digimon, and 60 to the attack power of your Perfect level Digimon. "
             + END_OF_TURN)
    assert tr.effects == ["atk+20 if level=III | limit: turn", "atk+60 if level=Perfect | limit: turn"]


def test_instead_with_ability():
    tr = opt('(O)Add 40 to the attack power of your Digimon (if you used this card on a Digimon with the ability "swim",'
             " add 150 to its attack power instead). " + END_OF_TURN)
    assert tr.effects == ["atk+40 | limit: turn", "atk+110 if keyword=swim | limit: turn"]


def test_discard_and_multiply_without_maximum():
    tr = abil("(O)You may discard one Digimon card from your hand and triple your attack power.")
    assert tr.effects == ["atk*3 | cost: discard_digimon(1)"]
    # an addition could be repeated: not modeled without a maximum
    assert not abil("(O)You may discard one card from your hand and add 30 to your attack power.").modeled


def test_evolution_turn_effects():
    assert abil("(O)When you evolve into this Digimon, reduce the opponent's points by 15.").effects == [
        "damage(15) | when: evolved"]
    assert abil("(O)When you evolve into this Digimon, for the turn during which evolution took place, add 70 to your"
                " attack power.").effects == ["atk+70 | when: evolved"]
    assert abil("(O)Add 70 to your attack power until the end of the turn during which you evolved into this Digimon.").effects == [
        "atk+70 | when: evolved"]


def test_facing_one_of_two_names():
    tr = abil("(O)When facing Alphamon or Betamon, add 80 to your attack power.")
    assert tr.effects == ["atk+80 if opp_name=Alphamon | when: passive", "atk+80 if opp_name=Betamon | when: passive"]


def test_semicolon_joins_two_sentences():
    tr = abil("(O)A cannot go to zero; when facing a Data attribute Digimon, add 90 to your attack power.")
    assert tr.effects == ["no_zero | when: passive", "atk+90 if opp_attr=Data | when: passive"]
    assert not abil("(O)A cannot go to zero; you may look at the opponent's hand.").modeled


def test_trailing_win_and_after_use():
    assert abil("(O)Regain 15 of your points when you win the battle.").effects == ["heal(15) | when: win"]
    tr = opt("(O)Add 60 to your attack power. After this card is used, reduce your points by 5. " + END_OF_TURN)
    assert tr.effects == ["atk+60 | limit: turn", "self_damage(5) | limit: turn"]


def test_opponent_attack_power_of_phrase():
    tr = abil("(O)During battle, reduce the attack power of the opponent Digimon by 40.")
    assert tr.effects == ["opp_atk-40 | when: passive"]
