"""simcli: Monte Carlo deck analysis for the retro Digimon card games."""

__version__ = "0.1.0"
# Bumped when simulated results change (rules, players, RNG use), not when code only gets faster.
ENGINE_VERSION = "5"  # 5: Thirst For Power (gauge_mill, tutor), result rows of battle options, wp_levels, …
