"""The shipped card database: loading and look-ups.

``simcli/cards/data/dmcg.json`` is made by ``simcli cards import`` (see importer.py); this module
only reads it.  Records are plain dicts with the keys documented in docs/card-database.md.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from simcli.cards.names import closest, norm_name, printed_key
from simcli.cards.requirements import Requirement

DATA_DIR = Path(__file__).parent / "data"
LEVEL_ORDER = {"III": 3, "IV": 4, "Perfect": 5, "Ultimate": 6}


class Card(dict):
    """A database record with a few conveniences; still a dict (JSON-able as is)."""

    @property
    def number(self) -> str:
        return self["number"]

    @property
    def name(self) -> str:
        return self["name"]

    @property
    def rule_name(self) -> str:
        return norm_name(self["name"])

    @property
    def is_digimon(self) -> bool:
        return self["kind"] == "Digimon"

    @property
    def level_value(self) -> int:
        """III=3, IV=4, Perfect=5, Ultimate=6; 0 for options and special levels."""
        return LEVEL_ORDER.get(self.get("level") or "", 0)

    def reqs(self) -> list[Requirement]:
        return [Requirement.from_json(r) for r in self.get("requirements", [])]


def number_key(number: str) -> str:
    """Look-up key for a card number: case and spaces ignored ("st-1" finds "St-1")."""
    return re.sub(r"\s+", "", number).lower()


class CardDB:
    def __init__(self, data: dict, path: Path | None = None, revision: str = ""):
        self.path = path
        # a hash of the database file: results depend on it as well as on ENGINE_VERSION
        self.revision = revision or hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]
        self.game = data.get("game", "dmcg")
        self.source_revision = data.get("source_revision", "")
        self.formats: dict[str, list[str]] = data.get("formats", {})
        self.cards = [Card(c) for c in data["cards"]]
        self._by_number = {number_key(c.number): c for c in self.cards}
        self._by_name: dict[str, list[Card]] = {}
        for c in self.cards:
            self._by_name.setdefault(c.rule_name, []).append(c)

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, number: str) -> Card | None:
        return self._by_number.get(number_key(number))

    def __getitem__(self, number: str) -> Card:
        card = self.get(number)
        if card is None:
            raise KeyError(number)
        return card

    def by_name(self, name: str) -> list[Card]:
        """All printings whose rule name (DM-NAME-1) equals name's; those whose printed name is name's
        (the red frame marker "X-Antibody" included) first, so a .dek card without an id named
        "Magnamon X-Antibody" resolves to a printing of that name, not to a blue frame Magnamon."""
        cards = self._by_name.get(norm_name(name), [])
        key = printed_key(name)
        return sorted(cards, key=lambda c: printed_key(c.name) != key)

    def closest_numbers(self, number: str, n: int = 3) -> list[str]:
        return closest(number, [c.number for c in self.cards], n)

    def search(self, text: str) -> list[Card]:
        """Cards whose name, number, species type or field contains text (case-insensitive)."""
        t = text.lower().strip()
        tn = norm_name(text)
        out = []
        for c in self.cards:
            hay = " ".join(
                str(x) for x in (c.number, c.name, c.get("species") or "", " ".join(c.get("fields", [])),
                                 c.get("option_type") or "", c.get("group") or "") if x
            ).lower()
            if t in hay or (tn and tn in c.rule_name):
                out.append(c)
        return out


@lru_cache(maxsize=4)
def load_db(game: str = "dmcg", path: str | None = None) -> CardDB:
    """The shipped database of a game (or the one at path)."""
    p = Path(path) if path else DATA_DIR / f"{game}.json"
    raw = p.read_bytes()
    return CardDB(json.loads(raw.decode("utf-8")), p, hashlib.sha256(raw).hexdigest()[:12])


def db_revision(game: str = "dmcg") -> str:
    """The shipped database's revision: the first 12 hex digits of the SHA-256 of its file."""
    return load_db(game).revision
