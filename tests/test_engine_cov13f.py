"""Scenario tests of round 13f (issue 9), on both engines.

* Aero Wing Bo-543: "Your Digimon gains the ability "sky" (if your Digimon has the word 'dragon (Ankylosaur/Ceratopsian/
  Dinosaur/Plesiosaur/Pterosaur/Stegosaur included)' in its type, it also gains the ability "grappling" and has 100 added
  to its attack power)": the condition ``dragon`` (a token among the type words of every card whose type has one of the
  seven words; ``type~`` on it, no engine code of its own).

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


def test_database_records():
    # Bo-543: the gain, the dragon rider, "cannot be used when your Digimon is Level III", the end events (C-OPT-2)
    assert DB["Bo-543"]["modeled"] and DB["Bo-543"]["effects"] == [
        "gain(sky) if level!=III | limit: lost, lifespan",
        "gain(grappling) if dragon & level!=III | limit: lost, lifespan",
        "atk+100 if dragon & level!=III | limit: lost, lifespan"]


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
