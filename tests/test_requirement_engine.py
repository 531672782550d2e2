"""Round 8, requirement-engine option cards (docs/coverage.md "Round 8, requirement engine"): a requirement card
that serves a ●/X requirement in place of the Net Ocean's cards (``o_max`` / ``x_max``: Super Evolution Plug-In S
St-431 "… with 'O', 'OO', 'X', 'XX', or 'Winning Percentage: 40%!' in its evolution requirements", Bo-48t "… with
"O" or …"), a requirement card that
mills the Net Ocean (``requirement_mill``: Activation of the Holy Sword Summoning Formation! Bx-135 "Send 1 card
from your Net Ocean to the Dark Area.  Evolve your Digimon into an Alphamon with '<this card>' …"), and the one
place a requirement card comes from (``requirement_from``: "Send this card face-down from your slot …").  Each
scenario runs one turn on both engines from the same state (``both_turn`` compares every zone)."""

from __future__ import annotations

import pytest

from simcli.cards.db import load_db
from simcli.engine.tables import compile_tables
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_parity import _compare
from test_engine_rules import WP40, digi, fill

DB = load_db()
HOLY = "activationoftheholyswordsummoningformation!"  # Bx-135's rule name (DM-NAME-1)


def test_database_records():  # DM-EVO-2, DM-EVO-3, DM-EVO-3b (what the texts say, as the importer reads them)
    c = DB["St-431"]  # 'O', 'OO', 'X', 'XX' or 40%; "from your slot"; no cost printed
    assert (c["modeled"], c["o_max"], c["x_max"], c["win_pct"], c.get("wp_min"), c["requirement_from"],
            c["requirement_cost"]) == (True, 2, 2, 40, None, "slot", 0)
    c = DB["Bo-48t"]  # "O" or 40%; "from your hand"; "After evolution, choose one card from your hand …"
    assert (c["modeled"], c["o_max"], c.get("x_max"), c["win_pct"], c["requirement_from"], c["requirement_cost"]) \
        == (True, 1, None, 40, "hand", 1)
    # the requirement parser tells circles from crosses (Greymon St-2: "Agumon + OO"; a mixed one: "OX")
    assert DB["St-2"]["requirements"] == [{"from_name": "agumon", "cards": 2}]
    assert any(r.get("cards") == 2 and r.get("crosses") == 1 for c in DB.cards for r in c.get("requirements") or ())
    c = DB["Bx-135"]  # "Send 1 card from your Net Ocean to the Dark Area"; from hand or slot
    assert (c["modeled"], c["requirement_mill"], c.get("requirement_from"), c["requirement_cost"]) == (True, 1, None, None)
    assert c["effects"] == ["atk*2 if opp_keyword=proud | when: evolved | limit: turn"]


def _turn(reqs, hand_cards=(), slot_cards=(), deck=None, players=("greedy", "greedy")):
    """A: Alpha (Level III) on the box; in hand AlphaIV (Level IV, `reqs`) and `hand_cards`, `slot_cards` face-down
    in the slots; the deck the other cards (its last `deck` of them when given).  B: Beta.  One turn, A first."""
    alpha_iv = digi("AlphaIV", level="IV", bt="A", atk=(400, 300, 200), reqs=list(reqs))
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), alpha_iv] + list(hand_cards)
             + list(slot_cards))
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    h = 2 + len(hand_cards)
    n = h + len(slot_cards)
    T, g = scenario(a, b, effects=True, players=players)
    dk = list(range(n, 30))
    place(g, 0, l3=0, hand=list(range(1, h)), slots=tuple(list(range(h, n)) + [-1] * (3 - len(slot_cards))),
          deck=dk if deck is None else dk[-deck:])
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def _evolved(g) -> bool:
    return g.ps[0].top == 1 and any("evolves Alpha → AlphaIV" in ln for ln in g.log)


@pytest.mark.parametrize("player", ["greedy", "baseline"])
def test_ox_card_serves_circles_and_crosses(player):  # DM-EVO-2 (the card's own text rules), DM-EVO-3
    pl = (player, "greedy")
    oo = {"from_name": "alpha", "cards": 2}
    # control: the ●● come from the Net Ocean (28 cards: 5 drawn to 6 in hand, 2 taken, 21 left)
    g = _turn([oo], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 28 - 5 - 2
    # St-431 in a slot serves them: no card leaves the Net Ocean but the draw, and the card goes to the Dark Area
    g = _turn([oo], slot_cards=[custom("St-431")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 5 and 2 in g.ps[0].dark and g.ps[0].slots == [-1, -1, -1]
    # … even when the Net Ocean could not give them (one card after the draw)
    g = _turn([oo], slot_cards=[custom("St-431")], deck=6, players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 1
    g = _turn([oo], deck=6, players=pl)  # without it: no step (DM-EVO-2, decided)
    assert not _evolved(g)
    # "from your slot": in hand it serves nothing, the ●● come from the Net Ocean
    g = _turn([oo], hand_cards=[custom("St-431")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 4 - 2 and 2 in g.ps[0].hand
    # 'X' and 'XX' only: a requirement of three is not served
    g = _turn([{"from_name": "alpha", "cards": 3}], slot_cards=[custom("St-431")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 5 - 3 and g.ps[0].slots[0] == 2
    # circles or crosses, not both: "OX" is none of 'O', 'OO', 'X', 'XX'
    g = _turn([{"from_name": "alpha", "cards": 2, "crosses": 1}], slot_cards=[custom("St-431")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 5 - 2 and g.ps[0].slots[0] == 2
    g = _turn([{"from_name": "alpha", "cards": 2, "crosses": 2}], slot_cards=[custom("St-431")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 5
    # Bo-48t: "O" only, from the hand, then one card discarded from the hand
    g = _turn([{"from_name": "alpha", "cards": 1}], hand_cards=[custom("Bo-48t")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 4 and 2 in g.ps[0].dark and len(g.ps[0].hand) == 6 - 2 - 1
    g = _turn([{"from_name": "alpha", "cards": 1, "crosses": 1}], hand_cards=[custom("Bo-48t")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 4 - 1  # "X": from the Net Ocean
    g = _turn([{"from_name": "alpha", "cards": 2}], hand_cards=[custom("Bo-48t")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 4 - 2  # "OO": from the Net Ocean
    # and it is a 40% card (from its slot)
    g = _turn([{"from_name": "alpha", "win_pct": 40}], slot_cards=[custom("St-431")], players=pl)
    assert _evolved(g) and 2 in g.ps[0].dark
    g = _turn([{"from_name": "alpha", "win_pct": 60}], slot_cards=[custom("St-431")], players=pl)
    assert not _evolved(g)


@pytest.mark.parametrize("player", ["greedy", "baseline"])
def test_requirement_card_mills_the_net_ocean(player):  # DM-EVO-3b (the card's own text rules), DM-EVO-2
    pl = (player, "greedy")
    holy = {"from_name": "alpha", "option": HOLY}
    # Bx-135 from hand: the step takes it and one card of the Net Ocean (27: 4 drawn, 1 milled, 22 left)
    g = _turn([holy], hand_cards=[custom("Bx-135")], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 4 - 1 and 2 in g.ps[0].dark
    # the same card without the mill (a hand-built control): nothing leaves the Net Ocean but the draw
    g = _turn([holy], hand_cards=[custom("Bx-135", requirement_mill=None)], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 4
    # an empty Net Ocean after the draw: the mill cannot be paid, no step
    # (the Net Ocean is empty at the end of the turn: a renewal, C-RENEW-1, which the log shows)
    g = _turn([holy], hand_cards=[custom("Bx-135")], deck=4, players=pl)
    assert not any("evolves" in ln for ln in g.log) and 2 not in g.ps[0].dark  # kept (greedy sets it in a slot)
    g = _turn([holy], hand_cards=[custom("Bx-135")], deck=5, players=pl)
    assert any(ln.endswith("evolves Alpha → AlphaIV (Activation of the Holy Sword Summoning Formation!; ● from the deck)")
               for ln in g.log)
    assert any("renewal: A shuffles its Dark Area into a new deck of" in ln for ln in g.log)
    # a mill of two (a hand-built variant) from a slot: two cards leave the Net Ocean
    g = _turn([holy], slot_cards=[custom("Bx-135", requirement_mill=2)], players=pl)
    assert _evolved(g) and len(g.ps[0].deck) == 27 - 5 - 2


@pytest.mark.parametrize("player", ["greedy", "baseline"])
def test_requirement_card_place(player):  # DM-EVO-3: "from your hand or slot", unless the card names one place
    pl = (player, "greedy")
    w40 = {"from_name": "alpha", "win_pct": 40}
    g = _turn([w40], hand_cards=[WP40()], players=pl)
    assert _evolved(g)
    g = _turn([w40], hand_cards=[custom("St-59", requirement_from="slot")], players=pl)
    assert not _evolved(g)
    g = _turn([w40], slot_cards=[custom("St-59", requirement_from="slot")], players=pl)
    assert _evolved(g)
    g = _turn([w40], slot_cards=[custom("St-59", requirement_from="hand")], players=pl)
    assert not _evolved(g)
    holy = {"from_name": "alpha", "option": HOLY}
    g = _turn([holy], slot_cards=[custom("Bx-135", requirement_from="hand")], players=pl)
    assert not _evolved(g)


def _holy_deck():
    """DORUmon → Raptordramon (40%) → Grademon (40%) → Alphamon (1) (Bx-135), DORUmon → Alphamon Bx-149 (Bx-135, from
    the Level III), hand-built Level IV / Perfect Digimon with ●/X requirements of one to three and a Level IV one
    step from Raptordramon at the same level (Super Fusion Plug-In Y St-815), St-431 (and a hand-or-slot variant of
    it, so that the players' hand searches meet one), Bo-48t."""
    ox4 = digi("OxFour", level="IV", bt="B", atk=(380, 280, 180),
               reqs=[{"from_name": "dorumon", "cards": 2, "crosses": 1}, {"from_name": "dorumon", "cards": 2}])
    ox5 = digi("OxFive", level="Perfect", bt="C", atk=(520, 400, 300),
               reqs=[{"from_name": "raptordramon", "cards": 1, "crosses": 1}, {"from_name": "oxfour", "cards": 3}])
    same4 = digi("SameFour", level="IV", bt="A", atk=(450, 350, 250),
                 reqs=[{"from_name": "raptordramon", "win_pct": 40}, {"from_name": "oxfour", "win_pct": 60}])
    lst = [("Bx-10", 4), ("Bx-64", 3), ("Bx-143", 2), ("Bx-109", 2), ("Bx-149", 1), ("Bx-135", 4), ("St-431", 2),
           ("St-59", 1), ("Bo-48t", 1), ("St-815", 2)]
    cs = [DB[n] for n, k in lst for _ in range(k)] + [ox4] * 2 + [ox5] * 2 + [same4] * 2 \
        + [custom("St-431", requirement_from=None)] * 2
    assert len(cs) == 30
    return cs


def test_parity_round8_requirement_cards():
    # both engines play the same games with these cards (every player's step search and BL-2's keep)
    a = _holy_deck()
    from test_engine_parity import SHIPPED

    T, _ = compile_tables([a, SHIPPED[5]], effects=True)
    for k, players in enumerate((("baseline", "baseline"), ("greedy", "greedy"), ("random", "greedy"))):
        _compare(T, players, True, seed=80 + k, n=300)
    T, _ = compile_tables([a, a], effects=False)
    _compare(T, ("baseline", "random"), False, seed=87, n=300)
    # the shipped Beelzebumon X-Antibody deck: Impmon + Lord of the Magic Dashing Bullets (Bo-1083, "any" level)
    bz = SHIPPED[2]
    assert any(c["number"] == "Bo-1083" for c in bz)
    T, _ = compile_tables([bz, SHIPPED[6]], effects=True)
    for k, players in enumerate((("baseline", "greedy"), ("random", "baseline"))):
        _compare(T, players, True, seed=90 + k, n=300)


# ---- level steps other than the next level (round 8: Tables.rlv, database key evolve_levels) -------------------
def test_database_records_level_steps():  # DM-EVO-1 (the card's own text rules)
    c = DB["St-815"]  # "… of the same level with Winning Percentage: 40%! or Winning Percentage: 60%! …"
    assert (c["modeled"], c["evolve_levels"], c["win_pct"], c.get("wp_min"), c["requirement_cost"]) == (True, "same", 60, None, 0)
    assert c["effects"] == ["immune_options if card=Infinity Tower | when: evolved | limit: turn",
                            "atk+300 | when: evolved | limit: turn"]
    c = DB["Bx-106"]  # "… into a red frame Digimon of the next level or of the same level with '<this card>' …"
    assert (c["modeled"], c["evolve_levels"]) == (True, "next_or_same")
    assert DB["Bx-135"]["evolve_levels"] == "any"  # "into an Alphamon": no level said
    assert DB["Bo-1083"]["evolve_levels"] == "any"  # "into a Beelzebumon or Beelzebumon: Blast Mode"
    # Fuse Into the Ultimate Digimon!: the step is read ("same"), the fused Digimon's rows are not (left unmodeled)
    for n in ("Bo-252", "St-317"):
        assert DB[n]["evolve_levels"] == "same" and not DB[n]["modeled"]
    # "a red frame Digimon" and "an Alphamon" say nothing the requirement does not: every Digimon that names the card
    # in its requirements is one (the engines look no further than the name, DM-EVO-3b)
    named = {"deathxevolution!!": ("frame", "Red"), HOLY: ("name", "Alphamon")}
    seen = set()
    for c in DB.cards:
        for r in c.get("requirements") or ():
            if r.get("option") in named:
                key, want = named[r["option"]]
                assert (c["frame"] if key == "frame" else c["name"].split(" (")[0]) == want, c["number"]
                seen.add(r["option"])
    assert seen == set(named)


def _step(from_level, to_level, reqs, hand_cards=(), slot_cards=(), players=("greedy", "greedy")):
    """A: Alpha (Level III) at the bottom of the box, Top (of `from_level`, above it unless Level III), in hand
    Next (of `to_level`, `reqs` naming "top" or "alpha") and `hand_cards`, `slot_cards` in the slots.  B: Beta.
    One turn, A first; returns the reference game."""
    alpha = digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50))
    top = digi("Top", level=from_level, bt="A", atk=(350, 250, 150)) if from_level != "III" else None
    nxt = digi("Next", level=to_level, bt="A", atk=(600, 500, 400), reqs=list(reqs))
    cs = [alpha] + ([top] if top else []) + [nxt]
    k = len(cs)
    a = fill(cs + list(hand_cards) + list(slot_cards))
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    h = k + len(hand_cards)
    n = h + len(slot_cards)
    T, g = scenario(a, b, effects=True, players=players)
    place(g, 0, l3=0, top=1 if top else -1, hand=list(range(k - 1, h)),
          slots=tuple(list(range(h, n)) + [-1] * (3 - len(slot_cards))), deck=list(range(n, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def _to_next(g) -> bool:
    return g.ps[0].top == (2 if g.ps[0].l3 == 0 and "Top" in g.cnames(g.ps[0], [1]) else 1) \
        and any("→ Next" in ln and " evolves " in ln for ln in g.log)


@pytest.mark.parametrize("player", ["greedy", "baseline"])
def test_same_level_winning_percentage_card(player):  # DM-EVO-1, DM-EVO-3 (the card's own text rules)
    pl = (player, "greedy")
    w40 = {"from_name": "top", "win_pct": 40}
    g = _step("IV", "IV", [w40], hand_cards=[custom("St-815")], players=pl)
    assert _to_next(g) and 3 in g.ps[0].dark  # Top → Next at Level IV; the card to the Dark Area at the turn's end
    assert any(ln.endswith("evolves Top → Next (Super Fusion Plug-In Y)") for ln in g.log)
    assert 1 in g.ps[0].dark  # the Digimon it evolved from (not a Level III) goes to the Dark Area (DM-EVO-6)
    # "add 300 to your attack power" that turn: Next's B attack (Beta is type B, C-TYPE-1) 500 + 300
    assert any(ln.strip().startswith("attacks: A uses B 500 (+300) → 800;") for ln in g.log)
    g = _step("IV", "IV", [w40], hand_cards=[WP40()], players=pl)  # a plain 40% card: the next level only
    assert not _to_next(g)
    g = _step("III", "IV", [{"from_name": "alpha", "win_pct": 40}], hand_cards=[custom("St-815")], players=pl)
    assert not _to_next(g)  # St-815 serves the same level only
    g = _step("IV", "IV", [{"from_name": "top", "win_pct": 80}], hand_cards=[custom("St-815")], players=pl)
    assert not _to_next(g)  # 40% or 60%, not 80%
    g = _step("IV", "IV", [{"from_name": "top", "cards": 1}], hand_cards=[custom("St-815")], players=pl)
    assert not _to_next(g)  # a ●/X requirement is a next-level evolution (DM-EVO-1): no same-level step


@pytest.mark.parametrize("player", ["greedy", "baseline"])
def test_next_or_same_level_named_card(player):  # DM-EVO-1, DM-EVO-3b
    pl = (player, "greedy")
    dx = {"from_name": "top", "option": "deathxevolution!!"}
    g = _step("Perfect", "Perfect", [dx], hand_cards=[custom("Bx-106")], players=pl)
    assert _to_next(g) and 3 in g.ps[0].dark
    g = _step("Perfect", "Ultimate", [dx], hand_cards=[custom("Bx-106")], players=pl)
    assert _to_next(g)
    g = _step("IV", "Ultimate", [dx], hand_cards=[custom("Bx-106")], players=pl)
    assert not _to_next(g)  # two levels up: not said
    g = _step("Perfect", "Perfect", [dx], hand_cards=[custom("Bx-106", evolve_levels=None)], players=pl)
    assert not _to_next(g)  # the same card read as next-level only (a hand-built control)


@pytest.mark.parametrize("player", ["greedy", "baseline"])
def test_any_level_named_card(player):  # DM-EVO-1, DM-EVO-3b: "Evolve your Digimon into an Alphamon with …"
    pl = (player, "greedy")
    holy = {"from_name": "alpha", "option": HOLY}
    # from the Level III straight to an Ultimate (Alphamon Bx-149: "DORUmon + <this card>"); the Level III stays
    g = _step("III", "Ultimate", [holy], hand_cards=[custom("Bx-135")], players=pl)
    assert g.ps[0].top == 1 and any(ln.endswith("evolves Alpha → Next (Activation of the Holy Sword Summoning "
                                                "Formation!; ● from the deck)") for ln in g.log)
    assert g.ps[0].l3 == 0 and 0 not in g.ps[0].dark  # DM-L3-1
    g = _step("III", "Ultimate", [holy], hand_cards=[custom("Bx-135", evolve_levels=None)], players=pl)
    assert g.ps[0].top == -1  # next-level only: no step
    # from an Ultimate to an Ultimate (Alphamon (1) Bx-109: "Alphamon + <this card>")
    g = _step("Ultimate", "Ultimate", [{"from_name": "top", "option": HOLY}], hand_cards=[custom("Bx-135")], players=pl)
    assert _to_next(g)


def test_same_level_step_after_a_chain():  # DM-EVO-1: several steps in one turn, the last one to the same level
    # Alpha → AlphaIV (40%) → Next (Level IV, St-815): two steps of one chain, greedy and baseline alike
    for player in ("greedy", "baseline"):
        alpha_iv = digi("AlphaIV", level="IV", bt="A", atk=(400, 300, 200), reqs=[{"from_name": "alpha", "win_pct": 40}])
        nxt = digi("Next", level="IV", bt="A", atk=(600, 500, 400), reqs=[{"from_name": "alphaiv", "win_pct": 60}])
        a = fill([digi("Alpha", bt="A", atk=(300, 200, 100)), alpha_iv, nxt, WP40(), custom("St-815")])
        b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
        T, g = scenario(a, b, effects=True, players=(player, "greedy"))
        place(g, 0, l3=0, hand=[1, 2, 3, 4], deck=list(range(5, 30)))
        place(g, 1, l3=0, deck=list(range(1, 30)))
        both_turn(T, g, fa=0)
        assert g.ps[0].top == 2 and any(ln.endswith("evolves AlphaIV → Next (Super Fusion Plug-In Y)") for ln in g.log)
        assert {1, 3, 4} <= set(g.ps[0].dark)
