"""Property-based fuzz test of the deck reader (text and LackeyCCG .dek): every input either
parses or raises the project's one-line error (DeckError, a UserError) — never another exception —
quickly, with at most MAX_PROBLEMS problems and a last line when reading stopped
(docs/reliability.md).  No ``except`` here turns an error into a pass: only DeckError is caught."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from simcli.cards.db import load_db
from simcli.cli.main import app
from simcli.decks import MAX_PROBLEMS, Deck, DeckError, check_deck, load_deck, parse_deck
from simcli.errors import UserError

DB = load_db()
ROOT = Path(__file__).resolve().parents[1]
NUMBERS = [c.number for c in DB.cards]
NAMES = sorted({c.name for c in DB.cards})
SHIPPED = sorted((ROOT / "decks" / "dmcg").glob("*.deck"))
PROBLEM = re.compile(r"^.+:\d+: \S.*$")
FUZZ = settings(max_examples=250, deadline=timedelta(seconds=2),
                suppress_health_check=[HealthCheck.function_scoped_fixture])

HOSTILE = ["[/]", "[bold red]x[/bold red]", "<script>alert(1)</script>", "=1+1", "@SUM(A1)", "`" * 4, "$\\frac$",
           "\u202e", "\u2028", "\x85", "é", "٣", "%s%n", "{0}", "../../etc/passwd", "\\", "'", '"']

counts = st.one_of(st.integers(0, 120).map(str), st.text("0123456789", min_size=1, max_size=40),
                   st.sampled_from(["-1", "3x", "٣", "1e3", "0x3", "+3", "³", "9" * 5000, "0" * 50 + "3"]),
                   st.text(max_size=6))
numbers = st.one_of(st.sampled_from(NUMBERS), st.sampled_from(NUMBERS).map(lambda n: n + "x"),
                    st.sampled_from(NUMBERS).map(str.upper), st.text(min_size=1, max_size=14),
                    st.sampled_from(HOSTILE), st.just("St-" + "1" * 500))
names = st.one_of(st.just(""), st.sampled_from(NAMES), st.text(max_size=40), st.sampled_from(HOSTILE),
                  st.just("Agu mon " * 40))
card_lines = st.builds(lambda c, n, m: f"{c} {n} {m}".rstrip(), counts, numbers, names)
header_lines = st.builds(lambda k, v: f"{k}: {v}", st.sampled_from(["game", "name", "Game", "NAME", "foo", "name "]),
                         st.one_of(st.sampled_from(["dmcg", "appmon", "DMCG", ""]), st.text(max_size=30),
                                   st.sampled_from(HOSTILE), st.just("x" * 300)))
other_lines = st.one_of(st.just(""), st.text(max_size=60).map(lambda s: "#" + s), st.text(max_size=60),
                        st.sampled_from(["<", "<deck>", "\t", "3", "3 ", "#", "\f"]))
deck_texts = st.builds(lambda ls, nl: nl.join(ls),
                       st.lists(st.one_of(card_lines, card_lines, header_lines, other_lines), max_size=45),
                       st.sampled_from(["\n", "\r\n", "\r"]))


def _card(cid, name, set_code, raw):
    q = (lambda s: s) if raw else (lambda s: xml_escape(s, {'"': "&quot;"}))
    attr = "" if cid is None else f' id="{q(cid)}"'
    set_el = "" if set_code is None else f"<set>{q(set_code)}</set>"
    return f"<card><name{attr}>{q(name)}</name>{set_el}</card>"


xml_cards = st.builds(_card, st.one_of(st.none(), numbers), names, st.one_of(st.none(), st.sampled_from(["St1", "Bo2"]),
                                                                                   st.text(max_size=8)),
                      st.booleans())
prologs = st.sampled_from([
    "", '<?xml version="1.0" encoding="UTF-8"?>\n', "<!-- LackeyCCG -->\n",
    '<!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa">]>\n', '<!DOCTYPE deck SYSTEM "http://example.invalid/x.dtd">\n',
    '<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY % p "x">]>\n', "<?pi data?>\n",
])
zones = st.builds(lambda name, cards: f'<superzone name="{name}">' + "\n".join(cards) + "</superzone>",
                  st.sampled_from(["Deck", "Deck", "Sideboard", "deck", ""]), st.lists(xml_cards, max_size=35))
junk = st.sampled_from(["", "<card>", "</superzone>", "&amp;", "&bogus;", "<![CDATA[<x>]]>", "<a><b></a>", "\x00",
                        "<superzone name=\"Deck\"><card><name id=\"St-1\">Agumon</name></card>" * 3, "&#0;", "&#x110000;"])
dek_texts = st.builds(
    lambda pro, zs, j, cut: (pro + '<deck version="0.8"><meta><game>dmhc</game></meta>' + "".join(zs) + j + "</deck>\n")[:cut],
    prologs, st.lists(zones, max_size=3), junk, st.one_of(st.just(None), st.integers(0, 4000)))


def check_reader_contract(p: Path) -> None:
    """Parse, check and load one file: a Deck or DeckError only; problems one line each, bounded; quick."""
    t = time.perf_counter()
    try:
        deck = parse_deck(p, DB)
    except DeckError as exc:  # the one exception the reader may raise (a one-line UserError per problem)
        assert isinstance(exc, UserError) and exc.problems
        problems = exc.problems
    else:
        assert isinstance(deck, Deck)
        problems = []
    checked = check_deck(p, regulation="cn", format="Modern", db=DB)
    for q in problems + checked:
        assert PROBLEM.match(str(q)), str(q)
        assert q.path == str(p) and q.line >= 0
        assert q.message.strip() == q.message and not any(ch in q.message for ch in "\n\r\x85\u2028\u2029")
        assert len(q.message) < 400, q.message
    assert len(problems) <= MAX_PROBLEMS + 1 and len(checked) <= MAX_PROBLEMS + 1
    plain = check_deck(p, db=DB)
    try:
        load_deck(p, DB)
    except DeckError as exc:  # load_deck raises exactly what check_deck lists
        assert exc.problems == plain
    else:
        assert plain == []
    assert time.perf_counter() - t < 2.0


@FUZZ
@given(deck_texts)
@example("name: [/]\n" + "\n".join(["3 St-1 Agumon"] * 10))
@example("9" * 5000 + " St-1")
@example("\n".join(f"1 Zz-{i}" for i in range(200)))
def test_text_decks(tmp_path, text):
    p = tmp_path / "f.deck"
    p.write_bytes(text.encode("utf-8", "surrogatepass"))
    check_reader_contract(p)


@FUZZ
@given(dek_texts)
@example('<!DOCTYPE d [<!ENTITY a "x"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><deck>&b;</deck>')
@example("<a>" * 5000)
@example('<deck><superzone name="Deck"><card><name id="\u2028">x</name></card></superzone></deck>')  # an id of only U+2028
def test_dek_files(tmp_path, text):
    p = tmp_path / "f.dek"
    p.write_bytes(text.encode("utf-8", "surrogatepass"))
    check_reader_contract(p)


@FUZZ
@given(st.sampled_from(SHIPPED), st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 3), st.binary(max_size=4)),
                                          min_size=1, max_size=8), st.sampled_from(["m.deck", "m.dek"]))
def test_mutated_shipped_decks(tmp_path, src, edits, name):
    """Byte-level mutations of real deck files (as text or as .dek): insert, delete, replace."""
    data = bytearray(src.read_bytes())
    for pos, delete, insert in edits:
        pos = min(pos, len(data))
        data[pos:pos + delete] = insert
    p = tmp_path / name
    p.write_bytes(bytes(data))
    check_reader_contract(p)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(deck_texts.map(lambda t: ("c.deck", t)), dek_texts.map(lambda t: ("c.dek", t))))
def test_deck_check_cli_prints_only_problem_lines(tmp_path, named):
    name, text = named
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8", "surrogatepass"))
    r = CliRunner().invoke(app, ["deck", "check", str(p)])
    assert r.exit_code in (0, 2), r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    if r.exit_code == 2:
        lines = r.stderr.splitlines()
        assert lines and all(PROBLEM.match(ln) for ln in lines), r.stderr
    else:
        assert r.stdout.startswith(f"{p}: legal")
