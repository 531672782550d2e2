"""Scenario tests of round 10c (issue 9), on both engines (docs/effect-language.md "Round 10c").

``both_turn`` plays the turn on the kernel and the reference from the same state and asserts that they agree (zones,
points, battle result); the tests then pin the outcome the card text says.
"""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.engine import enums as E
from test_engine_helpers import both_turn, place, scenario
from test_engine_rules import digi, fill

DB = load_db()


def _battle_line(g) -> str:
    return [ln for ln in g.log if ln.strip().startswith("battle:")][-1]


# ---- opp_voider: "When facing a Digimon with the ability 'The opponent loses its special abilities', triple your attack
# power" (Pile Volcamon Bo-878 / Sp-15, Dukemon (4) Ta-7, Griffomon Bo-578) ------------------------------------------
def test_voider_records():
    # the printed ability, alone or as the first part of an ability ("…, and their attack power is reduced by 50");
    # a conditional one ("When your points are 40 and below, …") or one on some levels ("the opponent's Level IV
    # Digimon lose …") is another ability
    assert DB["Bo-357"].get("voids_abilities")  # "(O)The opponent loses its special abilities."
    voiders = [c for c in DB.cards if c.get("voids_abilities")]
    assert len(voiders) == 137 and all(c["kind"] == "Digimon" for c in voiders)
    for c in voiders:
        assert any(e.startswith("void_abilities | when: passive") or e.startswith("void_abilities | special: no")
                   for e in c["effects"]) or not c["modeled"], c["number"]
    conditional = [c for c in DB.cards if c["kind"] == "Digimon" and any(
        e.startswith("void_abilities if ") for e in c["effects"])]
    assert conditional and not any(c.get("voids_abilities") for c in conditional)
    # the four cards: a row that is not a special ability (text before the first "(O)", or "(this is not a special
    # ability)", seed 003 §3.3), Griffomon's a special ability beside "Cannot lose its special abilities"
    # (the ability texts translate whole; Bo-878's and Sp-15's requirement riders are still unmodeled)
    for n in ("Bo-878", "Sp-15", "Ta-7"):
        assert "atk*3 if opp_voider | when: passive | special: no" in DB[n]["effects"]
        assert DB[n]["unmodeled"] == ([] if n == "Ta-7" else ["evolution-rider-other"])
    assert DB["Bo-578"]["effects"] == ["keep_abilities | when: passive", "atk*3 if opp_voider | when: passive"]


@pytest.mark.parametrize("case, expect", [
    ("voider", 600),  # BetaIV has the ability: Alpha's 200 (B) tripled; the row is no special ability, its void spares it
    ("plain", 200),  # BetaIV without it
    ("special", 200),  # the row a special ability: BetaIV's void cancels it (seed 003 §3.5)
    ("special_kept", 600),  # ... unless Alpha cannot lose its special abilities (Griffomon Bo-578)
    ("both_void", 200),  # Alpha voids BetaIV too: BetaIV's ability box is blank, it no longer has the ability
])
def test_opp_voider_triples_against_the_ability(case, expect):
    triple = "atk*3 if opp_voider | when: passive" + ("" if case.startswith("special") else " | special: no")
    own = {"special_kept": ["keep_abilities | when: passive"], "both_void": ["void_abilities | when: passive"]}.get(case, [])
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), effects=own + [triple])])
    voider = case != "plain"
    b = fill([digi("Beta", bt="B"), digi("BetaIV", level="IV", bt="B", atk=(340, 330, 320), voids_abilities=voider,
                                         effects=["void_abilities | when: passive"] if voider else [])])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, deck=list(range(1, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    assert f"A Alpha {expect} vs B BetaIV 340" in _battle_line(g)


# ---- an option's level range split into one row per level (translator shape; Shishioumaru Bo-591) -------------------
def test_level_range_rows_record():
    # "When the opponent has the words 'Oni', 'Wicked/Evil', or 'Fallen' in its type, triple your attack power.  This card
    # can only be used when your Digimon is a Beast Man type, Vaccine attribute Level IV or Perfect level Digimon": five
    # conditions with level>=IV & level<=Perfect, four with level=IV or level=Perfect (disjoint copies)
    effects = DB["Bo-591"]["effects"]
    assert DB["Bo-591"]["modeled"] and len(effects) == 8
    for w in ("Oni", "Wicked", "Evil", "Fallen"):
        for lv in ("IV", "Perfect"):
            assert f"atk*3 if opp_type~{w} & species=Beast Man & attr=Vaccine & level={lv} | limit: lost, leave" in effects


@pytest.mark.parametrize("level, opp_species, expect", [
    ("IV", "Fallen Angel", 600),  # A's 200 (attack B) tripled: wins against 340
    ("Perfect", "Evil Dragon", 600),
    ("Ultimate", "Fallen Angel", 200),  # outside the range: the card cannot be used
    ("IV", "Holy Knight", 200),  # no listed word in the opponent's type
])
def test_level_range_option_in_battle(level, opp_species, expect):
    alpha_up = digi("AlphaUp", level=level, bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), species="Beast Man",
                    attribute="Vaccine")
    a = fill([digi("Alpha", bt="A", species="Beast Man", attribute="Vaccine"), alpha_up, DB["Bo-591"]])
    b = fill([digi("Beta", bt="B"), digi("BetaIV", level="IV", bt="B", atk=(340, 330, 320), species=opp_species)])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, slots=(2, -1, -1), deck=list(range(3, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    assert f"A AlphaUp {expect} vs B BetaIV 340" in _battle_line(g)
    assert g.card_uses[0, 2] == (1 if expect == 600 else 0)


# ---- Flaming Wings St-813: "add 200 to your A attack power (However, if the opponent has the words 'Aquatic' or
# 'Ice-Snow' in their type, add 600 to your attack power instead of 200)" (translator shapes on existing words) -------
def test_flaming_wings_record():
    # "your A attack power" is base+ on attack A (as Steel Drill Bo-46t); the 600 replaces that addition (on attack A):
    # +400 more under either word, disjoint rows; "At the end of the turn, this card is sent to the Dark Area": limit turn
    assert DB["St-813"]["modeled"] and DB["St-813"]["effects"] == [
        "gain(sky) | limit: turn", "gain(flame) | limit: turn", "base+200 if attack=A | limit: turn",
        "base+400 if attack=A & opp_type~Aquatic | limit: turn",
        "base+400 if attack=A & opp_type~Ice-Snow & opp_type!=Aquatic | limit: turn"]


@pytest.mark.parametrize("opp_bt, opp_species, expect", [
    ("A", "Beast", 500),  # A attacks with A (C-TYPE-1: the opponent's battle type): 300 + 200, wins against 450
    ("A", "Aquatic Beast Man", 900),  # 300 + 600
    ("A", "Ice-Snow", 900),
    ("B", "Aquatic", 200),  # attack B: the A addition does nothing (200 against Beta's 240)
])
def test_flaming_wings_in_battle(opp_bt, opp_species, expect):
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), DB["St-813"]])
    b = fill([digi("Beta", bt=opp_bt, atk=(450, 240, 150), species=opp_species)])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, slots=(1, -1, -1), deck=list(range(2, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert f"A Alpha {expect} vs B Beta" in _battle_line(g)
    if expect > 200:
        assert g.card_uses[0, 1] == 1 and 1 in g.ps[0].dark  # used; limit turn: in the Dark Area at the end of the turn


# ---- atk_per_sheet with other filters (translator shapes on round 9b's word): "For every <Digimon> on <side>, add N
# to your attack power" ------------------------------------------------------------------------------------------------
PER_SHEET = {  # card: (its row, A's top / Level III / B's top / Level III changes, expected attack of A)
    # "… Digimon on the opponent's sheet with the ability "flame", add 200": BetaIV has it, Beta not: 200 + 200
    "St-949": ("atk_per_sheet(200,2) | when: passive | filter: keyword=flame & kind=Digimon",
               {}, {}, {"keywords": ["flame"]}, {}, 400),
    # "… Digimon belonging to Deep Savers on the opponent's sheet, add 200": both of B's: 200 + 400
    "St-963": ("atk_per_sheet(200,2) | when: passive | filter: field=DS & kind=Digimon",
               {"fields": ["DS"]}, {}, {"fields": ["DS"]}, {"fields": ["DS"]}, 600),
    # "… Deep Savers on both your and your opponent's sheets (including support Digimon)": AlphaIV and BetaIV: 200 + 400
    "St-907": ("atk_per_sheet(200,3) | when: passive | filter: field=DS & kind=Digimon",
               {"fields": ["DS"]}, {}, {"fields": ["DS"]}, {}, 600),
    # "… Digimon on your sheet that belongs to the 'Warrior Ten', add 200": the Digimon itself counts (as Bo-999)
    "St-891": ("atk_per_sheet(200,1) | when: passive | filter: group=Warrior Ten & kind=Digimon | special: no",
               {"group": "Warrior Ten"}, {}, {"group": "Warrior Ten"}, {}, 400),
    # "… Digimon card with the word 'Beast' in its type, or Hybrid level on your sheet, add 300": a word of the species
    # (round 4: "Beast Man" has it), the Level III under the box counts: 200 + 600
    "St-892": ("atk_per_sheet(300,1) | when: passive | filter: type~Beast & kind=Digimon | special: no",
               {"species": "Beast Man"}, {"species": "Beast"}, {"species": "Beast"}, {}, 800),
    # "… Digimon on the opponent's sheet with 'Leomon' in its name, add 400"
    "St-943": ("atk_per_sheet(400,2) | when: passive | filter: name~Leomon & kind=Digimon",
               {}, {}, {"name": "Grap Leomon"}, {}, 600),
    # "For every Gladimon or Maildramon on your sheet, add 250 (including Support Digimon)": one row per name, the
    # counts add up (a Gladimon Level III under the box): 200 + 250
    "St-855": ("atk_per_sheet(250,1) | when: passive | filter: name=Maildramon & kind=Digimon",
               {}, {"name": "Gladimon"}, {}, {}, 450),
    # "For every Insect type Digimon on both players' sheets, add 200 (including Support Digimon)": the whole species
    # (round 4: "Insect" is not "Insect Man"… here both are "Insect"): 200 + 400
    "St-882": ("atk_per_sheet(200,3) | when: passive | filter: species=Insect & kind=Digimon",
               {"species": "Insect"}, {}, {"species": "Insect"}, {"species": "Dragon Insect"}, 600),
    # "For every Perfect level Digimon on the opponent's sheet, add 200" (Blitzmon St-705): BetaIV is Level IV: none
    "St-705": ("atk_per_sheet(200,2) | when: passive | filter: level=Perfect & kind=Digimon | special: no",
               {}, {}, {}, {}, 200),
}


@pytest.mark.parametrize("number", list(PER_SHEET))
def test_atk_per_sheet_filters(number):
    row, a_top, a_l3, b_top, b_l3, expect = PER_SHEET[number]
    b_top, a_l3 = dict(b_top), dict(a_l3)
    assert row in DB[number]["effects"]
    rows = [e for e in DB[number]["effects"] if e.startswith("atk_per_sheet")]  # every row of the count (St-855: two)
    top = digi("AlphaIV", level="IV", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), effects=rows, **a_top)
    a = fill([digi(a_l3.pop("name", "Alpha"), bt="A", **a_l3), top])
    b_name = b_top.pop("name", "BetaIV")
    b = fill([digi("Beta", bt="B", **b_l3), digi(b_name, level="IV", bt="B", atk=(340, 330, 320), **b_top)])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, deck=list(range(2, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    assert f"A AlphaIV {expect} vs B {b_name} 340" in _battle_line(g)


# ---- opp_per_discard_if (OP 83): "For every Digimon card you discard from your hand, reduce the opponent's attack power
# by 30" (Archelomon Bo-291, Depthmon Bo-294, Orcamon Bo-317; Waru Monzaemon St-368 "(3 cards max)", Diatrymon Bo-1189
# with a field) -----------------------------------------------------------------------------------------------------
def test_opp_per_discard_records():
    assert DB["Bo-291"]["effects"] == ["opp_per_discard_if(30) | filter: kind=Digimon"] and DB["Bo-291"]["modeled"]
    assert DB["St-368"]["effects"] == ["opp_per_discard_if(60,3) | filter: kind=Digimon"] and DB["St-368"]["modeled"]
    assert "opp_per_discard_if(200) | filter: kind=Digimon & field=WG" in DB["Bo-1189"]["effects"]


def _opp_per_turn(row, hand_cards, opp_effects=(), opp_atk=(250, 240, 230)):
    """A: AlphaIV (the ◎ row, 200 with B) over Alpha, `hand_cards` (cards 2..) on top of its Net Ocean (drawn in
    Preparation, after its discard step); B: BetaIV (opp_atk; it attacks with A's battle type A) over Beta."""
    top = digi("AlphaIV", level="IV", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), effects=[row])
    a = fill([digi("Alpha", bt="A"), top] + list(hand_cards))
    b = fill([digi("Beta", bt="B"), digi("BetaIV", level="IV", bt="B", atk=opp_atk, effects=list(opp_effects))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    n = len(hand_cards)
    place(g, 0, l3=0, top=1, deck=list(range(2 + n, 30)) + list(range(1 + n, 1, -1)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    return g


GAMMAS = [digi(f"Gamma{i}", bt="C") for i in range(3)]


def test_opp_per_discard_lowers_the_opponents_attack():
    # A attacks with B (200), BetaIV with A's battle type A (250): greedy discards the fewest Digimon cards that win
    # (rule C-CALC-1: additions after the base): two, 250 − 60 = 190 (the option and the fillers are not Digimon cards)
    g = _opp_per_turn("opp_per_discard_if(30) | filter: kind=Digimon", GAMMAS + [DB["St-59"]])
    a = g.ps[0]
    assert "A AlphaIV 200 vs B BetaIV 190" in _battle_line(g) and g.battles[-1] == E.BR_FIRST
    assert sorted(c for c in (2, 3, 4, 5) if c in a.dark) == [2, 3] and 5 in a.hand


@pytest.mark.parametrize("row, opp_effects, expect", [
    ("opp_per_discard_if(30,1) | filter: kind=Digimon", (), 250),  # at most one card: 220 cannot lose to 200: none spent
    ("opp_per_discard_if(30) | filter: kind=Digimon & field=WG", (), 250),  # no Wind Guardians card in the hand
    ("opp_per_discard_if(30) | filter: kind=Digimon", ("immune_mod | when: passive",), 250),  # its attack cannot change
])
def test_opp_per_discard_limits(row, opp_effects, expect):
    g = _opp_per_turn(row, GAMMAS, opp_effects=opp_effects)
    assert f"A AlphaIV 200 vs B BetaIV {expect}" in _battle_line(g) and not [c for c in (2, 3, 4) if c in g.ps[0].dark]
