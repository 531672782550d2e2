"""The pure-Python reference engine: the same rules as the numba kernel, written to be read.

It plays one game at a time on the compiled ``Tables`` (tables.py) and the per-game random
stream (rng.py), and can write a turn-by-turn log.  The turn skeleton (``Game``) is common to
both rule sets; everything specific to the Digital Monster Card Game sits in ``DmcgRules``
(setup, evolution, levels / lost-point columns, the C effect, death check, what renewal keeps),
so the Appmon rule set (RULES §3) can plug into the same skeleton.

Zones are lists of card indices (the card's position in its seat's 30-card list).  Deck: index
0 is the bottom, the last element the top.  Hand: hand order (the order cards entered it).
Dark Area: the order cards arrived.  Digimon Box: ``l3`` (bottom Level III) and ``top`` (-1
while the Level III is on top).  See docs/engine.md for the exact order of random draws.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np

from simcli.engine import enums as E
from simcli.engine.results import FA_HASH_START, fa_hash_step
from simcli.engine.rng import Rng
from simcli.engine.tables import (R_CARDS, R_FROM, R_JOG, R_OPT, R_PQK, R_PQV, R_QK, R_QV, R_WP,  # noqa: F401
                                  Tables, card_match, wp_cost, wp_serves)
from simcli.engine.tables import R_XS, RSRC_HAND, RSRC_SLOT, ox_serves, ox_value, rlv_ok, step_ok

LV_NAMES = E.LEVEL_NAMES
PERSIST = 1000  # slot_up of a face-up option without a turn limit (until discarded or an end event)
SPENT_PHASE = -2  # slot_up of an option used this phase: to the Dark Area at the end of the phase
SPENT_TURN = -3  # slot_up of an option used with limit ``turn``: to the Dark Area at the end of the turn


@dataclass
class Step:
    """One prepared evolution step."""

    card: int  # the Digimon card evolved into
    hand_pos: int  # its position in hand when planned (for tie-breaks)
    alt: int  # requirement alternative used
    ncards: int  # ●/X cards taken (and a requirement card's mill, Tables.rmill)
    res: int = -1  # WP / named option card put into the Power Box (-1 none)
    res_slot: int = -1  # slot index it came from (-1: from hand)
    jog: int = -1  # Jogress partner card from hand (-1 none)
    ignore: bool = False  # DM-EVO-5: requirement ignored by an option


@dataclass
class PlayerState:
    seat: int
    deck: list = field(default_factory=list)
    hand: list = field(default_factory=list)
    dark: list = field(default_factory=list)
    l3: int = -1
    top: int = -1
    slots: list = field(default_factory=lambda: [-1, -1, -1])
    # per slot: 0 face-down, SPENT_PHASE / SPENT_TURN used, N > 0 face-up for N more turns (PERSIST: no limit)
    slot_up: list = field(default_factory=lambda: [0, 0, 0])
    slot_end: list = field(default_factory=lambda: [0, 0, 0])  # LE_* end events of a face-up option
    slot_card: list = field(default_factory=lambda: [-1, -1, -1])  # the Digimon it was used with (LE_LEAVE)
    points: int = 100
    gauge: list = field(default_factory=list)
    renewals: int = 0
    first_renewal: int = 0
    evo_box: list = field(default_factory=list)
    power: list = field(default_factory=list)
    plan: list = field(default_factory=list)
    exchange: int = -1  # Level III prepared for exchange (DM-PREP-1 step 3)
    max_level: int = 0
    evolved_turn: int = 0  # turn in which the Digimon last evolved
    support: int = -1  # Support Box (DM-BAT-2): the support Digimon put there this turn (-1 none)
    support_used: bool = False  # a support Digimon was put there this turn (even if since removed: opp_support_dark)
    supbox: int = -1  # a card put into the support box by an effect (cost ``place``; not a support Digimon)
    supbox_owner: int = -1  # the Digimon it stays with (it leaves when that card is no longer the top card)
    beside: int = -1  # round 11a: an option card lying beside the box (codes.OP_BESIDE; on the sheet, no rows)
    beside_owner: int = -1  # the Digimon it lies beside (it leaves when that card is no longer the top card)
    appeared: int = 0  # turn of the last appearance (seed 003 §3.2.2.1 ex. 6)
    top_until: int = 0  # the top card goes to the Dark Area at the end of this turn (0: no limit)
    top_until_card: int = -1
    lv_start: int = 0  # level of the box at the start of this turn's Evolution phase (condition opp_warped)
    evo_opts: list = field(default_factory=list)  # (option, Digimon): options an evolution step used this turn
    drawn: int = 0  # bit mask of the cards that entered the hand in this game
    used: int = 0  # bit mask of the cards used in this game (options, requirement cards, Digimon entering the box)

    def cur(self) -> int:
        return self.top if self.top >= 0 else self.l3

    def base(self) -> int:
        """The card evolution starts from: the prepared Level III exchange, else the top card."""
        return self.exchange if self.exchange >= 0 else self.cur()


# =============================================================================================
# What the players' policies share (BL-2's keep and BL-4's search; twins of players.py).  The
# policies themselves: reference_baseline.py, reference_greedy.py, reference_random.py.
# =============================================================================================
def hand_chain_keep(g: "Game", p: PlayerState) -> set[int]:
    """Hand positions of Digimon on an evolution chain from the top card made of hand cards (BL-2).

    A hand Digimon is on a chain when it can be a step (keep_step) from a card on the chain (the top card at
    first), round by round (each round the Digimon found in the previous one; three rounds, the engines' plan)."""
    t, s = g.t, p.seat
    deck_n = len(p.deck)
    frontier = [p.cur()]
    keep: set[int] = set()
    for _ in range(3):
        nxt = []
        for pos, c in enumerate(p.hand):
            if pos in keep or t.kind[s, c] != E.KIND_DIGIMON or not E.LV_IV <= t.level[s, c] <= E.LV_ULTIMATE:
                continue
            if any(keep_step(t, s, c, d, deck_n) for d in frontier):
                keep.add(pos)
                nxt.append(c)
        frontier = nxt
        if not frontier:
            break
    return keep


def keep_step(t, s, c, d, deck_n) -> bool:
    """BL-2: hand Digimon c could be a step from card d: one of its requirement alternatives names d, d matches
    the alternative's qualifier, and the step goes one level up with ●/X that fit the deck, or goes another level
    step some card of the seat serves (tables.step_ok) by a Winning Percentage or named card (round 8)."""
    dl = int(t.level[s, c]) - int(t.level[s, d])
    if not step_ok(t, s, dl):
        return False
    for a in range(int(t.req_n[s, c])):
        if t.req[s, c, a, R_FROM] != t.name[s, d] or not qualifier_ok(t, s, c, a, d):
            continue
        if dl == 1:
            if t.req[s, c, a, R_CARDS] <= deck_n:
                return True
        elif t.req[s, c, a, R_CARDS] == 0 and t.req[s, c, a, R_JOG] < 0 \
                and (t.req[s, c, a, R_WP] > 0 or t.req[s, c, a, R_OPT] >= 0):
            return True
    return False


def qualifier_ok(t, s, c, a, frm) -> bool:
    """Alternative a of card c may evolve from card frm: its printed qualifier holds (DM-EVO-1)."""
    from simcli.engine.tables import card_match

    qk = int(t.req[s, c, a, R_QK])
    return qk == 0 or card_match(t, s, frm, qk, int(t.req[s, c, a, R_QV]))


def appearance_keep(g: "Game", p: PlayerState) -> set[int]:
    """BL-2b: hand positions of Digimon with an appearance row whose conditions on the own Digimon
    hold for the box's top card or for the Level III under it ("its condition can come true"), and
    whose conditions on the own slots' cards a card in the slots or another hand card can meet."""
    from simcli.engine.reference_effects import own_box_conds_ok

    t, s = g.t, p.seat
    keep = set()
    for pos, c in enumerate(p.hand):
        if t.kind[s, c] != E.KIND_DIGIMON or t.app_hi[s, c] == t.app_lo[s, c]:
            continue
        for r in range(int(t.app_lo[s, c]), int(t.app_hi[s, c])):
            e = t.effects[r]
            if (own_box_conds_ok(g, p, e, p.cur()) or own_box_conds_ok(g, p, e, p.l3)) \
                    and slot_conds_reachable(g, p, e, pos):
                keep.add(pos)
                break
    return keep


def slot_conds_reachable(g: "Game", p: PlayerState, e, pos: int) -> bool:
    """BL-2b: every ``slot:FILTER`` condition of appearance row e has a matching card in the own slots
    or in the hand (other than position pos), which this Preparation could still set."""
    t, s = g.t, p.seat
    for k in range(int(e[E.E_NCOND])):
        kind, cmp, v = (int(x) for x in e[E.E_COND0 + 3 * k: E.E_COND0 + 3 * k + 3])
        if kind != E.C_SLOTF:
            continue
        if not (any(y >= 0 and card_match(t, s, y, cmp, v) for y in p.slots)
                or any(q != pos and card_match(t, s, y, cmp, v) for q, y in enumerate(p.hand))):
            return False
    return True


def baseline_discard(g: "Game", p: PlayerState, max_opts: int) -> list[int]:
    t, s = g.t, p.seat
    keep = hand_chain_keep(g, p) | appearance_keep(g, p)
    # options a kept Digimon's requirement can use
    wp_need = []  # (need, level of the Digimon)
    opt_need = set()
    jog_need = False  # a Jogress alternative a stand-in card (Tables.wpjog) can serve
    ox_need = []  # (●/X count, crosses) a card of Tables.omax / xmax can serve
    for pos in keep:
        c = p.hand[pos]
        for a in range(int(t.req_n[s, c])):
            if t.req[s, c, a, R_WP] > 0:
                wp_need.append((int(t.req[s, c, a, R_WP]), int(t.level[s, c])))
            if t.req[s, c, a, R_OPT] >= 0:
                opt_need.add(int(t.req[s, c, a, R_OPT]))
            if t.req[s, c, a, R_JOG] >= 0 and t.req[s, c, a, R_PQK] == 0:
                jog_need = True
            if t.req[s, c, a, R_CARDS] > 0:
                ox_need.append((int(t.req[s, c, a, R_CARDS]), int(t.req[s, c, a, R_XS])))
    cands = []
    for pos, c in enumerate(p.hand):
        if t.kind[s, c] == E.KIND_OPTION and t.req_opt[s, c]:
            v = int(t.wp[s, c])
            usable = (v > 0 and any(wp_serves(t, s, c, w, lv) for w, lv in wp_need)) \
                or (int(t.optname[s, c]) in opt_need) or (jog_need and t.wpjog[s, c] != 0) \
                or any(ox_serves(t, s, c, n, xs) for n, xs in ox_need)
            cands.append((0 if usable else 1, -v, pos))
    cands.sort()
    keep |= {pos for _, _, pos in cands[:max_opts]}
    return [pos for pos in range(len(p.hand)) if pos not in keep]


def _claim(p, st, r, uh, us):
    """Step st takes the WP / named option r (_find_wp / _find_named result) from hand or slot."""
    if r[1] == 0:
        st.res = p.hand[r[2]]
        uh.add(r[2])
    else:
        st.res, st.res_slot = p.slots[r[2]], r[2]
        us.add(r[2])


def _from_hand(t, s, c) -> bool:
    """Requirement card c may come from the hand (Tables.rsrc: not "from your slot" only)."""
    return int(t.rsrc[s, c]) != RSRC_SLOT


def _from_slot(t, s, c) -> bool:
    """Requirement card c may come from a slot (Tables.rsrc: not "from your hand" only)."""
    return int(t.rsrc[s, c]) != RSRC_HAND


def _find_wp(t, s, p, need, used_hand, used_slots, level, dl=1):
    """Lowest sufficient Winning Percentage card for a step dl levels up into a Digimon of this level (wp_serves:
    its value reaches the need, its lowest served value does not exceed it; rlv_ok): (value, hand before slots,
    position)."""
    best = None
    for pos, c in enumerate(p.hand):
        if pos in used_hand or not wp_serves(t, s, c, need, level) or not _from_hand(t, s, c) or not rlv_ok(t, s, c, dl):
            continue
        k = (int(t.wp[s, c]), 0, pos)
        if best is None or k < best:
            best = k
    for i, c in enumerate(p.slots):
        if c < 0 or i in used_slots or p.slot_up[i] != 0 or not wp_serves(t, s, c, need, level) \
                or not _from_slot(t, s, c) or not rlv_ok(t, s, c, dl):
            continue
        k = (int(t.wp[s, c]), 1, i)
        if best is None or k < best:
            best = k
    return best


def _find_jog(t, s, p, used_hand, used_slots):
    """A card that stands in for a Jogress partner (Tables.wpjog), chosen as _find_wp chooses: the lowest
    value, hand before slots, then position; None if there is none."""
    best = None
    for pos, c in enumerate(p.hand):
        if pos not in used_hand and t.wpjog[s, c] and _from_hand(t, s, c):
            k = (int(t.wp[s, c]), 0, pos)
            if best is None or k < best:
                best = k
    for i, c in enumerate(p.slots):
        if c >= 0 and i not in used_slots and p.slot_up[i] == 0 and t.wpjog[s, c] and _from_slot(t, s, c):
            k = (int(t.wp[s, c]), 1, i)
            if best is None or k < best:
                best = k
    return best


def _find_named(t, s, p, nm, used_hand, used_slots, dl=1):
    for pos, c in enumerate(p.hand):
        if pos not in used_hand and t.kind[s, c] == E.KIND_OPTION and t.optname[s, c] == nm and _from_hand(t, s, c) \
                and rlv_ok(t, s, c, dl):
            return (0, 0, pos)
    for i, c in enumerate(p.slots):
        if c >= 0 and i not in used_slots and t.optname[s, c] == nm and p.slot_up[i] == 0 and _from_slot(t, s, c) \
                and rlv_ok(t, s, c, dl):
            return (0, 1, i)
    return None


def _find_ox(t, s, p, n, xs, used_hand, used_slots):
    """A card that serves a ●/X requirement of n symbols, xs of them crosses (tables.ox_serves), chosen as _find_wp
    chooses: the lowest count it serves (ox_value), hand before slots, then position; None if there is none."""
    best = None
    for pos, c in enumerate(p.hand):
        if pos not in used_hand and ox_serves(t, s, c, n, xs) and _from_hand(t, s, c):
            k = (ox_value(t, s, c, xs), 0, pos)
            if best is None or k < best:
                best = k
    for i, c in enumerate(p.slots):
        if c >= 0 and i not in used_slots and p.slot_up[i] == 0 and ox_serves(t, s, c, n, xs) and _from_slot(t, s, c):
            k = (ox_value(t, s, c, xs), 1, i)
            if best is None or k < best:
                best = k
    return best


def chain_steps(g: "Game", p: PlayerState, cur: int, used_hand, used_slots, ncards: int, steps: list,
                cost_aware: bool = False):
    """The evolution steps that can be prepared next from card `cur` (Preparation step 4), in hand order
    then requirement alternative: (Step, hand positions used, slots used, ●/X cards taken so far).
    A step goes one level up (DM-EVO-1), or dl levels up (0: the same level) with a requirement card whose text
    says so (Tables.rlv: a Winning Percentage or named card; never ●/X or a Jogress partner).
    cost_aware: only steps whose discard costs the hand left after Preparation can pay (greedy)."""
    t, s = g.t, p.seat
    deck_n = len(p.deck)
    lvc = int(t.level[s, cur])
    for pos, c in enumerate(p.hand):
        if pos in used_hand or t.kind[s, c] != E.KIND_DIGIMON or not E.LV_IV <= t.level[s, c] <= E.LV_ULTIMATE:
            continue
        lv = int(t.level[s, c])
        dl = lv - lvc
        if not step_ok(t, s, dl):
            continue
        for a in range(int(t.req_n[s, c])):
            if t.req[s, c, a, R_FROM] != t.name[s, cur] or not qualifier_ok(t, s, c, a, cur):
                continue
            n = int(t.req[s, c, a, R_CARDS])
            w = int(t.req[s, c, a, R_WP])
            o = int(t.req[s, c, a, R_OPT])
            j = int(t.req[s, c, a, R_JOG])
            if dl != 1 and (n > 0 or j >= 0 or (w <= 0 and o < 0)):
                continue  # another level step only with a requirement card that says so
            uh, us = set(used_hand), set(used_slots)
            uh.add(pos)
            st = Step(c, pos, a, n)
            cost = int(t.xdisc[s, c])
            if n > 0 and (r := _find_ox(t, s, p, n, int(t.req[s, c, a, R_XS]), uh, us)) is not None:
                # a card that serves the ●/X in place of the Net Ocean's cards (Tables.omax / xmax): used when there is one
                _claim(p, st, r, uh, us)
                cost += int(t.rcost[s, st.res])
                n = 0
            if ncards + n > deck_n:
                continue
            if w > 0:
                r = _find_wp(t, s, p, w, uh, us, lv, dl)
                if r is None:
                    continue
                _claim(p, st, r, uh, us)
                cost += int(t.rcost[s, st.res])
            if o >= 0:
                r = _find_named(t, s, p, o, uh, us, dl)
                if r is None:
                    continue
                _claim(p, st, r, uh, us)
                cost += int(t.rcost[s, st.res])  # its printed cost (Digimental of Miracles Bo-1147: one card)
            if j >= 0:
                jp = -1
                pqk, pqv = int(t.req[s, c, a, R_PQK]), int(t.req[s, c, a, R_PQV])
                for pos2, c2 in enumerate(p.hand):
                    if pos2 not in uh and t.kind[s, c2] == E.KIND_DIGIMON and t.name[s, c2] == j \
                            and (pqk == 0 or card_match(t, s, c2, pqk, pqv)):
                        jp = pos2
                        break
                if jp >= 0:
                    st.jog = p.hand[jp]
                    uh.add(jp)
                else:  # no partner card: a requirement card that stands in for it (Tables.wpjog)
                    r = _find_jog(t, s, p, uh, us) if pqk == 0 else None
                    if r is None:
                        continue
                    _claim(p, st, r, uh, us)
                    cost += int(t.rcost[s, st.res])
            if st.res >= 0 and t.rmill[s, st.res]:
                # the requirement card's mill leaves the Net Ocean with the step's ●/X cards (Tables.rmill)
                n += int(t.rmill[s, st.res])
                if ncards + n > deck_n:
                    continue
            st.ncards = n
            if cost_aware:
                # hand left after prep = hand minus all cards the chain uses; costs so far
                spent = sum((int(t.rcost[s, x.res]) if x.res >= 0 else 0) + int(t.xdisc[s, x.card]) for x in steps)
                if len(p.hand) - len(uh) - spent < cost:
                    continue
            yield st, frozenset(uh), frozenset(us), ncards + n


def plan_chain(g: "Game", p: PlayerState, cost_aware: bool = False) -> list[Step]:
    """BL-4: the best chain of evolution steps that can be prepared now (see RULES §5)."""
    t, s = g.t, p.seat
    best: list = [None, None]  # key, steps

    def rec(cur: int, used_hand: frozenset, used_slots: frozenset, ncards: int, steps: list):
        if steps:
            last = steps[-1].card
            key = (-int(t.level[s, last]), -int(t.atk[s, last, 0]), ncards,
                   tuple(st.hand_pos for st in steps), tuple(st.alt for st in steps))
            if best[0] is None or key < best[0]:
                best[0], best[1] = key, list(steps)
        if len(steps) == 3:  # the engines' plan holds three steps (state.MAX_STEPS; a same-level step is one of them)
            return
        for st, uh, us, n in chain_steps(g, p, cur, used_hand, used_slots, ncards, steps, cost_aware):
            rec(st.card, uh, us, n, steps + [st])

    rec(p.base(), frozenset(), frozenset(), 0, [])
    return best[1] or []


# =============================================================================================
# The DMCG rules seam
# =============================================================================================
class DmcgRules:
    """Everything specific to the Digital Monster Card Game (RULES §2)."""

    game = E.GAME_DMCG

    def setup(self, g: "Game", p: PlayerState, player) -> None:
        """DM-SET-1: partner face-down in the box, shuffle 29, top → point gauge, draw 6."""
        t, s = g.t, p.seat
        partner = player.partner(t, s, g.rng)
        p.l3 = partner
        p.deck = [i for i in range(int(t.n_cards[s])) if i != partner]
        g.rng.shuffle(p.deck)
        p.gauge.append(p.deck.pop())
        for _ in range(6):
            p.hand.append(p.deck.pop())
            p.drawn |= 1 << p.hand[-1]
        p.max_level = E.LV_III

    def level(self, g, p: PlayerState) -> int:
        return int(g.t.level[p.seat, p.cur()])

    def lost_points(self, g, loser: PlayerState, winner: PlayerState) -> int:
        """C-LOST-1: the loser's table at the winner's level column."""
        return int(g.t.lost[loser.seat, loser.cur(), self.level(g, winner)])

    def death_check(self, g, loser: PlayerState) -> None:
        """DM-PTS-1 / DM-L3-1: the losing Digimon goes to the Dark Area unless it is Level III (to the hand
        instead while a face-up option of the loser has a ``lost_to_hand`` row, Re-60t)."""
        if loser.top >= 0:
            to_hand = g.effects.lost_to_hand(g, loser)
            g.log_line(f"  death check: {g.cname(loser, loser.top)} (seat {g.seat_name(loser)}) → "
                       f"{'hand' if to_hand else 'Dark Area'}")
            (loser.hand if to_hand else loser.dark).append(loser.top)
            loser.top = -1

    def renew(self, g, p: PlayerState) -> None:
        """C-RENEW-1: box (except the bottom Level III) → Dark Area; shuffle it as the new deck.  Round 13c: a keep_box
        row used this turn (g.mods) leaves the top card in the box."""
        if p.top >= 0 and not g.mods[p.seat].keep_box:
            p.dark.append(p.top)
            p.top = -1
        g.effects.lifespan_ends(g, p)  # options ending with the lifespan, cards tied to the box (seed 004)
        p.deck = p.dark
        p.dark = []
        g.rng.shuffle(p.deck)
        p.renewals += 1

    # ---- Preparation (DM-PREP-1) ------------------------------------------------------------
    def preparation(self, g: "Game", p: PlayerState, player) -> None:
        t, s = g.t, p.seat
        # (1) discard
        disc = sorted(player.discard(g, p))
        if disc:
            g.log_line(f"  {g.seat_name(p)} discards {g.cnames(p, [p.hand[i] for i in disc])}")
        dset = set(disc)
        p.dark.extend(p.hand[i] for i in disc)
        p.hand = [c for i, c in enumerate(p.hand) if i not in dset]
        lim = g.effects.hand_limit(g, p)  # 6 (C-HAND-1) unless a face-up hand_limit option says otherwise (round 11f)
        while len(p.hand) > lim:  # C-HAND-1 (decided: from the front of the hand)
            p.dark.append(p.hand.pop(0))
        # (2) draw to 6 (the limit)
        drawn = []
        while len(p.hand) < lim and p.deck:
            c = p.deck.pop()
            p.hand.append(c)
            p.drawn |= 1 << c
            drawn.append(c)
        if drawn:
            g.log_line(f"  {g.seat_name(p)} draws {g.cnames(p, drawn)} (deck {len(p.deck)})")
        # (3) Level III exchange
        p.exchange = -1
        if p.top < 0:
            pos = player.exchange(g, p)
            if pos >= 0:
                p.exchange = p.hand.pop(pos)
        # (4) evolution preparation
        steps = player.plan(g, p)
        hold = player.hold(g, p, steps)  # greedy: keep the box for an appearance this turn
        if hold:
            steps = []
            g.log_line(f"  {g.seat_name(p)} holds its Digimon for an appearance")
        self.prepare_chain(g, p, steps)
        if not steps and not hold:  # DM-EVO-5: an evolve_ignore option instead (Effects.evolve_ignore)
            g.effects.evolve_ignore(g, p, player)
        # (5) preparation-timing options / abilities
        g.effects.prep_phase(g, p, player)
        # (6) set options
        # the cards that name their slot go into it (round 10e, seed 003 §3.4 옵션 카드의 세트: the players chose
        # them only with it free), then the others, last one first, into the first free slots
        order = sorted(player.set_options(g, p), reverse=True)
        cards = [p.hand[pos] for pos in order]
        for pos in order:
            del p.hand[pos]
        for c in sorted(cards, key=lambda c: g.t.slot_pos[p.seat, c] == 0):  # stable: named slots first
            k = int(g.t.slot_pos[p.seat, c]) - 1 if g.t.slot_pos[p.seat, c] else p.slots.index(-1)
            p.slots[k] = c
            p.slot_up[k] = 0
            g.log_line(f"  {g.seat_name(p)} sets {g.cname(p, c)} in slot {k + 1}")

    def prepare_chain(self, g, p: PlayerState, steps: list[Step]) -> None:
        """Move the chain's cards: Digimon → Evolution Box, requirements → Power Box."""
        p.plan = steps
        p.evo_box, p.power = [], []
        if not steps:
            return
        hand_take = set()
        for st in steps:
            hand_take.add(st.hand_pos)
        # resolve resource cards by identity (positions refer to the hand at planning time)
        hand_before = list(p.hand)
        take_pos = set(hand_take)
        for st in steps:
            if st.res >= 0 and st.res_slot < 0:
                take_pos.add(_pos_of(hand_before, st.res, take_pos))
            if st.jog >= 0:
                take_pos.add(_pos_of(hand_before, st.jog, take_pos))
        for st in steps:
            p.evo_box.append(st.card)
            for _ in range(st.ncards):
                p.power.append(p.deck.pop())
            if st.res >= 0:
                p.power.append(st.res)
                if st.res_slot >= 0:
                    p.slots[st.res_slot] = -1
            if st.jog >= 0:
                p.power.append(st.jog)
        p.hand = [c for i, c in enumerate(hand_before) if i not in take_pos]
        g.log_line(
            f"  {g.seat_name(p)} prepares " + " → ".join(g.cname(p, st.card) for st in steps)
            + f" (power box {len(p.power)})"
        )

    # ---- Evolution (DM-EVO-6) ---------------------------------------------------------------
    def evolution(self, g: "Game", p: PlayerState, player, second: bool) -> None:
        t, s = g.t, p.seat
        if g.turn == 1:
            g.log_line(f"  {g.seat_name(p)} reveals partner {g.cname(p, p.l3)}")
            p.evolved_turn = 1  # the partner turns face-up (a Level III's "turned face-up" rows: `evolved`)
            g.use(p, p.l3)
        if p.exchange >= 0:
            g.log_line(f"  {g.seat_name(p)} exchanges {g.cname(p, p.l3)} for {g.cname(p, p.exchange)}")
            p.dark.append(p.l3)
            p.l3 = p.exchange
            p.exchange = -1
            p.evolved_turn = g.turn
            g.use(p, p.l3)
        steps = p.plan
        if second and steps and player.cancel(g, p):
            steps = []
            g.log_line(f"  {g.seat_name(p)} cancels its evolution")
        done = 0
        for st in steps:
            cost = int(t.xdisc[s, st.card]) + (int(t.rcost[s, st.res]) if st.res >= 0 else 0)
            if len(p.hand) < cost:
                g.log_line(f"  {g.seat_name(p)} cannot pay {cost} for {g.cname(p, st.card)}: chain stops")
                break
            prev = p.cur()
            if p.top >= 0:
                p.dark.append(p.top)
            p.top = st.card
            p.evo_box.remove(st.card)
            p.evolved_turn = g.turn
            done += 1
            g.use(p, st.card)
            if st.res >= 0:
                g.use(p, st.res)
                p.evo_opts.append((st.res, st.card))
            if st.jog >= 0:
                g.use(p, st.jog)
            how = []
            if st.res >= 0:
                how.append(g.cname(p, st.res) + (" from a slot" if st.res_slot >= 0 else ""))
            if st.ncards:
                how.append("●" * st.ncards + " from the deck")
            if st.jog >= 0:
                how.append(f"Jogress with {g.cname(p, st.jog)}")
            if st.ignore:
                how.append("requirement ignored")
            g.log_line(f"  {g.seat_name(p)} evolves {g.cname(p, prev)} → {g.cname(p, st.card)}"
                       + (f" ({'; '.join(how)})" if how else ""))
            for _ in range(cost):
                c = p.hand.pop(discard_choice(t, s, p.hand))
                p.dark.append(c)
                g.log_line(f"    pays: discards {g.cname(p, c)}")
        p.dark.extend(p.evo_box)
        # the Power Box goes to the Dark Area, except option cards that stay until the end of the turn
        p.dark.extend(c for c in p.power if not t.stay[s, c])
        p.power = [c for c in p.power if t.stay[s, c]]
        p.evo_box, p.plan = [], []
        lv = self.level(g, p)
        g.level_seen(p, lv)
        return done > 0


def discard_choice(t, s, hand) -> int:
    """BL-4 cost: the lowest-level Digimon in hand (earliest among equals), else the first card."""
    best, best_lv = -1, 99
    for pos, c in enumerate(hand):
        if t.kind[s, c] == E.KIND_DIGIMON and t.level[s, c] < best_lv:
            best, best_lv = pos, int(t.level[s, c])
    return best if best >= 0 else 0


def _pos_of(hand, card, taken) -> int:
    for i, c in enumerate(hand):
        if c == card and i not in taken:
            return i
    raise AssertionError("resource card not in hand")


# =============================================================================================
# Effects (RULES §4) — stage 1: none active; the hooks the skeleton calls
# =============================================================================================
class NoEffects:
    """The hooks the Game skeleton calls; reference_effects.Effects implements them (Game's default)."""

    def abilities_active(self, g, p) -> bool:
        return False

    def prep_phase(self, g, p, player):
        pass

    def evolve_ignore(self, g, p, player):
        pass

    def after_evolution(self, g, p, evolved: bool):
        pass

    def evo_end(self, g, fa, sa):
        pass

    def battle_start(self, g, fa, sa):
        return fa, sa

    def battle_windows(self, g, fa, sa):
        pass

    def point_options(self, g, fa, sa, result):
        pass

    def after_points(self, g, fa, sa, result):
        pass

    def battle_lost(self, g, loser):
        pass

    def lost_to_hand(self, g, p) -> bool:
        return False

    def hand_limit(self, g, p) -> int:
        return 6

    def win_lost_rows(self, g, winner):
        pass

    def lifespan_ends(self, g, p):
        pass

    def end_turn(self, g):
        pass


@dataclass
class Mods:
    """Per-player attack modifiers of one battle (C-CALC-1)."""

    base_add: int = 0
    mul_num: int = 1
    mul_den: int = 1
    add: int = 0
    halved: bool = False
    zeroed: bool = False
    no_zero: bool = False
    attack_as: int = -1
    immune_mod: bool = False
    immune_options: bool = False
    abilities_void: bool = False
    no_force_draw: bool = False
    lost_mul: int = 1
    force_draw: bool = False
    gain0: int = 0  # ability keywords gained (word codes, 0 none)
    gain1: int = 0
    lost_kw: int = 0  # an ability keyword lost (opp_lose)
    attack_last: bool = False
    no_loss: bool = False
    lost_add: int = 0
    gain_field: int = 0  # a field gained (gain_field; field code, 0 none)
    only_field: bool = False  # round 9a: gain_field is the Digimon's only field icon, none other is gained (only_field)
    no_draw_loss: bool = False  # no_draw_loss: a drawn battle costs neither player points
    no_c_zero: bool = False  # round 11e: this player's C attack does not turn the opponent's A to 0 (no_c_zero)
    bt: int = -1  # round 12d: this player's battle type changed by bt_pick (BT_*; -1 printed)
    c_zero: bool = False  # round 13f: this player's C attack goes to 0 while the opponent attacks with A (c_zero, 'C>0')
    keep_box: bool = False  # round 13c, keep_box: this turn's renewal leaves the box top card in the box
    self_lost: int = 0  # round 11e: this player's own lost points + N when it loses (self_lost+N)


# =============================================================================================
# The game skeleton (common core, RULES §1)
# =============================================================================================
class Game:
    def __init__(self, t: Tables, seed: int, game_index: int, players, turn_cap: int = E.DEFAULT_TURN_CAP,
                 rules=None, effects=None, log: list | None = None, names=None, check: bool = False):
        self.t = t
        self.seed, self.index = seed, game_index
        self.rng = Rng(seed, game_index)
        self.players = players
        self.turn_cap = turn_cap
        self.rules = rules or DmcgRules()
        if effects is None:  # the effect hooks also run appearance (a rule of play): always on
            from simcli.engine.reference_effects import Effects

            effects = Effects()
        self.effects = effects
        self.log = log
        self.names = names  # [seat][card] → display name, for the log
        self.check = check
        self.ps = [PlayerState(0), PlayerState(1)]
        self.turn = 0
        self.fa = 0
        self.outcome = -1
        self.fa_hash = FA_HASH_START
        self.fa_t1 = -1
        self.mods = [Mods(), Mods()]
        self.battle_lost = [0, 0]  # round 9a: points each seat lost to this turn's battle result (damage_lost)
        self.card_uses = np.zeros((2, t.level.shape[1]), np.int64)
        self.battles: list[int] = []  # per turn, BR_* from the first attacker's side
        self.points_by_turn: list[tuple[int, int]] = []
        self.renewal_turns: list[list[int]] = [[], []]
        self._levels = [[1, 0, 0, 0], [1, 0, 0, 0]]
        self.ability_used: set = set()

    # ---- logging helpers ----
    def log_line(self, s: str) -> None:
        if self.log is not None:
            self.log.append(s)

    def seat_name(self, p: PlayerState) -> str:
        return "AB"[p.seat]

    def cname(self, p: PlayerState, c: int) -> str:
        if self.names is None:
            return f"#{c}"
        return self.names[p.seat][c]

    def cnames(self, p, cs) -> str:
        return ", ".join(self.cname(p, c) for c in cs)

    def level_seen(self, p: PlayerState, lv: int) -> None:
        p.max_level = max(p.max_level, lv)
        self._levels[p.seat][lv] = 1

    def use(self, p: PlayerState, c: int) -> None:
        """Card c of p was used: an option used, a requirement card paid, a Digimon entered the box."""
        self.card_uses[p.seat, c] += 1
        p.used |= 1 << c

    # ---- the game ----
    def setup(self) -> None:
        for p, pl in zip(self.ps, self.players):
            self.rules.setup(self, p, pl)
        self.fa = self.rng.randint(2)  # C-ORD-1
        self.log_line(
            f"setup: A partner {self.cname(self.ps[0], self.ps[0].l3)}, B partner "
            f"{self.cname(self.ps[1], self.ps[1].l3)}; coin: {'AB'[self.fa]} attacks first"
        )

    def play(self):
        self.setup()
        self.fa_t1 = self.fa
        for turn in range(1, self.turn_cap + 1):
            self.turn = turn
            self.fa_hash = fa_hash_step(self.fa_hash, self.fa)
            if self.play_turn():
                break
        else:
            self.outcome = E.OUT_CAPPED
            self.log_line(f"turn cap {self.turn_cap} reached: capped")
        return self

    def play_turn(self) -> bool:
        """One turn (C-TURN-1); True when the game is decided."""
        g, t, r = self, self.t, self.rules
        fa, sa = self.ps[self.fa], self.ps[1 - self.fa]
        fa0 = fa  # the turn's first attacker (Preparation order; battles are recorded from its side)
        pf, ps_ = self.players[fa.seat], self.players[sa.seat]
        self.log_line(
            f"turn {self.turn}: first attacker {'AB'[fa.seat]}; points A {self.ps[0].points} B {self.ps[1].points};"
            f" hands {len(self.ps[0].hand)}/{len(self.ps[1].hand)}; decks {len(self.ps[0].deck)}/{len(self.ps[1].deck)}"
        )
        self.mods = [Mods(), Mods()]  # battle modifiers and voids live for one turn
        # Preparation
        r.preparation(g, fa, pf)
        if self.decided():
            return self.finish()
        r.preparation(g, sa, ps_)
        if self.decided():
            return self.finish()
        if self.check:
            assert len(fa.hand) <= E.CHECK_PREP_HAND and len(sa.hand) <= E.CHECK_PREP_HAND, \
                "hand too large after Preparation"
        # Evolution
        for p in (fa, sa):
            p.lv_start = r.level(g, p)
            p.evo_opts = []
        self.effects.after_evolution(g, fa, r.evolution(g, fa, pf, False))
        if self.decided():
            return self.finish()
        self.effects.after_evolution(g, sa, r.evolution(g, sa, ps_, True))
        if self.decided():
            return self.finish()
        self.effects.evo_end(g, fa, sa)  # round 13a: the end of the Evolution Phase (T_EVO_END)
        if self.decided():
            return self.finish()
        # Battle
        fa, sa = self.effects.battle_start(g, fa, sa)  # attack_last may make the other player first
        if self.decided():
            return self.finish()
        self.effects.battle_windows(g, fa, sa)
        if self.decided():
            return self.finish()
        af, as_ = self.final_attacks(fa, sa)
        if self.forced_draw(self.mods):
            result = E.BR_DRAW
        else:
            result = E.BR_FIRST if af > as_ else (E.BR_SECOND if as_ > af else E.BR_DRAW)
        self.log_line(
            f"  battle: {'AB'[fa.seat]} {self.cname(fa, fa.cur())} {af} vs {'AB'[sa.seat]} {self.cname(sa, sa.cur())} {as_}"
            f" → {('first attacker wins', 'second attacker wins', 'draw')[result]}"
        )
        if self.log is not None:
            self.log_line("    attacks: " + "; ".join(self.attack_detail(p, o) for p, o in ((fa, sa), (sa, fa))))
        winner = None if result == E.BR_DRAW else (fa if result == E.BR_FIRST else sa)
        self.battles.append(E.BR_DRAW if winner is None else (E.BR_FIRST if winner is fa0 else E.BR_SECOND))
        # Point Calculation (DM-PTS-1)
        self.effects.point_options(g, fa, sa, result)
        if self.decided():
            return self.finish()
        self.battle_lost = [0, 0]
        if winner is None and (self.mods[0].no_draw_loss or self.mods[1].no_draw_loss):
            self.log_line("  drawn battle: neither loses points (no_draw_loss)")
        elif winner is None:
            fa.points = max(0, fa.points - 10)
            sa.points = max(0, sa.points - 10)
            self.battle_lost = [10, 10]
            self.log_line(f"  drawn battle: both lose 10 → A {self.ps[0].points} B {self.ps[1].points}")
        else:
            w, l = winner, (sa if winner is fa else fa)
            self.effects.win_lost_rows(g, w)  # round 11f: its win rows lost*K / lost+N, before the points
            mw = self.mods[w.seat]
            lp = r.lost_points(g, l, w) * mw.lost_mul + mw.lost_add + self.mods[l.seat].self_lost
            if self.mods[l.seat].no_loss:
                lp = 0
            elif self.mods[l.seat].self_lost < 0 and lp < 10:  # round 13f: self_lost-N "cannot become zero" (Bo-920)
                lp = min(lp - self.mods[l.seat].self_lost, 10)
            l.points = max(0, l.points - lp)
            self.battle_lost[l.seat] = lp
            self.log_line(f"  {'AB'[l.seat]} loses {lp} points → {l.points}")
        if self.decided():
            return self.finish()
        self.effects.after_points(g, fa, sa, result)
        if self.decided():
            return self.finish()
        if winner is not None:
            loser = sa if winner is fa else fa
            if not self.mods[loser.seat].no_loss:
                r.death_check(g, loser)
            self.effects.battle_lost(g, loser)  # options that end when the own Digimon loses
            if self.decided():  # round 13c: a dark_* row of such an option changed the points
                return self.finish()
        for p in (fa, sa):  # DM-PTS-1: all support Digimon go to the Dark Area (after the losing Digimon)
            if p.support >= 0:
                self.log_line(f"  death check: support {self.cname(p, p.support)} (seat {self.seat_name(p)}) → Dark Area")
                p.dark.append(p.support)
                p.support = -1
            p.support_used = False  # a new turn's support (DM-BAT-2)
        for p in (fa, sa):
            if not p.deck:
                r.renew(g, p)
                self.renewal_turns[p.seat].append(self.turn)
                self.log_line(f"  renewal: {'AB'[p.seat]} shuffles its Dark Area into a new deck of {len(p.deck)}")
        self.effects.end_turn(g)
        self.points_by_turn.append((self.ps[0].points, self.ps[1].points))
        if self.check:
            self.check_invariants()
        self.fa = fa0.seat if winner is None else winner.seat  # C-ORD-2
        return False

    def forced_draw(self, mods) -> bool:
        return (mods[0].force_draw or mods[1].force_draw) and not (mods[0].no_force_draw or mods[1].no_force_draw)

    def copy_mods(self) -> list:
        return [dataclasses.replace(m) for m in self.mods]

    def attack_detail(self, p: PlayerState, o: PlayerState) -> str:
        """For the replay log: which attack p uses and what changed its printed number (final_attacks'
        arithmetic, spelled out): "A uses C 440 (A→0 on B's attack)", "B uses A 470, halved → 235"."""
        t, m = self.t, self.mods[p.seat]
        mo = self.mods[o.seat]
        typ = m.attack_as if m.attack_as >= 0 else int(t.bt[o.seat, o.cur()])
        otyp = mo.attack_as if mo.attack_as >= 0 else int(t.bt[p.seat, p.cur()])
        printed = int(t.atk[p.seat, p.cur(), typ])
        steps = []
        keeps = m.no_zero or t.no_zero[p.seat, p.cur()]
        c_effect = typ == E.BT_A and otyp == E.BT_C and not mo.no_c_zero
        if m.attack_as >= 0:
            steps.append("attack set by an effect")
        if m.immune_mod:
            steps.append("no modification")
            if c_effect and not keeps:
                steps.append("A→0 by the C attack")
        else:
            if m.base_add:
                steps.append(f"base {m.base_add:+d}")
            if m.c_zero and typ == E.BT_C and otyp == E.BT_A:  # round 13f
                steps.append("→0 by the opponent's 'C>0'")
            elif (m.zeroed or c_effect) and not keeps:
                steps.append("→0" + (" by the C attack" if c_effect else ""))
            elif (m.zeroed or c_effect) and keeps:
                steps.append("cannot go to zero")
            if (m.mul_num, m.mul_den) != (1, 1):
                steps.append(f"×{m.mul_num}" if m.mul_den == 1 else f"×{m.mul_num}/{m.mul_den}")
            if m.add:
                steps.append(f"{m.add:+d}")
            if m.halved:
                steps.append("halved")
        final = self.final_attacks(p, o)[0]
        return (f"{'AB'[p.seat]} uses {E.BT_NAMES[typ]} {printed}" + (f" ({', '.join(steps)})" if steps else "")
                + (f" → {final}" if final != printed else ""))

    def final_attacks(self, fa: PlayerState, sa: PlayerState, mods=None) -> tuple[int, int]:
        """C-TYPE-1/2 and C-CALC-1."""
        t = self.t
        mods = mods if mods is not None else self.mods
        typ = [0, 0]
        for p, o in ((fa, sa), (sa, fa)):
            m = mods[p.seat]
            typ[p.seat] = m.attack_as if m.attack_as >= 0 else int(t.bt[o.seat, o.cur()])
        out = [0, 0]
        for p, o in ((fa, sa), (sa, fa)):
            m = mods[p.seat]
            c_effect = typ[p.seat] == E.BT_A and typ[o.seat] == E.BT_C and not mods[o.seat].no_c_zero  # round 11e
            cz = m.c_zero and typ[p.seat] == E.BT_C and typ[o.seat] == E.BT_A  # round 13f: 'C>0', no_zero guards A only
            if m.immune_mod:  # no modification at all, own or the opponent's (seed 003 §3.5); C's zero is none
                zero = cz or (c_effect and not (m.no_zero or t.no_zero[p.seat, p.cur()]))
                out[p.seat] = 0 if zero else int(t.atk[p.seat, p.cur(), typ[p.seat]])
                continue
            base = int(t.atk[p.seat, p.cur(), typ[p.seat]]) + m.base_add
            if cz or ((m.zeroed or c_effect) and not (m.no_zero or t.no_zero[p.seat, p.cur()])):
                base = 0
            v = max(0, base) * m.mul_num // m.mul_den + m.add
            v = max(0, v)
            if m.halved:
                v //= 2
            out[p.seat] = v
        return out[fa.seat], out[sa.seat]

    def decided(self) -> bool:
        a, b = self.ps[0].points <= 0, self.ps[1].points <= 0
        if a and b:
            self.outcome = E.OUT_DRAW
        elif a:
            self.outcome = E.OUT_B
        elif b:
            self.outcome = E.OUT_A
        return a or b

    def finish(self) -> bool:
        self.points_by_turn.append((self.ps[0].points, self.ps[1].points))
        self.log_line(
            f"game over in turn {self.turn}: " + ("A wins", "B wins", "draw", "capped")[self.outcome]
            + f" (A {self.ps[0].points}, B {self.ps[1].points})"
        )
        return True

    def check_invariants(self) -> None:
        for p in self.ps:
            zones = p.deck + p.hand + p.dark + p.gauge + p.power + [c for c in p.slots if c >= 0] + [p.l3] + (
                [p.top] if p.top >= 0 else []) + ([p.support] if p.support >= 0 else []) + (
                [p.supbox] if p.supbox >= 0 else []) + ([p.beside] if p.beside >= 0 else [])
            n = int(self.t.n_cards[p.seat])
            assert sorted(zones) == list(range(n)), (p.seat, sorted(zones))
            assert 0 <= p.points <= 100
            assert len(p.gauge) >= 1

    def record(self) -> tuple:
        a, b = self.ps
        return (self.index, self.outcome, self.turn, a.points, b.points, a.renewals, b.renewals, self.fa_hash,
                self.fa_t1)


def make_player(name: str):
    """A new player of this policy (codes.PLAYER_NAMES): one per seat and game."""
    if name == "baseline":
        from simcli.engine.reference_baseline import BaselinePlayer

        return BaselinePlayer()
    if name == "greedy":
        from simcli.engine.reference_greedy import GreedyPlayer

        return GreedyPlayer()
    if name == "random":
        from simcli.engine.reference_random import RandomPlayer

        return RandomPlayer()
    raise ValueError(f"unknown player {name!r}")


def __getattr__(name: str):
    """``reference.BaselinePlayer`` (it lives in reference_baseline.py, which imports this module)."""
    if name == "BaselinePlayer":
        from simcli.engine.reference_baseline import BaselinePlayer

        return BaselinePlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def play_game(t: Tables, seed: int, game: int, players=("baseline", "baseline"), turn_cap=E.DEFAULT_TURN_CAP,
              effects_on: bool = False, log=None, names=None, check=False) -> Game:
    """One game.  effects_on is informational: the tables decide (compile_tables(effects=False) has no
    effect rows; appearance rows, a rule of play, are there either way)."""
    pls = [make_player(x) if isinstance(x, str) else x for x in players]
    g = Game(t, seed, game, pls, turn_cap, log=log, names=names, check=check)
    return g.play()
