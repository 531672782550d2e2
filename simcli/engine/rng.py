"""Per-game random streams (DESIGN.md convention 3): splitmix64, identical in numba and Python.

Algorithm (all arithmetic modulo 2**64):

    mix(z)   = z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB;
               z ^= z >> 31
    start    = mix(mix(seed ^ 0x5DEECE66D) ^ game_index)      # state of game `game_index`
    next()   : state += 0x9E3779B97F4A7C15; return mix(state)
    randint(n) (0 <= r < n, n < 2**32):  r = ((next() >> 32) * n) >> 32   (multiply-shift)
    shuffle(a[0:n]): for i = n-1 down to 1: j = randint(i + 1); swap a[i], a[j]   (Fisher-Yates)

The numba side keeps the state in a 1-element uint64 array; the Python side masks ints to 64
bits.  Both give the same numbers (tests/test_engine_rng.py).

No function here allocates or calls into kernel_effects.py: all are compiled with ``_nrt=False``
(no reference counting of the array arguments; docs/performance.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit
import numba as _numba
import warnings as _warnings

if _numba.config.DISABLE_JIT:  # plain numpy scalars warn on the intended 64-bit wrap-around
    _warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)

M64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB
SEED_SALT = 0x5DEECE66D


# ---- pure Python ----------------------------------------------------------------------------
def mix64(z: int) -> int:
    z &= M64
    z = ((z ^ (z >> 30)) * MUL1) & M64
    z = ((z ^ (z >> 27)) * MUL2) & M64
    return z ^ (z >> 31)


def game_start(seed: int, game: int) -> int:
    return mix64(mix64((seed & M64) ^ SEED_SALT) ^ (game & M64))


class Rng:
    """The stream of one game (pure Python)."""

    __slots__ = ("state", "draws")

    def __init__(self, seed: int, game: int):
        self.state = game_start(seed, game)
        self.draws = 0  # how many 64-bit numbers were taken (for debugging parity)

    def next(self) -> int:
        self.state = (self.state + GAMMA) & M64
        self.draws += 1
        return mix64(self.state)

    def randint(self, n: int) -> int:
        return ((self.next() >> 32) * n) >> 32

    def shuffle(self, a: list, n: int | None = None) -> None:
        n = len(a) if n is None else n
        for i in range(n - 1, 0, -1):
            j = self.randint(i + 1)
            a[i], a[j] = a[j], a[i]


# ---- numba ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def mix64_nb(z):
    z = (z ^ (z >> np.uint64(30))) * np.uint64(MUL1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(MUL2)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False)
def rng_init_nb(st, seed, game):
    """st: uint64[1]; seed, game: non-negative ints."""
    st[0] = mix64_nb(mix64_nb(np.uint64(seed) ^ np.uint64(SEED_SALT)) ^ np.uint64(game))


@njit(cache=True, _nrt=False)
def rng_next_nb(st):
    st[0] = st[0] + np.uint64(GAMMA)
    return mix64_nb(st[0])


@njit(cache=True, _nrt=False)
def randint_nb(st, n):
    return np.int64(((rng_next_nb(st) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, _nrt=False)
def shuffle_nb(st, a, n):
    for i in range(n - 1, 0, -1):
        j = randint_nb(st, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
