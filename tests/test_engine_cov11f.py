"""Scenario tests of round 11f (issue 9: the near misses of the labels condition, hand, hand-disruption …), on both
engines.

A's Alpha (type A, attacks 300/200/100) against B's Beta (type B, attacks 250/240/150); A attacks with its B attack
(200, C-TYPE-1), B with its A attack (250).  ``both_turn`` / ``duel`` play each turn on the kernel and the reference from
the same state and assert that they agree (zones, points, battle result).
"""

from __future__ import annotations

import re

from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.cards.db import load_db
from simcli.engine import enums as E

# ---- hand_limit(N) -----------------------------------------------------------------------------------------------------
# "For the next turn only, the upper limit of your hand becomes 8" on a Point Calculation card that "cannot be used when
# your Digimon is Level III" and goes to the Dark Area "at the end of the turn after the turn during which this card was
# used" (Jumper Board Bo-452): its row as the translator writes it
BOARD = opt("Board", effects=["hand_limit(8) if level!=III | limit: turns(2)"], timing="point", option_type="Item")


def _draws(level):
    """Three turns, A's Board face-down in slot 1 (A's deck: the fillers 2..29); A's draw counts, one per Preparation."""
    a = fill([digi("Alpha", level=level, bt="A", atk=(300, 200, 100)), BOARD])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    for t in range(3):
        both_turn(T, g, fa=0 if t == 0 else g.fa, turn=2 + t)
    return g, [len(ln.split(" (deck ")[0].split(", ")) for ln in g.log if ln.startswith("  A draws ")]


def test_hand_limit_draws_to_the_raised_limit_in_the_next_preparation():
    # C-HAND-1 / DM-PREP-1 (2): Preparation draws the hand to 6 (seed 003 §3.2.2: "to 6, the maximum"); while a face-up
    # option raises the upper limit to 8, it draws to 8.  Turn 1: Alpha (Level IV) loses the battle (200 against 250),
    # greedy uses every point card whose conditions hold, the Board turns face-up.  Turn 2: greedy discards its six
    # fillers (BL-2) and draws 8.  The Board goes to the Dark Area at the end of turn 2 (turns(2)): turn 3 draws to 6.
    g, draws = _draws("IV")
    assert draws == [6, 8, 6]
    assert "  A uses Board" in g.log and g.card_uses[0, 1] == 1
    assert 1 in g.ps[0].dark and g.ps[0].slots == [-1, -1, -1]


def test_hand_limit_card_not_used_at_level_three():
    # "This card cannot be used when your Digimon is Level III": a Level III Alpha never uses it, every draw is to 6 and
    # the card stays face-down in slot 1
    g, draws = _draws("III")
    assert draws == [6, 6, 6]
    assert g.card_uses[0, 1] == 0 and g.ps[0].slots[0] == 1


# ---- armor: "This card can only be used when your Digimon has 'Armor Evolution' in its fusion requirements, and the
# opponent is a Level III or Level IV Digimon" (The Hidden Power of Digimentals!! Vj-6), its one effect a win row ---------
VJ6 = ["commit if armor & opp_level<=IV | limit: turn", "lost+20 if armor & opp_level<=IV | when: win | limit: turn"]


def _vj6(armor, b_level="III"):
    """One turn: A's Alpha (Level IV, attacks 300/300/100; an Armor form or not) with the card face-down in slot 1
    against Beta of b_level; A attacks with its B attack (300, Beta is type B), B with its A attack (250)."""
    a = fill([digi("Alpha", level="IV", bt="A", atk=(300, 300, 100), lost=(20, 30, 40, 50), armor_evolution=armor),
              opt("Vj", effects=VJ6)])
    b = fill([digi("Beta", level=b_level, bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_armor_condition_is_the_own_digimon_an_armor_form():
    # The own twin of opp_armor (round 9b): the box Digimon's database armor_evolution.  The Armor form wins (300
    # against 250); greedy commits the card in its window (round 10e, rule 4: the battle as it stands is a win): B
    # loses its column for a Level IV winner (20, C-LOST-1) and 20 more
    g = _vj6(True)
    assert g.battles == [E.BR_FIRST] and g.card_uses[0, 1] == 1 and g.ps[1].points == 60
    # the same Digimon without 'Armor Evolution' in its fusion requirements: never used, B loses its 20 only
    g = _vj6(False)
    assert g.battles == [E.BR_FIRST] and g.card_uses[0, 1] == 0 and g.ps[1].points == 80
    # an Armor form against a Perfect (not "a Level III or Level IV Digimon"): not used either
    g = _vj6(True, b_level="Perfect")
    assert g.card_uses[0, 1] == 0 and g.ps[0].slots[0] == 1


def test_win_rows_on_lost_points_act_before_the_points():
    # A win row that changes the opponent's lost points ("When you win the battle …, you may triple / add 20 to the
    # opponent's lost points": lost*K, lost+N) acts before the points are lost (seed 003 §3.2.5: Point Calculation
    # decides the winner first; C-LOST-1).  Before round 11f both engines applied it with the other result rows, after
    # the points: it changed nothing.  Doubled: B loses 2 x 20; lost*2 and lost+20 together: 2 x 20 + 20
    for rows, b_points in ((["commit | limit: turn", "lost*2 | when: win | limit: turn"], 60),
                           (["commit | limit: turn", "lost*2 | when: win | limit: turn", "lost+20 | when: win | limit: turn"], 40)):
        a = fill([digi("Alpha", level="IV", bt="A", atk=(300, 300, 100)), opt("Win", effects=rows)])
        b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
        T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
        place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
        place(g, 1, l3=0, deck=list(range(1, 30)))
        both_turn(T, g, fa=0)
        assert g.battles == [E.BR_FIRST] and g.card_uses[0, 1] == 1 and g.ps[1].points == b_points
        assert f"  B loses {100 - b_points} points → {b_points}" in g.log


# ---- the translations (the shipped database, tests/test_card_db.py keeps it equal to the importer's output) ----------
def test_round_11f_translations():
    db = load_db()
    # Jumper Board: the row above; its Level III restriction on the row (greedy and random use a point card only when
    # a row's conditions hold, so the face-up row is read without them: tested at use)
    assert db["Bo-452"]["modeled"] and db["Bo-452"]["effects"] == ["hand_limit(8) if level!=III | limit: turns(2)"]
    assert db["Bo-452"]["timing"] == "point"
    # The Hidden Power of Digimentals!!: the restriction on both rows (the win row is committed in the battle)
    assert db["Vj-6"]["modeled"] and db["Vj-6"]["effects"] == VJ6
    # Takaishi Takeru CD-6: "You may look at the cards in the opponent's hand" has no row (the players do not use what
    # they would see, as round 10d's CD-4); its evolve_ignore step is round 10d's named shape
    assert db["CD-6"]["modeled"] and db["CD-6"]["effects"] == [
        "evolve_ignore if name=Patamon | limit: turn | filter: name=Angemon"]
    assert E.N_OPS > E.OP_HAND_LIMIT and E.N_CONDS > E.C_ARMOR
    # no other card of the database uses the new words (the patterns are narrow; Jumper ROM Bo-451, Jumper Board's twin,
    # since the lead's round 13)
    def new_words(e):
        head = e.split(" | ")[0]
        return head.startswith("hand_limit") or "armor" in head.partition(" if ")[2].split(" & ")
    assert [c.number for c in db.cards if any(new_words(e) for e in c["effects"] or [])] == ["Bo-451", "Bo-452", "Vj-6"]
