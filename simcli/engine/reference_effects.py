"""Card effects (RULES §4) for the reference engine: conditions, costs, opcodes, timings, limits.

What is applied where (the kernel does the same, in the same order — docs/engine.md):

* Digimon abilities (effect rows of the card on top of the Digimon Box, when the card is modeled
  and effects are on) apply by themselves at their timing: ``prep`` in Preparation step (5),
  ``passive`` at the start of battle (second attacker, then first), ``evolved`` at the start of
  battle of the turn the Digimon evolved into this card, ``point`` before the loser loses points,
  ``win``/``lose`` after points.  ``battle`` rows are special abilities (◎): a player *uses* them in
  its battle window, each row once per turn.
* Options (modeled, with effect rows) are used only from a slot, by the players that set them
  (greedy; the baseline never does, BL-5): ``battle`` in a battle window, ``point`` / ``win`` /
  ``lose`` in Point Calculation, ``prep`` in Preparation step (5).
* A used option with limit ``turns(N)`` stays face-up in its slot for N turns, ``discarded`` /
  ``digimon`` until discarded (the players never discard a face-up option); its battle rows
  apply again at the start of every later battle.  Other used options go to the Dark Area at the
  end of the phase (point gauge instead with a ``gauge`` cost).
* ``digimon`` limit: the option stays face-up while the Digimon it was used with is the box's top
  card; it goes to the Dark Area at the start of a battle or the end of a turn at which it no longer
  is (it evolved, was exchanged, died or was renewed away).  ``slot_up`` = BOUND + that card.
* Negation (battle windows only): when a player uses an option in a battle window it pays the costs,
  then the opponent's policy decides at once whether to answer with a face-down negate card of its
  slots (``negate_program`` for a Program, ``negate_item`` for an Item, ``negate_option`` for any);
  the negated option goes to the Dark Area without effect, the negate card is used (its costs, its
  other battle rows, its limit).  A negate card cannot itself be negated.  ``negate_item`` is also
  used at the start of battle (after passives, before face-up options apply) against an Item
  already face-up in the opponent's slots, which goes to the Dark Area before it applies.
* Support Digimon (■, DM-BAT-2): in its battle window a player may, once per turn, put one Digimon
  card with ``support`` rows from its hand into its Support Box (``Effects.use_support``): the costs
  of its support rows are paid, and the rows whose conditions hold (on the battling Digimon) apply
  like an ability's (not an option: ``immune_options`` does not block them; not the box Digimon's
  special ability: ``void_abilities`` does not either).  The card goes to the Dark Area in the
  death check (DM-PTS-1), whatever the battle result.
* ``per_*`` rows take the count the player chose when it used the option / ability (0 for
  automatic timings); ``card=NAME`` is true only while checking an opponent's option named NAME
  (``immune_options if card=NAME``); ``evolve_ignore``: see ``Effects.evolve_ignore``.
"""

from __future__ import annotations

import copy

from simcli.engine import enums as E
from simcli.engine.reference import Mods, NoEffects, discard_choice

MOD_OPP_OPS = {E.OP_OPP_ATK_ADD, E.OP_OPP_ATK_MUL, E.OP_HALVE_OPP, E.OP_ZERO_OPP, E.OP_OPP_ATTACK_AS}
OPP_OPS = MOD_OPP_OPS | {E.OP_DAMAGE, E.OP_OPP_MILL, E.OP_OPP_DISCARD, E.OP_FORCE_DRAW, E.OP_VOID_ABILITIES,
                         E.OP_OPP_SLOTS_CLEAR}
PER_OPS = {E.OP_PER_DISCARD, E.OP_PER_DISCARD_DIGIMON, E.OP_PER_MILL}
MOD_OPS = MOD_OPP_OPS | PER_OPS | {E.OP_ATK_ADD, E.OP_BASE_ADD, E.OP_ATK_MUL, E.OP_ATTACK_AS, E.OP_NO_ZERO,
                                   E.OP_FORCE_DRAW, E.OP_NO_FORCE_DRAW, E.OP_IMMUNE_OPTIONS, E.OP_IMMUNE_MOD,
                                   E.OP_VOID_ABILITIES, E.OP_LOST_MUL}
NEGATE_OPS = {E.OP_NEGATE_PROGRAM, E.OP_NEGATE_ITEM, E.OP_NEGATE_OPTION}
PERSIST = 1000  # slot_up value of an option that stays face-up until discarded
BOUND = 2000  # slot_up = BOUND + card: face-up while that Digimon is the box's top card (limit ``digimon``)
OPT_PROGRAM, OPT_ITEM = 0, 1  # tables.optype codes


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


def attack_type(g, p, mods=None) -> int:
    mods = mods or g.mods
    o = g.ps[1 - p.seat]
    m = mods[p.seat]
    return m.attack_as if m.attack_as >= 0 else int(g.t.bt[o.seat, o.cur()])


def cond_ok(g, p, row, mods=None, card=-1) -> bool:
    """card: the opponent's option card being applied (for ``card=NAME``), -1 none."""
    t = g.t
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
        elif kind == E.C_OPP_BT:
            ok = cmp_num(int(t.bt[o.seat, co]), c, v)
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
            ok = cmp_has(int(t.vname[x.seat, x.cur()]) == v, c)
        elif kind in (E.C_FRAME, E.C_OPP_FRAME):
            x = p if kind == E.C_FRAME else o
            ok = cmp_has(int(t.frame[x.seat, x.cur()]) == v, c)
        elif kind in (E.C_FIELD, E.C_OPP_FIELD):
            x = p if kind == E.C_FIELD else o
            ok = cmp_has(v in t.fields[x.seat, x.cur()], c)
        elif kind in (E.C_TYPE, E.C_OPP_TYPE):
            x = p if kind == E.C_TYPE else o
            ok = cmp_has(v in t.words[x.seat, x.cur()], c)
        elif kind in (E.C_KEYWORD, E.C_OPP_KEYWORD):
            x = p if kind == E.C_KEYWORD else o
            ok = cmp_has(v in t.keywords[x.seat, x.cur()], c)
        elif kind == E.C_CARD:
            ok = card >= 0 and cmp_has(int(t.vname[o.seat, card]) == v, c)
        else:
            ok = False
        if not ok:
            return False
    return True


def cost_payable(g, p, row) -> bool:
    t = g.t
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
    return True


def pay_cost(g, p, row) -> bool:
    """Pay a row's costs; returns True when the card goes to the point gauge."""
    t = g.t
    gauge = False
    for k in range(E.MAX_COSTS):
        kind, n = int(row[E.E_COST0 + 2 * k]), int(row[E.E_COST0 + 2 * k + 1])
        if kind == E.K_DISCARD:
            for _ in range(n):
                p.dark.append(p.hand.pop(discard_choice(t, p.seat, p.hand)))
        elif kind == E.K_DISCARD_DIGIMON:
            for _ in range(n):
                p.dark.append(p.hand.pop(discard_choice(t, p.seat, p.hand)))
        elif kind == E.K_MILL:
            for _ in range(n):
                p.dark.append(p.deck.pop())
        elif kind == E.K_POINTS:
            p.points = max(0, p.points - n)
        elif kind == E.K_GAUGE:
            gauge = True
    return gauge


def card_immune(g, o, card, mods) -> bool:
    """o's Digimon has an active ``immune_options if card=NAME`` row matching p's option `card`."""
    t = g.t
    c = o.cur()
    if not t.modeled[o.seat, c] or mods[o.seat].abilities_void:
        return False
    for row in rows(g, o.seat, c):
        if int(row[E.E_OP]) == E.OP_IMMUNE_OPTIONS and int(row[E.E_TIMING]) == E.T_PASSIVE \
                and cond_ok(g, o, row, mods, card):
            return True
    return False


def per_avail(g, p, op) -> int:
    t = g.t
    if op == E.OP_PER_DISCARD:
        return len(p.hand)
    if op == E.OP_PER_DISCARD_DIGIMON:
        return sum(1 for c in p.hand if t.kind[p.seat, c] == E.KIND_DIGIMON)
    return len(p.deck)


def apply_row(g, p, row, from_option: bool, mods=None, sim: bool = False, card: int = -1, count: int = 0) -> None:
    """Apply one effect row for player p.  sim: only attack modifiers, on `mods` (greedy look-ahead).
    card: the option card applied (-1 for an ability); count: the player's per_* count."""
    mods = mods if mods is not None else g.mods
    t = g.t
    o = g.ps[1 - p.seat]
    op, arg, arg2 = int(row[E.E_OP]), int(row[E.E_ARG]), int(row[E.E_ARG2])
    mp, mo = mods[p.seat], mods[o.seat]
    if op in OPP_OPS:
        if from_option and (mo.immune_options or (card >= 0 and card_immune(g, o, card, mods))):
            return
        if op in MOD_OPP_OPS and mo.immune_mod:
            return
    if sim and op not in MOD_OPS:
        return
    if op in PER_OPS:
        n = count
        if not sim:
            n = min(n, per_avail(g, p, op))
            if arg2 > 0:
                n = min(n, arg2)
            for _ in range(n):
                if op == E.OP_PER_MILL:
                    p.dark.append(p.deck.pop())
                else:
                    p.dark.append(p.hand.pop(discard_choice(t, p.seat, p.hand)))
        mp.add += arg * max(0, n)
    elif op == E.OP_ATK_ADD:
        mp.add += arg
    elif op == E.OP_OPP_ATK_ADD:
        mo.add += arg
    elif op == E.OP_BASE_ADD:
        mp.base_add += arg
    elif op == E.OP_ATK_MUL:
        mp.mul_num, mp.mul_den = arg, max(1, arg2)
    elif op == E.OP_OPP_ATK_MUL:
        mo.mul_num, mo.mul_den = arg, max(1, arg2)
    elif op == E.OP_HALVE_OPP:
        mo.halved = True
    elif op == E.OP_ATTACK_AS:
        mp.attack_as = arg
    elif op == E.OP_OPP_ATTACK_AS:
        mo.attack_as = arg
    elif op == E.OP_ZERO_OPP:
        mo.zeroed = True
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
    elif op == E.OP_DAMAGE:
        o.points = max(0, o.points - arg)
    elif op == E.OP_HEAL:
        p.points = min(100, p.points + arg)
    elif op == E.OP_SELF_DAMAGE:
        p.points = max(0, p.points - arg)
    elif op == E.OP_DRAW:
        for _ in range(arg):
            if p.deck:
                p.hand.append(p.deck.pop())
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
        for k in range(3):
            if o.slots[k] >= 0:
                o.dark.append(o.slots[k])
                o.slots[k] = -1
                o.slot_up[k] = 0
    # negate_* (handled by Effects.use_option / battle_start), evolve_ignore (Effects.evolve_ignore),
    # keep_abilities / no_ignore (printed flags in the tables): nothing to do here


def rows(g, seat, card):
    t = g.t
    return [t.effects[r] for r in range(int(t.eff_lo[seat, card]), int(t.eff_hi[seat, card]))]


def option_limit(row, p) -> int:
    """slot_up after use: 0 (to the Dark Area at the end of the phase), N turns, PERSIST, BOUND + Digimon."""
    lim = int(row[E.E_LIMIT])
    if lim == E.L_TURNS:
        return max(1, int(row[E.E_LIMIT_ARG]))
    if lim == E.L_DISCARDED:
        return PERSIST
    if lim == E.L_DIGIMON:
        return BOUND + p.cur()
    return 0


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


class Effects(NoEffects):
    """The effect hooks the Game skeleton calls (reference.Game.play_turn)."""

    # ---- helpers -------------------------------------------------------------------------------
    def abilities_active(self, g, p) -> bool:
        return bool(g.t.modeled[p.seat, p.cur()]) and not g.mods[p.seat].abilities_void

    def auto_abilities(self, g, p, timing: int) -> None:
        if not self.abilities_active(g, p):
            return
        used = False
        for row in rows(g, p.seat, p.cur()):
            if int(row[E.E_TIMING]) == timing and cond_ok(g, p, row) and cost_payable(g, p, row):
                pay_cost(g, p, row)
                apply_row(g, p, row, False)
                used = True
        if used:
            g.card_uses[p.seat, p.cur()] += 1

    def use_option(self, g, p, k: int, timing: int, count: int = 0, respond: bool = True) -> None:
        """Use the option in slot k at this timing: costs, (battle: the opponent may negate it), then its
        rows with that timing.  count: the player's per_* count."""
        c = p.slots[k]
        rs = [r for r in rows(g, p.seat, c) if int(r[E.E_TIMING]) == timing]
        gauge = False
        for r in rs:
            gauge |= pay_cost(g, p, r)
        g.card_uses[p.seat, c] += 1
        g.log_line(f"  {'AB'[p.seat]} uses {g.cname(p, c)}")
        if respond and timing == E.T_BATTLE:
            o = g.ps[1 - p.seat]
            k2 = g.players[o.seat].negate_response(g, o, p, c, count)
            if k2 is not None and k2 >= 0:
                g.log_line(f"  {'AB'[o.seat]} negates it with {g.cname(o, o.slots[k2])}")
                p.dark.append(c)
                p.slots[k] = -1
                p.slot_up[k] = 0
                self.use_option(g, o, k2, E.T_BATTLE, 0, False)
                return
        for r in rs:
            if cond_ok(g, p, r):
                apply_row(g, p, r, True, card=c, count=count)
        up = option_limit(rs[0], p) if rs else 0
        if gauge:
            p.gauge.append(c)
            p.slots[k] = -1
            p.slot_up[k] = 0
        elif up > 0:
            p.slot_up[k] = up
        else:
            p.slot_up[k] = -2  # used this phase: to the Dark Area at the end of the phase
            self.spent.append((p.seat, k))

    def end_phase(self, g) -> None:
        for seat, k in self.spent:
            p = g.ps[seat]
            if p.slots[k] < 0:  # cleared meanwhile (opp_slots_clear)
                continue
            p.dark.append(p.slots[k])
            p.slots[k] = -1
            p.slot_up[k] = 0
        self.spent = []

    def use_support(self, g, p, pos: int) -> None:
        """DM-BAT-2: hand[pos] goes to the Support Box; its support rows' costs are paid (a ``gauge``
        cost is ignored: the card stays in the Support Box), then the rows whose conditions hold apply."""
        c = p.hand.pop(pos)
        p.support = c
        rs = [r for r in rows(g, p.seat, c) if int(r[E.E_TIMING]) == E.T_SUPPORT]
        for r in rs:
            pay_cost(g, p, r)
        for r in rs:
            if cond_ok(g, p, r):
                apply_row(g, p, r, False)
        g.card_uses[p.seat, c] += 1
        g.log_line(f"  {'AB'[p.seat]} supports with {g.cname(p, c)}")

    def use_ability(self, g, p, r: int, count: int = 0) -> None:
        row = g.t.effects[r]
        g.ability_used.add((p.seat, r))
        pay_cost(g, p, row)
        if cond_ok(g, p, row):
            apply_row(g, p, row, False, count=count)
        g.card_uses[p.seat, p.cur()] += 1
        g.log_line(f"  {'AB'[p.seat]} uses the ability of {g.cname(p, p.cur())}")

    # ---- hooks -----------------------------------------------------------------------------------
    spent: list = []

    def prep_phase(self, g, p, player) -> None:
        self.spent = []
        self.auto_abilities(g, p, E.T_PREP)
        for k in player.timed_options(g, p, E.T_PREP):
            self.use_option(g, p, k, E.T_PREP)
        self.end_phase(g)

    def unbind(self, g) -> None:
        """Limit ``digimon``: options whose Digimon is no longer the top card → Dark Area."""
        for p in g.ps:
            for k in range(3):
                if p.slots[k] >= 0 and p.slot_up[k] >= BOUND and p.slot_up[k] - BOUND != p.cur():
                    p.dark.append(p.slots[k])
                    p.slots[k] = -1
                    p.slot_up[k] = 0

    def evolve_ignore(self, g, p, player) -> None:
        """DM-EVO-5, Preparation step (4) when no chain was prepared: the player may use an
        ``evolve_ignore`` option (timing evolution) from a slot to prepare one step to a Digimon of the
        next level from hand (not ``no_ignore``, reachable by some non-Jogress requirement alternative).
        The option goes into the Power Box (to the Dark Area after the Evolution phase); its costs
        are paid once the step is prepared."""
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
        g.card_uses[p.seat, opt] += 1

    def battle_start(self, g, fa, sa) -> None:
        self.spent = []
        g.ability_used = set()
        t = g.t
        self.unbind(g)
        for p in (sa, fa):  # void first (second attacker, then first)
            if t.modeled[p.seat, p.cur()] and not g.mods[p.seat].abilities_void:
                for row in rows(g, p.seat, p.cur()):
                    if int(row[E.E_OP]) == E.OP_VOID_ABILITIES and int(row[E.E_TIMING]) == E.T_PASSIVE \
                            and cond_ok(g, p, row):
                        apply_row(g, p, row, False)
        for p in (sa, fa):
            if self.abilities_active(g, p):
                for row in rows(g, p.seat, p.cur()):
                    tm = int(row[E.E_TIMING])
                    if int(row[E.E_OP]) == E.OP_VOID_ABILITIES and tm == E.T_PASSIVE:
                        continue
                    if (tm == E.T_PASSIVE or (tm == E.T_EVOLVED and p.evolved_turn == g.turn)) and cond_ok(g, p, row):
                        apply_row(g, p, row, False)
        for p in (sa, fa):  # negate_item against Items already face-up (second attacker, then first)
            o = g.ps[1 - p.seat]
            while True:
                ch = g.players[p.seat].item_negation(g, p)
                if ch is None:
                    break
                k, tk = ch
                g.log_line(f"  {'AB'[p.seat]} negates {g.cname(o, o.slots[tk])} with {g.cname(p, p.slots[k])}")
                o.dark.append(o.slots[tk])
                o.slots[tk] = -1
                o.slot_up[tk] = 0
                self.use_option(g, p, k, E.T_BATTLE, 0, False)
        for p in (sa, fa):
            for k in range(3):
                c = p.slots[k]
                if c >= 0 and p.slot_up[k] > 0:
                    for row in rows(g, p.seat, c):
                        if int(row[E.E_TIMING]) == E.T_BATTLE and cond_ok(g, p, row):
                            apply_row(g, p, row, True, card=c)

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
                else:
                    self.use_option(g, cur, idx, E.T_BATTLE, count)
                acted = True
            passes = 0 if acted else passes + 1
            windows += 1
            cur = g.ps[1 - cur.seat]
        self.end_phase(g)

    def point_options(self, g, fa, sa, result) -> None:
        self.spent = []
        for p in (fa, sa):
            for k in g.players[p.seat].timed_options(g, p, E.T_POINT):
                self.use_option(g, p, k, E.T_POINT)
        for p in (fa, sa):
            self.auto_abilities(g, p, E.T_POINT)

    def after_points(self, g, fa, sa, result) -> None:
        for p in (fa, sa):
            won = (result == E.BR_FIRST) == (p is fa) and result != E.BR_DRAW
            lost = result != E.BR_DRAW and not won
            tm = E.T_WIN if won else (E.T_LOSE if lost else -1)
            if tm < 0:
                continue
            self.auto_abilities(g, p, tm)
            if g.decided():
                break
            for k in g.players[p.seat].timed_options(g, p, tm):
                self.use_option(g, p, k, tm)
            if g.decided():
                break
        self.end_phase(g)

    def end_turn(self, g) -> None:
        self.unbind(g)
        for p in g.ps:
            for k in range(3):
                if p.slots[k] >= 0 and 0 < p.slot_up[k] < PERSIST:
                    p.slot_up[k] -= 1
                    if p.slot_up[k] == 0:
                        p.dark.append(p.slots[k])
                        p.slots[k] = -1
