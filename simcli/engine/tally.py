"""One game's record and statistics, added to a block's arrays (both games' kernels: DMCG and Appmon).

The two kernels keep their state in differently laid-out rows, so the columns the tally reads come as
``cols`` = (points, renewals, first-renewal turn, highest-level mask, drawn mask, used mask) of the state
``S``, and (card count, first-copy index) of the card table ``ct``.  Inlined into each kernel's block.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simcli.codes import OUT_A, OUT_B


@njit(cache=True, inline="always")
def tally_game_nb(g, g0, outcome, turns, h, fa1, S, ct, cols, rt, pts, bat, recs, outcomes, turns_hist,
                  outcome_by_turns, points_hist, alive, renewals_by_turn, renewals_per_game, first_renewal_turn,
                  battles_by_turn, first_battle, first_attacker_games, first_attacker_seat, level_reached,
                  card_games_drawn, card_games_used, total_turns):
    """Game g's record (recs row g - g0, when recs has rows: [game, outcome, turns, points A, points B,
    renewals A, renewals B, first-attacker hash (the uint64's bits), turn-1 first attacker]) and its counts
    into the statistics (simcli/engine/results.py LAYOUT); clears the per-turn renewal counts ``rt``."""
    PTS, RENEW, FIRST_RENEW, MAXLV, DRAWN, USED, NCARDS, COPY0 = cols
    if recs.shape[0] > 0:
        i = g - g0
        recs[i, 0] = g
        recs[i, 1] = outcome
        recs[i, 2] = turns
        recs[i, 3] = S[0, PTS]
        recs[i, 4] = S[1, PTS]
        recs[i, 5] = S[0, RENEW]
        recs[i, 6] = S[1, RENEW]
        recs[i, 7] = np.int64(h)
        recs[i, 8] = fa1
    outcomes[outcome] += 1
    turns_hist[turns] += 1
    outcome_by_turns[turns, outcome] += 1
    total_turns[0] += turns
    for t in range(1, turns + 1):
        alive[t] += 1
        points_hist[0, t, pts[t, 0]] += 1
        points_hist[1, t, pts[t, 1]] += 1
        battles_by_turn[t, bat[t]] += 1
    first_battle[bat[1]] += 1
    first_attacker_seat[fa1] += 1
    if outcome == OUT_A + fa1:
        first_attacker_games[0] += 1
    elif outcome == OUT_B - fa1:
        first_attacker_games[1] += 1
    else:
        first_attacker_games[2] += 1
    nb = renewals_per_game.shape[1]
    for s in range(2):
        r = S[s, RENEW]
        renewals_per_game[s, min(r, nb - 1)] += 1
        for t in range(1, turns + 1):
            renewals_by_turn[s, t] += rt[s, t]
            rt[s, t] = 0
        first_renewal_turn[s, S[s, FIRST_RENEW]] += 1
        for lv in range(4):
            if (S[s, MAXLV] >> lv) & 1:
                level_reached[s, lv] += 1
        gd = 0  # the masks with every copy's bit on its card's first index (tables.collapse_mask)
        gu = 0
        for c in range(ct[s, 0, NCARDS]):
            if (S[s, DRAWN] >> c) & 1:
                gd |= 1 << ct[s, c, COPY0]
            if (S[s, USED] >> c) & 1:
                gu |= 1 << ct[s, c, COPY0]
        for c in range(ct[s, 0, NCARDS]):
            card_games_drawn[s, c] += (gd >> c) & 1
            card_games_used[s, c] += (gu >> c) & 1
