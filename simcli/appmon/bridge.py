"""The reference engine's state as the kernel's arrays and back (scenario tests play one hand-built
turn in both engines and compare every zone; not compiled)."""

from __future__ import annotations

import numpy as np

from simcli.appmon import codes as C
from simcli.appmon.reference import Game, Seat

_SCALARS = (("pts", C.PTS), ("std", C.STD), ("top", C.TOP), ("gattai", C.GATTAI), ("gauge", C.GAUGE),
            ("plugs_used", C.PLUGS_USED), ("add", C.ADD), ("abil_used", C.ABIL_USED), ("renew", C.RENEW),
            ("first_renew", C.FIRST_RENEW), ("maxgr", C.MAXGR), ("drawn", C.DRAWN), ("used", C.USED),
            ("auto_loss", C.AUTO_LOSS))
_LISTS = (("deck", C.DECK, C.DECK_N), ("hand", C.HAND, C.HAND_N), ("disc", C.DISC, C.DISC_N),
          ("power", C.POWER, C.POWER_N), ("link", C.LINK, C.LINK_N))


def to_state(game: Game) -> np.ndarray:
    S = np.zeros((2, C.NS), np.int32)
    for s, p in enumerate(game.S):
        for name, f in _SCALARS:
            S[s, f] = getattr(p, name)
        for name, z, zn in _LISTS:
            xs = getattr(p, name)
            S[s, zn] = len(xs)
            S[s, z:z + len(xs)] = xs
        for k in range(3):
            S[s, C.SLOT + k] = p.slot[k]
            S[s, C.SLOT_UP + k] = p.slot_up[k]
    return S


def from_state(S: np.ndarray) -> list[dict]:
    """Per seat, every zone and counter as plain Python values (compare with ``seats(game)``)."""
    out = []
    for s in range(2):
        d = {name: int(S[s, f]) for name, f in _SCALARS}
        for name, z, zn in _LISTS:
            d[name] = [int(x) for x in S[s, z:z + S[s, zn]]]
        d["slot"] = [int(S[s, C.SLOT + k]) for k in range(3)]
        d["slot_up"] = [int(S[s, C.SLOT_UP + k]) for k in range(3)]
        out.append(d)
    return out


def seats(game: Game) -> list[dict]:
    out = []
    for p in game.S:
        d = {name: int(getattr(p, name)) for name, _ in _SCALARS}
        for name, _, _ in _LISTS:
            d[name] = [int(x) for x in getattr(p, name)]
        d["slot"] = list(p.slot)
        d["slot_up"] = list(p.slot_up)
        out.append(d)
    return out


def kernel_turn(game: Game, fa: int, t: int, rng_state: int):
    """Play turn t of ``game``'s current state in the kernel: (BR_*, outcome, seats, rng state after)."""
    from simcli.appmon.kernel import turn_from_state_nb

    S = to_state(game)
    rng = np.array([rng_state], np.uint64)
    res, out, _ = turn_from_state_nb(game.ct, S, np.int64(fa), np.int64(t), np.asarray(game.players, np.int64), rng)
    return int(res), int(out), from_state(S), int(rng[0])


def kernel_setup(T, seed: int, g: int):
    """The kernel's start of game g (AM-SET-1, C-ORD-1): (first attacker, seats, rng state)."""
    from simcli.appmon.kernel import setup_game_nb

    S = np.zeros((2, C.NS), np.int32)
    rng = np.zeros(1, np.uint64)
    fa = setup_game_nb(T.ct, S, np.int64(seed), np.int64(g), rng)
    return int(fa), from_state(S), int(rng[0])


__all__ = ["to_state", "from_state", "seats", "kernel_turn", "kernel_setup", "Seat"]
