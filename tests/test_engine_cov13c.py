"""Scenario tests of round 13c (issue 9): events and limits, on both engines.

The base duel of tests/test_engine_effects.py: A's Alpha (type A, attacks 300/200/100, lost points 20/30/40/50)
against B's Beta (type B, attacks 250/240/150); A attacks with its B attack (200, C-TYPE-1), B with its A attack (250).
``duel`` plays each turn on the kernel and the reference from the same state (``both_turn``) and asserts that they agree
(zones, points, battle result, outcome).
"""

from __future__ import annotations

import pytest
from test_engine_effects import _BATTLE, duel
from test_engine_helpers import both_turn, load_db, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.engine import enums as E
from simcli.engine.reference import PERSIST

# "(O)… This card will stay in its slot … until … your Digimon loses a battle.  However, when another Field Option card
# turns face-up in your slots, send this card to the Dark Area.  (O)When this card is sent to the Dark Area, immediately
# reduce your points by 10" (Metal Empire Bo-863), its attack row scaled to +10
METAL = opt("Metal", effects=["atk+10 | limit: lost, field", "dark_self_damage(10) | limit: lost, field"],
            timing="evolution", option_type="Field")
METAL_PLAIN = opt("Metal plain", effects=["atk+10 | limit: lost, field"], timing="evolution", option_type="Field")
# "(O)When this card is sent to the Dark Area, for every Digimon the opponent has with the same background as this card,
# immediately reduce the opponent's points by 10" (Nature Spirits St-322), its attack row scaled to +50
NATURE = opt("Nature", effects=["atk+50 | limit: field", "dark_damage(10) | limit: field | filter: field=NSp"],
             timing="evolution", option_type="Field")
# an opponent's "send one currently active Field option card in the opponent's slots to the Dark Area" (engine 6; Miracle
# Ruby Bx-145, an Evolution Phase card)
CLEAR = opt("Clear", effects=["opp_clear(1) | limit: now | filter: optype=Field"], timing="evolution")
# another Field of A's (a face-down card in its slot 2): turning face-up, it sends Nature to the Dark Area (end event field)
FIELD2 = opt("Field two", effects=["atk+100 | limit: field"], timing="evolution", option_type="Field")


def _duel_fields(a_opts, b_opts, b_fields, setup):
    """duel with B's Beta belonging to the fields b_fields; one turn, A attacking first."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), *a_opts])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40), fields=list(b_fields)), *b_opts])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    na, nb = 1 + len(a_opts), 1 + len(b_opts)
    place(g, 0, l3=0, slots=tuple(list(range(1, na)) + [-1] * (4 - na)), deck=list(range(na, 30)))
    place(g, 1, l3=0, slots=tuple(list(range(1, nb)) + [-1] * (4 - nb)), deck=list(range(nb, 30)))
    setup(g)
    both_turn(T, g, fa=0)
    m = [_BATTLE.search(ln) for ln in g.log if ln.strip().startswith("battle:")][-1]
    return g, [(int(m.group(1)), int(m.group(2)))]


def _face_up(slot, end):
    """A's option in `slot` was used in an earlier turn and stays face-up until its end events `end`."""
    def setup(g):
        a = g.ps[0]
        a.slot_up[slot], a.slot_end[slot], a.slot_card[slot] = PERSIST, end, 0
    return setup


def _face_up_both(slot, end):
    """_face_up for A, and B's option in `slot` face-up until discarded."""
    def setup(g):
        _face_up(slot, end)(g)
        g.ps[1].slot_up[slot] = PERSIST
    return setup


def test_dark_self_damage_when_the_field_leaves_with_a_lost_battle():
    # Bo-863: A's Metal stays face-up (+10: 210 against 250); A loses, loses 20 (C-LOST-1), Metal goes to the Dark Area
    # with the lost battle (end event lost) and its dark row takes 10 more: 70.  Without the row: 80.
    g, f = duel(a_opts=[METAL], setup=_face_up(0, E.LE_LOSE | E.LE_FIELD))
    assert f == [(210, 250)] and g.ps[0].points == 70 and g.ps[1].points == 100
    assert g.ps[0].slots[0] == -1 and 1 in g.ps[0].dark
    g, f = duel(a_opts=[METAL_PLAIN], setup=_face_up(0, E.LE_LOSE | E.LE_FIELD))
    assert f == [(210, 250)] and g.ps[0].points == 80 and g.ps[0].slots[0] == -1


def test_dark_self_damage_can_end_the_game():
    # at 25 points A loses 20 (5 left), then Metal's 10: 0, the game ends in that turn (B wins, both engines)
    g, f = duel(a_opts=[METAL], a_points=25, setup=_face_up(0, E.LE_LOSE | E.LE_FIELD))
    assert g.ps[0].points == 0 and g.outcome == E.OUT_B


def test_no_dark_event_while_the_field_stays():
    # A wins with Metal face-up (Alpha 300 with +10 would not be needed: B's Beta weaker): the Field stays, no points lost
    g, f = duel(a_opts=[METAL], b_atk=(150, 150, 150), setup=_face_up(0, E.LE_LOSE | E.LE_FIELD))
    assert f[0][0] > f[0][1] and g.ps[0].points == 100 and g.ps[0].slots[0] == 1


def test_dark_damage_counts_the_opponents_digimon_of_the_field():
    # St-322: A's Nature face-up.  B's Clear (Evolution Phase) sends it to the Dark Area; B loses 10 for each Digimon on
    # its sheet of the field: Beta belongs to NSp (1) → B 90; the battle, 200 against 250, costs A 20.  With Beta of no
    # field: B keeps 100.
    g, f = _duel_fields([NATURE], [CLEAR], ["NSp"], _face_up(0, E.LE_FIELD))
    assert f == [(200, 250)] and g.ps[1].points == 90 and g.ps[0].points == 80 and g.ps[0].slots[0] == -1
    assert g.card_uses[1, 1] == 1 and 1 in g.ps[0].dark
    g, f = _duel_fields([NATURE], [CLEAR], [], _face_up(0, E.LE_FIELD))
    assert f == [(200, 250)] and g.ps[1].points == 100 and g.ps[0].points == 80


def test_dark_damage_when_another_own_field_turns_face_up():
    # A turns its second Field face-up in the Evolution Phase (+100: 300 against 250): Nature leaves (end event field)
    # and B loses 10 for Beta of NSp; A wins, B loses 10 more (Beta's lost points at Level III): 80
    g, f = _duel_fields([NATURE, FIELD2], [], ["NSp"], _face_up(0, E.LE_FIELD))
    assert f == [(300, 250)] and g.ps[1].points == 80 and g.ps[0].points == 100
    assert g.ps[0].slots[:2] == [-1, 2] and g.card_uses[0, 2] == 1
    # the opponent's immunity to direct point reductions (immune_damage) stops it: B loses only the battle's 10
    g, f = _duel_fields([NATURE, FIELD2], [opt("Shield", effects=["immune_damage | limit: discarded"])], ["NSp"],
                        _face_up_both(0, E.LE_FIELD))
    assert f == [(300, 250)] and g.ps[1].points == 90


def test_dark_rows_are_a_staying_fields_rows_only():
    # the engines fire dark_* rows where a face-up Field leaves its slot for the Dark Area (replaced, lost, cleared):
    # tables refuse them on other cards, on other limits, and dark_damage without one filter predicate
    from simcli.engine.tables import TableError, compile_tables

    bad = [opt("Prog", effects=["dark_self_damage(10) | limit: lost, field"], timing="evolution"),
           opt("Life", effects=["dark_self_damage(10) | limit: lifespan, field"], timing="evolution", option_type="Field"),
           opt("Turn", effects=["dark_self_damage(10) | limit: turn"], timing="evolution", option_type="Field"),
           opt("Two", effects=["dark_damage(10) | limit: field | filter: field=NSp & attr=Virus"], timing="evolution",
               option_type="Field")]
    for c in bad:
        with pytest.raises(TableError):
            compile_tables([fill([digi("Alpha"), c]), fill([digi("Beta")])], effects=True)
    compile_tables([fill([digi("Alpha"), METAL, NATURE]), fill([digi("Beta")])], effects=True)


def test_translations_of_the_dark_area_sentences():
    # Metal Empire Bo-863 and Nature Spirits St-322 (the background = the Field's own field, docs/coverage.md row 8)
    db = load_db()
    assert db["Bo-863"]["effects"][1:] == ["dark_self_damage(10) | limit: lost, field"] and db["Bo-863"]["modeled"]
    assert db["St-322"]["effects"][1:] == ["dark_damage(10) | limit: field | filter: field=NSp"] and db["St-322"]["modeled"]


# "(O)When this card is in effect on your sheet, your points will not decrease as a result of the opponent's 'direct
# attack' or 'immediately reduce the opponent's points'.  (O)After 3 turns (including the turn during which this card was
# used), stack this card onto your point gauge" (Vaccine Program V St-434, a Preparation Phase Item)
VACCINE = opt("Vaccine", effects=["immune_damage | limit: turns_gauge(3)"], timing="prep", option_type="Item")


def test_turns_gauge_keeps_the_card_three_turns_then_stacks_it_onto_the_gauge():
    # A (B attack 300 here: it wins every battle, 300 against 250, and stays the first attacker) uses Vaccine in its
    # Preparation (greedy uses its usable timed options); B's "at the start of the battle, reduce the opponent's points
    # by 10" is a direct attack (seed 003 §3.4 다이렉트 어택) and is stopped: A keeps 100.  Without Vaccine: 90.
    start, atk = ["damage(10) | when: start"], (300, 300, 100)
    g, f = duel(a_opts=[VACCINE], b_fx=start, a_atk=atk)
    assert f == [(300, 250)] and g.ps[0].points == 100 and g.card_uses[0, 1] == 1 and g.ps[0].slots[0] == 1
    g, f = duel(b_fx=start, a_atk=atk)
    assert g.ps[0].points == 90
    # used in turn 2: still face-up after turn 3; turns 2, 3, 4 protected, and at the end of turn 4 (the third turn
    # counting the turn of use) it goes to the point gauge, not the Dark Area; turn 5 is not protected
    g, f = duel(a_opts=[VACCINE], b_fx=start, a_atk=atk, turns=2)
    assert g.ps[0].points == 100 and g.ps[0].slots[0] == 1
    g, f = duel(a_opts=[VACCINE], b_fx=start, a_atk=atk, turns=3)
    assert g.ps[0].points == 100 and g.ps[0].slots[0] == -1 and g.ps[0].gauge[-1] == 1 and 1 not in g.ps[0].dark
    g, f = duel(a_opts=[VACCINE], b_fx=start, a_atk=atk, turns=4)
    assert g.ps[0].points == 90 and g.ps[0].gauge[-1] == 1 and g.card_uses[0, 1] == 1
    # sent away earlier by an opponent's effect, it goes to the Dark Area (the gauge is its limit's end only)
    wipe = opt("Wipe", effects=["opp_slots_clear(up) | limit: now"], timing="evolution")
    g, f = duel(a_opts=[VACCINE], b_opts=[wipe], b_fx=start, a_atk=atk)
    assert g.card_uses[1, 1] == 1 and 1 in g.ps[0].dark and g.ps[0].points == 90


def test_translation_of_vaccine_program_v():
    assert load_db()["St-434"]["effects"] == ["immune_damage | limit: turns_gauge(3)"] and load_db()["St-434"]["modeled"]


# "(O)Until the end of the turn during which this card was used, your Digimon does not get sent to the Dark Area even if
# it has reached the end of its lifespan (…)  (O)At the end of the turn during which this card was used, stack it onto
# your point gauge" (Reload Plug-In Q St-814, a Point Calculation Item; its "only when your Digimon is Ultimate" left out)
KEEP = opt("Keep", effects=["keep_box | cost: gauge | limit: turn"], timing="point", option_type="Item")


def _renewal_turn(a_opts, deck_n):
    """A's Alpha IV (400 on every attack) over its Level III, A's options in slots 1.., deck_n cards in A's Net Ocean
    (Preparation draws 6: with 6, the Net Ocean is empty at the Point Calculation and the lifespan ends, C-RENEW-1)."""
    a = fill([digi("Alpha"), digi("Alpha IV", level="IV", bt="A", atk=(400, 400, 400)), *a_opts])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    n0 = 2 + len(a_opts)
    place(g, 0, l3=0, top=1, slots=tuple(list(range(2, n0)) + [-1] * (5 - n0)), deck=list(range(n0, n0 + deck_n)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_keep_box_the_renewal_leaves_the_box_digimon():
    # C-RENEW-1 (seed 004): the end of the lifespan sends the box's top card to the Dark Area, then the Dark Area becomes
    # the Net Ocean; A wins (400 against 250) and, its Net Ocean empty at the Point Calculation, uses Keep: Alpha IV stays
    # in the box, the renewal happens otherwise (the Dark Area shuffled into the Net Ocean), Keep is on the gauge
    g = _renewal_turn([KEEP], 6)
    assert g.ps[0].top == 1 and 1 not in g.ps[0].deck and g.ps[0].gauge[-1] == 2 and g.ps[0].renewals == 1
    assert g.card_uses[0, 2] == 1 and g.ps[1].points == 90
    # without it: Alpha IV goes to the Dark Area and into the new Net Ocean, the Level III stays (C-RENEW-1)
    g = _renewal_turn([], 6)
    assert g.ps[0].top == -1 and 1 in g.ps[0].deck and g.ps[0].l3 == 0 and g.ps[0].renewals == 1


def test_keep_box_greedy_waits_for_the_renewal():
    # greedy's rule: a keep_box card is used at a Point Calculation only with an empty Net Ocean (a use before would be
    # spent for nothing); 7 cards: one left after the draw, no renewal, Keep stays face-down in its slot
    g = _renewal_turn([KEEP], 7)
    assert g.card_uses[0, 2] == 0 and g.ps[0].slots[0] == 2 and g.ps[0].top == 1 and g.ps[0].renewals == 0


def test_translation_of_reload_plug_in_q():
    assert load_db()["St-814"]["effects"] == ["keep_box if level=Ultimate | cost: gauge | limit: turn"]
    assert load_db()["St-814"]["modeled"]
