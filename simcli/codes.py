"""Every integer constant of simcli: levels, players, outcomes, zones, effect opcodes (the effect
language compiles to these; the engines read them as `simcli.engine.enums`).

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

# ---- player decisions (the kernel's and the reference's policy interfaces) ----------------
# A battle-window action is (kind, index): players' battle_action / battle_action_greedy_nb.
ACT_PASS = -1  # no action: the player passes
ACT_ABILITY = 0  # index: the effect row of its top Digimon's ◎ ability
ACT_OPTION = 1  # index: the option slot
ACT_SUPPORT = 2  # index: the hand position of a support Digimon (DM-BAT-2)
ACT_APPEAR = 3  # index: the hand position of the card that appears (its row: X[X_APPEAR_ROW] / the third field)
# a negation answer (negate_pick): (kind, index)
NEG_ABILITY = 0  # index: the ◎ negate ability row of its Digimon
NEG_SLOT = 1  # index: the slot of a face-down negate card
# an appearance choice packed in one integer: hand position * APPEAR_POS + effect row (-1: none)
APPEAR_POS = 65536
# greedy's battle result from one side (outcome_nb, reference_greedy.outcome)
OC_LOSE = 0
OC_DRAW = 1  # also a loss that costs nothing (no_loss)
OC_WIN = 2

# ---- the chain planner's scratch W (players.plan_chain_nb): int64 [W_ROWS, MAX_STEPS + 1] --
# row r, column d = step d of the chain being searched (depth-first):
W_CARD = 0  # the Digimon evolved into
W_POS = 1  # its hand position
W_ALT = 2  # the requirement alternative used
W_NCUM = 3  # ●/X cards taken from the deck, cumulative
W_RES = 4  # the Winning Percentage / named option card (-1 none)
W_RSLOT = 5  # its slot (-1: from hand)
W_RPOS = 6  # its hand position (-1: from a slot)
W_JOG = 7  # the Jogress partner card (-1 none)
W_JPOS = 8  # its hand position
W_UMASK = 9  # hand positions used, cumulative (bit mask)
W_SMASK = 10  # slots used, cumulative (bit mask)
W_COST = 11  # discard costs, cumulative
W_IT_POS = 12  # the search's iterator at this depth: hand position
W_IT_ALT = 13  # ... and alternative
W_BEST = 16  # rows W_BEST + W_CARD .. W_BEST + W_JPOS: the best chain found (same meaning as rows 0..8)
W_ROWS = W_BEST + W_JPOS + 1

# ---- a prepared evolution step: S[s, PLAN + PLAN_W * k + PF_*] (state.py) ----------------------
PF_CARD = 0  # the Digimon evolved into
PF_NCARDS = 1  # ●/X cards from the deck
PF_RES = 2  # the requirement option card (-1 none)
PF_RSLOT = 3  # the slot it came from (-1: from hand)
PF_JOG = 4  # the Jogress partner card (-1 none)

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
# invariant check (--check): the hand after Preparation holds 6 after the draw, plus what a prep-time
# option added (tutor(2) of Thirst For Power, one face-up at a time: 8)
CHECK_PREP_HAND = 8
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
T_START = 9  # at the start of the battle (seed 003 §3.3: after the start-of-battle appearances)
T_APPEAR = 10  # once, right after this Digimon appears (appearance condition, seed 003 §3.2.2.1 ex. 6)
T_OPP_EVOLVED = 11  # right after the opponent's Digimon evolves or appears, while this Digimon is in the box
T_DRAW = 12  # Point Calculation, after points, if the battle was a draw (like win / lose)
# round 11c (open question 20, seed 003 §3.2.5): at the start of the Point Calculation Phase — after the winner is
# decided, before the phase's options — the rows of the options used in this turn's battle windows (first attacker
# first, in the order of use; no decision): "At the start of the Point Calculation Phase, shuffle …" (Re-52t)
T_POINT_START = 13
# round 13a (seed 003 §3.2.3): at the end of the Evolution Phase — after both players' evolutions (first attacker, then
# second) and their evolution-timing options, before the Battle Phase — the rows of the options that served this
# turn's evolution steps (first attacker first; "At the end of the Evolution Phase, you may exchange …", CD-7)
T_EVO_END = 14
TIMING_NAMES = ("prep", "evolution", "battle", "point", "win", "lose", "passive", "evolved", "support", "start",
                "appear", "opp_evolved", "draw", "point_start", "evo_end")

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
OP_OPP_SLOTS_CLEAR = 34  # send the cards in the opponent's option slots to the Dark Area (arg: SLOTS_*)
OP_GAIN_KEYWORD = 35  # own Digimon gains the ability keyword arg (a word code) for this battle
OP_OPP_LOSE_KEYWORD = 36  # the opponent's Digimon loses the ability keyword arg for this battle
OP_ATTACK_LAST = 37  # flag: this side is the second attacker of this turn's battle and Point Calculation
OP_DAMAGE_PER_GAUGE = 38  # opponent loses arg points per card stacked onto the own point gauge (not the first)
OP_OPP_REVEAL = 39  # the opponent reveals the top arg cards of its deck; arg2 points per option among them; shuffle
OP_SEARCH = 40  # look at the top arg cards of the own deck; those matching the row filter go to hand; shuffle
OP_NO_LOSS = 41  # this turn, a lost battle costs this side no points and its Digimon stays in the box
OP_EVOLVE_NOW = 42  # in battle: evolve, ignoring requirements, into a next-level Digimon from hand (row filter)
OP_OPP_WIPE = 43  # every card in the opponent's hand and option slots goes to its Dark Area
OP_LOST_ADD = 44  # opponent's lost points + arg when this side wins (after lost*K)
OP_APPEAR = 45  # an appearance row (a Digimon's appearance condition): the card appears from hand
OP_PER_DISCARD_IF = 46  # as OP_PER_DISCARD, counting only hand cards that match the row filter
OP_BAN_OPTIONS = 47  # the opponent cannot use its option cards for which the row's card conditions hold
OP_GAUGE_MILL = 48  # the top arg cards of the own deck are stacked onto the own point gauge
OP_TUTOR = 49  # the player may take up to arg cards from its deck or Dark Area into its hand (deck shuffled after)
OP_OPP_CLEAR = 50  # up to arg (0: every) face-up cards in the opponent's option slots matching the row filter
# (none: any), in slot order, go to the Dark Area ("send one currently active Field option card in the opponent's
# slots to the Dark Area"; engine 6)
OP_DISCARD_HAND = 51  # every card of the own hand goes to the Dark Area (hand order; engine 6)
OP_OPP_DISCARD_HAND = 52  # every card of the opponent's hand goes to its Dark Area (hand order; engine 6)
OP_GAIN_FIELD = 53  # own Digimon belongs to the field arg (a field code) too, this battle (field= conditions; engine 6)
OP_NO_DRAW_LOSS = 54  # this turn a drawn battle costs neither player its 10 points (engine 6)
# Immunities of a face-up option to the opponent's effects of one kind (engine 6, round 6): the row acts while its
# card is face-up in its slot and the row's conditions hold (checked when such an effect would reach this side)
OP_IMMUNE_DAMAGE = 55  # the opponent's direct point reductions (damage / damage_per_gauge / opp_reveal, not win / draw rows)
OP_IMMUNE_DRAW = 56  # the opponent's force_draw ("the battle ends in a draw")
OP_IMMUNE_CLEAR = 57  # the opponent's sending of this side's slot cards to the Dark Area (opp_slots_clear, opp_clear, opp_wipe's slots)
OP_ATTACK_PICK = 58  # own attack becomes the one of the set arg (bit 1 A, 2 B, 4 C) with the best margin now (player's pick)
OP_IMMUNE_FURTHER = 59  # (immunity, as OP_IMMUNE_DAMAGE) the opponent's point reductions of its win / draw rows ("further reduce")
# Two narrow words of the core-lock and Ornismon meta decks (seed 003 §4; docs/effect-language.md "Meta decks"):
OP_OPP_NO_SUPPORT = 60  # (passive) the opponent cannot put support Digimon into its Support Box (Ornismon Bo-98t)
OP_HOST_ABC = 61  # own attack += the printed A + B + C of the Digimon this card's appearance moved into the own
# support box (cost K_HOST), while it is there (Parasimon Bo-681)
# round 7 (still engine 6): the opponent's box Digimon (its top card, never the Level III under it, DM-L3-1) goes to
# its Dark Area when it matches the row filter (none: any); the Level III under it battles on
OP_OPP_BOX_DARK = 62
# round 7: own attack becomes the letter whose printed number (the card's A / B / C column) is the highest; letters tied
# for it are the player's pick, as OP_ATTACK_PICK ("… depending on which one has the highest attack power written on
# your card (if any of them have the same attack power, you can choose between either of them)", Golden Banana Bo-349)
OP_ATTACK_HIGH = 63
# Headline cards of the shipped decks (issue 9; docs/effect-language.md "Headline cards"), rows of an option that act
# while it is face-up in its slot (The Mysterious Man's Manipulations Re-60t):
OP_LOST_TO_HAND = 64  # when the own Digimon loses a battle, its box top card goes to the hand, not to the Dark Area
OP_KEEP_SLOT = 65  # when an opponent's effect would send this card out of its slot, the player may send the top arg
# cards of its Net Ocean to the Dark Area and keep it in the slot (the players do whenever they can pay)
# round 8: the opponent's support Digimon (its Support Box card put there by DM-BAT-2, not a card a cost placed) goes to
# its Dark Area when it matches the row filter (none: any); its support rows end (a rebuild), and its once-per-turn
# support stays used (state SUP_USED)
OP_OPP_SUPPORT_DARK = 66
# round 9a: (a `lose` row) the opponent loses as many points as this side lost to this turn's battle result (DM-PTS-1:
# the lost points with the winner's lost*K / lost+N, 0 with no_loss): "the opponent loses the same amount of points as
# you do" (St-110, CD-13)
OP_DAMAGE_LOST = 67
# round 9a: (a battle modifier, with gain_field) the own Digimon's field icons are F alone this battle, and it gains no
# other ("loses all of its field icons other than Metal Empire, and cannot gain any new field icons", St-811)
OP_ONLY_FIELD = 68
# round 9a: one of the opponent's face-down slot cards, picked blind (uniformly at random), to its Dark Area ("send one
# of the face-down cards in the opponent's slots to the Dark Area, without looking at its contents")
OP_OPP_DOWN_ONE = 69
# round 9a: (a Digimon's printed passive row) this card, as the box's top card, is not sent to the Dark Area by the
# opponent's option cards (opp_box_dark of an option; "Cannot be sent to the Dark Area due to the effects of the
# opponent's Option cards", Bx-80); read from the card's rows, as printed text also while its abilities are void
OP_NO_OPTION_DARK = 70
# round 9b: own attack += arg for every card on a sheet (arg2: 1 the own, 2 the opponent's, 3 both) that matches the row
# filter; a sheet as the sheet: conditions read it (the box's top card, the Level III under it, the support box): "For
# every blue frame Digimon on the opponent's sheet, add 150 to your attack power" (Wendimon St-947)
OP_ATK_PER_SHEET = 71
# round 9c: the player picks its own or the
# opponent's box Digimon (the top card, never the Level III under it, DM-L3-1) matching the row filter and sends it to its
# owner's Dark Area; the Level III under it battles on ("Send your or the opponent's Ultimate level Digimon to the Dark
# Area, and revert it to the Level III", Lost Memories Re-55t).  An option's battle row only; done after the card's
# other rows (as evolve_now); the opponent's card only when the option reaches it (option immunity)
OP_BOX_DARK_PICK = 72
# round 9c: own base += printed A − the printed number of the attack used now (an attack modifier: the attack used then
# counts the A column's number, C-CALC-1's base; "When your attack is B, your attack power becomes the same as your
# attack A", High Speed Plug-In H Bo-445, with the condition attack=B)
OP_BASE_A = 73
# round 9c (an option's row): while its card is face-up in its slot and the row's conditions hold, neither player regains
# points (every heal row, a Digimon's "regain N points when you evolve into this Digimon" included: "For the turn during
# which this card is used, both you and the opponent cannot regain points. This includes the points regained when
# evolving into an Ultimate level", St-103)
OP_NO_HEAL = 74
# round 10a: take up to arg cards matching the row filter from the own Dark Area into the hand, one at a time ("Choose one
# Digimon card from your Dark Area and add it to your hand", Bo-162; the engines' pick: kernel_effects.dark_pick_nb)
OP_DARK_TO_HAND = 75
# round 10c: per_discard_if aimed at the opponent: the player discards up to M (0: any) hand cards matching the row
# filter, the opponent's attack −= arg each ("For every Digimon card you discard from your hand, reduce the opponent's
# attack power by 30", Archelomon Bo-291)
OP_OPP_PER_DISCARD_IF = 76
# round 10d: (an evolve_ignore option's row, a marker) the Digimon the option evolved this turn gains no points from its
# own `evolved` heal rows ("You do not regain any points from evolving to Ultimate level using this card", Ta-1);
# applying the row itself does nothing
OP_NO_EVO_HEAL = 77
# round 10e (docs/coverage.md "Open questions that block options", row 7): the Battle Phase row of an option whose
# effects all act on the battle's result ("When you win the battle on the turn that you played this card, further reduce
# the opponent's points by 20", Bo-593): it does nothing itself; using it in a battle window turns the card face-up
# (its costs paid, its limit begun) before the result is known (seed 003 §3.2.5), and its win / lose / draw rows then act
# at Point Calculation (engine 5's rows of an option used in the battle).  Such a card is never used at the result step.
OP_COMMIT = 78
# round 11g: every card of the own Dark Area goes into the own Net Ocean, which is shuffled ("shuffle all the cards in
# your Dark Area back into your Net Ocean", One Summer's Adventure CD-15; Dark Area order appended, then the shuffle)
OP_DARK_TO_DECK = 103
# round 11g: draw until the own hand holds arg cards (none when it holds that many already; "draw cards until you reach
# the upper limit of your hand", Digi Seabass Sx-102: C-HAND-1's 6)
OP_DRAW_TO = 104
# round 12c (cov12c; Bo-161): ``swap_hand_slot(MASK)``: the player may exchange one face-down card of its slots named by
# the bit mask MASK (bit k = slot k+1; "one of the cards in your slot 1 or 2": 3) with an Option card from its hand (the
# slot card to the end of the hand, the hand card face-down into that slot).  One fixed choice for every player
# (kernel_effects.swap_pick_nb / reference_effects.swap_pick): the first such slot card without a battle row, the first
# hand option with a battle row that may lie in that slot; no such pair, no exchange.  Never simulated.
OP_SWAP_HAND_SLOT = 109
# round 11f (numbers 99-102 of this round; the lead compacts them at the merge): (an option's row) while its card is
# face-up in a slot, the upper limit of the owner's hand is arg: Preparation trims the hand to it and draws to it
# (C-HAND-1's 6 otherwise; "For the next turn only, the upper limit of your hand becomes 8", Jumper Board Bo-452, whose
# limit keeps it face-up through the next turn); applying the row itself does nothing
OP_HAND_LIMIT = 99
# round 11a (docs/coverage.md "Open questions that block options", row 2): the row ``beside | when: appear | filter: F``
# of a Chosen Children option ("If this card was used to make War Greymon appear from your hand, you may place this card
# next to your War Greymon card until War Greymon is sent to the Dark Area", Re-03t): when an appearance's cost sends
# the card from the hand to the Dark Area and the appearing Digimon matches F, the card goes beside the box instead
# (state BESIDE): a card on its owner's sheet (sheet: / opp_sheet: / atk_per_sheet), no slot, no rows of its own, to
# the Dark Area when that Digimon leaves the box (evolution included).  Applying the row itself does nothing.
OP_BESIDE = 79
# round 11c (open question 21): own attack += arg for every card in the own (arg2 1) or the opponent's (arg2 2) option
# slots, counted when the row applies at the start of the battle (a Digimon's ``start`` row only: "At the start of the
# battle, for every card in your slots, add 30", Bo-513); the count is logged with the row, so a rebuild keeps it
OP_ATK_PER_SLOT = 88
# round 11e (numbers 95-98 of this branch; the lead compacts them at the merge).  "A>0" in the English card text is the
# C attack's "A→0" (C-TYPE-2; seed 003 "A를 0으로"): an attack modifier, arg 0 (no_c_zero): this side's C attack no
# longer turns the opponent's A attack to 0 ("… triples, but lose their 'A>0' ability", Unknown St-168; Offense Plug-In
# N St-380); arg 1 (opp_no_c_zero): the opponent's C attack no longer turns this side's A to 0 ("cannot receive the
# effects of the opponent's 'A>0'", Wind Guardians St-167; unlike no_zero it leaves zero_opp effects alone)
OP_NO_C_ZERO = 95
# round 11e: own final attack + the own card's printed number of attack arg (0 A, 1 B, 2 C), an addition after the
# multiplication (C-CALC-1): "add the amount of its C attack power to its total attack power" (Metal Empire Bo-257)
OP_ATK_COL = 96
# round 11e: when this side loses the battle, its own lost points + arg (after the winner's lost*K / lost+N): "Add 10 to
# the lost points of all Digimon that have a different background from this card", the own half (Deep Savers Bo-255)
OP_SELF_LOST_ADD = 97
# round 11e: own final attack + arg × the own card's Lost Points at the Level III column (C-LOST-1's table), an addition:
# "add the amount stated in the Level III part of your Lost Points box, multiplied by 10, to your attack power" (St-436)
OP_ATK_LOST = 98
# round 12d: "change your battle type to A, B or C" (Ishida Yamato Re-74 / CD-3): the owner's battle type for this
# battle's modifiers becomes the pick (C-TYPE-1: it names the opponent's attack, so the opponent's attack becomes it
# unless an effect already fixed that attack regardless of the battle type); the pick: the largest margin of own over
# the opponent's final attack then (ties: A, B, C order, as OP_ATTACK_PICK); conditions on the battle type read it
OP_BT_PICK = 111
# round 13a (cov13a; numbers 112-115 of this round): "you may lower both your and your opponent's points by arg" (Tachikawa
# Mimi CD-5, an evo_end row): one fixed choice for every player (kernel_effects.apply_row_nb / reference_effects.apply_row):
# both lose arg points when the owner's points exceed the opponent's and arg (the lead keeps or grows; C-PTS-2: both at
# zero would be a draw, never chosen), else nothing
OP_BOTH_LOSE_MAY = 112
# round 13f: "if you make your attack A, add the effect 'C>0' to your attack" (Defense Plug-In C St-300): 'C>0' is "C→0"
# as round 11e read 'A>0' as the C attack's "A→0" (C-TYPE-2): while this side attacks with A and the opponent with C, the
# opponent's C attack power becomes 0 (its base, as the C attack's A→0: additions after it still count); a printed "A
# will not go to zero" (no_zero, F_NO_ZERO) guards the A attack only and does not stop it; like the A→0 it is no
# modification (it acts under the opponent's immune_mod); an opponent immune to options is not reached (OPF_OPP)
OP_C_ZERO = 132
# round 13c (cov13c; numbers 120-123 of this round): marker rows of a Field option ("When this card is sent to the Dark
# Area, …"): applying the row does nothing; when the card goes from a face-up slot to the Dark Area (replaced by another
# Field, its Digimon lost, sent by an opponent's effect; kernel_effects.dark_event_nb, reference_effects.dark_event)
# its owner loses arg points (OP_DARK_SELF_DAMAGE: "immediately reduce your points by 10", Metal Empire Bo-863), or
# the opponent loses arg points for every Digimon on the opponent's sheet that matches the row filter (OP_DARK_DAMAGE,
# a direct point reduction: the opponent's immune_damage and option immunity stop it; Nature Spirits St-322)
OP_DARK_SELF_DAMAGE = 120
OP_DARK_DAMAGE = 121
# round 13c: (an option's Point Calculation row) until the end of this turn, the end of the own Digimon's lifespan (the
# renewal, C-RENEW-1) does not send the box's top card to the Dark Area; the rest of the renewal happens as usual ("your
# Digimon does not get sent to the Dark Area even if it has reached the end of its lifespan (other than not being sent
# to the Dark Area, carry out the procedures …)", Reload Plug-In Q St-814): battle modifier M_KEEPBOX
OP_KEEP_BOX = 122
# round 13e (cov13e; numbers 128-131 of this branch): up to arg cards matching the row filter from the own point gauge
# into the hand, never the card placed there at the start of the game (DM-SET-1: gauge position 0): "Add one of the
# Digimon cards currently stacked on your point gauge to your hand (this effect cannot be used to add to your hand the
# card that was placed on the point gauge at the start of the game)", Takenouchi Sora (1) Re-11t.  The pick is
# dark_to_hand's (kernel_effects.dark_pick_nb over the gauge: tutor's preference, else the last matching card to arrive)
OP_GAUGE_TO_HAND = 128
N_OPS = 133

# OP_OPP_SLOTS_CLEAR arguments
SLOTS_ALL = 0
SLOTS_UP = 1  # face-up (active) cards only
SLOTS_DOWN = 2  # face-down cards only

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
C_POINTS_REL = 24  # own points compared with the opponent's (cmp; no value)
C_GROUP = 25  # own Digimon's group (the card data's Group column; value = group code)
C_OPP_GROUP = 26
C_SHEET = 27  # a Digimon on the own sheet (box, Level III under it, support box) matches a filter: cmp = FK_*, value
C_OPP_SHEET = 28
C_SUPPORT = 29  # a card in the own support box matches a filter (cmp = FK_*, value)
C_POWER = 30  # own final attack power now (numeric cmp)
C_OPP_POWER = 31
C_OPP_WARPED = 32  # the opponent's Digimon went from Level III to Ultimate level this turn
C_CARDF = 33  # the opponent's option card being applied matches a filter (cmp = FK_*, value)
C_HAND = 34  # cards in the own hand (numeric cmp)
C_OPP_HAND = 35
C_SLOTS = 36  # cards in the own option slots, face up or down (numeric cmp)
C_OPP_HANDF = 37  # a card in the opponent's hand matches a filter (cmp = FK_*, value): "check the opponent's hand"
C_BT = 38  # own printed battle type (value = BT_*; engine 6: "your Digimon with battle type C")
C_SLOTF = 39  # a card in the own option slots (face up or down) matches a filter (cmp = FK_*, value; Re-44t)
# round 9a: N or more cards of the opponent's hand match a filter ("if their hand contains 2 or more Option cards",
# St-921): cmp = FK_*, value = filter value << COUNT_BITS | N (N in 2 .. 15; one card is C_OPP_HANDF)
C_OPP_HANDN = 40
# round 9a: the own printed attack power of the attack used (the card's column, no modification, not zeroed)
# compared (cmp) with the opponent's final attack power now (no value; St-221 "the attack power stated on the card
# itself is lower than the opponent's attack power after taking into account effects and abilities")
C_BASE_REL = 41
COUNT_BITS = 4  # C_OPP_HANDN: the low bits of the value hold the count
COUNT_MASK = (1 << COUNT_BITS) - 1
# round 9b: the opponent's Digimon has 'Armor Evolution' in its fusion requirements (its requirement column begins so;
# the database's armor_evolution, tables.armor): "When facing a Digimon with Armor Evolution in its Fusion Requirements"
C_OPP_ARMOR = 42
# round 10a: N or more face-up (used, still active) cards in the own option slots match a filter ("When you use this
# card at the same time as 'Steel Drill'", St-591): cmp = FK_*, value = filter value << COUNT_BITS | N (N 1 .. 15)
C_SLOT_UP = 43
# round 11g: N or more Digimon cards on the opponent's sheet (the box's top card, the Level III under it, the support
# box: the cards C_OPP_SHEET reads) match a filter ("When there are two or more Virus attribute Digimon on the
# opponent's sheet (including support Digimon)", St-923): cmp = FK_*, value = filter value << COUNT_BITS | N (N 2 .. 15)
C_OPP_SHEETN = 62
# round 11f (numbers 59-61 of this round; the lead compacts them at the merge): the own Digimon has 'Armor
# Evolution' in its fusion requirements (the twin of C_OPP_ARMOR; "This card can only be used when your Digimon has
# 'Armor Evolution' in its fusion requirements", Vj-6)
C_ARMOR = 59
# round 11c (open question 9, seed 003 §3.3 조건): conditions tied by the card to its use ("when there are 4 cards in your
# hand when this card is activated", Bo-498; "if your attack power is lower than the opponent's at the point of time when
# this card is used", Bo-250): tested when the row applies at the use; a rebuild's replay of the logged row (the
# engines pass the card argument COND_REPLAY) holds them, for the card's limit
C_USE_HAND = 50  # cards in the own hand at the use (numeric cmp)
C_USE_POWER_REL = 51  # own final attack power compared (cmp) with the opponent's at the use (no value)
# round 11c (open question 5, the plug-in counters St-376 … St-378): the opponent used, in this battle after the row
# applied at its card's use, an option matching a filter ("After that, if the opponent uses 'High Speed Plug-In B
# (St-51)', this card's effect becomes …"): cmp = FK_*, value = filter value << 1 | 1 ("opp_used:FILTER") or << 1 | 0
# (not so: "opp_unused:FILTER").  Read from the battle's log: at the use nothing comes after; a rebuild's replay of
# the row's log entry i (card argument COND_REPLAY - i) looks at the opponent's logged options after entry i
C_OPP_USED = 52
COND_REPLAY = -2  # the card argument of a condition check that replays a logged row (rebuild): COND_REPLAY - log index
# (44 .. 49, 53 .. 61: other rounds' numbers, compacted at the merge)
# round 11d (docs/coverage.md "Open questions that block options", row 17): the two Digimon have the same attribute
# ("If the opponent Digimon's attribute is the same as yours", Re-57t; the text form ``attr=opp_attr``; no value).
# The attribute bit masks of the cards decide (tables.attr_mask: a Variable Digimon "becomes the same attribute as the
# opponent", seed 003 note [22], so it has every bit; "Vaccine/Data" both bits; Unknown its own bit; no attribute none)
C_SAME_ATTR = 53
# round 12a: the own Digimon has one of some Digimentals in its fusion requirements ("When your Digimon has 'Digimental of
# Courage', 'Digimental of Friendship', or 'Digimental of Love' in its fusion requirements", Digimental Boost Bo-447):
# value = a mask of DIGIMENTALS bits (text ``dgm=Courage/Friendship/Love``), true when it shares a bit with the
# Digimon's Tables.dgm (tables.dgm_bits)
C_DGM = 63
# round 12b: the own Digimon's rule name is one of two ("Only when your Digimon is either XV-mon or Stingmon", Vj-5):
# value = name code A | name code B << NAME2_SHIFT (text ``name=A/B``; no card name holds a "/")
C_NAME2 = 64
NAME2_SHIFT = 16
# round 13b (numbers 67-70 of this round): cards in the opponent's option slots, face up or down (numeric cmp; the twin of
# C_SLOTS: "and your opponent has 3 or more cards in their slots", Holy Arrow St-484)
C_OPP_SLOTS = 67
# round 13e (cov13e; numbers 75-76 of this branch): a card in the own hand matches a filter (cmp = FK_*, value), tested
# when the row applies at the card's use and held as C_USE_HAND (a rebuild's replay, COND_REPLAY, does not test it
# again): "For every DORUgoramon, Ouryumon, Dinotigermon, or Alphamon card in your hand (multiple cards with the same
# name are counted as one card each), add 300", Concentration of New Power Bx-8s: one row per name
C_USE_HANDF = 75
N_CONDS = 76

# card filters (conditions sheet:/opp_sheet:/support:/card:, the row filter of costs and of search/evolve_now):
# a filter is (FK_*, value) and holds for one card; a negative FK_* is the negation ("attr!=Virus")
FK_NONE = 0
FK_NAME = 1  # rule name (DM-NAME-1) = value (name code)
FK_NAME_HAS = 2  # the printed name contains a text (value = bit index of that text, tables: name bits)
FK_TYPE = 3  # the species contains a word (value = word code)
FK_FIELD = 4  # belongs to a field (value = field code)
FK_ATTR = 5  # attribute (value = attribute code)
FK_LEVEL = 6  # a Digimon of level LV_*
FK_FRAME = 7  # frame colour FRAME_*
FK_GROUP = 8  # group (value = group code)
FK_KIND = 9  # KIND_DIGIMON / KIND_OPTION
FK_OPTYPE = 10  # option type: 0 Program, 1 Item, 2 Field
FK_KEYWORD = 11  # a Digimon with the printed ability keyword (value = word code)
# round 9b (evolve_now rows only): the card has a requirement alternative from the own Digimon whose only
# requirement is a Winning Percentage W <= value & 0xFF (DM-EVO-3's V >= W), or (value >> 8 = name id + 1, 0 none)
# the option card named so ("Giga Evolution!!" St-993, "Death-X-Evolution!!" Sx-111); card_match holds for any
# card, the evolve_now targets check it with the own Digimon (players.wp_step_ok_nb, reference_effects.wp_step_ok)
FK_WP_STEP = 12
WP_STEP_OWN = 1 << 30  # filter_code's flag for "wp_step=V+own": tables put the card's own name id in its place
# round 10b: the Armor forms, a Digimon whose requirement column begins "Armor Evolution" (its fusion requirements;
# database armor_evolution): tables.armor 0 none, ARMOR_PLAIN an Armor form, ARMOR_MF one whose fusion needs the
# Digimental of Miracles or Fate; the filter's value ARMOR_PLAIN / ARMOR_MF that code ("armor=plain", "armor=mf":
# "excluding fusion with the Digimentals of Miracles/Fate" is armor=plain, or armor!=mf beside the evolutions),
# ARMOR_ANY any Armor form ("armor=any").  An evolve_ignore row reaches an Armor form only with an armor filter
# (seed 003 §3.2.2: fusion requirements are not ignored by "ignore the evolution requirements", DM-EVO-5)
FK_ARMOR = 13
ARMOR_PLAIN, ARMOR_MF, ARMOR_ANY = 1, 2, 3
# round 11c: the printed card number (value = its code, tables.number): "'High Speed Plug-In B (St-51)'" names that
# printing only (seed 003 §3.4 카테고리: two printings of one name are different cards; "number=St-51")
FK_NUMBER = 16  # (14 .. 15: other rounds' numbers, compacted at the merge)
ARMOR_VALUES = {"plain": ARMOR_PLAIN, "mf": ARMOR_MF, "any": ARMOR_ANY}
OPT_PROGRAM, OPT_ITEM, OPT_FIELD = 0, 1, 2  # tables.optype codes
FILTER_NAMES = ("", "name=", "name~", "type~", "field=", "attr=", "level=", "frame=", "group=", "kind=", "optype=",
                "keyword=", "wp_step=", "armor=", "", "", "number=")
OPTYPE_NAMES = ("Program", "Item", "Field")
KIND_NAMES = ("Digimon", "Option")

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
K_DISCARD_IF = 6  # discard arg cards from hand that match the row filter
K_SELF_GAUGE = 7  # the own box Digimon (not the Level III) goes to the point gauge after the effect
K_SHOW = 8  # show a card from hand that matches the row filter (it stays in hand)
K_PLACE = 9  # a card from hand that matches the row filter goes to the support box (stays while this Digimon does)
K_HOST = 10  # (appearance rows only) the box's top card (not the Level III) moves into the support box and stays
# there with the card that appears, instead of going to the Dark Area (Parasimon Bo-681)
# round 11g: the whole own hand goes to the Dark Area (hand order), payable with at least one card in hand ("Send your
# whole hand to the Dark Area" beside "this card cannot be used if you have no cards left in your hand", Sp-4, CD-15)
K_HAND_ALL = 11
# round 12a: one card from hand whose Tables.dgm shares a bit with the own Digimon's — a Digimental card that matches the
# Digimental in its evolution requirements (Digimental Boost Bo-447 / Bo-495 / Bo-538) — goes to the Dark Area (the first
# such card in hand order); payable when the hand holds one
K_DGM = 12
# round 12a: the Digimentals (the names "Digimental of X", normalised: DM-NAME-1) by bit of Tables.dgm / C_DGM's mask
DIGIMENTALS = ("courage", "friendship", "love", "knowledge", "sincerity", "purity", "light", "hope", "kindness",
               "miracles", "fate")
# round 12b: N Digimon cards of level L from hand (the first ones in hand order): arg = N | L << COUNT_BITS, text
# ``discard_iv(N)`` … ("send one Level IV Digimon card from your hand to the Dark Area", Vj-5; a cost with its own
# filter apart from the row filter, which there names the evolve_now targets)
K_DISCARD_LV = 13
N_COSTS = 14

# ---- effect language: limits (how long an effect lasts) ----------------------------------
L_PHASE = 0  # until the end of the phase it was used in (default, C-OPT-2)
L_BATTLE = 1  # until the end of the battle phase
L_TURN = 2  # until the end of the turn
L_TURNS = 3  # for arg turns
L_DISCARDED = 4  # stays in its slot until discarded
L_NOW = 5  # one-shot: goes to the Dark Area right after use
L_DIGIMON = 6  # (text alias) ``discarded`` + end event LE_LEAVE: until the own Digimon leaves the box
# (a Digimon's per_* ◎ row) used with a per count of at least arg, this Digimon goes to the Dark Area at the end of the
# turn (Spinomon Bo-1201: "when you use this ability to discard 5 or more cards, send this card to the Dark Area at the
# end of the turn")
L_LEAVE_AT = 7
# round 13c (cov13c; limit number 10 of this round): as turns(N), but when the count ends the card is stacked onto its
# player's point gauge instead of going to the Dark Area ("After 3 turns (including the turn during which this card was
# used), stack this card onto your point gauge", Vaccine Program V St-434); an option's limit only
L_TURNS_GAUGE = 10
N_LIMITS = 11
# end events (E_LIMIT_END bit flags) that also end an effect / send a face-up option to the Dark Area:
LE_LOSE = 1  # the own Digimon loses a battle (death check)
LE_LEAVE = 2  # the Digimon it was used with leaves the Digimon Box (evolves, dies, renewal, ...)
LE_LIFESPAN = 4  # the end of the own Digimon's lifespan: the own deck renewal (seed 004)
LE_FIELD = 8  # another Field option card of the same player turns face-up
# round 13c: (slot state only, never a row's end event) the card's turn count is L_TURNS_GAUGE's: at its end the card
# goes to the point gauge
LE_TO_GAUGE = 16

# ---- compiled effect row layout (int32) --------------------------------------------------
# One row per effect line of a card: see cards/effects.py for the text form.
E_OP = 0
E_ARG = 1
E_ARG2 = 2
E_TIMING = 3
E_NCOND = 4
E_COND0 = 5  # MAX_CONDS conditions x (kind, cmp, value)
MAX_CONDS = 4  # engine 6 (was 3): "your Ultimate level Digimon with the ability "proud" … Chaos Dukemon"
E_COST0 = E_COND0 + 3 * MAX_CONDS  # 2 costs x (kind, arg)
MAX_COSTS = 2
E_LIMIT = E_COST0 + 2 * MAX_COSTS
E_LIMIT_ARG = E_LIMIT + 1
E_LIMIT_END = E_LIMIT_ARG + 1  # LE_* flags
E_FILT0 = E_LIMIT_END + 1  # 2 filters x (FK_*, value): the row filter (all must hold)
MAX_FILTERS = 2
E_FLAGS = E_FILT0 + 2 * MAX_FILTERS  # RF_* bit flags of the row (engine 6)
EFFECT_WIDTH = E_FLAGS + 1
# E_FLAGS bits
RF_NOT_SPECIAL = 1  # a Digimon's row from a text that is not a special ability (no ◎ mark, or "(this is not
# a special ability)", seed 003 §3.3): ``void_abilities`` does not cancel it (clause ``special: no``)
RF_FILTER_OR = 2  # round 11d: the row filter's predicates are alternatives (any one holds; text "filter: A or B")
