"""Scenario tests of round 11b (issue 9), on both engines: the Chosen Children's numbered effects (rows 4 and 13 of
docs/coverage.md "Open questions that block options").  "1) Evolution Phase 2) Battle Phase" (Takenouchi Sora Re-73 /
CD-2): effect 1 is an ``evolve_ignore`` step; the card stays in the Power Box to the end of the turn (its limit, seed
003 §3.3 리미트) and effect 2's battle row acts in that turn's battle (seed 003 §3.4 발동 타이밍: a face-up card acts in
the phase its timing column names; tables.TM_LATER).  "You may only use each of the following effects once until you hit
the limit" has no row: each row acts once while the card stays (docs/effect-language.md "Round 11b").

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
STEP = ["evolve_ignore if name=Piyomon | limit: turn | filter: name=Birdramon",
        "atk+100 if keyword=sky | when: battle | limit: turn"]


def test_database_records():
    # Re-73 / CD-2: "(You may only use each of the following effects once until you hit the limit.) 1) (If your Digimon
    # is Piyomon,) ignore the evolution requirements and evolve it into the Birdramon in your Evolution Box.  2) (You may)
    # add 100 to the attack power of your Digimon with the ability 'sky'.  … the Dark Area at the end of (the) turn"
    for n in ("Re-73", "CD-2"):
        assert DB[n]["modeled"] and DB[n]["timing"] == "evolution" and DB[n]["effects"] == STEP
    # Re-75 / Re-78 / CD-6: a look (no row) and the named step, to the Dark Area at the end of the turn (as CD-4)
    for n, a, b in (("Re-75", "Tentomon", "Kabuterimon"), ("Re-78", "Patamon", "Angemon"), ("CD-6", "Patamon", "Angemon")):
        assert DB[n]["modeled"] and DB[n]["effects"] == [f"evolve_ignore if name={a} | limit: turn | filter: name={b}"]
    # left: a Dark Area swap (Re-72, CD-1), two steps of one card in one phase (Re-79); both players' points (Re-76,
    # CD-5) and the hand / slot swap (Re-77, CD-7) are round 13a's (tests/test_engine_cov13a.py)
    for n in ("Re-72", "Re-79", "CD-1"):  # Re-74 / CD-3: round 12d
        assert not DB[n]["modeled"], n


def _sora(card, l3="Piyomon", bird_kw=("sky",), beta_a=350, players=("greedy", "greedy"), bird=True):
    """A (first): `l3` (Level III, A 300 / B 200) on the box, `card` face-down in slot 1, on top of the Net Ocean (drawn
    first) Birdramon (Level IV, bt A, B attack 300, abilities `bird_kw`; no requirement met, so greedy has no chain and
    takes the evolve_ignore step) — or a filler when not `bird`.  B: Beta (bt B, so A attacks with B; A attack `beta_a`)."""
    a = fill([digi(l3, bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), keywords=["sky"] if l3 == "Skymon" else []),
              card, digi("Birdramon", level="IV", bt="A", atk=(450, 300, 200), reqs=ZETA, keywords=list(bird_kw))])
    b = fill([digi("Beta", bt="B", atk=(beta_a, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(3, 30)) + ([2] if bird else []))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_sora_evolves_piyomon_and_adds_100_in_the_battle():
    # the step into Birdramon (B 300), then effect 2 from the Power Box: 300 + 100 beats Beta's A 350; Beta loses its
    # table at a Level IV winner, 20 (C-LOST-1); the card goes to the Dark Area at the end of the turn (its limit)
    g = _sora(custom("Re-73"))
    a = g.ps[0]
    assert a.top == 2 and g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80
    assert 1 in a.dark and 1 not in a.power and a.slots[0] == -1


def test_sora_adds_100_once():
    # against Beta's A 400 the battle is drawn: exactly one +100 (none would lose, two would win)
    g = _sora(custom("CD-2"), beta_a=400)
    assert g.ps[0].top == 2 and g.battles[-1] == E.BR_DRAW


def test_sora_adds_nothing_without_sky():
    # Birdramon without the ability "sky": 300 against 350, Beta wins (the losing Birdramon goes to the Dark Area in the
    # death check); Piyomon's step still happened
    g = _sora(custom("Re-73"), bird_kw=())
    assert g.card_uses[0, 1] == 1 and g.card_uses[0, 2] == 1 and 2 in g.ps[0].dark and g.battles[-1] == E.BR_SECOND


def test_without_the_power_box_rows_the_step_alone_loses():
    # the same card less effect 2: the step alone, 300 against 350 (the +100 above is effect 2's)
    g = _sora(custom("Re-73", effects=STEP[:1]))
    assert g.card_uses[0, 2] == 1 and 2 in g.ps[0].dark and g.battles[-1] == E.BR_SECOND


def test_sora_in_the_battle_window_alone():
    # no Piyomon (a Level III "Skymon" with "sky", no Birdramon): no step; in the battle the card is turned face-up for
    # effect 2 alone (effect 1's phase is past): Skymon's B 200 + 100 against Beta's A 250 wins
    g = _sora(custom("Re-73"), l3="Skymon", beta_a=250, bird=False)
    a = g.ps[0]
    assert a.top == -1 and g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST and 1 in a.dark


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_sora_other_players_agree_on_both_engines(player):
    # the random player takes Birdramon or nothing; the baseline never uses options (BL-5)
    g = _sora(custom("Re-73"), players=(player, "greedy"))
    assert g.ps[0].top in ((-1, 2) if player == "random" else (-1,))


@pytest.mark.parametrize("number,l3,target", [("Re-75", "Tentomon", "Kabuterimon"), ("Re-78", "Patamon", "Angemon"),
                                              ("CD-6", "Patamon", "Angemon")])
def test_named_step_once_until_the_limit(number, l3, target):
    # the named step (round 10d's shape; the look has no row): greedy would take GammaIV (A 700), the filter leaves only
    # the named card; the option leaves at the end of the turn (its limit), so its step is used once
    a = fill([digi(l3, bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), custom(number),
              digi(target, level="IV", bt="A", atk=(450, 400, 300), reqs=ZETA),
              digi("GammaIV", level="IV", bt="A", atk=(700, 400, 300), reqs=ZETA)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(4, 30)) + [2, 3])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    p = g.ps[0]
    assert p.top == 2 and 3 in p.hand and g.card_uses[0, 1] == 1 and 1 in p.dark and g.battles[-1] == E.BR_FIRST
