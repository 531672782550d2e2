"""Card-name normalisation (rule DM-NAME-1) and closest-match suggestions."""

from __future__ import annotations

import difflib
import re

_SUFFIX = re.compile(r"\s*\(\d+\)\s*$")
_DROP = re.compile(r"[\s\-_]+")


def norm_name(name: str) -> str:
    """The rule name of a card: case, spaces, hyphens and a trailing "(N)" ignored (DM-NAME-1)."""
    return _DROP.sub("", _SUFFIX.sub("", name)).lower()


def closest(word: str, choices: list[str], n: int = 3) -> list[str]:
    """Up to n close matches of word among choices (case-insensitive), best first."""
    lower = {c.lower(): c for c in choices}
    hits = difflib.get_close_matches(word.lower(), list(lower), n=n, cutoff=0.5)
    return [lower[h] for h in hits]
