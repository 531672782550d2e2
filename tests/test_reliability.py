"""docs/reliability.md: bad input is one line and exit 2, finished work is never lost, a report
folder is complete or absent.  One test (or more) per case of the reliability issue (#11)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from simcli import api
from simcli.cli.main import app
from simcli.decks import MAX_PROBLEMS, DeckError, check_deck, load_deck, parse_deck
from simcli.errors import UserError

ROOT = Path(__file__).resolve().parents[1]
A = str(ROOT / "decks/dmcg/agumon-starter.deck")
B = str(ROOT / "decks/dmcg/gabumon-starter.deck")
LINE = re.compile(r"^(error: .+|.+:\d+: .+)$")
runner = CliRunner()


def one_line_error(r, code: int = 2) -> str:
    """The result of a CLI call that must fail with exactly one 'FILE:LINE: …' / 'error: …' line."""
    assert r.exit_code == code, (r.exit_code, r.output)
    assert "Traceback" not in r.output, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and LINE.match(lines[0]), r.stderr
    return lines[0]


def legal_lines() -> list[str]:
    return [ln for ln in Path(A).read_text(encoding="utf-8").splitlines() if ln and not ln.startswith(("#", "name"))]


def deck_named(tmp_path: Path, name: str, filename: str = "named.deck") -> Path:
    p = tmp_path / filename
    p.write_text(f"name: {name}\n" + "\n".join(legal_lines()) + "\n", encoding="utf-8")
    return p


# ---- 1. billion laughs ---------------------------------------------------------------------------------------


def billion_laughs() -> str:
    ents = "".join(f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10 if i else "lol"}">\n' for i in range(10))
    return (f'<?xml version="1.0"?>\n<!DOCTYPE deck [\n{ents}]>\n'
            '<deck><superzone name="Deck"><card><name id="St-1">&l9;</name></card></superzone></deck>\n')


def test_billion_laughs_dek_is_refused_at_once(tmp_path):
    p = tmp_path / "lol.dek"
    p.write_text(billion_laughs())
    assert p.stat().st_size < 1024
    t = time.perf_counter()
    with pytest.raises(DeckError) as exc:
        parse_deck(p)
    assert time.perf_counter() - t < 1
    assert [str(x) for x in exc.value.problems] == [f"{p}:2: DTD and entity declarations are not allowed in .dek files"]
    assert isinstance(exc.value, UserError)
    one_line_error(runner.invoke(app, ["deck", "check", str(p)]))


def test_dek_reader_is_linear_in_the_input(tmp_path):
    """Many cards, long character data, deep nesting: each a fraction of a second."""
    cards = "".join('<card><name id="St-1">Agu' + "m" * 50 + "on</name><set>St1</set></card>\n" for _ in range(20000))
    cases = {
        "many.dek": f'<deck><superzone name="Deck">{cards}</superzone></deck>',
        "longtext.dek": '<deck><superzone name="Deck"><card><name id="St-1">' + "x" * 3_000_000 + "</name></card></superzone></deck>",
        "deep.dek": "<a>" * 1_000_000,
    }
    for name, text in cases.items():
        p = tmp_path / name
        p.write_text(text)
        t = time.perf_counter()
        probs = check_deck(p)
        assert time.perf_counter() - t < 3, name
        assert probs and all("\n" not in x.message and len(x.message) < 300 for x in probs), name


# ---- 2. a 4 MB file of unknown card numbers ----------------------------------------------------------------


def test_many_unknown_numbers_stop_after_50_problems(tmp_path):
    p = tmp_path / "unknown.deck"
    text = "\n".join(f"1 Zz-{i}" for i in range(500_000))[: 4 * 1024 * 1024 - 1]
    p.write_text(text)
    t = time.perf_counter()
    probs = check_deck(p)
    assert time.perf_counter() - t < 3
    assert len(probs) == MAX_PROBLEMS + 1
    assert "(closest: " in probs[0].message
    last = str(probs[-1])
    assert re.match(rf"^{re.escape(str(p))}:51: … stopped after 50 problems; \d+ more lines not checked$", last), last
    r = runner.invoke(app, ["deck", "check", str(p)])
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == MAX_PROBLEMS + 1


def test_many_copies_stop_reading(tmp_path):
    p = tmp_path / "many.deck"
    p.write_text("1 St-1 Agumon\n" * 200_000)
    t = time.perf_counter()
    probs = check_deck(p)
    assert time.perf_counter() - t < 3
    assert "more than 300 cards" in str(probs[-1]) and len(probs) <= MAX_PROBLEMS + 1


# ---- 3. a FIFO as a deck -----------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("cmd", [["deck", "check"], ["deck", "show"], ["simulate", "{fifo}", B, "-n", "10"],
                                 ["replay", "{fifo}", B]])
def test_fifo_deck_is_refused_without_blocking(tmp_path, cmd):
    fifo = tmp_path / "pipe.deck"
    os.mkfifo(fifo)
    unblocked = []

    def watchdog():  # should the reader block on the FIFO, open its other end after 5 s so the test ends
        end = time.monotonic() + 5
        while not done.is_set():
            if time.monotonic() > end:
                try:
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
                    unblocked.append(True)
                except OSError:  # no reader yet
                    pass
            time.sleep(0.05)

    done = threading.Event()
    th = threading.Thread(target=watchdog, daemon=True)
    th.start()
    args = [a.replace("{fifo}", str(fifo)) for a in cmd] + ([str(fifo)] if "{fifo}" not in " ".join(cmd) else [])
    try:
        r = runner.invoke(app, args)
    finally:
        done.set()
        th.join()
    assert not unblocked, "the reader blocked on a FIFO"
    line = one_line_error(r)
    assert "is a FIFO (named pipe), not a deck file" in line


# ---- 4. run size ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args,needle", [(["-n", "1000000000000"], "at most 10,000,000,000 games"),
                                         (["--turn-cap", "1000000000"], "at most 1,000 turns"),
                                         (["--turn-cap", "10000000"], "at most 1,000 turns")])
def test_run_size_is_bounded(args, needle, monkeypatch):
    monkeypatch.setattr(api, "simulate", lambda *a, **k: pytest.fail("a run started"))
    assert needle in one_line_error(runner.invoke(app, ["simulate", A, B, *args]))
    with pytest.raises(ValueError):
        api.check_run_size(10**12, 200)
    with pytest.raises(ValueError):
        api.check_run_size(10, 10**9)


def test_turn_cap_memory_stays_small():
    """The per-turn statistic arrays of a chunk stay within a few MB at the highest cap, for any threads."""
    from simcli.engine.results import new_stats

    per_block = sum(a.nbytes for a in new_stats(api.MAX_TURN_CAP, 30).values())
    for threads in (1, 2, 4):
        blocks = api._nblocks(1 << 16, threads, api.MAX_TURN_CAP, 30)
        assert blocks >= threads
        assert (blocks + 2) * per_block < (threads + 3) * 2 * 1024 * 1024
    res = api.simulate(A, B, games=40, seed=1, turn_cap=api.MAX_TURN_CAP, effects="none")
    assert res["summary"]["games"] == 40


def test_long_runs_say_their_estimated_time():
    secs, rate = api.estimate_seconds(10**9, "greedy", None, "all", threads=1)
    assert secs > 3600 and rate > 0
    assert api.estimate_seconds(1000, "baseline", None, "none")[0] < 1


# ---- 5. cards import --out -------------------------------------------------------------------------------------


def test_cards_import_out_errors_are_one_line(tmp_path, monkeypatch):
    from simcli.cards import importer

    monkeypatch.setattr(importer, "import_dir", lambda d: {"game": "dmcg", "cards": []})
    blocker = tmp_path / "file"
    blocker.write_text("x")
    outs = [tmp_path, blocker / "db.json"]
    if Path("/proc/self").exists():
        outs.append(Path("/proc/simcli-test.json"))
    for out in outs:
        line = one_line_error(runner.invoke(app, ["cards", "import", str(tmp_path), "--out", str(out)]))
        assert str(out) in line
    ok = tmp_path / "new" / "db.json"
    r = runner.invoke(app, ["cards", "import", str(tmp_path), "--out", str(ok)])
    assert r.exit_code == 0 and json.loads(ok.read_text())["cards"] == []
    assert not [p for p in ok.parent.iterdir() if p.name != "db.json"]  # no temporary file left


# ---- 6. a count with thousands of digits -------------------------------------------------------------------------


def test_huge_count_is_one_line(tmp_path):
    p = tmp_path / "count.deck"
    p.write_text("9" * 5000 + " St-1 Agumon\n" + "\n".join(legal_lines()[1:]) + "\n")
    msg = f"{p}:1: count {'9' * 19}… is not a plausible number of copies"
    assert str(check_deck(p)[0]) == msg
    assert one_line_error(runner.invoke(app, ["deck", "show", str(p)])) == msg
    assert one_line_error(runner.invoke(app, ["simulate", str(p), B])) == "error: " + msg
    r = runner.invoke(app, ["deck", "check", str(p)])
    assert r.exit_code == 2 and r.stderr.splitlines()[0] == msg and "Exceeds the limit" not in r.output


# ---- 7. rich markup in user text -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["[/]", "[bold red]Red[/bold red]", "x [/bold] y"])
def test_markup_in_deck_names_is_shown_as_written(tmp_path, name):
    p = deck_named(tmp_path, name, "[bold]deck[red].deck")
    r = runner.invoke(app, ["deck", "show", str(p)])
    assert r.exit_code == 0, r.output
    assert name in r.stdout and str(p) in r.stdout
    out = tmp_path / "out [/] [bold]x"
    r = runner.invoke(app, ["simulate", str(p), B, "-n", "50", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert name in r.stdout.replace("\n", " ") or name.split()[0] in r.stdout
    assert f"report: 29 files in {out}" in r.stderr.replace("\n", "")
    assert (out / "report.html").is_file()


# ---- 8. replay --game out of range ------------------------------------------------------------------------------


def test_replay_game_out_of_range(monkeypatch):
    line = one_line_error(runner.invoke(app, ["replay", A, B, "--game", str(2**64)]))
    assert "--game 18446744073709551616" in line
    line = one_line_error(runner.invoke(app, ["replay", A, B, "-n", "10", "--game", "10"]))
    assert "a run of 10 games has games 0..9" in line
    with pytest.raises(ValueError):
        api.replay(A, B, seed=1, game=2**64)
    r = runner.invoke(app, ["replay", A, B, "-n", "10", "--game", "9", "--effects", "none"])
    assert r.exit_code == 0 and "game 9," in r.stdout.splitlines()[0]


# ---- 9. unwritable --out: found before the run; computed results are printed anyway --------------------------------


def test_unwritable_out_is_found_before_the_run(tmp_path, monkeypatch):
    monkeypatch.setattr(api, "simulate", lambda *a, **k: pytest.fail("the run started"))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "not a folder" in one_line_error(runner.invoke(app, ["simulate", A, B, "--out", str(blocker / "sub")]))
    assert "not a folder" in one_line_error(runner.invoke(app, ["simulate", A, B, "--out", str(blocker)]))
    if os.geteuid() != 0:  # root writes anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        one_line_error(runner.invoke(app, ["simulate", A, B, "--out", str(ro / "rep")]))


def test_failed_report_keeps_the_printed_results(tmp_path, monkeypatch):
    from simcli import report

    def broken(out, *a, **k):
        (Path(out) / "summary.json").write_text("{}")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report, "write_report", broken)
    out = tmp_path / "rep"
    r = runner.invoke(app, ["simulate", A, B, "-n", "60", "--seed", "2", "--json", "--out", str(out)])
    line = one_line_error(r)
    assert "No space left on device" in line
    assert json.loads(r.stdout)["games"] == 60  # the figures were printed before the report failed
    assert not out.exists() and list(tmp_path.iterdir()) == []  # complete or absent: no partial folder, no temp


# ---- 10. report folders: complete or absent; never mixed; foreign folders refused -----------------------------------


def test_non_empty_foreign_folder_is_refused_unless_force(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    line = one_line_error(runner.invoke(app, ["simulate", A, B, "-n", "30", "--out", str(out)]))
    assert "not empty and not a simcli report" in line and "--force" in line
    assert (out / "notes.txt").read_text() == "keep me"
    r = runner.invoke(app, ["simulate", A, B, "-n", "30", "--out", str(out), "--force"])
    assert r.exit_code == 0, r.output
    assert not (out / "notes.txt").exists() and (out / "summary.json").is_file()


def test_report_folder_is_replaced_whole(tmp_path):
    out = tmp_path / "rep"
    assert runner.invoke(app, ["simulate", A, B, "-n", "30", "--seed", "1", "--out", str(out)]).exit_code == 0
    (out / "stale.csv").write_text("from an older run")
    r = runner.invoke(app, ["simulate", A, B, "-n", "40", "--seed", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert not (out / "stale.csv").exists()
    assert json.loads((out / "summary.json").read_text())["games"] == 40
    assert "40:" in (out / "report.md").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]  # nothing left beside it


def test_interrupted_report_write_leaves_the_old_report(tmp_path, monkeypatch):
    from simcli import plots
    from simcli.outdir import write_out_dir

    out = tmp_path / "rep"
    assert runner.invoke(app, ["simulate", A, B, "-n", "30", "--seed", "1", "--out", str(out)]).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def killed(*a, **k):
        raise KeyboardInterrupt  # Ctrl-C half-way: summary.json and the tables are written, no figures

    monkeypatch.setattr(plots, "all_figures", killed)
    r = runner.invoke(app, ["simulate", A, B, "-n", "50", "--seed", "3", "--out", str(out)])
    assert r.exit_code != 0
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]
    # the reusable writer (simcli.outdir.write_out_dir): same promise for any folder of results
    assert write_out_dir(tmp_path / "other", lambda d: (d / "x.txt").write_text("1")) == 1
    assert (tmp_path / "other" / "x.txt").read_text() == "1"


# ---- 11. interrupted runs --------------------------------------------------------------------------------------------


def test_ctrl_c_exits_130_and_keeps_the_finished_games(tmp_path):
    """A real SIGINT (twice) to a long run: exit 130, the JSON says interrupted, the report is complete."""
    out = tmp_path / "rep"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "simcli.cli.main", "simulate", A, B, "-n", "1000000000", "--chunk-size", "2000",
         "--effects", "none", "--seed", "4", "--json", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        seen = []
        deadline = time.monotonic() + 400  # a cold numba cache compiles first
        while time.monotonic() < deadline:
            ln = proc.stderr.readline()
            if not ln:
                break
            seen.append(ln)
            if ln.startswith("simulated "):  # the first chunk is done
                break
        assert any(s.startswith("estimated time: about ") for s in seen), seen
        assert seen and seen[-1].startswith("simulated "), seen
        proc.send_signal(signal.SIGINT)
        time.sleep(0.05)
        proc.send_signal(signal.SIGINT)  # a second Ctrl-C must not discard the finished games
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, stderr
    s = json.loads(stdout)
    assert s["interrupted"] is True and s["games_requested"] == 10**9
    assert s["games"] > 0 and s["games"] % 2000 == 0
    assert "Traceback" not in stderr and "interrupted: the figures are those of the" in stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["games"] == s["games"]
    assert (out / "report.html").is_file()


def test_interrupt_before_any_game_is_exit_130(monkeypatch):
    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "simulate", interrupted)
    r = runner.invoke(app, ["simulate", A, B, "-n", "10"])
    assert r.exit_code == 130 and "interrupted before any game finished" in r.stderr


def test_stop_callback_ends_the_run_after_a_chunk():
    res = api.simulate(A, B, games=1000, seed=3, chunk_size=100, effects="none", stop=lambda: True)
    assert res["interrupted"] and res["summary"]["games"] == 100
    assert res["summary"]["games_requested"] == 1000 and res["summary"]["interrupted"] is True


# ---- 12. report.md and CSV escaping -------------------------------------------------------------------------------------


def test_report_escapes_names_and_csv_formulas(tmp_path):
    from simcli.report import csv_safe_cell, write_report

    evil_a = '<img src=x onerror=alert(1)> [link](javascript:alert(1)) **b**'
    evil_b = "=HYPERLINK(\"http://x\",\"y\") # $\\frac$"
    res = api.simulate(A, B, games=30, seed=1, effects="none")
    summary = dict(res["summary"], deck_a=evil_a, deck_b=evil_b)
    deck_text = "3 St-1 Agumon\n```\n<script>alert(1)</script>\n"
    write_report(tmp_path, res["stats"], summary, deck_lists=None, decks_text={"# <b>x</b>.deck": deck_text})
    md = (tmp_path / "report.md").read_text(encoding="utf-8")
    fenced = "````\n" + deck_text.rstrip("\n") + "\n````"
    assert fenced in md  # a fence the deck text cannot close: its HTML stays code
    assert "<img" not in md and "<script>" not in md.replace(fenced, "")
    assert "[link](" not in md and "**b**" not in md and "\\[link\\](javascript" in md
    assert "### \\# &lt;b&gt;x&lt;/b&gt;.deck" in md
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<img src=x" not in html and "<script>" not in html
    for csv in tmp_path.glob("*.csv"):
        for cell in re.split(r"[,\n]", csv.read_text(encoding="utf-8")):
            c = cell.strip('"')
            assert not c.startswith(("=", "@")), (csv.name, cell)
    assert csv_safe_cell("=1+1") == "'=1+1" and csv_safe_cell("-0.5") == "-0.5" and csv_safe_cell("+cmd") == "'+cmd"
    assert csv_safe_cell("@x") == "'@x" and csv_safe_cell(-3) == -3 and csv_safe_cell("Agumon") == "Agumon"


# ---- check mode ------------------------------------------------------------------------------------------------------


def test_check_mode_over_many_games():
    """The kernel's invariant checks after every turn, over a few thousand games of three matchups: no
    violation, and the checks do not change the results."""
    decks = sorted((ROOT / "decks" / "dmcg").glob("*.deck"))
    for a, b, player in ((decks[0], decks[1], "greedy"), (decks[2], decks[3], "baseline"), (decks[4], decks[5], "greedy")):
        checked = api.simulate(str(a), str(b), games=1500, seed=11, player_a=player, check=True)
        plain = api.simulate(str(a), str(b), games=1500, seed=11, player_a=player)
        for k in checked["stats"]:
            assert (checked["stats"][k] == plain["stats"][k]).all(), (a.name, b.name, k)


def test_check_flag_and_violation_report(monkeypatch):
    r = runner.invoke(app, ["simulate", A, B, "-n", "200", "--check", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["games"] == 200
    from simcli.engine import kernel

    real = kernel.run_batch

    def violated(*a, **k):
        if k.get("check") and a[3] > 1:
            raise AssertionError("card not in exactly one zone")
        return real(*a, **k)

    monkeypatch.setattr(kernel, "run_batch", violated)
    line = one_line_error(runner.invoke(app, ["simulate", A, B, "-n", "20", "--check"]), code=1)
    assert "engine invariant violated in games 0..19 of seed 0: card not in exactly one zone" in line


# ---- the promises hold for every deck command -----------------------------------------------------------------------------


def test_usage_errors_are_one_line():
    from simcli.cli.main import main

    for argv in (["simulate", A, B, "-n", "abc"], ["simulate", A], ["deck", "check", "--bogus"]):
        r = subprocess.run([sys.executable, "-m", "simcli.cli.main", *argv], capture_output=True, text=True, cwd=ROOT,
                           timeout=120)
        assert r.returncode == 2, r.stderr
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert callable(main)


def test_load_deck_raises_only_deckerror(tmp_path):
    p = tmp_path / "x.deck"
    p.write_bytes(b"\xff\xfe")
    with pytest.raises(DeckError):
        load_deck(p)
    with pytest.raises(DeckError):
        load_deck(tmp_path / "missing.deck")


def test_terminal_control_characters_are_refused(tmp_path):
    """A deck name may not carry terminal escapes (ESC or the C1 CSI \\x9b) into the terminal."""
    for ch in ("\x1b", "\x9b"):
        p = tmp_path / "esc.deck"
        p.write_text(f"name: x{ch}[31mred\n3 St-1\n", encoding="utf-8")
        assert [str(q) for q in check_deck(p)] == [f"{p}:1: binary file (control character {ord(ch):#04x}), not a deck file"]


def test_bench_bad_deck_is_one_line():
    r = runner.invoke(app, ["bench", "--quick", "--deck-a", str(ROOT / "README.md")])
    assert "README.md:" in one_line_error(r)


def test_one_error_path_for_runner_and_entry_point(tmp_path, monkeypatch):
    """issue 12: CliError (a click exception, exit 2) prints the same one line from typer's test runner
    and from the `simcli` entry point; a usage error is one line in both; a UserError a command lets
    through is caught by the same path (never a traceback)."""
    from simcli.cli.errors import ClickException, CliError

    assert issubclass(CliError, ClickException) and CliError("x").exit_code == 2
    for argv in (["cards", "show", "XX-999"], ["simulate", A, B, "-n", "abc"]):
        r = runner.invoke(app, argv)
        p = subprocess.run([sys.executable, "-m", "simcli", *argv], capture_output=True, text=True, cwd=ROOT,
                           timeout=120)
        assert r.exit_code == p.returncode == 2
        assert one_line_error(r) == p.stderr.strip(), (r.output, p.stderr)

    def boom(text):
        raise UserError(f"{tmp_path}/cards.json:7: broken")

    monkeypatch.setattr(api, "search_cards", boom)  # `cards search` does not catch it: the group does
    r = runner.invoke(app, ["cards", "search", "Agumon"])
    assert r.exit_code == 2 and one_line_error(r) == f"error: {tmp_path}/cards.json:7: broken"


def test_commands_fail_only_through_cli_error():
    """issue 12: no command prints its own error line or exits 2 by hand; the only typer.Exit left are
    the interrupted runs' 130 and simulate's exit code for an interrupted run."""
    cli = ROOT / "simcli" / "cli"
    for path in cli.glob("*.py"):
        if path.name == "errors.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "typer.Exit(2)" not in text and 'print(f"error' not in text and "print(\"error" not in text, path
        for m in re.finditer(r"typer\.Exit\(([^)]*)\)", text):
            assert m.group(1) in ("130", "EXIT_INTERRUPTED", "code"), (path, m.group(0))
        if "typer.Typer(" in text:
            assert "cls=Group" in text, f"{path}: every typer app is built on simcli.cli.errors.Group"
