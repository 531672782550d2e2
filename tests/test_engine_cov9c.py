"""Scenario tests of the round-9c effect words (issue 9), on both engines (effects on).

The base duel of tests/test_engine_effects.py: A's Alpha (Level III, type A, attacks 300/200/100: 200 against a type-B
Digimon) against B's Beta (Level III, type B); A is the first attacker, so B acts first in the battle windows
(DM-BAT-1).  ``both_turn`` plays each turn on the kernel and the reference from the same state and asserts that they
agree (zones, points, battle result).  Here a Level IV may lie on either Level III in the box (the top card).
"""

from __future__ import annotations

from simcli.engine import enums as E
from simcli.engine.rng import Rng
from test_engine_effects import duel
from test_engine_rules import digi

# That Was a Good Time St-57: "Return your or your opponent's Level IV Digimon back to the Level III Digimon it was
# before evolving" (its hand-card cost left out: the duel's hands are empty)
PICK = ["box_dark_pick | filter: level=IV | limit: battle"]


def _tops(a_top=None, b_top=None, b_fx=()):
    """Cards for duel's a_opts / b_opts and a setup that puts them on the box: a_top / b_top are the attacks of a Level IV
    (all three the same, lost points 40) on A's / B's Level III, None for none.  A's Level IV is A's card 2, B's is
    B's card 1."""
    a_cards, b_cards = [], []
    if a_top is not None:
        a_cards.append(digi("Delta", level="IV", bt="A", atk=(a_top,) * 3, lost=(40, 40, 40, 40)))
    if b_top is not None:
        b_cards.append(digi("Gamma", level="IV", bt="B", atk=(b_top,) * 3, lost=(40, 40, 40, 40), effects=list(b_fx)))

    def setup(g):
        a, b = g.ps
        if a_top is not None:
            a.slots[1], a.top = -1, 2
        if b_top is not None:
            b.slots[0], b.top = -1, 1
    return a_cards, b_cards, setup


def test_box_dark_pick_sends_the_opponents_level_iv_back_to_its_level_iii():
    # round 9c, box_dark_pick: B's Gamma (Level IV, 400) lies on Beta (150).  Only B's side holds a Level IV: A's greedy
    # player uses the card because Beta then battles (its look-ahead rebuilds the modifiers from the Level III), and
    # Gamma goes to B's Dark Area; Beta stays (DM-L3-1).  Alpha's 200 beats Beta's 150: B loses Beta's 10 points.
    a_cards, b_cards, setup = _tops(b_top=400)
    g, f = duel(a_opts=[PICK], b_opts=b_cards, b_atk=(150, 150, 150), setup=setup)
    a, b = g.ps
    assert f == [(200, 150)] and g.battles[-1] == E.BR_FIRST and b.points == 90
    assert b.top == -1 and b.dark[:1] == [1] and b.l3 == 0 and 0 not in b.dark and g.card_uses[0, 1] == 1
    # a Level III alone in the box is never sent (DM-L3-1): nothing to pick, the card is not used and A loses
    g, f = duel(a_opts=[PICK], b_atk=(250, 250, 250))
    assert f == [(200, 250)] and g.ps[1].l3 == 0 and g.card_uses[0, 1] == 0


def test_box_dark_pick_takes_the_own_side_when_that_wins():
    # A's own Delta (Level IV, 100) lies on Alpha; B's Gamma (180) on Beta (150).  Removing Delta lets Alpha (200) beat
    # Gamma; removing Gamma leaves Delta (100) losing to Beta: greedy sends its own Level IV to its own Dark Area.
    a_cards, b_cards, setup = _tops(a_top=100, b_top=180)
    g, f = duel(a_opts=[PICK] + a_cards, b_opts=b_cards, b_atk=(150, 150, 150), setup=setup)
    a, b = g.ps
    assert f == [(200, 180)] and g.battles[-1] == E.BR_FIRST
    assert a.top == -1 and 2 in a.dark and a.l3 == 0 and b.top == -1 and 1 in b.dark  # Gamma lost: death check
    assert b.points == 60  # Gamma's lost points (40)


def test_box_dark_pick_prefers_the_opponent_among_equal_outcomes():
    # Delta (160) on Alpha, Gamma (180) on Beta (150): either removal wins (200 > 180, 160 > 150); greedy picks the
    # opponent's side.  Beta then loses to Delta: B loses Beta's lost points against a Level IV (20) and keeps Beta.
    a_cards, b_cards, setup = _tops(a_top=160, b_top=180)
    g, f = duel(a_opts=[PICK] + a_cards, b_opts=b_cards, b_atk=(150, 150, 150), setup=setup)
    a, b = g.ps
    assert f == [(160, 150)] and g.battles[-1] == E.BR_FIRST and a.top == 2 and b.top == -1 and b.dark[:1] == [1]
    assert b.points == 80 and b.l3 == 0


def test_box_dark_pick_does_not_reach_an_opponent_immune_to_options():
    # the opponent's half is an option's effect on it: Gamma with "cannot receive the effects of the opponent's Option
    # cards" stays.  With Delta (160) on Alpha the only side left is A's own: removing it wins (200 > 180), so greedy
    # sends Delta.
    a_cards, b_cards, setup = _tops(a_top=160, b_top=180, b_fx=["immune_options | when: passive"])
    g, f = duel(a_opts=[PICK] + a_cards, b_opts=b_cards, b_atk=(150, 150, 150), setup=setup)
    a, b = g.ps
    assert f == [(200, 180)] and a.top == -1 and 2 in a.dark and g.card_uses[0, 1] == 1


def test_box_dark_pick_random_player_takes_either_side():
    # the random player picks one of the sides uniformly (both engines draw the same number, both_turn checks the
    # states agree): over these seeds it used the card and took its own Level IV (Alpha 200 against Gamma 180) in some
    # games and the opponent's (Delta 160 against Beta 150) in others; unused, Delta 160 loses to Gamma 180
    seen = set()
    for seed in range(11, 19):
        a_cards, b_cards, place_tops = _tops(a_top=160, b_top=180)

        def setup(g, seed=seed):
            place_tops(g)
            g.seed, g.rng = seed, Rng(seed, g.index)  # the kernel's stream starts from the same (seed, game)
        g, f = duel(a_opts=[PICK] + a_cards, b_opts=b_cards, b_atk=(150, 150, 150), setup=setup,
                    players=("random", "greedy"))
        a, b = g.ps
        if g.card_uses[0, 1] == 0:
            assert f == [(160, 180)]
        elif f == [(200, 180)]:
            seen.add("own")
            assert 2 in a.dark and a.l3 == 0
        else:
            seen.add("opponent")
            assert f == [(160, 150)] and b.top == -1 and b.dark[:1] == [1] and a.top == 2
    assert seen == {"own", "opponent"}


# Awaken! The Potential of the Perfect Level!! CD-13's rows (its level condition and hand-card cost left out)
LOST_BACK = ["atk+100", "damage_lost | when: lose"]


def test_damage_lost_takes_the_users_lost_points_from_the_opponent():
    # round 9c, damage_lost: "if you lost the battle on the turn during which this card was used, reduce the opponent's
    # points by the same amount that your points were reduced by" (CD-13).  A uses the option (+100: 300 beats Beta's
    # 250), B answers in its next window with its own +100 (350): A loses Alpha's lost points against a Level III (20,
    # DM-PTS-1) and then, by the option's lose row (applied at Point Calculation, engine 5), B loses the same 20.
    g, f = duel(a_opts=[LOST_BACK], b_opts=["atk+100"])
    a, b = g.ps
    assert f == [(300, 350)] and g.battles[-1] == E.BR_SECOND and g.card_uses[0, 1] == 1 and g.card_uses[1, 1] == 1
    assert a.points == 80 and b.points == 80
    # against B's Gamma (Level IV, 250) Alpha's lost points are 30: the opponent loses 30 (the amount, not a fixed number)
    _, b_cards, setup = _tops(b_top=250)
    g, f = duel(a_opts=[LOST_BACK], b_opts=b_cards + ["atk+100"], setup=setup)
    assert f == [(300, 350)] and g.ps[0].points == 70 and g.ps[1].points == 70
    # a won battle: the lose row does nothing (A's +100 wins when B has nothing to answer with)
    g, f = duel(a_opts=[LOST_BACK])
    assert f == [(300, 250)] and g.ps[0].points == 100 and g.ps[1].points == 90


def test_damage_lost_is_an_option_effect_on_the_opponent():
    # an opponent immune to option cards loses nothing by it (A's own +100 still applies, and A still loses its 20)
    g, f = duel(a_opts=[LOST_BACK], b_opts=["atk+100"], b_fx=["immune_options | when: passive"])
    assert f == [(300, 350)] and g.ps[0].points == 80 and g.ps[1].points == 100


def test_base_a_makes_the_b_attack_count_the_printed_a():
    # round 9c, base_a: "When your attack is B, your attack power becomes the same as your attack A" (High Speed Plug-In H
    # Bo-445).  Alpha attacks Beta (type B) with its B attack, 200, which loses to 250; with the card its B attack counts
    # the printed A, 300 (greedy's look-ahead sees it and uses the card): A wins, B loses Beta's 10 points.
    g, f = duel(a_opts=[["base_a if attack=B"]])
    assert f == [(300, 250)] and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 90 and g.card_uses[0, 1] == 1
    # it is the base (C-CALC-1): Alpha's printed ×2 doubles the 300, not the 200 (600 beats 500; without the card 400
    # does not)
    g, f = duel(a_fx=["atk*2 | when: passive"], a_opts=[["base_a if attack=B"]], b_atk=(500, 500, 500))
    assert f == [(600, 500)] and g.card_uses[0, 1] == 1
    # an A attack already counts the A: the row adds nothing (the card's attack=A first, then base_a: 300, not 400)
    g, f = duel(a_opts=[["attack=A", "base_a"]], b_atk=(290, 290, 290))
    assert f == [(300, 290)]


def test_no_heal_blocks_both_players_heals_while_the_card_is_face_up():
    # round 9c, no_heal: "For the turn during which this card is used, both you and the opponent cannot regain points.
    # This includes the points regained when evolving into an Ultimate level" (St-103: every heal row, a Digimon's
    # included).  A's card also adds 100 (so greedy uses it: 300 beats 250); Alpha regains 10 when it wins, Beta when it
    # loses (Digimon result rows).  With the card face-up until the end of the turn neither heal happens.
    fx = dict(a_fx=["heal(10) | when: win"], b_fx=["heal(10) | when: lose"], a_points=50)
    g, f = duel(a_opts=[["atk+100 | limit: turn", "no_heal | limit: turn"]], **fx)
    assert f == [(300, 250)] and g.card_uses[0, 1] == 1 and g.ps[0].points == 50 and g.ps[1].points == 90
    # the same card without the row: both heals happen (A 50 + 10; B 100 - 10 + 10)
    g, f = duel(a_opts=[["atk+100 | limit: turn"]], **fx)
    assert f == [(300, 250)] and g.ps[0].points == 60 and g.ps[1].points == 100
    # a card gone from its slot blocks nothing: the row of a card used and sent to the Dark Area at the end of the
    # battle phase (limit battle) no longer acts at Point Calculation
    g, f = duel(a_opts=[["atk+100 | limit: battle", "no_heal | limit: battle"]], **fx)
    assert f == [(300, 250)] and g.ps[0].points == 60 and g.ps[1].points == 100


def _b_hand_half_digimon():
    """Three Level IV Digimon for duel's b_opts and a setup that moves them from B's slots to the top of B's deck: B draws
    them in Preparation with three filler options (DM-PREP-1 (2): to 6 cards), so its hand holds three option cards."""
    cards = [digi(f"Pad{i}", level="IV", atk=(10, 10, 10)) for i in range(3)]

    def setup(g):
        b = g.ps[1]
        b.deck = b.deck + [3, 2, 1]
        b.slots = [-1, -1, -1]
    return cards, setup


def test_opp_hand_count_of_the_option_cards_in_the_opponents_hand():
    # round 9a's opp_hand[N]:kind=Option (round 9c's opp_hand_opt, merged into it): "Check the contents of your opponent's hand, and if their hand contains 2 or more Option
    # cards, add 500 to your attack power" (Fenrir Sword St-921).  B's hand: three Digimon and three option cards.  With
    # "3 or more" the row holds (greedy uses the card: 300 beats 250); with "4 or more" it does not (the six cards of the
    # hand are not all options), so the card does nothing and greedy keeps it.
    cards, setup = _b_hand_half_digimon()
    g, f = duel(a_opts=[["atk+100 if opp_hand[3]:kind=Option"]], b_opts=cards, setup=setup)
    b = g.ps[1]
    assert f == [(300, 250)] and g.card_uses[0, 1] == 1
    assert len(b.hand) == 6 and sum(int(g.t.kind[1, c]) == E.KIND_OPTION for c in b.hand) == 3
    cards, setup = _b_hand_half_digimon()
    g, f = duel(a_opts=[["atk+100 if opp_hand[4]:kind=Option"]], b_opts=cards, setup=setup)
    assert f == [(200, 250)] and g.card_uses[0, 1] == 0


# ---- parity on a deck of the round-9c cards ---------------------------------------------------------------------------

NEW_CARDS = [("Re-55t", 2), ("St-57", 2), ("CD-13", 1), ("Bo-445", 1), ("St-103", 1), ("Bx-31", 1), ("St-921", 1)]


def _cov9c_deck():
    """The shipped Agumon starter with its nine plug-in / battle options replaced by the round-9c cards (their database
    records, as the importer writes them)."""
    from pathlib import Path

    from simcli.cards.db import load_db
    from simcli.decks import load_deck

    db = load_db()
    base = load_deck(Path(__file__).resolve().parents[1] / "decks" / "dmcg" / "agumon-starter.deck").cards()
    keep = [c for c in base if c["kind"] == "Digimon" or c["name"].startswith("Winning Percentage")]
    new = [db[n] for n, k in NEW_CARDS for _ in range(k)]
    assert len(keep) + len(new) == len(base) == 30 and all(c["modeled"] for c in new)
    return keep + new


def test_parity_round9c_cards():
    # both engines play the same games with these cards: the greedy player (its look-ahead of box_dark_pick, its side
    # choice) and the random one (its uniform side), against the shipped Gabumon starter; the cards are used
    from pathlib import Path

    from simcli.decks import load_deck
    from simcli.engine import reference as R
    from simcli.engine.tables import compile_tables
    from test_engine_parity import _compare

    a = _cov9c_deck()
    b = load_deck(Path(__file__).resolve().parents[1] / "decks" / "dmcg" / "gabumon-starter.deck").cards()
    T, _ = compile_tables([a, b], effects=True)
    new_idx = [i for i, c in enumerate(a) if c["number"] in dict(NEW_CARDS)]
    for k, players in enumerate((("greedy", "greedy"), ("random", "greedy"))):
        uses = sum(int(R.play_game(T, 90 + k, g, players=players, effects_on=True).card_uses[0, new_idx].sum())
                   for g in range(60))
        assert uses > 0, players
        _compare(T, players, True, seed=90 + k, n=300)
