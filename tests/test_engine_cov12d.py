"""Scenario tests of round 12d (issue 9), on both engines: Ishida Yamato Re-74 / CD-3, effect 2 "change your (Digimon's)
battle type to A, B or C" (``bt_pick``).  A Digimon's battle type names the opponent's attack (seed 003 §3.2.4,
C-TYPE-1), so the change is the owner's pick of the opponent's attack: the letter with the largest margin of its own
final attack over the opponent's (ties A, B, C); an opponent's attack already fixed by an effect stays.  CD-3 stays to
the end of the turn (its limit) and acts effect 2 from the Power Box after its step (round 11b's ``TM_LATER``); Re-74
prints no limit, so it leaves at the end of the phase it was used in (seed 003 §3.3 리미트): effect 2 acts only when the
card is used in the Battle Phase.

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
    # Re-74: "1) (If your Digimon is Gabumon,) ignore the evolution requirements and evolve it into the Garurumon in your
    # Evolution Box.  2) Change your Digimon's battle type to either 'A', 'B', or 'C'." (no limit printed); CD-3: the
    # same, "2) You may change your Battle Type to A, B, or C", to the Dark Area at the end of the turn
    assert DB["Re-74"]["modeled"] and DB["Re-74"]["effects"] == [
        "evolve_ignore if name=Gabumon | filter: name=Garurumon", "bt_pick | when: battle"]
    assert DB["CD-3"]["modeled"] and DB["CD-3"]["effects"] == [
        "evolve_ignore if name=Gabumon | limit: turn | filter: name=Garurumon", "bt_pick | when: battle | limit: turn"]
    assert not DB["Re-79"]["modeled"]  # two named steps in one Evolution Phase: left (docs/coverage.md "Round 12d")


def _yamato(card, l3="Gabumon", garu=(450, 500, 200), beta_bt="B", beta=(500, 400, 250), players=("greedy", "greedy"),
            garurumon=True):
    """A (first): `l3` (Level III, bt A, A 300 / B 200 / C 100) on the box, `card` face-down in slot 1, on top of the Net
    Ocean (drawn first) Garurumon (Level IV, bt A, attacks `garu`; no requirement met, so greedy has no chain and takes
    the evolve_ignore step) — or nothing when not `garurumon`.  B: Beta (bt `beta_bt`, attacks `beta`)."""
    a = fill([digi(l3, bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), card,
              digi("Garurumon", level="IV", bt="A", atk=garu, reqs=ZETA)])
    b = fill([digi("Beta", bt=beta_bt, atk=beta, lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(3, 30)) + ([2] if garurumon else []))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_cd3_steps_and_changes_the_battle_type():
    # the step into Garurumon (it attacks with B 500, Beta's type); Beta would attack with A 500 (A's printed type), a
    # draw: effect 2 makes A's type C, so Beta attacks with C 250 and loses; Beta's table at a Level IV winner, 20 (C-LOST-1)
    g = _yamato(custom("CD-3"))
    a = g.ps[0]
    assert a.top == 2 and g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80
    assert 1 in a.dark and 1 not in a.power and a.slots[0] == -1


def test_without_effect_2_the_step_alone_loses():
    # the same card less effect 2: B 500 against Beta's A 500, a draw (the win above is the battle type's)
    g = _yamato(custom("CD-3", effects=DB["CD-3"]["effects"][:1]))
    assert g.ps[0].top == 2 and g.battles[-1] == E.BR_DRAW


def test_the_pick_weighs_c_turning_a_to_zero():
    # Beta bt A: Garurumon attacks with A 450.  Beta's attacks A 500 / B 440 / C 100: type C would make Beta attack with
    # C, whose "A→0" zeroes Garurumon's A (C-TYPE-2: 0 against 100); type B (440) is the pick that wins
    g = _yamato(custom("CD-3"), beta_bt="A", beta=(500, 440, 100))
    assert g.ps[0].top == 2 and g.battles[-1] == E.BR_FIRST


def test_conditions_read_the_changed_battle_type():
    # a hand-built CD-3 whose third row adds 100 while the own battle type is C (bt=C): Garurumon's printed type is A,
    # the change makes it C; B 500 + 100 against Beta's C 550 wins (without the row's +100 it would lose)
    card = custom("CD-3", effects=DB["CD-3"]["effects"] + ["atk+100 if bt=C | when: battle | limit: turn"])
    g = _yamato(card, beta=(700, 650, 550))
    assert g.ps[0].top == 2 and g.battles[-1] == E.BR_FIRST


def test_re74_without_a_limit_leaves_after_its_step():
    # Re-74 prints no limit: used for the step, it goes to the Dark Area at the end of the Evolution Phase and effect 2
    # never acts: B 500 against Beta's A 500, a draw (CD-3 above wins the same battle; kept for the battle window, the
    # card would leave Gabumon's B 200 against C 250 at best, so greedy steps)
    g = _yamato(custom("Re-74"))
    a = g.ps[0]
    assert a.top == 2 and g.card_uses[0, 1] == 1 and 1 in a.dark and g.battles[-1] == E.BR_DRAW


def test_re74_in_the_battle_window_alone():
    # no Gabumon (a Level III "Tsunomon") and no Garurumon: no step; in the battle the card is turned face-up for effect
    # 2 alone: Tsunomon's B 200 against Beta's C 150 (its type made C) instead of A 500
    g = _yamato(custom("Re-74"), l3="Tsunomon", beta=(500, 400, 150), garurumon=False)
    a = g.ps[0]
    assert a.top == -1 and g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST and 1 in a.dark


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_other_players_agree_on_both_engines(player):
    # the random player takes Garurumon or nothing; the baseline never uses options (BL-5)
    g = _yamato(custom("CD-3"), players=(player, "greedy"))
    assert g.ps[0].top in ((-1, 2) if player == "random" else (-1,))
