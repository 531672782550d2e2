"""The shipped card database against the LackeyCCG source data, and the importer's pieces."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from simcli.cards import lackey
from simcli.cards.db import DATA_DIR, load_db
from simcli.cards.importer import import_dir, normalize_fields, write_db
from simcli.cards.names import norm_name
from simcli.cards.requirements import RequirementParser
from simcli.cli.main import app

runner = CliRunner()


@pytest.fixture(scope="module")
def source_rows(lackey_dir):
    return lackey.read_dir(lackey_dir)


def test_every_card_matches_the_source(source_rows):
    db = load_db()
    assert len(db) == len(source_rows) == 3078
    for row in source_rows:
        card = db.get(row["Card Number"])
        assert card is not None, row.where
        assert card["number"] == row["Card Number"], row.where
        assert card["name"] == re.sub(r"\s+", " ", row["Name"]).strip(), row.where
        assert card["set"] == row["Set"], row.where
        level = re.sub(r"\s+", " ", row["Level"]).strip()
        if not level:
            assert card["kind"] == "Option", row.where
            continue
        assert card["kind"] == "Digimon" and card["level"] == level, row.where
        assert card["battle_type"] == (row["AT"][:1] or None), row.where
        if row["AP"]:
            assert card["attack"] == {"A": int(row["AP"]), "B": int(row["BP"]), "C": int(row["CP"])}, row.where
        m = re.search(r"III\s*(\d+)\s+IV\s*(\d+)\s+P\s*(\d+)\s+U\s*(\d+)", row["LostPoint"])
        if m:
            assert list(card["lost_points"].values()) == [int(x) for x in m.groups()], row.where
            assert list(card["lost_points"]) == ["III", "IV", "Perfect", "Ultimate"]
        assert card["fields"] == normalize_fields(row["Field"]), row.where


def test_shipped_database_is_the_importers_output(lackey_dir, tmp_path):
    """`simcli cards import ../shared/data/dmhc` regenerates the shipped file byte for byte."""
    out = tmp_path / "dmcg.json"
    write_db(import_dir(lackey_dir), out)
    assert out.read_text(encoding="utf-8") == (DATA_DIR / "dmcg.json").read_text(encoding="utf-8")


def test_database_holds_no_card_text(source_rows):
    """Facts and our own encodings only: no effect or requirement text of the source."""
    blob = (DATA_DIR / "dmcg.json").read_text(encoding="utf-8")
    texts = {r["Abilities"] for r in source_rows} | {r["Evo/Activation"] for r in source_rows}
    long_texts = [t for t in texts if len(t) > 60]
    assert long_texts
    assert not [t for t in long_texts if t in blob]


def test_fields_are_normalised():
    assert normalize_fields("Nsp") == ["NSp"]
    assert normalize_fields("NSo/DA") == ["NSo", "DA"]
    assert normalize_fields("Unknown") == ["UK"]
    assert normalize_fields("Nsp WG nsp") == ["NSp", "WG"]


def test_name_rule():  # rule DM-NAME-1
    assert norm_name("Omegamon (8)") == norm_name("omegamon") == "omegamon"
    assert norm_name("Were Garurumon") == norm_name("WereGarurumon") == norm_name("were-garurumon")
    assert norm_name("Metal Greymon (Virus)") != norm_name("Metal Greymon")  # only numeric suffixes


def test_requirement_alternatives():  # rules DM-EVO-2, DM-EVO-3, DM-EVO-3b, DM-EVO-3c, DM-EVO-4
    p = RequirementParser(["Bakumon", "Pico Devimon", "Candmon", "Devimon", "Dark Lizamon", "Musyamon", "Soulmon",
                           "Digimental of Courage", "Patamon"])
    p.set_option_names(["Digimental of Courage"])
    r = p.parse("Bakumon + XX Pico Devimon + X Candmon + O")
    assert [(a.from_name, a.cards) for a in r.alternatives] == [("bakumon", 2), ("picodevimon", 1), ("candmon", 1)]
    r = p.parse("Greymon + Winning Percentage: 60%!/Tyranomon + Winning Percentage: 40%!")
    assert [(a.from_name, a.win_pct) for a in r.alternatives] == [("greymon", 60), ("tyranomon", 40)]
    r = p.parse("Jogress Evolution Devimon + Dark Lizamon Musyamon + Soulmon")
    assert [(a.from_name, a.jogress) for a in r.alternatives] == [("devimon", "darklizamon"), ("musyamon", "soulmon")]
    r = p.parse("Armor Evolution Patamon + Digimental of Courage")
    assert [(a.from_name, a.option) for a in r.alternatives] == [("patamon", "digimentalofcourage")]
    r = p.parse("Metal Greymon (Virus) + Winning Percentage: 80%! (O)Send one additional card from your hand.")
    assert r.alternatives[0].qualifier == "Virus" and r.extra_discard == 1
    assert not p.parse("When your Digimon is Agumon, make this card appear.").modeled
    assert not p.parse("complete nonsense").modeled


def test_reader_rejects_malformed_files(tmp_path):
    header = "\t".join(lackey.COLUMNS)
    bad = tmp_path / "CardDataX.txt"
    bad.write_text(header + "\r\nOnly\tthree\tcolumns\r\n", encoding="utf-8")
    with pytest.raises(lackey.LackeyFormatError, match=r"CardDataX.txt:2: 3 columns"):
        lackey.read_file(bad)
    binary = tmp_path / "CardDataY.txt"
    binary.write_bytes(b"\x00\x01\x02")
    with pytest.raises(lackey.LackeyFormatError, match="binary"):
        lackey.read_file(binary)
    wrong = tmp_path / "CardDataZ.txt"
    wrong.write_text("Name\tSet\r\n", encoding="utf-8")
    with pytest.raises(lackey.LackeyFormatError, match=":1: unexpected header"):
        lackey.read_file(wrong)


def test_cards_cli(lackey_dir, tmp_path):
    r = runner.invoke(app, ["cards", "show", "st-1", "--json"])
    assert r.exit_code == 0
    obj = json.loads(r.stdout)
    assert obj["number"] == "St-1" and obj["level"] == "III" and obj["battle_type"] == "A"
    assert set(obj) >= {"number", "name", "kind", "level", "battle_type", "attack", "lost_points",
                        "requirements", "effects", "modeled"}
    r = runner.invoke(app, ["cards", "show", "Zz-999"])
    assert r.exit_code == 2 and "unknown card number" in r.output and "Traceback" not in r.output
    r = runner.invoke(app, ["cards", "search", "Agumon"])
    assert r.exit_code == 0 and "St-1" in r.output
    r = runner.invoke(app, ["cards", "coverage", "--json"])
    cov = json.loads(r.stdout)
    assert 0 < cov["options"]["total"] and cov["options"]["modeled"] <= cov["options"]["total"]
    r = runner.invoke(app, ["cards", "import", str(tmp_path / "nope")])
    assert r.exit_code == 2 and "not a directory" in r.output
