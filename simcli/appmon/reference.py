"""The plain-Python Appmon engine: the rules of RULES.md §3, readable, game by game equal to kernel.py.

Every step below names the rule it plays (AM-*, C-*).  Decisions where the seeds are silent are
marked **(decided)** and listed in docs/appmon.md.  The engine reads the compiled tables
(tables.AppTables, fields in codes.py) and draws from the same per-game random stream as the
kernel (simcli/engine/rng.py: splitmix64 from (seed, game index)), in the same order:

    setup: shuffle seat A's 30 cards, then seat B's (Fisher-Yates); the coin (randint 2) picks
    the turn-1 first attacker; later draws: one shuffle per renewal (first attacker first).

Players (docs/appmon.md "Players"): ``baseline`` and ``greedy``; both are deterministic, so a game
is a function of the tables, the players and (seed, game index).

The deck top is the end of the ``deck`` list; the hand keeps the order in which cards entered it.
"""

from __future__ import annotations

import numpy as np

from simcli.appmon import codes as C
from simcli.engine.results import FA_HASH_START, RECORD_DTYPE, fa_hash_step, new_stats
from simcli.engine.rng import Rng
from simcli.codes import BR_DRAW, BR_FIRST, BR_SECOND, OUT_A, OUT_B, OUT_CAPPED, OUT_DRAW, PLAYER_GREEDY, PLAYER_NAMES


class Seat:
    """One player's zones (AM-SET-1, RULES.md §3 'Zones')."""

    def __init__(self):
        self.pts = 100
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.disc: list[int] = []
        self.std = -1  # the Standard Grade Appmon in the Appmon Box
        self.top = -1  # the fused Appmon stacked on it
        self.power: list[int] = []  # Power Box
        self.gattai = -1  # AppGattai Box
        self.link: list[int] = []  # Applink Box
        self.slot = [-1, -1, -1]
        self.slot_up = [0, 0, 0]
        self.gauge = -1
        self.plugs_used = 0
        self.add = 0
        self.abil_used = 0
        self.auto_loss = 0
        self.renew = 0
        self.first_renew = 0
        self.maxgr = 0
        self.drawn = 0
        self.used = 0


class Game:
    def __init__(self, T, players, log=None, names=None):
        self.ct = T.ct
        self.players = [p if isinstance(p, int) else PLAYER_NAMES.index(p) for p in players]
        self.S = [Seat(), Seat()]
        self.uses = np.zeros((2, C.MAX_CARDS), np.int64)
        self.log = log
        self.names = names or [[str(i) for i in range(C.MAX_CARDS)] for _ in range(2)]

    # ---- helpers -------------------------------------------------------------------------------
    def f(self, s, c, field):
        return int(self.ct[s, c, field])

    def say(self, text):
        if self.log is not None:
            self.log.append(text)

    def nm(self, s, c):
        return self.names[s][c]

    def battler(self, s):
        """The battling Appmon: the fused one on top, else the Standard (-1: empty box)."""
        p = self.S[s]
        return p.top if p.top >= 0 else p.std

    def mark_used(self, s, c):
        self.uses[s, c] += 1
        self.S[s].used |= 1 << c

    def draw_to_six(self, s):  # C-HAND-1
        p = self.S[s]
        got = []
        while len(p.hand) < 6 and p.deck:
            c = p.deck.pop()
            p.hand.append(c)
            p.drawn |= 1 << c
            got.append(c)
        return got

    def setup(self, s, rng):  # AM-SET-1: shuffle all 30; the top card to the Point Gauge; draw 6
        p = self.S[s]
        n = self.f(s, 0, C.F_NCARDS)
        p.deck = list(range(n))
        rng.shuffle(p.deck, n)
        p.gauge = p.deck.pop()
        for _ in range(6):
            c = p.deck.pop()
            p.hand.append(c)
            p.drawn |= 1 << c

    # ---- the players' planning (docs/appmon.md "Players") --------------------------------------
    def plan_gattai(self, s, base, exclude=-1):
        """The best AppGattai the hand allows onto ``base`` (AM-PREP-1 step 5): (target, [components])
        or (-1, []).  A target's requirement must name the base's name; every other named component is
        an Appmon in hand (earliest first) **(decided)**.  Best: higher grade, then higher A, then
        earlier in hand."""
        p = self.S[s]
        bname = self.f(s, base, C.F_NAME)
        best, best_comps, bg, ba = -1, [], -1, -1
        for t in p.hand:
            if t == exclude or self.f(s, t, C.F_KIND) != C.KIND_APPMON or self.f(s, t, C.F_REQ_N) == 0:
                continue
            req = [self.f(s, t, C.F_REQ + k) for k in range(self.f(s, t, C.F_REQ_N))]
            if bname not in req:
                continue
            req.remove(bname)
            comps = []
            ok = True
            for n in req:
                found = -1
                for c in p.hand:
                    if c != t and c != exclude and c not in comps and self.f(s, c, C.F_KIND) == C.KIND_APPMON \
                            and self.f(s, c, C.F_NAME) == n:
                        found = c
                        break
                if found < 0:
                    ok = False
                    break
                comps.append(found)
            if not ok:
                continue
            g, a = self.f(s, t, C.F_GRADE), self.f(s, t, C.F_ATK)
            if g > bg or (g == bg and a > ba):
                best, best_comps, bg, ba = t, comps, g, a
        return best, best_comps

    def choose_standard(self, s):
        """The Standard Grade Appmon to appliarise (BL-3 / greedy): baseline: the highest A attack
        (earliest in hand among equals); greedy: the one with the best AppGattai plan in hand (its
        target's grade, then the final card's A), then the highest A."""
        p = self.S[s]
        greedy = self.players[s] == PLAYER_GREEDY
        best, bg, ba = -1, -1, -1
        for c in p.hand:
            if self.f(s, c, C.F_KIND) != C.KIND_APPMON or self.f(s, c, C.F_GRADE) != C.GR_STANDARD:
                continue
            g, a = 0, self.f(s, c, C.F_ATK)
            if greedy:
                t, _ = self.plan_gattai(s, c, exclude=c)
                if t >= 0:
                    g, a = self.f(s, t, C.F_GRADE), self.f(s, t, C.F_ATK)
            if g > bg or (g == bg and a > ba):
                best, bg, ba = c, g, a
        return best

    def remove_hand(self, s, c):
        self.S[s].hand.remove(c)

    def prep_discard(self, s):
        """AM-PREP-1 step 1 (both players): keep the cards usable this turn given the box, discard the
        rest (so the hand never jams): the Standard to appliarise when the box is empty (greedy: also
        the one that replaces a lone Standard without an AppGattai in hand, step 4), the best
        AppGattai plan onto the battling (or that) Appmon, and Appmon whose Applink plug fits a plug
        of the battling Appmon or of the plan's target; greedy also keeps battle / point options up to
        its free slots.  Option slots are never emptied (step 2)."""
        p = self.S[s]
        keep = set()
        base = self.battler(s)
        greedy = self.players[s] == PLAYER_GREEDY
        if base < 0:
            base = self.choose_standard(s)
            if base >= 0:
                keep.add(base)
        elif greedy and p.top < 0 and self.plan_gattai(s, base)[0] < 0:
            # greedy: the Standard it will appliarise instead of a lone Standard without AppGattai (step 4)
            c = self.choose_standard(s)
            if c >= 0 and self.plan_gattai(s, c, exclude=c)[0] >= 0:
                base = c
                keep.add(c)
        plugs = 0
        if base >= 0:
            plugs = self.f(s, base, C.F_PLUGS)
            t, comps = self.plan_gattai(s, base, exclude=base)
            if t >= 0:
                keep.add(t)
                keep.update(comps)
                plugs |= self.f(s, t, C.F_PLUGS)
        for c in p.hand:
            if c not in keep and self.f(s, c, C.F_KIND) == C.KIND_APPMON and self.f(s, c, C.F_LINK_EF) != C.EF_NONE \
                    and (plugs >> self.f(s, c, C.F_LINK_PLUG)) & 1:
                keep.add(c)
        if greedy:
            free = sum(1 for k in range(3) if p.slot[k] < 0)
            for c in p.hand:
                if free > 0 and self.f(s, c, C.F_KIND) == C.KIND_OPTION and self.f(s, c, C.F_OPT_TIMING) != C.OT_NONE:
                    keep.add(c)
                    free -= 1
        gone = [c for c in p.hand if c not in keep]
        p.hand = [c for c in p.hand if c in keep]
        p.disc.extend(gone)
        if gone:
            self.say(f"  {'AB'[s]} discards {', '.join(self.nm(s, c) for c in gone)}")

    def preparation(self, s):
        """AM-PREP-1 for one player: (1) discard, (2) slots (kept), (3) draw to 6, (4) Appliarise,
        (5) AppGattai preparation, (6) nothing modeled, (7) set options (greedy)."""
        p = self.S[s]
        self.prep_discard(s)
        got = self.draw_to_six(s)
        if got:
            self.say(f"  {'AB'[s]} draws {', '.join(self.nm(s, c) for c in got)} (deck {len(p.deck)})")
        greedy = self.players[s] == PLAYER_GREEDY
        if p.std < 0:  # step 4: Appliarise
            c = self.choose_standard(s)
            if c >= 0:
                self.appliarise(s, c)
        elif greedy and p.top < 0 and self.plan_gattai(s, p.std)[0] < 0:
            # greedy: a lone Standard with no AppGattai in hand is replaced by one that has one
            c = self.choose_standard(s)
            if c >= 0 and self.plan_gattai(s, c, exclude=c)[0] >= 0:
                self.say(f"  {'AB'[s]} discards its Appmon Box ({self.nm(s, p.std)})")
                p.disc.append(p.std)
                p.std = -1
                self.appliarise(s, c)
        base = self.battler(s)
        if base >= 0:  # step 5: AppGattai preparation
            t, comps = self.plan_gattai(s, base)
            if t >= 0:
                self.remove_hand(s, t)
                p.gattai = t
                for c in comps:
                    self.remove_hand(s, c)
                    p.power.append(c)
                self.say(f"  {'AB'[s]} prepares AppGattai {self.nm(s, t)} (power box "
                         f"{', '.join(self.nm(s, c) for c in comps)})")
        if greedy:  # step 7: set options
            for c in list(p.hand):
                if self.f(s, c, C.F_KIND) == C.KIND_OPTION and self.f(s, c, C.F_OPT_TIMING) != C.OT_NONE:
                    for k in range(3):
                        if p.slot[k] < 0:
                            self.remove_hand(s, c)
                            p.slot[k] = c
                            p.slot_up[k] = 0
                            self.say(f"  {'AB'[s]} sets {self.nm(s, c)} in slot {k + 1}")
                            break
        p.auto_loss = 1 if p.std < 0 else 0  # AM-PREP-2
        if p.auto_loss:
            self.say(f"  {'AB'[s]} has no Appmon in its Appmon Box: it loses the battle (AM-PREP-2)")

    def appliarise(self, s, c):
        p = self.S[s]
        self.remove_hand(s, c)
        p.std = c
        p.maxgr |= 1 << C.GR_STANDARD
        self.mark_used(s, c)
        self.say(f"  {'AB'[s]} appliarises {self.nm(s, c)}")

    # ---- AppGattai phase (AM-GAT-1) ----------------------------------------------------------------
    def requirement_met(self, s):
        p = self.S[s]
        t, base = p.gattai, self.battler(s)
        if base < 0:
            return False
        req = sorted(self.f(s, t, C.F_REQ + k) for k in range(self.f(s, t, C.F_REQ_N)))
        have = sorted([self.f(s, base, C.F_NAME)] + [self.f(s, c, C.F_NAME) for c in p.power])
        return len(req) > 0 and req == have and all(self.f(s, c, C.F_KIND) == C.KIND_APPMON for c in p.power)

    def appgattai(self, s):
        p = self.S[s]
        if p.gattai < 0:
            p.disc.extend(p.power)  # leftovers (AM-GAT-1)
            p.power = []
            return
        t = p.gattai
        if self.requirement_met(s):
            old = p.top
            p.top = t
            p.maxgr |= 1 << self.f(s, t, C.F_GRADE)
            self.mark_used(s, t)
            for c in p.power:
                self.mark_used(s, c)
            p.disc.extend(p.power)  # the Power Box's cards, then the previous fused Appmon (AM-GAT-1)
            if old >= 0:
                p.disc.append(old)
            self.say(f"  {'AB'[s]} AppGattai → {self.nm(s, t)}")
        else:
            p.disc.append(t)
            p.disc.extend(p.power)
            self.say(f"  {'AB'[s]} AppGattai {self.nm(s, t)} fails: requirement not met; discarded")
        p.gattai = -1
        p.power = []

    # ---- battle (AM-BAT-1, AM-LINK-1, C-TYPE-1/2, C-CALC-1) -------------------------------------------
    def base_attack(self, s):
        o = 1 - s
        me, op = self.battler(s), self.battler(o)
        atype = self.f(o, op, C.F_BT)  # C-TYPE-1: the attack named by the opponent's battle type
        base = self.f(s, me, C.F_ATK + atype)
        # C-TYPE-2: the opponent uses its C (my battle type is C) and its C carries A→0; I use A
        if atype == 0 and self.f(s, me, C.F_BT) == 2 and self.f(o, op, C.F_CZERO) and not self.f(s, me, C.F_NO_ZERO):
            base = 0
        return base

    def final_attack(self, s):
        p = self.S[s]
        me = self.battler(s)
        v = self.base_attack(s) + p.add + self.f(s, me, C.F_PER_LINK) * len(p.link)
        return max(0, v)

    def apply(self, s, ef, v):
        if ef == C.EF_ATK:
            self.S[s].add += v
        elif ef == C.EF_OPP_ATK:
            self.S[1 - s].add -= v

    def actions(self, s):
        """The battle actions open to seat s now, in the order the players scan them:
        [(ACT_*, card or slot, effect, value)]: Applinks (hand order), the ability, options (slots)."""
        p = self.S[s]
        me = self.battler(s)
        out = []
        free = self.f(s, me, C.F_PLUGS) & ~p.plugs_used
        for c in p.hand:
            if self.f(s, c, C.F_KIND) == C.KIND_APPMON and self.f(s, c, C.F_LINK_EF) != C.EF_NONE \
                    and (free >> self.f(s, c, C.F_LINK_PLUG)) & 1:
                out.append((C.ACT_LINK, c, self.f(s, c, C.F_LINK_EF), self.f(s, c, C.F_LINK_VAL)))
        if self.f(s, me, C.F_ACT_ATK) > 0 and not p.abil_used:
            out.append((C.ACT_ABILITY, me, C.EF_ATK, self.f(s, me, C.F_ACT_ATK)))
        for k in range(3):
            c = p.slot[k]
            if c >= 0 and not p.slot_up[k] and self.f(s, c, C.F_OPT_TIMING) == C.OT_BATTLE:
                out.append((C.ACT_OPTION, k, self.f(s, c, C.F_OPT_EF), self.f(s, c, C.F_OPT_VAL)))
        return out

    def margin_after(self, s, act):
        """Seat s's final attack minus the opponent's after the action (the greedy player's look-ahead)."""
        kind, x, ef, v = act
        p = self.S[s]
        save = (p.add, self.S[1 - s].add)
        self.apply(s, ef, v)
        extra = 0
        if kind == C.ACT_LINK:
            extra = self.f(s, self.battler(s), C.F_PER_LINK)
        m = max(0, self.base_attack(s) + p.add + self.f(s, self.battler(s), C.F_PER_LINK) * len(p.link) + extra) \
            - self.final_attack(1 - s)
        p.add, self.S[1 - s].add = save
        return m

    def choose_action(self, s):
        acts = self.actions(s)
        if self.players[s] != PLAYER_GREEDY:
            # baseline: every Applink it can (hand order), then the ability; never an option (BL-5)
            for a in acts:
                if a[0] != C.ACT_OPTION:
                    return a
            return None
        now = self.final_attack(s) - self.final_attack(1 - s)
        if now > 0:  # greedy: winning already: stop (keep the cards)
            return None
        best, bm = None, now
        for a in acts:
            m = self.margin_after(s, a)
            if m > bm:
                best, bm = a, m
        return best

    def do_action(self, s, act):
        kind, x, ef, v = act
        p = self.S[s]
        if kind == C.ACT_LINK:  # AM-LINK-1
            self.remove_hand(s, x)
            p.link.append(x)
            p.plugs_used |= 1 << self.f(s, x, C.F_LINK_PLUG)
            self.mark_used(s, x)
            what = f"Applinks {self.nm(s, x)}"
        elif kind == C.ACT_ABILITY:
            p.abil_used = 1
            self.mark_used(s, x)
            what = f"uses the ability of {self.nm(s, x)}"
        else:
            p.slot_up[x] = 1
            self.mark_used(s, p.slot[x])
            what = f"uses {self.nm(s, p.slot[x])}"
        self.apply(s, ef, v)
        self.say(f"  {'AB'[s]} {what} → attack {self.final_attack(0)} / {self.final_attack(1)}")

    def battle(self, fa):
        """Returns the winning seat, -1 for a draw (AM-BAT-1, C-BAT-1, AM-PREP-2)."""
        sa = 1 - fa
        A, B = self.S
        for p in self.S:
            p.add = 0
            p.plugs_used = 0
            p.abil_used = 0
        if A.auto_loss or B.auto_loss:
            if A.auto_loss and B.auto_loss:
                return -1  # (decided) both lose automatically: a drawn battle, both lose 10
            return 1 if A.auto_loss else 0
        self.say(f"  battle: A {self.nm(0, self.battler(0))} vs B {self.nm(1, self.battler(1))}; "
                 f"attack {self.final_attack(0)} / {self.final_attack(1)}")
        cur, passes = sa, 0  # AM-BAT-1: the second attacker acts first; alternate until both decline
        while passes < 2:
            act = self.choose_action(cur)
            if act is None:
                passes += 1
            else:
                passes = 0
                self.do_action(cur, act)
            cur = 1 - cur
        fa_atk, sa_atk = self.final_attack(fa), self.final_attack(sa)
        w = fa if fa_atk > sa_atk else sa if sa_atk > fa_atk else -1
        self.say(f"  final attack A {self.final_attack(0)} B {self.final_attack(1)} → "
                 f"{'draw' if w < 0 else 'AB'[w] + ' wins'}")
        return w

    def end_battle(self, fa):
        """After the battle: Applink cards, then used battle options, to the discard pile (first
        attacker first; AM-LINK-1, C-OPT-2)."""
        for s in (fa, 1 - fa):
            p = self.S[s]
            p.disc.extend(p.link)
            p.link = []
            p.plugs_used = 0
            for k in range(3):
                c = p.slot[k]
                if c >= 0 and p.slot_up[k] and self.f(s, c, C.F_OPT_TIMING) == C.OT_BATTLE:
                    p.disc.append(c)
                    p.slot[k] = -1
                    p.slot_up[k] = 0

    # ---- Point Calculation (AM-PTS-1) -------------------------------------------------------------
    def point_options(self, s):
        p = self.S[s]
        if self.players[s] != PLAYER_GREEDY:
            return
        for k in range(3):
            c = p.slot[k]
            if c >= 0 and not p.slot_up[k] and self.f(s, c, C.F_OPT_TIMING) == C.OT_POINT and p.pts < 100:
                p.slot_up[k] = 1
                self.mark_used(s, c)
                p.pts = min(100, p.pts + self.f(s, c, C.F_OPT_VAL))
                self.say(f"  {'AB'[s]} uses {self.nm(s, c)} → {p.pts} points")

    def decided(self):
        a, b = self.S[0].pts <= 0, self.S[1].pts <= 0
        if a and b:
            return OUT_DRAW
        if a:
            return OUT_B
        if b:
            return OUT_A
        return -1

    def lose(self, s, n):
        p = self.S[s]
        p.pts = max(0, p.pts - n)
        self.say(f"  {'AB'[s]} loses {n} points → {p.pts}")

    def point_calc(self, fa, w, t, rng):
        sa = 1 - fa
        for s in (fa, sa):
            self.point_options(s)
        A, B = self.S
        if A.auto_loss or B.auto_loss:  # AM-PREP-2 / AM-PTS-1: an automatic loser loses 10
            for s in (fa, sa):
                if self.S[s].auto_loss:
                    self.lose(s, 10)
        elif w < 0:  # C-LOST-2: a draw costs both 10; the Appmon stay
            self.lose(fa, 10)
            self.lose(sa, 10)
        else:  # C-LOST-1: the loser's lost points at the winner's grade
            lo = 1 - w
            g = self.f(w, self.battler(w), C.F_GRADE)
            self.lose(lo, self.f(lo, self.battler(lo), C.F_LOST + g))
        out = self.decided()
        if out >= 0:  # C-PTS-2: nothing after it is played
            return out
        if w >= 0:  # a losing non-Standard Appmon is discarded down to its Standard
            lp = self.S[1 - w]
            if lp.top >= 0:
                lp.disc.append(lp.top)
                self.say(f"  {'AB'[1 - w]} discards {self.nm(1 - w, lp.top)} down to its Standard")
                lp.top = -1
        for s in (fa, sa):  # point options used go to the discard pile (C-OPT-2)
            p = self.S[s]
            for k in range(3):
                if p.slot[k] >= 0 and p.slot_up[k]:
                    p.disc.append(p.slot[k])
                    p.slot[k] = -1
                    p.slot_up[k] = 0
        for s in (fa, sa):  # C-RENEW-1
            p = self.S[s]
            if not p.deck:
                if p.top >= 0:
                    p.disc.append(p.top)
                    p.top = -1
                p.deck = p.disc
                p.disc = []
                rng.shuffle(p.deck, len(p.deck))
                p.renew += 1
                if p.first_renew == 0:
                    p.first_renew = t
                self.say(f"  {'AB'[s]} renews its deck ({len(p.deck)} cards)")
        return -1

    # ---- a turn and a game -------------------------------------------------------------------------
    def turn(self, fa, t, rng):
        sa = 1 - fa
        A, B = self.S
        self.say(f"turn {t}: first attacker {'AB'[fa]}; points A {A.pts} B {B.pts}; hands {len(A.hand)}/"
                 f"{len(B.hand)}; decks {len(A.deck)}/{len(B.deck)}")
        for s in (fa, sa):  # C-TURN-1: the first attacker completes its part first
            self.preparation(s)
        for s in (fa, sa):
            self.appgattai(s)
        w = self.battle(fa)
        self.end_battle(fa)
        res = BR_DRAW if w < 0 else BR_FIRST if w == fa else BR_SECOND
        return res, self.point_calc(fa, w, t, rng)

    def check(self):
        """The invariants: every card in exactly one zone, points in 0..100, a point-gauge card."""
        for s, p in enumerate(self.S):
            zones = p.deck + p.hand + p.disc + p.power + p.link + [x for x in (p.std, p.top, p.gattai, p.gauge)
                                                                    if x >= 0] + [x for x in p.slot if x >= 0]
            assert sorted(zones) == list(range(self.f(s, 0, C.F_NCARDS))), f"seat {s}: cards not conserved"
            assert 0 <= p.pts <= 100
            assert p.gauge >= 0


def play_game(T, seed: int, g: int, players, turn_cap: int = 200, log=None, names=None, check=False) -> dict:
    """One game: {'outcome', 'turns', 'points', 'renewals', 'hash', 'fa_t1', 'pts_by_turn', 'bat_by_turn',
    'renew_by_turn', 'first_renew', 'maxgr', 'drawn', 'used', 'uses'}."""
    game = Game(T, players, log, names)
    rng = Rng(seed, g)
    for s in (0, 1):
        game.setup(s, rng)
    fa = rng.randint(2)  # C-ORD-1
    fa_t1 = fa
    h = FA_HASH_START
    outcome, turns = -1, 0
    pts, bat, ren = [], [], []
    if log is not None:
        log.append(f"setup: coin: {'AB'[fa]} attacks first")
    for t in range(1, turn_cap + 1):
        turns = t
        h = fa_hash_step(h, fa)
        r0 = (game.S[0].renew, game.S[1].renew)
        res, outcome = game.turn(fa, t, rng)
        if check:
            game.check()
        pts.append((game.S[0].pts, game.S[1].pts))
        bat.append(res)
        ren.append((game.S[0].renew - r0[0], game.S[1].renew - r0[1]))
        if outcome >= 0:
            break
        if res == BR_SECOND:  # C-ORD-2
            fa = 1 - fa
    if outcome < 0:
        outcome = OUT_CAPPED
    if log is not None:
        log.append(f"result: {['A wins', 'B wins', 'draw', 'capped'][outcome]} after {turns} turns; points A "
                   f"{game.S[0].pts} B {game.S[1].pts}")
    return {"outcome": outcome, "turns": turns, "points": (game.S[0].pts, game.S[1].pts),
            "renewals": (game.S[0].renew, game.S[1].renew), "hash": h, "fa_t1": fa_t1, "pts_by_turn": pts,
            "bat_by_turn": bat, "renew_by_turn": ren, "first_renew": (game.S[0].first_renew, game.S[1].first_renew),
            "maxgr": (game.S[0].maxgr, game.S[1].maxgr), "drawn": (game.S[0].drawn, game.S[1].drawn),
            "used": (game.S[0].used, game.S[1].used), "uses": game.uses}


def run_records(T, seed, g0, g1, turn_cap, players) -> np.ndarray:
    rec = np.zeros(g1 - g0, RECORD_DTYPE)
    for i, g in enumerate(range(g0, g1)):
        r = play_game(T, seed, g, players, turn_cap)
        rec[i] = (g, r["outcome"], r["turns"], r["points"][0], r["points"][1], r["renewals"][0], r["renewals"][1],
                  r["hash"], r["fa_t1"])
    return rec


def run_stats(T, seed, g0, g1, turn_cap, players) -> dict:
    """The results.LAYOUT statistics of games g0..g1-1, as the kernel accumulates them."""
    st = new_stats(turn_cap, C.MAX_CARDS)
    ct = T.ct
    for g in range(g0, g1):
        r = play_game(T, seed, g, players, turn_cap)
        o, n, fa1 = r["outcome"], r["turns"], r["fa_t1"]
        st["outcomes"][o] += 1
        st["turns_hist"][n] += 1
        st["outcome_by_turns"][n, o] += 1
        st["total_turns"][0] += n
        for t in range(1, n + 1):
            st["alive"][t] += 1
            for s in (0, 1):
                st["points_hist"][s, t, r["pts_by_turn"][t - 1][s]] += 1
                st["renewals_by_turn"][s, t] += r["renew_by_turn"][t - 1][s]
            st["battles_by_turn"][t, r["bat_by_turn"][t - 1]] += 1
        st["first_battle"][r["bat_by_turn"][0]] += 1
        st["first_attacker_seat"][fa1] += 1
        if o == OUT_A + fa1:
            st["first_attacker_games"][0] += 1
        elif o == OUT_B - fa1:
            st["first_attacker_games"][1] += 1
        else:
            st["first_attacker_games"][2] += 1
        nb = st["renewals_per_game"].shape[1]
        for s in (0, 1):
            st["renewals_per_game"][s, min(r["renewals"][s], nb - 1)] += 1
            st["first_renewal_turn"][s, r["first_renew"][s]] += 1
            for lv in range(4):
                if (r["maxgr"][s] >> lv) & 1:
                    st["level_reached"][s, lv] += 1
            gd = gu = 0
            for c in range(int(ct[s, 0, C.F_NCARDS])):
                if (r["drawn"][s] >> c) & 1:
                    gd |= 1 << int(ct[s, c, C.F_COPY0])
                if (r["used"][s] >> c) & 1:
                    gu |= 1 << int(ct[s, c, C.F_COPY0])
            for c in range(int(ct[s, 0, C.F_NCARDS])):
                st["card_games_drawn"][s, c] += (gd >> c) & 1
                st["card_games_used"][s, c] += (gu >> c) & 1
        st["card_uses"] += r["uses"]
    return st
