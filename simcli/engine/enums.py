"""Every integer constant the engines share: levels, players, outcomes, effect opcodes.

Nothing here imports numba; the kernel reads these as module-level globals (numba freezes
them as compile-time constants).
"""

# ---- games -------------------------------------------------------------------------------
GAME_DMCG = 0
GAME_APPMON = 1

# ---- levels (DMCG) -----------------------------------------------------------------------
# Index into the lost-points columns too: LOST[card, level_of_winner].
LV_III = 0
LV_IV = 1  # Armor Digimon count as Level IV
LV_PERFECT = 2
LV_ULTIMATE = 3
LV_OTHER = 4  # Hybrid / Xros / option cards: never legal in a deck we simulate
LEVEL_NAMES = ("III", "IV", "Perfect", "Ultimate")
LEVEL_INDEX = {name: i for i, name in enumerate(LEVEL_NAMES)}

# ---- battle types / attacks --------------------------------------------------------------
BT_A = 0
BT_B = 1
BT_C = 2
BT_NAMES = ("A", "B", "C")

# ---- card kinds --------------------------------------------------------------------------
KIND_DIGIMON = 0
KIND_OPTION = 1

# ---- players (policies) ------------------------------------------------------------------
PLAYER_BASELINE = 0
PLAYER_GREEDY = 1
PLAYER_RANDOM = 2
PLAYER_NAMES = ("baseline", "greedy", "random")

# ---- outcomes (per game) -----------------------------------------------------------------
OUT_A = 0  # seat A won
OUT_B = 1  # seat B won
OUT_DRAW = 2  # both reached 0 at the same moment (C-PTS-2)
OUT_CAPPED = 3  # turn cap reached (C-PTS-3)

# ---- battle results (per turn, from the first attacker's side) ---------------------------
BR_FIRST = 0  # first attacker won the battle
BR_SECOND = 1  # second attacker won the battle
BR_DRAW = 2

DEFAULT_TURN_CAP = 200
RENEWAL_BUCKETS = 16  # renewals-per-game histogram: 0..14, and 15 = "15 or more"

# ---- effect language: timings (when an effect can be used / applies) ---------------------
T_PREP = 0  # Preparation phase
T_EVOLUTION = 1  # Evolution phase
T_BATTLE = 2  # Battle phase (options, special abilities used in a battle window)
T_POINT = 3  # Point Calculation phase, before the loser loses points
T_WIN = 4  # Point Calculation, after points, if this side won the battle
T_LOSE = 5  # Point Calculation, after points, if this side lost the battle
T_PASSIVE = 6  # always on while the card is in the Digimon Box (printed properties)
T_EVOLVED = 7  # once, right after the own Digimon evolves into this card (Digimon abilities)
T_SUPPORT = 8  # support ability (■, DM-BAT-2): applies when the card is put from hand into the Support Box
TIMING_NAMES = ("prep", "evolution", "battle", "point", "win", "lose", "passive", "evolved", "support")

# ---- effect language: opcodes ------------------------------------------------------------
# Attack arithmetic follows C-CALC-1: MUL/DIV on the base attack, last one applied wins;
# ADD stacks after the multiplication; HALVE_OPP applies last of all.
OP_ATK_ADD = 1  # own final attack += arg (negative: subtract)
OP_OPP_ATK_ADD = 2  # opponent's final attack += arg
OP_BASE_ADD = 3  # own base attack += arg (zeroed by A->0 with the base)
OP_ATK_MUL = 4  # own attack multiplier := arg/den (arg = numerator, arg2 = denominator)
OP_OPP_ATK_MUL = 5  # opponent's attack multiplier := arg/arg2
OP_HALVE_OPP = 6  # opponent's final attack halved after everything else
OP_ATTACK_AS = 7  # own attack becomes A/B/C (arg = BT_*) whatever the opponent's type
OP_ZERO_OPP = 8  # opponent's attack becomes 0
OP_NO_ZERO = 9  # own attack cannot go to zero (immune to OP_ZERO_OPP and the C effect)
OP_DAMAGE = 10  # opponent loses arg points now (direct: never multiplied)
OP_HEAL = 11  # regain arg points (capped at 100)
OP_SELF_DAMAGE = 12  # lose arg points now
OP_FORCE_DRAW = 13  # the battle becomes a draw
OP_NO_FORCE_DRAW = 14  # immune to forced draws
OP_NEGATE_PROGRAM = 15  # negate an opponent's Program option before it resolves
OP_IMMUNE_OPTIONS = 16  # immune to the opponent's option cards
OP_VOID_ABILITIES = 17  # the opponent's special abilities become void
OP_IMMUNE_MOD = 18  # immune to all attack modification by the opponent
OP_DRAW = 19  # draw arg cards
OP_DISCARD = 20  # discard arg cards from own hand
OP_MILL = 21  # send arg cards from own deck to the Dark Area
OP_OPP_MILL = 22  # send arg cards from the opponent's deck to the Dark Area
OP_OPP_DISCARD = 23  # opponent discards arg cards from hand (random)
OP_LOST_MUL = 24  # opponent's lost points x arg when this side wins (never direct damage)
OP_EVOLVE_IGNORE = 25  # evolve to the next level ignoring requirements
OP_OPP_ATTACK_AS = 26  # opponent's attack becomes A/B/C (arg = BT_*)
OP_NEGATE_ITEM = 27  # negate an opponent's Item option (the one being used, else one active in its slots) -> Dark Area
OP_NEGATE_OPTION = 28  # negate an opponent's option of any type (Program/Item/Field) before it resolves
OP_KEEP_ABILITIES = 29  # flag: this Digimon's special abilities cannot be voided (immune to OP_VOID_ABILITIES)
OP_NO_IGNORE = 30  # flag: this Digimon cannot be evolved into by OP_EVOLVE_IGNORE (requirements cannot be ignored)
OP_PER_DISCARD = 31  # discard 0..arg2 cards of own choice from hand (arg2 0: any number); own attack += arg each
OP_PER_DISCARD_DIGIMON = 32  # as OP_PER_DISCARD, counting only Digimon cards discarded from hand
OP_PER_MILL = 33  # send 0..arg2 cards from the top of own deck to the Dark Area; own attack += arg each
OP_OPP_SLOTS_CLEAR = 34  # send every card in the opponent's option slots to the Dark Area
N_OPS = 35

# ---- effect language: condition kinds ----------------------------------------------------
# A condition is (kind, cmp, value).  cmp: 0 '=', 1 '!=', 2 '>=', 3 '<=', 4 '>', 5 '<', 6 '~'
C_NONE = 0
C_LEVEL = 1  # own level (value = LV_*)
C_OPP_LEVEL = 2
C_OPP_HIGHER = 3  # opponent's level above own (no value)
C_OPP_LOWER = 4
C_POINTS = 5  # own points
C_OPP_POINTS = 6
C_ATTR = 7  # own attribute (value = attribute code, see tables.ATTRIBUTES)
C_OPP_ATTR = 8
C_FIELD = 9  # own field (value = field code, see tables.FIELDS); '=' means "belongs to"
C_OPP_FIELD = 10
C_TYPE = 11  # own species contains a word (value = word code, per compiled table)
C_OPP_TYPE = 12
C_OPP_BT = 13  # opponent's battle type (value = BT_*)
C_ATTACK = 14  # own attack used this battle (value = BT_*)
C_OPP_ATTACK = 15
C_KEYWORD = 16  # own Digimon has an ability keyword (value = word code)
C_OPP_KEYWORD = 17
C_NAME = 18  # own Digimon's name (value = name code)
C_OPP_NAME = 19
C_FIRST = 20  # this side is the first attacker (value 1) / second (value 0)
C_FRAME = 21  # own Digimon's frame colour (value = FRAME_*)
C_OPP_FRAME = 22
C_CARD = 23  # the opponent's option card being applied is named (value = name code; '~': name contains)
N_CONDS = 24

FRAME_BLUE = 0
FRAME_RED = 1
FRAME_GOLD = 2
FRAME_NAMES = ("Blue", "Red", "Gold")

CMP_EQ, CMP_NE, CMP_GE, CMP_LE, CMP_GT, CMP_LT, CMP_HAS = range(7)
CMP_SYMBOLS = ("=", "!=", ">=", "<=", ">", "<", "~")

# ---- effect language: costs --------------------------------------------------------------
K_NONE = 0
K_DISCARD = 1  # discard arg cards from hand
K_MILL = 2  # send arg cards from the top of the deck to the Dark Area
K_GAUGE = 3  # stack this card onto the point gauge (out of the game)
K_POINTS = 4  # lose arg points
K_DISCARD_DIGIMON = 5  # discard arg Digimon cards from hand
N_COSTS = 6

# ---- effect language: limits (how long an effect lasts) ----------------------------------
L_PHASE = 0  # until the end of the phase it was used in (default, C-OPT-2)
L_BATTLE = 1  # until the end of the battle phase
L_TURN = 2  # until the end of the turn
L_TURNS = 3  # for arg turns
L_DISCARDED = 4  # stays in its slot until discarded
L_NOW = 5  # one-shot: goes to the Dark Area right after use
L_DIGIMON = 6  # stays in its slot until the own Digimon leaves the Digimon Box (loses, evolves, ...)
N_LIMITS = 7

# ---- compiled effect row layout (int32) --------------------------------------------------
# One row per effect line of a card: see cards/effects.py for the text form.
E_OP = 0
E_ARG = 1
E_ARG2 = 2
E_TIMING = 3
E_NCOND = 4
E_COND0 = 5  # 3 conditions x (kind, cmp, value)
MAX_CONDS = 3
E_COST0 = E_COND0 + 3 * MAX_CONDS  # 2 costs x (kind, arg)
MAX_COSTS = 2
E_LIMIT = E_COST0 + 2 * MAX_COSTS
E_LIMIT_ARG = E_LIMIT + 1
EFFECT_WIDTH = E_LIMIT_ARG + 1
