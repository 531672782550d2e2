"""Requirement qualifiers as filters (issue 9 rule error 7) and the name aliases of DM-NAME-1.

Requirement texts here are short clauses in the style of the card data, not card texts; the checks
against the real data read it at test time (``lackey_dir``)."""

from __future__ import annotations

import re

import pytest

from simcli.cards import lackey
from simcli.cards.db import load_db
from simcli.cards.effects import parse_effect
from simcli.cards.names import ALIASES, frame_marker, norm_name, rule_spelling
from simcli.cards.requirements import RequirementParser, qualifier_filter, rider_filter

NAMES = ["Agumon", "Gabumon", "Greymon", "Metal Greymon", "War Greymon", "Metal Garurumon", "Gomamon", "Labramon",
         "Rapidmon", "X Eraser", "Omegamon", "Tyranomon", "Winning Percentage: 60%!"]


@pytest.fixture(scope="module")
def parser():
    p = RequirementParser(NAMES)
    p.set_option_names(["X Eraser", "Winning Percentage: 60%!"])
    return p


@pytest.mark.parametrize("qualifier, filt", [
    ("Blue Frame", "frame=Blue"), ("Red Frame", "frame=Red"), ("blue frame", "frame=Blue"),
    ("Virus", "attr=Virus"), ("Vaccine", "attr=Vaccine"), ("Data attribute", "attr=Data"),
    ("Virus Busters", "field=VB"), ("VB", "field=VB"), ("ME", "field=ME"), ("Wind Guardians", "field=WG"),
    ("Dark Area", "field=DA"), ("Nightmare Soldiers", "field=NSo"),
    ("Unknown", "field=UK"), ("Unknown attribute", "attr=Unknown"),
    ("Level IV", "level=IV"), ("Perfect", "level=Perfect"), ("Perfect levels", "level=Perfect"),
    # a negated filter
    ("Non-Virus", "attr!=Virus"), ("non-Vaccine", "attr!=Vaccine"),
    # not one filter: no "Armor-evolved" filter, two qualifiers at once
    ("Armor Evolution", ""), ("Armor", ""), ("blue frame Virus attribute", ""),
])
def test_qualifier_filter(qualifier, filt):  # rule DM-EVO-1 (the Digimon evolved from)
    assert qualifier_filter(qualifier) == filt
    if filt:
        parse_effect(f"search(1) | filter: {filt}")  # a filter of the effect language


def test_from_filter_on_alternatives(parser):  # rules DM-EVO-1, DM-EVO-3c
    r = parser.parse("Gomamon (Blue Frame) + OO Labramon + O")
    assert [(a.from_name, a.qualifier, a.from_filter) for a in r.alternatives] == [
        ("gomamon", "Blue Frame", "frame=Blue"), ("labramon", "", "")]
    r = parser.parse("Metal Greymon (Red Frame) + X-Eraser")  # "X-Eraser" is the option "X Eraser"
    assert r.modeled and r.alternatives[0].option == "xeraser" and r.alternatives[0].from_filter == "frame=Red"
    r = parser.parse("Tyranomon + Winning Percentage: 60%! Rapidmon Perfect + Winning Percentage: 60%!")
    assert [(a.from_name, a.from_filter) for a in r.alternatives] == [("tyranomon", ""), ("rapidmon", "level=Perfect")]
    r = parser.parse("Agumon? + OOX")  # the source's uncertain reading
    assert [(a.from_name, a.cards) for a in r.alternatives] == [("agumon", 3)]


def test_partner_filter(parser):  # rule DM-EVO-4
    r = parser.parse("War Greymon (Blue Frame) + Metal Garurumon (Blue Frame)")
    (a,) = r.alternatives
    assert (a.from_name, a.jogress, a.from_filter, a.partner_filter) == (
        "wargreymon", "metalgarurumon", "frame=Blue", "frame=Blue")
    assert a.to_json()["partner_filter"] == "frame=Blue"


def test_rider_restriction_as_filter(parser):
    r = parser.parse("Greymon + Winning Percentage: 60%! Metal Greymon (Virus) + Winning Percentage: 60%!"
                     " (O)Can only evolve from Virus attribute Digimon.")
    assert r.rider == "" and [a.from_filter for a in r.alternatives] == ["attr=Virus", "attr=Virus"]
    r = parser.parse("Metal Greymon + Winning Percentage: 60%! (O)Can only evolve from Perfect levels.")
    assert r.rider == "" and r.alternatives[0].from_filter == "level=Perfect"
    r = parser.parse("War Greymon + Metal Garurumon (O)Can only evolve from Vaccine attribute Digimon.")
    assert r.rider == "" and (r.alternatives[0].from_filter, r.alternatives[0].partner_filter) == (
        "attr=Vaccine", "attr=Vaccine")
    # not expressible: two qualifiers (Bo-1049), another qualifier already on an alternative
    for text in ("Greymon + Winning Percentage: 60%! (O)Can only evolve from blue frame Virus attribute Digimon.",
                 "Greymon (Vaccine) + Winning Percentage: 60%! (O)Can only evolve from Virus attribute Digimon.",
                 "Greymon (Virus Busters) + Winning Percentage: 40%! (O)Cannot evolve from Virus attribute Digimon."):
        r = parser.parse(text)
        assert r.rider == "evolution-rider-restriction", text
        assert r.alternatives[0].from_filter in ("", "attr=Vaccine", "field=VB")
    assert rider_filter("Can only evolve from Data attribute Digimon.") == "attr=Data"
    assert rider_filter("Cannot evolve from Virus attributes.") == "attr!=Virus"
    assert rider_filter("Cannot evolve from a Vaccine attribute Digimon.") == "attr!=Vaccine"


def test_rider_cannot_evolve_from_is_a_negated_filter(parser):
    # "(O)Cannot evolve from Virus attributes." (Re-123 …): attr!=Virus on every alternative; on a Jogress
    # the partner too (a fusion restriction holds for every Digimon used, seed 003 §3.2.2.1 ex. 4 —
    # the decision already taken for "Can only evolve from …")
    r = parser.parse("War Greymon + Metal Garurumon (O)Cannot evolve from Virus attributes.")
    (a,) = r.alternatives
    assert r.rider == "" and r.modeled
    assert (a.jogress, a.from_filter, a.partner_filter) == ("metalgarurumon", "attr!=Virus", "attr!=Virus")
    r = parser.parse("Agumon + X Hawkmon + X (O)Cannot evolve from a Vaccine attribute Digimon.")
    assert r.rider == "" and [a.from_filter for a in r.alternatives] == ["attr!=Vaccine", "attr!=Vaccine"]
    r = parser.parse("Jogress Evolution Agumon + Gabumon Greymon + Winning Percentage: 40%!"
                     " (O)Cannot evolve from Vaccine attribute Digimon")
    assert r.rider == "" and [(a.from_name, a.from_filter, a.partner_filter) for a in r.alternatives] == [
        ("agumon", "attr!=Vaccine", "attr!=Vaccine"), ("greymon", "attr!=Vaccine", "")]
    for a in r.alternatives:
        parse_effect(f"search(1) | filter: {a.from_filter}")  # a filter of the effect language


def test_name_aliases():  # rule DM-NAME-1
    assert norm_name("Beezlebumon") == norm_name("Beelzebumon") == "beelzebumon"
    assert norm_name("Beezlebumon X-Antibody") == norm_name("Beelzebumon X-Antibody")
    assert norm_name("Beezlebumon Blast Mode") == "beelzebumonblastmode"
    assert norm_name("Imperialdramon: Fighter Mode") == norm_name("Imperialdramon Fighter Mode")
    assert norm_name("Omegamon (8)") == "omegamon"  # unchanged: the numeric suffix rule
    assert rule_spelling("Imperialdramon: Fighter Mode") == "Imperialdramon Fighter Mode"
    assert rule_spelling("Beezlebumon X-Antibody") == "Beelzebumon X-Antibody"
    assert rule_spelling("Agumon") == "Agumon"


def test_aliases_change_only_the_names_meant(lackey_dir):  # rule DM-NAME-1
    rows = lackey.read_dir(lackey_dir)
    # the red frame marker "X-Antibody" is no alias (tests/test_frame_names.py): left out here
    plain = lambda n: re.sub(r"[\s\-_]+", "", re.sub(r"\s*\(\d+\)\s*$", "", frame_marker(n)[0])).lower()  # noqa: E731
    changed = sorted({r["Name"].strip() for r in rows if norm_name(r["Name"]) != plain(r["Name"])})
    assert changed == ["Beel Starrmon", "Beezlebumon", "Beezlebumon Blast Mode", "Beezlebumon X-Antibody",
                       "Opossummon"]
    rule_names = {norm_name(r["Name"]) for r in rows}
    for _, target in ALIASES:  # every alias leads to a name the data has
        assert any(norm_name(target) in n for n in rule_names), target


def test_unknown_qualifier_is_the_field(lackey_dir):
    """"(Unknown)" after a Digimon's name is its field: no Digimon the data qualifies so has the
    Unknown attribute, each has printings of the Unknown field."""
    rows = lackey.read_dir(lackey_dir)
    texts = " ".join(r["Evo/Activation"] for r in rows)
    named = set(re.findall(r"([A-Z][\w\-]*(?: [A-Z][\w\-]*)*) \(Unknown\)", texts))
    assert named >= {"Babamon", "Metal Tyranomon"}
    for n in named:
        printings = [r for r in rows if norm_name(r["Name"]) == norm_name(n) and r["Level"].strip()]
        assert printings, n
        assert not [r for r in printings if r["Attribute"].strip() == "Unknown"], n
        assert [r for r in printings if "uk" in r["Field"].lower() or "unknown" in r["Field"].lower()], n


def test_database_qualifiers():
    """Every printed qualifier of the database is a filter or one of the known inexpressible ones."""
    db = load_db()
    missing = set()
    for c in db.cards:
        for r in c.get("requirements") or []:
            for key in ("from_filter", "partner_filter"):
                if r.get(key):
                    parse_effect(f"search(1) | filter: {r[key]}")
            if r.get("qualifier"):
                assert r.get("from_filter", "") == qualifier_filter(r["qualifier"]), c["number"]
                if not r.get("from_filter"):
                    missing.add(r["qualifier"])
    assert missing == {"Armor Evolution", "Armor"}
    # the Beezlebumon printings are Beelzebumon for the ≤3 rule (DM-DECK-1)
    assert {c.number for c in db.by_name("Beelzebumon X-Antibody")} >= {"Bx-163"}
