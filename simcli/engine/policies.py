"""The players' decision points and their gates: what the rules (kernel.py, kernel_effects.py) call when a
player decides, and which policy module answers (policy_baseline.py, policy_greedy.py, policy_random.py).

Each decision point is a ``policy_*`` function.  It looks at the seat's policy (``players[s]`` /
``X[X_PLAYER + s]``, codes.PLAYER_*) and calls that policy's decision through a *gate*: ``gon`` is the
tuple ``(greedy, random)`` (kernel.policy_gates), each None when no seat of the run plays that policy,
else True.  numba specialises every function on its arguments' types, and a gate (``greedy_*`` /
``random_*``, made by ``_gate``) is an ``@overload`` that returns the policy's code when its flag is on
and a stub (never called: no seat plays it) when it is None — so a run compiles and caches only the
policies its seats use (docs/performance.md, "Compiling only the policies a run uses").  Baseline
decisions are small and shared (BL-2 / BL-4 serve the others too): they are not gated.

Two decision points are reached from inside an effect, where no gate value is at hand: the answer to an
option (negation) and the target of ``evolve_now``.  They dispatch at run time (``policy_negate_response``,
``policy_evolve_target``); their code is compiled into every kernel with effect rows.

Adding a policy: a module ``policy_NAME.py`` with the decisions below (each taking what the baseline's
takes, plus ``rng`` when it draws), its gates here (one more element in ``gon``), a branch in each
``policy_*`` function, its code in codes.PLAYER_*, and its reference twin (reference_NAME.py,
reference.make_player).  docs/engine.md, "Players", lists the decision points.

The policy modules import kernel_effects.py, which imports this module at its end: the policy modules are
bound here as modules (``from simcli.engine import policy_greedy as PG``) and their functions looked up
when numba compiles (or, without the JIT, when called).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba import types as _types
from numba.extending import overload as _overload

from simcli.engine import enums as E
from simcli.engine import policy_baseline as PB
from simcli.engine import policy_greedy as PG
from simcli.engine import policy_random as PR
from simcli.engine.players import plan_chain_nb
from simcli.engine.state import X_PLAYER

PLAYER_BASELINE, PLAYER_GREEDY, PLAYER_RANDOM = E.PLAYER_BASELINE, E.PLAYER_GREEDY, E.PLAYER_RANDOM
GREEDY, RANDOM = 0, 1  # the gates' positions in ``gon``
_MODULES = {GREEDY: PG, RANDOM: PR}


def _off(gon, which: int) -> bool:
    """At typing time: the gate ``which`` of the tuple type ``gon`` is None (that policy is not played)."""
    return isinstance(gon.types[which], (_types.NoneType, _types.Omitted))


def _gate(name: str, which: int, fn: str, args: str, stub: str):
    """A gate: ``name(gon, args)`` calls ``fn(args)`` of the policy module ``which`` when ``gon[which]`` is
    on, else returns ``stub``.  The Python function runs with NUMBA_DISABLE_JIT; compiled code uses the
    @overload, which types ``fn`` only when the gate is on."""
    ns = {"_mod": _MODULES[which], "_off": _off, "np": np}
    exec(f"def {name}(gon, {args}):\n"
         f"    return {stub} if gon[{which}] is None else _mod.{fn}({args})\n", ns)
    exec(f"def _{name}(gon, {args}):\n"
         f"    if _off(gon, {which}):\n"
         f"        return lambda gon, {args}: {stub}\n"
         f"    _f = _mod.{fn}\n"
         f"    return lambda gon, {args}: _f({args})\n", ns)
    py = ns[name]
    py.__doc__ = f"{_MODULES[which].__name__}.{fn} behind the gate gon[{which}] ({stub} when it is off)."
    _overload(py, inline="always", jit_options={"_nrt": False})(ns["_" + name])
    return py


# ---- the gates --------------------------------------------------------------------------------------------
greedy_partner = _gate("greedy_partner", GREEDY, "partner_greedy_nb", "T, s", "-1")
greedy_discard = _gate("greedy_discard", GREEDY, "discard_greedy_nb", "T, S, s, keep, app", "None")
greedy_exchange = _gate("greedy_exchange", GREEDY, "best_l3_nb", "T, S, s", "-1")
greedy_hold = _gate("greedy_hold", GREEDY, "appearance_hold_nb", "T, S, M, X, s, lv", "False")
greedy_prepare_ignore = _gate("greedy_prepare_ignore", GREEDY, "prepare_ignore_nb", "T, S, M, X, s, uses", "None")
greedy_timed_use = _gate("greedy_timed_use", GREEDY, "timed_use_nb", "T, S, M, M2, X, p, timing, rng, uses", "None")
greedy_set_options = _gate("greedy_set_options", GREEDY, "options_to_set_nb", "T, S, s", "np.int64(0)")
greedy_window = _gate("greedy_window", GREEDY, "greedy_window_nb", "T, S, M, M2, X, cur, rng, uses", "(0, True)")
greedy_start_appearance = _gate("greedy_start_appearance", GREEDY, "greedy_start_appearance_nb",
                                "T, S, M, M2, X, p, rng", "-1")
greedy_item_negation = _gate("greedy_item_negation", GREEDY, "greedy_item_negation_nb",
                             "T, S, M, M2, X, p, rng, uses", "None")

random_partner = _gate("random_partner", RANDOM, "partner_random_nb", "T, s, rng", "-1")
random_discard = _gate("random_discard", RANDOM, "discard_random_nb", "T, S, s, keep, rng", "None")
random_exchange = _gate("random_exchange", RANDOM, "exchange_random_nb", "T, S, s, rng", "-1")
random_chain = _gate("random_chain", RANDOM, "chain_random_nb", "T, S, s, W, rng", "0")
random_prepare_ignore = _gate("random_prepare_ignore", RANDOM, "prepare_ignore_random_nb",
                              "T, S, M, X, s, uses, rng", "None")
random_timed_use = _gate("random_timed_use", RANDOM, "timed_use_random_nb", "T, S, M, M2, X, p, timing, rng, uses",
                         "None")
random_set_options = _gate("random_set_options", RANDOM, "options_random_nb", "T, S, s, rng", "np.int64(0)")
random_window = _gate("random_window", RANDOM, "random_window_nb", "T, S, M, M2, X, cur, rng, uses", "(0, True)")
random_start_appearance = _gate("random_start_appearance", RANDOM, "start_appearance_random_nb",
                                "T, S, M, X, p, rng", "-1")
random_item_negation = _gate("random_item_negation", RANDOM, "item_negation_random_nb",
                             "T, S, M, M2, X, p, rng, uses", "None")


# ---- the decision points ----------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def policy_partner(gon, T, s, player, rng):
    """Setup (DM-SET-1): the partner Level III (a card index)."""
    if player == PLAYER_GREEDY:
        return greedy_partner(gon, T, s)
    if player == PLAYER_RANDOM:
        return random_partner(gon, T, s, rng)
    return PB.partner_baseline_nb(T, s)


@njit(cache=True, inline="always")
def policy_discard(gon, T, S, s, player, keep, app, rng):
    """Preparation step (1): keep[pos] = 1 for the hand cards kept.  app: the deck has appearance rows."""
    if player == PLAYER_GREEDY:
        greedy_discard(gon, T, S, s, keep, app)
    elif player == PLAYER_RANDOM:
        random_discard(gon, T, S, s, keep, rng)
    else:
        PB.discard_baseline_nb(T, S, s, keep, 2, PB.appearance_keep_nb(T, S, s) if app else np.int64(0))


@njit(cache=True, inline="always")
def policy_exchange(gon, T, S, s, player, rng):
    """Preparation step (3): the hand position of the Level III to exchange to, -1 none (BL-3: never)."""
    if player == PLAYER_GREEDY:
        return greedy_exchange(gon, T, S, s)
    if player == PLAYER_RANDOM:
        return random_exchange(gon, T, S, s, rng)
    return -1


@njit(cache=True, inline="always")
def policy_chain(gon, T, S, s, player, W, rng):
    """Preparation step (4): writes the chain to prepare (S[s, PLAN...], hand positions in W); its length.
    Baseline BL-4 (players.plan_chain_nb); greedy the same among the chains whose costs it can pay."""
    if player == PLAYER_RANDOM:
        return random_chain(gon, T, S, s, W, rng)
    return plan_chain_nb(T, S, s, player == PLAYER_GREEDY, W)


@njit(cache=True, inline="always")
def policy_hold(gon, T, S, M, X, s, player, lv):
    """Preparation step (4): keep the box as it is for an appearance this turn (greedy only)."""
    if player == PLAYER_GREEDY:
        return greedy_hold(gon, T, S, M, X, s, lv)
    return False


@njit(cache=True, inline="always")
def policy_prepare_ignore(gon, T, S, M, X, s, player, uses, rng):
    """Preparation step (4) when no chain was prepared: an evolve_ignore step, or none (DM-EVO-5)."""
    if player == PLAYER_GREEDY:
        greedy_prepare_ignore(gon, T, S, M, X, s, uses)
    elif player == PLAYER_RANDOM:
        random_prepare_ignore(gon, T, S, M, X, s, uses, rng)


@njit(cache=True, inline="always")
def policy_set_options(gon, T, S, s, player, rng):
    """Preparation step (6): the hand positions (bit mask) of the options it sets (BL-5: none)."""
    if player == PLAYER_GREEDY:
        return greedy_set_options(gon, T, S, s)
    if player == PLAYER_RANDOM:
        return random_set_options(gon, T, S, s, rng)
    return np.int64(0)


@njit(cache=True, inline="always")
def policy_timed_use(gon, T, S, M, M2, X, p, timing, rng, uses):
    """The options p uses at a timing outside the battle windows (prep, evolution, point, win, lose), used
    in slot order (BL-5: none)."""
    pl = X[X_PLAYER + p]
    if pl == PLAYER_GREEDY:
        greedy_timed_use(gon, T, S, M, M2, X, p, timing, rng, uses)
    elif pl == PLAYER_RANDOM:
        random_timed_use(gon, T, S, M, M2, X, p, timing, rng, uses)


@njit(cache=True, inline="always")
def policy_window(gon, T, S, M, M2, X, cur, player, rng, uses):
    """A battle window of a greedy or random player: (actions taken, passed).  The baseline's (BL-8
    appearances only) is baseline_window, behind the effects gate."""
    if player == PLAYER_GREEDY:
        return greedy_window(gon, T, S, M, M2, X, cur, rng, uses)
    return random_window(gon, T, S, M, M2, X, cur, rng, uses)


@njit(cache=True, inline="always")
def policy_start_appearance(gon, T, S, M, M2, X, p, rng):
    """The start of the battle: the appearance p makes (pos * APPEAR_POS + row), -1 none."""
    pl = X[X_PLAYER + p]
    if pl == PLAYER_GREEDY:
        return greedy_start_appearance(gon, T, S, M, M2, X, p, rng)
    if pl == PLAYER_RANDOM:
        return random_start_appearance(gon, T, S, M, X, p, rng)
    return PB.first_appearance_nb(T, S, M, X, p, E.T_START)


@njit(cache=True, inline="always")
def policy_item_negation(gon, T, S, M, M2, X, p, rng, uses):
    """The start of the battle: negate_item against the opponent's face-up Items (BL-5: never)."""
    pl = X[X_PLAYER + p]
    if pl == PLAYER_GREEDY:
        greedy_item_negation(gon, T, S, M, M2, X, p, rng, uses)
    elif pl == PLAYER_RANDOM:
        random_item_negation(gon, T, S, M, M2, X, p, rng, uses)


@njit(cache=True, inline="always")
def policy_negate_response(T, S, M, M2, X, o, p, c, count, rng):
    """o's answer to p's option c used in a battle window: (kind, index) of a negation (codes.NEG_*), or
    (-1, -1) (BL-5: never).  No gate (called from inside the option's use)."""
    pl = X[X_PLAYER + o]
    if pl == PLAYER_GREEDY:
        return PG.negate_response_nb(T, S, M, M2, X, o, p, c, count, rng)
    if pl == PLAYER_RANDOM:
        return PR.negate_response_random_nb(T, S, M, X, o, p, c, rng)
    return -1, -1


@njit(cache=True, inline="always")
def policy_evolve_target(T, S, M, M2, X, p, r, rng):
    """evolve_now row r: the hand position of the Digimon p evolves into, -1 none (the baseline never uses
    such a card).  No gate (called from inside the effect)."""
    if X[X_PLAYER + p] == PLAYER_RANDOM:
        return PR.evolve_target_random_nb(T, S, p, r, rng)
    return PG.evolve_target_nb(T, S, M, M2, X, p, r, rng)


@njit(cache=True, inline="always")
def policy_box_side(T, S, M, M2, X, p, r, card, rng):
    """box_dark_pick row r of p's option card (round 9c): the seat whose box top card goes to the Dark Area, -1 none
    (the baseline never uses options).  No gate (called from inside the option's use)."""
    pl = X[X_PLAYER + p]
    if pl == PLAYER_GREEDY:
        return PG.box_side_nb(T, S, M, M2, X, p, r, card, rng)
    if pl == PLAYER_RANDOM:
        return PR.box_side_random_nb(T, S, M, X, p, r, card, rng)
    return -1


# ---- the baseline's battle window (BL-8), behind the effects gate -------------------------------------
def baseline_window(eon, T, S, M, X, p, rng, uses):
    """BL-8 in a battle window behind the effects gate: True when a card appeared."""
    return False if eon is None else PB.baseline_window_nb(T, S, M, X, p, rng, uses)


@_overload(baseline_window, inline="always", jit_options={"_nrt": False})
def _baseline_window(eon, T, S, M, X, p, rng, uses):
    if isinstance(eon, (_types.NoneType, _types.Omitted)):
        return lambda eon, T, S, M, X, p, rng, uses: False
    f = PB.baseline_window_nb
    return lambda eon, T, S, M, X, p, rng, uses: f(T, S, M, X, p, rng, uses)
