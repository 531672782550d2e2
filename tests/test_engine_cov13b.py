"""Scenario tests of round 13b (issue 9), on both engines: conditions longer than a row holds, read as one compound
condition (docs/effect-language.md "Round 13b"; docs/coverage.md "Round 13b").

* ``species=A/B/…`` / ``type~A/B/…`` (effects.alt_token): one of some whole species / species words, one condition;
  tables.compile_tables gives the token to every card that holds one of the alternatives (only where a row uses it),
  so the engines test it as any ``type~`` word (C_TYPE / C_OPP_TYPE / FK_TYPE): New Bonds Bx-129.
* The word list "'dragon (Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur included)'" is
  ``type~Dragon/Ankylosaur/…/Stegosaur`` (translate._DRAGON_LIST), "the words 'X', 'Y' or 'Z' in its type" one
  ``type~X/Y/Z`` ('angel' also "Archangel"), the 'angel' list "(including Cherub, …; excluding Fallen Angel type)"
  ``type~Angel/Archangel/=Cherub/…`` and ``type!=Fallen``; the condition ``opp_slots OP N`` (codes.C_OPP_SLOTS): D-3 St-302, Examon Re-8, Aero Wing Bo-543 ("it also gains the ability "grappling" and has 100 added
  to its attack power"), Holy Arrow St-484.

The base duel: A's Alpha (type A, attacks 300/200/100) against B's Beta (type B); A attacks with its B attack (200,
C-TYPE-1), B with its A attack.  ``both_turn`` plays each turn on the kernel and the reference from the same state and
asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.cards.effects import EffectSyntaxError, compile_effect, parse_effect
from simcli.engine import enums as E
from simcli.engine.tables import compile_tables
from simcli.engine.reference import PERSIST
from test_engine_effects import duel
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill, opt

DB = load_db()


def _turn(a_cards, b_atk, a_points=100, slots=(-1, 1, -1), hand=(), players=("greedy", "greedy"), b_kw=None):
    """One turn, A first: A's Alpha (a_cards[0]) on the box over nothing else, its options a_cards[1:] as cards 1..,
    the given slots / hand (card indices; the rest A's Net Ocean); B's Beta (type B, its A attack b_atk)."""
    a = fill(a_cards)
    b = fill([digi("Beta", bt="B", atk=(b_atk, 100, 100), **(b_kw or {}))])
    T, g = scenario(a, b, effects=True, players=players)
    used = set(hand) | {c for c in slots if c >= 0}
    place(g, 0, l3=0, hand=list(hand), slots=tuple(slots), points=a_points,
          deck=[k for k in range(1, 30) if k not in used])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


# ---- species=A/B: New Bonds Bx-129 -------------------------------------------------------------------------------------
def test_new_bonds_record():
    # "When facing a Level III or Level IV Digimon, add 300 … If your type is Beast type or Beast Dragon type, instead of
    # 300, add 500": the card's +300 and, on top, +200 for either species (one condition: the row holds four)
    assert DB["Bx-129"]["effects"] == [
        "atk+300 if opp_level<=IV & frame=Red & points<opp | cost: discard(1) | limit: turn",
        "atk+200 if opp_level<=IV & species=Beast/Beast Dragon & frame=Red & points<opp | cost: discard(1) | limit: turn"]
    assert DB["Bx-129"]["modeled"]


def test_alternatives_language_and_tokens():
    # the alternatives of type~ / species= (and their negations) parse; species~ and empty alternatives do not
    for good in ("atk+1 if species=A/B", "atk+1 if opp_species!=A/B C", "atk+1 if type~A/B/C", "atk+1 if opp_type!=A/B",
                 "atk_per_sheet(100,1) | filter: type~A/B", "atk_per_sheet(100,1) | filter: species=A/B"):
        parse_effect(good)
    for bad in ("atk+1 if species~A/B", "atk+1 if type~A/", "atk+1 if keyword=A/B", "atk+1 if attr=Virus/Data"):
        with pytest.raises(EffectSyntaxError):
            parse_effect(bad)
    # a card holds the token when one alternative is a whole species of it (species=) or a word of it (type~):
    # "Beast Dragon" and "Beast" hold species=Beast/Beast Dragon, "Beast Man" and "Holy Beast" do not; "Holy Beast" holds
    # type~Beast/Dragon, "Reptile" not
    row = opt("Row", effects=["atk+1 if species=Beast/Beast Dragon", "atk+1 if type~Beast/Dragon"])
    sp = ["Beast Dragon", "Beast", "Beast Man", "Holy Beast", "Reptile", "Dragon Man/Cyborg"]
    T, info = compile_tables([fill([row] + [digi(f"D{i}", species=s) for i, s in enumerate(sp)]), fill([])],
                             effects=True)
    tok_sp = compile_effect(parse_effect("atk+1 if species=Beast/Beast Dragon"), "battle", info.vocab)[E.E_COND0 + 2]
    tok_ty = compile_effect(parse_effect("atk+1 if type~Beast/Dragon"), "battle", info.vocab)[E.E_COND0 + 2]
    assert [tok_sp in T.words[0, 1 + i] for i in range(len(sp))] == [True, True, False, False, False, False]
    assert [tok_ty in T.words[0, 1 + i] for i in range(len(sp))] == [True, True, True, True, False, True]
    # room for three tokens beside the longest species of the data (5 words and tokens, "Dragon Man/Cyborg"):
    # tables.MAX_TYPE_WORDS 8
    rows = opt("Rows", effects=["atk+1 if type~Dragon/Beast", "atk+1 if type~Dragon/Angel", "atk+1 if type~Cyborg/Angel"])
    T, _ = compile_tables([fill([rows, digi("D", species="Dragon Man/Cyborg")]), fill([])], effects=True)
    assert (T.words[0, 1] != 0).sum() == 8


@pytest.mark.parametrize("species,b_atk,wins", [
    ("Beast", 650, True), ("Beast Dragon", 650, True), ("Dragon Man/Beast", 650, True),  # 200 + 500 = 700
    ("Beast Man", 650, False), ("Holy Beast", 650, False), ("Reptile", 450, True)])  # 200 + 300 = 500
def test_new_bonds_species(species, b_atk, wins):
    # A (red frame, 50 points against 100, facing a Level III) uses Bx-129 from slot 2, paying a hand card (card 2):
    # +500 for a Beast or Beast Dragon type (a "X/Y" species is both), +300 for any other species (a word is not the
    # species: "Beast Man", "Holy Beast"); the card stays until the end of the turn
    alpha = digi("Alpha", bt="A", atk=(300, 200, 100), species=species, frame="Red")
    g = _turn([alpha, custom("Bx-129"), opt("Spare")], b_atk, a_points=50, hand=[2])
    assert g.battles == [E.BR_FIRST if wins else E.BR_SECOND]
    if wins:
        assert g.card_uses[0, 1] == 1 and 2 in g.ps[0].dark


def test_new_bonds_restrictions():
    # not red frame, or points not lower: the card is not used (A loses with 200 against 250)
    for kw, pts in (({"frame": "Blue"}, 50), ({"frame": "Red"}, 100)):
        alpha = digi("Alpha", bt="A", atk=(300, 200, 100), species="Beast", **kw)
        g = _turn([alpha, custom("Bx-129"), opt("Spare")], 250, a_points=pts, hand=[2])
        assert g.battles == [E.BR_SECOND] and g.card_uses[0, 1] == 0
    # facing a Perfect: neither row holds
    alpha = digi("Alpha", bt="A", atk=(300, 200, 100), species="Beast", frame="Red")
    g = _turn([alpha, custom("Bx-129"), opt("Spare")], 250, a_points=50, hand=[2], b_kw={"level": "Perfect"})
    assert g.card_uses[0, 1] == 0


# ---- type~A/B/…: the dragon word list; D-3 St-302, Examon Re-8 ----------------------------------------------------------
DRAGON = "Dragon/Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur"


def test_dragon_list_records():
    assert DB["St-302"]["effects"] == ["evolve_ignore if level=III | limit: turn",
                                       f"atk+50 if type~{DRAGON}/Beast/Angel/Archangel | when: evolved | limit: turn"]
    assert DB["Re-8"]["effects"][2] == f"atk+400 if opp_type~{DRAGON} | when: passive"
    assert DB["St-302"]["modeled"] and DB["Re-8"]["modeled"]


@pytest.mark.parametrize("species,wins", [
    ("Dinosaur", True), ("Small Dragon", True), ("Holy Beast", True), ("Fallen Angel", True), ("Pterosaur", True),
    ("Archangel", True), ("Reptile", False), ("Dragonfly", False), ("Beastly", False)])
def test_d3_adds_50_to_a_listed_type(species, wins):
    # D-3 St-302 from slot 1: Alpha (Level III) evolves into Gamma (Level IV; its requirements are not met, DM-EVO-5),
    # whose B attack 230 meets Beta's 250: "If the Level IV Digimon that evolved with the use of this card has the
    # words 'dragon (… included)', 'beast' or 'angel' in its type, add 50" (a word of the type, round 4's type~ reading:
    # "Dragonfly" and "Beastly" are other words; 'angel' holds for "Archangel", round 13b) — 280 wins, 230 loses
    gamma = digi("Gamma", level="IV", bt="A", atk=(450, 230, 100), reqs=[{"from_name": "zeta", "cards": 3}],
                 species=species)
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), custom("St-302"), gamma])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(3, 30)) + [2])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.battles == [E.BR_FIRST if wins else E.BR_SECOND]
    if wins:  # (a step that still loses is not taken: greedy keeps D-3)
        assert g.ps[0].top == 2 and g.card_uses[0, 1] == 1


@pytest.mark.parametrize("species,wins", [("Ankylosaur", True), ("Dragon Man", True), ("Reptile", False)])
def test_examon_facing_a_listed_type(species, wins):
    # Examon Re-8 (attacks made 300 each) against Beta (500 each): "When facing a Digimon with the word 'dragon (…
    # included)' in its type, add 400" — 700 wins, 300 loses
    ex = custom("Re-8", attack={"A": 300, "B": 300, "C": 300})
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), ex])
    b = fill([digi("Beta", bt="B", atk=(500, 500, 500), species=species)])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.battles == [E.BR_FIRST if wins else E.BR_SECOND]


@pytest.mark.parametrize("species,attack", [("Stegosaur", 400), ("Evil Dragon", 400), ("Reptile", 200)])
def test_aero_wing_grappling_and_100_for_a_listed_type(species, attack):
    # Aero Wing Bo-543 face-up in A's slot 1 since an earlier turn (it stays until discarded, a lost battle or the
    # lifespan), on Alpha made Level IV (B attack 200) with the passive "+100 while it has 'grappling'": for a listed
    # type the card gives "grappling" and +100 (200 + 100 + 100), for another type only "sky" (200)
    def face_up(g):
        g.ps[0].slot_up[0] = PERSIST
    g, f = duel(a_fx=["atk+100 if keyword=grappling | when: passive"], a_opts=[custom("Bo-543")], setup=face_up,
                a_kw={"level": "IV", "species": species, "keywords": []})
    assert f == [(attack, 250)] and g.ps[0].slots[0] == 1


# ---- the angel list and opp_slots: Holy Arrow St-484 --------------------------------------------------------------------
ANGEL = "Angel/Archangel/=Cherub/=Dominion/=Ophan/=Power/=Seraph/=Virtue"


def test_holy_arrow_record():
    assert DB["St-484"]["effects"] == [
        f"damage(10) if keyword=sky & type~{ANGEL} & type!=Fallen & opp_slots>=3 | limit: turn"]
    assert DB["St-484"]["modeled"]


@pytest.mark.parametrize("species,kw,b_slots,hit", [
    ("Archangel", ["sky"], 3, True), ("Seraph", ["sky"], 3, True), ("Power", ["sky"], 3, True),
    ("Angel", ["sky"], 3, True),
    ("Power Synthesis", ["sky"], 3, False), ("Fallen Angel", ["sky"], 3, False),
    ("Artificial Fallen Angel", ["sky"], 3, False), ("Archangel", [], 3, False), ("Archangel", ["sky"], 2, False)])
def test_holy_arrow(species, kw, b_slots, hit):
    # Holy Arrow St-484 in A's slot 1: "If your Digimon has the ability "sky" and has the word 'angel' in its type
    # (including Cherub, Dominion, Ophan, Power, Seraph, Virtue; excluding Fallen Angel type), and your opponent has 3
    # or more cards in their slots, immediately reduce the opponent's points by 10" — B's slots hold b_slots face-down
    # fillers; B wins the battle (250 against 200), so B's points change only by the card
    alpha = digi("Alpha", bt="A", atk=(300, 200, 100), species=species, keywords=kw)
    a = fill([alpha, custom("St-484")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, slots=tuple([1, 2, 3][:b_slots] + [-1] * (3 - b_slots)), deck=list(range(4, 30)))
    both_turn(T, g, fa=0)
    assert g.battles == [E.BR_SECOND]
    assert g.ps[1].points == (90 if hit else 100) and g.card_uses[0, 1] == (1 if hit else 0)
