"""Round 13a (issue 9): the end of the Evolution Phase (timing ``evo_end``, codes.T_EVO_END), on both engines.

Seed 003 §3.2.3 (진화 단계): the Evolution Phase holds both players' evolutions — the first attacker's, then the second
attacker's, who decides after seeing it — and §3.2.4 the Battle Phase follows; so the end of the Evolution Phase is one
point of the turn, after both evolutions, before the Battle Phase ("your Evolution Phase": the phase of the turn the card
is used in; both players play every turn).  The engines act there the ``evo_end`` rows of the options that served this
turn's evolution steps (the Chosen Children's named step, effect 1, then effect 2 at the end of the phase), first
attacker first.  Cards (cited by number): Kido Jou CD-7 / Kido Jo Re-77 (round 12c's hand / slot exchange, any slot),
Tachikawa Mimi CD-5 ("you may lower both your and your opponent's points by 20": ``both_lose_may``, one fixed choice)
and Re-76 (the same without "you may": both point rows; the step planner leaves it when it would take the owner's last
points).

``both_turn`` plays one turn on the kernel and the reference from the same state and asserts that they agree (zones,
points, battle result, outcome).
"""

from __future__ import annotations

import pytest

from simcli.engine import enums as E
from simcli.cards.translate import iter_card_rows, translate_row
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt

ZETA = [{"from_name": "zeta", "cards": 3}]  # a requirement no scenario meets: only an evolve_ignore step reaches it
SWAP_CD7 = ["evolve_ignore if name=Gomamon | filter: name=Ikkakumon", "swap_hand_slot(7) | when: evo_end"]
SWAP_RE77 = ["evolve_ignore if name=Gomamon | limit: turn | filter: name=Ikkakumon",
             "swap_hand_slot(7) | when: evo_end | limit: turn"]
MIMI_CD5 = ["evolve_ignore if name=Palmon | limit: turn | filter: name=Togemon",
            "both_lose_may(20) | when: evo_end | limit: turn"]
MIMI_RE76 = ["evolve_ignore if name=Palmon | limit: turn | filter: name=Togemon",
             "self_damage(20) | when: evo_end | limit: turn", "damage(20) | when: evo_end | limit: turn"]


@pytest.fixture(scope="module")
def by(lackey_dir):
    return {r["Card Number"].strip(): r for r in iter_card_rows(str(lackey_dir))}


@pytest.mark.parametrize("number,effects", [("CD-7", SWAP_CD7), ("Re-77", SWAP_RE77), ("CD-5", MIMI_CD5),
                                            ("Re-76", MIMI_RE76)])
def test_translations(by, number, effects):
    # CD-7: "Ignore the evolution requirements and evolve your Gomamon into the Ikkakumon …  At the end of the Evolution
    # Phase, you may exchange one Option card from your hand with one currently placed in your slots.  At the end of the
    # Evolution Phase during which this card was used, send it to the Dark Area"; Re-77: numbered, "at the end of your
    # Evolution Phase, you may swap …", to the Dark Area at the end of the turn; CD-5 "you may lower both …" (its "The
    # game ends when either players' points reaches zero": C-PTS-2, no row); Re-76 without "you may" ("… Dard Area …")
    tr = translate_row(by[number])
    assert tr.effects == effects and tr.unmodeled == [] and tr.timing == "evolution"


def _kido(card, boost=True, fa=0, players=("greedy", "greedy")):
    """A: Gomamon (Level III; A 300 / B 200) on the box, `card` in slot 1, Filler A (no rows) in slot 2, Filler B in
    slot 3; the Net Ocean ends with Ikkakumon (Level IV, bt A, B attack 300; no requirement met, so the step is the
    evolve_ignore one) and, when `boost`, Boost (`atk+100`, only in slot 2: Preparation cannot set it into the slot the
    step empties), which Preparation draws.  B: Beta (bt B: A attacks with B; A attack 350).  One turn."""
    a = fill([digi("Gomamon", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), card,
              digi("Ikkakumon", level="IV", bt="A", atk=(450, 300, 200), reqs=ZETA), opt("Boost", ["atk+100"], slot_pos=2),
              opt("Filler A"), opt("Filler B")])
    b = fill([digi("Beta", bt="B", atk=(350, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, 4, 5), deck=list(range(6, 30)) + [2] + ([3] if boost else []))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=fa)
    return g


@pytest.mark.parametrize("number", ["CD-7", "Re-77"])
def test_kido_exchanges_at_the_end_of_the_evolution_phase(number):
    # the step into Ikkakumon (B 300 < Beta's A 350); at the end of the phase Filler A (slot 2, no battle row) goes to the
    # hand and Boost face-down into slot 2 (round 12c's fixed pair), then greedy uses it: 400 beats 350
    g = _kido(custom(number))
    a = g.ps[0]
    assert a.top == 2 and g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST and g.ps[1].points < 100
    assert 4 in a.hand and 3 in a.dark and a.slots[2] == 5 and 1 in a.dark


@pytest.mark.parametrize("number", ["CD-7", "Re-77"])
def test_kido_as_second_attacker(number):
    # the same as the second attacker: its exchange at the end of the phase (after both evolutions), Boost used: A wins
    g = _kido(custom(number), fa=1)
    a = g.ps[0]
    assert a.top == 2 and 4 in a.hand and 3 in a.dark and g.battles[-1] == E.BR_SECOND


def test_without_the_exchange_the_step_alone_loses():
    # CD-7 less its evo_end row: Boost stays in hand (its slot is full), 300 against 350: Beta wins
    g = _kido(custom("CD-7", effects=SWAP_CD7[:1]))
    a = g.ps[0]
    assert g.card_uses[0, 2] == 1 and 3 in a.hand and a.slots[1:] == [4, 5] and g.battles[-1] == E.BR_SECOND


def test_kido_without_a_pair_exchanges_nothing():
    # no option in hand: no pair, no exchange; the step alone loses
    g = _kido(custom("CD-7"), boost=False)
    a = g.ps[0]
    assert g.card_uses[0, 2] == 1 and a.slots[1:] == [4, 5] and 4 not in a.hand and g.battles[-1] == E.BR_SECOND


def _mimi(card, pa, pb, players=("greedy", "greedy"), palmon="Palmon"):
    """A: `palmon` (Level III, A 300 / B 200) on the box, `card` in slot 1, Togemon (Level IV, B 300) drawn; B: Beta
    (A 250 loses to 300; lost points 10 at a Level IV winner).  Points pa / pb.  One turn, A first."""
    a = fill([digi(palmon, bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), card,
              digi("Togemon", level="IV", bt="A", atk=(450, 300, 200), reqs=ZETA)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 10, 10, 10))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(3, 30)) + [2], points=pa)
    place(g, 1, l3=0, deck=list(range(1, 30)), points=pb)
    decided = both_turn(T, g, fa=0)
    return g, decided


def test_cd5_lowers_both_when_ahead():
    # 100 against 50: both lose 20 at the end of the phase (80 / 30), then Togemon (300) beats Beta (250): B loses 10
    g, _ = _mimi(custom("CD-5"), 100, 50)
    assert g.ps[0].top == 2 and g.ps[0].points == 80 and g.ps[1].points == 20 and g.battles[-1] == E.BR_FIRST


def test_cd5_keeps_the_points_when_behind_or_at_the_amount():
    # behind (50 against 100): nothing lowered; Beta loses 10 to the battle
    g, _ = _mimi(custom("CD-5"), 50, 100)
    assert g.ps[0].top == 2 and g.ps[0].points == 50 and g.ps[1].points == 90
    # ahead but at 20 (20 against 10): lowering would end the game at 0 / 0, a draw (C-PTS-2): not chosen
    g, _ = _mimi(custom("CD-5"), 20, 10)
    assert g.ps[0].points == 20 and g.ps[1].points == 0 and g.battles[-1] == E.BR_FIRST


def test_cd5_ends_the_game_before_the_battle():
    # 30 against 20: both lose 20, B reaches zero at the end of the Evolution Phase: A wins, no battle
    g, _ = _mimi(custom("CD-5"), 30, 20)
    assert g.ps[0].points == 10 and g.ps[1].points == 0 and g.outcome == E.OUT_A and not g.battles


def test_re76_lowers_both_always():
    # no "you may": behind (50 against 100) both lose 20 all the same (30 / 80), then Beta loses 10 to the battle
    g, _ = _mimi(custom("Re-76"), 50, 100)
    assert g.ps[0].top == 2 and g.ps[0].points == 30 and g.ps[1].points == 70 and 1 in g.ps[0].dark


def test_re76_not_used_at_its_owners_last_points():
    # at 20 points the step planner leaves Re-76 (its evo_end rows would end the game against its owner): no step,
    # Palmon's B 200 loses to Beta's A 250
    g, _ = _mimi(custom("Re-76"), 20, 100)
    assert g.ps[0].top == -1 and g.card_uses[0, 1] == 0 and g.ps[1].points == 100 and g.battles[-1] == E.BR_SECOND


@pytest.mark.parametrize("player", ["random", "baseline"])
@pytest.mark.parametrize("number", ["CD-7", "CD-5", "Re-76"])
def test_other_players_agree_on_both_engines(player, number):
    # random takes the step or not (its usual choice); the baseline never uses options (BL-5): no evo_end row then
    g = _kido(custom(number), players=(player, "greedy")) if number == "CD-7" else \
        _mimi(custom(number), 100, 50, players=(player, "greedy"))[0]
    if player == "baseline":
        assert g.card_uses[0, 1] == 0 and g.ps[0].top == -1
