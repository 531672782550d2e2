"""``simcli simulate`` and ``simcli replay``: thin wrappers over api.simulate / api.replay."""

from __future__ import annotations

import json
import signal
import sys
import time
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from simcli.cli.errors import fail
from simcli.codes import DEFAULT_TURN_CAP


class PlayerName(str, Enum):
    baseline = "baseline"
    greedy = "greedy"
    random = "random"


class EffectsMode(str, Enum):
    all = "all"
    none = "none"


def _load(path: Path):
    """Load a deck or exit 2 with one line FILE:LINE: problem (never a traceback)."""
    from simcli.decks import DeckError, load_deck

    try:
        return load_deck(path)
    except DeckError as exc:
        first = exc.problems[0] if exc.problems else None
        fail(str(first) if first else f"{path}: invalid deck")
    except (OSError, ValueError) as exc:
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        fail(f"{path}:0: {msg}")


def _same_game(da, db) -> None:
    """Both decks of a matchup are of one game (dmcg or appmon), else one line and exit 2."""
    ga, gb = getattr(da, "game", "dmcg"), getattr(db, "game", "dmcg")
    if ga != gb:
        art = ["an" if g == "appmon" else "a" for g in (ga, gb)]
        fail(f"{db.path}:0: {art[1]} {gb} deck cannot play {da.path}, {art[0]} {ga} deck: both decks of a matchup "
             "must be of one game")


def compile_notice(err: Console):
    """The callback api.simulate calls when numba compiles instead of loading its cache (any checkout
    path, any cache state): say so instead of hanging silently."""
    def notice() -> None:
        err.print("compiling the numba engine for this kind of run (half a minute to four minutes on 2 cores; cached for "
                  "later runs)…")
    return notice


def _warn_unmodeled(decks) -> None:
    for label, d in zip("AB", decks):
        um = d.unmodeled()
        if um:
            names = ", ".join(f"{e.card.number} {e.card.name}" for e in um)
            print(f"deck {label} ({d.name}): {len(um)} unmodeled card(s), played with printed numbers only / "
                  f"options never used: {names}", file=sys.stderr)
        if getattr(d, "game", "dmcg") == "appmon":
            ill = [e for e in d.entries if e.card.get("illustrative")]
            if ill:  # docs/appmon.md: numbers that are not official facts are said so in every output
                names = ", ".join(dict.fromkeys(f"{e.card.number} {e.card.name}" for e in ill))
                print(f"deck {label} ({d.name}): {len(set(e.card.number for e in ill))} illustrative card(s) "
                      f"(numbers not official facts): {names}", file=sys.stderr)


DeckArg = Annotated[Path, typer.Argument(help="Deck file (.deck text or LackeyCCG .dek).")]
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for a Ctrl-C


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    d, rem = divmod(seconds, 86400)
    h, rem = divmod(rem, 3600)
    m, s = divmod(rem, 60)
    if d:
        return f"{d} d {h} h"
    if h:
        return f"{h} h {m} min"
    return f"{m} min {s} s" if m else f"{s} s"


def _check_size(games: int, turn_cap: int) -> None:
    from simcli.api import MAX_GAMES, MAX_TURN_CAP

    if games > MAX_GAMES:
        fail(f"-n {games}: at most {MAX_GAMES:,} games a run (about a day at 100,000 games/s); "
             "run several seeds and add them up instead")
    if turn_cap > MAX_TURN_CAP:
        fail(f"--turn-cap {turn_cap}: at most {MAX_TURN_CAP:,} turns (the per-turn statistics grow with the cap; "
             f"games end in about 12 turns, the default cap is {DEFAULT_TURN_CAP})")


class _Interrupts:
    """SIGINT while a run is in flight: the first Ctrl-C stops after the current chunk (before any chunk has
    finished it stops at once); later ones are ignored until the finished games are printed and saved."""

    def __init__(self) -> None:
        self.stop = False
        self.started = False
        self._old = None

    def _handler(self, signum, frame) -> None:
        if self.stop:
            return  # a second Ctrl-C: the finished work is being printed and saved
        self.stop = True
        if not self.started:
            raise KeyboardInterrupt

    def __enter__(self) -> "_Interrupts":
        try:
            self._old = signal.signal(signal.SIGINT, self._handler)
        except ValueError:  # not the main thread: Ctrl-C is not ours to handle
            self._old = None
        return self

    def __exit__(self, *exc) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


def simulate_cli(
    deck_a: DeckArg,
    deck_b: DeckArg,
    games: Annotated[int, typer.Option("-n", "--games", min=1, help="Number of games (at most 10^10).")] = 10000,
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**63 - 1, help="Run seed.")] = 0,
    player: Annotated[PlayerName, typer.Option("--player", help="Player policy of seat A (and B).")] = PlayerName.baseline,
    player_b: Annotated[Optional[PlayerName], typer.Option("--player-b", help="Player policy of seat B.")] = None,
    effects: Annotated[EffectsMode, typer.Option("--effects", help="Card effects on (all) or off (none).")] = EffectsMode.all,
    threads: Annotated[Optional[int], typer.Option("--threads", min=1, help="Worker threads.")] = None,
    turn_cap: Annotated[int, typer.Option("--turn-cap", min=1, help="Turn cap (C-PTS-3), at most 1000.")] = DEFAULT_TURN_CAP,
    chunk_size: Annotated[Optional[int], typer.Option("--chunk-size", min=1, help="Games per chunk.")] = None,
    out_dir: Annotated[Optional[Path], typer.Option("--out",
                                                    help="Write a report folder (tables, figures, report.html).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace a non-empty --out folder that is not a simcli report.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Check the engine's invariants after every turn (slower).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object (DESIGN.md).")] = False,
) -> None:
    """Simulate one matchup: deck A against deck B."""
    from simcli import api
    from simcli.errors import UserError
    from simcli.outdir import check_out_dir

    _check_size(games, turn_cap)
    da, db = _load(deck_a), _load(deck_b)
    _same_game(da, db)
    if out_dir is not None:  # before the run: a report that cannot be written is known now, not after it
        try:
            check_out_dir(out_dir, force=force)
        except UserError as exc:
            fail(str(exc))
    _warn_unmodeled((da, db))
    pb = player_b.value if player_b else player.value
    err = Console(stderr=True, highlight=False)
    est, rate = api.estimate_seconds(games, player.value, pb, effects.value, threads)
    long_run = est > 60
    if long_run:
        err.print(f"estimated time: about {_duration(est)} (a guess: ~{rate:,.0f} games/s); "
                  "Ctrl-C stops after the current chunk and keeps the finished games", markup=False)
    prog = None
    ints = _Interrupts()
    next_note = [0.0]  # without a progress bar, a long run says how far it is: first chunk, then every minute

    def progress_cb(done: int, total: int) -> None:
        ints.started = True
        if prog is not None:
            prog.update(task, completed=done)
        elif long_run and time.monotonic() >= next_note[0]:
            next_note[0] = time.monotonic() + 60
            print(f"simulated {done:,} of {total:,} games ({100 * done / total:.1f} %)", file=sys.stderr, flush=True)

    if games >= 200_000 and not as_json and sys.stderr.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        prog = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=err)
        task = prog.add_task("simulating", total=games)
        prog.start()
    with ints:
        try:
            res = api.simulate(da, db, games=games, seed=seed, player_a=player.value, player_b=pb,
                               effects=effects.value, threads=threads, chunk_size=chunk_size, turn_cap=turn_cap,
                               progress=progress_cb, check=check, stop=lambda: ints.stop,
                               on_compile=compile_notice(err))
        except KeyboardInterrupt:
            if prog is not None:
                prog.stop()
            print("interrupted before any game finished: nothing to report", file=sys.stderr)
            raise typer.Exit(EXIT_INTERRUPTED)
        except RuntimeError as exc:  # --check found an engine bug
            if prog is not None:
                prog.stop()
            fail(str(exc).splitlines()[0], code=1)
        if prog is not None:
            prog.stop()
        # From here on a Ctrl-C is ignored (ints.stop is set or the run is complete): the figures are printed
        # first, then the report folder is written; a failing report never loses the printed figures.
        ints.stop = True
        s = res["summary"]
        if res.get("interrupted"):
            err.print(f"interrupted: the figures are those of the {s['games']:,} games finished of {games:,} "
                      f"(the same as a run with -n {s['games']} and this seed)", markup=False)
        _print_summary(s, as_json)
        code = EXIT_INTERRUPTED if res.get("interrupted") else 0
        if out_dir is not None:
            _write_report(out_dir, res, (da, db), err, force)
    if code:
        raise typer.Exit(code)


def _print_summary(s: dict, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(s))
        return
    t = Table(title=escape(f"{s['deck_a']} vs {s['deck_b']}  ({s['games']} games, seed {s['seed']}, "
                           f"{s['player_a']}/{s['player_b']}, effects {s['effects']})"))
    t.add_column("figure")
    t.add_column("value", justify="right")
    lo, hi = s["win_rate_a_ci95"]
    for k, v in (("wins A / B / draws / capped", f"{s['wins_a']} / {s['wins_b']} / {s['draws']} / {s['capped']}"),
                 ("win rate A (95% CI)", f"{s['win_rate_a']:.4f} [{lo:.4f}, {hi:.4f}]"),
                 ("mean turns", f"{s['mean_turns']:.2f}"),
                 ("renewals per game A / B", f"{s['renewals_per_game_a']:.3f} / {s['renewals_per_game_b']:.3f}"),
                 ("first-attacker win rate (turn 1)", f"{s['first_attacker_win_rate']:.4f}"),
                 ("games/s", f"{s['games_per_s']:.0f} ({s['elapsed_s']:.2f} s)"),
                 ("engine version / card database", f"{s['engine_version']} / {s['db_revision']}")):
        t.add_row(k, v)
    if s.get("illustrative_cards"):
        t.add_row("illustrative cards", f"{len(s['illustrative_cards'])} (numbers not official facts)")
    if s.get("interrupted"):
        t.add_row("interrupted", f"{s['games']} of {s['games_requested']} games")
    Console().print(t)


def _write_report(out_dir: Path, res: dict, decks, err: Console, force: bool = False) -> None:
    """The report folder of a run, written beside and renamed into place (complete or absent); the deck
    lists name the rows of the card-use table.  A failure is one line and exit 2 (the figures are printed)."""
    from simcli.report import write_report_dir
    from simcli.errors import UserError

    deck_lists = [[(c["number"], c["name"]) for c in d.cards()] for d in decks]
    texts = {}
    for d in decks:
        if d.text and not d.text.lstrip().startswith("<"):
            texts[f"{d.name} ({Path(d.path).name})"] = d.text
        else:  # .dek: list the cards instead
            texts[d.name] = "\n".join(f"{e.count} {e.card['number']} {e.card['name']}" for e in d.entries)
    try:
        written = write_report_dir(out_dir, res["stats"], res["summary"], deck_lists=deck_lists, decks_text=texts,
                                   force=force)
    except UserError as exc:
        fail(str(exc))
    except (OSError, ValueError) as exc:  # pragma: no cover - write_report_dir turns OSError into OutDirError
        fail(f"{out_dir}: cannot write the report: {exc}")
    err.print(f"report: {len(written)} files in {out_dir} (open {Path(out_dir) / 'report.html'})", markup=False)


def replay_cli(
    deck_a: DeckArg,
    deck_b: DeckArg,
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**63 - 1, help="Run seed.")] = 0,
    game: Annotated[int, typer.Option("--game", min=0, help="Game index in the run (below --games when given).")] = 0,
    games: Annotated[Optional[int], typer.Option("-n", "--games", min=1,
                                                 help="Games of the run: --game must be below it.")] = None,
    player: Annotated[PlayerName, typer.Option("--player", help="Player policy of seat A (and B).")] = PlayerName.baseline,
    player_b: Annotated[Optional[PlayerName], typer.Option("--player-b", help="Player policy of seat B.")] = None,
    effects: Annotated[EffectsMode, typer.Option("--effects", help="Card effects on (all) or off (none).")] = EffectsMode.all,
    turn_cap: Annotated[int, typer.Option("--turn-cap", min=1, help="Turn cap (C-PTS-3), at most 1000.")] = DEFAULT_TURN_CAP,
) -> None:
    """Print the turn-by-turn log of one game of a run (reference engine)."""
    from simcli import api

    if games is not None and game >= games:
        fail(f"--game {game}: a run of {games} games has games 0..{games - 1}")
    if game > api.MAX_GAME_INDEX:
        fail(f"--game {game}: game indices run 0..{api.MAX_GAME_INDEX} (2**63-1)")
    if turn_cap > api.MAX_TURN_CAP:
        _check_size(1, turn_cap)
    da, db = _load(deck_a), _load(deck_b)
    _same_game(da, db)
    _warn_unmodeled((da, db))
    pb = player_b.value if player_b else player.value
    for line in api.replay(da, db, seed=seed, game=game, player_a=player.value, player_b=pb,
                           effects=effects.value, turn_cap=turn_cap):
        typer.echo(line)
