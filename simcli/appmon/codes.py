"""Every integer constant of the Appmon engines (numba-free; the kernel freezes them as constants).

Card-table fields (``tables.CT[seat, card, F_*]``), the per-seat state layout (``S[seat, *]``) and the
small enumerations.  The reference engine reads the same tables through these names.
"""

# ---- grades (RULES.md §3: Standard → Super → Ultimate → God); also the lost-points columns ----
GR_STANDARD = 0
GR_SUPER = 1
GR_ULTIMATE = 2
GR_GOD = 3
GRADE_NAMES = ("Standard", "Super", "Ultimate", "God")
ATTRIBUTES = ("Social", "Navi", "Tool", "System", "Game", "Entertainment", "Life")

KIND_APPMON = 0
KIND_OPTION = 1

# ---- effect words (docs/appmon.md "Effects") ---------------------------------------------------
# Applink effects and battle options: what they change
EF_NONE = 0
EF_ATK = 1  # "atk+N": add N to the own attack power (an addition: C-CALC-1)
EF_OPP_ATK = 2  # "opp_atk-N": subtract N from the opponent's attack power
EF_REGAIN = 3  # "regain+N": regain N points (Point Calculation options; never above 100)
EFFECT_WORDS = {"atk": EF_ATK, "opp_atk": EF_OPP_ATK, "regain": EF_REGAIN}

# option timings
OT_NONE = 0
OT_BATTLE = 1
OT_POINT = 2
TIMING_NAMES = {"battle": OT_BATTLE, "point": OT_POINT}

# ---- card table fields ---------------------------------------------------------------------------
F_NCARDS = 0  # (row 0 only) cards in the deck
F_KIND = 1
F_GRADE = 2  # GR_*, -1 for options
F_BT = 3  # battle type 0 A / 1 B / 2 C
F_ATK = 4  # 3 fields: A, B, C
F_CZERO = 7  # 1: the C attack carries "A→0" (C-TYPE-2, printed on the card)
F_LOST = 8  # 4 fields: lost points by the winner's grade
F_NAME = 12  # name id (same ids in both seats)
F_REQ = 13  # 3 fields: AppGattai requirement name ids (-1 unused)
F_REQ_N = 16
F_LINK_EF = 17  # Applink effect EF_* (EF_NONE: the card cannot Applink)
F_LINK_VAL = 18
F_LINK_PLUG = 19  # plug icon id of the Applink effect
F_PLUGS = 20  # bit mask of the card's plug icons
F_PER_LINK = 21  # ability "per_link+N": +N attack per Applinked Appmon (passive)
F_ACT_ATK = 22  # ability "atk+N": one battle action, once per battle
F_NO_ZERO = 23  # ability "no_zero": the A attack never goes to 0 (passive)
F_OPT_TIMING = 24  # OT_*
F_OPT_EF = 25  # EF_*
F_OPT_VAL = 26
F_COPY0 = 27  # index of the first copy of this card in the deck list
F_MODELED = 28
NF = 29

MAX_CARDS = 30
MAX_PLUGS = 30

# ---- per-seat state S[seat, *] (int32) ------------------------------------------------------------
PTS = 0
DECK_N = 1
HAND_N = 2
DISC_N = 3
POWER_N = 4
LINK_N = 5
STD = 6  # the Standard Grade Appmon in the Appmon Box (-1: empty box)
TOP = 7  # the fused Appmon stacked on it (-1: none)
GATTAI = 8  # the AppGattai Box (-1: empty)
GAUGE = 9  # the point-gauge card (AM-SET-1)
PLUGS_USED = 10  # plug bits taken by Applinks this battle
ADD = 11  # additions to this seat's attack in this battle (C-CALC-1)
ABIL_USED = 12  # the activated ability was used this battle
RENEW = 13
FIRST_RENEW = 14
MAXGR = 15  # bit mask of the grades that stood in the Appmon Box
DRAWN = 16  # bit mask of deck indices that entered the hand
USED = 17  # bit mask of deck indices used
AUTO_LOSS = 18  # no Appmon at the end of Preparation (AM-PREP-2)
SLOT = 19  # 3 option slots (-1 empty)
SLOT_UP = 22  # 3 flags: the slot's option was turned face-up (used) this turn
DECK = 25
HAND = DECK + MAX_CARDS
DISC = HAND + MAX_CARDS
POWER = DISC + MAX_CARDS
LINK = POWER + MAX_CARDS
NS = LINK + MAX_CARDS

# battle-action kinds (players' choices, the log)
ACT_PASS = 0
ACT_LINK = 1
ACT_ABILITY = 2
ACT_OPTION = 3
