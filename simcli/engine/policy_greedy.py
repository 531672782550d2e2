"""The greedy player's decisions (numba); twin: reference_greedy.py.

Reached only through the gates in policies.py (``gon[0]`` set: a seat of the run is greedy), so a run
without a greedy seat never compiles this module's code.  The rules these decisions choose among —
which options, abilities, supports and appearances are legal now, and what using one does — are in
kernel_effects.py and players.py; here: which one greedy takes (battle simulations on the attack
modifiers, docs/engine.md "Players").
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.engine import enums as E
from simcli.engine.bits import ctz_nb
from simcli.engine.kernel_effects import (ignore_slot_nb, ignore_target_nb, prepare_ignore_step_nb,
                                          E_ARG, E_COST0, E_OP, E_TIMING, MAX_COSTS, OPT_ITEM,  # noqa: F401
                                          abilities_active_nb, ability_ready_nb, appear_legal_nb, appear_nb,
                                          banned_nb, box_sides_nb, card_immune_nb, cond_ok_nb, cost_payable_nb, discard_slot_nb,
                                          battle_act_nb, face_up_blocked_nb, facedown_with_nb, final_attack_nb, forced_draw_nb,
                                          negate_pick_nb, negate_with_nb, option_ready_nb, pay_cost_nb, per_kmax_nb,
                                          rebuild_nb, row_filter_nb, row_on_nb, rows_payable_at_nb, settle_nb, sim_row_nb,
                                          appear_host_nb, mods_without_nb, support_barred_nb,
                                          timed_options_nb, use_ability_nb, use_option_battle_nb, use_option_nb,
                                          use_support_nb)
from simcli.engine.players import cur_nb, free_slots_nb, option_settable_nb, wp_step_ok_nb
from simcli.engine.policy_baseline import appearance_keep_nb, discard_baseline_nb
from simcli.engine.state import SUPBOX, SUPBOX_OWNER
from simcli.engine.state import (APPEARED, EVOLVED, GAUGE_N, HAND, HAND_N, L3, M_IMM_OPT, M_NOLOSS, NM, PTS, SLOT,
                                 SLOT_UP, SUP_USED, TOP, X_APP_ANY, X_APPEAR_ROW, X_LIST, X_PER, X_TURN)
from simcli.engine.tables import F_MODELED
from simcli.engine.tables import (F_APP_HI, F_APP_LO, F_APPTIM, F_ATK, F_DLEVEL, F_EFF_HI, F_EFF_LO,  # noqa: F401
                                  F_FACE_UP_LIMIT, F_KIND, F_LEVEL, F_NAME, F_NCARDS, F_NO_IGNORE, F_OPTYPE, F_REQ,
                                  F_REQ_N, F_TIMINGS, F_USABLE_OPT, F_XDISC, R_FROM, R_JOG, REQ_WIDTH, TM_DAMAGE,
                                  TM_EVOLVE_NOW)
from simcli.engine.tables import TM_BOX_PICK, TM_KEYWORD
from simcli.engine.tables import F_SLOT_POS, TM_COMMIT, TM_SWAP
from simcli.engine.kernel_effects import OP_FLAGS, OPF_OPP
from simcli.engine.kernel_effects import swap_pick_nb  # round 12c

KIND_DIGIMON = E.KIND_DIGIMON
LV_III = E.LV_III


# ---- Preparation: partner, discard, Level III exchange, options to set ---------------------------------
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
def appearance_cost_mask_nb(T, S, s, keep):
    """Greedy (reference_greedy.appearance_cost_cards): the hand cards it keeps for the ``place`` cost of
    an appearance it holds for — for each appearance row with such a cost of a Digimon kept by BL-2b (keep:
    appearance_keep_nb's mask), the first other hand card matching the row's filter; a bit mask of hand
    positions."""
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
                if q != pos and row_filter_nb(T, s, S[s, HAND + q], r):
                    m |= np.int64(1) << q
                    break
    return m


@njit(cache=True, inline="always")
def options_to_set_nb(T, S, s):
    """Greedy: the usable options it sets (DM-PREP-1 step 6) or keeps for that at the discard step —
    the first ones in hand order, one per empty slot, except the cards it keeps for an appearance's
    ``place`` cost (appearance_cost_mask_nb); a bit mask of hand positions."""
    return options_to_set_res_nb(T, S, s, appearance_cost_mask_nb(T, S, s, appearance_keep_nb(T, S, s)))


@njit(cache=True, inline="always")
def options_to_set_res_nb(T, S, s, res):
    """options_to_set_nb with the appearance-cost mask res given."""
    free = free_slots_nb(S, s)
    m = np.int64(0)
    n = 0
    claimed = 0  # round 10e: bit k = slot k taken by a card chosen before that names it (F_SLOT_POS)
    for pos in range(S[s, HAND_N]):
        if n >= free:
            break
        c = S[s, HAND + pos]
        if T.ct[s, c, F_USABLE_OPT] == 0 or ((res >> pos) & 1) != 0:
            continue
        if not option_settable_nb(T, S, s, pos, m, claimed):
            continue
        sp = T.ct[s, c, F_SLOT_POS] - 1  # a card naming its slot claims it
        m |= np.int64(1) << pos
        n += 1
        if sp >= 0:
            claimed |= 1 << sp
    return m


@njit(cache=True, _nrt=False)
def discard_greedy_nb(T, S, s, keep, app):
    # BL-2b's appearance mask once for its three uses (the hand does not change until the discard)
    ak = appearance_keep_nb(T, S, s)
    discard_baseline_nb(T, S, s, keep, 2, ak if app else np.int64(0))
    res = appearance_cost_mask_nb(T, S, s, ak)
    m = options_to_set_res_nb(T, S, s, res)
    if app:
        m |= res
    while m != 0:
        keep[ctz_nb(m)] = 1
        m &= m - 1
    b = best_l3_nb(T, S, s)
    if b >= 0:
        keep[b] = 1


# ---- battle decisions (simulations on the attack modifiers) ------------------------------------------------
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
def appearance_hold_nb(T, S, M, X, p, lv):
    """Greedy, Preparation step (4) (reference_greedy.GreedyPlayer.hold): a Digimon in hand of level >= lv
    could appear from the box as it is now (a battle / start appearance row whose conditions hold and
    whose costs can be paid)."""
    mask = (1 << E.T_BATTLE) | (1 << E.T_START)
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if (T.ct[p, c, F_APPTIM] & mask) == 0 or T.ct[p, c, F_KIND] != E.KIND_DIGIMON or T.ct[p, c, F_LEVEL] < lv:
            continue
        for r in range(T.ct[p, c, F_APP_LO], T.ct[p, c, F_APP_HI]):
            tm = T.eff[r, E_TIMING]
            if (tm == E.T_BATTLE or tm == E.T_START) and appear_legal_nb(T, S, M, X, p, pos, r):
                return True
    return False


@njit(cache=True, _nrt=False)
def sim_box_nb(T, S, M3, X, p, card, evolved, rng):
    """Into M3: the battle modifiers if `card` were p's box top card now (rebuilt): an appearance
    (evolved False) or an evolve_now (its `evolved` rows apply).  Returns greedy's ranking of it:
    outcome * 100000 + level * 10000 + A attack (reference_greedy.sim_box)."""
    top = S[p, TOP]
    ev = S[p, EVOLVED]
    S[p, TOP] = card
    S[p, EVOLVED] = X[X_TURN] if evolved else 0
    rebuild_nb(T, S, M3, X, rng)
    key = outcome_nb(T, S, M3, p) * 100000 + T.ct[p, card, F_LEVEL] * 10000 + T.ct[p, card, F_ATK + 0]
    S[p, TOP] = top
    S[p, EVOLVED] = ev
    return key


@njit(cache=True, _nrt=False)
def _appear_ability_nb(T, S, M3, M2, X, p, c, k):
    """reference_greedy.appear_rank: the ranking k of an appearance of c (modifiers in M3), its outcome
    raised to the best one of c's battle ◎ abilities gives (simulated on M2[0:2])."""
    o = k // 100000
    best = o
    top = S[p, TOP]
    ev = S[p, EVOLVED]
    S[p, TOP] = c
    S[p, EVOLVED] = 0
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] != E.T_BATTLE or not row_on_nb(T, M3, p, r) or not cost_payable_nb(T, S, p, r) \
                or not cond_ok_nb(T, S, M3, X, p, r, -1):
            continue
        for i in range(2):
            for f in range(NM):
                M2[i, f] = M3[i, f]
        sim_row_nb(T, S, M2, X, p, r, False, -1, 0)
        o2 = outcome_nb(T, S, M2, p)
        if o2 > best:
            best = o2
    S[p, TOP] = top
    S[p, EVOLVED] = ev
    return k + (best - o) * 100000


@njit(cache=True, _nrt=False)
def best_appearance_nb(T, S, M, M2, X, p, timing, rng):
    """Greedy: the best legal appearance (outcome, level, A attack, then hand and row order):
    (pos * APPEAR_POS + row, its outcome), or (-1, -1)."""
    if S[p, APPEARED] == X[X_TURN]:
        return -1, -1
    M3 = M2[2:4]
    best = -1
    bk = -1
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if (T.ct[p, c, F_APPTIM] & (1 << timing)) == 0 or T.ct[p, c, F_KIND] != E.KIND_DIGIMON:
            continue
        for r in range(T.ct[p, c, F_APP_LO], T.ct[p, c, F_APP_HI]):
            if T.eff[r, E_TIMING] == timing and appear_legal_nb(T, S, M, X, p, pos, r):
                # move_host (Parasimon): judged with the box card already in the support box (host_abc)
                hb = S[p, SUPBOX]
                ho = S[p, SUPBOX_OWNER]
                host = S[p, TOP] >= 0 and appear_host_nb(T, r)
                if host:
                    S[p, SUPBOX] = S[p, TOP]
                    S[p, SUPBOX_OWNER] = c
                k = sim_box_nb(T, S, M3, X, p, np.int64(c), np.int64(0), rng)
                if k < 200000 and T.ct[p, c, F_MODELED] != 0:
                    k = _appear_ability_nb(T, S, M3, M2, X, p, np.int64(c), k)
                if host:
                    S[p, SUPBOX] = hb
                    S[p, SUPBOX_OWNER] = ho
                if k > bk:
                    best = pos * E.APPEAR_POS + r
                    bk = k
    if best < 0:
        return -1, -1
    return best, bk // 100000


@njit(cache=True, _nrt=False)
def greedy_window_nb(T, S, M, M2, X, cur, rng, uses):
    """Greedy in one battle window (DM-BAT-1): up to 8 actions, each the best single action
    (battle_action_greedy_nb), until it passes or the game is decided.  Returns (actions, passed)."""
    n = 0
    for _ in range(8):
        kind, idx = battle_action_greedy_nb(T, S, M, M2, X, cur, rng)
        if kind < 0:
            return n, True
        n += 1
        battle_act_nb(T, S, M, M2, X, cur, kind, idx, rng, uses)
        if S[0, PTS] <= 0 or S[1, PTS] <= 0:
            break
    return n, False


@njit(cache=True, _nrt=False)
def greedy_item_negation_nb(T, S, M, M2, X, p, rng, uses):
    """Greedy at the start of the battle: negate_item against the opponent's Items already face-up,
    while a negation makes the battle better for it."""
    o = 1 - p
    while True:
        found = False
        for tk in range(3):
            tc = S[o, SLOT + tk]
            if tc < 0 or S[o, SLOT_UP + tk] <= 0 or T.ct[o, tc, F_OPTYPE] != OPT_ITEM:
                continue
            kind, k = negate_pick_nb(T, S, M, X, p, -1, tc)
            if kind < 0:
                break
            before = outcome_nb(T, S, M, p)
            if (T.ct[o, tc, F_TIMINGS] & TM_KEYWORD) != 0:  # its keyword already reached the passives: without it
                M3 = M2[2:4]
                mods_without_nb(T, S, M3, X, o, tk, rng)
                before = outcome_nb(T, S, M3, p)
            if sim_outcome_nb(T, S, M, M2, X, o, np.int64(T.ct[o, tc, F_EFF_LO]), np.int64(T.ct[o, tc, F_EFF_HI]),
                              np.int64(tc), np.int64(0), np.int64(p), rng) < before:
                discard_slot_nb(S, o, tk)
                negate_with_nb(T, S, M, M2, X, p, np.int64(kind), np.int64(k), rng, uses)
                found = True
                break
        if not found:
            break


@njit(cache=True, _nrt=False)
def greedy_start_appearance_nb(T, S, M, M2, X, p, rng):
    """Greedy's start-of-battle appearance: the best one, when the outcome does not get worse and is not a
    loss, and over an own Ultimate only when it gets better (reference_greedy.GreedyPlayer.appear_choice)."""
    ch, o = best_appearance_nb(T, S, M, M2, X, p, E.T_START, rng)
    if ch < 0 or o == E.OC_LOSE:
        return -1
    M3 = M2[2:4]
    rebuild_nb(T, S, M3, X, rng)
    now = outcome_nb(T, S, M3, p)
    if o > now or (o == now and T.ct[p, cur_nb(S, p), F_LEVEL] < E.LV_ULTIMATE):
        return ch
    return -1


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def evolve_target_nb(T, S, M, M2, X, p, r, rng):
    return _evolve_target_c_nb(T, S, M, M2, X, np.int64(p), np.int64(r), rng)


@njit(cache=True, _nrt=False)
def _evolve_target_c_nb(T, S, M, M2, X, p, r, rng):
    """Greedy's evolve_now target: the hand position of the best next-level Digimon (not ``no_ignore``,
    matching the row filter and its wp_step; outcome, level, A attack, then hand order), -1 none."""
    lv = T.ct[p, cur_nb(S, p), F_LEVEL] + 1
    if lv > E.LV_ULTIMATE:
        return -1
    M3 = M2[2:4]
    best = -1
    bk = -1
    for pos in range(S[p, HAND_N]):
        c = S[p, HAND + pos]
        if T.ct[p, c, F_DLEVEL] != lv or T.ct[p, c, F_NO_IGNORE] != 0 or not row_filter_nb(T, p, c, r) \
                or not wp_step_ok_nb(T, S, p, c, r):
            continue
        k = sim_box_nb(T, S, M3, X, p, np.int64(c), np.int64(1), rng)
        if k > bk:
            best = pos
            bk = k
    return best


@njit(cache=True, inline="always")
def outcome_nb(T, S, M, p):
    """2 win, 1 draw (or a loss that costs nothing: no_loss), 0 lose (reference_greedy.outcome)."""
    mine = final_attack_nb(T, S, M, p)
    theirs = final_attack_nb(T, S, M, 1 - p)
    if forced_draw_nb(M):
        return 1
    if mine > theirs:
        return 2
    if mine == theirs or M[p, M_NOLOSS] != 0:
        return 1
    return 0


@njit(cache=True, inline="always")  # one compiled unit with the simulation below (_box_pick_c_nb)
def box_side_nb(T, S, M, M2, X, p, r, card, rng):
    """Greedy's box_dark_pick side (round 9c; reference_greedy.box_pick_side): of the seats it may pick, the one
    whose box top card leaving gives p the best battle outcome (the modifiers rebuilt into M2[2:4]), the opponent
    among equals; -1 none."""
    return _box_pick_c_nb(T, S, M, M2, X, np.int64(p), np.int64(r), np.int64(r), np.int64(card), np.int64(0),
                          np.int64(p), rng, np.bool_(True))


@njit(cache=True, inline="always")
def _box_side_nb(T, S, M, M2, X, p, r, card, rng):
    """box_side_nb's choice (inlined once, into _box_pick_c_nb)."""
    sides = box_sides_nb(T, S, M, X, p, r, card)
    M3 = M2[2:4]
    best = -1
    bo = -1
    for k in range(2):
        s = p if k == 0 else 1 - p  # own first: the opponent wins a tie
        if (sides & (1 << k)) == 0:
            continue
        top = S[s, TOP]
        ev = S[s, EVOLVED]
        S[s, TOP] = -1
        S[s, EVOLVED] = 0
        rebuild_nb(T, S, M3, X, rng)
        o = outcome_nb(T, S, M3, p)
        S[s, TOP] = top
        S[s, EVOLVED] = ev
        if o >= bo:
            best = s
            bo = o
    return best


@njit(cache=True, inline="always")
def _rows_outcome_nb(T, S, M2, X, p, lo, hi, card, count, for_seat):
    """for_seat's outcome after p's battle rows [lo, hi) whose conditions hold are simulated into M2 (attack
    modifiers only; a card's rows with its per-count ``count``)."""
    for r in range(lo, hi):
        if T.eff[r, E_TIMING] == E.T_BATTLE and cond_ok_nb(T, S, M2, X, p, r, -1):
            sim_row_nb(T, S, M2, X, p, r, card >= 0, card, count)
    return outcome_nb(T, S, M2, for_seat)


@njit(cache=True, _nrt=False)
def _box_pick_c_nb(T, S, M, M2, X, p, lo, hi, card, count, for_seat, rng, side_only):
    """Greedy's box_dark_pick, one compiled unit (issue 12: two units, each holding the modifier machinery, cost
    24 CPU-s of the cold compile).  side_only: the side box_side_nb picks for row lo.  Else sim_outcome_nb for
    rows [lo, hi) with box_dark_pick (reference_greedy.sim_outcome): the box top card greedy would pick removed,
    the modifiers rebuilt into M2[0:2], then the rows' attack modifiers."""
    r0 = lo if side_only else -1
    if not side_only:
        for r in range(lo, hi):
            if T.eff[r, E_TIMING] == E.T_BATTLE and T.eff[r, E_OP] == E.OP_BOX_DARK_PICK \
                    and cond_ok_nb(T, S, M, X, p, r, -1):
                r0 = r
                break
    s = -1
    if r0 >= 0:
        s = _box_side_nb(T, S, M, M2, X, p, r0, card, rng)
    if side_only:
        return s
    if s >= 0:
        M2v = M2[0:2]
        top = S[s, TOP]
        ev = S[s, EVOLVED]
        S[s, TOP] = -1
        S[s, EVOLVED] = 0
        rebuild_nb(T, S, M2v, X, rng)
        o = _rows_outcome_nb(T, S, M2, X, p, lo, hi, card, count, for_seat)
        S[s, TOP] = top
        S[s, EVOLVED] = ev
        return o
    for i in range(2):
        for f in range(NM):
            M2[i, f] = M[i, f]
    return _rows_outcome_nb(T, S, M2, X, p, lo, hi, card, count, for_seat)


@njit(cache=True, _nrt=False)  # one copy: inlined at its six call sites it cost a minute of compile
def sim_outcome_nb(T, S, M, M2, X, p, lo, hi, card, count, for_seat, rng):
    """Outcome for for_seat after p applies its battle rows [lo, hi) (attack modifiers only) on a copy;
    with an evolve_now row, after evolving into the target greedy would pick (_sim_evolve_outcome_nb); with a
    box_dark_pick row, after removing the box top card greedy would pick (_box_pick_c_nb, round 9c)."""
    if card >= 0 and (T.ct[p, card, F_TIMINGS] & TM_BOX_PICK) != 0:
        return _box_pick_c_nb(T, S, M, M2, X, np.int64(p), np.int64(lo), np.int64(hi), np.int64(card), np.int64(count),
                              np.int64(for_seat), rng, np.bool_(False))
    if (card >= 0 and (T.ct[p, card, F_TIMINGS] & TM_EVOLVE_NOW) != 0) or (card < 0 and T.eff[lo, E_OP] == E.OP_EVOLVE_NOW):
        return _sim_evolve_outcome_nb(T, S, M, M2, X, p, lo, hi, card, count, for_seat, rng)
    for i in range(2):
        for f in range(NM):
            M2[i, f] = M[i, f]
    return _rows_outcome_nb(T, S, M2, X, p, lo, hi, card, count, for_seat)


@njit(cache=True, _nrt=False)
def _sim_evolve_outcome_nb(T, S, M, M2, X, p, lo, hi, card, count, for_seat, rng):
    """sim_outcome_nb for rows with evolve_now (reference_greedy.sim_outcome)."""
    for i in range(2):
        for f in range(NM):
            M2[i, f] = M[i, f]
    for r in range(lo, hi):
        if T.eff[r, E_TIMING] == E.T_BATTLE and T.eff[r, E_OP] == E.OP_EVOLVE_NOW \
                and cond_ok_nb(T, S, M2, X, p, r, -1):
            pos = evolve_target_nb(T, S, M, M2, X, p, r, rng)
            if pos >= 0:
                c = S[p, HAND + pos]
                M2v = M2[0:2]
                sim_box_nb(T, S, M2v, X, p, np.int64(c), np.int64(1), rng)
                top = S[p, TOP]
                ev = S[p, EVOLVED]
                S[p, TOP] = c
                S[p, EVOLVED] = X[X_TURN]
                o = _rows_outcome_nb(T, S, M2, X, p, lo, hi, card, count, for_seat)
                S[p, TOP] = top
                S[p, EVOLVED] = ev
                return o
            break
    return _rows_outcome_nb(T, S, M2, X, p, lo, hi, card, count, for_seat)


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def direct_damage_nb(T, S, M, X, p, lo, hi, card):
    return _direct_damage_c_nb(T, S, M, X, np.int64(p), np.int64(lo), np.int64(hi), np.int64(card))


@njit(cache=True, _nrt=False)
def _direct_damage_c_nb(T, S, M, X, p, lo, hi, card):
    """The points p's battle rows [lo, hi) (conditions holding, not blocked) take from the opponent
    for sure (reference_greedy.direct_damage)."""
    o = 1 - p
    n = 0
    for r in range(lo, hi):
        op = T.eff[r, E_OP]
        if T.eff[r, E_TIMING] != E.T_BATTLE or not (op == E.OP_DAMAGE or op == E.OP_DAMAGE_PER_GAUGE):
            continue
        if not cond_ok_nb(T, S, M, X, p, r, -1):
            continue
        if card >= 0 and (M[o, M_IMM_OPT] != 0 or card_immune_nb(T, S, M, X, o, card)):
            continue
        n += T.eff[r, E_ARG] * (1 if op == E.OP_DAMAGE else max(0, S[p, GAUGE_N] - 1))
    return n


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def damage_ok_nb(T, S, M, X, p, lo, hi, card):
    return _damage_ok_c_nb(T, S, M, X, np.int64(p), np.int64(lo), np.int64(hi), np.int64(card))


@njit(cache=True, _nrt=False)
def _damage_ok_c_nb(T, S, M, X, p, lo, hi, card):
    """Rows [lo, hi) have a battle row that damages the opponent's points now (conditions holding, the
    opponent not immune to the option `card`; reference_greedy.damage_live) and none stacks the own
    Digimon onto the gauge (greedy's rule 3)."""
    dmg = False
    o = 1 - p
    for r in range(lo, hi):
        if T.eff[r, E_TIMING] != E.T_BATTLE:
            continue
        op = T.eff[r, E_OP]
        if (op == E.OP_DAMAGE or op == E.OP_DAMAGE_PER_GAUGE or op == E.OP_OPP_REVEAL) \
                and cond_ok_nb(T, S, M, X, p, r, -1) \
                and not (card >= 0 and (M[o, M_IMM_OPT] != 0 or card_immune_nb(T, S, M, X, o, card))):
            dmg = True
        for k in range(MAX_COSTS):
            if T.eff[r, E_COST0 + 2 * k] == E.K_SELF_GAUGE:
                return False
    return dmg


@njit(cache=True, _nrt=False)
def battle_action_greedy_nb(T, S, M, M2, X, p, rng):
    """(kind, index): (0, effect row) an ability, (1, slot) an option, (2, hand position) a support
    Digimon (DM-BAT-2), (3, hand position) an appearance (its row in X[X_APPEAR_ROW]), (-1, -1) pass;
    the per_* count for it in X[X_PER] (reference_greedy.GreedyPlayer.battle_action: lethal damage,
    then the best improving action, then damage that does not make the battle worse)."""
    X[X_PER] = 0
    o = 1 - p
    ab = abilities_active_nb(T, S, M, p)
    c0 = cur_nb(S, p)
    dmg_any = (ab and (T.ct[p, c0, F_TIMINGS] & TM_DAMAGE) != 0)
    for k in range(3):
        x = S[p, SLOT + k]
        if x >= 0 and (T.ct[p, x, F_TIMINGS] & TM_DAMAGE) != 0:
            dmg_any = True
    if dmg_any:  # (1) lethal
        if ab:
            for r in range(T.ct[p, c0, F_EFF_LO], T.ct[p, c0, F_EFF_HI]):
                if ability_ready_nb(T, S, M, X, p, c0, r) and direct_damage_nb(T, S, M, X, p, r, r + 1, -1) >= S[o, PTS]:
                    return E.ACT_ABILITY, r
        for k in range(3):
            c = S[p, SLOT + k]
            if c >= 0 and (T.ct[p, c, F_TIMINGS] & TM_DAMAGE) != 0 and option_ready_nb(T, S, M, X, p, k) \
                    and direct_damage_nb(T, S, M, X, p, T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI], c) >= S[o, PTS]:
                return E.ACT_OPTION, k
    cur = outcome_nb(T, S, M, p)
    bk = -1
    bi = -1
    bo = cur
    bn = 0
    # Round 11: once an action reaches a win no later one can be strictly better (only a strictly better one
    # replaces it), so the remaining candidates are not simulated (the simulations change nothing but M2)
    if cur < 2:
        if ab:
            for r in range(T.ct[p, c0, F_EFF_LO], T.ct[p, c0, F_EFF_HI]):
                if bo >= E.OC_WIN:
                    break
                if not ability_ready_nb(T, S, M, X, p, c0, r):
                    continue
                o2, n = _best_count_nb(T, S, M, M2, X, p, r, r + 1, -1, rng)
                if o2 > bo:
                    bk = E.ACT_ABILITY
                    bi = r
                    bo = o2
                    bn = n
        # DM-BAT-2: one support Digimon per turn, from hand; none against an opp_no_support Digimon (Ornismon Bo-98t)
        if S[p, SUP_USED] == 0 and bo < E.OC_WIN and not support_barred_nb(T, S, M, X, p):  # once per turn (DM-BAT-2)
            for pos in range(S[p, HAND_N]):
                if bo >= E.OC_WIN:
                    break
                c = S[p, HAND + pos]
                # the card's timing bits first (F_TIMINGS): without a support row rows_payable_at_nb is False
                if T.ct[p, c, F_KIND] != E.KIND_DIGIMON or (T.ct[p, c, F_TIMINGS] & (1 << E.T_SUPPORT)) == 0:
                    continue
                if not rows_payable_at_nb(T, S, p, c, E.T_SUPPORT):
                    continue
                o2 = _sim_support_nb(T, S, M, M2, X, p, c, rng)
                if o2 > bo:
                    bk = E.ACT_SUPPORT
                    bi = pos
                    bo = o2
                    bn = 0
        if bo < E.OC_WIN and (X[X_APP_ANY + p] & (1 << E.T_BATTLE)) != 0 and S[p, APPEARED] != X[X_TURN]:
            ch, o2 = best_appearance_nb(T, S, M, M2, X, p, E.T_BATTLE, rng)
            if ch >= 0 and o2 > bo:
                bk = E.ACT_APPEAR
                bi = ch // E.APPEAR_POS
                X[X_APPEAR_ROW] = ch % E.APPEAR_POS
                bo = o2
                bn = 0
        for k in range(3):
            if bo >= E.OC_WIN:
                break
            if not option_ready_nb(T, S, M, X, p, k):
                continue
            c = S[p, SLOT + k]
            o2, n = _best_count_nb(T, S, M, M2, X, p, T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI], c, rng)
            if o2 > bo:
                bk = E.ACT_OPTION
                bi = k
                bo = o2
                bn = n
    if bk >= 0:
        X[X_PER] = bn
        return bk, bi
    if dmg_any:  # (3) damage that does not make the battle worse
        if ab:
            for r in range(T.ct[p, c0, F_EFF_LO], T.ct[p, c0, F_EFF_HI]):
                if ability_ready_nb(T, S, M, X, p, c0, r) and damage_ok_nb(T, S, M, X, p, r, r + 1, -1) \
                        and sim_outcome_nb(T, S, M, M2, X, p, np.int64(r), np.int64(r + 1), np.int64(-1), np.int64(0),
                                           np.int64(p), rng) >= cur:
                    return E.ACT_ABILITY, r
        for k in range(3):
            c = S[p, SLOT + k]
            if option_ready_nb(T, S, M, X, p, k) and damage_ok_nb(T, S, M, X, p, T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI], c) \
                    and sim_outcome_nb(T, S, M, M2, X, p, np.int64(T.ct[p, c, F_EFF_LO]), np.int64(T.ct[p, c, F_EFF_HI]),
                                       np.int64(c), np.int64(0), np.int64(p), rng) >= cur:
                return E.ACT_OPTION, k
    for k in range(3):  # (4) round 10e: a card whose effect waits for the result (reference_greedy.commit_live);
        c = S[p, SLOT + k]  # round 12c: or a hand / slot exchange that finds its pair (reference_greedy.swap_live)
        if c >= 0 and (T.ct[p, c, F_TIMINGS] & (TM_COMMIT | TM_SWAP)) != 0 and option_ready_nb(T, S, M, X, p, k) \
                and (commit_live_nb(T, S, M, X, p, c) or swap_live_nb(T, S, M, X, p, c)):
            return E.ACT_OPTION, k
    return E.ACT_PASS, -1


@njit(cache=True, _nrt=False)
def swap_live_nb(T, S, M, X, p, c):
    """Round 12c (reference_greedy.swap_live): card c has a swap_hand_slot row whose conditions hold and whose exchange
    (swap_pick_nb) finds a pair."""
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_OP] == E.OP_SWAP_HAND_SLOT and cond_ok_nb(T, S, M, X, p, r, -1) \
                and swap_pick_nb(T, S, p, T.eff[r, E_ARG]) >= 0:
            return True
    return False


@njit(cache=True, inline="always")  # one compiled copy: the arguments' types made uniform
def commit_live_nb(T, S, M, X, p, c):
    return _commit_live_c_nb(T, S, M, X, np.int64(p), np.int64(c))


@njit(cache=True, _nrt=False)
def _commit_live_c_nb(T, S, M, X, p, c):
    """Round 10e (reference_greedy.commit_live): card c's commit row holds its conditions and one of its rows for the
    result the battle would have as it stands (the attacks on the table) holds its conditions now (aimed at the
    opponent: not against its immunity to options)."""
    ok = False
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_OP] == E.OP_COMMIT and cond_ok_nb(T, S, M, X, p, r, -1):
            ok = True
    if not ok:
        return False
    o = 1 - p
    mine = final_attack_nb(T, S, M, p)
    theirs = final_attack_nb(T, S, M, o)
    tm = E.T_DRAW if forced_draw_nb(M) or mine == theirs else (E.T_WIN if mine > theirs else E.T_LOSE)
    imm = M[o, M_IMM_OPT] != 0 or card_immune_nb(T, S, M, X, o, c)
    for r in range(T.ct[p, c, F_EFF_LO], T.ct[p, c, F_EFF_HI]):
        if T.eff[r, E_TIMING] == tm and cond_ok_nb(T, S, M, X, p, r, -1) \
                and not (imm and (OP_FLAGS[T.eff[r, E_OP]] & OPF_OPP) != 0):
            return True
    return False


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
        o = sim_outcome_nb(T, S, M, M2, X, p, np.int64(lo), np.int64(hi), np.int64(card), np.int64(k), np.int64(p), rng)
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
    slot, extra, lv, ir = ignore_slot_nb(T, S, M, X, s)
    if slot < 0:
        return
    best = -1
    ba = -1
    for pos in range(S[s, HAND_N]):
        c = S[s, HAND + pos]
        if ignore_target_nb(T, S, s, c, lv, extra, ir) and T.ct[s, c, F_ATK + 0] > ba:
            best = pos
            ba = T.ct[s, c, F_ATK + 0]
    if best >= 0:
        prepare_ignore_step_nb(T, S, s, slot, np.int64(best), uses)  # not a literal -1: one compiled copy


@njit(cache=True, _nrt=False)
def negate_response_nb(T, S, M, M2, X, o, p, c, count, rng):
    """o's answer to p's option c used in a battle window with per_* count `count`: (kind, index) of
    o's negation (negate_pick_nb) when the option, simulated on the attack modifiers, would worsen o's
    battle result, else (-1, -1) (reference_greedy.GreedyPlayer.negate_response)."""
    kind, k2 = negate_pick_nb(T, S, M, X, o, T.ct[p, c, F_OPTYPE], c)
    if kind >= 0:
        before = outcome_nb(T, S, M, o)
        after = sim_outcome_nb(T, S, M, M2, X, p, np.int64(T.ct[p, c, F_EFF_LO]), np.int64(T.ct[p, c, F_EFF_HI]),
                               np.int64(c), np.int64(count), np.int64(o), rng)
        if after < before:
            return kind, k2
    return -1, -1


@njit(cache=True, inline="always")
def timed_use_nb(T, S, M, M2, X, p, timing, rng, uses):
    """Options of a timing outside the battle windows: every usable one whose conditions hold
    (timed_options_nb), in slot order."""
    n = timed_options_nb(T, S, M, X, p, timing)
    for i in range(n):
        use_option_nb(T, S, M, M2, X, p, np.int64(X[X_LIST + i]), np.int64(timing), rng, uses)
