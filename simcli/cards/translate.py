"""Translate printed card texts into the effect language (see ``simcli.cards.effects``), by pattern.

A card text is split into clauses (the ``(O)``/``(1)``/``(2)`` markers of the card data, then
sentences).  Every clause must be one of

* an **effect**: an action ("add 50 to your attack power") behind optional conditions ("when
  facing an opponent with the ability ...") → one effect head such as ``atk+50 if opp_keyword=sky``;
* a **card-wide modifier** that the effect language expresses as a suffix or condition of every
  effect of the card: its limit ("At the end of the turn during which this card was used, send it
  to the Dark Area" → ``limit: turn``), its cost ("Discard two cards from your hand" → ``cost:
  discard(2)``), a usage restriction ("This card cannot be used when your Digimon is Level III" →
  ``level!=III``), "only one of this card in your slots" (``face_up_limit``);
* **bookkeeping** the rules already imply (e.g. "send this card face-down to the Evolution
  Requirements box" of a requirement card, DM-EVO-3);
* or else it is labelled **unmodeled** with a short category label of our own vocabulary.  A card
  with any unmodeled clause is unmodeled as a whole.

The patterns are tables of ``(compiled regex, builder)`` rows, tried in order; the first row whose
regex matches the whole clause (``fullmatch``, case-insensitive) wins.  Being conservative is the
rule: a clause that no row recognises is unmodeled, and a builder that meets a part it cannot
express (a condition the language lacks, a Hybrid-only restriction …) returns an unmodeled label
rather than a partial translation.

No card text is stored here: the patterns are generic English phrase shapes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from simcli.cards.effects import format_effect, parse_effect
from simcli.engine import enums as E

__all__ = [
    "Translation",
    "translate_option",
    "translate_ability",
    "unmodeled_pattern_counts",
    "iter_card_rows",
    "clause_skeleton",
]


@dataclass
class Translation:
    effects: list[str] = field(default_factory=list)  # effect-language strings (round-trip exact)
    keywords: list[str] = field(default_factory=list)  # ability keywords granted / held, lowercase
    unmodeled: list[str] = field(default_factory=list)  # labels of clauses not translated
    face_up_limit: int = 0  # 1: only one of this card may be face-up / in slots / per Digimon
    timing: str | None = None  # options: "prep", "evolution", "battle", "point"; None: Digimon
    # a requirement option (Winning Percentage / named, DM-EVO-3/3b): hand cards discarded after the
    # evolution step it serves (the printed cost); None: not a requirement option / not stated
    requirement_cost: int | None = None

    @property
    def modeled(self) -> bool:
        return not self.unmodeled


# =================================================================================================
# Pieces: what one clause contributes to a card
# =================================================================================================


@dataclass(frozen=True)
class _Eff:
    """One effect head: op, its own conditions, optional explicit timing."""

    op: str
    conds: tuple[str, ...] = ()
    when: str = ""
    further: bool = False  # "further add …": also under the previous effect's conditions
    costs: tuple[str, ...] = ()  # costs of this effect alone (e.g. a Digimon's "discard one … and double")


@dataclass(frozen=True)
class _Cond:  # card-wide condition (a usage restriction): added to every effect of the card
    cond: str


@dataclass(frozen=True)
class _Cost:  # card-wide cost
    cost: str


@dataclass(frozen=True)
class _Limit:  # card-wide limit
    limit: str


@dataclass(frozen=True)
class _Kw:  # ability keyword the card has / grants
    word: str


@dataclass(frozen=True)
class _Once:  # only one of this card may be face-up / in the slots / per Digimon
    pass


@dataclass(frozen=True)
class _Ok:  # bookkeeping clause the rules already imply
    pass


@dataclass(frozen=True)
class _Req:
    """The card is an evolution requirement card (DM-EVO-3 / 3b): the evolution rules use it by
    name.  ``discard``: cards its text discards after the evolution step."""

    discard: int = 0


@dataclass(frozen=True)
class _Instead:
    """"If X, instead of N, add M to your attack power": atk+(M-N) on top of an atk+N of the card."""

    old: int
    new: int
    conds: tuple[str, ...] = ()


@dataclass(frozen=True)
class _U:  # unmodeled, with a category label
    label: str


_Piece = _Eff | _Cond | _Cost | _Limit | _Kw | _Once | _Ok | _U
_Builder = Callable[[re.Match, "_Ctx"], list]


@dataclass
class _Ctx:
    timing: str | None  # the option's own timing; None for a Digimon ability
    digimon: bool
    name: str = ""  # the card's own name (named requirement cards, DM-EVO-3b)
    activation: bool = False  # translating the activation column (costs and restrictions)


# =================================================================================================
# Words
# =================================================================================================

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}
_N = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"


def _num(s: str) -> int:
    s = s.strip().lower()
    return int(s) if s.isdigit() else _NUMBER_WORDS[s]


# field names → the abbreviations of the card data's Field column
_FIELDS = {
    "nature spirits": "NSp", "deep savers": "DS", "nightmare soldiers": "NSo",
    "wind guardians": "WG", "virus busters": "VB", "metal empire": "ME",
    "dark area": "DA", "unknown": "UK",
}
_FIELD_RE = "(" + "|".join(_FIELDS) + ")"
_ATTRS = {"vaccine": "Vaccine", "virus": "Virus", "data": "Data"}
_ATTR_RE = r"(vaccine|virus|data)"
_LEVEL_WORDS = {"iii": "III", "iv": "IV", "perfect": "Perfect", "ultimate": "Ultimate", "hybrid": "Hybrid"}
_LV = r"(?:level (?:iii|iv)|(?:perfect|ultimate|hybrid)(?: level)?|level-(?:iii|iv)|iii|iv)"
_LVLIST = rf"({_LV}(?:(?:,? or |, |,? and | and/or ){_LV})*)(?: level)?"
_BT = r"([abc])"
_KW = r"[\"“']([^\"”']+)[\"”']"  # a quoted ability keyword
_ORDER = ("III", "IV", "Perfect", "Ultimate")


def _levels(text: str) -> set[str]:
    """The set of levels a phrase like "Level III or Level IV" / "Perfect or Ultimate level" names."""
    out = set()
    for w in re.findall(r"iii|iv|perfect|ultimate|hybrid", text.lower()):
        out.add(_LEVEL_WORDS[w])
    return out


def _level_conds(kind: str, levels: set[str]) -> list[str] | None:
    """Conditions that hold exactly for ``levels`` (Hybrid dropped: never in a simulated deck).

    None when no simulated level is in the set (e.g. "only when your Digimon is Hybrid level")."""
    ls = [lv for lv in _ORDER if lv in levels]
    if not ls:
        return None
    if len(ls) == 4:
        return []
    idx = [_ORDER.index(lv) for lv in ls]
    if idx == list(range(idx[0], idx[-1] + 1)):  # contiguous range
        if len(ls) == 1:
            return [f"{kind}={ls[0]}"]
        if idx[0] == 0:
            return [f"{kind}<={ls[-1]}"]
        if idx[-1] == 3:
            return [f"{kind}>={ls[0]}"]
        return [f"{kind}>={ls[0]}", f"{kind}<={ls[-1]}"]
    return [f"{kind}!={lv}" for lv in _ORDER if lv not in ls]


def _not_levels(kind: str, levels: set[str]) -> list[str] | None:
    excluded = [lv for lv in _ORDER if lv in levels]
    if len(excluded) == 1:  # "cannot be used when your Digimon is Level III" → level!=III
        return [f"{kind}!={excluded[0]}"]
    return _level_conds(kind, set(_ORDER) - levels)


def _bt_conds(kind: str, text: str) -> list[str]:
    """"A" → [kind=A]; "B or C" → [kind!=A]; "A, B or C" → []."""
    bts = sorted(set(re.findall(r"\b([ABC])\b", text.upper())))
    if len(bts) == 1:
        return [f"{kind}={bts[0]}"]
    if len(bts) == 2:
        (missing,) = set("ABC") - set(bts)
        return [f"{kind}!={missing}"]
    return []


def _kw(word: str) -> str:
    return word.strip().lower()


class _Fail(Exception):
    """A builder met a part it cannot express: the clause becomes unmodeled with this label."""

    def __init__(self, label: str):
        super().__init__(label)
        self.label = label


# =================================================================================================
# Conditions: a condition phrase (after "when"/"if", or the "facing …" of "when facing …")
# =================================================================================================


def _cond_rules() -> list[tuple[re.Pattern, Callable[[re.Match], list[str] | None]]]:
    R: list[tuple[str, Callable[[re.Match], list[str] | None]]] = [
        # -- the opponent ------------------------------------------------------------------
        # "the opponent's battle type is B or C"
        (rf"(?:the |your )?opponent(?:'s)? battle type is {_BT}(?:(?:,| or) {_BT})*(?:,? or {_BT})?",
         lambda m: _bt_conds("opp_bt", m.group(0).split(" is ", 1)[1])),
        # "the opponent's attack is A" / "the opponent attacks with A"
        (rf"(?:the |your )?opponent(?:'s attack is| attacks with) (?:attack )?{_BT}(?:,? or {_BT})?",
         lambda m: _bt_conds("opp_attack", re.sub(r"(?i).*?(?:attack is|attacks with)", "", m.group(0)))),
        # "facing an opponent with the ability "sky"" / "the opponent has the ability "sky""
        (rf"(?:facing |battling )?(?:an |the |your )?opponent(?:'s digimon)? (?:with|has|that has) the ability {_KW}",
         lambda m: [f"opp_keyword={_kw(m.group(1))}"]),
        (rf"facing (?:an |the )?opponent(?: digimon)? (?:without|that does not have|who does not have) the ability {_KW}",
         lambda m: [f"opp_keyword!={_kw(m.group(1))}"]),
        (rf"(?:the |your )?opponent(?:'s digimon| digimon)? (?:does not have|doesn't have|lacks) the ability {_KW}",
         lambda m: [f"opp_keyword!={_kw(m.group(1))}"]),
        (rf"facing (?:a |an )?digimon with the ability {_KW}", lambda m: [f"opp_keyword={_kw(m.group(1))}"]),
        (rf"facing (?:a |an )?digimon without the ability {_KW}", lambda m: [f"opp_keyword!={_kw(m.group(1))}"]),
        # "facing a Virus attribute Digimon" / "the opponent is Virus attribute"
        (rf"facing (?:a |an )?(?:opponent(?:'s)? )?{_ATTR_RE} attribute(?: digimon| opponent)?",
         lambda m: [f"opp_attr={_ATTRS[m.group(1).lower()]}"]),
        (rf"facing (?:a |an )?non-{_ATTR_RE} attribute(?: digimon| opponent)?",
         lambda m: [f"opp_attr!={_ATTRS[m.group(1).lower()]}"]),
        (rf"(?:the |your )?opponent(?:'s digimon)? is (?:a |an )?{_ATTR_RE} attribute(?: digimon)?",
         lambda m: [f"opp_attr={_ATTRS[m.group(1).lower()]}"]),
        # "facing a Digimon belonging to Nature Spirits"
        (rf"facing (?:a |an )?(?:opponent(?:'s)? )?(?:digimon|opponent) (?:belonging|that belongs) to {_FIELD_RE}",
         lambda m: [f"opp_field={_FIELDS[m.group(1).lower()]}"]),
        (rf"facing (?:a |an )?{_FIELD_RE} digimon", lambda m: [f"opp_field={_FIELDS[m.group(1).lower()]}"]),
        (rf"facing (?:a |an )?(?:digimon|opponent) (?:that does not|which does not|not) belong(?:ing)? to {_FIELD_RE}",
         lambda m: [f"opp_field!={_FIELDS[m.group(1).lower()]}"]),
        (rf"(?:the |your )?opponent(?:'s digimon)? belongs to {_FIELD_RE}",
         lambda m: [f"opp_field={_FIELDS[m.group(1).lower()]}"]),
        # "facing a Digimon with 'Dragon' in its type"
        (r"facing (?:a |an )?(?:opponent|digimon) with (?:the word )?'([A-Za-z ]+)' in its type",
         lambda m: [f"opp_type~{m.group(1).strip()}"]),
        # "facing a Perfect level Digimon" / "facing a Level IV or Perfect level Digimon"
        # "facing a red frame (Level IV) Digimon" / "your Digimon is a blue frame Ultimate level"
        (rf"(?:facing|battling) (?:a |an |the )?(?:opponent(?:'s)? )?(red|blue|gold) frame(?: {_LVLIST})?(?: digimon| opponent)?",
         lambda m: _frame_conds("opp_", m.group(1), m.group(2))),
        (rf"(?:the |your )?opponent(?:'s digimon)? is (?:a |an )?(red|blue|gold) frame(?: {_LVLIST})?(?: digimon)?",
         lambda m: _frame_conds("opp_", m.group(1), m.group(2))),
        (rf"(?:your digimon is|you are) (?:a |an )?(red|blue|gold) frame(?: {_LVLIST})?(?: digimon)?",
         lambda m: _frame_conds("", m.group(1), m.group(2))),
        (rf"facing (?:a |an |the )?(?:opponent(?:'s)? )?{_LVLIST}(?: digimon| opponent)?",
         lambda m: _level_conds("opp_level", _levels(m.group(1)))),
        (rf"(?:the |your )?opponent(?:'s digimon)? is (?:a |an )?{_LVLIST}(?: digimon)?",
         lambda m: _level_conds("opp_level", _levels(m.group(1)))),
        # "you are in a battle with a Digimon of a higher level than yours"
        (r"(?:you are in a battle with|(?:you are )?facing|battling) (?:a |an |the )?(?:digimon|opponent)"
         r"(?: whose level is| of| with| that is)? (?:a )?higher(?: level)? than (?:yours|your digimon|your own)",
         lambda m: ["opp_higher"]),
        (r"(?:the |your )?opponent(?:'s digimon)?(?:'s level)? is (?:of )?(?:a )?higher(?: level)? than (?:yours|your digimon)",
         lambda m: ["opp_higher"]),
        (r"(?:you are in a battle with|(?:you are )?facing|battling) (?:a |an |the )?(?:digimon|opponent)"
         r"(?: whose level is| of| with| that is)? (?:a )?lower(?: level)? than (?:yours|your digimon|your own)",
         lambda m: ["opp_lower"]),
        # "the opponent's points are 30 or less"
        (r"(?:the |your )?opponent(?:'s)? points are (\d+)(?: points)? (?:or less|and below|or below|or fewer)",
         lambda m: [f"opp_points<={m.group(1)}"]),
        # -- own side --------------------------------------------------------------------------
        (r"your points are (\d+)(?: points)? (?:or less|and below|or below|or fewer)",
         lambda m: [f"points<={m.group(1)}"]),
        (r"your points are (\d+)(?: points)? (?:or more|and above|or above)", lambda m: [f"points>={m.group(1)}"]),
        (rf"(?:your attack is|you attack with|you are attacking with) (?:attack )?{_BT}(?:,? or {_BT})?",
         lambda m: _bt_conds("attack", re.sub(r"(?i).*?(?:attack is|attack with|attacking with)", "", m.group(0)))),
        (rf"your battle type is {_BT}(?:,? or {_BT})?",
         lambda m: _bt_conds("attack", m.group(0).split(" is ", 1)[1])),  # own type = own attack (C-TYPE-1)
        (rf"(?:you have|your digimon has|your digimon with|you are a digimon with) the ability {_KW}",
         lambda m: [f"keyword={_kw(m.group(1))}"]),
        (rf"your digimon is {_ATTR_RE} attribute", lambda m: [f"attr={_ATTRS[m.group(1).lower()]}"]),
        (rf"your digimon (?:belongs|is belonging) to {_FIELD_RE}", lambda m: [f"field={_FIELDS[m.group(1).lower()]}"]),
        (rf"your digimon is (?:a |an )?{_LVLIST}(?: digimon)?", lambda m: _level_conds("level", _levels(m.group(1)))),
        (rf"your digimon is (?:not|non-)(?: a| an)? ?{_LVLIST}(?: digimon)?",
         lambda m: _not_levels("level", _levels(m.group(1)))),
        (r"your digimon has (?:the word )?'([A-Za-z ]+)' in its type", lambda m: [f"type~{m.group(1).strip()}"]),
        (rf"(?:your digimon is|you are) (?:a |an )?non-{_LVLIST}(?: digimon)?|(?:your digimon is|you are) not (?:a |an )?{_LVLIST}(?: digimon)?",
         lambda m: _not_levels("level", _levels(m.group(0)))),
        (rf"(?:the |your )?opponent(?:'s digimon)? is (?:not|non-)(?: a| an)? ?{_LVLIST}(?: digimon)?",
         lambda m: _not_levels("opp_level", _levels(m.group(0)))),
        (rf"you (?:possess|have) the ability {_KW}", lambda m: [f"keyword={_kw(m.group(1))}"]),
        # "your Digimon is Insect type" / "has 'Dragon' in its type" (type~: the type contains the word)
        (r"your digimon is (?:a |an )?((?-i:[A-Z])[A-Za-z]*(?: (?-i:[A-Z])[A-Za-z]*)?) type(?: digimon)?",
         lambda m: [f"type~{m.group(1)}"]),
        # ("facing a Beast type Digimon" is NOT translated: opp_type~Beast tests one word of the
        # species, which also holds for "Beast Man", "Holy Beast" …; and a two-word type never matches)
        # "your Digimon is Perfect or Ultimate level, and belongs to Virus Busters"
        (rf"your digimon is (?:a |an )?{_LVLIST}(?: digimon)?,? and (?:also )?belongs to {_FIELD_RE}",
         lambda m: (lambda lv: None if lv is None else lv + [f"field={_FIELDS[m.group(2).lower()]}"])(
             _level_conds("level", _levels(m.group(1))))),
        # "your Digimon is a Virus attribute Level III or Level IV"
        (rf"your digimon is (?:a |an )?{_ATTR_RE} attribute,? (?:and )?(?:is )?(?:also )?(?:a |an )?{_LVLIST}(?: digimon)?",
         lambda m: _attr_level("", m.group(1), m.group(2))),
        # "'X' in its name": the engines match names exactly, so "contains X" is not expressible
        (r"your digimon has (?:the word )?'([A-Za-z ]+)' in its name", lambda m: None),
        (r"(?:the |your )?opponent(?:'s digimon)? has (?:the word )?'([A-Za-z ]+)' in its name", lambda m: None),
        # "your Digimon is Wolfmon": a Digimon name (one or two capitalised words ending in "mon")
        (r"your digimon is (?:a |an )?((?-i:[A-Z])[A-Za-z]*mon(?: (?-i:[A-Z])[A-Za-z]*)?)", lambda m: [f"name={m.group(1)}"]),
        (r"(?:facing |the opponent is )(?:a |an )?((?-i:[A-Z])[A-Za-z]*mon)", lambda m: [f"opp_name={m.group(1)}"]),
        # "After that, if you still have points left": vacuous (a player at 0 has lost, C-PTS-2)
        (r"you still have points left", lambda m: []),
        (r"you are (?:the )?first to attack|you are the first attacker", lambda m: ["first"]),
        (r"you are (?:the )?second to attack|you are the second attacker", lambda m: ["second"]),
    ]
    return [(re.compile(p, re.I), b) for p, b in R]


def _attr_level(side: str, attr: str, levels: str) -> list[str] | None:
    lv = _level_conds(f"{side}level", _levels(levels))
    return None if lv is None else [f"{side}attr={_ATTRS[attr.lower()]}"] + lv


def _frame_conds(side: str, colour: str, levels: str | None) -> list[str] | None:
    out = [f"{side}frame={colour.capitalize()}"]
    if levels:
        lv = _level_conds(f"{side}level", _levels(levels))
        if lv is None:
            return None
        out += lv
    return out


_COND_RULES = _cond_rules()
# conjunctions that join two condition phrases about the same side
_AND_SPLIT = re.compile(r",? and (?:when |if |is )?|, ", re.I)


def _parse_cond(text: str) -> list[str]:
    """Conditions for a condition phrase; raise _Fail when not expressible."""
    text = text.strip().rstrip(",")
    for rx, build in _COND_RULES:
        if m := rx.fullmatch(text):
            out = build(m)
            if out is None:
                raise _Fail("hybrid-only")
            return out
    # "your Digimon is Vaccine attribute and Ultimate level": split and retry on the pieces
    subj = re.match(r"(your digimon is |the opponent(?:'s digimon)? is |facing (?:a |an )?)", text, re.I)
    parts = _AND_SPLIT.split(text)
    if subj and len(parts) > 1:
        out = []
        for i, p in enumerate(parts):
            p = p.strip()
            if i and not re.match(subj.group(1), p, re.I):
                p = subj.group(1) + p
            out += _parse_cond(p)
        return out
    raise _Fail("condition")


# =================================================================================================
# Actions: the verb part of an effect sentence → effect heads
# =================================================================================================

_YOUR_ATK = r"(?:your(?: digimon's)?|its|the) attack power"
_OPP_ATK = (r"(?:(?:the |your )?opponent(?:'s| digimon's|'s digimon's) attack power"
            r"|the attack power of (?:the |your )?opponent(?:'s)?(?: digimon)?)")
_MULT = {"double": 2, "triple": 3, "quadruple": 4, "quintuple": 5}


def _act_rules() -> list[tuple[re.Pattern, Callable[[re.Match], list[_Eff]]]]:
    R: list[tuple[str, Callable[[re.Match], list]]] = [
        # -- own attack --------------------------------------------------------------------
        # "add 50 to your attack power"
        (rf"(?:further |you can |you may )?add (\d+) to {_YOUR_ATK}", lambda m: [_Eff(f"atk+{m.group(1)}")]),
        (rf"{_YOUR_ATK} (?:is increased|increases) by (\d+)", lambda m: [_Eff(f"atk+{m.group(1)}")]),
        # "add 50 to your A attack power": the printed A number (base), only when attacking with A
        (rf"(?:further )?add (\d+) to your {_BT} attack(?: power)?",
         lambda m: [_Eff(f"base+{m.group(1)}", (f"attack={m.group(2).upper()}",))]),
        # "add 50 to your A, B and C attack power": every printed attack
        (r"(?:further )?add (\d+) to (?:each of )?your a, b,? and c attack(?: powers?)?",
         lambda m: [_Eff(f"base+{m.group(1)}")]),
        # "add 50 to the attack power of your Digimon with the ability "sky""
        (rf"(?:further )?add (\d+) to the attack power of your digimon with the ability {_KW}",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"keyword={_kw(m.group(2))}",))]),
        (rf"(?:further )?add (\d+) to the attack power of your digimon belonging to {_FIELD_RE}",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"field={_FIELDS[m.group(2).lower()]}",))]),
        (rf"(?:further )?add (\d+) to the attack power of your {_ATTR_RE} attribute digimon",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"attr={_ATTRS[m.group(2).lower()]}",))]),
        (rf"(?:further )?add (\d+) to the attack power of your {_LVLIST} digimon",
         lambda m: [_Eff(f"atk+{m.group(1)}", tuple(_lv_or_fail("level", m.group(2))))]),
        (r"(?:further )?add (\d+) to the attack power of your digimon", lambda m: [_Eff(f"atk+{m.group(1)}")]),
        (rf"(?:reduce|decrease) {_YOUR_ATK} by (\d+)|subtract (\d+) from {_YOUR_ATK}",
         lambda m: [_Eff(f"atk-{m.group(1) or m.group(2)}")]),
        # "double / triple your attack power"
        (rf"(double|triple|quadruple|quintuple) {_YOUR_ATK}", lambda m: [_Eff(f"atk*{_MULT[m.group(1).lower()]}")]),
        (rf"{_YOUR_ATK} (?:is|becomes) (doubled|tripled)",
         lambda m: [_Eff(f"atk*{ {'doubled': 2, 'tripled': 3}[m.group(1).lower()] }")]),
        # "your attack becomes C" / "you can make your attack A regardless of the opponent's battle type"
        (rf"(?:you can |you may )?(?:make )?your attack (?:becomes |to be |be )?{_BT}(?: regardless of (?:the |your )?opponent's battle type)?",
         lambda m: [_Eff(f"attack={m.group(1).upper()}")]),
        # "you can make A your attack regardless of the opponent's battle type" (the same, other word order)
        (rf"(?:you can |you may )?make {_BT} your attack(?: regardless of (?:the |your )?opponent's battle type)?",
         lambda m: [_Eff(f"attack={m.group(1).upper()}")]),
        # "your A cannot go to zero (due to the effects of attack C)": immune to A->0 (C-TYPE-2)
        (r"(?:your |its )?(?:a|a and c|a, b,? and c)(?: attack)?(?: power)? (?:cannot|will not|can't|does not) (?:go|become) to (?:zero|0)"
         r"(?: (?:due to|by|as a result of) (?:the )?effects? of (?:(?:its |the opponent's )?attack c|\(a goes to 0\)))?",
         lambda m: [_Eff("no_zero")]),
        # -- the opponent's attack ---------------------------------------------------------
        (rf"(?:reduce|decrease) {_OPP_ATK} by (\d+)|subtract (\d+) from {_OPP_ATK}",
         lambda m: [_Eff(f"opp_atk-{m.group(1) or m.group(2)}")]),
        (rf"halve {_OPP_ATK}", lambda m: [_Eff("opp_atk/2")]),
        (rf"halve {_OPP_ATK},? after (?:taking into account|all) (?:the )?effects and (?:special )?abilities"
         rf"|halve the opponent's final attack power(?:,? after (?:taking into account |all )?(?:the )?effects and (?:special )?abilities)?",
         lambda m: [_Eff("halve_opp")]),
        (rf"(?:make {_OPP_ATK} (?:0|zero)|{_OPP_ATK} becomes (?:0|zero)|reduce {_OPP_ATK} to (?:0|zero))",
         lambda m: [_Eff("zero_opp")]),
        # -- points --------------------------------------------------------------------------
        (r"(?:immediately |further |directly )*(?:reduce (?:the |your )?opponent's points by (\d+)"
         r"|the opponent loses (?:an additional |a further )?(\d+) points)",
         lambda m: [_Eff(f"damage({m.group(1) or m.group(2)})")]),
        (r"(?:immediately |you )?(?:regain|recover|restore) (\d+)(?: of your)? points|regain (\d+) of your points",
         lambda m: [_Eff(f"heal({m.group(1) or m.group(2)})")]),
        (r"(?:immediately )?reduce your (?:own )?points by (\d+)", lambda m: [_Eff(f"self_damage({m.group(1)})")]),
        # -- battle result -----------------------------------------------------------------------
        (r"the battle (?:ends in|becomes|is) a draw|make the battle (?:end in )?a draw",
         lambda m: [_Eff("force_draw")]),
        (r"(?:you )?cannot receive (?:the )?effects that (?:cause|make) the battle (?:to )?(?:end in|become) a draw"
         r"|the battle cannot be made a draw", lambda m: [_Eff("no_force_draw")]),
        (r"double the opponent's lost points", lambda m: [_Eff("lost*2")]),
        (r"triple the opponent's lost points", lambda m: [_Eff("lost*3")]),
        # -- options and abilities -----------------------------------------------------------
        (r"invalidate (?:and send )?one of the opponent's program option cards(?: to the dark area)? before it takes effect"
         r"(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_program")]),
        (r"(?:you |your digimon )?(?:cannot|can't|becomes? unable to) receive the effects of the opponent's option cards",
         lambda m: [_Eff("immune_options")]),
        (r"the opponent(?:'s)?(?: digimon)? loses? (?:all of )?(?:its|their) special abilities",
         lambda m: [_Eff("void_abilities")]),
        (rf"the opponent's {_LVLIST} digimon loses? (?:all of )?(?:its|their) special abilities",
         lambda m: [_Eff("void_abilities", tuple(_lv_or_fail("opp_level", m.group(1))))]),
        # negating the opponent's options (before they take effect)
        (r"(?:invalidate|send) one of the opponent's program option cards(?:,? and send it)? to the dark area before it takes effect"
         r"|invalidate one of the opponent's program option cards,? and send it to the dark area before it takes effect"
         r"|send one of the program option cards used by the opponent to the dark area before it takes effect",
         lambda m: [_Eff("negate_program")]),
        (r"invalidate one of the opponent's item option cards(?:,? and send it to the dark area)?(?: before it takes effect)?"
         r"(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_item")]),
        (r"invalidate one of the opponent's (?:item, program,? or field|program, item,? or field|option) (?:option )?cards"
         r" before it takes effect(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_option")]),
        (r"send all (?:of )?the (?:cards|option cards) in (?:your |the )?opponent's (?:option )?slots to the dark area",
         lambda m: [_Eff("opp_slots_clear")]),
        # discarding from one's own hand as an effect ("After that, choose one card … and send it …")
        (rf"(?:choose|select) {_N} cards? from your hand,? and send (?:it|them) to the dark area"
         rf"|send {_N} cards? from your hand to the dark area", lambda m: [_Eff(f"discard({_num(m.group(1) or m.group(2))})")]),
        # per-count effects ("for every card you discard …, add N to your attack power (M cards max)")
        (rf"for (?:every|each) (?P<w>digimon card|card) you discard from your (?P<src>hand|net ocean),? add (?P<n>\d+) to your attack power"
         r"(?: \((?P<mx>\d+) cards? max\))?", _per_count),
        (rf"add (?P<n>\d+) to your attack power for (?:every|each) (?P<w>digimon card|card) you discard from your (?P<src>hand|net ocean)"
         r"(?: \((?P<mx>\d+) cards? max\))?", _per_count),
        # "discard one Digimon card from your hand and double your attack power (1 card max)"
        (rf"discard (?P<k>{_N}) (?P<w>digimon card|card)s? from your hand,? and (?:(?P<mul>double|triple) your attack power"
         r"|add (?P<add>\d+) to your attack power) \((?P<mx>\d+) cards? max\)", _discard_and),
        # the same without "(N cards max)", for a multiplication only: doing it again changes nothing
        # (the last atk*K applies, C-CALC-1), so one paid use is exact; an addition could stack
        (rf"discard (?P<k>{_N}) (?P<w>digimon card|card)s? from your hand,? and (?P<mul>double|triple) your attack power",
         lambda m: [_Eff(f"atk*{_MULT[m.group('mul').lower()]}",
                         costs=(f"discard_digimon({_num(m.group('k'))})" if m.group("w").lower().startswith("digimon")
                                else f"discard({_num(m.group('k'))})",))]),
        # "Add 50 to the attack power of your Level III Digimon, and 100 to … your Level IV Digimon"
        (rf"add (\d+) to the attack power of your {_LVLIST} digimon,? and (\d+) to the attack power of your {_LVLIST} digimon",
         lambda m: [_Eff(f"atk+{m.group(1)}", tuple(_lv_or_fail("level", m.group(2)))),
                    _Eff(f"atk+{m.group(3)}", tuple(_lv_or_fail("level", m.group(4))))]),
        (r"(?:all of )?the (?:special )?abilities of the opponent(?:'s digimon)? (?:become|are) (?:invalidated|void)"
         r"|the opponent(?:'s digimon)? loses (?:all of )?its special abilities|invalidate the opponent's special abilities",
         lambda m: [_Eff("void_abilities")]),
        # -- cards -------------------------------------------------------------------------------
        (rf"draw {_N} cards?(?: from (?:the top of )?your net ocean)?(?: and add (?:it|them) to your hand)?",
         lambda m: [_Eff(f"draw({_num(m.group(1))})")]),
        (rf"send (?:the top )?{_N} cards? (?:from the top )?(?:from|of) the opponent's net ocean to the dark area",
         lambda m: [_Eff(f"opp_mill({_num(m.group(1))})")]),
        (rf"choose {_N} cards? (?:at random )?from the opponent's hand(?: without looking(?: at them)?)?"
         rf",? and send (?:it|them) to the dark area(?: without (?:looking at|checking) (?:it|them|its contents|their contents))?",
         lambda m: [_Eff(f"opp_discard({_num(m.group(1))})")]),
        # -- evolution -----------------------------------------------------------------------------
        # "… evolve your Level III Digimon into a Level IV Digimon": one level up from a given level
        (rf"ignore (?:the |your )?evolution requirements and evolve your (?P<a>{_LV}) digimon into (?:a |an )?(?P<b>{_LV}) digimon"
         r"(?: in your (?:hand|evolution box))?", _evolve_from_to),
        (rf"ignore (?:the |your )?evolution requirements and evolve your digimon into (?:a |an )?(?P<b>{_LV}) digimon"
         r"(?: in your (?:hand|evolution box))?", _evolve_from_to),
        (r"ignore (?:the |your )?evolution requirements and evolve (?:your digimon )?(?:in)?to (?:a digimon of )?the next level"
         r"(?: digimon)?", lambda m: [_Eff("evolve_ignore")]),
    ]
    return [(re.compile(p, re.I), b) for p, b in R]


def _per_count(m: re.Match) -> list[_Eff]:
    mx = m.group("mx")
    if m.group("src").lower() == "net ocean":
        if m.group("w").lower() != "card":
            raise _Fail("per-count")
        op = "per_mill"
    else:
        op = "per_discard_digimon" if m.group("w").lower().startswith("digimon") else "per_discard"
    return [_Eff(f"{op}({m.group('n')}{',' + mx if mx else ''})")]


def _discard_and(m: re.Match) -> list[_Eff]:
    """A discard paid for one effect: the "(N cards max)" must be the count paid (used once)."""
    k = _num(m.group("k"))
    if int(m.group("mx")) != k:
        raise _Fail("per-count")
    cost = f"discard_digimon({k})" if m.group("w").lower().startswith("digimon") else f"discard({k})"
    op = f"atk*{_MULT[m.group('mul').lower()]}" if m.group("mul") else f"atk+{m.group('add')}"
    return [_Eff(op, costs=(cost,))]


def _evolve_from_to(m: re.Match) -> list[_Eff]:
    """evolve_ignore goes one level up (DM-EVO-5): "from A into B" must be one step."""
    to = _levels(m.group("b"))
    frm = _levels(m.group("a")) if m.groupdict().get("a") else None
    if len(to) != 1 or "Hybrid" in to or to == {"III"}:
        raise _Fail("evolution")
    (b,) = to
    prev = _ORDER[_ORDER.index(b) - 1]
    if frm is not None and frm != {prev}:
        raise _Fail("evolution")
    return [_Eff("evolve_ignore", (f"level={prev}",))]


def _lv_or_fail(kind: str, text: str) -> list[str]:
    out = _level_conds(kind, _levels(text))
    if out is None:
        raise _Fail("hybrid-only")
    return out


_ACT_RULES = _act_rules()

# lead-ins that change nothing ("After that, add 50 …")
_LEAD_IN = re.compile(
    r"(?:after that|after evolution|after (?:this card|it) (?:is|has been) used|furthermore|in addition|then|also|and|only once during (?:the )?battle|just once|you may|you can),?\s+",
    re.I)
_BATTLE_LEAD = re.compile(r"(?:during (?:the )?battle|in battle|during battles),?\s+", re.I)
_COND_LEAD = re.compile(r"(?:when|if|while|whenever) ([^,]+?),\s+(.*)", re.I)
# trailing condition: "add 50 to your attack power when facing a Virus attribute Digimon"
_COND_TAIL = re.compile(r"(.*?),? (?:when|if|while) ((?:facing|battling|the opponent|your|you).*)", re.I)
_WIN_LOSE = re.compile(r"(?:when|if) you (win|lose) (?:the|a|this) battle", re.I)


def _effect_sentence(s: str, ctx: _Ctx) -> list | None:
    """An effect sentence → [_Eff …]; None when it is not an effect sentence we know."""
    s = s.strip().rstrip(".").strip()
    conds: list[str] = []
    alts: list[str] = []  # "when facing Xmon or Ymon": one row per name (names exclude each other)
    when = ""
    during_battle = False
    for _ in range(6):  # strip lead-ins and leading conditions
        if m := _LEAD_IN.match(s):
            s = s[m.end():]
        elif m := _BATTLE_LEAD.match(s):
            during_battle, s = True, s[m.end():]
        elif (m := _COND_LEAD.fullmatch(s)) and (wl := _WIN_LOSE.fullmatch(m.group(0).split(",")[0])):
            when, s = wl.group(1).lower(), m.group(2)
        elif (m := _COND_LEAD.fullmatch(s)) and not alts and (names := _facing_names(m.group(1))):
            alts, s = [f"opp_name={n}" for n in names], m.group(2)
        elif m := _COND_LEAD.fullmatch(s):
            conds += _parse_cond(m.group(1))
            s = m.group(2)
        else:
            break
    heads = _action(s)
    if heads is None and not when and (m := re.fullmatch(r"(.*?),? (?:when|if) you (win|lose) (?:the|a|this) battle", s, re.I)):
        heads = _action(m.group(1))  # "regain 20 of your points when you win the battle"
        if heads is not None:
            when = m.group(2).lower()
    if heads is None and (m := _COND_TAIL.fullmatch(s)):
        heads = _action(m.group(1))
        if heads is not None:
            conds += _parse_cond(m.group(2))
    if heads is None:
        return None
    if ctx.digimon and not when:
        # a Digimon's automatic ability: "During battle, when …, add 100" holds while it battles;
        # abilities phrased as a choice ("you may", "you can", "only once") are used in a window.
        when = "passive" if (during_battle or conds or alts or _is_static(heads)) else ""
    further = bool(re.search(r"\bfurther\b", s, re.I))
    if alts:
        if further:
            raise _Fail("condition")
        return [_Eff(h.op, tuple(dict.fromkeys(h.conds + tuple(conds) + (a,))), h.when or when, False, h.costs)
                for a in alts for h in heads]
    return [_Eff(h.op, tuple(dict.fromkeys(h.conds + tuple(conds))), h.when or when, further, h.costs) for h in heads]


_MON = r"((?-i:[A-Z])[A-Za-z]*mon)"


def _facing_names(text: str) -> list[str] | None:
    """"facing Xmon or Ymon" / "facing Xmon, Ymon or Zmon": the names, else None."""
    if m := re.fullmatch(rf"facing {_MON}((?:, {_MON})*),? or {_MON}", text.strip(), re.I):
        return re.findall(r"[A-Z][A-Za-z]*mon", text)
    return None


_STATIC_OPS = ("no_zero", "immune_options", "void_abilities", "no_force_draw", "halve_opp", "immune_mod")


def _is_static(heads: list[_Eff]) -> bool:
    return all(h.op in _STATIC_OPS for h in heads)


def _action(s: str) -> list[_Eff] | None:
    s = s.strip().rstrip(".").strip()
    for rx, build in _ACT_RULES:
        if m := rx.fullmatch(s):
            return build(m)
    # "X, and Y" / "X and Y": two actions in one sentence
    for m in re.finditer(r",? and (?:also )?|, ", s):
        left, right = s[: m.start()], s[m.end():]
        a = _action_single(left)
        b = _action(right) if a is not None else None
        if a is not None and b is not None:
            return a + b
    return None


def _action_single(s: str) -> list[_Eff] | None:
    for rx, build in _ACT_RULES:
        if m := rx.fullmatch(s.strip()):
            return build(m)
    return None


# =================================================================================================
# Clause rules: whole clauses (card-wide modifiers, bookkeeping, known unmodeled shapes)
# =================================================================================================

_THIS = r"(?:this card|it)"
_DA = r"(?:the dark area|the dak area)"


def _end_of(m: re.Match, ctx: _Ctx) -> list:
    """"At the end of the <phase> during which this card was used, send it to the Dark Area"."""
    what = (m.group("ph") or "").lower().strip()
    if what in ("turn", ""):
        return [_Limit("turn")]
    if what == "battle phase" or what == "battle":
        return [_Limit("battle")]
    if what == "phase":
        return [_Ok()]  # the default limit (C-OPT-2)
    own = {"evolution phase": "evolution", "preparation phase": "prep", "point calculation phase": "point"}
    if own.get(what) == ctx.timing:
        return [_Ok()]
    return [_U("limit")]


def _can_only(m: re.Match, ctx: _Ctx) -> list:
    return [_Cond(c) for c in _parse_cond(m.group("c"))]


def _cannot(m: re.Match, ctx: _Ctx) -> list:
    """"This card cannot be used when your Digimon is Level III (or …)": a level restriction."""
    text = m.group("c")
    if not re.fullmatch(rf"your digimon is (?:a |an )?{_LVLIST}(?: digimon)?", text, re.I):
        raise _Fail("usage-restriction")
    out = _not_levels("level", _levels(text))
    if out is None:
        raise _Fail("usage-restriction")
    return [_Cond(c) for c in out]


def _discard_cost(m: re.Match, ctx: _Ctx) -> list:
    return [_Cost(f"discard({_num(m.group('n'))})")]


def _mill_cost(m: re.Match, ctx: _Ctx) -> list:
    return [_Cost(f"mill({_num(m.group('n'))})")]


def _gains(m: re.Match, ctx: _Ctx) -> list:
    words = re.findall(_KW, m.group("k"))
    return [_Kw(_kw(w)) for w in words]


def _ok_protection(m: re.Match, ctx: _Ctx) -> list:
    return [_Ok()] if ctx.activation else None  # None: not this rule, try the next ones


def _excluding_field(m: re.Match, ctx: _Ctx) -> list | None:
    eff = _effect_sentence(m.group("s"), ctx)
    if not eff or not all(any(c.startswith("opp_") for c in e.conds) for e in eff):
        return None
    cond = f"opp_field!={_FIELDS[m.group(2).lower()]}" if m.group(2) else f"opp_keyword!={_kw(m.group(3))}"
    return [_Eff(e.op, e.conds + (cond,), e.when, e.further, e.costs) for e in eff]


def _semicolon(m: re.Match, ctx: _Ctx) -> list | None:
    out = _translate_clause(m.group("a"), ctx) + _translate_clause(m.group("b"), ctx)
    return None if any(isinstance(p, _U) for p in out) else out


def _hybrid_opponent(m: re.Match, ctx: _Ctx) -> list | None:
    if not ctx.digimon or _action(m.group("a")) is None:
        return None
    return [_Ok()]


def _named_req(m: re.Match, ctx: _Ctx) -> list:
    return [_Req()] if name_key(m.group("q")) == name_key(ctx.name) else [_U("named-requirement")]


def name_key(name: str) -> str:
    """A card name for matching (DM-NAME-1): no case, spaces, hyphens or "(N)" suffix."""
    name = re.sub(r"\s*\(\d+\)\s*$", "", name or "")
    return re.sub(r"[\s\-]", "", name).lower()


def _ok(m: re.Match, ctx: _Ctx) -> list:
    return [_Ok()]


def _u(label: str) -> _Builder:
    return lambda m, ctx: [_U(label)]


_UNTIL_DISCARDED = (
    rf"(?:while )?{_THIS} (?:remains|will remain|will stay|stays|continues|remains in (?:its|your) slot and continues)"
    r"(?: in (?:its|your) slot)?(?: and continues? its effects?)?(?: its effects?)? until .*"
)

def _digimon_only(*effs: _Eff) -> _Builder:
    """A printed property of a Digimon card (an option with this wording is left unmodeled)."""
    def build(m: re.Match, ctx: _Ctx) -> list:
        if not ctx.digimon:
            raise _Fail("abilities")
        return list(effs)
    return build


def _evolved_eff(ctx: _Ctx, op: str) -> list:
    if not ctx.digimon:
        raise _Fail("evolution")
    return [_Eff(op, when="evolved")]


def _evolved_heal(m: re.Match, ctx: _Ctx) -> list:
    if not ctx.digimon:
        raise _Fail("evolution")
    return [_Eff(f"heal({m.group(1)})", when="evolved")]


_CARD_NAME = re.compile(r"(?:[A-Z0-9][\w!.\-:%]*)(?: (?:[A-Z0-9][\w!.\-:%]*|of|the|to|a|in|on))*")


def _immune_named(m: re.Match, ctx: _Ctx) -> list:
    """A Digimon immune to option cards named in quotes; a quote that is not a card title
    (e.g. 'Items being invalidated', an effect description) is not modeled."""
    if not ctx.digimon:
        return None  # an option's protection: the activation-column rows below
    names = re.findall(r"[\"']([^\"']+)[\"']", m.group("q")) if m.group("q") else [m.group("u")]
    if not names or not all(_CARD_NAME.fullmatch(n.strip()) for n in names):
        raise _Fail("card-immunity")
    names = [n.strip().rstrip(".").strip() for n in names]
    return [_Eff("immune_options", (f"card={n}",), when="passive") for n in names]


def _gains_and_add(m: re.Match, ctx: _Ctx) -> list:
    """"Your Digimon gains the ability "X", and N is added to its attack power" (the addition is
    tied to the ability: when the ability is lost, so is the addition → ``if keyword=X``)."""
    k = _kw(re.findall(_KW, m.group("k"))[0])
    return [_Kw(k), _Eff(f"atk+{m.group('n')}", (f"keyword={k}",))]


# ---- support abilities ("(S)", DM-BAT-2) ----------------------------------------------------------
# "(S)[When your points are N and below,] [send this card from your hand to your support box and] add N
# to the attack power of [one of] your <target>" → ``atk+N if <target> | when: support`` rows.  The
# target may name alternatives ("X or Y or Z"); the language has only AND, so they become rows for X,
# (Y & !X), (Z & !X & !Y) — exact for an additive bonus — or simply X, Y, Z when the alternatives
# exclude each other (names, attributes, levels, frames).  Anything else keeps the label support-box.
_SUPPORT_NOTES = re.compile(r"\s*\((?:this is a support ability|this card can be specially placed in the support box"
                            r" of a hybrid level(?: digimon)?)\)\.?", re.I)
_SUPPORT_BODY = re.compile(
    r"(?:(?:when|if) (?P<c>[^,]+), )?"
    r"(?:(?:you may |you can )?(?:send|take) this card from your hand(?: to (?:your |the )?support box)?,? (?:and )?)?"
    r"add (?P<n>\d+) to the attack power of (?:one of )?(?:your )?(?P<t>.+?)\.?", re.I)
_EXCLUSIVE_KINDS = ("name", "attr", "level", "frame", "attack")  # one value per Digimon
_NEGATE = {"=": "!=", "~": "!=", "!=": "=", ">=": "<", "<=": ">", ">": "<=", "<": ">="}
_RE_COND_STR = re.compile(r"^([a-z_]+)(!=|>=|<=|=|>|<|~)(.+)$")
_MON_NAME = re.compile(r"(?-i:[A-Z])[\w'.:]*(?: (?:(?-i:[A-Z])[\w'.:]*|-[\w ]+-|of|the))*")


def _support_desc(part: str) -> list[str] | None:
    """Conditions for one alternative of a support target ("Vaccine attribute", "Nature Spirits",
    "red frame Perfect level", "Beast Dragon type", "non-Level III"); None: not expressible."""
    part = part.strip()
    low = part.lower()
    if low in _FIELDS:
        return [f"field={_FIELDS[low]}"]
    if m := re.fullmatch(rf"{_ATTR_RE}(?: attribute)?", part, re.I):
        return [f"attr={_ATTRS[m.group(1).lower()]}"]
    if m := re.fullmatch(rf"(red|blue|gold) frame(?: {_LVLIST})?", part, re.I):
        return _frame_conds("", m.group(1), m.group(2))
    if m := re.fullmatch(rf"non-{_LVLIST}", part, re.I):
        return _not_levels("level", _levels(m.group(1)))
    if re.fullmatch(rf"{_LVLIST}(?: level)?", part, re.I):
        return _level_conds("level", _levels(part))
    if m := re.fullmatch(r"((?-i:[A-Z])[a-z]+)(?: ((?-i:[A-Z])[a-z]+))? type", part):
        # every word of the type (the species words of the card data; "Holy Knight" → holy & knight)
        return [f"type~{w}" for w in m.groups() if w]
    return None


def _support_alternatives(t: str) -> list[list[str]] | None:
    """The alternatives of a support target, each a list of conditions (AND); None: not expressible."""
    t = t.strip().rstrip(".").strip()
    # a Hybrid level alternative never holds in a simulated deck (DM-DECK-3): dropped
    t = re.sub(r"^hybrid level digimon,? or ", "", t, flags=re.I)
    if m := re.fullmatch(rf"digimon with the ability ({_KW}(?:,? or {_KW})*)", t, re.I):
        return [[f"keyword={_kw(w)}"] for w in re.findall(_KW, m.group(1))]
    if m := re.fullmatch(rf"digimon belonging to (?:the )?(?P<f>{_FIELD_RE}(?:,? or {_FIELD_RE})*)"
                         rf"(?:,? or with the ability (?P<k>{_KW}))?", t, re.I):
        alts = [[f"field={_FIELDS[f.lower()]}"] for f in re.findall(_FIELD_RE, m.group("f"), re.I)]
        if m.group("k"):
            alts.append([f"keyword={_kw(re.findall(_KW, m.group('k'))[0])}"])
        return alts
    if m := re.fullmatch(rf"digimon whose attack is {_BT}(?:,? or {_BT})?", t, re.I):
        return [_bt_conds("attack", t.split(" is ", 1)[1])]
    if re.fullmatch(r"digimon", t, re.I):
        return [[]]
    if re.search(r"\bdigimon$", t, re.I):
        desc = t[: -len("digimon")].strip()
        whole = _support_desc(desc)
        if whole is not None:
            return [whole]
        alts = []
        parts = re.split(r",? or |, ", desc)
        for i, part in enumerate(parts):
            c = _support_desc(part)
            if c is None and i < len(parts) - 1:
                # "Data or Virus attribute": the last part's word ("attribute", "level") applies to all
                tail = re.search(r" (attribute|level|type)$", parts[-1], re.I)
                c = _support_desc(f"{part} {tail.group(1)}") if tail else None
            if c is None:
                return None
            alts.append(c)
        return alts
    # names: "Omegamon", "Agumon, Tailmon, Palmon, or Piyomon", "Blitzmon or Bolgmon"
    names = [n.strip() for n in re.split(r",? or |, ", t)]
    if all(_MON_NAME.fullmatch(n) for n in names):
        return [[f"name={n}"] for n in names]
    return None


def _exclusive(a: list[str], b: list[str]) -> bool:
    """Two alternatives that can never hold together (same one-valued property, different values)."""
    for x in a:
        mx = _RE_COND_STR.match(x)
        for y in b:
            my = _RE_COND_STR.match(y)
            if mx and my and mx.group(1) == my.group(1) and mx.group(1) in _EXCLUSIVE_KINDS \
                    and mx.group(2) == my.group(2) == "=" and mx.group(3) != my.group(3):
                return True
    return False


def _negate(cond: str) -> str | None:
    m = _RE_COND_STR.match(cond)
    if not m or m.group(2) not in _NEGATE:
        return None
    return f"{m.group(1)}{_NEGATE[m.group(2)]}{m.group(3)}"


def _or_rows(alts: list[list[str]]) -> list[list[str]] | None:
    """X or Y or Z → X, (Y & !X), (Z & !X & !Y); the negation is skipped where the two exclude each other."""
    alts = sorted(alts, key=len)  # one-condition alternatives first: only they need negating
    rows = []
    for i, a in enumerate(alts):
        conds = list(a)
        for b in alts[:i]:
            if _exclusive(a, b):
                continue
            if len(b) != 1:
                return None
            n = _negate(b[0])
            if n is None:
                return None
            conds.append(n)
        rows.append(list(dict.fromkeys(conds)))
    return rows


def _support(m: re.Match, ctx: _Ctx) -> list:
    """A "(S)" support ability of a Digimon card → ``atk+N if … | when: support`` rows."""
    if not ctx.digimon:
        return [_U("support-box")]
    body = _SUPPORT_NOTES.sub("", m.group("body")).strip()
    sm = _SUPPORT_BODY.fullmatch(body)
    if not sm or len(_sentences(body)) != 1 or re.search(r"support box of", body, re.I):
        return [_U("support-box")]
    try:
        lead = _parse_cond(sm.group("c")) if sm.group("c") else []
    except _Fail:
        return [_U("support-box")]
    alts = _support_alternatives(sm.group("t"))
    rows = _or_rows(alts) if alts else None
    if not rows:
        return [_U("support-box")]
    return [_Eff(f"atk+{sm.group('n')}", tuple(dict.fromkeys(lead + r)), when="support") for r in rows]


_CLAUSE_RULES_SRC: list[tuple[str, _Builder]] = [
    # ---- printed properties of Digimon ---------------------------------------------------------
    (r"(?:this digimon's |the |its )?(?:evolution|fusion) requirements(?: of this digimon)? cannot be ignored\.?",
     _digimon_only(_Eff("no_ignore", when="passive"))),
    (r"(?:this digimon )?cannot lose (?:its|their) (?:special )?abilities\.?", _digimon_only(_Eff("keep_abilities", when="passive"))),
    (r"regain (\d+) points when you evolve (?:in)?to this digimon\.?", _evolved_heal),
    # "when you evolve into this Digimon": ``when: evolved`` rows apply at the start of the battle of
    # the turn of the evolution (as heal above); an attack bonus "for the turn" of the evolution
    # therefore holds for exactly that turn's battle
    (r"when you evolve (?:in)?to this digimon, (?:immediately )?reduce the opponent's points by (\d+)\.?",
     lambda m, ctx: _evolved_eff(ctx, f"damage({m.group(1)})")),
    (r"when you evolve (?:in)?to this digimon, for the turn (?:during which|in which|of) (?:the )?evolution(?: took place)?,"
     r" add (\d+) to your attack power\.?", lambda m, ctx: _evolved_eff(ctx, f"atk+{m.group(1)}")),
    (r"add (\d+) to your attack power until the end of the turn during which you evolved (?:in)?to this digimon\.?",
     lambda m, ctx: _evolved_eff(ctx, f"atk+{m.group(1)}")),
    # "The opponent loses its special abilities, and their attack power is reduced by 100" (a Digimon):
    # the same rows as the two sentences would give (void passive, the reduction used in battle)
    (r"the opponent loses (?:all of )?its special abilities,? and (?:their|its) attack power is reduced by (\d+)\.?",
     lambda m, ctx: [_Eff("void_abilities", when="passive"), _Eff(f"opp_atk-{m.group(1)}")] if ctx.digimon else None),
    # "Cannot receive the effects of 'Dark Tower' (and 'Infinity Tower')": immune to named option cards
    (r"cannot receive the effects of (?:the cards? )?(?:(?P<q>[\"'][^\"']+[\"'](?:(?:,? and |,? or |, )[\"'][^\"']+[\"'])*)"
     r"|(?-i:(?P<u>[A-Z][\w!\-]*(?: [A-Z0-9][\w!.\-]*)+)))(?: \(this is not a special ability\))?\.?", _immune_named),
    # ---- gained abilities ----------------------------------------------------------------------
    (rf"your digimon gains the ability (?P<k>{_KW}),? and (?P<n>\d+) is added to its attack power\.?", _gains_and_add),
    (r"when your digimon loses its special abilities, it loses the attack power addition as well\.?", _ok),
    # ---- limits (how long the effects last, C-OPT-2) ------------------------------------------
    # "At the end of the turn during which this card was used, send it to the Dark Area."
    (rf"at the end of the (?P<ph>turn|battle phase|battle|phase|evolution phase|preparation phase|point calculation phase)"
     rf" (?:during|in) which {_THIS} was (?:used|activated),? send {_THIS} to {_DA}\.?(?: this card's name is identical to .*)?",
     _end_of),
    (rf"{_THIS} is sent to {_DA} at the end of the (?P<ph>turn|battle phase|phase|evolution phase|preparation phase)\.?",
     _end_of),
    (rf"(?:send {_THIS} to {_DA}|{_THIS} is sent to {_DA}) at (?:the )?end of (?:your |the )?(?P<ph>turn)\.?", _end_of),
    (rf"at the end of the (?P<ph>phase) (?:during|in) which {_THIS} was used,? (?:it is sent|send it) to {_DA}\.?", _end_of),
    # "Send this card to the Dark Area after 2 turns" / "After 2 turns, send this card to the Dark Area"
    (rf"(?:send {_THIS} to {_DA} after (?P<n>\d+) turns|after (?P<n2>\d+) turns,? send {_THIS} to {_DA})\.?",
     lambda m, ctx: [_Limit(f"turns({m.group('n') or m.group('n2')})")]),
    (rf"stack {_THIS} onto your point gauge at the end of the turn\.?", lambda m, ctx: [_Cost("gauge"), _Limit("turn")]),
    # "Send this card to the Dark Area when your Digimon is sent to the Dark Area (including when it
    # evolves or reaches the end of its lifespan)": until the own Digimon leaves its box
    (rf"send {_THIS} to {_DA} when (?:it is discarded by you,? or when )?your digimon (?:gets|is) sent to {_DA}"
     r" \(including when it evolves(?:,)? or (?:when it )?reaches the end of its lifespan\)\.?", lambda m, ctx: [_Limit("digimon")]),
    (rf"send {_THIS} to {_DA} at the end of the (?P<ph>turn|battle phase|phase|evolution phase|preparation phase)\.?",
     _end_of),
    # "… the turn after the turn during which this card was used …": two turns
    (rf"at the end of the turn after the turn (?:during|in) which {_THIS} was used,? send {_THIS} to {_DA}\.?",
     lambda m, ctx: [_Limit("turns(2)")]),
    # "Send this card to the Dark Area immediately after use."
    (rf"(?:send {_THIS} to {_DA} immediately after (?:use|it is used)|immediately after {_THIS} is used,? send it to {_DA}"
     rf"|{_THIS} is sent to {_DA} immediately after use)\.?", lambda m, ctx: [_Limit("now")]),
    # "Stack this card onto your point gauge immediately after use."
    (rf"stack {_THIS} onto your point gauge immediately after use\.?", lambda m, ctx: [_Cost("gauge"), _Limit("now")]),
    (rf"at the end of the turn(?: during which {_THIS} was used)?,? stack (?:it|this card) onto your point gauge\.?",
     lambda m, ctx: [_Cost("gauge"), _Limit("turn")]),
    # "This card remains in its slot and continues its effects until it is discarded …"
    # (the nuance "or when your Digimon loses / is sent to the Dark Area" is not kept: limit discarded)
    (rf"while {_THIS} remains in its slot .*, at the end of the turn after the turn (?:during|in) which {_THIS} was used,"
     rf" send {_THIS} to {_DA}\.?", lambda m, ctx: [_Limit("turns(2)")]),
    (_UNTIL_DISCARDED + r"(?:however, when another field option card turns face-up .*)?",
     lambda m, ctx: [_Limit("discarded")]),
    (rf"(?:{_THIS} (?:is removed from its slot|continues its effects) .*until the end of your digimon's lifespan\.?)",
     lambda m, ctx: [_Limit("discarded")]),
    # ---- usage restrictions → card-wide conditions --------------------------------------------
    (r"(?:this card )?(?:can only be used|can be used only|can only turn face-up|you can use this card|you can only use this card"
     r"|this card can only be activated|only usable) (?:when|if|while) (?P<c>[^;]+?)\.?", _can_only),
    (r"this card cannot be used (?:when|if|while) (?P<c>.+?)\.?", _cannot),
    # ---- costs -------------------------------------------------------------------------------
    (rf"(?:choose|select|discard) (?P<n>{_N[1:-1]}|\d+) cards? (?:from your hand )?(?:and send (?:it|them) to {_DA})?\.?"
     rf"|send (?P<n2>\d+) cards? from your hand to {_DA}\.?",
     lambda m, ctx: [_Cost(f"discard({_num(m.group('n') or m.group('n2'))})")]),
    (rf"(?:send|discard) (?P<n>{_N[1:-1]}) cards? from your hand(?: to {_DA})?\.?", _discard_cost),
    (rf"send the top (?:(?P<n>{_N[1:-1]}) cards?|card) (?:of|from) your net ocean to {_DA}\.?",
     lambda m, ctx: [_Cost(f"mill({_num(m.group('n') or '1')})")]),
    (rf"send (?P<n>{_N[1:-1]}) cards? from (?:the top of )?your net ocean to {_DA}\.?",
     lambda m, ctx: [_Cost(f"mill({_num(m.group('n'))})")]),
    (rf"send (?P<n>{_N[1:-1]}) digimon cards? from your hand to {_DA}\.?",
     lambda m, ctx: [_Cost(f"discard_digimon({_num(m.group('n'))})")]),
    # ---- "only one" ----------------------------------------------------------------------------
    (r"you (?:may|can) only (?:place|use|have|set) (?:only )?one of this card (?:in your slots|on each of your digimon"
     r"|face-up|per digimon|at a time)\.?/?", lambda m, ctx: [_Once()]),
    # ---- keywords ------------------------------------------------------------------------------
    (rf"(?:has|have) the abilit(?:y|ies) (?P<k>{_KW}(?:(?:,? and |, ){_KW})*)\.?", _gains),
    (rf"(?:you gain|your digimon gains|you obtain) the abilit(?:y|ies) (?P<k>{_KW}(?:(?:,? and |, ){_KW})*)\.?", _gains),
    # ---- protections of the card itself (activation column) -----------------------------------
    # "cannot receive the effects of '<a counter card>'", "cannot be invalidated": the card is
    # protected against some of the opponent's counter cards.  The effect language cannot say so;
    # these clauses are DROPPED (pessimistic for the card's owner: a counter may hit it anyway).
    # Only the activation column reaches these rows (see _PROTECTION_ONLY).
    (r"(?:this card )?(?:cannot|can't) (?:receive (?:the |any )?effects?|be) .*", _ok_protection),
    # ---- bookkeeping the rules imply ---------------------------------------------------------------
    # a requirement card goes to the Power Box (DM-EVO-3 / 3b)
    (r"send this card face[- ]down from your (?:hand|slot|hand or (?:option )?slot) to (?:the |your )?"
     r"(?:evolution requirements?|power) box\.?/?", _ok),
    # Winning Percentage cards: the evolution rules use them by name (DM-EVO-3); standard costs only
    (r"evolve your digimon into a digimon of the next level with (?P<w>(?:winning percentage: \d+%!(?:,? or |, )?)+)"
     r" in its evolution requirements(?: \(the digimon evolving with the use of this card cannot receive the effects of '[^']+'\))?"
     r"\.?(?: (?:after evolution|after that), choose (?P<n>one|two) cards? from your hand and send"
     r" (?:it|them) to the dark area\.?)?(?: send this card to the dark area at the end of the evolution phase\.?)?",
     lambda m, ctx: [_Req(_num(m.group("n") or "0") if m.group("n") else 0)]),
    (r"after evolution, (?:choose (?P<n>one|two) cards? from your hand and send (?:it|them)|send (?P<n2>one|two) cards? from your hand)"
     r" to the dark area\.?",
     lambda m, ctx: [_Req(_num(m.group("n") or m.group("n2")))]),
    # the evolving Digimon's protection against some counter card of the opponent: DROPPED, as in
    # the activation column (pessimistic for the card's owner)
    (r"the evolved digimon cannot receive the effects of the opponent's (?:blue|red) frame field cards for (?:this|the) turn\.?",
     _ok),
    # named requirement cards ("+ <this card>" in a Digimon's requirements): only when the quoted
    # name is this card's own name (DM-NAME-1)
    (r"(?:allows your digimon to fuse into a digimon that has|this card can be used to fuse together to form a digimon with"
     r"|evolve your digimon into a digimon(?: of the next level)? with) '(?P<q>[^']+)'(?: stated)? in its (?:fusion|evolution)"
     r" requirements\.?(?: \(after fusion, this card is sent to the dark area\)\.?)?", _named_req),
    (r"this card can be used even when the opponent has no cards in their hand\.?", _ok),
    (r"this card's name is identical to .*different effects\.?", _ok),
    # "When the opponent is Perfect level, add 100 … (excluding Digimon belonging to Unknown)": the
    # exclusion is about the opponent's Digimon named by the condition → opp_field!=<field>
    (rf"(?P<s>(?:when|if) (?:the opponent|facing|battling)[^()]+?) \(excluding (?:digimon|opponents?) (?:(?:belonging|that belong)"
     rf" to {_FIELD_RE}|with the ability {_KW})\)\.?", _excluding_field),
    # "When facing a Hybrid level Digimon, <effect>" on a Digimon card: Hybrid Digimon are never in
    # a simulated deck (enums.LV_OTHER, DM-DECK-3), so the opponent is never Hybrid and the clause
    # never changes a game: DROPPED when its effect part is a known action.  (Options are not
    # covered: a card whose only effect this is would become an empty card.)
    (r"(?:when|if) (?:facing|battling) (?:a |an )?(?:opponent(?:'s)? )?hybrid(?: level)?(?: digimon| opponent)?,? (?P<a>[^,]+?)\.?",
     _hybrid_opponent),
    # "(if you used this card on a Digimon with the ability "X", add M to its attack power instead)":
    # M instead of the card's one atk+N → atk+(M-N) if keyword=X on top (see _Instead)
    (rf"(?:if|when) you (?:used|use) this card on a digimon with the ability {_KW},? add (?P<n>\d+) to its attack power instead\.?",
     lambda m, ctx: [_Instead(0, int(m.group("n")), (f"keyword={_kw(m.group(1))}",))]),
    # "A cannot go to zero; add 50 … when facing …": two sentences joined by a semicolon, taken
    # only when both halves translate completely
    (r"(?P<a>[^;]+); (?P<b>[^;]+)", _semicolon),
    # ---- known shapes we do not model ----------------------------------------------------------
    (r"\(S\)\s*(?P<body>.+)", _support),
    (r"\(S\).*|.*\b(?:support box|support digimon|supporting)\b.*", _u("support-box")),
    (r".*\bappear(?:s|ed)?\b.*", _u("appear")),
    (r".*\bjogress\b.*", _u("jogress")),
    (r".*\b(?:fuse|fusion)\b.*", _u("fusion")),
    (r".*\b(?:red|blue|gold) frame\b.*", _u("frame")),
    (r".*\bspirit\b.*", _u("spirit")),
    (r".*another field option card turns face-up.*", _u("field-card")),
    (r".*cannot receive (?:the |any )?effects? (?:of|caused by|that) .*", _u("card-immunity")),
    (r".*cannot be discarded by you.*", _u("cannot-discard")),
    (r".*lifespan.*", _u("lifespan")),
]
_CLAUSE_RULES = [(re.compile(p, re.I), b) for p, b in _CLAUSE_RULES_SRC]


# classifier for sentences nothing recognised: a short label of our own, never card text
_LABELS: list[tuple[re.Pattern, str]] = [
    (re.compile(p, re.I), lab)
    for p, lab in [
        (r"winning percentage", "evo-requirement-cost"),
        (r"gains? the abilit|loses? the abilit|lose the abilit", "gain-ability"),
        (r"opponent's hand|their hand", "hand-disruption"),
        (r"support", "support-box"),
        (r"appear", "appear"),
        (r"fuse|fusion|jogress", "fusion"),
        (r"field option|field card", "field-card"),
        (r"invalidate.*item", "invalidate-item"),
        (r"invalidate|cannot be used|send .*opponent's slots?|opponent's option|option card", "option-interaction"),
        (r"opponent's digimon .*dark area|send the opponent's .*digimon|opponent's .* to the dark area", "send-digimon-to-dark-area"),
        (r"lost points", "lost-points"),
        (r"evolv|evolution", "evolution"),
        (r"net ocean", "deck-manipulation"),
        (r"for every|for each", "per-count"),
        (r"hand", "hand"),
        (r"\bslot", "slots"),
        (r"points", "points"),
        (r"attack", "attack"),
        (r"abilit", "abilities"),
    ]
]


def _label(text: str) -> str:
    for rx, lab in _LABELS:
        if rx.search(text):
            return lab
    return "other"


# =================================================================================================
# Splitting
# =================================================================================================

# "(S)" (a support ability) stays at the head of its clause: the clause rules label it
_MARK = re.compile(r"\(O\)|\(\d\)|◎|(?=\(S\))")
# a sentence ends at ". " before an upper-case letter or a quote (not inside "No. 2", "St-49")
_SENT = re.compile(r"(?<!No)(?<!St)(?<!Bo)\.\s+(?=[A-Z\"'(])")


def _clauses(text: str) -> list[str]:
    text = (text or "").replace("\u00a0", " ").replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
    text = re.sub(r'(?<=[a-z])"s\b', "'s", text)  # "opponent"s" typo
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\.(?=This card's name is identical)", ". ", text)
    out = []
    for part in _MARK.split(text):
        part = part.strip().strip("/").strip()
        if part:
            out.append(part)
    return out


_PAREN_COND = re.compile(r" \(((?:if|when) [^()]*)\)(?=\.|$)", re.I)


def _sentences(clause: str) -> list[str]:
    # "Add 100 … (if your Digimon belongs to …, further add 300 …)." → two sentences
    clause = _PAREN_COND.sub(lambda m: ". " + m.group(1)[0].upper() + m.group(1)[1:], clause)
    return [s.strip() for s in _SENT.split(clause) if s.strip()]


def _translate_clause(clause: str, ctx: _Ctx) -> list:
    """Pieces for one clause: whole-clause rules first, then sentence by sentence."""
    sents = _sentences(clause)
    try:
        # a catch-all label row must not swallow a clause of several sentences
        pieces = _try_rules(clause, ctx, catchall=len(sents) <= 1)
        if pieces is not None:
            return pieces
    except _Fail as f:
        if len(sents) <= 1:
            return [_U(f.label)]
        # a rule that took the whole clause of several sentences failed: go sentence by sentence
    out: list = []
    for s in sents:
        try:
            p = _try_rules(s, ctx) if len(sents) > 1 else None
            if p is None:
                p = _effect_sentence(s, ctx)
            if p is None:
                p = [_U(_label(s))]
        except _Fail as f:
            p = [_U(f.label)]
        out += p
    # "further add …" after an effect with conditions: it holds under those conditions too
    prev = None
    for i, p in enumerate(out):
        if isinstance(p, _Eff):
            if p.further and prev is not None:
                out[i] = _Eff(p.op, tuple(dict.fromkeys(prev.conds + p.conds)), p.when or prev.when, costs=p.costs)
            prev = out[i]
    return out


def _try_rules(text: str, ctx: _Ctx, catchall: bool = True) -> list | None:
    t = text.strip()
    for rx, build in _CLAUSE_RULES:
        if (m := rx.fullmatch(t)) and not _is_catchall(rx):
            out = build(m, ctx)
            if out is not None:
                return out
    eff = None
    try:
        eff = _effect_sentence(t, ctx) if len(_sentences(t)) == 1 else None
    except _Fail:
        eff = None
    if eff is not None:
        return eff
    if not catchall:
        return None
    for rx, build in _CLAUSE_RULES:
        if _is_catchall(rx) and (m := rx.fullmatch(t)):
            return build(m, ctx)
    return None


def _is_catchall(rx: re.Pattern) -> bool:
    return rx.pattern.startswith(".*")


# =================================================================================================
# Assembling a card
# =================================================================================================

_TIMINGS = [
    (re.compile(r"^\s*preparation(?: phase)?", re.I), "prep"),
    (re.compile(r"^\s*evolution(?: phase)?", re.I), "evolution"),
    (re.compile(r"^\s*battle(?: phase)?", re.I), "battle"),
    (re.compile(r"^\s*point calculation(?: phase)?", re.I), "point"),
]


def _assemble(pieces: list, ctx: _Ctx, tr: Translation) -> Translation:
    heads: list[_Eff] = []
    insteads: list[_Instead] = []
    reqs: list[_Req] = []
    card_conds: list[str] = []
    costs: list[str] = []
    limits: list[str] = []
    for p in pieces:
        if isinstance(p, _Eff):
            heads.append(p)
        elif isinstance(p, _Instead):
            insteads.append(p)
        elif isinstance(p, _Req):
            reqs.append(p)
        elif isinstance(p, _Cond):
            card_conds.append(p.cond)
        elif isinstance(p, _Cost):
            costs.append(p.cost)
        elif isinstance(p, _Limit):
            limits.append(p.limit)
        elif isinstance(p, _Kw):
            if p.word not in tr.keywords:
                tr.keywords.append(p.word)
        elif isinstance(p, _Once):
            tr.face_up_limit = 1
        elif isinstance(p, _U):
            tr.unmodeled.append(p.label)
    for ins in insteads:
        if ins.old == 0:  # "… instead" without the old value: the card's one atk+ head
            base = [h for h in heads if h.op.startswith("atk+")]
            ins = _Instead(int(base[0].op[4:]) if len(base) == 1 else 0, ins.new, ins.conds)
        base = [h for h in heads if h.op == f"atk+{ins.old}"]
        if len(base) != 1 or ins.new <= ins.old:
            tr.unmodeled.append("instead")
            continue
        heads.append(_Eff(f"atk+{ins.new - ins.old}", tuple(dict.fromkeys(base[0].conds + ins.conds)), base[0].when))
    if reqs and not heads:
        # an evolution requirement card: its only "effect" is the evolution rule; its cost must be
        # the usual one for its Winning Percentage value (DM-EVO-3: 40% none, 60% one, 80% two)
        paid = sum(r.discard for r in reqs) + sum(int(c[8:-1]) for c in costs if c.startswith("discard("))
        wp = re.search(r"winning percentage: (\d+)%", ctx.name, re.I)
        usual = {40: 0, 60: 1, 80: 2}.get(int(wp.group(1)), -1) if wp else 0
        if paid != usual or any(not c.startswith("discard(") for c in costs) or card_conds:
            tr.unmodeled.append("evo-requirement-cost")
        costs, limits = [], []
    elif reqs:
        tr.unmodeled.append("evolution")
    if len(set(limits)) > 1:
        tr.unmodeled.append("limit")
    if len(costs) > E.MAX_COSTS:
        tr.unmodeled.append("cost")
    if (costs or limits or card_conds) and not heads and not tr.keywords:
        # a card whose only effect we could not find (e.g. an empty effect text)
        if not tr.unmodeled:
            tr.unmodeled.append("no-effect")
    for h in heads:
        conds = list(dict.fromkeys(list(h.conds) + card_conds))
        if len(conds) > E.MAX_CONDS:
            tr.unmodeled.append("too-many-conditions")
            continue
        s = h.op + (" if " + " & ".join(conds) if conds else "")
        if h.when and h.when != ctx.timing:
            s += f" | when: {h.when}"
        all_costs = list(dict.fromkeys(list(h.costs) + costs))
        if len(all_costs) > E.MAX_COSTS:
            tr.unmodeled.append("cost")
            continue
        if all_costs:
            s += " | cost: " + ", ".join(all_costs)
        if limits and limits[0] != "phase":
            s += f" | limit: {limits[0]}"
        s = format_effect(parse_effect(s))  # canonical form (raises on a bug in a builder)
        if s not in tr.effects:
            tr.effects.append(s)
    tr.unmodeled = sorted(set(tr.unmodeled), key=tr.unmodeled.index)
    return tr


def translate_option(name: str, activation: str, option_type: str, text: str) -> Translation:
    """An option card: ``activation`` is the Evo/Activation column (timing, then "(O)…" costs and
    restrictions), ``option_type`` Program/Item/Field, ``text`` the Abilities column."""
    activation = (activation or "").strip()
    timing = None
    for rx, t in _TIMINGS:
        if rx.match(activation):
            timing = t
            break
    tr = Translation(timing=timing)
    ctx = _Ctx(timing=timing, digimon=False, name=name)
    pieces: list = []
    if timing is None or re.match(r"^\s*1\)", activation):
        pieces.append(_U("timing"))
    head, _, rest = activation.partition("(O)")
    head_rest = _TIMINGS[[t for _, t in _TIMINGS].index(timing)][0].sub("", head, count=1).strip(" /") if timing else ""
    if head_rest:  # text after the timing word without an (O) marker
        for c in _clauses(head_rest):
            pieces += _translate_clause(c, _Ctx(timing=timing, digimon=False, name=name, activation=True))
    actx = _Ctx(timing=timing, digimon=False, name=name, activation=True)
    for c in _clauses("(O)" + rest if rest else ""):
        for part in c.split(";"):  # "You may only place one …; cannot receive the effects of …"
            if part.strip():
                pieces += _translate_clause(part.strip(), actx)
    body = _clauses(text)
    if not body:
        pieces.append(_U("no-effect"))
    for c in body:
        pieces += _translate_clause(c, ctx)
    return _assemble(pieces, ctx, tr)


def translate_ability(name: str, text: str) -> Translation:
    """A Digimon's Abilities column ("None"/"" → no effects, modeled)."""
    tr = Translation(timing=None)
    text = (text or "").strip()
    if text.lower() in ("", "none", "none."):
        return tr
    ctx = _Ctx(timing=None, digimon=True)
    pieces: list = []
    for c in _clauses(text):
        pieces += _translate_ability_clause(c, ctx)
    return _assemble(pieces, ctx, tr)


def _translate_ability_clause(clause: str, ctx: _Ctx) -> list:
    return _translate_clause(clause, ctx)


# =================================================================================================
# Reading the card data and measuring coverage
# =================================================================================================

def iter_card_rows(data_dir: str) -> Iterator[dict[str, str]]:
    """Rows of every CardData*.txt under ``data_dir``, as read by simcli.cards.lackey."""
    from simcli.cards.lackey import read_dir

    for row in read_dir(Path(data_dir)):
        yield dict(row.values)


def is_option_row(row: dict[str, str]) -> bool:
    return row["Level"] == ""


def translate_row(row: dict[str, str]) -> Translation:
    if is_option_row(row):
        return translate_option(row["Name"], row["Evo/Activation"], row["Type"], row["Abilities"])
    return translate_ability(row["Name"], row["Abilities"])


def clause_skeleton(clause: str) -> str:
    """A clause with numbers and quoted words blanked, to group similar clauses."""
    s = re.sub(r"\d+", "N", clause)
    s = re.sub(r"\"[^\"]*\"", '"Q"', s)
    s = re.sub(r"(?<![A-Za-z])'[^']*'(?![A-Za-z])", "'Q'", s)
    return s.strip()


def unmodeled_pattern_counts(rows: Iterable[dict[str, str]], options: bool = True) -> Counter:
    """Label counts over the unmodeled cards of ``rows`` (options, or Digimon abilities)."""
    c: Counter = Counter()
    for row in rows:
        if is_option_row(row) != options:
            continue
        tr = translate_row(row)
        c.update(tr.unmodeled)
    return c
