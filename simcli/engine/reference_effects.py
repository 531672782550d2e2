"""Card effects (RULES §4) for the reference engine: conditions, costs, opcodes, timings, limits,
appearance (seed 003 §3.2.2.1 ex. 6) and the battle-modifier log.

What is applied where (the kernel does the same, in the same order — docs/engine.md,
docs/effect-language.md "Engine version 4"):

* Digimon abilities (effect rows of the box's top card, when the card is modeled and effects are on)
  apply by themselves at their timing: ``prep`` in Preparation step (5), ``opp_evolved`` right after
  the opponent's Digimon evolved or appeared, ``passive`` / ``evolved`` at the start of the battle,
  ``start`` after the start-of-battle appearances, ``point`` before the loser loses points,
  ``win``/``lose`` after points, ``appear`` when the card appears.  ``battle`` rows are special
  abilities (◎): a player *uses* them in its battle window, each row once per turn.
* Options (modeled, with effect rows) are used only from a slot, by the players that set them
  (greedy; the baseline never does, BL-5): ``battle`` in a battle window, ``point`` / ``win`` /
  ``lose`` in Point Calculation, ``prep`` in Preparation step (5), ``evolution`` right after the
  player's own Evolution phase.  An option pays the costs of its first row at that timing, once.
* Limits: ``turns(N)`` / ``discarded`` keep the option face-up in its slot (``slot_up`` N / PERSIST),
  with end events ``slot_end`` (LE_LOSE, LE_LEAVE + ``slot_card``, LE_LIFESPAN); ``turn`` keeps it in
  its slot until the end of the turn (SPENT_TURN); others go to the Dark Area at the end of the phase
  (SPENT_PHASE) or at once (``now``), or to the point gauge with a ``gauge`` cost.
* The battle modifiers are *rebuilt* (``rebuild``) whenever a box's top card changes in a battle or
  option slots are cleared: voids, passives, ``evolved`` rows, face-up options, then the logged
  option / support / ability rows whose source is still there (attack modifiers only).
* Negation (battle windows only): when a player uses an option in a battle window it pays the costs,
  then the opponent's policy decides at once whether to answer with a face-down negate card of its
  slots; the negated option goes to the Dark Area without effect, the negate card is used.
  ``negate_item`` is also used at the start of battle against an Item already face-up.
* Support Digimon (■, DM-BAT-2): once per turn from hand into the Support Box; its support rows apply
  like an ability's; it goes to the Dark Area in the death check.
* Appearance: ``appear`` rows of a Digimon in hand (tables ``app_lo``/``app_hi``), used by the
  players' ``appear_choice`` at the start of the battle (timing ``start``) or in a battle window
  (``battle``); see ``appear``.
"""

from __future__ import annotations

from simcli.engine import enums as E
from simcli.engine.reference import (PERSIST, SPENT_PHASE, SPENT_TURN, Mods, NoEffects,  # noqa: F401
                                     discard_choice)
from simcli.engine.reference import qualifier_ok
from simcli.engine.tables import (R_CARDS, R_FROM, R_JOG, R_OPT, R_WP, card_match, later_option, opp_used_filters,
                                  opp_used_watch, waits_for_use)

MOD_OPP_OPS = {E.OP_OPP_ATK_ADD, E.OP_OPP_ATK_MUL, E.OP_HALVE_OPP, E.OP_ZERO_OPP, E.OP_OPP_ATTACK_AS,
               E.OP_OPP_LOSE_KEYWORD, E.OP_OPP_PER_DISCARD_IF}  # round 10c: the per_* count aimed at the opponent
OPP_OPS = MOD_OPP_OPS | {E.OP_DAMAGE, E.OP_OPP_MILL, E.OP_OPP_DISCARD, E.OP_FORCE_DRAW, E.OP_VOID_ABILITIES,
                         E.OP_OPP_SLOTS_CLEAR, E.OP_OPP_REVEAL, E.OP_OPP_WIPE, E.OP_DAMAGE_PER_GAUGE, E.OP_OPP_CLEAR,
                         E.OP_OPP_DISCARD_HAND, E.OP_OPP_BOX_DARK, E.OP_OPP_SUPPORT_DARK, E.OP_DAMAGE_LOST,
                         E.OP_OPP_DOWN_ONE, E.OP_BOTH_LOSE_MAY}
PER_OPS = {E.OP_PER_DISCARD, E.OP_PER_DISCARD_DIGIMON, E.OP_PER_MILL, E.OP_PER_DISCARD_IF, E.OP_OPP_PER_DISCARD_IF}
MOD_OPS = MOD_OPP_OPS | PER_OPS | {E.OP_ATK_ADD, E.OP_BASE_ADD, E.OP_ATK_MUL, E.OP_ATTACK_AS, E.OP_NO_ZERO,
                                   E.OP_FORCE_DRAW, E.OP_NO_FORCE_DRAW, E.OP_IMMUNE_OPTIONS, E.OP_IMMUNE_MOD,
                                   E.OP_VOID_ABILITIES, E.OP_LOST_MUL, E.OP_GAIN_KEYWORD, E.OP_ATTACK_LAST, E.OP_GAIN_FIELD,
                                   E.OP_NO_DRAW_LOSS, E.OP_ONLY_FIELD,
                                   E.OP_NO_LOSS, E.OP_LOST_ADD}
MOD_OPS = MOD_OPS | {E.OP_ATTACK_PICK}  # round 6
MOD_OPS = MOD_OPS | {E.OP_BT_PICK}  # round 12d
MOD_OPS = MOD_OPS | {E.OP_C_ZERO}  # round 13f
OPP_OPS = OPP_OPS | {E.OP_C_ZERO}  # round 13f: aimed at the opponent (immunity to options), no modification (immune_mod)
MOD_OPS = MOD_OPS | {E.OP_HOST_ABC}  # meta decks (Parasimon Bo-681)
MOD_OPS = MOD_OPS | {E.OP_ATTACK_HIGH}  # round 7
MOD_OPS = MOD_OPS | {E.OP_ATK_PER_SHEET, E.OP_BASE_A}  # rounds 9b, 9c
MOD_OPS = MOD_OPS | {E.OP_ATK_PER_SLOT}  # round 11c
MOD_OPS = MOD_OPS | {E.OP_ATK_COL, E.OP_NO_C_ZERO, E.OP_SELF_LOST_ADD, E.OP_ATK_LOST}  # round 11e
NEGATE_OPS = {E.OP_NEGATE_PROGRAM, E.OP_NEGATE_ITEM, E.OP_NEGATE_OPTION}
OPT_PROGRAM, OPT_ITEM = 0, 1  # tables.optype codes
# kinds of the turn's use-log entries that a rebuild replays (the kernel's state.LOG_*)
LOG_OPTION, LOG_ABILITY, LOG_SUPPORT = 0, 1, 2


def cmp_num(a: int, c: int, b: int) -> bool:
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


def cmp_has(has: bool, c: int) -> bool:
    if c in (E.CMP_EQ, E.CMP_HAS):
        return has
    if c == E.CMP_NE:
        return not has
    return False


def row_filter(t, seat: int, c: int, row) -> bool:
    """Card c matches the row's filter (every predicate of it; round 11d: any one, RF_FILTER_OR)."""
    preds = [(int(row[E.E_FILT0 + 2 * i]), int(row[E.E_FILT0 + 2 * i + 1])) for i in range(E.MAX_FILTERS)]
    preds = [(fk, v) for fk, v in preds if fk != E.FK_NONE]
    if int(row[E.E_FLAGS]) & E.RF_FILTER_OR:
        return any(card_match(t, seat, c, fk, v) for fk, v in preds)
    return all(card_match(t, seat, c, fk, v) for fk, v in preds)


def sheet_count(g, p, row, side: int) -> int:
    """Round 9b, atk_per_sheet: the cards on p's sheet (side bit 1) and the opponent's (bit 2) that match the row's
    filter."""
    o = g.ps[1 - p.seat]
    return sum(1 for x, bit in ((p, 1), (o, 2)) if side & bit for c in sheet_cards(x) if row_filter(g.t, x.seat, c, row))


def sheet_cards(p) -> list[int]:
    """The cards on p's sheet: the box's top card, the Level III under it, the support box, and (round 11a) a card
    beside the box."""
    out = [p.cur()]
    if p.top >= 0:
        out.append(p.l3)
    for c in (p.support, p.supbox, p.beside):
        if c >= 0:
            out.append(c)
    return out


def place_beside(g, p, c: int, n0: int) -> None:
    """Round 11a (codes.OP_BESIDE): the first card this appearance's cost sent to the Dark Area (p.dark[n0:]) whose
    ``beside`` row's filter matches the appearing card c lies beside the box instead ("you may": always); one that lay
    beside the Digimon that just left goes to the Dark Area first."""
    t = g.t
    for i in range(n0, len(p.dark)):
        d = p.dark[i]
        if t.kind[p.seat, d] != E.KIND_OPTION:
            continue
        for r in range(int(t.eff_lo[p.seat, d]), int(t.eff_hi[p.seat, d])):
            row = t.effects[r]
            if int(row[E.E_OP]) == E.OP_BESIDE and row_filter(t, p.seat, c, row):
                p.dark.pop(i)
                if p.beside >= 0:
                    p.dark.append(p.beside)
                p.beside, p.beside_owner = d, c
                return


def attack_type(g, p, mods=None) -> int:
    mods = mods or g.mods
    o = g.ps[1 - p.seat]
    m = mods[p.seat]
    return m.attack_as if m.attack_as >= 0 else int(g.t.bt[o.seat, o.cur()])


def row_on(p, row, mods) -> bool:
    """A row of p's top card acts: p's abilities are not void, or the row is not a special ability
    (``special: no``: a text without ◎, seed 003 §3.3)."""
    return not mods[p.seat].abilities_void or bool(int(row[E.E_FLAGS]) & E.RF_NOT_SPECIAL)


def has_keyword(g, x, v: int, mods) -> bool:
    """x's Digimon has ability keyword v: printed or gained, while its abilities are not void."""
    m = mods[x.seat]
    if m.abilities_void or v == m.lost_kw:
        return False
    return v in g.t.keywords[x.seat, x.cur()] or v in (m.gain0, m.gain1)


def power(g, x, mods) -> int:
    o = g.ps[1 - x.seat]
    fa, sa = (x, o) if g.fa == x.seat else (o, x)
    af, as_ = g.final_attacks(fa, sa, mods)
    return af if fa is x else as_


def cond_ok(g, p, row, mods=None, card=-1) -> bool:
    """card: the opponent's option card being applied (for ``card=NAME`` / ``card:FILTER``), -1 none, COND_REPLAY a
    rebuild's replay of a logged row (the use_* conditions held since the use, round 11c)."""
    t = g.t
    mods = mods if mods is not None else g.mods
    o = g.ps[1 - p.seat]
    cp, co = p.cur(), o.cur()
    for k in range(int(row[E.E_NCOND])):
        kind, c, v = (int(x) for x in row[E.E_COND0 + 3 * k: E.E_COND0 + 3 * k + 3])
        if kind == E.C_LEVEL:
            ok = cmp_num(int(t.level[p.seat, cp]), c, v)
        elif kind == E.C_OPP_LEVEL:
            ok = cmp_num(int(t.level[o.seat, co]), c, v)
        elif kind == E.C_OPP_HIGHER:
            ok = t.level[o.seat, co] > t.level[p.seat, cp]
        elif kind == E.C_OPP_LOWER:
            ok = t.level[o.seat, co] < t.level[p.seat, cp]
        elif kind == E.C_POINTS:
            ok = cmp_num(p.points, c, v)
        elif kind == E.C_OPP_POINTS:
            ok = cmp_num(o.points, c, v)
        elif kind == E.C_POINTS_REL:
            ok = cmp_num(p.points, c, o.points)
        elif kind == E.C_OPP_BT:  # round 12d: a bt_pick change first
            mo = mods[o.seat]
            ok = cmp_num(mo.bt if mo.bt >= 0 else int(t.bt[o.seat, co]), c, v)
        elif kind == E.C_BT:
            mp = mods[p.seat]
            ok = cmp_num(mp.bt if mp.bt >= 0 else int(t.bt[p.seat, cp]), c, v)
        elif kind == E.C_ATTACK:
            ok = cmp_num(attack_type(g, p, mods), c, v)
        elif kind == E.C_OPP_ATTACK:
            ok = cmp_num(attack_type(g, o, mods), c, v)
        elif kind == E.C_FIRST:
            ok = (1 if g.fa == p.seat else 0) == v
        elif kind in (E.C_ATTR, E.C_OPP_ATTR):
            x = p if kind == E.C_ATTR else o
            ok = cmp_has(int(t.attr[x.seat, x.cur()]) == v, c)
        elif kind in (E.C_NAME, E.C_OPP_NAME):
            x = p if kind == E.C_NAME else o
            if c == E.CMP_HAS:  # the name contains a text: a bit of the card's name mask
                ok = (int(t.namebits[x.seat, x.cur()]) >> v) & 1 == 1
            else:
                ok = cmp_has(int(t.vname[x.seat, x.cur()]) == v, c)
        elif kind in (E.C_FRAME, E.C_OPP_FRAME):
            x = p if kind == E.C_FRAME else o
            ok = cmp_has(int(t.frame[x.seat, x.cur()]) == v, c)
        elif kind in (E.C_FIELD, E.C_OPP_FIELD):
            x = p if kind == E.C_FIELD else o
            if mods[x.seat].only_field:  # round 9a: that field icon alone
                ok = cmp_has(v == mods[x.seat].gain_field, c)
            else:
                ok = cmp_has(v in t.fields[x.seat, x.cur()] or v == mods[x.seat].gain_field, c)
        elif kind in (E.C_TYPE, E.C_OPP_TYPE):
            x = p if kind == E.C_TYPE else o
            ok = cmp_has(v in t.words[x.seat, x.cur()], c)
        elif kind in (E.C_KEYWORD, E.C_OPP_KEYWORD):
            x = p if kind == E.C_KEYWORD else o
            ok = cmp_has(has_keyword(g, x, v, mods), c)
        elif kind in (E.C_GROUP, E.C_OPP_GROUP):
            x = p if kind == E.C_GROUP else o
            ok = cmp_has(v in t.groups[x.seat, x.cur()], c)
        elif kind == E.C_CARD:
            if card < 0:
                ok = False
            elif c == E.CMP_HAS:
                ok = (int(t.namebits[o.seat, card]) >> v) & 1 == 1
            else:
                ok = cmp_has(int(t.vname[o.seat, card]) == v, c)
        elif kind == E.C_CARDF:
            ok = card >= 0 and card_match(t, o.seat, card, c, v)
        elif kind in (E.C_SHEET, E.C_OPP_SHEET):
            x = p if kind == E.C_SHEET else o
            ok = any(card_match(t, x.seat, y, c, v) for y in sheet_cards(x))
        elif kind == E.C_SUPPORT:
            ok = any(y >= 0 and card_match(t, p.seat, y, c, v) for y in (p.support, p.supbox))
        elif kind in (E.C_POWER, E.C_OPP_POWER):
            x = p if kind == E.C_POWER else o
            ok = cmp_num(power(g, x, mods), c, v)
        elif kind == E.C_OPP_ARMOR:  # round 9b: the opponent's Digimon is an Armor Evolution form
            ok = bool(t.armor[o.seat, o.cur()])
        elif kind == E.C_ARMOR:  # round 11f: the own Digimon is one
            ok = bool(t.armor[p.seat, p.cur()])
        elif kind == E.C_DGM:  # round 12a: one of the Digimentals (mask v) in the own Digimon's requirements
            ok = int(t.dgm[p.seat, cp]) & v != 0
        elif kind == E.C_OPP_WARPED:
            ok = o.lv_start == E.LV_III and int(t.level[o.seat, co]) == E.LV_ULTIMATE
        elif kind in (E.C_HAND, E.C_OPP_HAND):
            ok = cmp_num(len((p if kind == E.C_HAND else o).hand), c, v)
        elif kind == E.C_SLOTS:
            ok = cmp_num(sum(1 for x in p.slots if x >= 0), c, v)
        elif kind == E.C_OPP_HANDF:
            ok = any(card_match(t, o.seat, y, c, v) for y in o.hand)
        elif kind == E.C_SLOTF:
            ok = any(y >= 0 and card_match(t, p.seat, y, c, v) for y in p.slots)
        elif kind == E.C_OPP_HANDN:  # round 9a: value = filter value << COUNT_BITS | N
            n = sum(1 for y in o.hand if card_match(t, o.seat, y, c, v >> E.COUNT_BITS))
            ok = n >= v & E.COUNT_MASK
        elif kind == E.C_SLOT_UP:  # round 10a: value = filter value << COUNT_BITS | N
            n = sum(1 for k in range(3) if p.slots[k] >= 0 and p.slot_up[k] != 0 and option_active(p, p.slots[k])
                    and card_match(t, p.seat, p.slots[k], c, v >> E.COUNT_BITS))
            ok = n >= v & E.COUNT_MASK
        elif kind == E.C_OPP_SHEETN:  # round 11g: value = filter value << COUNT_BITS | N
            ok = sum(1 for y in sheet_cards(o) if card_match(t, o.seat, y, c, v >> E.COUNT_BITS)) >= v & E.COUNT_MASK
        elif kind == E.C_BASE_REL:  # round 9a: the printed number of the attack used vs the opponent's final attack
            ok = cmp_num(int(t.atk[p.seat, cp][attack_type(g, p, mods)]), c, power(g, o, mods))
        elif kind == E.C_USE_HAND:  # round 11c: tested at the use; a rebuild's replay (COND_REPLAY) holds it
            ok = card <= E.COND_REPLAY or cmp_num(len(p.hand), c, v)
        elif kind == E.C_OPP_USED:  # round 11c: value = filter value << 1 | (1: used, 0: not used)
            ok = opp_used_after(g, o, card, c, v >> 1) == bool(v & 1)
        elif kind == E.C_USE_POWER_REL:  # round 11c: own final attack vs the opponent's at the use, held as C_USE_HAND
            ok = card <= E.COND_REPLAY or cmp_num(power(g, p, mods), c, power(g, o, mods))
        elif kind == E.C_SAME_ATTR:  # round 11d: the attribute bit masks share a bit (Variable: every bit)
            ok = cmp_has(int(t.attrmask[p.seat, cp]) & int(t.attrmask[o.seat, co]) != 0, c)
        elif kind == E.C_NAME2:  # round 12b: one of two rule names
            ok = int(t.vname[p.seat, cp]) in (v & 0xFFFF, v >> E.NAME2_SHIFT)
        elif kind == E.C_OPP_SLOTS:  # round 13b: the opponent's slot cards, face up or down
            ok = cmp_num(sum(1 for x in o.slots if x >= 0), c, v)
        elif kind == E.C_USE_HANDF:  # round 13e: a matching own hand card at the use, held as C_USE_HAND
            ok = card <= E.COND_REPLAY or any(card_match(t, p.seat, y, c, v) for y in p.hand)
        else:
            ok = False
        if not ok:
            return False
    return True


def slot_count(g, p, row) -> int:
    """Round 11c: atk_per_slot's count when its start row applies — the cards in the own (arg2 1) or the opponent's
    (arg2 2) option slots; 0 for any other row."""
    if int(row[E.E_OP]) != E.OP_ATK_PER_SLOT:
        return 0
    x = p if int(row[E.E_ARG2]) == 1 else g.ps[1 - p.seat]
    return sum(1 for c in x.slots if c >= 0)


def opp_used_after(g, o, card, fk, fv) -> bool:
    """Round 11c (C_OPP_USED): o used an option matching (fk, fv) after the log entry a rebuild replays (card =
    COND_REPLAY - its index); at the row's use (any other card) nothing is after."""
    if card > E.COND_REPLAY:
        return False
    return any(kind == LOG_OPTION and seat == o.seat and card_match(g.t, o.seat, c, fk, fv)
               for kind, seat, _r, c, _n in g.effects.log[E.COND_REPLAY - card + 1:])


def own_box_conds_ok(g, p, row, box: int) -> bool:
    """BL-2b: the row's conditions on the player's own Digimon (level, attribute, name, frame, field,
    type, keyword, group) would hold if `box` were the box's top card; other conditions are taken as
    true (they can come true)."""
    t, s = g.t, p.seat
    if t.kind[s, box] != E.KIND_DIGIMON:
        return False
    for k in range(int(row[E.E_NCOND])):
        kind, c, v = (int(x) for x in row[E.E_COND0 + 3 * k: E.E_COND0 + 3 * k + 3])
        if kind == E.C_LEVEL:
            ok = cmp_num(int(t.level[s, box]), c, v)
        elif kind == E.C_ATTR:
            ok = cmp_has(int(t.attr[s, box]) == v, c)
        elif kind == E.C_NAME:
            ok = (int(t.namebits[s, box]) >> v) & 1 == 1 if c == E.CMP_HAS else cmp_has(int(t.vname[s, box]) == v, c)
        elif kind == E.C_FRAME:
            ok = cmp_has(int(t.frame[s, box]) == v, c)
        elif kind == E.C_FIELD:
            ok = cmp_has(v in t.fields[s, box], c)
        elif kind == E.C_TYPE:
            ok = cmp_has(v in t.words[s, box], c)
        elif kind == E.C_KEYWORD:
            ok = cmp_has(v in t.keywords[s, box], c)
        elif kind == E.C_GROUP:
            ok = cmp_has(v in t.groups[s, box], c)
        else:
            continue
        if not ok:
            return False
    return True


def matching_hand(g, p, row) -> list[int]:
    """Hand positions of the cards matching the row filter, in hand order."""
    return [pos for pos, c in enumerate(p.hand) if row_filter(g.t, p.seat, c, row)]


def cost_payable(g, p, row) -> bool:
    t = g.t
    total = sum(int(row[E.E_COST0 + 2 * k + 1]) for k in range(E.MAX_COSTS)
                if int(row[E.E_COST0 + 2 * k]) in (E.K_DISCARD, E.K_DISCARD_DIGIMON, E.K_DISCARD_IF))
    total += sum(int(row[E.E_COST0 + 2 * k + 1]) & E.COUNT_MASK for k in range(E.MAX_COSTS)
                 if int(row[E.E_COST0 + 2 * k]) == E.K_DISCARD_LV)  # round 12b: the count in the low bits
    if len(p.hand) < total:  # every discard cost of the row takes its own cards
        return False
    for k in range(E.MAX_COSTS):
        kind, n = int(row[E.E_COST0 + 2 * k]), int(row[E.E_COST0 + 2 * k + 1])
        if kind == E.K_DISCARD and len(p.hand) < n:
            return False
        if kind == E.K_DISCARD_DIGIMON and sum(1 for c in p.hand if t.kind[p.seat, c] == E.KIND_DIGIMON) < n:
            return False
        if kind == E.K_MILL and len(p.deck) < n:
            return False
        if kind == E.K_POINTS and p.points <= n:
            return False
        if kind == E.K_DISCARD_IF and len(matching_hand(g, p, row)) < n:
            return False
        if kind == E.K_SHOW and not matching_hand(g, p, row):
            return False
        if kind == E.K_PLACE and (p.supbox >= 0 or not matching_hand(g, p, row)):
            return False
        if kind == E.K_SELF_GAUGE and p.top < 0:
            return False
        if kind == E.K_HAND_ALL and not p.hand:  # round 11g
            return False
        if kind == E.K_DGM and dgm_pos(t, p) < 0:  # round 12a
            return False
        if kind == E.K_DISCARD_LV and len(level_hand(t, p, n >> E.COUNT_BITS)) < n & E.COUNT_MASK:  # round 12b
            return False
    return True


def dgm_pos(t, p) -> int:
    """Round 12a, cost dgm_discard: the hand position of the first option (hand order) that matches a Digimental of
    the own Digimon's requirements (Tables.dgm bits shared), -1 none."""
    m = int(t.dgm[p.seat, p.cur()])
    for pos, c in enumerate(p.hand):
        if m and int(t.dgm[p.seat, c]) & m and t.kind[p.seat, c] == E.KIND_OPTION:
            return pos
    return -1


def level_hand(t, p, lv) -> list[int]:
    """Round 12b (cost K_DISCARD_LV): hand positions of p's Digimon cards of level lv, in hand order."""
    return [pos for pos, c in enumerate(p.hand) if t.kind[p.seat, c] == E.KIND_DIGIMON and t.level[p.seat, c] == lv]


def faceup_op_row(g, p, op: int):
    """The first row with operation `op` of a face-up option in p's slots (slot order), None none
    (kernel_effects.faceup_op_row_nb)."""
    for k in range(3):
        if p.slots[k] >= 0 and p.slot_up[k] != 0:
            for row in rows(g, p.seat, p.slots[k]):
                if int(row[E.E_OP]) == op:
                    return row
    return None

def discard_matching(g, p, row) -> int:
    """Cost discard_if: the lowest-level matching Digimon (earliest among equals), else the first
    matching card in hand order; returns its hand position."""
    t, s = g.t, p.seat
    best, best_lv = -1, 99
    first = -1
    for pos, c in enumerate(p.hand):
        if not row_filter(t, s, c, row):
            continue
        if first < 0:
            first = pos
        if t.kind[s, c] == E.KIND_DIGIMON and t.level[s, c] < best_lv:
            best, best_lv = pos, int(t.level[s, c])
    return best if best >= 0 else first


def pay_cost(g, p, row) -> bool:
    """Pay a row's costs (``self_gauge`` aside: ``self_gauge_after``); True when the card goes to the
    point gauge (cost ``gauge``)."""
    t = g.t
    gauge = False
    for k in range(E.MAX_COSTS):
        kind, n = int(row[E.E_COST0 + 2 * k]), int(row[E.E_COST0 + 2 * k + 1])
        if kind in (E.K_DISCARD, E.K_DISCARD_DIGIMON):
            for _ in range(n):
                p.dark.append(p.hand.pop(discard_choice(t, p.seat, p.hand)))
        elif kind == E.K_MILL:
            for _ in range(n):
                p.dark.append(p.deck.pop())
        elif kind == E.K_POINTS:
            p.points = max(0, p.points - n)
        elif kind == E.K_GAUGE:
            gauge = True
        elif kind == E.K_DISCARD_IF:
            for _ in range(n):
                p.dark.append(p.hand.pop(discard_matching(g, p, row)))
        elif kind == E.K_DISCARD_LV:  # round 12b: the first ones of the level in hand order
            for _ in range(n & E.COUNT_MASK):
                p.dark.append(p.hand.pop(level_hand(t, p, n >> E.COUNT_BITS)[0]))
        elif kind == E.K_HAND_ALL:  # round 11g: hand order
            p.dark += p.hand
            p.hand = []
        elif kind == E.K_DGM:  # round 12a: the first matching card in hand order
            p.dark.append(p.hand.pop(dgm_pos(t, p)))
        elif kind == E.K_PLACE:
            c = p.hand.pop(matching_hand(g, p, row)[0])
            p.supbox, p.supbox_owner = c, p.cur()
            g.use(p, c)
    return gauge


def self_gauge_after(g, p, row) -> None:
    """Cost ``self_gauge``: after the effect, the box's top card goes to the point gauge."""
    for k in range(E.MAX_COSTS):
        if int(row[E.E_COST0 + 2 * k]) == E.K_SELF_GAUGE and p.top >= 0:
            g.log_line(f"  {'AB'[p.seat]} stacks {g.cname(p, p.top)} onto its point gauge")
            p.gauge.append(p.top)
            p.top = -1
            p.evolved_turn = 0
            g.effects.box_changed(g, p)


def box_sides(g, p, row, card) -> list[int]:
    """box_dark_pick (round 9c): the seats whose box top card p's option `card` may send to the Dark Area, own first:
    a top card (never the Level III) matching the row filter; the opponent's only when the option reaches it
    (option immunity, as opp_box_dark)."""
    t, o = g.t, g.ps[1 - p.seat]
    out = [p.seat] if p.top >= 0 and row_filter(t, p.seat, p.top, row) else []
    if o.top >= 0 and row_filter(t, o.seat, o.top, row) \
            and not (g.mods[o.seat].immune_options or card_immune(g, o, card, g.mods)):
        out.append(o.seat)
    return out


def card_immune(g, o, card, mods) -> bool:
    """o's Digimon has an active ``immune_options if card…`` row matching p's option `card`."""
    t = g.t
    c = o.cur()
    if t.modeled[o.seat, c]:
        for row in rows(g, o.seat, c):
            if int(row[E.E_OP]) == E.OP_IMMUNE_OPTIONS and int(row[E.E_TIMING]) == E.T_PASSIVE \
                    and row_on(o, row, mods) and cond_ok(g, o, row, mods, card):
                return True
    for _, r2 in g.effects.evolved_option_rows(g, o):  # a requirement option's rows for this turn
        if int(r2[E.E_OP]) == E.OP_IMMUNE_OPTIONS and cond_ok(g, o, r2, mods, card):
            return True
    return False


def per_avail(g, p, op, row=None) -> int:
    t = g.t
    if op == E.OP_PER_DISCARD:
        return len(p.hand)
    if op == E.OP_PER_DISCARD_DIGIMON:
        return sum(1 for c in p.hand if t.kind[p.seat, c] == E.KIND_DIGIMON)
    if op in (E.OP_PER_DISCARD_IF, E.OP_OPP_PER_DISCARD_IF):
        return len(matching_hand(g, p, row))
    return len(p.deck)


def has_immunity(g, o, op, mods) -> bool:
    """o has a face-up option in its slots (still active) with a row ``op`` (immune_damage / immune_further /
    immune_draw / immune_clear; no_heal, round 9c) whose conditions hold now (engine 6, round 6)."""
    for k in range(3):
        c = o.slots[k]
        if c < 0 or o.slot_up[k] == 0 or not option_active(o, c):
            continue
        for row in rows(g, o.seat, c):
            if int(row[E.E_OP]) == op and cond_ok(g, o, row, mods):
                return True
    return False


def kind_blocked(g, p, row, mods) -> bool:
    """p's row cannot reach its opponent, immune to effects of that kind: a direct point reduction (any
    timing but win / draw), a further one (win / draw rows), a forced draw, slot cards sent to the Dark Area."""
    op = int(row[E.E_OP])
    o = g.ps[1 - p.seat]
    if op in (E.OP_DAMAGE, E.OP_DAMAGE_PER_GAUGE, E.OP_OPP_REVEAL, E.OP_DAMAGE_LOST,
              E.OP_BOTH_LOSE_MAY):  # round 13a: an opponent immune to the reduction: the row as a whole not chosen
        if int(row[E.E_TIMING]) in (E.T_WIN, E.T_DRAW):
            return has_immunity(g, o, E.OP_IMMUNE_FURTHER, mods)
        return has_immunity(g, o, E.OP_IMMUNE_DAMAGE, mods)
    if op == E.OP_FORCE_DRAW:
        return has_immunity(g, o, E.OP_IMMUNE_DRAW, mods)
    if op in (E.OP_OPP_SLOTS_CLEAR, E.OP_OPP_CLEAR, E.OP_OPP_DOWN_ONE):
        return has_immunity(g, o, E.OP_IMMUNE_CLEAR, mods)
    return False


def dark_event(g, p, c: int) -> None:
    """Round 13c (kernel_effects.dark_event_nb): p's Field option c went from a face-up slot to the Dark Area: its
    dark_self_damage rows take points from p, its dark_damage rows from the opponent, N for every Digimon on the
    opponent's sheet (box, the Level III under it, support, support box) matching the row filter (a direct reduction:
    immune_damage and option immunity stop it); conditions now, row order."""
    t, mods = g.t, g.mods
    o = g.ps[1 - p.seat]
    for row in rows(g, p.seat, c):
        op = int(row[E.E_OP])
        if op == E.OP_DARK_SELF_DAMAGE and cond_ok(g, p, row, mods):
            p.points = max(0, p.points - int(row[E.E_ARG]))
            g.log_line(f"  {'AB'[p.seat]}'s {g.cname(p, c)} went to the Dark Area: {'AB'[p.seat]} loses {int(row[E.E_ARG])}")
        elif op == E.OP_DARK_DAMAGE and cond_ok(g, p, row, mods) \
                and not (mods[o.seat].immune_options or card_immune(g, o, c, mods)) \
                and not has_immunity(g, o, E.OP_IMMUNE_DAMAGE, mods):
            sheet = [o.cur()] + ([o.l3] if o.top >= 0 else []) + [x for x in (o.support, o.supbox) if x >= 0]
            n = sum(1 for y in sheet if card_match(t, o.seat, y, int(row[E.E_FILT0]), int(row[E.E_FILT0 + 1])))
            o.points = max(0, o.points - int(row[E.E_ARG]) * n)
            g.log_line(f"  {'AB'[p.seat]}'s {g.cname(p, c)} went to the Dark Area: {'AB'[o.seat]} loses "
                       f"{int(row[E.E_ARG])} x {n}")


def blocked(g, p, row, from_option, mods, card) -> bool:
    """The row cannot reach p's opponent: option immunity (an option's row aimed at it) or immunity
    to attack modification."""
    op = int(row[E.E_OP])
    o = g.ps[1 - p.seat]
    mo = mods[o.seat]
    if op in OPP_OPS:
        if from_option and (mo.immune_options or (card >= 0 and card_immune(g, o, card, mods))):
            return True
        if op in MOD_OPP_OPS and mo.immune_mod:
            return True
        if kind_blocked(g, p, row, mods):
            return True
    return False


def bt_pick(g, p, mods) -> None:
    """bt_pick (round 12d): p's battle type becomes A, B or C and, by C-TYPE-1, the opponent's attack with it: the
    letter with the largest margin of p's final attack over the opponent's now (ties: A, B, C order).  An opponent's
    attack already fixed by an effect (regardless of the battle type) stays; p keeps its printed type then."""
    o = g.ps[1 - p.seat]
    fa, sa = (p, o) if g.fa == p.seat else (o, p)
    mo = mods[o.seat]
    if mo.attack_as >= 0:
        return
    best, best_d = -1, 0
    for t in range(3):
        mo.attack_as = t
        af, as_ = g.final_attacks(fa, sa, mods)
        d = (af - as_) if fa is p else (as_ - af)
        if best < 0 or d > best_d:
            best, best_d = t, d
    mo.attack_as = best
    mods[p.seat].bt = best


def attack_pick(g, p, mask: int, mods) -> int:
    """attack_pick (round 6): the attack of `mask` (bit 1 A, 2 B, 4 C) with the largest margin of p's final attack
    over the opponent's with the modifiers now; ties: A, B, C order."""
    o = g.ps[1 - p.seat]
    fa, sa = (p, o) if g.fa == p.seat else (o, p)
    m = mods[p.seat]
    keep, best, best_d = m.attack_as, -1, 0
    for t in range(3):
        if mask & (1 << t):
            m.attack_as = t
            af, as_ = g.final_attacks(fa, sa, mods)
            d = (af - as_) if fa is p else (as_ - af)
            if best < 0 or d > best_d:
                best, best_d = t, d
    m.attack_as = keep
    return best


def modify(g, p, op, arg, arg2, mods) -> None:
    """The attack-modifier opcodes (MOD_OPS but per_*): updates of mods only."""
    t = g.t
    o = g.ps[1 - p.seat]
    mp, mo = mods[p.seat], mods[o.seat]
    if op in (E.OP_ATK_ADD, E.OP_ATK_PER_SHEET):  # atk_per_sheet: arg already times its count
        mp.add += arg
    elif op == E.OP_OPP_ATK_ADD:
        mo.add += arg
    elif op == E.OP_BASE_ADD:
        mp.base_add += arg
    elif op == E.OP_BASE_A:  # round 9c: the attack used now counts the printed A
        printed = t.atk[p.seat, p.cur()]
        mp.base_add += int(printed[E.BT_A]) - int(printed[attack_type(g, p, mods)])
    elif op == E.OP_ATK_MUL:
        mp.mul_num, mp.mul_den = arg, max(1, arg2)
    elif op == E.OP_OPP_ATK_MUL:
        mo.mul_num, mo.mul_den = arg, max(1, arg2)
    elif op == E.OP_HALVE_OPP:
        mo.halved = True
    elif op == E.OP_ATTACK_AS:
        mp.attack_as = arg
    elif op == E.OP_ATTACK_PICK:
        mp.attack_as = attack_pick(g, p, arg, mods)
    elif op == E.OP_ATTACK_HIGH:  # round 7: the letters of the highest printed number, then the pick among them
        printed = [int(x) for x in t.atk[p.seat, p.cur()]]
        mp.attack_as = attack_pick(g, p, sum(1 << k for k in range(3) if printed[k] == max(printed)), mods)
    elif op == E.OP_OPP_ATTACK_AS:
        mo.attack_as = arg
    elif op == E.OP_BT_PICK:  # round 12d
        bt_pick(g, p, mods)
    elif op == E.OP_ZERO_OPP:
        mo.zeroed = True
    elif op == E.OP_C_ZERO:  # round 13f
        mo.c_zero = True
    elif op == E.OP_NO_ZERO:
        mp.no_zero = True
    elif op == E.OP_FORCE_DRAW:
        mp.force_draw = True
    elif op == E.OP_NO_FORCE_DRAW:
        mp.no_force_draw = True
    elif op == E.OP_IMMUNE_OPTIONS:
        mp.immune_options = True
    elif op == E.OP_IMMUNE_MOD:
        mp.immune_mod = True
    elif op == E.OP_VOID_ABILITIES:
        if not t.keep_abil[o.seat, o.cur()]:
            mo.abilities_void = True
    elif op == E.OP_LOST_MUL:
        mp.lost_mul = arg
    elif op == E.OP_LOST_ADD:
        mp.lost_add += arg
    elif op == E.OP_GAIN_FIELD:
        if not mp.only_field:  # no new field icon after only_field
            mp.gain_field = arg
    elif op == E.OP_ONLY_FIELD:  # round 9a
        mp.gain_field, mp.only_field = arg, True
    elif op == E.OP_NO_DRAW_LOSS:
        mp.no_draw_loss = True
    elif op == E.OP_GAIN_KEYWORD:
        if mp.gain0 == 0 or mp.gain0 == arg:
            mp.gain0 = arg
        else:
            mp.gain1 = arg
    elif op == E.OP_OPP_LOSE_KEYWORD:
        mo.lost_kw = arg
    elif op == E.OP_ATTACK_LAST:
        mp.attack_last = True
    elif op == E.OP_NO_LOSS:
        mp.no_loss = True
    elif op == E.OP_HOST_ABC:
        mp.add += host_abc(g, p)
    elif op == E.OP_ATK_COL:  # round 11e: + the own printed number of attack arg
        mp.add += int(t.atk[p.seat, p.cur(), arg])
    elif op == E.OP_NO_C_ZERO:  # round 11e: arg 0 p's own C attack, 1 the opponent's, loses its "A→0"
        (mp if arg == 0 else mo).no_c_zero = True
    elif op == E.OP_ATK_LOST:  # round 11e: arg × the own Lost Points at Level III
        mp.add += arg * int(t.lost[p.seat, p.cur(), 0])
    elif op == E.OP_SELF_LOST_ADD:  # round 11e
        mp.self_lost += arg


def host_abc(g, p) -> int:
    """host_abc (Parasimon Bo-681): the printed A + B + C of the Digimon p's box card moved into its support box
    when it appeared (move_host), while it is there."""
    t, h = g.t, p.supbox
    if h < 0 or p.supbox_owner != p.cur() or t.kind[p.seat, h] != E.KIND_DIGIMON:
        return 0
    return int(t.atk[p.seat, h, 0]) + int(t.atk[p.seat, h, 1]) + int(t.atk[p.seat, h, 2])


def appear_host(row) -> bool:
    """The appearance row has the cost move_host: the box card goes to the support box, not the Dark Area."""
    return any(int(row[E.E_COST0 + 2 * k]) == E.K_HOST for k in range(E.MAX_COSTS))


def support_barred(g, p, mods=None) -> bool:
    """p cannot put a support Digimon into its Support Box: the opponent's box Digimon has an acting passive
    ``opp_no_support`` row whose conditions hold (Ornismon Bo-98t)."""
    mods = mods if mods is not None else g.mods
    o = g.ps[1 - p.seat]
    if not g.t.modeled[o.seat, o.cur()]:
        return False
    return any(int(row[E.E_OP]) == E.OP_OPP_NO_SUPPORT and int(row[E.E_TIMING]) == E.T_PASSIVE
               and row_on(o, row, mods) and cond_ok(g, o, row, mods) for row in rows(g, o.seat, o.cur()))


def apply_row(g, p, row, from_option: bool, mods=None, sim: bool = False, card: int = -1, count: int = 0) -> None:
    """Apply one effect row for player p.  sim: only attack modifiers, on `mods` (look-ahead, rebuild).
    card: the option card applied (-1 for an ability); count: the player's per_* count."""
    mods = mods if mods is not None else g.mods
    t = g.t
    o = g.ps[1 - p.seat]
    op, arg, arg2 = int(row[E.E_OP]), int(row[E.E_ARG]), int(row[E.E_ARG2])
    if blocked(g, p, row, from_option, mods, card):
        return
    if sim and op not in MOD_OPS:
        return
    if op in PER_OPS:
        n = count
        if not sim:
            n = min(n, per_avail(g, p, op, row))
            if arg2 > 0:
                n = min(n, arg2)
            for _ in range(n):
                if op == E.OP_PER_MILL:
                    p.dark.append(p.deck.pop())
                elif op in (E.OP_PER_DISCARD_IF, E.OP_OPP_PER_DISCARD_IF):
                    p.dark.append(p.hand.pop(discard_matching(g, p, row)))
                else:
                    p.dark.append(p.hand.pop(discard_choice(t, p.seat, p.hand)))
        if op == E.OP_OPP_PER_DISCARD_IF:  # round 10c: the opponent's attack −N per card
            mods[o.seat].add -= arg * max(0, n)
        else:
            mods[p.seat].add += arg * max(0, n)
    elif op in MOD_OPS:
        if op == E.OP_ATK_PER_SHEET:  # round 9b: N for every matching card on the sheet(s), now
            arg = arg * sheet_count(g, p, row, arg2)
        elif op == E.OP_ATK_PER_SLOT:  # round 11c: N for every slot card counted at the start (count; the log keeps it)
            op, arg = E.OP_ATK_ADD, arg * count
        modify(g, p, op, arg, arg2, mods)
    elif op == E.OP_DAMAGE:
        o.points = max(0, o.points - arg)
    elif op == E.OP_DAMAGE_LOST:  # round 9a: what p lost to this turn's battle result (Game.battle_lost)
        o.points = max(0, o.points - g.battle_lost[p.seat])
    elif op == E.OP_HEAL:
        if not (has_immunity(g, p, E.OP_NO_HEAL, mods) or has_immunity(g, o, E.OP_NO_HEAL, mods)):  # round 9c
            p.points = min(100, p.points + arg)
    elif op == E.OP_SELF_DAMAGE:
        p.points = max(0, p.points - arg)
    elif op == E.OP_KEEP_BOX:  # round 13c: read by this turn's renewal (Rules.renew)
        mods[p.seat].keep_box = True
    elif op == E.OP_DRAW:
        for _ in range(arg):
            if p.deck:
                p.hand.append(p.deck.pop())
                p.drawn |= 1 << p.hand[-1]
    elif op == E.OP_BOTH_LOSE_MAY:  # round 13a: "you may lower both … points by arg" (CD-5), one fixed choice:
        if p.points > o.points and p.points > arg:  # the owner ahead, and above arg (never its own loss or a draw)
            p.points = max(0, p.points - arg)
            o.points = max(0, o.points - arg)
    elif op == E.OP_SWAP_HAND_SLOT:  # round 12c: a hand / slot exchange (Bo-161), one fixed choice
        kp = swap_pick(g, p, arg)
        if kp is not None:
            k, pos = kp
            h = p.hand.pop(pos)
            p.hand.append(p.slots[k])
            p.slots[k], p.slot_up[k], p.slot_end[k] = h, 0, 0
    elif op == E.OP_DRAW_TO:  # round 11g: up to arg cards in hand
        while p.deck and len(p.hand) < arg:
            p.hand.append(p.deck.pop())
            p.drawn |= 1 << p.hand[-1]
    elif op == E.OP_DISCARD:
        for _ in range(arg):
            if p.hand:
                p.dark.append(p.hand.pop(discard_choice(t, p.seat, p.hand)))
    elif op == E.OP_MILL:
        for _ in range(arg):
            if p.deck:
                p.dark.append(p.deck.pop())
    elif op == E.OP_OPP_MILL:
        for _ in range(arg):
            if o.deck:
                o.dark.append(o.deck.pop())
    elif op == E.OP_OPP_DISCARD:
        for _ in range(arg):
            if o.hand:
                o.dark.append(o.hand.pop(g.rng.randint(len(o.hand))))
    elif op == E.OP_OPP_SLOTS_CLEAR:
        moved = False
        for k in range(3):
            up = o.slot_up[k] != 0
            if o.slots[k] >= 0 and (arg == E.SLOTS_ALL or (arg == E.SLOTS_UP) == up) and not keep_slot(g, o, k):
                c = o.slots[k]
                o.dark.append(c)
                o.slots[k] = -1
                o.slot_up[k] = 0
                moved = True
                if up:
                    dark_event(g, o, c)  # round 13c
        if moved:
            g.effects.dirty = True  # the cleared options' modifiers end (rebuilt after this action)
    elif op == E.OP_OPP_DOWN_ONE:  # round 9a: a blind pick among the face-down slot cards (they apply no modifier)
        down = [k for k in range(3) if o.slots[k] >= 0 and o.slot_up[k] == 0]
        if down:
            k = down[g.rng.randint(len(down))]
            g.log_line(f"  {'AB'[p.seat]} sends a face-down {g.cname(o, o.slots[k])} (seat {'AB'[o.seat]}) to the Dark Area")
            o.dark.append(o.slots[k])
            o.slots[k] = -1
    elif op == E.OP_OPP_BOX_DARK:  # round 7: never the Level III (DM-L3-1); the options tied to the card leave with it
        # round 9a: a card with the printed no_option_dark stays when an option sends it
        if o.top >= 0 and row_filter(t, o.seat, o.top, row) and not (
                from_option and any(int(x[E.E_OP]) == E.OP_NO_OPTION_DARK for x in rows(g, o.seat, o.top))):
            g.effects.box_top_to_dark(g, p, o)
    elif op == E.OP_OPP_SUPPORT_DARK:  # round 8: support_used stays set, the opponent places no other support this turn
        if o.support >= 0 and row_filter(t, o.seat, o.support, row):
            g.log_line(f"  {'AB'[p.seat]} sends the support {g.cname(o, o.support)} (seat {'AB'[o.seat]}) to the Dark Area")
            o.dark.append(o.support)
            o.support = -1
            g.effects.dirty = True  # its support rows end (the rebuild skips a logged support no longer in the box)
    elif op == E.OP_OPP_CLEAR:
        n = 0
        for k in range(3):
            c = o.slots[k]
            if c >= 0 and o.slot_up[k] != 0 and row_filter(t, o.seat, c, row) and (arg == 0 or n < arg) \
                    and not keep_slot(g, o, k):
                o.dark.append(c)
                o.slots[k] = -1
                o.slot_up[k] = 0
                n += 1
                dark_event(g, o, c)  # round 13c
        if n:
            g.effects.dirty = True  # the cleared options' modifiers end (rebuilt after this action)
    elif op == E.OP_DAMAGE_PER_GAUGE:
        o.points = max(0, o.points - arg * max(0, len(p.gauge) - 1))
    elif op == E.OP_OPP_REVEAL:
        n = min(arg, len(o.deck))
        k = sum(1 for c in o.deck[len(o.deck) - n:] if t.kind[o.seat, c] == E.KIND_OPTION)
        o.points = max(0, o.points - arg2 * k)
        g.rng.shuffle(o.deck)
    elif op == E.OP_SEARCH:
        n = min(arg, len(p.deck))
        top = p.deck[len(p.deck) - n:][::-1]  # the top card first
        take = [c for c in top if row_filter(t, p.seat, c, row)]
        if arg2 > 0:  # round 13e: at most arg2 cards ("(2 cards max)"), the top matches first
            take = take[:arg2]
        for c in take:
            p.deck.remove(c)
            p.hand.append(c)
            p.drawn |= 1 << c
        g.rng.shuffle(p.deck)
    elif op == E.OP_GAUGE_MILL:
        for _ in range(arg):
            if p.deck:
                p.gauge.append(p.deck.pop())
    elif op == E.OP_TUTOR:
        from_deck = False
        for _ in range(arg):
            pick = tutor_choice(g, p)
            if pick is None:
                break
            zone, i = pick
            c = (p.deck if zone == 0 else p.dark).pop(i)
            from_deck |= zone == 0
            p.hand.append(c)
            p.drawn |= 1 << c
        if from_deck:
            g.rng.shuffle(p.deck)
    elif op == E.OP_DARK_TO_HAND:  # round 10a
        for _ in range(arg):
            i = dark_pick(g, p, row, p.dark)
            if i is None:
                break
            c = p.dark.pop(i)
            p.hand.append(c)
            p.drawn |= 1 << c
    elif op == E.OP_GAUGE_TO_HAND:  # round 13e: the gauge's stacked cards (position 0, the start-of-game card, never)
        for _ in range(arg):
            i = dark_pick(g, p, row, p.gauge, 1)
            if i is None:
                break
            c = p.gauge.pop(i)
            p.hand.append(c)
            p.drawn |= 1 << c
    elif op == E.OP_DARK_TO_DECK:  # round 11g: the Dark Area (its order) on top of the Net Ocean, then the shuffle
        p.deck += p.dark
        p.dark = []
        g.rng.shuffle(p.deck)
    elif op == E.OP_DISCARD_HAND:
        p.dark.extend(p.hand)
        p.hand = []
    elif op == E.OP_OPP_DISCARD_HAND:  # round 6: only the cards matching the row filter (none: every card)
        o.dark.extend(c for c in o.hand if row_filter(t, o.seat, c, row))
        o.hand = [c for c in o.hand if not row_filter(t, o.seat, c, row)]
    elif op == E.OP_OPP_WIPE:
        o.dark.extend(o.hand)
        o.hand = []
        for k in range(3):
            if o.slots[k] >= 0 and not has_immunity(g, o, E.OP_IMMUNE_CLEAR, mods) and not keep_slot(g, o, k):
                c, up = o.slots[k], o.slot_up[k] != 0
                o.dark.append(c)
                o.slots[k] = -1
                o.slot_up[k] = 0
                if up:
                    dark_event(g, o, c)  # round 13c
        g.effects.dirty = True
    # evolve_now (Effects.resolve_option / use_ability: after the card's other rows), negate_* (use_option /
    # battle_start), evolve_ignore (Effects.evolve_ignore), appear (Effects.appear),
    # keep_abilities / no_ignore (printed flags in the tables): nothing to do here


def tutor_choice(g, p):
    """The card ``tutor`` takes next, as (0: deck / 1: Dark Area, position), or None (decided: the
    players take nothing rather than a card they cannot evolve into).  The highest-level Digimon that
    would be on an evolution chain of hand cards from the top card (BL-2) once in hand; among equal
    levels the deck's top card first, then the Dark Area in arrival order.  Never the point gauge."""
    t = g.t
    best, best_lv = None, -1
    cands = [(0, i, p.deck[i]) for i in range(len(p.deck) - 1, -1, -1)] + \
            [(1, i, p.dark[i]) for i in range(len(p.dark))]
    for zone, i, c in cands:
        lv = int(t.level[p.seat, c])
        if t.kind[p.seat, c] != E.KIND_DIGIMON or lv == E.LV_III or lv <= best_lv:
            continue
        if would_keep(g, p, c):
            best, best_lv = (zone, i), lv
    return best


def faceup_slot_cards(p, used_now):
    """(slot, card) of p's face-up options still in their slots and active (face-up this turn or since an earlier
    one), except those the turn's log replays (``used_now``: (seat, card) pairs)."""
    for k in range(3):
        c = p.slots[k]
        if c >= 0 and (p.slot_up[k] > 0 or p.slot_up[k] == SPENT_TURN) and option_active(p, c) \
                and (p.seat, c) not in used_now:
            yield k, c


def would_keep(g, p, c):
    """Card c, once in p's hand, would be on an evolution chain of hand cards from the top card (BL-2)."""
    from simcli.engine.reference import hand_chain_keep

    p.hand.append(c)
    on = (len(p.hand) - 1) in hand_chain_keep(g, p)
    p.hand.pop()
    return on


def dark_pick(g, p, row, zone, lo=0):
    """Round 10a: the Dark Area position ``dark_to_hand`` takes next, or None (no card matches the row filter).  Decided:
    tutor's preference among the matching cards (the highest-level Digimon that would be on an evolution chain of hand
    cards, BL-2; the first to arrive among equals), else the last matching card to arrive.  zone: p.dark (round 13e:
    p.gauge from position lo = 1, gauge_to_hand)."""
    t = g.t
    best, best_lv, last = None, -1, None
    for i in range(lo, len(zone)):
        c = zone[i]
        if not row_filter(t, p.seat, c, row):
            continue
        last = i
        lv = int(t.level[p.seat, c])
        if t.kind[p.seat, c] != E.KIND_DIGIMON or lv == E.LV_III or lv <= best_lv:
            continue
        if would_keep(g, p, c):
            best, best_lv = i, lv
    return best if best is not None else last


def rows(g, seat, card):
    t = g.t
    return [t.effects[r] for r in range(int(t.eff_lo[seat, card]), int(t.eff_hi[seat, card]))]


def battle_card(g, seat, card) -> bool:
    """The option has battle rows and is used in a battle window (kernel_effects.battle_card_nb): an option with rows
    at the Point Calculation too is a Point Calculation card whose battle rows act in a later battle from its face-up
    slot (Jumper ROM Bo-451: "for the next turn only … add 100"), never used in a window."""
    tms = {int(r[E.E_TIMING]) for r in rows(g, seat, card)}
    return E.T_BATTLE in tms and E.T_POINT not in tms


def swap_pick(g, p, mask):
    """Round 12c (swap_hand_slot): the exchange every player makes, (slot, hand position) or None: the first face-down
    card of the slots in mask (bit k = slot k + 1) without a battle row, with the first Option card in hand that has a
    battle row and may lie in that slot (slot_pos 0 or k + 1) — a card for this battle in place of one that has none."""
    t, s = g.t, p.seat
    for k, c in enumerate(p.slots):
        if not (mask >> k) & 1 or c < 0 or p.slot_up[k] != 0 or battle_card(g, s, c):
            continue
        for pos, h in enumerate(p.hand):
            if t.kind[s, h] == E.KIND_OPTION and t.usable_opt[s, h] and battle_card(g, s, h) \
                    and int(t.slot_pos[s, h]) in (0, k + 1):
                return k, pos
    return None


def option_limit(row, p) -> tuple[int, int]:
    """(slot_up after use, end events): 0 → Dark Area at the end of the phase, SPENT_TURN → at the end of
    the turn, N turns, PERSIST (no turn limit)."""
    lim, ends = int(row[E.E_LIMIT]), int(row[E.E_LIMIT_END])
    if lim == E.L_TURNS:
        return max(1, int(row[E.E_LIMIT_ARG])), ends
    if lim == E.L_TURNS_GAUGE:  # round 13c: the count's end stacks the card onto the gauge (slot state LE_TO_GAUGE)
        return max(1, int(row[E.E_LIMIT_ARG])), ends | E.LE_TO_GAUGE
    if lim == E.L_DISCARDED:
        return PERSIST, ends
    if lim == E.L_TURN:
        return SPENT_TURN, ends
    return 0, ends


def negate_kind(g, p, c, target_type: int) -> bool:
    """Option c of p can negate an option of this type (-1: only negate_item's standalone use)."""
    for r in rows(g, p.seat, c):
        if int(r[E.E_TIMING]) != E.T_BATTLE:
            continue
        op = int(r[E.E_OP])
        if op == E.OP_NEGATE_OPTION and target_type >= 0:
            return True
        if op == E.OP_NEGATE_PROGRAM and target_type == OPT_PROGRAM:
            return True
        if op == E.OP_NEGATE_ITEM and (target_type == OPT_ITEM or target_type < 0):
            return True
    return False


def option_active(p, card) -> bool:
    """Option `card` is in one of p's slots and not tied (end event ``leave``) to a Digimon that left."""
    for k in range(3):
        if p.slots[k] == card:
            return not (p.slot_up[k] != 0 and p.slot_end[k] & E.LE_LEAVE and p.slot_card[k] != p.cur())
    return False


def lost_row(row) -> bool:
    """Round 11f: the row changes the opponent's lost points (lost*K, lost+N)."""
    return int(row[E.E_OP]) in (E.OP_LOST_MUL, E.OP_LOST_ADD)


def keep_slot(g, o, k) -> bool:
    """An opponent's effect would send o's slot-k card to the Dark Area: a face-up option with a
    ``keep_slot(N)`` row stays when o can send its top N Net Ocean cards to the Dark Area, which it then
    does (Re-60t; decided: every player keeps it whenever it can pay)."""
    if o.slot_up[k] == 0:
        return False
    for row in rows(g, o.seat, o.slots[k]):
        if int(row[E.E_OP]) == E.OP_KEEP_SLOT and len(o.deck) >= int(row[E.E_ARG]):
            for _ in range(int(row[E.E_ARG])):
                o.dark.append(o.deck.pop())
            g.log_line(f"  {'AB'[o.seat]} keeps {g.cname(o, o.slots[k])} in its slot")
            return True
    return False


def appear_rows(g, seat, card, timing):
    t = g.t
    return [r for r in range(int(t.app_lo[seat, card]), int(t.app_hi[seat, card]))
            if int(t.effects[r][E.E_TIMING]) == timing]


def legal_appearances(g, p, timing) -> list[tuple[int, int]]:
    """(hand position, appearance row) pairs that can be used now, in hand order then row order
    (at most one appearance per player and turn)."""
    t = g.t
    if p.appeared == g.turn:
        return []
    out = []
    for pos, c in enumerate(p.hand):
        if t.kind[p.seat, c] != E.KIND_DIGIMON:
            continue
        for r in appear_rows(g, p.seat, c, timing):
            row = t.effects[r]
            if cond_ok(g, p, row) and appear_cost_payable(g, p, c, row):
                out.append((pos, r))
    return out


def appear_cost_payable(g, p, c, row) -> bool:
    """The appearance's costs can be paid with the card itself out of the hand."""
    pos = p.hand.index(c)
    p.hand.pop(pos)
    try:
        return cost_payable(g, p, row)
    finally:
        p.hand.insert(pos, c)


def next_level_targets(g, p, row) -> list[int]:
    """evolve_now: hand positions of Digimon of the next level that may be evolved into (not
    ``no_ignore``, matching the row filter and its wp_step), in hand order."""
    t, s = g.t, p.seat
    lv = int(t.level[s, p.cur()]) + 1
    if lv > E.LV_ULTIMATE:
        return []
    return [pos for pos, c in enumerate(p.hand) if t.kind[s, c] == E.KIND_DIGIMON and t.level[s, c] == lv
            and not t.no_ignore[s, c] and row_filter(t, s, c, row) and wp_step_ok(t, s, p.cur(), c, row)]


def wp_step_ok(t, s: int, frm: int, c: int, row) -> bool:
    """Round 9b: evolve_now row's ``wp_step`` filter holds for hand Digimon c evolving from card frm: an evolution
    alternative of c from frm (its name and qualifier) whose only requirement is a Winning Percentage up to the
    filter's value, or the option it names (codes.FK_WP_STEP); True when the row has no such filter."""
    for i in range(E.MAX_FILTERS):
        if int(row[E.E_FILT0 + 2 * i]) != E.FK_WP_STEP:
            continue
        v = int(row[E.E_FILT0 + 2 * i + 1])
        for a in range(int(t.req_n[s, c])):
            if t.req[s, c, a, R_FROM] != t.name[s, frm] or not qualifier_ok(t, s, c, a, frm) \
                    or t.req[s, c, a, R_CARDS] != 0 or t.req[s, c, a, R_JOG] >= 0:
                continue
            w, o = int(t.req[s, c, a, R_WP]), int(t.req[s, c, a, R_OPT])
            if (0 < w <= v & 0xFF and o < 0) or (w <= 0 and o >= 0 and o == (v >> 8) - 1):
                return True
        return False
    return True


class Effects(NoEffects):
    """The effect hooks the Game skeleton calls (reference.Game.play_turn)."""

    spent: list = []
    log: list = []  # this battle's modifier rows: (kind, seat, row, card, count)
    dirty = False  # a box changed or slots were cleared: rebuild the modifiers after the action
    in_battle = False
    used_battle: list = []  # (seat, card) of the options used in this turn's battle windows (their result rows)

    # ---- helpers -------------------------------------------------------------------------------
    def abilities_active(self, g, p) -> bool:
        """Some row of p's top card can act (modeled; abilities not void, or a row that is not a special
        ability); each row then asks row_on."""
        if not g.t.modeled[p.seat, p.cur()]:
            return False
        return not g.mods[p.seat].abilities_void or any(
            int(row[E.E_FLAGS]) & E.RF_NOT_SPECIAL for row in rows(g, p.seat, p.cur()))

    def auto_abilities(self, g, p, timing: int) -> None:
        if not self.abilities_active(g, p):
            return
        used = False
        c = p.cur()
        for r in range(int(g.t.eff_lo[p.seat, c]), int(g.t.eff_hi[p.seat, c])):
            row = g.t.effects[r]
            if int(row[E.E_TIMING]) == timing and row_on(p, row, g.mods) and cond_ok(g, p, row) \
                    and cost_payable(g, p, row):
                pay_cost(g, p, row)
                apply_row(g, p, row, False)
                self.record(g, LOG_ABILITY, p, r, c, 0)
                used = True
        if used:
            g.card_uses[p.seat, c] += 1
            p.used |= 1 << c

    def record(self, g, kind, p, r, card, count) -> None:
        """Log a row applied in this battle (attack modifiers only: what a rebuild re-applies)."""
        if self.in_battle and int(g.t.effects[r][E.E_OP]) in MOD_OPS:
            self.log.append((kind, p.seat, r, card, count))

    def use_option(self, g, p, k: int, timing: int, count: int = 0, respond: bool = True) -> None:
        """Use the option in slot k at this timing: costs (its first row's, once), (battle: the opponent
        may negate it), then its rows with that timing.  count: the player's per_* count."""
        t = g.t
        c = p.slots[k]
        idx = [r for r in range(int(t.eff_lo[p.seat, c]), int(t.eff_hi[p.seat, c]))
               if int(t.effects[r][E.E_TIMING]) == timing]
        gauge = pay_cost(g, p, t.effects[idx[0]]) if idx else False
        g.use(p, c)
        g.log_line(f"  {'AB'[p.seat]} uses {g.cname(p, c)}")
        if respond and timing == E.T_BATTLE:
            o = g.ps[1 - p.seat]
            ch = g.players[o.seat].negate_response(g, o, p, c, count)
            if ch is not None:
                kind, k2 = ch
                p.dark.append(c)
                p.slots[k] = -1
                p.slot_up[k] = 0
                self.negate_with(g, o, kind, k2)
                return
        if timing == E.T_BATTLE:  # its win / lose / draw rows apply at Point Calculation (result_rows)
            self.used_battle.append((p.seat, c))
        self.resolve_option(g, p, k, idx, gauge, count)
        if timing == E.T_BATTLE and self.watched(g, p.seat, c):  # round 11c: an opp_used row names it (rebuilt)
            self.dirty = True

    def watched(self, g, seat: int, c: int) -> bool:
        """Round 11c: an opp_used / opp_unused condition of the other seat names card c (tables TM_WATCHED); the other
        seat's filters are read once per table."""
        key = (id(g.t), 1 - seat)
        cache = self.__dict__.setdefault("_used_filters", {})
        if key not in cache:
            cache[key] = opp_used_filters(g.t, 1 - seat)
        return bool(cache[key]) and opp_used_watch(g.t, seat, c, cache[key])

    def resolve_option(self, g, p, k, idx, gauge, count) -> None:
        """An option's rows (indices idx, one timing), then its limit.  A Field option turning face-up
        first sends the player's face-up options with end event ``field`` to the Dark Area."""
        t = g.t
        c = p.slots[k]
        if int(t.optype[p.seat, c]) == E.OPT_FIELD:
            for k2 in range(3):
                if k2 != k and p.slots[k2] >= 0 and p.slot_up[k2] != 0 and p.slot_end[k2] & E.LE_FIELD:
                    c2 = p.slots[k2]
                    self.discard_slot(g, p, k2)
                    if self.in_battle:
                        self.dirty = True
                    dark_event(g, p, c2)  # round 13c
        evo = pick = None
        for r in idx:
            row = t.effects[r]
            if cond_ok(g, p, row):
                apply_row(g, p, row, True, card=c, count=count)
                self.record(g, LOG_OPTION, p, r, c, count)
                if int(row[E.E_OP]) == E.OP_EVOLVE_NOW:
                    evo = row
                elif int(row[E.E_OP]) == E.OP_BOX_DARK_PICK:
                    pick = row
            elif waits_for_use(row):  # round 11c: an opp_used row, replayed by a rebuild once it holds
                self.record(g, LOG_OPTION, p, r, c, count)
        up, ends = option_limit(t.effects[idx[0]], p) if idx else (0, 0)
        if gauge:
            p.gauge.append(c)
            p.slots[k] = -1
            p.slot_up[k] = 0
        elif up > 0:
            p.slot_up[k], p.slot_end[k], p.slot_card[k] = up, ends, p.cur()
        elif up == SPENT_TURN:
            p.slot_up[k], p.slot_end[k], p.slot_card[k] = SPENT_TURN, ends, p.cur()
        else:
            p.slot_up[k], p.slot_end[k] = SPENT_PHASE, 0  # used this phase: to the Dark Area at its end
            self.spent.append((p.seat, k))
        if evo is not None:  # decided: evolve_now takes effect after the card's other rows
            self.evolve_now(g, p, evo)
        if pick is not None:  # round 9c: box_dark_pick, after the card's other rows (as evolve_now)
            self.box_pick(g, p, pick, c)

    def negate_with(self, g, p, kind: int, idx: int) -> None:
        """p negates with the option in slot idx (kind 1: it is used like any option) or with the ◎
        ability row idx of its Digimon (kind 0: used once this turn, its costs paid)."""
        if kind == 1:
            g.log_line(f"  {'AB'[p.seat]} negates it with {g.cname(p, p.slots[idx])}")
            self.use_option(g, p, idx, E.T_BATTLE, 0, False)
            return
        c = p.cur()
        g.log_line(f"  {'AB'[p.seat]} negates it with the ability of {g.cname(p, c)}")
        g.ability_used.add((p.seat, idx))
        pay_cost(g, p, g.t.effects[idx])
        g.card_uses[p.seat, c] += 1
        p.used |= 1 << c

    def end_phase(self, g) -> None:
        for seat, k in self.spent:
            p = g.ps[seat]
            if p.slots[k] < 0:  # cleared meanwhile (opp_slots_clear …)
                continue
            p.dark.append(p.slots[k])
            p.slots[k] = -1
            p.slot_up[k] = 0
        self.spent = []

    def use_support(self, g, p, pos: int) -> None:
        """DM-BAT-2: hand[pos] goes to the Support Box; its support rows' costs are paid (a ``gauge``
        cost is ignored: the card stays in the Support Box), then the rows whose conditions hold apply."""
        t = g.t
        c = p.hand.pop(pos)
        p.support = c
        p.support_used = True
        idx = [r for r in range(int(t.eff_lo[p.seat, c]), int(t.eff_hi[p.seat, c]))
               if int(t.effects[r][E.E_TIMING]) == E.T_SUPPORT]
        for r in idx:
            pay_cost(g, p, t.effects[r])
        for r in idx:
            if cond_ok(g, p, t.effects[r]):
                apply_row(g, p, t.effects[r], False)
                self.record(g, LOG_SUPPORT, p, r, c, 0)
        g.use(p, c)
        g.log_line(f"  {'AB'[p.seat]} supports with {g.cname(p, c)}")
        self.dirty = True  # passives with support: / sheet: conditions see the new card

    def use_ability(self, g, p, r: int, count: int = 0) -> None:
        row = g.t.effects[r]
        c = p.cur()
        g.ability_used.add((p.seat, r))
        pay_cost(g, p, row)
        ok = cond_ok(g, p, row)
        if ok:
            cards = len(p.deck) + len(p.hand)
            apply_row(g, p, row, False, count=count)
            self.record(g, LOG_ABILITY, p, r, c, count)
            if int(row[E.E_LIMIT]) == E.L_LEAVE_AT and cards - len(p.deck) - len(p.hand) >= int(row[E.E_LIMIT_ARG]):
                p.top_until, p.top_until_card = g.turn, c  # to the Dark Area at the end of the turn (Bo-1201)
        g.card_uses[p.seat, c] += 1
        p.used |= 1 << c
        g.log_line(f"  {'AB'[p.seat]} uses the ability of {g.cname(p, c)}")
        self_gauge_after(g, p, row)
        if ok and int(row[E.E_OP]) == E.OP_EVOLVE_NOW:
            self.evolve_now(g, p, row)

    def no_evo_heal(self, g, p) -> bool:
        """Round 10d: p's top Digimon was evolved this turn by an option with a ``no_evo_heal`` row (its own
        ``evolved`` heal rows give no points: "You do not regain any points from evolving to Ultimate level
        using this card", Ta-1)."""
        return any(dig == p.cur() and any(int(r[E.E_OP]) == E.OP_NO_EVO_HEAL for r in rows(g, p.seat, opt))
                   for opt, dig in p.evo_opts)

    def evolved_option_rows(self, g, p, later: bool = False):
        """(option, row) of the requirement options whose Digimon is still the top: their ``evolved`` rows.
        later (round 11b): also the battle rows of an evolve_ignore option of two timings ("1) Evolution Phase
        2) Battle Phase", tables.later_option), which act from the Power Box in this turn's battle whatever
        Digimon is the top card; in row order, option by option."""
        out = []
        if not g.t.eff_hi.size:
            return out
        for opt, dig in p.evo_opts:
            late = later and later_option(g.t, p.seat, opt)
            if dig == p.cur() or late:
                for row in rows(g, p.seat, opt):
                    tm = int(row[E.E_TIMING])
                    if (dig == p.cur() and tm == E.T_EVOLVED) or (late and tm == E.T_BATTLE):
                        out.append((opt, row))
        return out

    # ---- box changes in a battle: appearance, evolve_now, self_gauge ----------------------------
    def box_changed(self, g, p) -> None:
        """p's top card changed: options and cards tied to the old one leave; in a battle the
        modifiers are rebuilt at once (the new card's own rows then see its real state)."""
        self.unbind_player(g, p)
        if self.in_battle:
            self.dirty = False
            self.rebuild(g)

    def appear(self, g, p, pos: int, r: int) -> None:
        """Appearance (seed 003 §3.2.2.1 ex. 6): hand[pos] appears on p's box by row r: costs, the
        old top card (not the Level III) to the Dark Area, then its ``appear`` rows and the
        opponent's ``opp_evolved`` rows."""
        t = g.t
        row = t.effects[r]
        c = p.hand.pop(pos)
        had_supbox = p.supbox >= 0
        n0 = len(p.dark)
        pay_cost(g, p, row)
        prev = p.cur()
        if p.top >= 0:
            if appear_host(row):  # move_host: the box card goes to the support box instead (Parasimon)
                if p.supbox >= 0:  # a card placed by the Digimon that leaves goes with it
                    p.dark.append(p.supbox)
                p.supbox, p.supbox_owner = p.top, c
                had_supbox = True
            else:
                p.dark.append(p.top)
        p.top = c
        if p.supbox >= 0 and not had_supbox:  # placed by this appearance: it stays with the new card
            p.supbox_owner = c
        place_beside(g, p, c, n0)
        p.appeared = g.turn
        p.evolved_turn = 0
        lim = int(row[E.E_LIMIT])
        p.top_until = {E.L_TURN: g.turn, E.L_TURNS: g.turn + max(1, int(row[E.E_LIMIT_ARG])) - 1}.get(lim, 0)
        p.top_until_card = c
        g.use(p, c)
        g.level_seen(p, int(t.level[p.seat, c]))
        g.log_line(f"  {'AB'[p.seat]} makes {g.cname(p, c)} appear (on {g.cname(p, prev)})")
        self.box_changed(g, p)
        self.auto_abilities(g, p, E.T_APPEAR)
        self.opp_evolved(g, p)

    def box_pick(self, g, p, row, card) -> None:
        """box_dark_pick (round 9c): the player's policy picks a side (box_sides); that side's box top card goes to
        its owner's Dark Area, the Level III under it battles on (DM-L3-1), as opp_box_dark."""
        s = g.players[p.seat].box_side(g, p, row, card)
        if s < 0:
            return
        self.box_top_to_dark(g, p, g.ps[s])

    def box_top_to_dark(self, g, p, q) -> None:
        """p's effect sends q's box top card to q's Dark Area (opp_box_dark, box_dark_pick): never the Level III under
        it (DM-L3-1), which battles on; the options tied to the card leave with it."""
        g.log_line(f"  {'AB'[p.seat]} sends {g.cname(q, q.top)} (seat {'AB'[q.seat]}) to the Dark Area")
        q.dark.append(q.top)
        q.top = -1
        q.evolved_turn = 0
        self.unbind_player(g, q)
        if self.in_battle:
            self.dirty = True  # the modifiers are rebuilt from the Level III (after this action)

    def evolve_now(self, g, p, row) -> None:
        """evolve_now: the player's policy picks a next-level Digimon from hand (or none)."""
        t = g.t
        pos = g.players[p.seat].evolve_target(g, p, row)
        if pos is None:
            return
        c = p.hand.pop(pos)
        prev = p.cur()
        if p.top >= 0:
            p.dark.append(p.top)
        p.top = c
        p.evolved_turn = g.turn
        g.use(p, c)
        g.level_seen(p, int(t.level[p.seat, c]))
        g.log_line(f"  {'AB'[p.seat]} evolves {g.cname(p, prev)} → {g.cname(p, c)} (requirements ignored)")
        self.box_changed(g, p)
        if self.abilities_active(g, p):  # its `evolved` rows (a rebuild re-derives their modifiers)
            for row2 in rows(g, p.seat, c):
                if int(row2[E.E_TIMING]) == E.T_EVOLVED and row_on(p, row2, g.mods) and cond_ok(g, p, row2):
                    apply_row(g, p, row2, False)
        self.opp_evolved(g, p)

    def opp_evolved(self, g, p) -> None:
        """p's Digimon evolved or appeared: the opponent's ``opp_evolved`` rows."""
        o = g.ps[1 - p.seat]
        self.auto_abilities(g, o, E.T_OPP_EVOLVED)

    def rebuild(self, g, mods=None, fa=None, sa=None) -> list:
        """The battle modifiers from scratch (see the module docstring); into `mods` (default: g.mods)."""
        fa = fa or g.ps[g.fa]
        sa = sa or g.ps[1 - g.fa]
        target = mods if mods is not None else g.mods
        m = [Mods(), Mods()]
        self.base_modifiers(g, fa, sa, m, sim=True)
        self.faceup_options(g, fa, sa, m, True)
        t = g.t
        for i, (kind, seat, r, card, count) in enumerate(self.log):
            p = g.ps[seat]
            if kind == LOG_OPTION and not option_active(p, card):
                continue
            if kind == LOG_ABILITY and card != p.cur():
                continue
            if kind == LOG_SUPPORT and card != p.support:
                continue
            row = t.effects[r]
            if cond_ok(g, p, row, m, E.COND_REPLAY - i):  # round 11c: use_* held, opp_used after entry i
                apply_row(g, p, row, kind == LOG_OPTION, mods=m, sim=True, card=card if kind == LOG_OPTION else -1,
                          count=count)
        target[0], target[1] = m[0], m[1]
        return target

    def base_modifiers(self, g, fa, sa, m, sim: bool) -> None:
        """Voids (both sides at once), passives and ``evolved`` rows of the top cards and of the
        requirement options.  sim: attack modifiers only (a rebuild)."""
        t = g.t
        saved, g.mods = g.mods, m
        try:
            void = []
            for p in (sa, fa):  # seed 003 §3.5: two such Digimon void each other
                if t.modeled[p.seat, p.cur()]:
                    for row in rows(g, p.seat, p.cur()):
                        if int(row[E.E_OP]) == E.OP_VOID_ABILITIES and int(row[E.E_TIMING]) == E.T_PASSIVE \
                                and cond_ok(g, p, row, m):
                            void.append((p, row))
                            break
            for p, row in void:
                apply_row(g, p, row, False, mods=m, sim=sim)
            self.keywords_first(g, fa, sa, m)
            for p in (sa, fa):
                if self.abilities_active(g, p):
                    for row in rows(g, p.seat, p.cur()):
                        tm = int(row[E.E_TIMING])
                        if int(row[E.E_OP]) == E.OP_VOID_ABILITIES and tm == E.T_PASSIVE:
                            continue
                        if (tm == E.T_PASSIVE or (tm == E.T_EVOLVED and p.evolved_turn == g.turn)) \
                                and row_on(p, row, m) and cond_ok(g, p, row, m):
                            if tm == E.T_EVOLVED and int(row[E.E_OP]) == E.OP_HEAL and p.evo_opts \
                                    and self.no_evo_heal(g, p):
                                continue  # round 10d: evolved by an option with no_evo_heal (Ta-1)
                            apply_row(g, p, row, False, mods=m, sim=sim)
                for opt, row in self.evolved_option_rows(g, p, later=True):
                    if cond_ok(g, p, row, m):
                        apply_row(g, p, row, True, mods=m, sim=sim, card=opt)
        finally:
            g.mods = saved

    def keywords_first(self, g, fa, sa, m) -> None:
        """Before any passive is evaluated: the ability keywords given or taken (gain / opp_lose) by the top cards'
        acting passive and this turn's ``evolved`` rows, the requirement options' ``evolved`` rows and the face-up
        options' rows (faceup_options' selection), so that every row reading a keyword (either Digimon's passives
        included) sees them: a "gains the ability" effect holds while its source stays (seed 003 §3.4), a passive
        acts always.  Attack modifiers only; the passes after apply these rows again, which changes nothing (gain
        / opp_lose are idempotent)."""
        kw = (E.OP_GAIN_KEYWORD, E.OP_OPP_LOSE_KEYWORD)
        used_now = {(x[1], x[3]) for x in self.log if x[0] == LOG_OPTION}
        for p in (sa, fa):
            if self.abilities_active(g, p):
                for row in rows(g, p.seat, p.cur()):
                    tm = int(row[E.E_TIMING])
                    if int(row[E.E_OP]) in kw and (tm == E.T_PASSIVE or (tm == E.T_EVOLVED and p.evolved_turn == g.turn)) \
                            and row_on(p, row, m) and cond_ok(g, p, row, m):
                        apply_row(g, p, row, False, mods=m, sim=True)
            for opt, row in self.evolved_option_rows(g, p):
                if int(row[E.E_OP]) in kw and cond_ok(g, p, row, m):
                    apply_row(g, p, row, True, mods=m, sim=True, card=opt)
            for k, c in faceup_slot_cards(p, used_now):
                for row in rows(g, p.seat, c):
                    tm = int(row[E.E_TIMING])
                    if int(row[E.E_OP]) in kw and ((tm == E.T_BATTLE and p.slot_up[k] > 0) or tm in (E.T_PREP, E.T_EVOLUTION)) \
                            and cond_ok(g, p, row, m):
                        apply_row(g, p, row, True, mods=m, sim=True, card=c)

    def faceup_options(self, g, fa, sa, m, sim: bool) -> None:
        """Face-up options still in their slots: battle rows (full apply at the start of the battle,
        modifiers only in a rebuild) and the modifier rows of prep / evolution options used before."""
        used_now = {(x[1], x[3]) for x in self.log if x[0] == LOG_OPTION}  # replayed from the log instead
        for p in (sa, fa):
            for k, c in faceup_slot_cards(p, used_now):
                for row in rows(g, p.seat, c):
                    tm = int(row[E.E_TIMING])
                    if tm == E.T_BATTLE and p.slot_up[k] > 0:
                        if cond_ok(g, p, row, m):
                            apply_row(g, p, row, True, mods=m, sim=sim, card=c)
                    elif tm in (E.T_PREP, E.T_EVOLUTION) and cond_ok(g, p, row, m):
                        apply_row(g, p, row, True, mods=m, sim=True, card=c)

    # ---- hooks -----------------------------------------------------------------------------------
    def prep_phase(self, g, p, player) -> None:
        self.spent = []
        self.auto_abilities(g, p, E.T_PREP)
        for k in player.timed_options(g, p, E.T_PREP):
            self.use_option(g, p, k, E.T_PREP)
        self.end_phase(g)

    def after_evolution(self, g, p, evolved: bool) -> None:
        """After p's Evolution phase: the opponent's ``opp_evolved`` rows (when p evolved), then p's
        evolution-timing options (seed 004)."""
        if evolved:
            self.ignore_after(g, p)
            self.opp_evolved(g, p)
        self.spent = []
        for k in g.players[p.seat].timed_options(g, p, E.T_EVOLUTION):
            self.use_option(g, p, k, E.T_EVOLUTION)
        self.end_phase(g)

    def ignore_after(self, g, p) -> None:
        """Engine 5: an ``evolve_ignore`` option that served one of this turn's evolution steps applies its
        other evolution-timing rows right after p's evolution ("… evolve your Level III Digimon into a Level
        IV Digimon.  After that, choose one card from your hand and send it to the Dark Area"), before the
        opponent's ``opp_evolved`` rows; conditions are not checked again (the translator gives such rows
        none: the option's conditions were checked when it was used)."""
        for opt, dig in p.evo_opts:
            rs = rows(g, p.seat, opt)
            if not any(int(r[E.E_OP]) == E.OP_EVOLVE_IGNORE for r in rs):
                continue
            for r in rs:
                if int(r[E.E_TIMING]) == E.T_EVOLUTION and int(r[E.E_OP]) != E.OP_EVOLVE_IGNORE:
                    apply_row(g, p, r, True, card=opt)

    def unbind_player(self, g, p) -> None:
        """Options used with a Digimon that is no longer the top card (end event LE_LEAVE), and a card
        placed into the support box by one, go to the Dark Area."""
        for k in range(3):
            if p.slots[k] >= 0 and p.slot_up[k] != 0 and p.slot_end[k] & E.LE_LEAVE and p.slot_card[k] != p.cur():
                self.discard_slot(g, p, k)
        if p.supbox >= 0 and p.supbox_owner != p.cur():
            p.dark.append(p.supbox)
            p.supbox = -1
        if p.beside >= 0 and p.beside_owner != p.cur():  # round 11a: with the Digimon it lay beside
            p.dark.append(p.beside)
            p.beside = -1

    def discard_slot(self, g, p, k) -> None:
        p.dark.append(p.slots[k])
        p.slots[k] = -1
        p.slot_up[k] = 0
        p.slot_end[k] = 0

    def evolve_ignore(self, g, p, player) -> None:
        """DM-EVO-5, Preparation step (4) when no chain was prepared: the player may use an
        ``evolve_ignore`` option (timing evolution) from a slot to prepare one step to a Digimon of the
        next level from hand (not ``no_ignore``, reachable by some non-Jogress requirement alternative).
        The option goes into the Power Box (to the Dark Area after the Evolution phase, or at the end
        of the turn with a ``turn`` limit); its costs are paid once the step is prepared."""
        ch = player.ignore_choice(g, p)
        if ch is None:
            return
        k, pos = ch
        from simcli.engine.reference import Step

        c, opt = p.hand[pos], p.slots[k]
        g.rules.prepare_chain(g, p, [Step(c, pos, -1, 0, res=opt, res_slot=k, ignore=True)])
        for r in rows(g, p.seat, opt):
            if int(r[E.E_TIMING]) == E.T_EVOLUTION and int(r[E.E_OP]) == E.OP_EVOLVE_IGNORE:
                pay_cost(g, p, r)
                break

    def battle_start(self, g, fa, sa):
        """The start of the battle (seed 003 §3.3): start-of-battle appearances (second attacker,
        then first), voids and passives, ``attack_last``, item negation, face-up options, ``start``
        rows.  Returns (first, second) attacker of this battle."""
        self.spent = []
        self.log = []
        self.used_battle = []
        self.dirty = False
        self.in_battle = False
        g.ability_used = set()
        g.mods = [Mods(), Mods()]
        self.unbind(g)
        for p in (sa, fa):
            ch = g.players[p.seat].appear_choice(g, p, E.T_START)
            if ch is not None:
                self.appear(g, p, *ch)
        self.base_modifiers(g, fa, sa, g.mods, sim=False)
        if g.mods[fa.seat].attack_last and not g.mods[sa.seat].attack_last:
            fa, sa = sa, fa  # OP_ATTACK_LAST: the other player is first attacker for this battle
            g.fa = fa.seat
            g.log_line(f"  {'AB'[sa.seat]} attacks last: {'AB'[fa.seat]} is first attacker in this battle")
            g.mods = [Mods(), Mods()]  # the passives again with the new roles (conditions first / second)
            self.base_modifiers(g, fa, sa, g.mods, sim=True)
        kw = self.faceup_kw(g)
        for p in (sa, fa):  # negate_item against Items already face-up (second attacker, then first)
            o = g.ps[1 - p.seat]
            while True:
                ch = g.players[p.seat].item_negation(g, p)
                if ch is None:
                    break
                kind, k, tk = ch
                g.log_line(f"  {'AB'[p.seat]} negates {g.cname(o, o.slots[tk])}")
                self.discard_slot(g, o, tk)
                self.negate_with(g, p, kind, k)
        if kw and self.faceup_kw(g) != kw:
            self.dirty = True  # a negated Item's keyword already reached the passives: rebuilt after the start rows
        self.in_battle = True
        self.faceup_options(g, fa, sa, g.mods, False)
        for p in (sa, fa):  # "at the start of the battle" abilities
            if self.abilities_active(g, p):
                c = p.cur()
                for r in range(int(g.t.eff_lo[p.seat, c]), int(g.t.eff_hi[p.seat, c])):
                    row = g.t.effects[r]
                    if int(row[E.E_TIMING]) == E.T_START and row_on(p, row, g.mods) and cond_ok(g, p, row) \
                            and cost_payable(g, p, row):
                        pay_cost(g, p, row)
                        n = slot_count(g, p, row)
                        apply_row(g, p, row, False, count=n)
                        self.record(g, LOG_ABILITY, p, r, c, n)
                        self_gauge_after(g, p, row)
        self.settle(g)
        return fa, sa

    def mods_without(self, g, q, k) -> list:
        """The base modifiers as if q's slot k were empty (greedy's negate_item look at a face-up Item whose keyword
        keywords_first already gave the passives)."""
        c, q.slots[k] = q.slots[k], -1
        m = [Mods(), Mods()]
        try:
            self.base_modifiers(g, g.ps[g.fa], g.ps[1 - g.fa], m, sim=True)
        finally:
            q.slots[k] = c
        return m

    @staticmethod
    def faceup_kw(g) -> int:
        """Face-up slot cards with a keyword row (gain / opp_lose), both seats."""
        kw = (E.OP_GAIN_KEYWORD, E.OP_OPP_LOSE_KEYWORD)
        return sum(1 for p in g.ps for k in range(3) if p.slots[k] >= 0 and p.slot_up[k] != 0
                   and any(int(r[E.E_OP]) in kw for r in rows(g, p.seat, p.slots[k])))

    def settle(self, g) -> None:
        if self.dirty:
            self.dirty = False
            self.rebuild(g)

    def battle_windows(self, g, fa, sa) -> None:
        cur, passes, windows = sa, 0, 0
        while passes < 2 and windows < 16:
            acted = False
            for _ in range(8):
                act = g.players[cur.seat].battle_action(g, cur)
                if act is None:
                    break
                kind, idx, count = act
                if kind == 0:
                    self.use_ability(g, cur, idx, count)
                elif kind == 2:
                    self.use_support(g, cur, idx)
                elif kind == 3:
                    self.appear(g, cur, idx, count)
                else:
                    self.use_option(g, cur, idx, E.T_BATTLE, count)
                self.settle(g)
                acted = True
                if g.decided():
                    break
            if g.decided():
                break
            passes = 0 if acted else passes + 1
            windows += 1
            cur = g.ps[1 - cur.seat]
        self.in_battle = False
        self.end_phase(g)

    def point_options(self, g, fa, sa, result) -> None:
        self.spent = []
        self.point_start(g, fa, sa)
        for p in (fa, sa):
            for k in g.players[p.seat].timed_options(g, p, E.T_POINT):
                self.use_option(g, p, k, E.T_POINT)
        for p in (fa, sa):
            self.auto_abilities(g, p, E.T_POINT)

    def evo_end(self, g, fa, sa) -> None:
        """Round 13a (T_EVO_END): at the end of the Evolution Phase (after both players' evolutions), the evo_end rows
        of the options that served this turn's evolution steps, first attacker first, in the order of the steps:
        conditions now, no cost."""
        for p in (fa, sa):
            for opt, dig in p.evo_opts:
                for row in rows(g, p.seat, opt):
                    if int(row[E.E_TIMING]) == E.T_EVO_END and cond_ok(g, p, row):
                        apply_row(g, p, row, True, card=opt)

    def point_start(self, g, fa, sa) -> None:
        """Round 11c (T_POINT_START): at the start of Point Calculation, the point_start rows of the options used in
        this turn's battle windows, first attacker first, each in the order of use: conditions now, no cost."""
        for p in (fa, sa):
            for seat, c in self.used_battle:
                if seat != p.seat:
                    continue
                for row in rows(g, p.seat, c):
                    if int(row[E.E_TIMING]) == E.T_POINT_START and cond_ok(g, p, row):
                        apply_row(g, p, row, True, card=c)

    def after_points(self, g, fa, sa, result) -> None:
        for p in (fa, sa):
            won = (result == E.BR_FIRST) == (p is fa) and result != E.BR_DRAW
            lost = result != E.BR_DRAW and not won
            tm = E.T_WIN if won else (E.T_LOSE if lost else E.T_DRAW)
            self.auto_abilities(g, p, tm)
            if g.decided():
                break
            self.result_rows(g, p, tm)
            if g.decided():
                break
            for k in g.players[p.seat].timed_options(g, p, tm):
                self.use_option(g, p, k, tm)
            if g.decided():
                break
        self.end_phase(g)

    def result_rows(self, g, p, tm: int, lost: bool = False) -> None:
        """The win / lose / draw rows (timing tm) of p's options face-up since an earlier turn and still in
        their slots (round 10e, slot order: seed 003 §3.4 발동 타이밍, "activating the effect" includes an option
        face-up since an earlier turn), then of the options p used in this turn's battle windows, in the order
        of use ("double your attack power, and if you win the battle, further reduce the opponent's points by
        20"): their conditions now, no cost (paid when used), wherever the card is now.  lost (round 11f): only
        the rows lost*K / lost+N (win_lost_rows), else all others."""
        t = g.t
        for k in range(3):
            c = p.slots[k]
            if c < 0 or p.slot_up[k] <= 0 or not option_active(p, c) or (p.seat, c) in self.used_battle:
                continue
            for row in rows(g, p.seat, c):
                if int(row[E.E_TIMING]) == tm and lost_row(row) == lost and cond_ok(g, p, row):
                    apply_row(g, p, row, True, card=c)
            if g.decided():
                return
        for seat, c in self.used_battle:
            if seat != p.seat:
                continue
            for r in range(int(t.eff_lo[seat, c]), int(t.eff_hi[seat, c])):
                row = t.effects[r]
                if int(row[E.E_TIMING]) == tm and lost_row(row) == lost and cond_ok(g, p, row):
                    apply_row(g, p, row, True, card=c)
            if g.decided():
                return

    def win_lost_rows(self, g, winner) -> None:
        """Round 11f: the winner's win rows that change the opponent's lost points (lost*K, lost+N: "When you win the
        battle on the turn during which you played this card, add 20 to the opponent's lost points", Vj-6) act
        before the points are lost (seed 003 §3.2.5: Point Calculation decides the winner first, then the points);
        after it they would change nothing."""
        self.result_rows(g, winner, E.T_WIN, lost=True)

    def battle_lost(self, g, loser) -> None:
        """Death check: the loser's options with end event ``lost`` go to the Dark Area (slot order; round 13c: their
        dark_* rows act, dark_event)."""
        for k in range(3):
            if loser.slots[k] >= 0 and loser.slot_up[k] != 0 and loser.slot_end[k] & E.LE_LOSE:
                c = loser.slots[k]
                self.discard_slot(g, loser, k)
                dark_event(g, loser, c)

    def lost_to_hand(self, g, p) -> bool:
        """A face-up option in p's slots has a ``lost_to_hand`` row (Re-60t): the Digimon that lost goes to the hand."""
        return faceup_op_row(g, p, E.OP_LOST_TO_HAND) is not None

    def hand_limit(self, g, p) -> int:
        """Round 11f: the upper limit of p's hand for Preparation: a face-up option's ``hand_limit(N)`` row (the first in
        slot order; Jumper Board Bo-452), else 6 (C-HAND-1)."""
        row = faceup_op_row(g, p, E.OP_HAND_LIMIT)
        return 6 if row is None else int(row[E.E_ARG])

    def lifespan_ends(self, g, p) -> None:
        """Renewal (the end of the lifespan, seed 004), before the shuffle: options with end event
        ``lifespan`` or tied to the Digimon that just left, and a card placed with it."""
        for k in range(3):
            if p.slots[k] >= 0 and p.slot_up[k] != 0 and (
                    p.slot_end[k] & E.LE_LIFESPAN or (p.slot_end[k] & E.LE_LEAVE and p.slot_card[k] != p.cur())):
                self.discard_slot(g, p, k)
        if p.supbox >= 0 and p.supbox_owner != p.cur():
            p.dark.append(p.supbox)
            p.supbox = -1
        if p.beside >= 0 and p.beside_owner != p.cur():
            p.dark.append(p.beside)
            p.beside = -1

    def unbind(self, g) -> None:
        for p in g.ps:
            self.unbind_player(g, p)

    def end_turn(self, g) -> None:
        """The end of the turn: appeared Digimon whose time is up, cards tied to a Digimon that left,
        options used with limit ``turn``, turn counts, Power Box cards kept for the turn."""
        for p in g.ps:
            if p.top_until == g.turn:
                if p.top == p.top_until_card:
                    g.log_line(f"  end of turn: {g.cname(p, p.top)} (seat {'AB'[p.seat]}) → Dark Area")
                    p.dark.append(p.top)
                    p.top = -1
                p.top_until = 0
        self.unbind(g)
        for p in g.ps:
            for k in range(3):
                if p.slots[k] < 0:
                    continue
                if p.slot_up[k] == SPENT_TURN:
                    self.discard_slot(g, p, k)
                elif 0 < p.slot_up[k] < PERSIST:
                    p.slot_up[k] -= 1
                    if p.slot_up[k] == 0 and p.slot_end[k] & E.LE_TO_GAUGE:  # round 13c: turns_gauge(N)
                        g.log_line(f"  end of turn: {g.cname(p, p.slots[k])} (seat {'AB'[p.seat]}) → point gauge")
                        p.gauge.append(p.slots[k])
                        p.slots[k], p.slot_end[k] = -1, 0
                    elif p.slot_up[k] == 0:
                        self.discard_slot(g, p, k)
            p.dark.extend(p.power)
            p.power = []
