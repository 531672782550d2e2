"""Parse a Digimon's evolution requirements (DM-EVO-1..4) into alternatives.

The card data writes alternatives one after another, with or without "/" between them:
``Bakumon + XX Pico Devimon + X`` (from Bakumon with two cards, or Pico Devimon with one),
``Greymon + Winning Percentage: 60%!``, ``Armor Evolution Patamon + Digimental of Courage``,
``Jogress Evolution Devimon + Dark Lizamon Musyamon + Soulmon`` (two Jogress pairs).
Circles are written "O" (●) and crosses "X"; both count as one card from the Net Ocean.
A part after "(O)" is a rider (an extra restriction); appearance conditions ("When your
Digimon is …, make this card appear") are not evolution requirements: they are flagged
(``ParsedRequirements.appearance``) and translated by simcli.cards.appearance.

A printed qualifier of the Digimon evolved from ("Gomamon (Blue Frame) + OO", "Rapidmon Perfect +
…") is kept as printed (``qualifier``) and as a filter of the effect language (``from_filter``,
``qualifier_filter``); a Jogress partner's qualifier becomes ``partner_filter``.  A rider "(O)Can
only evolve from Virus attribute Digimon." that one filter expresses is written as ``from_filter``
on every alternative (and ``partner_filter`` on a Jogress) instead of a label.  Names are matched
with case, spaces and hyphens ignored ("X-Eraser" is the option "X Eraser", DM-NAME-1).
"(O)Cannot evolve from Virus attribute Digimon." is the negated filter ``attr!=Virus`` the same way,
and a qualifier "(Non-Virus)" is ``attr!=Virus``.  A name with the red frame marker ("Magnamon
X-Antibody", DM-NAME-1) is the name without it and the filter ``frame=Red`` ("Magnamon (Blue Frame)"
stays ``frame=Blue``).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace

from simcli.cards.names import ALIASES, frame_marker, norm_name


@dataclass(frozen=True)
class Requirement:
    """One alternative: evolve from ``from_name`` (normalised) by one of the four kinds."""

    from_name: str  # normalised (DM-NAME-1) name of the Digimon evolved from
    cards: int = 0  # ●/X count (DM-EVO-2)
    crosses: int = 0  # how many of them are crosses "X" (the rest circles "O"; round 8: Super Evolution Plug-In S tells them apart)
    win_pct: int = 0  # "Winning Percentage: V%!" requirement V (DM-EVO-3); 0 = none
    option: str = ""  # another named option card (DM-EVO-3b), normalised
    jogress: str = ""  # Jogress partner (DM-EVO-4), normalised
    qualifier: str = ""  # the printed qualifier of the Digimon evolved from, e.g. "Virus", "Blue Frame"
    # the qualifier as a FILTER of the effect language ("attr=Virus", "frame=Blue"), which the card
    # evolved from must match (tables: R_QK / R_QV); "" = none or not expressible (qualifier_filter).
    # A rider "(O)Can only evolve from Virus attribute Digimon." sets it on every alternative.
    from_filter: str = ""
    # the printed qualifier of the Jogress partner as a FILTER ("War Greymon (Blue Frame) + Metal
    # Garurumon (Blue Frame)": the partner must be a Blue Frame card too); "" = none
    partner_filter: str = ""

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
_ARMOR = re.compile(r"\s*armou?r evolution", re.I)  # "Armor EvolutionV-mon + …" (Bo-1116) too


def is_armor(text: str) -> bool:
    """Round 9b: the requirement column begins "Armor Evolution": a Digimon with 'Armor Evolution' in its fusion
    requirements (the Digimental forms: 99 Level IV and one Perfect in the data), parsed or not."""
    return bool(_ARMOR.match(text or ""))
_APPEAR = re.compile(r"^(When|At the start|The moment|During|If|After|Only|This card)\b", re.I)
_SEP = re.compile(r"^[\s/,;]+")


# ---- printed qualifiers → filters ------------------------------------------------------------------
# The Field column's codes (importer.FIELD_CODES) by the names the texts use.
_FIELDS = {
    "nature spirits": "NSp", "nsp": "NSp", "deep savers": "DS", "ds": "DS", "nightmare soldiers": "NSo",
    "nso": "NSo", "wind guardians": "WG", "wg": "WG", "virus busters": "VB", "vb": "VB", "metal empire": "ME",
    "me": "ME", "dark area": "DA", "da": "DA", "uk": "UK",
}
_ATTRS = {"vaccine": "Vaccine", "virus": "Virus", "data": "Data"}
_LEVELS = {"level iii": "III", "level iv": "IV", "perfect": "Perfect", "ultimate": "Ultimate"}


def qualifier_filter(qualifier: str) -> str:
    """A printed qualifier of a Digimon name ("Blue Frame", "Virus", "Virus attribute", "Virus
    Busters", "VB", "Level IV", "Perfect level", "Non-Virus" → ``attr!=Virus``) as one FILTER of the
    effect language, or "" when it is not one: "Armor Evolution" / "Armor" (no filter tells an
    Armor-evolved Digimon), two qualifiers at once ("blue frame Virus attribute").

    "(Unknown)" is the Unknown *field*: every Digimon the data qualifies so (Babamon, Metal
    Tyranomon, Sephirothmon) has printings of the Unknown field and none of the Unknown attribute
    (tests/test_requirements.py checks it); "Unknown attribute" is the attribute."""
    q = re.sub(r"\s+", " ", qualifier.strip().lower()).rstrip(".")
    q = re.sub(r"^(?:an? |the )", "", q)
    if m := re.fullmatch(r"non-?\s*(.+)", q):  # "Non-Virus": the negated filter
        pos = qualifier_filter(m.group(1))
        return pos.replace("=", "!=", 1) if pos else ""
    if q.endswith("s") and q[:-1] in ("perfect level", "ultimate level", "virus attribute", "vaccine attribute",
                                      "data attribute"):
        q = q[:-1]
    if q == "unknown attribute":
        return "attr=Unknown"
    if q == "unknown":
        return "field=UK"
    if (m := re.fullmatch(r"(vaccine|virus|data)(?: attribute)?", q)):
        return f"attr={_ATTRS[m.group(1)]}"
    if q in _FIELDS:
        return f"field={_FIELDS[q]}"
    if (m := re.fullmatch(r"(red|blue|gold) frame", q)):
        return f"frame={m.group(1).title()}"
    if (m := re.fullmatch(r"(level iii|level iv|perfect|ultimate)(?: level)?", q)):
        return f"level={_LEVELS[m.group(1)]}"
    return ""


# "(O)Can only evolve from Virus attribute Digimon." — the Digimon evolved from must match;
# "(O)Cannot evolve from Virus attribute(s| Digimon)." — it must not (a negated filter)
_ONLY_FROM = re.compile(r"(?P<neg>cannot|can only) evolve from (?:an? )?(?P<q>[\w ]+?)(?: digimon)?\.?", re.I)


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


def rider_filter(rider: str) -> str:
    """The filter of a rider that only restricts the Digimon evolved from ("Can only evolve from
    Perfect level Digimon." → "level=Perfect", "Cannot evolve from Virus attributes." →
    "attr!=Virus"), else ""."""
    m = _ONLY_FROM.fullmatch(rider.strip())
    if not m:
        return ""
    f = qualifier_filter(m.group("q"))
    if not f or m.group("neg").lower() == "can only":
        return f
    return f.replace("=", "!=", 1) if "!=" not in f else f.replace("!=", "=", 1)


def _marked_filter(name: str, filt: str) -> str | None:
    """The filter of a Digimon a requirement names: a name with the red frame marker ("Magnamon
    X-Antibody", DM-NAME-1) is that Digimon with a red frame, ``frame=Red``, and a printed qualifier's
    filter otherwise; None when both are given and differ (one filter per Digimon)."""
    if not frame_marker(name)[1]:
        return filt
    return "frame=Red" if filt in ("", "frame=Red") else None


def _prefix_len(s: str, name: str) -> int:
    """How many characters of s spell name (case, spaces and hyphens ignored), -1 if s does not
    start with it."""
    i = 0
    for ch in name.lower():
        if ch in " -":
            continue
        while 0 < i < len(s) and s[i] in " -":
            i += 1
        if i >= len(s) or s[i].lower() != ch:
            return -1
        i += 1
    return i


class RequirementParser:
    """Parses requirement texts given the names of all cards (to split run-on alternatives)."""

    def __init__(self, card_names: list[str]):
        # Longest names first so "Metal Greymon" wins over "Metal".  Round 9b: the other spellings of a card's name
        # (names.ALIASES) are names too, so "+ The Gospel of the Fallen Angel" is the card "Gospel of the Fallen Angel"
        known = {n.strip() for n in card_names if n.strip()}
        known |= {a for a, b in ALIASES if norm_name(b) in {norm_name(n) for n in known}}
        self._names = sorted(known, key=len, reverse=True)
        self._by_first: dict[str, list[str]] = {}
        for n in self._names:
            self._by_first.setdefault(n[:1].lower(), []).append(n)

    def _known_name_at(self, s: str) -> str | None:
        """The longest known card name that s starts with (case-insensitive, spaces and hyphens
        ignored as in DM-NAME-1: "X-Eraser" is the card "X Eraser"), ending at a word end; the
        text of s it covers."""
        for n in self._by_first.get(s[:1].lower(), ()):
            k = _prefix_len(s, n)
            if k > 0 and (k == len(s) or not s[k].isalnum()):
                return s[:k]
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
            from_text = from_text.strip("?").strip()  # "Agumon?": the source's uncertain reading
            if not from_text or from_text.lower().startswith(("level ", "perfect digimon")):
                return ParsedRequirements([], "requirement-generic", False)
            if not qualifier:  # "Rapidmon Perfect": a level written after the name, unbracketed
                lm = re.fullmatch(r"(.+?)\s+(Perfect|Ultimate|Level IV|Level III)", from_text, re.I)
                if lm and self._known_name_at(lm.group(1)) == lm.group(1) and self._known_name_at(from_text) != from_text:
                    from_text, qualifier = lm.group(1), lm.group(2)
            s = s[s.index("+", plus) + 1 :].lstrip()
            req, s = self._parse_req(s)
            if req is None:
                return ParsedRequirements([], "requirement-unparsed", False)
            from_filter = _marked_filter(from_text, qualifier_filter(qualifier) if qualifier else "")
            if from_filter is None:
                return ParsedRequirements([], "requirement-unparsed", False)
            alts.append(Requirement(from_name=norm_name(from_text), qualifier=qualifier,
                                    from_filter=from_filter, **req))
        if not alts:
            return ParsedRequirements([], "requirement-unparsed", False)
        if rider_label == "evolution-rider-restriction" and (rf := rider_filter(rider)):
            # the rider restricts the Digimon evolved from on every alternative, and a Jogress partner
            # too (decided here, by analogy with seed 003 §3.2.2.1 ex. 4: a fusion restriction holds for
            # every Digimon used); one filter per Digimon: an alternative that already has another one
            # keeps the label
            if all(a.from_filter in ("", rf) and (not a.jogress or a.partner_filter in ("", rf)) for a in alts):
                alts = [replace(a, from_filter=rf, partner_filter=rf if a.jogress else "") for a in alts]
                rider_label = ""
        return ParsedRequirements(alts, rider_label, True, extra_discard=extra)

    def _parse_req(self, s: str) -> tuple[dict | None, str]:
        if m := _OX.match(s):
            return {"cards": len(m.group(0)), "crosses": sum(ch in "X×" for ch in m.group(0))}, s[m.end():]
        if m := _WP.match(s):
            return {"win_pct": int(m.group(1))}, s[m.end():]
        name = self._known_name_at(s)
        if name is None:
            return None, s
        rest = s[len(name):]
        partner_q = ""
        if qm := re.match(r"\s*\(([^()]*)\)", rest):  # partner qualifier, e.g. "(Blue Frame)"
            partner_q = qm.group(1)
            rest = rest[qm.end():]
        if re.match(r"\s*\+\s*Perfect Digimon", rest):  # "X + Perfect Digimon" pairs
            rest = re.sub(r"^\s*\+\s*Perfect Digimon", "", rest)
        if self._is_option(name):
            return {"option": norm_name(name)}, rest
        req = {"jogress": norm_name(name)}
        pf = _marked_filter(name, qualifier_filter(partner_q) if partner_q else "")
        if pf is None:
            return None, s
        if pf:
            req["partner_filter"] = pf
        return req, rest

    def _is_option(self, name: str) -> bool:
        return norm_name(name) in self._option_names

    def set_option_names(self, names: list[str]) -> None:
        self._option_names = {norm_name(n) for n in names if n.strip()}
