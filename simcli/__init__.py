"""simcli: Monte Carlo deck analysis for the retro Digimon card games."""

__version__ = "0.1.0"
# Bumped when simulated results change (rules, players, RNG use), not when code only gets faster.
ENGINE_VERSION = "6"  # 6: rows that are not special abilities (special: no), … (round 5); 5: Thirst For Power, result rows, wp_levels
