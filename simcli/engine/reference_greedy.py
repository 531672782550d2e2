"""The ``greedy`` player (pure Python; twin: policy_greedy.py).

A stronger heuristic than the baseline, still deterministic:

* partner: the Level III that the most Level IV cards of the deck evolve from (ties: higher A
  attack, then listed first);
* discard: the baseline's rule (BL-2, keeping up to 2 requirement options), but it also keeps
  usable options (modeled, with effect rows) for its empty slots, and the best Level III (highest A
  attack, above the partner's) while its Digimon is still the Level III;
* Level III exchange: to that card;
* evolution: the baseline's choice among chains whose costs it can pay (cost-aware BL-4);
* sets its usable options into empty slots (hand order);
* battle: in its window, when it is not already winning, it uses the one ability (◎) or option
  that gives the best battle result (lose → draw → win), abilities first, then slots in order;
  it repeats while that improves the result, and saves its cards when nothing changes the result;
* Point Calculation / Preparation / win / lose options: uses those whose conditions hold;
* support Digimon (■, DM-BAT-2): once per turn, when not already winning, it puts a Digimon card
  with ``support`` rows from its hand into its Support Box if that gives a better result than every
  ability (abilities are tried first, then supports, then options); among the support cards the first
  in hand order with the best result;
* ``per_*`` options / abilities: the fewest cards that give the best result it can reach with them
  (discards: the cost-discard rule, lowest-level Digimon first, else the first card in hand);
* negation: answers an opponent's battle-window option with its first face-down negate card of the
  right kind (slot order) when the option, simulated, would worsen its battle result; at the start
  of battle it negates an opponent's face-up Item whose battle rows would worsen its result;
* ``evolve_ignore``: when no chain can be prepared, it uses its first evolve_ignore option (slot
  order) on the next-level Digimon in hand with the highest A attack (earliest among equals) that is
  not ``no_ignore`` and has a non-Jogress requirement alternative, if the evolution rider is payable.
"""

from __future__ import annotations

import dataclasses

from simcli.engine import enums as E
from simcli.engine.reference import appearance_keep, baseline_discard
from simcli.engine.reference_baseline import BaselinePlayer
from simcli.engine.reference import Mods
from simcli.engine.reference_effects import (NEGATE_OPS, OPP_OPS, OPT_ITEM, OPT_PROGRAM, PER_OPS, apply_row, card_immune, row_on,
                                             cond_ok, cost_payable, legal_appearances, matching_hand, next_level_targets,
                                             rows)
from simcli.engine.reference_effects import appear_host, box_sides, row_filter, support_barred
from simcli.engine.reference_effects import battle_card, swap_pick  # round 12c; battle_card: Jumper ROM Bo-451
from simcli.engine.tables import R_FROM, R_JOG


def outcome(g, p, mods) -> int:
    """2 win, 1 draw (or a loss that costs nothing: no_loss), 0 lose for player p with these modifiers."""
    o = g.ps[1 - p.seat]
    fa, sa = (p, o) if g.fa == p.seat else (o, p)
    af, as_ = g.final_attacks(fa, sa, mods)
    mine, theirs = (af, as_) if fa is p else (as_, af)
    if g.forced_draw(mods):
        return 1
    if mine > theirs:
        return 2
    return 1 if mine == theirs or mods[p.seat].no_loss else 0


DAMAGE_OPS = {E.OP_DAMAGE, E.OP_DAMAGE_PER_GAUGE, E.OP_OPP_REVEAL}


def direct_damage(g, p, rs, card) -> int:
    """The points the rows rs (conditions holding, not blocked) take from the opponent for sure."""
    o = g.ps[1 - p.seat]
    n = 0
    for r in rs:
        op = int(r[E.E_OP])
        if op not in (E.OP_DAMAGE, E.OP_DAMAGE_PER_GAUGE) or not cond_ok(g, p, r):
            continue
        if card >= 0 and (g.mods[o.seat].immune_options or card_immune(g, o, card, g.mods)):
            continue
        n += int(r[E.E_ARG]) * (1 if op == E.OP_DAMAGE else max(0, len(p.gauge) - 1))
    return n


def damage_live(g, p, rs, card) -> bool:
    """Some row of rs damages the opponent's points now: its conditions hold and the opponent is not
    immune to it (an option card against ``immune_options``, seed 003 §3.5: "Cracker!!" does not reach
    Magnamon X-Antibody; "You can use this card when your Digimon is Perfect…" is a row condition)."""
    o = g.ps[1 - p.seat]
    for r in rs:
        if int(r[E.E_OP]) not in DAMAGE_OPS or not cond_ok(g, p, r):
            continue
        if card >= 0 and (g.mods[o.seat].immune_options or card_immune(g, o, card, g.mods)):
            continue
        return True
    return False


def swap_live(g, p, card) -> bool:
    """Round 12c: the card has a swap_hand_slot row whose conditions hold and whose exchange (swap_pick) finds a pair:
    greedy uses it when nothing else improves the battle (rule 4), so a battle card from hand can follow."""
    return any(int(r[E.E_OP]) == E.OP_SWAP_HAND_SLOT and cond_ok(g, p, r) and swap_pick(g, p, int(r[E.E_ARG])) is not None
               for r in rows(g, p.seat, card))


def commit_live(g, p, rs, card) -> bool:
    """Round 10e: rs is a commit row whose conditions hold (the card's usage restriction) and one of the card's rows
    for the result the battle would have as it stands — the attacks on the table, every card revealed so far; the
    opponent's face-down cards are unknown — holds its conditions now (aimed at the opponent: not against its immunity
    to options).  Greedy commits such a card when nothing else improves the battle (rule 4)."""
    if not any(int(r[E.E_OP]) == E.OP_COMMIT and cond_ok(g, p, r) for r in rs):
        return False
    o = g.ps[1 - p.seat]
    fa, sa = (p, o) if g.fa == p.seat else (o, p)
    af, as_ = g.final_attacks(fa, sa, g.mods)
    mine, theirs = (af, as_) if fa is p else (as_, af)
    tm = E.T_DRAW if g.forced_draw(g.mods) or mine == theirs else (E.T_WIN if mine > theirs else E.T_LOSE)
    imm = g.mods[o.seat].immune_options or card_immune(g, o, card, g.mods)
    for r in rows(g, p.seat, card):
        if int(r[E.E_TIMING]) == tm and cond_ok(g, p, r) and not (imm and int(r[E.E_OP]) in OPP_OPS):
            return True
    return False


def appearance_cost_cards(g, p) -> set[int]:
    """Hand positions greedy keeps for the ``place`` cost of an appearance it holds for (not set, not
    discarded): for each appearance row with such a cost of a Digimon kept by BL-2b, the first other
    hand card matching the row's filter (Re-146 needs a "Yagami Taichi" card from the hand; set into a
    slot, it could no longer pay)."""
    t, s = g.t, p.seat
    out = set()
    for pos in appearance_keep(g, p):
        c = p.hand[pos]
        for r in range(int(t.app_lo[s, c]), int(t.app_hi[s, c])):
            row = t.effects[r]
            if not any(int(row[E.E_COST0 + 2 * k]) == E.K_PLACE for k in range(E.MAX_COSTS)):
                continue
            for q in matching_hand(g, p, row):
                if q != pos:
                    out.add(q)
                    break
    return out


def self_gauge(rs) -> bool:
    return any(int(r[E.E_COST0 + 2 * k]) == E.K_SELF_GAUGE for r in rs for k in range(E.MAX_COSTS))


def face_up_blocked(g, p, c) -> bool:
    t = g.t
    if not t.face_up_limit[p.seat, c]:
        return False
    return any(x >= 0 and p.slot_up[k] != 0 and t.name[p.seat, x] == t.name[p.seat, c] for k, x in enumerate(p.slots))


def option_rows(g, p, c, timing):
    return [r for r in rows(g, p.seat, c) if int(r[E.E_TIMING]) == timing]


def per_kmax(g, p, rs) -> int:
    """The largest per_* count these rows allow after their own costs; -1: no per_* row."""
    t = g.t
    disc = mill = 0
    for r in rs:
        for k in range(E.MAX_COSTS):
            kind, n = int(r[E.E_COST0 + 2 * k]), int(r[E.E_COST0 + 2 * k + 1])
            if kind == E.K_DISCARD or kind == E.K_DISCARD_DIGIMON:
                disc += n
            elif kind == E.K_MILL:
                mill += n
    km = -1
    for r in rs:
        op = int(r[E.E_OP])
        if op not in PER_OPS:
            continue
        if op == E.OP_PER_MILL:
            a = len(p.deck) - mill
        elif op == E.OP_PER_DISCARD:
            a = len(p.hand) - disc
        elif op in (E.OP_PER_DISCARD_IF, E.OP_OPP_PER_DISCARD_IF):
            a = len(matching_hand(g, p, r)) - disc
        else:
            a = sum(1 for c in p.hand if t.kind[p.seat, c] == E.KIND_DIGIMON) - disc
        a = max(0, a)
        if int(r[E.E_ARG2]) > 0:
            a = min(a, int(r[E.E_ARG2]))
        km = a if km < 0 else min(km, a)
    return km


def sim_box(g, p, card: int, evolved: bool) -> tuple[list, tuple]:
    """(modifiers, greedy's ranking) if `card` were p's box top card now: the modifiers rebuilt
    (docs/effect-language.md) for an appearance (evolved False) or an evolve_now (its `evolved` rows
    apply); the ranking is (outcome, level, A attack)."""
    t = g.t
    top, ev = p.top, p.evolved_turn
    p.top, p.evolved_turn = card, (g.turn if evolved else 0)
    try:
        m = g.effects.rebuild(g, mods=[Mods(), Mods()])
        return m, (outcome(g, p, m), int(t.level[p.seat, card]), int(t.atk[p.seat, card, 0]))
    finally:
        p.top, p.evolved_turn = top, ev


def appear_rank(g, p, card: int, row=None) -> tuple:
    """_appear_rank of an appearance of `card` by `row`: one that moves the box card into the support box
    (move_host, Parasimon Bo-681) is judged with that card already there (its host_abc)."""
    host = row is not None and p.top >= 0 and appear_host(row)
    sb = p.supbox, p.supbox_owner
    if host:
        p.supbox, p.supbox_owner = p.top, card
    try:
        return _appear_rank(g, p, card)
    finally:
        p.supbox, p.supbox_owner = sb


def _appear_rank(g, p, card: int) -> tuple:
    """sim_box's ranking of an appearance of `card`, its outcome the best of: no ability, or one of the
    appeared card's battle ◎ abilities (conditions and costs as they stand, its attack modifiers
    simulated) — an appearance is judged with the ability it brings (Agumon -Bond of Courage- Re-146:
    "You can make your attack A or C regardless of the opponent's battle type")."""
    t, s = g.t, p.seat
    m, k = sim_box(g, p, card, False)
    if k[0] >= 2 or not t.modeled[s, card]:
        return k
    best = k[0]
    top, ev = p.top, p.evolved_turn
    p.top, p.evolved_turn = card, 0
    try:
        for r in range(int(t.eff_lo[s, card]), int(t.eff_hi[s, card])):
            row = t.effects[r]
            if int(row[E.E_TIMING]) != E.T_BATTLE or not row_on(p, row, m) or not cost_payable(g, p, row) \
                    or not cond_ok(g, p, row, m):
                continue
            m2 = [dataclasses.replace(x) for x in m]
            apply_row(g, p, row, False, mods=m2, sim=True)
            best = max(best, outcome(g, p, m2))
    finally:
        p.top, p.evolved_turn = top, ev
    return (best,) + k[1:]


def evolve_now_target(g, p, row):
    """Greedy's evolve_now target: (hand position, rebuilt modifiers) of the best next-level Digimon
    (outcome, then level, then A attack, then hand order), or (None, None)."""
    best, bk, bm = None, None, None
    for pos in next_level_targets(g, p, row):
        m, k = sim_box(g, p, p.hand[pos], True)
        if bk is None or k > bk:
            best, bk, bm = pos, k, m
    return best, bm


def box_pick_side(g, p, row, card) -> int:
    """Greedy's box_dark_pick side (round 9c): of the seats it may pick (box_sides), the one whose box top card
    leaving gives p the best battle outcome (the modifiers rebuilt from the Level III), the opponent among equals;
    -1 none."""
    best, bo = -1, -1
    for s in box_sides(g, p, row, card):  # own first: the opponent wins a tie
        q = g.ps[s]
        top, ev = q.top, q.evolved_turn
        q.top, q.evolved_turn = -1, 0
        try:
            o = outcome(g, p, g.effects.rebuild(g, mods=[Mods(), Mods()]))
        finally:
            q.top, q.evolved_turn = top, ev
        if o >= bo:
            best, bo = s, o
    return best


def sim_outcome(g, p, rs, card, count, for_seat) -> int:
    """Outcome for `for_seat` after p applies rows rs (attack modifiers only) with this per_* count; a
    row with evolve_now first evolves into the target greedy would pick, a row with box_dark_pick first
    removes the box top card greedy would pick (the modifiers rebuilt, round 9c)."""
    for r in rs:
        if int(r[E.E_OP]) == E.OP_BOX_DARK_PICK and cond_ok(g, p, r):
            s = box_pick_side(g, p, r, card)
            if s >= 0:
                q = g.ps[s]
                top, ev = q.top, q.evolved_turn
                q.top, q.evolved_turn = -1, 0
                try:
                    m = g.effects.rebuild(g, mods=[Mods(), Mods()])
                    return _rows_outcome(g, p, rs, m, card, count, for_seat)
                finally:
                    q.top, q.evolved_turn = top, ev
            break
    m = g.copy_mods()
    for r in rs:
        if int(r[E.E_OP]) == E.OP_EVOLVE_NOW and cond_ok(g, p, r, m):
            pos, m2 = evolve_now_target(g, p, r)
            if pos is not None:
                m = m2
                top, ev = p.top, p.evolved_turn
                p.top, p.evolved_turn = p.hand[pos], g.turn
                try:
                    return _rows_outcome(g, p, rs, m, card, count, for_seat)
                finally:
                    p.top, p.evolved_turn = top, ev
            break
    return _rows_outcome(g, p, rs, m, card, count, for_seat)


def _rows_outcome(g, p, rs, m, card, count, for_seat) -> int:
    """for_seat's outcome after p's rows rs whose conditions hold are simulated into the modifiers m."""
    for r in rs:
        if cond_ok(g, p, r, m):
            apply_row(g, p, r, card >= 0, mods=m, sim=True, card=card, count=count)
    return outcome(g, g.ps[for_seat], m)


def best_count(g, p, rs, card) -> tuple[int, int]:
    """(best outcome, fewest per_* count reaching it)."""
    km = per_kmax(g, p, rs)
    if km < 0:
        return sim_outcome(g, p, rs, card, 0, p.seat), 0
    top = sim_outcome(g, p, rs, card, km, p.seat)
    k = 0
    while k < km and sim_outcome(g, p, rs, card, k, p.seat) < top:
        k += 1
    return top, k


def negate_row_ok(g, p, c, target_type: int, target: int = -1) -> bool:
    """Option c of p has a battle row that negates this option type (-1: an active Item, standalone)
    whose conditions hold (card conditions: the option `target` to negate), and all its battle rows'
    costs are payable."""
    ok = False
    for r in option_rows(g, p, c, E.T_BATTLE):
        if not cost_payable(g, p, r):
            return False
        op = int(r[E.E_OP])
        if op not in NEGATE_OPS or not cond_ok(g, p, r, card=target):
            continue
        if (op == E.OP_NEGATE_OPTION and target_type >= 0) or (op == E.OP_NEGATE_PROGRAM and target_type == OPT_PROGRAM) \
                or (op == E.OP_NEGATE_ITEM and (target_type == OPT_ITEM or target_type < 0)):
            ok = True
    return ok


def negate_kind_ok(op: int, target_type: int) -> bool:
    return (op == E.OP_NEGATE_OPTION and target_type >= 0) or (op == E.OP_NEGATE_PROGRAM and target_type == OPT_PROGRAM) \
        or (op == E.OP_NEGATE_ITEM and (target_type == OPT_ITEM or target_type < 0))


def unused_battle_abilities(g, p):
    """(row index, row) of p's battling Digimon's battle-timing ◎ abilities not used this turn (none
    while its abilities are void)."""
    if not g.effects.abilities_active(g, p):
        return
    t, s, c = g.t, p.seat, p.cur()
    for r in range(int(t.eff_lo[s, c]), int(t.eff_hi[s, c])):
        row = t.effects[r]
        if int(row[E.E_TIMING]) == E.T_BATTLE and (s, r) not in g.ability_used and row_on(p, row, g.mods):
            yield r, row


def shielded(g, p, target: int) -> bool:
    """Seed 003 §3.5 ("cannot receive the effects of the opponent's Option cards", on invalidation): the
    option `target` of p's opponent cannot be invalidated by p when that player is immune to options
    and the option acts on its own side or on both (no row aimed only at p: OPP_OPS less force_draw,
    e.g. its own Let's Stop Fighting or Plug-In) — the invalidation would act on the immune player's
    board.  An option it aims at p (Cracker!!, Hacking) can be invalidated."""
    u = g.ps[1 - p.seat]
    if target < 0 or not g.mods[u.seat].immune_options:
        return False
    return not any(int(r[E.E_OP]) in OPP_OPS and int(r[E.E_OP]) != E.OP_FORCE_DRAW for r in rows(g, u.seat, target))


def negate_pick(g, p, target_type: int, target: int = -1):
    """(0, row) p's Digimon's unused ◎ negate ability for this option type (conditions — card conditions
    on the option `target` to negate — and costs holding), else (1, slot) its first face-down negate
    card, else None (none against a shielded option)."""
    if shielded(g, p, target):
        return None
    for r, row in unused_battle_abilities(g, p):
        if negate_kind_ok(int(row[E.E_OP]), target_type) and cond_ok(g, p, row, card=target) \
                and cost_payable(g, p, row):
            return 0, r
    k = negate_slot(g, p, target_type, target)
    return None if k is None else (1, k)


def negate_slot(g, p, target_type: int, target: int = -1):
    t, s = g.t, p.seat
    for k, c in enumerate(p.slots):
        if c < 0 or p.slot_up[k] != 0 or not t.usable_opt[s, c] or face_up_blocked(g, p, c) or banned(g, p, c):
            continue
        if negate_row_ok(g, p, c, target_type, target):
            return k
    return None


def banned(g, p, c) -> bool:
    """p may not use its option c: an opponent's ``ban_options`` row (its Digimon's, while its abilities
    are active, or a face-up option's) whose card conditions hold for c."""
    o = g.ps[1 - p.seat]
    srcs = []
    if g.effects.abilities_active(g, o):
        srcs.append(o.cur())
    srcs += [x for k, x in enumerate(o.slots) if x >= 0 and o.slot_up[k] > 0]
    for x in srcs:
        for row in rows(g, o.seat, x):
            if int(row[E.E_OP]) == E.OP_BAN_OPTIONS and (x != o.cur() or row_on(o, row, g.mods)) \
                    and cond_ok(g, o, row, card=c):
                return True
    return False


def usable_timed_options(g, p, timing) -> list[int]:
    """The slots of the options p can use at this timing outside the battle windows (face-down, usable,
    not blocked or banned, every row of the timing payable, some row's conditions holding), slot order
    (kernel_effects.timed_options_nb)."""
    t, s = g.t, p.seat
    out = []
    for k, c in enumerate(p.slots):
        if c < 0 or p.slot_up[k] != 0 or not t.usable_opt[s, c] or face_up_blocked(g, p, c) or banned(g, p, c):
            continue
        if any(int(r[E.E_OP]) == E.OP_COMMIT for r in rows(g, s, c)):
            continue  # round 10e: a card whose effect waits for the result is used in a battle window only
        rs = option_rows(g, p, c, timing)
        if timing == E.T_EVOLUTION and any(int(r[E.E_OP]) == E.OP_EVOLVE_IGNORE for r in rs):
            continue  # an evolve_ignore option is used in Preparation step (4) only
        if p.deck and any(int(r[E.E_OP]) == E.OP_KEEP_BOX for r in rs):
            continue  # round 13c: keep_box only when this turn's renewal comes (an empty Net Ocean at the Point Calculation)
        if rs and all(cost_payable(g, p, r) for r in rs) and any(cond_ok(g, p, r) for r in rs):
            out.append(k)
    return out


def battle_actions(g, p):
    """p's usable battle actions: abilities (0, row index), supports (2, hand position), options
    (1, slot) — each as (kind, index, rows, option card or -1), in scan order."""
    t, s = g.t, p.seat
    abil, sup, opts = [], [], []
    for r, row in unused_battle_abilities(g, p):
        if cost_payable(g, p, row) and cond_ok(g, p, row):
            abil.append((0, r, [row], -1))
    # DM-BAT-2: one support Digimon per turn; none against an opp_no_support Digimon (Ornismon Bo-98t)
    if not p.support_used and not support_barred(g, p):  # once per turn (DM-BAT-2)
        for pos, c in enumerate(p.hand):
            if t.kind[s, c] != E.KIND_DIGIMON:
                continue
            rs = option_rows(g, p, c, E.T_SUPPORT)
            if rs and all(cost_payable(g, p, r) for r in rs):
                sup.append((2, pos, rs, -1))
    for k, c in enumerate(p.slots):
        if c < 0 or p.slot_up[k] != 0 or not t.usable_opt[s, c] or face_up_blocked(g, p, c) or banned(g, p, c):
            continue
        rs = option_rows(g, p, c, E.T_BATTLE)
        # a card that negates is used only as an answer (negate_response): "Invalidate … before it
        # takes effect. After that, add 50" (Elaborate Tactics!) has nothing to act on alone; a Point Calculation card's
        # battle rows act in a later battle from its face-up slot (battle_card: Jumper ROM Bo-451)
        if rs and battle_card(g, s, c) and all(cost_payable(g, p, r) for r in rs) \
                and not any(int(r[E.E_OP]) in NEGATE_OPS for r in rs):
            opts.append((1, k, rs, c))
    return abil, sup, opts


def armor_row(row) -> bool:
    """Round 10b: the row's filter names the Armor forms (codes.FK_ARMOR, either sign), "ignore the fusion requirements":
    only such an evolve_ignore row reaches an Armor form (its fusion requirements are no evolution requirements, seed
    003 §3.2.2, DM-EVO-5)."""
    return any(abs(int(row[E.E_FILT0 + 2 * i])) == E.FK_ARMOR for i in range(E.MAX_FILTERS))


def evo_end_fatal(g, p, c) -> bool:
    """Round 13a: option c has an evo_end self_damage row of at least p's points (Re-76): the step planner does not
    use it (every player; kernel_effects.evo_end_fatal_nb)."""
    return any(int(r[E.E_TIMING]) == E.T_EVO_END and int(r[E.E_OP]) == E.OP_SELF_DAMAGE and int(r[E.E_ARG]) >= p.points
               for r in rows(g, p.seat, c))


def ignore_targets(g, p):
    """An evolve_ignore step (DM-EVO-5) for every player that takes one: the first usable such option (slot
    order) and the hand positions of the Digimon it can reach (the next level, or round 10b the level of its
    row's level filter; requirements that may be ignored, an alternative that is not a Jogress, their printed
    discard payable beside the option's cost, round 10b the row's filter and no Armor form without an armor
    filter) — (slot, positions), or None when there is no such option or no such Digimon."""
    t, s = g.t, p.seat
    blv = int(t.level[s, p.base()])
    if blv >= E.LV_ULTIMATE:
        return None
    slot, extra, row, lv = -1, 0, None, blv + 1
    for k, c in enumerate(p.slots):
        if c < 0 or p.slot_up[k] != 0 or not t.usable_opt[s, c] or face_up_blocked(g, p, c) or banned(g, p, c):
            continue
        if evo_end_fatal(g, p, c):
            continue  # round 13a: its evo_end rows would take the owner's last points (Re-76)
        for r in rows(g, s, c):
            if int(r[E.E_OP]) == E.OP_EVOLVE_IGNORE and int(r[E.E_TIMING]) == E.T_EVOLUTION \
                    and cond_ok(g, p, r) and cost_payable(g, p, r):
                # round 10b: a level filter is the level reached ("evolve it into a Perfect level Digimon"), above
                # the Digimon's own; without one, the next level (DM-EVO-5)
                lvs = [int(r[E.E_FILT0 + 2 * i + 1]) for i in range(E.MAX_FILTERS) if int(r[E.E_FILT0 + 2 * i]) == E.FK_LEVEL]
                lv = lvs[-1] if lvs else blv + 1
                if lv <= blv:
                    continue
                slot, row = k, r
                extra = sum(int(r[E.E_COST0 + 2 * i + 1]) for i in range(E.MAX_COSTS)
                            if int(r[E.E_COST0 + 2 * i]) in (E.K_DISCARD, E.K_DISCARD_DIGIMON))
                break
        if slot >= 0:
            break
    if slot < 0:
        return None
    targets = [pos for pos, c in enumerate(p.hand)
               if t.kind[s, c] == E.KIND_DIGIMON and t.level[s, c] == lv and not t.no_ignore[s, c]
               and any(t.req[s, c, a, R_JOG] < 0 for a in range(int(t.req_n[s, c])))
               and len(p.hand) - 1 - extra >= int(t.xdisc[s, c]) and row_filter(t, s, c, row)
               and (not t.armor[s, c] or armor_row(row))]
    return (slot, targets) if targets else None


class GreedyPlayer(BaselinePlayer):
    name = "greedy"
    cost_aware = True

    def partner(self, t, s, rng=None) -> int:
        best, bk = -1, None
        n = int(t.n_cards[s])
        for i in range(n):
            if t.kind[s, i] != E.KIND_DIGIMON or t.level[s, i] != E.LV_III:
                continue
            f = 0
            for j in range(n):
                if t.kind[s, j] == E.KIND_DIGIMON and t.level[s, j] == E.LV_IV:
                    for a in range(int(t.req_n[s, j])):
                        if t.req[s, j, a, R_FROM] == t.name[s, i]:
                            f += 1
                            break
            k = (f, int(t.atk[s, i, 0]))
            if bk is None or k > bk:
                best, bk = i, k
        return best

    def _best_l3(self, g, p) -> int:
        t, s = g.t, p.seat
        if p.top >= 0:
            return -1
        best, ba = -1, int(t.atk[s, p.l3, 0])
        for pos, c in enumerate(p.hand):
            if t.kind[s, c] == E.KIND_DIGIMON and t.level[s, c] == E.LV_III and t.atk[s, c, 0] > ba:
                best, ba = pos, int(t.atk[s, c, 0])
        return best

    def _settable(self, g, p) -> list[int]:
        """Usable options in hand order, one per empty slot; a card limited to one face-up / one in the
        slots (``face_up_limit``) is not set beside a same-name card (legal for every such text); a card
        that names its slot (``slot_pos``, round 10e) only while that slot is free and not taken by a card
        chosen before."""
        t, s = g.t, p.seat
        free = sum(1 for c in p.slots if c < 0)
        names = {int(t.name[s, c]) for c in p.slots if c >= 0}
        taken = {k + 1 for k, c in enumerate(p.slots) if c >= 0}
        out = []
        res = appearance_cost_cards(g, p)
        for pos, c in enumerate(p.hand):
            if len(out) >= free:
                break
            if not t.usable_opt[s, c] or pos in res:
                continue
            if t.slot_pos[s, c] and int(t.slot_pos[s, c]) in taken:
                continue
            if t.face_up_limit[s, c]:
                if int(t.name[s, c]) in names:
                    continue
                names.add(int(t.name[s, c]))
            if t.slot_pos[s, c]:
                taken.add(int(t.slot_pos[s, c]))
            out.append(pos)
        return out

    def discard(self, g, p) -> list[int]:
        d = baseline_discard(g, p, max_opts=2)
        keep = set(self._settable(g, p)) | appearance_cost_cards(g, p)
        b = self._best_l3(g, p)
        if b >= 0:
            keep.add(b)
        return [x for x in d if x not in keep]

    def exchange(self, g, p) -> int:
        return self._best_l3(g, p)

    def set_options(self, g, p) -> list[int]:
        return self._settable(g, p)

    def timed_options(self, g, p, timing) -> list[int]:
        return usable_timed_options(g, p, timing)

    def negate_response(self, g, p, user, card, count):
        """(kind, index) p answers user's option `card` with — (0, ◎ ability row) of its Digimon first
        (no card spent), else (1, slot) a negate card — when the option would worsen its battle; None."""
        t = g.t
        ch = negate_pick(g, p, int(t.optype[user.seat, card]), card)
        if ch is None:
            return None
        before = outcome(g, p, g.mods)
        after = sim_outcome(g, user, option_rows(g, user, card, E.T_BATTLE), card, count, p.seat)
        return ch if after < before else None

    def item_negation(self, g, p):
        """(kind, index, opponent's slot): negate a face-up Item at the start of battle, or None."""
        t = g.t
        o = g.ps[1 - p.seat]
        for tk, tc in enumerate(o.slots):
            if tc < 0 or o.slot_up[tk] <= 0 or int(t.optype[o.seat, tc]) != OPT_ITEM:
                continue
            ch = negate_pick(g, p, -1, tc)
            if ch is None:
                return None
            before = outcome(g, p, g.mods)
            if any(int(r[E.E_OP]) in (E.OP_GAIN_KEYWORD, E.OP_OPP_LOSE_KEYWORD) for r in rows(g, o.seat, tc)):
                before = outcome(g, p, g.effects.mods_without(g, o, tk))  # its keyword already reached the passives
            if sim_outcome(g, o, option_rows(g, o, tc, E.T_BATTLE), tc, 0, p.seat) < before:
                return ch[0], ch[1], tk
        return None

    def ignore_choice(self, g, p):
        """(slot, hand position) for an evolve_ignore step (DM-EVO-5), or None: the reachable Digimon with
        the highest A (the first of equals)."""
        found = ignore_targets(g, p)
        if found is None:
            return None
        slot, targets = found
        t, s = g.t, p.seat
        return slot, max(targets, key=lambda pos: int(t.atk[s, p.hand[pos], 0]))

    def battle_actions(self, g, p):
        return battle_actions(g, p)

    def battle_action(self, g, p):
        """In its battle window: (1) a card whose sure damage ends the game; (2) when not already
        winning, the single action with the best battle result if it improves it (abilities, then
        supports, an appearance, options; a later one only when strictly better); (3) when nothing
        improves it, a card that damages the opponent's points without making the battle worse (never
        one that stacks its own Digimon onto the point gauge)."""
        s = p.seat
        abil, sup, opts = self.battle_actions(g, p)
        for kind, idx, rs, card in abil + opts:  # (1) lethal
            if direct_damage(g, p, rs, card) >= g.ps[1 - s].points:
                return kind, idx, 0
        cur = outcome(g, p, g.mods)
        best, best_out = None, cur
        if cur < 2:
            for kind, idx, rs, card in abil:
                o, n = best_count(g, p, rs, card)
                if o > best_out:
                    best, best_out = (kind, idx, n), o
            for kind, idx, rs, card in sup:
                o = sim_outcome(g, p, rs, -1, 0, s)
                if o > best_out:
                    best, best_out = (kind, idx, 0), o
            if p.appeared != g.turn:  # an appearance (seed 003 §3.2.2.1 ex. 6), at most one per turn
                ch, o = self._best_appearance(g, p, E.T_BATTLE)
                if ch is not None and o > best_out:
                    best, best_out = (3, ch[0], ch[1]), o
            for kind, idx, rs, card in opts:
                o, n = best_count(g, p, rs, card)
                if o > best_out:
                    best, best_out = (kind, idx, n), o
        if best is not None:
            return best
        for kind, idx, rs, card in abil + opts:  # (3) damage that does not make the battle worse
            if damage_live(g, p, rs, card) and not self_gauge(rs) \
                    and sim_outcome(g, p, rs, card, 0, s) >= cur:
                return kind, idx, 0
        for kind, idx, rs, card in opts:  # (4) round 10e: a card whose effect waits for the result;
            if commit_live(g, p, rs, card) or swap_live(g, p, card):  # round 12c: or an exchange that finds its pair
                return kind, idx, 0
        return None

    def _best_appearance(self, g, p, timing):
        """((hand position, row), outcome) of the best legal appearance (outcome, level, A attack,
        then hand and row order), or (None, -1)."""
        t = g.t
        best, bk = None, None
        for pos, r in legal_appearances(g, p, timing):
            k = appear_rank(g, p, p.hand[pos], t.effects[r])
            if bk is None or k > bk:
                best, bk = (pos, r), k
        return best, (bk[0] if bk else -1)

    def appear_choice(self, g, p, timing):
        """At the start of the battle: the best legal appearance when it does not worsen the outcome and the
        outcome is not a loss (engine 8: appearing into a lost battle only sends the card and the Digimon under
        it to the Dark Area, and an Ultimate that loses pays its higher lost points); over an own Ultimate only
        when the outcome gets better (a tie does not pay for the Ultimate sent to the Dark Area)."""
        ch, o = self._best_appearance(g, p, timing)
        if ch is None or o == E.OC_LOSE:
            return None
        now = outcome(g, p, g.effects.rebuild(g, mods=[Mods(), Mods()]))
        if o > now or (o == now and int(g.t.level[p.seat, p.cur()]) < E.LV_ULTIMATE):
            return ch
        return None

    def evolve_target(self, g, p, row):
        return evolve_now_target(g, p, row)[0]

    def box_side(self, g, p, row, card) -> int:
        return box_pick_side(g, p, row, card)

    def hold(self, g, p, steps) -> bool:
        """Do not evolve (nor use evolve_ignore) when a Digimon in hand of at least the level the evolution
        would reach could appear from the box as it is now (an appearance row of timing battle or start
        whose conditions hold now and whose costs can be paid): evolving would lose its condition."""
        t, s = g.t, p.seat
        if p.exchange >= 0:
            return False
        lv = int(t.level[s, steps[-1].card]) if steps else int(t.level[s, p.cur()]) + 1
        return any(int(t.level[s, p.hand[pos]]) >= lv
                   for tm in (E.T_BATTLE, E.T_START) for pos, _ in legal_appearances(g, p, tm))
