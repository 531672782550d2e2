"""Scenario tests of round 13f (issue 9), on both engines.

* Aero Wing Bo-543: "Your Digimon gains the ability "sky" (if your Digimon has the word 'dragon (Ankylosaur/Ceratopsian/
  Dinosaur/Plesiosaur/Pterosaur/Stegosaur included)' in its type, it also gains the ability "grappling" and has 100 added
  to its attack power)": round 13b's alternatives condition ``type~Dragon/Ankylosaur/…`` (one compiled word token; no
  engine code of its own).  Round 13b translated the card the same way; this module keeps its scenario tests.
* Defense Plug-In C St-300: "you can make your attack C or A regardless of the opponent's battle type (if you make your
  attack A, add the effect 'C>0' to your attack)": ``c_zero`` — 'C>0' is "C→0" as round 11e read 'A>0' as the C
  attack's "A→0" (C-TYPE-2): while this side attacks with A and the opponent with C, the opponent's C base becomes 0; a
  printed "A will not go to zero" guards the A attack only.  The row goes before ``attack_pick(AC)``, so the pick sees it.

* Mythical Dragon's Scale Bo-920: "When your Digimon has the word 'dragon (…)' in its type, or has 'dramon' in its name,
  add 200" (two disjoint rows: ``type~Dragon/…``, then ``name~dramon & type!=Dragon/…``) and "When your Digimon has
  'Greymon' in its name and has the ability "flame", you may reduce your lost points by 20 (it cannot become zero however)":
  ``self_lost-20``, the own lost points when it loses less 20, not below 10; "only when your points are 60 and below".

* Chicken Combo Bo-11L: "Add 100 to the attack power of both your and your opponent's Chick type, Bird type, and Giant
  Bird type Digimon (however, if you used this card on a Digimon with the ability "hungry", the attack power addition
  only applies to your side)": ``species=Chick/Bird/Giant Bird`` / ``opp_species=…`` (round 13b's alternatives), the
  opponent's row ``keyword!=hungry``; "cannot be used when your Digimon is Ultimate level".

``both_turn`` plays one turn on the kernel and the reference from the same state and asserts that they agree (zones,
points, battle result).
"""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.engine import enums as E
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt

DB = load_db()


def test_database_records():
    # Bo-543: the gain, the dragon rider, "cannot be used when your Digimon is Level III", the end events (C-OPT-2)
    assert DB["St-300"]["modeled"] and DB["St-300"]["effects"] == [
        "c_zero | limit: turn", "attack_pick(AC) | limit: turn", "discard(1) | limit: turn"]
    assert DB["Bo-920"]["modeled"] and DB["Bo-920"]["effects"] == [
        "atk+200 if type~Dragon/Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur & points<=60 | limit: turn",
        "atk+200 if name~dramon & type!=Dragon/Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur & points<=60 | limit: turn",
        "self_lost-20 if name~Greymon & keyword=flame & points<=60 | limit: turn"]
    assert DB["Bx-34"]["effects"][0].startswith("self_lost-10 ")  # modeled by the lead's round 13 (test_engine_cov13g)
    assert DB["Bo-11L"]["modeled"] and DB["Bo-11L"]["effects"] == [
        "atk+100 if species=Chick/Bird/Giant Bird & level!=Ultimate | limit: turn",
        "opp_atk+100 if opp_species=Chick/Bird/Giant Bird & keyword!=hungry & level!=Ultimate | limit: turn"]
    assert DB["Bo-543"]["modeled"] and DB["Bo-543"]["effects"] == [
        "gain(sky) if level!=III | limit: lost, lifespan",
        "gain(grappling) if type~Dragon/Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur & level!=III | limit: lost, lifespan",
        "atk+100 if type~Dragon/Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur & level!=III | limit: lost, lifespan"]


def _battle(card, species, beta=(350, 300, 200), players=("greedy", "greedy")):
    """A (first): Level III "Agu" under a Level IV "Dino" of type `species` (bt A, A 300), `card` face-down in slot 1.
    B: Beta (bt A: both attack with A), attacks `beta`.  One turn on both engines."""
    a = fill([digi("Agu", bt="A"), digi("Dino", level="IV", bt="A", atk=(300, 250, 100), species=species), card])
    b = fill([digi("Beta", bt="A", atk=beta, lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=1, slots=(2, -1, -1), deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


@pytest.mark.parametrize("species", ["Dinosaur", "Holy Dragon", "Pterosaur", "Dragon Man/Cyborg"])
def test_aero_wing_adds_100_to_the_dragon_class(species):
    # 300 + 100 against Beta's A 350: the rider wins the battle; Beta loses its table at Level IV, 20 (C-LOST-1)
    g = _battle(custom("Bo-543"), species)
    assert g.card_uses[0, 2] == 1 and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80


@pytest.mark.parametrize("species", ["Beast", "Dragonfly", "Bird"])
def test_aero_wing_without_a_dragon_word(species):
    # no word of the class (a word, not a text: "Dragonfly" is not "Dragon"): 300 against 350, A loses
    g = _battle(custom("Bo-543"), species)
    assert g.battles[-1] == E.BR_SECOND


def test_the_gained_grappling():
    # a hand-built Aero Wing with a fourth row, +100 while the Digimon has "grappling": 300 + 100 + 100 against 450 wins
    # for a Dinosaur (the rider gave the ability), loses for a Beast (sky only)
    rows = DB["Bo-543"]["effects"] + ["atk+100 if keyword=grappling | limit: lost, lifespan"]
    assert _battle(custom("Bo-543", effects=rows), "Dinosaur", beta=(450, 300, 200)).battles[-1] == E.BR_FIRST
    assert _battle(custom("Bo-543", effects=rows), "Beast", beta=(450, 300, 200)).battles[-1] == E.BR_SECOND


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_other_players_agree_on_both_engines(player):
    g = _battle(custom("Bo-543"), "Dinosaur", players=(player, "greedy"))
    assert g.battles[-1] in (E.BR_FIRST, E.BR_SECOND)


def _plug_in_c(card, a_eff=(), b_eff=(), a_bt="C", players=("greedy", "greedy")):
    """A (first): Level III "Agu" (bt `a_bt`: Beta attacks with that letter, C-TYPE-1; A 100 / B 100 / C 150, effects
    `a_eff`), `card` face-down in slot 1.  B: Beta (bt A: A attacks with A; A 500 / B 400 / C 300, effects `b_eff`)."""
    a = fill([digi("Agu", bt=a_bt, atk=(100, 100, 150), lost=(20, 30, 40, 50), effects=list(a_eff)), card])
    b = fill([digi("Beta", bt="A", atk=(500, 400, 300), lost=(10, 20, 30, 40), effects=list(b_eff))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), hand=(2, 3), deck=list(range(4, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_without_the_plug_in_c_turns_a_to_zero():
    # a plain option in the slot: Agu attacks with A 100, Beta with C 300, whose "A→0" zeroes it (C-TYPE-2): 0 against 300
    g = _plug_in_c(opt("Plain"))
    assert g.battles[-1] == E.BR_SECOND and g.ps[0].points == 80


def test_plug_in_c_picks_a_and_zeroes_the_c():
    # A: A→0 by Beta's C, Beta's C→0 by 'C>0': 0 against 0, a draw (C-BAT-1), each side loses 10; C would be 150
    # against 300.  The pick sees the 'C>0' (its row comes first)
    g = _plug_in_c(custom("St-300"))
    a = g.ps[0]
    assert g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_DRAW and a.points == 90 and g.ps[1].points == 90
    assert 1 in a.dark and a.slots[0] == -1


def test_a_printed_no_zero_does_not_keep_the_c():
    # Beta prints "A will not go to zero": it guards its A attack, not its C — the C still goes to 0 (a draw, as above)
    g = _plug_in_c(custom("St-300"), b_eff=["no_zero | when: passive"])
    assert g.battles[-1] == E.BR_DRAW


def test_own_no_zero_keeps_a_and_wins():
    # Agu prints "A will not go to zero": A 100 against Beta's C at 0 — A wins; Beta loses its table at Level III, 10
    g = _plug_in_c(custom("St-300"), a_eff=["no_zero | when: passive"])
    assert g.battles[-1] == E.BR_FIRST and g.ps[1].points == 90


def test_plug_in_c_against_an_attack_other_than_c():
    # Agu bt B: Beta attacks with B 400.  'C>0' has nothing to zero; the pick: A 100 or C 150, both lose to 400
    g = _plug_in_c(custom("St-300"), a_bt="B")
    assert g.battles[-1] == E.BR_SECOND


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_plug_in_c_other_players_agree(player):
    g = _plug_in_c(custom("St-300"), players=(player, "greedy"))
    assert g.battles[-1] in (E.BR_DRAW, E.BR_SECOND)


def _scale(name, species, points=60, lost=(20, 30, 40, 50), keywords=(), beta=(450, 300, 200), boost=False):
    """A (first, `points`): Level III "Agu" under a Level IV `name` (type `species`, bt A, A 300, Lost Points `lost`,
    printed abilities `keywords`), Bo-920 face-down in slot 1.  B: Beta (Level III, bt A, attacks `beta`) and, when
    `boost`, a hand-built option "+300" face-down in its slot 1 (B answers A's card with it: A then loses)."""
    a = fill([digi("Agu", bt="A"), digi(name, level="IV", bt="A", atk=(300, 250, 100), lost=lost, species=species,
                                        keywords=list(keywords)), custom("Bo-920")])
    b = fill([digi("Beta", bt="A", atk=beta, lost=(10, 20, 30, 40)), opt("Boost", effects=["atk+300 | limit: turn"])])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, slots=(2, -1, -1), deck=list(range(3, 30)), points=points)
    place(g, 1, l3=0, slots=(1 if boost else -1, -1, -1), deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    return g


@pytest.mark.parametrize("name,species", [("Dino", "Dinosaur"), ("Wingdramon", "Beast"), ("Cyberdramon", "Dragon Man")])
def test_scale_adds_200_once(name, species):
    # 300 + 200 against Beta's A 450 wins; a "…dramon" of a dragon type gets 200 once (the rows are disjoint)
    g = _scale(name, species)
    assert g.card_uses[0, 2] == 1 and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80
    g = _scale(name, species, beta=(550, 300, 200))  # 500 against 550: the addition is not doubled
    assert g.battles[-1] == E.BR_SECOND


def test_scale_needs_the_type_or_the_name():
    g = _scale("Gabu", "Beast")
    assert g.battles[-1] == E.BR_SECOND


def test_scale_only_at_60_points_and_below():
    # at 70 points the card cannot be used: 300 against 450
    g = _scale("Dino", "Dinosaur", points=70)
    assert g.card_uses[0, 2] == 0 and g.battles[-1] == E.BR_SECOND


@pytest.mark.parametrize("lost,expect", [((20, 30, 40, 50), 50), ((40, 50, 60, 70), 40), ((10, 30, 40, 50), 50)])
def test_scale_cuts_a_greymon_s_lost_points(lost, expect):
    # a Dinosaur "Greymon" with "flame": A uses the card (500 against 450), B answers with +300 (750): A loses at 60
    # points; its table at Beta's Level III (C-LOST-1) less 20, not below 10: 20 → 10, 40 → 20, 10 → 10 (it cannot
    # become zero)
    g = _scale("Greymon", "Dinosaur", lost=lost, keywords=["flame"], boost=True)
    assert g.card_uses[0, 2] == 1 and g.card_uses[1, 1] == 1 and g.battles[-1] == E.BR_SECOND
    assert g.ps[0].points == expect


@pytest.mark.parametrize("name,keywords", [("Greymon", ()), ("Dino", ("flame",))])
def test_scale_without_greymon_and_flame_keeps_the_lost_points(name, keywords):
    g = _scale(name, "Dinosaur", lost=(40, 50, 60, 70), keywords=keywords, boost=True)
    assert g.card_uses[0, 2] == 1 and g.battles[-1] == E.BR_SECOND and g.ps[0].points == 20


def _chicken(species, beta_species, keywords=(), beta=(350, 300, 200), players=("greedy", "greedy")):
    """A (first): Level III "Piyo" (type `species`, bt A, A 300, printed abilities `keywords`), Bo-11L face-down in slot
    1.  B: Beta (type `beta_species`, bt A, attacks `beta`)."""
    a = fill([digi("Piyo", bt="A", atk=(300, 250, 100), lost=(20, 30, 40, 50), species=species, keywords=list(keywords)),
              custom("Bo-11L")])
    b = fill([digi("Beta", bt="A", atk=beta, lost=(10, 20, 30, 40), species=beta_species)])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


@pytest.mark.parametrize("species", ["Chick", "Bird", "Giant Bird"])
def test_chicken_combo_adds_100_to_the_three_species(species):
    # 300 + 100 against Beta's A 350 (a Beast): A wins; Beta loses its table at Level III, 10
    g = _chicken(species, "Beast")
    assert g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 90


def test_chicken_combo_not_for_other_species():
    # "Bird Man" is none of the three whole species: 300 against 350
    assert _chicken("Bird Man", "Beast").battles[-1] == E.BR_SECOND


def test_chicken_combo_adds_to_the_opponent_too():
    # both are Birds: 400 against 320 + 100 = 420 — without the opponent's rider the card would win (400 against 320),
    # with it the battle stays lost, so greedy leaves the card in its slot
    g = _chicken("Bird", "Giant Bird", beta=(320, 300, 200))
    assert g.card_uses[0, 1] == 0 and g.battles[-1] == E.BR_SECOND
    # a Beast opponent at 320: the card wins (no rider for it)
    g = _chicken("Bird", "Beast", beta=(320, 300, 200))
    assert g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST


def test_chicken_combo_with_hungry_only_the_own_side():
    # the user's Digimon has "hungry": only its own +100 — 400 against 350 (Beta a Bird gets nothing): A wins
    g = _chicken("Bird", "Bird", keywords=["hungry"])
    assert g.card_uses[0, 1] == 1 and g.battles[-1] == E.BR_FIRST


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_chicken_combo_other_players_agree(player):
    g = _chicken("Chick", "Bird", players=(player, "greedy"))
    assert g.battles[-1] in (E.BR_FIRST, E.BR_SECOND, E.BR_DRAW)
