"""numba helpers every player policy uses (policy_baseline.py, policy_greedy.py, policy_random.py):
the BL-4 chain search (plan_chain_nb; its scratch W's rows are named in codes.py, W_*), BL-2's chain
keep and hand masks, card filters and the cost-discard choice.  Twins: reference.py.

Every function takes the compiled tables ``T`` (tables.Tables), the state ``S`` (state.py) and
the seat ``s``.  Decisions must equal the reference engine's exactly (parity tests).

No function here allocates or calls into kernel_effects.py: all are compiled with ``_nrt=False``
(no reference counting of the array arguments; docs/performance.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine.tables import (  # noqa: F401
    F_ATK, F_FIELDS, F_KEYWORDS, F_LOST, F_NCARDS, F_REQ, F_WORDS, MAX_WORDS, MAX_TYPE_WORDS, REQ_WIDTH, F_ATTR, F_BT, F_EFF_HI, F_EFF_LO, F_FACE_UP_LIMIT, F_FRAME, F_KEEP_ABIL, F_KIND, F_LEVEL, F_MODELED, F_NAME, F_NO_ZERO, F_OPTNAME, F_OPTYPE, F_REQ_N, F_REQ_OPT, F_USABLE_OPT, F_VNAME, F_WP, F_XDISC)
from simcli.engine import enums as E
from simcli.engine.state import (DECK_N, EXCH, HAND, HAND_N, L3, PLAN, PLAN_N, PLAN_W, SLOT, SLOT_UP, TOP)
from simcli.engine.bits import ctz_nb
from simcli.engine.tables import F_DLEVEL, F_OPTCAND, F_PAIR, P_ALTS, P_MIN_MASK, P_MIN_SHIFT, P_USABLE, R_CARDS, R_FROM, R_JOG, R_OPT, R_WP
from simcli.engine.tables import F_APP_HI, F_APP_LO, F_GROUPS, F_NAMEBITS, F_RCOST, MAX_GROUPS, R_PQK, R_PQV
from simcli.engine.tables import F_WPJOG, F_WPLV, F_WPMIN
from simcli.engine.tables import F_ARMOR, F_NUMBER, F_SLOT_POS
from simcli.engine.tables import F_LVSEAT, F_OMAX, F_OXSEAT, F_RLV, F_RMILL, F_RSRC, F_XMAX, R_XS, RSRC_HAND, RSRC_SLOT
from simcli.codes import (PF_CARD, PF_JOG, PF_NCARDS, PF_RES, PF_RSLOT, W_ALT, W_BEST, W_CARD, W_COST,  # noqa: F401
                          W_IT_ALT, W_IT_POS, W_JOG, W_JPOS, W_NCUM, W_POS, W_RES, W_ROWS, W_RPOS, W_RSLOT,
                          W_SMASK, W_UMASK)

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
    if T.ct[s, c0, F_LVSEAT] != 0:  # another level step than the next one (round 8): the general search
        return chain_keep_ext_nb(T, S, s, lm4, lm5, lm6)
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
def keep_step_nb(T, s, c, d, deck_n):
    """BL-2 (reference.keep_step): hand Digimon c could be a step from card d (one level up: an alternative naming
    d whose ●/X fit the deck, the pair table's least count; another level step some card serves: an alternative
    naming d met by a Winning Percentage or named card)."""
    dl = T.ct[s, c, F_LEVEL] - T.ct[s, d, F_LEVEL]
    pm = T.ct[s, c, F_PAIR + d]
    if dl == 1:
        return (pm & P_ALTS) != 0 and ((pm >> P_MIN_SHIFT) & P_MIN_MASK) <= deck_n
    if not step_ok_nb(T, s, d, dl):
        return False
    for a in range(T.ct[s, c, F_REQ_N]):
        if (pm >> a) & 1:
            b = F_REQ + a * REQ_WIDTH
            if T.ct[s, c, b + R_CARDS] == 0 and T.ct[s, c, b + R_JOG] < 0 \
                    and (T.ct[s, c, b + R_WP] > 0 or T.ct[s, c, b + R_OPT] >= 0):
                return True
    return False


@njit(cache=True, _nrt=False)
def chain_keep_ext_nb(T, S, s, lm4, lm5, lm6):
    """BL-2's chain keep when some card of the seat serves another level step than the next (F_LVSEAT != 0):
    round by round from the top card, each hand Digimon that keep_step_nb finds from one of the previous round's
    (reference.hand_chain_keep); chain_keep_nb's level-by-level search is this with next-level steps only."""
    deck_n = S[s, DECK_N]
    c0 = cur_nb(S, s)
    allm = lm4 | lm5 | lm6
    kept = np.int64(0)
    front = np.int64(0)
    for r in range(3):
        new = np.int64(0)
        m = allm & ~kept
        while m != 0:
            pos = ctz_nb(m)
            m &= m - 1
            c = S[s, HAND + pos]
            ok = False
            if r == 0:
                ok = keep_step_nb(T, s, c, c0, deck_n)
            else:
                f = front
                while f != 0:
                    q = ctz_nb(f)
                    f &= f - 1
                    if keep_step_nb(T, s, c, S[s, HAND + q], deck_n):
                        ok = True
                        break
            if ok:
                new |= np.int64(1) << pos
        kept |= new
        front = new
        if new == 0:
            break
    return kept


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
        return _in(T, s, c, F_WORDS, MAX_TYPE_WORDS, v)
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
    if fk == E.FK_ARMOR:  # round 10b: any Armor form, or one of that code (codes.FK_ARMOR)
        return T.ct[s, c, F_ARMOR] != 0 if v == E.ARMOR_ANY else T.ct[s, c, F_ARMOR] == v
    if fk == E.FK_NUMBER:  # round 11c: that printing
        return T.ct[s, c, F_NUMBER] == v
    return fk == E.FK_NONE or fk == E.FK_WP_STEP  # wp_step: the evolve_now targets check it (wp_step_ok_nb)


@njit(cache=True, _nrt=False)
def wp_step_ok_nb(T, S, s, c, r):
    """Round 9b (reference_effects.wp_step_ok): evolve_now row r's ``wp_step`` filter holds for hand Digimon c: an
    evolution alternative of c from the own Digimon (its name and qualifier: the pair table) whose only requirement
    is a Winning Percentage up to the filter's value, or the option named by it (codes.FK_WP_STEP).  True when the
    row has no such filter."""
    for i in range(E.MAX_FILTERS):
        if T.eff[r, E.E_FILT0 + 2 * i] == E.FK_WP_STEP:
            v = T.eff[r, E.E_FILT0 + 2 * i + 1]
            pm = T.ct[s, c, F_PAIR + cur_nb(S, s)]
            for a in range(T.ct[s, c, F_REQ_N]):
                b = F_REQ + a * REQ_WIDTH
                if ((pm >> a) & 1) == 0 or T.ct[s, c, b + R_CARDS] != 0 or T.ct[s, c, b + R_JOG] >= 0:
                    continue
                w = T.ct[s, c, b + R_WP]
                o = T.ct[s, c, b + R_OPT]
                if (w > 0 and w <= (v & 0xFF) and o < 0) or (w <= 0 and o >= 0 and o == (v >> 8) - 1):
                    return True
            return False
    return True


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
            has = _in(T, s, box, F_WORDS, MAX_TYPE_WORDS, v)
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
def jog_standin_nb(T, S, s, um, sm):
    """A card that stands in for a Jogress partner (F_WPJOG), not in the hand mask um / slot mask sm:
    the lowest value, hand before slots, then position (reference._find_jog); (hand pos, slot, card),
    card -1 if there is none."""
    bv = 1 << 30
    rpos = -1
    rslot = -1
    res = -1
    for q in range(S[s, HAND_N]):
        x = S[s, HAND + q]
        if ((um >> q) & 1) == 0 and T.ct[s, x, F_WPJOG] != 0 and T.ct[s, x, F_WP] < bv \
                and T.ct[s, x, F_RSRC] != RSRC_SLOT:
            bv = T.ct[s, x, F_WP]
            rpos = q
            res = x
    for q in range(3):
        x = S[s, SLOT + q]
        if x >= 0 and ((sm >> q) & 1) == 0 and S[s, SLOT_UP + q] == 0 and T.ct[s, x, F_WPJOG] != 0 \
                and T.ct[s, x, F_WP] < bv and T.ct[s, x, F_RSRC] != RSRC_HAND:
            bv = T.ct[s, x, F_WP]
            rpos = -1
            rslot = q
            res = x
    return rpos, rslot, res


@njit(cache=True, _nrt=False)
def ox_card_nb(T, S, s, n, xs, um, sm):
    """A card that serves a ●/X requirement of n symbols, xs of them crosses (all circles: F_OMAX >= n; all
    crosses: F_XMAX >= n), not in the hand mask um / slot mask sm: the lowest such count, hand before slots, then
    position (reference._find_ox); (hand pos, slot, card), card -1 if there is none."""
    if xs != 0 and xs != n:
        return -1, -1, -1
    col = F_OMAX if xs == 0 else F_XMAX
    bv = 1 << 30
    rpos = -1
    rslot = -1
    res = -1
    for q in range(S[s, HAND_N]):
        x = S[s, HAND + q]
        if ((um >> q) & 1) == 0 and T.ct[s, x, col] >= n and T.ct[s, x, col] < bv \
                and T.ct[s, x, F_RSRC] != RSRC_SLOT:
            bv = T.ct[s, x, col]
            rpos = q
            res = x
    for q in range(3):
        x = S[s, SLOT + q]
        if x >= 0 and ((sm >> q) & 1) == 0 and S[s, SLOT_UP + q] == 0 and T.ct[s, x, col] >= n \
                and T.ct[s, x, col] < bv and T.ct[s, x, F_RSRC] != RSRC_HAND:
            bv = T.ct[s, x, col]
            rpos = -1
            rslot = q
            res = x
    return rpos, rslot, res


@njit(cache=True, inline="always")
def claim_nb(res, rslot, rpos, um, sm):
    """A found requirement card marked as used: a slot card in the slot mask sm, a hand card (position
    rpos) in the hand mask um; returns (found, um, sm), found False (masks unchanged) when res < 0."""
    if res < 0:
        return False, um, sm
    if rslot >= 0:
        return True, um, sm | (np.int64(1) << rslot)
    return True, um | (np.int64(1) << rpos), sm


@njit(cache=True, inline="always")
def rlv_ok_nb(T, s, x, dl):
    """Requirement card x may serve a step dl levels up (F_RLV, tables.rlv_ok; 0 = the next level only)."""
    m = T.ct[s, x, F_RLV]
    if m == 0:
        return dl == 1
    return ((m >> dl) & 1) != 0


@njit(cache=True, inline="always")
def step_ok_nb(T, s, c0, dl):
    """A step dl levels up may be searched in seat s (tables.step_ok): the next level, or one some card serves."""
    return dl == 1 or (dl >= 0 and dl <= 3 and ((T.ct[s, c0, F_LVSEAT] >> dl) & 1) != 0)


@njit(cache=True, inline="always")
def level_cands_nb(T, s, c0, lvc, lm4, lm5, lm6):
    """Hand positions of the Digimon a step from a card of level lvc may reach (lm*: hand_masks_nb): the next
    level, and the other level steps some card of the seat serves (F_LVSEAT)."""
    ext = T.ct[s, c0, F_LVSEAT] | 2
    m = np.int64(0)
    for dl in range(4):
        if ((ext >> dl) & 1) != 0:
            lv = lvc + dl
            if lv == E.LV_IV:
                m |= lm4
            elif lv == E.LV_PERFECT:
                m |= lm5
            elif lv == LV_ULTIMATE:
                m |= lm6
    return m


@njit(cache=True, inline="always")
def req_step_nb(T, S, s, c, a, lv, um, sm, ncum, deck_n, dl):
    """Whether alternative a of hand card c (of level lv, dl levels above the card it evolves from) can be the
    next step (its ●/X fit the deck, its requirement cards are found; the BL-4 step rules plan_chain_nb and the
    random player share); returns (ok, ●/X, res, res slot, res hand position, jog, jog hand position, hand mask,
    slot mask, printed discard cost: c's own plus each requirement card's, DM-EVO-3).  um includes c.  A step of
    dl != 1 needs a Winning Percentage or named card that serves it (F_RLV; reference.chain_steps)."""
    hn = S[s, HAND_N]
    n = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_CARDS]
    w = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_WP]
    o = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_OPT]
    j = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_JOG]
    res = -1
    rslot = -1
    rpos = -1
    jog = -1
    jpos = -1
    cost = T.ct[s, c, F_XDISC]
    if dl != 1 and (n > 0 or j >= 0 or (w <= 0 and o < 0)):
        return False, n, res, rslot, rpos, jog, jpos, um, sm, cost
    if n > 0 and n <= T.ct[s, c, F_OXSEAT]:
        # a card that serves the ●/X in place of the Net Ocean's cards (F_OMAX / F_XMAX), used when there is one
        # (reference._find_ox); F_OXSEAT 0 (no such card in the deck) skips this
        rpos, rslot, res = ox_card_nb(T, S, s, n, T.ct[s, c, F_REQ + a * REQ_WIDTH + R_XS], um, sm)
        found, um, sm = claim_nb(res, rslot, rpos, um, sm)
        if found:
            cost += T.ct[s, res, F_RCOST]
            n = 0
    ok = ncum + n <= deck_n
    if ok and w > 0:
        bv = 1 << 30
        for q in range(hn):
            x = S[s, HAND + q]
            if ((um >> q) & 1) == 0 and T.ct[s, x, F_WP] >= w and T.ct[s, x, F_WP] < bv \
                    and T.ct[s, x, F_WPMIN] <= w and (T.ct[s, x, F_WPLV] == 0 or ((T.ct[s, x, F_WPLV] >> lv) & 1) != 0) \
                    and T.ct[s, x, F_RSRC] != RSRC_SLOT and rlv_ok_nb(T, s, x, dl):
                bv = T.ct[s, x, F_WP]
                rpos = q
                res = x
        for q in range(3):
            x = S[s, SLOT + q]
            if x >= 0 and ((sm >> q) & 1) == 0 and S[s, SLOT_UP + q] == 0 \
                    and T.ct[s, x, F_WP] >= w and T.ct[s, x, F_WP] < bv \
                    and T.ct[s, x, F_WPMIN] <= w and (T.ct[s, x, F_WPLV] == 0 or ((T.ct[s, x, F_WPLV] >> lv) & 1) != 0) \
                    and T.ct[s, x, F_RSRC] != RSRC_HAND and rlv_ok_nb(T, s, x, dl):
                bv = T.ct[s, x, F_WP]
                rpos = -1
                rslot = q
                res = x
        ok, um, sm = claim_nb(res, rslot, rpos, um, sm)
        if ok:
            cost += T.ct[s, res, F_RCOST]  # the card's printed cost (DM-EVO-3)
    if ok and o >= 0:
        for q in range(hn):
            x = S[s, HAND + q]
            if ((um >> q) & 1) == 0 and T.ct[s, x, F_KIND] == KIND_OPTION and T.ct[s, x, F_OPTNAME] == o \
                    and T.ct[s, x, F_RSRC] != RSRC_SLOT and rlv_ok_nb(T, s, x, dl):
                res = x
                rpos = q
                break
        if res < 0:
            for q in range(3):
                x = S[s, SLOT + q]
                if x >= 0 and ((sm >> q) & 1) == 0 and S[s, SLOT_UP + q] == 0 and T.ct[s, x, F_OPTNAME] == o \
                        and T.ct[s, x, F_RSRC] != RSRC_HAND and rlv_ok_nb(T, s, x, dl):
                    res = x
                    rslot = q
                    break
        ok, um, sm = claim_nb(res, rslot, rpos, um, sm)
        if ok:
            cost += T.ct[s, res, F_RCOST]  # a named card's printed cost too
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
        if jog >= 0:
            um = um | (np.int64(1) << jpos)
        elif pqk != 0:
            ok = False
        else:  # a stand-in for the partner (wpjog): reference._find_jog
            rpos, rslot, res = jog_standin_nb(T, S, s, um, sm)
            ok, um, sm = claim_nb(res, rslot, rpos, um, sm)
            if ok:
                cost += T.ct[s, res, F_RCOST]
    if ok and res >= 0 and T.ct[s, res, F_RMILL] > 0:
        # the requirement card's mill leaves the Net Ocean with the step's ●/X cards (tables.Tables.rmill)
        n += T.ct[s, res, F_RMILL]
        ok = ncum + n <= deck_n
    return ok, n, res, rslot, rpos, jog, jpos, um, sm, cost


@njit(cache=True, _nrt=False)
def plan_chain_nb(T, S, s, cost_aware, W):
    """BL-4: writes the best chain into S[s, PLAN...] (codes.PF_* fields per step) and returns its length.

    W: int64 scratch [codes.W_ROWS, MAX_STEPS + 1], one column per depth; its rows are named in
    codes.py (W_CARD .. W_IT_ALT: the chain being searched; W_BEST + W_CARD .. W_BEST + W_JPOS: the
    best chain found, whose hand positions prepare_chain_nb reads).  cost_aware: only chains whose
    discard costs the hand left after Preparation can pay (greedy).
    """
    hn = S[s, HAND_N]
    deck_n = S[s, DECK_N]
    c0 = S[s, EXCH] if S[s, EXCH] >= 0 else cur_nb(S, s)
    # fast path: no Digimon of the next level in hand → no chain
    # the hand's Digimon by level (bit masks of hand positions), once per call
    lm4, lm5, lm6, _ = hand_masks_nb(T, S, s)
    nxt = T.ct[s, c0, F_LEVEL] + 1
    ext = T.ct[s, c0, F_LVSEAT]  # level steps other than the next one some card serves (0: none, the fast path)
    if ext == 0 and (lm4 if nxt == E.LV_IV else (lm5 if nxt == E.LV_PERFECT else (lm6 if nxt == LV_ULTIMATE else np.int64(0)))) == 0:
        S[s, PLAN_N] = 0
        return 0
    oxs = T.ct[s, c0, F_OXSEAT]  # a card may serve ●/X up to this count (0: none, the deck must hold them)
    best_len = 0
    best_lv = -1
    best_a = 0
    best_n = 0
    # best chain: columns 0..2 step indices copied from W rows into BW
    BW = W[W_BEST:W_ROWS]  # the best chain: same rows as W[W_CARD..W_JPOS]
    d = 0
    W[W_IT_POS, 0] = 0
    W[W_IT_ALT, 0] = 0
    while d >= 0:
        # ---- find the next feasible step at depth d from the iterator ----
        if d == 0:
            cur = c0
            umask = np.int64(0)
            smask = np.int64(0)
            ncum = 0
            ccum = 0
        else:
            cur = W[W_CARD, d - 1]
            umask = W[W_UMASK, d - 1]
            smask = W[W_SMASK, d - 1]
            ncum = W[W_NCUM, d - 1]
            ccum = W[W_COST, d - 1]
        lvc = T.ct[s, cur, F_LEVEL]
        lv = lvc + 1
        found = False
        pos = W[W_IT_POS, d]
        alt0 = W[W_IT_ALT, d]
        if lv <= LV_ULTIMATE or ext != 0:
            # unused hand Digimon of the next level (and of the other level steps some card serves, ext); pair
            # table: alternatives of c naming cur, their least ●/X
            if ext == 0:
                cand = (lm4 if lv == E.LV_IV else (lm5 if lv == E.LV_PERFECT else lm6)) & ~umask
            else:
                cand = level_cands_nb(T, s, c0, lvc, lm4, lm5, lm6) & ~umask
            while pos < hn and not found:
                if (cand >> pos) == 0:
                    break
                c = S[s, HAND + pos]
                pm = T.ct[s, c, F_PAIR + cur]
                pmn = (pm >> P_MIN_SHIFT) & P_MIN_MASK
                if ((cand >> pos) & 1) != 0 and ((pm & P_ALTS) >> alt0) != 0 \
                        and (ncum + pmn <= deck_n or pmn <= oxs):
                    a = alt0
                    while a < T.ct[s, c, F_REQ_N]:
                        if (pm >> a) & 1:
                            n = T.ct[s, c, F_REQ + a * REQ_WIDTH + R_CARDS]
                            if ncum + n <= deck_n or n <= oxs:
                                clv = T.ct[s, c, F_LEVEL]
                                ok, n, res, rslot, rpos, jog, jpos, um, sm, cost = req_step_nb(
                                    T, S, s, c, a, clv, umask | (np.int64(1) << pos), smask, ncum, deck_n, clv - lvc)
                                if ok and cost_aware:
                                    used = 0
                                    for q in range(hn):
                                        if (um >> q) & 1:
                                            used += 1
                                    if hn - used - ccum < cost:
                                        ok = False
                                if ok:
                                    found = True
                                    W[W_CARD, d] = c
                                    W[W_POS, d] = pos
                                    W[W_ALT, d] = a
                                    W[W_NCUM, d] = ncum + n
                                    W[W_RES, d] = res
                                    W[W_RSLOT, d] = rslot
                                    W[W_RPOS, d] = rpos
                                    W[W_JOG, d] = jog
                                    W[W_JPOS, d] = jpos
                                    W[W_UMASK, d] = um
                                    W[W_SMASK, d] = sm
                                    W[W_COST, d] = ccum + cost
                                    W[W_IT_POS, d] = pos
                                    W[W_IT_ALT, d] = a + 1
                                    break
                        a += 1
                if not found:
                    pos += 1
                    alt0 = 0
        if not found:
            d -= 1
            continue
        # ---- evaluate the chain W[:, 0..d] ----
        c = W[W_CARD, d]
        clv = T.ct[s, c, F_LEVEL]
        ca = T.ct[s, c, F_ATK + 0]
        cn = W[W_NCUM, d]
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
                        if W[W_POS, k] != BW[W_POS, k]:
                            cmp = -1 if W[W_POS, k] < BW[W_POS, k] else 1
                            break
                    if cmp == 0:
                        for k in range(d + 1):
                            if W[W_ALT, k] != BW[W_ALT, k]:
                                cmp = -1 if W[W_ALT, k] < BW[W_ALT, k] else 1
                                break
                    better = cmp < 0
        if better:
            best_len = d + 1
            best_lv = clv
            best_a = ca
            best_n = cn
            for r in range(W_JPOS + 1):
                for k in range(d + 1):
                    BW[r, k] = W[r, k]
        if d + 1 < 3 and (clv < LV_ULTIMATE or (ext & 1) != 0):
            d += 1
            W[W_IT_POS, d] = 0
            W[W_IT_ALT, d] = 0
    # write the plan: per step (card, ncards, res, res slot, jog); hand positions stay in W[W_BEST + ...]
    S[s, PLAN_N] = best_len
    for k in range(best_len):
        S[s, PLAN + PLAN_W * k + PF_CARD] = BW[W_CARD, k]
        S[s, PLAN + PLAN_W * k + PF_NCARDS] = BW[W_NCUM, k] - (BW[W_NCUM, k - 1] if k > 0 else 0)
        S[s, PLAN + PLAN_W * k + PF_RES] = BW[W_RES, k]
        S[s, PLAN + PLAN_W * k + PF_RSLOT] = BW[W_RSLOT, k]
        S[s, PLAN + PLAN_W * k + PF_JOG] = BW[W_JOG, k]
    return best_len


@njit(cache=True, _nrt=False)
def option_settable_nb(T, S, s, pos, m, claimed):
    """Preparation step (6), the rules' part of greedy's and random's choice: hand card `pos` may be set beside
    the hand cards already chosen (bit mask m) — a card naming its slot only while that slot is free and not
    claimed by a card chosen before (bit mask claimed; seed 003 §3.4, round 10e), a card limited to one face-up
    never beside a same-name card in a slot or chosen before (reference_greedy / reference_random, same rules)."""
    c = S[s, HAND + pos]
    sp = T.ct[s, c, F_SLOT_POS] - 1
    if sp >= 0 and (S[s, SLOT + sp] >= 0 or ((claimed >> sp) & 1) != 0):
        return False
    if T.ct[s, c, F_FACE_UP_LIMIT] != 0:
        for k in range(3):
            x = S[s, SLOT + k]
            if x >= 0 and T.ct[s, x, F_NAME] == T.ct[s, c, F_NAME]:
                return False
        mm = m
        while mm != 0:
            q = ctz_nb(mm)
            mm &= mm - 1
            if T.ct[s, S[s, HAND + q], F_NAME] == T.ct[s, c, F_NAME]:
                return False
    return True


# ---- greedy ------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def free_slots_nb(S, s):
    f = 0
    for k in range(3):
        if S[s, SLOT + k] < 0:
            f += 1
    return f

