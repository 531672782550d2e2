"""``simcli bench``: engine speed, reference comparison, thread scaling, compile time, memory (thin wrapper)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.table import Table

from simcli.bench import DEFAULT_GAMES, DEFAULT_REF_GAMES, DEFAULT_SEED


def _f(v, fmt="{:,.0f}", none="–") -> str:
    if v is None:
        return none
    if isinstance(v, bool):
        return "yes" if v else "NO"
    return fmt.format(v)


def _mega(v) -> str:
    return _f(None if v is None else v / 1e6, "{:.2f} M")


def render(res: dict, console: Console) -> None:
    """The rich tables of a bench result."""
    t = Table(title=f"simcli bench — engine {res['engine_version']}, card database {res.get('db_revision', '?')}, "
                    f"numba {res['numba_version']}, "
                    f"{res['cpu_count']} cores, seed {res['seed']}", title_justify="left")
    t.add_column("configuration", no_wrap=True)
    t.add_column("games/s all", justify="right")
    for col in ("turns/s", "proxy turns/s", "of limit", "games/s 1t", "ref games/s", "×ref/thr", "scaling",
                "agree"):
        t.add_column(col, justify="right")
    for key, c in res["configs"].items():
        if "error" in c:
            t.add_row(key, f"[red]{c['error']}[/red]", *[""] * 8)
            continue
        agree = c.get("engines_agree")
        t.add_row(key, _f(c.get("kernel_games_per_s")), _mega(c.get("kernel_turns_per_s")),
                  _mega(c.get("limit_proxy_turns_per_s")), _f(c.get("fraction_of_limit"), "{:.3f}"),
                  _f(c.get("kernel_games_per_s_1t")), _f(c.get("reference_games_per_s")),
                  _f(c.get("speedup_vs_reference"), "{:.1f}×"), _f(c.get("thread_scaling"), "{:.2f}×"),
                  "–" if agree is None else _f(agree))
    console.print(t)
    console.print("of limit: the kernel's turns/s over the limit proxy's (the same rule family reduced to draw, "
                  "play the highest level, compare, lose points, renew), measured in this run on this machine")
    late = res["configs"].get("greedy/all late-meta", {}).get("decks")
    if late:
        console.print(f"late-meta: decks/dmcg/{late[0]} vs {late[1]}")
    am = next((c.get("decks") for k, c in res["configs"].items() if k.startswith("appmon ") and c.get("decks")), None)
    if am:
        console.print(f"appmon: the second game (engine {res.get('appmon_engine_version', '?')}, card database "
                      f"{res.get('appmon_db_revision', '?')}; illustrative cards), decks/appmon/{am[0]} vs {am[1]}; "
                      "no limit proxy (it models the DMCG)", markup=False)
    console.print(f"decks {res['deck_a']} vs {res['deck_b']}; {res['games']:,} games per large run, "
                  f"{res['ref_games']} games (indices 0..{res['ref_games'] - 1}) in both engines; "
                  f"{res['threads']} threads", markup=False)
    for key, c in res["configs"].items():
        if c.get("reference_error"):
            console.print(f"[yellow]{key}: reference engine unavailable ({c['reference_error']})[/yellow]")
        if c.get("disagreeing_games"):
            console.print(f"[red]{key}: engines disagree on games {c['disagreeing_games']}[/red]")
    s = Table(title="start-up and memory", title_justify="left")
    s.add_column("measure")
    s.add_column("value", justify="right")
    s.add_row("first-call compile (fresh numba cache), baseline / none", _f(res.get("compile_s"), "{:.1f} s"))
    s.add_row("first-call compile (fresh numba cache), greedy / all", _f(res.get("compile_greedy_all_s"), "{:.1f} s"))
    s.add_row("cached start-up (process start → first game)", _f(res.get("cached_start_s"), "{:.2f} s"))
    peaks = res.get("peak_rss_mb") or {}
    for k, v in peaks.items():
        s.add_row(f"peak RSS, {k} games", _f(v, "{:.0f} MB"))
    if peaks:
        s.add_row("memory flat in the game count", _f(res.get("memory_flat")))
    for k in ("startup_error", "memory_error"):
        if res.get(k):
            s.add_row(k.replace("_", " "), f"[red]{res[k]}[/red]")
    console.print(s)
    g = Table(title="goals (reported, not asserted)", title_justify="left")
    g.add_column("goal")
    g.add_column("target", justify="right")
    g.add_column("measured", justify="right")
    g.add_column("met", justify="right")
    for k, v in res["goals"].items():
        val = v["value"]
        shown = "–" if val is None else (f"{val:,.0f}" if abs(val) >= 100 else f"{val:.3f}" if abs(val) < 1
                                         else f"{val:.2f}")
        met = "–" if v["met"] is None else ("[green]yes[/green]" if v["met"] else "[red]no[/red]")
        g.add_row(k, v["target"], shown, met)
    console.print(g)


def bench_cli(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per large kernel run.")] = DEFAULT_GAMES,
    ref_games: Annotated[int, typer.Option("--ref-games", min=1,
                                           help="Games played by both engines (agreement + speedup).")] = DEFAULT_REF_GAMES,
    threads: Annotated[Optional[int], typer.Option("--threads", "-t", min=1,
                                                   help="Threads for the all-cores runs (default: all).")] = None,
    seed: Annotated[int, typer.Option("--seed", min=0)] = DEFAULT_SEED,
    quick: Annotated[bool, typer.Option("--quick", help="Small sizes for a smoke test (memory: 10^4 / 10^5 games).")] = False,
    memory_games: Annotated[Optional[list[int]], typer.Option(
        "--memory-games", min=1, help="Run sizes for the peak-memory subprocesses (repeat; default 10^5 and 10^7).")] = None,
    no_startup: Annotated[bool, typer.Option("--no-startup", help="Skip the compile / start-up subprocesses.")] = False,
    no_memory: Annotated[bool, typer.Option("--no-memory", help="Skip the peak-memory subprocesses.")] = False,
    no_late_meta: Annotated[bool, typer.Option("--no-late-meta",
                                               help="Skip greedy/all on the two late-meta decks.")] = False,
    no_appmon: Annotated[bool, typer.Option("--no-appmon",
                                            help="Skip the second game (Appmon decks, decks/appmon).")] = False,
    deck_a: Annotated[Optional[Path], typer.Option("--deck-a", exists=True, dir_okay=False)] = None,
    deck_b: Annotated[Optional[Path], typer.Option("--deck-b", exists=True, dir_okay=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
) -> None:
    """Games/s and turns/s of the numba engine vs the reference engine on the same games, thread scaling,
    first-call compile time, cached start-up and peak memory."""
    from simcli import api
    from simcli.cli.errors import UserError, fail
    from simcli.cli.simulate import _check_size

    _check_size(games, 1)
    err = Console(stderr=True)
    kw = {}
    if memory_games:
        kw["memory_games"] = tuple(memory_games)
    with err.status("bench") as status:
        def progress(label: str, step: int, nsteps: int) -> None:
            status.update(f"bench [{step}/{nsteps}] {label}")

        try:
            res = api.bench(games=games, threads=threads, progress=progress, ref_games=ref_games, seed=seed,
                            quick=quick, startup=not no_startup, memory=not no_memory,
                            late_meta=not no_late_meta, appmon=not no_appmon, deck_a=deck_a, deck_b=deck_b, **kw)
        except UserError as exc:
            fail(str(exc))
    if as_json:
        typer.echo(json.dumps(res, indent=2))
    else:
        out = Console()
        render(res, out if out.is_terminal else Console(width=max(out.width, 110)))
