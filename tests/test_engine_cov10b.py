"""Scenario tests of round 10b (issue 9), on both engines: the Armor forms as a row filter (``armor=any`` /
``armor=plain``, codes.FK_ARMOR; docs/effect-language.md "Round 10b") — Armor Purge!! Bo-401 (the opponent's Armor form
back to its Level III, ``opp_box_dark``) and Metal Armor Bo-400 (``evolve_ignore`` into an Armor form; the row filter of
an ``evolve_ignore`` row now limits its targets in the three players of both engines).

``both_turn`` plays one turn on the kernel and the reference from the same state and asserts that they agree (zones,
points, battle result).
"""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.engine import enums as E
from simcli.engine.tables import armor_code, card_match, compile_tables
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill

DB = load_db()
COURAGE = {"from_name": "zeta", "option": "digimentalofcourage"}  # an Armor form's fusion (not Alpha's: no normal step)
MIRACLES = {"from_name": "zeta", "option": "digimentalofmiracles"}


def test_database_records_and_the_armor_codes():
    # Armor Purge!! Bo-401: "Return the opponent's Level IV Digimon with 'Armor Evolution' in its fusion requirements to
    # the Level III Digimon it was before fusion.  After that, immediately reduce the opponent's points by 10."
    assert DB["Bo-401"]["effects"] == ["damage(10) if opp_armor & opp_level=IV",
                                       "opp_box_dark if opp_armor & opp_level=IV | filter: level=IV & armor=any"]
    # Metal Armor Bo-400: "Send the top two cards of your Net Ocean to the Dark Area." (cost) "Ignore the fusion
    # requirements and fuse your Level III Digimon into a Level IV Digimon with 'Armor Evolution' … (excluding fusion
    # with the Digimentals of Miracles/Fate).  After that, send your whole hand to the Dark Area."
    assert DB["Bo-400"]["effects"] == ["evolve_ignore if level=III | cost: mill(2) | limit: now | filter: armor=plain",
                                       "discard_hand | cost: mill(2) | limit: now"]
    assert all(DB[n]["modeled"] and DB[n]["timing"] == "evolution" for n in ("Bo-400", "Bo-401"))
    # tables.armor: Opossumon Bo-627 (Digimental of Kindness) a plain Armor form, Magnamon St-250 (Miracles) and Gold
    # V-dramon Bo-457 (Fate) the excluded ones, Agumon St-1 none; the filter values on them (both engines' card_match)
    assert [armor_code(DB[n]) for n in ("Bo-627", "St-250", "Bo-457", "St-1")] == [E.ARMOR_PLAIN, E.ARMOR_MF, E.ARMOR_MF, 0]
    deck = [DB[n] for n in ("Bo-627", "St-250", "St-1")]
    T, _ = compile_tables([fill(deck), fill(deck)], effects=True)
    assert [card_match(T, 0, c, E.FK_ARMOR, E.ARMOR_ANY) for c in range(3)] == [True, True, False]
    assert [card_match(T, 0, c, E.FK_ARMOR, E.ARMOR_PLAIN) for c in range(3)] == [True, False, False]
    assert [card_match(T, 0, c, -E.FK_ARMOR, E.ARMOR_MF) for c in range(3)] == [True, False, True]
    # the same on the kernel's packed tables (players.filter_card_nb)
    from simcli.engine.players import filter_card_nb
    from simcli.engine.tables import kernel_tables

    KT = kernel_tables(T)
    assert [[filter_card_nb(KT, 0, c, fk, v) for c in range(3)] for fk, v in (
        (E.FK_ARMOR, E.ARMOR_ANY), (E.FK_ARMOR, E.ARMOR_PLAIN), (-E.FK_ARMOR, E.ARMOR_MF))] \
        == [[True, True, False], [True, False, False], [True, False, True]]
    # Aim for the Strongest Evolution! St-605: "… into a Digimon of the next level, or ignore the fusion requirements
    # and fuse … (through Armor Evolution, excluding Digimon that have to be fused with the Digimental of Miracles or
    # Fate).  After the evolution or fusion, send the top 3 cards of your Net Ocean to the Dark Area."
    assert DB["St-605"]["effects"] == ["evolve_ignore | filter: armor!=mf", "mill(3)"] and DB["St-605"]["modeled"]


# ---- Armor Purge!! Bo-401 -------------------------------------------------------------------------------------------
def _purge(top_kw, players=("greedy", "greedy")):
    """A (first) holds Armor Purge!! face-down in slot 1; B's box: Beta (Level III) under BetaIV (`top_kw`).  Alpha
    attacks with its B 300 (Beta's type B), Beta with its A 250; BetaIV with its A 600."""
    a = fill([digi("Alpha", bt="A", atk=(300, 300, 100), lost=(20, 30, 40, 50)), custom("Bo-401")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40)),
              digi("BetaIV", **{"level": "IV", **top_kw}, bt="B", atk=(600, 500, 400), lost=(10, 20, 30, 40),
                   reqs=[{"from_name": "beta", "option": "digimentalofcourage"}])])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    return g


def test_armor_purge_returns_the_opponents_armor_form_to_its_level_iii():
    # after A's Evolution phase (seed 004) the card sends BetaIV to the Dark Area, the Level III under it battles on
    # (DM-L3-1; St-57's decided "return", box_dark_pick), and B loses 10 points; Alpha 300 beats Beta 250 and Beta loses
    # its own table at a Level III winner, 10 (C-LOST-1): 100 - 10 - 10
    g = _purge({"armor_evolution": True})
    a, b = g.ps
    assert b.top == -1 and 1 in b.dark and b.l3 == 0 and g.card_uses[0, 1] == 1 and 1 in a.dark
    assert g.battles[-1] == E.BR_FIRST and b.points == 80 and a.points == 100


@pytest.mark.parametrize("top_kw", [
    {},  # a Level IV that is no Armor form (its requirement column does not begin "Armor Evolution")
    {"armor_evolution": True, "level": "Perfect"},  # an Armor form of another level (the one Perfect of the data)
    {"armor_evolution": True, "effects": ["immune_options | when: passive"]},  # "cannot receive the effects of the
    # opponent's Option cards" (Magnamon St-551): the card may not reach it
])
def test_armor_purge_needs_a_level_iv_armor_form(top_kw):
    # no such form: the card is not used (nor its 10 points), BetaIV stays and wins with 600 (A loses 30 at a Level IV
    # winner, C-LOST-1); against the immune form the card's rows cannot reach B (docs/engine.md, immune_options)
    g = _purge(top_kw)
    a, b = g.ps
    assert b.top == 1 and g.battles[-1] == E.BR_SECOND and b.points == 100
    assert a.points == (60 if top_kw.get("level") == "Perfect" else 70)


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_armor_purge_other_players_agree_on_both_engines(player):
    # the baseline never uses an evolution-timing option (BL-5); the random player uses it or not: both engines agree
    g = _purge({"armor_evolution": True}, players=(player, "greedy"))
    if player == "baseline":
        assert g.ps[1].top == 1


# ---- Metal Armor Bo-400 ---------------------------------------------------------------------------------------------
def _metal(hand, players=("greedy", "greedy")):
    """A (first): Alpha (Level III) on the box, Metal Armor face-down in slot 1, `hand` (card indexes) on top of the
    Net Ocean (drawn first in Preparation, after greedy's discard, which keeps no card for an evolve_ignore step):
    2 ArmorIV (a plain Armor form, A 450), 3 GammaIV (no Armor form, A 700), 4 MiracleIV (Digimental of Miracles, A 800);
    none of them evolves from Alpha, so greedy has no chain and takes an evolve_ignore step (DM-EVO-5)."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), custom("Bo-400"),
              digi("ArmorIV", level="IV", bt="A", atk=(450, 400, 300), reqs=[COURAGE], armor_evolution=True),
              digi("GammaIV", level="IV", bt="A", atk=(700, 400, 300), reqs=[{"from_name": "zeta", "cards": 3}]),
              digi("MiracleIV", level="IV", bt="A", atk=(800, 400, 300), reqs=[MIRACLES], armor_evolution=True)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(5, 30)) + list(hand))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_metal_armor_fuses_into_a_plain_armor_form_only():
    # greedy takes the next-level card with the highest A attack that the option may reach (docs/engine.md): the
    # filter armor=plain leaves GammaIV (no Armor form) and MiracleIV (Digimental of Miracles) out, so ArmorIV; the two
    # Net Ocean cards are the cost (28 - 6 drawn - 2), and "after that" the whole hand goes to the Dark Area (engine 5:
    # the option's other evolution rows right after the evolution); ArmorIV attacks with its B 400 and wins
    g = _metal([2, 3, 4])
    a = g.ps[0]
    assert a.top == 2 and a.hand == [] and {1, 3, 4} <= set(a.dark) and len(a.deck) == 28 - 6 - 2
    assert g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80


@pytest.mark.parametrize("hand", [[3], [4], [3, 4]])
def test_metal_armor_without_a_plain_armor_form(hand):
    # no target the filter admits: the card stays face-down, nothing milled, Alpha (Level III) battles and loses
    g = _metal(hand)
    a = g.ps[0]
    assert a.top == -1 and a.slots[0] == 1 and len(a.deck) == 25 + len(hand) - 6 and g.card_uses[0, 1] == 0
    assert set(hand) <= set(a.hand) and g.battles[-1] == E.BR_SECOND


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_metal_armor_other_players_agree_on_both_engines(player):
    # the random player takes ArmorIV or nothing (never a card the filter excludes); the baseline never (BL-5)
    for seed in range(3):
        g = _metal([2, 3, 4], players=(player, "greedy"))
        assert g.ps[0].top in ((-1, 2) if player == "random" else (-1,))


# ---- What Awaits After Evolution CD-9 -------------------------------------------------------------------------------
def _awaits(top=-1, players=("greedy", "greedy")):
    """A (first): Alpha (Level III) on the box (under AlphaIV when top=5), What Awaits After Evolution face-down in slot
    1; on top of the Net Ocean (drawn first) 2 PerfectP (A 600), 3 GammaIV (A 700), 4 UltU (Ultimate, A 900): none
    evolves from A's Digimon, so greedy has no chain and takes an evolve_ignore step (DM-EVO-5)."""
    zeta = [{"from_name": "zeta", "cards": 3}]
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), custom("CD-9"),
              digi("PerfectP", level="Perfect", bt="A", atk=(600, 550, 300), reqs=zeta),
              digi("GammaIV", level="IV", bt="A", atk=(700, 400, 300), reqs=zeta),
              digi("UltU", level="Ultimate", bt="A", atk=(900, 800, 300), reqs=zeta),
              digi("AlphaIV", level="IV", bt="A", atk=(350, 150, 100), reqs=zeta)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=top, slots=(1, -1, -1), deck=list(range(6, 30)) + [2, 3, 4])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


@pytest.mark.parametrize("top", [-1, 5])
def test_what_awaits_after_evolution_reaches_a_perfect_from_level_iii_or_iv(top):
    # "Ignore the evolution requirements of your Level III or Level IV Digimon and evolve it into a Perfect level Digimon
    # in your evolution box.  After that, send your whole hand to the Dark Area." (CD-9): from the Level III as from the
    # Level IV the option takes PerfectP (its level filter is the level reached, not the next: GammaIV and UltU stay
    # out), then the whole hand goes (engine 5's rows after the evolution); PerfectP's B 550 beats Beta's A 250, Beta
    # loses its table at a Perfect winner, 30 (C-LOST-1)
    g = _awaits(top)
    a = g.ps[0]
    assert a.top == 2 and a.hand == [] and {1, 3, 4} <= set(a.dark) and g.card_uses[0, 1] == 1
    frm = "AlphaIV" if top == 5 else "Alpha"
    assert f"  A evolves {frm} → PerfectP (What Awaits After Evolution from a slot; requirement ignored)" in g.log
    assert g.battles[-1] == E.BR_FIRST and g.ps[1].points == 70


def test_what_awaits_after_evolution_is_not_used_by_a_perfect():
    # "This card cannot be used when your Digimon is Perfect or Ultimate level": with PerfectP on the box (no
    # requirement to an Ultimate met) the card stays face-down and UltU in the hand
    g = _awaits(top=2)
    a = g.ps[0]
    assert a.top == 2 and a.slots[0] == 1 and 4 in a.hand and g.card_uses[0, 1] == 0


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_what_awaits_other_players_agree_on_both_engines(player):
    # the random player takes PerfectP or nothing (never the Level IV or the Ultimate); the baseline never (BL-5)
    g = _awaits(players=(player, "greedy"))
    assert g.ps[0].top in ((-1, 2) if player == "random" else (-1,))


# ---- Evolutor St-373 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("player", ["greedy", "baseline"])
def test_evolutor_zeroes_one_steps_circles_or_crosses(player):
    # "You can make the number of 'O's or 'X's in the evolution requirements box of one Digimon in your evolution box
    # zero" (St-373, an Evolution Phase Item): round 8's o_max / x_max card of any count, from its slot, no cost
    # (DM-EVO-2: the ●/X are not taken from the Net Ocean); test_requirement_engine's turn: 27 cards, 5 drawn
    from test_requirement_engine import _evolved, _turn

    c = DB["St-373"]
    assert (c["modeled"], c["o_max"], c["x_max"], c.get("win_pct"), c["requirement_from"], c["requirement_cost"],
            c["effects"]) == (True, 9, 9, None, "slot", 0, [])
    pl = (player, "greedy")
    for cards, crosses in ((4, 0), (4, 4), (1, 1)):
        g = _turn([{"from_name": "alpha", "cards": cards, "crosses": crosses}], slot_cards=[custom("St-373")], players=pl)
        assert _evolved(g) and len(g.ps[0].deck) == 27 - 5 and 2 in g.ps[0].dark and g.ps[0].slots == [-1, -1, -1]
    # a mixed "OX" keeps one kind of symbol: not served, the two cards come from the Net Ocean and the card stays
    g = _turn([{"from_name": "alpha", "cards": 2, "crosses": 1}], slot_cards=[custom("St-373")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 5 - 2 and g.ps[0].slots[0] == 2
    # it is no Winning Percentage card, and in the hand it serves nothing (an option is used from its slot)
    assert not _evolved(_turn([{"from_name": "alpha", "win_pct": 40}], slot_cards=[custom("St-373")], players=pl))
    g = _turn([{"from_name": "alpha", "cards": 2}], hand_cards=[custom("St-373")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 4 - 2 and 2 in g.ps[0].hand


# ---- evolve_ignore and the Armor forms: only "ignore the fusion requirements" reaches one ---------------------------
def _ignore_into(card, hand, players=("greedy", "greedy")):
    """A (first): Alpha (Level III) on the box, `card` face-down in slot 1; on top of the Net Ocean `hand` of 2 ArmorIV
    (a plain Armor form, A 800), 3 GammaIV (A 450), 4 MiracleIV (Digimental of Miracles, A 900); no normal step."""
    zeta = [{"from_name": "zeta", "cards": 3}]
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), card,
              digi("ArmorIV", level="IV", bt="A", atk=(800, 400, 300), reqs=[COURAGE], armor_evolution=True),
              digi("GammaIV", level="IV", bt="A", atk=(450, 400, 300), reqs=zeta),
              digi("MiracleIV", level="IV", bt="A", atk=(900, 400, 300), reqs=[MIRACLES], armor_evolution=True)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(5, 30)) + list(hand))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_ignoring_the_evolution_requirements_never_reaches_an_armor_form():
    # seed 003 §3.2.2 ("fusion and appearance requirements are not targets of 'ignore the evolution requirements'
    # effects"), DM-EVO-5: a plain evolve_ignore option (Digivice Bo-97: "… evolve your Level III Digimon into a Level
    # IV Digimon") takes GammaIV, never the stronger Armor forms; with only Armor forms in hand it is not used
    dv = custom("Bo-97")
    assert dv["effects"][0] == "evolve_ignore if level=III | limit: turn"
    g = _ignore_into(dv, [2, 3, 4])
    assert g.ps[0].top == 3 and {2, 4} <= set(g.ps[0].hand)
    g = _ignore_into(dv, [2, 4])
    assert g.ps[0].top == -1 and g.ps[0].slots[0] == 1


def test_aim_for_the_strongest_evolution_reaches_evolutions_and_plain_armor_forms():
    # St-605: the next level by evolution or by Armor fusion, not the Miracles / Fate forms: greedy takes the highest A
    # it may, ArmorIV (800) over GammaIV, never MiracleIV (900); then the mill of 3 (28 - 6 drawn - 3)
    g = _ignore_into(custom("St-605"), [2, 3, 4])
    a = g.ps[0]
    assert a.top == 2 and 4 in a.hand and len(a.deck) == 28 - 6 - 3 and 1 in a.dark
    g = _ignore_into(custom("St-605"), [3, 4])
    assert g.ps[0].top == 3
    assert _ignore_into(custom("St-605"), [4]).ps[0].top == -1
    for player in ("random", "baseline"):  # both engines agree; never MiracleIV
        assert _ignore_into(custom("St-605"), [2, 3, 4], players=(player, "greedy")).ps[0].top in (-1, 2, 3)
