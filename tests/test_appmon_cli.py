"""The second game at the seams (issue 13): the card file and its import, Appmon deck files (AM-DECK-1),
simulate / replay / meta / reports on ``game: appmon`` decks, and the engines' agreement, determinism
and invariants (parity: every per-game record and every statistic equal in both engines)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from simcli import api
from simcli.appmon import ENGINE_VERSION
from simcli.appmon import kernel as K
from simcli.appmon import reference as R
from simcli.appmon.cards import CardFileError, build_db, is_card_csv, read_csv
from simcli.appmon.tables import compile_tables
from simcli.cards.db import DATA_DIR, db_revision, load_db
from simcli.decks import check_deck, load_deck

ROOT = Path(__file__).resolve().parents[1]
DECKS = sorted((ROOT / "decks" / "appmon").glob("*.deck"))
CSV = ROOT / "simcli" / "appmon" / "data" / "appmon.csv"


def _app():
    from simcli.cli.main import app

    return app


def _tables(a, b, effects=True):
    return compile_tables([load_deck(a).cards(), load_deck(b).cards()], effects=effects)


# ---- the card file ---------------------------------------------------------------------------------
def test_shipped_database_is_the_card_file_imported(tmp_path):
    # `simcli cards import simcli/appmon/data/appmon.csv` made simcli/cards/data/appmon.json
    out = tmp_path / "appmon.json"
    r = CliRunner().invoke(_app(), ["cards", "import", str(CSV), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "20 cards (4 options, 3 modeled), 20 illustrative" in r.output
    assert out.read_bytes() == (DATA_DIR / "appmon.json").read_bytes()


def test_seed_facts_and_illustrative_marks():
    # seed 000: DoGatchmon ST1-03, battle type A, Gatchmon x Navimon, Super Grade, Social, A attack 530
    c = load_db("appmon")["ST1-03"]
    assert (c["name"], c["battle_type"], c["grade"], c["attribute"], c["attack"]["A"]) == (
        "DoGatchmon", "A", "Super", "Social", 530)
    assert c["appgattai"] == ["Gatchmon", "Navimon"]
    assert {"number", "name", "grade", "attribute", "battle_type", "a", "appgattai"} <= set(c["facts"])
    assert c["illustrative"] is True  # its B, C and lost points are not official facts
    assert all(x["illustrative"] for x in load_db("appmon").cards)
    db = build_db(CSV)
    assert db["sets"]["AM-BT1"] == {"cards": 56, "released": "2016-10-08"}  # the seed's set list


@pytest.mark.parametrize("row,msg", [
    ("X-1,Foo,Appmon,Mega,Social,A,1,2,3,,1,2,3,4", ":2: grade must be one of Standard, Super, Ultimate, God"),
    ("X-1,Foo,Appmon,Standard,Social,D,1,2,3,,1,2,3,4", ":2: battle_type must be A, B or C"),
    ("X-1,Foo,Appmon,Standard,Social,A,1,x,3,,1,2,3,4", ":2: column 'b' must be a whole number"),
    ("X-1,Foo,Thing,Standard,Social,A,1,2,3,,1,2,3,4", ":2: kind must be Appmon or Option"),
    ("X-1,Foo,Appmon,Super,Social,A,1,2,3,,1,2,3,4", None),
    ("X-1,Foo,Appmon,Standard,Social,A,1,2", ":2: 8 fields, the header has 14"),
])
def test_card_file_errors_name_file_and_line(tmp_path, row, msg):
    f = tmp_path / "cards.csv"
    f.write_text("number,name,kind,grade,attribute,battle_type,a,b,c,c_effect,lost_standard,lost_super,"
                 "lost_ultimate,lost_god\n" + row + "\n", encoding="utf-8")
    if msg is None:
        assert read_csv(f)[0]["name"] == "Foo"
        return
    with pytest.raises(CardFileError) as e:
        read_csv(f)
    assert str(e.value).startswith(str(f) + msg)
    r = CliRunner().invoke(_app(), ["cards", "import", str(f), "--out", str(tmp_path / "x.json")])
    assert r.exit_code == 2 and str(f) + msg in r.output and "Traceback" not in r.output
    assert not (tmp_path / "x.json").exists()


def test_card_file_detection_and_unknown_requirement(tmp_path):
    f = tmp_path / "cards.txt"
    f.write_text("number,name,kind,grade,attribute,battle_type,a,b,c,c_effect,lost_standard,lost_super,"
                 "lost_ultimate,lost_god,appgattai\n"
                 "X-1,Foo,Appmon,Super,Social,A,1,2,3,,1,2,3,4,Bar × Baz\n", encoding="utf-8")
    assert is_card_csv(f) and is_card_csv(CSV) and not is_card_csv(ROOT / "README.md")
    with pytest.raises(CardFileError, match=r"cards.txt:2: AppGattai requirement names 'Bar'"):
        read_csv(f)


def test_unmodeled_effects_are_listed():
    c = load_db("appmon")["ILL-104"]
    assert c["modeled"] is False and c["unmodeled"] == ["option: battle: swap_types"]


# ---- AM-DECK-1 ---------------------------------------------------------------------------------------
def test_shipped_decks_are_legal():
    # rule AM-DECK-1: exactly 30 cards, at most 3 of a name, at least one Standard Grade Appmon
    assert len(DECKS) >= 3
    for d in DECKS:
        assert check_deck(d) == [], d
        deck = load_deck(d)
        assert deck.game == "appmon" and len(deck) == 30


def test_deck_problems_name_file_and_line(tmp_path):
    # rule AM-DECK-1, one problem a line, FILE:LINE, exit code 2
    bad = tmp_path / "bad.deck"
    bad.write_text("game: appmon\n4 ILL-001 Gatchmon\n3 ST1-03 DoGatchmon\n3 ILL-00x Navimon\n"
                   "2 ILL-002 Dokamon\n", encoding="utf-8")
    msgs = [str(p) for p in check_deck(bad)]
    assert msgs[0] == f"{bad}:2: 4 copies of 'Gatchmon' (lines 2); at most 3 cards of the same name (AM-DECK-1)"
    assert msgs[1].startswith(f"{bad}:4: unknown card number ILL-00x")
    assert msgs[2] == f"{bad}:5: name 'Dokamon' does not match card ILL-002, which is 'Navimon' (DM-NAME-1)"
    assert msgs[3] == f"{bad}:5: 12 cards, a deck has exactly 30 (AM-DECK-1)"
    r = CliRunner().invoke(_app(), ["deck", "check", str(bad)])
    assert r.exit_code == 2 and f"{bad}:2: 4 copies" in r.output
    nostd = tmp_path / "nostd.deck"
    nostd.write_text("game: appmon\n" + "".join(f"3 {n}\n" for n in (
        "ST1-03", "ILL-011", "ILL-012", "ILL-013", "ILL-021", "ILL-022", "ILL-023", "ILL-031", "ILL-101",
        "ILL-102")), encoding="utf-8")
    assert [str(p) for p in check_deck(nostd)] == [
        f"{nostd}:11: no Standard Grade Appmon; a deck needs at least one (AM-DECK-1)"]
    dm = tmp_path / "dm.deck"
    dm.write_text("game: appmon\n3 St-1 Agumon\n", encoding="utf-8")  # a DMCG number in an Appmon deck
    assert str(check_deck(dm)[0]).startswith(f"{dm}:2: unknown card number St-1")


def test_deck_cli_stays_numba_free():
    code = ("import sys, simcli.cli.main, simcli.decks; from simcli.decks import load_deck; "
            "load_deck('decks/appmon/dogatchmon.deck'); import simcli.appmon.show, simcli.appmon.cards; "
            "print(sorted(m for m in sys.modules if m == 'numba' or m.startswith('simcli.engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_deck_show_marks_illustrative_cards():
    r = CliRunner().invoke(_app(), ["deck", "show", str(ROOT / "decks/appmon/dogatchmon.deck"), "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["game"] == "appmon" and "Gatchmon × Navimon → DoGatchmon (Super)" in d["appgattai_lines"]
    assert any(x["number"] == "ST1-03" for x in d["illustrative"])
    r = CliRunner().invoke(_app(), ["deck", "show", str(ROOT / "decks/appmon/dogatchmon.deck")])
    assert "illustrative" in r.stdout and "†" in r.stdout


# ---- parity, determinism, invariants -------------------------------------------------------------------
PAIRS = list(itertools.combinations(DECKS, 2))


@pytest.mark.parametrize("players", [("baseline", "baseline"), ("greedy", "greedy"), ("greedy", "baseline")])
@pytest.mark.parametrize("effects", [True, False])
def test_engines_agree_game_by_game(players, effects):
    codes = tuple(0 if p == "baseline" else 1 for p in players)
    for a, b in PAIRS:
        T = _tables(a, b, effects)
        ref = R.run_records(T, 17, 0, 60, 200, codes)
        ker = K.run_records(T, 17, 0, 60, 200, codes, check=True)
        assert (ref == ker).all(), (a.name, b.name, np.flatnonzero(ref != ker)[:5])
        rs = R.run_stats(T, 17, 60, 100, 200, codes)
        ks = K.run_batch(T, 17, 60, 100, 200, codes, nblocks=3)
        assert all(np.array_equal(rs[k], ks[k]) for k in rs), [k for k in rs if not np.array_equal(rs[k], ks[k])]


def test_results_do_not_depend_on_chunks_or_threads():
    a, b = DECKS[0], DECKS[1]
    runs = [api.simulate(a, b, games=3000, seed=9, player_a="greedy", threads=t, chunk_size=c)
            for t, c in ((1, 3000), (2, 700), (2, 128))]
    for r in runs[1:]:
        for k in runs[0]["stats"]:
            assert np.array_equal(runs[0]["stats"][k], r["stats"][k]), k
    s = runs[0]["summary"]
    assert s["game"] == "appmon" and s["engine_version"] == ENGINE_VERSION and s["db_revision"] == db_revision("appmon")
    assert s["illustrative_cards"] and all(x.startswith(("A ", "B ")) for x in s["illustrative_cards"])
    assert s["wins_a"] + s["wins_b"] + s["draws"] + s["capped"] == 3000


def test_invariants_hold_in_every_game_of_every_shipped_pair():
    # card conservation, points in 0..100, hand <= 6 after every turn (kernel, --check) and the reference's
    for a, b in itertools.product(DECKS, repeat=2):
        T = _tables(a, b)
        K.run_batch(T, 23, 0, 500, 200, (1, 0), nblocks=2, check=True)
        for g in range(10):
            R.play_game(T, 23, g, (0, 1), 200, check=True)
        st = K.run_batch(T, 23, 0, 500, 200, (1, 1), nblocks=2)
        assert st["outcomes"].sum() == 500 and st["alive"][1] == 500
        for s in (0, 1):  # points by turn are within 0..100 and counted once per game still playing
            assert (st["points_hist"][s].sum(axis=1) == st["alive"]).all()


# ---- the commands -------------------------------------------------------------------------------------
def test_simulate_cli_json_and_report(tmp_path):
    a, b = str(DECKS[0]), str(DECKS[1])
    r = CliRunner().invoke(_app(), ["simulate", a, b, "-n", "2000", "--seed", "4", "--player", "greedy", "--json",
                                    "--out", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    js = json.loads(r.stdout[r.stdout.index("{"):r.stdout.rindex("}") + 1])
    assert js["game"] == "appmon" and js["games"] == 2000 and js["illustrative_cards"]
    assert "illustrative card(s) (numbers not official facts)" in r.stderr
    md = (tmp_path / "rep" / "report.md").read_text(encoding="utf-8")
    assert "**game**: appmon" in md and "illustrative cards (numbers not official facts)" in md
    assert "| A | Standard |" in md  # grades name the levels table
    rep = json.loads((tmp_path / "rep" / "summary.json").read_text(encoding="utf-8"))
    assert rep["engine_version"] == ENGINE_VERSION and rep["seed"] == 4


def test_mixed_games_are_one_line(tmp_path):
    r = CliRunner().invoke(_app(), ["simulate", str(DECKS[0]), str(ROOT / "decks/dmcg/agumon-starter.deck"), "-n", "10"])
    assert r.exit_code == 2
    out = subprocess.run([sys.executable, "-m", "simcli", "simulate", str(DECKS[0]), "decks/dmcg/agumon-starter.deck",
                          "-n", "10"], capture_output=True, text=True, cwd=ROOT, env={**os.environ})
    assert out.returncode == 2 and out.stderr.strip().count("\n") == 0
    assert "both decks of a matchup must be of one game" in out.stderr and "Traceback" not in out.stderr


def test_replay_is_the_reference_log_of_the_kernel_game():
    a, b = DECKS[0], DECKS[1]
    log = api.replay(a, b, seed=2, game=3, player_a="greedy")
    assert log[0].startswith("# ") and f"engine {ENGINE_VERSION}" in log[0] and "seed 2, game 3" in log[0]
    assert log[1].startswith("# illustrative cards")
    rec = K.run_records(_tables(a, b), 2, 3, 4, 200, (1, 1))[0]
    last = log[-1]
    assert last.startswith("result:") and f"after {rec['turns']} turns" in last
    assert f"points A {rec['points_a']} B {rec['points_b']}" in last


def test_meta_on_the_appmon_folder(tmp_path):
    res = api.meta([ROOT / "decks" / "appmon"], games=300, seed=1, player_a="greedy", out_dir=tmp_path / "m")
    s = res["summary"]
    assert s["game"] == "appmon" and s["engine_version"] == ENGINE_VERSION
    assert len(res["stats"]) == len(DECKS) * (len(DECKS) - 1) // 2  # every pair once
    assert "illustrative cards (numbers not official facts)" in (tmp_path / "m" / "report.md").read_text("utf-8")
    assert "ST1-03 DoGatchmon" in s["illustrative_cards"]


def test_cards_show_and_search_find_appmon_cards():
    r = CliRunner().invoke(_app(), ["cards", "show", "st1-03", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["attack"]["A"] == 530
    r = CliRunner().invoke(_app(), ["cards", "show", "ILL-001"])
    assert r.exit_code == 0 and "illustrative" in r.stdout and "official facts" in r.stdout
    r = CliRunner().invoke(_app(), ["cards", "search", "gatchmon"])
    assert r.exit_code == 0 and "ST1-03" in r.stdout and "ILL-001" in r.stdout


def test_random_player_is_refused_for_appmon(tmp_path):
    """The random player exists for the DMCG only: an Appmon run with it is one line, exit 2 (never a
    silent baseline)."""
    from simcli.cli.main import app

    for argv in (["simulate", str(DECKS[0]), str(DECKS[1]), "-n", "10", "--player", "random"],
                 ["replay", str(DECKS[0]), str(DECKS[1]), "--seed", "1", "--game", "0", "--player", "random"],
                 ["meta", str(DECKS[0]), str(DECKS[1]), "-n", "10", "--player", "random"]):
        r = CliRunner().invoke(app, argv)
        assert r.exit_code == 2, (argv, r.output)
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        assert lines[-1] == ("error: --player random: game: appmon decks are played by baseline or greedy only "
                             "(docs/appmon.md)"), r.stderr
        assert "Traceback" not in r.output and all(not ln.startswith("error") for ln in lines[:-1])
