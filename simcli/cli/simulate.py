"""``simcli simulate`` and ``simcli replay``: thin wrappers over api.simulate / api.replay."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from simcli.codes import DEFAULT_TURN_CAP


class PlayerName(str, Enum):
    baseline = "baseline"
    greedy = "greedy"


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
        print(f"error: {first}" if first else f"error: {path}: invalid deck", file=sys.stderr)
        raise typer.Exit(2)
    except (OSError, ValueError) as exc:
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"error: {path}:0: {msg}", file=sys.stderr)
        raise typer.Exit(2)


def compile_notice(err: Console):
    """The callback api.simulate calls when numba compiles instead of loading its cache (any checkout
    path, any cache state): say so instead of hanging silently."""
    def notice() -> None:
        err.print("compiling the numba engine on first use (about 2-4 minutes on 2 cores; cached for "
                  "later runs)…")
    return notice


def _warn_unmodeled(decks) -> None:
    for label, d in zip("AB", decks):
        um = d.unmodeled()
        if um:
            names = ", ".join(f"{e.card.number} {e.card.name}" for e in um)
            print(f"deck {label} ({d.name}): {len(um)} unmodeled card(s), played with printed numbers only / "
                  f"options never used: {names}", file=sys.stderr)


DeckArg = Annotated[Path, typer.Argument(help="Deck file (.deck text or LackeyCCG .dek).")]


def simulate_cli(
    deck_a: DeckArg,
    deck_b: DeckArg,
    games: Annotated[int, typer.Option("-n", "--games", min=1, help="Number of games.")] = 10000,
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**63 - 1, help="Run seed.")] = 0,
    player: Annotated[PlayerName, typer.Option("--player", help="Player policy of seat A (and B).")] = PlayerName.baseline,
    player_b: Annotated[Optional[PlayerName], typer.Option("--player-b", help="Player policy of seat B.")] = None,
    effects: Annotated[EffectsMode, typer.Option("--effects", help="Card effects on (all) or off (none).")] = EffectsMode.all,
    threads: Annotated[Optional[int], typer.Option("--threads", min=1, help="Worker threads.")] = None,
    turn_cap: Annotated[int, typer.Option("--turn-cap", min=1, help="Turn cap (C-PTS-3).")] = DEFAULT_TURN_CAP,
    chunk_size: Annotated[Optional[int], typer.Option("--chunk-size", min=1, help="Games per chunk.")] = None,
    out_dir: Annotated[Optional[Path], typer.Option("--out", file_okay=False,
                                                    help="Write a report folder (tables, figures, report.html).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object (DESIGN.md).")] = False,
) -> None:
    """Simulate one matchup: deck A against deck B."""
    from simcli import api

    da, db = _load(deck_a), _load(deck_b)
    _warn_unmodeled((da, db))
    pb = player_b.value if player_b else player.value
    err = Console(stderr=True)
    progress_cb = None
    prog = None
    if games >= 200_000 and not as_json and sys.stderr.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        prog = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=err)
        task = prog.add_task("simulating", total=games)
        progress_cb = lambda done, total: prog.update(task, completed=done)  # noqa: E731
        prog.start()
    try:
        res = api.simulate(da, db, games=games, seed=seed, player_a=player.value, player_b=pb,
                           effects=effects.value, threads=threads, chunk_size=chunk_size, turn_cap=turn_cap,
                           progress=progress_cb, on_compile=compile_notice(err))
    finally:
        if prog is not None:
            prog.stop()
    s = res["summary"]
    if res.get("interrupted"):
        err.print(f"interrupted: the figures are those of the {s['games']} games finished "
                  f"(the same as a run with -n {s['games']} and this seed)")
    if out_dir is not None:
        _write_report(out_dir, res, (da, db), err)
    if as_json:
        typer.echo(json.dumps(s))
        return
    t = Table(title=f"{s['deck_a']} vs {s['deck_b']}  ({s['games']} games, seed {s['seed']}, "
                    f"{s['player_a']}/{s['player_b']}, effects {s['effects']})")
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
    Console().print(t)


def _write_report(out_dir: Path, res: dict, decks, err: Console) -> None:
    """The report folder of a run; the deck lists name the rows of the card-use table."""
    from simcli.report import write_report

    deck_lists = [[(c["number"], c["name"]) for c in d.cards()] for d in decks]
    texts = {}
    for d in decks:
        try:
            texts[f"{d.name} ({Path(d.path).name})"] = Path(d.path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):  # .dek or unreadable now: list the cards instead
            texts[d.name] = "\n".join(f"{e.count} {e.card['number']} {e.card['name']}" for e in d.entries)
    try:
        written = write_report(out_dir, res["stats"], res["summary"], deck_lists=deck_lists, decks_text=texts)
    except OSError as exc:
        print(f"error: {out_dir}: cannot write the report: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(2)
    err.print(f"report: {len(written)} files in {out_dir} (open {Path(out_dir) / 'report.html'})")


def replay_cli(
    deck_a: DeckArg,
    deck_b: DeckArg,
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**63 - 1, help="Run seed.")] = 0,
    game: Annotated[int, typer.Option("--game", min=0, help="Game index in the run.")] = 0,
    player: Annotated[PlayerName, typer.Option("--player", help="Player policy of seat A (and B).")] = PlayerName.baseline,
    player_b: Annotated[Optional[PlayerName], typer.Option("--player-b", help="Player policy of seat B.")] = None,
    effects: Annotated[EffectsMode, typer.Option("--effects", help="Card effects on (all) or off (none).")] = EffectsMode.all,
    turn_cap: Annotated[int, typer.Option("--turn-cap", min=1, help="Turn cap (C-PTS-3).")] = DEFAULT_TURN_CAP,
) -> None:
    """Print the turn-by-turn log of one game of a run (reference engine)."""
    from simcli import api

    da, db = _load(deck_a), _load(deck_b)
    _warn_unmodeled((da, db))
    pb = player_b.value if player_b else player.value
    for line in api.replay(da, db, seed=seed, game=game, player_a=player.value, player_b=pb,
                           effects=effects.value, turn_cap=turn_cap):
        typer.echo(line)
