"""Scenario tests of the round-10a effect words (issue 9), on both engines (greedy players, effects on).

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B, attacks
250/240/150); A attacks with its B attack (200, C-TYPE-1), B with its A attack (250).  ``both_turn`` plays each turn on
the kernel and the reference from the same state and asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

from test_engine_effects import duel
from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.engine import enums as E
from simcli.engine.reference import PERSIST


def _face_up(*slots, end=0, card=0):
    """A setup for duel: A's options in these slots were used before and are face-up until discarded (C-OPT-2's
    exception: a card that "remains in its slot"), tied (end event) to the box card `card`."""
    def setup(g):
        a = g.ps[0]
        for k in slots:
            a.slot_up[k], a.slot_end[k], a.slot_card[k] = PERSIST, end, card
    return setup


def test_slot_up_reads_face_up_cards_only():
    # round 10a, slot_up:FILTER: "When you use this card at the same time as 'Steel Drill', if your Digimon's attack is
    # B, triple your attack power" (Golden Drill St-591): the named card must be in effect (used, face-up in a slot).
    # A's Drill (+10) never turns the battle alone, so greedy keeps it face-down.
    drill = opt("Drill", effects=["atk+10"])
    # slot: (round 9a) reads a face-down card too: the +100 turns the battle (300 against 250)
    g, f = duel(a_opts=[drill, opt("Gold", effects=["atk+100 if slot:name=Drill"])])
    assert f == [(300, 250)] and g.card_uses[0, 2] == 1 and g.card_uses[0, 1] == 0
    # slot_up: the face-down Drill does not count, the +100 does nothing and Gold stays unused (200 against 250)
    g, f = duel(a_opts=[drill, opt("Gold", effects=["atk+100 if slot_up:name=Drill"])])
    assert f == [(200, 250)] and g.card_uses[0, 2] == 0
    # a face-up Drill counts: its +10 applies again in this battle (faceup_options), Gold's +100 with it (310)
    g, f = duel(a_opts=[drill, opt("Gold", effects=["atk+100 if slot_up:name=Drill"])], setup=_face_up(0))
    assert f == [(310, 250)] and g.card_uses[0, 2] == 1
    # a face-up card tied to a Digimon that left the box (end event leave, not the top card) is no longer in effect
    g, f = duel(a_opts=[drill, opt("Gold", effects=["atk+100 if slot_up:name=Drill"])],
                setup=_face_up(0, end=E.LE_LEAVE, card=5))
    assert f == [(200, 250)] and g.card_uses[0, 2] == 0


def test_slot_up_after_the_named_card_was_used_in_the_battle():
    # A uses Drill (+60: 260 against 250), B answers +100 (350), then Gold's condition holds: +200 (460 against 350).
    # Gold's row is checked when it applies: in A's first window Drill was still face-down, so greedy took Drill.
    g, f = duel(a_opts=[opt("Drill", effects=["atk+60"]), opt("Gold", effects=["atk+200 if slot_up:name=Drill"])],
                b_opts=["atk+100"])
    assert f == [(460, 350)] and g.card_uses[0, 1] == 1 and g.card_uses[0, 2] == 1
    # with another name the condition never holds: A cannot answer B's +100 (260 against 350)
    g, f = duel(a_opts=[opt("Drill", effects=["atk+60"]), opt("Gold", effects=["atk+200 if slot_up:name=Hand"])],
                b_opts=["atk+100"])
    assert f == [(260, 350)] and g.card_uses[0, 2] == 0


def test_slot_up_count():
    # slot_up[2]:FILTER: "change the attack modifications of Mega Hand to '+300'" (Giga Hand St-595) is +250 for each
    # face-up Mega Hand: a row for one and a row for two of them.  A's two Megas (+10 each) are face-up from before
    # (220); Giga's +20 per Mega turns the battle only with both (260 against 250).
    giga = opt("Giga", effects=["atk+20 if slot_up:name=Mega", "atk+20 if slot_up[2]:name=Mega"])
    megas = [opt("Mega", effects=["atk+10"]), opt("Mega", effects=["atk+10"])]
    g, f = duel(a_opts=[*megas, giga], setup=_face_up(0, 1))
    assert f == [(260, 250)] and g.card_uses[0, 3] == 1
    # one Mega face-up: 210 + 20 = 230, not enough, Giga stays unused
    g, f = duel(a_opts=[*megas, giga], setup=_face_up(0))
    assert f == [(210, 250)] and g.card_uses[0, 3] == 0
    # three are never there (Giga holds the third slot): slot_up[3] does not hold with two
    g, f = duel(a_opts=[*megas, opt("Giga", effects=["atk+50 if slot_up[3]:name=Mega"])], setup=_face_up(0, 1))
    assert f == [(220, 250)] and g.card_uses[0, 3] == 0


def _dark_game(effects, dark):
    """A's Point Calculation option with `effects` in slot 0 and A's Dark Area `dark` (card indices): 2 AlphaIV (on an
    evolution chain from A's Alpha, BL-2), 3 Stray (Level IV, from a Digimon A does not have), 4 Rook (Level III), 5 an
    option.  Returns A after one turn."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), opt("Revive", effects=effects, timing="point"),
              digi("AlphaIV", level="IV", reqs=[{"from_name": "alpha", "cards": 1}]),
              digi("Stray", level="IV", reqs=[{"from_name": "gamma", "cards": 1}]),
              digi("Rook", level="III"), opt("Other")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(6, 30)), dark=list(dark))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.card_uses[0, 1] == 1  # used at Point Calculation (greedy uses a usable timed option)
    return g.ps[0]


def test_dark_to_hand_takes_the_card_tutor_would_prefer():
    # round 10a, dark_to_hand(N) | filter: "Choose one Digimon card from your Dark Area and add it to your hand"
    # (Revived from the Darkness!! Bo-162).  Decided: tutor's preference — the Digimon that would be on an evolution
    # chain from the top card (AlphaIV), not the first or the last to arrive
    a = _dark_game(["dark_to_hand(1) | filter: kind=Digimon"], dark=[3, 2, 4, 5])
    assert 2 in a.hand and all(c in a.dark for c in (3, 4, 5))
    # no matching card on a chain (a Level III never is): the last matching card to arrive, Rook (the option 5 is
    # not a Digimon card)
    a = _dark_game(["dark_to_hand(1) | filter: kind=Digimon"], dark=[3, 4, 5])
    assert 4 in a.hand and all(c in a.dark for c in (3, 5))


def test_dark_to_hand_one_card_per_row_and_none_without_a_match():
    # "Choose one Level III Digimon card and one Level IV Digimon card from your Dark Area and add them to your hand" (The
    # Digimon Evolution Tree CD-14): a row per level, each takes its card; the option card 5 stays
    a = _dark_game(["dark_to_hand(1) | filter: level=III", "dark_to_hand(1) | filter: level=IV"], dark=[4, 3, 5])
    assert 4 in a.hand and 3 in a.hand and 5 in a.dark and 5 not in a.hand
    # "If you don't have either …, you may still add the one … of the other level": no Level III there, the Level IV
    # row still takes its card
    a = _dark_game(["dark_to_hand(1) | filter: level=III", "dark_to_hand(1) | filter: level=IV"], dark=[3, 5])
    assert 3 in a.hand and 5 in a.dark
    # nothing matches: nothing moves
    a = _dark_game(["dark_to_hand(1) | filter: level=Perfect"], dark=[3, 4, 5])
    assert all(c in a.dark and c not in a.hand for c in (3, 4, 5))
