"""Scenario tests of round 10d (issue 9), on both engines: ``no_evo_heal`` (Evolve to Ultimate with the Power of the
Net!!! Ta-1: the Digimon the option evolved gains nothing from its own ``evolved`` heal rows) and the Chosen Children's
named ``evolve_ignore`` step (Izumi Koshiro CD-4: "evolve your Tentomon into the Kabuterimon in your Evolution Box";
docs/effect-language.md "Round 10d").

``both_turn`` plays one turn on the kernel and the reference from the same state and asserts that they agree (zones,
points, battle result).
"""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.engine import enums as E
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill

DB = load_db()
ZETA = [{"from_name": "zeta", "cards": 3}]  # a requirement no scenario meets: only an evolve_ignore step reaches it


def test_database_records():
    # Ta-1: "Ignore all evolution requirements and evolve your Digimon into an Ultimate level Digimon in your Digimon
    # box.  After that, send the top 10 cards of your Net Ocean to the Dark Area.  You may triple the opponent's lost
    # points for the turn during which evolution occurred.  You do not regain any points from evolving to Ultimate
    # level using this card."  (one level up, DM-EVO-5: from a Perfect, as "… into a Perfect level Digimon" is from a IV)
    assert DB["Ta-1"]["effects"] == ["evolve_ignore if level=Perfect", "mill(10)", "lost*3 | when: evolved",
                                     "no_evo_heal"]
    # CD-4: "Ignore the evolution requirements and evolve your Tentomon into the Kabuterimon in your Evolution Box.  You
    # may check the contents of up to three face-down cards in the opponent's slots (no rows).  At the end of the turn
    # during which this card was used, send it to the Dark Area."
    assert DB["CD-4"]["effects"] == ["evolve_ignore if name=Tentomon | limit: turn | filter: name=Kabuterimon"]
    assert all(DB[n]["modeled"] and DB[n]["timing"] == "evolution" for n in ("Ta-1", "CD-4"))


# ---- Evolve to Ultimate with the Power of the Net!!! Ta-1 -----------------------------------------------------------
def _net(card, players=("greedy", "greedy")):
    """A (first, 50 points): Alpha (Level III) under PerfP (Perfect) on the box, `card` face-down in slot 1, UltU
    (Ultimate, "regain 20 points when you evolve into this Digimon", A 900) on top of the Net Ocean (drawn first); no
    requirement of UltU is met, so greedy has no chain and takes the evolve_ignore step (DM-EVO-5).  B: Beta, lost
    points 5 at every level."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), card,
              digi("UltU", level="Ultimate", bt="A", atk=(900, 800, 300), reqs=ZETA, effects=["heal(20) | when: evolved"]),
              digi("PerfP", level="Perfect", bt="A", atk=(500, 400, 300), reqs=ZETA)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(5, 5, 5, 5))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=3, slots=(1, -1, -1), deck=list(range(4, 30)) + [2], points=50)
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_power_of_the_net_evolved_digimon_regains_nothing():
    # Ta-1 takes UltU, then mills 10 (27 - 6 drawn - 10); UltU's B 800 beats Beta's A 250, Beta loses its table at an
    # Ultimate winner tripled (5 x 3, "lost*3 | when: evolved"); UltU's own "regain 20" gives nothing: A stays at 50
    g = _net(custom("Ta-1"))
    a, b = g.ps
    assert a.top == 2 and g.card_uses[0, 1] == 1 and len(a.deck) == 27 - 6 - 10
    assert g.battles[-1] == E.BR_FIRST and b.points == 85 and a.points == 50


def test_without_no_evo_heal_the_evolved_digimon_regains_its_points():
    # the same card less its no_evo_heal row: UltU's evolved heal row gives its 20 (50 + 20)
    card = custom("Ta-1", effects=[e for e in DB["Ta-1"]["effects"] if e != "no_evo_heal"])
    g = _net(card)
    a, b = g.ps
    assert a.top == 2 and g.battles[-1] == E.BR_FIRST and b.points == 85 and a.points == 70


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_power_of_the_net_other_players_agree_on_both_engines(player):
    # the random player takes UltU or nothing; never a heal after Ta-1's step; the baseline never (BL-5)
    g = _net(custom("Ta-1"), players=(player, "greedy"))
    assert g.ps[0].top in ((3, 2) if player == "random" else (3,))
    assert g.ps[0].points == 50 or g.ps[0].top == 3


# ---- Izumi Koshiro CD-4 ---------------------------------------------------------------------------------------------
def _koshiro(l3_name, players=("greedy", "greedy")):
    """A (first): a Level III named `l3_name` on the box, Izumi Koshiro face-down in slot 1, on top of the Net Ocean
    (drawn first) 2 Kabuterimon (A 450) and 3 GammaIV (A 700): no requirement met, so greedy has no chain."""
    a = fill([digi(l3_name, bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), custom("CD-4"),
              digi("Kabuterimon", level="IV", bt="A", atk=(450, 400, 300), reqs=ZETA),
              digi("GammaIV", level="IV", bt="A", atk=(700, 400, 300), reqs=ZETA)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(4, 30)) + [2, 3])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_izumi_koshiro_evolves_tentomon_into_kabuterimon_only():
    # greedy would take the reachable card of the highest A (GammaIV 700): the filter leaves only Kabuterimon; its B
    # 400 beats Beta's A 250, Beta loses its table at a Level IV winner, 20 (C-LOST-1)
    g = _koshiro("Tentomon")
    a = g.ps[0]
    assert a.top == 2 and 3 in a.hand and g.card_uses[0, 1] == 1
    assert g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80


def test_izumi_koshiro_needs_tentomon():
    # another Level III on the box: the card stays face-down, both Level IV cards stay in the hand
    g = _koshiro("Alpha")
    a = g.ps[0]
    assert a.top == -1 and a.slots[0] == 1 and {2, 3} <= set(a.hand) and g.card_uses[0, 1] == 0


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_izumi_koshiro_other_players_agree_on_both_engines(player):
    # the random player takes Kabuterimon or nothing (never GammaIV); the baseline never (BL-5)
    g = _koshiro("Tentomon", players=(player, "greedy"))
    assert g.ps[0].top in ((-1, 2) if player == "random" else (-1,))
