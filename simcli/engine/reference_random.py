"""The ``random`` player (pure Python; twin: policy_random.py).

At every decision point a uniform choice among the legal ones, drawn from the game's random stream
(``g.rng``) — only when there are two choices or more (``pick``), so the baseline and greedy players'
games are not changed by its existence.  The decision points, their choices and their order are listed
in policy_random.py and docs/engine.md ("Players").
"""

from __future__ import annotations

from simcli.engine import enums as E
from simcli.engine.reference import chain_steps
from simcli.engine.reference_baseline import BaselinePlayer
from simcli.engine.reference_effects import box_sides, legal_appearances, next_level_targets
from simcli.engine.reference_greedy import (OPT_ITEM, battle_actions, ignore_targets, negate_pick, per_kmax,
                                            usable_timed_options)


def pick(rng, n: int) -> int:
    """A uniform choice among n (0..n-1); no draw when there is one choice or none."""
    return 0 if n <= 1 else rng.randint(n)


class RandomPlayer(BaselinePlayer):
    name = "random"

    def partner(self, t, s, rng=None) -> int:
        l3 = [i for i in range(int(t.n_cards[s])) if t.kind[s, i] == E.KIND_DIGIMON and t.level[s, i] == E.LV_III]
        return l3[pick(rng, len(l3))]

    def discard(self, g, p) -> list[int]:
        """Every hand card, in hand order, kept or discarded (1/2 each)."""
        return [pos for pos in range(len(p.hand)) if pick(g.rng, 2) == 1]

    def exchange(self, g, p) -> int:
        t, s = g.t, p.seat
        l3 = [pos for pos, c in enumerate(p.hand) if t.kind[s, c] == E.KIND_DIGIMON and t.level[s, c] == E.LV_III]
        k = pick(g.rng, len(l3) + 1)
        return -1 if k == 0 else l3[k - 1]

    def plan(self, g, p):
        """Step by step: stop, or one of the steps that can be prepared next (reference.chain_steps, not
        looking at costs)."""
        steps, cur, uh, us, nc = [], p.base(), frozenset(), frozenset(), 0
        while len(steps) < 3:
            nxt = list(chain_steps(g, p, cur, uh, us, nc, steps))
            k = pick(g.rng, len(nxt) + 1)
            if k == 0:
                break
            st, uh, us, nc = nxt[k - 1]
            steps.append(st)
            cur = st.card
        return steps

    def ignore_choice(self, g, p):
        """(slot, hand position) of an evolve_ignore step (DM-EVO-5) with the first usable such option
        (slot order): none or one of the Digimon it could reach, uniformly."""
        found = ignore_targets(g, p)
        if found is None:
            return None
        slot, targets = found
        k = pick(g.rng, len(targets) + 1)
        return None if k == 0 else (slot, targets[k - 1])

    def set_options(self, g, p) -> list[int]:
        """Each usable option in hand order, while a slot is free, set or not (1/2); never a card limited
        to one face-up beside a same-name card; a card that names its slot only while that slot is free and
        not taken by a card chosen before (round 10e)."""
        t, s = g.t, p.seat
        free = sum(1 for c in p.slots if c < 0)
        names = {int(t.name[s, c]) for c in p.slots if c >= 0}
        taken = {k + 1 for k, c in enumerate(p.slots) if c >= 0}
        out = []
        for pos, c in enumerate(p.hand):
            if len(out) >= free:
                break
            if not t.usable_opt[s, c]:
                continue
            if t.slot_pos[s, c] and int(t.slot_pos[s, c]) in taken:
                continue
            if t.face_up_limit[s, c] and int(t.name[s, c]) in names:
                continue
            if pick(g.rng, 2) == 1:
                out.append(pos)
                if t.face_up_limit[s, c]:
                    names.add(int(t.name[s, c]))
                if t.slot_pos[s, c]:
                    taken.add(int(t.slot_pos[s, c]))
        return out

    def timed_options(self, g, p, timing) -> list[int]:
        """Each usable option of the timing (slot order) used or not (1/2)."""
        return [k for k in usable_timed_options(g, p, timing) if pick(g.rng, 2) == 1]

    def battle_action(self, g, p):
        """Pass or one of the legal actions: abilities, supports, appearances, options; a per_* count
        uniform in 0..the largest the card allows."""
        abil, sup, opts = battle_actions(g, p)
        acts = [(kind, idx, rs) for kind, idx, rs, _ in abil + sup]
        acts += [(3, pos, r) for pos, r in legal_appearances(g, p, E.T_BATTLE)]
        acts += [(kind, idx, rs) for kind, idx, rs, _ in opts]
        k = pick(g.rng, len(acts) + 1)
        if k == 0:
            return None
        kind, idx, rs = acts[k - 1]
        if kind == 3:
            return 3, idx, rs
        count = 0
        if kind in (0, 1):
            km = per_kmax(g, p, rs)
            count = pick(g.rng, km + 1) if km > 0 else 0
        return kind, idx, count

    def appear_choice(self, g, p, timing):
        """At the start of the battle: none or one of the legal appearances."""
        legal = legal_appearances(g, p, timing)
        k = pick(g.rng, len(legal) + 1)
        return None if k == 0 else legal[k - 1]

    def item_negation(self, g, p):
        """None or one of the opponent's face-up Items its negate_pick can answer (slot order)."""
        t = g.t
        o = g.ps[1 - p.seat]
        cands = []
        for tk, tc in enumerate(o.slots):
            if tc < 0 or o.slot_up[tk] <= 0 or int(t.optype[o.seat, tc]) != OPT_ITEM:
                continue
            ch = negate_pick(g, p, -1, tc)
            if ch is not None:
                cands.append((ch[0], ch[1], tk))
        k = pick(g.rng, len(cands) + 1)
        return None if k == 0 else cands[k - 1]

    def negate_response(self, g, p, user, card, count):
        """When it can negate the option (negate_pick): negate or not (1/2)."""
        ch = negate_pick(g, p, int(g.t.optype[user.seat, card]), card)
        if ch is None:
            return None
        return ch if pick(g.rng, 2) == 1 else None

    def evolve_target(self, g, p, row):
        """One of the Digimon it may evolve into (hand order), uniformly."""
        targets = next_level_targets(g, p, row)
        return targets[pick(g.rng, len(targets))] if targets else None

    def box_side(self, g, p, row, card) -> int:
        """box_dark_pick (round 9c): one of the seats it may pick (own first), uniformly; -1 none."""
        sides = box_sides(g, p, row, card)
        return sides[pick(g.rng, len(sides))] if sides else -1
