"""The baseline player's decisions (numba): RULES §5, BL-1..BL-8; twin: reference_baseline.py.

The BL-4 chain search (players.plan_chain_nb) and the BL-2 chain keep (players.chain_keep_nb) are
shared with the other policies and stay in players.py.  Nothing here allocates (``_nrt=False``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine import enums as E
from simcli.engine.bits import ctz_nb
from simcli.engine.kernel_effects import E_TIMING, appear_legal_nb, appear_nb, settle_nb
from simcli.engine.players import chain_keep_nb, cur_nb, filter_card_nb, hand_masks_nb, own_box_conds_ok_nb
from simcli.engine.state import APPEARED, HAND, HAND_N, L3, SLOT, X_TURN
from simcli.engine.tables import (F_APP_HI, F_APP_LO, F_APPTIM, F_ATK, F_KIND, F_LEVEL, F_NCARDS, F_PAIR, F_WP,
                                  P_USABLE)

KIND_DIGIMON = E.KIND_DIGIMON
LV_III = E.LV_III


@njit(cache=True, _nrt=False)
def partner_baseline_nb(T, s):
    """BL-1."""
    best = -1
    best_a = -1
    for i in range(T.ct[s, 0, F_NCARDS]):
        if T.ct[s, i, F_KIND] == KIND_DIGIMON and T.ct[s, i, F_LEVEL] == LV_III and T.ct[s, i, F_ATK + 0] > best_a:
            best = i
            best_a = T.ct[s, i, F_ATK + 0]
    return best


@njit(cache=True, _nrt=False)
def appearance_keep_nb(T, S, s):
    """BL-2b: bit mask of the hand positions of Digimon with an appearance row whose conditions on the
    own Digimon hold for the box's top card or for the Level III under it, and whose conditions on the
    own slots' cards (``slot:``) a card in the slots or another hand card can meet."""
    m = np.int64(0)
    cp = cur_nb(S, s)
    l3 = S[s, L3]
    for pos in range(S[s, HAND_N]):
        c = S[s, HAND + pos]
        if T.ct[s, c, F_APP_HI] == T.ct[s, c, F_APP_LO] or T.ct[s, c, F_KIND] != KIND_DIGIMON:
            continue
        for r in range(T.ct[s, c, F_APP_LO], T.ct[s, c, F_APP_HI]):
            if (own_box_conds_ok_nb(T, s, r, cp) or own_box_conds_ok_nb(T, s, r, l3)) \
                    and slot_conds_reachable_nb(T, S, s, r, pos):
                m |= np.int64(1) << pos
                break
    return m


@njit(cache=True, _nrt=False)
def slot_conds_reachable_nb(T, S, s, r, pos):
    """BL-2b (reference.slot_conds_reachable): every ``slot:FILTER`` condition of appearance row r has a
    matching card in the own slots or in the hand (other than hand position pos), which this
    Preparation could still set."""
    for k in range(T.eff[r, E.E_NCOND]):
        if T.eff[r, E.E_COND0 + 3 * k] != E.C_SLOTF:
            continue
        fk = T.eff[r, E.E_COND0 + 3 * k + 1]
        v = T.eff[r, E.E_COND0 + 3 * k + 2]
        ok = False
        for j in range(3):  # (the first match decides: filter_card_nb only reads)
            if S[s, SLOT + j] >= 0 and filter_card_nb(T, s, S[s, SLOT + j], fk, v):
                ok = True
                break
        if not ok:
            for q in range(S[s, HAND_N]):
                if q != pos and filter_card_nb(T, s, S[s, HAND + q], fk, v):
                    ok = True
                    break
        if not ok:
            return False
    return True


@njit(cache=True, _nrt=False)
def discard_baseline_nb(T, S, s, keep, max_opts, akeep):
    """BL-2: sets keep[pos] (1 keep, 0 discard) for the hand; akeep: BL-2b's mask (appearance_keep_nb when the
    deck has appearance rows, else 0; the caller computes it, greedy reuses it)."""
    lm4, lm5, lm6, cand = hand_masks_nb(T, S, s)
    kept = chain_keep_nb(T, S, s, lm4, lm5, lm6) | akeep
    hn = S[s, HAND_N]
    # whether each candidate option is usable by a kept Digimon: computed once (it does not depend
    # on the options already selected)
    usable = np.int64(0)
    m = cand
    while m != 0:
        pos = ctz_nb(m)
        m &= m - 1
        c = S[s, HAND + pos]
        f = kept
        while f != 0:
            q = ctz_nb(f)
            f &= f - 1
            if (T.ct[s, c, F_PAIR + S[s, HAND + q]] & P_USABLE) != 0:
                usable |= np.int64(1) << pos
                break
    # options: (usable?0:1, -value, pos) ascending, keep max_opts
    nsel = 0
    while nsel < max_opts and cand != 0:
        best = -1
        bk0 = 0
        bk1 = 0
        m = cand
        while m != 0:
            pos = ctz_nb(m)
            m &= m - 1
            k0 = 0 if ((usable >> pos) & 1) != 0 else 1
            k1 = -T.ct[s, S[s, HAND + pos], F_WP]
            if best < 0 or k0 < bk0 or (k0 == bk0 and k1 < bk1):
                best = pos
                bk0 = k0
                bk1 = k1
        kept |= np.int64(1) << best
        cand &= ~(np.int64(1) << best)
        nsel += 1
    for pos in range(hn):
        keep[pos] = (kept >> pos) & 1


@njit(cache=True, _nrt=False)
def first_appearance_nb(T, S, M, X, p, timing):
    """BL-8: the first legal appearance (hand order, then row order): pos * APPEAR_POS + row, or -1."""
    if S[p, APPEARED] == X[X_TURN]:
        return -1
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if (T.ct[p, c, F_APPTIM] & (1 << timing)) == 0 or T.ct[p, c, F_KIND] != E.KIND_DIGIMON:
            continue
        for r in range(T.ct[p, c, F_APP_LO], T.ct[p, c, F_APP_HI]):
            if T.eff[r, E_TIMING] == timing and appear_legal_nb(T, S, M, X, p, pos, r):
                return pos * E.APPEAR_POS + r
    return -1


@njit(cache=True, _nrt=False)
def baseline_window_nb(T, S, M, X, p, rng, uses):
    """BL-8: the first card in hand order that can appear now (battle timing) appears."""
    ch = first_appearance_nb(T, S, M, X, p, E.T_BATTLE)
    if ch < 0:
        return False
    appear_nb(T, S, M, X, p, ch // E.APPEAR_POS, ch % E.APPEAR_POS, rng, uses)
    settle_nb(T, S, M, X, rng)
    return True
