"""Scenario tests of round 10e (issue 9): open questions of docs/coverage.md that the seeds settle, on both engines.

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


# ---- row 6: a face-up option that stays in its slot acts again in later turns ----------------------------------------
def _face_up(*slots, end=0, card=0):
    """A setup for duel: A's options in these slots were used in an earlier turn and stay face-up (no turn limit),
    tied (end event) to the box card `card`."""
    def setup(g):
        a = g.ps[0]
        for k in slots:
            a.slot_up[k], a.slot_end[k], a.slot_card[k] = PERSIST, end, card
    return setup


# "Add 300 …, and if you win the battle, send the top 16 cards of the opponent's Net Ocean …; this card remains in its
# slot …" (Pile Bunker St-922), scaled: +100 and 10 points
BUNKER = opt("Bunker", effects=["atk+100 | limit: discarded", "damage(10) | when: win | limit: discarded"])
# "After point calculation, regardless of whether you won or lost, reduce your points by 10 … remains in its slot until
# … it loses a battle" (Grapple Chip Bo-544)
CHIP10 = opt("Grapple", effects=["atk+100 | limit: lost", "self_damage(10) | when: win | limit: lost",
                                 "self_damage(10) | when: lose | limit: lost", "self_damage(10) | when: draw | limit: lost"])


def test_result_rows_of_a_card_face_up_since_an_earlier_turn():
    # seed 003 §3.4 발동 타이밍: "activating the effect" includes exercising the effect of an option face-up since an
    # earlier turn.  Bunker was used before: its +100 applies at the start of the battle (300 against 250) and, new in
    # round 10e, its win row at Point Calculation: B loses 10 (C-LOST-1) and 10 more (before: 90)
    g, f = duel(a_opts=[BUNKER], setup=_face_up(0))
    assert f == [(300, 250)] and g.ps[1].points == 80 and g.card_uses[0, 1] == 0 and g.ps[0].slots[0] == 1
    # tied to a Digimon that left the box (end event leave): no longer in effect, neither row applies (200 against 250)
    g, f = duel(a_opts=[BUNKER], setup=_face_up(0, end=E.LE_LEAVE, card=5))
    assert f == [(200, 250)] and g.ps[1].points == 100 and g.ps[0].points == 80


def test_result_rows_of_a_staying_card_once_per_battle():
    # used in this turn's battle: its win row applies once (engine 5's list of this turn's options, not a second time as
    # a face-up card); in the next turn it acts again without a new use
    g, f = duel(a_opts=[BUNKER])
    assert f == [(300, 250)] and g.ps[1].points == 80 and g.card_uses[0, 1] == 1
    g, f = duel(a_opts=[BUNKER], turns=2)
    assert f == [(300, 250), (300, 250)] and g.ps[1].points == 60 and g.card_uses[0, 1] == 1 and g.ps[0].slots[0] == 1


def test_grapple_chip_shape_acts_every_battle_until_it_is_lost():
    # the win row: A wins (300 against 250) and pays its 10 points (Grapple Chip's "regardless of whether you won or
    # lost"); the card stays
    g, f = duel(a_opts=[CHIP10], setup=_face_up(0, end=E.LE_LOSE))
    assert f == [(300, 250)] and g.ps[0].points == 90 and g.ps[1].points == 90 and g.ps[0].slots[0] == 1
    # B answers with +100 (350): A loses 20 (C-LOST-1) and its lose row 10 more; limit lost: the card then leaves for
    # the Dark Area in the death check (DM-PTS-1)
    g, f = duel(a_opts=[CHIP10], b_opts=["atk+100"], setup=_face_up(0, end=E.LE_LOSE))
    assert f == [(300, 350)] and g.ps[0].points == 70 and g.ps[0].slots[0] == -1 and 1 in g.ps[0].dark


# ---- row 7: a Battle Phase option whose only rows act on the result -----------------------------------------------
# "When you win the battle on the turn that you played this card, further reduce the opponent's points by 20" with the
# cost "send the top 3 cards of your Net Ocean to the Dark Area" (The Battle I Staked My Pride On! Bo-593)
PRIDE = ["commit | cost: mill(3) | limit: turn", "damage(20) | when: win | cost: mill(3) | limit: turn"]
PLUS = opt("Plus", effects=["atk+100"])


def test_result_only_option_is_committed_before_the_result():
    # seed 003 §3.2.5: the Point Calculation Phase decides the winner; Battle Phase options are used before.  Greedy
    # commits the card in its window when the battle as it stands (the attacks on the table) would give its row a
    # result to act on: A's Plus makes it 300 against 250, then Pride is used (3 cards milled); at Point Calculation B
    # loses 10 (C-LOST-1) and 20 more
    g, f = duel(a_opts=[opt("Pride", effects=PRIDE), PLUS])
    assert f == [(300, 250)] and g.ps[1].points == 70 and g.card_uses[0, 1] == 1 and len(g.ps[0].deck) == 18
    # losing as it stands (200 against 250) and nothing to improve it: Pride is kept (no mill), and never used at the
    # result step either
    g, f = duel(a_opts=[opt("Pride", effects=PRIDE)])
    assert f == [(200, 250)] and g.card_uses[0, 1] == 0 and len(g.ps[0].deck) == 22 and g.ps[1].points == 100


def test_committed_option_without_the_result():
    # the player commits without knowing the result: B answers A's Plus with +100 (350 against 300) after A used Pride;
    # A loses, the cost stays paid, the win row does nothing
    g, f = duel(a_opts=[opt("Pride", effects=PRIDE), PLUS], b_opts=["atk+100"])
    assert f == [(300, 350)] and g.card_uses[0, 1] == 1 and len(g.ps[0].deck) == 18
    assert g.ps[1].points == 100 and g.ps[0].points == 80


def test_lose_row_committed_while_losing():
    # "When your Digimon loses the battle, the opponent loses the same amount of points as you do", usable only at a
    # level (I'll Pull You Down … St-110: Perfect): A loses as it stands, commits it, loses 20 and B the same 20
    pull = ["commit if level=III | limit: battle", "damage_lost if level=III | when: lose | limit: battle"]
    g, f = duel(a_opts=[opt("Pull", effects=pull)])
    assert f == [(200, 250)] and g.card_uses[0, 1] == 1 and g.ps[0].points == 80 and g.ps[1].points == 80
    # its usage restriction fails (Level IV): not used, B keeps its points
    pull4 = [r.replace("level=III", "level=IV") for r in pull]
    g, f = duel(a_opts=[opt("Pull", effects=pull4)])
    assert f == [(200, 250)] and g.card_uses[0, 1] == 0 and g.ps[1].points == 100


def test_random_player_uses_it_in_the_battle_window_only():
    # the random player may use it in a window (a uniform choice among the legal actions) but never at the result
    # step (before round 10e the engines would have used a card with only result rows there, knowing the result): A
    # wins as it stands (300 against 250); whenever the card is used, it is before the battle's result line
    a = fill([digi("Alpha", bt="A", atk=(300, 300, 100)), opt("Pride", effects=PRIDE)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    used = set()
    for seed in range(10):
        T, g = scenario(a, b, effects=True, players=("random", "greedy"), seed=seed)
        place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
        place(g, 1, l3=0, deck=list(range(1, 30)))
        both_turn(T, g, fa=0)
        lines = [ln.strip() for ln in g.log]
        battle = next(i for i, ln in enumerate(lines) if ln.startswith("battle:"))
        uses = [i for i, ln in enumerate(lines) if ln == "A uses Pride"]
        assert all(i < battle for i in uses)
        assert g.ps[1].points == (70 if uses else 90)
        used.add(bool(uses))
    assert used == {True, False}
