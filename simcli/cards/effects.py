"""The effect language: a small textual form for card effects, and its compiler to opcode rows.

One effect per string::

    EFFECT   := OP [ "if" COND { "&" COND } ] { "|" CLAUSE }
    CLAUSE   := "when:" TIMING | "cost:" COST { "," COST } | "limit:" LIMIT { "," END }
              | "filter:" FILTER [ "&" FILTER ] | "special: no"

    OP       := atk+N | atk-N              own final attack +/- N (after multiplication)
              | opp_atk+N | opp_atk-N      opponent's final attack +/- N
              | base+N | base-N            own *base* attack +/- N (zeroed by A->0, C-CALC-1)
              | atk*K | atk/K              own attack x K or / K (last one applies, C-CALC-1)
              | opp_atk*K | opp_atk/K
              | halve_opp                  opponent's final attack halved after everything
              | attack=A|B|C               own attack becomes A/B/C whatever the opponent's type
              | opp_attack=A|B|C
              | attack_pick(AB)            own attack becomes one of the letters (two or three of A, B, C), the
                                           player's pick when the row applies: the largest margin of own over
                                           the opponent's final attack then (ties: A, B, C order)
              | attack_high                own attack becomes the letter with the highest printed number (A, B, C
                                           column of the card); letters tied for it: the player's pick, as
                                           attack_pick (round 7)
              | bt_pick                    own battle type becomes A, B or C, the player's pick as attack_pick
                                           (the opponent's attack follows it, C-TYPE-1; round 12d)
              | zero_opp                   opponent's attack becomes 0
              | c_zero                     'C>0' on the own A attack: the opponent's C attack becomes 0 while this
                                           side attacks with A (C-TYPE-2's A→0 the other way; round 13f)
              | no_zero                    own attack cannot go to zero
              | damage(N) | heal(N) | self_damage(N)     direct point changes
              | force_draw | no_force_draw               the battle becomes a draw / immune
              | negate_program             negate an opponent's Program before it resolves
              | immune_options             immune to the opponent's option cards
              | void_abilities             the opponent's special abilities become void
              | immune_mod                 no attack modification at all (own or the opponent's)
              | draw(N) | discard(N) | mill(N) | opp_mill(N) | opp_discard(N)
              | lost*K                     opponent's lost points x K when this side wins
              | lost+N                     opponent's lost points + N when this side wins (after lost*K)
              | self_lost+N                (round 11e) own lost points + N when this side loses (after the
                                           winner's lost*K and lost+N)
              | self_lost-N                (round 13f) own lost points - N when this side loses, "it cannot
                                           become zero": not below 10 (nor above what it was, when under 10)
              | atk+A | atk+B | atk+C      (round 11e) own final attack + the own card's printed number of that
                                           attack (an addition after the multiplication, C-CALC-1)
              | atk_lost(K)                (round 11e) own final attack + K × the own card's Lost Points at the
                                           Level III column (an addition after the multiplication)
              | no_c_zero                  (round 11e) this side's C attack no longer turns the opponent's A to 0
                                           (the card text's "lose your A>0 ability": C-TYPE-2's "A→0")
              | opp_no_c_zero              (round 11e) the opponent's C attack no longer turns this side's A to 0
                                           ("cannot receive the effects of the opponent's 'A>0'"; zero_opp still acts)
              | evolve_ignore              evolve to the next level ignoring requirements (Preparation)
              | evolve_now                 in a battle window: evolve, ignoring requirements, into a Digimon
                                           of the next level from hand (matching the row filter, if any)
              | negate_item                negate an opponent's Item option (the one being used, else an
                                           active one in its slots); it goes to the Dark Area
              | negate_option              negate an opponent's option of any type before it resolves
              | keep_abilities             this Digimon's special abilities cannot be voided
              | no_ignore                  this Digimon cannot be evolved into by evolve_ignore / evolve_now
              | per_discard(N[,M])         discard up to M cards from hand (no M: any number), atk+N each
              | per_discard_digimon(N[,M]) the same, counting Digimon cards only
              | per_mill(N[,M])            send up to M cards from the deck top to the Dark Area, atk+N each
              | per_discard_if(N[,M])      per_discard counting only hand cards matching the row filter
              | opp_per_discard_if(N[,M])  (round 10c) the same, the opponent's attack −N per card discarded
              | opp_slots_clear            send every card in the opponent's option slots to the Dark Area
              | opp_slots_clear(up|down)   … only its face-up (active) / face-down cards
              | opp_clear(N)               send up to N (0: every) face-up cards in the opponent's option
                                           slots that match the row filter (if any) to the Dark Area,
                                           in slot order ("one currently active Field option card")
              | gain(WORD)                 own Digimon gains the ability keyword WORD (this battle)
              | gain_field(F)              own Digimon belongs to the field F too (this battle; field= conditions)
              | opp_lose(WORD)             the opponent's Digimon loses the ability keyword WORD (this battle)
              | attack_last                this side is the second attacker of this turn's battle
              | damage_per_gauge(N)        opponent loses N points per card stacked onto the own point gauge
              | atk_per_sheet(N,SIDE)      (round 9b) own attack + N for every card on the own sheet (SIDE 1), the
                                           opponent's (2) or both (3) that matches the row filter; a sheet is what
                                           sheet: reads (the box's top card, the Level III under it, the support
                                           box), counted when the row applies (a rebuild counts again)
              | opp_reveal(K,N)            the opponent reveals its top K deck cards: N points lost per
                                           option card among them; then its deck is shuffled ("Cracker")
              | search(K)                  look at the own top K deck cards: those matching the row filter
                                           go to hand; the deck is shuffled
              | search(K,M)                (round 13e) … at most M of them, the top matches first ("(2 cards max)")
              | gauge_mill(N)              stack the own top N deck cards onto the own point gauge
              | tutor(N)                   take up to N cards from the own deck or Dark Area into the hand
                                           (the player chooses, none is allowed; the deck is shuffled
                                           after a card left it)
              | dark_to_hand(N)            (round 10a) take up to N cards matching the row filter (if any) from the
                                           own Dark Area into the hand, one at a time (as many as there are; the
                                           pick: tutor's preference, else the last matching card to arrive)
              | gauge_to_hand(N)           (round 13e) … from the own point gauge, never the start-of-game card (its
                                           first card, DM-SET-1); dark_to_hand's pick
              | no_loss                    this turn a lost battle costs no points and the Digimon stays
              | no_draw_loss               this turn a drawn battle costs neither player its 10 points
              | opp_wipe                   the opponent's hand and option slots go to its Dark Area
              | immune_damage              (an option's row) while its card is face-up and the row's conditions
                                           hold, the opponent's direct point reductions (damage, damage_per_gauge,
                                           opp_reveal; not their win / draw rows: "further reduce") do not reach
                                           this side
              | immune_further             … the opponent's point reductions of its win / draw rows ("further
                                           reduce the opponent's points") do not reach this side
              | immune_draw                … the opponent's force_draw does not make the battle a draw
              | immune_clear               … the opponent's opp_slots_clear / opp_clear / opp_wipe do not send
                                           this side's slot cards to the Dark Area (opp_wipe's hand part stays)
              | discard_hand | opp_discard_hand        the own / the opponent's whole hand goes to the Dark Area
              | opp_box_dark               the opponent's box Digimon (its top card, never the Level III under
                                           it) goes to its Dark Area, if it matches the row filter (if any);
                                           the Level III battles on (round 7)
              | opp_support_dark           the opponent's support Digimon (DM-BAT-2's card in its Support Box)
                                           goes to its Dark Area, if it matches the row filter (if any); its
                                           support stays used this turn (round 8)
              | damage_lost                (a lose row) the opponent loses the points this side lost to this
                                           turn's battle result (round 9a)
              | only_field(F)              own Digimon's field icons are F alone this battle, and it gains no
                                           other (after gain_field(F); round 9a)
              | opp_down_one               one of the opponent's face-down slot cards, a blind (random) pick,
                                           goes to its Dark Area (round 9a)
              | no_option_dark             (a Digimon's printed passive) the opponent's option cards cannot send
                                           this card from the box to the Dark Area (opp_box_dark; round 9a)
              | box_dark_pick              (an option's battle row) the player picks its own or the opponent's
                                           box Digimon (top card, never the Level III) matching the row filter
                                           (if any); it goes to its owner's Dark Area (round 9c)
              | base_a                     own base + (printed A − the printed number of the attack used now):
                                           that attack counts the A column's number (round 9c)
              | no_heal                    (an option's row) while its card is face-up and the row's conditions
                                           hold, neither player regains points (heal rows do nothing) (round 9c)
              | no_evo_heal                (round 10d; a row of an evolve_ignore option) the Digimon the option
                                           evolved this turn gains no points from its own `evolved` heal rows
              | ban_options                the opponent cannot use its option cards for which this row's
                                           card conditions hold (card=NAME, card~TEXT, card:FILTER)
              | opp_no_support             (passive) the opponent cannot put support Digimon into its
                                           Support Box (Ornismon Bo-98t)
              | host_abc                   (passive) own attack + the printed A + B + C of the Digimon the
                                           card's appearance moved into the support box (cost move_host)
              | atk_per_slot(N,SIDE)       (round 11c; a Digimon's start row) attack +N for every card in the own (1)
                                           or the opponent's (2) option slots, counted at the start of the battle
                                           and kept for the battle (a rebuild replays the logged count)
              | commit                     (round 10e; the Battle Phase row of an option whose other rows are all
                                           win / lose / draw rows) does nothing: used in a battle window, the card
                                           is committed before the result; its result rows act at Point Calculation
              | draw_to(N)                 (round 11g) draw until the own hand holds N cards ("draw cards until
                                           you reach the upper limit of your hand": C-HAND-1's 6)
              | swap_hand_slot(MASK)       (round 12c) exchange one face-down card of the own slots of the bit mask
                                           MASK (bit k = slot k+1) with an Option card from the own hand ("switch
                                           one of the cards in your slot 1 or 2 with an Option card from your
                                           hand", Bo-161: 3); one fixed choice (codes.OP_SWAP_HAND_SLOT)
              | both_lose_may(N)           (round 13a) an evo_end row: "you may lower both your and your opponent's
                                           points by N" (CD-5); one fixed choice (codes.OP_BOTH_LOSE_MAY)
              | dark_to_deck               (round 11g) the own Dark Area goes into the own Net Ocean, which is
                                           shuffled ("shuffle all the cards in your Dark Area back into your
                                           Net Ocean", CD-15)
              | beside                     (round 11a; an option's row, ``when: appear`` with a ``filter:`` naming
                                           the Digimon) when an appearance's cost sends the card from the hand to
                                           the Dark Area and the appearing Digimon matches the filter, the card
                                           lies beside the box instead: on the sheet, no slot, no rows, to the
                                           Dark Area when that Digimon leaves the box
              | lost_to_hand               (an option's row) while its card is face-up: when the own Digimon
                                           loses a battle, its box top card goes to the hand instead of the
                                           Dark Area (Re-60t)
              | keep_slot(N)               (an option's row) while its card is face-up: when an opponent's effect
                                           would send it out of its slot, its player may send the top N cards
                                           of its Net Ocean to the Dark Area and keep it there (Re-60t)
              | hand_limit(N)              (round 11f; an option's row) while its card is face-up: the upper
                                           limit of its player's hand is N (Preparation trims to N and draws
                                           to N instead of 6, C-HAND-1; Jumper Board Bo-452)
              | keep_box                   (round 13c; an option's Point Calculation row) this turn's renewal (the
                                           end of the lifespan) leaves the box's top card in the box (St-814)
              | dark_self_damage(N)        (round 13c; a Field option's row) when the card goes from a face-up
                                           slot to the Dark Area, its player loses N points (Bo-863)
              | dark_damage(N)             (round 13c; a Field option's row, with a one-predicate ``filter:``)
                                           then the opponent loses N for every Digimon on its sheet matching
                                           the filter (a direct point reduction; St-322)
              | appear                     an appearance row: this card appears from hand (only in a
                                           card's ``appearance`` list; limit = how long it stays)
    COND     := level OP2 LEVEL | opp_level OP2 LEVEL | opp_higher | opp_lower
              | points OP2 N | opp_points OP2 N | points OP2 opp (own points against the opponent's)
              | attr=X | opp_attr=X | field=X | opp_field=X
              | attr=opp_attr              (round 11d) the two Digimon have the same attribute: a Variable one
                                           has the opponent's (seed 003 note [22]), "Vaccine/Data" either, Unknown
                                           matches Unknown; a Digimon without an attribute matches none
              | type~WORD | opp_type~WORD | opp_bt=A|B|C | attack=A|B|C | opp_attack=A|B|C
              | bt=A|B|C                   own printed battle type (engine 6)
              | species=S | opp_species=S  the species is S, as a whole ("Beast" is not "Beast Man";
                                           "Dragon Man/Cyborg" is both species)
              | type~A/B/… | species=A/B/…   (round 13b; also opp_, "!=", and as filters) one word of the type
                                           is one of them / the species is one of them; a "=S" part of a type~
                                           list is a whole species (one compiled word token, alt_token)
              | keyword=WORD | opp_keyword=WORD     (printed or gained; none while abilities are void)
              | name=NAME | opp_name=NAME | name~TEXT | opp_name~TEXT (the name contains TEXT)
              | group=G | opp_group=G      the Digimon's group (Royal Knights, Seven Great Demon Lords …)
              | first | second
              | frame=Red|Blue|Gold | opp_frame=…   own / opponent's Digimon's frame colour
              | card=NAME | card~TEXT      the opponent's option card being applied is named / contains
              | card:FILTER                the opponent's option card being applied matches FILTER
              | sheet:FILTER | opp_sheet:FILTER    a Digimon on the own / opponent's sheet (the box's top
                                           card, the Level III under it, the support box) matches FILTER
              | support:FILTER             a card in the own support box matches FILTER
              | power OP2 N | opp_power OP2 N      own / opponent's final attack power now
              | hand OP2 N | opp_hand OP2 N        cards in the own / opponent's hand
              | slots OP2 N                cards in the own option slots (face up or down)
              | opp_slots OP2 N            (round 13b) cards in the opponent's option slots (face up or down)
              | opp_hand:FILTER            a card in the opponent's hand matches FILTER ("check the
                                           opponent's hand; if it contains a Virus attribute Digimon")
              | slot:FILTER                a card in the own option slots (face up or down) matches FILTER
                                           ("when you have a card of the category 'Mysterious Man' in your slots")
              | slot_up:FILTER | slot_up[N]:FILTER   (round 10a) one / N (2 .. 15) or more face-up cards in the own
                                           option slots (used and still active) match FILTER ("when you use this
                                           card at the same time as 'Steel Drill'")
              | opp_sheet[N]:FILTER        (round 11g) N (2 .. 15) or more Digimon on the opponent's sheet (as
                                           opp_sheet: reads it) match FILTER ("two or more Virus attribute Digimon
                                           on the opponent's sheet (including support Digimon)")
              | opp_hand[N]:FILTER         N or more cards of the opponent's hand match FILTER (N 2 .. 15;
                                           "if their hand contains 2 or more Option cards", round 9a)
              | base OP2 opp_power         the own printed attack power of the attack used (the card's column)
                                           against the opponent's final attack power now (round 9a)
              | use_hand OP2 N             (round 11c) cards in the own hand when the row applies at the card's use
                                           ("when there are 4 cards in your hand when this card is activated"); a
                                           rebuild's replay of the logged row holds it (a latched condition)
              | use_hand:FILTER            (round 13e) a card in the own hand matches FILTER when the row applies at
                                           the card's use, held as use_hand OP2 N ("for every DORUgoramon, … card in
                                           your hand (… the same name … counted as one …)": one row per name)
              | opp_used:FILTER | opp_unused:FILTER  (round 11c) the opponent used / did not use, in this battle after
                                           this row applied at its card's use, an option matching FILTER ("After
                                           that, if the opponent uses 'High Speed Plug-In B (St-51)'": number=St-51);
                                           the use of a matching card rebuilds the battle's modifiers
              | use_power OP2 opp_power    (round 11c) the own final attack power against the opponent's when the
                                           row applies at the card's use, held as use_hand ("if your attack power is
                                           lower than the opponent's at the point of time when this card is used")
              | opp_warped                 the opponent's Digimon went from Level III to Ultimate this turn
              | opp_armor                  (round 9b) the opponent's Digimon has 'Armor Evolution' in its fusion
                                           requirements (its requirement column begins so: the Digimental forms)
              | armor                      (round 11f) the own Digimon has it (the twin of opp_armor)
              | dgm=X/Y/…                  (round 12a) the own Digimon has one of the Digimentals "Digimental of X",
                                           "… of Y" in its evolution (fusion) requirements (X one of Courage,
                                           Friendship, Love, Knowledge, Sincerity, Purity, Light, Hope, Kindness,
                                           Miracles, Fate; codes.DIGIMENTALS)
              | opp_voider                 (round 10c) the opponent's Digimon has the ability 'The opponent loses
                                           its special abilities' in its ability box (database voids_abilities),
                                           and its abilities are not void: opp_keyword= on a token of its own
              (OP2 is one of = != >= <= > <; LEVEL is III, IV, Perfect or Ultimate)
    FILTER   := name=NAME | name~TEXT | type~WORD | species=S | field=F | attr=A | level=LEVEL | frame=COLOUR
              | group=G | kind=Digimon|Option | optype=Program|Item|Field | keyword=WORD
              | wp_step=V | wp_step=V+own   (evolve_now only) a Digimon with an evolution alternative from the
                                           own Digimon whose only requirement is a Winning Percentage up to V%
                                           (or, +own, the card that carries the row: "… with Winning Percentage:
                                           40%!, 60%! or Death-X-Evolution!! in its evolution requirements")
              | armor=any|plain|mf        (round 10b) an Armor form: a Digimon whose requirement column begins
                                           "Armor Evolution" (its fusion requirements; any), one whose fusion needs
                                           the Digimental of Miracles or Fate (mf), any other (plain); only such a
                                           filter lets evolve_ignore reach an Armor form (seed 003 §3.2.2)
              | number=N                  (round 11c) the printed card number N ("St-51"): that printing only
              (every "=" form but wp_step also as "!=": the card does not match)
    "filter: A or B"               (round 11d; search and dark_to_hand rows) the card matches either predicate
                                           ("any cards belonging to the category X or the group Y")
    TIMING   := prep | evolution | battle | point | win | lose | passive
              | evolved                    a Digimon: once, right after the own Digimon evolves into this
                                           card; a requirement option: in the battle of the turn it served
                                           as an evolution requirement, for the Digimon it evolved
              | support                    a Digimon card's support ability (■, DM-BAT-2): the row applies
                                           when the player puts the card from hand into its Support Box
                                           in a battle window (conditions: its battling Digimon, as usual)
              | start                      at the start of the battle (after start-of-battle appearances)
              | appear                     once, right after this Digimon appears
              | opp_evolved                right after the opponent's Digimon evolves or appears
              | draw                       Point Calculation, after points, when the battle was a draw
              | point_start                (round 11c) an option's row: at the start of Point Calculation (after the
                                           winner is decided, before the phase's options), when the option was used
                                           in this turn's battle windows
              | evo_end                    (round 13a) an evolve_ignore option's row: at the end of the Evolution
                                           Phase (after both players' evolutions, first attacker first), when the
                                           option served one of this turn's evolution steps
    COST     := discard(N) | mill(N) | gauge | points(N) | discard_digimon(N)
              | discard_if(N)              discard N cards from hand matching the row filter
              | self_gauge                 the own box Digimon goes to the point gauge after the effect
              | show                       show a hand card matching the row filter (it stays in hand)
              | place                      a hand card matching the row filter goes to the support box
                                           (it stays there while this Digimon is in the box)
              | move_host                  (appearance rows) the box's top card (not the Level III) goes
                                           to the support box, not to the Dark Area, and stays there
                                           while the card that appeared is in the box (Parasimon Bo-681)
              | hand_all                   (round 11g) the whole hand goes to the Dark Area; payable with at
                                           least one card in hand ("Send your whole hand to the Dark Area" of a
                                           card that "cannot be used if you have no cards left in your hand")
              | dgm_discard                (round 12a) a Digimental card from hand that matches a Digimental in the
                                           own Digimon's evolution requirements goes to the Dark Area (the first in
                                           hand order); payable when the hand holds one (Digimental Boost Bo-447)
    LIMIT    := phase | battle | turn | turns(N) | discarded | now
              | leave_at(K)                (a Digimon's per_* ◎ row) used with a count of K or more, this
                                           Digimon goes to the Dark Area at the end of the turn (Bo-1201)
              | turns_gauge(N)             (round 13c; an option's limit) turns(N), then to the own point gauge
                                           instead of the Dark Area (St-434)
              | digimon                    = discarded, leave
              | lifespan                   = discarded, lifespan
    END      := lost                       also ends when the own Digimon loses a battle
              | leave                      also ends when the Digimon it was used with leaves the box
              | lifespan                   also ends at the end of the own Digimon's lifespan (renewal)
              | field                      also ends when another Field option of its player turns face-up

``special: no`` marks a Digimon's row from a text that is not a special ability (no ◎ mark, seed 003 §3.3):
``void_abilities`` does not cancel it (compiled into the row's ``E_FLAGS``; only Digimon rows).

Examples: ``atk+50 | limit: turn``, ``atk*2 if opp_higher & level!=III | limit: turn``,
``damage(20) | when: win``, ``opp_atk-100 | cost: discard(1) | limit: battle``,
``atk+460 if name=Agumon | when: support`` (a support Digimon for an Agumon),
``atk+200 if level=Perfect | limit: turns(2), lost, lifespan``,
``search(4) | filter: kind=Digimon & name~Greymon``,
``appear if name=Agumon & opp_level=Ultimate | limit: turns(2)`` (an appearance row).

Without ``when:`` an option's effect uses the card's own timing, a Digimon's ability is
``battle`` (used in a battle window) and an appearance row is ``battle`` (during battle).  Without
``limit:`` an effect lasts for the phase it was used in (C-OPT-2).  The compiler turns each string
into one int32 row (enums.E_* layout); words (attributes, fields, types, keywords, names, groups)
are coded by a ``Vocab`` built per compile; the texts of ``name~`` / ``card~`` / filter ``name~``
get bit indices (at most 31 per compile: ``tables`` gives every card the bit mask of those texts
its name contains).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from simcli import codes as E

_OP_SIMPLE = {
    "halve_opp": E.OP_HALVE_OPP,
    "zero_opp": E.OP_ZERO_OPP,
    "no_zero": E.OP_NO_ZERO,
    "force_draw": E.OP_FORCE_DRAW,
    "no_force_draw": E.OP_NO_FORCE_DRAW,
    "negate_program": E.OP_NEGATE_PROGRAM,
    "immune_options": E.OP_IMMUNE_OPTIONS,
    "void_abilities": E.OP_VOID_ABILITIES,
    "immune_mod": E.OP_IMMUNE_MOD,
    "evolve_ignore": E.OP_EVOLVE_IGNORE,
    "negate_item": E.OP_NEGATE_ITEM,
    "negate_option": E.OP_NEGATE_OPTION,
    "keep_abilities": E.OP_KEEP_ABILITIES,
    "no_ignore": E.OP_NO_IGNORE,
    "opp_slots_clear": E.OP_OPP_SLOTS_CLEAR,
    "attack_last": E.OP_ATTACK_LAST,
    "no_loss": E.OP_NO_LOSS,
    "evolve_now": E.OP_EVOLVE_NOW,
    "opp_wipe": E.OP_OPP_WIPE,
    "appear": E.OP_APPEAR,
    "ban_options": E.OP_BAN_OPTIONS,
    "discard_hand": E.OP_DISCARD_HAND,
    "opp_discard_hand": E.OP_OPP_DISCARD_HAND,
    "no_draw_loss": E.OP_NO_DRAW_LOSS,
    "immune_damage": E.OP_IMMUNE_DAMAGE,
    "immune_draw": E.OP_IMMUNE_DRAW,
    "immune_clear": E.OP_IMMUNE_CLEAR,
    "immune_further": E.OP_IMMUNE_FURTHER,
    "opp_no_support": E.OP_OPP_NO_SUPPORT,
    "host_abc": E.OP_HOST_ABC,
    "opp_box_dark": E.OP_OPP_BOX_DARK,
    "attack_high": E.OP_ATTACK_HIGH,
    "lost_to_hand": E.OP_LOST_TO_HAND,
    "opp_support_dark": E.OP_OPP_SUPPORT_DARK,
    "damage_lost": E.OP_DAMAGE_LOST,  # round 9a
    "opp_down_one": E.OP_OPP_DOWN_ONE,  # round 9a
    "no_option_dark": E.OP_NO_OPTION_DARK,  # round 9a
    "box_dark_pick": E.OP_BOX_DARK_PICK,
    "base_a": E.OP_BASE_A,
    "no_heal": E.OP_NO_HEAL,
    "no_evo_heal": E.OP_NO_EVO_HEAL,  # round 10d
    "commit": E.OP_COMMIT,  # round 10e
    "dark_to_deck": E.OP_DARK_TO_DECK,  # round 11g
    "beside": E.OP_BESIDE,  # round 11a
    "no_c_zero": E.OP_NO_C_ZERO,  # round 11e (arg 0)
    "opp_no_c_zero": E.OP_NO_C_ZERO,  # round 11e (arg 1: _parse_op)
    "bt_pick": E.OP_BT_PICK,  # round 12d
    "c_zero": E.OP_C_ZERO,  # round 13f
    "keep_box": E.OP_KEEP_BOX,  # round 13c
}
# per-count operations: (N) or (N,M); arg = N, arg2 = M (0: no maximum)
_OP_PER = {
    "per_discard": E.OP_PER_DISCARD,
    "per_discard_digimon": E.OP_PER_DISCARD_DIGIMON,
    "per_mill": E.OP_PER_MILL,
    "per_discard_if": E.OP_PER_DISCARD_IF,
    "opp_per_discard_if": E.OP_OPP_PER_DISCARD_IF,  # round 10c
}
_OP_CALL = {
    "damage": E.OP_DAMAGE,
    "heal": E.OP_HEAL,
    "self_damage": E.OP_SELF_DAMAGE,
    "draw": E.OP_DRAW,
    "discard": E.OP_DISCARD,
    "mill": E.OP_MILL,
    "opp_mill": E.OP_OPP_MILL,
    "opp_discard": E.OP_OPP_DISCARD,
    "damage_per_gauge": E.OP_DAMAGE_PER_GAUGE,
    "search": E.OP_SEARCH,
    "gauge_mill": E.OP_GAUGE_MILL,
    "tutor": E.OP_TUTOR,
    "dark_to_hand": E.OP_DARK_TO_HAND,  # round 10a
    "gauge_to_hand": E.OP_GAUGE_TO_HAND,  # round 13e
    "draw_to": E.OP_DRAW_TO,  # round 11g
    "swap_hand_slot": E.OP_SWAP_HAND_SLOT,  # round 12c
    "both_lose_may": E.OP_BOTH_LOSE_MAY,  # round 13a
    "opp_clear": E.OP_OPP_CLEAR,
    "atk_lost": E.OP_ATK_LOST,  # round 11e
    "keep_slot": E.OP_KEEP_SLOT,
    "hand_limit": E.OP_HAND_LIMIT,  # round 11f
    "dark_self_damage": E.OP_DARK_SELF_DAMAGE,  # round 13c
    "dark_damage": E.OP_DARK_DAMAGE,  # round 13c
}
_OP_CALL2 = {"opp_reveal": E.OP_OPP_REVEAL, "atk_per_sheet": E.OP_ATK_PER_SHEET,  # (K,N); atk_per_sheet(N,SIDE)
             "atk_per_slot": E.OP_ATK_PER_SLOT}  # round 11c: atk_per_slot(N,SIDE)
_OP_WORD = {"gain": E.OP_GAIN_KEYWORD, "opp_lose": E.OP_OPP_LOSE_KEYWORD, "gain_field": E.OP_GAIN_FIELD,
            "only_field": E.OP_ONLY_FIELD}  # (WORD); only_field: round 9a
_SLOTS_ARG = {"up": E.SLOTS_UP, "down": E.SLOTS_DOWN}
_OP_ADD = {"atk": E.OP_ATK_ADD, "opp_atk": E.OP_OPP_ATK_ADD, "base": E.OP_BASE_ADD, "lost": E.OP_LOST_ADD,
           "self_lost": E.OP_SELF_LOST_ADD}  # self_lost: round 11e
_OP_MUL = {"atk": E.OP_ATK_MUL, "opp_atk": E.OP_OPP_ATK_MUL, "lost": E.OP_LOST_MUL}
_OP_AS = {"attack": E.OP_ATTACK_AS, "opp_attack": E.OP_OPP_ATTACK_AS}

_COND_LEVEL = {"level": E.C_LEVEL, "opp_level": E.C_OPP_LEVEL}
_COND_NUM = {"points": E.C_POINTS, "opp_points": E.C_OPP_POINTS, "power": E.C_POWER, "opp_power": E.C_OPP_POWER,
             "hand": E.C_HAND, "opp_hand": E.C_OPP_HAND, "slots": E.C_SLOTS,
             "opp_slots": E.C_OPP_SLOTS,  # round 13b
             "use_hand": E.C_USE_HAND}  # round 11c: at the use, held
_COND_BT = {"opp_bt": E.C_OPP_BT, "attack": E.C_ATTACK, "opp_attack": E.C_OPP_ATTACK, "bt": E.C_BT}
# word conditions: (kind, vocab category)
_COND_WORD = {
    "attr": (E.C_ATTR, "attr"),
    "opp_attr": (E.C_OPP_ATTR, "attr"),
    "field": (E.C_FIELD, "field"),
    "opp_field": (E.C_OPP_FIELD, "field"),
    "type": (E.C_TYPE, "word"),
    "opp_type": (E.C_OPP_TYPE, "word"),
    "species": (E.C_TYPE, "species"),  # the whole species: a token of its own in the words table
    "opp_species": (E.C_OPP_TYPE, "species"),
    "keyword": (E.C_KEYWORD, "word"),
    "opp_keyword": (E.C_OPP_KEYWORD, "word"),
    "name": (E.C_NAME, "name"),
    "opp_name": (E.C_OPP_NAME, "name"),
    "card": (E.C_CARD, "name"),
    "group": (E.C_GROUP, "group"),
    "opp_group": (E.C_OPP_GROUP, "group"),
}
_COND_FRAME = {"frame": E.C_FRAME, "opp_frame": E.C_OPP_FRAME}
_COND_FILTER = {"sheet": E.C_SHEET, "opp_sheet": E.C_OPP_SHEET, "support": E.C_SUPPORT, "card": E.C_CARDF,
                "opp_hand": E.C_OPP_HANDF, "slot": E.C_SLOTF,
                "slot_up": E.C_SLOT_UP,
                "opp_used": E.C_OPP_USED, "opp_unused": E.C_OPP_USED,  # round 11c
                "use_hand": E.C_USE_HANDF}  # round 13e: a card in the own hand at the use, held
# round 9a: "opp_hand[N]:FILTER", N or more matching cards (the count in the condition's name)
_COND_COUNT = {"opp_hand": E.C_OPP_HANDN, "slot_up": E.C_SLOT_UP, "opp_sheet": E.C_OPP_SHEETN}  # round 11g: opp_sheet[N]
_RE_COUNT = re.compile(r"^([a-z_]+)\[(\d+)\]$")
_COND_FLAG = {"opp_higher": E.C_OPP_HIGHER, "opp_lower": E.C_OPP_LOWER, "first": E.C_FIRST, "second": E.C_FIRST,
              "opp_warped": E.C_OPP_WARPED, "opp_armor": E.C_OPP_ARMOR, "armor": E.C_ARMOR,
              "opp_voider": E.C_OPP_KEYWORD}  # round 10c: opp_keyword= on the token VOIDER_TOKEN
_COSTS = {"discard": E.K_DISCARD, "mill": E.K_MILL, "points": E.K_POINTS, "discard_digimon": E.K_DISCARD_DIGIMON,
          "discard_if": E.K_DISCARD_IF,
          "discard_iii": E.K_DISCARD_LV, "discard_iv": E.K_DISCARD_LV, "discard_perfect": E.K_DISCARD_LV,
          "discard_ultimate": E.K_DISCARD_LV}  # round 12b: N Digimon cards of that level (codes.K_DISCARD_LV)
_COST_LEVEL = {"discard_iii": E.LV_III, "discard_iv": E.LV_IV, "discard_perfect": E.LV_PERFECT,
               "discard_ultimate": E.LV_ULTIMATE}
_COSTS_FLAG = {"gauge": E.K_GAUGE, "self_gauge": E.K_SELF_GAUGE, "show": E.K_SHOW, "place": E.K_PLACE,
               "move_host": E.K_HOST, "hand_all": E.K_HAND_ALL,
               "dgm_discard": E.K_DGM}  # round 12a
_FILTER_COSTS = ("discard_if", "show", "place")  # costs that need the row filter
_FILTER_OPS = ("search", "per_discard_if", "atk_per_sheet", "opp_per_discard_if", "beside", "dark_damage")  # operations that need the row filter (evolve_now may have one)
_LIMITS = {"phase": E.L_PHASE, "battle": E.L_BATTLE, "turn": E.L_TURN, "discarded": E.L_DISCARDED, "now": E.L_NOW}
_ENDS = {"lost": E.LE_LOSE, "leave": E.LE_LEAVE, "lifespan": E.LE_LIFESPAN, "field": E.LE_FIELD}
# filter keys: FK code, allowed comparison, value kind
_FILTERS = {
    ("name", "="): E.FK_NAME, ("name", "~"): E.FK_NAME_HAS, ("type", "~"): E.FK_TYPE, ("field", "="): E.FK_FIELD,
    ("attr", "="): E.FK_ATTR, ("level", "="): E.FK_LEVEL, ("frame", "="): E.FK_FRAME, ("group", "="): E.FK_GROUP,
    ("kind", "="): E.FK_KIND, ("optype", "="): E.FK_OPTYPE, ("keyword", "="): E.FK_KEYWORD,
    ("species", "="): E.FK_TYPE,  # the whole species (species_token), on the type machinery
    ("wp_step", "="): E.FK_WP_STEP,  # round 9b: evolve_now rows only (codes.FK_WP_STEP)
    ("armor", "="): E.FK_ARMOR,  # round 10b: an Armor form (codes.FK_ARMOR)
    ("number", "="): E.FK_NUMBER,  # round 11c: a printing (codes.FK_NUMBER)
}

_NUM = r"(\d+)"
_RE_ADD = re.compile(r"^(atk|opp_atk|base|lost|self_lost)([+-])(\d+)$")
_RE_ADD_COL = re.compile(r"^atk\+([ABC])$")  # round 11e: atk+A|B|C, the own printed number of that attack
_RE_MUL = re.compile(r"^(atk|opp_atk|lost)([*/])(\d+)$")
_RE_AS = re.compile(r"^(attack|opp_attack)=([ABC])$")
_RE_CALL = re.compile(r"^([a-z_]+)\((\d+)\)$")
_RE_CALL2 = re.compile(r"^([a-z_]+)\((\d+),\s*(\d+)\)$")
_RE_PER = re.compile(r"^([a-z_]+)\((\d+)(?:,\s*(\d+))?\)$")
_RE_WORD = re.compile(r"^([a-z_]+)\(([^()]+)\)$")
_RE_COND = re.compile(r"^([a-z_]+)\s*(!=|>=|<=|=|>|<|~)\s*(.+)$")
_RE_FILT = re.compile(r"^([a-z_]+)\s*(!=|=|~)\s*(.+)$")


class EffectSyntaxError(ValueError):
    """An effect string that is not in the effect language."""


@dataclass(frozen=True)
class Cond:
    kind: str  # the condition's keyword, e.g. "level", "opp_higher", "sheet"
    cmp: str = ""  # one of CMP_SYMBOLS, "" for flag conditions, ":" for filter conditions
    value: str = ""  # for a filter condition: the filter text ("frame=Red")


@dataclass(frozen=True)
class Effect:
    op: str  # e.g. "atk+", "atk*", "damage", "attack=", "zero_opp", "gain", "opp_reveal"
    arg: int = 0
    arg2: int = 1  # denominator for multipliers; N of opp_reveal(K,N); M of per_*(N,M); SIDE of atk_per_sheet(N,SIDE)
    conds: tuple[Cond, ...] = ()
    timing: str = ""  # "" = the card's default
    costs: tuple[tuple[str, int], ...] = ()
    limit: str = "phase"
    limit_arg: int = 0
    word: str = ""  # gain(WORD) / opp_lose(WORD); "up"/"down" of opp_slots_clear(…)
    ends: tuple[str, ...] = ()  # end events of the limit (lost, leave, lifespan), in that order
    filters: tuple[tuple[str, str, str], ...] = ()  # the row filter: (key, "=" or "~", value)
    special: bool = True  # False: "special: no", a Digimon's text that is not a special ability (not voidable)
    any_of: bool = False  # round 11d: the filters are alternatives ("filter: A or B", RF_FILTER_OR)

    def text(self) -> str:
        return format_effect(self)


def _parse_op(s: str) -> tuple[str, int, int, str]:
    s = s.strip()
    if s == "opp_no_c_zero":  # round 11e: OP_NO_C_ZERO aimed at the opponent's C attack
        return s, 1, 1, ""
    if s in _OP_SIMPLE:
        return s, 0, 1, ""
    if m := _RE_ADD.match(s):
        sign = 1 if m.group(2) == "+" else -1
        if m.group(1) == "lost" and sign < 0:  # round 13f: self_lost-N is in (a reduction that stops at 10)
            raise EffectSyntaxError(f"lost-N is not in the language: {s!r}")
        return m.group(1) + "+", sign * int(m.group(3)), 1, ""
    if m := _RE_ADD_COL.match(s):
        return "atk_col", E.BT_NAMES.index(m.group(1)), 1, ""
    if m := _RE_MUL.match(s):
        k = int(m.group(3))
        if k == 0:
            raise EffectSyntaxError(f"multiplier 0 in {s!r}")
        return (m.group(1) + "*", k, 1, "") if m.group(2) == "*" else (m.group(1) + "*", 1, k, "")
    if m := _RE_AS.match(s):
        return m.group(1) + "=", E.BT_NAMES.index(m.group(2)), 1, ""
    if (m := _RE_PER.match(s)) and m.group(1) == "search":  # round 13e: search(K) or search(K,M), M the maximum
        if m.group(3) is not None and int(m.group(3)) == 0:
            raise EffectSyntaxError(f"maximum 0 in {s!r}")
        return "search", int(m.group(2)), int(m.group(3) or 0), ""
    if (m := _RE_CALL.match(s)) and m.group(1) in _OP_CALL:
        return m.group(1), int(m.group(2)), 1, ""
    if (m := _RE_CALL2.match(s)) and m.group(1) in _OP_CALL2:
        if m.group(1) == "atk_per_sheet" and int(m.group(3)) not in (1, 2, 3):
            raise EffectSyntaxError(f"atk_per_sheet(N,SIDE): SIDE is 1 (own sheet), 2 (the opponent's) or 3 (both): {s!r}")
        return m.group(1), int(m.group(2)), int(m.group(3)), ""
    if (m := _RE_PER.match(s)) and m.group(1) in _OP_PER:
        mx = int(m.group(3) or 0)
        if m.group(3) is not None and mx == 0:
            raise EffectSyntaxError(f"maximum 0 in {s!r}")
        return m.group(1), int(m.group(2)), mx, ""
    if (m := _RE_WORD.match(s)) and m.group(1) in _OP_WORD:
        w = m.group(2).strip()
        return m.group(1), 0, 1, w if m.group(1) in ("gain_field", "only_field") else w.lower()  # a field code keeps its case (NSo)
    if (m := _RE_WORD.match(s)) and m.group(1) == "attack_pick":
        w = m.group(2).strip()
        if len(w) < 2 or sorted(set(w)) != list(w) or not set(w) <= set(E.BT_NAMES):
            raise EffectSyntaxError(f"attack_pick needs two or three of A, B, C in order: {s!r}")
        return "attack_pick", sum(1 << E.BT_NAMES.index(x) for x in w), 1, w
    if (m := _RE_WORD.match(s)) and m.group(1) == "opp_slots_clear" and m.group(2).strip() in _SLOTS_ARG:
        return "opp_slots_clear", _SLOTS_ARG[m.group(2).strip()], 1, m.group(2).strip()
    raise EffectSyntaxError(f"unknown operation {s!r}")


def _parse_filter(s: str) -> tuple[str, str, str]:
    m = _RE_FILT.match(s.strip())
    if not m or (m.group(1), "=" if m.group(2) == "!=" else m.group(2)) not in _FILTERS:
        raise EffectSyntaxError(f"bad filter {s!r}")
    key, cmp, value = m.group(1), m.group(2), m.group(3).strip()
    if key == "level" and value not in E.LEVEL_INDEX:
        raise EffectSyntaxError(f"bad level in filter {s!r}")
    if key == "frame" and value not in E.FRAME_NAMES:
        raise EffectSyntaxError(f"bad frame in filter {s!r}")
    if key == "kind" and value not in E.KIND_NAMES:
        raise EffectSyntaxError(f"bad kind in filter {s!r}")
    if key == "optype" and value not in E.OPTYPE_NAMES:
        raise EffectSyntaxError(f"bad option type in filter {s!r}")
    if key == "wp_step" and (cmp != "=" or not re.fullmatch(r"(\d+)(\+own)?", value) or not 0 < int(value.split("+")[0]) < 256):
        raise EffectSyntaxError(f"wp_step takes a percentage, optionally '+own': {s!r}")
    if key == "armor" and value not in E.ARMOR_VALUES:
        raise EffectSyntaxError(f"armor takes 'any', 'plain' or 'mf': {s!r}")
    if not value:
        raise EffectSyntaxError(f"empty filter value in {s!r}")
    return key, cmp, value


def _parse_cond(s: str) -> Cond:
    s = s.strip()
    if s in _COND_FLAG:
        return Cond(s)
    head, colon, rest = s.partition(":")
    if colon and head.strip() in _COND_FILTER and rest.strip():
        key, cmp, value = _parse_filter(rest)
        return Cond(head.strip(), ":", f"{key}{cmp}{value}")
    if colon and (m := _RE_COUNT.match(head.strip())) and m.group(1) in _COND_COUNT and rest.strip():
        n = int(m.group(2))
        if not 2 <= n <= E.COUNT_MASK:
            raise EffectSyntaxError(f"count {n} out of 2 .. {E.COUNT_MASK} in {s!r}")
        key, cmp, value = _parse_filter(rest)
        return Cond(f"{m.group(1)}[{n}]", ":", f"{key}{cmp}{value}")
    m = _RE_COND.match(s)
    if not m:
        raise EffectSyntaxError(f"bad condition {s!r}")
    kind, cmp, value = m.group(1), m.group(2), m.group(3).strip()
    if kind in _COND_LEVEL:
        if value not in E.LEVEL_INDEX or cmp == "~":
            raise EffectSyntaxError(f"bad level condition {s!r}")
    elif kind == "base":
        if value != "opp_power" or cmp == "~":
            raise EffectSyntaxError(f"bad printed-attack condition {s!r} (base OP opp_power)")
    elif kind == "use_power":  # round 11c
        if value != "opp_power" or cmp == "~":
            raise EffectSyntaxError(f"bad attack-at-use condition {s!r} (use_power OP opp_power)")
    elif kind in _COND_NUM:
        if cmp == "~" or not (value.isdigit() or (kind == "points" and value == "opp")):
            raise EffectSyntaxError(f"bad number condition {s!r}")
    elif kind in _COND_BT:
        if value not in E.BT_NAMES or cmp not in ("=", "!="):
            raise EffectSyntaxError(f"bad battle-type condition {s!r}")
    elif kind in _COND_FRAME:
        if value not in E.FRAME_NAMES or cmp not in ("=", "!="):
            raise EffectSyntaxError(f"bad frame condition {s!r}")
    elif kind == "attr" and value == "opp_attr":  # round 11d: the same attribute (C_SAME_ATTR)
        if cmp not in ("=", "!="):
            raise EffectSyntaxError(f"bad attribute comparison {s!r}")
    elif kind == "dgm":  # round 12a: Digimentals of the own Digimon's requirements (C_DGM)
        if cmp != "=" or not all(x.strip().lower() in E.DIGIMENTALS for x in value.split("/")):
            raise EffectSyntaxError(f"bad Digimental condition {s!r} (dgm=X/Y/…)")
    elif kind in _COND_WORD:
        if cmp not in ("=", "!=", "~") or not value:
            raise EffectSyntaxError(f"bad word condition {s!r}")
        if "/" in value and kind in _ALT_KINDS:  # round 13b: one of some words / species (alt_token)
            if any(not x.strip() for x in value.split("/")) or (kind.endswith("species") and cmp == "~"):
                raise EffectSyntaxError(f"bad type alternatives {s!r} (type~A/B/… or species=A/B/…)")
        elif "/" in value and (kind != "name" or cmp != "=" or value.count("/") != 1  # round 12b: name=A/B only,
                               or "x-antibody" in value.lower()):  # without the red frame marker (one frame condition)
            raise EffectSyntaxError(f"bad name alternatives {s!r} (name=A/B)")
        if cmp == "~" and kind in ("species", "opp_species", "group", "opp_group", "attr", "opp_attr", "field",
                                   "opp_field", "keyword", "opp_keyword"):
            raise EffectSyntaxError(f"'~' is not allowed with {kind!r}: {s!r}")
    else:
        raise EffectSyntaxError(f"unknown condition {kind!r}")
    return Cond(kind, cmp, value)


def _parse_limit(val: str) -> tuple[str, int, tuple[str, ...]]:
    items = [x.strip() for x in val.split(",") if x.strip()]
    if not items:
        raise EffectSyntaxError("empty limit")
    base, arg, ends = "", 0, []
    for i, it in enumerate(items):
        if it == "digimon":
            ends.append("leave")
            base = base or "discarded"
        elif it in _ENDS:
            ends.append(it)
        elif i == 0 and it in _LIMITS:
            base = it
        elif i == 0 and (m := _RE_CALL.match(it)) and m.group(1) in ("turns", "leave_at", "turns_gauge"):
            base, arg = m.group(1), int(m.group(2))
            if arg < 1:
                raise EffectSyntaxError(f"{base}(0) in limit {val!r}")
        else:
            raise EffectSyntaxError(f"unknown limit {it!r}")
    if len(set(ends)) != len(ends):
        raise EffectSyntaxError(f"repeated end event in limit {val!r}")
    ends_t = tuple(e for e in ("lost", "leave", "lifespan", "field") if e in ends)
    return base or "discarded", arg, ends_t


def _expand_frame_markers(conds: tuple[Cond, ...], filters: tuple[tuple[str, str, str], ...],
                          text: str) -> tuple[tuple[Cond, ...], tuple[tuple[str, str, str], ...]]:
    """DM-NAME-1: ``name=Magnamon X-Antibody`` names a Magnamon with a red frame, so it is read as
    ``name=Magnamon & frame=Red`` (``opp_name=`` → ``opp_frame=Red``; in a row filter, a second filter
    ``frame=Red``).  A negated or filter-condition form (``name!=…``, ``sheet:name=…``) would need two
    filters in one: not in the language."""
    from simcli.cards.names import frame_marker

    out: list[Cond] = []
    for c in conds:
        fk, _, fv = _parse_filter(c.value) if c.cmp == ":" else ("", "", "")
        if c.cmp == ":" and fk == "name" and frame_marker(fv)[1]:
            raise EffectSyntaxError(f"a name with 'X-Antibody' (name and red frame) in a filter condition: {text!r}")
        if c.kind in ("name", "opp_name") and c.cmp in ("=", "!=") and frame_marker(c.value)[1]:
            if c.cmp == "!=":
                raise EffectSyntaxError(f"a negated name with 'X-Antibody' (name and red frame): {text!r}")
            fr = Cond("frame" if c.kind == "name" else "opp_frame", "=", "Red")
            out += [Cond(c.kind, "=", frame_marker(c.value)[0].strip()), *([fr] if fr not in conds else [])]
        else:
            out.append(c)
    fout: list[tuple[str, str, str]] = []
    for f in filters:
        if f[0] == "name" and f[1] in ("=", "!=") and frame_marker(f[2])[1]:
            if f[1] == "!=":
                raise EffectSyntaxError(f"a negated name with 'X-Antibody' (name and red frame): {text!r}")
            fout += [("name", "=", frame_marker(f[2])[0].strip())] + \
                [("frame", "=", "Red")] * (("frame", "=", "Red") not in filters)
        else:
            fout.append(f)
    if len(out) > E.MAX_CONDS:
        raise EffectSyntaxError(f"more than {E.MAX_CONDS} conditions in {text!r}")
    if len(fout) > E.MAX_FILTERS:
        raise EffectSyntaxError(f"more than {E.MAX_FILTERS} filters in {text!r}")
    return tuple(out), tuple(fout)


def parse_effect(text: str) -> Effect:
    """Parse one effect string; raise EffectSyntaxError naming the problem."""
    parts = [p.strip() for p in text.split("|")]
    head = parts[0]
    conds: tuple[Cond, ...] = ()
    if " if " in f" {head} ":
        op_s, _, cond_s = head.partition(" if ")
        conds = tuple(_parse_cond(c) for c in cond_s.split("&"))
        if len(conds) > E.MAX_CONDS:
            raise EffectSyntaxError(f"more than {E.MAX_CONDS} conditions in {text!r}")
    else:
        op_s = head
    op, arg, arg2, word = _parse_op(op_s)
    timing, costs, limit, limit_arg, ends, filters = "", [], "phase", 0, (), ()
    special, any_of = True, False
    seen = set()
    for clause in parts[1:]:
        key, sep, val = clause.partition(":")
        key, val = key.strip(), val.strip()
        if not sep:
            raise EffectSyntaxError(f"clause without ':' in {text!r}")
        if key in seen:
            raise EffectSyntaxError(f"clause {key!r} given twice in {text!r}")
        seen.add(key)
        if key == "when":
            if val not in E.TIMING_NAMES:
                raise EffectSyntaxError(f"unknown timing {val!r}")
            timing = val
        elif key == "cost":
            for c in val.split(","):
                c = c.strip()
                if c in _COSTS_FLAG:
                    costs.append((c, 0))
                elif (m := _RE_CALL.match(c)) and m.group(1) in _COSTS:
                    costs.append((m.group(1), int(m.group(2))))
                else:
                    raise EffectSyntaxError(f"unknown cost {c!r}")
            if len(costs) > E.MAX_COSTS:
                raise EffectSyntaxError(f"more than {E.MAX_COSTS} costs in {text!r}")
        elif key == "limit":
            limit, limit_arg, ends = _parse_limit(val)
        elif key == "filter":
            any_of = " or " in val  # round 11d: alternatives (RF_FILTER_OR), never mixed with "&"
            if any_of and "&" in val:
                raise EffectSyntaxError(f"a filter joins its predicates by '&' or by 'or', not both: {text!r}")
            filters = tuple(_parse_filter(f) for f in (val.split(" or ") if any_of else val.split("&")))
            if len(filters) > E.MAX_FILTERS:
                raise EffectSyntaxError(f"more than {E.MAX_FILTERS} filters in {text!r}")
        elif key == "special":
            if val != "no":
                raise EffectSyntaxError(f"'special:' takes only 'no' in {text!r}")
            special = False
        else:
            raise EffectSyntaxError(f"unknown clause {key!r}")
    n_filters = len(filters)
    conds, filters = _expand_frame_markers(conds, filters, text)
    if any_of and len(filters) != n_filters:
        raise EffectSyntaxError(f"a name with 'X-Antibody' (name and red frame) among alternatives: {text!r}")
    needs_filter = op in _FILTER_OPS or any(k in _FILTER_COSTS for k, _ in costs)
    if needs_filter and not filters:
        raise EffectSyntaxError(f"{text!r} needs a 'filter:' clause")
    if op == "beside" and timing != "appear":
        raise EffectSyntaxError(f"beside acts at an appearance ('when: appear'): {text!r}")
    if filters and not (needs_filter or op in ("evolve_now", "evolve_ignore", "opp_clear", "opp_discard_hand", "opp_box_dark", "opp_support_dark",
                                                     "box_dark_pick", "dark_to_hand", "gauge_to_hand")):
        raise EffectSyntaxError(f"a filter does nothing in {text!r}")
    if any_of and (op not in ("search", "dark_to_hand", "evolve_now") or len(filters) < 2
                   or (op == "evolve_now" and any(f[:2] != ("name", "=") for f in filters))):
        # round 12b: evolve_now's alternatives are names (its level / Armor / wp_step readers take single predicates)
        raise EffectSyntaxError(f"alternatives in a filter ('or') only on search / dark_to_hand rows and names on"
                                f" evolve_now rows: {text!r}")
    if (any(f[0] == "wp_step" for f in filters) and op != "evolve_now") or any(
            c.cmp == ":" and c.value.strip().startswith("wp_step") for c in conds):
        raise EffectSyntaxError(f"wp_step filters the targets of evolve_now only: {text!r}")
    return Effect(op, arg, arg2, conds, timing, tuple(costs), limit, limit_arg, word, ends, filters, special, any_of)


def _format_limit(e: Effect) -> str:
    if e.limit == "discarded" and e.ends == ("leave",):
        return "digimon"
    if e.limit == "discarded" and e.ends == ("lifespan",):
        return "lifespan"
    base = f"{e.limit}({e.limit_arg})" if e.limit in ("turns", "leave_at", "turns_gauge") else e.limit
    if e.limit == "discarded" and e.ends:
        return ", ".join(e.ends)
    return ", ".join((base,) + e.ends)


def format_effect(e: Effect) -> str:
    """The canonical text of an effect (parse_effect(format_effect(e)) == e)."""
    if e.op == "atk_col":
        head = f"atk+{E.BT_NAMES[e.arg]}"
    elif e.op.endswith("+"):
        head = f"{e.op[:-1]}{'+' if e.arg >= 0 else '-'}{abs(e.arg)}"
    elif e.op.endswith("*"):
        head = f"{e.op[:-1]}*{e.arg}" if e.arg2 == 1 else f"{e.op[:-1]}/{e.arg2}"
    elif e.op.endswith("="):
        head = f"{e.op}{E.BT_NAMES[e.arg]}"
    elif e.op == "search" and e.arg2:  # round 13e: the maximum
        head = f"search({e.arg},{e.arg2})"
    elif e.op in _OP_CALL:
        head = f"{e.op}({e.arg})"
    elif e.op in _OP_CALL2:
        head = f"{e.op}({e.arg},{e.arg2})"
    elif e.op in _OP_PER:
        head = f"{e.op}({e.arg})" if e.arg2 == 0 else f"{e.op}({e.arg},{e.arg2})"
    elif e.op in _OP_WORD or (e.op in ("opp_slots_clear", "attack_pick") and e.word):
        head = f"{e.op}({e.word})"
    else:
        head = e.op
    if e.conds:
        head += " if " + " & ".join(f"{c.kind}{c.cmp}{c.value}" for c in e.conds)
    out = [head]
    if e.timing:
        out.append(f"when: {e.timing}")
    if e.costs:
        out.append("cost: " + ", ".join(k if k in _COSTS_FLAG else f"{k}({n})" for k, n in e.costs))
    if e.limit != "phase" or e.ends:
        out.append(f"limit: {_format_limit(e)}")
    if e.filters:
        out.append("filter: " + (" or " if e.any_of else " & ").join(f"{k}{c}{v}" for k, c, v in e.filters))
    if not e.special:
        out.append("special: no")
    return " | ".join(out)


def _op_code(op: str) -> int:
    if op in _OP_SIMPLE:
        return _OP_SIMPLE[op]
    if op in _OP_CALL:
        return _OP_CALL[op]
    if op in _OP_CALL2:
        return _OP_CALL2[op]
    if op in _OP_PER:
        return _OP_PER[op]
    if op in _OP_WORD:
        return _OP_WORD[op]
    if op == "attack_pick":
        return E.OP_ATTACK_PICK
    if op == "atk_col":
        return E.OP_ATK_COL
    base = op[:-1]
    if op.endswith("+"):
        return _OP_ADD[base]
    if op.endswith("*"):
        return _OP_MUL[base]
    return _OP_AS[base]


MAX_NAME_TEXTS = 31  # name~ texts per compile (bit indices 0..30 of an int32 mask)


@dataclass
class Vocab:
    """Integer codes for the words effects and cards mention (shared by one compiled table).

    ``texts``: the texts of ``name~`` conditions and filters, in first-use order; a text's code is
    its bit index in every card's name mask (tables.name_bits)."""

    codes: dict[tuple[str, str], int] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)

    def code(self, category: str, word: str) -> int:
        key = (category, normalize_word(word))
        if key not in self.codes:
            self.codes[key] = len(self.codes) + 1
        return self.codes[key]

    def text_bit(self, text: str) -> int:
        from simcli.cards.names import rule_spelling

        t = normalize_word(rule_spelling(text))
        if t not in self.texts:
            if len(self.texts) >= MAX_NAME_TEXTS:
                raise EffectSyntaxError(f"more than {MAX_NAME_TEXTS} different 'name~' texts in one pair of decks")
            self.texts.append(t)
        return self.texts.index(t)


# round 10c: the keyword token of a Digimon with the ability "The opponent loses its special abilities" (database
# voids_abilities; tables add it to the card's keywords; condition opp_voider).  A word never starts with "=".
VOIDER_TOKEN = "=void_abilities"


def species_tokens(species: str | None) -> list[str]:
    """The whole-species tokens of a card's species ("Mythical Beast/Holy Beast" names two species):
    ``species=X`` matches a card with the token of X among its words (the ``type~`` words never
    start with "=", so a token never equals a word)."""
    return [species_token(p) for p in (species or "").split("/") if p.strip()]


# round 13b: conditions whose value may list alternatives, "type~A/B/…" (a word of the species is one of them) and
# "species=A/B/…" (the species is one of them, as a whole); coded as one word token (alt_token)
_ALT_KINDS = ("type", "opp_type", "species", "opp_species")


def alt_token(key: str, value: str) -> str:
    """Round 13b: the word token of ``type~A/B/…`` (key "type"/"word") or ``species=A/B/…`` (key "species"): the
    alternatives joined by "/" (a species as its species_token).  A word never holds "/", so such a token is no word;
    tables.compile_tables gives it to every card with one of the alternatives among its species words and tokens
    (only where a row uses it).  One alternative is the plain word / species token."""
    parts = [x.strip() for x in value.split("/")]
    return "/".join(species_token(x) if key == "species" else x for x in parts)


def alt_parts(token: str) -> list[str]:
    """Round 13b: the normalised alternatives of an alt_token (as Vocab stores it)."""
    return token.split("/")


def species_token(species: str) -> str:
    return "=" + re.sub(r"\s+", " ", species.strip())


def normalize_word(word: str) -> str:
    return re.sub(r"[\s\-]", "", word).lower()


def filter_code(key: str, cmp: str, value: str, vocab: Vocab) -> tuple[int, int]:
    """A filter (key, cmp, value) → (FK_*, value code); "!=" gives the negative FK_* (the negation)."""
    if cmp == "!=":
        fk, v = filter_code(key, "=", value, vocab)
        return -fk, v
    fk = _FILTERS[(key, cmp)]
    if key == "species" or (key == "type" and "/" in value):  # round 13b: alternatives (alt_token)
        return fk, vocab.code("word", alt_token(key, value))
    if fk == E.FK_NAME:
        from simcli.cards.names import norm_name

        return fk, vocab.code("name", norm_name(value))
    if fk == E.FK_NAME_HAS:
        return fk, vocab.text_bit(value)
    if fk in (E.FK_TYPE, E.FK_KEYWORD):
        return fk, vocab.code("word", value)
    if fk == E.FK_FIELD:
        return fk, vocab.code("field", value)
    if fk == E.FK_ATTR:
        return fk, vocab.code("attr", value)
    if fk == E.FK_GROUP:
        return fk, vocab.code("group", value)
    if fk == E.FK_LEVEL:
        return fk, E.LEVEL_INDEX[value]
    if fk == E.FK_FRAME:
        return fk, E.FRAME_NAMES.index(value)
    if fk == E.FK_KIND:
        return fk, E.KIND_NAMES.index(value)
    if fk == E.FK_ARMOR:
        return fk, E.ARMOR_VALUES[value]
    if fk == E.FK_NUMBER:
        return fk, vocab.code("number", value)
    if fk == E.FK_WP_STEP:  # "+own": tables replace the flag by the card's own name id (codes.FK_WP_STEP)
        return fk, int(value.split("+")[0]) | (E.WP_STEP_OWN if value.endswith("+own") else 0)
    return fk, E.OPTYPE_NAMES.index(value)


def compile_effect(e: Effect, default_timing: str, vocab: Vocab) -> np.ndarray:
    """One effect → one int32 row in the enums.E_* layout."""
    row = np.zeros(E.EFFECT_WIDTH, dtype=np.int32)
    row[E.E_OP] = _op_code(e.op)
    row[E.E_ARG] = (vocab.code("field", e.word) if e.op in ("gain_field", "only_field") else vocab.code("word", e.word)) \
        if e.op in _OP_WORD else e.arg
    row[E.E_ARG2] = e.arg2
    row[E.E_TIMING] = E.TIMING_NAMES.index(e.timing or default_timing)
    row[E.E_NCOND] = len(e.conds)
    for i, c in enumerate(e.conds):
        base = E.E_COND0 + 3 * i
        cmp = E.CMP_SYMBOLS.index(c.cmp) if c.cmp and c.cmp != ":" else E.CMP_EQ
        if c.kind in _COND_FLAG:
            kind = _COND_FLAG[c.kind]
            value = int(c.kind == "first") if kind == E.C_FIRST else 0
            if c.kind == "opp_voider":
                value = vocab.code("word", VOIDER_TOKEN)
        elif c.cmp == ":" and (m := _RE_COUNT.match(c.kind)):
            kind = _COND_COUNT[m.group(1)]
            key, fcmp, fval = _parse_filter(c.value)
            cmp, value = filter_code(key, fcmp, fval, vocab)
            value = (value << E.COUNT_BITS) | int(m.group(2))  # C_OPP_HANDN / C_SLOT_UP: filter value, then the count
        elif c.cmp == ":":
            kind = _COND_FILTER[c.kind]
            key, fcmp, fval = _parse_filter(c.value)
            cmp, value = filter_code(key, fcmp, fval, vocab)
            if kind == E.C_SLOT_UP:  # round 10a: always a count (one card)
                value = (value << E.COUNT_BITS) | 1
            elif kind == E.C_OPP_USED:  # round 11c: used (1) or not (0)
                value = (value << 1) | (1 if c.kind == "opp_used" else 0)
        elif c.kind == "base":
            kind, value = E.C_BASE_REL, 0
        elif c.kind == "use_power":
            kind, value = E.C_USE_POWER_REL, 0
        elif c.kind == "attr" and c.value == "opp_attr":  # round 11d
            kind, value = E.C_SAME_ATTR, 0
        elif c.kind == "dgm":  # round 12a: a mask of codes.DIGIMENTALS bits
            kind, value = E.C_DGM, sum(1 << E.DIGIMENTALS.index(x.strip().lower()) for x in set(c.value.split("/")))
        elif c.kind in _COND_LEVEL:
            kind, value = _COND_LEVEL[c.kind], E.LEVEL_INDEX[c.value]
        elif c.kind in _COND_NUM:
            if c.value == "opp":
                kind, value = E.C_POINTS_REL, 0
            else:
                kind, value = _COND_NUM[c.kind], int(c.value)
        elif c.kind in _COND_BT:
            kind, value = _COND_BT[c.kind], E.BT_NAMES.index(c.value)
        elif c.kind in _COND_FRAME:
            kind, value = _COND_FRAME[c.kind], E.FRAME_NAMES.index(c.value)
        else:
            kind, cat = _COND_WORD[c.kind]
            if c.cmp == "~" and cat == "name":
                value = vocab.text_bit(c.value)  # "the name contains": a bit of the name masks
            elif cat == "name" and c.kind == "name" and "/" in c.value:  # round 12b: one of two names (C_NAME2)
                from simcli.cards.names import norm_name

                a, b = (vocab.code(cat, norm_name(x.strip())) for x in c.value.split("/"))
                kind, value = E.C_NAME2, a | (b << E.NAME2_SHIFT)
            elif cat == "name":
                from simcli.cards.names import norm_name

                value = vocab.code(cat, norm_name(c.value))  # a rule name (DM-NAME-1, aliases)
            elif cat == "species" or (cat == "word" and "/" in c.value and c.kind in _ALT_KINDS):
                value = vocab.code("word", alt_token(cat, c.value))  # round 13b: alternatives; a species token
            else:
                value = vocab.code(cat, c.value)
        row[base : base + 3] = (kind, cmp, value)
    for i, (k, n) in enumerate(e.costs):
        row[E.E_COST0 + 2 * i] = _COSTS_FLAG[k] if k in _COSTS_FLAG else _COSTS[k]
        row[E.E_COST0 + 2 * i + 1] = n | (_COST_LEVEL[k] << E.COUNT_BITS) if k in _COST_LEVEL else n
    row[E.E_LIMIT] = E.L_TURNS if e.limit == "turns" else E.L_LEAVE_AT if e.limit == "leave_at" \
        else E.L_TURNS_GAUGE if e.limit == "turns_gauge" else _LIMITS[e.limit]
    row[E.E_LIMIT_ARG] = e.limit_arg
    row[E.E_LIMIT_END] = sum(_ENDS[x] for x in e.ends)
    for i, (key, fcmp, fval) in enumerate(e.filters):
        row[E.E_FILT0 + 2 * i: E.E_FILT0 + 2 * i + 2] = filter_code(key, fcmp, fval, vocab)
    row[E.E_FLAGS] = (0 if e.special else E.RF_NOT_SPECIAL) | (E.RF_FILTER_OR if e.any_of else 0)
    return row

parse_filter = _parse_filter  # the filter syntax (tables: requirement qualifiers)
