"""numba twins of reference_effects.py: conditions, costs, opcodes, timings and limits (RULES §4).

Same order of application as the reference engine; see its module docstring and docs/engine.md.

Nothing here allocates: every function is compiled with ``_nrt=False`` (no reference counting of
its array arguments, docs/performance.md); the two one-line hooks are inlined into their callers.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine.tables import F_ARMOR, F_NO_IGNORE, F_TIMINGS, R_JOG, TM_BAN, TM_DAMAGE, TM_EVOLVE_NOW, TM_KEYWORD, TM_LATER, TM_NEGATE, TM_NOT_SPECIAL  # noqa: F401
from simcli.engine.tables import TM_COMMIT, TM_WAITS, TM_WATCHED
from simcli.engine.tables import TM_DARK  # round 13c
from simcli.engine.state import M_KEEPBOX  # round 13c
from simcli.engine.tables import F_SLOT_POS  # round 12c
from simcli.engine.tables import F_ATTRMASK  # round 11d
from simcli.engine.tables import F_DGM  # round 12a
from simcli.engine.tables import (  # noqa: F401
    F_ATK, F_FIELDS, F_KEYWORDS, F_LOST, F_NCARDS, F_REQ, F_WORDS, MAX_WORDS, MAX_TYPE_WORDS, REQ_WIDTH, F_ATTR, F_BT, F_EFF_HI, F_EFF_LO, F_FACE_UP_LIMIT, F_FRAME, F_KEEP_ABIL, F_KIND, F_LEVEL, F_MODELED, F_NAME, F_NO_ZERO, F_OPTNAME, F_OPTYPE, F_REQ_N, F_REQ_OPT, F_USABLE_OPT, F_VNAME, F_WP, F_XDISC)
from simcli.engine.tables import (F_APP_HI, F_APP_LO, F_APPTIM, F_DLEVEL, F_GROUPS, F_NAMEBITS,  # noqa: F401
                                  MAX_GROUPS)
from simcli.engine import enums as E
from simcli.engine.players import cmp_has_nb, cmp_num_nb, cur_nb, discard_choice_nb, free_slots_nb  # noqa: F401
from simcli.engine.players import chain_keep_nb, hand_masks_nb
from simcli.engine.players import filter_card_nb as card_match_nb
from simcli.engine.rng import randint_nb, shuffle_nb
from simcli.codes import PF_CARD, PF_JOG, PF_NCARDS, PF_RES, PF_RSLOT
from simcli.engine.state import (ABIL_USED, DARK, DARK_N, DECK, DECK_N, EVOLVED, GAUGE, GAUGE_N, HAND, HAND_N,
                                 M_ADD, M_AS, M_BASE_ADD, M_DEN, M_FORCE_DRAW, M_HALVED, M_IMM_MOD, M_IMM_OPT,
                                 M_LOSTMUL, M_NOFD, M_NOZERO, M_NUM, M_VOID, M_ZEROED, NM, PERSIST, PTS, SLOT,
                                 SLOT_UP, X_FA, X_SPENT, X_SPENT_N, X_TURN, EXCH, L3, PLAN, PLAN_N, PLAN_W,
                                 POWER, POWER_N, TOP, X_LIST, X_PER, X_PLAYER)
from simcli.engine.state import (APPEARED, DRAWN, EVO, EVO_N, MAXLV, LOG_ABILITY, LOG_MAX, LOG_OPTION, LOG_SUPPORT, LOG_W,
                                 LV_START, M_ATKLAST, M_GAIN0, M_GAIN1, M_GAINFIELD, M_NODRAWLOSS, M_LOSTADD, M_LOSTKW, M_NOLOSS, M_NOCZERO, M_SELFLOST, M_BT, M_CZERO, SLOT_CARD,
                                 SLOT_END, SPENT_PHASE, SPENT_TURN, SUP_USED, SUPBOX, SUPBOX_OWNER, SUPPORT, TOP_UNTIL,
                                 TOP_UNTIL_CARD, USED, X_APP_ANY, X_APPEAR_ROW, X_DIRTY, X_IN_BATTLE, X_LOG, X_LOG_N,
                                 X_LOST, hand_remove_nb, push_nb)
from simcli.engine.state import USED_MAX, X_USED, X_USED_N
from simcli.engine.state import BESIDE, BESIDE_OWNER
from simcli.engine.state import X_EVOEND  # round 13a

E_OP, E_ARG, E_ARG2, E_TIMING, E_NCOND, E_COND0, E_COST0, E_LIMIT, E_LIMIT_ARG = (
    E.E_OP, E.E_ARG, E.E_ARG2, E.E_TIMING, E.E_NCOND, E.E_COND0, E.E_COST0, E.E_LIMIT, E.E_LIMIT_ARG)
E_LIMIT_END, E_FILT0, MAX_FILTERS = E.E_LIMIT_END, E.E_FILT0, E.MAX_FILTERS
E_FLAGS, RF_NOT_SPECIAL = E.E_FLAGS, E.RF_NOT_SPECIAL
MAX_COSTS = E.MAX_COSTS
OPT_PROGRAM = 0
OPT_ITEM = 1


@njit(cache=True, _nrt=False)
def attack_type_nb(T, S, M, p):
    o = 1 - p
    if M[p, M_AS] >= 0:
        return M[p, M_AS]
    return T.ct[o, cur_nb(S, o), F_BT]


@njit(cache=True, _nrt=False)
def _in_row(arr, v):
    for i in range(arr.shape[0]):
        if arr[i] == v:
            return True
    return False


@njit(cache=True, inline="always")
def cond_ok_nb(T, S, M, X, p, r, card):
    """Row r's conditions hold for p.  card: the opponent's option card being applied (condition
    card=NAME), -1 none, COND_REPLAY a rebuild's replay of a logged row (use_* conditions held, round 11c).
    Most rows have no condition: that case costs no call."""
    if T.eff[r, E_NCOND] == 0:
        return True
    return _cond_check_nb(T, S, M, X, p, r, card)


@njit(cache=True, inline="always")
def row_filter_nb(T, s, c, r):
    """Card c matches row r's filter (every predicate of it; round 11d: any one, RF_FILTER_OR)."""
    if (T.eff[r, E_FLAGS] & E.RF_FILTER_OR) != 0:
        return _row_filter_any_nb(T, s, c, r)
    for i in range(MAX_FILTERS):
        fk = T.eff[r, E_FILT0 + 2 * i]
        if fk != E.FK_NONE and not card_match_nb(T, s, c, fk, T.eff[r, E_FILT0 + 2 * i + 1]):
            return False
    return True


@njit(cache=True, _nrt=False)
def _row_filter_any_nb(T, s, c, r):
    """Round 11d: card c matches one of row r's filter predicates (alternatives, RF_FILTER_OR)."""
    for i in range(MAX_FILTERS):
        fk = T.eff[r, E_FILT0 + 2 * i]
        if fk != E.FK_NONE and card_match_nb(T, s, c, fk, T.eff[r, E_FILT0 + 2 * i + 1]):
            return True
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def has_keyword_nb(T, S, M, x, v):
    return _has_keyword_c_nb(T, S, M, np.int64(x), np.int64(v))


@njit(cache=True, _nrt=False)
def _has_keyword_c_nb(T, S, M, x, v):
    """x's Digimon has ability keyword v: printed or gained, while its abilities are not void."""
    if M[x, M_VOID] != 0 or v == M[x, M_LOSTKW]:
        return False
    if v == M[x, M_GAIN0] or v == M[x, M_GAIN1]:
        return True
    return _in_row(T.ct[x, cur_nb(S, x), F_KEYWORDS:F_KEYWORDS + MAX_WORDS], v)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def sheet_match_nb(T, S, x, fk, v):
    return _sheet_match_c_nb(T, S, np.int64(x), np.int64(fk), np.int64(v))


@njit(cache=True, _nrt=False)
def _sheet_match_c_nb(T, S, x, fk, v):
    """A card on x's sheet (top card, the Level III under it, the support box, a card beside the box) matches."""
    if card_match_nb(T, x, cur_nb(S, x), fk, v):
        return True
    if S[x, TOP] >= 0 and card_match_nb(T, x, S[x, L3], fk, v):
        return True
    if S[x, SUPPORT] >= 0 and card_match_nb(T, x, S[x, SUPPORT], fk, v):
        return True
    if S[x, SUPBOX] >= 0 and card_match_nb(T, x, S[x, SUPBOX], fk, v):
        return True
    if S[x, BESIDE] >= 0 and card_match_nb(T, x, S[x, BESIDE], fk, v):  # round 11a
        return True
    return False


@njit(cache=True, _nrt=False)
def sheet_n_nb(T, S, x, fk, v):
    """Round 11g, C_OPP_SHEETN (reference: the count over sheet_cards): the Digimon cards on x's sheet, read as
    _sheet_match_c_nb reads it, that match the filter (fk, v)."""
    n = 1 if card_match_nb(T, x, cur_nb(S, x), fk, v) else 0
    if S[x, TOP] >= 0 and card_match_nb(T, x, S[x, L3], fk, v):
        n += 1
    if S[x, SUPPORT] >= 0 and card_match_nb(T, x, S[x, SUPPORT], fk, v):
        n += 1
    if S[x, SUPBOX] >= 0 and card_match_nb(T, x, S[x, SUPBOX], fk, v):
        n += 1
    return n


@njit(cache=True, _nrt=False)
def sheet_count_nb(T, S, p, r, side):
    """Round 9b, atk_per_sheet (reference_effects.sheet_count): the cards on p's sheet (side bit 1) and the opponent's
    (bit 2) that match row r's filter; a sheet as _sheet_match_c_nb reads it."""
    n = 0
    for x in range(2):
        if ((side >> (0 if x == p else 1)) & 1) == 0:
            continue
        if row_filter_nb(T, x, cur_nb(S, x), r):
            n += 1
        if S[x, TOP] >= 0 and row_filter_nb(T, x, S[x, L3], r):
            n += 1
        if S[x, SUPPORT] >= 0 and row_filter_nb(T, x, S[x, SUPPORT], r):
            n += 1
        if S[x, SUPBOX] >= 0 and row_filter_nb(T, x, S[x, SUPBOX], r):
            n += 1
        if S[x, BESIDE] >= 0 and row_filter_nb(T, x, S[x, BESIDE], r):
            n += 1
    return n


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def _cond_check_nb(T, S, M, X, p, r, card):
    return _cond_check_c_nb(T, S, M, X, np.int64(p), np.int64(r), np.int64(card))


@njit(cache=True, _nrt=False)
def _cond_check_c_nb(T, S, M, X, p, r, card):
    o = 1 - p
    cp = cur_nb(S, p)
    co = cur_nb(S, o)
    for k in range(T.eff[r, E_NCOND]):
        kind = T.eff[r, E_COND0 + 3 * k]
        c = T.eff[r, E_COND0 + 3 * k + 1]
        v = T.eff[r, E_COND0 + 3 * k + 2]
        if kind == E.C_LEVEL:
            ok = cmp_num_nb(T.ct[p, cp, F_LEVEL], c, v)
        elif kind == E.C_OPP_LEVEL:
            ok = cmp_num_nb(T.ct[o, co, F_LEVEL], c, v)
        elif kind == E.C_OPP_HIGHER:
            ok = T.ct[o, co, F_LEVEL] > T.ct[p, cp, F_LEVEL]
        elif kind == E.C_OPP_LOWER:
            ok = T.ct[o, co, F_LEVEL] < T.ct[p, cp, F_LEVEL]
        elif kind == E.C_POINTS:
            ok = cmp_num_nb(S[p, PTS], c, v)
        elif kind == E.C_OPP_POINTS:
            ok = cmp_num_nb(S[o, PTS], c, v)
        elif kind == E.C_POINTS_REL:
            ok = cmp_num_nb(S[p, PTS], c, S[o, PTS])
        elif kind == E.C_OPP_BT:  # round 12d: a bt_pick change first (M_BT 1 + BT_*)
            ok = cmp_num_nb(M[o, M_BT] - 1 if M[o, M_BT] > 0 else T.ct[o, co, F_BT], c, v)
        elif kind == E.C_BT:
            ok = cmp_num_nb(M[p, M_BT] - 1 if M[p, M_BT] > 0 else T.ct[p, cp, F_BT], c, v)
        elif kind == E.C_ATTACK:
            ok = cmp_num_nb(attack_type_nb(T, S, M, p), c, v)
        elif kind == E.C_OPP_ATTACK:
            ok = cmp_num_nb(attack_type_nb(T, S, M, o), c, v)
        elif kind == E.C_FIRST:
            ok = (1 if X[X_FA] == p else 0) == v
        elif kind == E.C_ATTR or kind == E.C_OPP_ATTR:
            x = p if kind == E.C_ATTR else o
            ok = cmp_has_nb(T.ct[x, cur_nb(S, x), F_ATTR] == v, c)
        elif kind == E.C_NAME or kind == E.C_OPP_NAME:
            x = p if kind == E.C_NAME else o
            if c == E.CMP_HAS:  # the name contains a text: a bit of the card's name mask
                ok = ((T.ct[x, cur_nb(S, x), F_NAMEBITS] >> v) & 1) == 1
            else:
                ok = cmp_has_nb(T.ct[x, cur_nb(S, x), F_VNAME] == v, c)
        elif kind == E.C_FRAME or kind == E.C_OPP_FRAME:
            x = p if kind == E.C_FRAME else o
            ok = cmp_has_nb(T.ct[x, cur_nb(S, x), F_FRAME] == v, c)
        elif kind == E.C_FIELD or kind == E.C_OPP_FIELD:
            x = p if kind == E.C_FIELD else o
            gf = M[x, M_GAINFIELD]  # a gained field (gain_field); negative: that field alone (only_field, round 9a)
            if gf < 0:
                ok = cmp_has_nb(v == -gf, c)
            else:
                ok = cmp_has_nb(_in_row(T.ct[x, cur_nb(S, x), F_FIELDS:F_FIELDS + MAX_WORDS], v) or v == gf, c)
        elif kind == E.C_TYPE or kind == E.C_OPP_TYPE:
            x = p if kind == E.C_TYPE else o
            ok = cmp_has_nb(_in_row(T.ct[x, cur_nb(S, x), F_WORDS:F_WORDS + MAX_TYPE_WORDS], v), c)
        elif kind == E.C_KEYWORD or kind == E.C_OPP_KEYWORD:
            x = p if kind == E.C_KEYWORD else o
            ok = cmp_has_nb(has_keyword_nb(T, S, M, x, v), c)
        elif kind == E.C_GROUP or kind == E.C_OPP_GROUP:
            x = p if kind == E.C_GROUP else o
            ok = cmp_has_nb(_in_row(T.ct[x, cur_nb(S, x), F_GROUPS:F_GROUPS + MAX_GROUPS], v), c)
        elif kind == E.C_CARD:
            if card < 0:
                ok = False
            elif c == E.CMP_HAS:
                ok = ((T.ct[o, card, F_NAMEBITS] >> v) & 1) == 1
            else:
                ok = cmp_has_nb(T.ct[o, card, F_VNAME] == v, c)
        elif kind == E.C_CARDF:
            ok = card >= 0 and card_match_nb(T, o, card, c, v)
        elif kind == E.C_SHEET or kind == E.C_OPP_SHEET:
            ok = sheet_match_nb(T, S, p if kind == E.C_SHEET else o, c, v)
        elif kind == E.C_SUPPORT:
            ok = (S[p, SUPPORT] >= 0 and card_match_nb(T, p, S[p, SUPPORT], c, v)) or (
                S[p, SUPBOX] >= 0 and card_match_nb(T, p, S[p, SUPBOX], c, v))
        elif kind == E.C_POWER or kind == E.C_OPP_POWER:
            ok = cmp_num_nb(final_attack_nb(T, S, M, p if kind == E.C_POWER else o), c, v)
        elif kind == E.C_OPP_ARMOR:  # round 9b: the opponent's Digimon is an Armor Evolution form
            ok = T.ct[o, co, F_ARMOR] != 0
        elif kind == E.C_ARMOR:  # round 11f: the own Digimon is one
            ok = T.ct[p, cp, F_ARMOR] != 0
        elif kind == E.C_DGM:  # round 12a: one of the Digimentals (mask v) in the own Digimon's requirements
            ok = (T.ct[p, cp, F_DGM] & v) != 0
        elif kind == E.C_OPP_WARPED:
            ok = S[o, LV_START] == E.LV_III and T.ct[o, co, F_LEVEL] == E.LV_ULTIMATE
        elif kind == E.C_HAND or kind == E.C_OPP_HAND:
            ok = cmp_num_nb(S[p if kind == E.C_HAND else o, HAND_N], c, v)
        elif kind == E.C_SLOTS:
            ok = cmp_num_nb(3 - free_slots_nb(S, p), c, v)
        elif kind == E.C_OPP_HANDF:
            ok = False
            for i in range(S[o, HAND_N]):
                if card_match_nb(T, o, S[o, HAND + i], c, v):
                    ok = True
                    break
        elif kind == E.C_SLOTF:
            ok = False
            for k in range(3):
                if S[p, SLOT + k] >= 0 and card_match_nb(T, p, S[p, SLOT + k], c, v):
                    ok = True
                    break
        elif kind == E.C_OPP_HANDN:  # round 9a: value = filter value << COUNT_BITS | N
            n = 0
            for i in range(S[o, HAND_N]):
                if card_match_nb(T, o, S[o, HAND + i], c, v >> E.COUNT_BITS):
                    n += 1
            ok = n >= (v & E.COUNT_MASK)
        elif kind == E.C_SLOT_UP:  # round 10a: value = filter value << COUNT_BITS | N
            ok = slot_up_count_nb(S, T, p, c, v >> E.COUNT_BITS) >= (v & E.COUNT_MASK)
        elif kind == E.C_OPP_SHEETN:  # round 11g: value = filter value << COUNT_BITS | N
            ok = sheet_n_nb(T, S, o, c, v >> E.COUNT_BITS) >= (v & E.COUNT_MASK)
        elif kind == E.C_BASE_REL:  # round 9a: the printed number of the attack used vs the opponent's final attack
            ok = cmp_num_nb(T.ct[p, cp, F_ATK + attack_type_nb(T, S, M, p)], c, final_attack_nb(T, S, M, o))
        elif kind == E.C_USE_HAND:  # round 11c: tested at the use; a rebuild's replay (COND_REPLAY) holds it
            ok = card <= E.COND_REPLAY or cmp_num_nb(S[p, HAND_N], c, v)
        elif kind == E.C_OPP_USED:  # round 11c: value = filter value << 1 | (1: used, 0: not used)
            ok = opp_used_after_nb(T, X, o, card, c, v >> 1) == ((v & 1) == 1)
        elif kind == E.C_USE_POWER_REL:  # round 11c: own final attack vs the opponent's at the use, held as C_USE_HAND
            ok = card <= E.COND_REPLAY or cmp_num_nb(final_attack_nb(T, S, M, p), c, final_attack_nb(T, S, M, o))
        elif kind == E.C_SAME_ATTR:  # round 11d: the attribute bit masks share a bit (Variable: every bit)
            ok = cmp_has_nb((T.ct[p, cp, F_ATTRMASK] & T.ct[o, co, F_ATTRMASK]) != 0, c)
        elif kind == E.C_NAME2:  # round 12b: one of two rule names (last: the other kinds pay no extra test)
            ok = T.ct[p, cp, F_VNAME] == (v & 0xFFFF) or T.ct[p, cp, F_VNAME] == (v >> E.NAME2_SHIFT)
        elif kind == E.C_OPP_SLOTS:  # round 13b: the opponent's slot cards, face up or down (last: no extra test)
            ok = cmp_num_nb(3 - free_slots_nb(S, o), c, v)
        elif kind == E.C_USE_HANDF:  # round 13e: a matching own hand card at the use, held as C_USE_HAND
            ok = card <= E.COND_REPLAY
            for i in range(S[p, HAND_N]):
                if ok:
                    break
                ok = card_match_nb(T, p, S[p, HAND + i], c, v)
        else:
            ok = False
        if not ok:
            return False
    return True


@njit(cache=True, inline="always")
def slot_count_nb(T, S, p, r):
    """Round 11c: atk_per_slot's count when its start row applies (reference_effects.slot_count) — the cards in the own
    (arg2 1) or the opponent's (arg2 2) option slots; 0 for any other row."""
    if T.eff[r, E_OP] != E.OP_ATK_PER_SLOT:
        return 0
    return 3 - free_slots_nb(S, p if T.eff[r, E_ARG2] == 1 else 1 - p)


@njit(cache=True, _nrt=False)
def waits_nb(T, r):
    """Round 11c: row r has an opp_used condition (tables.waits_for_use)."""
    for k in range(T.eff[r, E_NCOND]):
        if T.eff[r, E_COND0 + 3 * k] == E.C_OPP_USED and (T.eff[r, E_COND0 + 3 * k + 2] & 1) != 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def opp_used_after_nb(T, X, o, card, fk, fv):
    """Round 11c (C_OPP_USED): o used an option matching (fk, fv) after the log entry a rebuild replays (card =
    COND_REPLAY - its index; reference_effects.opp_used_after); at the row's use (any other card) nothing is after."""
    if card > E.COND_REPLAY:
        return False
    for j in range(E.COND_REPLAY - card + 1, X[X_LOG_N]):
        b = X_LOG + LOG_W * j
        if X[b] == LOG_OPTION and X[b + 1] == o and card_match_nb(T, o, X[b + 3], fk, fv):
            return True
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def count_matching_nb(T, S, p, r, skip):
    return _count_matching_c_nb(T, S, np.int64(p), np.int64(r), np.int64(skip))


@njit(cache=True, _nrt=False)
def _count_matching_c_nb(T, S, p, r, skip):
    """Hand cards of p matching row r's filter (hand position `skip` not counted; -1 none)."""
    n = 0
    for i in range(S[p, HAND_N]):
        if i != skip and row_filter_nb(T, p, S[p, HAND + i], r):
            n += 1
    return n


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def _costs_payable_nb(T, S, p, r, skip):
    return _costs_payable_c_nb(T, S, np.int64(p), np.int64(r), np.int64(skip))


@njit(cache=True, _nrt=False)
def _costs_payable_c_nb(T, S, p, r, skip):
    """Row r's costs can be paid by p now, the hand card at position `skip` (-1 none) left out."""
    hn = S[p, HAND_N] - (1 if skip >= 0 else 0)
    total = 0
    for k in range(MAX_COSTS):
        kind = T.eff[r, E_COST0 + 2 * k]
        if kind == E.K_DISCARD or kind == E.K_DISCARD_DIGIMON or kind == E.K_DISCARD_IF:
            total += T.eff[r, E_COST0 + 2 * k + 1]
        elif kind == E.K_DISCARD_LV:  # round 12b: the count in the low bits
            total += T.eff[r, E_COST0 + 2 * k + 1] & E.COUNT_MASK
    if hn < total:  # every discard cost of the row takes its own cards
        return False
    for k in range(MAX_COSTS):
        kind = T.eff[r, E_COST0 + 2 * k]
        n = T.eff[r, E_COST0 + 2 * k + 1]
        if kind == E.K_NONE:
            continue
        if kind == E.K_DISCARD and hn < n:
            return False
        if kind == E.K_DISCARD_DIGIMON:
            d = 0
            for i in range(S[p, HAND_N]):
                if i != skip and T.ct[p, S[p, HAND + i], F_KIND] == E.KIND_DIGIMON:
                    d += 1
            if d < n:
                return False
        if kind == E.K_MILL and S[p, DECK_N] < n:
            return False
        if kind == E.K_POINTS and S[p, PTS] <= n:
            return False
        if kind == E.K_DISCARD_IF and count_matching_nb(T, S, p, r, skip) < n:
            return False
        if kind == E.K_SHOW and count_matching_nb(T, S, p, r, skip) < 1:
            return False
        if kind == E.K_PLACE and (S[p, SUPBOX] >= 0 or count_matching_nb(T, S, p, r, skip) < 1):
            return False
        if kind == E.K_SELF_GAUGE and S[p, TOP] < 0:
            return False
        if kind == E.K_HAND_ALL and hn < 1:  # round 11g
            return False
        if kind == E.K_DGM and dgm_pos_nb(T, S, p, skip) < 0:  # round 12a
            return False
        if kind == E.K_DISCARD_LV and _level_pos_nb(T, S, p, n >> E.COUNT_BITS, n & E.COUNT_MASK, skip) < 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def dgm_pos_nb(T, S, p, skip):
    """Round 12a, cost dgm_discard: the hand position of the first card (hand order; position `skip` left out) that
    matches a Digimental of the own Digimon's requirements (Tables.dgm bits shared), -1 none."""
    m = T.ct[p, cur_nb(S, p), F_DGM]
    if m == 0:
        return -1
    for pos in range(S[p, HAND_N]):
        if pos != skip and (T.ct[p, S[p, HAND + pos], F_DGM] & m) != 0 and T.ct[p, S[p, HAND + pos], F_KIND] == E.KIND_OPTION:
            return pos
    return -1


@njit(cache=True, _nrt=False)
def _level_pos_nb(T, S, p, lv, k, skip):
    """Round 12b (cost K_DISCARD_LV): hand position of p's k-th (1-based) Digimon card of level lv in hand order, the
    position `skip` not counted; -1 when there are fewer."""
    for i in range(S[p, HAND_N]):
        c = S[p, HAND + i]
        if i != skip and T.ct[p, c, F_KIND] == E.KIND_DIGIMON and T.ct[p, c, F_LEVEL] == lv:
            k -= 1
            if k == 0:
                return i
    return -1


@njit(cache=True, inline="always")  # small and called in every greedy scan: inlined
def cost_payable_nb(T, S, p, r):
    """Row r's costs can be paid by p now (rows without costs: no call)."""
    if T.eff[r, E_COST0] == E.K_NONE and T.eff[r, E_COST0 + 2] == E.K_NONE:
        return True
    return _costs_payable_nb(T, S, p, r, -1)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def use_nb(S, uses, p, c):
    return _use_c_nb(S, uses, np.int64(p), np.int64(c))


@njit(cache=True, _nrt=False)
def _use_c_nb(S, uses, p, c):
    """Card c of p was used: an option used, a requirement card paid, a Digimon entered the box."""
    uses[p, c] += 1
    S[p, USED] |= np.int32(1) << c


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def discard_matching_nb(T, S, p, r):
    return _discard_matching_c_nb(T, S, np.int64(p), np.int64(r))


@njit(cache=True, _nrt=False)
def _discard_matching_c_nb(T, S, p, r):
    """Cost discard_if: the lowest-level matching Digimon (earliest among equals), else the first
    matching card in hand order; its hand position."""
    best = -1
    best_lv = 99
    first = -1
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if not row_filter_nb(T, p, c, r):
            continue
        if first < 0:
            first = pos
        if T.ct[p, c, F_KIND] == E.KIND_DIGIMON and T.ct[p, c, F_LEVEL] < best_lv:
            best = pos
            best_lv = T.ct[p, c, F_LEVEL]
    return best if best >= 0 else first


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def pay_cost_nb(T, S, p, r, uses):
    return _pay_cost_c_nb(T, S, np.int64(p), np.int64(r), uses)


@njit(cache=True, _nrt=False)
def _pay_cost_c_nb(T, S, p, r, uses):
    """Pay row r's costs (``self_gauge`` aside: self_gauge_after_nb); True when the card goes to the
    point gauge (cost ``gauge``)."""
    gauge = False
    for k in range(MAX_COSTS):
        kind = T.eff[r, E_COST0 + 2 * k]
        n = T.eff[r, E_COST0 + 2 * k + 1]
        if kind == E.K_DISCARD or kind == E.K_DISCARD_DIGIMON:
            for _ in range(n):
                push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, discard_choice_nb(T, S, p)))
        elif kind == E.K_MILL:
            for _ in range(n):
                S[p, DECK_N] -= 1
                push_nb(S, p, DARK, DARK_N, S[p, DECK + S[p, DECK_N]])
        elif kind == E.K_POINTS:
            S[p, PTS] = max(0, S[p, PTS] - n)
        elif kind == E.K_GAUGE:
            gauge = True
        elif kind == E.K_DISCARD_IF:
            for _ in range(n):
                push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, discard_matching_nb(T, S, p, r)))
        elif kind == E.K_DISCARD_LV:  # round 12b: the first ones of the level in hand order
            for _ in range(n & E.COUNT_MASK):
                push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, _level_pos_nb(T, S, p, n >> E.COUNT_BITS, 1, -1)))
        elif kind == E.K_HAND_ALL:  # round 11g: hand order
            for i in range(S[p, HAND_N]):
                push_nb(S, p, DARK, DARK_N, S[p, HAND + i])
            S[p, HAND_N] = 0
        elif kind == E.K_DGM:  # round 12a: the first matching card in hand order
            push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, dgm_pos_nb(T, S, p, np.int64(-1))))
        elif kind == E.K_PLACE:
            for pos in range(S[p, HAND_N]):
                if row_filter_nb(T, p, S[p, HAND + pos], r):
                    c = hand_remove_nb(S, p, pos)
                    S[p, SUPBOX] = c
                    S[p, SUPBOX_OWNER] = cur_nb(S, p)
                    use_nb(S, uses, p, c)
                    break
    return gauge


@njit(cache=True, _nrt=False)
def evolved_opt_rows_any_nb(S, p):
    """p has requirement options used this turn whose Digimon is still the top card."""
    cp = cur_nb(S, p)
    for i in range(S[p, EVO_N]):
        if S[p, EVO + 2 * i + 1] == cp:
            return True
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def card_immune_nb(T, S, M, X, o, card):
    return _card_immune_c_nb(T, S, M, X, np.int64(o), np.int64(card))


@njit(cache=True, _nrt=False)
def _card_immune_c_nb(T, S, M, X, o, card):
    """o's Digimon has an active ``immune_options if card…`` row matching the opponent's option (its
    passive rows, or the ``evolved`` rows of a requirement option it evolved with this turn)."""
    c = cur_nb(S, o)
    if abilities_active_nb(T, S, M, o):
        for r in range(T.ct[o, c, F_EFF_LO], T.ct[o, c, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_IMMUNE_OPTIONS and T.eff[r, E_TIMING] == E.T_PASSIVE \
                    and row_on_nb(T, M, o, r) and cond_ok_nb(T, S, M, X, o, r, card):
                return True
    for i in range(S[o, EVO_N]):
        if S[o, EVO + 2 * i + 1] != c:
            continue
        opt = S[o, EVO + 2 * i]
        for r in range(T.ct[o, opt, F_EFF_LO], T.ct[o, opt, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_IMMUNE_OPTIONS and T.eff[r, E_TIMING] == E.T_EVOLVED \
                    and cond_ok_nb(T, S, M, X, o, r, card):
                return True
    return False


@njit(cache=True, inline="always")
def per_avail_nb(T, S, p, op, r):
    if op == E.OP_PER_DISCARD:
        return S[p, HAND_N]
    if op == E.OP_PER_DISCARD_DIGIMON:
        d = 0
        for i in range(S[p, HAND_N]):
            if T.ct[p, S[p, HAND + i], F_KIND] == E.KIND_DIGIMON:
                d += 1
        return d
    if op == E.OP_PER_DISCARD_IF or op == E.OP_OPP_PER_DISCARD_IF:
        return count_matching_nb(T, S, p, r, -1)
    return S[p, DECK_N]


# Opcode flags (one table for apply_row_nb and the battle simulations' sim_row_nb):
#   OPF_MOD      an attack modifier (changes M only; a simulation / rebuild applies it, ignores the rest)
#   OPF_OPP      aimed at the opponent: an opponent immune to options is not reached by an option's row
#   OPF_MOD_OPP  modifies the opponent's attack: blocked by the opponent's M_IMM_MOD too
#   OPF_PER      a per_* count (own attack += arg per card discarded / milled; opp_per_discard_if: the opponent's −=)
OPF_MOD, OPF_OPP, OPF_MOD_OPP, OPF_PER = 1, 2, 4, 8
OP_FLAGS = np.zeros(E.N_OPS, np.int8)
for _op in (E.OP_ATK_ADD, E.OP_BASE_ADD, E.OP_ATK_MUL, E.OP_ATTACK_AS, E.OP_NO_ZERO, E.OP_NO_FORCE_DRAW,
            E.OP_IMMUNE_OPTIONS, E.OP_IMMUNE_MOD, E.OP_LOST_MUL, E.OP_GAIN_KEYWORD, E.OP_ATTACK_LAST, E.OP_GAIN_FIELD,
            E.OP_NO_DRAW_LOSS, E.OP_ONLY_FIELD,
            E.OP_NO_LOSS, E.OP_LOST_ADD):
    OP_FLAGS[_op] = OPF_MOD
OP_FLAGS[E.OP_ATTACK_PICK] = OPF_MOD  # round 6
OP_FLAGS[E.OP_HOST_ABC] = OPF_MOD  # meta decks (Parasimon Bo-681)
OP_FLAGS[E.OP_ATTACK_HIGH] = OPF_MOD  # round 7
OP_FLAGS[E.OP_ATK_PER_SHEET] = OPF_MOD  # round 9b (its count: sheet_count_nb at the two call sites of modify_nb)
OP_FLAGS[E.OP_BASE_A] = OPF_MOD  # round 9c
OP_FLAGS[E.OP_BT_PICK] = OPF_MOD  # round 12d: the own battle type, no row aimed at the opponent
OP_FLAGS[E.OP_ATK_PER_SLOT] = OPF_MOD  # round 11c (its count: the start rows' slot_count_nb, then the log's)
for _op in (E.OP_ATK_COL, E.OP_NO_C_ZERO, E.OP_SELF_LOST_ADD, E.OP_ATK_LOST):  # round 11e
    OP_FLAGS[_op] = OPF_MOD
for _op in (E.OP_OPP_ATK_ADD, E.OP_OPP_ATK_MUL, E.OP_HALVE_OPP, E.OP_ZERO_OPP, E.OP_OPP_ATTACK_AS,
            E.OP_OPP_LOSE_KEYWORD):
    OP_FLAGS[_op] = OPF_MOD | OPF_OPP | OPF_MOD_OPP
for _op in (E.OP_FORCE_DRAW, E.OP_VOID_ABILITIES):
    OP_FLAGS[_op] = OPF_MOD | OPF_OPP
OP_FLAGS[E.OP_C_ZERO] = OPF_MOD | OPF_OPP  # round 13f: no modification (acts under immune_mod), an option's effect
for _op in (E.OP_DAMAGE, E.OP_OPP_MILL, E.OP_OPP_DISCARD, E.OP_OPP_SLOTS_CLEAR, E.OP_OPP_REVEAL, E.OP_OPP_WIPE,
            E.OP_DAMAGE_PER_GAUGE, E.OP_OPP_CLEAR, E.OP_OPP_DISCARD_HAND, E.OP_OPP_BOX_DARK, E.OP_OPP_SUPPORT_DARK,
            E.OP_DAMAGE_LOST, E.OP_OPP_DOWN_ONE, E.OP_BOTH_LOSE_MAY):
    OP_FLAGS[_op] = OPF_OPP
for _op in (E.OP_PER_DISCARD, E.OP_PER_DISCARD_DIGIMON, E.OP_PER_MILL, E.OP_PER_DISCARD_IF):
    OP_FLAGS[_op] = OPF_MOD | OPF_PER
OP_FLAGS[E.OP_OPP_PER_DISCARD_IF] = OPF_MOD | OPF_PER | OPF_OPP | OPF_MOD_OPP  # round 10c


@njit(cache=True, inline="always")
def row_blocked_nb(T, S, M, X, p, f, from_option, card):
    """A row with opcode flags f cannot reach p's opponent: option immunity (an option's row aimed at
    it) or immunity to attack modification."""
    o = 1 - p
    if f & OPF_OPP:
        if from_option and (M[o, M_IMM_OPT] != 0 or (card >= 0 and card_immune_nb(T, S, M, X, o, card))):
            return True
        if (f & OPF_MOD_OPP) and M[o, M_IMM_MOD] != 0:
            return True
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def has_immunity_nb(T, S, M, X, o, op):
    return _has_immunity_c_nb(T, S, M, X, np.int64(o), np.int64(op))


@njit(cache=True, _nrt=False)
def _has_immunity_c_nb(T, S, M, X, o, op):
    """o has a face-up option in its slots (still active) with a row ``op`` (immune_damage / immune_draw /
    immune_clear) whose conditions hold now (reference_effects.has_immunity)."""
    for k in range(3):
        c = S[o, SLOT + k]
        if c < 0 or S[o, SLOT_UP + k] == 0 or not option_active_nb(S, o, c):
            continue
        for r in range(T.ct[o, c, F_EFF_LO], T.ct[o, c, F_EFF_HI]):
            if T.eff[r, E_OP] == op and cond_ok_nb(T, S, M, X, o, r, -1):
                return True
    return False


@njit(cache=True, _nrt=False)
def card_has_op_nb(T, s, c, op):
    """Card c of seat s has a row of operation op (a printed flag such as no_option_dark, round 9a)."""
    for r in range(T.ct[s, c, F_EFF_LO], T.ct[s, c, F_EFF_HI]):
        if T.eff[r, E_OP] == op:
            return True
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def keep_slot_nb(T, S, o, k):
    return _keep_slot_c_nb(T, S, np.int64(o), np.int64(k))


@njit(cache=True, _nrt=False)
def _keep_slot_c_nb(T, S, o, k):
    """An opponent's effect would send o's slot-k card to the Dark Area: a face-up option with a ``keep_slot(N)``
    row stays when o can send its top N Net Ocean cards to the Dark Area, which it then does (Re-60t; every
    player keeps it whenever it can pay; reference_effects.keep_slot)."""
    c = S[o, SLOT + k]
    if S[o, SLOT_UP + k] == 0:
        return False
    for r in range(T.ct[o, c, F_EFF_LO], T.ct[o, c, F_EFF_HI]):
        if T.eff[r, E_OP] == E.OP_KEEP_SLOT and S[o, DECK_N] >= T.eff[r, E_ARG]:
            for _ in range(T.eff[r, E_ARG]):
                S[o, DECK_N] -= 1
                push_nb(S, o, DARK, DARK_N, S[o, DECK + S[o, DECK_N]])
            return True
    return False


@njit(cache=True, inline="always")
def faceup_op_row_nb(T, S, p, op):
    """The first row with operation `op` of a face-up option in p's slots (slot order), -1 none
    (reference_effects.faceup_op_row)."""
    for k in range(3):
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] == 0:
            continue
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_OP] == op:
                return r
    return -1


@njit(cache=True, _nrt=False)
def lost_to_hand_nb(T, S, p):
    """A face-up option in p's slots has a ``lost_to_hand`` row (Re-60t): the Digimon that lost goes to the hand
    (reference_effects.Effects.lost_to_hand)."""
    return faceup_op_row_nb(T, S, p, E.OP_LOST_TO_HAND) >= 0


@njit(cache=True, inline="always")
def hand_limit_nb(T, S, p):
    """Round 11f: the upper limit of p's hand for Preparation: a face-up option's ``hand_limit(N)`` row (the first in
    slot order; Jumper Board Bo-452), else 6 (C-HAND-1); called only for a seat whose deck has such a row (X_R11F).
    The row's conditions were tested when the card was used (a point card is used only when they hold)
    (reference_effects.Effects.hand_limit)."""
    r = faceup_op_row_nb(T, S, p, E.OP_HAND_LIMIT)
    return T.eff[r, E_ARG] if r >= 0 else 6


@njit(cache=True, inline="always")
def kind_blocked_nb(T, S, M, X, p, r):
    """Row r of p cannot reach its opponent, immune to effects of that kind: a direct point reduction (any
    timing but win / draw), a further one (win / draw rows), a forced draw, slot cards sent to the Dark Area."""
    op = T.eff[r, E_OP]
    if op == E.OP_DAMAGE or op == E.OP_DAMAGE_PER_GAUGE or op == E.OP_OPP_REVEAL or op == E.OP_DAMAGE_LOST \
            or op == E.OP_BOTH_LOSE_MAY:  # round 13a: an opponent immune to the reduction: the row as a whole not chosen
        tm = T.eff[r, E_TIMING]
        if tm == E.T_WIN or tm == E.T_DRAW:
            return has_immunity_nb(T, S, M, X, 1 - p, E.OP_IMMUNE_FURTHER)
        return has_immunity_nb(T, S, M, X, 1 - p, E.OP_IMMUNE_DAMAGE)
    if op == E.OP_FORCE_DRAW:
        return has_immunity_nb(T, S, M, X, 1 - p, E.OP_IMMUNE_DRAW)
    if op == E.OP_OPP_SLOTS_CLEAR or op == E.OP_OPP_CLEAR or op == E.OP_OPP_DOWN_ONE:
        return has_immunity_nb(T, S, M, X, 1 - p, E.OP_IMMUNE_CLEAR)
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def apply_row_nb(T, S, M, X, p, r, from_option, rng, card, count):
    return _apply_row_c_nb(T, S, M, X, np.int64(p), np.int64(r), np.int64(from_option), rng, np.int64(card), np.int64(count))


@njit(cache=True, _nrt=False)
def _apply_row_c_nb(T, S, M, X, p, r, from_option, rng, card, count):
    """card: the option card applied (-1 an ability); count: the player's per_* count.  evolve_now is
    done by the caller once the card's rows have applied (use_option / use_ability)."""
    o = 1 - p
    op = T.eff[r, E_OP]
    arg = T.eff[r, E_ARG]
    arg2 = T.eff[r, E_ARG2]
    f = OP_FLAGS[op]
    if row_blocked_nb(T, S, M, X, p, f, from_option, card):
        return
    if (f & OPF_OPP) and kind_blocked_nb(T, S, M, X, p, r):
        return
    if f & OPF_PER:
        n = min(count, per_avail_nb(T, S, p, op, r))
        if arg2 > 0:
            n = min(n, arg2)
        for _ in range(n):
            if op == E.OP_PER_MILL:
                S[p, DECK_N] -= 1
                push_nb(S, p, DARK, DARK_N, S[p, DECK + S[p, DECK_N]])
            elif op == E.OP_PER_DISCARD_IF or op == E.OP_OPP_PER_DISCARD_IF:
                push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, discard_matching_nb(T, S, p, r)))
            else:
                push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, discard_choice_nb(T, S, p)))
        _per_add_nb(M, p, op, arg * max(0, n))
    elif f & OPF_MOD:
        if op == E.OP_ATK_PER_SHEET:  # round 9b: N for every matching card on the sheet(s), now
            arg = arg * sheet_count_nb(T, S, np.int64(p), np.int64(r), np.int64(arg2))  # one signature
        elif op == E.OP_ATK_PER_SLOT:  # round 11c: N for every slot card counted at the start (count; the log keeps it)
            op = E.OP_ATK_ADD
            arg = arg * count
        modify_nb(T, S, M, p, op, arg, arg2)
    elif op == E.OP_DAMAGE:
        S[o, PTS] = max(0, S[o, PTS] - arg)
    elif op == E.OP_DAMAGE_LOST:  # round 9a: what p lost to this turn's battle result (kernel.py, X_LOST)
        S[o, PTS] = max(0, S[o, PTS] - X[X_LOST + p])
    elif op == E.OP_HEAL:
        if not (has_immunity_nb(T, S, M, X, p, E.OP_NO_HEAL) or has_immunity_nb(T, S, M, X, o, E.OP_NO_HEAL)):  # round 9c
            S[p, PTS] = min(100, S[p, PTS] + arg)
    elif op == E.OP_SELF_DAMAGE:
        S[p, PTS] = max(0, S[p, PTS] - arg)
    elif op == E.OP_KEEP_BOX:  # round 13c: read by this turn's renewal (kernel.renew_nb)
        M[p, M_KEEPBOX] = 1
    elif op == E.OP_DRAW:
        for _ in range(arg):
            if S[p, DECK_N] > 0:
                S[p, DECK_N] -= 1
                c = S[p, DECK + S[p, DECK_N]]
                push_nb(S, p, HAND, HAND_N, c)
                S[p, DRAWN] |= np.int32(1) << c
    elif op == E.OP_DRAW_TO:  # round 11g: up to arg cards in hand
        while S[p, DECK_N] > 0 and S[p, HAND_N] < arg:
            S[p, DECK_N] -= 1
            c = S[p, DECK + S[p, DECK_N]]
            push_nb(S, p, HAND, HAND_N, c)
            S[p, DRAWN] |= np.int32(1) << c
    elif op == E.OP_DISCARD:
        for _ in range(arg):
            if S[p, HAND_N] > 0:
                push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, discard_choice_nb(T, S, p)))
    elif op == E.OP_MILL:
        for _ in range(arg):
            if S[p, DECK_N] > 0:
                S[p, DECK_N] -= 1
                push_nb(S, p, DARK, DARK_N, S[p, DECK + S[p, DECK_N]])
    elif op == E.OP_OPP_MILL:
        for _ in range(arg):
            if S[o, DECK_N] > 0:
                S[o, DECK_N] -= 1
                push_nb(S, o, DARK, DARK_N, S[o, DECK + S[o, DECK_N]])
    elif op == E.OP_OPP_DISCARD:
        for _ in range(arg):
            if S[o, HAND_N] > 0:
                push_nb(S, o, DARK, DARK_N, hand_remove_nb(S, o, randint_nb(rng, S[o, HAND_N])))
    elif op == E.OP_OPP_SLOTS_CLEAR:
        for k in range(3):
            up = S[o, SLOT_UP + k] != 0
            if S[o, SLOT + k] >= 0 and (arg == E.SLOTS_ALL or (arg == E.SLOTS_UP) == up) and not keep_slot_nb(T, S, o, k):
                c = S[o, SLOT + k]
                push_nb(S, o, DARK, DARK_N, c)
                S[o, SLOT + k] = -1
                S[o, SLOT_UP + k] = 0
                X[X_DIRTY] = 1  # the cleared options' modifiers end (rebuilt after this action)
                if up and (T.ct[o, c, F_TIMINGS] & TM_DARK) != 0:  # round 13c
                    dark_event_nb(T, S, M, X, o, c)
    elif op == E.OP_OPP_DOWN_ONE:  # round 9a: a blind pick among the face-down slot cards (they apply no modifier)
        n = 0
        for k in range(3):
            if S[o, SLOT + k] >= 0 and S[o, SLOT_UP + k] == 0:
                n += 1
        if n > 0:
            j = randint_nb(rng, n)
            for k in range(3):
                if S[o, SLOT + k] >= 0 and S[o, SLOT_UP + k] == 0:
                    if j == 0:
                        push_nb(S, o, DARK, DARK_N, S[o, SLOT + k])
                        S[o, SLOT + k] = -1
                        break
                    j -= 1
    elif op == E.OP_OPP_BOX_DARK:  # round 7: never the Level III (DM-L3-1); the options tied to the card leave with it
        if S[o, TOP] >= 0 and row_filter_nb(T, o, S[o, TOP], r) \
                and not (from_option != 0 and card_has_op_nb(T, o, S[o, TOP], E.OP_NO_OPTION_DARK)):
            box_top_to_dark_nb(S, X, o)
    elif op == E.OP_OPP_SUPPORT_DARK:  # round 8: SUP_USED stays set, the opponent places no other support this turn
        if S[o, SUPPORT] >= 0 and row_filter_nb(T, o, S[o, SUPPORT], r):
            push_nb(S, o, DARK, DARK_N, S[o, SUPPORT])
            S[o, SUPPORT] = -1
            X[X_DIRTY] = 1  # its support rows end (the rebuild skips a logged support no longer in the box)
    elif op == E.OP_OPP_CLEAR:
        n = 0
        for k in range(3):
            c = S[o, SLOT + k]
            if c >= 0 and S[o, SLOT_UP + k] != 0 and row_filter_nb(T, o, c, r) and (arg == 0 or n < arg) \
                    and not keep_slot_nb(T, S, o, k):
                push_nb(S, o, DARK, DARK_N, c)
                S[o, SLOT + k] = -1
                S[o, SLOT_UP + k] = 0
                n += 1
                X[X_DIRTY] = 1  # the cleared options' modifiers end (rebuilt after this action)
                if (T.ct[o, c, F_TIMINGS] & TM_DARK) != 0:  # round 13c
                    dark_event_nb(T, S, M, X, o, c)
    elif op == E.OP_DAMAGE_PER_GAUGE:
        S[o, PTS] = max(0, S[o, PTS] - arg * max(0, S[p, GAUGE_N] - 1))
    elif op == E.OP_OPP_REVEAL:
        n = min(arg, S[o, DECK_N])
        k = 0
        for i in range(S[o, DECK_N] - n, S[o, DECK_N]):
            if T.ct[o, S[o, DECK + i], F_KIND] == E.KIND_OPTION:
                k += 1
        S[o, PTS] = max(0, S[o, PTS] - arg2 * k)
        shuffle_nb(rng, S[o, DECK:DECK + S[o, DECK_N]], np.int64(S[o, DECK_N]))
    elif op == E.OP_SEARCH:
        n = min(arg, S[p, DECK_N])
        top = S[p, DECK_N] - 1
        k = 0  # cards taken; arg2 > 0: at most arg2 (round 13e: "(2 cards max)", the top matches first)
        for j in range(n):  # the top card first
            i = top - j
            c = S[p, DECK + i]
            if (arg2 == 0 or k < arg2) and row_filter_nb(T, p, c, r):
                k += 1
                for q in range(i, S[p, DECK_N] - 1):  # out of the deck, order kept
                    S[p, DECK + q] = S[p, DECK + q + 1]
                S[p, DECK_N] -= 1
                push_nb(S, p, HAND, HAND_N, c)
                S[p, DRAWN] |= np.int32(1) << c
        shuffle_nb(rng, S[p, DECK:DECK + S[p, DECK_N]], np.int64(S[p, DECK_N]))
    elif op == E.OP_GAUGE_MILL:
        for _ in range(arg):
            if S[p, DECK_N] > 0:
                S[p, DECK_N] -= 1
                push_nb(S, p, GAUGE, GAUGE_N, S[p, DECK + S[p, DECK_N]])
    elif op == E.OP_TUTOR:
        from_deck = False
        for _ in range(arg):
            pick = tutor_choice_nb(T, S, p)
            if pick < 0:
                break
            if pick < 64:  # deck position: out of the deck, order kept
                c = S[p, DECK + pick]
                for q in range(pick, S[p, DECK_N] - 1):
                    S[p, DECK + q] = S[p, DECK + q + 1]
                S[p, DECK_N] -= 1
                from_deck = True
            else:  # Dark Area position + 64
                i = pick - 64
                c = S[p, DARK + i]
                for q in range(i, S[p, DARK_N] - 1):
                    S[p, DARK + q] = S[p, DARK + q + 1]
                S[p, DARK_N] -= 1
            push_nb(S, p, HAND, HAND_N, c)
            S[p, DRAWN] |= np.int32(1) << c
        if from_deck:
            shuffle_nb(rng, S[p, DECK:DECK + S[p, DECK_N]], np.int64(S[p, DECK_N]))
    elif op == E.OP_DARK_TO_HAND:  # round 10a
        dark_to_hand_nb(T, S, p, r, arg, DARK, DARK_N, 0)
    elif op == E.OP_GAUGE_TO_HAND:  # round 13e: the gauge's stacked cards (position 0, the start-of-game card, never)
        dark_to_hand_nb(T, S, p, r, arg, GAUGE, GAUGE_N, 1)
    elif op == E.OP_SWAP_HAND_SLOT:  # round 12c: a hand / slot exchange (Bo-161), one fixed choice
        swap_hand_slot_nb(T, S, p, arg)
    elif op == E.OP_BOTH_LOSE_MAY:  # round 13a: "you may lower both … points by arg" (CD-5), one fixed choice
        if S[p, PTS] > S[o, PTS] and S[p, PTS] > arg:
            S[p, PTS] = max(0, S[p, PTS] - arg)
            S[o, PTS] = max(0, S[o, PTS] - arg)
    elif op == E.OP_DARK_TO_DECK:  # round 11g: the Dark Area (its order) on top of the Net Ocean, then the shuffle
        for i in range(S[p, DARK_N]):
            push_nb(S, p, DECK, DECK_N, S[p, DARK + i])
        S[p, DARK_N] = 0
        shuffle_nb(rng, S[p, DECK:DECK + S[p, DECK_N]], np.int64(S[p, DECK_N]))
    elif op == E.OP_DISCARD_HAND:
        for i in range(S[p, HAND_N]):
            push_nb(S, p, DARK, DARK_N, S[p, HAND + i])
        S[p, HAND_N] = 0
    elif op == E.OP_OPP_DISCARD_HAND:  # round 6: only the cards matching the row filter (none: every card)
        n = 0
        for i in range(S[o, HAND_N]):
            c = S[o, HAND + i]
            if row_filter_nb(T, o, c, r):
                push_nb(S, o, DARK, DARK_N, c)
            else:
                S[o, HAND + n] = c
                n += 1
        S[o, HAND_N] = n
    elif op == E.OP_OPP_WIPE:
        for i in range(S[o, HAND_N]):
            push_nb(S, o, DARK, DARK_N, S[o, HAND + i])
        S[o, HAND_N] = 0
        for k in range(3):
            if S[o, SLOT + k] >= 0 and not has_immunity_nb(T, S, M, X, o, E.OP_IMMUNE_CLEAR) \
                    and not keep_slot_nb(T, S, o, k):
                c = S[o, SLOT + k]
                up = S[o, SLOT_UP + k] != 0
                push_nb(S, o, DARK, DARK_N, c)
                S[o, SLOT + k] = -1
                S[o, SLOT_UP + k] = 0
                if up and (T.ct[o, c, F_TIMINGS] & TM_DARK) != 0:  # round 13c
                    dark_event_nb(T, S, M, X, o, c)
        X[X_DIRTY] = 1


@njit(cache=True, _nrt=False)
def tutor_choice_nb(T, S, p):
    """reference_effects.tutor_choice: the deck position (0..63) or Dark Area position + 64 of the card
    ``tutor`` takes next, -1 for none.  The highest-level Digimon that would be on a BL-2 chain of hand
    cards once in hand; equal levels: the deck's top card first, then the Dark Area in arrival order."""
    best = -1
    best_lv = -1
    nd = S[p, DECK_N]
    for j in range(nd + S[p, DARK_N]):
        if j < nd:
            pos = nd - 1 - j
            c = S[p, DECK + pos]
        else:
            pos = 64 + j - nd
            c = S[p, DARK + j - nd]
        lv = T.ct[p, c, F_DLEVEL]  # -1 for an option
        if lv <= E.LV_III or lv <= best_lv:
            continue
        if would_keep_nb(T, S, p, c):
            best = pos
            best_lv = lv
    return best


@njit(cache=True, _nrt=False)
def would_keep_nb(T, S, p, c):
    """Card c, once in p's hand, would be on a BL-2 chain of hand cards (reference_effects.would_keep)."""
    q = S[p, HAND_N]
    push_nb(S, p, HAND, HAND_N, c)
    lm4, lm5, lm6, _opt = hand_masks_nb(T, S, p)
    on = (chain_keep_nb(T, S, p, lm4, lm5, lm6) >> q) & 1
    S[p, HAND_N] = q
    return on != 0


@njit(cache=True, _nrt=False)
def dark_to_hand_nb(T, S, p, r, n, z, zn, lo):
    """Round 10a, dark_to_hand(n): up to n cards matching row r's filter from p's Dark Area (z, zn: DARK, DARK_N; round
    13e's gauge_to_hand: GAUGE, GAUGE_N, positions from lo = 1) into the hand, one at a time
    (reference_effects.apply_row)."""
    for _ in range(n):
        i = dark_pick_nb(T, S, p, r, z, zn, lo)
        if i < 0:
            return
        c = S[p, z + i]
        for q in range(i, S[p, zn] - 1):
            S[p, z + q] = S[p, z + q + 1]
        S[p, zn] -= 1
        push_nb(S, p, HAND, HAND_N, c)
        S[p, DRAWN] |= np.int32(1) << c


@njit(cache=True, _nrt=False)
def dark_pick_nb(T, S, p, r, z, zn, lo):
    """reference_effects.dark_pick: the Dark Area position (the zone z, zn from position lo) dark_to_hand takes next,
    -1 for none.  Tutor's preference among the cards matching row r's filter, else the last matching card to arrive."""
    best = -1
    best_lv = -1
    last = -1
    for i in range(lo, S[p, zn]):
        c = S[p, z + i]
        if not row_filter_nb(T, p, c, r):
            continue
        last = i
        lv = T.ct[p, c, F_DLEVEL]  # -1 for an option
        if lv <= E.LV_III or lv <= best_lv:
            continue
        if would_keep_nb(T, S, p, c):
            best = i
            best_lv = lv
    return best if best >= 0 else last


@njit(cache=True, inline="always")
def _per_add_nb(M, p, op, v):
    """A per_* count's attack change: the own attack += v, the opponent's −= v for opp_per_discard_if (round 10c)."""
    if op == E.OP_OPP_PER_DISCARD_IF:
        M[1 - p, M_ADD] -= v
    else:
        M[p, M_ADD] += v


@njit(cache=True, inline="always")
def sim_row_nb(T, S, M, X, p, r, from_option, card, count):
    """A battle simulation's / rebuild's apply_row_nb: only attack modifiers, on M; a per_* row counts
    `count` cards without moving any."""
    op = T.eff[r, E_OP]
    f = OP_FLAGS[op]
    if (f & OPF_MOD) == 0 or row_blocked_nb(T, S, M, X, p, f, from_option, card):
        return
    if (f & OPF_OPP) and kind_blocked_nb(T, S, M, X, p, r):
        return
    if f & OPF_PER:
        _per_add_nb(M, p, op, T.eff[r, E_ARG] * max(0, count))
    elif op == E.OP_ATK_PER_SHEET:  # round 9b
        M[p, M_ADD] += T.eff[r, E_ARG] * sheet_count_nb(T, S, np.int64(p), np.int64(r), np.int64(T.eff[r, E_ARG2]))
    elif op == E.OP_ATK_PER_SLOT:  # round 11c: the count logged at the start
        M[p, M_ADD] += T.eff[r, E_ARG] * count
    else:
        modify_nb(T, S, M, p, op, T.eff[r, E_ARG], T.eff[r, E_ARG2])


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def modify_nb(T, S, M, p, op, arg, arg2):
    return _modify_c_nb(T, S, M, np.int64(p), np.int64(op), np.int64(arg), np.int64(arg2))


@njit(cache=True, _nrt=False)  # one copy: inlined at every simulation site it cost compile minutes
def _modify_c_nb(T, S, M, p, op, arg, arg2):
    """The attack-modifier opcodes (OPF_MOD, per_* aside): updates of M only."""
    o = 1 - p
    if op == E.OP_ATK_ADD or op == E.OP_ATK_PER_SHEET:  # atk_per_sheet: arg already times its count
        M[p, M_ADD] += arg
    elif op == E.OP_OPP_ATK_ADD:
        M[o, M_ADD] += arg
    elif op == E.OP_BASE_ADD:
        M[p, M_BASE_ADD] += arg
    elif op == E.OP_BASE_A:  # round 9c: the attack used now counts the printed A
        cp = cur_nb(S, p)
        M[p, M_BASE_ADD] += T.ct[p, cp, F_ATK + E.BT_A] - T.ct[p, cp, F_ATK + attack_type_nb(T, S, M, p)]
    elif op == E.OP_ATK_MUL:
        M[p, M_NUM] = arg
        M[p, M_DEN] = max(1, arg2)
    elif op == E.OP_OPP_ATK_MUL:
        M[o, M_NUM] = arg
        M[o, M_DEN] = max(1, arg2)
    elif op == E.OP_HALVE_OPP:
        M[o, M_HALVED] = 1
    elif op == E.OP_ATTACK_AS:
        M[p, M_AS] = arg
    elif op == E.OP_ATTACK_PICK:
        M[p, M_AS] = attack_pick_nb(T, S, M, p, arg)
    elif op == E.OP_ATTACK_HIGH:  # round 7: the letters of the highest printed number, then the pick among them
        cp = cur_nb(S, p)
        hi = max(T.ct[p, cp, F_ATK], max(T.ct[p, cp, F_ATK + 1], T.ct[p, cp, F_ATK + 2]))
        mask = 0
        for k in range(3):
            if T.ct[p, cp, F_ATK + k] == hi:
                mask |= 1 << k
        M[p, M_AS] = attack_pick_nb(T, S, M, p, np.int64(mask))  # not a literal 0: one compiled copy
    elif op == E.OP_OPP_ATTACK_AS:
        M[o, M_AS] = arg
    elif op == E.OP_BT_PICK:  # round 12d
        bt_pick_nb(T, S, M, p)
    elif op == E.OP_ZERO_OPP:
        M[o, M_ZEROED] = 1
    elif op == E.OP_C_ZERO:  # round 13f
        M[o, M_CZERO] = 1
    elif op == E.OP_NO_ZERO:
        M[p, M_NOZERO] = 1
    elif op == E.OP_FORCE_DRAW:
        M[p, M_FORCE_DRAW] = 1
    elif op == E.OP_NO_FORCE_DRAW:
        M[p, M_NOFD] = 1
    elif op == E.OP_IMMUNE_OPTIONS:
        M[p, M_IMM_OPT] = 1
    elif op == E.OP_IMMUNE_MOD:
        M[p, M_IMM_MOD] = 1
    elif op == E.OP_VOID_ABILITIES:
        if T.ct[o, cur_nb(S, o), F_KEEP_ABIL] == 0:
            M[o, M_VOID] = 1
    elif op == E.OP_LOST_MUL:
        M[p, M_LOSTMUL] = arg
    elif op == E.OP_LOST_ADD:
        M[p, M_LOSTADD] += arg
    elif op == E.OP_GAIN_FIELD:
        if M[p, M_GAINFIELD] >= 0:  # negative: only_field, no new field icon
            M[p, M_GAINFIELD] = arg
    elif op == E.OP_ONLY_FIELD:  # round 9a: M_GAINFIELD = -F, the field icon F alone
        M[p, M_GAINFIELD] = -arg
    elif op == E.OP_NO_DRAW_LOSS:
        M[p, M_NODRAWLOSS] = 1
    elif op == E.OP_GAIN_KEYWORD:
        if M[p, M_GAIN0] == 0 or M[p, M_GAIN0] == arg:
            M[p, M_GAIN0] = arg
        else:
            M[p, M_GAIN1] = arg
    elif op == E.OP_OPP_LOSE_KEYWORD:
        M[o, M_LOSTKW] = arg
    elif op == E.OP_ATTACK_LAST:
        M[p, M_ATKLAST] = 1
    elif op == E.OP_NO_LOSS:
        M[p, M_NOLOSS] = 1
    elif op == E.OP_HOST_ABC:
        M[p, M_ADD] += host_abc_nb(T, S, p)
    elif op == E.OP_ATK_COL:  # round 11e: + the own printed number of attack arg
        M[p, M_ADD] += T.ct[p, cur_nb(S, p), F_ATK + arg]
    elif op == E.OP_NO_C_ZERO:  # round 11e: arg 0 p's own C attack, 1 the opponent's, loses its "A→0"
        M[p if arg == 0 else o, M_NOCZERO] = 1
    elif op == E.OP_ATK_LOST:  # round 11e: arg × the own Lost Points at Level III (column 0)
        M[p, M_ADD] += arg * T.ct[p, cur_nb(S, p), F_LOST]
    elif op == E.OP_SELF_LOST_ADD:  # round 11e
        M[p, M_SELFLOST] += arg


@njit(cache=True, _nrt=False)
def host_abc_nb(T, S, p):
    """host_abc (Parasimon Bo-681): the printed A + B + C of the Digimon p's box card moved into its support box
    when it appeared (move_host), while it is there (reference_effects.host_abc)."""
    h = S[p, SUPBOX]
    if h < 0 or S[p, SUPBOX_OWNER] != cur_nb(S, p) or T.ct[p, h, F_KIND] != E.KIND_DIGIMON:
        return 0
    return T.ct[p, h, F_ATK + 0] + T.ct[p, h, F_ATK + 1] + T.ct[p, h, F_ATK + 2]


@njit(cache=True, _nrt=False)
def support_barred_nb(T, S, M, X, p):
    """p cannot put a support Digimon into its Support Box: the opponent's box Digimon has an acting passive
    ``opp_no_support`` row whose conditions hold (Ornismon Bo-98t; reference_effects.support_barred)."""
    o = 1 - p
    if not abilities_active_nb(T, S, M, o):
        return False
    c = cur_nb(S, o)
    for r in range(T.ct[o, c, F_EFF_LO], T.ct[o, c, F_EFF_HI]):
        if T.eff[r, E_OP] == E.OP_OPP_NO_SUPPORT and T.eff[r, E_TIMING] == E.T_PASSIVE and row_on_nb(T, M, o, r) \
                and cond_ok_nb(T, S, M, X, o, r, -1):
            return True
    return False


@njit(cache=True, inline="always")
def record_nb(T, X, kind, p, r, card, count):
    """Log a row applied in this battle (attack modifiers only: what a rebuild re-applies)."""
    if X[X_IN_BATTLE] == 0 or (OP_FLAGS[T.eff[r, E_OP]] & OPF_MOD) == 0:
        return
    n = X[X_LOG_N]
    if n >= LOG_MAX:
        raise AssertionError("battle modifier log full")
    b = X_LOG + LOG_W * n
    X[b] = kind
    X[b + 1] = p
    X[b + 2] = r
    X[b + 3] = card
    X[b + 4] = count
    X[X_LOG_N] = n + 1


@njit(cache=True, inline="always")
def abilities_active_nb(T, S, M, p):
    """Some row of p's top card can act: it is modeled and its abilities are not void, or one of its rows is
    not a special ability (``special: no``, seed 003 §3.3); each row then asks row_on_nb."""
    c = cur_nb(S, p)
    return T.ct[p, c, F_MODELED] != 0 and (M[p, M_VOID] == 0 or (T.ct[p, c, F_TIMINGS] & TM_NOT_SPECIAL) != 0)


@njit(cache=True, inline="always")
def row_on_nb(T, M, p, r):
    """Row r of p's top card acts: p's abilities are not void, or the row is not a special ability."""
    return M[p, M_VOID] == 0 or (T.eff[r, E_FLAGS] & RF_NOT_SPECIAL) != 0


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def auto_abilities_nb(T, S, M, X, p, timing, rng, uses):
    return _auto_abilities_c_nb(T, S, M, X, np.int64(p), np.int64(timing), rng, uses)


@njit(cache=True, _nrt=False)
def _auto_abilities_c_nb(T, S, M, X, p, timing, rng, uses):
    if not abilities_active_nb(T, S, M, p):
        return
    c = cur_nb(S, p)
    used = False
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing and row_on_nb(T, M, p, r) and cond_ok_nb(T, S, M, X, p, r, -1) \
                and cost_payable_nb(T, S, p, r):
            pay_cost_nb(T, S, p, r, uses)
            apply_row_nb(T, S, M, X, p, r, False, rng, -1, 0)
            record_nb(T, X, LOG_ABILITY, p, r, c, 0)
            used = True
    if used:
        use_nb(S, uses, p, c)


@njit(cache=True, _nrt=False)
def first_row_at_nb(T, p, c, timing):
    """Card c's first effect row with this timing (its costs are the option's), -1 none."""
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing:
            return r
    return -1


@njit(cache=True, _nrt=False)
def use_option_nb(T, S, M, M2, X, p, k, timing, rng, uses):
    """Use the option in slot k at a timing outside the battle windows (prep, evolution, point, …)."""
    use_option_battle_nb(T, S, M, M2, X, p, k, timing, rng, uses)


@njit(cache=True, _nrt=False)
def use_option_battle_nb(T, S, M, M2, X, p, k, timing, rng, uses):
    """Use the option in slot k (reference_effects.Effects.use_option): its first row's costs, once; in
    a battle window the opponent may negate it (M2: scratch for its look-ahead); then its rows.  The
    per_* count is X[X_PER] (battle windows)."""
    c = S[p, SLOT + k]
    count = X[X_PER] if timing == E.T_BATTLE else 0
    X[X_PER] = 0
    r0 = first_row_at_nb(T, p, c, timing)
    gauge = pay_cost_nb(T, S, p, r0, uses) if r0 >= 0 else False
    use_nb(S, uses, p, c)
    o = 1 - p
    if timing == E.T_BATTLE and X[X_PLAYER + o] != E.PLAYER_BASELINE:
        kind, k2 = policy_negate_response(T, S, M, M2, X, o, p, c, count, rng)
        if kind >= 0:
            push_nb(S, p, DARK, DARK_N, c)
            S[p, SLOT + k] = -1
            S[p, SLOT_UP + k] = 0
            negate_with_nb(T, S, M, M2, X, o, np.int64(kind), np.int64(k2), rng, uses)
            return
    if timing == E.T_BATTLE:  # its win / lose / draw rows apply at Point Calculation (result_rows_nb)
        n = X[X_USED_N]
        if n >= USED_MAX:
            raise AssertionError("battle option list full")
        X[X_USED + 2 * n] = p
        X[X_USED + 2 * n + 1] = c
        X[X_USED_N] = n + 1
    _resolve_option_nb(T, S, M, M2, X, p, np.int64(k), np.int64(timing), rng, gauge, np.int64(count), uses)
    if timing == E.T_BATTLE and (T.ct[p, c, F_TIMINGS] & TM_WATCHED) != 0:  # round 11c: an opp_used row names it
        X[X_DIRTY] = 1


@njit(cache=True, _nrt=False)
def result_rows_nb(T, S, M, X, p, tm, rng, lost):
    """The win / lose / draw rows (timing tm) of p's options face-up since an earlier turn and still in their
    slots (round 10e, slot order), then of the options p used in this turn's battle windows, in the order of use
    (reference_effects.Effects.result_rows): conditions now, no cost.  lost (round 11f): only the rows lost*K /
    lost+N, which act before the points are lost; else all others."""
    for k in range(3):  # seed 003 §3.4 발동 타이밍: an option face-up since an earlier turn exercises its effects again
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] <= 0 or not option_active_nb(S, p, c):
            continue
        used = False
        for i in range(X[X_USED_N]):
            if X[X_USED + 2 * i] == p and X[X_USED + 2 * i + 1] == c:
                used = True
        if used:  # used in this turn's battle: below, in the order of use
            continue
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] == tm and lost_row_nb(T, r) == lost and cond_ok_nb(T, S, M, X, p, r, -1):
                apply_row_nb(T, S, M, X, p, r, True, rng, c, 0)
        if S[0, PTS] <= 0 or S[1, PTS] <= 0:
            return
    for i in range(X[X_USED_N]):
        if X[X_USED + 2 * i] != p:
            continue
        c = X[X_USED + 2 * i + 1]
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] == tm and lost_row_nb(T, r) == lost and cond_ok_nb(T, S, M, X, p, r, -1):
                apply_row_nb(T, S, M, X, p, r, True, rng, c, 0)
        if S[0, PTS] <= 0 or S[1, PTS] <= 0:
            return


@njit(cache=True, inline="always")
def lost_row_nb(T, r):
    """Round 11f: row r changes the opponent's lost points (lost*K, lost+N)."""
    return T.eff[r, E_OP] == E.OP_LOST_MUL or T.eff[r, E_OP] == E.OP_LOST_ADD


@njit(cache=True, _nrt=False)
def _resolve_option_nb(T, S, M, M2, X, p, k, timing, rng, gauge, count, uses):
    """An option's rows with that timing, then its limit (face-up, gauge, or Dark Area at the end of the
    phase / turn); an evolve_now row takes effect last."""
    c = S[p, SLOT + k]
    if T.ct[p, c, F_OPTYPE] == E.OPT_FIELD:  # a Field turns face-up: the others that end then leave
        for k2 in range(3):
            if k2 != k and S[p, SLOT + k2] >= 0 and S[p, SLOT_UP + k2] != 0 \
                    and (S[p, SLOT_END + k2] & E.LE_FIELD) != 0:
                c2 = S[p, SLOT + k2]
                discard_slot_nb(S, p, k2)
                if X[X_IN_BATTLE] != 0:
                    X[X_DIRTY] = 1
                if (T.ct[p, c2, F_TIMINGS] & TM_DARK) != 0:  # round 13c
                    dark_event_nb(T, S, M, X, p, c2)
    first = -1
    evo = -1
    pick = -1
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing:
            if first < 0:
                first = r
            if cond_ok_nb(T, S, M, X, p, r, -1):
                apply_row_nb(T, S, M, X, p, r, True, rng, c, count)
                record_nb(T, X, LOG_OPTION, p, r, c, count)
                if T.eff[r, E_OP] == E.OP_EVOLVE_NOW:
                    evo = r
                elif T.eff[r, E_OP] == E.OP_BOX_DARK_PICK:
                    pick = r
            elif (T.ct[p, c, F_TIMINGS] & TM_WAITS) != 0 and waits_nb(T, r):  # round 11c: replayed once it holds
                record_nb(T, X, LOG_OPTION, p, r, c, count)
    lim = T.eff[first, E_LIMIT] if first >= 0 else E.L_PHASE
    if gauge:
        push_nb(S, p, GAUGE, GAUGE_N, c)
        S[p, SLOT + k] = -1
        S[p, SLOT_UP + k] = 0
    elif lim == E.L_TURNS or lim == E.L_DISCARDED or lim == E.L_TURN or lim == E.L_TURNS_GAUGE:
        if lim == E.L_TURNS or lim == E.L_TURNS_GAUGE:
            S[p, SLOT_UP + k] = max(1, T.eff[first, E_LIMIT_ARG])
        elif lim == E.L_DISCARDED:
            S[p, SLOT_UP + k] = PERSIST
        else:
            S[p, SLOT_UP + k] = SPENT_TURN
        S[p, SLOT_END + k] = T.eff[first, E_LIMIT_END] | (E.LE_TO_GAUGE if lim == E.L_TURNS_GAUGE else 0)
        S[p, SLOT_CARD + k] = cur_nb(S, p)
    else:
        S[p, SLOT_UP + k] = SPENT_PHASE
        S[p, SLOT_END + k] = 0
        n = X[X_SPENT_N]
        X[X_SPENT + 2 * n] = p
        X[X_SPENT + 2 * n + 1] = k
        X[X_SPENT_N] = n + 1
    if evo >= 0:  # decided: evolve_now takes effect after the card's other rows
        evolve_now_nb(T, S, M, M2, X, p, evo, rng, uses)
    if pick >= 0:  # round 9c: box_dark_pick, after the card's other rows (as evolve_now)
        box_pick_nb(T, S, M, M2, X, p, np.int64(pick), np.int64(c), rng)  # one signature (no literal -1 copy)


@njit(cache=True, _nrt=False)
def negate_with_nb(T, S, M, M2, X, p, kind, idx, rng, uses):
    """p negates with the option in slot idx (kind 1: used like any option) or with its Digimon's ◎
    ability row idx (kind 0: used once this turn, its costs paid) (reference: Effects.negate_with)."""
    if kind == 1:
        c2 = S[p, SLOT + idx]
        r2 = first_row_at_nb(T, p, c2, E.T_BATTLE)
        g2 = pay_cost_nb(T, S, p, r2, uses) if r2 >= 0 else False
        use_nb(S, uses, p, c2)
        _resolve_option_nb(T, S, M, M2, X, p, np.int64(idx), np.int64(E.T_BATTLE), rng, g2, np.int64(0), uses)
        return
    c = cur_nb(S, p)
    S[p, ABIL_USED] |= 1 << (idx - T.ct[p, c, F_EFF_LO])
    pay_cost_nb(T, S, p, idx, uses)
    use_nb(S, uses, p, c)


@njit(cache=True, _nrt=False)
def _shielded_nb(T, u, card):
    """reference_greedy.shielded, its immunity already checked: u's option `card` has no row aimed only
    at the opponent (OPF_OPP less force_draw), so it cannot be invalidated (seed 003 §3.5)."""
    for r in range(T.ct[u, card, F_EFF_LO], T.ct[u, card, F_EFF_HI]):
        op = T.eff[r, E_OP]
        if (OP_FLAGS[op] & OPF_OPP) != 0 and op != E.OP_FORCE_DRAW:
            return False
    return True


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def negate_pick_nb(T, S, M, X, p, target_type, card):
    return _negate_pick_c_nb(T, S, M, X, np.int64(p), np.int64(target_type), np.int64(card))


@njit(cache=True, _nrt=False)
def _negate_pick_c_nb(T, S, M, X, p, target_type, card):
    """(0, row) p's Digimon's unused ◎ negate ability for this option type (conditions — card conditions
    on the option `card` to negate — and costs holding), else (1, slot) its first face-down negate
    card, else (-1, -1) (reference_greedy.negate_pick; none against a shielded option: _shielded_nb)."""
    if card >= 0 and M[1 - p, M_IMM_OPT] != 0 and _shielded_nb(T, 1 - p, card):
        return -1, -1
    c = cur_nb(S, p)
    if (T.ct[p, c, F_TIMINGS] & TM_NEGATE) != 0 and abilities_active_nb(T, S, M, p):
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] != E.T_BATTLE or ((S[p, ABIL_USED] >> (r - T.ct[p, c, F_EFF_LO])) & 1) != 0 \
                    or not row_on_nb(T, M, p, r):
                continue
            op = T.eff[r, E_OP]
            if ((op == E.OP_NEGATE_OPTION and target_type >= 0) or (op == E.OP_NEGATE_PROGRAM and target_type == OPT_PROGRAM)
                    or (op == E.OP_NEGATE_ITEM and (target_type == OPT_ITEM or target_type < 0))) \
                    and cond_ok_nb(T, S, M, X, p, r, card) and cost_payable_nb(T, S, p, r):
                return 0, r
    k = negate_slot_nb(T, S, M, X, p, target_type, card)
    if k >= 0:
        return 1, k
    return -1, -1


@njit(cache=True, inline="always")
def end_phase_nb(S, X):
    """Options used up in this phase go to the Dark Area (none: no call)."""
    if X[X_SPENT_N] != 0:
        _end_phase_nb(S, X)


@njit(cache=True, _nrt=False)
def _end_phase_nb(S, X):
    for i in range(X[X_SPENT_N]):
        p = X[X_SPENT + 2 * i]
        k = X[X_SPENT + 2 * i + 1]
        if S[p, SLOT + k] < 0:  # cleared meanwhile (opp_slots_clear)
            continue
        push_nb(S, p, DARK, DARK_N, S[p, SLOT + k])
        S[p, SLOT + k] = -1
        S[p, SLOT_UP + k] = 0
    X[X_SPENT_N] = 0


@njit(cache=True, _nrt=False)
def use_ability_nb(T, S, M, M2, X, p, r, rng, uses):
    c = cur_nb(S, p)
    count = X[X_PER]
    X[X_PER] = 0
    S[p, ABIL_USED] |= 1 << (r - T.ct[p, c, F_EFF_LO])
    pay_cost_nb(T, S, p, r, uses)
    ok = cond_ok_nb(T, S, M, X, p, r, -1)
    if ok:
        cards = S[p, DECK_N] + S[p, HAND_N]
        apply_row_nb(T, S, M, X, p, r, False, rng, -1, count)
        record_nb(T, X, LOG_ABILITY, p, r, c, count)
        if T.eff[r, E_LIMIT] == E.L_LEAVE_AT and cards - S[p, DECK_N] - S[p, HAND_N] >= T.eff[r, E_LIMIT_ARG]:
            S[p, TOP_UNTIL] = X[X_TURN]  # to the Dark Area at the end of the turn (Bo-1201)
            S[p, TOP_UNTIL_CARD] = c
    use_nb(S, uses, p, c)
    self_gauge_after_nb(T, S, M, X, p, np.int64(r), rng)
    if ok and T.eff[r, E_OP] == E.OP_EVOLVE_NOW:
        evolve_now_nb(T, S, M, M2, X, p, r, rng, uses)


@njit(cache=True, _nrt=False)
def use_support_nb(T, S, M, X, p, pos, rng, uses):
    """DM-BAT-2 (reference_effects.Effects.use_support): hand[pos] → Support Box; its support rows'
    costs (a gauge cost ignored), then the rows whose conditions hold."""
    c = hand_remove_nb(S, p, pos)
    S[p, SUPPORT] = c
    S[p, SUP_USED] = 1
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_SUPPORT:
            pay_cost_nb(T, S, p, r, uses)
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_SUPPORT and cond_ok_nb(T, S, M, X, p, r, -1):
            apply_row_nb(T, S, M, X, p, r, False, rng, -1, 0)
            record_nb(T, X, LOG_SUPPORT, p, r, c, 0)
    use_nb(S, uses, p, c)
    X[X_DIRTY] = 1  # passives with support: / sheet: conditions see the new card


# ---- slots, the support box and the box's top card: what ends when --------------------------------
@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def discard_slot_nb(S, p, k):
    return _discard_slot_c_nb(S, np.int64(p), np.int64(k))


@njit(cache=True, _nrt=False)
def _discard_slot_c_nb(S, p, k):
    push_nb(S, p, DARK, DARK_N, S[p, SLOT + k])
    S[p, SLOT + k] = -1
    S[p, SLOT_UP + k] = 0
    S[p, SLOT_END + k] = 0


@njit(cache=True, _nrt=False)
def dark_event_nb(T, S, M, X, p, c):
    """Round 13c (reference_effects.dark_event): p's Field option c went from a face-up slot to the Dark Area (the
    callers test TM_DARK first): its dark_self_damage rows take points from p, its dark_damage rows from the opponent,
    N for every Digimon on the opponent's sheet matching the row filter (a direct reduction: immune_damage and option
    immunity stop it); conditions now, row order."""
    o = 1 - p
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        op = T.eff[r, E_OP]
        if op == E.OP_DARK_SELF_DAMAGE and cond_ok_nb(T, S, M, X, p, r, -1):
            S[p, PTS] = max(0, S[p, PTS] - T.eff[r, E_ARG])
        elif op == E.OP_DARK_DAMAGE and cond_ok_nb(T, S, M, X, p, r, -1) \
                and not row_blocked_nb(T, S, M, X, p, OPF_OPP, True, c) \
                and not has_immunity_nb(T, S, M, X, o, E.OP_IMMUNE_DAMAGE):
            n = sheet_n_nb(T, S, o, T.eff[r, E_FILT0], T.eff[r, E_FILT0 + 1])
            S[o, PTS] = max(0, S[o, PTS] - T.eff[r, E_ARG] * n)


@njit(cache=True, inline="always")
def battle_card_nb(T, p, c):
    """Option c has battle rows and is used in a battle window (reference_effects.battle_card): an option with rows at
    the Point Calculation too is a Point Calculation card whose battle rows act in a later battle from its face-up slot
    (Jumper ROM Bo-451: "for the next turn only … add 100"), never used in a window."""
    m = T.ct[p, c, F_TIMINGS]
    return (m & (1 << E.T_BATTLE)) != 0 and (m & (1 << E.T_POINT)) == 0


@njit(cache=True, _nrt=False)
def swap_pick_nb(T, S, p, mask):
    """Round 12c (swap_hand_slot, reference_effects.swap_pick): the exchange every player makes, as k * 64 + hand
    position, -1 for none: the first face-down card of the slots in mask (bit k = slot k + 1) without a battle row, with
    the first Option card in hand that has a battle row and may lie in that slot (slot_pos 0 or k + 1)."""
    for k in range(3):
        c = S[p, SLOT + k]
        if ((mask >> k) & 1) == 0 or c < 0 or S[p, SLOT_UP + k] != 0 or battle_card_nb(T, p, c):
            continue
        for pos in range(S[p, HAND_N]):
            h = S[p, HAND + pos]
            if T.ct[p, h, F_KIND] == E.KIND_OPTION and T.ct[p, h, F_USABLE_OPT] != 0 and battle_card_nb(T, p, h) \
                    and (T.ct[p, h, F_SLOT_POS] == 0 or T.ct[p, h, F_SLOT_POS] == k + 1):
                return k * 64 + pos
    return -1


@njit(cache=True, _nrt=False)
def swap_hand_slot_nb(T, S, p, mask):
    """Round 12c: swap_pick_nb's exchange: the slot card goes to the end of the hand, the hand card face-down into the
    slot (a face-down card has no modifiers: nothing to rebuild)."""
    kp = swap_pick_nb(T, S, p, mask)
    if kp >= 0:
        k = kp // 64
        h = hand_remove_nb(S, p, kp % 64)
        push_nb(S, p, HAND, HAND_N, S[p, SLOT + k])
        S[p, SLOT + k] = h
        S[p, SLOT_UP + k] = 0
        S[p, SLOT_END + k] = 0


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def unbind_player_nb(S, p):
    return _unbind_player_c_nb(S, np.int64(p))


@njit(cache=True, _nrt=False)
def _unbind_player_c_nb(S, p):
    """Options used with a Digimon that is no longer the top card (end event LE_LEAVE), and a card put
    into the support box by one, go to the Dark Area."""
    cp = cur_nb(S, p)
    for k in range(3):
        if S[p, SLOT + k] >= 0 and S[p, SLOT_UP + k] != 0 and (S[p, SLOT_END + k] & E.LE_LEAVE) != 0 \
                and S[p, SLOT_CARD + k] != cp:
            discard_slot_nb(S, p, k)
    if S[p, SUPBOX] >= 0 and S[p, SUPBOX_OWNER] != cp:
        push_nb(S, p, DARK, DARK_N, S[p, SUPBOX])
        S[p, SUPBOX] = -1
    if S[p, BESIDE] >= 0 and S[p, BESIDE_OWNER] != cp:  # round 11a: with the Digimon it lay beside
        push_nb(S, p, DARK, DARK_N, S[p, BESIDE])
        S[p, BESIDE] = -1


@njit(cache=True, _nrt=False)
def unbind_nb(S):
    for p in range(2):
        unbind_player_nb(S, p)


@njit(cache=True, _nrt=False)
def battle_lost_nb(T, S, M, X, lo):
    """Death check: the loser's options with end event ``lost`` go to the Dark Area (slot order); round 13c: returns
    whether one of them had dark_* rows (dark_event_nb: the points may have changed)."""
    ev = False
    for k in range(3):
        if S[lo, SLOT + k] >= 0 and S[lo, SLOT_UP + k] != 0 and (S[lo, SLOT_END + k] & E.LE_LOSE) != 0:
            c = S[lo, SLOT + k]
            discard_slot_nb(S, lo, k)
            if (T.ct[lo, c, F_TIMINGS] & TM_DARK) != 0:
                dark_event_nb(T, S, M, X, lo, c)
                ev = True
    return ev


@njit(cache=True, _nrt=False)
def lifespan_ends_nb(S, p):
    """Renewal, before the shuffle (seed 004): options with end event ``lifespan`` or tied to the
    Digimon that just left, and a card put into the support box with it."""
    cp = cur_nb(S, p)
    for k in range(3):
        e = S[p, SLOT_END + k]
        if S[p, SLOT + k] >= 0 and S[p, SLOT_UP + k] != 0 and (
                (e & E.LE_LIFESPAN) != 0 or ((e & E.LE_LEAVE) != 0 and S[p, SLOT_CARD + k] != cp)):
            discard_slot_nb(S, p, k)
    if S[p, SUPBOX] >= 0 and S[p, SUPBOX_OWNER] != cp:
        push_nb(S, p, DARK, DARK_N, S[p, SUPBOX])
        S[p, SUPBOX] = -1
    if S[p, BESIDE] >= 0 and S[p, BESIDE_OWNER] != cp:  # round 11a: with the Digimon it lay beside
        push_nb(S, p, DARK, DARK_N, S[p, BESIDE])
        S[p, BESIDE] = -1


@njit(cache=True, _nrt=False)
def end_turn_nb(S, turn):
    """The end of the turn: appeared Digimon whose time is up, cards tied to a Digimon that left,
    options used with limit ``turn``, turn counts, Power Box cards kept for the turn."""
    for p in range(2):
        if S[p, TOP_UNTIL] == turn:
            if S[p, TOP] == S[p, TOP_UNTIL_CARD] and S[p, TOP] >= 0:
                push_nb(S, p, DARK, DARK_N, S[p, TOP])
                S[p, TOP] = -1
            S[p, TOP_UNTIL] = 0
    unbind_nb(S)
    for p in range(2):
        for k in range(3):
            u = S[p, SLOT_UP + k]
            if S[p, SLOT + k] < 0:
                continue
            if u == SPENT_TURN:
                discard_slot_nb(S, p, k)
            elif u > 0 and u < PERSIST:
                S[p, SLOT_UP + k] = u - 1
                if u - 1 == 0:
                    if (S[p, SLOT_END + k] & E.LE_TO_GAUGE) != 0:  # round 13c: turns_gauge(N)
                        push_nb(S, p, GAUGE, GAUGE_N, S[p, SLOT + k])
                        S[p, SLOT + k] = -1
                        S[p, SLOT_END + k] = 0
                    else:
                        discard_slot_nb(S, p, k)
        for i in range(S[p, POWER_N]):
            push_nb(S, p, DARK, DARK_N, S[p, POWER + i])
        S[p, POWER_N] = 0


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def option_active_nb(S, p, card):
    return _option_active_c_nb(S, np.int64(p), np.int64(card))


@njit(cache=True, _nrt=False)
def _option_active_c_nb(S, p, card):
    """Option `card` is in one of p's slots and not tied (end event ``leave``) to a Digimon that left."""
    for k in range(3):
        if S[p, SLOT + k] == card:
            return not (S[p, SLOT_UP + k] != 0 and (S[p, SLOT_END + k] & E.LE_LEAVE) != 0
                        and S[p, SLOT_CARD + k] != cur_nb(S, p))
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def slot_up_count_nb(S, T, p, fk, fv):
    return _slot_up_count_c_nb(S, T, np.int64(p), np.int64(fk), np.int64(fv))


@njit(cache=True, _nrt=False)
def _slot_up_count_c_nb(S, T, p, fk, fv):
    """Round 10a (condition slot_up): face-up cards in p's slots, still active, that match filter (fk, fv)."""
    n = 0
    for k in range(3):
        c = S[p, SLOT + k]
        if c >= 0 and S[p, SLOT_UP + k] != 0 and option_active_nb(S, p, c) and card_match_nb(T, p, c, fk, fv):
            n += 1
    return n


# ---- the battle modifiers: built at the start of the battle, rebuilt when a box changes ------------
@njit(cache=True, _nrt=False)
def reset_m_nb(M):
    for s in range(2):
        for f in range(NM):
            M[s, f] = 0
        M[s, M_NUM] = 1
        M[s, M_DEN] = 1
        M[s, M_AS] = -1
        M[s, M_LOSTMUL] = 1


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def base_mods_nb(T, S, M, X, fa, sa, rng, sim):
    return _base_mods_c_nb(T, S, M, X, np.int64(fa), np.int64(sa), rng, np.int64(sim))


@njit(cache=True, _nrt=False)
def no_evo_heal_nb(T, S, p):
    """reference_effects.Effects.no_evo_heal: p's top Digimon was evolved this turn by an option with a
    no_evo_heal row (round 10d)."""
    cp = cur_nb(S, p)
    for j in range(S[p, EVO_N]):
        if S[p, EVO + 2 * j + 1] != cp:
            continue
        opt = S[p, EVO + 2 * j]
        for r in range(T.ct[p, opt, F_EFF_LO], T.ct[p, opt, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_NO_EVO_HEAL:
                return True
    return False


@njit(cache=True, _nrt=False)
def _kw_row_nb(T, r):
    """Row r gives or takes an ability keyword (gain / opp_lose)."""
    op = T.eff[r, E_OP]
    return op == E.OP_GAIN_KEYWORD or op == E.OP_OPP_LOSE_KEYWORD


@njit(cache=True, _nrt=False)
def keywords_first_nb(T, S, M, X, fa, sa):
    """Before any passive is evaluated (reference_effects.Effects.keywords_first): the ability keywords given or
    taken (gain / opp_lose) by the top cards' acting passive and this turn's ``evolved`` rows, the requirement
    options' ``evolved`` rows and the face-up options' rows (faceup_nb's selection), so that every row reading a
    keyword (keyword= / opp_keyword=, either Digimon's passives included) sees them: a "gains the ability" effect
    holds while its source stays (seed 003 §3.4 ◎특수능력 / 리미트), a passive acts always.  Attack modifiers
    only (sim_row_nb); the passes after apply these rows again, which changes nothing (gain / opp_lose are
    idempotent).  Only cards flagged TM_KEYWORD are read."""
    for i in range(2):
        p = sa if i == 0 else fa
        c = cur_nb(S, p)
        if (T.ct[p, c, F_TIMINGS] & TM_KEYWORD) != 0 and abilities_active_nb(T, S, M, p):
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                tm = T.eff[r, E_TIMING]
                if _kw_row_nb(T, r) and (tm == E.T_PASSIVE or (tm == E.T_EVOLVED and S[p, EVOLVED] == X[X_TURN])) \
                        and row_on_nb(T, M, p, r) and cond_ok_nb(T, S, M, X, p, r, -1):
                    sim_row_nb(T, S, M, X, p, r, False, -1, 0)
        for j in range(S[p, EVO_N]):
            opt = S[p, EVO + 2 * j]
            if S[p, EVO + 2 * j + 1] != c or (T.ct[p, opt, F_TIMINGS] & TM_KEYWORD) == 0:
                continue
            for r in range(T.ct[p, opt, F_EFF_LO], T.ct[p, opt, F_EFF_HI]):
                if _kw_row_nb(T, r) and T.eff[r, E_TIMING] == E.T_EVOLVED and cond_ok_nb(T, S, M, X, p, r, -1):
                    sim_row_nb(T, S, M, X, p, r, True, opt, 0)
        for k in range(3):
            c2 = S[p, SLOT + k]
            u = S[p, SLOT_UP + k]
            if c2 < 0 or (T.ct[p, c2, F_TIMINGS] & TM_KEYWORD) == 0 or not faceup_live_nb(S, X, p, k):
                continue
            for r in range(T.ct[p, c2, F_EFF_LO], T.ct[p, c2, F_EFF_HI]):
                tm = T.eff[r, E_TIMING]
                if _kw_row_nb(T, r) and ((tm == E.T_BATTLE and u > 0) or tm == E.T_PREP or tm == E.T_EVOLUTION) \
                        and cond_ok_nb(T, S, M, X, p, r, -1):
                    sim_row_nb(T, S, M, X, p, r, True, c2, 0)


@njit(cache=True, _nrt=False)
def faceup_kw_nb(T, S):
    """Face-up slot cards with a keyword row, both seats (a negate_item at the start of the battle that removes
    one leaves keywords_first_nb's figures stale: the battle's modifiers are rebuilt)."""
    n = 0
    for p in range(2):
        for k in range(3):
            c = S[p, SLOT + k]
            if c >= 0 and S[p, SLOT_UP + k] != 0 and (T.ct[p, c, F_TIMINGS] & TM_KEYWORD) != 0:
                n += 1
    return n


@njit(cache=True, _nrt=False)
def mods_without_nb(T, S, M3, X, o, k, rng):
    """Into M3: the base modifiers as if o's slot k were empty (greedy's negate_item look at a face-up Item whose
    keyword keywords_first_nb already gave the passives; reference_effects.Effects.mods_without)."""
    c = S[o, SLOT + k]
    S[o, SLOT + k] = -1
    reset_m_nb(M3)
    fa = X[X_FA]
    base_mods_nb(T, S, M3, X, fa, 1 - fa, rng, True)
    S[o, SLOT + k] = c


@njit(cache=True, _nrt=False)
def _base_mods_c_nb(T, S, M, X, fa, sa, rng, sim):
    """Into M (reset by the caller): voids of both top cards (evaluated before either applies: two such
    Digimon void each other, seed 003 §3.5), passives and ``evolved`` rows of the top cards, the
    ``evolved`` rows of requirement options; sim: attack modifiers only (a rebuild)."""
    v0 = -1
    v1 = -1
    for i in range(2):
        p = sa if i == 0 else fa
        c = cur_nb(S, p)
        if T.ct[p, c, F_MODELED] != 0:
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                if T.eff[r, E_OP] == E.OP_VOID_ABILITIES and T.eff[r, E_TIMING] == E.T_PASSIVE \
                        and cond_ok_nb(T, S, M, X, p, r, -1):
                    if i == 0:
                        v0 = r
                    else:
                        v1 = r
                    break
    if v0 >= 0:
        _apply_or_sim_nb(T, S, M, X, sa, v0, False, rng, -1, sim)
    if v1 >= 0:
        _apply_or_sim_nb(T, S, M, X, fa, v1, False, rng, -1, sim)
    keywords_first_nb(T, S, M, X, fa, sa)
    for i in range(2):
        p = sa if i == 0 else fa
        if abilities_active_nb(T, S, M, p):
            c = cur_nb(S, p)
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                tm = T.eff[r, E_TIMING]
                if T.eff[r, E_OP] == E.OP_VOID_ABILITIES and tm == E.T_PASSIVE:
                    continue
                if (tm == E.T_PASSIVE or (tm == E.T_EVOLVED and S[p, EVOLVED] == X[X_TURN])) \
                        and row_on_nb(T, M, p, r) and cond_ok_nb(T, S, M, X, p, r, -1):
                    if tm == E.T_EVOLVED and T.eff[r, E_OP] == E.OP_HEAL and S[p, EVO_N] > 0 \
                            and no_evo_heal_nb(T, S, p):
                        continue  # round 10d: evolved by an option with no_evo_heal (Ta-1)
                    _apply_or_sim_nb(T, S, M, X, p, r, False, rng, -1, sim)
        if S[p, EVO_N] > 0:
            cp = cur_nb(S, p)
            for j in range(S[p, EVO_N]):
                opt = S[p, EVO + 2 * j]
                here = S[p, EVO + 2 * j + 1] == cp
                # round 11b: an evolve_ignore option of two timings (TM_LATER) acts its battle rows from the Power Box
                # in this turn's battle, whatever Digimon is the top card ("your Digimon with the ability 'sky'")
                later = (T.ct[p, opt, F_TIMINGS] & TM_LATER) != 0
                if not here and not later:
                    continue
                for r in range(T.ct[p, opt, F_EFF_LO], T.ct[p, opt, F_EFF_HI]):
                    tm = T.eff[r, E_TIMING]
                    if ((here and tm == E.T_EVOLVED) or (later and tm == E.T_BATTLE)) and cond_ok_nb(T, S, M, X, p, r, -1):
                        _apply_or_sim_nb(T, S, M, X, p, r, True, rng, opt, sim)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def _apply_or_sim_nb(T, S, M, X, p, r, from_option, rng, card, sim):
    return _apply_or_sim_c_nb(T, S, M, X, np.int64(p), np.int64(r), np.int64(from_option), rng, np.int64(card), np.int64(sim))


@njit(cache=True, _nrt=False)
def _apply_or_sim_c_nb(T, S, M, X, p, r, from_option, rng, card, sim):
    if sim:
        sim_row_nb(T, S, M, X, p, r, from_option, card, 0)
    else:
        apply_row_nb(T, S, M, X, p, r, from_option, rng, card, 0)


@njit(cache=True, _nrt=False)
def logged_nb(X, p, c):
    """Option c of p was used in this battle (its rows are replayed from the log, not as face-up)."""
    for i in range(X[X_LOG_N]):
        b = X_LOG + LOG_W * i
        if X[b] == LOG_OPTION and X[b + 1] == p and X[b + 3] == c:
            return True
    return False


@njit(cache=True, inline="always")
def faceup_live_nb(S, X, p, k):
    """p's slot k holds a face-up option still active (face-up this turn or since an earlier one) that the turn's
    log does not replay (reference_effects.faceup_slot_cards)."""
    c = S[p, SLOT + k]
    u = S[p, SLOT_UP + k]
    return c >= 0 and (u > 0 or u == SPENT_TURN) and option_active_nb(S, p, c) and not logged_nb(X, p, c)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def faceup_nb(T, S, M, X, fa, sa, rng, sim):
    return _faceup_c_nb(T, S, M, X, np.int64(fa), np.int64(sa), rng, np.int64(sim))


@njit(cache=True, _nrt=False)
def _faceup_c_nb(T, S, M, X, fa, sa, rng, sim):
    """Face-up options still in their slots: battle rows (full apply at the start of the battle,
    modifiers only in a rebuild) and the modifier rows of prep / evolution options used before."""
    for i in range(2):
        p = sa if i == 0 else fa
        for k in range(3):
            c = S[p, SLOT + k]
            u = S[p, SLOT_UP + k]
            if not faceup_live_nb(S, X, p, k):
                continue
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                tm = T.eff[r, E_TIMING]
                if tm == E.T_BATTLE and u > 0:
                    if cond_ok_nb(T, S, M, X, p, r, -1):
                        _apply_or_sim_nb(T, S, M, X, p, r, True, rng, c, sim)
                elif (tm == E.T_PREP or tm == E.T_EVOLUTION) and cond_ok_nb(T, S, M, X, p, r, -1):
                    sim_row_nb(T, S, M, X, p, r, True, c, 0)


@njit(cache=True, _nrt=False)
def rebuild_nb(T, S, M, X, rng):
    """The battle modifiers from scratch into M (reference_effects.Effects.rebuild): base modifiers and
    face-up options, then the logged rows whose source is still there."""
    fa = X[X_FA]
    sa = 1 - fa
    reset_m_nb(M)
    base_mods_nb(T, S, M, X, fa, sa, rng, True)
    faceup_nb(T, S, M, X, fa, sa, rng, True)
    for i in range(X[X_LOG_N]):
        b = X_LOG + LOG_W * i
        kind = X[b]
        p = X[b + 1]
        r = X[b + 2]
        card = X[b + 3]
        if kind == LOG_OPTION and not option_active_nb(S, p, card):
            continue
        if kind == LOG_ABILITY and card != cur_nb(S, p):
            continue
        if kind == LOG_SUPPORT and card != S[p, SUPPORT]:
            continue
        if cond_ok_nb(T, S, M, X, p, r, E.COND_REPLAY - i):  # round 11c: use_* held, opp_used after entry i
            sim_row_nb(T, S, M, X, p, r, kind == LOG_OPTION, card if kind == LOG_OPTION else -1, X[b + 4])


@njit(cache=True, inline="always")
def settle_nb(T, S, M, X, rng):
    """After an action: rebuild the modifiers if a box changed or slots were cleared."""
    if X[X_DIRTY] != 0:
        X[X_DIRTY] = 0
        rebuild_nb(T, S, M, X, rng)


@njit(cache=True, _nrt=False)
def box_changed_nb(T, S, M, X, p, rng):
    """p's top card changed: options and cards tied to the old one leave; in a battle the modifiers
    are rebuilt at once."""
    unbind_player_nb(S, p)
    if X[X_IN_BATTLE] != 0:
        X[X_DIRTY] = 0
        rebuild_nb(T, S, M, X, rng)


@njit(cache=True, _nrt=False)
def self_gauge_after_nb(T, S, M, X, p, r, rng):
    """Cost ``self_gauge``: after the effect, the box's top card goes to the point gauge."""
    for k in range(MAX_COSTS):
        if T.eff[r, E_COST0 + 2 * k] == E.K_SELF_GAUGE and S[p, TOP] >= 0:
            push_nb(S, p, GAUGE, GAUGE_N, S[p, TOP])
            S[p, TOP] = -1
            S[p, EVOLVED] = 0
            box_changed_nb(T, S, M, X, p, rng)


@njit(cache=True, _nrt=False)
def opp_evolved_nb(T, S, M, X, p, rng, uses):
    """p's Digimon evolved or appeared: the opponent's ``opp_evolved`` rows."""
    o = 1 - p
    c = cur_nb(S, o)
    if (T.ct[o, c, F_TIMINGS] & (1 << E.T_OPP_EVOLVED)) != 0:
        auto_abilities_nb(T, S, M, X, o, E.T_OPP_EVOLVED, rng, uses)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def appear_nb(T, S, M, X, p, pos, r, rng, uses):
    return _appear_c_nb(T, S, M, X, np.int64(p), np.int64(pos), np.int64(r), rng, uses)


@njit(cache=True, inline="always")
def appear_host_nb(T, r):
    """Appearance row r has the cost move_host."""
    for k in range(MAX_COSTS):
        if T.eff[r, E_COST0 + 2 * k] == E.K_HOST:
            return True
    return False


@njit(cache=True, _nrt=False)
def place_beside_nb(T, S, p, c, n0):
    """Round 11a (reference_effects.place_beside): the first card the appearance's cost sent to the Dark Area (from
    index n0) whose ``beside`` row's filter matches the appearing card c lies beside the box instead; one that lay
    beside the Digimon that just left goes to the Dark Area first.  Only an option with a row of timing ``appear`` (a
    ``beside`` row) is looked at."""
    for i in range(n0, S[p, DARK_N]):
        d = S[p, DARK + i]
        if T.ct[p, d, F_KIND] != E.KIND_OPTION or (T.ct[p, d, F_TIMINGS] & (1 << E.T_APPEAR)) == 0:
            continue
        for r in range(T.ct[p, d, F_EFF_LO], T.ct[p, d, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_BESIDE and row_filter_nb(T, p, c, r):
                for j in range(i, S[p, DARK_N] - 1):
                    S[p, DARK + j] = S[p, DARK + j + 1]
                S[p, DARK_N] -= 1
                if S[p, BESIDE] >= 0:
                    push_nb(S, p, DARK, DARK_N, S[p, BESIDE])
                S[p, BESIDE] = d
                S[p, BESIDE_OWNER] = c
                return


@njit(cache=True, _nrt=False)
def _appear_c_nb(T, S, M, X, p, pos, r, rng, uses):
    """Appearance (reference_effects.Effects.appear): hand[pos] appears on p's box by row r."""
    c = hand_remove_nb(S, p, pos)
    had = S[p, SUPBOX] >= 0
    n0 = S[p, DARK_N]
    pay_cost_nb(T, S, p, r, uses)
    if S[p, TOP] >= 0:
        if appear_host_nb(T, r):  # move_host: the box card goes to the support box instead (Parasimon)
            if S[p, SUPBOX] >= 0:  # a card placed by the Digimon that leaves goes with it
                push_nb(S, p, DARK, DARK_N, S[p, SUPBOX])
            S[p, SUPBOX] = S[p, TOP]
            S[p, SUPBOX_OWNER] = c
            had = True
        else:
            push_nb(S, p, DARK, DARK_N, S[p, TOP])
    S[p, TOP] = c
    if S[p, SUPBOX] >= 0 and not had:  # placed by this appearance: it stays with the new card
        S[p, SUPBOX_OWNER] = c
    place_beside_nb(T, S, p, c, n0)
    S[p, APPEARED] = X[X_TURN]
    S[p, EVOLVED] = 0
    lim = T.eff[r, E_LIMIT]
    if lim == E.L_TURN:
        S[p, TOP_UNTIL] = X[X_TURN]
    elif lim == E.L_TURNS:
        S[p, TOP_UNTIL] = X[X_TURN] + max(1, T.eff[r, E_LIMIT_ARG]) - 1
    else:
        S[p, TOP_UNTIL] = 0
    S[p, TOP_UNTIL_CARD] = c
    use_nb(S, uses, p, c)
    S[p, MAXLV] |= 1 << T.ct[p, c, F_LEVEL]
    box_changed_nb(T, S, M, X, p, rng)
    auto_abilities_nb(T, S, M, X, p, E.T_APPEAR, rng, uses)
    opp_evolved_nb(T, S, M, X, p, rng, uses)


@njit(cache=True, _nrt=False)
def box_sides_nb(T, S, M, X, p, r, card):
    """box_dark_pick (round 9c; reference_effects.box_sides): bit 0 p's own box top card, bit 1 the opponent's,
    for each side p's option `card` may send to the Dark Area (a top card matching the row filter; the opponent's
    only when the option reaches it)."""
    o = 1 - p
    m = 0
    if S[p, TOP] >= 0 and row_filter_nb(T, p, S[p, TOP], r):
        m |= 1
    if S[o, TOP] >= 0 and row_filter_nb(T, o, S[o, TOP], r) \
            and not (M[o, M_IMM_OPT] != 0 or card_immune_nb(T, S, M, X, o, card)):
        m |= 2
    return m


@njit(cache=True, _nrt=False)
def box_pick_nb(T, S, M, M2, X, p, r, card, rng):
    """box_dark_pick: the player's policy picks a side (policies.policy_box_side); that side's box top card goes to
    its owner's Dark Area, the Level III battles on (reference_effects.Effects.box_pick)."""
    s = policy_box_side(T, S, M, M2, X, p, r, card, rng)
    if s >= 0:
        box_top_to_dark_nb(S, X, s)


@njit(cache=True, inline="always")
def box_top_to_dark_nb(S, X, s):
    """s's box top card to its Dark Area (opp_box_dark, box_dark_pick; reference_effects.Effects.box_top_to_dark):
    never the Level III under it (DM-L3-1), which battles on; the options tied to the card leave with it."""
    push_nb(S, s, DARK, DARK_N, S[s, TOP])
    S[s, TOP] = -1
    S[s, EVOLVED] = 0
    unbind_player_nb(S, s)
    if X[X_IN_BATTLE] != 0:
        X[X_DIRTY] = 1  # the modifiers are rebuilt from the Level III (after this action)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def evolve_now_nb(T, S, M, M2, X, p, r, rng, uses):
    return _evolve_now_c_nb(T, S, M, M2, X, np.int64(p), np.int64(r), rng, uses)


@njit(cache=True, _nrt=False)
def _evolve_now_c_nb(T, S, M, M2, X, p, r, rng, uses):
    """evolve_now: the player's policy picks a next-level Digimon from hand (policies.policy_evolve_target;
    the baseline never uses such a card)."""
    if X[X_PLAYER + p] == E.PLAYER_BASELINE:
        return
    pos = policy_evolve_target(T, S, M, M2, X, p, r, rng)
    if pos < 0:
        return
    c = hand_remove_nb(S, p, pos)
    if S[p, TOP] >= 0:
        push_nb(S, p, DARK, DARK_N, S[p, TOP])
    S[p, TOP] = c
    S[p, EVOLVED] = X[X_TURN]
    use_nb(S, uses, p, c)
    S[p, MAXLV] |= 1 << T.ct[p, c, F_LEVEL]
    box_changed_nb(T, S, M, X, p, rng)
    if abilities_active_nb(T, S, M, p):  # its `evolved` rows (a rebuild re-derives their modifiers)
        for r2 in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r2, E_TIMING] == E.T_EVOLVED and row_on_nb(T, M, p, r2) and cond_ok_nb(T, S, M, X, p, r2, -1):
                apply_row_nb(T, S, M, X, p, r2, False, rng, -1, 0)
    opp_evolved_nb(T, S, M, X, p, rng, uses)


@njit(cache=True, _nrt=False)
def _ignore_after_nb(T, S, M, X, p, rng):
    """reference_effects.Effects.ignore_after: the other evolution-timing rows of an evolve_ignore option
    that served one of this turn's steps, right after the evolution, conditions not checked again."""
    for i in range(S[p, EVO_N]):
        opt = S[p, EVO + 2 * i]
        lo = T.ct[p, opt, F_EFF_LO]
        hi = T.ct[p, opt, F_EFF_HI]
        ign = False
        for r in range(lo, hi):
            if T.eff[r, E_OP] == E.OP_EVOLVE_IGNORE:
                ign = True
        if not ign:
            continue
        for r in range(lo, hi):
            if T.eff[r, E_TIMING] == E.T_EVOLUTION and T.eff[r, E_OP] != E.OP_EVOLVE_IGNORE:
                apply_row_nb(T, S, M, X, p, r, True, rng, opt, 0)


@njit(cache=True, _nrt=False)
def evo_end_fatal_nb(T, S, s, c):
    """Round 13a (reference_greedy.evo_end_fatal): option c has an evo_end self_damage row of at least the owner's points
    ("At the end of your Evolution Phase, lower both your and your opponent's points by 20", Re-76): the step planner
    does not use it (every player)."""
    for r in range(T.ct[s, c, F_EFF_LO], T.ct[s, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_EVO_END and T.eff[r, E_OP] == E.OP_SELF_DAMAGE and T.eff[r, E_ARG] >= S[s, PTS]:
            return True
    return False


@njit(cache=True, _nrt=False)
def ignore_slot_nb(T, S, M, X, s):
    """Preparation step (4), DM-EVO-5, for greedy and random (reference_greedy.ignore_targets): the first
    face-down slot (slot order) whose evolve_ignore option is usable now, its printed discard cost, the
    level the evolution reaches (the next, or round 10b the row's level filter above the Digimon's: "evolve it
    into a Perfect level Digimon") and the option's evolve_ignore row (its filter, round 10b); slot -1 when
    there is none (or the Digimon is an Ultimate)."""
    base = S[s, EXCH] if S[s, EXCH] >= 0 else cur_nb(S, s)
    blv = T.ct[s, base, F_LEVEL]
    if blv >= E.LV_ULTIMATE:
        return -1, 0, blv + 1, -1
    for k in range(3):
        c = S[s, SLOT + k]
        if c < 0 or S[s, SLOT_UP + k] != 0 or T.ct[s, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, s, c) \
                or banned_nb(T, S, M, X, s, c):
            continue
        if (T.ct[s, c, F_TIMINGS] & (1 << E.T_EVO_END)) != 0 and evo_end_fatal_nb(T, S, s, c):
            continue  # round 13a: its evo_end rows would take the owner's last points (Re-76)
        for r in range(T.ct[s, c, F_EFF_LO], T.ct[s, c, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_EVOLVE_IGNORE and T.eff[r, E_TIMING] == E.T_EVOLUTION \
                    and cond_ok_nb(T, S, M, X, s, r, -1) and cost_payable_nb(T, S, s, r):
                lv = blv + 1
                for i in range(MAX_FILTERS):
                    if T.eff[r, E_FILT0 + 2 * i] == E.FK_LEVEL:
                        lv = T.eff[r, E_FILT0 + 2 * i + 1]
                if lv <= blv:
                    continue
                extra = 0
                for i in range(MAX_COSTS):
                    kind = T.eff[r, E_COST0 + 2 * i]
                    if kind == E.K_DISCARD or kind == E.K_DISCARD_DIGIMON:
                        extra += T.eff[r, E_COST0 + 2 * i + 1]
                return k, extra, lv, r
    return -1, 0, blv + 1, -1


@njit(cache=True, inline="always")
def _armor_row_nb(T, r):
    """Row r's filter names the Armor forms (codes.FK_ARMOR, either sign): "ignore the fusion requirements"."""
    for i in range(MAX_FILTERS):
        if abs(T.eff[r, E_FILT0 + 2 * i]) == E.FK_ARMOR:
            return True
    return False


@njit(cache=True, inline="always")
def ignore_target_nb(T, S, s, c, lv, extra, r):
    """Whether hand card c is a Digimon the evolve_ignore option of ignore_slot_nb (its row r) can reach: the
    level lv, not barred from ignoring requirements, with a non-Jogress requirement alternative, matching
    the row's filter (round 10b; an Armor form only with an armor filter: its fusion requirements are no
    evolution requirements, seed 003 §3.2.2), and its extra hand discards payable after the option's cost."""
    if T.ct[s, c, F_KIND] != E.KIND_DIGIMON or T.ct[s, c, F_LEVEL] != lv or T.ct[s, c, F_NO_IGNORE] != 0 \
            or not row_filter_nb(T, s, c, r) or (T.ct[s, c, F_ARMOR] != 0 and not _armor_row_nb(T, r)):
        return False
    alt = False
    for a in range(T.ct[s, c, F_REQ_N]):
        if T.ct[s, c, F_REQ + a * REQ_WIDTH + R_JOG] < 0:
            alt = True
    return alt and S[s, HAND_N] - 1 - extra >= T.ct[s, c, F_XDISC]


@njit(cache=True, _nrt=False)
def prepare_ignore_step_nb(T, S, s, slot, pos, uses):
    """Prepare the one-step chain of an evolve_ignore option: the hand card at pos is the step, the option
    in slot its requirement card (taken from the slot into the power area), and the option's cost paid."""
    opt = S[s, SLOT + slot]
    card = hand_remove_nb(S, s, pos)
    S[s, PLAN_N] = 1
    S[s, PLAN + PF_CARD] = card
    S[s, PLAN + PF_NCARDS] = 0
    S[s, PLAN + PF_RES] = opt
    S[s, PLAN + PF_RSLOT] = slot
    S[s, PLAN + PF_JOG] = -1
    S[s, POWER_N] = 0
    push_nb(S, s, POWER, POWER_N, opt)
    S[s, SLOT + slot] = -1
    for r in range(T.ct[s, opt, F_EFF_LO], T.ct[s, opt, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_EVOLUTION and T.eff[r, E_OP] == E.OP_EVOLVE_IGNORE:
            pay_cost_nb(T, S, s, r, uses)
            break


@njit(cache=True, _nrt=False)
def after_evolution_nb(T, S, M, M2, X, p, evolved, rng, uses, gon):
    """After p's Evolution phase: the opponent's ``opp_evolved`` rows (when p evolved), then (greedy,
    random) p's evolution-timing options (seed 004).  gon: the policy gates (policies.policy_timed_use)."""
    if evolved:
        _ignore_after_nb(T, S, M, X, p, rng)
        opp_evolved_nb(T, S, M, X, p, rng, uses)
    if X[X_PLAYER + p] != E.PLAYER_BASELINE:
        X[X_SPENT_N] = 0
        policy_timed_use(gon, T, S, M, M2, X, p, E.T_EVOLUTION, rng, uses)
        end_phase_nb(S, X)


# ---- appearance ------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def appear_legal_nb(T, S, M, X, p, pos, r):
    """Appearance row r of the card at hand position pos can be used now (conditions; costs with the
    card itself out of the hand)."""
    return cond_ok_nb(T, S, M, X, p, r, -1) and _costs_payable_nb(T, S, p, r, pos)


@njit(cache=True, _nrt=False)
def start_appearance_nb(T, S, M, M2, X, p, rng, gon):
    """The start of the battle: p's policy may make one card appear (timing ``start``): pos * APPEAR_POS +
    row, or -1 (policies.policy_start_appearance: baseline BL-8 the first legal one; greedy the best one
    when the outcome does not get worse; random one of the legal ones or none)."""
    return policy_start_appearance(gon, T, S, M, M2, X, p, rng)


@njit(cache=True, _nrt=False)
def battle_start_nb(T, S, M, M2, X, fa, sa, rng, uses, rows, gon, eon):
    """The start of the battle (reference_effects.Effects.battle_start): start-of-battle appearances,
    voids and passives, ``attack_last``, item negation, face-up options, ``start`` rows.  Returns this
    battle's first attacker (``attack_last`` may swap)."""
    X[X_SPENT_N] = 0
    X[X_LOG_N] = 0
    X[X_USED_N] = 0
    X[X_DIRTY] = 0
    X[X_IN_BATTLE] = 0
    S[0, ABIL_USED] = 0
    S[1, ABIL_USED] = 0
    reset_m_nb(M)
    unbind_nb(S)
    if not rows:  # no effect or appearance rows in either deck: nothing more happens here
        return fa
    return effects_battle_start(eon, T, S, M, M2, X, fa, sa, rng, uses, gon)


@njit(cache=True, _nrt=False)
def _battle_start_rows_nb(T, S, M, M2, X, fa, sa, rng, uses, gon):
    """battle_start_nb once some card has effect or appearance rows."""
    for i in range(2):
        p = sa if i == 0 else fa
        if (X[X_APP_ANY + p] & (1 << E.T_START)) != 0:
            ch = start_appearance_nb(T, S, M, M2, X, p, rng, gon)
            if ch >= 0:
                appear_nb(T, S, M, X, p, ch // E.APPEAR_POS, ch % E.APPEAR_POS, rng, uses)
    base_mods_nb(T, S, M, X, fa, sa, rng, False)
    if M[fa, M_ATKLAST] != 0 and M[sa, M_ATKLAST] == 0:
        t = fa  # attack_last: the other player is first attacker of this battle
        fa = sa
        sa = t
        X[X_FA] = fa
        reset_m_nb(M)  # the passives again with the new roles (conditions first / second)
        base_mods_nb(T, S, M, X, fa, sa, rng, True)
    kw = faceup_kw_nb(T, S)
    for i in range(2):  # negate_item against Items already face-up (second attacker, then first)
        p = sa if i == 0 else fa
        if X[X_PLAYER + p] != E.PLAYER_BASELINE:
            policy_item_negation(gon, T, S, M, M2, X, p, rng, uses)
    if kw != 0 and faceup_kw_nb(T, S) != kw:
        X[X_DIRTY] = 1  # a negated Item's keyword already reached the passives: rebuilt after the start rows
    X[X_IN_BATTLE] = 1
    faceup_nb(T, S, M, X, fa, sa, rng, False)
    for i in range(2):  # "at the start of the battle" abilities
        p = sa if i == 0 else fa
        c = cur_nb(S, p)
        if (T.ct[p, c, F_TIMINGS] & (1 << E.T_START)) != 0 and abilities_active_nb(T, S, M, p):
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                if T.eff[r, E_TIMING] == E.T_START and row_on_nb(T, M, p, r) and cond_ok_nb(T, S, M, X, p, r, -1) \
                        and cost_payable_nb(T, S, p, r):
                    pay_cost_nb(T, S, p, r, uses)
                    n = slot_count_nb(T, S, p, r)
                    apply_row_nb(T, S, M, X, p, r, False, rng, -1, n)
                    record_nb(T, X, LOG_ABILITY, p, r, c, n)
                    self_gauge_after_nb(T, S, M, X, p, np.int64(r), rng)
    settle_nb(T, S, M, X, rng)
    return fa


# ---- battle arithmetic (C-TYPE-1/2, C-CALC-1) -----------------------------------------------------
@njit(cache=True, inline="always")  # ~20 calls per turn: inlined, no argument marshalling
def final_attack_nb(T, S, M, p):
    o = 1 - p
    cp = cur_nb(S, p)
    co = cur_nb(S, o)
    tp = M[p, M_AS] if M[p, M_AS] >= 0 else T.ct[o, co, F_BT]
    to = M[o, M_AS] if M[o, M_AS] >= 0 else T.ct[p, cp, F_BT]
    c_effect = tp == E.BT_A and to == E.BT_C and M[o, M_NOCZERO] == 0  # C-TYPE-2 (no_c_zero: the C lost "A→0")
    cz = tp == E.BT_C and M[p, M_CZERO] != 0 and to == E.BT_A  # round 13f: 'C>0' (c_zero), no_zero guards A only
    if M[p, M_IMM_MOD] != 0:  # immune_mod: no modification at all, own or the opponent's (seed 003 §3.5)
        if cz or (c_effect and not (M[p, M_NOZERO] != 0 or T.ct[p, cp, F_NO_ZERO] != 0)):
            return 0  # attack C's "A goes to zero" is not a modification
        return T.ct[p, cp, F_ATK + tp]
    base = T.ct[p, cp, F_ATK + tp] + M[p, M_BASE_ADD]
    if cz or ((M[p, M_ZEROED] != 0 or c_effect) and not (M[p, M_NOZERO] != 0 or T.ct[p, cp, F_NO_ZERO] != 0)):
        base = 0
    if base < 0:
        base = 0
    v = base + M[p, M_ADD]
    if M[p, M_NUM] != M[p, M_DEN]:  # a multiplier: the (slow) division only then, same result
        v = base * M[p, M_NUM] // M[p, M_DEN] + M[p, M_ADD]
    if v < 0:
        v = 0
    if M[p, M_HALVED] != 0:
        v //= 2
    return v


@njit(cache=True, _nrt=False)
def bt_pick_nb(T, S, M, p):
    """bt_pick (round 12d): p's battle type becomes A, B or C (M_BT 1 + BT_*) and, by C-TYPE-1, the opponent's attack
    with it: the letter with the largest margin of p's final attack over the opponent's now (ties: A, B, C order).
    An opponent's attack already fixed by an effect (regardless of the battle type) stays; p keeps its printed type
    then (reference_effects.bt_pick)."""
    o = 1 - p
    if M[o, M_AS] >= 0:
        return
    best = -1
    best_d = 0
    for t in range(3):
        M[o, M_AS] = t
        d = final_attack_nb(T, S, M, p) - final_attack_nb(T, S, M, o)
        if best < 0 or d > best_d:
            best = t
            best_d = d
    M[o, M_AS] = best
    M[p, M_BT] = best + 1


@njit(cache=True, _nrt=False)
def attack_pick_nb(T, S, M, p, mask):
    """attack_pick (round 6): the attack of `mask` (bit 1 A, 2 B, 4 C) with the largest margin of p's final attack
    over the opponent's with the modifiers now; ties: A, B, C order (reference_effects.attack_pick)."""
    keep = M[p, M_AS]
    best = -1
    best_d = 0
    for t in range(3):
        if mask & (1 << t):
            M[p, M_AS] = t
            d = final_attack_nb(T, S, M, p) - final_attack_nb(T, S, M, 1 - p)
            if best < 0 or d > best_d:
                best = t
                best_d = d
    M[p, M_AS] = keep
    return best


@njit(cache=True, inline="always")
def forced_draw_nb(M):
    return (M[0, M_FORCE_DRAW] != 0 or M[1, M_FORCE_DRAW] != 0) and M[0, M_NOFD] == 0 and M[1, M_NOFD] == 0


# ---- legal choices the players' policies share (policy_greedy.py, policy_random.py) --------------------
@njit(cache=True, inline="always")
def face_up_blocked_nb(T, S, p, c):
    if T.ct[p, c, F_FACE_UP_LIMIT] == 0:
        return False
    for k in range(3):
        x = S[p, SLOT + k]
        if x >= 0 and S[p, SLOT_UP + k] != 0 and T.ct[p, x, F_NAME] == T.ct[p, c, F_NAME]:
            return True
    return False


@njit(cache=True, inline="always")
def rows_payable_at_nb(T, S, p, c, timing):
    """Card c has effect rows at this timing and the costs of all of them can be paid now."""
    has = False
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing:
            has = True
            if not cost_payable_nb(T, S, p, r):
                return False
    return has


@njit(cache=True, inline="always")
def facedown_with_nb(T, S, p, mask):
    """p has a face-down usable option in a slot with rows at one of the timings in mask
    (tables.F_TIMINGS bits): what timed_options_nb, negate_slot_nb and prepare_ignore_nb look for.
    Checked inline first, their calls (7-9 arrays of arguments each) are skipped when there is none."""
    for k in range(3):
        c = S[p, SLOT + k]
        if c >= 0 and S[p, SLOT_UP + k] == 0 and T.ct[p, c, F_USABLE_OPT] != 0 and (T.ct[p, c, F_TIMINGS] & mask) != 0:
            return True
    return False


@njit(cache=True, inline="always")
def timed_options_nb(T, S, M, X, p, timing):
    """Greedy: slots whose option it uses at this timing (written to X[X_LIST...]); returns how many."""
    if not facedown_with_nb(T, S, p, 1 << timing):
        return 0
    return _timed_options_nb(T, S, M, X, p, timing)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def _timed_options_nb(T, S, M, X, p, timing):
    return _timed_options_c_nb(T, S, M, X, np.int64(p), np.int64(timing))


@njit(cache=True, _nrt=False)
def _timed_options_c_nb(T, S, M, X, p, timing):
    n = 0
    for k in range(3):
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] != 0 or T.ct[p, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, p, c) \
                or banned_nb(T, S, M, X, p, c):
            continue
        if (T.ct[p, c, F_TIMINGS] & TM_COMMIT) != 0:  # round 10e: committed in a battle window, never at the result
            continue
        has = False
        pay = True
        anyc = False
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] == timing:
                has = True
                if not cost_payable_nb(T, S, p, r):
                    pay = False
                if timing == E.T_EVOLUTION and T.eff[r, E_OP] == E.OP_EVOLVE_IGNORE:
                    pay = False  # an evolve_ignore option is used in Preparation step (4) only
                if T.eff[r, E_OP] == E.OP_KEEP_BOX and S[p, DECK_N] > 0:
                    pay = False  # round 13c: only when this turn's renewal comes (an empty Net Ocean at the Point Calculation)
                if cond_ok_nb(T, S, M, X, p, r, -1):
                    anyc = True
        if has and pay and anyc:
            X[X_LIST + n] = k
            n += 1
    return n


@njit(cache=True, inline="always")
def per_kmax_nb(T, S, p, lo, hi):
    """The largest per_* count the battle rows [lo, hi) allow after their own costs; -1: no per_* row."""
    disc = 0
    mill = 0
    for r in range(lo, hi):
        if T.eff[r, E_TIMING] != E.T_BATTLE:
            continue
        for k in range(MAX_COSTS):
            kind = T.eff[r, E_COST0 + 2 * k]
            if kind == E.K_DISCARD or kind == E.K_DISCARD_DIGIMON:
                disc += T.eff[r, E_COST0 + 2 * k + 1]
            elif kind == E.K_MILL:
                mill += T.eff[r, E_COST0 + 2 * k + 1]
    km = -1
    for r in range(lo, hi):
        op = T.eff[r, E_OP]
        if T.eff[r, E_TIMING] != E.T_BATTLE or (OP_FLAGS[op] & OPF_PER) == 0:
            continue
        a = per_avail_nb(T, S, p, op, r) - (mill if op == E.OP_PER_MILL else disc)
        if a < 0:
            a = 0
        if T.eff[r, E_ARG2] > 0 and T.eff[r, E_ARG2] < a:
            a = T.eff[r, E_ARG2]
        if km < 0 or a < km:
            km = a
    return km


@njit(cache=True, inline="always")
def negate_slot_nb(T, S, M, X, p, target_type, card):
    """p's first face-down negate card for this option type (-1: an active Item, standalone), or -1;
    card conditions of its negate row concern the option `card` to negate."""
    if not facedown_with_nb(T, S, p, TM_NEGATE):
        return -1
    return _negate_slot_nb(T, S, M, X, p, target_type, card)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def _negate_slot_nb(T, S, M, X, p, target_type, card):
    return _negate_slot_c_nb(T, S, M, X, np.int64(p), np.int64(target_type), np.int64(card))


@njit(cache=True, _nrt=False)
def _negate_slot_c_nb(T, S, M, X, p, target_type, card):
    for k in range(3):
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] != 0 or T.ct[p, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, p, c) \
                or banned_nb(T, S, M, X, p, c):
            continue
        ok = False
        pay = True
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] != E.T_BATTLE:
                continue
            if not cost_payable_nb(T, S, p, r):
                pay = False
                break
            op = T.eff[r, E_OP]
            if not (op == E.OP_NEGATE_PROGRAM or op == E.OP_NEGATE_ITEM or op == E.OP_NEGATE_OPTION):
                continue
            if not cond_ok_nb(T, S, M, X, p, r, card):
                continue
            if (op == E.OP_NEGATE_OPTION and target_type >= 0) or (op == E.OP_NEGATE_PROGRAM and target_type == OPT_PROGRAM) \
                    or (op == E.OP_NEGATE_ITEM and (target_type == OPT_ITEM or target_type < 0)):
                ok = True
        if ok and pay:
            return k
    return -1


@njit(cache=True, inline="always")
def banned_nb(T, S, M, X, p, c):
    """p may not use its option c: an opponent's ban_options row (reference_greedy.banned); no call
    unless the opponent's Digimon or slots hold one."""
    o = 1 - p
    m = T.ct[o, cur_nb(S, o), F_TIMINGS]
    for k in range(3):
        x = S[o, SLOT + k]
        if x >= 0:
            m |= T.ct[o, x, F_TIMINGS]
    if (m & TM_BAN) == 0:
        return False
    return _banned_nb(T, S, M, X, np.int64(p), np.int64(c))


@njit(cache=True, _nrt=False)
def _banned_nb(T, S, M, X, p, c):
    o = 1 - p
    if abilities_active_nb(T, S, M, o):
        x = cur_nb(S, o)
        for r in range(T.ct[o, x, F_EFF_LO], T.ct[o, x, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_BAN_OPTIONS and row_on_nb(T, M, o, r) and cond_ok_nb(T, S, M, X, o, r, c):
                return True
    for k in range(3):
        x = S[o, SLOT + k]
        if x < 0 or S[o, SLOT_UP + k] <= 0:
            continue
        for r in range(T.ct[o, x, F_EFF_LO], T.ct[o, x, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_BAN_OPTIONS and cond_ok_nb(T, S, M, X, o, r, c):
                return True
    return False


@njit(cache=True, inline="always")
def ability_ready_nb(T, S, M, X, p, c, r):
    """Ability row r of p's top card c can be used in this window."""
    return T.eff[r, E_TIMING] == E.T_BATTLE and ((S[p, ABIL_USED] >> (r - T.ct[p, c, F_EFF_LO])) & 1) == 0 \
        and row_on_nb(T, M, p, r) and cost_payable_nb(T, S, p, r) and cond_ok_nb(T, S, M, X, p, r, -1)


@njit(cache=True, inline="always")
def option_ready_nb(T, S, M, X, p, k):
    """The option in slot k can be used in this window (face-down, usable, a battle card, not banned, its battle rows
    payable; a card that negates only as an answer: reference_greedy.battle_actions)."""
    c = S[p, SLOT + k]
    return c >= 0 and S[p, SLOT_UP + k] == 0 and T.ct[p, c, F_USABLE_OPT] != 0 and not face_up_blocked_nb(T, S, p, c) \
        and (T.ct[p, c, F_TIMINGS] & TM_NEGATE) == 0 and battle_card_nb(T, p, c) \
        and rows_payable_at_nb(T, S, p, c, E.T_BATTLE) and not banned_nb(T, S, M, X, p, c)


# ---- gates: compile code only for the runs that can reach it -------------------------------------------
# The players' gates (greedy, random) are in policies.py, one per decision point; ``gon`` is their value,
# a tuple (greedy, random), each None when no seat plays that policy.  numba specialises every function on
# its arguments' types, so the kernel exists in one compiled version per combination (each cached); a
# gate is an @overload that returns the policy's code when it is on and a stub otherwise
# (docs/performance.md, "Compiling only the policies a run uses").
from numba import types as _types  # noqa: E402
from numba.extending import overload as _overload  # noqa: E402


def _gate_off(gon) -> bool:
    return isinstance(gon, (_types.NoneType, _types.Omitted))


# Each gate's Python body is what runs with NUMBA_DISABLE_JIT (the compiled code uses the overload).
# ---- the effects gate: compile the effect hooks only for tables that have effect or appearance rows ------
# ``eon`` is None when no card of either deck has an effect or appearance row (``--effects none`` with
# no appearance cards: kernel.effects_gate), else True; the same mechanism as the policy gates.
def effects_battle_start(eon, T, S, M, M2, X, fa, sa, rng, uses, gon):
    """_battle_start_rows_nb behind the effects gate (never reached with eon=None: ``rows`` is False)."""
    return fa if eon is None else _battle_start_rows_nb(T, S, M, M2, X, fa, sa, rng, uses, gon)


@_overload(effects_battle_start, inline="always", jit_options={"_nrt": False})
def _effects_battle_start(eon, T, S, M, M2, X, fa, sa, rng, uses, gon):
    if _gate_off(eon):
        return lambda eon, T, S, M, M2, X, fa, sa, rng, uses, gon: fa
    return lambda eon, T, S, M, M2, X, fa, sa, rng, uses, gon: _battle_start_rows_nb(T, S, M, M2, X, fa, sa, rng,
                                                                                    uses, gon)


def effects_auto(eon, T, S, M, X, p, timing, rng, uses):
    """auto_abilities_nb behind the effects gate."""
    if eon is not None:
        auto_abilities_nb(T, S, M, X, p, timing, rng, uses)


@_overload(effects_auto, inline="always", jit_options={"_nrt": False})
def _effects_auto(eon, T, S, M, X, p, timing, rng, uses):
    if _gate_off(eon):
        return lambda eon, T, S, M, X, p, timing, rng, uses: None
    return lambda eon, T, S, M, X, p, timing, rng, uses: auto_abilities_nb(T, S, M, X, p, timing, rng, uses)


def effects_after_evolution(eon, T, S, M, M2, X, p, evolved, rng, uses, gon):
    """after_evolution_nb behind the effects gate."""
    if eon is not None:
        after_evolution_nb(T, S, M, M2, X, p, evolved, rng, uses, gon)


@_overload(effects_after_evolution, inline="always", jit_options={"_nrt": False})
def _effects_after_evolution(eon, T, S, M, M2, X, p, evolved, rng, uses, gon):
    if _gate_off(eon):
        return lambda eon, T, S, M, M2, X, p, evolved, rng, uses, gon: None
    return lambda eon, T, S, M, M2, X, p, evolved, rng, uses, gon: after_evolution_nb(T, S, M, M2, X, p, evolved,
                                                                                     rng, uses, gon)


@njit(cache=True, _nrt=False)
def point_start_nb(T, S, M, X, fa, sa, rng):
    """Round 11c (T_POINT_START): at the start of Point Calculation, the point_start rows of the options used in this
    turn's battle windows (cards flagged with that timing), first attacker first, each in the order of use
    (reference_effects.Effects.point_start): conditions now, no cost, no decision."""
    for j in range(2):
        p = fa if j == 0 else sa
        for i in range(X[X_USED_N]):
            c = X[X_USED + 2 * i + 1]
            if X[X_USED + 2 * i] != p or (T.ct[p, c, F_TIMINGS] & (1 << E.T_POINT_START)) == 0:
                continue
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                if T.eff[r, E_TIMING] == E.T_POINT_START and cond_ok_nb(T, S, M, X, p, r, -1):
                    apply_row_nb(T, S, M, X, p, r, True, rng, c, 0)


@njit(cache=True, _nrt=False)
def evo_end_nb(T, S, M, X, fa, sa, rng):
    """Round 13a (T_EVO_END, reference_effects.Effects.evo_end): at the end of the Evolution Phase, the evo_end rows of
    the options that served this turn's evolution steps (EVO), first attacker first, in the order of the steps;
    conditions now, no cost; a seat whose deck has no evo_end row is skipped (X_EVOEND)."""
    for j in range(2):
        p = fa if j == 0 else sa
        if X[X_EVOEND + p] == 0:
            continue
        for i in range(S[p, EVO_N]):
            c = S[p, EVO + 2 * i]
            if (T.ct[p, c, F_TIMINGS] & (1 << E.T_EVO_END)) == 0:
                continue
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                if T.eff[r, E_TIMING] == E.T_EVO_END and cond_ok_nb(T, S, M, X, p, r, -1):
                    apply_row_nb(T, S, M, X, p, r, True, rng, c, 0)


def effects_battle_lost(eon, T, S, M, X, lo):
    """battle_lost_nb behind the effects gate: without effect rows no option is ever face-up in a slot, so the death
    check's option part has nothing to do (and the baseline / effects-none kernel does not compile dark_event_nb's
    condition and immunity code)."""
    return False if eon is None else battle_lost_nb(T, S, M, X, lo)


@_overload(effects_battle_lost, inline="always", jit_options={"_nrt": False})
def _effects_battle_lost(eon, T, S, M, X, lo):
    if _gate_off(eon):
        return lambda eon, T, S, M, X, lo: False
    return lambda eon, T, S, M, X, lo: battle_lost_nb(T, S, M, X, lo)


def effects_evo_end(eon, T, S, M, X, fa, sa, rng):
    """evo_end_nb behind the effects gate."""
    if eon is not None:
        evo_end_nb(T, S, M, X, fa, sa, rng)


@_overload(effects_evo_end, inline="always", jit_options={"_nrt": False})
def _effects_evo_end(eon, T, S, M, X, fa, sa, rng):
    if _gate_off(eon):
        return lambda eon, T, S, M, X, fa, sa, rng: None
    return lambda eon, T, S, M, X, fa, sa, rng: evo_end_nb(T, S, M, X, fa, sa, rng)


def effects_point_start(eon, T, S, M, X, fa, sa, rng):
    """point_start_nb behind the effects gate."""
    if eon is not None:
        point_start_nb(T, S, M, X, fa, sa, rng)


@_overload(effects_point_start, inline="always", jit_options={"_nrt": False})
def _effects_point_start(eon, T, S, M, X, fa, sa, rng):
    if _gate_off(eon):
        return lambda eon, T, S, M, X, fa, sa, rng: None
    return lambda eon, T, S, M, X, fa, sa, rng: point_start_nb(T, S, M, X, fa, sa, rng)


def effects_result_rows(eon, T, S, M, X, p, tm, rng, lost):
    """result_rows_nb behind the effects gate (no option was used in the battle without effect rows)."""
    if eon is not None:
        result_rows_nb(T, S, M, X, p, tm, rng, lost)


@_overload(effects_result_rows, inline="always", jit_options={"_nrt": False})
def _effects_result_rows(eon, T, S, M, X, p, tm, rng, lost):
    if _gate_off(eon):
        return lambda eon, T, S, M, X, p, tm, rng, lost: None
    return lambda eon, T, S, M, X, p, tm, rng, lost: result_rows_nb(T, S, M, X, p, tm, rng, lost)



@njit(cache=True, inline="always")
def battle_act_nb(T, S, M, M2, X, p, kind, idx, rng, uses):
    """p takes the battle-window action (kind, idx) its policy chose (codes.ACT_*): an ability row, an
    option slot, a support Digimon (DM-BAT-2) or an appearance (seed 003 §3.2.2.1 ex. 6; its row in
    X[X_APPEAR_ROW]); the per_* count is X[X_PER]."""
    if kind == E.ACT_ABILITY:
        use_ability_nb(T, S, M, M2, X, p, idx, rng, uses)
    elif kind == E.ACT_SUPPORT:
        use_support_nb(T, S, M, X, p, idx, rng, uses)
    elif kind == E.ACT_APPEAR:
        appear_nb(T, S, M, X, p, idx, X[X_APPEAR_ROW], rng, uses)
    else:
        use_option_battle_nb(T, S, M, M2, X, p, np.int64(idx), np.int64(E.T_BATTLE), rng, uses)
    settle_nb(T, S, M, X, rng)


# The policies' decision points (policies.py imports the policy modules, which import this module: the
# import comes last, once every rule function above exists; numba resolves these names when it compiles).
from simcli.engine.policies import (policy_box_side, policy_evolve_target, policy_item_negation,  # noqa: E402
                                    policy_negate_response, policy_start_appearance, policy_timed_use)
