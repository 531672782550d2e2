"""Round 13d (issue 9, docs/coverage.md "Round 13d"): Winning Percentage: 80%!! Dg-1, a Winning Percentage card whose
text lists fewer values than its name ("… with Winning Percentage: 40%!, Winning Percentage: 60%!, or Jogress
Evolution …  In the case of Jogress Evolution, treat this card as one of the component Digimon.  After evolution,
choose one card from your hand …"): the text rules (DM-EVO-3 "the card's own text rules", as St-808's levels narrow
its name), so it serves 40% and 60% steps and a Jogress partner, never an 80% step, and costs one hand card.
Each scenario runs one turn on both engines from the same state (``both_turn`` compares every zone)."""

from __future__ import annotations

from simcli.cards.db import load_db
from simcli.engine.tables import compile_tables, wp_value
from test_engine_helpers import custom
from test_engine_parity import _compare
from test_requirement_cards import _evolved, _turn  # one turn: Alpha to AlphaIV with the given hand cards

DB = load_db()


def test_database_record():  # DM-EVO-3, DM-EVO-4 (what the text says, as the importer reads it)
    c = DB["Dg-1"]
    assert (c["modeled"], c["win_pct"], c.get("wp_min"), c["jogress_partner"], c["requirement_cost"]) == (True, 60, None, True, 1)
    assert wp_value(c) == 60  # not the 80 of its name
    assert wp_value(DB["St-315"]) == 80  # a plain "Winning Percentage: 80%!" keeps its name's value




def test_winning_percentage_80_double_bang_serves_what_its_text_lists():  # DM-EVO-3 (the card's own text rules)
    for pct in (40, 60):
        g = _turn([{"from_name": "alpha", "win_pct": pct}], [custom("Dg-1")])
        # served the step, then the Dark Area; its printed cost: one hand card (the hand after the draw is 6;
        # AlphaIV and the card left it, one discarded)
        assert _evolved(g) and 2 in g.ps[0].dark and len(g.ps[0].hand) == 3
    g = _turn([{"from_name": "alpha", "win_pct": 80}], [custom("Dg-1")])  # 80% is not listed: no step
    assert not _evolved(g) and 2 in g.ps[0].hand
    g = _turn([{"from_name": "alpha", "win_pct": 80}], [custom("St-315")])  # a real 80% card makes that step
    assert _evolved(g)


def test_winning_percentage_80_double_bang_stands_in_for_a_jogress_partner():  # DM-EVO-4, DM-EVO-3
    jog = {"from_name": "alpha", "jogress": "gamma"}
    g = _turn([jog], [custom("Dg-1")])  # no Gamma in hand: the card is the component Digimon
    assert _evolved(g) and 2 in g.ps[0].dark and len(g.ps[0].hand) == 3
    g = _turn([jog], [custom("Dg-1")], gamma=True)  # the partner card itself comes first: the stand-in stays in hand
    assert _evolved(g) and 2 in g.ps[0].hand and 3 in g.ps[0].dark


def test_parity_dg1_deck():
    # both engines play the same games with Dg-1 in a Jogress deck (every player's step search and BL-2's keep):
    # V-mon / Wormmon → XV-mon / Stingmon → Paildramon (Jogress, or Magnamon + 60%) → Imperialdramon
    lst = [("Bo-1077", 3), ("St-868", 3), ("Bo-933", 3), ("Bo-368", 2), ("Bo-1193", 3), ("Bo-373", 2), ("Bo-300", 2),
           ("Dg-1", 3), ("St-750", 2), ("St-930", 1), ("St-100", 2), ("Bo-1147", 2), ("Sx-106", 2)]
    a = [DB[n] for n, k in lst for _ in range(k)]
    assert len(a) == 30
    from test_engine_parity import SHIPPED

    T, _ = compile_tables([a, SHIPPED[5]], effects=True)
    for k, players in enumerate((("baseline", "baseline"), ("greedy", "greedy"), ("random", "greedy"))):
        _compare(T, players, True, seed=130 + k, n=150)
