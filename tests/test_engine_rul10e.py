"""Scenario tests of round 10e (issue 9): open questions of docs/coverage.md that the seeds settle, on both engines.

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B, attacks
250/240/150); A attacks with its B attack (200, C-TYPE-1), B with its A attack (250).  ``both_turn`` plays each turn on
the kernel and the reference from the same state and asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.engine import enums as E


def _set_turn(a_opts, slots, hand, players=("greedy", "greedy"), seed=0):
    """A's options a_opts are cards 1.. of A's deck; A's slots and hand hold the given card indices (20: a filler
    option without rows), the rest is A's Net Ocean.  One turn, A attacking first (DM-PREP-1 (6): A sets its options)."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), *a_opts])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=players, seed=seed)
    used = set(hand) | {c for c in slots if c >= 0}
    place(g, 0, l3=0, hand=list(hand), slots=tuple(slots), deck=[k for k in range(1, 30) if k not in used])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


CHIP = opt("Chip", effects=["atk+100"], slot_pos=1)  # "This card can only be placed in slot 1" (Devil Chip Bo-151)
PLAIN = opt("Plain", effects=["atk+10"])


def test_a_card_naming_its_slot_goes_there():
    # seed 003 §3.4 옵션 카드의 세트 (C-OPT-1, DM-PREP-1 (6)): a card that names its slot "must always be placed in that
    # slot".  Slots 1 and 2 free: Chip goes to slot 1, Plain to the first other free slot — before round 10e the last
    # card in hand (Plain) took slot 1 and Chip slot 2.  Chip's +100 wins the battle (300 against 250).
    g = _set_turn([CHIP, PLAIN], slots=(-1, -1, 20), hand=[1, 2])
    assert g.ps[0].slots == [-1, 2, 20]  # Chip (no limit: to the Dark Area after the phase) was used from slot 1
    assert "  A sets Chip in slot 1" in g.log
    assert g.card_uses[0, 1] == 1 and g.battles == [E.BR_FIRST] and 1 in g.ps[0].dark
    # a slot-3 card beside a plain one: slot 3 and slot 1
    three = opt("Three", effects=["atk+10"], slot_pos=3)
    g = _set_turn([three, PLAIN], slots=(-1, -1, -1), hand=[1, 2])
    assert g.ps[0].slots == [2, -1, 1]


def test_a_card_naming_a_taken_slot_is_not_set():
    # slot 1 holds another card: Chip cannot be set anywhere (no other slot, seed 003 §3.4), greedy discards it (BL-2:
    # it keeps only the options it can set) and loses the battle (200 against 250); Plain takes slot 2
    g = _set_turn([CHIP, PLAIN], slots=(20, -1, -1), hand=[1, 2])
    assert g.ps[0].slots == [20, 2, -1] and 1 not in g.ps[0].hand and g.card_uses[0, 1] == 0
    assert g.battles == [E.BR_SECOND]
    # two cards naming slot 3: only the first one is set, the second stays out of the slots
    a3 = [opt("Three", effects=["atk+10"], slot_pos=3), opt("Three b", effects=["atk+20"], slot_pos=3)]
    g = _set_turn(a3, slots=(-1, -1, -1), hand=[1, 2])
    assert g.ps[0].slots == [-1, -1, 1] and 2 not in g.ps[0].slots


def test_random_player_respects_named_slots():
    # the random player chooses among legal settings only: over a few games Chip is never set outside slot 1, never
    # while slot 1 is taken, and both engines agree game by game (both_turn)
    seen = set()
    for seed in range(12):
        g = _set_turn([CHIP, PLAIN], slots=(-1, -1, -1), hand=[1, 2], players=("random", "greedy"), seed=seed)
        assert 1 not in g.ps[0].slots[1:] and not any(ln.startswith("  A sets Chip in slot ") and not ln.endswith("1")
                                                      for ln in g.log)
        seen.add(g.ps[0].slots[0] == 1 or g.card_uses[0, 1] == 1)
        g = _set_turn([CHIP, PLAIN], slots=(20, -1, -1), hand=[1, 2], players=("random", "greedy"), seed=seed)
        assert 1 not in g.ps[0].slots and g.card_uses[0, 1] == 0
    assert seen == {True, False}  # it sometimes sets Chip and sometimes not: the games do reach the choice
