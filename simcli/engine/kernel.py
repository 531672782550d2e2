"""The numba engine: one DMCG game on the compiled tables, and blocks of games on threads.

State: ``S`` int32 [2, state.NS] (see state.py for every field), ``M`` int32 [2, state.NM] the
battle modifiers, ``W`` int64 scratch for the chain planner, ``K`` int32 scratch (keep marks).
All are allocated once per block of games and reset per game; nothing is allocated per turn.
The rules follow reference.py step by step (parity tests compare every game).

Speed conventions (docs/performance.md): functions that do not allocate are compiled with
``_nrt=False`` (no reference counting of their array arguments) — players.py, rng.py,
kernel_effects.py and the game loop itself; ``preparation_nb`` and ``play_turn_nb`` are inlined
(``inline="always"``) into the turn loop, and ``play_game_nb`` into the block of games (``_block_nb``, run
on Python threads by ``run_blocks``), which works on private copies of the tables allocated by its
caller (``_block_scratch``): the entry point needs no runtime, and the whole kernel is one library.

Cache caveat: numba keys this module's cache entries on *this file's* contents only; code compiled
in from players.py / kernel_effects.py / rng.py is not tracked by numba itself.  simcli/engine/
__init__.py therefore puts the cache in a folder named after a hash of all engine sources.
"""

from __future__ import annotations

import numpy as np
from numba import njit
import numba as _numba
import warnings as _warnings

if _numba.config.DISABLE_JIT:  # plain numpy scalars warn on the intended 64-bit wrap-around
    _warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)

from simcli.engine.tables import (  # noqa: F401
    F_ATK, F_COPY0, F_FIELDS, F_KEYWORDS, F_LOST, F_NCARDS, F_REQ, F_WORDS, MAX_WORDS, MAX_TYPE_WORDS, REQ_WIDTH, F_ATTR, F_BT, F_EFF_HI, F_EFF_LO, F_FACE_UP_LIMIT, F_FRAME, F_KEEP_ABIL, F_KIND, F_LEVEL, F_MODELED, F_NAME, F_NO_ZERO, F_OPTNAME, F_OPTYPE, F_REQ_N, F_REQ_OPT, F_USABLE_OPT, F_VNAME, F_WP, F_XDISC)
from simcli.engine import enums as E
from simcli.engine.tables import F_SLOT_POS
from simcli.engine.kernel_effects import effects_after_evolution, effects_auto, effects_result_rows  # noqa: F401
from simcli.engine.kernel_effects import effects_battle_lost, effects_evo_end, effects_point_start
from simcli.engine.kernel_effects import (after_evolution_nb, appear_nb, auto_abilities_nb,  # noqa: F401
                                          battle_lost_nb, battle_start_nb, end_phase_nb, end_turn_nb, final_attack_nb,
                                          forced_draw_nb, hand_limit_nb, lifespan_ends_nb, lost_to_hand_nb, reset_m_nb, result_rows_nb, settle_nb,
                                          use_ability_nb, use_nb, use_option_battle_nb, use_option_nb, use_support_nb)
from simcli.engine.players import cur_nb, discard_choice_nb
from simcli.engine.policies import (baseline_window, policy_chain, policy_discard, policy_exchange,  # noqa: F401
                                    policy_hold, policy_partner, policy_prepare_ignore, policy_set_options,
                                    policy_timed_use, policy_window)
from simcli.codes import PF_JOG, PF_NCARDS, PF_RES, PF_RSLOT, W_BEST, W_JPOS, W_POS, W_ROWS, W_RPOS
from simcli.engine.results import FA_HASH_START, RECORD_DTYPE, new_stats, run_blocks
from simcli.engine.tables import KTables, kernel_tables
from simcli.engine.tally import tally_game_nb
from simcli.engine.rng import randint_nb, rng_init_nb, shuffle_nb
from simcli.engine.state import hand_remove_nb, push_nb  # noqa: F401  (zone helpers)
from simcli.engine.state import M_KEEPBOX  # round 13c
from simcli.engine.state import (DARK, DARK_N, DECK, DECK_N, EXCH, FIRST_RENEW, GAUGE, GAUGE_N, HAND, HAND_N,
                                 L3, M_ADD, M_AS, M_BASE_ADD, M_DEN, M_FORCE_DRAW, M_HALVED, M_LOSTMUL, M_NOFD,
                                 M_NOZERO, M_NUM, M_ZEROED, MAXLV, NM, NS, PLAN, PLAN_N, PLAN_W, POWER, POWER_N,
                                 PTS, RENEW, SLOT, SLOT_UP, TOP, ABIL_USED, SUP_USED, SUPPORT, EVOLVED, NX, X_FA, X_LIST,
                                 X_PLAYER, X_TURN)
from simcli.engine.state import (DRAWN, EVO, EVO_N, LV_START, M_LOSTADD, M_NODRAWLOSS, M_NOLOSS, M_SELFLOST, MAX_EVO, MAX_STEPS, SLOT_CARD,
                                 SUPBOX, BESIDE, USED, X_APP_ANY, X_APPEAR_ROW, X_IN_BATTLE, X_LOG, X_LOST, X_R11F,
                                 X_EVOEND)
from simcli.engine.tables import F_APPTIM, F_APP_HI, F_APP_LO, F_RCOST, F_STAY, F_TIMINGS, TM_R11F

OUT_A, OUT_B, OUT_DRAW, OUT_CAPPED = E.OUT_A, E.OUT_B, E.OUT_DRAW, E.OUT_CAPPED
BR_FIRST, BR_SECOND, BR_DRAW = E.BR_FIRST, E.BR_SECOND, E.BR_DRAW
BT_A, BT_C = E.BT_A, E.BT_C
FNV_PRIME = 0x100000001B3
PLAYER_GREEDY = E.PLAYER_GREEDY
PLAYER_BASELINE = E.PLAYER_BASELINE
PLAYER_RANDOM = E.PLAYER_RANDOM
T_PREP, T_BATTLE, T_POINT, T_WIN, T_LOSE = E.T_PREP, E.T_BATTLE, E.T_POINT, E.T_WIN, E.T_LOSE


# ---- zone helpers ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def draw_to_nb(S, s, lim):
    while S[s, HAND_N] < lim and S[s, DECK_N] > 0:
        S[s, DECK_N] -= 1
        c = S[s, DECK + S[s, DECK_N]]
        push_nb(S, s, HAND, HAND_N, c)
        S[s, DRAWN] |= np.int32(1) << c


@njit(cache=True, _nrt=False)
def has_rows_nb(T, S, s):
    """The top card has effect rows.  auto_abilities_nb only walks the top card's rows, so without
    any it does nothing: the callers skip the call (and its refcounting of 7 arrays), which is
    every call with --effects none and most with effects all."""
    c = cur_nb(S, s)
    return T.ct[s, c, F_EFF_HI] > T.ct[s, c, F_EFF_LO]


# ---- setup (DM-SET-1) ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def setup_player_nb(T, S, s, player, rng, gon, pc):
    """pc[s]: the seat's partner once chosen in this block (-2 not yet): baseline's and greedy's choice is a
    function of the deck alone (BL-1, partner_greedy_nb's search over the deck), random draws it anew."""
    for f in range(NS):
        S[s, f] = 0
    partner = pc[s]
    if partner < -1:
        partner = policy_partner(gon, T, s, player, rng)
        if player != PLAYER_RANDOM:
            pc[s] = partner
    S[s, L3] = partner
    S[s, TOP] = -1
    for k in range(3):
        S[s, SLOT + k] = -1
    S[s, PTS] = 100
    S[s, EXCH] = -1
    S[s, SUPPORT] = -1
    S[s, SUPBOX] = -1
    S[s, BESIDE] = -1
    for k in range(3):
        S[s, SLOT_CARD + k] = -1
    S[s, MAXLV] = 1 << E.LV_III
    n = 0
    for i in range(T.ct[s, 0, F_NCARDS]):
        if i != partner:
            S[s, DECK + n] = i
            n += 1
    S[s, DECK_N] = n
    shuffle_nb(rng, S[s, DECK:DECK + n], n)
    S[s, DECK_N] = n - 1
    push_nb(S, s, GAUGE, GAUGE_N, S[s, DECK + n - 1])
    for _ in range(6):
        S[s, DECK_N] -= 1
        c = S[s, DECK + S[s, DECK_N]]
        push_nb(S, s, HAND, HAND_N, c)
        S[s, DRAWN] |= np.int32(1) << c


# ---- Preparation (DM-PREP-1) -------------------------------------------------------------------
@njit(cache=True, inline="always")  # inlined into play_turn_nb: no call, no refcounts of its 8 arrays
def preparation_nb(T, S, M, M2, X, s, player, K, W, rng, uses, gon, eon):
    app = X[X_APP_ANY + s] != 0  # its deck has appearance cards (BL-2b keeps them)
    # (1) discard (policies.policy_discard: BL-2; greedy also keeps options for its empty slots and a
    # better Level III)
    policy_discard(gon, T, S, s, player, K, app, rng)
    hn = S[s, HAND_N]
    k = 0
    for pos in range(hn):
        c = S[s, HAND + pos]
        if K[pos] == 0:
            push_nb(S, s, DARK, DARK_N, c)
        else:
            S[s, HAND + k] = c
            k += 1
    S[s, HAND_N] = k
    lim = hand_limit_nb(T, S, s) if X[X_R11F + s] != 0 else 6  # C-HAND-1, or a face-up hand_limit option's (round 11f)
    while S[s, HAND_N] > lim:
        push_nb(S, s, DARK, DARK_N, hand_remove_nb(S, s, 0))
    # (2) draw to 6 (the limit)
    draw_to_nb(S, s, lim)
    # (3) Level III exchange (baseline never, BL-3)
    S[s, EXCH] = -1
    if player != PLAYER_BASELINE:
        b = policy_exchange(gon, T, S, s, player, rng)
        if b >= 0:
            S[s, EXCH] = hand_remove_nb(S, s, b)
    # (4) evolution preparation (BL-4; greedy: only chains whose costs it can pay)
    nsteps = policy_chain(gon, T, S, s, player, W, rng)
    hold = False
    if player == PLAYER_GREEDY and app and S[s, EXCH] < 0:  # keep the box for an appearance (GreedyPlayer.hold)
        lv = T.ct[s, S[s, PLAN + PLAN_W * (nsteps - 1)], F_LEVEL] if nsteps > 0 else T.ct[s, cur_nb(S, s), F_LEVEL] + 1
        if policy_hold(gon, T, S, M, X, s, player, lv):
            hold = True
            nsteps = 0
            S[s, PLAN_N] = 0
    if nsteps > 0:
        prepare_chain_nb(T, S, s, W, nsteps, K)
    else:
        S[s, POWER_N] = 0
        if player != PLAYER_BASELINE and not hold:  # DM-EVO-5: an evolve_ignore option instead
            policy_prepare_ignore(gon, T, S, M, X, s, player, uses, rng)
    # (5) Preparation-timing abilities and options
    X[0] = 0
    if has_rows_nb(T, S, s):
        effects_auto(eon, T, S, M, X, s, T_PREP, rng, uses)
    if player != PLAYER_BASELINE:
        policy_timed_use(gon, T, S, M, M2, X, s, T_PREP, rng, uses)
    end_phase_nb(S, X)
    # (6) set options (greedy: its usable options; random: some of them): first the cards that name their
    # slot into it (round 10e, seed 003 §3.4 옵션 카드의 세트; the policies chose them only with it free), then the
    # others, last one first, into the first free slots
    if player != PLAYER_BASELINE:
        m = policy_set_options(gon, T, S, s, player, rng)
        for pos in range(S[s, HAND_N] - 1, -1, -1):  # last one first: lower positions stay valid
            if ((m >> pos) & 1) == 0 or T.ct[s, S[s, HAND + pos], F_SLOT_POS] == 0:
                continue
            c = hand_remove_nb(S, s, pos)
            kk = T.ct[s, c, F_SLOT_POS] - 1
            S[s, SLOT + kk] = c
            S[s, SLOT_UP + kk] = 0
            m = (m & ((np.int64(1) << pos) - 1)) | ((m >> (pos + 1)) << pos)  # the later positions move down
        for pos in range(S[s, HAND_N] - 1, -1, -1):
            if ((m >> pos) & 1) == 0:
                continue
            c = hand_remove_nb(S, s, pos)
            for kk in range(3):
                if S[s, SLOT + kk] < 0:
                    S[s, SLOT + kk] = c
                    S[s, SLOT_UP + kk] = 0
                    break


@njit(cache=True, _nrt=False)
def prepare_chain_nb(T, S, s, W, nsteps, K):
    """Chain cards leave the hand; ●/X, WP / named options and Jogress partners go to the Power Box."""
    hn = S[s, HAND_N]
    for i in range(hn):
        K[i] = 0
    for k in range(nsteps):  # hand positions of the chain's cards (players.plan_chain_nb's W, codes.W_*)
        K[W[W_BEST + W_POS, k]] = 1  # chain card
        if W[W_BEST + W_RPOS, k] >= 0:
            K[W[W_BEST + W_RPOS, k]] = 1  # res from hand
        if W[W_BEST + W_JPOS, k] >= 0:
            K[W[W_BEST + W_JPOS, k]] = 1  # jogress partner
    S[s, POWER_N] = 0
    for k in range(nsteps):
        b = PLAN + PLAN_W * k
        for _ in range(S[s, b + PF_NCARDS]):
            S[s, DECK_N] -= 1
            push_nb(S, s, POWER, POWER_N, S[s, DECK + S[s, DECK_N]])
        if S[s, b + PF_RES] >= 0:
            push_nb(S, s, POWER, POWER_N, S[s, b + PF_RES])
            if S[s, b + PF_RSLOT] >= 0:
                S[s, SLOT + S[s, b + PF_RSLOT]] = -1
        if S[s, b + PF_JOG] >= 0:
            push_nb(S, s, POWER, POWER_N, S[s, b + PF_JOG])
    j = 0
    for i in range(hn):
        if K[i] == 0:
            S[s, HAND + j] = S[s, HAND + i]
            j += 1
    S[s, HAND_N] = j


# ---- Evolution (DM-EVO-6) ------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def evolution_nb(T, S, s, second, turn, uses):
    """DmcgRules.evolution: the partner turns face-up (turn 1), the Level III exchange, the prepared
    steps while their costs can be paid; returns whether it evolved."""
    if turn == 1:
        S[s, EVOLVED] = 1  # the partner turns face-up (a Level III's "turned face-up" rows: `evolved`)
        use_nb(S, uses, s, S[s, L3])
    if S[s, EXCH] >= 0:
        push_nb(S, s, DARK, DARK_N, S[s, L3])
        S[s, L3] = S[s, EXCH]
        S[s, EXCH] = -1
        S[s, EVOLVED] = turn
        use_nb(S, uses, s, S[s, L3])
    n = S[s, PLAN_N]
    done = 0
    for k in range(n):
        b = PLAN + PLAN_W * k
        c = S[s, b]
        cost = T.ct[s, c, F_XDISC]
        res = S[s, b + PF_RES]
        if res >= 0:
            cost += T.ct[s, res, F_RCOST]  # the requirement card's printed cost (DM-EVO-3)
        if S[s, HAND_N] < cost:
            break
        if S[s, TOP] >= 0:
            push_nb(S, s, DARK, DARK_N, S[s, TOP])
        S[s, TOP] = c
        S[s, EVOLVED] = turn
        done += 1
        use_nb(S, uses, s, c)
        if res >= 0:
            use_nb(S, uses, s, res)
            e = S[s, EVO_N]
            if e < MAX_EVO:
                S[s, EVO + 2 * e] = res
                S[s, EVO + 2 * e + 1] = c
                S[s, EVO_N] = e + 1
        if S[s, b + PF_JOG] >= 0:
            use_nb(S, uses, s, S[s, b + PF_JOG])
        for _ in range(cost):
            push_nb(S, s, DARK, DARK_N, hand_remove_nb(S, s, discard_choice_nb(T, S, s)))
    for k in range(done, n):
        push_nb(S, s, DARK, DARK_N, S[s, PLAN + PLAN_W * k])
    # the Power Box goes to the Dark Area, except option cards kept until the end of the turn
    j = 0
    for i in range(S[s, POWER_N]):
        c = S[s, POWER + i]
        if T.ct[s, c, F_STAY] != 0:
            S[s, POWER + j] = c
            j += 1
        else:
            push_nb(S, s, DARK, DARK_N, c)
    S[s, POWER_N] = j
    S[s, PLAN_N] = 0
    S[s, MAXLV] |= 1 << T.ct[s, cur_nb(S, s), F_LEVEL]
    return done > 0


# ---- Battle (C-TYPE-1/2, C-CALC-1) ------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def reset_mods_nb(M):
    reset_m_nb(M)


# ---- Renewal (C-RENEW-1) ----------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def renew_nb(S, s, rng, keep):
    """C-RENEW-1; keep (round 13c, keep_box used this turn): the box's top card stays."""
    if S[s, TOP] >= 0 and not keep:
        push_nb(S, s, DARK, DARK_N, S[s, TOP])
        S[s, TOP] = -1
    lifespan_ends_nb(S, s)  # options ending with the lifespan, cards tied to the box (seed 004)
    n = S[s, DARK_N]
    for i in range(n):
        S[s, DECK + i] = S[s, DARK + i]
    S[s, DECK_N] = n
    S[s, DARK_N] = 0
    shuffle_nb(rng, S[s, DECK:DECK + n], np.int64(n))
    S[s, RENEW] += 1


@njit(cache=True, _nrt=False)
def decided_nb(S):
    a = S[0, PTS] <= 0
    b = S[1, PTS] <= 0
    if a and b:
        return OUT_DRAW
    if a:
        return OUT_B
    if b:
        return OUT_A
    return -1


@njit(cache=True, inline="always")  # inlined into play_game_nb's turn loop (no per-turn refcounts)
def play_turn_nb(T, S, M, M2, X, W, K, rng, players, fa, t, stats_turns, uses, check, rows, gon, eon):
    """One turn (C-TURN-1) with first attacker fa; returns (battle result BR_* from fa's side, outcome
    or -1).  rows: some card of either deck has effect or appearance rows (False: the effect hooks are
    skipped)."""
    sa = 1 - fa
    fa0 = fa
    X[X_FA] = fa
    X[X_TURN] = t
    X[X_PLAYER] = players[0]  # the negation responses need the opponent's policy
    X[X_PLAYER + 1] = players[1]
    reset_m_nb(M)  # battle modifiers and voids live for one turn
    # Preparation
    preparation_nb(T, S, M, M2, X, fa, players[fa], K, W, rng, uses, gon, eon)
    outcome = decided_nb(S)
    if outcome >= 0:
        return BR_DRAW, outcome
    preparation_nb(T, S, M, M2, X, sa, players[sa], K, W, rng, uses, gon, eon)
    outcome = decided_nb(S)
    if outcome >= 0:
        return BR_DRAW, outcome
    if check and (S[0, HAND_N] > E.CHECK_PREP_HAND or S[1, HAND_N] > E.CHECK_PREP_HAND):
        raise AssertionError("hand too large after Preparation")
    # Evolution
    S[fa, LV_START] = T.ct[fa, cur_nb(S, fa), F_LEVEL]
    S[sa, LV_START] = T.ct[sa, cur_nb(S, sa), F_LEVEL]
    S[fa, EVO_N] = 0
    S[sa, EVO_N] = 0
    ev = evolution_nb(T, S, fa, np.bool_(False), t, uses)  # not a literal: one compiled copy
    if rows:
        effects_after_evolution(eon, T, S, M, M2, X, fa, ev, rng, uses, gon)
        outcome = decided_nb(S)
        if outcome >= 0:
            return BR_DRAW, outcome
    ev = evolution_nb(T, S, sa, np.bool_(True), t, uses)
    if rows:
        effects_after_evolution(eon, T, S, M, M2, X, sa, ev, rng, uses, gon)
        outcome = decided_nb(S)
        if outcome >= 0:
            return BR_DRAW, outcome
        if X[X_EVOEND] != 0 or X[X_EVOEND + 1] != 0:  # round 13a: the end of the Evolution Phase (T_EVO_END)
            effects_evo_end(eon, T, S, M, X, fa, sa, rng)
            outcome = decided_nb(S)
            if outcome >= 0:
                return BR_DRAW, outcome
    # Battle (DM-BAT-1)
    fa = battle_start_nb(T, S, M, M2, X, fa, sa, rng, uses, rows, gon, eon)  # attack_last may swap the roles
    sa = 1 - fa
    outcome = decided_nb(S)
    if outcome >= 0:
        return BR_DRAW, outcome
    cur = sa
    passes = 0
    windows = 0
    # A greedy decision is a function of the state; the state changes only by actions.  So a player
    # who passed when `actions` was n passes again while it is still n: that call is skipped.
    actions = 0
    passed_at0 = -1
    passed_at1 = -1
    while passes < 2 and windows < 16:
        acted = False
        if (players[cur] == PLAYER_GREEDY and (passed_at0 if cur == 0 else passed_at1) != actions) \
                or players[cur] == PLAYER_RANDOM:
            n_act, passed = policy_window(gon, T, S, M, M2, X, cur, players[cur], rng, uses)
            actions += n_act
            acted = n_act > 0
            if passed and players[cur] == PLAYER_GREEDY:  # (a random player decides afresh every time)
                if cur == 0:
                    passed_at0 = actions
                else:
                    passed_at1 = actions
        elif players[cur] == PLAYER_BASELINE and (X[X_APP_ANY + cur] & (1 << E.T_BATTLE)) != 0:
            if baseline_window(eon, T, S, M, X, cur, rng, uses):  # BL-8 (policy_baseline.baseline_window_nb)
                actions += 1
                acted = True
        if decided_nb(S) >= 0:
            break
        passes = 0 if acted else passes + 1
        windows += 1
        cur = 1 - cur
    X[X_IN_BATTLE] = 0
    end_phase_nb(S, X)
    outcome = decided_nb(S)
    if outcome >= 0:
        return BR_DRAW, outcome
    af = final_attack_nb(T, S, M, fa)
    as_ = final_attack_nb(T, S, M, sa)
    if forced_draw_nb(M):
        res = BR_DRAW
    elif af > as_:
        res = BR_FIRST
    elif as_ > af:
        res = BR_SECOND
    else:
        res = BR_DRAW
    winner = -1 if res == BR_DRAW else (fa if res == BR_FIRST else sa)
    res0 = BR_DRAW if winner < 0 else (BR_FIRST if winner == fa0 else BR_SECOND)  # from fa0's side
    # Point Calculation (DM-PTS-1)
    X[0] = 0
    effects_point_start(eon, T, S, M, X, fa, sa, rng)  # round 11c: kernel_effects.point_start_nb
    for i in range(2):
        p = fa if i == 0 else sa
        if players[p] != PLAYER_BASELINE:
            policy_timed_use(gon, T, S, M, M2, X, p, T_POINT, rng, uses)
    for i in range(2):
        p = fa if i == 0 else sa
        if has_rows_nb(T, S, p):
            effects_auto(eon, T, S, M, X, p, T_POINT, rng, uses)
    outcome = decided_nb(S)
    if outcome >= 0:
        return res0, outcome
    X[X_LOST] = 0  # round 9a: what each seat loses to the result (damage_lost)
    X[X_LOST + 1] = 0
    if winner < 0:
        if M[0, M_NODRAWLOSS] == 0 and M[1, M_NODRAWLOSS] == 0:
            S[fa, PTS] = max(0, S[fa, PTS] - 10)
            S[sa, PTS] = max(0, S[sa, PTS] - 10)
            X[X_LOST] = 10
            X[X_LOST + 1] = 10
    else:
        lo = 1 - winner
        if X[X_R11F + winner] != 0:  # round 11f: the winner's win rows lost*K / lost+N act before the points are lost
            effects_result_rows(eon, T, S, M, X, winner, T_WIN, rng, True)
        lp = T.ct[lo, cur_nb(S, lo), F_LOST + T.ct[winner, cur_nb(S, winner), F_LEVEL]] * M[winner, M_LOSTMUL] \
            + M[winner, M_LOSTADD] + M[lo, M_SELFLOST]
        if M[lo, M_NOLOSS] != 0:
            lp = 0
        elif M[lo, M_SELFLOST] < 0 and lp < 10:  # round 13f: self_lost-N "cannot become zero" (Bo-920)
            lp = min(lp - M[lo, M_SELFLOST], 10)
        S[lo, PTS] = max(0, S[lo, PTS] - lp)
        X[X_LOST + lo] = lp
    outcome = decided_nb(S)
    if outcome >= 0:
        return res0, outcome
    for i in range(2):
        p = fa if i == 0 else sa
        if res == BR_DRAW:
            tm = E.T_DRAW
        else:
            won = (res == BR_FIRST) == (p == fa)
            tm = T_WIN if won else T_LOSE
        if has_rows_nb(T, S, p):
            effects_auto(eon, T, S, M, X, p, tm, rng, uses)
        if decided_nb(S) >= 0:
            break
        effects_result_rows(eon, T, S, M, X, p, tm, rng, False)  # kernel_effects.result_rows_nb
        if decided_nb(S) >= 0:
            break
        if players[p] != PLAYER_BASELINE:
            policy_timed_use(gon, T, S, M, M2, X, p, tm, rng, uses)
        if decided_nb(S) >= 0:
            break
    end_phase_nb(S, X)
    outcome = decided_nb(S)
    if outcome >= 0:
        return res0, outcome
    if winner >= 0:
        lo = 1 - winner
        if M[lo, M_NOLOSS] == 0 and S[lo, TOP] >= 0:
            if lost_to_hand_nb(T, S, lo):  # Re-60t: to the hand instead of the Dark Area
                push_nb(S, lo, HAND, HAND_N, S[lo, TOP])
            else:
                push_nb(S, lo, DARK, DARK_N, S[lo, TOP])
            S[lo, TOP] = -1
        if effects_battle_lost(eon, T, S, M, X, lo):  # options that end when the own Digimon loses (round 13c: a dark_* row)
            outcome = decided_nb(S)
            if outcome >= 0:
                return res0, outcome
    for k in range(2):  # DM-PTS-1: all support Digimon go to the Dark Area (after the losing Digimon)
        p = fa if k == 0 else sa
        if S[p, SUPPORT] >= 0:
            push_nb(S, p, DARK, DARK_N, S[p, SUPPORT])
            S[p, SUPPORT] = -1
        S[p, SUP_USED] = 0  # a new turn's support (DM-BAT-2)
    for k in range(2):
        p = fa if k == 0 else sa
        if S[p, DECK_N] == 0:
            renew_nb(S, p, rng, M[p, M_KEEPBOX] != 0)
            stats_turns[p, t] += 1
            if S[p, FIRST_RENEW] == 0:
                S[p, FIRST_RENEW] = t
    end_turn_nb(S, t)
    if check:
        check_invariants_nb(T, S)
    return res0, -1


@njit(cache=True, _nrt=False)
def game_flags_nb(T, X):
    """Per-game flags from the tables: X[X_APP_ANY + seat] (timings of the seat's appearance rows), X[X_R11F + seat]
    (round 11f: a hand_limit row or a win row lost*K / lost+N in its deck), X[X_EVOEND + seat] (round 13a: an evo_end row);
    returns whether some card has effect or appearance rows (else the effect hooks do nothing)."""
    rows = False
    for s in range(2):
        X[X_APP_ANY + s] = 0
        X[X_R11F + s] = 0
        X[X_EVOEND + s] = 0
        for c in range(T.ct[s, 0, F_NCARDS]):
            if T.ct[s, c, F_EFF_HI] > T.ct[s, c, F_EFF_LO] or T.ct[s, c, F_APP_HI] > T.ct[s, c, F_APP_LO]:
                rows = True
            X[X_APP_ANY + s] |= T.ct[s, c, F_APPTIM]
            X[X_R11F + s] |= T.ct[s, c, F_TIMINGS] & TM_R11F
            X[X_EVOEND + s] |= T.ct[s, c, F_TIMINGS] & (1 << E.T_EVO_END)
    return rows


# ---- one game ----------------------------------------------------------------------------------------
@njit(cache=True, inline="always")  # inlined into _block_nb: one library holds the whole kernel (issue 12)
def play_game_nb(T, seed, g, turn_cap, players, S, M, M2, X, W, K, rng, stats_turns, uses, points_out,
                 battles_out, check, gon, eon, pc):
    """Plays game g; returns (outcome, turns, fa_hash, fa_t1).  points_out[t, seat] = points at the end
    of turn t, battles_out[t] = BR_* (from the first attacker's side); pc: the block's partner memo
    (setup_player_nb)."""
    rng_init_nb(rng, seed, g)
    for s in range(2):
        setup_player_nb(T, S, s, players[s], rng, gon, pc)
    fa = randint_nb(rng, 2)
    fa_t1 = fa
    reset_mods_nb(M)
    for i in range(X_LOG):  # (the battle log beyond X_LOG is read only up to its count)
        X[i] = 0
    h = np.uint64(FA_HASH_START)
    rows = game_flags_nb(T, X)
    outcome = -1
    turn = 0
    for t in range(1, turn_cap + 1):
        turn = t
        h = (h ^ np.uint64(fa + 1)) * np.uint64(FNV_PRIME)
        res, outcome = play_turn_nb(T, S, M, M2, X, W, K, rng, players, fa, t, stats_turns, uses, check, rows, gon, eon)
        battles_out[t] = res
        points_out[t, 0] = S[0, PTS]
        points_out[t, 1] = S[1, PTS]
        if outcome >= 0:
            break
        if res == BR_SECOND:
            fa = 1 - fa
    if outcome < 0:
        outcome = OUT_CAPPED
    return outcome, turn, h, fa_t1


@njit(cache=True, _nrt=True)  # allocates: needs the runtime even when called from _nrt=False code
def check_invariants_nb(T, S):
    for s in range(2):
        seen = np.zeros(T.ct[s, 0, F_NCARDS], np.int32)
        for i in range(S[s, DECK_N]):
            seen[S[s, DECK + i]] += 1
        for i in range(S[s, HAND_N]):
            seen[S[s, HAND + i]] += 1
        for i in range(S[s, DARK_N]):
            seen[S[s, DARK + i]] += 1
        for i in range(S[s, GAUGE_N]):
            seen[S[s, GAUGE + i]] += 1
        for k in range(3):
            if S[s, SLOT + k] >= 0:
                seen[S[s, SLOT + k]] += 1
        seen[S[s, L3]] += 1
        if S[s, TOP] >= 0:
            seen[S[s, TOP]] += 1
        if S[s, SUPPORT] >= 0:
            seen[S[s, SUPPORT]] += 1
        if S[s, SUPBOX] >= 0:
            seen[S[s, SUPBOX]] += 1
        if S[s, BESIDE] >= 0:
            seen[S[s, BESIDE]] += 1
        for i in range(S[s, POWER_N]):
            seen[S[s, POWER + i]] += 1
        for i in range(T.ct[s, 0, F_NCARDS]):
            if seen[i] != 1:
                raise AssertionError("card not in exactly one zone")
        if S[s, PTS] < 0 or S[s, PTS] > 100:
            raise AssertionError("points out of range")
        if S[s, GAUGE_N] < 1:
            raise AssertionError("no point gauge card")


# ---- batches -------------------------------------------------------------------------------------------
def _block_scratch(T, players, turn_cap: int, ncards: int) -> tuple:
    """One block's private arguments of _block_nb: copies of the tables and the players, the card-use counts,
    and the scratch reused by every game of the block (state S, modifiers M/M2, extras X, search space W and
    K, the RNG state, the per-turn renewal, points and battle rows, the partner memo).  Allocated here, not
    in the kernel: _block_nb then needs no runtime and holds the whole kernel in one library (issue 12)."""
    # Private copies of everything the hot functions read or count into: the tables, the players and the
    # card-use counts (summed into the block's slice at its end) — each thread's block on its own cache lines.
    return (KTables(T.ct.copy(), T.eff.copy()), players.copy(),
            np.zeros((2, NS), np.int32), np.zeros((2, NM), np.int32), np.zeros((4, NM), np.int32),
            np.zeros(NX, np.int32), np.zeros((W_ROWS, MAX_STEPS + 1), np.int64), np.zeros(40, np.int32),
            np.zeros(1, np.uint64), np.zeros((2, turn_cap + 1), np.int64), np.zeros((turn_cap + 1, 2), np.int32),
            np.zeros(turn_cap + 1, np.int32), np.full(2, -2, np.int64), np.zeros((2, ncards), np.int64))


# the state / table columns the shared tally reads (simcli/engine/tally.py)
_TALLY_COLS = (PTS, RENEW, FIRST_RENEW, MAXLV, DRAWN, USED, F_NCARDS, F_COPY0)


@njit(cache=True, nogil=True, _nrt=False)  # nogil: run_blocks plays blocks on Python threads; allocates nothing
def _block_nb(T, seed, g0, g1, turn_cap, players, check, gon, eon, S, M, M2, X, W, K, rng, rt, pts, bat, pc, uses,
              recs, outcomes, turns_hist, outcome_by_turns,
              points_hist, alive, renewals_by_turn, renewals_per_game, first_renewal_turn, battles_by_turn,
              first_battle, first_attacker_games, first_attacker_seat, level_reached, card_uses, card_games_drawn,
              card_games_used, total_turns):
    """Games g0..g1-1 summed into the statistics arrays; with ``recs`` of g1-g0 rows (else 0 rows) also
    each game's record: [game, outcome, turns, points A, points B, renewals A, renewals B, first-attacker
    hash (the uint64's bits), turn-1 first attacker].  T, players and S..uses: the block's private copies
    and scratch (_block_scratch).  One entry point for batches and records, and play_game_nb inlined, so the
    whole kernel is compiled into one library (docs/performance.md "Cold compile", round 10)."""
    for g in range(g0, g1):
        outcome, turns, h, fa1 = play_game_nb(T, seed, g, turn_cap, players, S, M, M2, X, W, K, rng, rt, uses,
                                             pts, bat, check, gon, eon, pc)
        tally_game_nb(g, g0, outcome, turns, h, fa1, S, T.ct, _TALLY_COLS, rt, pts, bat, recs, outcomes, turns_hist,
                      outcome_by_turns, points_hist, alive, renewals_by_turn, renewals_per_game, first_renewal_turn,
                      battles_by_turn, first_battle, first_attacker_games, first_attacker_seat, level_reached,
                      card_games_drawn, card_games_used, total_turns)
    for s in range(2):
        for c in range(uses.shape[1]):
            card_uses[s, c] += uses[s, c]


def _gates_on() -> bool:
    """SIMCLI_KERNEL_GATES=off compiles one full kernel for every run (the test suite: one compile)."""
    import os

    return os.environ.get("SIMCLI_KERNEL_GATES", "on") != "off"


def greedy_gate(players) -> bool | None:
    """None when no seat is greedy, else True: the first element of policy_gates."""
    return True if not _gates_on() or any(int(p) == PLAYER_GREEDY for p in players) else None


def random_gate(players) -> bool | None:
    """None when no seat is random, else True: the second element of policy_gates."""
    return True if not _gates_on() or any(int(p) == PLAYER_RANDOM for p in players) else None


def policy_gates(players) -> tuple:
    """The kernel's ``gon`` argument, (greedy, random): each None when no seat plays that policy (numba then
    compiles — and caches — a kernel without that policy's code: the gates of policies.py), else True."""
    return greedy_gate(players), random_gate(players)


def effects_gate(T) -> bool | None:
    """The kernel's ``eon`` argument (packed tables): None when no card of either deck has an effect or
    appearance row, else True.  It asks game_flags_nb itself — the test every game makes before the
    effect hooks run — so the gated-out code is exactly the code those games never reach."""
    return True if not _gates_on() or game_flags_nb(T, np.zeros(NX, np.int32)) else None


STAT_ORDER = ("outcomes", "turns_hist", "outcome_by_turns", "points_hist", "alive", "renewals_by_turn",
              "renewals_per_game", "first_renewal_turn", "battles_by_turn", "first_battle", "first_attacker_games",
              "first_attacker_seat", "level_reached", "card_uses", "card_games_drawn", "card_games_used",
              "total_turns")


def run_batch(T, seed: int, g0: int, g1: int, turn_cap: int, players, nblocks: int = 1, check: bool = False) -> dict:
    """Statistics of games g0..g1-1 (results.LAYOUT), summed over blocks."""
    T = kernel_tables(T)
    base = new_stats(turn_cap, T.ct.shape[1])
    arrs = [np.zeros((nblocks,) + base[k].shape, np.int64) for k in STAT_ORDER]
    players = np.asarray(players, np.int64)
    gon, eon = policy_gates(players), effects_gate(T)
    norec = np.zeros((0, 9), np.int64)
    ncards = base["card_uses"].shape[1]

    def args_of(b, a0, a1):
        KT, pl, *scratch = _block_scratch(T, players, turn_cap, ncards)
        return (KT, np.int64(seed), np.int64(a0), np.int64(a1), np.int64(turn_cap), pl, bool(check), gon, eon,
                *scratch, norec, *(a[b] for a in arrs))

    run_blocks(_block_nb, g0, g1, nblocks, args_of)
    return {k: a.sum(axis=0) for k, a in zip(STAT_ORDER, arrs)}


def run_records(T, seed: int, g0: int, g1: int, turn_cap: int, players, check: bool = False) -> np.ndarray:
    """Per-game records (results.RECORD_DTYPE) of games g0..g1-1 (one block, on this thread)."""
    T = kernel_tables(T)
    n = g1 - g0
    recs = np.zeros((n, 9), np.int64)
    base = new_stats(turn_cap, T.ct.shape[1])
    players = np.asarray(players, np.int64)
    KT, pl, *scratch = _block_scratch(T, players, turn_cap, base["card_uses"].shape[1])
    _block_nb(KT, np.int64(seed), np.int64(g0), np.int64(g1), np.int64(turn_cap), pl, bool(check),
              policy_gates(players), effects_gate(T), *scratch, recs, *(base[k] for k in STAT_ORDER))
    rec = np.zeros(n, RECORD_DTYPE)
    for k, name in enumerate(("game", "outcome", "turns", "points_a", "points_b", "renewals_a", "renewals_b")):
        rec[name] = recs[:, k]
    rec["first_attackers"] = recs[:, 7].view(np.uint64)
    rec["first_attacker_t1"] = recs[:, 8]
    return rec
