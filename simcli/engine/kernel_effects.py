"""numba twins of reference_effects.py: conditions, costs, opcodes, timings and limits (RULES §4).

Same order of application as the reference engine; see its module docstring and docs/engine.md.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine.tables import (  # noqa: F401
    F_ATK, F_FIELDS, F_KEYWORDS, F_LOST, F_NCARDS, F_REQ, F_WORDS, MAX_WORDS, REQ_WIDTH, F_ATTR, F_BT, F_EFF_HI, F_EFF_LO, F_FACE_UP_LIMIT, F_FRAME, F_KEEP_ABIL, F_KIND, F_LEVEL, F_MODELED, F_NAME, F_NO_ZERO, F_OPTNAME, F_OPTYPE, F_REQ_N, F_REQ_OPT, F_USABLE_OPT, F_VNAME, F_WP, F_XDISC)
from simcli.engine import enums as E
from simcli.engine.players import cur_nb, discard_choice_nb
from simcli.engine.rng import randint_nb
from simcli.engine.state import (ABIL_USED, DARK, DARK_N, DECK, DECK_N, EVOLVED, GAUGE, GAUGE_N, HAND, HAND_N,
                                 M_ADD, M_AS, M_BASE_ADD, M_DEN, M_FORCE_DRAW, M_HALVED, M_IMM_MOD, M_IMM_OPT,
                                 M_LOSTMUL, M_NOFD, M_NOZERO, M_NUM, M_VOID, M_ZEROED, NM, PERSIST, PTS, SLOT,
                                 SLOT_UP, X_FA, X_SPENT, X_SPENT_N, X_TURN)

E_OP, E_ARG, E_ARG2, E_TIMING, E_NCOND, E_COND0, E_COST0, E_LIMIT, E_LIMIT_ARG = (
    E.E_OP, E.E_ARG, E.E_ARG2, E.E_TIMING, E.E_NCOND, E.E_COND0, E.E_COST0, E.E_LIMIT, E.E_LIMIT_ARG)
MAX_COSTS = E.MAX_COSTS


@njit(cache=True)
def _push(S, s, base, nidx, c):
    S[s, base + S[s, nidx]] = c
    S[s, nidx] += 1


@njit(cache=True)
def _hand_pop(S, s, pos):
    c = S[s, HAND + pos]
    n = S[s, HAND_N]
    for i in range(pos, n - 1):
        S[s, HAND + i] = S[s, HAND + i + 1]
    S[s, HAND_N] = n - 1
    return c


@njit(cache=True)
def cmp_num_nb(a, c, b):
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


@njit(cache=True)
def cmp_has_nb(has, c):
    if c == E.CMP_EQ or c == E.CMP_HAS:
        return has
    if c == E.CMP_NE:
        return not has
    return False


@njit(cache=True)
def attack_type_nb(T, S, M, p):
    o = 1 - p
    if M[p, M_AS] >= 0:
        return M[p, M_AS]
    return T.ct[o, cur_nb(S, o), F_BT]


@njit(cache=True)
def _in_row(arr, v):
    for i in range(arr.shape[0]):
        if arr[i] == v:
            return True
    return False


@njit(cache=True)
def cond_ok_nb(T, S, M, X, p, r):
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
        elif kind == E.C_OPP_BT:
            ok = cmp_num_nb(T.ct[o, co, F_BT], c, v)
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
            ok = cmp_has_nb(T.ct[x, cur_nb(S, x), F_VNAME] == v, c)
        elif kind == E.C_FRAME or kind == E.C_OPP_FRAME:
            x = p if kind == E.C_FRAME else o
            ok = cmp_has_nb(T.ct[x, cur_nb(S, x), F_FRAME] == v, c)
        elif kind == E.C_FIELD or kind == E.C_OPP_FIELD:
            x = p if kind == E.C_FIELD else o
            ok = cmp_has_nb(_in_row(T.ct[x, cur_nb(S, x), F_FIELDS:F_FIELDS + MAX_WORDS], v), c)
        elif kind == E.C_TYPE or kind == E.C_OPP_TYPE:
            x = p if kind == E.C_TYPE else o
            ok = cmp_has_nb(_in_row(T.ct[x, cur_nb(S, x), F_WORDS:F_WORDS + MAX_WORDS], v), c)
        elif kind == E.C_KEYWORD or kind == E.C_OPP_KEYWORD:
            x = p if kind == E.C_KEYWORD else o
            ok = cmp_has_nb(_in_row(T.ct[x, cur_nb(S, x), F_KEYWORDS:F_KEYWORDS + MAX_WORDS], v), c)
        else:
            ok = False
        if not ok:
            return False
    return True


@njit(cache=True)
def cost_payable_nb(T, S, p, r):
    for k in range(MAX_COSTS):
        kind = T.eff[r, E_COST0 + 2 * k]
        n = T.eff[r, E_COST0 + 2 * k + 1]
        if kind == E.K_DISCARD and S[p, HAND_N] < n:
            return False
        if kind == E.K_DISCARD_DIGIMON:
            d = 0
            for i in range(S[p, HAND_N]):
                if T.ct[p, S[p, HAND + i], F_KIND] == E.KIND_DIGIMON:
                    d += 1
            if d < n:
                return False
        if kind == E.K_MILL and S[p, DECK_N] < n:
            return False
        if kind == E.K_POINTS and S[p, PTS] <= n:
            return False
    return True


@njit(cache=True)
def pay_cost_nb(T, S, p, r):
    gauge = False
    for k in range(MAX_COSTS):
        kind = T.eff[r, E_COST0 + 2 * k]
        n = T.eff[r, E_COST0 + 2 * k + 1]
        if kind == E.K_DISCARD or kind == E.K_DISCARD_DIGIMON:
            for _ in range(n):
                _push(S, p, DARK, DARK_N, _hand_pop(S, p, discard_choice_nb(T, S, p)))
        elif kind == E.K_MILL:
            for _ in range(n):
                S[p, DECK_N] -= 1
                _push(S, p, DARK, DARK_N, S[p, DECK + S[p, DECK_N]])
        elif kind == E.K_POINTS:
            S[p, PTS] = max(0, S[p, PTS] - n)
        elif kind == E.K_GAUGE:
            gauge = True
    return gauge


@njit(cache=True)
def apply_row_nb(T, S, M, p, r, from_option, sim, rng):
    o = 1 - p
    op = T.eff[r, E_OP]
    arg = T.eff[r, E_ARG]
    arg2 = T.eff[r, E_ARG2]
    mod_opp = (op == E.OP_OPP_ATK_ADD or op == E.OP_OPP_ATK_MUL or op == E.OP_HALVE_OPP or op == E.OP_ZERO_OPP
               or op == E.OP_OPP_ATTACK_AS)
    opp_op = mod_opp or op == E.OP_DAMAGE or op == E.OP_OPP_MILL or op == E.OP_OPP_DISCARD \
        or op == E.OP_FORCE_DRAW or op == E.OP_VOID_ABILITIES
    if opp_op:
        if from_option and M[o, M_IMM_OPT] != 0:
            return
        if mod_opp and M[o, M_IMM_MOD] != 0:
            return
    mod_op = mod_opp or op == E.OP_ATK_ADD or op == E.OP_BASE_ADD or op == E.OP_ATK_MUL or op == E.OP_ATTACK_AS \
        or op == E.OP_NO_ZERO or op == E.OP_FORCE_DRAW or op == E.OP_NO_FORCE_DRAW or op == E.OP_IMMUNE_OPTIONS \
        or op == E.OP_IMMUNE_MOD or op == E.OP_VOID_ABILITIES or op == E.OP_LOST_MUL
    if sim and not mod_op:
        return
    if op == E.OP_ATK_ADD:
        M[p, M_ADD] += arg
    elif op == E.OP_OPP_ATK_ADD:
        M[o, M_ADD] += arg
    elif op == E.OP_BASE_ADD:
        M[p, M_BASE_ADD] += arg
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
    elif op == E.OP_OPP_ATTACK_AS:
        M[o, M_AS] = arg
    elif op == E.OP_ZERO_OPP:
        M[o, M_ZEROED] = 1
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
    elif op == E.OP_DAMAGE:
        S[o, PTS] = max(0, S[o, PTS] - arg)
    elif op == E.OP_HEAL:
        S[p, PTS] = min(100, S[p, PTS] + arg)
    elif op == E.OP_SELF_DAMAGE:
        S[p, PTS] = max(0, S[p, PTS] - arg)
    elif op == E.OP_DRAW:
        for _ in range(arg):
            if S[p, DECK_N] > 0:
                S[p, DECK_N] -= 1
                _push(S, p, HAND, HAND_N, S[p, DECK + S[p, DECK_N]])
    elif op == E.OP_DISCARD:
        for _ in range(arg):
            if S[p, HAND_N] > 0:
                _push(S, p, DARK, DARK_N, _hand_pop(S, p, discard_choice_nb(T, S, p)))
    elif op == E.OP_MILL:
        for _ in range(arg):
            if S[p, DECK_N] > 0:
                S[p, DECK_N] -= 1
                _push(S, p, DARK, DARK_N, S[p, DECK + S[p, DECK_N]])
    elif op == E.OP_OPP_MILL:
        for _ in range(arg):
            if S[o, DECK_N] > 0:
                S[o, DECK_N] -= 1
                _push(S, o, DARK, DARK_N, S[o, DECK + S[o, DECK_N]])
    elif op == E.OP_OPP_DISCARD:
        for _ in range(arg):
            if S[o, HAND_N] > 0:
                _push(S, o, DARK, DARK_N, _hand_pop(S, o, randint_nb(rng, S[o, HAND_N])))


@njit(cache=True)
def abilities_active_nb(T, S, M, p):
    return T.ct[p, cur_nb(S, p), F_MODELED] != 0 and M[p, M_VOID] == 0


@njit(cache=True)
def auto_abilities_nb(T, S, M, X, p, timing, rng, uses):
    if not abilities_active_nb(T, S, M, p):
        return
    c = cur_nb(S, p)
    used = False
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing and cond_ok_nb(T, S, M, X, p, r) and cost_payable_nb(T, S, p, r):
            pay_cost_nb(T, S, p, r)
            apply_row_nb(T, S, M, p, r, False, False, rng)
            used = True
    if used:
        uses[p, c] += 1


@njit(cache=True)
def option_limit_nb(T, r):
    lim = T.eff[r, E_LIMIT]
    if lim == E.L_TURNS:
        return max(1, T.eff[r, E_LIMIT_ARG])
    if lim == E.L_DISCARDED or lim == E.L_DIGIMON:
        return PERSIST
    return 0


@njit(cache=True)
def use_option_nb(T, S, M, X, p, k, timing, rng, uses):
    c = S[p, SLOT + k]
    gauge = False
    first = -1
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing:
            if first < 0:
                first = r
            if pay_cost_nb(T, S, p, r):
                gauge = True
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing and cond_ok_nb(T, S, M, X, p, r):
            apply_row_nb(T, S, M, p, r, True, False, rng)
    uses[p, c] += 1
    up = option_limit_nb(T, first) if first >= 0 else 0
    if gauge:
        _push(S, p, GAUGE, GAUGE_N, c)
        S[p, SLOT + k] = -1
        S[p, SLOT_UP + k] = 0
    elif up > 0:
        S[p, SLOT_UP + k] = up
    else:
        S[p, SLOT_UP + k] = -2
        n = X[X_SPENT_N]
        X[X_SPENT + 2 * n] = p
        X[X_SPENT + 2 * n + 1] = k
        X[X_SPENT_N] = n + 1


@njit(cache=True)
def end_phase_nb(S, X):
    for i in range(X[X_SPENT_N]):
        p = X[X_SPENT + 2 * i]
        k = X[X_SPENT + 2 * i + 1]
        _push(S, p, DARK, DARK_N, S[p, SLOT + k])
        S[p, SLOT + k] = -1
        S[p, SLOT_UP + k] = 0
    X[X_SPENT_N] = 0


@njit(cache=True)
def use_ability_nb(T, S, M, X, p, r, rng, uses):
    c = cur_nb(S, p)
    S[p, ABIL_USED] |= 1 << (r - T.ct[p, c, F_EFF_LO])
    pay_cost_nb(T, S, p, r)
    if cond_ok_nb(T, S, M, X, p, r):
        apply_row_nb(T, S, M, p, r, False, False, rng)
    uses[p, c] += 1


@njit(cache=True)
def battle_start_nb(T, S, M, X, fa, sa, rng):
    X[X_SPENT_N] = 0
    S[0, ABIL_USED] = 0
    S[1, ABIL_USED] = 0
    for i in range(2):
        p = sa if i == 0 else fa
        c = cur_nb(S, p)
        if T.ct[p, c, F_MODELED] != 0 and M[p, M_VOID] == 0:
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                if T.eff[r, E_OP] == E.OP_VOID_ABILITIES and T.eff[r, E_TIMING] == E.T_PASSIVE \
                        and cond_ok_nb(T, S, M, X, p, r):
                    apply_row_nb(T, S, M, p, r, False, False, rng)
    for i in range(2):
        p = sa if i == 0 else fa
        if abilities_active_nb(T, S, M, p):
            c = cur_nb(S, p)
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                tm = T.eff[r, E_TIMING]
                if T.eff[r, E_OP] == E.OP_VOID_ABILITIES and tm == E.T_PASSIVE:
                    continue
                if (tm == E.T_PASSIVE or (tm == E.T_EVOLVED and S[p, EVOLVED] == X[X_TURN])) \
                        and cond_ok_nb(T, S, M, X, p, r):
                    apply_row_nb(T, S, M, p, r, False, False, rng)
    for i in range(2):
        p = sa if i == 0 else fa
        for k in range(3):
            c = S[p, SLOT + k]
            if c >= 0 and S[p, SLOT_UP + k] > 0:
                for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                    if T.eff[r, E_TIMING] == E.T_BATTLE and cond_ok_nb(T, S, M, X, p, r):
                        apply_row_nb(T, S, M, p, r, True, False, rng)


@njit(cache=True)
def end_turn_nb(S):
    for p in range(2):
        for k in range(3):
            u = S[p, SLOT_UP + k]
            if S[p, SLOT + k] >= 0 and u > 0 and u < PERSIST:
                S[p, SLOT_UP + k] = u - 1
                if u - 1 == 0:
                    _push(S, p, DARK, DARK_N, S[p, SLOT + k])
                    S[p, SLOT + k] = -1


# ---- battle arithmetic (C-TYPE-1/2, C-CALC-1) -----------------------------------------------------
@njit(cache=True)
def final_attack_nb(T, S, M, p):
    o = 1 - p
    cp = cur_nb(S, p)
    co = cur_nb(S, o)
    tp = M[p, M_AS] if M[p, M_AS] >= 0 else T.ct[o, co, F_BT]
    to = M[o, M_AS] if M[o, M_AS] >= 0 else T.ct[p, cp, F_BT]
    base = T.ct[p, cp, F_ATK + tp] + M[p, M_BASE_ADD]
    if (M[p, M_ZEROED] != 0 or (tp == E.BT_A and to == E.BT_C)) and not (M[p, M_NOZERO] != 0 or T.ct[p, cp, F_NO_ZERO] != 0):
        base = 0
    if base < 0:
        base = 0
    v = base * M[p, M_NUM] // M[p, M_DEN] + M[p, M_ADD]
    if v < 0:
        v = 0
    if M[p, M_HALVED] != 0:
        v //= 2
    return v


@njit(cache=True)
def forced_draw_nb(M):
    return (M[0, M_FORCE_DRAW] != 0 or M[1, M_FORCE_DRAW] != 0) and M[0, M_NOFD] == 0 and M[1, M_NOFD] == 0


# ---- greedy decisions that need the effect machinery ---------------------------------------------------
@njit(cache=True)
def outcome_nb(T, S, M, p):
    mine = final_attack_nb(T, S, M, p)
    theirs = final_attack_nb(T, S, M, 1 - p)
    if forced_draw_nb(M):
        return 1
    if mine > theirs:
        return 2
    if mine == theirs:
        return 1
    return 0


@njit(cache=True)
def face_up_blocked_nb(T, S, p, c):
    if T.ct[p, c, F_FACE_UP_LIMIT] == 0:
        return False
    for k in range(3):
        x = S[p, SLOT + k]
        if x >= 0 and S[p, SLOT_UP + k] != 0 and T.ct[p, x, F_NAME] == T.ct[p, c, F_NAME]:
            return True
    return False


@njit(cache=True)
def timed_options_nb(T, S, M, X, p, timing, out):
    """Greedy: slots whose option it uses at this timing (written to out); returns how many."""
    n = 0
    for k in range(3):
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] != 0 or T.ct[p, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, p, c):
            continue
        has = False
        pay = True
        anyc = False
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] == timing:
                has = True
                if not cost_payable_nb(T, S, p, r):
                    pay = False
                if cond_ok_nb(T, S, M, X, p, r):
                    anyc = True
        if has and pay and anyc:
            out[n] = k
            n += 1
    return n


@njit(cache=True)
def battle_action_greedy_nb(T, S, M, M2, X, p, rng):
    """(kind, index): (0, effect row) an ability, (1, slot) an option, (-1, -1) pass."""
    cur = outcome_nb(T, S, M, p)
    if cur == 2:
        return -1, -1
    bk = -1
    bi = -1
    bo = cur
    if abilities_active_nb(T, S, M, p):
        c = cur_nb(S, p)
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] != E.T_BATTLE or (S[p, ABIL_USED] >> (r - T.ct[p, c, F_EFF_LO])) & 1:
                continue
            if not cost_payable_nb(T, S, p, r) or not cond_ok_nb(T, S, M, X, p, r):
                continue
            M2[:, :] = M
            apply_row_nb(T, S, M2, p, r, False, True, rng)
            o = outcome_nb(T, S, M2, p)
            if o > bo:
                bk = 0
                bi = r
                bo = o
    for k in range(3):
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] != 0 or T.ct[p, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, p, c):
            continue
        has = False
        pay = True
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] == E.T_BATTLE:
                has = True
                if not cost_payable_nb(T, S, p, r):
                    pay = False
        if not has or not pay:
            continue
        M2[:, :] = M
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] == E.T_BATTLE and cond_ok_nb(T, S, M2, X, p, r):
                apply_row_nb(T, S, M2, p, r, True, True, rng)
        o = outcome_nb(T, S, M2, p)
        if o > bo:
            bk = 1
            bi = k
            bo = o
    return bk, bi
