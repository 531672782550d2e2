"""The limit proxy: the fastest the DMCG rule family can be played on this machine (issue 14).

A deliberately minimal numba game on the same compiled decks (``Tables``) and the same random
streams (rng.py): shuffle the 30 cards, discard the option cards in hand and draw to 6 (an empty
deck is renewed from the Dark Area), play the highest-level Digimon in hand into the box, compare
the attacks named by the opponent's battle type (a C attack turns an A attack to 0, C-TYPE-2), the
loser loses the points of its lost-point column for the winner's level and its Digimon goes to the
Dark Area.  No evolution, no options, no effects, no players to consult.

It is not a rule engine and its results mean nothing: it is a yardstick.  ``simcli bench`` times it
in the same run as the kernel and reports the kernel's turns/s as a fraction of the proxy's
(``fraction_of_limit``), a figure that does not depend on how fast the machine is.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from simcli.engine import enums as E
from simcli.engine.rng import rng_init_nb, shuffle_nb

HAND = 6
START_POINTS = 100


@njit(cache=True, inline="always")
def _draw_to_six(st, deck, nd, hand, nh, dark, ndk, s):
    """Draw to 6; an empty deck takes the shuffled Dark Area.  Returns (nd, nh, ndk) of seat s."""
    while nh < HAND:
        if nd == 0:
            if ndk == 0:
                break
            for i in range(ndk):
                deck[s, i] = dark[s, i]
            nd = ndk
            ndk = 0
            shuffle_nb(st, deck[s], nd)
        nd -= 1
        hand[s, nh] = deck[s, nd]
        nh += 1
    return nd, nh, ndk


@njit(cache=True)
def _play_games(level, bt, atk, lost, kind, seed, g0, g1, turn_cap):
    """Turns played by games g0..g1-1 (one block's scratch, reused for every game)."""
    st = np.zeros(1, np.uint64)
    deck = np.zeros((2, 32), np.int64)
    hand = np.zeros((2, 40), np.int64)
    dark = np.zeros((2, 32), np.int64)
    nd = np.zeros(2, np.int64)
    nh = np.zeros(2, np.int64)
    ndk = np.zeros(2, np.int64)
    box = np.zeros(2, np.int64)
    pts = np.zeros(2, np.int64)
    turns = 0
    for g in range(g0, g1):
        rng_init_nb(st, seed, g)
        for s in range(2):
            for i in range(30):
                deck[s, i] = i
            shuffle_nb(st, deck[s], 30)
            nd[s] = 30
            nh[s] = 0
            ndk[s] = 0
            box[s] = -1
            pts[s] = START_POINTS
        t = 0
        while t < turn_cap:
            t += 1
            for s in range(2):
                # options leave the hand (discarded freely, seed 003 §2), then draw to 6
                k = 0
                for i in range(nh[s]):
                    c = hand[s, i]
                    if kind[s, c] == E.KIND_DIGIMON:
                        hand[s, k] = c
                        k += 1
                    else:
                        dark[s, ndk[s]] = c
                        ndk[s] += 1
                nh[s] = k
                nd[s], nh[s], ndk[s] = _draw_to_six(st, deck, nd[s], hand, nh[s], dark, ndk[s], s)
                # the highest-level Digimon in hand enters the box (first among equals)
                best = -1
                for i in range(nh[s]):
                    c = hand[s, i]
                    if kind[s, c] == E.KIND_DIGIMON and (best < 0 or level[s, c] > level[s, hand[s, best]]):
                        best = i
                if best >= 0:
                    if box[s] >= 0:
                        dark[s, ndk[s]] = box[s]
                        ndk[s] += 1
                    box[s] = hand[s, best]
                    nh[s] -= 1
                    for i in range(best, nh[s]):
                        hand[s, i] = hand[s, i + 1]
            # battle: the attack named by the opponent's battle type; C turns A to 0 (C-TYPE-2)
            a0 = 0
            a1 = 0
            if box[0] >= 0 and box[1] >= 0:
                k0 = bt[1, box[1]]
                k1 = bt[0, box[0]]
                a0 = atk[0, box[0], k0]
                a1 = atk[1, box[1], k1]
                if k0 == E.BT_C and k1 == E.BT_A:
                    a1 = 0
                if k1 == E.BT_C and k0 == E.BT_A:
                    a0 = 0
            if a0 != a1:
                w = 0 if a0 > a1 else 1
                lo = 1 - w
                pts[lo] -= lost[lo, box[lo], level[w, box[w]] - E.LV_III]
                dark[lo, ndk[lo]] = box[lo]
                ndk[lo] += 1
                box[lo] = -1
            if pts[0] <= 0 or pts[1] <= 0:
                break
        turns += t
    return turns


@njit(cache=True, parallel=True)
def _play_batch(level, bt, atk, lost, kind, seed, g0, g1, turn_cap, nblocks):
    out = np.zeros(nblocks, np.int64)
    n = g1 - g0
    for b in prange(nblocks):
        lo = g0 + (n * b) // nblocks
        hi = g0 + (n * (b + 1)) // nblocks
        out[b] = _play_games(level, bt, atk, lost, kind, seed, lo, hi, turn_cap)
    return out


def run_proxy(T, seed: int, games: int, turn_cap: int = E.DEFAULT_TURN_CAP, nblocks: int | None = None) -> int:
    """Turns played by ``games`` proxy games on the decks of ``T`` (all numba threads)."""
    import numba

    nb = int(nblocks or max(1, min(games, numba.get_num_threads() * 4)))
    level = np.ascontiguousarray(T.level, np.int64)
    bt = np.ascontiguousarray(np.maximum(T.bt, 0), np.int64)
    atk = np.ascontiguousarray(T.atk, np.int64)
    lost = np.ascontiguousarray(T.lost, np.int64)
    kind = np.ascontiguousarray(T.kind, np.int64)
    return int(_play_batch(level, bt, atk, lost, kind, np.uint64(seed), 0, int(games), int(turn_cap), nb).sum())
