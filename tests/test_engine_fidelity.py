"""Scenario tests for engine version 4 (issue "Fidelity"): the seven rule errors, appearance, and the
new words of the effect language (docs/effect-language.md, "Engine version 4").  Every scenario runs
on both engines from the same state (``both_turn`` compares every zone) with exact expected results.

Base duel (tests/test_engine_effects.duel): A's Alpha (Level III, type A, 300/200/100, lost
20/30/40/50) against B's Beta (Level III, type B, 250/240/150, lost 10/20/30/40).  A attacks with B
(200), B with A (250): B wins, A loses 20.  A is the first attacker; B acts first in the windows.
"""

from __future__ import annotations

import re

from simcli.engine import enums as E
from simcli.engine.reference import PERSIST, SPENT_TURN
from test_engine_effects import _BATTLE, duel, item
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt


def _fights(g):
    return [(int(m.group(1)), int(m.group(2))) for m in
            (_BATTLE.search(ln) for ln in g.log if ln.strip().startswith("battle:")) if m]


# ---- rule error 1: printed costs of requirement options (DM-EVO-3, seed 003 §3.2.2.1 ex. 2) -------------
def _wp_game(cost, hand_extra=3):
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
              digi("AlphaIV", level="IV", atk=(600, 500, 400), reqs=[{"from_name": "alpha", "win_pct": 40}]),
              custom("St-315", requirement_cost=cost, effects=[], modeled=True)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 2] + list(range(3, 3 + hand_extra)), deck=list(range(3 + hand_extra, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    return T, g


def test_printed_requirement_cost_rules_over_the_usual_one():
    # rule DM-EVO-3 ("the card's own text rules"): St-315 "Winning Percentage: 80%!" costs one hand card,
    # not the usual two of an 80% card; the table holds the printed value
    T, g = _wp_game(1)
    assert T.wp[0, 2] == 80 and T.rcost[0, 2] == 1
    both_turn(T, g, fa=0)
    a = g.ps[0]
    assert a.top == 1 and 2 in a.dark and _paid(g) == 1
    T, g = _wp_game(None)  # no printed cost: the usual 2 for 80%
    assert T.rcost[0, 2] == 2
    both_turn(T, g, fa=0)
    assert g.ps[0].top == 1 and _paid(g) == 2


def _paid(g):
    """Cards discarded to pay evolution costs (the log's "pays:" lines)."""
    return sum(1 for ln in g.log if ln.strip().startswith("pays: discards"))


# ---- rule error 2: "until the end of the turn" keeps a used plug-in in its slot through renewal -----------
def test_turn_limit_stays_in_its_slot_through_renewal():
    # seed 003 §3.2.5 / §3.3: a limit "turn" ends at the end of the turn, after Point Calculation and the
    # renewal check: the used plug-in is not shuffled into the renewed deck
    def empty_deck(g):
        a = g.ps[0]
        a.gauge += a.deck  # A's deck is empty after drawing: it renews this turn
        a.deck = []

    g, f = duel(a_opts=["atk+100 | limit: turn"], setup=empty_deck)
    a = g.ps[0]
    assert f == [(300, 250)] and a.renewals == 1
    assert 1 not in a.deck and a.dark == [1] and a.slots[0] == -1  # to the Dark Area after the renewal


def test_turn_limit_state_during_the_turn():
    # the option is SPENT_TURN (still in its slot) until the end of the turn
    g, f = duel(a_opts=["atk+100 | limit: turn"])
    assert g.ps[0].slots[0] == -1 and 1 in g.ps[0].dark
    assert SPENT_TURN == -3 and PERSIST == 1000


# ---- rule error 3: two "the opponent loses its special abilities" void each other ------------------------
def test_mutual_void():
    # seed 003 §3.5: when Digimon with this ability battle each other, both lose their abilities
    g, f = duel(a_fx=["void_abilities | when: passive", "atk+100 | when: passive"],
                b_fx=["void_abilities | when: passive", "atk+100 | when: passive"])
    assert f == [(200, 250)]
    # keep_abilities still protects the one that has it
    g, f = duel(a_fx=["void_abilities | when: passive", "atk+100 | when: passive", "keep_abilities | when: passive"],
                b_fx=["void_abilities | when: passive", "atk+100 | when: passive"])
    assert f == [(300, 250)]


# ---- rule error 4: durations that end on a lost battle, the Digimon leaving, the end of the lifespan ------
def test_limit_lost_ends_when_the_own_digimon_loses():
    # seed 003 §3.3 / card text "until … your Digimon loses a battle": face-up while winning, then gone
    g, f = duel(a_opts=["atk+100 | limit: lost, lifespan"], turns=1)
    assert f == [(300, 250)] and g.ps[0].slots[0] == 1 and g.ps[0].slot_up[0] == PERSIST
    g, f = duel(a_opts=["atk+10 | limit: lost, lifespan"], b_atk=(250, 240, 150), a_atk=(300, 240, 100))
    # 240 + 10 = 250: a draw is better than losing → used; a draw is not a loss: it stays
    assert f == [(250, 250)] and g.ps[0].slots[0] == 1
    # a lost battle: the option, used in an earlier turn, goes to the Dark Area in the death check
    def faceup_lost(g):
        g.ps[0].slot_up[0], g.ps[0].slot_end[0], g.ps[0].slot_card[0] = PERSIST, E.LE_LOSE, 0

    g, f = duel(a_opts=["atk+10 | limit: lost, lifespan"], setup=faceup_lost)
    assert f == [(210, 250)] and g.ps[0].slots[0] == -1 and 1 in g.ps[0].dark


# (the end event "leave": test_engine_effects.test_limit_digimon_ends_when_the_digimon_leaves_the_box)
def test_limit_lifespan_ends_at_renewal_before_the_shuffle():
    # seed 004: at the end of the lifespan (renewal) the Digimon and the options "until the end of the
    # lifespan" go to the Dark Area, which is then shuffled into the new deck
    def renew_now(g):
        a = g.ps[0]
        a.slot_up[0], a.slot_end[0], a.slot_card[0] = PERSIST, E.LE_LIFESPAN, 0
        a.gauge += a.deck
        a.deck = []

    g, f = duel(a_opts=["atk+100 | limit: lifespan"], setup=renew_now)
    a = g.ps[0]
    assert f == [(300, 250)] and a.renewals == 1 and a.slots[0] == -1 and 1 in a.deck


# ---- rule error 5: "gains the ability X, and N is added" -----------------------------------------------
def test_gained_ability_is_granted_and_voided():
    # the keyword is granted (the conditioned addition holds); voided abilities lose both (card text:
    # "When your Digimon loses its special abilities, it loses the attack power addition as well")
    g, f = duel(a_opts=[["gain(underground)", "atk+100 if keyword=underground"]])
    assert f == [(300, 250)]
    g, f = duel(a_opts=[["gain(underground)", "atk+100 if keyword=underground"]],
                b_fx=["void_abilities | when: passive"])
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1  # it would change nothing: kept
    # the opponent sees it too (passives: second attacker B first, then A), and opp_lose takes it away
    g, f = duel(b_fx=["gain(sky) | when: passive"], a_fx=["atk+100 if opp_keyword=sky | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(b_fx=["gain(sky) | when: passive"],
                a_fx=["opp_lose(sky) | when: passive", "atk+100 if opp_keyword=sky | when: passive"])
    assert f == [(200, 250)]


# ---- rule error 6: a cost shared by several rows is paid once -----------------------------------------
def test_costs_paid_once_per_option_use():
    g, f = duel(a_opts=[["atk+60 | cost: discard(2)", "opp_atk-10 | cost: discard(2)"]])
    assert f == [(260, 240)] and len(g.ps[0].hand) == 4  # two cards, not four


# ---- rule error 7: requirement options' own rows; qualifiers (DM-EVO-1, DM-EVO-3) ------------------------
def _evolve_with(wp_effects, reqs=({"from_name": "alpha", "win_pct": 40},), alpha_frame="Blue", players=("greedy", "greedy")):
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), frame=alpha_frame),
              digi("AlphaIV", level="IV", bt="A", atk=(300, 240, 200), reqs=list(reqs)),
              custom("St-59", effects=list(wp_effects), modeled=True)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_requirement_option_rows_apply_to_the_digimon_that_evolved_with_it():
    # Bo-97 / Bo-1083 shape: "+N for the turn for the Digimon that evolved with this card"
    g = _evolve_with(["atk+50 | when: evolved | limit: turn"])
    a = g.ps[0]
    assert a.top == 1 and _fights(g) == [(290, 250)] and g.battles[-1] == E.BR_FIRST  # 240 + 50
    # limit turn: kept in the Power Box until the end of the turn, then the Dark Area
    assert 2 in a.dark and a.power == []
    g = _evolve_with(["atk+50 if opp_attr=Virus | when: evolved"])  # Beta is not Virus
    assert _fights(g) == [(240, 250)]
    g = _evolve_with([])  # without rows
    assert _fights(g) == [(240, 250)] and g.card_uses[0, 2] == 1 and g.card_uses[0, 1] == 1


def test_requirement_qualifier_is_enforced():
    # DM-EVO-1 with a printed qualifier: "Alpha (Red Frame) + 40%" cannot evolve from a blue-frame Alpha
    q = {"from_name": "alpha", "win_pct": 40, "from_filter": "frame=Red"}
    g = _evolve_with([], reqs=(q,))
    assert not g.ps[0].evo_opts and not any("evolves" in ln for ln in g.log)
    g = _evolve_with([], reqs=(q,), alpha_frame="Red")
    assert g.ps[0].evo_opts == [(2, 1)] and any("evolves Alpha → AlphaIV" in ln for ln in g.log)


# ---- appearance (seed 003 §3.2.2.1 ex. 6, §3.3) -----------------------------------------------------
def _appear_game(rows, players=("greedy", "greedy"), b_level="Ultimate", b_atk=(700, 650, 600), a_draws=(),
                 turns=1, app_fx=(), a_points=100):
    """A holds Omega (Ultimate, type C, 880/880/800) with these appearance rows; a_draws lie on top of
    A's deck (drawn in Preparation, after the discards).  Omega attacks with Beta's type B (880);
    Beta attacks with Omega's type C (600)."""
    a = [digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
         digi("Omega", level="Ultimate", bt="C", atk=(880, 880, 800), lost=(40, 30, 20, 20), appearance=list(rows),
              effects=list(app_fx))]
    a += list(a_draws)
    na = len(a)
    a = fill(a)
    b = fill([digi("Beta", level=b_level, bt="B", atk=b_atk, lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, hand=[1], deck=list(range(na, 30)) + list(range(na - 1, 1, -1)), points=a_points)
    place(g, 1, l3=0, deck=list(range(1, 30)))
    fights = []
    for i in range(turns):
        both_turn(T, g, fa=0 if i == 0 else g.fa, turn=2 + i)
        fights.append(_fights(g)[-1])
    return T, g, fights


def test_appearance_in_battle_greedy():
    # Re-137 shape: "When your Digimon is Alpha and the opponent is an Ultimate level, make this card
    # appear from your hand (during battle only)"; it stays until the end of the next turn
    T, g, f = _appear_game(["appear if name=Alpha & opp_level=Ultimate | limit: turns(2)"],
                           app_fx=["heal(30) | when: appear"], a_points=50)
    a = g.ps[0]
    assert T.app_hi[0, 1] - T.app_lo[0, 1] == 1
    assert a.top == 1 and f == [(880, 600)] and g.battles[-1] == E.BR_FIRST  # Omega's A vs Beta's B type
    assert a.points == 80 and g.card_uses[0, 1] == 2 and a.top_until == 3  # appeared + its appear row
    # the opponent's level is not Ultimate: no appearance
    T, g, f = _appear_game(["appear if name=Alpha & opp_level=Ultimate"], b_level="Perfect")
    assert g.ps[0].top == -1 and 1 in g.ps[0].hand


def test_appearance_leaves_at_the_end_of_its_limit():
    T, g, f = _appear_game(["appear if name=Alpha & opp_level=Ultimate | limit: turns(2)"], turns=2)
    a = g.ps[0]
    assert a.top == -1 and 1 in a.dark  # sent to the Dark Area at the end of the turn after its appearance
    T, g, f = _appear_game(["appear if name=Alpha & opp_level=Ultimate | limit: turn"])
    assert g.ps[0].top == -1 and 1 in g.ps[0].dark


def test_appearance_baseline_bl8_and_kept_in_hand():
    # BL-8 (decided): the baseline makes the first legal card appear in its battle window; BL-2b keeps the
    # card in hand while the box's Digimon could satisfy it
    T, g, f = _appear_game(["appear if name=Alpha & opp_level=Ultimate"], players=("baseline", "baseline"))
    assert g.ps[0].top == 1 and f == [(880, 600)]


def test_greedy_holds_its_digimon_for_an_appearance():
    # GreedyPlayer.hold: evolving Alpha into AlphaIV would lose Omega's condition (name=Alpha), so the
    # greedy player keeps Alpha in the box and makes Omega appear; the baseline evolves (BL-4)
    evo = digi("AlphaIV", level="IV", bt="A", atk=(500, 400, 300), reqs=[{"from_name": "alpha", "cards": 0}])
    T, g, f = _appear_game(["appear if name=Alpha & opp_level=Ultimate"], a_draws=[evo])
    assert g.ps[0].top == 1 and f == [(880, 600)] and 2 in g.ps[0].hand
    assert any("holds its Digimon for an appearance" in ln for ln in g.log)
    T, g, f = _appear_game(["appear if name=Alpha & opp_level=Ultimate"], a_draws=[evo],
                           players=("baseline", "baseline"))
    assert g.ps[0].top == -1 and 1 in g.ps[0].hand and f == [(400, 700)]  # AlphaIV (type A) fought


def test_appearance_at_the_start_of_battle_and_costs():
    # "At the start of the battle, send 1 Cyborg type Digimon from your hand … and make this card appear"
    cyborg = digi("Cyb", level="IV", atk=(10, 10, 10), species="Cyborg")
    T, g, f = _appear_game(["appear | when: start | cost: discard_if(1) | filter: kind=Digimon & type~Cyborg"],
                           a_draws=[cyborg], b_level="Perfect")
    a = g.ps[0]
    assert a.top == 1 and 2 in a.dark and f == [(880, 600)]
    # without a Cyborg in hand it cannot appear
    T, g, f = _appear_game(["appear | when: start | cost: discard_if(1) | filter: kind=Digimon & type~Cyborg"],
                           b_level="Perfect")
    assert g.ps[0].top == -1


def test_appearance_place_into_the_support_box():
    # Re-146 shape: place a named card from hand into the support box; it stays there with the card
    taichi = opt("Yagami Taichi", effects=[])
    T, g, f = _appear_game(["appear if name=Alpha | cost: place | filter: name=Yagami Taichi"],
                           a_draws=[taichi], b_level="Perfect")
    a = g.ps[0]
    assert a.top == 1 and a.supbox == 2 and 2 not in a.hand and f == [(880, 600)]
    T, g, f = _appear_game(["appear if name=Alpha | cost: place | filter: name=Yagami Taichi"], b_level="Perfect")
    assert g.ps[0].top == -1  # no Taichi card in hand


def test_opp_wipe_when_the_opponent_warps_to_ultimate():
    # Bx-163 shape: "When the opponent's Digimon evolves from Level III to Ultimate level (including
    # through Appearance), send all cards in the opponent's hand and slots to the Dark Area"
    T, g, f = _appear_game(["appear if name=Alpha"], b_level="Ultimate")
    assert g.ps[0].top == 1
    a = [digi("Alpha", bt="A", atk=(300, 200, 100)),
         digi("Omega", level="Ultimate", bt="C", atk=(880, 880, 800), appearance=["appear if name=Alpha"])]
    a = fill(a)
    b = fill([digi("Beelz", level="Ultimate", bt="B", atk=(700, 650, 600),
                   effects=["opp_wipe if opp_warped | when: opp_evolved"])])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 2, 3], deck=list(range(4, 30)), slots=(4, -1, -1))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    a = g.ps[0]
    assert a.top == 1 and a.hand == [] and a.slots == [-1, -1, -1] and {2, 3, 4} <= set(a.dark)


# ---- the other new words ------------------------------------------------------------------------------------
def test_attack_last_makes_the_other_player_first():
    # "This Digimon will always attack last" (decided: when only one battling Digimon has it, the other
    # player is the first attacker of this turn's battle and Point Calculation; conditions first /
    # second see the new roles).  A was the first attacker: now it is second, and its "+100 when second"
    # applies: 300 > 250.  The battle is recorded from the turn's first attacker (A); A attacks first next.
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50),
                   effects=["attack_last | when: passive", "atk+100 if second | when: passive"])])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, deck=list(range(1, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert any("A attacks last: B is first attacker" in ln for ln in g.log)
    assert any("battle: B Beta 250 vs A Alpha 300 → second attacker wins" in ln for ln in g.log)
    assert g.battles[-1] == E.BR_FIRST and g.fa == 0 and g.ps[1].points == 90


def test_opp_slots_clear_face_up_and_face_down():
    # Sangloupmon / Matadrmon shapes as "start of the battle" abilities here (automatic, exact):
    # (up) sends B's face-up option away with its modifier (rebuilt); (down) only the face-down one
    def faceup(g):
        g.ps[1].slot_up[0], g.ps[1].slot_end[0] = PERSIST, 0

    g, f = duel(a_fx=["opp_slots_clear(up) | when: start"], b_opts=["atk+100 | limit: discarded", "atk+500"],
                setup=faceup)
    assert g.ps[1].slots == [-1, 2, -1] and 1 in g.ps[1].dark and f == [(200, 250)]  # still winning: +500 kept
    g, f = duel(a_fx=["opp_slots_clear(down) | when: start"], b_opts=["atk+100 | limit: discarded", "atk+500"],
                setup=faceup)
    assert g.ps[1].slots == [1, -1, -1] and 2 in g.ps[1].dark and f == [(200, 350)]


def _gauge_game(b_points):
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)),
              digi("Volc", level="Perfect", bt="B", atk=(100, 100, 100),
                   effects=["damage_per_gauge(10) | cost: self_gauge"])])
    b = fill([digi("Beta", bt="B", atk=(950, 900, 800), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, deck=list(range(2, 20)), gauge=list(range(20, 30)))  # 10 gauge cards: 9 stacked
    place(g, 1, l3=0, deck=list(range(1, 30)), points=b_points)
    both_turn(T, g, fa=0)
    return g


def test_damage_per_gauge_and_self_gauge():
    # Bx-164 shape: "For every card stacked onto your point gauge, you may immediately lower the opponent's
    # points by 10 (after that, send this Digimon to your point gauge)": 9 stacked cards (the first is the
    # gauge itself, decided) → 90; greedy uses it when it ends the game (rule 1) ...
    g = _gauge_game(90)
    assert g.outcome == E.OUT_A and g.ps[1].points == 0 and 1 in g.ps[0].gauge and g.ps[0].top == -1
    # ... and not otherwise: stacking its own Digimon away is not "damage without a worse battle" (rule 3)
    g = _gauge_game(100)
    assert g.ps[1].points == 100 and 1 not in g.ps[0].gauge


def test_cracker_opp_reveal():
    # Cracker!! shape: the opponent reveals its top 3 deck cards and loses 10 per option card among them
    # (B's deck is all filler options: 30), then its deck is shuffled; greedy uses a damage card that does
    # not make the battle worse (rule 3) — here the battle is lost anyway (200 < 250)
    g, f = duel(a_opts=["opp_reveal(3,10) | cost: gauge"])
    assert f == [(200, 250)] and g.ps[1].points == 70 and g.ps[0].points == 80 and 1 in g.ps[0].gauge
    assert sorted(g.ps[1].deck) == list(range(1, 24)) and g.ps[1].deck != list(range(1, 24))  # shuffled


def test_no_loss():
    # A Tactical Retreat!! shape: -1000, and this turn a lost battle costs no points and the Digimon stays;
    # greedy counts such a loss as good as a draw, so it plays the card when losing
    g, f = duel(a_opts=[["atk-1000", "no_loss | limit: turn"]])
    assert f == [(0, 250)] and g.ps[0].points == 100 and g.battles[-1] == E.BR_SECOND and 1 in g.ps[0].dark
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)),
              digi("AlphaIV", level="IV", bt="A", atk=(300, 200, 100), effects=[])])
    a[2] = opt("Retreat", effects=["atk-1000", "no_loss | limit: turn"])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, slots=(2, -1, -1), deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.ps[0].top == 1 and g.ps[0].points == 100  # its Level IV stays in the box


def test_lost_add_and_points_against_the_opponent():
    g, f = duel(a_atk=(300, 400, 100), a_fx=["lost+20 | when: passive"])
    assert f == [(400, 250)] and g.ps[1].points == 100 - 10 - 20
    g, f = duel(a_fx=["atk+100 if points<opp | when: passive"], a_points=50)
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if points<opp | when: passive"])
    assert f == [(200, 250)]


def test_name_contains_group_and_sheet_conditions():
    g, f = duel(a_fx=["atk+100 if opp_name~eta | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if opp_name~gamma | when: passive"])
    assert f == [(200, 250)]
    g, f = duel(a_fx=["atk+100 if opp_sheet:frame=Blue | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if sheet:frame=Red | when: passive"])
    assert f == [(200, 250)]


# ---- engine batch 2: words the translator needed -------------------------------------------------------
def test_digimon_ability_negates_an_option():
    # "Only once during battle, you may … invalidate one of the opponent's Program Option cards before it
    # takes effect": a ◎ negate row of B's Digimon answers A's Program (no card spent), once per turn
    g, f = duel(a_opts=["atk+100"], b_fx=["negate_program | cost: discard(1)"])
    assert f == [(200, 250)] and 1 in g.ps[0].dark and len(g.ps[1].hand) == 5 and g.card_uses[1, 0] == 1
    g, f = duel(a_opts=["atk+100", "atk+100"], b_fx=["negate_program"])  # once: the second one wins
    assert f == [(300, 250)]


def test_per_discard_if_counts_matching_cards_only():
    # "For every Level III Digimon card you discard from your hand, add 100 (2 cards max)"
    l3s = [digi(f"Small{i}", atk=(10, 10, 10)) for i in range(3)]
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50))] + l3s)
    a[4] = opt("Per", effects=["per_discard_if(30,2) | filter: level=III"])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(4, -1, -1), deck=list(range(5, 30)) + [3, 2, 1])  # the three drawn first
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert _fights(g) == [(260, 250)] and sorted(x for x in g.ps[0].dark if x in (1, 2, 3)) == [1, 2]


def test_hand_size_and_draw_timing():
    g, f = duel(a_fx=["atk+100 if hand<=6 | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if opp_hand>=7 | when: passive"])
    assert f == [(200, 250)]
    # timing draw: after points, when the battle was a draw
    g, f = duel(a_atk=(300, 250, 100), a_fx=["damage(10) | when: draw"])
    assert f == [(250, 250)] and g.ps[1].points == 80 and g.ps[0].points == 90


def test_slots_condition():
    # XV-mon Bo-259 shape: "when you have no cards in your slots" (cards set face down count too)
    g, f = duel(a_fx=["atk+100 if slots=0 | when: passive"])
    assert f == [(300, 250)]
    g, f = duel(a_fx=["atk+100 if slots=0 | when: passive"], a_opts=["heal(10) | when: lose"])
    assert f == [(200, 250)]
    g, f = duel(a_fx=["atk+100 if slots>=1 | when: passive"], a_opts=["heal(10) | when: lose"])
    assert f == [(300, 250)]


def test_field_end_event():
    # "When another Field Option card turns face-up in your slots, send this card to the Dark Area"
    fld = lambda name, fx: opt(name, effects=fx, option_type="Field")  # noqa: E731

    def faceup(g):
        g.ps[0].slot_up[0], g.ps[0].slot_end[0], g.ps[0].slot_card[0] = PERSIST, E.LE_FIELD, 0

    g, f = duel(a_opts=[fld("F1", ["atk+20 | limit: discarded, field"]), fld("F2", ["atk+100 | limit: discarded"])],
                setup=faceup)
    assert f == [(300, 250)] and g.ps[0].slots[0] == -1 and 1 in g.ps[0].dark and g.ps[0].slots[1] == 2


def test_support_placement_rebuilds_the_modifiers():
    # a passive with a support: condition sees the support Digimon placed in the window (rebuild)
    a = [digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50),
              effects=["atk*2 if support:name=Helper | when: passive"]),
         digi("Helper", level="IV", atk=(10, 10, 10), effects=["atk+1 | when: support"])]
    a = fill(a)
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, deck=list(range(2, 30)) + [1])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    # greedy's look-ahead sees only the support's own row (+1: 201 < 250): kept
    assert _fights(g) == [(200, 250)] and 1 in g.ps[0].hand


def test_negation_conditioned_on_the_negated_card():
    # "invalidate the opponent's 'X' card before it takes effect": the negate row's card condition
    # names the option to negate
    g, f = duel(a_opts=["atk+100"], b_opts=["negate_option if card=OptA0"])
    assert f == [(200, 250)] and 1 in g.ps[0].dark
    g, f = duel(a_opts=["atk+100"], b_opts=["negate_option if card=Other"])
    assert f == [(300, 250)] and g.ps[1].slots[0] == 1


def test_ban_options():
    # "The opponent cannot use the card 'X'": A's option named OptA0 cannot be used while B's Digimon
    # (abilities active) bans it
    g, f = duel(a_opts=["atk+100"], b_fx=["ban_options if card=OptA0 | when: passive"])
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1
    g, f = duel(a_opts=["atk+100"], b_fx=["ban_options if card:optype=Item | when: passive"])  # a Program
    assert f == [(300, 250)]
    g, f = duel(a_opts=["atk+100"], b_fx=["ban_options if card=OptA0 | when: passive"],
                a_fx=["void_abilities | when: passive"])  # B's abilities are void: no ban
    assert f == [(300, 250)]


def test_negated_filter_in_a_requirement():
    # Re-123 "Cannot evolve from Virus attributes": the qualifier attr!=Virus on every alternative
    q = {"from_name": "alpha", "win_pct": 40, "from_filter": "attr!=Virus"}
    g = _evolve_with([], reqs=(q,))  # the test Alpha is a Vaccine copy of St-1
    assert g.ps[0].evo_opts == [(2, 1)]
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), attribute="Virus"),
              digi("AlphaIV", level="IV", atk=(300, 240, 200), reqs=[q]), custom("St-59", modeled=True)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.ps[0].evo_opts == [] and g.ps[0].top == -1


# ---- gauge_mill / tutor (Bx-169 "Thirst For Power", the Volcdramon deck's gauge engine) ------------------
def _thirst_game(b_level):
    thirst = opt("Thirst", effects=["gauge_mill(3) if opp_higher | cost: gauge | limit: now",
                                    "tutor(2) if opp_higher | cost: gauge | limit: now"], timing="prep",
                 face_up_limit=1)
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), thirst,
              digi("AlphaIV", level="IV", reqs=[{"from_name": "alpha", "cards": 1}]),
              digi("AlphaP", level="Perfect", reqs=[{"from_name": "alphaiv", "cards": 1}]),
              digi("AlphaU", level="Ultimate", reqs=[{"from_name": "alphap", "cards": 1}]),
              digi("Stray", level="IV", reqs=[{"from_name": "gamma", "cards": 1}])])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150)), digi("BetaIV", level=b_level, bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    # A's deck, bottom → top: AlphaIV, Stray, AlphaP, then fillers 6..14 (the top six are drawn to 6);
    # AlphaU waits in the Dark Area
    place(g, 0, l3=0, slots=(1, -1, -1), deck=[2, 5, 3] + list(range(6, 15)), dark=[4], gauge=list(range(15, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    return g


def test_gauge_mill_and_tutor_in_preparation():
    # B's Digimon is higher (Level IV against A's Level III): Thirst is used in Preparation step (5).
    # gauge_mill(3): the deck's top three (fillers 8, 7, 6 after the draw of 14..9) go onto A's gauge;
    # tutor(2) takes the highest-level Digimon that would be on an evolution chain of hand cards from the
    # top card: AlphaIV first (AlphaP and AlphaU are not yet reachable, Stray never is), then AlphaP;
    # AlphaU (Dark Area) stays; the deck (Stray alone) is shuffled; Thirst itself goes onto the gauge
    g = _thirst_game("IV")
    a = g.ps[0]
    assert a.hand[-2:] == [2, 3] and len(a.hand) == 8 and g.card_uses[0, 1] == 1
    assert a.deck == [5] and 4 in a.dark
    assert a.gauge == list(range(15, 30)) + [8, 7, 6, 1]
    # the same opponent at Level III: not higher, Thirst stays face-down in its slot
    g = _thirst_game("III")
    a = g.ps[0]
    assert a.slots[0] == 1 and a.gauge == list(range(15, 30)) and 2 not in a.hand


def test_greedy_sets_one_copy_of_a_one_per_slots_option():
    # "You may only place one of this card in your slots" (face_up_limit): greedy never sets a second copy
    # beside the first (legal under every reading of the limit)
    thirst = lambda: opt("Thirst", effects=["gauge_mill(3) if opp_higher | cost: gauge | limit: now"],  # noqa: E731
                         timing="prep", face_up_limit=1)
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), thirst(), thirst(), opt("Boost", effects=["atk+10"])])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 2, 3], deck=list(range(4, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    # the second copy is not kept for a slot at the discard step (1) and goes to the Dark Area
    assert g.ps[0].slots == [3, 1, -1] and 2 in g.ps[0].dark
