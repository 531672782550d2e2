"""Scenario tests of the lead's round-13 cards (issue 9), on both engines.

* Jumper ROM Bo-451: "For the next turn only, the upper limit of your hand becomes 4, and add 100 to your attack power
  (…adjust it during the preparation phase…)", a Point Calculation Item that "cannot be used when your Digimon is Level
  III" and goes to the Dark Area "at the end of the turn after the turn during which this card was used": Jumper Board
  Bo-452's `hand_limit` (round 11f) and a battle row.  An option with rows at the Point Calculation and in battle is a
  Point Calculation card: never used in a battle window (`battle_card`), its battle row acts in the next turn's battle
  from the face-up slot, without the usage restriction (checked at the use).
* New Digital World NDW Bx-34: "You can use this card when your Digimon is red frame and Level IV, Perfect, or Ultimate
  level" (read as "a red frame Level IV, …") and round 13f's `self_lost-10` ("it cannot become zero").

``both_turn`` plays each turn on the kernel and the reference from the same state and asserts that they agree (zones,
points, battle result).
"""

from __future__ import annotations

import pytest
from test_engine_helpers import both_turn, place, scenario
from test_engine_parity import SHIPPED, _compare
from test_engine_rules import digi, fill, opt

from simcli.cards.db import load_db
from simcli.engine import enums as E
from simcli.engine.reference import PERSIST
from simcli.engine.tables import compile_tables

ROM_ROWS = ["hand_limit(4) if level!=III | limit: turns(2)", "atk+100 | when: battle | limit: turns(2)"]
NDW_ROWS = ["self_lost-10 if frame=Red & level>=IV | limit: lifespan, field"]


DB = load_db()


def test_database_records():
    db = DB
    assert db["Bo-451"]["modeled"] and db["Bo-451"]["effects"] == ROM_ROWS
    assert db["Bx-34"]["modeled"] and db["Bx-34"]["effects"] == NDW_ROWS


def _rom(level="IV", players=("greedy", "greedy")):
    """Four turns, A first: A's Alpha (`level`, type A: its B attack 200) with ROM face-down in slot 1 against Beta's A
    250 (B never uses anything: its deck is fillers).  A's draw counts per Preparation and the log."""
    rom = opt("Rom", effects=ROM_ROWS, timing="point", option_type="Item")
    a = fill([digi("Alpha", level=level, bt="A", atk=(300, 200, 100)), rom])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    for t in range(3):
        both_turn(T, g, fa=0 if t == 0 else g.fa, turn=2 + t)
    draws = [len(ln.split(" (deck ")[0].split(", ")) for ln in g.log if ln.startswith("  A draws ")]
    return g, draws


def test_rom_acts_in_the_next_turn_only():
    # turn 2: Alpha's 200 loses to 250 (no +100: ROM is a Point Calculation card, never used in the battle window); at
    # the Point Calculation greedy uses it (its hand_limit row's level!=III holds).  Turn 3: Preparation trims and draws to
    # 4 (C-HAND-1 with the face-up hand_limit), the battle row adds 100: A (second, the loser attacks first) wins 300 to 250.  ROM goes to the Dark Area at the
    # end of turn 3 (turns(2)): turn 4 draws to 6 and Alpha's 200 loses again.
    g, draws = _rom()
    assert draws == [6, 4, 6]
    log = "\n".join(g.log)
    turn2 = log.split("turn 3:")[0]
    assert turn2.index("battle: A Alpha 200 vs B Beta 250") < turn2.index("  A uses Rom")
    turn3 = log.split("turn 3:")[1].split("turn 4:")[0]
    assert "A uses B 200 (+100) → 300" in turn3 and "A draws Filler 21, Filler 20, Filler 19, Filler 18 (deck 18)" in turn3
    assert g.ps[0].points == 80 and g.ps[1].points == 90  # lost turns 2 and 4, won turn 3
    assert 1 in g.ps[0].dark and g.ps[0].slots == [-1, -1, -1] and g.card_uses[0, 1] == 1


def test_rom_not_used_at_level_three():
    # "This card cannot be used when your Digimon is Level III": ROM stays face-down, every draw is to 6, no +100
    g, draws = _rom(level="III")
    assert draws == [6, 6, 6] and g.card_uses[0, 1] == 0 and g.ps[0].slots[0] == 1


def test_parity_with_rom_and_ndw():
    # both engines play the same whole games (every player) with Bo-451 and Bx-34 in a shipped deck (both_turn restarts
    # the kernel's random stream each turn, so the random player is compared over whole games)
    db = DB
    deck = list(SHIPPED[0])
    opts = [i for i, c in enumerate(deck) if c["kind"] == "Option"][-3:]
    for i, n in zip(opts, ("Bo-451", "Bo-451", "Bx-34")):
        deck[i] = db[n]
    T, _ = compile_tables([deck, SHIPPED[1]], effects=True)
    for k, players in enumerate((("greedy", "greedy"), ("random", "random"), ("random", "baseline"))):
        _compare(T, players, True, seed=140 + k, n=150)


def _ndw(frame, level, lost):
    """A's Alpha (`frame`, `level`, lost points `lost`) with NDW face-up in slot 1 (used in an earlier turn; it stays
    until the lifespan ends or another Field turns face-up) loses to Beta (A 250 against Alpha's B 200)."""
    ndw = opt("NDW", effects=NDW_ROWS, timing="battle", option_type="Field")
    a = fill([digi("Alpha", level=level, bt="A", atk=(300, 200, 100), lost=lost, frame=frame), ndw])
    b = fill([digi("Beta", level=level, bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    g.ps[0].slot_up[0], g.ps[0].slot_end[0], g.ps[0].slot_card[0] = PERSIST, E.LE_LIFESPAN | E.LE_FIELD, 0
    both_turn(T, g, fa=0, turn=2)
    assert g.battles[-1] == E.BR_SECOND
    return g


@pytest.mark.parametrize("lost,expect", [((30, 30, 30, 30), 80), ((10, 10, 10, 10), 90), ((15, 15, 15, 15), 90)])
def test_ndw_cuts_a_red_frame_s_lost_points(lost, expect):
    # C-LOST-1: Alpha loses its own table's value at Beta's level less 10, not below 10 ("it cannot become zero"):
    # 30 → 20, 10 stays 10, 15 → 10
    g = _ndw("Red", "IV", lost)
    assert g.ps[0].points == expect


@pytest.mark.parametrize("frame,level", [("Blue", "IV"), ("Red", "III")])
def test_ndw_needs_a_red_frame_of_level_four_or_more(frame, level):
    g = _ndw(frame, level, (30, 30, 30, 30))
    assert g.ps[0].points == 70
