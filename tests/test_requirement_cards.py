"""Round 7, requirement-engine option cards (docs/coverage.md): a requirement card that serves only some
Winning Percentage values (``wp_min``: Digimental of Miracles Bo-1147 "… with 'Digimental of Miracles' or
'Winning Percentage: 60%!' …", Release of the Sealed Knight! Sx-106, Super Evolution Plug-In S St-100), and a
Winning Percentage card that stands in for a Jogress partner (``jogress_partner``: "In the case of Jogress
Evolution, treat this card as one of the component Digimon", St-749 / St-750 / St-930 / St-100).  Each
scenario runs one turn on both engines from the same state (``both_turn`` compares every zone)."""

from __future__ import annotations

from simcli.cards.db import load_db
from simcli.engine.tables import compile_tables
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_parity import _compare
from test_engine_rules import digi, fill

DB = load_db()


def test_database_records():  # DM-EVO-3, DM-EVO-3b, DM-EVO-4 (what the texts say, as the importer reads them)
    c = DB["Bo-1147"]  # "Send 1 card from your hand …  Evolve … 'Digimental of Miracles' or 'Winning Percentage: 60%!'"
    assert (c["modeled"], c["win_pct"], c["wp_min"], c["requirement_cost"]) == (True, 60, 60, 1)
    c = DB["Sx-106"]  # "… with Winning Percentage: 80%! or Release of the Sealed Knight! …": no cost stated
    assert (c["modeled"], c["win_pct"], c["wp_min"], c["requirement_cost"]) == (True, 80, 80, 0)
    for n, cost in (("St-749", 1), ("St-750", 2), ("St-930", None)):  # 60%, no cost printed: DM-EVO-3's usual
        c = DB[n]
        assert (c["modeled"], c.get("jogress_partner"), c["requirement_cost"], c.get("wp_min")) == (True, True, cost, None)
    c = DB["St-100"]  # "either 'Winning Percentage: 60%!' or 'Jogress Evolution' …  send one card"
    assert (c["modeled"], c["win_pct"], c["wp_min"], c["jogress_partner"], c["requirement_cost"]) == (True, 60, 60, True, 1)
    # St-219 "'Jogress with a Perfect level Digimon'" is another shape: left
    assert not DB["St-219"]["modeled"] and not DB["St-219"].get("jogress_partner")


def _turn(reqs, hand_cards, gamma=False):
    """A: Alpha (Level III) on the box; in hand AlphaIV (Level IV, `reqs`), then `hand_cards`; with `gamma`, Gamma
    (a Level IV Jogress partner) lies on top of the deck (drawn after Preparation's discards, which would throw
    away a Digimon that is on no chain).  B: Beta.  One turn, A first, greedy on both engines."""
    alpha_iv = digi("AlphaIV", level="IV", bt="A", atk=(400, 300, 200), reqs=list(reqs))
    extra = [digi("Gamma", level="IV", bt="B", atk=(350, 250, 150))] if gamma else []
    a = fill([digi("Alpha", bt="A", atk=(300, 200, 100), lost=(20, 30, 40, 50)), alpha_iv] + list(hand_cards) + extra)
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    n = 2 + len(hand_cards) + len(extra)
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, hand=list(range(1, n - len(extra))), deck=list(range(n, 30)) + list(range(n - len(extra), n)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def _evolved(g) -> bool:
    return g.ps[0].top == 1 and any("evolves Alpha → AlphaIV" in ln for ln in g.log)


def test_digimental_of_miracles_serves_60_only():  # DM-EVO-3 (the card's own text rules), DM-EVO-3b
    w60 = {"from_name": "alpha", "win_pct": 60}
    g = _turn([w60], [custom("Bo-1147")])
    assert _evolved(g) and 2 in g.ps[0].dark  # served the 60% step, then the Dark Area
    # its cost: one hand card (the hand after the draw is 6; AlphaIV and the card left it, one discarded)
    assert len(g.ps[0].hand) == 3
    g = _turn([{"from_name": "alpha", "win_pct": 40}], [custom("Bo-1147")])  # 40% is not listed: no step
    assert not _evolved(g) and 2 in g.ps[0].hand
    g = _turn([{"from_name": "alpha", "option": "digimentalofmiracles"}], [custom("Bo-1147")])  # its own name
    assert _evolved(g)


def test_release_of_the_sealed_knight_serves_80_only():  # DM-EVO-3, DM-EVO-3b
    g = _turn([{"from_name": "alpha", "win_pct": 80}], [custom("Sx-106")])
    assert _evolved(g) and len(g.ps[0].hand) == 4  # no cost printed: none (not 80%'s usual two)
    g = _turn([{"from_name": "alpha", "win_pct": 60}], [custom("Sx-106")])
    assert not _evolved(g)
    # a plain "Winning Percentage: 80%!" card serves 60% (V >= W): the restriction is Sx-106's own
    g = _turn([{"from_name": "alpha", "win_pct": 60}], [custom("St-315")])
    assert _evolved(g)


def test_wp_card_stands_in_for_a_jogress_partner():  # DM-EVO-4, DM-EVO-3
    jog = {"from_name": "alpha", "jogress": "gamma"}
    g = _turn([jog], [custom("St-749")])  # no Gamma in hand: the 40% card is the component Digimon
    assert _evolved(g) and 2 in g.ps[0].dark and len(g.ps[0].hand) == 3  # its printed cost: one card
    g = _turn([jog], [custom("St-59")])  # a Winning Percentage card without that text: no step
    assert not _evolved(g)
    g = _turn([jog], [custom("Bo-1147")])  # nor a named requirement card
    assert not _evolved(g)
    # the partner card itself comes first: the stand-in stays in hand
    g = _turn([jog], [custom("St-749")], gamma=True)
    assert _evolved(g) and 2 in g.ps[0].hand and 3 in g.ps[0].dark
    # a partner with a printed qualifier asks for a Digimon card with that property (decided): no stand-in
    g = _turn([dict(jog, partner_filter="frame=Blue")], [custom("St-749")])
    assert not _evolved(g)
    # St-100 stands in too, and serves 60% but not 40%
    g = _turn([jog], [custom("St-100")])
    assert _evolved(g)
    g = _turn([{"from_name": "alpha", "win_pct": 40}], [custom("St-100")])
    assert not _evolved(g)


def _jogress_deck():
    """V-mon / Wormmon → XV-mon / Stingmon → Paildramon (Jogress, or Magnamon + 60%) → Imperialdramon, with
    the round-7 requirement cards."""
    lst = [("Bo-1077", 3), ("St-868", 3), ("Bo-933", 3), ("Bo-368", 2), ("Bo-1193", 3), ("Bo-373", 2), ("Bo-300", 2),
           ("St-749", 3), ("St-750", 2), ("St-930", 1), ("St-100", 2), ("Bo-1147", 2), ("Sx-106", 2)]
    cs = [DB[n] for n, k in lst for _ in range(k)]
    assert len(cs) == 30
    return cs


def test_parity_round7_requirement_cards():
    # both engines play the same games with these cards (every player's step search and BL-2's keep)
    a = _jogress_deck()
    from test_engine_parity import SHIPPED

    T, _ = compile_tables([a, SHIPPED[5]], effects=True)  # against Magnamon X-Antibody
    for k, players in enumerate((("baseline", "baseline"), ("greedy", "greedy"))):
        _compare(T, players, True, seed=70 + k, n=400)
    T, _ = compile_tables([a, SHIPPED[7]], effects=True)  # the random player against the Palmon starter
    _compare(T, ("random", "greedy"), True, seed=72, n=400)
    T, _ = compile_tables([a, a], effects=False)
    _compare(T, ("baseline", "random"), False, seed=77, n=400)
