"""numba: the Appmon players' decisions (docs/appmon.md "Players"), step for step the same as the
reference engine's (reference.py: plan_gattai, choose_standard, prep_discard, actions, choose_action).

``ct`` is the card table (tables.AppTables.ct), ``S`` the state (codes.py layout), ``P`` an int32[4]
scratch for a plan: P[0] the target, P[1..2] the components, P[3] how many components.
Nothing here allocates (``_nrt=False``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

import simcli.engine  # noqa: F401  (the numba cache folder is set before any function here is defined)
from simcli.appmon.codes import (ABIL_USED, ACT_ABILITY, ACT_LINK, ACT_OPTION, ADD, EF_ATK, EF_NONE, EF_OPP_ATK,
                                 F_ACT_ATK, F_ATK, F_BT, F_CZERO, F_GRADE, F_KIND, F_LINK_EF, F_LINK_PLUG, F_LINK_VAL,
                                 F_NAME, F_NO_ZERO, F_OPT_EF, F_OPT_TIMING, F_OPT_VAL, F_PER_LINK, F_PLUGS, F_REQ,
                                 F_REQ_N, GR_STANDARD, HAND, HAND_N, KIND_APPMON, LINK_N, OT_BATTLE, PLUGS_USED,
                                 SLOT, SLOT_UP, STD, TOP)

PLAYER_GREEDY = 1


@njit(cache=True, _nrt=False)
def battler_nb(S, s):
    t = S[s, TOP]
    return t if t >= 0 else S[s, STD]


@njit(cache=True, _nrt=False)
def plan_gattai_nb(ct, S, s, base, exclude, P):
    """reference.Game.plan_gattai: the best target in hand onto ``base``; P as in the module doc.
    Returns the target (-1: none)."""
    bname = ct[s, base, F_NAME]
    best = -1
    bg = -1
    ba = -1
    P[0] = -1
    P[3] = 0
    nh = S[s, HAND_N]
    for i in range(nh):
        t = S[s, HAND + i]
        if t == exclude or ct[s, t, F_KIND] != KIND_APPMON or ct[s, t, F_REQ_N] == 0:
            continue
        nreq = ct[s, t, F_REQ_N]
        skip = -1  # the requirement entry the base fills (the first naming it)
        for k in range(nreq):
            if ct[s, t, F_REQ + k] == bname:
                skip = k
                break
        if skip < 0:
            continue
        c1 = -1
        c2 = -1
        ok = True
        for k in range(nreq):
            if k == skip:
                continue
            n = ct[s, t, F_REQ + k]
            found = -1
            for j in range(nh):
                c = S[s, HAND + j]
                if c != t and c != exclude and c != c1 and c != c2 and ct[s, c, F_KIND] == KIND_APPMON \
                        and ct[s, c, F_NAME] == n:
                    found = c
                    break
            if found < 0:
                ok = False
                break
            if c1 < 0:
                c1 = found
            else:
                c2 = found
        if not ok:
            continue
        g = ct[s, t, F_GRADE]
        a = ct[s, t, F_ATK]
        if g > bg or (g == bg and a > ba):
            best = t
            bg = g
            ba = a
            P[0] = t
            P[1] = c1
            P[2] = c2
            P[3] = (1 if c1 >= 0 else 0) + (1 if c2 >= 0 else 0)
    return best


@njit(cache=True, _nrt=False)
def choose_standard_nb(ct, S, s, greedy, P):
    """reference.Game.choose_standard."""
    best = -1
    bg = -1
    ba = -1
    for i in range(S[s, HAND_N]):
        c = S[s, HAND + i]
        if ct[s, c, F_KIND] != KIND_APPMON or ct[s, c, F_GRADE] != GR_STANDARD:
            continue
        g = 0
        a = ct[s, c, F_ATK]
        if greedy:
            t = plan_gattai_nb(ct, S, s, c, c, P)
            if t >= 0:
                g = ct[s, t, F_GRADE]
                a = ct[s, t, F_ATK]
        if g > bg or (g == bg and a > ba):
            best = c
            bg = g
            ba = a
    return best


@njit(cache=True, _nrt=False)
def keep_marks_nb(ct, S, s, greedy, K, P):
    """reference.Game.prep_discard's keep set as marks K[card] = 1 (K zeroed here)."""
    for i in range(K.shape[0]):
        K[i] = 0
    base = battler_nb(S, s)
    if base < 0:
        base = choose_standard_nb(ct, S, s, greedy, P)
        if base >= 0:
            K[base] = 1
    elif greedy and S[s, TOP] < 0 and plan_gattai_nb(ct, S, s, base, -1, P) < 0:
        c = choose_standard_nb(ct, S, s, greedy, P)
        if c >= 0 and plan_gattai_nb(ct, S, s, c, c, P) >= 0:
            base = c
            K[c] = 1
    plugs = 0
    if base >= 0:
        plugs = ct[s, base, F_PLUGS]
        t = plan_gattai_nb(ct, S, s, base, base, P)
        if t >= 0:
            K[t] = 1
            if P[1] >= 0:
                K[P[1]] = 1
            if P[2] >= 0:
                K[P[2]] = 1
            plugs |= ct[s, t, F_PLUGS]
    for i in range(S[s, HAND_N]):
        c = S[s, HAND + i]
        if K[c] == 0 and ct[s, c, F_KIND] == KIND_APPMON and ct[s, c, F_LINK_EF] != EF_NONE \
                and (plugs >> ct[s, c, F_LINK_PLUG]) & 1:
            K[c] = 1
    if greedy:
        free = 0
        for k in range(3):
            if S[s, SLOT + k] < 0:
                free += 1
        for i in range(S[s, HAND_N]):
            c = S[s, HAND + i]
            if free > 0 and ct[s, c, F_KIND] != KIND_APPMON and ct[s, c, F_OPT_TIMING] != 0:
                K[c] = 1
                free -= 1


# ---- battle ---------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def base_attack_nb(ct, S, s):
    o = 1 - s
    me = battler_nb(S, s)
    op = battler_nb(S, o)
    atype = ct[o, op, F_BT]
    base = ct[s, me, F_ATK + atype]
    if atype == 0 and ct[s, me, F_BT] == 2 and ct[o, op, F_CZERO] != 0 and ct[s, me, F_NO_ZERO] == 0:
        base = 0
    return base


@njit(cache=True, _nrt=False)
def final_attack_nb(ct, S, s):
    me = battler_nb(S, s)
    v = base_attack_nb(ct, S, s) + S[s, ADD] + ct[s, me, F_PER_LINK] * S[s, LINK_N]
    return v if v > 0 else 0


@njit(cache=True, _nrt=False)
def apply_nb(S, s, ef, v):
    if ef == EF_ATK:
        S[s, ADD] += v
    elif ef == EF_OPP_ATK:
        S[1 - s, ADD] -= v


@njit(cache=True, _nrt=False)
def margin_after_nb(ct, S, s, kind, ef, v):
    a0 = S[s, ADD]
    b0 = S[1 - s, ADD]
    apply_nb(S, s, ef, v)
    me = battler_nb(S, s)
    extra = ct[s, me, F_PER_LINK] if kind == ACT_LINK else 0
    m = base_attack_nb(ct, S, s) + S[s, ADD] + ct[s, me, F_PER_LINK] * S[s, LINK_N] + extra
    if m < 0:
        m = 0
    m -= final_attack_nb(ct, S, 1 - s)
    S[s, ADD] = a0
    S[1 - s, ADD] = b0
    return m


@njit(cache=True, _nrt=False)
def choose_action_nb(ct, S, s, greedy, A):
    """reference.Game.choose_action: writes the action to A (kind, card or slot, effect, value) and
    returns True, or False (decline)."""
    me = battler_nb(S, s)
    free = ct[s, me, F_PLUGS] & ~S[s, PLUGS_USED]
    now = 0
    bm = 0
    found = False
    if greedy:
        now = final_attack_nb(ct, S, s) - final_attack_nb(ct, S, 1 - s)
        if now > 0:
            return False
        bm = now
    for i in range(S[s, HAND_N]):
        c = S[s, HAND + i]
        if ct[s, c, F_KIND] == KIND_APPMON and ct[s, c, F_LINK_EF] != EF_NONE and (free >> ct[s, c, F_LINK_PLUG]) & 1:
            ef = ct[s, c, F_LINK_EF]
            v = ct[s, c, F_LINK_VAL]
            if not greedy:
                A[0] = ACT_LINK
                A[1] = c
                A[2] = ef
                A[3] = v
                return True
            m = margin_after_nb(ct, S, s, ACT_LINK, ef, v)
            if m > bm:
                bm = m
                A[0] = ACT_LINK
                A[1] = c
                A[2] = ef
                A[3] = v
                found = True
    if ct[s, me, F_ACT_ATK] > 0 and S[s, ABIL_USED] == 0:
        v = ct[s, me, F_ACT_ATK]
        if not greedy:
            A[0] = ACT_ABILITY
            A[1] = me
            A[2] = EF_ATK
            A[3] = v
            return True
        m = margin_after_nb(ct, S, s, ACT_ABILITY, EF_ATK, v)
        if m > bm:
            bm = m
            A[0] = ACT_ABILITY
            A[1] = me
            A[2] = EF_ATK
            A[3] = v
            found = True
    if not greedy:
        return False  # BL-5: the baseline never uses an option
    for k in range(3):
        c = S[s, SLOT + k]
        if c >= 0 and S[s, SLOT_UP + k] == 0 and ct[s, c, F_OPT_TIMING] == OT_BATTLE:
            ef = ct[s, c, F_OPT_EF]
            v = ct[s, c, F_OPT_VAL]
            m = margin_after_nb(ct, S, s, ACT_OPTION, ef, v)
            if m > bm:
                bm = m
                A[0] = ACT_OPTION
                A[1] = k
                A[2] = ef
                A[3] = v
                found = True
    return found


_ = (np, F_LINK_VAL, F_OPT_EF, F_OPT_VAL, F_LINK_EF)
