"""numba: the Appmon players' decisions (docs/appmon.md "Players"), step for step the same as the
reference engine's (reference.py: plan_gattai, choose_standard, prep_discard, actions, choose_action).

``ct`` is the card table (tables.AppTables.ct), ``S`` the state (codes.py layout), ``P`` an int32[8]
scratch for a plan: P[0] the target, P[1..2] the components, P[3] how many components; P[4..7] the
plan choose_standard_nb kept for the Standard it chose (reused, not recomputed).
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
    """reference.Game.choose_standard.  For the greedy player P[4..7] is left holding the chosen
    Standard's plan (``plan_gattai_nb(…, c, c, …)``; P[4] = -1: none), which the callers reuse."""
    best = -1
    bg = -1
    ba = -1
    P[4] = -1
    P[7] = 0
    targets = False  # a hand without any AppGattai target needs no plans
    if greedy:
        for i in range(S[s, HAND_N]):
            if ct[s, S[s, HAND + i], F_REQ_N] > 0:
                targets = True
                break
    for i in range(S[s, HAND_N]):
        c = S[s, HAND + i]
        if ct[s, c, F_KIND] != KIND_APPMON or ct[s, c, F_GRADE] != GR_STANDARD:
            continue
        g = 0
        a = ct[s, c, F_ATK]
        t = -1
        if targets:
            t = plan_gattai_nb(ct, S, s, c, c, P)
            if t >= 0:
                g = ct[s, t, F_GRADE]
                a = ct[s, t, F_ATK]
        if g > bg or (g == bg and a > ba):
            best = c
            bg = g
            ba = a
            if t >= 0:
                for k in range(4):
                    P[4 + k] = P[k]
            else:
                P[4] = -1
                P[7] = 0
    return best


@njit(cache=True, _nrt=False)
def take_chosen_plan_nb(P):
    """Copy the plan choose_standard_nb kept (P[4..7]) to P[0..3]; returns its target."""
    for k in range(4):
        P[k] = P[4 + k]
    return P[0]


@njit(cache=True, _nrt=False)
def keep_marks_nb(ct, S, s, greedy, K, P):
    """reference.Game.prep_discard's keep set as marks K[card] = 1 (K zeroed here)."""
    for i in range(K.shape[0]):
        K[i] = 0
    base = battler_nb(S, s)
    t = -1
    if base < 0:
        base = choose_standard_nb(ct, S, s, greedy, P)
        if base >= 0:
            K[base] = 1
            t = take_chosen_plan_nb(P) if greedy else plan_gattai_nb(ct, S, s, base, base, P)
    else:
        # the box's Appmon is not in hand: plan(base, -1) = plan(base, base)
        t = plan_gattai_nb(ct, S, s, base, -1, P)
        if greedy and S[s, TOP] < 0 and t < 0:
            c = choose_standard_nb(ct, S, s, greedy, P)
            if c >= 0 and P[4] >= 0:
                base = c
                K[c] = 1
                t = take_chosen_plan_nb(P)
    plugs = 0
    if base >= 0:
        plugs = ct[s, base, F_PLUGS]
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
def _margin_nb(kind, ef, v, mybase, myadd, per, links, oppbase, oppadd):
    """margin_after_nb's arithmetic on precomputed parts (base attacks do not depend on the action)."""
    if ef == EF_ATK:
        myadd += v
    elif ef == EF_OPP_ATK:
        oppadd -= v
    m = mybase + myadd + per * (links + (1 if kind == ACT_LINK else 0))
    if m < 0:
        m = 0
    o = oppbase + oppadd
    if o < 0:
        o = 0
    return m - o


@njit(cache=True, _nrt=False)
def choose_action_nb(ct, S, s, greedy, A):
    """reference.Game.choose_action: writes the action to A (kind, card or slot, effect, value) and
    returns True, or False (decline).  The greedy look-ahead (reference.margin_after) is computed
    from the two base attacks, which no action changes."""
    o = 1 - s
    me = battler_nb(S, s)
    free = ct[s, me, F_PLUGS] & ~S[s, PLUGS_USED]
    bm = 0
    found = False
    mybase = 0
    oppbase = 0
    per = ct[s, me, F_PER_LINK]
    links = S[s, LINK_N]
    if greedy:
        mybase = base_attack_nb(ct, S, s)
        # the opponent's final attack without its additions: base + its per-link ability × its links
        oppbase = base_attack_nb(ct, S, o) + ct[o, battler_nb(S, o), F_PER_LINK] * S[o, LINK_N]
        now = _margin_nb(0, EF_NONE, 0, mybase, S[s, ADD], per, links, oppbase, S[o, ADD])
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
            m = _margin_nb(ACT_LINK, ef, v, mybase, S[s, ADD], per, links, oppbase, S[o, ADD])
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
        m = _margin_nb(ACT_ABILITY, EF_ATK, v, mybase, S[s, ADD], per, links, oppbase, S[o, ADD])
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
            m = _margin_nb(ACT_OPTION, ef, v, mybase, S[s, ADD], per, links, oppbase, S[o, ADD])
            if m > bm:
                bm = m
                A[0] = ACT_OPTION
                A[1] = k
                A[2] = ef
                A[3] = v
                found = True
    return found


_ = (np, F_LINK_VAL, F_OPT_EF, F_OPT_VAL, F_LINK_EF)
