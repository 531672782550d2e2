"""Scenario tests for the card effects of RULES §4, on both engines (greedy players, effects on).

Base duel: A's Alpha (type A, attacks 300/200/100, lost 20/30/40/50) against B's Beta (type B,
attacks 250/240/150, lost 10/20/30/40).  Without effects A attacks with B (200), B with A (250):
B wins and A loses 20.  A is the first attacker, so B acts first in the battle windows (DM-BAT-1).
"""

from __future__ import annotations

import re

from simcli.engine import enums as E
from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt

_BATTLE = re.compile(r"battle: A .* (\d+) vs B .* (\d+) →")


def _opt(name, e):
    if isinstance(e, str):
        return opt(name, effects=[e])
    if isinstance(e, list):
        return opt(name, effects=e)
    return e  # a ready card (e.g. an Item)


def duel(a_fx=(), b_fx=(), a_opts=(), b_opts=(), a_atk=(300, 200, 100), b_atk=(250, 240, 150), players=("greedy", "greedy"),
         a_points=100, b_points=100, turns=1, a_hand=(), setup=None, **kw):
    """Play `turns` turns; returns (game, [(attack A, attack B) per turn]).  setup(g): edits the placed state."""
    a = [digi("Alpha", bt="A", atk=a_atk, lost=(20, 30, 40, 50), effects=list(a_fx), **kw.get("a_kw", {}))]
    a += [_opt(f"OptA{i}", e) for i, e in enumerate(a_opts)]
    b = [digi("Beta", bt="B", atk=b_atk, lost=(10, 20, 30, 40), effects=list(b_fx))]
    b += [_opt(f"OptB{i}", e) for i, e in enumerate(b_opts)]
    na, nb = len(a), len(b)
    a, b = fill(a), fill(b)
    a[na:na + len(a_hand)] = list(a_hand)
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=tuple(list(range(1, na)) + [-1] * (4 - na)), deck=list(range(na + len(a_hand), 30)),
          hand=list(range(na, na + len(a_hand))), points=a_points)
    place(g, 1, l3=0, slots=tuple(list(range(1, nb)) + [-1] * (4 - nb)), deck=list(range(nb, 30)), points=b_points)
    if setup is not None:
        setup(g)
    fights = []
    for t in range(turns):
        both_turn(T, g, fa=0 if t == 0 else g.fa, turn=2 + t)
        m = [_BATTLE.search(ln) for ln in g.log if ln.strip().startswith("battle:")][-1]
        fights.append((int(m.group(1)), int(m.group(2))))
    return g, fights


def test_no_effects_base_duel():
    g, f = duel()
    assert f == [(200, 250)] and g.ps[0].points == 80


def test_attack_plus_option_used_when_it_changes_the_result():
    # §4 attack +N; greedy uses the option only when it turns the battle; C-OPT-2: used → Dark Area
    g, f = duel(a_opts=["atk+100"])
    assert f == [(300, 250)] and g.ps[1].points == 90
    assert g.ps[0].slots == [-1, -1, -1] and 1 in g.ps[0].dark and g.card_uses[0, 1] == 1
    g, f = duel(a_opts=["atk+20"])  # 220 < 250: saved, stays face-down in its slot
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1 and g.card_uses[0, 1] == 0


def test_opponent_attack_minus():
    # §4 attack −N on the opponent
    g, f = duel(a_opts=["opp_atk-100"])
    assert f == [(200, 150)]


def test_multiplications_do_not_stack():
    # rule C-CALC-1: passive ×2, then the option ×3: ×3 of the base (600), not ×6
    g, f = duel(a_fx=["atk*2 | when: passive"], a_opts=["atk*3"], b_atk=(500, 240, 150))
    assert f == [(600, 500)]


def test_base_plus_is_zeroed_with_the_a_attack():
    # rule C-CALC-1: base +N joins the printed number and goes to 0 with it (A→0 of the C attack)
    g, f = duel(b_fx=["base+100 | when: passive"], a_atk=(300, 200, 100), a_kw={})
    assert f == [(200, 350)]  # B attacks with A: 250 + 100 (A is type A, uses B; no C effect)


def test_halve_opponent():
    # §4 halve the opponent's final attack after effects (applies last)
    g, f = duel(a_fx=["halve_opp | when: passive"], b_fx=["atk+50 | when: passive"])
    assert f == [(200, 150)]  # (250 + 50) / 2


def test_attack_becomes_c_and_the_c_effect():
    # §4 "your attack becomes C"; rule C-TYPE-2: the C attack zeroes the opponent's A attack
    g, f = duel(a_opts=["attack=C"])
    assert f == [(100, 0)] and g.ps[1].points == 90


def test_zero_opp_ability_and_no_zero():
    # §4 an attack goes to 0 (◎ ability used in the battle window); "cannot go to zero" is immune
    g, f = duel(a_fx=["zero_opp"])
    assert f == [(200, 0)]
    g, f = duel(a_fx=["zero_opp"], b_fx=["no_zero | when: passive"])
    assert f == [(200, 250)] and g.card_uses[0, 0] == 0  # saved: it would not change the result


def test_damage_and_heal():
    # §4 opponent loses N points now (direct, never multiplied) / regain N points (capped at 100)
    g, f = duel(a_atk=(300, 400, 100), a_fx=["damage(20) | when: win", "lost*2 | when: passive"],
                b_fx=["heal(5) | when: lose"])
    # B loses 10 x 2 (lost*2) = 20, then 20 direct (not doubled), then heals 5
    assert f == [(400, 250)] and g.ps[1].points == 100 - 20 - 20 + 5


def test_force_draw_and_immunity():
    # §4 the battle becomes a draw (both lose 10, C-LOST-2); immune to forced draws
    g, f = duel(a_opts=["force_draw"])
    assert g.battles[-1] == E.BR_DRAW and g.ps[0].points == 90 and g.ps[1].points == 90
    g, f = duel(a_opts=["force_draw"], b_fx=["no_force_draw | when: passive"])
    assert g.battles[-1] == E.BR_SECOND and g.ps[0].points == 80 and g.ps[0].slots[0] == 1


def test_immune_to_options_and_void_abilities():
    # §4 immune to the opponent's option cards
    g, f = duel(a_opts=["opp_atk-100"], b_fx=["immune_options | when: passive"])
    assert f == [(200, 250)]
    # §4 the opponent's special abilities become void (A's passive +100 does not apply)
    g, f = duel(a_fx=["atk+100 | when: passive"], b_fx=["void_abilities | when: passive"])
    assert f == [(200, 250)]
    g, f = duel(a_fx=["atk+100 | when: passive"])
    assert f == [(300, 250)]


def test_rows_that_are_not_special_abilities_are_not_voided():
    # seed 003 §3.3: a text of the ability column without ◎ ("A cannot go to zero due to attack C", "you may
    # discard two Digimon cards and double your attack power") is not a special ability: "the opponent loses its
    # special abilities" (void_abilities) does not cancel it (engine 6, `special: no`), on both engines
    g, f = duel(a_fx=["atk+100 | when: passive | special: no"], b_fx=["void_abilities | when: passive"])
    assert f == [(300, 250)]
    # beside a ◎ row of the same card: only the ◎ row is voided
    g, f = duel(a_fx=["atk+100 | when: passive | special: no", "atk+30 | when: passive"],
                b_fx=["void_abilities | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 | when: passive | special: no", "atk+30 | when: passive"])
    assert f == [(330, 250)]
    # an unmarked immunity holds while voided: B's option -100 does not reach A
    g, f = duel(a_fx=["immune_options | when: passive | special: no"], a_atk=(300, 200, 100),
                b_fx=["void_abilities | when: passive"], b_opts=["opp_atk-100"], b_atk=(180, 240, 150))
    assert f == [(200, 180)]
    g, f = duel(a_fx=["immune_options | when: passive"], a_atk=(300, 200, 100),
                b_fx=["void_abilities | when: passive"], b_opts=["opp_atk-100"], b_atk=(180, 240, 150))
    assert f == [(100, 180)]
    # an unmarked ability used in a battle window while voided (cost paid, once)
    g, f = duel(a_fx=["atk+100 | cost: points(10) | special: no"], b_fx=["void_abilities | when: passive"])
    assert f == [(300, 250)] and g.ps[0].points == 90
    g, f = duel(a_fx=["atk+100 | cost: points(10)"], b_fx=["void_abilities | when: passive"])
    assert f == [(200, 250)] and g.ps[0].points == 80


def test_immune_to_attack_modification():
    # §4 immune to all attack modification by the opponent (halve_opp does not reach B)
    g, f = duel(a_fx=["halve_opp | when: passive"], b_fx=["immune_mod | when: passive"])
    assert f == [(200, 250)]
    # XV-mon Bo-259 "cannot receive any attack power modifications": its own +N/×K do nothing either
    # (seed 003 §3.5: modification is "+", "-", "×", "halve", "all base attack to 0"), in either row order
    g, f = duel(a_fx=["immune_mod | when: passive", "atk+100 | when: passive", "atk*2 | when: passive"],
                b_fx=["halve_opp | when: passive"])
    assert f == [(200, 250)]
    g, f = duel(a_fx=["atk+100 | when: passive", "immune_mod | when: passive"])
    assert f == [(200, 250)]


def test_draw_mill_and_opp_mill():
    # §4 draw N / send N from the deck to the Dark Area (own and the opponent's)
    g, f = duel(a_atk=(300, 400, 100), a_fx=["draw(1) | when: win", "mill(2) | when: win", "opp_mill(3) | when: win"])
    a, b = g.ps
    assert len(a.hand) == 7 and len(b.dark) >= 3
    assert len(a.deck) == 30 - 1 - 6 - 1 - 2  # L3, 6 drawn in Preparation, 1 drawn, 2 milled


def test_costs_discard_and_gauge():
    # §4 costs: discard N from hand (paid before the effect); stack this card onto the point gauge
    g, f = duel(a_opts=["atk+100 | cost: discard(2)"])
    assert f == [(300, 250)] and len(g.ps[0].hand) == 4
    g, f = duel(a_opts=["atk+100 | cost: gauge | limit: now"])
    assert f == [(300, 250)] and 1 in g.ps[0].gauge and 1 not in g.ps[0].dark


def test_limits_turns_and_discarded():
    # §4 limits: "2 turns" stays face-up and applies again next battle, then goes to the Dark Area;
    # "until discarded" stays
    g, f = duel(a_opts=["atk+100 | limit: turns(2)"], turns=3)
    assert f == [(300, 250), (300, 250), (200, 250)] and 1 in g.ps[0].dark and g.ps[0].slots[0] == -1
    g, f = duel(a_opts=["atk+100 | limit: discarded"], turns=3)
    assert all(x[0] == 300 for x in f) and g.ps[0].slots[0] == 1


def test_conditions():
    # §4 conditions: opponent's battle type, own level, own points, opponent level
    g, f = duel(a_fx=["atk+100 if opp_bt=B | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if opp_bt=A | when: passive"])
    assert f == [(200, 250)]
    g, f = duel(a_fx=["atk+100 if level=IV | when: passive"])
    assert f == [(200, 250)]
    g, f = duel(a_fx=["atk+100 if points<=50 | when: passive"], a_points=50)
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if opp_level=III & first | when: passive"])
    assert f == [(300, 250)]


def test_species_is_the_whole_species_and_type_a_word_of_it():
    # species=S: the card's species is S as a whole ("Beast" is not "Beast Man"); type~W: a word of it.
    # A slash species ("Dragon Man/Cyborg") is each of its species.  Both engines (both_turn).
    bm = {"a_kw": {"species": "Beast Man"}}
    assert duel(a_fx=["atk+100 if species=Beast | when: passive"], **bm)[1] == [(200, 250)]
    assert duel(a_fx=["atk+100 if species=Beast Man | when: passive"], **bm)[1] == [(300, 250)]
    assert duel(a_fx=["atk+100 if type~Beast | when: passive"], **bm)[1] == [(300, 250)]
    assert duel(a_fx=["atk+100 if species!=Beast | when: passive"], **bm)[1] == [(300, 250)]
    assert duel(a_fx=["atk+100 if sheet:species=Beast Man | when: passive"], **bm)[1] == [(300, 250)]
    assert duel(a_fx=["atk+100 if sheet:species=Man | when: passive"], **bm)[1] == [(200, 250)]
    dc = {"a_kw": {"species": "Dragon Man/Cyborg"}}
    assert duel(b_fx=["atk+100 if opp_species=Cyborg | when: passive"], **dc)[1] == [(200, 350)]
    assert duel(b_fx=["atk+100 if opp_species=Dragon Man | when: passive"], **dc)[1] == [(200, 350)]
    assert duel(b_fx=["atk+100 if opp_species=Dragon | when: passive"], **dc)[1] == [(200, 250)]


def test_opp_hand_filter_checks_the_opponents_hand():
    # "Check the contents of your opponent's hand; if their hand contains a Virus attribute Digimon card, add 200
    # to your attack power" (St-384): opp_hand:attr=Virus holds while a card of B's hand matches.  B's card 1, a weak
    # Level III, is put on top of B's deck (setup): B draws it in its Preparation phase and holds it in the battle.
    # A's option +100 turns the battle only when the condition holds (both engines, both_turn).
    def vir_on_top(g):
        g.ps[1].slots[0] = -1
        g.ps[1].deck.append(1)

    for attr, fights in (("Virus", [(300, 250)]), ("Data", [(200, 250)])):
        vir = digi("Vir", atk=(10, 10, 10), attribute=attr)
        g, f = duel(a_opts=["atk+100 if opp_hand:attr=Virus"], b_opts=[vir], setup=vir_on_top)
        assert 1 in g.ps[1].hand and f == fights, attr  # checked, not taken
    # B's hand holds only filler options besides Vir: a Digimon card is there, a Field card is not
    vir = digi("Vir", atk=(10, 10, 10), attribute="Data")
    assert duel(a_opts=["atk+100 if opp_hand:kind=Digimon"], b_opts=[vir], setup=vir_on_top)[1] == [(300, 250)]
    assert duel(a_opts=["atk+100 if opp_hand:optype=Field"], b_opts=[vir], setup=vir_on_top)[1] == [(200, 250)]
    # a negated filter: some card of B's hand is not a Digimon
    assert duel(a_opts=["atk+100 if opp_hand:kind!=Digimon"], b_opts=[vir], setup=vir_on_top)[1] == [(300, 250)]


def test_result_rows_of_an_option_used_in_the_battle():
    # engine 5: "double your attack power, and if you win the battle, further reduce the opponent's points by 20"
    # (Counter Attack, Bo-1213): the option used in a battle window applies its win row at Point Calculation,
    # after the lost points (DM-PTS-1), with its conditions then and no new cost.  Both engines (both_turn).
    win = ["atk+100 | limit: turn", "damage(20) | when: win | limit: turn"]
    g, f = duel(a_opts=[win])
    assert f == [(300, 250)] and g.ps[1].points == 100 - 10 - 20 and g.ps[0].points == 100
    # limit battle: the card is in the Dark Area by then, its result row still applies
    g, f = duel(a_opts=[["atk+100 | limit: battle", "damage(20) | when: win | limit: battle"]])
    assert f == [(300, 250)] and g.ps[1].points == 70 and g.ps[0].slots[0] == -1
    # the row of the other result does not apply
    g, f = duel(a_opts=[["atk+100", "heal(10) | when: lose"]])
    assert f == [(300, 250)] and g.ps[0].points == 100 and g.ps[1].points == 90
    # not used (+40 does not turn the battle): nothing at Point Calculation either
    g, f = duel(a_opts=[["atk+40", "damage(20) | when: win"]])
    assert f == [(200, 250)] and g.ps[1].points == 100 and g.ps[0].points == 80
    # the result row's own condition is checked at Point Calculation
    g, f = duel(a_opts=[["atk+100", "damage(20) if points<=50 | when: win"]])
    assert f == [(300, 250)] and g.ps[1].points == 90


def test_baseline_never_uses_options():
    # rule BL-5: the baseline never sets or uses options; passive abilities still apply
    g, f = duel(a_opts=["atk+100"], players=("baseline", "baseline"))
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1
    g, f = duel(a_fx=["atk+100 | when: passive"], players=("baseline", "baseline"))
    assert f == [(300, 250)]


def test_unmodeled_digimon_play_printed_numbers_only():
    # §4: an unmodeled Digimon's effects are not applied
    g, f = duel(a_fx=["atk+100 | when: passive"], a_kw={"modeled": False})
    assert f == [(200, 250)]


# ---- negation, per-count, slot clearing, card immunity, evolve_ignore, limit digimon (RULES §4) ------------
def item(name, effects):
    return opt(name, effects=effects, option_type="Item")


def test_negate_program_greedy_answers_a_program_that_would_beat_it():
    # §4 "Elaborate Tactics!" (DM-BAT-1 windows): A's Program atk+100 would win (300 > 250); B's greedy
    # policy answers at once with its set negate card: A's option does nothing → A's Dark Area, then
    # B's negate card → B's Dark Area at the end of the battle phase (limit phase)
    g, f = duel(a_opts=["atk+100"], b_opts=["negate_program"])
    assert f == [(200, 250)] and g.ps[0].points == 80
    assert g.ps[0].slots[0] == -1 and 1 in g.ps[0].dark and g.ps[1].slots[0] == -1 and 1 in g.ps[1].dark
    assert g.card_uses[0, 1] == 1 and g.card_uses[1, 1] == 1
    # the baseline never negates (BL-5)
    g, f = duel(a_opts=["atk+100"], b_opts=["negate_program"], players=("greedy", "baseline"))
    assert f == [(300, 250)] and g.ps[1].slots[0] == 1
    # negate_program does not reach an Item; negate_option does
    g, f = duel(a_opts=[item("Itm", ["atk+100"])], b_opts=["negate_program"])
    assert f == [(300, 250)] and g.ps[1].slots[0] == 1
    g, f = duel(a_opts=[item("Itm", ["atk+100"])], b_opts=["negate_option"])
    assert f == [(200, 250)] and 1 in g.ps[0].dark and 1 in g.ps[1].dark
    # negate_item answers an Item being used
    g, f = duel(a_opts=[item("Itm", ["atk+100"])], b_opts=["negate_item"])
    assert f == [(200, 250)]


def test_negate_only_when_the_option_would_change_the_result():
    # greedy spends its negate card only on an option that changes the battle against it
    g, f = duel(a_opts=["atk+30", "atk+100"], b_opts=["negate_program"])
    # A: atk+100 is the single option that wins → negated; then nothing else improves (230 < 250): A keeps atk+30
    assert f == [(200, 250)] and g.ps[0].slots == [1, -1, -1] and 2 in g.ps[0].dark


def test_negate_item_cancels_an_active_item_at_the_start_of_battle():
    # §4 negate_item: no Item being used → one already face-up in the opponent's slots goes to the Dark
    # Area before its effect applies (start of battle, after passives)
    def face_up(g):
        g.ps[0].slot_up[0] = 3  # A's Item used two turns ago, face-up for 3 more turns

    g, f = duel(a_opts=[item("Itm", ["atk+100 | limit: turns(5)"])], b_opts=["negate_item"], setup=face_up)
    assert f == [(200, 250)] and 1 in g.ps[0].dark and g.ps[0].slots[0] == -1 and 1 in g.ps[1].dark
    g, f = duel(a_opts=[item("Itm", ["atk+100 | limit: turns(5)"])], b_opts=["negate_program"], setup=face_up)
    assert f == [(300, 250)] and g.ps[0].slots[0] == 1


def test_per_discard_and_per_mill_take_the_fewest_cards_that_win():
    # §4 per_discard(N[,M]): +30 per card; 200 + 2×30 = 260 > 250 → 2 cards (lowest-level Digimon, else the
    # first cards in hand: here the first two fillers)
    g, f = duel(a_opts=["per_discard(30)"])
    a = g.ps[0]
    assert f == [(260, 250)] and len(a.hand) == 4 and g.ps[1].points == 90
    g, f = duel(a_opts=["per_discard(30,1)"])  # at most 1: 230 cannot win or draw → kept
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1 and len(g.ps[0].hand) == 6
    g, f = duel(a_opts=["per_discard_digimon(30)"])  # no Digimon in hand → nothing to discard
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1
    g, f = duel(a_opts=["per_mill(25)"])  # 200 + 3×25 = 275 > 250: 3 cards from the deck top
    assert f == [(275, 250)] and len(g.ps[0].deck) == 30 - 2 - 6 - 3
    g, f = duel(a_opts=["per_mill(25,4)"], a_atk=(300, 150, 100))  # at most 4: 150 + 100 = 250, a draw is best
    assert f == [(250, 250)] and g.battles[-1] == E.BR_DRAW


def test_opp_slots_clear():
    # §4 opp_slots_clear: every card in the opponent's option slots → its Dark Area (slot order)
    g, f = duel(a_opts=[["atk+100", "opp_slots_clear"]], b_opts=["atk+10", "atk+20"])
    assert f == [(300, 250)] and g.ps[1].slots == [-1, -1, -1] and g.ps[1].dark[-2:] == [1, 2]
    # immune_options blocks it (an option aimed at the opponent's side)
    g, f = duel(a_opts=[["atk+100", "opp_slots_clear"]], b_opts=["atk+10"], b_fx=["immune_options | when: passive"])
    assert f == [(300, 250)] and g.ps[1].slots[0] == 1


def test_card_condition_immune_to_one_named_option():
    # §4 condition card=NAME: "immune_options if card=OptA0" — B is immune to A's option named OptA0 only
    g, f = duel(a_opts=["opp_atk-100"], b_fx=["immune_options if card=OptA0 | when: passive"])
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1  # greedy sees it would do nothing: kept
    g, f = duel(a_opts=["opp_atk-100"], b_fx=["immune_options if card=Other Card | when: passive"])
    assert f == [(200, 150)]


def _ignore_game(target_fx=(), reqs=({"from_name": "zeta", "cards": 3},), players=("greedy", "greedy")):
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
              digi("Gamma", level="IV", bt="A", atk=(500, 400, 300), reqs=list(reqs), effects=list(target_fx)),
              opt("Digivice", effects=["evolve_ignore | when: evolution"], timing="evolution")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(2, -1, -1), deck=list(range(3, 30)) + [1])  # Gamma on top: drawn first
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_evolve_ignore_and_no_ignore():
    # rule DM-EVO-5: Gamma (IV) evolves from Zeta only; greedy cannot evolve normally, so it uses its
    # evolve_ignore option: Alpha → Gamma; the option goes through the Power Box to the Dark Area
    g = _ignore_game()
    assert g.ps[0].top == 1 and 2 in g.ps[0].dark and g.ps[0].slots[0] == -1 and g.card_uses[0, 2] == 1
    assert g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80  # 400 vs 250; Beta loses 20 against IV
    # no_ignore: the card cannot be evolved into by evolve_ignore
    g = _ignore_game(target_fx=["no_ignore | when: passive"])
    assert g.ps[0].top == -1 and g.ps[0].slots[0] == 2
    # a card reached only by Jogress (fusion) cannot be reached either
    g = _ignore_game(reqs=({"from_name": "zeta", "jogress": "eta"},))
    assert g.ps[0].top == -1 and g.ps[0].slots[0] == 2
    # rule BL-5: the baseline never uses it
    g = _ignore_game(players=("baseline", "baseline"))
    assert g.ps[0].top == -1


def test_evolve_ignore_rows_after_the_evolution():
    # engine 5: "Ignore the evolution requirements and evolve your Level III Digimon into a Level IV Digimon.  After
    # that, choose one card from your hand and send it to the Dark Area" (D-3 Bo-398): the option's other
    # evolution rows apply right after the evolution (before, they never applied).  Both engines (both_turn).
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
              digi("Gamma", level="IV", bt="A", atk=(500, 400, 300), reqs=[{"from_name": "zeta", "cards": 3}]),
              opt("Digivice", effects=["evolve_ignore | when: evolution", "discard(1) | when: evolution"], timing="evolution")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(2, -1, -1), deck=list(range(3, 30)) + [1])  # Gamma on top: drawn first
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    # A drew 6 (Gamma among them), Gamma went to the box: 5 cards, one discarded after the evolution
    assert g.ps[0].top == 1 and len(g.ps[0].hand) == 4 and sorted(g.ps[0].dark) == [2, 29]


def test_limit_digimon_ends_when_the_digimon_leaves_the_box():
    # §4 limit digimon (= discarded, end event leave): face-up while its Digimon is the box's top card
    from simcli.engine.reference import PERSIST

    def bound_to(card):
        def f(g):
            g.ps[0].slot_up[0], g.ps[0].slot_end[0], g.ps[0].slot_card[0] = PERSIST, E.LE_LEAVE, card
        return f

    # bound to Alpha (Level III, never dies, DM-L3-1): applies (+10) and stays
    g, f = duel(a_opts=["atk+10 | limit: digimon"], setup=bound_to(0))
    assert f == [(210, 250)] and g.ps[0].slots[0] == 1
    # bound to another Digimon: it left the box → Dark Area at the start of battle, no effect
    g, f = duel(a_opts=["atk+10 | limit: digimon"], setup=bound_to(5))
    assert f == [(200, 250)] and g.ps[0].slots[0] == -1 and 1 in g.ps[0].dark
    # used now: bound to the current Digimon
    g, f = duel(a_opts=["atk+60 | limit: digimon"], turns=2)
    assert f == [(260, 250), (260, 250)] and g.ps[0].slot_up[0] == PERSIST and g.ps[0].slot_card[0] == 0


def test_late_additions_keep_abilities_frame_evolved_discard_digimon():
    # keep_abilities: void_abilities does not reach it
    g, f = duel(a_fx=["atk+100 | when: passive", "keep_abilities | when: passive"],
                b_fx=["void_abilities | when: passive"])
    assert f == [(300, 250)]
    # frame= / opp_frame= (the test Digimon are Blue-frame copies)
    g, f = duel(a_fx=["atk+100 if opp_frame=Blue & frame=Blue | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if opp_frame=Red | when: passive"])
    assert f == [(200, 250)]
    # cost discard_digimon(N): not payable without a Digimon in hand
    g, f = duel(a_opts=["atk+100 | cost: discard_digimon(1)"])
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1


def test_evolved_timing_applies_in_the_turn_of_evolution():
    # timing evolved: heal(30) once, in the battle of the turn A evolved into the card
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
              digi("AlphaIV", level="IV", bt="A", atk=(500, 400, 300), reqs=[{"from_name": "alpha", "cards": 0}],
                   effects=["heal(30) | when: evolved"])])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1], deck=list(range(2, 30)), points=50)
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.ps[0].top == 1 and g.ps[0].points == 80
    both_turn(T, g, fa=0, turn=3)
    assert g.ps[0].points == 80  # not again


# ---- support Digimon (■, DM-BAT-2) ------------------------------------------------------------------
def support_duel(a_sup=(), b_sup=(), players=("greedy", "greedy"), a_points=100, b_fx=(), b_atk=(250, 240, 150)):
    """A's support cards (Level IV Digimon that cannot evolve from Alpha, one per effect list) lie on
    top of A's deck, so A draws them in Preparation; one turn on both engines, A first attacker."""
    a = [digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50))]
    a += [digi(f"Helper{i}", level="IV", atk=(10, 10, 10), effects=list(fx)) for i, fx in enumerate(a_sup)]
    b = [digi("Beta", bt="B", atk=b_atk, lost=(10, 20, 30, 40), effects=list(b_fx))]
    b += [digi(f"BHelper{i}", level="IV", atk=(10, 10, 10), effects=list(fx)) for i, fx in enumerate(b_sup)]
    na, nb = len(a), len(b)
    a, b = fill(a), fill(b)
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, deck=list(range(na, 30)) + list(range(na - 1, 0, -1)), points=a_points)
    place(g, 1, l3=0, deck=list(range(nb, 30)) + list(range(nb - 1, 0, -1)))
    both_turn(T, g, fa=0)
    m = [_BATTLE.search(ln) for ln in g.log if ln.strip().startswith("battle:")][-1]
    return g, (int(m.group(1)), int(m.group(2)))


def test_support_played_when_it_turns_the_battle():
    # rule DM-BAT-2: A puts Helper0 from hand into its Support Box (its condition names A's battling
    # Digimon): 200 + 100 = 300 > 250; DM-PTS-1: the support goes to the Dark Area in the death check
    g, f = support_duel(a_sup=[["atk+100 if name=Alpha | when: support"]])
    a = g.ps[0]
    assert f == (300, 250) and g.ps[1].points == 90 and g.battles[-1] == E.BR_FIRST
    assert a.support == -1 and a.dark == [1] and 1 not in a.hand and g.card_uses[0, 1] == 1


def test_support_not_played_without_its_condition_or_a_change():
    # rule DM-BAT-2: the condition must hold (A's Digimon is not Gamma); greedy keeps a support that
    # would not change the result (220 < 250)
    for fx in (["atk+100 if name=Gamma | when: support"], ["atk+20 | when: support"]):
        g, f = support_duel(a_sup=[fx])
        assert f == (200, 250) and 1 in g.ps[0].hand and g.card_uses[0, 1] == 0 and g.ps[0].points == 80
    # a points condition (points<=50)
    g, f = support_duel(a_sup=[["atk+100 if points<=50 | when: support"]], a_points=50)
    assert f == (300, 250) and 1 in g.ps[0].dark
    g, f = support_duel(a_sup=[["atk+100 if points<=50 | when: support"]])
    assert f == (200, 250) and 1 in g.ps[0].hand


def test_support_once_per_turn_and_to_the_dark_area_after_a_draw():
    # rule DM-BAT-2: one support per turn: Helper0 (+60) makes a draw (260 = 260); Helper1 would win but
    # a second support is not allowed; DM-PTS-1: after the drawn battle the support still goes to the Dark Area
    g, f = support_duel(a_sup=[["atk+60 | when: support"], ["atk+60 | when: support"]], b_atk=(260, 240, 150))
    a = g.ps[0]
    assert f == (260, 260) and g.battles[-1] == E.BR_DRAW
    assert a.dark == [1] and 2 in a.hand and a.support == -1 and g.ps[0].points == 90


def test_baseline_never_plays_supports():
    # rule DM-BAT-2 with BL-5 extended (decided): the baseline never puts a Digimon into its Support Box
    g, f = support_duel(a_sup=[["atk+100 | when: support"]], players=("baseline", "baseline"))
    assert f == (200, 250) and 1 in g.ps[0].hand and g.card_uses[0, 1] == 0


def test_support_is_not_an_option_nor_a_special_ability():
    # rule DM-BAT-2 (decided): immune_options does not block a support, nor does void_abilities
    g, f = support_duel(a_sup=[["opp_atk-100 | when: support"]], b_fx=["immune_options | when: passive"])
    assert f == (200, 150) and 1 in g.ps[0].dark
    g, f = support_duel(a_sup=[["atk+100 | when: support"]], b_fx=["void_abilities | when: passive"])
    assert f == (300, 250)
    # immune_mod does block the opponent-directed attack change
    g, f = support_duel(a_sup=[["opp_atk-100 | when: support"]], b_fx=["immune_mod | when: passive"])
    assert f == (200, 250) and 1 in g.ps[0].hand


def test_support_rows_are_not_box_abilities():
    # rule DM-BAT-2: a support row does nothing while its card is the battling Digimon
    g, f = duel(a_fx=["atk+100 | when: support"])
    assert f == [(200, 250)] and g.card_uses[0, 0] == 0


def test_both_players_support_and_the_second_attacker_acts_first():
    # rule DM-BAT-1/2: B (second attacker) acts first; it is winning (250 > 200) and keeps its support;
    # A answers with its support (+100: 300 > 250); B answers with its own (+100: 350 > 300)
    g, f = support_duel(a_sup=[["atk+100 | when: support"]], b_sup=[["atk+100 | when: support"]])
    assert f == (300, 350) and g.ps[0].dark == [1] and g.ps[1].dark == [1] and g.ps[0].points == 80


def test_opp_clear_sends_matching_face_up_options_to_the_dark_area():
    # engine 6, opp_clear(N) + filter ("Send one currently active Field Option card in the opponent's slots to
    # the Dark Area", Miracle Ruby Bx-145; "… up to two currently activated Option cards … with the words 'High
    # Speed' in its name", Penetrator St-688): face-up cards of the opponent's slots (seed 003 §3.3: an option's
    # effects end when it leaves its slot), slot order, at most N (0: all), on both engines
    from simcli.engine.reference import PERSIST

    def up(*ks):
        def setup(g):
            for k in ks:
                g.ps[1].slot_up[k] = PERSIST  # B's options used before, face-up until discarded
        return setup

    field = lambda name, n: opt(name, effects=[f"atk+{n} | limit: discarded"], timing="evolution",  # noqa: E731
                                option_type="Field")
    ruby = opt("Ruby", effects=["opp_clear(1) | limit: now | filter: optype=Field"], timing="evolution")
    g, f = duel(b_opts=[field("F1", 100)], setup=up(0))
    assert f == [(200, 350)]
    g, f = duel(a_opts=[ruby], b_opts=[field("F1", 100)], setup=up(0))
    assert f == [(200, 250)] and g.ps[1].slots[0] == -1 and 1 in g.ps[1].dark and 1 in g.ps[0].dark
    # the filter: a face-up Program is not a Field
    prog = opt("P1", effects=["atk+100 | limit: discarded"], timing="evolution")
    g, f = duel(a_opts=[ruby], b_opts=[prog], setup=up(0))
    assert f == [(200, 350)] and g.ps[1].slots[0] == 1
    # at most N, in slot order; 0: every matching card
    g, f = duel(a_opts=[ruby], b_opts=[field("F1", 100), field("F2", 50)], setup=up(0, 1))
    assert f == [(200, 300)] and g.ps[1].slots[:2] == [-1, 2]
    every = opt("All", effects=["opp_clear(0) | limit: now | filter: optype=Field"], timing="evolution")
    g, f = duel(a_opts=[every], b_opts=[field("F1", 100), field("F2", 50)], setup=up(0, 1))
    assert f == [(200, 250)] and g.ps[1].slots[:2] == [-1, -1]
    # an effect aimed at the opponent: its immunity to option cards blocks it
    g, f = duel(a_opts=[ruby], b_opts=[field("F1", 100)], b_fx=["immune_options | when: passive"], setup=up(0))
    assert f == [(200, 350)] and g.ps[1].slots[0] == 1
    # a Digimon's ability at the start of the battle (Gulfmon Bo-836): not an option, so not blocked by that immunity
    g, f = duel(a_fx=["opp_clear(2) | when: start | filter: optype=Field"], b_opts=[field("F1", 100)],
                b_fx=["immune_options | when: passive"], setup=up(0))
    assert f == [(200, 250)] and g.ps[1].slots[0] == -1


def test_a_forced_draw_with_a_further_loss_for_the_opponent():
    # round 5, Let's Stop Fighting Bo-144t: "The battle ends in a draw. Instead of both players losing 10 points, you
    # lose 10 points while the opponent loses 20 points" = force_draw, damage(10) | when: draw (the draw's 10 each,
    # DM-PTS, then the option's draw row at Point Calculation, engine 5), on both engines
    g, f = duel(a_opts=[["force_draw | limit: turn", "damage(10) | when: draw | limit: turn"]])
    assert g.battles[-1] == E.BR_DRAW and g.ps[0].points == 90 and g.ps[1].points == 80
    # no draw (the opponent cannot be forced into one): no further loss either
    g, f = duel(a_opts=[["force_draw | limit: turn", "damage(10) | when: draw | limit: turn"]],
                b_fx=["no_force_draw | when: passive"])
    assert g.battles[-1] == E.BR_SECOND and g.ps[0].points == 80 and g.ps[1].points == 100


def test_whole_hand_to_the_dark_area():
    # engine 6: discard_hand / opp_discard_hand ("After that, send your whole hand to the Dark Area", St-56;
    # "At the start of battle, send the opponent's entire hand to the Dark Area", Bancho Stingmon Re-67): every
    # card of that hand, in hand order, on both engines
    hand = [opt("H1"), opt("H2"), opt("H3")]
    g, f = duel(b_fx=["opp_discard_hand | when: start"], a_hand=hand)
    a = g.ps[0]
    assert a.hand == [] and {1, 2, 3} <= set(a.dark) and len(a.dark) >= 6  # the hand after the draw (DM-PREP)
    g, f = duel(a_fx=["discard_hand | when: start"], a_hand=hand)
    assert g.ps[0].hand == [] and {1, 2, 3} <= set(g.ps[0].dark) and g.ps[1].hand != []
    g, f = duel(a_hand=hand)
    assert g.ps[0].hand != []


def test_four_conditions_in_a_row():
    # engine 6: MAX_CONDS 4 (Balmung St-924: "… Knight type … (if your Digimon is Chaos Dukemon, instead of 200, add
    # 600)" on an Ultimate level Digimon with the ability "proud"); every condition is checked, on both engines
    g, f = duel(a_fx=["atk+100 if frame=Blue & opp_frame=Blue & first & points>=100 | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if frame=Blue & opp_frame=Blue & first & points>=101 | when: passive"])
    assert f == [(200, 250)]


def test_own_printed_battle_type_condition():
    # engine 6, bt=X: the own Digimon's printed battle type ("Your Digimon with battle type C become unable to receive
    # the effects of the opponent's (A goes to 0) from their attack C", Dark City Bo-501), on both engines
    g, f = duel(a_fx=["atk+100 if bt=A | when: passive"])  # Alpha is type A
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if bt=C | when: passive"])
    assert f == [(200, 250)]
    g, f = duel(b_fx=["atk+100 if bt=B | when: passive"])  # Beta is type B
    assert f == [(200, 350)]


def test_gain_field():
    # engine 6, gain_field(F): "You gain the field icon 'Virus Busters'. After that, add 100 …" (Holy Ring St-482),
    # "Your Digimon gains the Nightmare Soldiers field icon" (Black Wings Bo-587): field= / opp_field= conditions
    # applied after it this battle see the field, on both engines
    g, f = duel(a_opts=[["gain_field(NSo)", "atk+100 if field=NSo"]])
    assert f == [(300, 250)]
    g, f = duel(a_opts=[["atk+100 if field=NSo"]])
    assert f == [(200, 250)]
    # the opponent's later rows see it too (B's option: opp_field=NSo)
    g, f = duel(a_opts=[["gain_field(NSo) | limit: turn", "atk+60 | limit: turn"]], b_opts=["atk+100 if opp_field=NSo"])
    assert f == [(260, 350)]


def test_a_forced_draw_without_losses():
    # engine 6, no_draw_loss (Let's Stop Fighting Sx-79: "The battle ends in a draw. Instead of both parties losing
    # 10 points, both parties do not lose any points instead."): a drawn battle costs neither player, on both engines
    g, f = duel(a_opts=[["force_draw | limit: turn", "no_draw_loss | limit: turn"]])
    assert g.battles[-1] == E.BR_DRAW and g.ps[0].points == 100 and g.ps[1].points == 100
    g, f = duel(a_opts=[["force_draw | limit: turn"]])
    assert g.battles[-1] == E.BR_DRAW and g.ps[0].points == 90 and g.ps[1].points == 90


def test_immunities_to_effect_kinds_of_a_face_up_option():
    # round 6 (engine 6), immune_damage / immune_further / immune_draw / immune_clear: "While this card is active, you cannot receive
    # the effects of the opponent's 'directly reduce the opponent's points' or 'the battle ends in a draw'" (Ulud
    # Terminal Bx-74, Versandi Terminal Bx-103, Skuld Terminal Bx-130), "While this card is activated, you become
    # unable to receive the effects of the opponent's 'send the cards in your opponent's slots to the Dark Area'"
    # (Perfect Anchor Bo-1055): while the card is face-up in its slot and its conditions hold, on both engines
    from simcli.engine.reference import PERSIST

    def up(*ks, seat=1):
        def setup(g):
            for k in ks:
                g.ps[seat].slot_up[k] = PERSIST  # used before, face-up until discarded
        return setup

    terminal = lambda cond="": opt("Terminal", effects=[f"immune_damage{cond} | limit: field",  # noqa: E731
                                                        f"immune_draw{cond} | limit: field"],
                                   timing="evolution", option_type="Field")
    # a direct reduction (A's Digimon at the start of the battle) does not reach B; B wins (250 > 200), A loses 20
    g, f = duel(a_fx=["damage(20) | when: start"], b_opts=[terminal()], setup=up(0))
    assert g.ps[1].points == 100 and g.ps[0].points == 80
    g, f = duel(a_fx=["damage(20) | when: start"])  # without it
    assert g.ps[1].points == 80
    # face-down in its slot: greedy uses the Field after its Evolution phase (seed 004), then it protects
    g, f = duel(a_fx=["damage(20) | when: start"], b_opts=[terminal()])
    assert g.ps[1].points == 100 and g.card_uses[1, 1] == 1
    g, f = duel(a_fx=["damage(20) | when: start"], b_opts=[terminal(" if points<=50")], setup=up(0))  # condition
    assert g.ps[1].points == 80
    # "further reduce" on a win (a win row) is not a direct reduction: A wins with 400 and B loses 10 + 20
    g, f = duel(a_atk=(300, 400, 100), a_fx=["damage(20) | when: win"], b_opts=[terminal()], setup=up(0))
    assert f == [(400, 250)] and g.ps[1].points == 70
    # … that is immune_further (Mysterious Land Bx-75: "… the opponent's 'further reduce the opponent's points'"), which
    # in turn leaves the direct reductions
    land = opt("Land", effects=["immune_further | limit: field"], timing="evolution", option_type="Field")
    g, f = duel(a_atk=(300, 400, 100), a_fx=["damage(20) | when: win"], b_opts=[land], setup=up(0))
    assert f == [(400, 250)] and g.ps[1].points == 90
    g, f = duel(a_fx=["damage(20) | when: start"], b_opts=[land], setup=up(0))
    assert g.ps[1].points == 80
    g, f = duel(a_opts=[["force_draw | limit: turn", "damage(10) | when: draw | limit: turn"]], b_opts=[land], setup=up(0))
    assert g.battles[-1] == E.BR_DRAW and g.ps[1].points == 90  # the draw's 10, not the further 10
    # the opponent's forced draw does not make the battle a draw (the no_force_draw test's battle, B immune by option)
    g, f = duel(a_opts=["force_draw"], b_opts=[terminal()], setup=up(0))
    assert g.battles[-1] == E.BR_SECOND and g.ps[0].points == 80
    g, f = duel(a_opts=["force_draw"], b_opts=[terminal(" if points<=50")], setup=up(0))  # its condition fails
    assert g.battles[-1] == E.BR_DRAW
    # B's own forced draw still counts (only the opponent's effects are refused)
    g, f = duel(a_atk=(300, 400, 100), b_opts=[terminal(), "force_draw"], setup=up(0))
    assert g.battles[-1] == E.BR_DRAW
    # Perfect Anchor: A's opp_slots_clear / opp_wipe leave B's slot cards; opp_wipe still takes the hand
    anchor = opt("Anchor", effects=["immune_clear | limit: digimon"])
    extra = opt("Extra", effects=["atk+1 if points<=1"])
    g, f = duel(a_fx=["opp_slots_clear | when: start"], b_opts=[anchor, extra], setup=up(0))
    assert g.ps[1].slots[:2] == [1, 2]
    g, f = duel(a_fx=["opp_slots_clear | when: start"], b_opts=[anchor, extra])
    assert g.ps[1].slots[:2] == [-1, -1]
    g, f = duel(a_fx=["opp_wipe | when: start"], b_opts=[anchor, extra], setup=up(0))
    assert g.ps[1].slots[:2] == [1, 2] and g.ps[1].hand == []
    g, f = duel(a_fx=["opp_clear(0) | when: start"], b_opts=[anchor, extra], setup=up(0))
    assert g.ps[1].slots[:2] == [1, 2]


def test_attack_pick_of_an_option():
    # round 6 (engine 6), attack_pick: an option's "During battle, you can make your attack A or B regardless of the
    # opponent's battle type. After that, choose one card from your hand and send it to the Dark Area" (Offense Plug-In
    # A St-299; B or C: High Speed Plug-In B St-301): the player picks the attack with the best margin when it uses the
    # card (C-TYPE-1/2: C zeroes the opponent's A), on both engines
    g, f = duel(a_opts=[["attack_pick(AB) | limit: turn", "discard(1) | limit: turn"]])
    assert f == [(300, 250)] and g.ps[1].points == 90  # A (300) beats B's A (250); B (200) would lose
    g, f = duel(a_opts=[["attack_pick(BC) | limit: turn", "discard(1) | limit: turn"]])
    assert f == [(100, 0)] and g.ps[1].points == 90  # C: B's A attack goes to zero
    g, f = duel(a_opts=[["attack_pick(AB) | limit: turn"]], a_atk=(100, 200, 50))  # the pick cannot turn it: unused
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1
    # Power Limiter St-597: "Reduce the 'basic attack power written on your card' by 200 … After that, you can make
    # your attack A, B, or C": the pick after base-200 (100 / 0 / 0): C (0 against B's zeroed A) draws
    limiter = opt("Limiter", effects=["base-200 | limit: turn", "attack_pick(ABC) | limit: turn"], timing="evolution")
    g, f = duel(a_opts=[limiter])
    assert f == [(0, 0)] and g.battles[-1] == E.BR_DRAW


def test_opponent_hand_to_the_dark_area_by_filter():
    # round 6 (engine 6): opp_discard_hand with a filter ("Check the opponent's hand, and send all red frame Option cards
    # in their hand to the Dark Area", Dukemon's Revelation Bx-77): only the matching cards, hand order kept, on both
    # engines
    hand = [opt("R1", frame="Red"), opt("B1", frame="Blue"), digi("RD", frame="Red"), opt("R2", frame="Red")]
    def on_top(g):  # drawn in Preparation (the old hand goes, DM-PREP)
        g.ps[0].hand = []
        g.ps[0].deck += [4, 3, 2, 1]

    g, f = duel(b_fx=["opp_discard_hand | when: start | filter: frame=Red & kind=Option"], a_hand=hand, setup=on_top)
    a = g.ps[0]
    assert 1 in a.dark and 4 in a.dark and 2 in a.hand and 3 in a.hand
    assert [c for c in a.hand if c in (2, 3)] == [2, 3]
    g, f = duel(a_hand=hand, setup=on_top)
    assert {1, 2, 3, 4} <= set(g.ps[0].hand)


def test_equal_rows_of_an_option_both_apply():
    # round 6, Ryuzan-maru Bo-914's two equal rows for Zanbamon ("instead of 200, reduce … by 400"): both apply, on both
    # engines (B's A 250 - 200 - 200 → 0)
    g, f = duel(a_opts=[["opp_atk-200", "opp_atk-200"]])
    assert f == [(200, 0)]
    g, f = duel(a_opts=[["opp_atk-200"]])
    assert f == [(200, 50)]
