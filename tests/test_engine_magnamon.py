"""Scenario tests for issue 9 (why Magnamon X-Antibody Bx-182 won 98.6 % of its games): the greedy
player's answers to it, on both engines from the same state (``both_turn`` compares every zone).

Bx-182 is played as printed (seed 003 §3.5): "Cannot lose its special abilities. ◎Cannot receive the
effects of the opponent's Option cards. ◎Halve the opponent's final attack power, after taking into
account effects and abilities."  What it cannot stop is an opponent's Digimon ability: Agumon -Bond of
Courage- (Re-146) appears (seed 003 §3.2.2.1 ex. 6) and makes its attack C (900, "A, B, and C cannot
go to zero"), which zeroes Magnamon's A attack (rule C-TYPE-2): 450 against 0.
"""

from __future__ import annotations

from simcli.cards.db import load_db
from simcli.engine import enums as E
from test_engine_fidelity import _fights
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt


def _bond_vs_magnamon(taichi):
    """A: Agumon (Level III, type A) with Re-146 and `taichi` in hand; B: V-mon under Bx-182."""
    db = load_db()
    a = fill([digi("Agumon", bt="A", atk=(360, 230, 160), lost=(10, 10, 10, 10)), custom("Re-146"), taichi])
    b = fill([custom("St-112"), custom("Bx-182")])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    assert db["Re-146"]["appearance"] and "attack=C" in db["Re-146"]["effects"]
    both_turn(T, g, fa=0)
    return T, g


def test_greedy_judges_an_appearance_with_the_ability_it_brings():
    # seed 003 §3.2.2.1 ex. 6 (appearance) and Re-146's ◎ "You can make your attack A or C regardless of
    # the opponent's battle type": appearing, Bond would attack with A (Magnamon is type A): 990 halved
    # = 495 < 540, a loss like Agumon's own 180 < 540 — the greedy player used to stay.  With its C
    # attack (900, cannot go to zero) Magnamon's A goes to 0 (rule C-TYPE-2): 450 > 0.
    taichi = opt("Yagami Taichi", effects=[])  # not a usable option: the appearance alone is tested
    T, g = _bond_vs_magnamon(taichi)
    a, b = g.ps
    assert a.top == 1 and a.supbox == 2  # Bond appeared, Taichi placed in the support box
    assert _fights(g)[-1] == (450, 0) and g.battles[-1] == E.BR_FIRST
    assert any("uses the ability of Agumon -Bond of Courage-" in ln for ln in g.log)
    # Magnamon's immunity to options does not stop the opponent's Digimon ability (seed 003 §3.5):
    # B loses its Bx-182 table at the winner's level (Ultimate: 10), then Bond's "further reduce the
    # opponent's points by 20"
    assert b.points == 70


def test_greedy_keeps_the_card_an_appearance_places():
    # Re-146's appearance cost "place a 'Yagami Taichi' card from your hand into your support box": the
    # greedy player used to set Re-14 Yagami Taichi (a usable Program) into a slot in Preparation, and
    # then the held Bond could not appear; now the card stays in hand while Bond waits for it
    T, g = _bond_vs_magnamon(custom("Re-14"))
    a = g.ps[0]
    assert a.slots == [-1, -1, -1] and a.top == 1 and a.supbox == 2
    assert _fights(g)[-1] == (450, 0)


def _cracker(top_level, b_cards, b_top=1):
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)),
              digi("AlphaP", level="Perfect", bt="A", atk=(300, 200, 100)), custom("Bo-1214")])
    b = fill(b_cards)
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=(1 if top_level == "Perfect" else -1), deck=list(range(3, 30)), slots=(2, -1, -1))
    place(g, 1, l3=0, top=b_top, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    return g


def test_greedy_does_not_waste_a_damage_option_that_cannot_act():
    # Bo-1214 "Cracker!!": "You can use this card when your Digimon is Perfect, Ultimate, or Hybrid level"
    # (a row condition) and Bx-182 "Cannot receive the effects of the opponent's Option cards" (seed
    # 003 §3.5: it defends against an opponent's "Cracker!!"): greedy's rule 3 (damage that does not
    # make the battle worse) no longer stacks it onto the gauge for nothing
    mag = [custom("St-112"), custom("Bx-182")]
    g = _cracker("III", mag)
    assert g.ps[0].slots[0] == 2  # Level III: the condition fails
    g = _cracker("Perfect", mag)
    assert g.ps[0].slots[0] == 2  # Perfect, but Magnamon X-Antibody is immune
    g = _cracker("Perfect", [digi("Beta", bt="B", atk=(900, 900, 900))], b_top=-1)
    assert g.ps[0].slots[0] == -1 and 2 in g.ps[0].gauge  # control: used (a lost battle, nothing better)


def test_a_negate_card_is_only_an_answer():
    # Bo-1084 "Elaborate Tactics!": "Invalidate and send one of the opponent's Program Option cards to the
    # Dark Area before it takes effect. After that, add 50 to your Digimon's attack power" — with no
    # Program to invalidate there is no "after that": A (200 against 250) used to take the +50 alone
    # (250 = 250, a loss turned into a draw); now it keeps the card for an answer
    from test_engine_effects import duel

    g, f = duel(a_opts=[custom("Bo-1084")])
    assert f == [(200, 250)] and g.ps[0].slots[0] == 1
    # as an answer it still works, with its +50 (DM-BAT-1 windows; tests/test_engine_effects negation)
    g, f = duel(a_opts=[custom("Bo-1084")], b_opts=["atk+100"], b_atk=(190, 180, 150))
    assert f == [(250, 190)] and 1 in g.ps[0].dark


def test_an_immune_players_own_options_cannot_be_invalidated():
    # seed 003 §3.5 on "cannot receive the effects of the opponent's Option cards" and invalidation: an
    # option the immune player uses on itself or on both ("Let's Stop Fighting") cannot be invalidated by
    # the opponent's "Emergency Program Halt!" / "Elaborate Tactics!" — that invalidation would act on
    # the immune player's board; one it aims at the opponent can.  B (Beta, immune to options, 250)
    # loses to A's 300 and plays Let's Stop Fighting; A's negate card no longer stops it.
    from test_engine_effects import duel

    g, f = duel(a_atk=(300, 300, 300), b_fx=["immune_options | when: passive"], b_opts=["force_draw"],
                a_opts=["negate_program"])
    assert g.battles[-1] == E.BR_DRAW and g.ps[0].slots[0] == 1  # the draw stands; A keeps its card
    # without the immunity A answers it and wins
    g, f = duel(a_atk=(300, 300, 300), b_opts=["force_draw"], a_opts=["negate_program"])
    assert g.battles[-1] == E.BR_FIRST and 1 in g.ps[0].dark
    # an option the immune player aims at the opponent (an attack cut) can be invalidated
    g, f = duel(a_atk=(300, 300, 300), b_fx=["immune_options | when: passive"], b_opts=["opp_atk-100"],
                a_opts=["negate_program"])
    assert f == [(300, 250)] and 1 in g.ps[0].dark and 1 in g.ps[1].dark
