"""``simcli meta``: a round robin of many decks — thin wrapper over api.meta (docs/meta.md)."""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Annotated, List, Optional

import typer
from rich.console import Console
from rich.table import Table

from simcli.cli.errors import UserError, fail
from simcli.cli.simulate import EffectsMode, PlayerName, _load, compile_notice
from simcli.codes import DEFAULT_TURN_CAP

#: seconds between the one-line progress reports when stderr is not a terminal
PROGRESS_EVERY_S = float(os.environ.get("SIMCLI_PROGRESS_EVERY", "10"))


def _eta(seconds: float) -> str:
    if seconds != seconds or seconds < 0:  # NaN
        return "?"
    s = int(round(seconds))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else (f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s")


class LineProgress:
    """A periodic one-line progress report on stderr (not a terminal): counts, rate, time left.

    The rate is measured since the previous report (so the kernel's load and games already stored
    by an earlier run do not distort the estimate of the time left).
    """

    def __init__(self, every: float = PROGRESS_EVERY_S):
        self.every = every
        self.t_last = time.monotonic()
        self.g_last: int | None = None
        self.reported = False

    def __call__(self, pd: int, pt: int, gd: int, gt: int) -> None:
        now = time.monotonic()
        if self.g_last is None:
            self.g_last = gd
            return
        if now - self.t_last < self.every and (pd < pt or not self.reported):
            return
        rate = (gd - self.g_last) / (now - self.t_last) if now > self.t_last else 0.0
        left = (gt - gd) / rate if rate > 0 else float("nan")
        self.t_last, self.g_last, self.reported = now, gd, True
        print(f"meta: {pd}/{pt} matchups, {gd:,}/{gt:,} games ({100 * gd / max(gt, 1):.1f} %), "
              f"{rate:,.0f} games/s, about {_eta(left)} left", file=sys.stderr, flush=True)


def _resume_command() -> str:
    args = list(sys.argv[1:])
    if "--resume" not in args:
        args.append("--resume")
    return "simcli " + " ".join(shlex.quote(a) for a in args)


def meta_cli(
    decks: Annotated[List[Path], typer.Argument(help="Deck files and/or folders of decks (*.deck, *.dek).")],
    games: Annotated[int, typer.Option("-n", "--games", min=1, help="Games per matchup.")] = 10000,
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**63 - 1, help="Meta seed (pair seeds derive from it).")] = 0,
    player: Annotated[PlayerName, typer.Option("--player", help="Player policy of both seats.")] = PlayerName.baseline,
    player_b: Annotated[Optional[PlayerName], typer.Option(
        "--player-b", help="Policy of the column deck; when it differs every ordered pair is played.")] = None,
    effects: Annotated[EffectsMode, typer.Option("--effects", help="Card effects on (all) or off (none).")] = EffectsMode.all,
    mirrors: Annotated[bool, typer.Option("--mirrors", help="Also play each deck against itself.")] = False,
    weights: Annotated[Optional[Path], typer.Option("--weights", dir_okay=False,
                                                    help="CSV 'deck,share': metagame shares for the weighted win rate.")] = None,
    out_dir: Annotated[Optional[Path], typer.Option("--out", file_okay=False,
                                                    help="Output folder; finished matchups are saved there as they complete.")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the run saved in --out (skip finished matchups).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object (the content of summary.json).")] = False,
    scheduler: Annotated[Optional[str], typer.Option(
        "--scheduler", help="Dask: 'local' (a LocalCluster) or the address of a running scheduler (tcp://…).")] = None,
    workers: Annotated[Optional[int], typer.Option("--workers", min=1, help="Workers of --scheduler local.")] = None,
    threads: Annotated[Optional[int], typer.Option("--threads", min=1, help="Kernel threads (per worker).")] = None,
    turn_cap: Annotated[int, typer.Option("--turn-cap", min=1, help="Turn cap (C-PTS-3).")] = DEFAULT_TURN_CAP,
    shard_games: Annotated[Optional[int], typer.Option("--shard-games", min=1, hidden=True,
                                                       help="Games per Dask task.")] = None,
) -> None:
    """Round robin: every pair of decks, matchup matrix, field ranking with tiers."""
    from simcli import api
    from simcli.meta.plan import expand_paths
    from simcli.meta.run import MetaInterrupted

    if resume and out_dir is None:
        fail("--resume needs --out DIR (the folder of the run to continue)")
    try:
        paths = expand_paths(decks)
    except UserError as exc:
        fail(str(exc))
    loaded = [_load(p) for p in paths]
    err = Console(stderr=True)
    for d in loaded:
        um = d.unmodeled()
        if um:
            err.print(f"{d.name}: {len(um)} unmodeled card(s): " + ", ".join(f"{e.card.number} {e.card.name}" for e in um),
                      highlight=False, soft_wrap=True)
    prog = None
    cb = None
    if sys.stderr.isatty() and not as_json:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

        prog = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err)
        t_pairs = prog.add_task("matchups", total=None)
        t_games = prog.add_task("games", total=None)

        def cb(pd, pt, gd, gt):  # noqa: ANN001
            prog.update(t_pairs, completed=pd, total=pt)
            prog.update(t_games, completed=gd, total=gt)
    else:
        cb = LineProgress()

    def on_plan(p: dict) -> None:
        if p["finished"]:
            err.print(f"resuming: {p['finished']} of {p['pairs']} matchups already finished", highlight=False)
        if prog is not None:
            prog.start()

    pb = player_b.value if player_b else player.value
    try:
        res = api.meta(loaded, games=games, seed=seed, player_a=player.value, player_b=pb, effects=effects.value,
                       mirrors=mirrors, weights=weights, out_dir=out_dir, resume=resume, scheduler=scheduler,
                       workers=workers, threads=threads, turn_cap=turn_cap, shard_games=shard_games, progress=cb,
                       on_plan=on_plan, on_compile=compile_notice(err))
    except UserError as exc:
        if prog is not None:
            prog.stop()
        fail(str(exc))
    except MetaInterrupted as exc:
        if prog is not None:
            prog.stop()
        if out_dir is not None:
            err.print(f"interrupted: {exc.finished} of {exc.total} matchups finished and saved in {out_dir}; "
                      f"continue with:\n  {_resume_command()}", highlight=False, soft_wrap=True)
        else:
            err.print(f"interrupted: {exc.finished} of {exc.total} matchups finished; nothing was saved "
                      "(run with --out DIR to keep finished matchups and --resume)", highlight=False)
        raise typer.Exit(130)
    except OSError as exc:
        if prog is not None:
            prog.stop()
        fail(f"{out_dir}:0: cannot write: {exc.strerror or exc}")
    if prog is not None:
        prog.stop()
    s = res["summary"]
    if out_dir is not None:
        err.print(f"report: {len(res['written'])} files in {out_dir} (open {Path(out_dir) / 'report.html'})",
                  highlight=False)
    if as_json:
        from simcli.meta.report import NONDETERMINISTIC
        from simcli.report import _json_safe

        js = dict(_json_safe(s))
        js["nondeterministic_keys"] = [k for k in NONDETERMINISTIC if k in js]
        typer.echo(json.dumps(js, ensure_ascii=False))
        return
    _print_tables(res)


def _print_tables(res: dict) -> None:
    s, rank = res["summary"], res["ranking"]
    order = list(rank["deck"])
    weighted = "weighted_win_rate" in rank
    con = Console()
    players = s["player_a"] + (f"/{s['player_b']}" if s["player_b"] != s["player_a"] else "")
    t = Table(title=f"meta: {len(order)} decks, {s['games_per_pair']} games a pair, seed {s['seed']}, {players}, "
                    f"effects {s['effects']}")
    for c, j in (("#", "right"), ("deck", "left"), ("field win rate (95% CI)", "right")):
        t.add_column(c, justify=j)
    if weighted:
        t.add_column("share", justify="right")
        t.add_column("weighted (95% CI)", justify="right")
    t.add_column("tier", justify="right")
    t.add_column("not separable from")
    for i, r in enumerate(rank.itertuples(index=False)):
        row = [str(i + 1), r.deck, f"{r.field_win_rate:.3f} [{r.field_ci_lo:.3f}, {r.field_ci_hi:.3f}]"]
        if weighted:
            row += [f"{r.share:.3f}", f"{r.weighted_win_rate:.3f} [{r.weighted_ci_lo:.3f}, {r.weighted_ci_hi:.3f}]"]
        row += [str(r.tier), r.not_separable_from]
        t.add_row(*row)
    con.print(t)
    # the matrix, when the terminal is wide enough for it
    m = res["matrix"].loc[order, order]
    names = [d if len(d) <= 20 else d[:19] + "…" for d in order]
    if con.width >= 4 + 23 + 6 * len(order):
        mt = Table(title="win rate of the row deck against the column deck", box=None, pad_edge=False)
        mt.add_column("")
        for j in range(len(order)):
            mt.add_column(str(j + 1), justify="right")
        for i in range(len(order)):
            mt.add_row(f"{i + 1:>2} {names[i]}",
                       *["-" if m.iat[i, j] != m.iat[i, j] else f"{m.iat[i, j]:.2f}" for j in range(len(order))])
        con.print(mt)
    else:
        con.print("(the matchup matrix needs a wider terminal: see matchups.csv / heatmap.png, or --json)",
                  highlight=False)
    lines = []
    if s["not_separable"]:
        lines.append(f"not separable at {s['games_per_pair']} games a pair: "
                     + "; ".join(f"{a} / {b}" for a, b in s["not_separable"]))
    gps = s["games_per_s"]
    lines.append(f"{s['total_games']:,} games in {s['elapsed_s']:.1f} s"
                 + (f" ({gps:,.0f} games/s)" if gps else "")
                 + f"; engine {s['engine_version']}, card database {s['db_revision']}")
    if s.get("illustrative_cards"):
        lines.append(f"{len(s['illustrative_cards'])} illustrative cards (numbers not official facts; docs/appmon.md)")
    for ln in lines:
        con.print(ln, highlight=False, soft_wrap=True)
