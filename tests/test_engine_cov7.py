"""Scenario tests of the round-7 effect word (issue 9), on both engines (greedy players, effects on).

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B,
attacks 250/240/150, lost 10/20/30/40); A is the first attacker, so B acts first in the battle windows (DM-BAT-1).
Here B's Level III Beta carries a Level IV Gamma (type B, attacks 400/300/200, lost 40 against any level) in the box:
which of the two loses the battle shows in B's points (10 or 40), which both engines must agree on.
"""

from __future__ import annotations

from simcli.engine import enums as E
from simcli.engine.reference import PERSIST
from test_engine_effects import duel
from test_engine_rules import digi, opt

SEND = ["opp_box_dark | filter: type~Unknown", "atk+250"]  # Berenjena's removal, with an addition greedy can score


def _gamma_on_top(species="Unknown", effects=(), tied=False):
    """B's card 1 (Gamma) is the box's top card over its Level III Beta; tied: B's card 2 is a face-up option used with
    Gamma until it leaves the box (limit ``digimon``)."""
    def setup(g):
        b = g.ps[1]
        b.slots[0] = -1
        b.top = 1
        if tied:
            b.slot_up[1], b.slot_end[1], b.slot_card[1] = PERSIST, E.LE_LEAVE, 1
    gamma = digi("Gamma", level="IV", bt="B", atk=(400, 300, 200), lost=(40, 40, 40, 40), species=species,
                 effects=list(effects))
    return gamma, setup


def test_opp_box_dark_sends_the_opponents_box_digimon_to_the_dark_area():
    # round 7, opp_box_dark: "Send the opponent's Digimon with 'Unknown' in its type to the Dark Area" (Berenjena Bo-645):
    # the top card goes to its Dark Area and the Level III under it battles on (the modifiers rebuilt from it), on both
    # engines.  Greedy uses the card for its addition (200 + 250 = 450 beats Gamma's 400); then B's Beta attacks with 250.
    gamma, setup = _gamma_on_top()
    g, f = duel(a_opts=[SEND], b_opts=[gamma], setup=setup)
    b = g.ps[1]
    assert f == [(450, 250)] and b.top == -1 and 1 in b.dark and b.l3 == 0 and 0 not in b.dark
    assert g.battles[-1] == E.BR_FIRST and b.points == 90  # Beta's lost points against Alpha's Level III
    # the filter does not hold (a Dragon): Gamma battles on (450 against 400) and dies in the death check as the loser
    gamma, setup = _gamma_on_top(species="Dragon")
    g, f = duel(a_opts=[SEND], b_opts=[gamma], setup=setup)
    assert f == [(450, 400)] and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 60
    # a Level III alone in the box is never sent to the Dark Area (DM-L3-1)
    g, f = duel(a_opts=[SEND])
    assert f == [(450, 250)] and g.ps[1].l3 == 0 and 0 not in g.ps[1].dark and g.card_uses[0, 1] == 1


def test_opp_box_dark_is_an_option_effect_on_the_opponent_and_ends_its_tied_options():
    # an opponent immune to option cards is not reached (the addition, an own modifier, still applies)
    gamma, setup = _gamma_on_top(effects=["immune_options | when: passive"])
    g, f = duel(a_opts=[SEND], b_opts=[gamma], setup=setup)
    assert f == [(450, 400)] and g.ps[1].points == 60
    # B's face-up option used with Gamma (limit digimon, +10) leaves with it: Beta battles with 250, not 260
    gamma, setup = _gamma_on_top(tied=True)
    g, f = duel(a_opts=[SEND], b_opts=[gamma, opt("Tied", effects=["atk+10 | limit: digimon"])], setup=setup)
    assert f == [(450, 250)] and 2 in g.ps[1].dark and g.ps[1].slots[1] == -1 and g.ps[1].points == 90
    gamma, setup = _gamma_on_top(tied=True, species="Dragon")  # not removed: the option stays and adds its 10
    g, f = duel(a_opts=[SEND], b_opts=[gamma, opt("Tied", effects=["atk+10 | limit: digimon"])], setup=setup)
    assert f == [(450, 410)] and g.ps[1].points == 60


def test_attack_high_takes_the_highest_printed_attack():
    # round 7, attack_high: "you can make your attack either A, B, or C, depending on which one has the highest attack power
    # written on your card (if any of them have the same attack power, you can choose between either of them)" (Golden
    # Banana Bo-349), on both engines.  Without it A attacks with B (Beta's battle type): 200 against 250, a loss.
    g, f = duel(a_opts=["attack_high"])
    assert f == [(300, 250)] and g.ps[1].points == 90  # A's printed 300 is the highest: attack A
    # B and C tied for the highest (300; B's 300 loses to Beta's 350): the pick by margin (C zeroes Beta's A attack,
    # C-TYPE-2: 300 against 0)
    g, f = duel(a_opts=["attack_high"], a_atk=(100, 300, 300), b_atk=(350, 240, 150))
    assert f == [(300, 0)]
    # the highest is the attack it already has: nothing to gain, the card stays face-down
    g, f = duel(a_opts=["attack_high"], a_atk=(100, 200, 50))
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1
