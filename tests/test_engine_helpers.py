"""Hand-built test decks for the engine tests (lists of card numbers, deck-file order)."""

from __future__ import annotations

from simcli.cards.db import Card, load_db


def expand(spec):
    out = []
    for n, num in spec:
        out += [num] * n
    return out


# Agumon/Gabumon/Palmon lines with Winning Percentage Perfects
DECK_1 = expand([(3, "St-1"), (3, "St-2"), (3, "St-5"), (3, "St-6"), (3, "St-9"), (3, "St-10"), (3, "St-29"),
                 (3, "St-32"), (3, "St-59"), (3, "St-60")])
# Candmon/Gabumon lines, Jogress (Were Garurumon) and 60% Perfects
DECK_2 = expand([(3, "St-41"), (3, "St-43"), (3, "St-44"), (3, "St-5"), (3, "St-6"), (3, "St-46"), (3, "St-47"),
                 (3, "St-48"), (3, "St-60"), (3, "St-59")])
# only Level III and IV Digimon, no options (fast cycling)
DECK_3 = expand([(3, "St-1"), (3, "St-2"), (3, "St-9"), (3, "St-10"), (3, "St-23"), (3, "St-24"), (3, "St-25"),
                 (3, "St-26"), (3, "St-27"), (3, "St-22")])


def cards(numbers, db=None):
    db = db or load_db()
    return [db[n] for n in numbers]


def custom(base_number: str, **changes) -> Card:
    """A copy of a real card with some fields changed (for scenario tests)."""
    c = Card(dict(load_db()[base_number]))
    c.update(changes)
    return c


# ---- scenario harness ---------------------------------------------------------------------------
import numpy as np  # noqa: E402

from simcli.engine import bridge, kernel  # noqa: E402
from simcli.engine import enums as E  # noqa: E402
from simcli.engine import reference as R  # noqa: E402
from simcli.engine.rng import rng_init_nb  # noqa: E402
from simcli.engine.tables import compile_tables  # noqa: E402


def scenario(deck_a, deck_b, effects=False, players=("baseline", "baseline"), seed=0, game=0):
    """A reference Game on two card lists (Card records), not set up: tests place cards by hand."""
    T, info = compile_tables([deck_a, deck_b], effects=effects)
    names = [[c["name"] for c in d] for d in (deck_a, deck_b)]
    pls = [R.make_player(p) for p in players]
    eff = None
    if effects:
        from simcli.engine.reference_effects import Effects

        eff = Effects()
    g = R.Game(T, seed, game, pls, effects=eff, log=[], names=names)
    return T, g


def place(g, seat, *, l3, top=-1, hand=(), deck=(), dark=(), gauge=None, slots=(-1, -1, -1), points=100):
    """Put seat's cards in zones by card index; any card not named goes to the gauge (out of play)."""
    p = g.ps[seat]
    p.l3, p.top = l3, top
    p.hand, p.deck, p.dark = list(hand), list(deck), list(dark)
    p.slots = list(slots)
    p.points = points
    used = set(p.hand) | set(p.deck) | set(p.dark) | {l3} | ({top} if top >= 0 else set()) | {c for c in slots if c >= 0}
    n = int(g.t.n_cards[seat])
    p.gauge = list(gauge) if gauge is not None else [c for c in range(n) if c not in used]


def kernel_turn(T, g, fa, turn=2, players=(0, 0)):
    """Play one turn on the kernel from the reference game's current state; returns (S, res, outcome)."""
    S = bridge.to_kernel(g)
    M = np.zeros((2, kernel.NM), np.int32)
    kernel.reset_mods_nb(M)
    M2 = np.zeros((4, kernel.NM), np.int32)
    X = np.zeros(kernel.NX, np.int32)
    W = np.zeros((E.W_ROWS, 4), np.int64)
    K = np.zeros(40, np.int32)
    rng = np.zeros(1, np.uint64)
    rng_init_nb(rng, g.seed, g.index)
    rt = np.zeros((2, turn + 2), np.int64)
    uses = np.zeros((2, T.level.shape[1]), np.int64)
    from simcli.engine.tables import kernel_tables

    KT = kernel_tables(T)
    rows = kernel.game_flags_nb(KT, X)
    res, out = kernel.play_turn_nb(KT, S, M, M2, X, W, K, rng, np.asarray(players, np.int64), fa, turn, rt, uses,
                                   False, rows, kernel.policy_gates(players), kernel.effects_gate(KT))
    return S, int(res), int(out)


def both_turn(T, g, fa, turn=2, players=None):
    """Play one turn on both engines from the same state; assert they agree; return the reference game."""
    if players is None:
        players = tuple(E.PLAYER_NAMES.index(p.name) for p in g.players)
    S, res, out = kernel_turn(T, g, fa, turn, players)
    g.fa, g.turn = fa, turn
    n = len(g.battles)
    decided = g.play_turn()
    # a game decided before the battle's result (Preparation, Evolution, the battle windows) records it
    # as a draw in the kernel's statistics and appends no battle in the reference
    assert (g.battles[-1] if len(g.battles) > n else E.BR_DRAW) == res
    assert (g.outcome if decided else -1) == out
    for s in range(2):
        assert bridge.zones(S, s) == bridge.zones_ref(g.ps[s]), s
    g.kernel_state = S
    return g
