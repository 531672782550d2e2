"""The random player (``--player random``, numba); twin: reference_random.py.

At every decision point it picks uniformly among the legal choices, drawing from the game's own random
stream (rng.py) — only when a random seat decides and only when there are two choices or more
(``pick_nb``), so the games of baseline and greedy seats draw exactly what they drew before.  The
choices and their order (docs/engine.md, "Players"):

* partner: one of the deck's Level III Digimon (deck order);
* discard (Preparation step 1): every hand card, in hand order, is kept or discarded (1/2 each);
* Level III exchange: none or one of the Level III Digimon in hand (hand order), while not evolved;
* evolution chain: step by step, "stop" or one of the steps that can be prepared next (hand order, then
  requirement alternative; requirement cards chosen by the rules' own order, as for every player);
  the costs are not looked at (the Evolution phase stops the chain when one cannot be paid);
* evolve_ignore (no chain prepared): none or one of the Digimon the first usable evolve_ignore option
  (slot order) could reach (hand order);
* options of a timing (prep, evolution, point, win, lose): each usable one (slot order) used or not;
* options to set (step 6): each usable option in hand order, while a slot is free, set or not (never a
  second face-up-limited card beside a same-name one);
* battle window: pass or one of the legal actions — abilities (row order), support Digimon (hand
  order), appearances (hand, then row order), options (slot order) — up to 8 actions a window; a
  per_* count uniform in 0..the largest the card allows;
* start of the battle: none or one of the legal start appearances; negate_item against the opponent's
  face-up Items: none or one of those its negate_pick can answer, until it picks none;
* negation response: when it can negate (negate_pick), negate or not;
* evolve_now: one of the Digimon it may evolve into (hand order).

Reached only through the gates in policies.py (``gon[1]`` set): other runs never compile it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine import enums as E
from simcli.codes import (PF_CARD, PF_JOG, PF_NCARDS, PF_RES, PF_RSLOT, W_BEST, W_JPOS, W_POS,  # noqa: F401
                          W_RPOS)
from simcli.engine.kernel_effects import (ignore_slot_nb, ignore_target_nb, prepare_ignore_step_nb,
                                          E_OP, E_TIMING, abilities_active_nb, ability_ready_nb,  # noqa: F401
                                          appear_legal_nb, banned_nb, battle_act_nb, box_sides_nb, cond_ok_nb, cost_payable_nb,
                                          discard_slot_nb, face_up_blocked_nb, facedown_with_nb, negate_pick_nb,
                                          negate_with_nb, option_ready_nb, pay_cost_nb, per_kmax_nb, row_filter_nb,
                                          rows_payable_at_nb, support_barred_nb, timed_options_nb, use_option_nb, MAX_COSTS, E_COST0,
                                          OPT_ITEM)
from simcli.engine.players import cur_nb, free_slots_nb, option_settable_nb, req_step_nb, step_ok_nb, wp_step_ok_nb
from simcli.engine.rng import randint_nb
from simcli.engine.state import (APPEARED, DECK_N, EXCH, HAND, HAND_N, PLAN, PLAN_N, PLAN_W, PTS, TOP,
                                 SLOT, SLOT_UP, SUP_USED, X_APP_ANY, X_APPEAR_ROW, X_LIST, X_PER, X_TURN)
from simcli.engine.tables import (F_APP_HI, F_APP_LO, F_APPTIM, F_DLEVEL, F_EFF_HI, F_EFF_LO, F_KIND,
                                  F_LEVEL, F_NCARDS, F_NO_IGNORE, F_OPTYPE, F_PAIR, F_REQ, F_REQ_N, F_USABLE_OPT,
                                  F_XDISC, P_ALTS, R_JOG, REQ_WIDTH)
from simcli.engine.tables import F_SLOT_POS

KIND_DIGIMON = E.KIND_DIGIMON
KIND_OPTION = E.KIND_OPTION


@njit(cache=True, inline="always")
def pick_nb(rng, n):
    """A uniform choice among n (0..n-1); no draw when there is one choice or none."""
    return np.int64(0) if n <= 1 else randint_nb(rng, n)


# ---- setup and Preparation ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def partner_random_nb(T, s, rng):
    """One of the deck's Level III Digimon (deck order)."""
    n = 0
    for i in range(T.ct[s, 0, F_NCARDS]):
        if T.ct[s, i, F_DLEVEL] == E.LV_III:
            n += 1
    k = pick_nb(rng, n)
    for i in range(T.ct[s, 0, F_NCARDS]):
        if T.ct[s, i, F_DLEVEL] == E.LV_III:
            if k == 0:
                return i
            k -= 1
    return -1


@njit(cache=True, _nrt=False)
def discard_random_nb(T, S, s, keep, rng):
    """Preparation step (1): keep[pos] = 1 (keep) or 0 (discard), each with 1/2, in hand order."""
    for pos in range(S[s, HAND_N]):
        keep[pos] = 1 - pick_nb(rng, 2)


@njit(cache=True, _nrt=False)
def exchange_random_nb(T, S, s, rng):
    """Preparation step (3): the hand position of the Level III to exchange to, or -1 (none), uniform."""
    if S[s, TOP] >= 0:
        return -1
    n = 0
    for pos in range(S[s, HAND_N]):
        if T.ct[s, S[s, HAND + pos], F_DLEVEL] == E.LV_III:
            n += 1
    k = pick_nb(rng, n + 1)
    if k == 0:
        return -1
    for pos in range(S[s, HAND_N]):
        if T.ct[s, S[s, HAND + pos], F_DLEVEL] == E.LV_III:
            k -= 1
            if k == 0:
                return pos
    return -1


@njit(cache=True, _nrt=False)
def chain_random_nb(T, S, s, W, rng):
    """Preparation step (4): a chain built step by step, each step "stop" or one of the steps that can be
    prepared next, uniformly; writes S[s, PLAN...] and the hand positions prepare_chain_nb reads
    (W[W_BEST + W_POS / W_RPOS / W_JPOS, k]); returns its length."""
    hn = S[s, HAND_N]
    deck_n = S[s, DECK_N]
    cur = S[s, EXCH] if S[s, EXCH] >= 0 else cur_nb(S, s)
    um = np.int64(0)
    sm = np.int64(0)
    ncum = 0
    d = 0
    while d < 3:
        lvc = T.ct[s, cur, F_LEVEL]
        n = 0
        for pos in range(hn):
            c = S[s, HAND + pos]
            lv = T.ct[s, c, F_DLEVEL]  # -1 for an option; the step dl levels up (reference.chain_steps)
            if ((um >> pos) & 1) != 0 or lv < E.LV_IV or lv > E.LV_ULTIMATE or not step_ok_nb(T, s, cur, lv - lvc):
                continue
            pm = T.ct[s, c, F_PAIR + cur] & P_ALTS
            for a in range(T.ct[s, c, F_REQ_N]):
                if (pm >> a) & 1:
                    if req_step_nb(T, S, s, c, a, lv, um | (np.int64(1) << pos), sm, ncum, deck_n, lv - lvc)[0]:
                        n += 1
        k = pick_nb(rng, n + 1)
        if k == 0:
            break
        found = False
        for pos in range(hn):
            c = S[s, HAND + pos]
            lv = T.ct[s, c, F_DLEVEL]
            if ((um >> pos) & 1) != 0 or lv < E.LV_IV or lv > E.LV_ULTIMATE or not step_ok_nb(T, s, cur, lv - lvc):
                continue
            pm = T.ct[s, c, F_PAIR + cur] & P_ALTS
            for a in range(T.ct[s, c, F_REQ_N]):
                if (pm >> a) & 1:
                    ok, nc, res, rslot, rpos, jog, jpos, um2, sm2, _ = req_step_nb(T, S, s, c, a, lv,
                                                                             um | (np.int64(1) << pos), sm, ncum,
                                                                             deck_n, lv - lvc)
                    if ok:
                        k -= 1
                        if k == 0:
                            b = PLAN + PLAN_W * d
                            S[s, b + PF_CARD] = c
                            S[s, b + PF_NCARDS] = nc
                            S[s, b + PF_RES] = res
                            S[s, b + PF_RSLOT] = rslot
                            S[s, b + PF_JOG] = jog
                            W[W_BEST + W_POS, d] = pos
                            W[W_BEST + W_RPOS, d] = rpos
                            W[W_BEST + W_JPOS, d] = jpos
                            um = um2
                            sm = sm2
                            ncum += nc
                            cur = c
                            found = True
                            break
            if found:
                break
        d += 1
    S[s, PLAN_N] = d
    return d


@njit(cache=True, _nrt=False)
def prepare_ignore_random_nb(T, S, M, X, s, uses, rng):
    """Preparation step (4) when no chain was prepared (DM-EVO-5): with the first usable evolve_ignore
    option (slot order), none or one of the next-level Digimon in hand it could reach, uniformly
    (policy_greedy._prepare_ignore_nb's legal targets)."""
    if not facedown_with_nb(T, S, s, 1 << E.T_EVOLUTION):
        return
    slot, extra, lv, ir = ignore_slot_nb(T, S, M, X, s)
    if slot < 0:
        return
    n = 0
    for pos in range(S[s, HAND_N]):
        if ignore_target_nb(T, S, s, S[s, HAND + pos], lv, extra, ir):
            n += 1
    k = pick_nb(rng, n + 1)
    if k == 0:
        return
    for pos in range(S[s, HAND_N]):
        if ignore_target_nb(T, S, s, S[s, HAND + pos], lv, extra, ir):
            k -= 1
            if k == 0:
                prepare_ignore_step_nb(T, S, s, slot, np.int64(pos), uses)  # int64 as greedy's call: one compiled copy
                return


@njit(cache=True, _nrt=False)
def options_random_nb(T, S, s, rng):
    """Preparation step (6): the usable options it sets, as a bit mask of hand positions — each one in
    hand order, while a slot is free, set or not (1/2); never a card limited to one face-up beside a
    same-name card (in a slot or chosen before); a card that names its slot only while that slot is free
    (round 10e)."""
    free = free_slots_nb(S, s)
    m = np.int64(0)
    n = 0
    claimed = 0  # bit k: slot k taken by a card chosen before that names it (F_SLOT_POS)
    for pos in range(S[s, HAND_N]):
        if n >= free:
            break
        c = S[s, HAND + pos]
        if T.ct[s, c, F_USABLE_OPT] == 0:
            continue
        if not option_settable_nb(T, S, s, pos, m, claimed):
            continue
        sp = T.ct[s, c, F_SLOT_POS] - 1
        if pick_nb(rng, 2) == 1:
            m |= np.int64(1) << pos
            n += 1
            if sp >= 0:
                claimed |= 1 << sp
    return m


@njit(cache=True, _nrt=False)
def timed_use_random_nb(T, S, M, M2, X, p, timing, rng, uses):
    """Options of a timing outside the battle windows: each usable one (timed_options_nb, slot order) used
    or not (1/2), all chosen before the first is used."""
    n = timed_options_nb(T, S, M, X, p, timing)
    j = 0
    for i in range(n):
        if pick_nb(rng, 2) == 1:
            X[X_LIST + j] = X[X_LIST + i]
            j += 1
    for i in range(j):
        use_option_nb(T, S, M, M2, X, p, np.int64(X[X_LIST + i]), np.int64(timing), rng, uses)


# ---- the battle -----------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _appearances_nb(T, S, M, X, p, timing, k):
    """The legal appearances of this timing (hand order, then row order): with k < 0 their number,
    else the k-th as pos * APPEAR_POS + row."""
    n = 0
    if S[p, APPEARED] == X[X_TURN] or (X[X_APP_ANY + p] & (1 << timing)) == 0:
        return n if k < 0 else -1
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if (T.ct[p, c, F_APPTIM] & (1 << timing)) == 0 or T.ct[p, c, F_KIND] != KIND_DIGIMON:
            continue
        for r in range(T.ct[p, c, F_APP_LO], T.ct[p, c, F_APP_HI]):
            if T.eff[r, E_TIMING] == timing and appear_legal_nb(T, S, M, X, p, pos, r):
                if n == k:
                    return pos * E.APPEAR_POS + r
                n += 1
    return n if k < 0 else -1


@njit(cache=True, _nrt=False)
def _actions_nb(T, S, M, X, p, k):
    """The legal battle-window actions in order — abilities (row order), support Digimon (hand order),
    appearances, options (slot order): with k < 0 their number, else the k-th as (kind, index), an
    appearance's row in X[X_APPEAR_ROW]."""
    n = 0
    c0 = cur_nb(S, p)
    if abilities_active_nb(T, S, M, p):
        for r in range(T.ct[p, c0, F_EFF_LO], T.ct[p, c0, F_EFF_HI]):
            if ability_ready_nb(T, S, M, X, p, c0, r):
                if n == k:
                    return E.ACT_ABILITY, r
                n += 1
    if S[p, SUP_USED] == 0 and not support_barred_nb(T, S, M, X, p):  # once per turn; opp_no_support: Ornismon Bo-98t
        for pos in range(S[p, HAND_N]):
            c = S[p, HAND + pos]
            if T.ct[p, c, F_KIND] == KIND_DIGIMON and rows_payable_at_nb(T, S, p, c, E.T_SUPPORT):
                if n == k:
                    return E.ACT_SUPPORT, pos
                n += 1
    na = _appearances_nb(T, S, M, X, p, E.T_BATTLE, np.int64(-1))  # not a literal -1: one compiled copy
    if k >= n and k < n + na:
        ch = _appearances_nb(T, S, M, X, p, E.T_BATTLE, k - n)
        X[X_APPEAR_ROW] = ch % E.APPEAR_POS
        return E.ACT_APPEAR, ch // E.APPEAR_POS
    n += na
    for q in range(3):
        if option_ready_nb(T, S, M, X, p, q):
            if n == k:
                return E.ACT_OPTION, q
            n += 1
    return E.ACT_PASS, n


@njit(cache=True, _nrt=False)
def battle_action_random_nb(T, S, M, X, p, rng):
    """Pass or one of the legal actions, uniformly; the per_* count (X[X_PER]) uniform in 0..the largest
    the card allows."""
    X[X_PER] = 0
    _, n = _actions_nb(T, S, M, X, p, np.int64(-1))
    k = pick_nb(rng, n + 1)
    if k == 0:
        return E.ACT_PASS, -1
    kind, idx = _actions_nb(T, S, M, X, p, np.int64(k - 1))
    if kind == E.ACT_ABILITY:
        km = per_kmax_nb(T, S, p, idx, idx + 1)
        X[X_PER] = pick_nb(rng, km + 1) if km > 0 else 0
    elif kind == E.ACT_OPTION:
        c = S[p, SLOT + idx]
        km = per_kmax_nb(T, S, p, T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI])
        X[X_PER] = pick_nb(rng, km + 1) if km > 0 else 0
    return kind, idx


@njit(cache=True, _nrt=False)
def random_window_nb(T, S, M, M2, X, cur, rng, uses):
    """One battle window (DM-BAT-1): up to 8 actions until it passes or the game is decided; returns
    (actions, passed)."""
    n = 0
    for _ in range(8):
        kind, idx = battle_action_random_nb(T, S, M, X, cur, rng)
        if kind < 0:
            return n, True
        n += 1
        battle_act_nb(T, S, M, M2, X, cur, kind, idx, rng, uses)
        if S[0, PTS] <= 0 or S[1, PTS] <= 0:
            break
    return n, False


@njit(cache=True, _nrt=False)
def start_appearance_random_nb(T, S, M, X, p, rng):
    """The start of the battle: none or one of the legal start appearances (pos * APPEAR_POS + row)."""
    n = _appearances_nb(T, S, M, X, p, E.T_START, np.int64(-1))
    k = pick_nb(rng, n + 1)
    if k == 0:
        return -1
    return _appearances_nb(T, S, M, X, p, E.T_START, np.int64(k - 1))


@njit(cache=True, _nrt=False)
def item_negation_random_nb(T, S, M, M2, X, p, rng, uses):
    """negate_item at the start of the battle: none or one of the opponent's face-up Items its
    negate_pick can answer (slot order), again until it picks none."""
    o = 1 - p
    while True:
        n = 0
        for tk in range(3):
            tc = S[o, SLOT + tk]
            if tc >= 0 and S[o, SLOT_UP + tk] > 0 and T.ct[o, tc, F_OPTYPE] == OPT_ITEM \
                    and negate_pick_nb(T, S, M, X, p, -1, tc)[0] >= 0:
                n += 1
        k = pick_nb(rng, n + 1)
        if k == 0:
            return
        for tk in range(3):
            tc = S[o, SLOT + tk]
            if tc >= 0 and S[o, SLOT_UP + tk] > 0 and T.ct[o, tc, F_OPTYPE] == OPT_ITEM:
                kind, k2 = negate_pick_nb(T, S, M, X, p, -1, tc)
                if kind >= 0:
                    k -= 1
                    if k == 0:
                        discard_slot_nb(S, o, tk)
                        negate_with_nb(T, S, M, M2, X, p, np.int64(kind), np.int64(k2), rng, uses)
                        break


@njit(cache=True, _nrt=False)
def negate_response_random_nb(T, S, M, X, o, p, c, rng):
    """o's answer to p's option c: when negate_pick finds a negation, negate (1/2) or not."""
    kind, k2 = negate_pick_nb(T, S, M, X, o, T.ct[p, c, F_OPTYPE], c)
    if kind >= 0 and pick_nb(rng, 2) == 1:
        return kind, k2
    return -1, -1


@njit(cache=True, _nrt=False)
def box_side_random_nb(T, S, M, X, p, r, card, rng):
    """box_dark_pick (round 9c; reference_random.RandomPlayer.box_side): one of the seats it may pick (own first),
    uniformly; -1 none."""
    sides = box_sides_nb(T, S, M, X, p, r, card)
    if sides == 0:
        return -1
    if sides != 3:
        return p if sides == 1 else 1 - p
    return p if pick_nb(rng, 2) == 0 else 1 - p


@njit(cache=True, _nrt=False)
def evolve_target_random_nb(T, S, p, r, rng):
    """evolve_now: one of the next-level Digimon in hand it may evolve into (not ``no_ignore``, matching
    the row's filter and its wp_step), uniformly; -1 none."""
    lv = T.ct[p, cur_nb(S, p), F_LEVEL] + 1
    if lv > E.LV_ULTIMATE:
        return -1
    n = 0
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if T.ct[p, c, F_DLEVEL] == lv and T.ct[p, c, F_NO_IGNORE] == 0 and row_filter_nb(T, p, c, r) \
                and wp_step_ok_nb(T, S, p, c, r):
            n += 1
    if n == 0:
        return -1
    k = pick_nb(rng, n)
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if T.ct[p, c, F_DLEVEL] == lv and T.ct[p, c, F_NO_IGNORE] == 0 and row_filter_nb(T, p, c, r) \
                and wp_step_ok_nb(T, S, p, c, r):
            if k == 0:
                return pos
            k -= 1
    return -1
