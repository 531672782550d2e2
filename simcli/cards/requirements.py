"""Parse a Digimon's evolution requirements (DM-EVO-1..4) into alternatives.

The card data writes alternatives one after another, with or without "/" between them:
``Bakumon + XX Pico Devimon + X`` (from Bakumon with two cards, or Pico Devimon with one),
``Greymon + Winning Percentage: 60%!``, ``Armor Evolution Patamon + Digimental of Courage``,
``Jogress Evolution Devimon + Dark Lizamon Musyamon + Soulmon`` (two Jogress pairs).
Circles are written "O" (●) and crosses "X"; both count as one card from the Net Ocean.
A part after "(O)" is a rider (an extra restriction); appearance conditions ("When your
Digimon is …, make this card appear") are not evolution requirements and are not parsed.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from simcli.cards.names import norm_name


@dataclass(frozen=True)
class Requirement:
    """One alternative: evolve from ``from_name`` (normalised) by one of the four kinds."""

    from_name: str  # normalised (DM-NAME-1) name of the Digimon evolved from
    cards: int = 0  # ●/X count (DM-EVO-2)
    win_pct: int = 0  # "Winning Percentage: V%!" requirement V (DM-EVO-3); 0 = none
    option: str = ""  # another named option card (DM-EVO-3b), normalised
    jogress: str = ""  # Jogress partner (DM-EVO-4), normalised
    qualifier: str = ""  # the printed qualifier of the Digimon evolved from, e.g. "Virus", "Blue Frame"
    # the qualifier as a FILTER of the effect language ("attr=Virus", "frame=Blue"), which the card
    # evolved from must match (tables: R_QK / R_QV); "" = none or not expressible
    from_filter: str = ""

    def to_json(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v not in ("", 0) or k == "from_name"}

    @staticmethod
    def from_json(d: dict) -> "Requirement":
        return Requirement(**d)


@dataclass
class ParsedRequirements:
    alternatives: list[Requirement]
    rider: str  # "" or a label of OUR vocabulary for the "(O)…" rider
    modeled: bool  # False: the text could not be parsed (or is an appearance condition)
    extra_discard: int = 0  # rider "send one additional card from your hand" per evolution
    appearance: bool = False


_OX = re.compile(r"[OX●○×]+(?=\s|/|,|$)")
_WP = re.compile(r"Winning Percentage\s*:?\s*(\d+)\s*%\s*!?\s*\??", re.I)
_QUAL = re.compile(r"\s*\(([^()]*)\)")
_PREFIX = re.compile(r"^\s*(Jogress Evolution|Armor Evolution|Fusion Evolution|Fusion Requirements?)\s*:?\s*", re.I)
_APPEAR = re.compile(r"^(When|At the start|The moment|During|If|After|Only|This card)\b", re.I)
_SEP = re.compile(r"^[\s/,;]+")


def _rider_label(rider: str) -> tuple[str, int]:
    r = rider.lower()
    if "additional card" in r and "hand" in r:
        return "", 1
    if "dark tower" in r:  # immunity to one specific option: harmless for the engine
        return "", 0
    if "regain" in r:
        return "evolution-rider-regain", 0
    if "only evolve from" in r or "cannot evolve" in r:
        return "evolution-rider-restriction", 0
    if "dark area" in r and "end of the turn" in r:
        return "evolution-rider-lifespan", 0
    return "evolution-rider-other", 0


class RequirementParser:
    """Parses requirement texts given the names of all cards (to split run-on alternatives)."""

    def __init__(self, card_names: list[str]):
        # Longest names first so "Metal Greymon" wins over "Metal".
        self._names = sorted({n.strip() for n in card_names if n.strip()}, key=len, reverse=True)
        self._by_first: dict[str, list[str]] = {}
        for n in self._names:
            self._by_first.setdefault(n[:1].lower(), []).append(n)

    def _known_name_at(self, s: str) -> str | None:
        """The longest known card name that s starts with (case-insensitive, at a word end)."""
        for n in self._by_first.get(s[:1].lower(), ()):
            if s[: len(n)].lower() == n.lower() and (len(s) == len(n) or not s[len(n)].isalnum()):
                return s[: len(n)]
        return None

    def parse(self, text: str) -> ParsedRequirements:
        text = text.strip().replace("\u3000", " ")
        if not text:
            return ParsedRequirements([], "", False)
        if _APPEAR.match(text) or "appear" in text.lower().split("(o)")[0]:
            return ParsedRequirements([], "appearance-condition", False, appearance=True)
        body, rider = text, ""
        m = re.search(r"/?\s*\(?O\)", text)
        if m:
            body, rider = text[: m.start()], text[m.end():]
        rider_label, extra = _rider_label(rider) if rider.strip() else ("", 0)
        body = _PREFIX.sub("", body).strip().rstrip("/").strip()
        alts: list[Requirement] = []
        s = body
        while s:
            s = _PREFIX.sub("", _SEP.sub("", s))  # a prefix may open any alternative
            if not s:
                break
            plus = s.find(" +")
            if plus < 0:
                plus = s.find("+")
            if plus <= 0:
                return ParsedRequirements([], "requirement-unparsed", False)
            from_text = s[:plus].strip()
            qualifier = ""
            if qm := _QUAL.search(from_text):
                qualifier = qm.group(1).strip()
                from_text = (from_text[: qm.start()] + from_text[qm.end():]).strip()
            if not from_text or from_text.lower().startswith(("level ", "perfect digimon")):
                return ParsedRequirements([], "requirement-generic", False)
            s = s[s.index("+", plus) + 1 :].lstrip()
            req, s = self._parse_req(s)
            if req is None:
                return ParsedRequirements([], "requirement-unparsed", False)
            alts.append(Requirement(from_name=norm_name(from_text.lstrip("?")), qualifier=qualifier, **req))
        if not alts:
            return ParsedRequirements([], "requirement-unparsed", False)
        return ParsedRequirements(alts, rider_label, True, extra_discard=extra)

    def _parse_req(self, s: str) -> tuple[dict | None, str]:
        if m := _OX.match(s):
            return {"cards": len(m.group(0))}, s[m.end():]
        if m := _WP.match(s):
            return {"win_pct": int(m.group(1))}, s[m.end():]
        name = self._known_name_at(s)
        if name is None:
            return None, s
        rest = s[len(name):]
        if qm := re.match(r"\s*\(([^()]*)\)", rest):  # partner qualifier, e.g. "(Perfect)"
            rest = rest[qm.end():]
        if re.match(r"\s*\+\s*Perfect Digimon", rest):  # "X + Perfect Digimon" pairs
            rest = re.sub(r"^\s*\+\s*Perfect Digimon", "", rest)
        key = "option" if self._is_option(name) else "jogress"
        return {key: norm_name(name)}, rest

    def _is_option(self, name: str) -> bool:
        return name.lower() in self._option_names

    def set_option_names(self, names: list[str]) -> None:
        self._option_names = {n.strip().lower() for n in names}
