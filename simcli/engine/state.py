"""The kernel's game state layout: one int32 row per player, ``S[seat, field]`` (-1 = none).

Zone arrays are stored as (cards…, count).  Deck: S[p, DECK + i] for i < S[p, DECK_N], index 0 the
bottom, the last one the top.  Hand: hand order.  Dark Area: arrival order.
"""

MAXZ = 32  # room per zone (30 cards per deck; a hand may briefly hold more than 6)

DECK = 0  # deck cards (bottom .. top)
DECK_N = DECK + MAXZ
HAND = DECK_N + 1  # hand cards in hand order
HAND_N = HAND + MAXZ
DARK = HAND_N + 1  # Dark Area (discard pile) in arrival order
DARK_N = DARK + MAXZ
POWER = DARK_N + 1  # Power Box (evolution requirement cards) in the order placed
POWER_N = POWER + MAXZ
GAUGE = POWER_N + 1  # point gauge cards (out of the game)
GAUGE_N = GAUGE + MAXZ
L3 = GAUGE_N + 1  # bottom Level III of the Digimon Box
TOP = L3 + 1  # card on top of it (-1: the Level III is on top)
SLOT = TOP + 1  # 3 option slots (card or -1)
# per slot: 0 face-down, SPENT_PHASE / SPENT_TURN used (to the Dark Area at the end of the phase / turn),
# k > 0 face-up for k more turns (PERSIST: no turn limit)
SLOT_UP = SLOT + 3
SLOT_END = SLOT_UP + 3  # per slot: LE_* end events of a used option
SLOT_CARD = SLOT_END + 3  # per slot: the Digimon the option was used with (LE_LEAVE)
PTS = SLOT_CARD + 3  # points 0..100
RENEW = PTS + 1  # renewals so far
FIRST_RENEW = RENEW + 1  # turn of the first renewal (0 never)
EXCH = FIRST_RENEW + 1  # Level III prepared for exchange (-1 none)
MAXLV = EXCH + 1  # highest level reached (bit mask of LV_*)
PLAN_N = MAXLV + 1  # prepared evolution steps
PLAN = PLAN_N + 1  # steps x PLAN_W: fields codes.PF_* (card, ncards, res card, res slot, jogress card)
PLAN_W = 5
MAX_STEPS = 3
ABIL_USED = PLAN + PLAN_W * MAX_STEPS  # bit mask of the top Digimon's effect rows used this turn
SUPPORT = ABIL_USED + 1  # support Digimon this turn (-1 none)
EVOLVED = SUPPORT + 1  # turn in which the Digimon last evolved / a Level III turned face-up (0 never)
SUPBOX = EVOLVED + 1  # a card put into the support box by an effect (cost ``place``), -1 none
SUPBOX_OWNER = SUPBOX + 1  # the Digimon it stays with
APPEARED = SUPBOX_OWNER + 1  # turn of the last appearance (0 never)
TOP_UNTIL = APPEARED + 1  # the top card goes to the Dark Area at the end of this turn (0: no limit)
TOP_UNTIL_CARD = TOP_UNTIL + 1
LV_START = TOP_UNTIL_CARD + 1  # level of the box when this turn's Evolution phase began (opp_warped)
EVO_N = LV_START + 1  # options an evolution step used this turn: EVO_N pairs (option, Digimon) from EVO
EVO = EVO_N + 1
MAX_EVO = 3
DRAWN = EVO + 2 * MAX_EVO  # bit mask of the cards that entered the hand in this game
USED = DRAWN + 1  # bit mask of the cards used in this game
SUP_USED = USED + 1  # 1: a support Digimon was put into the Support Box this turn (DM-BAT-2: once per turn, even
# when the opponent has since sent it to the Dark Area, opp_support_dark; cleared with the Support Box)
BESIDE = SUP_USED + 1  # round 11a: an option card lying beside the box (codes.OP_BESIDE), -1 none
BESIDE_OWNER = BESIDE + 1  # the Digimon it lies beside (it goes to the Dark Area when that card leaves the box)
NS = BESIDE_OWNER + 1

# misc per-game scratch X (int32 [NX])
X_SPENT_N = 0  # options used this phase, to the Dark Area at its end: pairs (seat, slot) from X_SPENT
X_SPENT = 1
X_FA = 40  # first attacker of this turn
X_TURN = 41  # turn number
X_LIST = 42  # small list scratch (slot indices), up to 3: the options a policy uses at a timing
X_PLAYER = 45  # the two seats' policies (PLAYER_*), set each turn (negation responses need the opponent's)
X_PER = 47  # per_* count the player chose for the ability / option it is about to use (0 none)
X_APPEAR_ROW = 48  # a battle action "appear" (codes.ACT_APPEAR): the appearance row (the hand position is the index)
X_DIRTY = 49  # a box changed or slots were cleared in this battle: rebuild the modifiers after the action
X_IN_BATTLE = 50  # 1 from the face-up options of the start of the battle to the end of the windows
X_LOG_N = 51  # entries of this battle's modifier log (rebuilds re-apply them)
X_APP_ANY = 52  # per seat (52, 53): bits (1 << T_*) of the timings of its deck's appearance rows
X_USED_N = 54  # options used in this turn's battle windows: pairs (seat, card) from X_USED (their result rows)
X_LOST = 55  # per seat (55, 56): points it lost to this turn's battle result (round 9a: damage_lost)
X_R11F = 57  # per seat (57, 58), round 11f: its deck has a hand_limit row or a win row lost*K / lost+N (tables.TM_R11F)
X_EVOEND = 59  # per seat (59, 60), round 13a: some card of its deck has an evo_end row (bit 1 << T_EVO_END of F_TIMINGS)
X_LOG = 64  # LOG_MAX entries x LOG_W: (kind, seat, row, card, count)
LOG_W = 5
LOG_MAX = 256
X_USED = X_LOG + LOG_W * LOG_MAX
USED_MAX = 16
NX = X_USED + 2 * USED_MAX
LOG_OPTION, LOG_ABILITY, LOG_SUPPORT = 0, 1, 2
PERSIST = 1000  # SLOT_UP of a face-up option without a turn limit (until discarded or an end event)
SPENT_PHASE = -2  # SLOT_UP of an option used this phase
SPENT_TURN = -3  # SLOT_UP of an option used with limit ``turn``

# per-player battle modifiers M[seat, field] (C-CALC-1)
M_BASE_ADD = 0
M_NUM = 1
M_DEN = 2
M_ADD = 3
M_HALVED = 4
M_ZEROED = 5
M_NOZERO = 6
M_AS = 7  # attack forced to A/B/C (-1 none)
M_IMM_MOD = 8
M_IMM_OPT = 9
M_VOID = 10  # this player's abilities are void
M_NOFD = 11  # immune to forced draws
M_LOSTMUL = 12
M_FORCE_DRAW = 13  # this player applied a forced draw
M_GAIN0 = 14  # ability keywords gained (word codes, 0 none)
M_GAIN1 = 15
M_LOSTKW = 16  # an ability keyword lost
M_ATKLAST = 17  # attack_last
M_NOLOSS = 18  # no_loss
M_LOSTADD = 19  # lost+N
M_GAINFIELD = 20  # a field gained (gain_field, field code; 0 none)
M_NODRAWLOSS = 21  # no_draw_loss: a drawn battle costs neither player points
M_NOCZERO = 22  # round 11e, no_c_zero: this player's C attack does not turn the opponent's A to 0
M_SELFLOST = 23  # round 11e, self_lost+N: this player's own lost points + N when it loses
M_BT = 24  # round 12d, bt_pick: this player's battle type changed (0 printed, 1 + BT_* otherwise)
M_CZERO = 30  # round 13f, c_zero: this player's C attack goes to 0 while the opponent attacks with A ('C>0'; 25-29 other rounds')
M_KEEPBOX = 27  # round 13c, keep_box: this turn's renewal leaves this player's box top card in the box (25, 26: others')
NM = 31


# ---- zone helpers shared by kernel.py and kernel_effects.py ------------------------------------
from numba import njit  # noqa: E402  (the layout above is plain constants)


@njit(cache=True, _nrt=False)
def push_nb(S, s, base, nidx, c):
    """Append card c to the zone stored at S[s, base…] with its count at S[s, nidx]."""
    S[s, base + S[s, nidx]] = c
    S[s, nidx] += 1


@njit(cache=True, _nrt=False)
def hand_remove_nb(S, s, pos):
    """Remove hand[pos] keeping hand order; returns the card."""
    c = S[s, HAND + pos]
    n = S[s, HAND_N]
    for i in range(pos, n - 1):
        S[s, HAND + i] = S[s, HAND + i + 1]
    S[s, HAND_N] = n - 1
    return c
