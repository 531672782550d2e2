"""The baseline player (RULES §5, BL-1..BL-8), pure Python; twin: policy_baseline.py.

Every policy of the reference engine is a class with these methods (the decision points; docs/engine.md
"Players"): reference_greedy.GreedyPlayer and reference_random.RandomPlayer derive from this one.
"""

from __future__ import annotations

from simcli.engine import enums as E
from simcli.engine.reference import Game, PlayerState, Step, baseline_discard, plan_chain  # noqa: F401
from simcli.engine.tables import Tables


class BaselinePlayer:
    """RULES.md §5, BL-1..BL-7."""

    name = "baseline"
    cost_aware = False

    def partner(self, t: Tables, s: int, rng=None) -> int:
        """BL-1: the Level III with the highest A attack; ties → first in the deck file.  (rng: the game's
        random stream, for a policy that draws.)"""
        best, best_a = -1, -1
        for i in range(int(t.n_cards[s])):
            if t.kind[s, i] == E.KIND_DIGIMON and t.level[s, i] == E.LV_III and t.atk[s, i, 0] > best_a:
                best, best_a = i, int(t.atk[s, i, 0])
        return best

    def discard(self, g: "Game", p: PlayerState) -> list[int]:
        """BL-2: hand positions to discard (Preparation step 1)."""
        return baseline_discard(g, p, max_opts=2)

    def exchange(self, g, p) -> int:
        return -1  # BL-3

    def plan(self, g: "Game", p: PlayerState) -> list[Step]:
        return plan_chain(g, p, cost_aware=self.cost_aware)

    def hold(self, g, p, steps) -> bool:
        return False  # BL-4: the baseline evolves whenever it can

    def cancel(self, g, p) -> bool:
        return False

    def set_options(self, g, p) -> list[int]:
        return []  # BL-5

    def battle_action(self, g, p):
        """BL-5: no options, abilities or support Digimon; BL-8: an appearance."""
        ch = self.appear_choice(g, p, E.T_BATTLE)
        return None if ch is None else (3, ch[0], ch[1])

    def timed_options(self, g, p, timing) -> list[int]:
        return []  # BL-5

    def negate_response(self, g, p, user, card, count):
        return None  # BL-5: never negates

    def item_negation(self, g, p):
        return None  # BL-5

    def ignore_choice(self, g, p):
        return None  # BL-5: never uses evolve_ignore

    def appear_choice(self, g, p, timing):
        """BL-8 (decided): at the start of the battle and in each of its battle windows, the first card
        in hand order with an appearance row of this timing that can be used now (its first such row)
        appears; at most one appearance per player and turn."""
        from simcli.engine.reference_effects import legal_appearances

        for pos, r in legal_appearances(g, p, timing):
            return pos, r
        return None

    def evolve_target(self, g, p, row):
        return None  # BL-5: never uses an evolve_now option or ability

    def box_side(self, g, p, row, card) -> int:
        return -1  # BL-5: never uses an option (box_dark_pick, round 9c)
