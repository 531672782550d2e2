"""The fixed-size sufficient statistics a batch of games returns (DESIGN.md convention 4).

A run is a sum of batches: every array below is a count that merges by addition, so the
result does not depend on chunking, thread count, shard split or backend.  Memory is constant
in the number of games.  ``T`` is the turn cap; turn indices run 1..T (index 0 unused).
Seat 0 is deck A, seat 1 is deck B.

Per-game records (for parity tests, replay checks and small runs) are a separate structured
array, ``RECORD_DTYPE``.
"""

from __future__ import annotations

import numpy as np

from simcli.engine.enums import RENEWAL_BUCKETS

N_LEVELS = 4  # III, IV, Perfect, Ultimate

# name → (shape builder from (T, n_cards), meaning)
LAYOUT = {
    # outcome counts: [wins_a, wins_b, draws, capped]
    "outcomes": (lambda T, n: (4,), "games by outcome (enums.OUT_*)"),
    # games that ended after turn t (the turn being played when it was decided; capped at T)
    "turns_hist": (lambda T, n: (T + 1,), "games ending at turn t"),
    # outcome by game length: [t, OUT_*]
    "outcome_by_turns": (lambda T, n: (T + 1, 4), "games ending at turn t, by outcome"),
    # points at the END of turn t for each seat, among games that played turn t: [seat, t, points]
    "points_hist": (lambda T, n: (2, T + 1, 101), "games with `points` at the end of turn t"),
    # games still running at the start of turn t (sum over points_hist[0, t] equals this)
    "alive": (lambda T, n: (T + 1,), "games that played turn t"),
    # renewals (C-RENEW-1) happening in turn t, by seat
    "renewals_by_turn": (lambda T, n: (2, T + 1), "renewals in turn t"),
    # distribution of renewals per game by seat; last bucket = RENEWAL_BUCKETS-1 or more
    "renewals_per_game": (lambda T, n: (2, RENEWAL_BUCKETS), "games with k renewals"),
    # turn of each seat's first renewal (0 = never)
    "first_renewal_turn": (lambda T, n: (2, T + 1), "games whose first renewal was in turn t"),
    # battle results by turn, from the first attacker's side: [t, BR_*]
    "battles_by_turn": (lambda T, n: (T + 1, 3), "battles of turn t by result (enums.BR_*)"),
    # turn-1 battle: [BR_*] and the game outcome for the turn-1 first attacker
    "first_battle": (lambda T, n: (3,), "turn-1 battles by result (first attacker's side)"),
    # games won [0] / lost [1] / drawn or capped [2] by the seat that attacked first in turn 1
    "first_attacker_games": (lambda T, n: (3,), "games by result for the turn-1 first attacker"),
    # games where seat s attacked first in turn 1
    "first_attacker_seat": (lambda T, n: (2,), "games whose turn-1 first attacker was seat s"),
    # games in which seat s's Digimon reached level l (0=III .. 3=Ultimate) at least once
    "level_reached": (lambda T, n: (2, N_LEVELS), "games reaching level l"),
    # option / ability uses per deck slot: [seat, index of the card in the compiled deck list]
    "card_uses": (lambda T, n: (2, n), "times each deck entry was used (an option, ability or support used, a "
                                       "requirement card paid, a Digimon entering the box)"),
    # games in which each deck entry entered the hand / was used at least once
    "card_games_drawn": (lambda T, n: (2, n), "games in which the deck entry entered the hand"),
    "card_games_used": (lambda T, n: (2, n), "games in which the deck entry was used"),
    # total turns played (sum over games), to report turns/s
    "total_turns": (lambda T, n: (1,), "turns played"),
}


def new_stats(turn_cap: int, n_cards: int) -> dict[str, np.ndarray]:
    """Zeroed statistics for a run with this turn cap and deck-list size (max over seats)."""
    return {k: np.zeros(shape(turn_cap, n_cards), dtype=np.int64) for k, (shape, _) in LAYOUT.items()}


def merge(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The statistics of two disjoint sets of games."""
    return {k: a[k] + b[k] for k in a}


# One row per game: what parity tests compare between the engines.
RECORD_DTYPE = np.dtype(
    [
        ("game", np.int64),  # game index in the run
        ("outcome", np.int8),  # enums.OUT_*
        ("turns", np.int16),  # turns played
        ("points_a", np.int16),  # final points
        ("points_b", np.int16),
        ("renewals_a", np.int16),
        ("renewals_b", np.int16),
        ("first_attackers", np.uint64),  # hash of the first-attacker seat sequence (see fa_hash)
        ("first_attacker_t1", np.int8),  # seat that attacked first in turn 1
    ]
)


def fa_hash_step(h: int, seat: int) -> int:
    """Fold one turn's first-attacker seat into the record's sequence hash (FNV-1a, 64-bit).

    The kernel does the same arithmetic on uint64; Python ints are masked to 64 bits.
    """
    return ((h ^ (seat + 1)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF


FA_HASH_START = 0xCBF29CE484222325


def run_blocks(block, g0: int, g1: int, nblocks: int, args_of) -> None:
    """Games g0..g1-1 in nblocks contiguous blocks: ``block(*args_of(b, a0, a1))`` for each block b, on up to
    numba.get_num_threads() Python threads (the jitted block is ``nogil``).  Each block writes only its own
    slice [b] (the caller sums over blocks: integer sums, identical for any thread count).  Threads rather
    than a ``prange`` wrapper: a parallel=True function compiles its whole call tree once more around its
    gufunc (about a fifth of the cold compile; docs/performance.md "Cold compile")."""
    import numba

    n = g1 - g0
    spans = [(b, g0 + n * b // nblocks, g0 + n * (b + 1) // nblocks) for b in range(nblocks)]
    nthreads = min(nblocks, numba.get_num_threads())
    if nthreads <= 1 or numba.config.DISABLE_JIT:
        for b, a0, a1 in spans:
            block(*args_of(b, a0, a1))
        return
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(nthreads)
    try:
        for f in [pool.submit(block, *args_of(b, a0, a1)) for b, a0, a1 in spans]:
            f.result()  # re-raises a block's exception (the invariant checks' AssertionError)
    finally:  # Ctrl-C while waiting: drop the blocks not started, let the running ones finish
        pool.shutdown(wait=True, cancel_futures=True)
