"""Deck files: parsing, legality (DM-DECK-1..3, DM-NAME-1), .dek import, CLI, draw odds."""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from simcli.cards.db import load_db
from simcli.cli.deck import app
from simcli.decks import (
    Deck, DeckError, check_deck, draw_odds, evolution_lines, format_line, load_deck, p_at_least_one,
    parse_deck, seen_by_turn,
)

DB = load_db()
ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted(glob.glob(str(ROOT / "decks" / "dmcg" / "*.deck")))

# A legal 30-card list (Agumon starter cards).
LEGAL = [
    "3 St-1 Agumon", "3 St-2 Greymon", "2 Bo-66 Tyranomon", "3 Dw-2 Metal Greymon (1)",
    "2 Bo-266 War Greymon", "3 St-59 Winning Percentage: 40%!", "3 St-60 Winning Percentage: 60%!",
    "3 St-49", "3 St-50", "3 St-53", "2 St-54",
]


def write(tmp_path: Path, lines, name="t.deck") -> Path:
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def msgs(path) -> list[str]:
    return [str(p) for p in check_deck(path)]


def test_legal_deck_parses_in_file_order(tmp_path):
    p = write(tmp_path, ["# a comment", "game: dmcg", "name: Test deck", ""] + LEGAL)
    assert check_deck(p) == []
    d = load_deck(p)
    assert d.name == "Test deck" and d.game == "dmcg" and len(d) == 30
    assert [e.card.number for e in d.entries][:3] == ["St-1", "St-2", "Bo-66"]
    assert d.entries[0].line == 5
    assert len(d.cards()) == 30 and d.cards()[0].number == "St-1"
    assert len(d.digimon_cards()) == 13
    assert d.partner().number == "St-1"  # rule BL-1


def test_trailing_comment_and_name_rules(tmp_path):
    # rule DM-NAME-1: case, spaces, hyphens and "(N)" ignored
    lines = list(LEGAL)
    lines[0] = "3 st-1 AGU-MON   # partner"
    lines[3] = "3 Dw-2 metal greymon"
    assert check_deck(write(tmp_path, lines)) == []


def test_name_mismatch(tmp_path):
    lines = list(LEGAL)
    lines[1] = "3 St-2 Garurumon"
    p = write(tmp_path, lines)
    (m,) = msgs(p)
    assert m.startswith(f"{p}:2: ") and "'Garurumon'" in m and "'Greymon'" in m


def test_unknown_number_suggests(tmp_path):
    lines = list(LEGAL)
    lines[0] = "3 St-1x Agumon"
    p = write(tmp_path, lines)
    m = msgs(p)
    assert m[0].startswith(f"{p}:1: unknown card number St-1x (closest: ")
    assert "St-1" in m[0]
    assert len(m) == 1  # the 30-card total still counts the line's copies


def test_bad_count_and_malformed(tmp_path):
    lines = list(LEGAL)
    lines[0] = "0 St-1 Agumon"
    lines[1] = "x St-2 Greymon"
    lines.append("St-3")
    p = write(tmp_path, lines)
    m = msgs(p)
    assert any(s.startswith(f"{p}:1: count must be a positive integer") for s in m)
    assert any(s.startswith(f"{p}:2: count must be a positive integer") for s in m)
    assert any(s.startswith(f"{p}:12: malformed line") and "COUNT CARD_NUMBER" in s for s in m)


def test_more_than_three_of_a_name_across_numbers(tmp_path):
    # rule DM-DECK-1: same rule name across printings (Agumon St-1 and St-136)
    lines = list(LEGAL)
    lines[-1] = "1 St-54"
    lines.append("1 St-136 Agumon")
    p = write(tmp_path, lines)
    (m,) = msgs(p)
    assert m.startswith(f"{p}:12: 4 copies of 'Agumon' (lines 1, 12)") and "DM-DECK-1" in m


def test_total_not_30(tmp_path):
    p = write(tmp_path, LEGAL[:-1] + ["1 St-54"])
    (m,) = msgs(p)
    assert m == f"{p}:11: 29 cards, a deck has exactly 30 (DM-DECK-1)"


def test_no_level_three(tmp_path):
    lines = ["3 St-2 Greymon", "3 Bo-66 Tyranomon", "3 Dw-2", "3 Bo-266", "3 St-59", "3 St-60",
             "3 St-49", "3 St-50", "3 St-53", "3 St-54"]
    p = write(tmp_path, lines)
    (m,) = msgs(p)
    assert m.startswith(f"{p}:10: no Level III") and "DM-DECK-1" in m


def _find(pred):
    return next(c for c in DB.cards if pred(c))


@pytest.mark.parametrize("kind,pred", [
    ("Hybrid", lambda c: c.get("level") == "Hybrid"),
    ("Xros", lambda c: (c.get("level") or "").startswith("Xros")),
    ("Spirit", lambda c: (c.get("group") or "").startswith("Spirit") and c.get("level") != "Hybrid"),
])
def test_hybrid_xros_spirit_rejected(tmp_path, kind, pred):
    # rule DM-DECK-3
    c = _find(pred)
    lines = list(LEGAL)
    lines[-1] = "1 St-54"
    lines.append(f"1 {c.number}")
    p = write(tmp_path, lines)
    m = msgs(p)
    assert any(s.startswith(f"{p}:12: {c.number} '{c.name}' is a {kind} card") and "DM-DECK-3" in s for s in m)


def test_regulation_cn(tmp_path):
    # rule DM-DECK-2: at most 5 Ultimate under cn
    lines = ["3 St-1", "3 St-2", "3 Dw-2", "2 Bo-266 War Greymon", "3 Bo-55", "1 Bo-198",
             "3 St-59", "3 St-60", "3 St-49", "3 St-50", "3 St-53"]
    p = write(tmp_path, lines)
    assert check_deck(p) == []
    (m,) = [str(x) for x in check_deck(p, regulation="cn")]
    assert m.startswith(f"{p}:6: 6 Ultimate Digimon") and "DM-DECK-2" in m
    assert "unknown regulation" in str(check_deck(p, regulation="jp")[0])


def test_format(tmp_path):
    p = write(tmp_path, LEGAL)
    assert check_deck(p, format="modern") == []  # case-insensitive; Modern allows PROM2
    (a,) = [str(x) for x in check_deck(p, format="Adventure")]
    assert a.startswith(f"{p}:4: Dw-2 'Metal Greymon (1)' (set PROM2) is not allowed in format Adventure")
    m = [str(x) for x in check_deck(p, format="Frontier")]
    assert m[0].startswith(f"{p}:1: St-1 'Agumon' (set St1) is not allowed in format Frontier")
    (u,) = [str(x) for x in check_deck(p, format="Nope")]
    assert u.startswith(f"{p}:0: unknown format 'Nope' (known: ") and "Adventure" in u


def test_headers(tmp_path):
    p = write(tmp_path, ["colour: red"] + LEGAL)
    (m,) = msgs(p)
    assert m.startswith(f"{p}:1: unknown header 'colour'")
    p = write(tmp_path, ["game: appmon", "3 XX-1 Gatchmon"])  # read with the Appmon cards (issue 13)
    m, n = msgs(p)
    assert m.startswith(f"{p}:2: unknown card number XX-1") and n == f"{p}:2: 3 cards, a deck has exactly 30 (AM-DECK-1)"


def test_option_kind_and_unreadable(tmp_path):
    p = tmp_path / "bin.deck"
    p.write_bytes(b"3 St-1\x00 Agumon\n")
    (m,) = msgs(p)
    assert m.startswith(f"{p}:0: binary file")
    p = tmp_path / "latin.deck"
    p.write_bytes(b"3 St-1 Agum\xf6n\n")
    (m,) = msgs(p)
    assert m.startswith(f"{p}:1: not a text file")
    (m,) = msgs(tmp_path)
    assert m.startswith(f"{tmp_path}:0: is a directory")
    (m,) = msgs(tmp_path / "missing.deck")
    assert m.startswith(f"{tmp_path / 'missing.deck'}:0: cannot read file")


def test_parse_and_load_raise_deckerror(tmp_path):
    p = write(tmp_path, ["3 St-1x"])
    with pytest.raises(DeckError) as ei:
        parse_deck(p)
    assert isinstance(ei.value, ValueError) and ei.value.problems[0].line == 1
    p = write(tmp_path, LEGAL[:-1])
    parse_deck(p)  # parses fine
    with pytest.raises(DeckError, match="28 cards"):
        load_deck(p)


# ---- LackeyCCG .dek ---------------------------------------------------------------------

def dek(cards, extra=""):
    body = "\n".join(
        f'    <card><name id="{n}">{nm}</name><set>{s}</set></card>' for n, nm, s in cards)
    return ('<deck version="0.8">\n  <meta><game>digimon</game></meta>\n'
            f'  <superzone name="Deck">\n{body}\n  </superzone>\n'
            '  <superzone name="Sideboard">\n    <card><name id="St-2">Greymon</name><set>St1</set></card>\n'
            f'  </superzone>{extra}\n</deck>\n')


def legal_copies():
    out = []
    for line in LEGAL:
        n, num = line.split()[:2]
        c = DB[num]
        out += [(c.number, c.name, c["set"])] * int(n)
    return out


def test_dek_import(tmp_path):
    p = tmp_path / "a.dek"
    p.write_text(dek(legal_copies()), encoding="utf-8")
    d = load_deck(p)
    assert len(d) == 30 and d.entries[0].count == 3 and d.entries[0].card.number == "St-1"
    assert d.entries[0].line == 4 and d.entries[1].line == 7  # one <card> per line
    text = parse_deck(write(tmp_path, LEGAL))
    assert [(e.count, e.card.number) for e in d.entries] == [(e.count, e.card.number) for e in text.entries]


def test_dek_problems(tmp_path):
    cards = legal_copies()
    cards[4] = ("St-2", "Garurumon", "St1")
    cards[7] = ("St-9999", "Nobody", "St1")
    p = tmp_path / "b.dek"
    p.write_text(dek(cards), encoding="utf-8")
    m = msgs(p)
    assert any(s.startswith(f"{p}:8: name 'Garurumon'") for s in m)
    assert any(s.startswith(f"{p}:11: unknown card number St-9999") for s in m)
    p.write_text(dek(cards[:3]).replace("</superzone>", "</superzon>", 1), encoding="utf-8")
    (m,) = msgs(p)
    assert m.startswith(f"{p}:7: bad XML")


# ---- shipped decks and the CLI ----------------------------------------------------------

def test_shipped_decks_are_legal():
    assert len(SHIPPED) >= 10
    for f in SHIPPED:
        assert check_deck(f) == [], f
        assert Path(f).read_text(encoding="utf-8").startswith("#")
        d = load_deck(f)
        assert evolution_lines(d), f


def test_cli_check_and_show(tmp_path):
    r = CliRunner().invoke(app, ["check", *SHIPPED[:3]])
    assert r.exit_code == 0 and r.output.count(": legal (30 cards") == 3
    bad = write(tmp_path, LEGAL[:-1])
    r = CliRunner().invoke(app, ["check", SHIPPED[0], str(bad), str(tmp_path), str(tmp_path / "nope.deck")])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert f"{bad}:10: 28 cards" in r.output and f"{tmp_path}:0: is a directory" in r.output
    r = CliRunner().invoke(app, ["check", "--format", "Nope", SHIPPED[0]])
    assert r.exit_code == 2 and "unknown format" in r.output
    r = CliRunner().invoke(app, ["show", SHIPPED[0]])
    assert r.exit_code == 0 and "Evolution lines" in r.output and "Draw odds" in r.output
    r = CliRunner().invoke(app, ["show", "--json", SHIPPED[0]])
    assert r.exit_code == 0 and '"draw_odds"' in r.output
    r = CliRunner().invoke(app, ["show", str(bad)])
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_evolution_line_text(tmp_path):
    d = load_deck(write(tmp_path, LEGAL))
    texts = [format_line(ln, d) for ln in evolution_lines(d)]
    assert "Agumon → Greymon (●●) → Metal Greymon (1) (W40%) → War Greymon (W60%)" in texts


# ---- hypergeometric ---------------------------------------------------------------------

def test_hypergeometric_exact():
    assert p_at_least_one(3, 6) == pytest.approx(1 - (23 * 22 * 21) / (29 * 28 * 27))
    assert p_at_least_one(0, 6) == 0.0 and p_at_least_one(29, 1) == 1.0
    assert seen_by_turn(1) == 6 and seen_by_turn(3) == 8


@given(st.integers(0, 29), st.integers(0, 29))
def test_hypergeometric_bounds_and_monotone(k, n):
    p = p_at_least_one(k, n)
    assert 0.0 <= p <= 1.0
    assert p_at_least_one(min(k + 1, 29), n) >= p - 1e-12
    assert p_at_least_one(k, min(n + 1, 29)) >= p - 1e-12


def test_draw_odds_rows(tmp_path):
    rows = draw_odds(load_deck(write(tmp_path, LEGAL)))
    agu = next(r for r in rows if r["group"].startswith("Agumon"))
    assert agu["copies"] == 2  # the partner copy is out of the deck (DM-SET-1)
    assert all(0 <= r["turn1"] <= r["turn3"] <= 1 for r in rows)


# ---- properties --------------------------------------------------------------------------

NUMBERS = [c.number for c in DB.cards]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(1, 9), st.sampled_from(NUMBERS), st.booleans()), min_size=1, max_size=15))
def test_roundtrip(tmp_path, items):
    lines = [f"{n} {num}" + (f" {DB[num].name}" if named else "") for n, num, named in items]
    p = write(tmp_path, lines, "rt.deck")
    d = parse_deck(p)
    assert [(e.count, e.card.number, e.line) for e in d.entries] == [
        (n, num, i + 1) for i, (n, num, _) in enumerate(items)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300).map(lambda s: s.encode("utf-8")),
                 st.lists(st.sampled_from(["3 St-1 Agumon", "<deck>", "<superzone name=\"Deck\">",
                                           "<card><name id=\"St-1\">Agumon</name></card>", "game: x",
                                           "# c", "0 a b", "</superzone></deck>", "name: z", "St-1"]),
                          max_size=12).map(lambda xs: "\n".join(xs).encode())),
       st.sampled_from(["f.deck", "f.dek"]))
def test_arbitrary_input_only_deckerror(tmp_path, data, name):
    p = tmp_path / name
    p.write_bytes(data)
    try:
        parse_deck(p)
    except DeckError:
        pass
    probs = check_deck(p, regulation="cn", format="Modern")
    assert all(re.match(r"^.+:\d+: .+", str(x)) for x in probs)
    assert all("\n" not in x.message for x in probs)


def test_shipped_decks_are_legal_in_the_format_they_name():
    # issue 12: every shipped deck says "Format: Modern" (the LackeyCCG format of the card data);
    # "Adventure" in their comments names the anime series, not the format
    from pathlib import Path

    from simcli.decks import check_deck

    decks = sorted((Path(__file__).resolve().parents[1] / "decks" / "dmcg").glob("*.deck"))
    assert len(decks) == 12
    for d in decks:
        assert "# Format: Modern" in d.read_text(encoding="utf-8"), d.name
        assert check_deck(d, format="Modern") == [], d.name
