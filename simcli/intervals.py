"""Confidence intervals shared by the API summary and the report tables (no pandas import)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def wilson(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion ``k / n`` (default: 95 %).

    ``wilson(50, 100) == (0.4038..., 0.5962...)``; ``n == 0`` gives ``(nan, nan)``.
    """
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom
    lo = 0.0 if k <= 0 else max(0.0, centre - half)  # exact ends: the rounding would miss them
    hi = 1.0 if k >= n else min(1.0, centre + half)
    return (lo, hi)
