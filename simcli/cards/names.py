"""Card-name normalisation (rule DM-NAME-1) and closest-match suggestions."""

from __future__ import annotations

import difflib
import functools
import re

_SUFFIX = re.compile(r"\s*\(\d+\)\s*$")
_DROP = re.compile(r"[\s\-_]+")
# DM-NAME-1: a trailing "X-Antibody" after a Digimon's name marks the red frame printing (seed 003 §3.1,
# §3.6: same name ⇒ ≤3 whatever the printing; Bx-185 "Rosemon X-Antibody" is the red frame "Rosemon"
# card; the data names the red frame Re-104 plain "Magnamon").  It is no part of the rule name; the
# option card named "X-Antibody" and "X-Antibody Protoform" keep theirs (nothing before the marker).
_MARKER = re.compile(r"(?<=\S)[\s\-_]+X[\s\-_]*Antibody(?=\s*(?:\(\d+\))?\s*$)", re.I)

# DM-NAME-1: one name, several spellings.  The source data (LackeyCCG files, third party) spells a
# few names in more than one way — in a card's Name column or inside requirement / appearance texts —
# and a rule ("≤3 per name", "evolves from a Digimon named X", "send one X card") must see one name.
# Each entry is (spelling found in the data, rule name); both are compared normalised (case, spaces,
# hyphens ignored) and the spelling is replaced wherever it occurs in a normalised name, so
# "Beezlebumon Blast Mode" is a "Beelzebumon Blast Mode".  tests/test_requirements.py checks on the
# real data that every entry changes only the names it is meant for.
ALIASES: tuple[tuple[str, str], ...] = (
    # card names misspelled by the source (the requirement texts spell the rule name)
    ("Beezlebumon", "Beelzebumon"),  # Bx-163, Bo-1058, Bo-1060
    ("Beel Starrmon", "Beel Starmon"),  # Re-24 (Re-22 asks for a "Beel Starmon")
    ("Opossummon", "Opossumon"),  # two spellings of one Digimon among the card names
    # names inside requirement texts spelled otherwise than the card (the card's spelling is the rule)
    ("Phantomon", "Fantomon"),
    ("Kyuubimon", "Kyubimon"),
    ("Octomon", "Octmon"),
    ("Sabirdramon", "Saberdramon"),
    ("Puchiemon", "Pucchiemon"),
    ("Löwemon", "Lowemon"),
    ("Beowulfmon", "Beowolfmon"),
    ("Pajramon", "Pajiramon"),
    ("Red Vagimon", "Red Vegimon"),
    ("Metal Garururmon", "Metal Garurumon"),
    # names inside appearance texts, punctuated otherwise than the card
    ("Imperialdramon: Fighter Mode", "Imperialdramon Fighter Mode"),
    ("The Dimension Crossing Hero!!", "The Dimension Crossing Hero"),
    # round 9b: names inside requirement texts spelled otherwise than the card (the Lucemon forms' requirements)
    ("The Gospel of the Fallen Angel", "Gospel of the Fallen Angel"),  # Bo-968, Bo-969, Bo-1096 … (cards Bo-977 …)
    ("Lucemon: Falldown Mode", "Lucemon Falldown Mode"),  # Lucemon Larva Bo-1001
)


def _plain(name: str) -> str:
    return _DROP.sub("", _SUFFIX.sub("", _MARKER.sub("", name))).lower()


def printed_key(name: str) -> str:
    """The printed name compared as DM-NAME-1 compares (case, spaces, hyphens, "(N)" ignored) but
    with the red frame marker kept: which printings a deck line or a look-up spelled."""
    return _DROP.sub("", _SUFFIX.sub("", name)).lower()


def frame_marker(name: str) -> tuple[str, str]:
    """(name without a trailing "X-Antibody" marker, "Red" when it had one else ""): a text that names
    "Magnamon X-Antibody" means a Magnamon with a red frame (DM-NAME-1)."""
    stripped = _MARKER.sub("", name)
    return (stripped, "Red") if stripped != name else (name, "")


_ALIAS_NORM = tuple((_plain(a), _plain(b)) for a, b in ALIASES)


def norm_name(name: str) -> str:
    """The rule name of a card: case, spaces, hyphens, a trailing "(N)" and a trailing "X-Antibody"
    (the red frame marker) ignored, the source's other spellings (ALIASES) replaced by the rule name
    (DM-NAME-1)."""
    n = _plain(name)
    for a, b in _ALIAS_NORM:
        if a in n:
            n = n.replace(a, b)
    return n


@functools.lru_cache(maxsize=None)
def _alias_patterns() -> tuple[tuple[re.Pattern, str], ...]:
    """ALIASES as compiled patterns (built once: compiling them per call made table compilation
    for a pair of decks cost ~10 ms, most of a short meta matchup)."""
    out = []
    for a, b in ALIASES:
        pat = r"[\s\-]*".join(re.escape(ch) for ch in a.replace(" ", "").replace("-", ""))
        out.append((re.compile(pat, re.I), b))
    return tuple(out)


@functools.lru_cache(maxsize=1 << 14)
def rule_spelling(name: str) -> str:
    """name with the source's other spellings (ALIASES) replaced by the rule name, otherwise as
    written: for effect texts, whose name conditions compare names without the alias table."""
    for pat, b in _alias_patterns():
        name = pat.sub(b, name)
    return name


def closest(word: str, choices: list[str], n: int = 3) -> list[str]:
    """Up to n close matches of word among choices (case-insensitive), best first."""
    lower = {c.lower(): c for c in choices}
    hits = difflib.get_close_matches(word.lower(), list(lower), n=n, cutoff=0.5)
    return [lower[h] for h in hits]
