"""Scenario tests: one per rule id of RULES §1, §2 and §5, with exact expected results.

States are placed by hand (tests/test_engine_helpers.place); most scenarios run one turn on both
engines from the same state (``both_turn``) and compare every zone.
"""

from __future__ import annotations

import numpy as np
import pytest

from simcli.engine import enums as E
from simcli.engine import reference as R
from simcli.engine.tables import compile_tables
from test_engine_helpers import DECK_1, DECK_2, both_turn, cards, custom, place, scenario


def digi(name, level="III", bt="A", atk=(300, 200, 100), lost=(10, 10, 10, 10), reqs=(), effects=(), **kw):
    base = {"III": "St-1", "IV": "St-2", "Perfect": "St-29", "Ultimate": "St-33"}[level]
    return custom(base, name=name, level=level, battle_type=bt, attack=dict(zip("ABC", atk)),
                  lost_points=dict(zip(("III", "IV", "Perfect", "Ultimate"), lost)), requirements=list(reqs),
                  effects=list(effects), evolution_extra_discard=kw.pop("xdisc", 0), **{"modeled": True, **kw})


def opt(name="Filler Option", effects=(), timing="battle", option_type="Program", **kw):
    return custom("St-59", name=name, effects=list(effects), timing=timing, option_type=option_type, modeled=True,
                  **kw)


WP40 = lambda: custom("St-59")  # noqa: E731
WP60 = lambda: custom("St-60")  # noqa: E731


def fill(cs, n=30):
    """Pad a card list to 30 with filler options."""
    return list(cs) + [opt(f"Filler {i}") for i in range(n - len(cs))]


def basic_pair(a_cards=(), b_cards=()):
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50))] + list(a_cards))
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))] + list(b_cards))
    return a, b


# ---- §1 common core ----------------------------------------------------------------------------------
def test_type_and_lost_points():
    # rule C-TYPE-1: A (Alpha, type A) attacks with B's type B → 200; B attacks with type A → 250
    # rule C-BAT-1: 250 > 200, B wins; rule C-LOST-1: A loses its own table at B's level (III) = 20
    a, b = basic_pair()
    T, g = scenario(a, b)
    place(g, 0, l3=0, deck=list(range(1, 11)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    assert g.final_attacks(g.ps[0], g.ps[1]) == (200, 250)
    both_turn(T, g, fa=0)
    assert g.battles[-1] == E.BR_SECOND
    assert g.ps[0].points == 80 and g.ps[1].points == 100
    assert g.fa == 1  # rule C-ORD-2: the winner attacks first next turn


def test_c_type_2_zeroes_a_attack_and_printed_no_zero():
    # rule C-TYPE-1/2: A (type A) faces B (type C): A attacks with its C attack (100), B with its A attack
    # (250), and A's C attack makes B's A attack 0
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 20, 20, 20))])
    b = fill([digi("Gamma", bt="C", atk=(250, 240, 150))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, deck=list(range(1, 11)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    assert g.final_attacks(g.ps[0], g.ps[1]) == (100, 0)
    both_turn(T, g, fa=0)
    assert g.ps[1].points == 90 and g.ps[0].points == 100
    # rule C-TYPE-2: an unconditional printed "no_zero | when: passive" keeps the A attack, effects off too
    b2 = fill([digi("Gamma", bt="C", atk=(250, 240, 150), effects=["no_zero | when: passive"])])
    T2, g2 = scenario(a, b2, effects=False)
    assert T2.no_zero[1, 0] == 1 and T2.eff_hi[1, 0] == T2.eff_lo[1, 0]
    place(g2, 0, l3=0, deck=list(range(1, 11)))
    place(g2, 1, l3=0, deck=list(range(1, 11)))
    assert g2.final_attacks(g2.ps[0], g2.ps[1]) == (100, 250)
    both_turn(T2, g2, fa=0)
    assert g2.ps[0].points == 80 and g2.ps[1].points == 100


def test_c_calc_1_arithmetic():
    # rule C-CALC-1: ×2 then ×3 is ×3; additions stack after; base+N zeroed by A→0; halve last; never < 0
    a, b = basic_pair()
    T, g = scenario(a, b)
    place(g, 0, l3=0)
    place(g, 1, l3=0)
    m = g.mods[0]
    m.mul_num, m.mul_den = 2, 1
    m.mul_num, m.mul_den = 3, 1  # last one applied wins
    m.add = 50 + 20
    assert g.final_attacks(g.ps[0], g.ps[1])[0] == 200 * 3 + 70
    m.halved = True
    assert g.final_attacks(g.ps[0], g.ps[1])[0] == (200 * 3 + 70) // 2
    g.mods[0] = R.Mods(add=-1000)
    assert g.final_attacks(g.ps[0], g.ps[1])[0] == 0
    # base +100 is zeroed with the A attack by the C effect; a final +100 is not
    a2 = fill([digi("Alpha", bt="A", atk=(300, 200, 100))])
    b2 = fill([digi("Gamma", bt="C", atk=(250, 240, 150))])
    T2, g2 = scenario(a2, b2)
    place(g2, 0, l3=0)
    place(g2, 1, l3=0)
    g2.mods[1] = R.Mods(base_add=100)
    assert g2.final_attacks(g2.ps[0], g2.ps[1])[1] == 0
    g2.mods[1] = R.Mods(add=100)
    assert g2.final_attacks(g2.ps[0], g2.ps[1])[1] == 100


def test_drawn_battle_costs_both_10_and_keeps_order():
    # rule C-BAT-1 / C-LOST-2: equal attacks draw, both lose 10; rule C-ORD-2: order unchanged
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100))])
    b = fill([digi("Beta", bt="A", atk=(300, 200, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, deck=list(range(1, 11)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    both_turn(T, g, fa=1)
    assert g.battles[-1] == E.BR_DRAW and g.ps[0].points == 90 and g.ps[1].points == 90 and g.fa == 1


def test_both_reach_zero_is_a_draw_and_nothing_after():
    # rule C-PTS-2: a drawn battle at 10 points each ends the game drawn; no renewal afterwards
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100))])
    b = fill([digi("Beta", bt="A", atk=(300, 200, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, deck=[], points=10)
    place(g, 1, l3=0, deck=[], points=10)
    g.ps[0].hand = list(range(1, 7))
    g.ps[1].hand = list(range(1, 7))
    for p in g.ps:
        p.gauge = [c for c in range(30) if c not in p.hand and c != 0]
    both_turn(T, g, fa=0)
    assert g.outcome == E.OUT_DRAW and g.ps[0].renewals == 0 and g.ps[1].renewals == 0
    assert g.ps[0].points == 0 and g.ps[1].points == 0  # rule C-PTS-1: never below 0


def test_points_reach_zero_loses():
    # rule C-PTS-1 / C-PTS-2: losing 20 at 15 points → 0 (not negative), B... A loses the game
    a, b = basic_pair()
    T, g = scenario(a, b)
    place(g, 0, l3=0, deck=list(range(1, 11)), points=15)
    place(g, 1, l3=0, deck=list(range(1, 11)))
    both_turn(T, g, fa=0)
    assert g.outcome == E.OUT_B and g.ps[0].points == 0


def test_turn_cap_gives_capped():
    # rule C-PTS-3: a game still running at the cap is counted as capped
    a, b = basic_pair()
    T, _ = compile_tables([a, b], effects=False)
    g = R.play_game(T, 1, 0, turn_cap=1)
    assert g.outcome == E.OUT_CAPPED and g.turn == 1
    from simcli.engine.kernel import run_records

    rec = run_records(T, 1, 0, 1, 1, [0, 0])
    assert rec["outcome"][0] == E.OUT_CAPPED and rec["turns"][0] == 1


def test_coin_picks_first_attacker():
    # rule C-ORD-1: a fair coin; both seats attack first in some games
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=False)
    firsts = [R.play_game(T, 3, gi, turn_cap=1).fa_t1 for gi in range(200)]
    assert 60 < sum(firsts) < 140


def test_hand_draw_to_six_and_short_deck():
    # rule C-HAND-1: draw until 6; with too few cards in the deck, draw them all; none: nothing
    a, b = basic_pair()
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[], deck=[5, 6])
    place(g, 1, l3=0, hand=[], deck=[])
    g.rules.preparation(g, g.ps[0], g.players[0])
    g.rules.preparation(g, g.ps[1], g.players[1])
    assert g.ps[0].hand == [6, 5] and g.ps[0].deck == [] and g.ps[1].hand == []


def test_turn_order_within_phases():
    # rule C-TURN-1: the first attacker completes each phase part before the second attacker
    a, b = basic_pair()
    T, g = scenario(a, b)
    place(g, 0, l3=0, deck=list(range(1, 11)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    g.fa, g.turn = 1, 1
    g.play_turn()
    draws = [ln for ln in g.log if "draws" in ln]
    assert draws[0].strip().startswith("B") and draws[1].strip().startswith("A")


def test_renewal_when_deck_empty():
    # rule C-RENEW-1: empty deck at the end of Point Calculation: box (except the Level III) → Dark Area,
    # the Dark Area shuffled becomes the deck; hand and slots stay; counted
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)),
              digi("AlphaIV", level="IV", bt="A", atk=(500, 400, 300), reqs=[{"from_name": "alpha", "cards": 0}])])
    b = fill([digi("Beta", bt="A", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, top=1, hand=[2, 3, 4, 5, 6, 7], deck=[], dark=[8, 9, 10], slots=(11, -1, -1))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    g.ps[0].hand = [2, 3, 4, 5, 6, 7]
    both_turn(T, g, fa=0)
    p = g.ps[0]
    assert p.renewals == 1 and p.top == -1 and p.l3 == 0
    # the filler hand was discarded in Preparation (BL-2) and joins the renewal; AlphaIV (1) leaves the box
    assert sorted(p.deck) == list(range(1, 11)) and p.dark == [] and p.slots == [11, -1, -1]


# ---- §2 DMCG ---------------------------------------------------------------------------------------
def test_setup_leaves_22_in_the_net_ocean():
    # rule DM-SET-1: partner in the box, 1 card on the point gauge, 6 in hand, 22 in the Net Ocean
    T, _ = compile_tables([cards(DECK_1), cards(DECK_2)], effects=False)
    g = R.Game(T, 5, 0, [R.BaselinePlayer(), R.BaselinePlayer()])
    g.setup()
    for p in g.ps:
        assert len(p.deck) == 22 and len(p.hand) == 6 and len(p.gauge) == 1 and p.top == -1
        assert T.level[p.seat, p.l3] == E.LV_III
    # rule BL-1: highest A attack Level III, first listed on ties (DECK_1: Agumon 360 listed before Palmon 350)
    assert g.ps[0].l3 == 0


def test_dm_name_1_normalised_names():
    # rule DM-NAME-1: "Omegamon (8)" and "Omegamon" share one rule name
    a = fill([digi("Omegamon (8)"), digi("omega-mon")])
    T, info = compile_tables([a, fill([digi("Beta")])], effects=False)
    assert T.name[0, 0] == T.name[0, 1]


def _evo_deck():
    return fill([
        digi("Alpha", bt="A", atk=(300, 200, 100)),                                                  # 0
        digi("AlphaIV", level="IV", atk=(400, 300, 200), reqs=[{"from_name": "alpha", "cards": 2}]),  # 1
        digi("AlphaP", level="Perfect", atk=(500, 400, 300), reqs=[{"from_name": "alphaiv", "win_pct": 40}]),  # 2
        WP40(), WP60(),                                                                               # 3, 4
        digi("Alpha2", bt="A", atk=(100, 100, 100)),                                                 # 5
    ])


def test_warp_evolution_wp_and_cards():
    # rule DM-EVO-1 (warp III→IV→Perfect), DM-EVO-2 (●● from the deck, to the Dark Area after),
    # DM-EVO-3 (lowest sufficient Winning Percentage: the 40% card, no cost), DM-EVO-6 (Level III stays)
    a = _evo_deck()
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2, 3, 4], deck=list(range(10, 20)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    both_turn(T, g, fa=0)
    p = g.ps[0]
    assert p.l3 == 0 and p.top == 2
    # IV → Dark Area when evolving on, the 2 ●● cards (19, 18 — hand drew first) and the 40% card
    assert 1 in p.dark and 3 in p.dark and 4 in p.hand
    assert len(p.dark) == 1 + 2 + 1


def test_winning_percentage_card_for_some_levels_only():
    # DM-EVO-3 with the card's own text (engine 5): "Evolve your Digimon into a Perfect or Hybrid level Digimon with
    # Winning Percentage: 40%! in its evolution requirements" (St-808, wp_levels ["Perfect"]) serves the IV → Perfect
    # step, never a step into a Level IV.  AlphaIV needs 40% here; both engines (both_turn).
    def game(wp):
        a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)),                                              # 0
                  digi("AlphaIV", level="IV", atk=(400, 300, 200), reqs=[{"from_name": "alpha", "win_pct": 40}]),  # 1
                  digi("AlphaP", level="Perfect", atk=(500, 400, 300), reqs=[{"from_name": "alphaiv", "win_pct": 40}]),
                  wp])                                                                                     # 2, 3
        b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
        T, g = scenario(a, b)
        place(g, 0, l3=0, hand=[1, 2, 3], deck=list(range(10, 20)))
        place(g, 1, l3=0, deck=list(range(1, 11)))
        both_turn(T, g, fa=0)
        return g.ps[0]

    p = game(WP40())  # a plain 40% card: Alpha → AlphaIV (the only 40% step it can prepare first)
    assert p.top == 1 and 3 in p.dark
    p = game(custom("St-59", wp_levels=["Perfect"]))  # only into a Perfect: no step into AlphaIV (nothing else serves)
    assert p.top == -1 and 3 in p.hand
    # from a Level IV the same card serves the step into the Perfect
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)),
              digi("AlphaIV", level="IV", atk=(400, 300, 200), reqs=[{"from_name": "alpha", "cards": 1}]),
              digi("AlphaP", level="Perfect", atk=(500, 400, 300), reqs=[{"from_name": "alphaiv", "win_pct": 40}]),
              custom("St-59", wp_levels=["Perfect"])])
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2, 3], deck=list(range(10, 20)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    both_turn(T, g, fa=0)
    assert g.ps[0].top == 2 and 3 in g.ps[0].dark


def test_named_requirement_card_with_a_winning_percentage_value():
    # DM-EVO-3 / 3b with the card's own text (engine 5): "Evolve your Digimon into a Digimon with 'Digimental of Fate',
    # 'Winning Percentage: 40%!' or 'Winning Percentage: 60%!' in its evolution requirements" (Bo-1148, win_pct 60)
    # serves a 40% requirement too, paying its printed cost (1 card) after the step.  Both engines (both_turn).
    def game(fate):
        a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)),                                              # 0
                  digi("AlphaIV", level="IV", atk=(400, 300, 200), reqs=[{"from_name": "alpha", "win_pct": 40}]),  # 1
                  fate, digi("Alpha2", bt="A", atk=(100, 100, 100))])                                      # 2, 3
        b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
        T, g = scenario(a, b)
        place(g, 0, l3=0, hand=[1, 2, 3], deck=list(range(10, 20)))
        place(g, 1, l3=0, deck=list(range(1, 11)))
        both_turn(T, g, fa=0)
        return g.ps[0]

    p = game(custom("St-59", name="Digimental of Fate", option_type="Item", requirement_cost=1, win_pct=60))
    assert p.top == 1 and 2 in p.dark and 3 in p.dark  # evolved with it; the Level III Alpha2 paid the cost
    p = game(custom("St-59", name="Digimental of Fate", option_type="Item", requirement_cost=1))  # no win_pct: named only
    assert p.top == -1


def _evolve_only(g, seat=0):
    """Preparation step (4) and the Evolution phase for one seat, without the discard/draw steps."""
    p = g.ps[seat]
    g.rules.prepare_chain(g, p, R.plan_chain(g, p))
    g.rules.evolution(g, p, g.players[seat], False)
    return p


def test_wp_cost_is_paid_after_the_step():
    # rule DM-EVO-3: a 60% card used for a 40% requirement costs one discard from hand, paid right after the
    # step: the lowest-level Digimon (Alpha2, Level III); rule DM-EVO-2: the ●● cards go to the Dark Area
    # after the phase; rule DM-EVO-6: the IV evolved from goes to the Dark Area, the Level III stays
    a = _evo_deck()
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2, 4, 5], deck=list(range(10, 20)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    p = _evolve_only(g)
    assert p.top == 2 and p.l3 == 0 and p.hand == []
    assert p.dark == [1, 5, 19, 18, 4]


def test_cost_cannot_be_paid_stops_before_the_step():
    # rule DM-EVO-6: a step whose cost cannot be paid stops the chain before that step (BL-4 does not
    # consider the cost when choosing); the unused Evolution Box card goes to the Dark Area
    a = _evo_deck()
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2, 4], deck=list(range(10, 20)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    p = _evolve_only(g)
    assert p.top == 1 and p.dark == [2, 19, 18, 4]


def test_not_enough_cards_for_the_requirement():
    # rule DM-EVO-2: ●● with one card left in the Net Ocean cannot be prepared
    a = _evo_deck()
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2, 3], deck=[10])
    place(g, 1, l3=0, deck=list(range(1, 11)))
    assert R.plan_chain(g, g.ps[0]) == []


def test_alternatives_and_jogress():
    # rule DM-EVO-3c: any alternative suffices; rule DM-EVO-4: Jogress partner from hand
    a = fill([
        digi("Alpha", bt="A"),                                                                        # 0
        digi("Partner", level="IV"),                                                                  # 1
        digi("Fused", level="IV", atk=(900, 900, 900),
             reqs=[{"from_name": "nobody", "cards": 1}, {"from_name": "alpha", "jogress": "partner"}]),  # 2
    ])
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(10, 20)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    # rule BL-2: Partner (1) is not on a chain from Alpha: it is discarded, so the Jogress cannot happen
    both_turn(T, g, fa=0)
    assert g.ps[0].top == -1 and 1 in g.ps[0].dark
    # with the partner kept (placed after the discard step), the Jogress is taken
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(10, 20)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    steps = R.plan_chain(g, g.ps[0])
    assert len(steps) == 1 and steps[0].card == 2 and steps[0].alt == 1 and steps[0].jog == 1


def test_named_option_requirement():
    # rule DM-EVO-3b: "+ Digimental of Courage" met by an option of that name from hand
    a = fill([
        digi("Alpha", bt="A"),                                                                         # 0
        digi("Armor", level="IV", atk=(700, 700, 700), reqs=[{"from_name": "alpha", "option": "digimentalofcourage"}]),
        opt("Digimental of Courage"),                                                                  # 2
    ])
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    assert T.req_opt[0, 2] == 1
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(10, 20)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    both_turn(T, g, fa=0)
    assert g.ps[0].top == 1 and 2 in g.ps[0].dark


def test_death_check_and_level_iii_stays():
    # rule DM-PTS-1: the losing Digimon (not Level III) goes to the Dark Area; rule DM-L3-1: a losing
    # Level III stays
    a = fill([digi("Alpha", bt="A", atk=(100, 100, 100)),
              digi("AlphaIV", level="IV", atk=(150, 150, 150), reqs=[{"from_name": "alpha", "cards": 9}])])
    b = fill([digi("Beta", bt="B", atk=(900, 900, 900))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, top=1, deck=list(range(2, 12)))
    place(g, 1, l3=0, deck=list(range(1, 11)))
    both_turn(T, g, fa=0)
    assert g.ps[0].top == -1 and 1 in g.ps[0].dark and g.ps[0].points == 100 - 10
    both_turn(T, g, fa=1, turn=3)
    assert g.ps[0].l3 == 0 and 0 not in g.ps[0].dark


def test_second_attacker_never_cancels_and_evolves():
    # rule DM-EVO-6 / BL-4: the second attacker evolves after seeing the first (baseline never cancels)
    a = _evo_deck()
    b = _evo_deck()
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 3], deck=list(range(10, 20)))
    place(g, 1, l3=0, hand=[1, 3], deck=list(range(10, 20)))
    both_turn(T, g, fa=0)
    assert g.ps[1].top == 1 or g.ps[1].top == 2


# ---- §5 baseline ------------------------------------------------------------------------------------
def test_bl2_discard_keeps_chain_and_two_options():
    # rule BL-2: keep hand Digimon on a chain from the top card; every Level III discarded; at most 2
    # requirement options (usable first, then the higher value); other options discarded
    a = _evo_deck() [:6] + [WP60(), WP40(), opt("Other")] + fill([], 21)
    b = fill([digi("Beta")])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[5, 1, 3, 6, 8, 2], deck=list(range(10, 20)))
    disc = R.BaselinePlayer().discard(g, g.ps[0])
    kept = [g.ps[0].hand[i] for i in range(6) if i not in disc]
    # kept: AlphaIV (1), AlphaP (2), and two WP cards usable by AlphaP (40%): 60% (6) first by value,
    # then the first 40% card (3); Alpha2 (Level III) and "Other" (8) discarded
    assert sorted(kept) == [1, 2, 3, 6]


def test_bl4_prefers_highest_level_then_attack():
    # rule BL-4: among chains, the highest final level; ties: higher A attack of the final card
    a = fill([
        digi("Alpha", bt="A"),
        digi("IVa", level="IV", atk=(400, 1, 1), reqs=[{"from_name": "alpha", "cards": 1}]),
        digi("IVb", level="IV", atk=(450, 1, 1), reqs=[{"from_name": "alpha", "cards": 2}]),
    ])
    b = fill([digi("Beta")])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(10, 20)))
    steps = R.plan_chain(g, g.ps[0])
    assert [s.card for s in steps] == [2]


def test_level_iii_exchange_greedy_and_never_baseline():
    # rule DM-PREP-1 (3) / DM-EVO-6: a prepared Level III exchange replaces the Level III in the Evolution
    # phase (the old one goes to the Dark Area); rule BL-3: the baseline never exchanges
    a = fill([digi("Weak", bt="A", atk=(100, 100, 100)), digi("Strong", bt="A", atk=(400, 300, 200))])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1], deck=list(range(2, 20)))
    place(g, 1, l3=0, deck=list(range(1, 20)))
    both_turn(T, g, fa=0)
    assert g.ps[0].l3 == 1 and 0 in g.ps[0].dark
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[1], deck=list(range(2, 20)))
    place(g, 1, l3=0, deck=list(range(1, 20)))
    both_turn(T, g, fa=0)
    assert g.ps[0].l3 == 0 and 1 in g.ps[0].dark  # BL-2 discarded it


def test_greedy_partner_follows_the_deck():
    # greedy partner: the Level III most Level IV cards evolve from (BL-1 would take the highest A)
    a = fill([digi("Big", atk=(500, 1, 1)), digi("Small", atk=(300, 1, 1)),
              digi("SmallIV", level="IV", reqs=[{"from_name": "small", "cards": 1}]),
              digi("SmallIV2", level="IV", reqs=[{"from_name": "small", "cards": 1}])])
    T, _ = compile_tables([a, fill([digi("Beta")])], effects=False)
    from simcli.engine.reference_greedy import GreedyPlayer

    assert R.BaselinePlayer().partner(T, 0) == 0 and GreedyPlayer().partner(T, 0) == 1
    from simcli.engine.policy_baseline import partner_baseline_nb
    from simcli.engine.policy_greedy import partner_greedy_nb
    from simcli.engine.tables import kernel_tables

    KT = kernel_tables(T)
    assert partner_baseline_nb(KT, 0) == 0 and partner_greedy_nb(KT, 0) == 1


def test_preparation_order_discard_draw_prepare():
    # rule DM-PREP-1: (1) discard, (2) draw to 6, (4) evolution preparation — the chain can use a drawn card
    a = _evo_deck()
    b = fill([digi("Beta", bt="B", atk=(100, 100, 100))])
    T, g = scenario(a, b)
    place(g, 0, l3=0, hand=[5, 6, 7], deck=list(range(10, 20)) + [1])  # AlphaIV (1) is the top card
    place(g, 1, l3=0, deck=list(range(1, 11)))
    both_turn(T, g, fa=0)
    log = [ln.strip() for ln in g.log]
    i_disc = next(i for i, ln in enumerate(log) if ln.startswith("A discards"))
    i_draw = next(i for i, ln in enumerate(log) if ln.startswith("A draws"))
    i_prep = next(i for i, ln in enumerate(log) if ln.startswith("A prepares"))
    assert i_disc < i_draw < i_prep and g.ps[0].top == 1
