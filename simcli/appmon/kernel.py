"""numba: one Appmon game on the compiled tables, and blocks of games on threads → the statistics of
simcli/engine/results.py (the same LAYOUT and RECORD_DTYPE as the DMCG kernel, so stats, reports,
meta and the bench read both games alike).

The rules follow reference.py step by step (tests/test_appmon_parity.py compares every game and
every statistic).  State: ``S`` int32 [2, codes.NS] (layout in codes.py), ``K`` keep marks, ``P`` a
plan, ``A`` an action, ``rng`` the game's splitmix64 state (simcli/engine/rng.py): allocated once
per block of games, reset per game; nothing is allocated per turn.
"""

from __future__ import annotations

import numpy as np
from numba import njit

import simcli.engine  # noqa: F401  (sets the numba cache folder first: simcli/engine/__init__.py)
from simcli.appmon.codes import (ABIL_USED, ACT_ABILITY, ACT_LINK, ADD, AUTO_LOSS, DECK, DECK_N, DISC, DISC_N, DRAWN,
                                 F_COPY0, F_GRADE, F_KIND, F_LINK_PLUG, F_LOST, F_NAME, F_NCARDS, F_OPT_TIMING,
                                 F_OPT_VAL, F_REQ, F_REQ_N, FIRST_RENEW, GATTAI, GAUGE, GR_STANDARD, HAND, HAND_N,
                                 KIND_APPMON, LINK, LINK_N, MAX_CARDS, MAXGR, NS, OT_BATTLE, OT_POINT, PLUGS_USED,
                                 POWER, POWER_N, PTS, RENEW, SLOT, SLOT_UP, STD, TOP, USED)
from simcli.appmon.players import (PLAYER_GREEDY, apply_nb, battler_nb, choose_action_nb, choose_standard_nb,
                                   final_attack_nb, keep_marks_nb, plan_gattai_nb, take_chosen_plan_nb)
from simcli.codes import BR_DRAW, BR_FIRST, BR_SECOND, OUT_A, OUT_B, OUT_CAPPED, OUT_DRAW
from simcli.engine.results import FA_HASH_START, RECORD_DTYPE, new_stats, run_blocks
from simcli.engine.tally import tally_game_nb
from simcli.engine.rng import randint_nb, rng_init_nb, shuffle_nb

FNV_PRIME = 0x100000001B3
STAT_ORDER = ("outcomes", "turns_hist", "outcome_by_turns", "points_hist", "alive", "renewals_by_turn",
              "renewals_per_game", "first_renewal_turn", "battles_by_turn", "first_battle", "first_attacker_games",
              "first_attacker_seat", "level_reached", "card_uses", "card_games_drawn", "card_games_used",
              "total_turns")


# ---- zones --------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def push_nb(S, s, zone, zone_n, c):
    S[s, zone + S[s, zone_n]] = c
    S[s, zone_n] += 1


@njit(cache=True, _nrt=False)
def hand_remove_nb(S, s, c):
    """Take card c out of the hand, keeping the order of the others (hand order)."""
    n = S[s, HAND_N]
    j = 0
    for i in range(n):
        x = S[s, HAND + i]
        if x != c:
            S[s, HAND + j] = x
            j += 1
    S[s, HAND_N] = j


@njit(cache=True, _nrt=False)
def mark_used_nb(S, s, c, uses):
    uses[s, c] += 1
    S[s, USED] |= np.int32(1) << c


@njit(cache=True, _nrt=False)
def draw_to_six_nb(S, s):
    while S[s, HAND_N] < 6 and S[s, DECK_N] > 0:
        S[s, DECK_N] -= 1
        c = S[s, DECK + S[s, DECK_N]]
        push_nb(S, s, HAND, HAND_N, c)
        S[s, DRAWN] |= np.int32(1) << c


@njit(cache=True, _nrt=False)
def setup_nb(ct, S, s, rng):
    """AM-SET-1: shuffle all 30, the top card to the Point Gauge, draw 6."""
    for f in range(NS):
        S[s, f] = 0
    S[s, PTS] = 100
    S[s, STD] = -1
    S[s, TOP] = -1
    S[s, GATTAI] = -1
    for k in range(3):
        S[s, SLOT + k] = -1
    n = ct[s, 0, F_NCARDS]
    for i in range(n):
        S[s, DECK + i] = i
    shuffle_nb(rng, S[s, DECK:DECK + n], n)
    S[s, DECK_N] = n - 1
    S[s, GAUGE] = S[s, DECK + n - 1]
    for _ in range(6):
        S[s, DECK_N] -= 1
        c = S[s, DECK + S[s, DECK_N]]
        push_nb(S, s, HAND, HAND_N, c)
        S[s, DRAWN] |= np.int32(1) << c


# ---- Preparation (AM-PREP-1, AM-PREP-2) ----------------------------------------------------------------
@njit(cache=True, _nrt=False)
def appliarise_nb(S, s, c, uses):
    hand_remove_nb(S, s, c)
    S[s, STD] = c
    S[s, MAXGR] |= 1 << GR_STANDARD
    mark_used_nb(S, s, c, uses)


@njit(cache=True, _nrt=False)
def preparation_nb(ct, S, s, greedy, K, P, uses):
    # (1) discard everything the player will not use this turn (keep marks)
    keep_marks_nb(ct, S, s, greedy, K, P)
    j = 0
    for i in range(S[s, HAND_N]):
        c = S[s, HAND + i]
        if K[c]:
            S[s, HAND + j] = c
            j += 1
        else:
            push_nb(S, s, DISC, DISC_N, c)
    S[s, HAND_N] = j
    # (3) draw to 6
    draw_to_six_nb(S, s)
    # (4) Appliarise.  The plan of step (5) is computed once: a plan for the Standard chosen while it
    # was in hand (exclude = itself) is the plan once it left the hand (hand order kept)
    t = -1
    known = False
    if S[s, STD] < 0:
        c = choose_standard_nb(ct, S, s, greedy, P)
        if c >= 0:
            appliarise_nb(S, s, c, uses)
            if greedy:
                t = take_chosen_plan_nb(P)
                known = True
    elif greedy and S[s, TOP] < 0:
        t = plan_gattai_nb(ct, S, s, S[s, STD], -1, P)
        known = True
        if t < 0:
            c = choose_standard_nb(ct, S, s, greedy, P)
            if c >= 0 and P[4] >= 0:
                push_nb(S, s, DISC, DISC_N, S[s, STD])
                S[s, STD] = -1
                appliarise_nb(S, s, c, uses)
                t = take_chosen_plan_nb(P)
    # (5) AppGattai preparation
    base = battler_nb(S, s)
    if base >= 0:
        if not known:
            t = plan_gattai_nb(ct, S, s, base, -1, P)
        if t >= 0:
            hand_remove_nb(S, s, t)
            S[s, GATTAI] = t
            for k in range(P[3]):
                c = P[1 + k]
                hand_remove_nb(S, s, c)
                push_nb(S, s, POWER, POWER_N, c)
    # (7) set options (greedy)
    if greedy:
        i = 0
        while i < S[s, HAND_N]:
            c = S[s, HAND + i]
            placed = False
            if ct[s, c, F_KIND] != KIND_APPMON and ct[s, c, F_OPT_TIMING] != 0:
                for k in range(3):
                    if S[s, SLOT + k] < 0:
                        hand_remove_nb(S, s, c)
                        S[s, SLOT + k] = c
                        S[s, SLOT_UP + k] = 0
                        placed = True
                        break
            if not placed:
                i += 1
    S[s, AUTO_LOSS] = 1 if S[s, STD] < 0 else 0


# ---- AppGattai (AM-GAT-1) -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def requirement_met_nb(ct, S, s):
    t = S[s, GATTAI]
    base = battler_nb(S, s)
    if base < 0:
        return False
    nreq = ct[s, t, F_REQ_N]
    if nreq == 0 or S[s, POWER_N] + 1 != nreq:
        return False
    # multiset equality of the requirement's names and {base} + Power Box (at most 3 each)
    used = 0
    for m in range(nreq):
        c = base if m == 0 else S[s, POWER + m - 1]
        if m > 0 and ct[s, c, F_KIND] != KIND_APPMON:
            return False
        n = ct[s, c, F_NAME]
        hit = False
        for k in range(nreq):
            if (used >> k) & 1 == 0 and ct[s, t, F_REQ + k] == n:
                used |= 1 << k
                hit = True
                break
        if not hit:
            return False
    return True


@njit(cache=True, _nrt=False)
def appgattai_nb(ct, S, s, uses):
    t = S[s, GATTAI]
    if t < 0:
        for i in range(S[s, POWER_N]):
            push_nb(S, s, DISC, DISC_N, S[s, POWER + i])
        S[s, POWER_N] = 0
        return
    if requirement_met_nb(ct, S, s):
        old = S[s, TOP]
        S[s, TOP] = t
        S[s, MAXGR] |= 1 << ct[s, t, F_GRADE]
        mark_used_nb(S, s, t, uses)
        for i in range(S[s, POWER_N]):
            mark_used_nb(S, s, S[s, POWER + i], uses)
        for i in range(S[s, POWER_N]):
            push_nb(S, s, DISC, DISC_N, S[s, POWER + i])
        if old >= 0:
            push_nb(S, s, DISC, DISC_N, old)
    else:
        push_nb(S, s, DISC, DISC_N, t)
        for i in range(S[s, POWER_N]):
            push_nb(S, s, DISC, DISC_N, S[s, POWER + i])
    S[s, GATTAI] = -1
    S[s, POWER_N] = 0


# ---- Battle (AM-BAT-1, AM-LINK-1) ----------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def battle_nb(ct, S, fa, players, A, uses):
    sa = 1 - fa
    for s in range(2):
        S[s, ADD] = 0
        S[s, PLUGS_USED] = 0
        S[s, ABIL_USED] = 0
    if S[0, AUTO_LOSS] or S[1, AUTO_LOSS]:
        if S[0, AUTO_LOSS] and S[1, AUTO_LOSS]:
            return -1
        return 1 if S[0, AUTO_LOSS] else 0
    cur = sa
    passes = 0
    while passes < 2:
        if choose_action_nb(ct, S, cur, players[cur] == PLAYER_GREEDY, A):
            passes = 0
            kind = A[0]
            x = A[1]
            if kind == ACT_LINK:
                hand_remove_nb(S, cur, x)
                push_nb(S, cur, LINK, LINK_N, x)
                S[cur, PLUGS_USED] |= 1 << ct[cur, x, F_LINK_PLUG]
                mark_used_nb(S, cur, x, uses)
            elif kind == ACT_ABILITY:
                S[cur, ABIL_USED] = 1
                mark_used_nb(S, cur, x, uses)
            else:
                S[cur, SLOT_UP + x] = 1
                mark_used_nb(S, cur, S[cur, SLOT + x], uses)
            apply_nb(S, cur, A[2], A[3])
        else:
            passes += 1
        cur = 1 - cur
    af = final_attack_nb(ct, S, fa)
    asa = final_attack_nb(ct, S, sa)
    if af > asa:
        return fa
    if asa > af:
        return sa
    return -1


@njit(cache=True, _nrt=False)
def end_battle_nb(ct, S, fa):
    for k2 in range(2):
        s = fa if k2 == 0 else 1 - fa
        for i in range(S[s, LINK_N]):
            push_nb(S, s, DISC, DISC_N, S[s, LINK + i])
        S[s, LINK_N] = 0
        S[s, PLUGS_USED] = 0
        for k in range(3):
            c = S[s, SLOT + k]
            if c >= 0 and S[s, SLOT_UP + k] and ct[s, c, F_OPT_TIMING] == OT_BATTLE:
                push_nb(S, s, DISC, DISC_N, c)
                S[s, SLOT + k] = -1
                S[s, SLOT_UP + k] = 0


# ---- Point Calculation (AM-PTS-1) ------------------------------------------------------------------------
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


@njit(cache=True, _nrt=False)
def lose_nb(S, s, n):
    v = S[s, PTS] - n
    S[s, PTS] = v if v > 0 else 0


@njit(cache=True, _nrt=False)
def point_calc_nb(ct, S, fa, w, t, players, rng, uses, renew_t):
    sa = 1 - fa
    for k2 in range(2):
        s = fa if k2 == 0 else sa
        if players[s] == PLAYER_GREEDY:
            for k in range(3):
                c = S[s, SLOT + k]
                if c >= 0 and S[s, SLOT_UP + k] == 0 and ct[s, c, F_OPT_TIMING] == OT_POINT and S[s, PTS] < 100:
                    S[s, SLOT_UP + k] = 1
                    mark_used_nb(S, s, c, uses)
                    v = S[s, PTS] + ct[s, c, F_OPT_VAL]
                    S[s, PTS] = v if v < 100 else 100
    if S[0, AUTO_LOSS] or S[1, AUTO_LOSS]:
        for k2 in range(2):
            s = fa if k2 == 0 else sa
            if S[s, AUTO_LOSS]:
                lose_nb(S, s, 10)
    elif w < 0:
        lose_nb(S, fa, 10)
        lose_nb(S, sa, 10)
    else:
        lo = 1 - w
        g = ct[w, battler_nb(S, w), F_GRADE]
        lose_nb(S, lo, ct[lo, battler_nb(S, lo), F_LOST + g])
    out = decided_nb(S)
    if out >= 0:
        return out
    if w >= 0:
        lo = 1 - w
        if S[lo, TOP] >= 0:
            push_nb(S, lo, DISC, DISC_N, S[lo, TOP])
            S[lo, TOP] = -1
    for k2 in range(2):
        s = fa if k2 == 0 else sa
        for k in range(3):
            if S[s, SLOT + k] >= 0 and S[s, SLOT_UP + k]:
                push_nb(S, s, DISC, DISC_N, S[s, SLOT + k])
                S[s, SLOT + k] = -1
                S[s, SLOT_UP + k] = 0
    for k2 in range(2):
        s = fa if k2 == 0 else sa
        if S[s, DECK_N] == 0:  # C-RENEW-1
            if S[s, TOP] >= 0:
                push_nb(S, s, DISC, DISC_N, S[s, TOP])
                S[s, TOP] = -1
            n = S[s, DISC_N]
            for i in range(n):
                S[s, DECK + i] = S[s, DISC + i]
            S[s, DECK_N] = n
            S[s, DISC_N] = 0
            shuffle_nb(rng, S[s, DECK:DECK + n], np.int64(n))
            S[s, RENEW] += 1
            renew_t[s, t] += 1
            if S[s, FIRST_RENEW] == 0:
                S[s, FIRST_RENEW] = t
    return -1


@njit(cache=True, _nrt=True)  # allocates: the runtime even when called from _nrt=False code
def check_invariants_nb(ct, S):
    for s in range(2):
        n = ct[s, 0, F_NCARDS]
        seen = np.zeros(MAX_CARDS, np.int32)
        for z, zn in ((DECK, DECK_N), (HAND, HAND_N), (DISC, DISC_N), (POWER, POWER_N), (LINK, LINK_N)):
            for i in range(S[s, zn]):
                seen[S[s, z + i]] += 1
        for f in (STD, TOP, GATTAI, GAUGE, SLOT, SLOT + 1, SLOT + 2):
            if S[s, f] >= 0:
                seen[S[s, f]] += 1
        for i in range(n):
            if seen[i] != 1:
                raise AssertionError("card not in exactly one zone")
        if S[s, PTS] < 0 or S[s, PTS] > 100:
            raise AssertionError("points out of range")
        if S[s, HAND_N] > 6:
            raise AssertionError("hand over 6 cards")


# ---- one turn, one game ---------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def play_turn_nb(ct, S, fa, t, players, K, P, A, rng, uses, renew_t):
    """Turn t with first attacker fa (C-TURN-1): (BR_* from the first attacker's side, outcome or -1)."""
    sa = 1 - fa
    preparation_nb(ct, S, fa, players[fa] == PLAYER_GREEDY, K, P, uses)
    preparation_nb(ct, S, sa, players[sa] == PLAYER_GREEDY, K, P, uses)
    appgattai_nb(ct, S, fa, uses)
    appgattai_nb(ct, S, sa, uses)
    w = battle_nb(ct, S, fa, players, A, uses)
    end_battle_nb(ct, S, fa)
    res = BR_DRAW if w < 0 else (BR_FIRST if w == fa else BR_SECOND)
    return res, point_calc_nb(ct, S, fa, w, t, players, rng, uses, renew_t)


@njit(cache=True)
def turn_from_state_nb(ct, S, fa, t, players, rng):
    """One turn from a given state (scenario tests: simcli/appmon/bridge.py); S and rng are updated."""
    K = np.zeros(MAX_CARDS, np.int32)
    P = np.zeros(8, np.int32)
    A = np.zeros(4, np.int32)
    uses = np.zeros((2, MAX_CARDS), np.int64)
    renew_t = np.zeros((2, t + 1), np.int64)
    res, out = play_turn_nb(ct, S, fa, t, players, K, P, A, rng, uses, renew_t)
    return res, out, uses


@njit(cache=True)
def setup_game_nb(ct, S, seed, g, rng):
    """AM-SET-1 and C-ORD-1 as play_game_nb starts a game: both setups, then the coin; returns the first
    attacker (scenario tests compare it with the reference engine's setup)."""
    rng_init_nb(rng, seed, g)
    for s in range(2):
        setup_nb(ct, S, s, rng)
    return randint_nb(rng, 2)


# ---- one game ------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def play_game_nb(ct, seed, g, turn_cap, players, S, K, P, A, rng, renew_t, uses, points_out, battles_out, check):
    """Game g: (outcome, turns, fa_hash, fa_t1); points_out[t, seat] and battles_out[t] per turn."""
    rng_init_nb(rng, seed, g)
    for s in range(2):
        setup_nb(ct, S, s, rng)
    fa = randint_nb(rng, 2)
    fa_t1 = fa
    h = np.uint64(FA_HASH_START)
    outcome = -1
    turn = 0
    for t in range(1, turn_cap + 1):
        turn = t
        h = (h ^ np.uint64(fa + 1)) * np.uint64(FNV_PRIME)
        res, outcome = play_turn_nb(ct, S, fa, t, players, K, P, A, rng, uses, renew_t)
        if check:
            check_invariants_nb(ct, S)
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


@njit(cache=True)
def _scratch_nb(turn_cap):
    return (np.zeros((2, NS), np.int32), np.zeros(MAX_CARDS, np.int32), np.zeros(8, np.int32),
            np.zeros(4, np.int32), np.zeros(1, np.uint64), np.zeros((2, turn_cap + 1), np.int64),
            np.zeros((turn_cap + 1, 2), np.int32), np.zeros(turn_cap + 1, np.int32))


# the state / table columns the shared tally reads (simcli/engine/tally.py)
_TALLY_COLS = (PTS, RENEW, FIRST_RENEW, MAXGR, DRAWN, USED, F_NCARDS, F_COPY0)


@njit(cache=True, nogil=True)  # nogil: results.run_blocks plays blocks on Python threads
def _block_nb(ct, seed, g0, g1, turn_cap, players, check, recs, outcomes, turns_hist, outcome_by_turns, points_hist,
              alive, renewals_by_turn, renewals_per_game, first_renewal_turn, battles_by_turn, first_battle,
              first_attacker_games, first_attacker_seat, level_reached, card_uses, card_games_drawn,
              card_games_used, total_turns):
    """Games g0..g1-1 summed into the statistics; with ``recs`` of g1-g0 rows (else 0) also each game's
    record (the columns of run_records) — one entry point, one compiled kernel (as the DMCG kernel)."""
    ct = ct.copy()  # private copies per block (thread scaling: docs/performance.md)
    players = players.copy()
    uses = np.zeros_like(card_uses)
    S, K, P, A, rng, rt, pts, bat = _scratch_nb(turn_cap)
    for g in range(g0, g1):
        outcome, turns, h, fa1 = play_game_nb(ct, seed, g, turn_cap, players, S, K, P, A, rng, rt, uses, pts, bat,
                                             check)
        tally_game_nb(g, g0, outcome, turns, h, fa1, S, ct, _TALLY_COLS, rt, pts, bat, recs, outcomes, turns_hist,
                      outcome_by_turns, points_hist, alive, renewals_by_turn, renewals_per_game, first_renewal_turn,
                      battles_by_turn, first_battle, first_attacker_games, first_attacker_seat, level_reached,
                      card_games_drawn, card_games_used, total_turns)
    for s in range(2):
        for c in range(uses.shape[1]):
            card_uses[s, c] += uses[s, c]


def kernel_tables(T):
    """The kernel's view of the tables (the AppTables themselves: already flat arrays)."""
    return T


def run_batch(T, seed: int, g0: int, g1: int, turn_cap: int, players, nblocks: int = 1, check: bool = False) -> dict:
    """Statistics of games g0..g1-1 (results.LAYOUT), summed over blocks."""
    base = new_stats(turn_cap, T.ct.shape[1])
    arrs = [np.zeros((nblocks,) + base[k].shape, np.int64) for k in STAT_ORDER]
    players = np.asarray(players, np.int64)
    norec = np.zeros((0, 9), np.int64)
    run_blocks(_block_nb, g0, g1, nblocks,
               lambda b, a0, a1: (T.ct, np.int64(seed), np.int64(a0), np.int64(a1), np.int64(turn_cap), players,
                                  bool(check), norec, *(a[b] for a in arrs)))
    return {k: a.sum(axis=0) for k, a in zip(STAT_ORDER, arrs)}


def run_records(T, seed: int, g0: int, g1: int, turn_cap: int, players, check: bool = False) -> np.ndarray:
    """Per-game records (results.RECORD_DTYPE) of games g0..g1-1."""
    n = g1 - g0
    out = np.zeros((n, 9), np.int64)
    base = new_stats(turn_cap, T.ct.shape[1])
    _block_nb(T.ct, np.int64(seed), np.int64(g0), np.int64(g1), np.int64(turn_cap), np.asarray(players, np.int64),
              bool(check), out, *(base[k] for k in STAT_ORDER))
    rec = np.zeros(n, RECORD_DTYPE)
    for k, name in enumerate(("game", "outcome", "turns", "points_a", "points_b", "renewals_a", "renewals_b")):
        rec[name] = out[:, k]
    rec["first_attackers"] = out[:, 7].view(np.uint64)
    rec["first_attacker_t1"] = out[:, 8]
    return rec


_ = (F_LOST, F_GRADE)
