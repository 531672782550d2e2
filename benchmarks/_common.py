"""Shared by the benchmark scripts: import simcli from this checkout, check the engines agree."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from simcli.bench import DEFAULT_DECKS, DEFAULT_SEED, reference_records, records_equal  # noqa: E402


def check_engines(player="baseline", effects="none", games=200, seed=DEFAULT_SEED, decks=DEFAULT_DECKS) -> bool:
    """Play games 0..games-1 in both engines and compare every per-game record; prints the verdict."""
    from simcli import api

    T = api.prepare(decks[0], decks[1], effects)[0]
    try:
        ref, _ = reference_records(T, seed, games, (player, player), effects, 200)
    except Exception as exc:  # noqa: BLE001
        print(f"[{player}/{effects}] reference engine unavailable: {exc}", file=sys.stderr)
        return False
    ker = api.simulate(decks[0], decks[1], games=games, seed=seed, player_a=player, effects=effects, threads=1,
                       records=True)["records"]
    ok, bad = records_equal(ref, ker)
    print(f"[{player}/{effects}] engines agree on games 0..{games - 1}: {ok}" + ("" if ok else f" (first: {bad})"),
          file=sys.stderr)
    return ok
