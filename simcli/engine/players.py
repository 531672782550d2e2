"""numba twins of the policies in reference.py (RULES §5 baseline; greedy).

Every function takes the compiled tables ``T`` (tables.Tables), the state ``S`` (state.py) and
the seat ``s``.  Decisions must equal the reference engine's exactly (parity tests).

No function here allocates or calls into kernel_effects.py: all are compiled with ``_nrt=False``
(no reference counting of the array arguments; docs/performance.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine.tables import (  # noqa: F401
    F_ATK, F_FIELDS, F_KEYWORDS, F_LOST, F_NCARDS, F_REQ, F_WORDS, MAX_WORDS, REQ_WIDTH, F_ATTR, F_BT, F_EFF_HI, F_EFF_LO, F_FACE_UP_LIMIT, F_FRAME, F_KEEP_ABIL, F_KIND, F_LEVEL, F_MODELED, F_NAME, F_NO_ZERO, F_OPTNAME, F_OPTYPE, F_REQ_N, F_REQ_OPT, F_USABLE_OPT, F_VNAME, F_WP, F_XDISC)
from simcli.engine import enums as E
from simcli.engine.state import (DECK_N, EXCH, HAND, HAND_N, L3, PLAN, PLAN_N, PLAN_W, SLOT, SLOT_UP, TOP)
from simcli.engine.bits import ctz_nb
from simcli.engine.tables import F_DLEVEL, F_OPTCAND, F_PAIR, P_ALTS, P_MIN_MASK, P_MIN_SHIFT, P_USABLE, R_CARDS, R_FROM, R_JOG, R_OPT, R_WP
from simcli.engine.tables import F_APP_HI, F_APP_LO, F_GROUPS, F_NAMEBITS, F_RCOST, MAX_GROUPS, R_PQK, R_PQV
from simcli.engine.tables import F_WPLV

KIND_DIGIMON = E.KIND_DIGIMON
KIND_OPTION = E.KIND_OPTION
LV_III = E.LV_III
LV_ULTIMATE = E.LV_ULTIMATE


@njit(cache=True, _nrt=False)
def cur_nb(S, s):
    t = S[s, TOP]
    return t if t >= 0 else S[s, L3]


@njit(cache=True, _nrt=False)
def wp_cost_nb(v):
    if v >= 80:
        return 2
    if v >= 60:
        return 1
    return 0


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


@njit(cache=True, inline="always")
def hand_masks_nb(T, S, s):
    """The hand's Digimon of Levels IV, V (Perfect), VI (Ultimate) and its BL-2 option candidates,
    as bit masks of hand positions; branch-free (the hand's composition is random: branches on it
    mispredict)."""
    lm4 = np.int64(0)
    lm5 = np.int64(0)
    lm6 = np.int64(0)
    opt = np.int64(0)
    for q in range(S[s, HAND_N]):
        c = S[s, HAND + q]
        xl = T.ct[s, c, F_DLEVEL]
        lm4 |= np.int64(xl == E.LV_IV) << q
        lm5 |= np.int64(xl == E.LV_PERFECT) << q
        lm6 |= np.int64(xl == LV_ULTIMATE) << q
        opt |= np.int64(T.ct[s, c, F_OPTCAND]) << q
    return lm4, lm5, lm6, opt


@njit(cache=True, inline="always")
def chain_keep_nb(T, S, s, lm4, lm5, lm6):
    """BL-2: bit mask of the hand positions of Digimon on an evolution chain of hand cards from the
    top card (breadth first, level by level; lm*: hand_masks_nb).

    "c evolves from d by an alternative whose ●/X fit the deck" is one read of the pair table:
    the smallest ●/X count among c's alternatives naming d (tables.F_PAIR) <= the deck's size.
    """
    deck_n = S[s, DECK_N]
    c0 = cur_nb(S, s)
    lv = T.ct[s, c0, F_LEVEL]
    kept = np.int64(0)
    front = np.int64(0)  # hand positions of the previous level (none yet: the top card itself)
    first = True
    while lv < LV_ULTIMATE:
        lv += 1
        m = lm4 if lv == E.LV_IV else (lm5 if lv == E.LV_PERFECT else lm6)
        new = np.int64(0)
        while m != 0:
            pos = ctz_nb(m)
            m &= m - 1
            c = S[s, HAND + pos]
            ok = False
            if first:
                ok = ((T.ct[s, c, F_PAIR + c0] >> P_MIN_SHIFT) & P_MIN_MASK) <= deck_n
            else:
                f = front
                while f != 0:
                    q = ctz_nb(f)
                    f &= f - 1
                    if ((T.ct[s, c, F_PAIR + S[s, HAND + q]] >> P_MIN_SHIFT) & P_MIN_MASK) <= deck_n:
                        ok = True
                        break
            if ok:
                new |= np.int64(1) << pos
        kept |= front
        front = new
        first = False
        if new == 0:
            break
    return kept | front


@njit(cache=True, _nrt=False)
def cmp_num_nb(a, c, b):
    """A numeric comparison of the effect language (enums.CMP_*)."""
    if c == E.CMP_EQ or c == E.CMP_HAS:
        return a == b
    if c == E.CMP_NE:
        return a != b
    if c == E.CMP_GE:
        return a >= b
    if c == E.CMP_LE:
        return a <= b
    if c == E.CMP_GT:
        return a > b
    if c == E.CMP_LT:
        return a < b
    return False


@njit(cache=True, _nrt=False)
def cmp_has_nb(has, c):
    """A word condition: '=' / '~' hold when it has the word, '!=' when it has not."""
    if c == E.CMP_EQ or c == E.CMP_HAS:
        return has
    if c == E.CMP_NE:
        return not has
    return False


@njit(cache=True, inline="always")
def _in(T, s, c, base, n, v):
    for i in range(n):
        if T.ct[s, c, base + i] == v:
            return True
    return False


@njit(cache=True, _nrt=False)
def filter_card_nb(T, s, c, fk, v):
    """Card c of seat s matches the filter (FK_*, value; a negative FK_* negates) (tables.card_match)."""
    if fk < 0:
        return not _filter_pos_nb(T, s, c, -fk, v)
    return _filter_pos_nb(T, s, c, fk, v)


@njit(cache=True, inline="always")
def _filter_pos_nb(T, s, c, fk, v):
    if fk == E.FK_NAME:
        return T.ct[s, c, F_VNAME] == v
    if fk == E.FK_NAME_HAS:
        return ((T.ct[s, c, F_NAMEBITS] >> v) & 1) == 1
    if fk == E.FK_TYPE:
        return _in(T, s, c, F_WORDS, MAX_WORDS, v)
    if fk == E.FK_FIELD:
        return _in(T, s, c, F_FIELDS, MAX_WORDS, v)
    if fk == E.FK_ATTR:
        return T.ct[s, c, F_ATTR] == v
    if fk == E.FK_LEVEL:
        return T.ct[s, c, F_KIND] == KIND_DIGIMON and T.ct[s, c, F_LEVEL] == v
    if fk == E.FK_FRAME:
        return T.ct[s, c, F_FRAME] == v
    if fk == E.FK_GROUP:
        return _in(T, s, c, F_GROUPS, MAX_GROUPS, v)
    if fk == E.FK_KIND:
        return T.ct[s, c, F_KIND] == v
    if fk == E.FK_OPTYPE:
        return T.ct[s, c, F_OPTYPE] == v
    if fk == E.FK_KEYWORD:
        return _in(T, s, c, F_KEYWORDS, MAX_WORDS, v)
    return fk == E.FK_NONE


@njit(cache=True, _nrt=False)
def own_box_conds_ok_nb(T, s, r, box):
    """BL-2b (reference_effects.own_box_conds_ok): appearance row r's conditions on the own Digimon
    would hold if `box` were the box's top card (other conditions taken as true)."""
    if T.ct[s, box, F_KIND] != KIND_DIGIMON:
        return False
    for k in range(T.eff[r, E.E_NCOND]):
        kind = T.eff[r, E.E_COND0 + 3 * k]
        c = T.eff[r, E.E_COND0 + 3 * k + 1]
        v = T.eff[r, E.E_COND0 + 3 * k + 2]
        if kind == E.C_LEVEL:
            if not cmp_num_nb(T.ct[s, box, F_LEVEL], c, v):
                return False
            continue
        if kind == E.C_ATTR:
            has = T.ct[s, box, F_ATTR] == v
        elif kind == E.C_NAME:
            if c == E.CMP_HAS:
                has = ((T.ct[s, box, F_NAMEBITS] >> v) & 1) == 1
            else:
                has = T.ct[s, box, F_VNAME] == v
        elif kind == E.C_FRAME:
            has = T.ct[s, box, F_FRAME] == v
        elif kind == E.C_FIELD:
            has = _in(T, s, box, F_FIELDS, MAX_WORDS, v)
        elif kind == E.C_TYPE:
            has = _in(T, s, box, F_WORDS, MAX_WORDS, v)
        elif kind == E.C_KEYWORD:
            has = _in(T, s, box, F_KEYWORDS, MAX_WORDS, v)
        elif kind == E.C_GROUP:
            has = _in(T, s, box, F_GROUPS, MAX_GROUPS, v)
        else:
            continue
        if not cmp_has_nb(has, c):
            return False
    return True


@njit(cache=True, _nrt=False)
def appearance_keep_nb(T, S, s):
    """BL-2b: bit mask of the hand positions of Digimon with an appearance row whose conditions on the
    own Digimon hold for the box's top card or for the Level III under it."""
    m = np.int64(0)
    cp = cur_nb(S, s)
    l3 = S[s, L3]
    for pos in range(S[s, HAND_N]):
        c = S[s, HAND + pos]
        if T.ct[s, c, F_APP_HI] == T.ct[s, c, F_APP_LO] or T.ct[s, c, F_KIND] != KIND_DIGIMON:
            continue
        for r in range(T.ct[s, c, F_APP_LO], T.ct[s, c, F_APP_HI]):
            if own_box_conds_ok_nb(T, s, r, cp) or own_box_conds_ok_nb(T, s, r, l3):
                m |= np.int64(1) << pos
                break
    return m


@njit(cache=True, _nrt=False)
def discard_baseline_nb(T, S, s, keep, max_opts, app):
    """BL-2: sets keep[pos] (1 keep, 0 discard) for the hand; app: the deck has appearance rows (BL-2b)."""
    lm4, lm5, lm6, cand = hand_masks_nb(T, S, s)
    kept = chain_keep_nb(T, S, s, lm4, lm5, lm6)
    if app:
        kept |= appearance_keep_nb(T, S, s)
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
def discard_choice_nb(T, S, s):
    """Cost discards: the lowest-level Digimon in hand (earliest among equals), else the first card."""
    best = -1
    best_lv = 99
    for pos in range(S[s, HAND_N]):
        c = S[s, HAND + pos]
        if T.ct[s, c, F_KIND] == KIND_DIGIMON and T.ct[s, c, F_LEVEL] < best_lv:
            best = pos
            best_lv = T.ct[s, c, F_LEVEL]
    return best if best >= 0 else 0


@njit(cache=True, _nrt=False)
def plan_chain_nb(T, S, s, cost_aware, W):
    """BL-4: writes the best chain into S[s, PLAN...] and W (scratch int64 [8, 16]).

    W[0, d] card, W[1, d] hand pos, W[2, d] alt, W[3, d] ncards (cumulative), W[4, d] res card,
    W[5, d] res slot (-1 from hand), W[6, d] res hand pos, W[7, d] jog card, W[8, d] jog hand pos,
    W[9, d] used-hand mask (cumulative), W[10, d] used-slot mask, W[11, d] cost (cumulative),
    W[12, d] iterator pos, W[13, d] iterator alt; best chain in W[14, :] (pos,alt), W[15, 0..]
    """
    hn = S[s, HAND_N]
    deck_n = S[s, DECK_N]
    c0 = S[s, EXCH] if S[s, EXCH] >= 0 else cur_nb(S, s)
    # fast path: no Digimon of the next level in hand → no chain
    # the hand's Digimon by level (bit masks of hand positions), once per call
    lm4, lm5, lm6, _ = hand_masks_nb(T, S, s)
    nxt = T.ct[s, c0, F_LEVEL] + 1
    if (lm4 if nxt == E.LV_IV else (lm5 if nxt == E.LV_PERFECT else (lm6 if nxt == LV_ULTIMATE else np.int64(0)))) == 0:
        S[s, PLAN_N] = 0
        return 0
    best_len = 0
    best_lv = -1
    best_a = 0
    best_n = 0
    # best chain: columns 0..2 step indices copied from W rows into BW
    BW = W[16:25]  # rows 16..24: same meaning as rows 0..8 for the best chain
    d = 0
    W[12, 0] = 0
    W[13, 0] = 0
    while d >= 0:
        # ---- find the next feasible step at depth d from the iterator ----
        if d == 0:
            cur = c0
            umask = np.int64(0)
            smask = np.int64(0)
            ncum = 0
            ccum = 0
        else:
            cur = W[0, d - 1]
            umask = W[9, d - 1]
            smask = W[10, d - 1]
            ncum = W[3, d - 1]
            ccum = W[11, d - 1]
        lv = T.ct[s, cur, F_LEVEL] + 1
        found = False
        pos = W[12, d]
        alt0 = W[13, d]
        if lv <= LV_ULTIMATE:
            # unused hand Digimon of this level; pair table: alternatives of c naming cur, their least ●/X
            cand = (lm4 if lv == E.LV_IV else (lm5 if lv == E.LV_PERFECT else lm6)) & ~umask
            while pos < hn and not found:
                if (cand >> pos) == 0:
                    break
                c = S[s, HAND + pos]
                pm = T.ct[s, c, F_PAIR + cur]
                if ((cand >> pos) & 1) != 0 and ((pm & P_ALTS) >> alt0) != 0 \
                        and ncum + ((pm >> P_MIN_SHIFT) & P_MIN_MASK) <= deck_n:
                    a = alt0
                    while a < T.ct[s, c, F_REQ_N]:
                        if (pm >> a) & 1:
                            n = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_CARDS]
                            if ncum + n <= deck_n:
                                um = umask | (np.int64(1) << pos)
                                sm = smask
                                ok = True
                                res = -1
                                rslot = -1
                                rpos = -1
                                cost = T.ct[s, c, F_XDISC]
                                w = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_WP]
                                if w > 0:
                                    bv = 1 << 30
                                    for q in range(hn):
                                        x = S[s, HAND + q]
                                        if ((um >> q) & 1) == 0 and T.ct[s, x, F_WP] >= w and T.ct[s, x, F_WP] < bv \
                                                and (T.ct[s, x, F_WPLV] == 0 or ((T.ct[s, x, F_WPLV] >> lv) & 1) != 0):
                                            bv = T.ct[s, x, F_WP]
                                            rpos = q
                                            res = x
                                    for q in range(3):
                                        x = S[s, SLOT + q]
                                        if x >= 0 and ((sm >> q) & 1) == 0 and S[s, SLOT_UP + q] == 0 \
                                                and T.ct[s, x, F_WP] >= w and T.ct[s, x, F_WP] < bv \
                                                and (T.ct[s, x, F_WPLV] == 0 or ((T.ct[s, x, F_WPLV] >> lv) & 1) != 0):
                                            bv = T.ct[s, x, F_WP]
                                            rpos = -1
                                            rslot = q
                                            res = x
                                    if res < 0:
                                        ok = False
                                    else:
                                        cost += T.ct[s, res, F_RCOST]  # the card's printed cost (DM-EVO-3)
                                        if rslot >= 0:
                                            sm = sm | (np.int64(1) << rslot)
                                        else:
                                            um = um | (np.int64(1) << rpos)
                                o = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_OPT]
                                if ok and o >= 0:
                                    for q in range(hn):
                                        x = S[s, HAND + q]
                                        if ((um >> q) & 1) == 0 and T.ct[s, x, F_KIND] == KIND_OPTION and T.ct[s, x, F_OPTNAME] == o:
                                            res = x
                                            rpos = q
                                            break
                                    if res < 0:
                                        for q in range(3):
                                            x = S[s, SLOT + q]
                                            if x >= 0 and ((sm >> q) & 1) == 0 and S[s, SLOT_UP + q] == 0 \
                                                    and T.ct[s, x, F_OPTNAME] == o:
                                                res = x
                                                rslot = q
                                                break
                                    if res < 0:
                                        ok = False
                                    elif rslot >= 0:
                                        sm = sm | (np.int64(1) << rslot)
                                    else:
                                        um = um | (np.int64(1) << rpos)
                                jog = -1
                                jpos = -1
                                j = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_JOG]
                                if ok and j >= 0:
                                    pqk = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_PQK]
                                    pqv = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_PQV]
                                    for q in range(hn):
                                        x = S[s, HAND + q]
                                        if ((um >> q) & 1) == 0 and T.ct[s, x, F_KIND] == KIND_DIGIMON and T.ct[s, x, F_NAME] == j \
                                                and (pqk == 0 or filter_card_nb(T, s, x, pqk, pqv)):
                                            jog = x
                                            jpos = q
                                            break
                                    if jog < 0:
                                        ok = False
                                    else:
                                        um = um | (np.int64(1) << jpos)
                                if ok and cost_aware:
                                    used = 0
                                    for q in range(hn):
                                        if (um >> q) & 1:
                                            used += 1
                                    if hn - used - ccum < cost:
                                        ok = False
                                if ok:
                                    found = True
                                    W[0, d] = c
                                    W[1, d] = pos
                                    W[2, d] = a
                                    W[3, d] = ncum + n
                                    W[4, d] = res
                                    W[5, d] = rslot
                                    W[6, d] = rpos
                                    W[7, d] = jog
                                    W[8, d] = jpos
                                    W[9, d] = um
                                    W[10, d] = sm
                                    W[11, d] = ccum + cost
                                    W[12, d] = pos
                                    W[13, d] = a + 1
                                    break
                        a += 1
                if not found:
                    pos += 1
                    alt0 = 0
        if not found:
            d -= 1
            continue
        # ---- evaluate the chain W[:, 0..d] ----
        c = W[0, d]
        clv = T.ct[s, c, F_LEVEL]
        ca = T.ct[s, c, F_ATK + 0]
        cn = W[3, d]
        better = False
        if best_len == 0 or clv > best_lv:
            better = True
        elif clv == best_lv:
            if ca > best_a:
                better = True
            elif ca == best_a:
                if cn < best_n:
                    better = True
                elif cn == best_n:
                    cmp = 0
                    for k in range(d + 1):
                        if W[1, k] != BW[1, k]:
                            cmp = -1 if W[1, k] < BW[1, k] else 1
                            break
                    if cmp == 0:
                        for k in range(d + 1):
                            if W[2, k] != BW[2, k]:
                                cmp = -1 if W[2, k] < BW[2, k] else 1
                                break
                    better = cmp < 0
        if better:
            best_len = d + 1
            best_lv = clv
            best_a = ca
            best_n = cn
            for r in range(9):
                for k in range(d + 1):
                    BW[r, k] = W[r, k]
        if d + 1 < 3 and clv < LV_ULTIMATE:
            d += 1
            W[12, d] = 0
            W[13, d] = 0
    # write the plan: per step (card, ncards, res, res slot, jog); hand positions kept in W rows 16..24
    S[s, PLAN_N] = best_len
    for k in range(best_len):
        S[s, PLAN + PLAN_W * k] = BW[0, k]
        S[s, PLAN + PLAN_W * k + 1] = BW[3, k] - (BW[3, k - 1] if k > 0 else 0)
        S[s, PLAN + PLAN_W * k + 2] = BW[4, k]
        S[s, PLAN + PLAN_W * k + 3] = BW[5, k]
        S[s, PLAN + PLAN_W * k + 4] = BW[7, k]
    return best_len


# ---- greedy ------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def partner_greedy_nb(T, s):
    """The Level III most Level IV cards of the deck evolve from; ties: higher A, then listed first."""
    n = T.ct[s, 0, F_NCARDS]
    best = -1
    bf = -1
    ba = -1
    for i in range(n):
        if T.ct[s, i, F_KIND] != KIND_DIGIMON or T.ct[s, i, F_LEVEL] != LV_III:
            continue
        f = 0
        for j in range(n):
            if T.ct[s, j, F_KIND] == KIND_DIGIMON and T.ct[s, j, F_LEVEL] == E.LV_IV:
                for a in range(T.ct[s, j, F_REQ_N]):
                    if T.ct[s, j, F_REQ + a * REQ_WIDTH + R_FROM] == T.ct[s, i, F_NAME]:
                        f += 1
                        break
        a0 = T.ct[s, i, F_ATK + 0]
        if best < 0 or f > bf or (f == bf and a0 > ba):
            best = i
            bf = f
            ba = a0
    return best


@njit(cache=True, inline="always")
def best_l3_nb(T, S, s):
    """Greedy: hand position of the Level III to exchange to (-1 none)."""
    if S[s, TOP] >= 0:
        return -1
    best = -1
    ba = T.ct[s, S[s, L3], F_ATK + 0]
    for pos in range(S[s, HAND_N]):
        c = S[s, HAND + pos]
        if T.ct[s, c, F_DLEVEL] == LV_III and T.ct[s, c, F_ATK + 0] > ba:
            best = pos
            ba = T.ct[s, c, F_ATK + 0]
    return best


@njit(cache=True, _nrt=False)
def free_slots_nb(S, s):
    f = 0
    for k in range(3):
        if S[s, SLOT + k] < 0:
            f += 1
    return f


@njit(cache=True, _nrt=False)
def appearance_cost_mask_nb(T, S, s):
    """Greedy (reference_greedy.appearance_cost_cards): the hand cards it keeps for the ``place`` cost of
    an appearance it holds for — for each appearance row with such a cost of a Digimon kept by BL-2b,
    the first other hand card matching the row's filter; a bit mask of hand positions."""
    keep = appearance_keep_nb(T, S, s)
    m = np.int64(0)
    while keep != 0:
        pos = ctz_nb(keep)
        keep &= keep - 1
        c = S[s, HAND + pos]
        for r in range(T.ct[s, c, F_APP_LO], T.ct[s, c, F_APP_HI]):
            place = False
            for k in range(E.MAX_COSTS):
                if T.eff[r, E.E_COST0 + 2 * k] == E.K_PLACE:
                    place = True
            if not place:
                continue
            for q in range(S[s, HAND_N]):
                if q == pos:
                    continue
                ok = True
                for i in range(E.MAX_FILTERS):
                    fk = T.eff[r, E.E_FILT0 + 2 * i]
                    if fk != E.FK_NONE and not filter_card_nb(T, s, S[s, HAND + q], fk, T.eff[r, E.E_FILT0 + 2 * i + 1]):
                        ok = False
                if ok:
                    m |= np.int64(1) << q
                    break
    return m


@njit(cache=True, inline="always")
def options_to_set_nb(T, S, s):
    """Greedy: the usable options it sets (DM-PREP-1 step 6) or keeps for that at the discard step —
    the first ones in hand order, one per empty slot, except the cards it keeps for an appearance's
    ``place`` cost (appearance_cost_mask_nb); a bit mask of hand positions."""
    free = free_slots_nb(S, s)
    m = np.int64(0)
    n = 0
    res = appearance_cost_mask_nb(T, S, s)
    for pos in range(S[s, HAND_N]):
        if n >= free:
            break
        c = S[s, HAND + pos]
        if T.ct[s, c, F_USABLE_OPT] == 0 or ((res >> pos) & 1) != 0:
            continue
        if T.ct[s, c, F_FACE_UP_LIMIT] != 0:  # not beside a same-name card (in a slot or chosen before)
            dup = False
            for k in range(3):
                x = S[s, SLOT + k]
                if x >= 0 and T.ct[s, x, F_NAME] == T.ct[s, c, F_NAME]:
                    dup = True
            mm = m
            while mm != 0:
                q = ctz_nb(mm)
                mm &= mm - 1
                if T.ct[s, S[s, HAND + q], F_NAME] == T.ct[s, c, F_NAME]:
                    dup = True
            if dup:
                continue
        m |= np.int64(1) << pos
        n += 1
    return m


@njit(cache=True, _nrt=False)
def discard_greedy_nb(T, S, s, keep, app):
    discard_baseline_nb(T, S, s, keep, 2, app)
    m = options_to_set_nb(T, S, s)
    if app:
        m |= appearance_cost_mask_nb(T, S, s)
    while m != 0:
        keep[ctz_nb(m)] = 1
        m &= m - 1
    b = best_l3_nb(T, S, s)
    if b >= 0:
        keep[b] = 1
