"""DM-NAME-1 and the red frame marker: a LackeyCCG name "Magnamon X-Antibody" is the Digimon Magnamon
printed with a red frame (seed 003 §3.1: same name ⇒ at most three, whatever the printing; §3.6: Bx-185
"Rosemon X-Antibody" is the red frame "Rosemon" card).  The ≤3 limit counts both frames together; a
requirement or effect text that names "X X-Antibody" asks for X with a red frame ("X (Blue Frame)"
stays blue).  Requirement texts here are short clauses in the style of the card data, not card texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from simcli.cards import lackey
from simcli.cards.db import load_db
from simcli.cards.effects import EffectSyntaxError, format_effect, parse_effect
from simcli.cards.names import frame_marker, norm_name
from simcli.cards.requirements import RequirementParser
from simcli.decks import check_deck, load_deck
from test_decks import LEGAL, msgs, write
from test_engine_fidelity import _fights
from test_engine_helpers import both_turn, custom, place, scenario
from test_engine_rules import digi, fill

DB = load_db()
ROOT = Path(__file__).resolve().parents[1]


def test_marker_is_no_part_of_the_rule_name():  # rule DM-NAME-1
    assert norm_name("Magnamon X-Antibody") == norm_name("Magnamon") == "magnamon"
    assert norm_name("Dukemon X-Antibody (1)") == "dukemon"  # with the printing suffix
    assert norm_name("Beezlebumon X-Antibody") == "beelzebumon"  # with an alias
    assert norm_name("magnamon x antibody") == "magnamon"
    # the option card "X-Antibody" and "X-Antibody Protoform" keep their names: nothing precedes a marker
    assert norm_name("X-Antibody") == "xantibody"
    assert norm_name("X-Antibody Protoform") == "xantibodyprotoform"
    assert frame_marker("Magnamon X-Antibody") == ("Magnamon", "Red")
    assert frame_marker("Magnamon") == ("Magnamon", "")
    assert frame_marker("X-Antibody") == ("X-Antibody", "")


def test_the_data_reads_the_suffix_as_a_frame(lackey_dir):  # rule DM-NAME-1 (the reading, on the data)
    rows = lackey.read_dir(lackey_dir)
    by_number = {r["Card Number"]: r for r in rows}
    # Re-104, a red frame card the data names plain "Magnamon", evolves from "Magnamon (Blue Frame) +
    # X-Antibody": the frame, not the name, tells the two Magnamon apart
    assert by_number["Re-104"]["Name"] == "Magnamon" and by_number["Re-104"]["Frame"] == "Red"
    assert "Magnamon (Blue Frame) + X-Antibody" in by_number["Re-104"]["Evo/Activation"]
    marked = [r for r in rows if frame_marker(r["Name"])[1]]
    assert len(marked) >= 90
    # every marked name is a red frame card but two the data frames blue (Sp-28, BHK-4: the Frame
    # column decides a card's frame for frame= filters; the name is the rule name either way)
    assert sorted(r["Card Number"] for r in marked if r["Frame"] != "Red") == ["BHK-4", "Sp-28"]
    assert all(r["Level"] for r in marked)  # all Digimon


# ---- deck checks (DM-DECK-1 with DM-NAME-1) -------------------------------------------------------------
def test_fourth_copy_across_frames_is_refused(tmp_path):  # rules DM-NAME-1, DM-DECK-1
    lines = list(LEGAL)  # 30 cards on lines 1-11
    lines[8], lines[9] = "1 St-50", "1 St-53"  # 26
    lines += ["3 Bx-182 Magnamon X-Antibody", "1 St-828 Magnamon"]  # 3 red frame + 1 blue frame Magnamon
    p = write(tmp_path, lines)
    assert msgs(p) == [f"{p}:13: 4 copies of 'Magnamon X-Antibody / Magnamon' (lines 12, 13); "
                       "at most 3 cards of the same name (DM-DECK-1)"]
    lines[-1] = "1 Re-104 Magnamon"  # a red frame printing the data names plain "Magnamon": the same name
    p = write(tmp_path, lines)
    assert msgs(p) == [f"{p}:13: 4 copies of 'Magnamon X-Antibody / Magnamon' (lines 12, 13); "
                       "at most 3 cards of the same name (DM-DECK-1)"]
    lines[-2], lines[9] = "2 Bx-182 Magnamon X-Antibody", "2 St-53"  # three in all: legal
    p = write(tmp_path, lines)
    assert msgs(p) == []


def test_deck_line_names_either_spelling(tmp_path):  # rule DM-NAME-1
    lines = list(LEGAL)
    lines[-1] = "2 Bx-182 Magnamon"  # the rule name matches the printed "Magnamon X-Antibody"
    p = write(tmp_path, lines)
    assert msgs(p) == []


def test_dek_without_id_resolves_the_printed_name(tmp_path):  # rule DM-NAME-1
    # a .dek card without an id is looked up by name: "Magnamon X-Antibody" is a printing of that name
    # (not a blue frame Magnamon, though both share the rule name)
    cards = "<card><name>Magnamon X-Antibody</name><set></set></card><card><name>Agumon</name><set>St1</set></card>"
    p = tmp_path / "t.dek"
    p.write_text(f'<deck version="0.8"><superzone name="Deck">{cards}</superzone></deck>', encoding="utf-8")
    from simcli.decks import parse_deck

    d = parse_deck(p)
    assert frame_marker(d.entries[0].card.name)[1] == "Red" and d.entries[0].card["frame"] == "Red"
    assert d.entries[0].card.rule_name == "magnamon"


def test_shipped_magnamon_deck_is_legal():  # rules DM-NAME-1, DM-DECK-1
    d = load_deck(ROOT / "decks" / "dmcg" / "magnamon-xantibody-bx182.deck")
    assert len(d) == 30 and d.counts_by_name()["magnamon"] == 3
    assert check_deck(ROOT / "decks" / "dmcg" / "magnamon-xantibody-bx182.deck", format="Modern") == []


# ---- requirement texts ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def parser():
    p = RequirementParser(["Magnamon", "Magnamon X-Antibody", "V-mon", "War Greymon", "Metal Garurumon",
                           "Metal Garurumon X-Antibody", "X-Antibody", "Winning Percentage: 40%!"])
    p.set_option_names(["X-Antibody", "Winning Percentage: 40%!"])
    return p


def test_requirement_naming_the_marker_is_a_red_frame(parser):  # rules DM-NAME-1, DM-EVO-1, DM-EVO-4
    (a,) = parser.parse("Magnamon X-Antibody + Winning Percentage: 40%!").alternatives
    assert (a.from_name, a.from_filter, a.win_pct) == ("magnamon", "frame=Red", 40)
    (a,) = parser.parse("Magnamon (Blue Frame) + X-Antibody").alternatives  # Re-104's shape
    assert (a.from_name, a.from_filter, a.option) == ("magnamon", "frame=Blue", "xantibody")
    (a,) = parser.parse("Magnamon (Red Frame) + X-Antibody").alternatives
    assert a.from_filter == "frame=Red"
    (a,) = parser.parse("Magnamon X-Antibody (Red Frame) + X").alternatives  # both say red: one filter
    assert (a.from_name, a.from_filter, a.cards) == ("magnamon", "frame=Red", 1)
    # the Jogress partner
    (a,) = parser.parse("War Greymon + Metal Garurumon X-Antibody").alternatives
    assert (a.from_name, a.jogress, a.partner_filter) == ("wargreymon", "metalgarurumon", "frame=Red")
    # a marker and another qualifier: two filters on one Digimon, not expressible
    r = parser.parse("Magnamon X-Antibody (Blue Frame) + X")
    assert not r.modeled and r.rider == "requirement-unparsed"


def test_database_requirements_name_no_marker():  # rule DM-NAME-1
    # every requirement of the shipped database names a rule name (no marker left in a from_name or
    # partner), and the option "X-Antibody" stays an option requirement
    opts = set()
    for c in DB.cards:
        for r in c.get("requirements") or []:
            assert not r["from_name"].endswith("xantibody") and not r.get("jogress", "").endswith("xantibody")
            opts.add(r.get("option", ""))
    assert "xantibody" in opts


def test_effect_names_with_the_marker():  # rule DM-NAME-1 (effect language)
    e = parse_effect("atk+100 if name=Magnamon X-Antibody | when: support")
    assert format_effect(e) == "atk+100 if name=Magnamon & frame=Red | when: support"
    e = parse_effect("atk+100 if opp_name=Omegamon X-Antibody")
    assert format_effect(e) == "atk+100 if opp_name=Omegamon & opp_frame=Red"
    e = parse_effect("search(1) | filter: name=Magnamon X-Antibody")
    assert format_effect(e) == "search(1) | filter: name=Magnamon & frame=Red"
    assert format_effect(parse_effect("search(1) | filter: name=X-Antibody")) == "search(1) | filter: name=X-Antibody"
    for bad in ("atk+1 if name!=Magnamon X-Antibody", "atk+1 if sheet:name=Magnamon X-Antibody",
                "search(1) | filter: kind=Digimon & name=Magnamon X-Antibody"):
        with pytest.raises(EffectSyntaxError):
            parse_effect(bad)


# ---- both engines -------------------------------------------------------------------------------------------
def _evolve_from(mag, target, wp="St-59"):
    """A: `mag` on the Digimon Box (over V-mon), `target` and a Winning Percentage card in hand; one turn
    on both engines (the greedy player evolves whenever it can)."""
    a = fill([custom("St-112"), mag, target, custom(wp)])
    b = fill([digi("Beta", bt="B", atk=(250, 240, 150), lost=(10, 20, 30, 40))])
    T, g = scenario(a, b, effects=True, players=("greedy", "greedy"))
    place(g, 0, l3=0, top=1, hand=[2, 3], deck=list(range(4, 30)))
    place(g, 1, l3=0, deck=list(range(1, 30)))
    both_turn(T, g, fa=0)
    return g


def test_marker_requirement_is_met_by_a_red_frame_only():  # rules DM-NAME-1, DM-EVO-1, DM-EVO-3
    p = RequirementParser([c.name for c in DB.cards])
    p.set_option_names([c.name for c in DB.cards if c["kind"] == "Option"])
    reqs = [r.to_json() for r in p.parse("Magnamon X-Antibody + Winning Percentage: 40%!").alternatives]
    assert reqs == [{"from_name": "magnamon", "win_pct": 40, "from_filter": "frame=Red"}]
    target = digi("Zeta", level="Perfect", bt="A", atk=(700, 600, 500), reqs=reqs)
    # Re-104 (red frame, named "Magnamon") and Bx-182 ("Magnamon X-Antibody", red frame) qualify
    for red in ("Re-104", "Bx-182"):
        g = _evolve_from(custom(red), target)
        assert g.ps[0].top == 2 and any("→ Zeta" in ln for ln in g.log), red
        assert _fights(g)[-1][0] == 600  # Zeta attacks Beta's type B
    # St-828, a blue frame Magnamon, does not
    g = _evolve_from(custom("St-828"), target)
    assert g.ps[0].top == 1 and not any("→ Zeta" in ln for ln in g.log)


def test_red_frame_magnamon_evolves_by_the_plain_name():  # rules DM-NAME-1, DM-EVO-1
    # Bo-1193 Paildramon "Magnamon + Winning Percentage: 60%!" names no frame: Bx-182 Magnamon X-Antibody
    # is a Magnamon and evolves into it (before, the marker kept it from every "Magnamon" requirement)
    assert {"from_name": "magnamon", "win_pct": 60} in DB["Bo-1193"]["requirements"]
    g = _evolve_from(custom("Bx-182"), custom("Bo-1193"), wp="St-60")
    assert g.ps[0].top == 2 and any("→ Paildramon" in ln for ln in g.log)
