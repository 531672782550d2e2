"""Copy a reference-engine state into the kernel's arrays and back (scenario tests, debugging)."""

from __future__ import annotations

import numpy as np

from simcli.engine import state as st


def to_kernel(g) -> np.ndarray:
    """The kernel state S (int32 [2, NS]) equal to the reference Game g's players."""
    S = np.zeros((2, st.NS), np.int32)
    for s, p in enumerate(g.ps):
        for base, nidx, zone in ((st.DECK, st.DECK_N, p.deck), (st.HAND, st.HAND_N, p.hand),
                                 (st.DARK, st.DARK_N, p.dark), (st.GAUGE, st.GAUGE_N, p.gauge)):
            for i, c in enumerate(zone):
                S[s, base + i] = c
            S[s, nidx] = len(zone)
        S[s, st.L3] = p.l3
        S[s, st.TOP] = p.top
        for k in range(3):
            S[s, st.SLOT + k] = p.slots[k]
            S[s, st.SLOT_UP + k] = p.slot_up[k]
        S[s, st.PTS] = p.points
        S[s, st.RENEW] = p.renewals
        S[s, st.FIRST_RENEW] = p.first_renewal
        S[s, st.EXCH] = -1
        S[s, st.SUPPORT] = p.support
        S[s, st.MAXLV] = 1
        S[s, st.EVOLVED] = p.evolved_turn
    return S


def zones(S, s) -> dict:
    """The zones of seat s of a kernel state, as lists (same keys as zones_ref)."""
    def z(base, nidx):
        return [int(x) for x in S[s, base:base + S[s, nidx]]]
    return {"deck": z(st.DECK, st.DECK_N), "hand": z(st.HAND, st.HAND_N), "dark": z(st.DARK, st.DARK_N),
            "gauge": z(st.GAUGE, st.GAUGE_N), "l3": int(S[s, st.L3]), "top": int(S[s, st.TOP]),
            "slots": [int(x) for x in S[s, st.SLOT:st.SLOT + 3]], "points": int(S[s, st.PTS]),
            "renewals": int(S[s, st.RENEW]), "support": int(S[s, st.SUPPORT])}


def zones_ref(p) -> dict:
    return {"deck": list(p.deck), "hand": list(p.hand), "dark": list(p.dark), "gauge": list(p.gauge), "l3": p.l3,
            "top": p.top, "slots": list(p.slots), "points": p.points, "renewals": p.renewals,
            "support": p.support}
