"""The ``greedy`` player (pure Python twin of players.py's greedy functions).

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
* Point Calculation / Preparation / win / lose options: uses those whose conditions hold.
"""

from __future__ import annotations

from simcli.engine import enums as E
from simcli.engine.reference import BaselinePlayer, baseline_discard
from simcli.engine.reference_effects import apply_row, cond_ok, cost_payable, rows
from simcli.engine.tables import R_FROM


def outcome(g, p, mods) -> int:
    """2 win, 1 draw, 0 lose for player p with these battle modifiers."""
    o = g.ps[1 - p.seat]
    fa, sa = (p, o) if g.fa == p.seat else (o, p)
    af, as_ = g.final_attacks(fa, sa, mods)
    mine, theirs = (af, as_) if fa is p else (as_, af)
    if g.forced_draw(mods):
        return 1
    return 2 if mine > theirs else (1 if mine == theirs else 0)


def face_up_blocked(g, p, c) -> bool:
    t = g.t
    if not t.face_up_limit[p.seat, c]:
        return False
    return any(x >= 0 and p.slot_up[k] != 0 and t.name[p.seat, x] == t.name[p.seat, c] for k, x in enumerate(p.slots))


def option_rows(g, p, c, timing):
    return [r for r in rows(g, p.seat, c) if int(r[E.E_TIMING]) == timing]


class GreedyPlayer(BaselinePlayer):
    name = "greedy"
    cost_aware = True

    def partner(self, t, s) -> int:
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
        t, s = g.t, p.seat
        free = sum(1 for c in p.slots if c < 0)
        out = [pos for pos, c in enumerate(p.hand) if t.usable_opt[s, c]]
        return out[:free]

    def discard(self, g, p) -> list[int]:
        d = baseline_discard(g, p, max_opts=2)
        keep = set(self._settable(g, p))
        b = self._best_l3(g, p)
        if b >= 0:
            keep.add(b)
        return [x for x in d if x not in keep]

    def exchange(self, g, p) -> int:
        return self._best_l3(g, p)

    def set_options(self, g, p) -> list[int]:
        return self._settable(g, p)

    def timed_options(self, g, p, timing) -> list[int]:
        t, s = g.t, p.seat
        out = []
        for k, c in enumerate(p.slots):
            if c < 0 or p.slot_up[k] != 0 or not t.usable_opt[s, c] or face_up_blocked(g, p, c):
                continue
            rs = option_rows(g, p, c, timing)
            if rs and all(cost_payable(g, p, r) for r in rs) and any(cond_ok(g, p, r) for r in rs):
                out.append(k)
        return out

    def battle_action(self, g, p):
        t, s = g.t, p.seat
        cur = outcome(g, p, g.mods)
        if cur == 2:
            return None
        best, best_out = None, cur
        if g.effects.abilities_active(g, p):
            c = p.cur()
            for r in range(int(t.eff_lo[s, c]), int(t.eff_hi[s, c])):
                row = t.effects[r]
                if int(row[E.E_TIMING]) != E.T_BATTLE or (s, r) in g.ability_used:
                    continue
                if not cost_payable(g, p, row) or not cond_ok(g, p, row):
                    continue
                m = g.copy_mods()
                apply_row(g, p, row, False, mods=m, sim=True)
                o = outcome(g, p, m)
                if o > best_out:
                    best, best_out = (0, r), o
        for k, c in enumerate(p.slots):
            if c < 0 or p.slot_up[k] != 0 or not t.usable_opt[s, c] or face_up_blocked(g, p, c):
                continue
            rs = option_rows(g, p, c, E.T_BATTLE)
            if not rs or not all(cost_payable(g, p, r) for r in rs):
                continue
            m = g.copy_mods()
            for r in rs:
                if cond_ok(g, p, r, m):
                    apply_row(g, p, r, True, mods=m, sim=True)
            o = outcome(g, p, m)
            if o > best_out:
                best, best_out = (1, k), o
        return best
