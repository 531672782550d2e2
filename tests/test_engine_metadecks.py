"""Scenario tests for the headline cards of the two meta decks of seed 003 §4 (PE2 environment) that
decks/dmcg/ ships since issue 9's meta comparison: the Qinglongmon / Parasimon "core lock"
(qinglongmon-parasimon-corelock.deck) and Ornismon (ornismon-bo98t.deck).  Each runs on both engines from
the same state (``both_turn`` compares every zone) with the real cards' database rows (custom(NUMBER)).

* Qinglongmon Bo-342: appears at the start of the battle for a Digimon + a "Winning Percentage: 80%!" from
  hand; the opponent loses its special abilities; on appearance every card of the opponent's slots goes to
  its Dark Area.
* Parasimon Bo-681: appears in battle; the box Digimon (not the Level III) moves into the support box
  (``move_host``) and Parasimon adds its printed A + B + C (``host_abc``); 20 points after appearance.
* Ornismon Bo-98t: the opponent cannot place support Digimon (``opp_no_support``).
"""

from __future__ import annotations

from simcli.cards.db import load_db
from test_engine_fidelity import _fights
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt


def test_database_rows_of_the_headline_cards():
    db = load_db()
    assert db["Bo-342"]["modeled"] and db["Bo-342"]["effects"] == ["void_abilities | when: passive",
                                                                   "opp_slots_clear | when: appear"]
    assert db["Bo-342"]["appearance"] == [
        "appear | when: start | cost: discard_digimon(1), discard_if(1) | filter: name=Winning Percentage: 80%!"]
    assert db["Bo-681"]["modeled"] and db["Bo-681"]["appearance"] == ["appear | cost: move_host, points(20)"]
    assert db["Bo-681"]["effects"] == ["host_abc | when: passive | special: no"]
    assert db["Bo-98t"]["modeled"] and db["Bo-98t"]["effects"] == ["opp_no_support | when: passive | special: no"]


# ---- Parasimon Bo-681: move_host and host_abc ----------------------------------------------------------------
def _parasimon(top=1, players=("greedy", "greedy"), a_points=100):
    """A: Alpha (Level III) under Host (Level IV, type A, 500/400/300), Parasimon in hand; B: Beta (Ultimate,
    type B, 900/800/700).  Host attacks with B (400) and Beta with A (900): B wins without an appearance."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
              digi("Host", level="IV", bt="A", atk=(500, 400, 300)), custom("Bo-681")])
    b = fill([digi("Beta", level="Ultimate", bt="B", atk=(900, 800, 700), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=top, hand=[2], deck=list(range(3, 30)), points=a_points)
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_parasimon_moves_the_box_digimon_to_the_support_box_and_adds_its_attacks():
    # "During appearance, move the Digimon in your Digimon box (excluding Level III) to your support box" and
    # "Take the sum of the basic A, B, and C attack powers of the Digimon that was moved …": Parasimon attacks
    # with Beta's type B, 340 + (500 + 400 + 300) = 1,540 against Beta's B 800 (Parasimon is type B)
    g = _parasimon()
    a, b = g.ps
    assert a.top == 2 and a.supbox == 1 and a.l3 == 0 and 1 not in a.dark
    assert _fights(g)[-1] == (1540, 800)
    # "(O)After appearance, reduce your points by 20"; B loses its table at Parasimon's level (Ultimate: 40)
    assert a.points == 80 and b.points == 60


def test_parasimon_needs_its_points_and_moves_no_level_iii():
    # at 20 points the 20 cannot be paid (the player would reach 0): no appearance, Host fights and loses
    g = _parasimon(a_points=20)
    assert 2 in g.ps[0].hand and 1 in g.ps[0].dark and _fights(g)[-1] == (400, 900)
    # only the Level III in the box: nothing moves (the baseline makes the first legal card appear, BL-8),
    # Parasimon adds nothing: 340 against 800
    g = _parasimon(top=-1, players=("baseline", "baseline"))
    a = g.ps[0]
    assert a.l3 == 0 and a.supbox == -1 and _fights(g)[-1] == (340, 800)


# ---- Ornismon Bo-98t: opp_no_support -------------------------------------------------------------------------
def _support_vs(top_card):
    """A: Alpha under `top_card` (type B, 650/570/500); B: Beta (Level III, type B, 250/240/150) draws a support
    Digimon that adds 500 (on top of its deck: drawn in Preparation, after the discards): Beta attacks with B, 240
    (740 with the support) against 570."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), top_card])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40)),
              digi("Helper", level="IV", effects=["atk+500 | when: support"])])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(2, 30)) + [1])
    both_turn(T, g, fa=0)
    return g


def test_ornismon_keeps_the_opponents_support_digimon_out():
    # without the ability the greedy player puts Helper into its Support Box and wins 740 to 570 (DM-BAT-2)
    g = _support_vs(digi("Plain", level="Ultimate", bt="B", atk=(650, 570, 500)))
    assert g.card_uses[1, 1] == 1 and _fights(g)[-1] == (570, 740)
    # "The opponent's Digimon (excluding Hybrid levels) cannot place any support Digimon in their support boxes"
    g = _support_vs(custom("Bo-98t"))
    assert g.card_uses[1, 1] == 0 and 1 in g.ps[1].hand and _fights(g)[-1] == (570, 240)


# ---- Qinglongmon Bo-342: a start-of-battle appearance with two costs, void, slots cleared on appearance ---------
def _qinglongmon(wp80=True):
    """A: Alpha (Level III) with Qinglongmon (and a "Winning Percentage: 80%!") in hand, a Level IV Fodder on top of
    its deck (drawn in Preparation, after the discards); B: Beta (Level III, type B) whose passive +500 wins against
    Alpha, two options face-down in its slots."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), custom("Bo-342"),
              digi("Fodder", level="IV", atk=(10, 10, 10)), custom("St-315") if wp80 else opt("Blank")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40), effects=["atk+500 | when: passive"]),
              opt("Guard", effects=["atk+50"]), opt("Ward", effects=["atk+60"])])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 3], deck=list(range(4, 30)) + [2])
    place(g, 1, l3=0, slots=(1, 2, -1), deck=list(range(3, 30)))
    both_turn(T, g, fa=0)
    return g


def test_qinglongmon_appears_voids_and_clears_the_slots():
    # "At the start of the battle, send a Digimon of any level together with a 'Winning Percentage: 80%!' card
    # from your hand …": both costs paid, Qinglongmon (type B, 630/560/410) in the box; "When this card makes
    # its appearance, send all of the Option cards in the opponent's slots … to the Dark Area"; "The opponent
    # loses its special abilities": Beta's +500 is void, 240 against 560
    g = _qinglongmon()
    a, b = g.ps
    assert a.top == 1 and {2, 3} <= set(a.dark)
    assert b.slots == [-1, -1, -1] and {1, 2} <= set(b.dark)
    assert _fights(g)[-1] == (560, 240) and b.points == 60  # Beta's table at an Ultimate: 40


def test_qinglongmon_needs_both_cards():
    # no Winning Percentage: 80%! in hand (only the Digimon): it cannot appear; Beta's +500 wins
    g = _qinglongmon(wp80=False)
    a = g.ps[0]
    assert a.top == -1 and 1 in a.hand and 2 in a.hand and g.ps[1].slots[:2] == [1, 2]
    assert _fights(g)[-1] == (200, 750)
