"""Appmon rules (RULES.md §3, AM-*): hand-built turns with exact expected outcomes, each played in the
reference engine and, from the same state, in the numba kernel — every zone must be equal afterwards.

Cards come from the shipped card file (simcli/appmon/data/appmon.csv; illustrative numbers) or from
small card files written here.  Zones hold indices into the seat's deck list; the deck's top is the
end of its list.
"""

from __future__ import annotations

from simcli.appmon import codes as C
from simcli.appmon.bridge import kernel_setup, kernel_turn, seats
from simcli.appmon.cards import read_csv
from simcli.appmon.reference import Game, play_game
from simcli.appmon.tables import compile_tables
from simcli.cards.db import load_db
from simcli.codes import BR_DRAW, BR_FIRST, BR_SECOND, OUT_A
from simcli.engine.rng import Rng

DB = load_db("appmon")


def cards(*numbers):
    return [DB[n] for n in numbers]


def turn(deck_a, deck_b, setup, fa=0, players=("baseline", "baseline"), effects=True, t=1):
    """Play one turn from a hand-built state in both engines; returns (BR_*, outcome, game, log)."""
    T = compile_tables([deck_a, deck_b], effects=effects)
    log: list[str] = []
    g = Game(T, players, log=log, names=[[c["name"] for c in cs] for cs in T.cards])
    for p in g.S:
        p.gauge = -1
    setup(g.S[0], g.S[1])
    rng = Rng(5, 0)
    kres, kout, kseats, krng = kernel_turn(g, fa, t, rng.state)
    res, out = g.turn(fa, t, rng)
    assert (res, out) == (kres, kout)
    assert seats(g) == kseats  # every zone and counter equal in both engines
    assert rng.state == krng  # the same random numbers were drawn (renewal shuffles)
    return res, out, g, log


# ---- AM-DECK-1 is tested with the deck files (test_appmon_cli.py); AM-SET-1: ------------------------------
def test_setup_gauge_card_and_six_cards_no_partner():
    # rule AM-SET-1: shuffle all 30; the top card face-down to the Point Gauge (out of game); draw 6; no partner
    deck = cards(*(["ILL-001"] * 3 + ["ILL-002"] * 3 + ["ILL-003"] * 3 + ["ST1-03"] * 3 + ["ILL-101"] * 3
                   + ["ILL-005"] * 3 + ["ILL-006"] * 3 + ["ILL-007"] * 3 + ["ILL-008"] * 3 + ["ILL-004"] * 3))
    T = compile_tables([deck, deck])
    g = Game(T, ("baseline", "baseline"))
    rng = Rng(11, 4)
    g.setup(0, rng)
    order = list(range(30))
    Rng(11, 4).shuffle(order, 30)
    p = g.S[0]
    assert p.gauge == order[-1]  # the top card
    assert p.hand == order[-2:-8:-1]  # then six draws from the top
    assert len(p.deck) == 23 and p.std == -1 and p.pts == 100  # no partner, nothing in the Appmon Box
    # the kernel starts the game alike: both seats (A's shuffle first), then the coin (C-ORD-1)
    g = Game(T, ("baseline", "baseline"))
    rng = Rng(11, 4)
    g.setup(0, rng)
    g.setup(1, rng)
    fa = rng.randint(2)
    assert kernel_setup(T, 11, 4) == (fa, seats(g), rng.state)


# ---- AM-PREP-1, AM-GAT-1, AM-BAT-1, C-LOST-1, C-RENEW-1 -----------------------------------------------
def test_preparation_steps_appgattai_and_battle():
    # rule AM-PREP-1: (1) discard, (3) draw to 6, (4) Appliarise (BL-3: highest A), (5) AppGattai preparation
    # rule AM-GAT-1: the target on the Standard, the Power Box to the discard pile
    # rule C-LOST-1: the loser's lost points at the winner's grade; rule C-RENEW-1 at the end of the turn
    a = cards("ILL-001", "ILL-002", "ST1-03", "ILL-101", "ILL-006")  # Gatchmon Navimon DoGatchmon Power-Up Timemon
    b = cards("ILL-003", "ILL-005")  # Dokamon Dosukomon

    def setup(A, B):
        A.hand = [0, 3, 2, 1]
        A.deck = [4]
        B.hand = [0]
        B.deck = [1]

    res, out, g, log = turn(a, b, setup, fa=0)
    A, B = g.S
    assert log[1:4] == ["  A discards Power Up!", "  A draws Timemon (deck 0)", "  A appliarises Gatchmon"]
    assert "  A prepares AppGattai DoGatchmon (power box Navimon)" in log
    assert "  A AppGattai → DoGatchmon" in log
    # DoGatchmon (type A, A 530) vs Dokamon (type A): A uses A 530, B uses A 350; nobody can Applink
    assert "  battle: A DoGatchmon vs B Dokamon; attack 530 / 350" in log
    assert res == BR_FIRST and out == -1
    assert B.pts == 70  # Dokamon's lost points against a Super Grade winner: 30
    assert A.pts == 100
    # both decks are empty: renewal; A's DoGatchmon leaves the box, its Standard stays
    assert A.std == 0 and A.top == -1 and sorted(A.deck) == [1, 2, 3] and A.renew == 1 and A.hand == [4]
    assert B.std == 0 and B.deck == [] and B.renew == 1 and B.hand == [1]
    assert A.maxgr == 0b11 and B.maxgr == 0b01


def test_greedy_replaces_a_lone_standard_for_an_appgattai():
    # rule AM-PREP-1 (4): with an Appmon in the box the player may discard the whole box and place a new one
    a = cards("ILL-003", "ILL-001", "ILL-002", "ST1-03")  # Dokamon in the box; Gatchmon, Navimon, DoGatchmon in hand
    b = cards("ILL-005")

    def setup(A, B):
        A.std = 0
        A.hand = [1, 2, 3]
        B.std = 0

    res, out, g, log = turn(a, b, setup, players=("greedy", "baseline"))
    A = g.S[0]
    assert "  A discards its Appmon Box (Dokamon)" in log and "  A appliarises Gatchmon" in log
    assert A.std == 1 and 0 in A.deck + A.disc  # Dokamon discarded (renewed into the deck at the end)


def test_baseline_never_replaces():
    # rule AM-PREP-1 (4) / BL-3: the baseline appliarises only into an empty box
    a = cards("ILL-003", "ILL-001", "ILL-002", "ST1-03")
    b = cards("ILL-005")

    def setup(A, B):
        A.std = 0
        A.hand = [1, 2, 3]
        B.std = 0

    _, _, g, log = turn(a, b, setup)
    assert g.S[0].std == 0 and not any("appliarises" in x for x in log)


# ---- AM-PREP-2 -------------------------------------------------------------------------------------
def test_no_appmon_loses_the_battle_and_10_points():
    # rule AM-PREP-2: no Appmon in the box at the end of Preparation: automatic loss, 10 points
    a = cards("ST1-03", "ILL-101")  # no Standard Grade Appmon anywhere
    b = cards("ILL-003", "ILL-005")

    def setup(A, B):
        A.hand = [0]
        A.deck = [1]
        B.hand = [0]
        B.deck = [1]

    res, out, g, log = turn(a, b, setup, fa=0)
    A, B = g.S
    assert "  A has no Appmon in its Appmon Box: it loses the battle (AM-PREP-2)" in log
    assert res == BR_SECOND and A.pts == 90 and B.pts == 100  # the winner loses nothing
    assert not any(x.startswith("  battle:") for x in log)  # no battle actions


def test_both_without_appmon_lose_10_each_and_the_order_stays():
    # rule AM-PREP-2 (decided: both lose automatically = a drawn battle, C-ORD-2 keeps the order)
    a = cards("ST1-03", "ILL-101")

    def setup(A, B):
        A.hand = [0]
        B.hand = [0]

    res, out, g, _ = turn(a, a, setup, fa=1)
    assert res == BR_DRAW and g.S[0].pts == 90 and g.S[1].pts == 90


# ---- AM-GAT-1 -------------------------------------------------------------------------------------
def test_appgattai_replaces_the_previous_fused_appmon_and_a_failed_one_is_discarded():
    # rule AM-GAT-1: the box keeps only the newest fused Appmon on its Standard; Power Box cards are
    # discarded, then the previous fused Appmon; an unmet requirement discards target and components
    a = cards("ILL-001", "ST1-03", "ILL-021", "ILL-003")  # Gatchmon, DoGatchmon, Globemon, Dokamon
    b = cards("ILL-004", "ILL-012", "ILL-001")  # Musimon, Charismon (Musimon × Coachmon), Gatchmon

    def setup(A, B):
        A.std, A.top, A.gattai, A.power = 0, 1, 2, [3]  # DoGatchmon × Dokamon → Globemon: met
        B.std, B.gattai, B.power = 0, 1, [2]  # Musimon × Gatchmon is not Charismon's requirement

    res, out, g, log = turn(a, b, setup, fa=1)
    A, B = g.S
    assert "  A AppGattai → Globemon" in log
    assert "  B AppGattai Charismon fails: requirement not met; discarded" in log
    assert A.maxgr & (1 << C.GR_ULTIMATE) and not B.maxgr & (1 << C.GR_SUPER)
    # Globemon (type B; B 600) vs Musimon (type B; B 280): A wins; Musimon's lost points at Ultimate: 40
    assert "  battle: A Globemon vs B Musimon; attack 600 / 280" in log
    assert res == BR_SECOND and B.pts == 60
    # both decks were empty: the renewal (C-RENEW-1) took Globemon off the Standard too, and shuffled the
    # discards: A [Dokamon, DoGatchmon, Globemon], B [Charismon, Gatchmon]
    assert A.std == 0 and A.top == -1 and sorted(A.deck) == [1, 2, 3]
    assert B.std == 0 and B.top == -1 and sorted(B.deck) == [1, 2]


# ---- AM-BAT-1, AM-LINK-1, C-TYPE-1/2, C-CALC-1 --------------------------------------------------------------
def test_alternating_actions_start_with_the_second_attacker_and_plugs_take_one_link():
    # rule AM-BAT-1: the second attacker acts first; single actions alternate until both decline in a row
    # rule AM-LINK-1: a link needs a free plug of its icon on the battling Appmon; links are discarded after
    a = cards("ILL-001", "ILL-007", "ILL-002", "ILL-005")  # Gatchmon (plug circle); Coachmon, Navimon, Dosukomon
    b = cards("ILL-003", "ILL-007", "ILL-001")  # Dokamon (plugs star circle); Coachmon, Gatchmon

    def setup(A, B):
        A.std, A.hand = 0, [1, 2, 3]
        B.std, B.hand = 0, [1, 2]

    res, out, g, log = turn(a, b, setup, fa=0, players=("greedy", "greedy"))
    A, B = g.S
    acts = [x for x in log if "Applinks" in x or "uses" in x]
    # Gatchmon (type B) vs Dokamon (type A): A attacks with A 300, B with B 250
    assert "  battle: A Gatchmon vs B Dokamon; attack 300 / 250" in log
    assert acts == ["  B Applinks Coachmon → attack 300 / 450", "  A Applinks Coachmon → attack 500 / 450"]
    # B's Gatchmon (plug circle) finds Dokamon's circle plug taken: B declines, A (winning) declines
    assert res == BR_FIRST and B.pts == 80
    assert 2 in B.hand and B.link == [] and A.link == []
    assert 1 in A.disc + A.deck and 1 in B.disc + B.deck  # the Applinked cards went to the discard pile
    assert "  A discards Navimon, Dosukomon" in log  # greedy keeps only links that fit a plug (AM-PREP-1 (1))


def test_c_attack_zeroes_an_a_attack_and_additions_still_apply():
    # rule C-TYPE-2: the C attack carries A→0 (printed): the opponent's A becomes 0 ("0 is now the basic A")
    # rule C-CALC-1: additions apply after, so an Applink +100 gives 100
    a = cards("ST1-03", "ILL-001")  # DoGatchmon (type A, C 380 with A→0)
    b = cards("ILL-002", "ILL-005")  # Navimon (type C, plug square); Dosukomon: Applink atk+100 [square]

    def setup(A, B):
        A.std, A.top = 1, 0
        B.std, B.hand = 0, [1]

    res, out, g, log = turn(a, b, setup, fa=0)
    assert "  battle: A DoGatchmon vs B Navimon; attack 380 / 0" in log
    assert "  B Applinks Dosukomon → attack 380 / 100" in log
    assert res == BR_FIRST and g.S[1].pts == 70  # Navimon's lost points against a Super Grade: 30


def test_no_zero_ability_and_per_link_ability(tmp_path):
    # rule C-TYPE-2 ("A cannot go to zero" ability) and an ability that adds per Applinked Appmon
    f = tmp_path / "c.csv"
    f.write_text("number,name,kind,grade,attribute,battle_type,a,b,c,c_effect,lost_standard,lost_super,"
                 "lost_ultimate,lost_god,applink,plug,plugs,abilities\n"
                 "T-1,Zeromon,Appmon,Standard,Tool,A,300,300,300,A->0,20,30,40,50,,,x,\n"
                 "T-2,Keepmon,Appmon,Standard,Tool,C,200,300,250,,20,30,40,50,,,x y,no_zero; per_link+50\n"
                 "T-3,Linkmon,Appmon,Standard,Tool,A,100,100,100,,20,30,40,50,atk+10,x,,\n"
                 "T-4,Yonmon,Appmon,Standard,Tool,A,100,100,100,,20,30,40,50,atk+20,y,,\n", encoding="utf-8")
    cs = {c["number"]: c for c in read_csv(f)}
    a = [cs["T-1"]]
    b = [cs["T-2"], cs["T-3"], cs["T-4"]]

    def setup(A, B):
        A.std = 0
        B.std, B.hand = 0, [1, 2]

    res, out, g, log = turn(a, b, setup, fa=0)
    # Keepmon uses A (Zeromon's type) while Zeromon uses C with A→0: no_zero keeps 200
    assert "  battle: A Zeromon vs B Keepmon; attack 300 / 200" in log
    assert "  B Applinks Linkmon → attack 300 / 260" in log  # +10, and +50 for one link
    assert "  B Applinks Yonmon → attack 300 / 330" in log  # +20, and +50 more for the second link
    assert res == BR_SECOND and g.S[0].pts == 80


def test_baseline_never_uses_options_and_greedy_stops_when_ahead():
    # rule AM-BAT-1 (players: docs/appmon.md): baseline declines options (BL-5); greedy acts only while not ahead
    a = cards("ILL-003", "ILL-101")  # Dokamon, Power Up! (battle: atk+200)
    b = cards("ILL-003", "ILL-101")

    def setup(A, B):
        A.std, A.slot = 0, [1, -1, -1]
        B.std, B.slot = 0, [1, -1, -1]

    res, out, g, log = turn(a, b, setup, fa=0, players=("baseline", "greedy"))
    assert [x for x in log if "uses" in x] == ["  B uses Power Up! → attack 350 / 550"]
    assert res == BR_SECOND and g.S[0].pts == 80 and g.S[0].slot == [1, -1, -1]
    assert 1 in g.S[1].deck + g.S[1].disc  # the used option left its slot after the battle (C-OPT-2)


# ---- AM-PTS-1, C-LOST-2, C-PTS-2 ----------------------------------------------------------------------------
def test_point_calculation_order_option_then_loss_then_discard_to_standard():
    # rule AM-PTS-1: point options (first, then second attacker), then the loser's lost points, then a losing
    # non-Standard Appmon is discarded down to its Standard
    a = cards("ILL-001", "ST1-03", "ILL-103")  # Gatchmon + DoGatchmon; Recovery (point: regain+10)
    b = cards("ILL-005", "ILL-021")  # Dosukomon + Globemon on top

    def setup(A, B):
        A.std, A.top, A.slot, A.pts = 0, 1, [2, -1, -1], 50
        B.std, B.top = 0, 1

    res, out, g, log = turn(a, b, setup, fa=0, players=("greedy", "baseline"))
    A = g.S[0]
    # DoGatchmon (type A) vs Globemon (type B): A uses B 420, B uses A 620
    assert res == BR_SECOND
    i = log.index("  A uses Recovery → 60 points")
    assert log[i + 1] == "  A loses 30 points → 30"  # DoGatchmon's lost points at Ultimate Grade
    assert log[i + 2] == "  A discards DoGatchmon down to its Standard"
    assert A.std == 0 and A.top == -1 and A.pts == 30


def test_draw_costs_both_10_and_the_appmon_stay():
    # rule C-LOST-2 / AM-PTS-1: a drawn battle costs both 10 and leaves the Appmon as they are
    a = cards("ILL-001", "ST1-03", *["ILL-003"] * 8)  # 8 cards in the deck: no renewal this turn

    def setup(A, B):
        A.std, A.top, A.deck = 0, 1, list(range(2, 10))
        B.std, B.top, B.deck = 0, 1, list(range(2, 10))

    res, out, g, _ = turn(a, a, setup)
    assert res == BR_DRAW and [p.pts for p in g.S] == [90, 90] and [p.top for p in g.S] == [1, 1]


def test_zero_points_ends_the_game_before_renewal():
    # rule C-PTS-2: a player at 0 loses at once; nothing after it (no discard to Standard, no renewal)
    a = cards("ST1-03", "ILL-001")
    b = cards("ILL-003")

    def setup(A, B):
        A.std, A.top = 1, 0
        B.std, B.pts = 0, 30

    res, out, g, _ = turn(a, b, setup)
    assert out == OUT_A and g.S[1].pts == 0 and g.S[1].renew == 0 and g.S[0].renew == 0


def test_winner_attacks_first_next_turn():
    # rule C-ORD-2: the battle's winner is the next first attacker; a draw keeps the order
    from simcli.decks import load_deck

    a, b = load_deck("decks/appmon/dogatchmon.deck"), load_deck("decks/appmon/raidramon.deck")
    T = compile_tables([a.cards(), b.cards()])
    checked = 0
    for gi in range(30):
        log: list[str] = []
        play_game(T, 3, gi, ("greedy", "greedy"), log=log)
        fa, result = None, None
        for line in log:
            if line.startswith("turn "):
                now = line.split("first attacker ")[1][0]
                if result is not None:
                    expect = fa if result == "draw" else result
                    assert now == expect, (gi, line)
                    checked += 1
                fa, result = now, None
            elif line.startswith("  final attack") or "(AM-PREP-2)" in line:
                result = "draw" if line.endswith("draw") else line.split("→ ")[1][0] if "→" in line else None
    assert checked > 50


def test_appmon_ids_all_have_a_test():
    import re
    from pathlib import Path

    # RULES.md §3's ids (read from ../shared/RULES.md when the checkout has it beside)
    ids = {"AM-DECK-1", "AM-SET-1", "AM-PREP-1", "AM-PREP-2", "AM-GAT-1", "AM-BAT-1", "AM-LINK-1", "AM-PTS-1"}
    rules = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
    if rules.exists():
        ids |= set(re.findall(r"\*\*(AM-[A-Z]+-\d)\*\*", rules.read_text(encoding="utf-8")))
    here = Path(__file__).read_text(encoding="utf-8") + (Path(__file__).parent / "test_appmon_cli.py").read_text(
        encoding="utf-8")
    cited = set(re.findall(r"rule (AM-[A-Z]+-\d)", here))
    assert ids and ids <= cited, sorted(ids - cited)
