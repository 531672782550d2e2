"""Scenario tests of round 12a (issue 9: Digimental Boost Bo-447 / Bo-495 / Bo-538), on both engines.

A's Armor form Flame (Level IV, type A, attacks 300/300/100; fused from Alpha with 'Digimental of Courage') against B's
Beta (Level III, type B, attacks 250/240/150, lost points 10/20/30/40); A attacks with its B attack (300), B with its A
attack (250): A wins and B loses its Level IV column, 20 (C-LOST-1).  ``both_turn`` plays the turn on the kernel and the
reference from the same state and asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt

from simcli.cards.db import load_db
from simcli.engine import enums as E
from simcli.engine.tables import compile_tables

# Digimental Boost Bo-447's row as the translator writes it (test_round_12a_translations pins it)
BOOST = "damage(10) if dgm=Courage/Friendship/Love | cost: dgm_discard"
COURAGE = {"from_name": "alpha", "option": "digimentalofcourage"}
KNOWLEDGE = {"from_name": "alpha", "option": "digimentalofknowledge"}


def _turn(hand, reqs=(COURAGE,), top=True, players=("greedy", "greedy"), seed=0):
    """One turn: A's box Alpha (card 0) under Flame (card 1, Armor form with these requirements; top=False: Alpha alone),
    Boost face-down in slot 1 (card 2), A's hand the given cards of 3 'Digimental of Courage', 4 'Digimental of Love',
    5 'Digimental of Knowledge', 6 a second 'Digimental of Courage' (the database's St-154, St-156, St-158); Flame
    is out of play when not in the box."""
    a = fill([digi("Alpha", bt="A", atk=(300, 300, 100)),
              digi("Flame", level="IV", bt="A", atk=(300, 300, 100), reqs=list(reqs), armor_evolution=True),
              opt("Boost", effects=[BOOST], option_type="Item"),
              custom("St-154"), custom("St-156"), custom("St-158"), custom("St-154")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players, seed=seed)
    place(g, 0, l3=0, top=1 if top else -1, slots=(2, -1, -1), hand=list(hand),
          deck=list(range(7, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_dgm_bits_of_the_table():
    # Tables.dgm: the Armor form's bit is its requirement's Digimental (codes.DIGIMENTALS order), an option's its name's
    a = fill([digi("Flame", level="IV", reqs=[COURAGE], armor_evolution=True), opt("Digimental of Love"),
              opt("Digimental of Fate"), opt("Love")])
    t, _ = compile_tables([a, fill([])], effects=True)
    assert [int(x) for x in t.dgm[0, :4]] == [1, 1 << 2, 1 << 10, 0]


def test_boost_sends_the_matching_digimental_and_deals_10():
    # Flame has 'Digimental of Courage' in its fusion requirements (dgm=Courage/Friendship/Love holds) and the hand holds
    # that Digimental: greedy uses Boost (TM_DAMAGE), the Courage card goes to the Dark Area (the cost), B loses 10 at
    # once and its 20 for the battle: 70 (A's hand also holds the fillers it drew in Preparation, C-HAND-1)
    g = _turn(hand=[3])
    assert g.card_uses[0, 2] == 1 and 3 in g.ps[0].dark and 3 not in g.ps[0].hand and g.ps[1].points == 70
    assert g.battles == [E.BR_FIRST]
    # Love is one of the three names but not the Digimental in Flame's requirements: the cost cannot be paid, Boost stays
    # face-down (a name filter of the three would have accepted it); greedy then discards the Love card it cannot use
    # (BL-2), as without Boost
    g = _turn(hand=[4])
    assert g.card_uses[0, 2] == 0 and g.ps[0].slots[0] == 2 and g.ps[1].points == 80


def test_boost_discards_the_first_match_in_hand_order():
    # two matching cards: the first Courage in hand order (6) goes, the other stays (Love, 4, greedy discards in
    # Preparation, BL-2: it cannot use it)
    g = _turn(hand=[4, 6, 3])
    assert g.card_uses[0, 2] == 1 and g.ps[0].dark == [4, 6, 2] and g.ps[0].hand[0] == 3 and g.ps[1].points == 70


def test_boost_needs_one_of_its_digimentals_in_the_requirements():
    # Flame fused with 'Digimental of Knowledge' (Bo-495's, not Bo-447's) with Knowledge in hand: the condition fails
    g = _turn(hand=[5], reqs=(KNOWLEDGE,))
    assert g.card_uses[0, 2] == 0 and g.ps[1].points == 80
    # the Level III Alpha alone (no fusion requirements) with Courage in hand: not used either; A wins (300 against 250)
    # and B loses its Level III column only, 10
    g = _turn(hand=[3], top=False)
    assert g.card_uses[0, 2] == 0 and 3 in g.ps[0].hand and g.ps[1].points == 90


def test_random_and_baseline_players_pay_the_same_cost():
    # the random player uses Boost or not; when it does, the Courage card pays and B loses 10 more (both engines agree,
    # both_turn)
    seen = set()
    for seed in range(12):
        g = _turn(hand=[4, 3], players=("random", "greedy"), seed=seed)
        used = g.card_uses[0, 2] == 1
        seen.add(used)
        assert not used or (3 in g.ps[0].dark and g.ps[1].points == 70)
    assert seen == {True, False}  # the games do reach the choice
    # the baseline player uses no options in battle (BL-*): the hand keeps the Digimental, the engines agree
    g = _turn(hand=[3], players=("baseline", "baseline"))
    assert g.card_uses[0, 2] == 0 and 3 in g.ps[0].hand


def test_round_12a_translations():
    db = load_db()
    for num, names in (("Bo-447", "Courage/Friendship/Love"), ("Bo-495", "Knowledge/Sincerity/Purity"),
                       ("Bo-538", "Light/Hope/Kindness")):
        assert db[num]["modeled"] and db[num]["effects"] == [f"damage(10) if dgm={names} | cost: dgm_discard"], num
        assert db[num]["face_up_limit"] == 1 and db[num]["timing"] == "battle"
    assert E.N_CONDS > E.C_DGM and E.N_COSTS > E.K_DGM
    # no other card of the database uses the new words (the pattern is narrow)
    assert [c.number for c in db.cards if any("dgm" in e for e in c["effects"] or [])] == ["Bo-495", "Bo-538", "Bo-447"]
