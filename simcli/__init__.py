"""simcli: Monte Carlo deck analysis for the retro Digimon card games."""

__version__ = "0.1.0"
# Bumped when simulated results change (rules, players, RNG use), not when code only gets faster.
ENGINE_VERSION = "9"  # 9: greedy appears over its own Ultimate only for a better result; round 9 words (opp_hand[N], base OP opp_power, damage_lost, only_field, opp_down_one, no_option_dark, wp_step, atk_per_sheet, opp_armor, box_dark_pick + box_side decision, base_a, no_heal); 8: headline cards (lost_to_hand, keep_slot, slot: appearance, leave_at), requirement engine (o_max/x_max, requirement_mill, evolve_levels), opp_support_dark + support-used flag (round 8); 7: X-Antibody names (DM-NAME-1 frames), wp_min / jogress_partner, opp_box_dark, attack_high, meta-deck words (round 7); 6: special: no …
