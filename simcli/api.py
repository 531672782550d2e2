"""The importable functions the CLI wraps (DESIGN.md convention 6): they print nothing.

This module holds the engine-facing entry points ``simulate`` and ``replay``; other engineers'
functions (meta, check_deck, bench, …) live beside them.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable

import numpy as np

import simcli
from simcli.cards.db import db_revision
from simcli import codes as E
from simcli.intervals import wilson

DEFAULT_CHUNK = 1 << 16
# a first kernel call still running after this many seconds is compiling (a cached load takes < 1 s)
COMPILE_NOTICE_S = 1.5
PLAYERS = E.PLAYER_NAMES  # ("baseline", "greedy", "random"): codes.PLAYER_*
EFFECTS = ("all", "none")
#: the most games one run may ask for (about a day on a 2-core machine; docs/reliability.md)
MAX_GAMES = 10**10
#: the highest turn cap: the per-turn statistics are sized by the cap (games end in about 12 turns)
MAX_TURN_CAP = 1000
#: the highest game index (the kernel's game index is an int64)
MAX_GAME_INDEX = 2**63 - 1
#: memory for the per-block statistic arrays of one chunk; fewer blocks when a high cap makes them large
BLOCK_BUDGET_BYTES = 4 << 20
#: games/s per thread measured by `simcli bench` on the development machine (README, Performance);
#: estimates only: the kernel is about 2x faster or slower on other machines
GAMES_PER_S_PER_THREAD = {("baseline", "none"): 134_000, ("baseline", "all"): 90_000,
                          ("random", "none"): 60_000, ("random", "all"): 40_000,
                          ("greedy", "none"): 60_000, ("greedy", "all"): 45_000}


def first_call(call: Callable[[], object], on_compile: Callable[[], None] | None):
    """Run the first kernel call; ``on_compile()`` fires from a timer thread when it is still running
    after COMPILE_NOTICE_S seconds (numba compiling rather than loading its cache)."""
    notice = threading.Timer(COMPILE_NOTICE_S, on_compile) if on_compile is not None else None
    if notice is not None:
        notice.daemon = True
        notice.start()
    try:
        return call()
    finally:
        if notice is not None:
            notice.cancel()


def _deck_cards(deck):
    """(display name, path, list of Card records) for a path, a Deck, or a list of Cards."""
    if isinstance(deck, (str, Path)):
        from simcli.decks import load_deck

        d = load_deck(Path(deck))
        return d.name, str(d.path), d.cards()
    if hasattr(deck, "cards") and callable(deck.cards):
        return getattr(deck, "name", "deck"), str(getattr(deck, "path", "")), deck.cards()
    cards = list(deck)
    return "deck", "", cards


def deck_game(cards) -> str:
    """'appmon' for a list of Appmon card-file cards (docs/appmon.md), else 'dmcg'."""
    return "appmon" if cards and all(c.get("game") == "appmon" for c in cards) else "dmcg"


def engine_for(T):
    """The kernel module that plays these tables: the DMCG kernel, or the Appmon one (simcli/appmon)."""
    if getattr(T, "game", "dmcg") == "appmon":
        from simcli.appmon import kernel
    else:
        from simcli.engine import kernel
    return kernel


def kernel_tables_for(T):
    """The kernel's packed view of compiled tables of either game."""
    return engine_for(T).kernel_tables(T)


def game_identity(game: str) -> tuple[str, str]:
    """(engine version, card-database revision) of a game: every output carries both."""
    if game == "appmon":
        from simcli.appmon import ENGINE_VERSION

        return ENGINE_VERSION, db_revision("appmon")
    return simcli.ENGINE_VERSION, db_revision()


def check_players(game: str, *names) -> None:
    """UserError unless every player plays this game: the random player exists for the DMCG only
    (the Appmon engines have baseline and greedy, docs/appmon.md)."""
    from simcli.errors import UserError

    if game == "appmon":
        bad = sorted({getattr(n, "value", n) for n in names} - {"baseline", "greedy"})
        if bad:
            raise UserError(f"--player {bad[0]}: game: appmon decks are played by baseline or greedy only "
                            "(docs/appmon.md)")


def player_code(name: str) -> int:
    name = getattr(name, "value", name)
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r} (choose from {', '.join(PLAYERS)})")
    return E.PLAYER_NAMES.index(name)


def prepare(deck_a, deck_b, effects: str = "all"):
    """Compile the two decks: (Tables, TableInfo, names, paths, unmodeled list)."""
    from simcli.engine.tables import compile_tables

    effects = getattr(effects, "value", effects)
    if effects not in EFFECTS:
        raise ValueError(f"effects must be one of {EFFECTS}")
    na, pa, ca = _deck_cards(deck_a)
    nb, pb, cb = _deck_cards(deck_b)
    games = (deck_game(ca), deck_game(cb))
    if games[0] != games[1]:
        from simcli.errors import UserError

        art = ["an" if g == "appmon" else "a" for g in games]
        raise UserError(f"{pb or nb}:0: {art[1]} {games[1]} deck cannot play {pa or na}, {art[0]} {games[0]} deck: "
                        "both decks of a matchup must be of one game")
    if games[0] == "appmon":
        from simcli.appmon.tables import compile_tables as appmon_tables

        T = appmon_tables([ca, cb], effects=(effects == "all"))
        info = T
    else:
        T, info = compile_tables([ca, cb], effects=(effects == "all"))
    unmodeled = []
    for seat, cs in enumerate((ca, cb)):
        seen = set()
        for c in cs:
            if not c.get("modeled", True) and c["number"] not in seen:
                seen.add(c["number"])
                unmodeled.append((seat, c["number"], c["name"]))
    return T, info, (na, nb), (pa, pb), unmodeled


def summarize(stats: dict, *, names, players, effects, games, seed, elapsed, game: str = "dmcg") -> dict:
    out = stats["outcomes"]
    wins_a, wins_b, draws, capped = (int(x) for x in out)
    fb = stats["first_battle"]
    decided_t1 = int(fb[E.BR_FIRST] + fb[E.BR_SECOND])
    ren = stats["renewals_by_turn"].sum(axis=1)
    version, revision = game_identity(game)
    return {
        "game": game,
        "deck_a": names[0],
        "deck_b": names[1],
        "player_a": players[0],
        "player_b": players[1],
        "effects": effects,
        "games": int(games),
        "seed": int(seed),
        "engine_version": version,
        "db_revision": revision,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "capped": capped,
        "win_rate_a": wins_a / games if games else 0.0,
        "win_rate_a_ci95": list(wilson(wins_a, games)),
        "mean_turns": float(stats["total_turns"][0]) / games if games else 0.0,
        "renewals_per_game_a": float(ren[0]) / games if games else 0.0,
        "renewals_per_game_b": float(ren[1]) / games if games else 0.0,
        # BL-6: over the games whose turn-1 battle was decided; share won by the turn-1 first attacker
        "first_attacker_win_rate": float(fb[E.BR_FIRST]) / decided_t1 if decided_t1 else 0.0,
        "elapsed_s": float(elapsed),
        "games_per_s": float(games / elapsed) if elapsed > 0 else 0.0,
    }


def estimate_seconds(games: int, player_a: str = "baseline", player_b: str | None = None, effects: str = "all",
                     threads: int | None = None) -> tuple[float, float]:
    """(seconds, games/s): a rough guess of a run's time from the rates `simcli bench` measured."""
    import numba

    pa = getattr(player_a, "value", player_a)
    pb = getattr(player_b, "value", player_b) if player_b is not None else pa
    eff = getattr(effects, "value", effects)
    per_thread = min(GAMES_PER_S_PER_THREAD.get((p, eff), 45_000) for p in (pa, pb))
    n = max(1, min(int(threads or numba.config.NUMBA_NUM_THREADS), numba.config.NUMBA_NUM_THREADS))
    rate = per_thread * n * (0.95 if n > 1 else 1.0)
    return games / rate, rate


def check_run_size(games: int, turn_cap: int) -> None:
    """ValueError (one line) unless 1 <= games <= MAX_GAMES and 1 <= turn_cap <= MAX_TURN_CAP."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be in 1 .. {MAX_GAMES:,} (got {games:,})")
    if not 1 <= turn_cap <= MAX_TURN_CAP:
        raise ValueError(f"turn_cap must be in 1 .. {MAX_TURN_CAP:,} (got {turn_cap:,})")


def _nblocks(n: int, nthreads: int, turn_cap: int, n_cards: int) -> int:
    """Blocks of a chunk: 4 per thread for load balance, fewer when the per-turn arrays are large
    (a high turn cap), never fewer than the threads; results do not depend on it (integer sums)."""
    from simcli.engine.results import new_stats

    per_block = sum(a.nbytes for a in new_stats(turn_cap, n_cards).values())
    fit = max(nthreads, BLOCK_BUDGET_BYTES // max(1, per_block))
    return max(1, min(n, nthreads * 4, fit))


def simulate(deck_a, deck_b, games: int = 10000, seed: int = 0, player_a: str = "baseline", player_b: str | None = None,
             effects: str = "all", threads: int | None = None, chunk_size: int | None = None,
             turn_cap: int = E.DEFAULT_TURN_CAP, progress: Callable[[int, int], None] | None = None,
             records: bool = False, check: bool = False, stop: Callable[[], bool] | None = None,
             on_compile: Callable[[], None] | None = None) -> dict:
    """Play ``games`` seeded games of deck A against deck B with the numba kernel.

    Returns {"stats": results arrays (results.LAYOUT), "summary": DESIGN.md's JSON keys plus
    ``games_requested`` and ``interrupted``, "records": RECORD_DTYPE rows (only with records=True),
    "unmodeled": [(seat, number, name)], "compile_s": the first call's load/compile time, not
    counted in elapsed_s, "interrupted": fewer games than requested were played}.
    ``on_compile()`` is called (from a timer thread) when that first call is still running after
    COMPILE_NOTICE_S seconds — numba is compiling rather than loading its cache.
    The result is a function of (decks, players, effects, seed, games, turn_cap) only.

    ``check`` runs the kernel's invariant checks after every turn (every card in exactly one zone,
    points in 0..100, a point-gauge card; hand size); a violation raises RuntimeError naming the
    games.  ``stop()`` is asked after every chunk: True ends the run there (like Ctrl-C, which is
    also caught: a KeyboardInterrupt after the first chunk returns the finished chunks).
    """
    import numba

    check_run_size(games, turn_cap)
    if not 0 <= seed < 2**63:
        raise ValueError("seed must be in 0 .. 2**63-1")
    player_a = getattr(player_a, "value", player_a)
    player_b = getattr(player_b, "value", player_b) if player_b is not None else player_a
    effects = getattr(effects, "value", effects)
    T, info, names, paths, unmodeled = prepare(deck_a, deck_b, effects)
    game = getattr(T, "game", "dmcg")
    check_players(game, player_a, player_b)
    kernel = engine_for(T)  # the DMCG kernel or the Appmon one (simcli/appmon/kernel.py)
    T = kernel.kernel_tables(T)  # packed once, not per chunk (about 1 ms each)
    players = np.array([player_code(player_a), player_code(player_b)], np.int64)
    chunk = int(chunk_size or DEFAULT_CHUNK)
    old_threads = numba.get_num_threads()
    nthreads = max(1, min(int(threads or numba.config.NUMBA_NUM_THREADS), numba.config.NUMBA_NUM_THREADS))
    numba.set_num_threads(nthreads)
    # first call: load (or compile) the numba functions, timed apart from throughput (DESIGN.md 8)
    tc = time.perf_counter()
    first_call(lambda: kernel.run_batch(T, seed, 0, 1, turn_cap, players, nblocks=1), on_compile)
    compile_s = time.perf_counter() - tc
    t0 = time.perf_counter()
    stats = None
    done = 0
    try:
        while done < games:
            n = min(chunk, games - done)
            nblocks = _nblocks(n, nthreads, turn_cap, T.ct.shape[1])
            try:
                part = kernel.run_batch(T, seed, done, done + n, turn_cap, players, nblocks=nblocks, check=check)
            except AssertionError as exc:  # the kernel's invariant checks (check=True)
                raise RuntimeError(f"engine invariant violated in games {done}..{done + n - 1} of seed {seed}: "
                                   f"{exc}; please report it with the command line") from None
            # one assignment (no signal check inside it): a Ctrl-C never separates the counts from `done`
            stats, done = (part if stats is None else {k: stats[k] + part[k] for k in stats}), done + n
            if progress is not None:
                progress(done, games)
            if stop is not None and done < games and stop():
                break
    except KeyboardInterrupt:
        # Finished chunks are games 0..done-1 of this seed: exactly the run `games=done` would give,
        # so an interrupted long run still returns (and can report) everything it finished.
        if stats is None:
            raise
    finally:
        numba.set_num_threads(old_threads)
    elapsed = time.perf_counter() - t0
    out = {
        "stats": stats,
        "summary": {**summarize(stats, names=names, players=(player_a, player_b), effects=effects, games=done,
                                seed=seed, elapsed=elapsed, game=game),
                    **({"illustrative_cards": illustrative_labels(info)} if game == "appmon" else {}),
                    "games_requested": int(games), "interrupted": done < games},
        "unmodeled": unmodeled,
        "compile_s": compile_s,
        "interrupted": done < games,
    }
    if records:
        out["records"] = kernel.run_records(T, seed, 0, done, turn_cap, players)
    return out


def illustrative_labels(T) -> list[str]:
    """'A ILL-001 Gatchmon', … : the Appmon cards of a matchup whose numbers are not official facts."""
    out = []
    for seat, cs in enumerate(T.cards):
        seen = set()
        for c in cs:
            if c.get("illustrative") and c["number"] not in seen:
                seen.add(c["number"])
                out.append(f"{'AB'[seat]} {c['number']} {c['name']}")
    return out


def replay(deck_a, deck_b, seed: int, game: int, player_a: str = "baseline", player_b: str | None = None,
           effects: str = "all", turn_cap: int = E.DEFAULT_TURN_CAP) -> list[str]:
    """The reference engine's turn-by-turn log of game ``game`` of the run with this seed."""
    from simcli.engine import reference

    if not 0 <= game <= MAX_GAME_INDEX:
        raise ValueError(f"game must be in 0 .. {MAX_GAME_INDEX} (got {game})")
    if not 0 <= seed < 2**63:
        raise ValueError("seed must be in 0 .. 2**63-1")
    if not 1 <= turn_cap <= MAX_TURN_CAP:
        raise ValueError(f"turn_cap must be in 1 .. {MAX_TURN_CAP:,} (got {turn_cap:,})")

    player_a = getattr(player_a, "value", player_a)
    player_b = getattr(player_b, "value", player_b) if player_b is not None else player_a
    effects = getattr(effects, "value", effects)
    T, info, names, paths, _ = prepare(deck_a, deck_b, effects)
    check_players(getattr(T, "game", "dmcg"), player_a, player_b)
    version, revision = game_identity(getattr(T, "game", "dmcg"))
    log: list[str] = [f"# {names[0]} vs {names[1]} — seed {seed}, game {game}, players {player_a}/{player_b}, "
                      f"effects {effects}, engine {version}, card database {revision}"]
    if getattr(T, "game", "dmcg") == "appmon":
        from simcli.appmon import reference as appmon_reference

        ill = illustrative_labels(T)
        if ill:
            log.append(f"# illustrative cards (numbers not official facts): {', '.join(ill)}")
        disp = [[c["name"] for c in cs] for cs in T.cards]
        appmon_reference.play_game(T, seed, game, (player_a, player_b), turn_cap, log=log, names=disp)
        return log
    disp = [[c["name"] for c in cs] for cs in info.cards]
    reference.play_game(T, seed, game, (player_a, player_b), turn_cap, effects_on=(effects == "all"), log=log,
                        names=disp)
    return log


def meta(decks, games: int = 10000, seed: int = 0, player_a: str = "baseline", player_b: str | None = None,
         effects: str = "all", mirrors: bool = False, weights=None, out_dir=None, resume: bool = False,
         scheduler=None, workers: int | None = None, threads: int | None = None,
         turn_cap: int = E.DEFAULT_TURN_CAP, chunk_size: int | None = None, shard_games: int | None = None,
         progress: Callable[[int, int, int, int], None] | None = None, on_plan=None,
         on_compile: Callable[[], None] | None = None) -> dict:
    """Round robin of ``decks`` (paths, folders of decks, or Deck objects): docs/meta.md.

    Each unordered pair is played once (``games`` games; mirrors with ``mirrors``) with its own pair
    seed, reproducible by ``simulate(deck_a, deck_b, games, seed=pair_seed)``; with ``player_b``
    different from ``player_a`` every ordered pair is played.  ``weights``: a ``deck,share`` CSV path
    or a {deck name: share} dict.  With ``out_dir`` every finished matchup is stored durably
    (``resume`` continues a stored run) and the report folder is written.  ``scheduler``: None (this
    process), ``"local"`` (a Dask LocalCluster of ``workers``), a ``tcp://`` address or a Client.
    ``progress(pairs_done, pairs_total, games_done, games_total)``; ``on_compile()``: as in simulate().

    Returns {"summary", "matchups", "ranking", "matrix" (DataFrames but summary), "stats" ({(deck_a,
    deck_b): arrays} of the played pairs), "decks", "written"}.  Ctrl-C raises
    ``simcli.meta.run.MetaInterrupted`` (a KeyboardInterrupt) after storing the finished matchups.
    """
    from simcli.meta.run import meta as _meta

    return _meta(decks, games=games, seed=seed, player_a=player_a, player_b=player_b, effects=effects,
                 mirrors=mirrors, weights=weights, out_dir=out_dir, resume=resume, scheduler=scheduler,
                 workers=workers, threads=threads, turn_cap=turn_cap, chunk_size=chunk_size,
                 shard_games=shard_games, progress=progress, on_plan=on_plan, on_compile=on_compile)


# --- decks, cards and the benchmark: no engine import (the CLI's deck/cards commands start without numba)


def check_decks(paths, regulation: str | None = None, format: str | None = None) -> list[dict]:
    """Check deck files: one {"path", "problems" (FILE:LINE: problem strings), "summary" (legal
    decks: the deck's summary and how many of its cards have unmodeled effects)} per path."""
    from simcli.decks import Problem, check_deck, load_deck

    out = []
    for p in paths:
        try:
            problems = check_deck(p, regulation=regulation, format=format)
        except (OSError, ValueError) as exc:  # defensive: check_deck reports these as problems
            problems = [Problem(str(p), 0, str(exc).splitlines()[0] if str(exc) else type(exc).__name__)]
        row = {"path": str(p), "problems": [str(q) for q in problems], "summary": None, "unmodeled": 0}
        if not problems:
            deck = load_deck(p)
            row["summary"], row["unmodeled"] = deck.summary(), len(deck.unmodeled())
        out.append(row)
    return out


def deck_view(path) -> dict:
    """What ``deck show`` prints, as plain data: cards by level / option kind, evolution lines,
    unreachable and unmodeled cards, draw odds (an Appmon deck: grades, AppGattai lines, illustrative
    cards; ``"game"`` says which).  Raises ``DeckError`` (a UserError) for a bad deck."""
    from simcli.decks import (LEVELS, appears, draw_odds, evolution_lines, format_line, load_deck,
                              step_label, step_missing, unreachable)

    deck = load_deck(path)
    if deck.game == "appmon":  # the second game's view (simcli/appmon/show.py)
        from simcli.appmon.show import show_data

        return show_data(deck)
    groups: dict[str, list[dict]] = {}
    order = list(LEVELS) + ["Program", "Item", "Field"]
    for e in deck.entries:
        c = e.card
        g = c.get("level") if c.is_digimon else (c.get("option_type") or "Option")
        at = c.get("attack") or {}
        groups.setdefault(g or "other", []).append({
            "line": e.line, "number": c.number, "name": c.name, "count": e.count,
            "battle_type": c.get("battle_type"), "A": at.get("A"), "B": at.get("B"), "C": at.get("C"),
            "lost_points": c.get("lost_points"), "modeled": bool(c.get("modeled", True)),
        })
    ordered = {k: groups[k] for k in order if k in groups}
    ordered.update({k: v for k, v in groups.items() if k not in ordered})
    lines = [{"text": format_line(ln, deck),
              "steps": [{"number": c.number, "name": c.name, "level": c.get("level"),
                         "requirement": req, "label": step_label(req, deck) if req else None,
                         "missing": step_missing(req, deck) if req else ""} for c, req in ln]}
             for ln in evolution_lines(deck)]
    partner = deck.partner()
    return {
        "path": deck.path, "name": deck.name, "game": deck.game, "summary": deck.summary(),
        "partner": partner.number if partner else None,
        "cards": ordered,
        "evolution_lines": lines,
        "unreachable": [{"number": c.number, "name": c.name, "level": c.get("level"), "appears": appears(c)}
                        for c in unreachable(deck)],
        "unmodeled": [{"number": e.card.number, "name": e.card.name, "labels": list(e.card.get("unmodeled") or [])}
                      for e in deck.unmodeled()],
        "draw_odds": {"model": _odds_caption(deck), "rows": draw_odds(deck, turns=(1, 3))},
    }


def _odds_caption(deck) -> str:
    from simcli.decks import POOL, seen_by_turn

    partner = deck.partner()
    pn = f"{partner.name} ({partner.number})" if partner else "none"
    return (f"P(at least one copy), exact hypergeometric. Partner {pn} is taken out first (BL-1, DM-SET-1) "
            f"and the point-gauge card is unseen, so cards come from the other {POOL}. Turn 1 = opening hand "
            f"of {seen_by_turn(1)}; by turn 3 = {seen_by_turn(3)} cards seen (one new card per later turn: "
            f"one card played or discarded, then redraw to 6). Copies exclude the partner.")


def card(number: str) -> tuple[str, dict]:
    """One card by number (case-insensitive), DMCG first, then Appmon: ("dmcg" | "appmon", card);
    UserError naming the closest DMCG numbers."""
    from simcli.cards.db import load_db
    from simcli.errors import UserError

    db = load_db()
    c = db.get(number)
    if c is not None:
        return "dmcg", c
    c = load_db("appmon").get(number)
    if c is not None:
        return "appmon", c
    close = ", ".join(db.closest_numbers(number)) or "none"
    raise UserError(f"unknown card number {number} (closest: {close})")


def search_cards(text: str) -> list[dict]:
    """Cards of both games whose name, number, type (species) or field contains ``text``."""
    from simcli.cards.db import load_db

    return load_db().search(text) + load_db("appmon").search(text)


def card_coverage() -> dict:
    """The effect language's coverage of the database (``cards coverage --json``)."""
    from simcli.cards.coverage import coverage
    from simcli.cards.db import load_db

    return coverage(load_db())


def import_cards(source, out_file=None) -> dict:
    """Build a card database and write it to ``out_file``, whole or not at all (written beside, renamed
    into place): from a LackeyCCG plugin's sets folder (default: the shipped dmcg.json) or from an
    Appmon CSV card file (default: appmon.json; docs/appmon.md).  Returns {"path", "game", "cards",
    "options", "options_modeled", "illustrative"}; bad input raises UserError (one line)."""
    import os

    from simcli.cards.db import DATA_DIR
    from simcli.cards.importer import ImportError_, import_dir, write_db
    from simcli.cards.lackey import LackeyFormatError
    from simcli.errors import UserError

    source = Path(source)
    db = None
    if source.is_file():
        from simcli.appmon.cards import CardFileError, build_db, is_card_csv

        if not is_card_csv(source):
            raise UserError(f"{source}:1: not an Appmon card file (a .csv whose header starts 'number,name,kind') "
                            "nor a LackeyCCG sets folder")
        try:
            db = build_db(source)
        except CardFileError as exc:
            raise UserError(str(exc)) from None
        out_file = Path(out_file) if out_file is not None else DATA_DIR / "appmon.json"
    elif not source.is_dir():
        raise UserError(f"{source}: not a directory")
    else:
        out_file = Path(out_file) if out_file is not None else DATA_DIR / "dmcg.json"
    if out_file.is_dir():
        raise UserError(f"{out_file}: is a folder; --out names the database file to write")
    above = next((a for a in (out_file.parent, *out_file.parent.parents) if a.exists()), None)
    if above is not None and not above.is_dir():
        raise UserError(f"{out_file}: cannot write the card database: {above} is not a folder")
    if db is None:
        try:
            db = import_dir(source)
        except (LackeyFormatError, ImportError_) as exc:
            raise UserError(str(exc)) from None
    tmp = out_file.with_name(f".{out_file.name}.tmp-{os.getpid()}")
    try:
        write_db(db, tmp)
        os.replace(tmp, out_file)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise UserError(f"{out_file}: cannot write the card database: {exc.strerror or exc}") from None
    opts = [c for c in db["cards"] if c["kind"] == "Option"]
    return {"path": str(out_file), "game": db.get("game", "dmcg"), "cards": len(db["cards"]),
            "options": len(opts), "options_modeled": sum(bool(c["modeled"]) for c in opts),
            "illustrative": sum(1 for c in db["cards"] if c.get("illustrative"))}


def bench(deck_a=None, deck_b=None, games: int | None = None, **kw) -> dict:
    """``simcli bench``: the engine's speed beside its limit proxy and the reference (simcli.bench.bench).

    The decks default to the shipped starters, which live in the source checkout's ``decks/`` folder:
    without them (an installed wheel) pass ``deck_a``/``deck_b``; a bad deck raises UserError before
    minutes of work."""
    from simcli.bench import DEFAULT_DECKS, DEFAULT_GAMES
    from simcli.bench import bench as _bench
    from simcli.decks import load_deck
    from simcli.errors import UserError

    for deck, default in zip((deck_a, deck_b), DEFAULT_DECKS):
        if deck is not None:
            load_deck(deck)
        elif not default.is_file():
            raise UserError(f"{default}: the shipped decks are not installed here (they live in the source "
                            "checkout's decks/ folder); pass --deck-a FILE --deck-b FILE")
    games = DEFAULT_GAMES if games is None else games
    check_run_size(games, 1)
    return _bench(games=games, deck_a=deck_a, deck_b=deck_b, **kw)
