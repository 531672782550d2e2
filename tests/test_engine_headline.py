"""Scenario tests for the headline cards of the shipped decks that issue 9 asked to model (docs/coverage.md,
docs/effect-language.md "Headline cards").  Each runs on both engines from the same state (``both_turn`` compares
every zone) with the real cards' database rows (custom(NUMBER)).

* The Mysterious Man's Manipulations Re-60t (qinglongmon-parasimon-corelock.deck): a Program used at Point
  Calculation; while face-up the own Digimon that loses goes to the hand (``lost_to_hand``), an opponent's clearing
  of the slots is answered by sending 5 Net Ocean cards to the Dark Area (``keep_slot(5)``), it leaves at the end of
  the lifespan (seed 004, limit ``lifespan``).
* Imperialdramon Re-44t: appears while a card of the category (group) "Mysterious Man" lies in the own slots
  (``slot:group=Mysterious Man``, seed 003 §3.2.2.1 ex. 6) and clears the opponent's slots at the start of battle.
* Spinomon Bo-1201 (volcdramon-bx164.deck): ``per_mill(200,6)`` whose use with 5 or more cards sends it to the
  Dark Area at the end of the turn (limit ``leave_at(5)``).
"""

from __future__ import annotations

from simcli.cards.db import load_db
from simcli.engine import enums as E
from simcli.engine.reference import PERSIST
from test_engine_fidelity import _fights
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt


def test_database_rows_of_the_headline_cards():
    db = load_db()
    assert db["Re-60t"]["modeled"] and db["Re-60t"]["timing"] == "point" and db["Re-60t"]["face_up_limit"] == 1
    assert db["Re-60t"]["effects"] == ["lost_to_hand | limit: lifespan", "keep_slot(5) | limit: lifespan"]
    assert db["Re-44t"]["modeled"] and db["Re-44t"]["appearance"] == [
        "appear if slot:group=Mysterious Man | when: start", "appear if slot:group=Mysterious Man"]
    assert db["Bo-1201"]["modeled"] and db["Bo-1201"]["effects"] == [
        "keep_abilities | when: passive", "immune_options if card:group=Worm | when: passive | special: no",
        "per_mill(200,6) | limit: leave_at(5)"]


def _up(g, seat, k):
    """Slot k of seat holds a used option with limit ``lifespan`` (face-up until the renewal)."""
    p = g.ps[seat]
    p.slot_up[k], p.slot_end[k], p.slot_card[k] = PERSIST, E.LE_LIFESPAN, p.cur()


# ---- Re-60t: "When your Digimon loses a battle, add it to your hand instead of sending it to the Dark Area" ------
def _loses(players, face_up=False):
    """A: Alpha (Level III) under Host (Level IV, type A, 300/250/200), Re-60t face-down (or face-up) in slot 1;
    B: Beta (Level III, type A, 900/800/700) wins: Host attacks with A 300 against Beta's A 900."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)),
              digi("Host", level="IV", bt="A", atk=(300, 250, 200), lost=(20, 20, 20, 20)), custom("Re-60t")])
    b = fill([digi("Beta", bt="A", atk=(900, 800, 700))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=1, slots=(2, -1, -1), deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    if face_up:
        _up(g, 0, 0)
    return both_turn(T, g, fa=0)


def test_mysterious_man_returns_the_losing_digimon_to_the_hand():
    # greedy uses the Program at Point Calculation (its activation timing), before the death check (DM-PTS-1):
    # Host loses 300 to 900 and goes to the hand; the card stays face-up in its slot (limit lifespan)
    g = _loses(("greedy", "greedy"))
    a = g.ps[0]
    assert _fights(g)[-1] == (300, 900) and a.points == 80  # Host's table at a Level III: 20
    assert a.top == -1 and 1 in a.hand and 1 not in a.dark
    assert a.slots[0] == 2 and a.slot_up[0] == PERSIST and g.card_uses[0, 2] == 1
    # the baseline never uses options (BL-5): Host goes to the Dark Area (DM-L3-1: Alpha stays)
    g = _loses(("baseline", "baseline"))
    a = g.ps[0]
    assert a.top == -1 and a.l3 == 0 and 1 in a.dark and 1 not in a.hand and a.slot_up[0] == 0
    # already face-up: the baseline's Digimon goes to the hand too (the card acts while face-up)
    g = _loses(("baseline", "baseline"), face_up=True)
    assert 1 in g.ps[0].hand and 1 not in g.ps[0].dark


def test_mysterious_man_leaves_at_the_end_of_the_lifespan():
    # seed 004: at the end of Point Calculation with an empty Net Ocean the lifespan ends; the card goes to the Dark
    # Area with the Digimon before the shuffle ("Send this card to the Dark Area at the end of the turn when you reach
    # the end of your lifespan"): A draws its last cards in Preparation
    a = fill([digi("Alpha", bt="A", atk=(900, 800, 700)), custom("Re-60t")])
    b = fill([digi("Beta", bt="A", atk=(300, 200, 100))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=[2, 3, 4])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    _up(g, 0, 0)
    g = both_turn(T, g, fa=0)
    a = g.ps[0]
    assert a.renewals == 1 and a.slots == [-1, -1, -1] and 1 in a.deck


# ---- Re-60t: "… you may send 5 cards from your Net Ocean to the Dark Area and allow this card to remain" --------
def _cleared(deck_n, face_up=True):
    """A: Alpha (Level III), Re-60t (face-up or not) and Guard (face-down) in its slots, `deck_n` cards in its Net
    Ocean before it draws 6; B: Beta under Re-44t, whose "at the start of the battle, send all of the cards in the
    opponent's slots to the Dark Area" (opp_slots_clear | when: start) reaches A's slots."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), custom("Re-60t"), opt("Guard", effects=["atk+50"])])
    b = fill([digi("Beta", bt="A", atk=(250, 240, 150)), custom("Re-44t")])
    T, g = scenario(a, b, effects=True, players=("baseline", "baseline"))
    place(g, 0, l3=0, slots=(1, 2, -1), deck=list(range(3, 3 + deck_n)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    if face_up:
        _up(g, 0, 0)
    return both_turn(T, g, fa=0)


def test_mysterious_man_stays_for_five_net_ocean_cards():
    # 12 cards (3..14, 14 on top), 6 drawn: the top 5 of the other 6 go to the Dark Area (slot order: the card is
    # kept first) and the card stays; Guard goes
    g = _cleared(12)
    a = g.ps[0]
    assert a.slots == [1, -1, -1] and a.slot_up[0] == PERSIST
    assert a.dark[:6] == [8, 7, 6, 5, 4, 2] and a.deck == [3]
    # 10 cards: 4 left after the draw, the 5 cannot be sent: both cards go to the Dark Area
    g = _cleared(10)
    a = g.ps[0]
    assert a.slots == [-1, -1, -1] and a.dark[:2] == [1, 2] and len(a.deck) == 4
    # face-down (never used) the card has no effect yet: it goes like any card
    g = _cleared(12, face_up=False)
    a = g.ps[0]
    assert a.slots == [-1, -1, -1] and a.dark[:2] == [1, 2] and len(a.deck) == 6


# ---- Re-44t: "When you have a card belonging to the category 'Mysterious Man' in your slots, make this card appear"
def _imperialdramon(manipulations=True):
    """A (greedy): Alpha (Level III, type A 300/200/100) with Re-44t and Re-60t (or a plain option) in hand;
    B: Beta (Level III, type B 250/240/150, wins against Alpha) with Guard and Ward face-down in its slots."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), custom("Re-44t"),
              custom("Re-60t") if manipulations else opt("Plain", effects=["atk+10"], timing="point")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40)),
              opt("Guard", effects=["atk+50"]), opt("Ward", effects=["atk+60"])])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
    place(g, 1, l3=0, slots=(1, 2, -1), deck=list(range(3, 30)))
    return both_turn(T, g, fa=0)


def test_imperialdramon_appears_when_the_mysterious_man_is_set():
    # greedy sets Re-60t (Preparation step 6): the condition holds with the card face-down; Re-44t (Ultimate,
    # type C 660/580/410) appears at the start of the battle and clears B's slots (its start row); it attacks
    # with B's type B, 580 against Beta's C 150; B loses its table at an Ultimate (40)
    g = _imperialdramon()
    a, b = g.ps
    assert a.top == 1 and a.slots[0] == 2 and g.card_uses[0, 1] == 1
    assert b.slots == [-1, -1, -1] and {1, 2} <= set(b.dark)
    assert _fights(g)[-1] == (580, 150) and b.points == 60
    # another option instead: the condition cannot come true, so BL-2b does not keep Re-44t (Preparation step 1
    # discards it) and Alpha loses
    g = _imperialdramon(manipulations=False)
    a, b = g.ps
    assert a.top == -1 and 1 in a.dark and b.slots[:2] == [1, 2] and g.card_uses[0, 1] == 0


def test_greedy_does_not_appear_into_a_lost_battle():
    # greedy's start-of-battle appearance (docs/engine.md, greedy): not when the battle is lost anyway.  Beta's C 990
    # beats Re-44t's 580 as it beats Alpha: Re-44t stays in hand (Re-60t set), Alpha loses; both engines (both_turn)
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), custom("Re-44t"), custom("Re-60t")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 990), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    g = both_turn(T, g, fa=0)
    a, b = g.ps
    assert a.top == -1 and 1 in a.hand and a.slots[0] == 2 and g.card_uses[0, 1] == 0 and a.points < 100


def _tie(level):
    """A (greedy): Alpha (Level III) under Top (``level``, type A, 300/290/200), Re-60t face-down in slot 1 (Re-44t's
    condition holds), Re-44t in hand; B: Beta (Level III, type B 250/240/150).  Top wins (B attack 290 against
    Beta's A 250) and Re-44t would win too (580): the appearance does not change the result."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), custom("Re-44t"), custom("Re-60t"),
              digi("Top", level=level, bt="A", atk=(300, 290, 200), lost=(20, 20, 20, 20))])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=3, hand=[1], slots=(2, -1, -1), deck=list(range(4, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    return both_turn(T, g, fa=0)


def test_greedy_keeps_a_winning_ultimate_rather_than_appear_on_a_tie():
    # greedy's start-of-battle appearance (docs/engine.md, greedy): a result that is only as good does not pay for
    # an own Ultimate sent to the Dark Area (seed 003 §3.2.3: the previous Digimon, except the Level III, goes to
    # the Dark Area); over a Level IV it still appears.  Both engines (both_turn).
    a, b = _tie("Ultimate").ps
    assert a.top == 3 and 1 in a.hand and b.points == 60
    a, b = _tie("IV").ps
    assert a.top == 1 and 3 in a.dark and 1 not in a.hand


def test_appearance_keep_needs_a_card_for_the_slot_condition():
    # BL-2b (docs/engine.md): Re-44t's "slot:group=Mysterious Man" can come true only with a Mysterious Man card in
    # the slots or in the hand; the baseline player (it sets no options) keeps Re-44t beside Re-60t in hand and
    # discards it beside a plain option; both engines agree (both_turn)
    for mm, kept in ((True, True), (False, False)):
        a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), custom("Re-44t"),
                  custom("Re-60t") if mm else opt("Plain", effects=["atk+10"], timing="point")])
        b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
        T, g = scenario(a, b, effects=True, players=("baseline", "baseline"))
        place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
        place(g, 1, l3=0, deck=list(range(1, 30)))
        g = both_turn(T, g, fa=0)
        assert (1 in g.ps[0].hand) == kept and (1 in g.ps[0].dark) == (not kept)


# ---- Spinomon Bo-1201: "(when you use this ability to discard 5 or more cards, send this card to the Dark Area at
# the end of the turn)" ----------------------------------------------------------------------------------------
def _spinomon(opp_c, players=("greedy", "greedy")):
    """A: Alpha (Level III) under Spinomon (Ultimate, type C 810/750/490); B: Big (Ultimate, type B, C = opp_c):
    Spinomon attacks with B 750, Big with C (against type C)."""
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), custom("Bo-1201")])
    b = fill([digi("Beta", bt="A", atk=(250, 240, 150)),
              digi("Big", level="Ultimate", bt="B", atk=(100, 100, opp_c), lost=(10, 10, 10, 10))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=1, deck=list(range(2, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    return both_turn(T, g, fa=0)


def test_spinomon_leaves_at_the_end_of_the_turn_after_five_cards():
    # 750 + 200 x 5 = 1,750 > 1,650 (4 cards: 1,550 lose): greedy discards 5 (the fewest for its best result),
    # wins, and Spinomon goes to the Dark Area at the end of the turn; Alpha stays (DM-L3-1)
    g = _spinomon(1650)
    a = g.ps[0]
    assert _fights(g)[-1] == (1750, 1650) and g.ps[1].points == 90
    assert a.top == -1 and a.l3 == 0 and a.dark[-1] == 1 and len(a.dark) == 6


def test_spinomon_stays_after_four_cards():
    # 4 cards are enough against 1,500 (1,550): Spinomon stays in the box
    g = _spinomon(1500)
    a = g.ps[0]
    assert _fights(g)[-1] == (1550, 1500) and a.top == 1 and len(a.dark) == 4


# ---- the shipped decks that hold them: kernel-reference parity, and the cards act -----------------------------
def _shipped_pair():
    from pathlib import Path

    from simcli.decks import load_deck
    from simcli.engine.tables import compile_tables

    d = Path(__file__).resolve().parents[1] / "decks" / "dmcg"
    decks = [load_deck(d / f).cards() for f in ("qinglongmon-parasimon-corelock.deck", "volcdramon-bx164.deck")]
    T, info = compile_tables(decks, effects=True)
    return T, [[c["number"] for c in deck] for deck in info.cards]


def test_shipped_headline_decks_play_the_same_games_on_both_engines():
    import numpy as np

    from simcli.engine import kernel
    from simcli.engine import reference as R

    T, numbers = _shipped_pair()
    for players in (("greedy", "greedy"), ("random", "greedy"), ("random", "random")):
        n = 300
        uses = np.zeros((2, 30), np.int64)
        ref = []
        for gi in range(n):
            g = R.play_game(T, 21, gi, players=players, effects_on=True)
            ref.append(g.record())
            uses += g.card_uses
        rec = kernel.run_records(T, 21, 0, n, 200, [E.PLAYER_NAMES.index(p) for p in players])
        bad = [i for i, (r, k) in enumerate(zip(ref, rec)) if r != tuple(int(x) for x in k)]
        assert not bad, (players, len(bad), bad[0])
        used = {numbers[s][c] for s in range(2) for c in range(30) if uses[s, c]}
        # the headline cards act: Re-60t used, Re-44t entering play (greedy: Spinomon in the box or using its ability)
        assert {"Re-60t", "Re-44t"} | ({"Bo-1201"} if players[1] == "greedy" else set()) <= used, players
