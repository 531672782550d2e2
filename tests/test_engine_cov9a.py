"""Scenario tests of the round-9a effect words (issue 9), on both engines (greedy players, effects on).

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B, attacks
250/240/150); A attacks with its B attack (200, C-TYPE-1), B with its A attack (250).  ``both_turn`` plays each turn on
the kernel and the reference from the same state and asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

from test_engine_effects import duel
from test_engine_rules import digi


def _b_hand(*top):
    """A setup for duel: B's slots emptied and B's cards ``top`` put on top of its deck (B draws them in Preparation
    and holds them in the battle; the rest of its hand are filler Program options)."""
    def setup(g):
        b = g.ps[1]
        b.slots = [-1, -1, -1]
        b.deck = [c for c in b.deck if c not in top] + list(top)
    return setup


_B_DIGIMON = [digi("Vir1", atk=(10, 10, 10), attribute="Virus"), digi("Vir2", atk=(10, 10, 10), attribute="Virus"),
              digi("Dat", atk=(10, 10, 10), attribute="Data")]


def test_opp_hand_count_needs_that_many_matching_cards():
    # round 9a, opp_hand[N]:FILTER: "Check the contents of your opponent's hand, and if their hand contains 2 or more
    # Option cards, add 500 to your attack power" (Fenrir Sword St-921).  A's option +100 turns the battle (300 against
    # 250) only when the count holds; greedy keeps it face-down otherwise (200 against 250).
    def fight(cond, *top):
        g, f = duel(a_opts=[f"atk+100 if {cond}"], b_opts=_B_DIGIMON, setup=_b_hand(*top))
        assert all(c in g.ps[1].hand for c in top)  # checked, not taken
        return f

    assert fight("opp_hand:attr=Virus", 1) == [(300, 250)]  # one card: the filter condition of round 4
    assert fight("opp_hand[2]:attr=Virus", 1) == [(200, 250)]  # one Virus card is not two
    assert fight("opp_hand[2]:attr=Virus", 1, 3) == [(200, 250)]  # a Data card does not count
    assert fight("opp_hand[2]:kind=Digimon", 1, 3) == [(300, 250)]  # two Digimon cards
    assert fight("opp_hand[2]:attr=Virus", 1, 2) == [(300, 250)]
    assert fight("opp_hand[3]:attr=Virus", 1, 2) == [(200, 250)]
    assert fight("opp_hand[3]:kind=Digimon", 1, 2, 3) == [(300, 250)]
    # B's other hand cards are the filler options: 6 cards, 3 of them Digimon, so 3 options and not 4
    assert fight("opp_hand[3]:kind=Option", 1, 2, 3) == [(300, 250)]
    assert fight("opp_hand[4]:kind=Option", 1, 2, 3) == [(200, 250)]
    # a negated filter counts the cards that do not match: the 3 options and Dat are not Virus
    assert fight("opp_hand[4]:attr!=Virus", 1, 2, 3) == [(300, 250)]
    assert fight("opp_hand[5]:attr!=Virus", 1, 2, 3) == [(200, 250)]


def test_printed_attack_against_the_opponents_final_attack():
    # round 9a, base<opp_power: "when your attack power without modification by effects or abilities (in other words,
    # the attack power stated on the card itself) is lower than the opponent's attack power after taking into account
    # effects and abilities, add 200 to your attack power" (My Guard Is Like an Iron Wall! St-221).  A attacks with its
    # printed B attack, 200.
    assert duel(a_opts=["atk+100 if base<opp_power"])[1] == [(300, 250)]  # 200 < 250: used, A wins
    # B's printed 190 is below 200, its final 210 (a passive +20) is above: the final attack power counts
    assert duel(a_opts=["atk+100 if base<opp_power"], b_atk=(190, 180, 170), b_fx=["atk+20 | when: passive"])[1] == [
        (300, 210)]
    # A's own modification does not count: B's passive -100 on A leaves A's printed 200, not below B's 200, so the +100
    # (which would make it a draw, 200 against 200) does not apply
    g, f = duel(a_opts=["atk+100 if base<opp_power"], b_atk=(200, 180, 170), b_fx=["opp_atk-100 | when: passive"])
    assert f == [(100, 200)] and g.card_uses[0, 1] == 0
    # without the condition the same option would make it that draw (the condition, not the option, kept it unused)
    assert duel(a_opts=["atk+100"], b_atk=(200, 180, 170), b_fx=["opp_atk-100 | when: passive"])[1] == [(200, 200)]


# A's option that turns a lost battle into a draw (+50: 250 against 250), with a lose row; B answers with its +100 in its
# next window (350 against 250), so A loses after using it (DM-BAT-1: the windows go on while a player acts)
MIRROR = ["atk+50", "damage_lost | when: lose"]


def test_damage_lost_mirrors_the_points_lost_to_the_battle():
    # round 9a, damage_lost: "When your Digimon loses the battle, the opponent loses the same amount of points as you do"
    # (I'll Pull You Down to the Bottom of the Ocean!! St-110).  A loses its Level III column against B's Level III (20,
    # DM-PTS-1 / C-LOST-1), then its lose row takes 20 from B at Point Calculation (engine 5's result rows).
    g, f = duel(a_opts=[MIRROR], b_opts=["atk+100"])
    assert f == [(250, 350)] and g.ps[0].points == 80 and g.ps[1].points == 80
    assert g.card_uses[0, 1] == 1 and g.card_uses[1, 1] == 1
    # the lost points as they were lost: the winner's lost*2 doubles them, and the mirror with them
    g, f = duel(a_opts=[MIRROR], b_opts=["atk+100"], b_fx=["lost*2 | when: passive"])
    assert f == [(250, 350)] and g.ps[0].points == 60 and g.ps[1].points == 60
    # without the lose row B keeps its points (the row, not the battle, took them)
    g, f = duel(a_opts=[["atk+50"]], b_opts=["atk+100"])
    assert f == [(250, 350)] and g.ps[0].points == 80 and g.ps[1].points == 100


def test_damage_lost_is_blocked_and_can_be_nothing():
    # an effect on the opponent: B immune to option cards keeps its points (A's own +50 still applies); and a loss of no
    # points (A's no_loss for the turn) mirrors none
    g, f = duel(a_opts=[MIRROR], b_opts=["atk+100"], b_fx=["immune_options | when: passive"])
    assert f == [(250, 350)] and g.ps[0].points == 80 and g.ps[1].points == 100
    g, f = duel(a_opts=[MIRROR + ["no_loss"]], b_opts=["atk+100"])
    assert f == [(250, 350)] and g.ps[0].points == 100 and g.ps[1].points == 100
    # a drawn battle (B does not answer): both lose 10 (C-LOST-2) and the lose row does not apply
    g, f = duel(a_opts=[MIRROR])
    assert f == [(250, 250)] and g.card_uses[0, 1] == 1 and g.ps[0].points == 90 and g.ps[1].points == 90


def test_only_field_leaves_one_field_icon():
    # round 9a, only_field: "Your Digimon gains the Metal Empire field icon. After that, add 150 to your attack power.
    # Your Digimon loses all of its field icons other than Metal Empire, and cannot gain any new field icons" (Cyber Parts
    # St-811).  Alpha belongs to Virus Busters; rows after the loss (in row order) see Metal Empire alone.
    vb = {"a_kw": {"fields": ["VB"]}}
    assert duel(a_opts=[["gain_field(ME)", "atk+100 if field=VB"]], **vb)[1] == [(300, 250)]  # gained, VB kept
    assert duel(a_opts=[["gain_field(ME)", "only_field(ME)", "atk+100 if field=VB"]], **vb)[1] == [(200, 250)]
    assert duel(a_opts=[["gain_field(ME)", "only_field(ME)", "atk+100 if field=ME"]], **vb)[1] == [(300, 250)]
    # no new field icon after it
    assert duel(a_opts=[["gain_field(ME)", "gain_field(NSp)", "atk+100 if field=NSp"]], **vb)[1] == [(300, 250)]
    assert duel(a_opts=[["gain_field(ME)", "only_field(ME)", "gain_field(NSp)", "atk+100 if field=NSp"]],
                **vb)[1] == [(200, 250)]


def test_only_field_is_what_the_opponent_sees():
    # B acts first in the windows and passes (it wins); A's option (+60: 260 against 250) drops Alpha's Virus Busters
    # icon, so B's answer "+100 when facing a Virus Busters Digimon" no longer applies and A wins; without the loss B's
    # +100 turns the battle back (350)
    vb = {"a_kw": {"fields": ["VB"]}}
    g, f = duel(a_opts=[["gain_field(ME)", "only_field(ME)", "atk+60"]], b_opts=["atk+100 if opp_field=VB"], **vb)
    assert f == [(260, 250)] and g.ps[1].points == 90 and g.card_uses[1, 1] == 0
    g, f = duel(a_opts=[["gain_field(ME)", "atk+60"]], b_opts=["atk+100 if opp_field=VB"], **vb)
    assert f == [(260, 350)] and g.ps[0].points == 80


# two options B never uses (its Level III is never Ultimate): they stay face-down in B's slots 1 and 2
_B_DOWN = ["atk+100 if level=Ultimate", "atk+100 if level=Ultimate"]


def _down_taken(g):
    """B's face-down cards 1, 2 that went to its Dark Area (the others are still in its slots)."""
    b = g.ps[1]
    assert sorted([c for c in (1, 2) if c in b.dark] + [c for c in b.slots if c >= 0]) == [1, 2]
    return [c for c in (1, 2) if c in b.dark]


def test_opp_down_one_takes_one_face_down_card():
    # round 9a, opp_down_one: "Send one of the face-down cards in the opponent's slots to the Dark Area, without looking at
    # its contents" (Bo-158, Re-27t): one of B's two face-down cards, a blind (random) pick, the same card on both engines
    # (both_turn compares the zones).  A's option also adds 100, so greedy uses it (300 against 250).
    g, f = duel(a_opts=[["opp_down_one", "atk+100"]], b_opts=_B_DOWN)
    assert f == [(300, 250)] and len(_down_taken(g)) == 1
    # an effect on the opponent: B immune to option cards keeps both
    g, f = duel(a_opts=[["opp_down_one", "atk+100"]], b_opts=_B_DOWN, b_fx=["immune_options | when: passive"])
    assert f == [(300, 250)] and _down_taken(g) == []


def test_opp_down_one_on_a_lost_battle():
    # "When you lose the battle, (you may) choose one face-down card in your opponent's slots and send it to the Dark Area"
    # (Mantaraymon Bo-464 …, St-145): A's Alpha loses (200 against 250) and takes one; without the row none goes
    g, f = duel(a_fx=["opp_down_one | when: lose"], b_opts=_B_DOWN)
    assert f == [(200, 250)] and g.ps[0].points == 80 and len(_down_taken(g)) == 1
    g, f = duel(a_fx=["opp_down_one | when: win"], b_opts=_B_DOWN)
    assert f == [(200, 250)] and _down_taken(g) == []


def test_a_digimons_automatic_removal_of_a_named_field():
    # round 9a (translator, existing words): "During battle, invalidate one of the opponent's 'Dark City' cards and send it
    # to the Dark Area" (Bo-512 …) is a passive opp_clear(1) with a name filter: applied once at the start of the battle,
    # before the face-up options (docs/engine.md), so B's face-up Field (+100, used in an earlier Evolution phase) never
    # adds in this battle; a Field of another name stays (B wins 350 against 200)
    from simcli.engine.reference import PERSIST
    from test_engine_rules import opt

    def up(g):
        g.ps[1].slot_up[0] = PERSIST  # B's Field used before, face-up until discarded

    def field(name):
        return opt(name, effects=["atk+100 | limit: discarded"], timing="evolution", option_type="Field")

    rm = ["opp_clear(1) | when: passive | filter: name=Dark City"]
    g, f = duel(a_fx=rm, b_opts=[field("Dark City")], setup=up)
    assert f == [(200, 250)] and g.ps[1].slots[0] == -1 and 1 in g.ps[1].dark
    g, f = duel(a_fx=rm, b_opts=[field("Sky City")], setup=up)
    assert f == [(200, 350)] and g.ps[1].slots[0] == 1


def test_no_option_dark_keeps_the_box_digimon_against_options_only():
    # round 9a, no_option_dark: "Cannot be sent to the Dark Area due to the effects of the opponent's Option cards" (Bx-80,
    # Bx-92, Bx-96; printed, no ◎).  The round-7 duel (tests/test_engine_cov7.py): B's Gamma (Level IV, 400) on its Level
    # III Beta; A's Berenjena-like option sends it to the Dark Area and adds 250 (450).
    from test_engine_cov7 import SEND, _gamma_on_top

    gamma, setup = _gamma_on_top()
    g, f = duel(a_opts=[SEND], b_opts=[gamma], setup=setup)
    assert f == [(450, 250)] and 1 in g.ps[1].dark and g.ps[1].points == 90  # sent: Beta battles and loses 10
    gamma, setup = _gamma_on_top(effects=["no_option_dark | when: passive"])
    g, f = duel(a_opts=[SEND], b_opts=[gamma], setup=setup)
    assert f == [(450, 400)] and g.ps[1].points == 60  # stays: Gamma battles (and dies as the loser, losing 40)
    # printed text: its abilities void (A's passive void_abilities) do not lift it
    g, f = duel(a_opts=[SEND], b_opts=[gamma], setup=setup, a_fx=["void_abilities | when: passive"])
    assert f == [(450, 400)] and g.ps[1].points == 60
    # a Digimon's ability is not an option card: A's removal at the start of the battle still sends Gamma away (Beta
    # then battles, 250 against Alpha's 200)
    g, f = duel(a_fx=["opp_box_dark | when: start | filter: type~Unknown"], b_opts=[gamma], setup=setup)
    assert f == [(200, 250)] and 1 in g.ps[1].dark and g.ps[1].top == -1
