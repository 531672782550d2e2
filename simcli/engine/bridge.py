"""Copy a reference-engine state into the kernel's arrays and back (scenario tests, debugging)."""

from __future__ import annotations

import numpy as np

from simcli.engine import state as st


def to_kernel(g) -> np.ndarray:
    """The kernel state S (int32 [2, NS]) equal to the reference Game g's players."""
    S = np.zeros((2, st.NS), np.int32)
    for s, p in enumerate(g.ps):
        for base, nidx, zone in ((st.DECK, st.DECK_N, p.deck), (st.HAND, st.HAND_N, p.hand),
                                 (st.DARK, st.DARK_N, p.dark), (st.GAUGE, st.GAUGE_N, p.gauge),
                                 (st.POWER, st.POWER_N, p.power)):
            for i, c in enumerate(zone):
                S[s, base + i] = c
            S[s, nidx] = len(zone)
        S[s, st.L3] = p.l3
        S[s, st.TOP] = p.top
        for k in range(3):
            S[s, st.SLOT + k] = p.slots[k]
            S[s, st.SLOT_UP + k] = p.slot_up[k]
            S[s, st.SLOT_END + k] = p.slot_end[k]
            S[s, st.SLOT_CARD + k] = p.slot_card[k]
        S[s, st.PTS] = p.points
        S[s, st.RENEW] = p.renewals
        S[s, st.FIRST_RENEW] = p.first_renewal
        S[s, st.EXCH] = -1
        S[s, st.SUPPORT] = p.support
        S[s, st.MAXLV] = 1
        S[s, st.EVOLVED] = p.evolved_turn
        S[s, st.SUPBOX] = p.supbox
        S[s, st.SUPBOX_OWNER] = p.supbox_owner
        S[s, st.BESIDE] = p.beside
        S[s, st.BESIDE_OWNER] = p.beside_owner
        S[s, st.APPEARED] = p.appeared
        S[s, st.TOP_UNTIL] = p.top_until
        S[s, st.TOP_UNTIL_CARD] = p.top_until_card
        S[s, st.LV_START] = p.lv_start
        S[s, st.EVO_N] = len(p.evo_opts)
        for i, (opt, dig) in enumerate(p.evo_opts):
            S[s, st.EVO + 2 * i], S[s, st.EVO + 2 * i + 1] = opt, dig
        S[s, st.DRAWN] = p.drawn
        S[s, st.USED] = p.used
        S[s, st.SUP_USED] = int(p.support_used)
    return S


def zones(S, s) -> dict:
    """The zones of seat s of a kernel state, as lists (same keys as zones_ref)."""
    def z(base, nidx):
        return [int(x) for x in S[s, base:base + S[s, nidx]]]
    return {"deck": z(st.DECK, st.DECK_N), "hand": z(st.HAND, st.HAND_N), "dark": z(st.DARK, st.DARK_N),
            "gauge": z(st.GAUGE, st.GAUGE_N), "l3": int(S[s, st.L3]), "top": int(S[s, st.TOP]),
            "slots": [int(x) for x in S[s, st.SLOT:st.SLOT + 3]], "points": int(S[s, st.PTS]),
            "renewals": int(S[s, st.RENEW]), "support": int(S[s, st.SUPPORT]), "supbox": int(S[s, st.SUPBOX]),
            "beside": int(S[s, st.BESIDE]),
            "power": z(st.POWER, st.POWER_N), "drawn": int(S[s, st.DRAWN]), "used": int(S[s, st.USED])}


def zones_ref(p) -> dict:
    return {"deck": list(p.deck), "hand": list(p.hand), "dark": list(p.dark), "gauge": list(p.gauge), "l3": p.l3,
            "top": p.top, "slots": list(p.slots), "points": p.points, "renewals": p.renewals,
            "support": p.support, "supbox": p.supbox, "beside": p.beside, "power": list(p.power), "drawn": p.drawn, "used": p.used}
