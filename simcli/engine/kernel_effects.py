"""numba twins of reference_effects.py: conditions, costs, opcodes, timings and limits (RULES §4).

Same order of application as the reference engine; see its module docstring and docs/engine.md.

Nothing here allocates: every function is compiled with ``_nrt=False`` (no reference counting of
its array arguments, docs/performance.md); the two one-line hooks are inlined into their callers.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine.tables import F_NO_IGNORE, F_TIMINGS, R_JOG, TM_NEGATE  # noqa: F401
from simcli.engine.tables import (  # noqa: F401
    F_ATK, F_FIELDS, F_KEYWORDS, F_LOST, F_NCARDS, F_REQ, F_WORDS, MAX_WORDS, REQ_WIDTH, F_ATTR, F_BT, F_EFF_HI, F_EFF_LO, F_FACE_UP_LIMIT, F_FRAME, F_KEEP_ABIL, F_KIND, F_LEVEL, F_MODELED, F_NAME, F_NO_ZERO, F_OPTNAME, F_OPTYPE, F_REQ_N, F_REQ_OPT, F_USABLE_OPT, F_VNAME, F_WP, F_XDISC)
from simcli.engine import enums as E
from simcli.engine.players import cur_nb, discard_choice_nb
from simcli.engine.rng import randint_nb
from simcli.engine.state import (ABIL_USED, DARK, DARK_N, DECK, DECK_N, EVOLVED, GAUGE, GAUGE_N, HAND, HAND_N,
                                 M_ADD, M_AS, M_BASE_ADD, M_DEN, M_FORCE_DRAW, M_HALVED, M_IMM_MOD, M_IMM_OPT,
                                 M_LOSTMUL, M_NOFD, M_NOZERO, M_NUM, M_VOID, M_ZEROED, NM, PERSIST, PTS, SLOT,
                                 SLOT_UP, X_FA, X_SPENT, X_SPENT_N, X_TURN, BOUND, EXCH, L3, PLAN, PLAN_N, PLAN_W,
                                 POWER, POWER_N, TOP, X_LIST, X_PER, X_PLAYER)
from simcli.engine.state import SUPPORT, hand_remove_nb, push_nb

E_OP, E_ARG, E_ARG2, E_TIMING, E_NCOND, E_COND0, E_COST0, E_LIMIT, E_LIMIT_ARG = (
    E.E_OP, E.E_ARG, E.E_ARG2, E.E_TIMING, E.E_NCOND, E.E_COND0, E.E_COST0, E.E_LIMIT, E.E_LIMIT_ARG)
MAX_COSTS = E.MAX_COSTS
OPT_PROGRAM = 0
OPT_ITEM = 1


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def cmp_has_nb(has, c):
    if c == E.CMP_EQ or c == E.CMP_HAS:
        return has
    if c == E.CMP_NE:
        return not has
    return False


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
    card=NAME), -1 none.  Most rows have no condition: that case costs no call."""
    if T.eff[r, E_NCOND] == 0:
        return True
    return _cond_check_nb(T, S, M, X, p, r, card)


@njit(cache=True, _nrt=False)
def _cond_check_nb(T, S, M, X, p, r, card):
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
        elif kind == E.C_CARD:
            ok = card >= 0 and cmp_has_nb(T.ct[o, card, F_VNAME] == v, c)
        else:
            ok = False
        if not ok:
            return False
    return True


@njit(cache=True, inline="always")  # small and called in every greedy scan: inlined
def cost_payable_nb(T, S, p, r):
    """Row r's costs can be paid by p now."""
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


@njit(cache=True, _nrt=False)
def pay_cost_nb(T, S, p, r):
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
    return gauge


@njit(cache=True, _nrt=False)
def card_immune_nb(T, S, M, X, o, card):
    """o's Digimon has an active ``immune_options if card=NAME`` row matching the opponent's option."""
    c = cur_nb(S, o)
    if T.ct[o, c, F_MODELED] == 0 or M[o, M_VOID] != 0:
        return False
    for r in range(T.ct[o, c, F_EFF_LO], T.ct[o, c, F_EFF_HI]):
        if T.eff[r, E_OP] == E.OP_IMMUNE_OPTIONS and T.eff[r, E_TIMING] == E.T_PASSIVE \
                and cond_ok_nb(T, S, M, X, o, r, card):
            return True
    return False


@njit(cache=True, inline="always")
def per_avail_nb(T, S, p, op):
    if op == E.OP_PER_DISCARD:
        return S[p, HAND_N]
    if op == E.OP_PER_DISCARD_DIGIMON:
        d = 0
        for i in range(S[p, HAND_N]):
            if T.ct[p, S[p, HAND + i], F_KIND] == E.KIND_DIGIMON:
                d += 1
        return d
    return S[p, DECK_N]


# Opcode flags (one table for apply_row_nb and the battle simulations' sim_row_nb):
#   OPF_MOD      an attack modifier (changes M only; a simulation applies it, ignores the rest)
#   OPF_OPP      aimed at the opponent: an opponent immune to options is not reached by an option's row
#   OPF_MOD_OPP  modifies the opponent's attack: blocked by the opponent's M_IMM_MOD too
#   OPF_PER      a per_* count (own attack += arg per card discarded / milled)
OPF_MOD, OPF_OPP, OPF_MOD_OPP, OPF_PER = 1, 2, 4, 8
OP_FLAGS = np.zeros(64, np.int8)
for _op in (E.OP_ATK_ADD, E.OP_BASE_ADD, E.OP_ATK_MUL, E.OP_ATTACK_AS, E.OP_NO_ZERO, E.OP_NO_FORCE_DRAW,
            E.OP_IMMUNE_OPTIONS, E.OP_IMMUNE_MOD, E.OP_LOST_MUL):
    OP_FLAGS[_op] = OPF_MOD
for _op in (E.OP_OPP_ATK_ADD, E.OP_OPP_ATK_MUL, E.OP_HALVE_OPP, E.OP_ZERO_OPP, E.OP_OPP_ATTACK_AS):
    OP_FLAGS[_op] = OPF_MOD | OPF_OPP | OPF_MOD_OPP
for _op in (E.OP_FORCE_DRAW, E.OP_VOID_ABILITIES):
    OP_FLAGS[_op] = OPF_MOD | OPF_OPP
for _op in (E.OP_DAMAGE, E.OP_OPP_MILL, E.OP_OPP_DISCARD, E.OP_OPP_SLOTS_CLEAR):
    OP_FLAGS[_op] = OPF_OPP
for _op in (E.OP_PER_DISCARD, E.OP_PER_DISCARD_DIGIMON, E.OP_PER_MILL):
    OP_FLAGS[_op] = OPF_MOD | OPF_PER


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


@njit(cache=True, _nrt=False)
def apply_row_nb(T, S, M, X, p, r, from_option, rng, card, count):
    """card: the option card applied (-1 an ability); count: the player's per_* count."""
    o = 1 - p
    op = T.eff[r, E_OP]
    arg = T.eff[r, E_ARG]
    arg2 = T.eff[r, E_ARG2]
    f = OP_FLAGS[op]
    if row_blocked_nb(T, S, M, X, p, f, from_option, card):
        return
    if f & OPF_PER:
        n = min(count, per_avail_nb(T, S, p, op))
        if arg2 > 0:
            n = min(n, arg2)
        for _ in range(n):
            if op == E.OP_PER_MILL:
                S[p, DECK_N] -= 1
                push_nb(S, p, DARK, DARK_N, S[p, DECK + S[p, DECK_N]])
            else:
                push_nb(S, p, DARK, DARK_N, hand_remove_nb(S, p, discard_choice_nb(T, S, p)))
        M[p, M_ADD] += arg * max(0, n)
    elif f & OPF_MOD:
        modify_nb(T, S, M, p, op, arg, arg2)
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
                push_nb(S, p, HAND, HAND_N, S[p, DECK + S[p, DECK_N]])
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
            if S[o, SLOT + k] >= 0:
                push_nb(S, o, DARK, DARK_N, S[o, SLOT + k])
                S[o, SLOT + k] = -1
                S[o, SLOT_UP + k] = 0


@njit(cache=True, inline="always")
def sim_row_nb(T, S, M, X, p, r, from_option, card, count):
    """A battle simulation's apply_row_nb: only attack modifiers, on the scratch M; a per_* row counts
    `count` cards without moving any."""
    op = T.eff[r, E_OP]
    f = OP_FLAGS[op]
    if (f & OPF_MOD) == 0 or row_blocked_nb(T, S, M, X, p, f, from_option, card):
        return
    if f & OPF_PER:
        M[p, M_ADD] += T.eff[r, E_ARG] * max(0, count)
    else:
        modify_nb(T, S, M, p, op, T.eff[r, E_ARG], T.eff[r, E_ARG2])


@njit(cache=True, inline="always")
def modify_nb(T, S, M, p, op, arg, arg2):
    """The attack-modifier opcodes (OPF_MOD, per_* aside): updates of M only."""
    o = 1 - p
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


@njit(cache=True, inline="always")
def abilities_active_nb(T, S, M, p):
    return T.ct[p, cur_nb(S, p), F_MODELED] != 0 and M[p, M_VOID] == 0


@njit(cache=True, _nrt=False)
def auto_abilities_nb(T, S, M, X, p, timing, rng, uses):
    if not abilities_active_nb(T, S, M, p):
        return
    c = cur_nb(S, p)
    used = False
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing and cond_ok_nb(T, S, M, X, p, r, -1) and cost_payable_nb(T, S, p, r):
            pay_cost_nb(T, S, p, r)
            apply_row_nb(T, S, M, X, p, r, False, rng, -1, 0)
            used = True
    if used:
        uses[p, c] += 1


@njit(cache=True, _nrt=False)
def option_limit_nb(T, S, p, r):
    lim = T.eff[r, E_LIMIT]
    if lim == E.L_TURNS:
        return max(1, T.eff[r, E_LIMIT_ARG])
    if lim == E.L_DISCARDED:
        return PERSIST
    if lim == E.L_DIGIMON:
        return BOUND + cur_nb(S, p)
    return 0


@njit(cache=True, _nrt=False)
def _pay_option_nb(T, S, p, c, timing):
    gauge = False
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing:
            if pay_cost_nb(T, S, p, r):
                gauge = True
    return gauge


@njit(cache=True, _nrt=False)
def use_option_nb(T, S, M, X, p, k, timing, rng, uses):
    """Use the option in slot k at a timing outside the battle windows (prep, point, win, lose)."""
    use_option_battle_nb(T, S, M, M, X, p, k, timing, rng, uses)


@njit(cache=True, _nrt=False)
def use_option_battle_nb(T, S, M, M2, X, p, k, timing, rng, uses):
    """Use the option in slot k (reference_effects.Effects.use_option): costs; in a battle window the
    opponent may negate it (M2: scratch for its look-ahead); then its rows.  The per_* count is
    X[X_PER] (battle windows)."""
    c = S[p, SLOT + k]
    count = X[X_PER] if timing == E.T_BATTLE else 0
    X[X_PER] = 0
    gauge = _pay_option_nb(T, S, p, c, timing)
    uses[p, c] += 1
    o = 1 - p
    if timing == E.T_BATTLE and X[X_PLAYER + o] == E.PLAYER_GREEDY:
        k2 = negate_slot_nb(T, S, M, X, o, T.ct[p, c, F_OPTYPE])
        if k2 >= 0:
            before = outcome_nb(T, S, M, o)
            after = sim_outcome_nb(T, S, M, M2, X, p, T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI], c, count, o, rng)
            if after < before:
                push_nb(S, p, DARK, DARK_N, c)
                S[p, SLOT + k] = -1
                S[p, SLOT_UP + k] = 0
                c2 = S[o, SLOT + k2]
                g2 = _pay_option_nb(T, S, o, c2, E.T_BATTLE)
                uses[o, c2] += 1
                _resolve_option_nb(T, S, M, X, o, k2, E.T_BATTLE, rng, g2, 0)
                return
    _resolve_option_nb(T, S, M, X, p, k, timing, rng, gauge, count)


@njit(cache=True, _nrt=False)
def _resolve_option_nb(T, S, M, X, p, k, timing, rng, gauge, count):
    """An option's rows with that timing, then its limit (face-up, gauge, or Dark Area at phase end)."""
    c = S[p, SLOT + k]
    first = -1
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == timing:
            if first < 0:
                first = r
            if cond_ok_nb(T, S, M, X, p, r, -1):
                apply_row_nb(T, S, M, X, p, r, True, rng, c, count)
    up = option_limit_nb(T, S, p, first) if first >= 0 else 0
    if gauge:
        push_nb(S, p, GAUGE, GAUGE_N, c)
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
def use_ability_nb(T, S, M, X, p, r, rng, uses):
    c = cur_nb(S, p)
    count = X[X_PER]
    X[X_PER] = 0
    S[p, ABIL_USED] |= 1 << (r - T.ct[p, c, F_EFF_LO])
    pay_cost_nb(T, S, p, r)
    if cond_ok_nb(T, S, M, X, p, r, -1):
        apply_row_nb(T, S, M, X, p, r, False, rng, -1, count)
    uses[p, c] += 1


@njit(cache=True, _nrt=False)
def use_support_nb(T, S, M, X, p, pos, rng, uses):
    """DM-BAT-2 (reference_effects.Effects.use_support): hand[pos] → Support Box; its support rows'
    costs (a gauge cost ignored), then the rows whose conditions hold."""
    c = hand_remove_nb(S, p, pos)
    S[p, SUPPORT] = c
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_SUPPORT:
            pay_cost_nb(T, S, p, r)
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_SUPPORT and cond_ok_nb(T, S, M, X, p, r, -1):
            apply_row_nb(T, S, M, X, p, r, False, rng, -1, 0)
    uses[p, c] += 1


@njit(cache=True, _nrt=False)
def _sim_support_nb(T, S, M, M2, X, p, c, rng):
    """p's outcome after its support card c's rows (attack modifiers only), on the copy M2."""
    for i in range(2):
        for f in range(NM):
            M2[i, f] = M[i, f]
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_SUPPORT and cond_ok_nb(T, S, M2, X, p, r, -1):
            sim_row_nb(T, S, M2, X, p, r, False, -1, 0)
    return outcome_nb(T, S, M2, p)


@njit(cache=True, _nrt=False)
def unbind_nb(S):
    """Limit ``digimon``: options whose Digimon is no longer the top card go to the Dark Area."""
    for p in range(2):
        for k in range(3):
            u = S[p, SLOT_UP + k]
            if S[p, SLOT + k] >= 0 and u >= BOUND and u - BOUND != cur_nb(S, p):
                push_nb(S, p, DARK, DARK_N, S[p, SLOT + k])
                S[p, SLOT + k] = -1
                S[p, SLOT_UP + k] = 0


@njit(cache=True, inline="always")
def battle_start_nb(T, S, M, M2, X, fa, sa, rng, uses, rows=True):
    """Start of the battle phase: resets, options whose Digimon left, then (rows: some card of either
    deck has effect rows) passive abilities, greedy negation of active Items, face-up options."""
    X[X_SPENT_N] = 0
    S[0, ABIL_USED] = 0
    S[1, ABIL_USED] = 0
    unbind_nb(S)
    if rows:  # without effect rows the rest does nothing: no call (it takes 9 arrays)
        _battle_start_rows_nb(T, S, M, M2, X, fa, sa, rng, uses)


@njit(cache=True, _nrt=False)
def _battle_start_rows_nb(T, S, M, M2, X, fa, sa, rng, uses):
    for i in range(2):
        p = sa if i == 0 else fa
        c = cur_nb(S, p)
        if T.ct[p, c, F_MODELED] != 0 and M[p, M_VOID] == 0:
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                if T.eff[r, E_OP] == E.OP_VOID_ABILITIES and T.eff[r, E_TIMING] == E.T_PASSIVE \
                        and cond_ok_nb(T, S, M, X, p, r, -1):
                    apply_row_nb(T, S, M, X, p, r, False, rng, -1, 0)
    for i in range(2):
        p = sa if i == 0 else fa
        if abilities_active_nb(T, S, M, p):
            c = cur_nb(S, p)
            for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                tm = T.eff[r, E_TIMING]
                if T.eff[r, E_OP] == E.OP_VOID_ABILITIES and tm == E.T_PASSIVE:
                    continue
                if (tm == E.T_PASSIVE or (tm == E.T_EVOLVED and S[p, EVOLVED] == X[X_TURN])) \
                        and cond_ok_nb(T, S, M, X, p, r, -1):
                    apply_row_nb(T, S, M, X, p, r, False, rng, -1, 0)
    for i in range(2):  # greedy: negate_item against Items already face-up (second attacker, then first)
        p = sa if i == 0 else fa
        if X[X_PLAYER + p] != E.PLAYER_GREEDY:
            continue
        o = 1 - p
        while True:
            found = False
            for tk in range(3):
                tc = S[o, SLOT + tk]
                if tc < 0 or S[o, SLOT_UP + tk] <= 0 or T.ct[o, tc, F_OPTYPE] != OPT_ITEM:
                    continue
                k = negate_slot_nb(T, S, M, X, p, -1)
                if k < 0:
                    break
                before = outcome_nb(T, S, M, p)
                if sim_outcome_nb(T, S, M, M2, X, o, T.ct[o, tc, F_EFF_LO], T.ct[o, tc, F_EFF_HI], tc, 0, p,
                                  rng) < before:
                    push_nb(S, o, DARK, DARK_N, tc)
                    S[o, SLOT + tk] = -1
                    S[o, SLOT_UP + tk] = 0
                    c2 = S[p, SLOT + k]
                    g2 = _pay_option_nb(T, S, p, c2, E.T_BATTLE)
                    uses[p, c2] += 1
                    _resolve_option_nb(T, S, M, X, p, k, E.T_BATTLE, rng, g2, 0)
                    found = True
                    break
            if not found:
                break
    for i in range(2):
        p = sa if i == 0 else fa
        for k in range(3):
            c = S[p, SLOT + k]
            if c >= 0 and S[p, SLOT_UP + k] > 0:
                for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
                    if T.eff[r, E_TIMING] == E.T_BATTLE and cond_ok_nb(T, S, M, X, p, r, -1):
                        apply_row_nb(T, S, M, X, p, r, True, rng, c, 0)


@njit(cache=True, _nrt=False)
def end_turn_nb(S):
    unbind_nb(S)
    for p in range(2):
        for k in range(3):
            u = S[p, SLOT_UP + k]
            if S[p, SLOT + k] >= 0 and u > 0 and u < PERSIST:
                S[p, SLOT_UP + k] = u - 1
                if u - 1 == 0:
                    push_nb(S, p, DARK, DARK_N, S[p, SLOT + k])
                    S[p, SLOT + k] = -1


# ---- battle arithmetic (C-TYPE-1/2, C-CALC-1) -----------------------------------------------------
@njit(cache=True, inline="always")  # ~20 calls per turn: inlined, no argument marshalling
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
    v = base + M[p, M_ADD]
    if M[p, M_NUM] != M[p, M_DEN]:  # a multiplier: the (slow) division only then, same result
        v = base * M[p, M_NUM] // M[p, M_DEN] + M[p, M_ADD]
    if v < 0:
        v = 0
    if M[p, M_HALVED] != 0:
        v //= 2
    return v


@njit(cache=True, inline="always")
def forced_draw_nb(M):
    return (M[0, M_FORCE_DRAW] != 0 or M[1, M_FORCE_DRAW] != 0) and M[0, M_NOFD] == 0 and M[1, M_NOFD] == 0


# ---- greedy decisions that need the effect machinery ---------------------------------------------------
@njit(cache=True, inline="always")
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


@njit(cache=True, _nrt=False)
def _timed_options_nb(T, S, M, X, p, timing):
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
        if T.eff[r, E_TIMING] != E.T_BATTLE or not (op == E.OP_PER_DISCARD or op == E.OP_PER_DISCARD_DIGIMON
                                                   or op == E.OP_PER_MILL):
            continue
        a = per_avail_nb(T, S, p, op) - (mill if op == E.OP_PER_MILL else disc)
        if a < 0:
            a = 0
        if T.eff[r, E_ARG2] > 0 and T.eff[r, E_ARG2] < a:
            a = T.eff[r, E_ARG2]
        if km < 0 or a < km:
            km = a
    return km


@njit(cache=True, inline="always")
def sim_outcome_nb(T, S, M, M2, X, p, lo, hi, card, count, for_seat, rng):
    """Outcome for for_seat after p applies its battle rows [lo, hi) (attack modifiers only) on a copy."""
    for i in range(2):
        for f in range(NM):
            M2[i, f] = M[i, f]
    for r in range(lo, hi):
        if T.eff[r, E_TIMING] == E.T_BATTLE and cond_ok_nb(T, S, M2, X, p, r, -1):
            sim_row_nb(T, S, M2, X, p, r, card >= 0, card, count)
    return outcome_nb(T, S, M2, for_seat)


@njit(cache=True, inline="always")
def negate_slot_nb(T, S, M, X, p, target_type):
    """p's first face-down negate card for this option type (-1: an active Item, standalone), or -1."""
    if not facedown_with_nb(T, S, p, TM_NEGATE):
        return -1
    return _negate_slot_nb(T, S, M, X, p, target_type)


@njit(cache=True, _nrt=False)
def _negate_slot_nb(T, S, M, X, p, target_type):
    for k in range(3):
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] != 0 or T.ct[p, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, p, c):
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
            if not cond_ok_nb(T, S, M, X, p, r, -1):
                continue
            if (op == E.OP_NEGATE_OPTION and target_type >= 0) or (op == E.OP_NEGATE_PROGRAM and target_type == OPT_PROGRAM) \
                    or (op == E.OP_NEGATE_ITEM and (target_type == OPT_ITEM or target_type < 0)):
                ok = True
        if ok and pay:
            return k
    return -1


@njit(cache=True, _nrt=False)
def battle_action_greedy_nb(T, S, M, M2, X, p, rng):
    """(kind, index): (0, effect row) an ability, (1, slot) an option, (2, hand position) a support
    Digimon (DM-BAT-2), (-1, -1) pass; the per_* count for it in X[X_PER]."""
    X[X_PER] = 0
    cur = outcome_nb(T, S, M, p)
    if cur == 2:
        return -1, -1
    bk = -1
    bi = -1
    bo = cur
    bn = 0
    if abilities_active_nb(T, S, M, p):
        c = cur_nb(S, p)
        for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
            if T.eff[r, E_TIMING] != E.T_BATTLE or (S[p, ABIL_USED] >> (r - T.ct[p, c, F_EFF_LO])) & 1:
                continue
            if not cost_payable_nb(T, S, p, r) or not cond_ok_nb(T, S, M, X, p, r, -1):
                continue
            o, n = _best_count_nb(T, S, M, M2, X, p, r, r + 1, -1, rng)
            if o > bo:
                bk = 0
                bi = r
                bo = o
                bn = n
    if S[p, SUPPORT] < 0:  # DM-BAT-2: one support Digimon per turn, from hand
        for pos in range(S[p, HAND_N]):
            c = S[p, HAND + pos]
            if T.ct[p, c, F_KIND] != E.KIND_DIGIMON:
                continue
            if not rows_payable_at_nb(T, S, p, c, E.T_SUPPORT):
                continue
            o = _sim_support_nb(T, S, M, M2, X, p, c, rng)
            if o > bo:
                bk = 2
                bi = pos
                bo = o
                bn = 0
    for k in range(3):
        c = S[p, SLOT + k]
        if c < 0 or S[p, SLOT_UP + k] != 0 or T.ct[p, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, p, c):
            continue
        if not rows_payable_at_nb(T, S, p, c, E.T_BATTLE):
            continue
        o, n = _best_count_nb(T, S, M, M2, X, p, T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI], c, rng)
        if o > bo:
            bk = 1
            bi = k
            bo = o
            bn = n
    X[X_PER] = bn
    return bk, bi


@njit(cache=True, inline="always")
def _best_count_nb(T, S, M, M2, X, p, lo, hi, card, rng):
    """(best outcome, fewest per_* count reaching it) for p's battle rows [lo, hi): the outcome with
    the largest count kmax, then the first count 0, 1, ... that reaches it (one simulation site, so
    the inlined simulation is compiled once)."""
    kmax = per_kmax_nb(T, S, p, lo, hi)
    if kmax < 0:
        kmax = 0  # no per_* row: count 0
    top = -1
    k = kmax  # first the largest count
    while True:
        o = sim_outcome_nb(T, S, M, M2, X, p, lo, hi, card, k, p, rng)
        if top < 0:
            top = o
            if kmax == 0:
                return top, 0
            k = 0
            continue
        if o >= top:
            return top, k
        k += 1
        if k >= kmax:
            return top, kmax


@njit(cache=True, inline="always")
def prepare_ignore_nb(T, S, M, X, s, uses):
    """Greedy, Preparation step (4) when no chain was prepared: DM-EVO-5 evolve_ignore step
    (reference_effects.Effects.evolve_ignore + reference_greedy.GreedyPlayer.ignore_choice).
    It needs a face-down evolve_ignore option: without any face-down usable option, no call."""
    if facedown_with_nb(T, S, s, 1 << E.T_EVOLUTION):
        _prepare_ignore_nb(T, S, M, X, s, uses)


@njit(cache=True, _nrt=False)
def _prepare_ignore_nb(T, S, M, X, s, uses):
    base = S[s, EXCH] if S[s, EXCH] >= 0 else cur_nb(S, s)
    lv = T.ct[s, base, F_LEVEL] + 1
    if lv > E.LV_ULTIMATE:
        return
    slot = -1
    extra = 0
    for k in range(3):
        c = S[s, SLOT + k]
        if c < 0 or S[s, SLOT_UP + k] != 0 or T.ct[s, c, F_USABLE_OPT] == 0 or face_up_blocked_nb(T, S, s, c):
            continue
        for r in range(T.ct[s, c, F_EFF_LO], T.ct[s, c, F_EFF_HI]):
            if T.eff[r, E_OP] == E.OP_EVOLVE_IGNORE and T.eff[r, E_TIMING] == E.T_EVOLUTION \
                    and cond_ok_nb(T, S, M, X, s, r, -1) and cost_payable_nb(T, S, s, r):
                slot = k
                for i in range(MAX_COSTS):
                    kind = T.eff[r, E_COST0 + 2 * i]
                    if kind == E.K_DISCARD or kind == E.K_DISCARD_DIGIMON:
                        extra += T.eff[r, E_COST0 + 2 * i + 1]
                break
        if slot >= 0:
            break
    if slot < 0:
        return
    best = -1
    ba = -1
    for pos in range(S[s, HAND_N]):
        c = S[s, HAND + pos]
        if T.ct[s, c, F_KIND] != E.KIND_DIGIMON or T.ct[s, c, F_LEVEL] != lv or T.ct[s, c, F_NO_IGNORE] != 0:
            continue
        alt = False
        for a in range(T.ct[s, c, F_REQ_N]):
            if T.ct[s, c, F_REQ + a * REQ_WIDTH + R_JOG] < 0:
                alt = True
        if not alt or S[s, HAND_N] - 1 - extra < T.ct[s, c, F_XDISC]:
            continue
        if T.ct[s, c, F_ATK + 0] > ba:
            best = pos
            ba = T.ct[s, c, F_ATK + 0]
    if best < 0:
        return
    opt = S[s, SLOT + slot]
    card = hand_remove_nb(S, s, best)
    S[s, PLAN_N] = 1
    S[s, PLAN] = card
    S[s, PLAN + 1] = 0
    S[s, PLAN + 2] = opt
    S[s, PLAN + 3] = slot
    S[s, PLAN + 4] = -1
    S[s, POWER_N] = 0
    push_nb(S, s, POWER, POWER_N, opt)
    S[s, SLOT + slot] = -1
    for r in range(T.ct[s, opt, F_EFF_LO], T.ct[s, opt, F_EFF_HI]):
        if T.eff[r, E_TIMING] == E.T_EVOLUTION and T.eff[r, E_OP] == E.OP_EVOLVE_IGNORE:
            pay_cost_nb(T, S, s, r)
            break
    uses[s, opt] += 1
