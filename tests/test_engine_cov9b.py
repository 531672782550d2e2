"""Scenario tests of round 9b (issue 9), on both engines: the battle-phase evolutions from the hand "into a red / blue
frame Digimon of the next level from your hand with Winning Percentage: 40%! … in its evolution requirements"
(X-Evolution! Bx-35, Giga Evolution!! St-993, Death-X-Evolution!! Sx-111): ``evolve_now`` with the row filter
``wp_step`` (codes.FK_WP_STEP; docs/effect-language.md "Round 9b").

A: Alpha (Level III, type A, attacks 300/200/100) on the box, the option face-down in slot 1, AlphaIV (Level IV,
500/400/300, the requirements under test) in hand; B: Beta (type B, 250/240/150).  A attacks with B (200) and loses
unless it evolves (AlphaIV: 400).  ``both_turn`` plays the turn on the kernel and the reference from the same state and
asserts that they agree (zones, points, battle result).
"""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.engine import enums as E
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill

DB = load_db()
DEATHX = "deathxevolution!!"  # Sx-111's rule name (DM-NAME-1)


def test_database_records():
    # the card texts as the translator reads them (the mill is the card's cost, "send this card to the Dark Area at the
    # end of the turn" its limit; St-993's "when your Digimon is a blue frame Digimon" its condition)
    assert DB["Bx-35"]["effects"] == ["evolve_now | cost: mill(3) | limit: turn | filter: frame=Red & wp_step=60"]
    assert DB["St-993"]["effects"] == ["evolve_now if frame=Blue | cost: mill(3) | limit: turn | filter: frame=Blue & wp_step=80"]
    assert DB["Sx-111"]["effects"] == ["evolve_now | cost: mill(3) | limit: turn | filter: frame=Red & wp_step=60+own"]
    assert all(DB[n]["modeled"] and DB[n]["timing"] == "battle" for n in ("Bx-35", "St-993", "Sx-111"))


def _turn(card, reqs, frame="Red", own_frame="Red", players=("greedy", "greedy"), deck=None, card_kw=None):
    """One turn, A first: `card` (a database option) face-down in A's slot 1, AlphaIV (`reqs`, `frame`) in A's hand."""
    alpha = digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), frame=own_frame)
    alpha_iv = digi("AlphaIV", level="IV", bt="A", atk=(500, 400, 300), reqs=list(reqs), frame=frame)
    a = fill([alpha, custom(card, **(card_kw or {})), alpha_iv])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    dk = list(range(3, 30))
    place(g, 0, l3=0, hand=[2], slots=(1, -1, -1), deck=dk if deck is None else dk[-deck:])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def _evolved(g) -> bool:
    return g.ps[0].top == 2 and any("evolves Alpha → AlphaIV (requirements ignored)" in ln for ln in g.log)


W40 = {"from_name": "alpha", "win_pct": 40}


def test_evolves_into_a_winning_percentage_digimon_of_its_frame():
    # X-Evolution! Bx-35: "Send 3 cards from your Net Ocean to the Dark Area.  Evolve your Digimon into a red frame
    # Digimon of the next level from your hand with Winning Percentage: 40%! or Winning Percentage: 60%! in its evolution
    # requirements.  Send this card to the Dark Area at the end of the turn."  AlphaIV "Alpha + Winning Percentage: 40%!"
    # (DM-EVO-3): A battles with 400 and wins; 3 cards milled (27 - 5 drawn - 3), the card in the Dark Area (limit turn)
    g = _turn("Bx-35", [W40])
    a = g.ps[0]
    assert _evolved(g) and g.battles[-1] == E.BR_FIRST and g.ps[1].points == 80  # a Level IV winner: 20 (C-LOST-1)
    assert len(a.deck) == 27 - 5 - 3 and 1 in a.dark and a.slots == [-1, -1, -1] and g.card_uses[0, 1] == 1
    # "Alpha + Winning Percentage: 60%!" is listed too (DM-EVO-3: the values up to 60%)
    assert _evolved(_turn("Bx-35", [{"from_name": "alpha", "win_pct": 60}]))


@pytest.mark.parametrize("reqs", [
    [{"from_name": "alpha", "win_pct": 80}],  # a value the card does not list
    [{"from_name": "zeta", "win_pct": 40}],  # from another Digimon: not a step from the own Digimon (DM-EVO-1)
    [{"from_name": "alpha", "cards": 2}],  # ●● (DM-EVO-2): no Winning Percentage in its requirements
    [{"from_name": "alpha", "option": DEATHX}],  # another card's name (DM-EVO-3b)
    [{"from_name": "alpha", "jogress": "beta"}],  # a Jogress (DM-EVO-4)
    [{"from_name": "alpha", "win_pct": 40, "from_filter": "attr=Virus"}],  # Alpha (Vaccine) fails the qualifier
])
def test_no_evolution_without_a_listed_step(reqs):
    # the same turn without an alternative the card serves: the card is not used (greedy sees no target), A loses
    # with 200 (20 points: a Level III winner, C-LOST-1); the ●● step is taken in the Evolution phase instead
    g = _turn("Bx-35", reqs)
    a = g.ps[0]
    assert not _evolved(g) and a.slots[0] == 1 and g.card_uses[0, 1] == 0
    if reqs[0].get("cards"):
        assert a.top == 2 and len(a.deck) == 27 - 5 - 2
    else:  # nothing milled: no Net Ocean card (index 3 and up) in the Dark Area
        assert a.top == -1 and g.battles[-1] == E.BR_SECOND and a.points == 80 and not [c for c in a.dark if c >= 3]


def test_the_frame_filter_and_the_own_digimon_condition():
    # X-Evolution! takes a red frame Digimon only: a blue AlphaIV stays in the hand
    assert not _evolved(_turn("Bx-35", [W40], frame="Blue"))
    # Giga Evolution!! St-993: "You can use this card when your Digimon is a blue frame Digimon.  … into a blue frame
    # Digimon … with Winning Percentage: 40%!, 60%!, or 80%! …": a blue Alpha evolves into a blue AlphaIV, up to 80%
    for w in (40, 80):
        g = _turn("St-993", [{"from_name": "alpha", "win_pct": w}], frame="Blue", own_frame="Blue")
        assert _evolved(g) and len(g.ps[0].deck) == 27 - 5 - 3
    # a red Alpha cannot use it at all
    assert not _evolved(_turn("St-993", [W40], frame="Blue", own_frame="Red"))


def test_the_card_named_in_the_list():
    # Death-X-Evolution!! Sx-111: "… with Winning Percentage: 40%!, Winning Percentage: 60%!, or Death-X-Evolution!! in
    # its evolution requirements": "Dorugamon + Death-X-Evolution!!" (Death-X-DORUguremon Sx-86) is a step it serves,
    # X-Evolution! Bx-35 (another name) does not
    # (by its name the card also serves that step in the Evolution phase from the hand or a slot, DM-EVO-3b, as every
    # option named in a requirement does: a copy limited to the hand, requirement_from, leaves the step to the battle)
    deathx = [{"from_name": "alpha", "option": DEATHX}]
    g = _turn("Sx-111", deathx)
    assert g.ps[0].top == 2 and any("(Death-X-Evolution!! from a slot)" in ln for ln in g.log)
    assert _evolved(_turn("Sx-111", deathx, card_kw={"requirement_from": "hand"}))
    assert _evolved(_turn("Sx-111", [W40]))
    assert not _evolved(_turn("Bx-35", deathx))
    # the name and the value together are not "only a Winning Percentage": "Alpha + WP 60% + the card" is no such step
    assert not _evolved(_turn("Sx-111", [{"from_name": "alpha", "option": DEATHX, "win_pct": 60}],
                              card_kw={"requirement_from": "hand"}))


def test_the_mill_is_a_cost():
    # the three cards must be there: with two in the Net Ocean after the draw (5 drawn) the card cannot be used
    g = _turn("Bx-35", [W40], deck=7)
    assert not _evolved(g) and len(g.ps[0].deck) == 2
    g = _turn("Bx-35", [W40], deck=9)
    assert _evolved(g) and len(g.ps[0].deck) == 1


@pytest.mark.parametrize("player", ["random", "baseline"])
def test_other_players_agree_on_both_engines(player):
    # the baseline never uses an evolve_now card (BL-5); the random player picks a listed target or none: both engines
    # agree (both_turn), and a step the card does not serve is never taken
    for seed_reqs in ([W40], [{"from_name": "alpha", "win_pct": 80}]):
        g = _turn("Bx-35", seed_reqs, players=(player, "greedy"))
        if player == "baseline" or seed_reqs[0]["win_pct"] == 80:
            assert not _evolved(g)


# ---- X Eraser Bx-128: a named requirement card for the next level or the same name ---------------------------------
XE = {"from_name": "alphaiv", "option": "xeraser", "from_filter": "frame=Red", "qualifier": "Red Frame"}


def test_x_eraser_record_and_the_data_it_relies_on():
    # "(O)Send this card face-down from your slot to your power box.  …  When your Digimon is red frame.  Evolve your
    # Digimon into a Digimon of the next level or a Digimon with the same name with 'X Eraser' in its evolution
    # requirements.  For the turn, add 400 to the attack power of the Digimon that evolved."
    c = DB["Bx-128"]
    assert (c["modeled"], c["evolve_levels"], c["requirement_from"], c["effects"]) == (
        True, "next_or_same", "slot", ["atk+400 | when: evolved | limit: turn"])
    # the restriction "when your Digimon is red frame" is implied: every requirement naming the card evolves from a red
    # frame Digimon (qualifier "(Red Frame)"), and a step to the same level keeps the name, but one (decided: the
    # Digimon's own requirement rules, DM-EVO-3b): Dukemon Crimson Mode Bo-1123 from Medieval Dukemon Bx-49
    alts = [(c, r) for c in DB.cards if c["kind"] == "Digimon" for r in c["requirements"] if r.get("option") == "xeraser"]
    assert len(alts) == 16 and all(r["from_filter"] == "frame=Red" for _, r in alts)
    level = {c["name"].replace(" ", "").replace("-", "").lower(): c["level"] for c in DB.cards if c["kind"] == "Digimon"}
    same = sorted(c["number"] for c, r in alts if level[r["from_name"]] == c["level"]
                  and r["from_name"] != c["name"].replace(" ", "").replace("-", "").lower())
    assert same == ["Bo-1123"]


def _xe_turn(reqs, top_frame="Red", players=("greedy", "greedy"), slot=True):
    """A: Alpha (Level III) under AlphaIV (Level IV, `top_frame`) in the box, AlphaIV (1) (Level IV, 600/500/400,
    `reqs`) in hand, X Eraser face-down in slot 1 (or in hand); B: Beta.  One turn, A first."""
    a = fill([digi("Alpha", bt="A", frame="Red"), digi("AlphaIV", level="IV", bt="A", atk=(400, 300, 200), frame=top_frame),
              custom("Bx-128"), digi("AlphaIV (1)", level="IV", bt="A", atk=(600, 500, 400), reqs=list(reqs), frame="Blue")])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=1, hand=[3] if slot else [3, 2], slots=(2, -1, -1) if slot else (-1, -1, -1),
          deck=list(range(4, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


@pytest.mark.parametrize("player", ["greedy", "baseline", "random"])
def test_x_eraser_serves_a_step_to_the_same_name(player):
    # DM-EVO-3b: AlphaIV (red) → AlphaIV (1) at the same level with X Eraser from the slot; the evolved Digimon gets +400
    # for the turn (B attack 500 + 400 = 900); X Eraser goes to the Dark Area with the step
    g = _xe_turn([XE], players=(player, "greedy"))
    a = g.ps[0]
    if player != "random":  # the random player may keep its hand (both engines agree all the same)
        assert a.top == 3 and 2 in a.dark and 1 in a.dark and a.slots[0] == -1
        assert any("battle: A AlphaIV (1) 900 vs B Beta 250" in ln for ln in g.log)
    # a blue AlphaIV does not meet the requirement's qualifier: no step, X Eraser stays in its slot
    g = _xe_turn([XE], top_frame="Blue", players=(player, "greedy"))
    assert g.ps[0].top == 1 and g.ps[0].slots[0] == 2
    # "from your slot": from the hand it serves nothing
    g = _xe_turn([XE], slot=False, players=(player, "greedy"))
    assert g.ps[0].top == 1 and 2 not in g.ps[0].dark


# ---- Gospel of the Fallen Angel Bo-143t: a named requirement card for a step up of any size -------------------------
GOSPEL = "gospelofthefallenangel"


def test_gospel_record_and_the_data_it_relies_on():
    # "Evolve your Digimon with "Lucemon" in its name into a higher level Digimon with "Gospel of the Fallen Angel" in its
    # evolution requirements.  For the turn, add 300 …  This card remains in the evolution requirements box until the end
    # of the turn during which evolution occurred."
    c = DB["Bo-143t"]
    assert (c["modeled"], c["evolve_levels"], c["effects"]) == (True, "any", ["atk+300 | when: evolved | limit: turn"])
    # the requirement texts spell it "The Gospel of the Fallen Angel" (names.ALIASES): the nine Lucemon forms parse
    assert DB["Bo-968"]["requirements"] == [{"from_name": "lucemon", "option": GOSPEL}]
    assert DB["Bo-1001"]["requirements"] == [{"from_name": "lucemonfalldownmode", "option": GOSPEL}]
    # every step that names the card goes up (so "any" level is "a higher level") from a Digimon named "Lucemon …"
    level = {c["name"].replace(" ", "").lower(): E.LEVEL_INDEX[c["level"]] for c in DB.cards
             if c["kind"] == "Digimon" and c["level"] in E.LEVEL_INDEX}
    alts = [(c, r) for c in DB.cards if c["kind"] == "Digimon" for r in c["requirements"] if r.get("option") == GOSPEL]
    assert len(alts) == 9 and all(r["from_name"].startswith("lucemon") for _, r in alts)
    assert all(E.LEVEL_INDEX[c["level"]] > level[r["from_name"]] for c, r in alts)
    assert {E.LEVEL_INDEX[c["level"]] - level[r["from_name"]] for c, r in alts} == {1, 2}


@pytest.mark.parametrize("player", ["greedy", "baseline", "random"])
def test_gospel_serves_a_step_two_levels_up(player):
    # Lucemon (Level III) → Lucemon Falldown Mode (Perfect, "Lucemon + The Gospel of the Fallen Angel") with the card
    # from the hand (DM-EVO-3b; a step of two levels only because the card says "a higher level"): +300 for the turn
    a = fill([digi("Lucemon", bt="A"), custom("Bo-143t"),
              digi("Lucemon Falldown Mode", level="Perfect", bt="A", atk=(700, 600, 500),
                   reqs=[{"from_name": "lucemon", "option": GOSPEL}])])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=(player, "greedy"))
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    if player != "random":
        assert g.ps[0].top == 2 and 1 in g.ps[0].dark
        assert any("battle: A Lucemon Falldown Mode 900 vs B Beta 250" in ln for ln in g.log)
    # a copy for the next level only (evolve_levels unset, a hand-built control) cannot serve the step
    a[1] = custom("Bo-143t", evolve_levels=None)
    T, g = scenario(a, b, effects=True, players=(player, "greedy"))
    place(g, 0, l3=0, hand=[1, 2], deck=list(range(3, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    assert g.ps[0].top == -1


# ---- Digimental of Miracles St-306 / of Fate St-430: the discard "After that" of a named requirement card -----------
def test_digimental_records():
    # "Allows your Digimon to fuse into a Digimon that has 'Digimental of Fate' stated in its Fusion Requirements.  After
    # that, choose one card from your hand and send it to the Dark Area." (DM-EVO-3b; the card's own text states the cost)
    assert (DB["St-430"]["modeled"], DB["St-430"]["requirement_cost"], DB["St-430"]["requirement_from"]) == (True, 1, "slot")
    assert (DB["St-306"]["modeled"], DB["St-306"]["requirement_cost"], DB["St-306"].get("requirement_from")) == (True, 1, None)
    assert DB["St-430"]["effects"] == DB["St-306"]["effects"] == []
    # the other printing of the name states no cost (Bo-301): none
    assert (DB["Bo-301"]["modeled"], DB["Bo-301"]["requirement_cost"]) == (True, None)


@pytest.mark.parametrize("player", ["greedy", "baseline", "random"])
def test_digimental_discards_after_the_step(player):
    # Alpha → Armor AlphaIV ("Alpha + Digimental of Fate") with St-430 from a slot: after the step one hand card goes to
    # the Dark Area besides the Digimental; Bo-301-like control without the stated cost: none
    out = []
    for rc in (1, None):
        a = fill([digi("Alpha", bt="A"), custom("St-430", requirement_cost=rc),
                  digi("AlphaIV", level="IV", bt="A", atk=(500, 400, 300), reqs=[{"from_name": "alpha", "option": "digimentaloffate"}])])
        b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
        T, g = scenario(a, b, effects=True, players=(player, "greedy"))
        place(g, 0, l3=0, hand=[2], slots=(1, -1, -1), deck=list(range(3, 30)))
        place(g, 1, l3=0, deck=list(range(1, 30)))
        both_turn(T, g, fa=0)
        out.append(g)
    if player != "random":
        (g1, g0) = out
        assert g1.ps[0].top == g0.ps[0].top == 2 and 1 in g1.ps[0].dark and 1 in g0.ps[0].dark
        assert len(g1.ps[0].dark) == len(g0.ps[0].dark) + 1 and len(g1.ps[0].hand) == len(g0.ps[0].hand) - 1


# ---- atk_per_sheet: "For every blue frame Digimon on the opponent's sheet, add 150 to your attack power" -------------
def test_atk_per_sheet_records():
    for n in ("St-947", "St-950", "St-959", "St-964", "St-965"):
        assert DB[n]["effects"] == ["atk_per_sheet(150,2) | when: passive | filter: frame=Blue & kind=Digimon"]
        assert DB[n]["modeled"]
    assert "atk_per_sheet(400,2) | when: passive | filter: frame=Red & kind=Digimon" in DB["Sx-5"]["effects"]
    assert "atk_per_sheet(1200,2) | when: passive | filter: frame=Blue & kind=Digimon" in DB["Re-100"]["effects"]
    # "For every red frame Digimon on both your and your opponent's sheets, add 300 …" (Lucemon Satan Mode)
    assert "atk_per_sheet(300,3) | when: passive | filter: frame=Red & kind=Digimon" in DB["Bo-999"]["effects"]


def _sheet_duel(b_frames, a_frame="Blue", side=2, b_support=None, b_atk=(340, 330, 320)):
    """A: Alpha (Level III, 300/200/100, `a_frame`) with St-947's row (side `side`); B: BetaIV (Level IV, `b_frames[0]`)
    on Beta (Level III, `b_frames[1]`); `b_support`: a B support Digimon (effects) on top of B's deck (drawn in
    Preparation).  One turn, A first: A attacks with B (200), B with A."""
    row = f"atk_per_sheet(150,{side}) | when: passive | filter: frame=Blue & kind=Digimon"
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), effects=[row], frame=a_frame)])
    b = [digi("Beta", bt="B", frame=b_frames[1]), digi("BetaIV", level="IV", bt="B", atk=b_atk, frame=b_frames[0])]
    if b_support:
        b.append(digi("BHelper", level="IV", atk=(10, 10, 10), effects=[b_support[0]], frame=b_support[1]))
    b = fill(b)
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, deck=list(range(1, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(3, 30)) + ([2] if b_support else []))
    both_turn(T, g, fa=0)
    m = [ln for ln in g.log if ln.strip().startswith("battle:")][-1]
    return g, m


def test_atk_per_sheet_counts_the_opponents_sheet():
    # B's sheet: BetaIV on Beta (DM: the box's top card and the Level III under it); two blue: 200 + 300
    g, m = _sheet_duel(("Blue", "Blue"))
    assert "A Alpha 500 vs B BetaIV 340" in m
    g, m = _sheet_duel(("Blue", "Red"))  # one blue
    assert "A Alpha 350 vs B BetaIV 340" in m
    g, m = _sheet_duel(("Red", "Red"))  # none
    assert "A Alpha 200 vs B BetaIV 340" in m
    # the own sheet is not counted (side 2), both sheets are (side 3: Alpha itself is blue)
    g, m = _sheet_duel(("Red", "Red"), side=3)
    assert "A Alpha 350 vs B BetaIV 340" in m
    g, m = _sheet_duel(("Red", "Red"), side=3, a_frame="Red")
    assert "A Alpha 200 vs B BetaIV 340" in m


def test_atk_per_sheet_counts_a_support_digimon_put_in_later():
    # B (340 against A's 350) answers with a blue support Digimon (+100): B's sheet now holds it, so A's passive counts
    # it when the modifiers are rebuilt (a support placement rebuilds them): A 500 against B 440
    g, m = _sheet_duel(("Blue", "Red"), b_support=("atk+100 | when: support", "Blue"))
    assert any("B supports with BHelper" in ln for ln in g.log) and "A Alpha 500 vs B BetaIV 440" in m
    # a red support adds nothing to A: A 350 against B 440
    g, m = _sheet_duel(("Blue", "Red"), b_support=("atk+100 | when: support", "Red"))
    assert any("B supports with BHelper" in ln for ln in g.log) and "A Alpha 350 vs B BetaIV 440" in m


# ---- opp_armor: "When facing a Digimon with Armor Evolution in its Fusion Requirements, double your attack power" -----
def test_armor_records():
    # the Armor forms: the requirement column begins "Armor Evolution" ("Armor Evolution Patamon + Digimental of Hope"),
    # parsed or not; a Perfect evolving from an Armor form ("Prairiemon (Armor Evolution) + …", Bo-558) is not one
    forms = [c for c in DB.cards if c.get("armor_evolution")]
    assert len(forms) == 100 and all(c["kind"] == "Digimon" for c in forms)
    assert {c["level"] for c in forms} == {"IV", "Perfect"} and not DB["Bo-558"].get("armor_evolution")
    assert DB["Bo-1116"]["armor_evolution"]  # "Armor EvolutionV-mon + …" (no space)
    for n in ("St-169", "St-194", "St-210", "St-625", "St-647", "St-649"):
        assert "atk*2 if opp_armor | when: passive" in DB[n]["effects"] and DB[n]["modeled"]


@pytest.mark.parametrize("armor", [True, False])
def test_opp_armor_doubles_against_an_armor_form(armor):
    # A (Alpha, 200 with B) doubles against B's BetaIV only when BetaIV is an Armor form: 400 against 340, else 200
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50), effects=["atk*2 if opp_armor | when: passive"])])
    b = fill([digi("Beta", bt="B"), digi("BetaIV", level="IV", bt="B", atk=(340, 330, 320), armor_evolution=armor)])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, deck=list(range(1, 30)))
    place(g, 1, l3=0, top=1, deck=list(range(2, 30)))
    both_turn(T, g, fa=0)
    m = [ln for ln in g.log if ln.strip().startswith("battle:")][-1]
    assert (f"A Alpha {400 if armor else 200} vs B BetaIV 340") in m
