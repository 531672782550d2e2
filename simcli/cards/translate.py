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

Some clauses shape the whole card rather than one row: a requirement option (Winning Percentage /
named, DM-EVO-3/3b) has no rows of its own, its printed discard after the step becomes
``Translation.requirement_cost`` and its sentences about "the evolved Digimon" become ``when:
evolved`` rows (as do an ``evolve_ignore`` option's "After that, add 50 …"); a "(S)" clause is the
support sentence(s) followed by the Digimon's own abilities; "until … loses a battle / reaches the
end of its lifespan" adds end events to the card's limit.  docs/coverage.md lists the decisions.

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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator

from simcli.cards.effects import format_effect, parse_effect
from simcli import codes as E

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
    # round 10e: an option that names its slot ("This card can only be placed in slot 1" / "Place this card in slot 3"):
    # that slot, 1..3 (seed 003 §3.4 옵션 카드의 세트: always set there, nowhere else, never moved); 0: any free slot
    slot_pos: int = 0
    timing: str | None = None  # options: "prep", "evolution", "battle", "point"; None: Digimon
    # a requirement option (Winning Percentage / named, DM-EVO-3/3b): hand cards discarded after the
    # evolution step it serves (the printed cost); None: not a requirement option / not stated
    requirement_cost: int | None = None
    # a Winning Percentage card that evolves only into some levels ("… into a Perfect or Hybrid level
    # Digimon with Winning Percentage: 40%! …"): those levels (Hybrid dropped, DM-DECK-3); None: any
    wp_levels: list[str] | None = None
    # a requirement card not named "Winning Percentage: V%!" that serves Winning Percentage requirements up to V
    # too ("… with 'Digimental of Fate', 'Winning Percentage: 40%!' or 'Winning Percentage: 60%!' …"); None: no
    win_pct: int | None = None
    # a requirement card whose text lists only the Winning Percentage values from this one up ("… with
    # 'Digimental of Miracles' or 'Winning Percentage: 60%!' …" serves 60%, not 40%); None: every value up to it
    wp_min: int | None = None
    # a requirement card that also stands in for a Jogress partner ("In the case of Jogress Evolution, treat
    # this card as one of the component Digimon", St-749); False: not
    jogress_partner: bool = False
    # round 8: a requirement card that also serves a ●/X requirement of up to this many circles "O" (o_max) or crosses
    # "X" (x_max), all of one kind, in place of the Net Ocean's cards ("… with 'O', 'OO', 'X', 'XX', or 'Winning
    # Percentage: 40%!' in its evolution requirements", St-431: 2 and 2; "… with "O" or …", Bo-48t: 1 and none)
    o_max: int | None = None
    x_max: int | None = None
    # round 8: a requirement card that sends this many cards from the Net Ocean to the Dark Area when it serves a
    # step ("Send 1 card from your Net Ocean to the Dark Area. Evolve your Digimon into an Alphamon with …",
    # Bx-135); None: none
    requirement_mill: int | None = None
    # round 8: where a requirement card is taken from when its activation names one place only ("Send this card
    # face-down from your slot / from your hand to …": "slot" / "hand"); None: hand or slot (DM-EVO-3)
    requirement_from: str | None = None
    # round 8: the level steps a requirement card serves when its text says other than "of the next level" (DM-EVO-1):
    # "same" ("into a Digimon of the same level", Super Fusion Plug-In Y St-815), "next_or_same" ("of the next level
    # or of the same level", Bx-106), "any" ("into an Alphamon": no level said, Bx-135); None: the next level
    evolve_levels: str | None = None

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
    filters: tuple[str, ...] = ()  # the row filter (search, discard_if, show): "kind=Digimon", "name~Greymon"
    times: int = 1  # a Digimon's ◎ ability usable N times a turn ("only twice during battle"): N equal rows
    special: bool = True  # False: a Digimon's text that is not a special ability (no ◎ mark; "special: no")
    alt: bool = False  # one of the disjoint rows of a "further add …" with alternatives: all add to the same effect
    limit: str = ""  # this row's own limit (a Digimon's per_* ◎ row: ``leave_at(K)``, Spinomon Bo-1201)


@dataclass(frozen=True)
class _Cond:  # card-wide condition (a usage restriction): added to every effect of the card
    cond: str


@dataclass(frozen=True)
class _CondAlts:  # a usage restriction with alternatives: every effect of the card once per (disjoint) row
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class _Cost:  # card-wide cost
    cost: str


@dataclass(frozen=True)
class _Limit:  # card-wide limit
    limit: str


@dataclass(frozen=True)
class _End:  # an end event added to the card's limit ("… when another Field card turns face-up …")
    event: str


@dataclass(frozen=True)
class _Kw:  # ability keyword the card has / grants
    word: str


@dataclass(frozen=True)
class _Once:  # only one of this card may be face-up / in the slots / per Digimon
    pass


@dataclass(frozen=True)
class _SlotPos:  # round 10e: the slot the card names ("This card can only be placed in slot 1"), 1..3
    n: int


@dataclass(frozen=True)
class _Beside:  # round 11a: "… you may place this card next to your <name> card until <name> is sent to the Dark Area"
    name: str


@dataclass(frozen=True)
class _Ok:  # bookkeeping clause the rules already imply
    pass


@dataclass(frozen=True)
class _From:  # "send this card face-down from your hand / slot to …": the one place a requirement card comes from
    place: str


@dataclass(frozen=True)
class _ReqImplied:  # round 9b: a requirement card's restriction that the requirements naming it imply (_assemble)
    label: str


@dataclass(frozen=True)
class _Req:
    """The card is an evolution requirement card (DM-EVO-3 / 3b): the evolution rules use it by
    name.  ``discard``: cards its text discards after the evolution step (``stated``: the text says)."""

    discard: int = 0
    stated: bool = False
    after: bool = False  # only "After evolution, discard N" (on an evolve_ignore card: a discard row)
    levels: tuple[str, ...] = ()  # a Winning Percentage card that only evolves into these levels (wp_levels)
    win_pct: int = 0  # a named requirement card that also serves Winning Percentage requirements up to this value
    wp_min: int = 0  # … but only from this value up (the values its text lists), 0 = all
    jogress: bool = False  # it also stands in for a Jogress partner (jogress_partner)
    ox: tuple = ()  # it also serves a ●/X requirement of up to this many circles / crosses (o_max, x_max)
    lvs: str = ""  # the level steps it serves (evolve_levels), "" = the next level


@dataclass(frozen=True)
class _Instead:
    """"If X, instead of N, add M to your attack power": atk+(M-N) on top of an atk+N of the card."""

    old: int
    new: int
    conds: tuple[str, ...] = ()
    op: str = "atk+"  # round 6: "opp_atk-" for "instead of 200, reduce the opponent's attack power by 400 instead"


@dataclass(frozen=True)
class _TieAttack:  # "you lose that attack power addition when your attack becomes other than A": atk+ heads get attack=A
    letter: str


@dataclass(frozen=True)
class _Counter:
    """Round 11c (open question 5): "After that, if the opponent uses 'X (St-51)', this card's effect becomes 'reduce
    your attack power by N', and you also lose the effect of 'you can make your attack A'" (the plug-in counters St-376 …
    St-378): the card's rows (its attack=A and attack additions) hold until the opponent uses that printing
    (``opp_unused:number=…``), then an atk-N row does (``opp_used:number=…``)."""

    number: str
    minus: int
    letter: str


@dataclass(frozen=True)
class _Widen:
    """Round 7: "(If X,) you can use this card even against Ultimate level Digimon": every row that names the
    opponent's levels also holds against ``levels`` under ``conds`` (a disjoint copy of the row, _assemble)."""

    levels: tuple[str, ...]
    conds: tuple[str, ...] = ()


@dataclass(frozen=True)
class _U:  # unmodeled, with a category label
    label: str


_Piece = _Eff | _Cond | _CondAlts | _Cost | _Limit | _End | _Kw | _Once | _Ok | _Widen | _U
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


# Card titles the card texts misquote (a dropped leading article, a misspelt name) → the title the
# card data prints; tests/test_translate.py checks on the data that every name a row names exists.
_NAME_FIXES = {
    "revelationofhiddenpower!!": "The Revelation of Hidden Power!!",
    "tacticalretreat!!": "A Tactical Retreat!!",
    "grottomon": "Grottemon",
}


def _fix_name(name: str) -> str:
    return _NAME_FIXES.get(re.sub(r"[\s\-]", "", name).lower(), name)


# a species the card texts spell otherwise than the Type column ("Small Demon" for 小悪魔型, printed
# "Small Devil" on Impmon, Pico Devimon …); a data test checks that every species a row names exists
_SPECIES_FIXES = {"small demon": "Small Devil"}


def _species(name: str) -> str:
    return _SPECIES_FIXES.get(name.lower(), name)


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
# groups (the card data's Group column; ``group=`` also matches one part of "A/B" or "A: B")
_GROUPS = {
    "royal knights": "Royal Knights", "royal knight": "Royal Knights", "warrior ten": "Warrior Ten", "deva": "Deva",
    "four holy beasts": "Four Holy Beasts", "seven great demon lords": "Seven Great Demon Lords",
    "three great angels": "Three Great Angels", "olympos xii": "Olympos XII", "d-reaper": "D-Reaper",
    "partner": "Partner", "four great dragons": "Four Great Dragons", "bantyo": "Bantyo",
    "infected": "Infected Digimon", "infected digimon": "Infected Digimon", "chosen children": "Chosen Children",
    "tamer": "Tamer", "ancient species": "Ancient Species",
}
_GROUP_RE = "(" + "|".join(sorted(_GROUPS, key=len, reverse=True)) + ")"
_ATTRS = {"vaccine": "Vaccine", "virus": "Virus", "data": "Data"}
_ATTR_RE = r"(vaccine|virus|data)"
_LEVEL_WORDS = {"iii": "III", "iv": "IV", "perfect": "Perfect", "ultimate": "Ultimate", "hybrid": "Hybrid"}
_LV = r"(?:level (?:iii|iv)|(?:perfect|ultimate|hybrid)(?: level)?|level-(?:iii|iv)|iii|iv)"
_LVLIST = rf"({_LV}(?:(?:,? or |, |,? and | and/or ){_LV})*)(?: level)?"
_BT = r"([abc])"
_SPECIES = r"((?-i:[A-Z])[a-z\-]+(?: (?-i:[A-Z])[a-z\-]+){0,2})"  # "Beast Man", "Ancient Aquatic Beast Man"
_KW = r"[\"“']([^\"”']+)[\"”']"  # a quoted ability keyword
# round 13f: "the word 'dragon (Ankylosaur/…/Stegosaur included)'" as _clauses_marked rewrites it (round 13b's
# _DRAGON_LIST): the alternatives condition ``type~Dragon/Ankylosaur/…`` (_DRAGON_TYPES)
_DRAGON_TYPES = "Dragon/Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur"
_DRAGON = r"the words? '" + re.escape(_DRAGON_TYPES.lower()) + "'"
_BIRD_SPECIES = "Chick/Bird/Giant Bird"  # round 13f (Bo-11L): species=Chick/Bird/Giant Bird (round 13b's alternatives)
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
    w = word.strip().lower()
    if " " in w:  # a quoted special ability ('The opponent loses its special abilities'), not an ability keyword
        raise _Fail("abilities")
    return w


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
        # round 9b: "facing a Digimon with (')Armor Evolution(') in its Fusion Requirements" (an Armor form: its requirement
        # column begins "Armor Evolution", the database's armor_evolution)
        (r"facing (?:a |an )?digimon with ['\"]?armou?r evolution['\"]? in its fusion requirements", lambda m: ["opp_armor"]),
        # round 11f: "your Digimon has 'Armor Evolution' in its fusion requirements" (Vj-6): the own twin (armor)
        (r"your digimon has ['\"]?armou?r evolution['\"]? in its fusion requirements", lambda m: ["armor"]),
        # round 10c: "facing a Digimon with (the ability) 'The opponent loses its special abilities' (in their abilities
        # box)" (Pile Volcamon, Griffomon): the printed ability (database voids_abilities), none while the opponent's
        # abilities are void ("its ability box becomes blank", seed 003 §3.5)
        (r"facing (?:a |an )?digimon with (?:the ability )?['\"]the opponent loses its special abilities['\"]"
         r"(?: in their abilities box)?", lambda m: ["opp_voider"]),
        (rf"facing (?:a |an )?digimon with the ability {_KW}", lambda m: [f"opp_keyword={_kw(m.group(1))}"]),
        (rf"facing (?:a |an )?digimon without the ability {_KW}", lambda m: [f"opp_keyword!={_kw(m.group(1))}"]),
        # round 11d: "If the opponent Digimon's attribute is the same as yours" (Re-57t; docs/coverage.md "Open questions
        # that block options" row 17: Variable has the opponent's attribute, seed 003 note [22])
        (r"(?:the )?opponent(?: digimon)?'s attribute is the same as yours", lambda m: ["attr=opp_attr"]),
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
        # round 10a: "when the opponent does not belong to Unknown" (Nanimon St-643)
        (rf"(?:the |your )?opponent(?:'s digimon)? does not belong to {_FIELD_RE}",
         lambda m: [f"opp_field!={_FIELDS[m.group(1).lower()]}"]),
        # round 10a: "when the opponent's attack power is 320 or below" (Lucemon Satan Mode Bo-1097): its final attack now
        (r"(?:the |your )?opponent's attack power is (\d+) (?:or below|and below|or less)", lambda m: [f"opp_power<={m.group(1)}"]),
        (r"(?:the |your )?opponent's attack power is (\d+) (?:or above|and above|or more)", lambda m: [f"opp_power>={m.group(1)}"]),
        # "facing a Digimon with 'Dragon' in its type"
        (r"facing (?:a |an )?(?:opponent|digimon) with (?:the word )?'([A-Za-z ]+|[A-Za-z]+(?:/[A-Za-z=\-]+)+)' in (?:its|their) type(?: name)?",
         lambda m: _type_words("opp_type", m.group(1))),
        # "facing a non-Ultimate level Digimon", "facing a Virus attribute Digimon of a lower level than Ultimate"
        (rf"facing (?:a |an )?non-{_LVLIST}(?: digimon)?", lambda m: _not_levels("opp_level", _levels(m.group(1)))),
        (rf"facing (?:a |an )?{_ATTR_RE} attribute digimon (?:of|with) a lower level than {_LVLIST}",
         lambda m: [f"opp_attr={_ATTRS[m.group(1).lower()]}"] + _lower_than("opp_level", m.group(2))),
        (rf"(?:the |your )?opponent is (?:a |an )?{_ATTR_RE} attribute,? {_LVLIST}(?: digimon)?",
         lambda m: _attr_level("opp_", m.group(1), m.group(2))),
        (rf"facing (?:a |an )?digimon with the attribute ['\"]?{_ATTR_RE}['\"]?",
         lambda m: [f"opp_attr={_ATTRS[m.group(1).lower()]}"]),
        (rf"facing (?:a |an )?digimon with the attribute ['\"]?unknown['\"]?|facing (?:a |an )?unknown attribute digimon",
         lambda m: ["opp_attr=Unknown"]),
        (rf"(?:the |your )?opponent is not (?:of )?(?:the |an? )?{_ATTR_RE} attribute(?: digimon)?",
         lambda m: [f"opp_attr!={_ATTRS[m.group(1).lower()]}"]),
        (rf"facing (?:a )?digimon (?:that|which) belongs? to {_FIELD_RE}", lambda m: [f"opp_field={_FIELDS[m.group(1).lower()]}"]),
        # "the opponent does not belong to the group 'X'" / "facing a Digimon that does not belong to the 'X' group"
        (rf"(?:(?:the |your )?opponent(?:'s digimon)? does not belong to|facing (?:a |an )?digimon (?:that|which) does not belong to)"
         rf" (?:the )?(?:group )?['\"]?{_GROUP_RE}['\"]?(?: group)?", lambda m: [f"opp_group!={_GROUPS[m.group(1).lower()]}"]),
        # "your opponent has between 50 and 90 points" / "the opponent has 10 to 40 points (remaining)"
        (r"(?:the |your )?opponent has (?:between )?(\d+) (?:and|to) (\d+) points(?: remaining| left)?",
         lambda m: [f"opp_points>={m.group(1)}", f"opp_points<={m.group(2)}"]),
        (r"you have (?:between )?(\d+) (?:and|to) (\d+) points(?: remaining| left)?|your points are between (\d+) and (\d+)(?: points)?",
         lambda m: [f"points>={m.group(1) or m.group(3)}", f"points<={m.group(2) or m.group(4)}"]),
        # "when you have 60-40 points left" (the higher number first)
        (r"you have (\d+) ?- ?(\d+) points(?: remaining| left)?",
         lambda m: [f"points>={min(int(m.group(1)), int(m.group(2)))}", f"points<={max(int(m.group(1)), int(m.group(2)))}"]),
        # "facing a Perfect level Digimon" / "facing a Level IV or Perfect level Digimon"
        # "facing a red frame (Level IV) Digimon" / "your Digimon is a blue frame Ultimate level"
        (rf"(?:facing|battling) (?:a |an |the )?(?:opponent(?:'s)? )?(red|blue|gold) frame(?: {_LVLIST})?(?: digimon| opponent)?",
         lambda m: _frame_conds("opp_", m.group(1), m.group(2))),
        (rf"(?:the |your )?opponent(?:'s digimon)? is (?:a |an )?(red|blue|gold) frame(?: {_LVLIST})?(?: digimon)?",
         lambda m: _frame_conds("opp_", m.group(1), m.group(2))),
        # round 13 (lead): "when your Digimon is red frame and Level IV, Perfect, or Ultimate level" (New Digital World NDW
        # Bx-34) reads as "a red frame Level IV, …"
        (rf"(?:your digimon is|you are) (?:a |an )?(red|blue|gold) frame(?:,? and)?(?: {_LVLIST})?(?: digimon)?",
         lambda m: _frame_conds("", m.group(1), m.group(2))),
        # round 10a: "facing a Digimon with a golden card frame" (Beelzebumon Blast Mode Re-82)
        (r"facing (?:a |an )?digimon with (?:a |an )?(red|blue|gold)(?:en)? (?:card )?frame",
         lambda m: _frame_conds("opp_", m.group(1), None)),
        # round 10a: "facing a Digimon whose type is not Holy Knight" (Dynasmon (1) Re-118): not that whole species;
        # "facing a Food type Level III Digimon" (Neamon Sp-20); "facing a Holy Beast type Digimon (excluding Ultimate
        # levels)" (Black Tailmon Bo-551)
        (rf"facing (?:a |an )?digimon whose type is not (?:a |an )?['\"]?{_SPECIES}['\"]?(?: type)?",
         lambda m: [f"opp_species!={_species(m.group(1))}"]),
        (rf"facing (?:a |an )?{_SPECIES} type (level iii|level iv|perfect level|ultimate level)(?: digimon)?",
         lambda m: [f"opp_species={_species(m.group(1))}"] + _lv_or_fail("opp_level", m.group(2))),
        (rf"facing (?:a |an )?{_SPECIES} type digimon \(excluding (level iii|level iv|perfect|ultimate)(?: level)?s?(?: digimon)?\)",
         lambda m: [f"opp_species={_species(m.group(1))}"] + _not_levels("opp_level", _levels(m.group(2)))),
        (rf"facing (?:a |an |the )?(?:opponent(?:'s)? )?{_LVLIST}(?: digimon| opponent)?",
         lambda m: _level_conds("opp_level", _levels(m.group(1)))),
        (rf"(?:the |your )?opponent(?:'s digimon)? is (?:a |an )?{_LVLIST}(?: digimon)?",
         lambda m: _level_conds("opp_level", _levels(m.group(1)))),
        # "you are in a battle with a Digimon of a higher level than yours"
        (r"(?:you are in a battle with|(?:you are )?facing|battling) (?:a |an |the )?(?:digimon|opponent)"
         r"(?: whose level is| of| with| that is)? (?:a )?higher(?: level)? than (?:yours|your digimon|your own|you)",
         lambda m: ["opp_higher"]),
        (r"(?:the |your )?opponent(?:'s digimon)?(?:'s level)? is (?:of )?(?:a )?higher(?: level)? than (?:yours|your digimon)",
         lambda m: ["opp_higher"]),
        # "your opponent is Hybrid level, or has a level higher than yours" (Bx-169): a Hybrid level is
        # never in a simulated deck (LV_OTHER), so the first half is vacuous and opp_higher exact
        (r"(?:the |your )?opponent is (?:a )?hybrid level,? or has a (?:level )?higher(?: level)? than (?:yours|your digimon)",
         lambda m: ["opp_higher"]),
        (r"(?:you are in a battle with|(?:you are )?facing|battling) (?:a |an |the )?(?:digimon|opponent)"
         r"(?: whose level is| of| with| that is)? (?:a )?lower(?: level)? than (?:yours|your digimon|your own|you)",
         lambda m: ["opp_lower"]),
        # "the opponent's points are 30 or less"
        (r"(?:the |your )?opponent(?:'s)? points are (\d+)(?: points)? (?:or less|and below|or below|or fewer)",
         lambda m: [f"opp_points<={m.group(1)}"]),
        # -- own side --------------------------------------------------------------------------
        (r"your points are (\d+)(?: points)? (?:or less|and below|or below|or fewer)",
         lambda m: [f"points<={m.group(1)}"]),
        (r"your points are (\d+)(?: points)? (?:or more|and above|or above)", lambda m: [f"points>={m.group(1)}"]),
        (rf"(?:your attack is|your digimon's attack is|you attack with|you are attacking with) (?:attack )?{_BT}(?:,? or {_BT})?",
         lambda m: _bt_conds("attack", re.sub(r"(?i).*?(?:attack is|attack with|attacking with)", "", m.group(0)))),
        (rf"you make your attack {_BT}", lambda m: [f"attack={m.group(1).upper()}"]),  # round 13f (St-300)
        (rf"your battle type is {_BT}(?:,? or {_BT})?",
         lambda m: _bt_conds("attack", m.group(0).split(" is ", 1)[1])),  # own type = own attack (C-TYPE-1)
        (rf"(?:you have|your digimon has|your digimon with|you are a digimon with) the ability {_KW}",
         lambda m: [f"keyword={_kw(m.group(1))}"]),
        (rf"your digimon is (?:a |an )?{_ATTR_RE} attribute(?: digimon)?", lambda m: [f"attr={_ATTRS[m.group(1).lower()]}"]),
        (rf"your digimon (?:belongs|is belonging) to {_FIELD_RE}", lambda m: [f"field={_FIELDS[m.group(1).lower()]}"]),
        (rf"your digimon is (?:a |an )?{_LVLIST}(?: digimon)?", lambda m: _level_conds("level", _levels(m.group(1)))),
        (rf"your digimon is (?:not|non-)(?: a| an)? ?{_LVLIST}(?: digimon)?",
         lambda m: _not_levels("level", _levels(m.group(1)))),
        (r"your digimon has (?:the word )?'([A-Za-z ]+|[A-Za-z]+(?:/[A-Za-z=\-]+)+)' in its type", lambda m: _type_words("type", m.group(1))),
        # round 13b: "has the words 'X', 'Y' or 'Z' in its type" (D-3 St-302): a word of the type is one of them (one condition)
        (r"your digimon has the words ('[A-Za-z/]+'(?:, '[A-Za-z/]+')*,? or '[A-Za-z/]+') in its type",
         lambda m: [_type_alts(m.group(1))]),
        (rf"(?:your digimon is|you are) (?:a |an )?non-{_LVLIST}(?: digimon)?|(?:your digimon is|you are) not (?:a |an )?{_LVLIST}(?: digimon)?",
         lambda m: _not_levels("level", _levels(m.group(0)))),
        (rf"(?:the |your )?opponent(?:'s digimon)? is (?:not|non-)(?: a| an)? ?{_LVLIST}(?: digimon)?",
         lambda m: _not_levels("opp_level", _levels(m.group(0)))),
        (rf"you (?:possess|have) the ability {_KW}", lambda m: [f"keyword={_kw(m.group(1))}"]),
        # "your Digimon is Insect type" / "has 'Dragon' in its type" (type~: the type contains the word)
        # "your Digimon is an Ultimate level with the ability "proud""
        (rf"your digimon is (?:a |an )?{_LVLIST}(?: digimon)? with the ability {_KW}",
         lambda m: (lambda lv: None if lv is None else lv + [f"keyword={_kw(m.group(2))}"])(_level_conds("level", _levels(m.group(1))))),
        # "its type is "Holy Knight"": the whole species
        (r"(?:its|your digimon's) type is ['\"]((?-i:[A-Z])[a-z\-]+(?: (?-i:[A-Z])[a-z\-]+){0,2})['\"]",
         lambda m: [f"species={_species(m.group(1))}"]),
        # "X type" names a whole species (species=): "Beast type" is not "Beast Man" or "Holy Beast";
        # "'X' in its type" is a word of it (type~)
        (rf"(?:your digimon is|you are|your type is) (?:a |an )?{_SPECIES} type(?: digimon)?",
         lambda m: [f"species={_species(m.group(1))}"]),
        # round 13b: "If your type is Beast type or Beast Dragon type" (New Bonds Bx-129): one of two whole species, one
        # condition (species=A/B, a token of its own; disjoint rows would need species!=A beside the card's three)
        (rf"your type is (?:a |an )?{_SPECIES} type or (?:a |an )?{_SPECIES} type",
         lambda m: [f"species={_species(m.group(1))}/{_species(m.group(2))}"]),
        # round 9c: "your Digimon is a Level IV Beast Man type" (Juga-maru Bx-31): one level and a whole species
        (rf"your digimon is (?:a |an )?(level iii|level iv|perfect level|ultimate level) {_SPECIES} type(?: digimon)?",
         lambda m: _lv_or_fail("level", m.group(1)) + [f"species={_species(m.group(2))}"]),
        (rf"(?:facing|battling) (?:a |an )?(?:opponent(?:'s)? )?{_SPECIES} type(?: digimon| opponent)?"
         rf"|(?:the |your )?opponent(?:'s digimon)? is (?:a |an )?{_SPECIES} type(?: digimon)?",
         lambda m: [f"opp_species={_species(m.group(1) or m.group(2))}"]),
        # "your Digimon is Perfect or Ultimate level, and belongs to Virus Busters"
        (rf"your digimon is (?:a |an )?{_LVLIST}(?: digimon)?,? and (?:also )?belongs to {_FIELD_RE}",
         lambda m: (lambda lv: None if lv is None else lv + [f"field={_FIELDS[m.group(2).lower()]}"])(
             _level_conds("level", _levels(m.group(1))))),
        # "your Digimon is a Virus attribute Level III or Level IV"
        (rf"your digimon is (?:a |an )?{_ATTR_RE} attribute,? (?:and )?(?:is )?(?:also )?(?:a |an )?{_LVLIST}(?: digimon)?",
         lambda m: _attr_level("", m.group(1), m.group(2))),
        # "'X' in its name": the printed name contains X (name~)
        (r"(?:your digimon|you|they|it) (?:has|have|contains?) (?:the word )?['\"]([\w .:\-]+)['\"] in (?:its|your|their) names?",
         lambda m: [f"name~{m.group(1).strip()}"]),
        (r"(?:(?:the |your )?opponent(?:'s digimon| digimon)? (?:has|contains)|facing (?:a |an )?(?:digimon|opponent) (?:with|containing))"
         r" (?:the word )?['\"]([\w .:\-]+)['\"] in its name", lambda m: [f"opp_name~{m.group(1).strip()}"]),
        # own points against the opponent's
        (r"your points are (?:equal to or (?:lower|less) than|the same as or (?:lower|less) than|(?:lower|less) than or equal to)"
         r" (?:the |your )?opponent'?s?(?: points)?", lambda m: ["points<=opp"]),
        (r"your points are (?:lower|less) than (?:the |your )?opponent'?s?(?: points)?", lambda m: ["points<opp"]),
        (r"your points are (?:equal to or (?:higher|more) than|(?:higher|more) than or equal to) (?:the |your )?opponent'?s?(?: points)?",
         lambda m: ["points>=opp"]),
        (r"your points are (?:higher|more) than (?:the |your )?opponent'?s?(?: points)?", lambda m: ["points>opp"]),
        # round 11g: "there are two or more Virus attribute Digimon on the opponent's sheet (including support Digimon)"
        # (Spear of Conviction St-923): opp_sheet[N]:FILTER, the count of one filter (a count of two filters would
        # count each alone: not taken)
        (r"there are (?P<n>two|three|\d+) or more (?P<d>.+?) on the opponent's sheet(?: \(including support digimon\))?",
         _sheet_n),
        # a card on a sheet / in the support box (sheet:, opp_sheet:, support: filter conditions)
        (r"there (?:is|are) (?:a |an |one )?(?P<d>.+?) on the opponent's sheet|the opponent has (?:a |an )?(?P<d2>.+?) on their sheet",
         lambda m: _sheet_conds("opp_sheet", m.group("d") or m.group("d2"))),
        (r"there (?:is|are) (?:a |an |one )?(?P<d>.+?) on your sheet|you have (?:a |an )?(?P<d2>.+?) on your sheet",
         lambda m: _sheet_conds("sheet", m.group("d") or m.group("d2"))),
        (r"(?:you have|there is) (?:a |an |one )?(?P<d>.+?) in your support box", lambda m: _sheet_conds("support", m.group("d"))),
        (r"(?P<d>(?-i:[A-Z])[\w\-]*mon(?: (?-i:[A-Z])[\w\-]*)*) is on your sheet", lambda m: _sheet_conds("sheet", m.group("d"))),
        (r"(?P<d>(?-i:[A-Z])[\w\-]*mon(?: (?-i:[A-Z])[\w\-]*)*) is in your support box", lambda m: _sheet_conds("support", m.group("d"))),
        # "when this Digimon gains the ability X": it has X (a keyword it does not have printed, see _assemble)
        (rf"this digimon gains the ability {_KW}", lambda m: [f"keyword={_kw(m.group(1))}", f"GAINED:{_kw(m.group(1))}"]),
        # a support ability's "when supporting a Partner Digimon" (the battling Digimon)
        (r"supporting (?:a |an |your )?(?P<d>.+?)", lambda m: _support_desc(re.sub(r"\s*digimon$", "", m.group("d"), flags=re.I))),
        # groups: "your Digimon belongs to the Royal Knights", "facing a Royal Knights Digimon"
        (rf"your digimon (?:belongs to|is) (?:a |an |the )?{_GROUP_RE}(?: group)?(?: digimon)?",
         lambda m: [f"group={_GROUPS[m.group(1).lower()]}"]),
        (rf"(?:facing (?:a |an )?(?:digimon (?:belonging|that belongs) to (?:the )?)?|the opponent(?:'s digimon)? (?:belongs to|is) (?:a |an |the )?)"
         rf"'?{_GROUP_RE}'?(?: group)?(?: digimon)?", lambda m: [f"opp_group={_GROUPS[m.group(1).lower()]}"]),
        # "your Digimon is Wolfmon": a Digimon name (one or two capitalised words ending in "mon"; "Chaos Dukemon":
        # a capitalised word before it; tests/test_translate.py checks that every name a row names exists)
        (r"your digimon is (?:a |an )?((?:(?-i:[A-Z])[A-Za-z]* )?(?-i:[A-Z])[A-Za-z]*mon(?: (?-i:[A-Z])[A-Za-z]*)?)",
         lambda m: [f"name={m.group(1)}"]),
        (r"(?:facing |the opponent is )(?:a |an )?((?!\w+ type)(?-i:[A-Z])[A-Za-z]*(?: (?-i:[A-Z])[A-Za-z]*)?mon"
         r"(?: (?-i:[A-Z])[A-Za-z]*)?)(?<!digimon)(?<!Digimon)", lambda m: [f"opp_name={m.group(1)}"]),
        # "(if) their hand / it contains a Virus attribute Digimon card" (after "check the opponent's hand"):
        # one card of the opponent's hand matches (opp_hand:FILTER)
        (r"(?:their|the opponent's) hand contains (?:a |an |any )?(?P<d>.+?)|it contains (?:a |an |any )?(?P<d2>.+?)",
         lambda m: _opp_hand_conds(m.group("d") or m.group("d2"))),
        # round 11c (open question 9, seed 003 §3.3 조건): a count the card ties to its activation ("when there are 4 cards
        # in your hand when this card is activated", Bo-498) is tested at the use and held (use_hand); an attack
        # comparison "at the point of time when this card is used" (Small Spear Bo-250) likewise (use_power)
        (r"(?:you have|there (?:is|are)) (?P<a>.+?) in your hand when this card is activated",
         lambda m: _hand_conds("use_hand", m.group("a"))),
        (r"your attack power is lower than the opponent's at the point of time when this card is used",
         lambda m: ["use_power<opp_power"]),
        # cards in the own / the opponent's hand (hand, opp_hand)
        (r"(?:you have|there (?:is|are)) (?P<a>.+?) (?:left )?in your hand|your hand contains (?P<b>.+)",
         lambda m: _hand_conds("hand", m.group("a") or m.group("b"))),
        (r"(?:the |your )?opponent has (?P<a>.+?) (?:left )?in (?:their|its) hand", lambda m: _hand_conds("opp_hand", m.group("a"))),
        # round 9a: "if you already have a 'Sniper Phantom' in your slots" (Strike Phantom Bo-915): a card of that name in
        # the own slots, face up or down (slot:FILTER)
        (r"you (?:already )?have (?:a |an )?'(?P<n>[^'\"]+)'(?: card)? in your (?:option )?slots",
         lambda m: [f"slot:name={_fix_name(m.group('n'))}"]),
        # round 10a: "when you use this card at the same time as 'Steel Drill'" (Golden Drill St-591): a face-up card of
        # that name in the own slots (used, still active) when the row applies (slot_up:FILTER)
        (r"you use this card at the same time as '(?P<n>[^'\"]+)'", lambda m: [f"slot_up:name={_fix_name(m.group('n'))}"]),
        # cards in the own option slots (slots): "when you have no cards in your slots"
        (r"you have (?P<a>.+?) in your (?:option )?slots", lambda m: _hand_conds("slots", m.group("a"))),
        # round 13b: "your opponent has 3 or more cards in their slots" (Holy Arrow St-484): the opponent's (opp_slots)
        (r"(?:the |your )?opponent has (?P<a>(?:\d+|one|two|three) or more cards) in (?:their|its) (?:option )?slots",
         lambda m: _hand_conds("opp_slots", m.group("a"))),
        # "if you used this card on a Digimon with the ability "hungry"", "when this card is used by a Digimon
        # belonging to Deep Savers": the Digimon that uses the option is the own battling Digimon
        (rf"you used this card on (?:a |your )?digimon with the ability {_KW}", lambda m: [f"keyword={_kw(m.group(1))}"]),
        (rf"this card is used by (?:a |your )?digimon belonging to {_FIELD_RE}", lambda m: [f"field={_FIELDS[m.group(1).lower()]}"]),
        # round 9a: "your attack power without modification by effects or abilities (in other words, the attack power
        # stated on the card itself) is lower than the opponent's attack power after taking into account effects and
        # abilities" (St-221): the printed number of the attack used against the opponent's final attack power
        (r"your attack power without modification by effects or abilities \(in other words, the attack power stated on"
         r" the card itself\) is lower than the opponent's attack power after taking into account (?:the )?effects and"
         r" (?:special )?abilities", lambda m: ["base<opp_power"]),
        # "After that, if you still have points left": vacuous (a player at 0 has lost, C-PTS-2)
        (r"you still have points left", lambda m: []),
        (r"you are (?:the )?first to attack|you are the first attacker", lambda m: ["first"]),
        (rf"(?:you )?are not (?:a |an )?{_LVLIST}(?: digimon)?", lambda m: _not_levels("level", _levels(m.group(1)))),
        (r"you are (?:the )?second to attack|you are the second attacker|your digimon is (?:the )?last to attack",
         lambda m: ["second"]),
    ]
    return [(re.compile(p, re.I), b) for p, b in R]


def _type_alts(quoted: str) -> str:
    """Round 13b: "'dragon', 'beast' or 'angel'" → ``type~Dragon/Beast/Angel`` (one word of the type is one of them)."""
    words = [w[:1].upper() + w[1:] for w in re.findall(r"'([^']+)'", quoted)]
    return "type~" + "/".join("Angel/Archangel" if w == "Angel" else w for w in words)  # 'angel': _ANGEL_LIST


def _type_words(kind: str, text: str) -> list[str]:
    """"'Holy Knight' in its type": every word of the type (``type~`` tests one word of the species).  Round 13b: a
    list "A/B/=S/-X" (the word lists _DRAGON_LIST, _ANGEL_LIST) is one ``type~`` of alternatives (=S a whole
    species), each "-X" a ``type!=X``."""
    if "/" in text:
        parts = text.split("/")
        return [f"{kind}~{'/'.join(x for x in parts if not x.startswith('-'))}"] + \
            [f"{kind}!={x[1:]}" for x in parts if x.startswith("-")]
    return [f"{kind}~{w}" for w in text.split()]


def _opp_hand_conds(desc: str) -> list[str]:
    """"a Virus attribute Digimon card" / "any Digimon belonging to Deep Savers" (a card of the opponent's hand)
    → one ``opp_hand:`` filter, only where the filter alone says "a Digimon": an attribute, a field, a
    level, a species, a name (option cards have none of them; an option may grant an ability keyword or
    have a frame or a category, so those would need two filters on one card)."""
    d = desc.strip()
    # round 9a: "2 or more Option cards" (St-921): a count, ``opp_hand[N]:FILTER``; "Option cards" / "Digimon cards"
    # are kind= filters (the count needs one filter: a card matches it or not)
    count = 1
    if m := re.fullmatch(rf"{_N} or more (.+)", d, re.I):
        count, d = _num(m.group(1)), m.group(2)
        if count < 2:
            raise _Fail("hand-disruption")
        if k := re.fullmatch(r"(option|digimon) cards", d, re.I):
            return [f"opp_hand[{count}]:kind={k.group(1).capitalize()}"]
    # round 10a: "any Digimon with the ability "flame"" (Romeo Bo-917): a printed keyword; only Digimon carry
    # printed keywords (an option's "gains the ability" is a gain row, never a keyword of the card)
    if k := re.fullmatch(rf"digimon (?:card )?with the ability {_KW}", d, re.I):
        return [f"opp_hand:keyword={_kw(k.group(1))}"]
    d = re.sub(r"^digimon (?:belonging|that belongs?) to (?:the )?", "", d, flags=re.I)
    d = re.sub(r"\s*(?:digimon )?cards?$|\s*digimon$", "", d, flags=re.I)
    conds = _support_desc(d)
    if conds is None or len(conds) != 1 or not re.fullmatch(r"(?:attr|field|level|species|name)=[^&]+", conds[0]):
        raise _Fail("hand-disruption")
    return [f"opp_hand:{conds[0]}" if count == 1 else f"opp_hand[{count}]:{conds[0]}"]


def _lower_than(kind: str, text: str) -> list[str]:
    """"of a lower level than Ultimate" → levels below it."""
    lv = _levels(text)
    if len(lv) != 1 or not lv <= set(_ORDER) or lv == {"III"}:
        raise _Fail("condition")
    (x,) = lv
    return [f"{kind}<{x}"]


def _hand_count(w: str) -> int:
    w = w.strip().lower()
    return 0 if w in ("zero", "no") else _num(w)


def _hand_conds(kind: str, text: str) -> list[str] | None:
    """"three", "one or zero", "three or four", "5 or more", "two cards or less" (a count of hand
    cards) → conditions; raise _Fail when it is not a count."""
    t = re.sub(r"\s+cards?\b", "", text.strip().lower()).strip()
    n = r"(\d+|zero|no|one|two|three|four|five|six|seven|eight|nine|ten)"
    if m := re.fullmatch(n, t):
        return [f"{kind}={_hand_count(m.group(1))}"]
    if m := re.fullmatch(rf"{n} or (?:more|above)|at least {n}", t):
        return [f"{kind}>={_hand_count(m.group(1) or m.group(2))}"]
    if m := re.fullmatch(rf"{n} or (?:less|fewer|below)|at most {n}|up to {n}", t):
        return [f"{kind}<={_hand_count(m.group(1) or m.group(2) or m.group(3))}"]
    if m := re.fullmatch(rf"{n} or {n}", t):
        a, b = sorted((_hand_count(m.group(1)), _hand_count(m.group(2))))
        if b == a + 1:
            return [f"{kind}>={a}", f"{kind}<={b}"] if a else [f"{kind}<={b}"]
    raise _Fail("hand")


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


def _sheet_conds(kind: str, desc: str) -> list[str] | None:
    """"a Virus-attribute Digimon" on a sheet / in the support box → ``kind:FILTER`` conditions (one
    filter each: several hold for one card only when one card can have them all — a multi-word
    type: see docs/coverage.md)."""
    desc = re.sub(r"^any ", "", desc.strip(), flags=re.I)
    if m := re.fullmatch(r"cards? belonging to the ['\"]?([\w :\-]+?)['\"]? category", desc, re.I):
        return [f"{kind}:group={m.group(1).strip()}"]
    if m := re.fullmatch(r"cards? belonging to the category ['\"]([\w :\-]+?)['\"]", desc, re.I):
        return [f"{kind}:group={m.group(1).strip()}"]  # round 11a: Omegamon (4) Re-131
    if m := re.fullmatch(r"digimon (?:belonging|that belongs?) to (?:the )?(.+)", desc, re.I):
        desc = m.group(1)
    desc = re.sub(r"\s*(?:digimon )?cards?$|\s*digimon$", "", desc.strip(), flags=re.I)
    if m := re.fullmatch(r"'?((?-i:[A-Z])[\w\-]*(?: (?-i:[A-Z])[\w\-]*)*)'?", desc):
        if m.group(1).lower() in _GROUPS:
            return [f"{kind}:group={_GROUPS[m.group(1).lower()]}"]
        if re.search(r"mon\b", m.group(1)):
            return [f"{kind}:name={m.group(1)}"]  # "a Xuanwumon", "a 'Qinglongmon' card"
        if kind in ("sheet", "opp_sheet") and desc.startswith("'") and desc.endswith("'"):
            # round 11a: "a 'Yagami Taichi' card on your sheet" (Re-02t): a quoted card title, the Chosen Children card
            # that lies beside the box (codes.OP_BESIDE) or in the support box (cost ``place``)
            return [f"{kind}:name={m.group(1)}"]
    conds = _support_desc(desc.replace("'", ""))
    if conds is None or any(not re.fullmatch(r"(?:type~|species=|attr=|field=|frame=|level=|group=)[^&]+", c) for c in conds):
        return None
    return [f"{kind}:{c}" for c in conds]


def _sheet_n(m: re.Match) -> list[str] | None:
    """Round 11g: "N or more <Digimon> on the opponent's sheet" → ``opp_sheet[N]:FILTER`` (one filter only)."""
    conds = _sheet_conds("opp_sheet", m.group("d"))
    n = _num(m.group("n"))
    if not conds or len(conds) != 1 or not 2 <= n <= 15:
        return None
    return [f"opp_sheet[{n}]:{conds[0].split(':', 1)[1]}"]


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
    # "facing an Ultimate level that does not have the ability "sky"": the opponent, then its keyword
    if m := re.fullmatch(rf"(facing .+?),? (?:that does not have|which does not have|without) the ability {_KW}", text, re.I):
        return _parse_cond(m.group(1)) + [f"opp_keyword!={_kw(m.group(2))}"]
    # "your Digimon is Vaccine attribute and Ultimate level": split and retry on the pieces
    subj = re.match(r"(your digimon is |the opponent(?:'s digimon)? is |facing (?:a |an )?)", text, re.I)
    parts = _AND_SPLIT.split(text) if subj else re.split(r",? and (?:when |if )?", text, flags=re.I)
    if len(parts) > 1:
        out = []
        for i, p in enumerate(parts):
            p = p.strip()
            if i and re.match(r"(?:has|have|belongs) ", p, re.I) and (not subj or subj.group(1).lower().startswith("your")):
                p = "your digimon " + p  # "your Digimon is non-Level III, and has the ability …"
            elif i and subj and not re.match(r"(?:your|the opponent|you|facing|there)\b", p, re.I):
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
        (rf"(?:further )?add (\d+) to (?:your|its) {_BT} attack(?: power)?",
         lambda m: [_Eff(f"base+{m.group(1)}", (f"attack={m.group(2).upper()}",))]),
        # round 6, Power Limiter St-597: "Reduce the 'basic attack power written on your card' by 200 (during the turn,
        # treat this reduced value as the Digimon's 'basic attack power')": the printed number of the attack used (base-N)
        (r"reduce the 'basic attack power written on your card' by (\d+) \(during the turn, treat this reduced value as"
         r" the digimon's 'basic attack power'\)", lambda m: [_Eff(f"base-{m.group(1)}")]),
        # "add 50 to your A, B and C attack power": every printed attack
        (r"(?:further )?add (\d+) to (?:each of )?your a, b,? and c attack(?: powers?)?",
         lambda m: [_Eff(f"base+{m.group(1)}")]),
        # "add 50 to the attack power of your Digimon with the ability "sky""
        # round 9c: "… of your Digimon with the ability "grappling" or "proud"" (Juga-maru Bx-31): the disjoint rows of
        # the alternatives (keyword=X; keyword=Y & keyword!=X), an addition once
        (rf"(?:further )?add (\d+) to the attack power of your digimon with the ability {_KW} or {_KW}",
         lambda m: [_Eff(f"atk+{m.group(1)}", tuple(r)) for r in
                    _or_rows([[f"keyword={_kw(m.group(2))}"], [f"keyword={_kw(m.group(3))}"]])]),
        (rf"(?:further )?add (\d+) to the attack power of your digimon with the ability {_KW}",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"keyword={_kw(m.group(2))}",))]),
        (rf"(?:further )?add (\d+) to the attack power of your digimon belonging to {_FIELD_RE}",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"field={_FIELDS[m.group(2).lower()]}",))]),
        (rf"(?:further )?add (\d+) to the attack power of your {_ATTR_RE} attribute digimon",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"attr={_ATTRS[m.group(2).lower()]}",))]),
        (rf"(?:further )?add (\d+) to the attack power of your {_LVLIST} digimon",
         lambda m: [_Eff(f"atk+{m.group(1)}", tuple(_lv_or_fail("level", m.group(2))))]),
        (r"(?:further )?add (\d+) to the attack power of your digimon", lambda m: [_Eff(f"atk+{m.group(1)}")]),
        # round 9c: "(When your attack is B,) your attack power becomes the same as your attack A" (High Speed Plug-In H
        # Bo-445): the attack used counts the printed A number (base_a; C-CALC-1's base, modifiers then apply to it)
        (r"your attack power becomes the same as your attack a", lambda m: [_Eff("base_a")]),
        # "(If they have the word 'Fighter' in their names,) further add 300 to their attack power": "they" are
        # the own Digimon of the sentence before ("their" alone may be the opponent's: only after "further")
        (r"further add (\d+) to their attack power", lambda m: [_Eff(f"atk+{m.group(1)}", further=True)]),
        # "add 300 to the attack power of your Digimon with "Norimon" in its group, or with "Locomon" in its name":
        # the group (group=, a part of the data's Group) or the name (name~), disjoint rows
        (r"(?:further )?add (\d+) to the attack power of your digimon with ['\"]([\w .:\-]+)['\"] in its group,? or with"
         r" ['\"]([\w .:\-]+)['\"] in its name",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"group={m.group(2).strip()}",)),
                    _Eff(f"atk+{m.group(1)}", (f"name~{m.group(3).strip()}", f"group!={m.group(2).strip()}"))]),
        # "add 400 to the C attack power of your Digimon with the ability "grappling"": the printed C number
        # (base), while attacking with C
        (rf"(?:further )?add (\d+) to the {_BT} attack power of your digimon with the ability {_KW}",
         lambda m: [_Eff(f"base+{m.group(1)}", (f"attack={m.group(2).upper()}", f"keyword={_kw(m.group(3))}"))]),
        # "add 200 to the attack power of your Digimon with the word "Knight" in its type" (a word of it: type~)
        (r"(?:further )?add (\d+) to the attack power of your digimon with the word ['\"]([A-Za-z]+)['\"] in (?:its|their) type",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"type~{m.group(2)}",))]),
        # "add 400 to the attack power of your Digimon with 'Mode' in their names" (name~)
        (r"(?:further )?add (\d+) to the attack power of your digimon with (?:the word )?['\"]([\w .:\-]+)['\"] in (?:its|their) names?",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"name~{m.group(2).strip()}",))]),
        # "add 100 to the attack power of your Cyborg type and Machine type Digimon": a Digimon of one of
        # the species (disjoint rows, exact for an addition)
        (rf"(?:further )?add (\d+) to the attack power of your (?P<t>{_SPECIES} type(?:(?:,| and|, and| or|, or) {_SPECIES} type)+)"
         r" digimon", lambda m: _species_alts(m)),
        # round 7: "add 20 to the attack power of your and your opponent's Plant and Insect Digimon" (Organic Fertilizer
        # Bo-48): both sides, each a Digimon of one of the species (disjoint rows, exact for an addition)
        (rf"(?:further )?add (?P<n>\d+) to the attack power of (?:both )?your and (?:your |the )?opponent's"
         rf" (?P<t>{_SPECIES}(?: type)?(?:(?:,| and|, and| or|, or) {_SPECIES}(?: type)?)+) digimon", lambda m: _both_species(m)),
        # "all Digimon on your sheet" / "the Digimon in your Digimon Box": only the battling one has an
        # attack power that counts (the support's own number is never compared)
        (r"(?:further )?add (\d+) to the attack power of all (?:of the )?digimon on your sheet"
         r"(?: \(including the attack power modifications provided by support digimon\))?",
         lambda m: [_Eff(f"atk+{m.group(1)}")]),
        # "add 200 to the attack power of all red frame Digimon on your sheet (including this card)": the
        # battling Digimon's attack when it is such a Digimon
        (r"(?:further )?add (\d+) to the attack power of all (?:of the |of your )?(?:(?P<d>.+?) digimon on your sheet"
         r"|digimon on your sheet (?:belonging|that belong) to (?:the )?(?P<d2>.+?))(?: \(including this (?:card|digimon)\))?",
         lambda m: [_Eff(f"atk+{m.group(1)}", tuple(_own_desc(m.group("d") or m.group("d2"))))]),
        # "halve the attack power of the opponent's blue frame Digimon after taking into account effects …"
        (r"halve the (?:final )?attack power of the opponent's (?P<d>.+?) digimon,? after (?:taking into account|all)"
         r" (?:the )?effects and (?:special )?abilities", lambda m: [_Eff("halve_opp", tuple(_opp_desc(m.group("d"))))]),
        (rf"(?:further )?add (\d+) to the attack power of all (?:of )?(?:the )?digimon (?:with the ability {_KW} on your sheet"
         rf"|on your sheet with the ability {_KW})(?: \(including this (?:card|digimon)\))?",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"keyword={_kw(m.group(2) or m.group(3))}",))]),
        # "reduce the attack power of the opponent's Level III and Level IV Digimon by 100", "… of all Vaccine
        # attribute Digimon on the opponent's sheet …" (only the battling Digimon's attack counts)
        (r"(?:you may )?(?:reduce|lower) the attack power of (?:all (?:of )?)?(?:the opponent's (?P<d>.+?) digimon|(?P<d2>.+?) digimon on the"
         r" opponent's sheet) by (?P<n>\d+)(?: until the end of the battle phase)?",
         lambda m: [_Eff(f"opp_atk-{m.group('n')}", tuple(_opp_desc(m.group("d") or m.group("d2"))))]),
        # "reduce the attack power of all Virus attribute Digimon by 300": both sides' (own and opponent's)
        (r"(?:reduce|lower) the attack power of all (?P<d>.+?) digimon by (?P<n>\d+)",
         lambda m: [_Eff(f"opp_atk-{m.group('n')}", tuple("opp_" + c for c in own)), _Eff(f"atk-{m.group('n')}", tuple(own))]
         if (own := _support_desc(m.group("d"))) else None),
        # "divide the opponent's final attack power by 2, after …" (halve_opp)
        (r"divide the opponent's final attack power by 2,? after (?:taking into account|all) (?:the )?effects and (?:special )?abilities",
         lambda m: [_Eff("halve_opp")]),
        # "the opponent's B attack power goes to zero": zero_opp when it attacks with B; "its A, B and C
        # attack all go to zero": zero_opp
        (rf"the opponent's (?:attack {_BT}|{_BT} attack)(?: power)? (?:goes|go|becomes) (?:to )?(?:zero|0)",
         lambda m: [_Eff("zero_opp", (f"opp_attack={(m.group(1) or m.group(2)).upper()}",))]),
        (r"(?:its|their|the opponent's) a, b,? and c attacks? (?:all )?(?:go|goes|become) (?:to )?(?:zero|0)", lambda m: [_Eff("zero_opp")]),
        # "this Digimon's A will not go to zero due to the effects of the opponent Level III Digimon's attack"
        (rf"(?:this digimon's |your )?a (?:will not|cannot|does not) go to (?:zero|0) due to the effects of the opponent(?:'s)? {_LVLIST}"
         r" digimon's attack", lambda m: [_Eff("no_zero", tuple(_lv_or_fail("opp_level", m.group(1))))]),
        (rf"(?:further )?add (\d+) to the attack power of all (?:of the )?digimon with the ability {_KW} on your sheet",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"keyword={_kw(m.group(2))}",))]),
        (r"(double|triple|quadruple|quintuple) the attack power of the digimon in your digimon box",
         lambda m: [_Eff(f"atk*{_MULT[m.group(1).lower()]}")]),
        (rf"(?:reduce|decrease) {_YOUR_ATK} by (\d+)|subtract (\d+) from {_YOUR_ATK}",
         lambda m: [_Eff(f"atk-{m.group(1) or m.group(2)}")]),
        # "double / triple your attack power"
        (rf"(double|triple|quadruple|quintuple) {_YOUR_ATK}", lambda m: [_Eff(f"atk*{_MULT[m.group(1).lower()]}")]),
        (rf"{_YOUR_ATK} (?:is|becomes) (doubled|tripled)",
         lambda m: [_Eff(f"atk*{ {'doubled': 2, 'tripled': 3}[m.group(1).lower()] }")]),
        # "add to your Digimon's attack power 800 if its attack is A, 500 if its attack is B, or 300 if its
        # attack is C": one row per attack (they exclude each other)
        (r"add to your digimon's attack power (\d+) if its attack is ([abc]), (\d+) if its attack is ([abc]),? or (\d+)"
         r" if its attack is ([abc])",
         lambda m: [_Eff(f"atk+{m.group(i)}", (f"attack={m.group(i + 1).upper()}",)) for i in (1, 3, 5)]),
        # "add 100 to your attack power after your attack becomes B" (a card whose attack=B row comes first):
        # the addition to the B attack, while the attack is B
        (rf"add (\d+) to your attack power after your attack becomes {_BT}",
         lambda m: [_Eff(f"atk+{m.group(1)}", (f"attack={m.group(2).upper()}",))]),
        # round 12d: "change your Digimon's battle type to either 'A', 'B', or 'C'" (Re-74), "you may change your Battle Type
        # to A, B, or C" (CD-3): the own battle type, the player's pick (bt_pick; the opponent's attack follows, C-TYPE-1)
        (r"(?:you may )?change your (?:digimon's )?battle type to (?:either )?'?a'?, '?b'?,? or '?c'?",
         lambda m: [_Eff("bt_pick")]),
        # round 13f: "(if you make your attack A,) add the effect 'C>0' to your attack" (Defense Plug-In C St-300): 'C>0' is
        # "C→0" as round 11e read 'A>0' (C-TYPE-2's "A→0"): c_zero, the opponent's C attack goes to 0 while this side
        # attacks with A (the engines test the two attacks in the final attack)
        (r"add the effect '?c>0'? to your attack", lambda m: [_Eff("c_zero")]),
        # round 13f: "you may reduce your lost points by 20 (it cannot become zero however)" (Bo-920): self_lost-N, not
        # below 10 (a reduction of the own loss only helps: always taken)
        (r"(?:you may )?reduce your lost points by (\d+) \((?:however, )?it cannot become zero(?: however)?\)",
         lambda m: [_Eff(f"self_lost-{m.group(1)}")]),
        # "the opponent's attack becomes B regardless of your battle type" (opp_attack=)
        (rf"the opponent's attack becomes {_BT}(?:,? regardless of (?:your|the|its) battle type)?",
         lambda m: [_Eff(f"opp_attack={m.group(1).upper()}")]),
        # "your attack becomes C" / "you can make your attack A regardless of the opponent's battle type";
        # "… your attack A or C …": one row per letter (a Digimon's ◎ abilities only, see _effect_sentence)
        (rf"(?:you can |you may )?(?:make )?your attack (?:becomes |to be |be )?{_BT}(?: or {_BT})?"
         r"(?:,? regardless of (?:the |your )?opponent's battle type)?",
         lambda m: [_Eff(f"attack={x.upper()}") for x in m.groups() if x]),
        # round 6: "you can make your attack A, B, or C regardless of the opponent's battle type" (an option's pick)
        (r"(?:you can |you may )?make your attack (?:either )?a, b,? or c(?:,? regardless of (?:the |your )?opponent's battle type)?",
         lambda m: [_Eff(f"attack={x}") for x in "ABC"]),
        # round 7, Golden Banana Bo-349: "regardless of the opponent's battle type, you can make your attack either A, B, or C,
        # depending on which one has the highest attack power written on your card (if any of them have the same attack
        # power, you can choose between either of them)": attack_high (the printed columns; a tie is the player's pick)
        (r"(?:regardless of (?:the |your )?opponent's battle type, )?(?:you can |you may )?make your attack either a, b,? or c,?"
         r" depending on which one has the highest attack power written on your card \(if any of them have the same attack"
         r" power, you can choose between either of them\)", lambda m: [_Eff("attack_high")]),
        # "you can make A your attack regardless of the opponent's battle type" (the same, other word order)
        (rf"(?:you can |you may )?make {_BT}(?: or {_BT})? your attack(?:,? regardless of (?:the |your )?opponent's battle type)?",
         lambda m: [_Eff(f"attack={x.upper()}") for x in m.groups() if x]),
        # "your A cannot go to zero (due to the effects of attack C)": immune to A->0 (C-TYPE-2)
        # ("C … due to attack A", "B … due to attack B" are vacuous: only C carries a zeroing effect here)
        (r"(?:your |its |this digimon's |the |your digimon's )?(?:attacks? )?(?:a|a and c|a or c|a, b,? and c|a, b,? or c)(?: attacks?)?(?: power)?"
         r"(?: of the digimon in your digimon box)?"
         r" (?:cannot|will not|can't|does not) (?:go|become) (?:to )?(?:zero|0)"
         r"(?: (?:due to|by|as a result of) (?:the )?(?:effects? of )?(?:of )?(?:(?:its |the opponent's |an )?attacks? c(?:,? (?:b,? )?or a)?"
         r"|\(a goes to 0\)))?", lambda m: [_Eff("no_zero")]),
        # "This Digimon cannot receive any attack power modifications" (XV-mon Bo-259): immune_mod, own and
        # the opponent's modifications alike (seed 003 §3.5)
        (r"this digimon cannot receive any attack power modifications", lambda m: [_Eff("immune_mod")]),
        # "you are not affected by "A goes to zero"": the C effect's zeroing (no_zero, C-TYPE-2)
        (r"you are not affected by [\"'“]a goes to (?:zero|0)[\"'”]", lambda m: [_Eff("no_zero")]),
        # "you cannot receive the effects of A?0" (the data's "?" for the arrow of "A→0") / "… of the opponent's
        # (A goes to 0)": the C attack's zeroing (C-TYPE-2) does not reach the own A
        (r"you (?:cannot|can't|become unable to) receive the effects? of (?:the opponent's )?(?:a ?[?→>] ?0|\(a goes to (?:0|zero)\))",
         lambda m: [_Eff("no_zero")]),
        # -- the opponent's attack ---------------------------------------------------------
        # round 9c: "(your A cannot go to zero and) 100 is added to your attack power" (Gargomon Bo-295)
        (r"(\d+) is added to your attack power", lambda m: [_Eff(f"atk+{m.group(1)}")]),
        # round 9c: "lower the attack power of all of the opponent's Digimon by 100" (Venom Vamdemon St-296): only the
        # battling Digimon's attack power is compared (as "all Digimon on your sheet")
        (r"lower the attack power of all of the opponent's digimon by (\d+)", lambda m: [_Eff(f"opp_atk-{m.group(1)}")]),
        (rf"(?:reduce|decrease) {_OPP_ATK} by (\d+)|subtract (\d+) from {_OPP_ATK}",
         lambda m: [_Eff(f"opp_atk-{m.group(1) or m.group(2)}")]),
        (rf"halve {_OPP_ATK}", lambda m: [_Eff("opp_atk/2")]),
        # round 7, Berserk Sword St-383: "(if their hand contains …,) their attack is reduced by 200 (if your Digimon is a
        # Warrior or Demon Man type, further reduce their attack by 200)": "their" is the opponent there (its hand; "your
        # Digimon" beside it) — only these two phrasings
        (r"(?:the opponent's|their) attack(?: power)? is reduced by (\d+)", lambda m: [_Eff(f"opp_atk-{m.group(1)}")]),
        (r"further reduce their attack(?: power)? by (\d+)", lambda m: [_Eff(f"opp_atk-{m.group(1)}", further=True)]),
        (rf"halve {_OPP_ATK},? after (?:taking into account|all) (?:the )?effects and (?:special )?abilities"
         rf"|halve the opponent's final attack power(?:,? after (?:taking into account |all )?(?:the )?effects and (?:special )?abilities)?",
         lambda m: [_Eff("halve_opp")]),
        (rf"(?:make {_OPP_ATK} (?:0|zero)|{_OPP_ATK} becomes (?:0|zero)|reduce {_OPP_ATK} to (?:0|zero))",
         lambda m: [_Eff("zero_opp")]),
        # -- points --------------------------------------------------------------------------
        # ("reduce their points": in every card text of the data "their" is the opponent's there)
        (r"(?:immediately |further |directly )*(?:(?:reduce|lower) (?:(?:the |your )?opponent's|their) points by (\d+)"
         r"|the opponent loses (?:an additional |a further )?(\d+) points)",
         lambda m: [_Eff(f"damage({m.group(1) or m.group(2)})")]),
        (r"(?:immediately )?(?:reduce|lower) both your and (?:your|the) opponent's points by (\d+)",
         lambda m: [_Eff(f"self_damage({m.group(1)})"), _Eff(f"damage({m.group(1)})")]),
        (r"(?:immediately |further |directly )*(?:reduce|lower) the points of the opponent's (?P<d>.+?) digimon by (?P<n>\d+)",
         lambda m: [_Eff(f"damage({m.group('n')})", tuple(_opp_desc(m.group("d"))))]),
        (r"(?:immediately |you )?(?:regain|recover|restore) (\d+)(?: of your)? points|regain (\d+) of your points",
         lambda m: [_Eff(f"heal({m.group(1) or m.group(2)})")]),
        (r"(?:immediately |further |directly )*(?:reduce|lower) your (?:own )?points by (\d+)", lambda m: [_Eff(f"self_damage({m.group(1)})")]),
        # -- battle result -----------------------------------------------------------------------
        (r"the battle (?:ends in|becomes|is) a draw|make the battle (?:end in )?a draw",
         lambda m: [_Eff("force_draw")]),
        (r"(?:you )?cannot receive (?:the )?effects that (?:cause|make) the battle (?:to )?(?:end in|become) a draw"
         r"|the battle cannot be made a draw", lambda m: [_Eff("no_force_draw")]),
        (r"double (?:the|your) opponent's lost points", lambda m: [_Eff("lost*2")]),
        # round 9c: "(you may) double the lost points that the opponent takes" (Ultimate Brachimon Sx-47)
        (r"double the lost points that the opponent takes", lambda m: [_Eff("lost*2")]),
        # round 9c: "discard four Level III Digimon cards from your hand and triple the opponent's Lost Points (until the end
        # of the turn)" (Digitamamon Bo-1134): the discard of matching cards is the cost (discard_if with the row filter)
        (rf"discard (?P<k>{_N}) level iii digimon cards? from your hand,? and triple the opponent's lost points"
         r"(?: until the end of the turn)?",
         lambda m: [_Eff("lost*3", costs=(f"discard_if({_num(m.group('k'))})",), filters=("level=III",))]),
        # round 9c: "discard two cards from your hand and add the top two cards of your Net Ocean to your hand" (Wisemon
        # Bo-1004, Mistymon Bo-1005): a draw paid for by the discard
        (rf"discard (?P<k>{_N}) cards? from your hand,? and add the top (?P<n>{_N}) cards? of your net ocean to your hand",
         lambda m: [_Eff(f"draw({_num(m.group('n'))})", costs=(f"discard({_num(m.group('k'))})",))]),
        (r"(double|triple) the lost points of the opponent's (?P<d>.+?) digimon",
         lambda m: [_Eff(f"lost*{_MULT[m.group(1).lower()]}", tuple(_opp_desc(m.group("d"))))]),
        (r"the opponent's attacks? a, b,? and c (?:go|become) (?:to )?(?:zero|0)", lambda m: [_Eff("zero_opp")]),
        # round 6, Defense Plug-In G: "all of the opponent's basic attacks A, B and C written on the card become zero": the
        # printed numbers (zero_opp zeroes the base attack, C-CALC-1)
        (r"all of the opponent's basic attacks a, b,? and c written on the card become (?:zero|0)", lambda m: [_Eff("zero_opp")]),
        # "when you win the battle, add 20 to the opponent's lost points" (lost+N: applied when this side wins)
        (r"(?:you may )?add (\d+) to the opponent's lost points", lambda m: [_Eff(f"lost+{m.group(1)}")]),
        (r"triple (?:the|your) opponent's lost points", lambda m: [_Eff("lost*3")]),
        # -- options and abilities -----------------------------------------------------------
        (r"invalidate (?:and send )?one of the opponent's program option cards(?: to the dark area)? before it takes effect"
         r"(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_program")]),
        (r"(?:you |your digimon )?(?:cannot|can't|becomes? unable to) receive the effects of the opponent's (item|program|field)"
         r" option cards", lambda m: [_Eff("immune_options", (f"card:optype={m.group(1).capitalize()}",))]),
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
        # "invalidate one of the opponent's Program or Item Option cards before it takes effect": one
        # negation of either type (negate_option on the types named)
        (r"invalidate one of (?:the|your) opponent's (?P<t>program or item|item or program) option cards before (?:it takes|they take)"
         r" effect(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_option", ("card:optype!=Field",))]),
        # round 13e: "Invalidate one of the Program or Field Option cards used by the opponent before it takes effect, and
        # send it to the Dark Area" (Izumi Koshiro (1) Re-15t): the same negation, of the two types named
        (r"invalidate one of the program or field option cards used by the opponent before it takes effect(?:,? and send it"
         r" to the dark area)?", lambda m: [_Eff("negate_option", ("card:optype!=Item",))]),
        (r"invalidate one of (?:the|your) opponent's program option cards before (?:it takes|they take) effect"
         r"(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_program")]),
        (r"invalidate one of (?:the|your) opponent's option cards before (?:it takes|they take) effect(?:,? and send it to the dark area)?",
         lambda m: [_Eff("negate_option")]),
        # "(you may) reduce your points by 10 and add 300 to your attack power": the points are the cost
        (r"(?:directly )?(?:reduce|lower) your (?:own )?points by (?P<k>\d+),? and (?P<a>(?:add|double|triple|lower) .+)", _points_then),
        # "discard one card from your hand and invalidate …": the negation paid for by the discard
        (rf"discard (?P<k>{_N}) (?P<w>digimon card|card)s? from your hand,? and (?P<a>invalidate .+)", _discard_then),
        (r"invalidate one of the opponent's item option cards(?:,? and send it to the dark area)?(?: before it takes effect)?"
         r"(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_item")]),
        (r"invalidate one of the opponent's (?:item, program,? or field|program, item,? or field|option) (?:option )?cards"
         r" before it takes effect(?:,? and send it to the dark area)?", lambda m: [_Eff("negate_option")]),
        # "(including cards currently in effect)" (Qinglongmon Bo-342): every card of the slots, face-up ones too
        (r"send all (?:of )?(?:the )?(?:cards|option cards) in (?:your |the )?opponent's (?:option )?slots"
         r"(?: \(including cards currently in effect\))? to the dark area", lambda m: [_Eff("opp_slots_clear")]),
        (r"send all (?:of )?(?:the )?(face-up|face-down) (?:option )?cards in (?:your |the )?opponent's (?:option )?slots"
         r" to the dark area", lambda m: [_Eff(f"opp_slots_clear({'up' if m.group(1).lower() == 'face-up' else 'down'})")]),
        # round 9a: "invalidate one of the opponent's 'Dark City' cards and send it to the Dark Area" (Bo-512 …): the card
        # leaves (so "invalidate" needs no reading of its own) and is an active one, opp_clear(1) with its name; every
        # card so named is a Field, active since its Evolution phase (tests/test_translate.py checks the data)
        (r"invalidate one of (?:the|your) opponent's '(?P<n>[^\"]+?)' cards?,? and send it to the dark area",
         lambda m: [_Eff("opp_clear(1)", filters=(f"name={_fix_name(m.group('n'))}",))]),
        # round 9a: one face-down card of the opponent's slots, unseen (opp_down_one: a blind pick).  "Choose one": the
        # chooser cannot see the face-down cards, so its pick is as blind; "either your or your opponent's slots" (Bo-158):
        # the opponent's (a face-down option does nothing, C-OPT-2, and the own slot cards can be discarded in Preparation
        # anyway, C-OPT-1: removing the own never helps the user)
        (r"(?:send one (?:of the )?face-down cards? (?:in|from) (?:either your or )?(?:your |the )?opponent's (?:option )?slots"
         r" to the dark area|choose one face-down card (?:in|from) (?:your |the )?opponent's (?:option )?slots and send it to"
         r" the dark area)(?:,? without (?:checking|looking at) its contents)?", lambda m: [_Eff("opp_down_one")]),
        (r"send all (?:of )?(?:the )?cards in the opponent's hand and (?:option )?slots to the dark area",
         lambda m: [_Eff("opp_wipe")]),
        # "send one currently active Field Option card in the opponent's slots to the Dark Area", "choose one …
        # and send it …", "send (up to two / all) currently activated (red frame Item) Option cards in the opponent's
        # slots (on your opponent's sheet) with the word 'X' in its name …": opp_clear(N) with the filter (engine 6)
        (r"(?:you can |you may )?(?:choose|send) (?P<n>one|two|up to two|all(?: of the)?)"
         r" (?:currently )?(?:active|activated) (?P<d>(?:red|blue|gold) frame(?: (?:item|program|field))?|field|item|program)?"
         r" ?(?:option )?cards? (?:in (?:your |the )?opponent's slots|on your opponent's sheet)"
         r"(?: with the words? '(?P<w>[^']+)' in (?:its|their) names?)?(?: and send (?:it|them))? to the dark area",
         _opp_clear),
        # discarding from one's own hand as an effect ("After that, choose one card … and send it …")
        (rf"(?:choose|select) {_N} cards? from your hand,? and send (?:it|them) to the dark area"
         rf"|send {_N} cards? from your hand to the dark area", lambda m: [_Eff(f"discard({_num(m.group(1) or m.group(2))})")]),
        # per-count effects ("for every card you discard …, add N to your attack power (M cards max)")
        (rf"for (?:every|each) (?P<w>digimon card|card) you discard from (?:the top of )?your (?P<src>hand|net ocean),? add (?P<n>\d+) to your attack power"
         r"(?: \((?P<mx>\d+) cards? max\))?", _per_count),
        (rf"add (?P<n>\d+) to your attack power for (?:every|each) (?P<w>digimon card|card) you discard from your (?P<src>hand|net ocean)"
         r"(?: \((?P<mx>\d+) cards? max\))?", _per_count),
        # "for every Level III Digimon card / Zhuqiaomon card / Digimon belonging to Deep Savers (that) you
        # discard from your hand, add N …": per_discard_if with the row filter
        (r"for (?:every|each) (?P<d>.+?) (?:that )?you discard from your hand(?P<d2> (?:with|that has|containing) [^,]+?)?,?"
         r" add (?P<n>\d+) (?:to )?your attack power"
         r"(?: \((?P<mx>\d+) cards? max\))?", _per_discard_desc),
        # round 10c: "For every Digimon card you discard from your hand, reduce the opponent's attack power by 30" (Archelomon
        # Bo-291), "… lower the opponent's attack power by 60 (3 cards max)" (Waru Monzaemon St-368), "… belonging to Wind
        # Guardians that you discard …, you may lower …" (Diatrymon Bo-1189): opp_per_discard_if with the row filter
        (r"(?:during (?:the )?battle, )?for (?:every|each) (?P<d>.+?) (?:that )?you discard from your hand,? (?:you may )?"
         r"(?:reduce|lower) the opponent's attack power by (?P<n>\d+)(?: \((?P<mx>\d+) cards? max\))?", _opp_per_discard),
        # "discard one Digimon card from your hand and double your attack power (1 card max)"
        (rf"discard (?P<k>{_N}) (?P<w>digimon card|card)s? from your hand,? and (?:(?P<mul>double|triple) your attack power"
         r"|add (?P<add>\d+) to your attack power) \((?P<mx>\d+) cards? max\)", _discard_and),
        # the same without "(N cards max)", for a multiplication only: doing it again changes nothing
        # (the last atk*K applies, C-CALC-1), so one paid use is exact; an addition could stack
        (rf"discard (?P<k>{_N}) (?P<w>digimon card|card)s? from your hand,? and (?P<mul>double|triple) your attack power",
         lambda m: [_Eff(f"atk*{_MULT[m.group('mul').lower()]}",
                         costs=(f"discard_digimon({_num(m.group('k'))})" if m.group("w").lower().startswith("digimon")
                                else f"discard({_num(m.group('k'))})",))]),
        # "discard 3 cards from your Net Ocean, and add 200 / send 10 or more cards from the top of your Net
        # Ocean to the Dark Area and quintuple" (a ◎ row is used once per turn; more cards add nothing)
        (rf"(?:discard|send) (?P<k>{_N})(?P<more> or more)? cards? from (?:the top of )?your net ocean(?: to the dark area)?,? and"
         r" (?:(?P<mul>double|triple|quadruple|quintuple) your attack power|add (?P<add>\d+) to your attack power)",
         lambda m: [_Eff(f"atk*{_MULT[m.group('mul').lower()]}" if m.group("mul") else f"atk+{m.group('add')}",
                         costs=(f"mill({_num(m.group('k'))})",))] if not (m.group("more") and m.group("add")) else None),
        # "discard one Zhuqiaomon card / one red frame card / one Digimon card belonging to Virus Busters
        # from your hand and triple your attack power": a cost on the matching cards (discard_if)
        (rf"discard (?:either )?(?P<k>{_N}) (?P<w>.+?)(?: from your hand(?P<w2> (?:belonging to|with|that) .+?)?)?,? and (?:you (?:can|may) )?"
         r"(?:(?P<mul>double|triple|quadruple|quintuple) your attack power"
         r"|add (?P<add>\d+) to your (?:(?P<col>[abc]) )?attack power|make your attack (?P<bt>[abc]) regardless of the opponent's"
         r" battle type|(?:immediately )?(?:reduce|lower) the opponent's points by (?P<dmg>\d+))"
         r"(?P<cw> when facing [^(]+?)?(?: \((?P<mx>\d+) cards? max\))?", _discard_filtered),
        # "show the opponent one Xmon card from your hand, and add N / triple …": cost ``show`` (the card
        # stays in hand; one card shown, one use)
        (r"show (?:the opponent |your opponent )?(?:one|a|an) (?P<w>.+?) (?:from|in) your hand(?: to (?:the|your) opponent)?,? and"
         r" (?:(?P<mul>double|triple|quadruple|quintuple) your attack power|add (?P<add>\d+) to your attack power)", _show_and),
        # round 10a: "show your whole hand to your opponent, and if it contains an Ofanimon card / if there is a Digimon
        # belonging to 'Deva' in your hand, double your attack power" (Justimon (1) Bo-67t, Beelzebumon Bo-821): the
        # cost ``show`` of the matching card (showing the rest of the hand changes nothing in a game)
        (r"show your whole hand to (?:your|the) opponent,? and if (?:it contains (?:an? |one )?(?P<w>.+?)|there is (?:an? |one )?"
         r"(?P<w2>.+?) in your hand),? (?:(?P<mul>double|triple|quadruple|quintuple) your attack power|add (?P<add>\d+) to your"
         r" attack power)", _show_whole),
        # round 13e: "For every DORUgoramon, Ouryumon, Dinotigermon, or Alphamon card in your hand (multiple cards with the
        # same name are counted as one card each), add 300 to your attack power" (Concentration of New Power Bx-8s): a name
        # counts once, so one row per name, each on a card of that name in hand at the use (use_hand:, held)
        (rf"for every ({_NAME_ALT}), ({_NAME_ALT}), ({_NAME_ALT}),? or ({_NAME_ALT}) card in your hand \(multiple cards with"
         r" the same name are counted as one card each\),? add (\d+) to your attack power",
         lambda m: [_Eff(f"atk+{m.group(5)}", (f"use_hand:name={_fix_name(m.group(k))}",)) for k in range(1, 5)]),
        # "send one Xmon card from your hand to your support box, and add N to your attack power": cost ``place``
        # (the card is not a support Digimon, seed 003 §3.4)
        (rf"(?:send|place|move) (?:one |an? )(?P<w>.+?) (?:card )?from your hand (?:in)?to your support box,? and"
         r" (?:add (?P<add>\d+) to your (?P<base>basic )?attack power|(?P<mul>double|triple|quadruple) your attack power)",
         _place_and),
        # "the Digimon in your Digimon box can make their attack A regardless of …" / "add N to the basic attack
        # power of the Digimon in your Digimon Box" (said by a card that may also act from the support box)
        (rf"the digimon in your digimon box (?:can|may) make (?:their|its) attack {_BT}(?:,? regardless of (?:the |your )?opponent's"
         r" battle type)?", lambda m: [_Eff(f"attack={m.group(1).upper()}")]),
        (r"(?:further )?add (\d+) to the basic attack power of the digimon in your digimon box", lambda m: [_Eff(f"base+{m.group(1)}")]),
        # "Add 50 to the attack power of your Level III Digimon, and 100 to … your Level IV Digimon"
        (rf"add (\d+) to the attack power of your {_LVLIST} digimon,? and (\d+) to the attack power of your {_LVLIST} digimon",
         lambda m: [_Eff(f"atk+{m.group(1)}", tuple(_lv_or_fail("level", m.group(2)))),
                    _Eff(f"atk+{m.group(3)}", tuple(_lv_or_fail("level", m.group(4))))]),
        (r"(?:all of )?the (?:special )?abilities of the opponent(?:'s digimon)? (?:become|are) (?:invalidated|void)"
         r"|the opponent(?:'s digimon)? loses (?:all of )?its special abilities|invalidate the opponent's special abilities",
         lambda m: [_Eff("void_abilities")]),
        # "the opponent Digimon loses the ability "sky"": opp_lose rows
        (rf"(?:the |your )?opponent(?:'s)?(?: digimon)? loses? the abilit(?:y|ies) ({_KW}(?:(?:,? and |, ){_KW})*)",
         lambda m: [_Eff(f"opp_lose({_kw(w)})") for w in re.findall(_KW, m.group(1))]),
        # "you gain the abilities "sky" and "proud"" (an option's, or a conditional ability): gain rows
        (rf"(?:you gain|your digimon gains|you obtain|gain) the abilit(?:y|ies) ({_KW}(?:(?:,? and |, ){_KW})*)",
         lambda m: [_Eff(f"gain({_kw(w)})") for w in re.findall(_KW, m.group(1))]),
        # round 13b: "(if your Digimon has …,) it also gains the ability "grappling" and has 100 added to its attack power"
        # (Aero Wing Bo-543): "it" is the own Digimon of the condition
        (rf"it also gains the ability ({_KW}) and has (\d+) added to its attack power",
         lambda m: [_Eff(f"gain({_kw(m.group(2))})"), _Eff(f"atk+{m.group(3)}")]),
        # -- cards -------------------------------------------------------------------------------
        # "Draw 4 cards from your Net Ocean. If any of them are <cards>, you may add those cards to your
        # hand. Shuffle the remaining cards back into your Net Ocean": search(4) with a filter
        (rf"draw (?:the top )?{_N} cards? (?:from (?:the top of )?your net ocean)?\. if any of (?:them|the cards|those cards)"
         r" (?:are|is) (?P<f>[^,]+), you may add (?:those cards|them|it|those) to your hand\. shuffle the remaining cards"
         r" (?:back )?into your (?:net ocean|deck)", _search),
        # round 11d: "Draw 5 cards from the top of your Net Ocean, and add to your hand any cards belonging to the category
        # 'Chosen Children' or the group 'Infected Digimon'. Shuffle …" (Re-08t): search(5), the filter's alternatives
        (rf"draw {_N} cards? from the top of your net ocean,? and add to your hand any cards belonging to the"
         r" (?:category|group) '([^']+)' or the (?:category|group) '([^']+)'\. shuffle the remaining cards (?:back )?into"
         r" your (?:net ocean|deck)",
         lambda m: [_Eff(f"search({_num(m.group(1))})", filters=(f"group={m.group(2)} or group={m.group(3)}",))]),
        # round 13e: "Draw 9 cards from the top of your Net Ocean, and add to your hand the card 'Dancing Time!!', or any
        # cards belonging to the category 'Chosen Children' (2 cards max). Shuffle …" (Re-16t): search(9,2), the top two
        # matches (the player's pick of two among more: the top ones, as search takes them)
        (rf"draw {_N} cards? from the top of your net ocean,? and add to your hand the card '([^']+)',? or any cards"
         r" belonging to the (?:category|group) '([^']+)' \((\d) cards max\)\. shuffle the remaining cards (?:back )?into"
         r" your (?:net ocean|deck)",
         lambda m: [_Eff(f"search({_num(m.group(1))},{m.group(4)})",
                         filters=(f"name={_fix_name(m.group(2))} or group={m.group(3)}",))]),
        (rf"draw (?:the top )?{_N} cards?(?: (?:from|of) (?:the top of )?your net ocean)?(?:,? and add (?:it|them) to your hand)?"
         r"|draw the top card (?:of|from) your net ocean(?:,? and add it to your hand)?",
         lambda m: [_Eff(f"draw({_num(m.group(1) or '1')})")]),
        # "Stack 3 cards from your Net Ocean onto your point gauge, and you can choose to add 0-2 cards from
        # either your Net Ocean, Dark Area, or point gauge to your hand" (Bx-169): gauge_mill + tutor (the
        # players never take back a gauge card: it would lower their own gauge count — a legal choice)
        (rf"stack {_N} cards? from (?:the top of )?your net ocean onto your point gauge"
         rf"(?:,? and you (?:can|may) choose to add 0-(?P<t>\d) cards from either your net ocean, dark area,? or point gauge"
         r" to your hand)?",
         lambda m: [_Eff(f"gauge_mill({_num(m.group(1))})")] + ([_Eff(f"tutor({m.group('t')})")] if m.group("t") else [])),
        (rf"send (?:the top )?{_N} cards? (?:from the top )?(?:from|of) (?:the|your) opponent's net ocean to the dark area",
         lambda m: [_Eff(f"opp_mill({_num(m.group(1))})")]),
        # round 10a: "Choose one Digimon card from your Dark Area and add it to your hand" (Bo-162); "Choose one Level III
        # Digimon card and one Level IV Digimon card from your Dark Area and add them to your hand" (CD-14): dark_to_hand(1)
        # per card named, each with its filter (as many as the Dark Area holds)
        # round 11d: "Check the contents of your Dark Area, and if there are any Meicoomon or Meicrackmon Vicious Mode cards,
        # add them to your hand (1 card max). Shuffle the remaining cards back into your Dark Area" (Re-56t): one card of
        # either name (the Dark Area's order serves only dark_to_hand's pick of the last card to arrive: no shuffle row)
        (rf"check the contents of your dark area,? and if there are any ({_NAME_ALT}) or ({_NAME_ALT}) cards,? add them to"
         r" your hand \((?:1|one) card max\)\. shuffle the remaining cards back into your dark area",
         lambda m: [_Eff("dark_to_hand(1)", filters=(f"name={_fix_name(m.group(1))} or name={_fix_name(m.group(2))}",))]),
        # round 12b (open question 15): "Only when your Digimon is either XV-mon or Stingmon, you may send one Level IV
        # Digimon card from your hand to the Dark Area, and evolve your Digimon into either the Paildramon or Dinobeemon
        # card in your hand" (Vj-5, Vj-8, Vj-10): the sent card stands for the Jogress partner (seed 003 §3.2.2.1 ex. 2),
        # the card's text is the whole requirement: evolve_now into a hand card of either name, cost discard_iv(1), one
        # row under name=A/B (the card's last evolve_now row acts: no disjoint rows)
        (rf"only when your digimon is either ({_NAME_ALT}) or ({_NAME_ALT}), you may send one level iv digimon card from"
         rf" your hand to the dark area,? and evolve your digimon into either the ({_NAME_ALT}) or ({_NAME_ALT}) card in"
         r" your hand",
         lambda m: [_Eff("evolve_now", conds=(f"name={_fix_name(m.group(1))}/{_fix_name(m.group(2))}",),
                         costs=("discard_iv(1)",),
                         filters=(f"name={_fix_name(m.group(3))} or name={_fix_name(m.group(4))}",))]),
        (r"choose (?:one|1) digimon card from your dark area,? and add it to your hand",
         lambda m: [_Eff("dark_to_hand(1)", filters=("kind=Digimon",))]),
        # round 13e: "Add one of the Digimon cards currently stacked on your point gauge to your hand (this effect cannot be
        # used to add to your hand the card that was placed on the point gauge at the start of the game)" (Re-11t):
        # gauge_to_hand(1), never the gauge's first card (DM-SET-1)
        (r"add one of the digimon cards currently stacked on your point gauge to your hand \(this effect cannot be used to"
         r" add to your hand the card that was placed on the point gauge at the start of the game\)",
         lambda m: [_Eff("gauge_to_hand(1)", filters=("kind=Digimon",))]),
        (rf"choose (?:one|1) (?P<a>{_LV}) digimon card and (?:one|1) (?P<b>{_LV}) digimon card from your dark area,? and add"
         r" them to your hand",
         lambda m: _dark_levels(m.group("a"), m.group("b"))),
        (rf"choose {_N} cards? (?:at random )?from the opponent's hand(?: without looking(?: at them)?)?"
         rf",? and send (?:it|them) to the dark area(?: without (?:looking at|checking) (?:it|them|its contents|their contents))?",
         lambda m: [_Eff(f"opp_discard({_num(m.group(1))})")]),
        # -- evolution -----------------------------------------------------------------------------
        # "… evolve your Level III Digimon into a Level IV Digimon": one level up from a given level
        (rf"ignore (?:the |your )?evolution requirements and evolve your (?P<a>{_LV}) digimon into (?:a |an )?(?P<b>{_LV}) digimon"
         r"(?: in your (?:hand|evolution box))?", _evolve_from_to),
        # ("… into a Perfect level or Hybrid level Digimon": a Hybrid is never in a simulated deck, DM-DECK-3)
        # (round 10d: "Ignore all evolution requirements and evolve your Digimon into an Ultimate level Digimon in your
        # Digimon box", Ta-1: the same one step, from a Perfect; its "Digimon box" is the box the step comes from)
        (rf"ignore (?:the |your |all )?evolution requirements and evolve your digimon into (?:a |an )?(?P<b>{_LV})"
         r"(?: or hybrid(?: level)?)? digimon(?: in your (?:hand|evolution box|digimon box))?", _evolve_from_to),
        # "allows your Level III Digimon to evolve into a Level IV Digimon, ignoring evolution requirements"
        (rf"allows? your (?P<a>{_LV}) digimon to evolve into (?:a |an )?(?P<b>{_LV}) digimon,? ignoring (?:the |its )?evolution"
         r" requirements", _evolve_from_to),
        # round 10b: "Ignore the evolution requirements of your Level III or Level IV Digimon and evolve it into a Perfect
        # level Digimon in your evolution box" (What Awaits After Evolution CD-9): evolve_ignore into the level of its
        # row's level filter, from a lower level (a Level III jumps two levels, as an evolve_levels card's step may)
        (r"ignore the evolution requirements of your level iii or level iv digimon and evolve it into a perfect level"
         r" digimon in your evolution box", lambda m: [_Eff("evolve_ignore", ("level<=IV",), filters=("level=Perfect",))]),
        # round 10b: "Ignore the evolution requirements and evolve your Digimon into a Digimon of the next level, or ignore
        # the fusion requirements and fuse your Digimon into a Digimon of the next level (through Armor Evolution,
        # excluding Digimon that have to be fused with the Digimental of Miracles or Fate)" (Aim for the Strongest
        # Evolution! St-605): evolve_ignore's next level, Armor forms too but those of Miracles / Fate (armor!=mf)
        (r"ignore the evolution requirements and evolve your digimon into a digimon of the next level, or ignore the fusion"
         r" requirements and fuse your digimon into a digimon of the next level \(through armou?r evolution, excluding"
         r" digimon that have to be fused with the digimental of miracles or fate\)",
         lambda m: [_Eff("evolve_ignore", filters=("armor!=mf",))]),
        # round 10b: "Ignore the fusion requirements and fuse your Level III Digimon into a Level IV Digimon with 'Armor
        # Evolution' in its fusion requirements (excluding fusion with the Digimentals of Miracles/Fate)" (Metal Armor
        # Bo-400): evolve_ignore's one step up into an Armor form (filter armor=plain)
        (r"ignore the fusion requirements and fuse your level iii digimon into a level iv digimon with '?armou?r"
         r" evolution'? in its fusion requirements \(excluding fusion with the digimentals of miracles/fate\)",
         lambda m: [_Eff("evolve_ignore", ("level=III",), filters=("armor=plain",))]),
        (r"ignore (?:the |your )?evolution requirements and evolve (?:your digimon )?(?:in)?to (?:a digimon of )?the next level"
         r"(?: digimon)?(?: in your hand)?", lambda m: [_Eff("evolve_ignore")]),
        # "Ignore all evolution requirements and evolve your Digimon into a Digimon of the next level (currently
        # placed) in your evolution box": the target placed in the Evolution Box in Preparation is evolve_ignore's
        # step (docs/engine.md, DM-EVO-5)
        (r"ignore all evolution requirements and evolve your digimon into a digimon of the next level"
         r"(?: currently placed)? in your evolution box", lambda m: [_Eff("evolve_ignore")]),
        # "You gain the field icon 'Virus Busters'", "Your Digimon gains the Nightmare Soldiers field icon" (engine 6)
        (rf"(?:you gain|your digimon gains) the field icon '?{_FIELD_RE}'?|your digimon gains the {_FIELD_RE} field icon",
         lambda m: [_Eff(f"gain_field({_FIELDS[(m.group(1) or m.group(2)).lower()]})")]),
        # round 7: "Send the opponent's Digimon (with 'Unknown' in its type) to the Dark Area" (Berenjena Bo-645): its box
        # Digimon, never the Level III under it (DM-L3-1), when it matches (opp_box_dark with a row filter)
        (r"send the opponent's (?:non-level iii )?digimon(?: with (?:the word )?'(?P<w>[A-Za-z]+)' in (?:its|their) type)?"
         r" to the dark area", lambda m: [_Eff("opp_box_dark", filters=(f"type~{m.group('w')}",) if m.group("w") else ())]),
        # round 9c: "Send your or the opponent's Ultimate level Digimon to the Dark Area, and revert it to the Level III
        # Digimon that it was before evolution" (Lost Memories Re-55t), "Return your or your opponent's Level IV Digimon
        # back to the Level III Digimon it was before evolving(, without any conditions)" (That Was a Good Time St-57):
        # the player picks the side (box_dark_pick); the top card goes to the Dark Area (St-57 names no place: decided,
        # the Dark Area, where Re-55t sends it), the Level III under it stays (DM-L3-1).  Only levels above III.
        (r"(?:send your or (?:the|your) opponent's (?P<a>level iv|perfect level|ultimate level) digimon to the dark area,"
         r" and revert it to the level iii digimon that it was before evolution"
         r"|return your or (?:the|your) opponent's (?P<b>level iv|perfect level|ultimate level) digimon back to the level"
         r" iii digimon it was before evolving(?:, without any conditions)?)",
         lambda m: [_Eff("box_dark_pick", filters=(
             "level=" + {"level iv": "IV", "perfect level": "Perfect", "ultimate level": "Ultimate"}[
                 (m.group("a") or m.group("b")).lower()],))]),
        # round 8: "(you may) send one of the opponent's support Digimon to the Dark Area" (Gairyu Daijin Bx-69), "Send all
        # of the opponent's support Digimon (and face-up cards in their slots) to the Dark Area" (Slot Spiral Bx-70): the
        # one support Digimon a player has (DM-BAT-2; a card a cost placed in the support box is none, seed 003 §3.4)
        # "… support Digimon belonging to Nature Spirits" (Delumon Bo-714), "the opponent's red frame support Digimon … as many
        # times as you want" (Armagemon Bo-1013: one support a turn, DM-BAT-2, so one use removes every one): the row filter
        (rf"send (?:one of |all of |any number of )?the opponent's (?:(?P<c>red|blue|gold) frame )?support digimon"
         rf"(?: belonging to {_FIELD_RE})? to the dark area(?: as many times as you want)?",
         lambda m: [_Eff("opp_support_dark", filters=tuple(
             ([f"frame={m.group('c').capitalize()}"] if m.group("c") else [])
             + ([f"field={_FIELDS[m.group(2).lower()]}"] if m.group(2) else [])))]),
        (r"send all (?:of )?the opponent's support digimon and face-up cards in their slots to the dark area",
         lambda m: [_Eff("opp_support_dark"), _Eff("opp_slots_clear(up)")]),
        # "send your whole / entire hand to the Dark Area", "… the opponent's whole hand …" (engine 6)
        (r"send your (?:whole|entire) hand to the dark area", lambda m: [_Eff("discard_hand")]),
        (r"(?:choose to )?send the opponent's (?:whole|entire) hand to the dark area", lambda m: [_Eff("opp_discard_hand")]),
        # round 6: "Check the opponent's hand, and send all red frame Option cards in their hand to the Dark Area" (Dukemon's
        # Revelation Bx-77): opp_discard_hand with a filter (the check itself does nothing)
        (r"check (?:the contents of )?(?:your |the )?opponent's hand,? and send all (red|blue|gold) frame (option|digimon) cards?"
         r" in their hand to the dark area",
         lambda m: [_Eff("opp_discard_hand", filters=(f"frame={m.group(1).capitalize()}", f"kind={m.group(2).capitalize()}"))]),
        # "send the top 3 cards of your Net Ocean to the Dark Area" as an effect (after another one)
        (rf"send the top {_N} cards? (?:of|from) your net ocean to the dark area", lambda m: [_Eff(f"mill({_num(m.group(1))})")]),
        # "Cracker": "Your opponent draws 3 cards from the top of their Net Ocean. For every Option card
        # that they draw, reduce their points by 10. After that, return the drawn cards … and shuffle"
        (rf"(?:have )?(?:your |the )?opponent (?:draws?|to draw) {_N} cards? from the top of their net ocean\. for every option"
         r" card (?:that )?(?:they draw|is drawn|drawn),? (?:immediately )?reduce (?:their|the opponent's) points by (\d+)"
         r"(?:\. after that, return the drawn cards to (?:the|their) net ocean and shuffle (?:them|it)"
         r"| \(return the drawn cards to (?:the|their) net ocean and shuffle (?:them|it)\))",
         lambda m: [_Eff(f"opp_reveal({_num(m.group(1))},{m.group(2)})")]),
        # "During the turn, even if you lose the battle, the Digimon that used this card does not get
        # sent to the Dark Area, and your points do not get reduced"
        (r"(?:during the turn, )?even if you lose the battle, (?:the digimon that used this card|your digimon) does not get sent"
         r" to the dark area,? and your points do not get reduced", lambda m: [_Eff("no_loss")]),
    ]
    return [(re.compile(p, re.I), b) for p, b in R]


def _card_filters(desc: str) -> list[str] | None:
    """A card description ("Digimon with 'Greymon' in their names", "a Zhuqiaomon card", "red frame
    card") → the filters of a row filter (at most 2), None when it is not expressible."""
    d = re.sub(r"^(?:a |an |one )", "", desc.strip(), flags=re.I)
    if m := re.fullmatch(r"digimon(?: cards?)? with '([\w .:\-]+)' in (?:its|their) names?", d, re.I):
        return ["kind=Digimon", f"name~{m.group(1).strip()}"]
    if m := re.fullmatch(rf"digimon(?: cards?)? (?:belonging|that belongs?) to {_FIELD_RE}|{_FIELD_RE} digimon(?: cards?)?", d, re.I):
        return ["kind=Digimon", f"field={_FIELDS[(m.group(1) or m.group(2)).lower()]}"]
    if m := re.fullmatch(r"cards? belonging to the ['\"]([\w :\-]+)['\"] category", d, re.I):
        return [f"group={m.group(1).strip()}"]
    if m := re.fullmatch(rf"cards? belonging to (?:the )?{_GROUP_RE}", d, re.I):
        return [f"group={_GROUPS[m.group(1).lower()]}"]
    if m := re.fullmatch(r"cards? containing (?:the word )?['\"]([\w .:\-!]+)['\"](?: in (?:its|their) names?)?", d, re.I):
        return [f"name~{m.group(1).strip()}"]
    if m := re.fullmatch(r"(item|program|field) option cards?", d, re.I):
        return ["kind=Option", f"optype={m.group(1).capitalize()}"]
    if m := re.fullmatch(r"(digimon|option) cards? with (?:the word )?['\"]([\w .:\-!]+)['\"] in (?:its|their) names?", d, re.I):
        return [f"kind={m.group(1).capitalize()}", f"name~{m.group(2).strip()}"]
    if m := re.fullmatch(r"digimon cards? with the word ['\"]([A-Za-z]+)['\"] in (?:its|their) types?", d, re.I):
        return ["kind=Digimon", f"type~{m.group(1)}"]
    if m := re.fullmatch(rf"{_ATTR_RE} attribute digimon cards?", d, re.I):
        return ["kind=Digimon", f"attr={_ATTRS[m.group(1).lower()]}"]
    if m := re.fullmatch(rf"{_SPECIES} type digimon cards?", d, re.I):  # round 10a: "one Puppet type Digimon card" (Bo-902)
        return ["kind=Digimon", f"species={_species(m.group(1))}"]
    if (m := re.fullmatch(rf"({_LV}) digimon cards?", d, re.I)) and len(lv := _levels(m.group(1))) == 1 and "Hybrid" not in lv:
        return ["kind=Digimon", f"level={lv.pop()}"]
    if m := re.fullmatch(r"digimon cards? with the ability [\"']([^\"']+)[\"']", d, re.I):
        return ["kind=Digimon", f"keyword={_kw(m.group(1))}"]
    if (m := re.fullmatch(r"['\"]([^'\"]+)['\"](?: cards?)?|((?-i:[A-Z])[\w\-]*(?: (?:(?-i:[A-Z0-9])[\w\-!.]*|of|the))*) cards?", d)) \
            and not re.search(r"\b(?:digimon|option|frame|level|attribute|type)\b", m.group(2) or "", re.I):
        return [f"name={_fix_name((m.group(1) or m.group(2)).strip())}"]
    if m := re.fullmatch(rf"(red|blue|gold) frame (digimon )?cards?|(red|blue|gold) frame (digimon)", d, re.I):
        if m.group(3):
            return ["kind=Digimon", f"frame={m.group(3).capitalize()}"]
        return (["kind=Digimon"] if m.group(2) else []) + [f"frame={m.group(1).capitalize()}"]
    if m := re.fullmatch(r"(digimon|option) cards?", d, re.I):
        return [f"kind={m.group(1).capitalize()}"]
    return None


_NAME_ALT = r"(?-i:[A-Z])[\w\-]*(?: (?-i:[A-Z0-9])[\w\-!.]*)*"


def _card_filter_alts(desc: str) -> list[list[str]] | None:
    """A card description that may name alternatives ("Mihiramon, Andiramon or Majiramon card",
    "Digimon card belonging to Nature Spirits or Unknown") → one filter list per alternative."""
    d = re.sub(r"^(?:a |an |one )", "", desc.strip(), flags=re.I)
    if (f := _card_filters(d)) is not None:
        return [f]
    if m := re.fullmatch(r"(['\"][^'\"]+['\"]|[A-Z][\w\-]*mon)(?: card)? or one (['\"][^'\"]+['\"]|[A-Z][\w\-]*mon) cards?", d):
        out = [_card_filters(x.strip()) for x in (m.group(1), m.group(2) + " card")]
        return out if all(out) else None
    if m := re.fullmatch(rf"((?:{_NAME_ALT})(?:, {_NAME_ALT})*,? or {_NAME_ALT}) cards?", d):
        names = [n.strip() for n in re.split(r",? or |, ", m.group(1))]
        if any(re.search(r"\b(?:digimon|option|frame|level|attribute|type)\b", n, re.I) for n in names):
            return None
        return [[f"name={_fix_name(n)}"] for n in names]
    if m := re.fullmatch(r"digimon cards? with ((?:'[\w .:\-]+'(?:, )?)+,? or '[\w .:\-]+') in (?:its|their) names?", d, re.I):
        # "… with 'A', 'B' or 'C' in its name": one filter per text (a card whose name holds two of them is
        # still one card: it counts once, for one of the rows)
        return [["kind=Digimon", f"name~{x.strip()}"] for x in re.findall(r"'([^']+)'", m.group(1))]
    if m := re.fullmatch(r"hybrid level digimon cards?,? or (.+)", d, re.I):
        return _card_filter_alts(m.group(1))  # a Hybrid card is never in a simulated deck (DM-DECK-3)
    if m := re.fullmatch(rf"digimon(?: cards?)? belonging to ({_FIELD_RE}(?:,? or {_FIELD_RE})+)", d, re.I):
        return [["kind=Digimon", f"field={_FIELDS[f.lower()]}"] for f in re.findall(_FIELD_RE, m.group(1), re.I)]
    return None


def _dark_levels(a: str, b: str) -> list[_Eff] | None:
    """Round 10a: one dark_to_hand(1) per level named ("one Level III … and one Level IV Digimon card"; two levels, no
    Hybrid level)."""
    lv = [_levels(a), _levels(b)]
    if any(len(x) != 1 or not x <= set(_ORDER) for x in lv) or lv[0] == lv[1]:
        return None
    return [_Eff("dark_to_hand(1)", filters=(f"level={next(iter(x))}",)) for x in lv]


def _search(m: re.Match) -> list[_Eff]:
    f = _card_filters(m.group("f"))
    if not f:
        raise _Fail("deck-manipulation")
    return [_Eff(f"search({_num(m.group(1))})", filters=tuple(f))]


def _per_count(m: re.Match) -> list[_Eff]:
    mx = m.group("mx")
    if m.group("src").lower() == "net ocean":
        if m.group("w").lower() != "card":
            raise _Fail("per-count")
        op = "per_mill"
    else:
        op = "per_discard_digimon" if m.group("w").lower().startswith("digimon") else "per_discard"
    return [_Eff(f"{op}({m.group('n')}{',' + mx if mx else ''})")]


def _per_discard_desc(m: re.Match) -> list[_Eff]:
    """per_discard_if(N[,M]) | filter: … for the cards a description names.  "X, Y or Z card" (names
    or fields, which one filter cannot join) without a maximum: one ◎ row per alternative — each
    counts its own cards and adds N per card, so together they add N per matching card discarded,
    any number, as the text does; with a maximum the rows could exceed it together: unmodeled."""
    alts = _card_filter_alts(m.group("d") + (m.group("d2") or ""))
    if not alts:
        raise _Fail("per-count")
    mx = m.group("mx")
    if len(alts) > 1 and mx:
        raise _Fail("per-count")
    op = f"per_discard_if({m.group('n')}{',' + mx if mx else ''})"
    return [_Eff(op, filters=tuple(f)) for f in alts]


def _opp_per_discard(m: re.Match) -> list[_Eff]:
    """Round 10c: opp_per_discard_if(N[,M]) | filter: … (one description, one row: its count is the player's)."""
    alts = _card_filter_alts(m.group("d"))
    if not alts or len(alts) > 1:
        raise _Fail("per-count")
    mx = m.group("mx")
    return [_Eff(f"opp_per_discard_if({m.group('n')}{',' + mx if mx else ''})", filters=tuple(alts[0]))]


def _opp_clear(m: re.Match) -> list[_Eff]:
    n = {"one": 1, "two": 2, "up to two": 2}.get(m.group("n").lower(), 0)  # "all": 0, every matching card
    filters = []
    if d := m.group("d"):
        words = d.lower().split()
        if words[-1] == "frame" or len(words) == 3:
            filters.append(f"frame={words[0].capitalize()}")
        if words[-1] != "frame":
            filters.append(f"optype={words[-1].capitalize()}")
    if w := m.group("w"):
        filters.append(f"name~{w.strip()}")
    if len(filters) > E.MAX_FILTERS:
        raise _Fail("option-interaction")
    return [_Eff(f"opp_clear({n})", filters=tuple(filters))]


@dataclass(frozen=True)
class _NeedOp:  # the clause only means something next to an effect of this operation (checked in _assemble)
    op: str
    label: str


def _draw_loss(m: re.Match, ctx: _Ctx) -> list:
    n, k = int(m.group("n")), int(m.group("m"))
    if ctx.digimon or k <= n:
        return [_U("points")]
    return [_Eff(f"damage({k - n})", when="draw"), _NeedOp("force_draw", "points")]


_RESULT_OPS = ("heal(", "self_damage(", "damage(")


def _every_result(m: re.Match, ctx: _Ctx) -> list:
    heads = _action(m.group("a") or m.group("a2"))
    if ctx.digimon or not heads or any(not h.op.startswith(_RESULT_OPS) or h.costs for h in heads):
        return [_U("points")]
    conds = tuple(_parse_cond(m.group("c"))) if m.group("c") else ()
    return [_Eff(h.op, h.conds + conds, t) for t in ("win", "lose", "draw") for h in heads]


def _opp_type_words(m: re.Match, ctx: _Ctx) -> list | None:
    if re.search(r"\binstead\b", m.group("a"), re.I):
        return None  # round 10c: "…, add 600 to your attack power instead of 200" is an _Instead (_instead_alts)
    heads = _action(m.group("a"))
    if not heads or not all(h.op.startswith(_IDEMPOTENT) for h in heads):
        return [_U("condition")]
    words = [w.strip() for q in re.findall(r"'([^']+)'", m.group("w")) for w in q.split("/")]
    if not all(re.fullmatch(r"[A-Za-z\-]+", w) for w in words):
        return [_U("condition")]
    return [_Eff(h.op, h.conds + (f"opp_type~{w.capitalize()}",), h.when, h.further, h.costs, h.filters)
            for w in words for h in heads]


# round 10a: the attack modification of another option card, by name → (its printed addition, the conditions of its row):
# "Mega Hand" Bo-43 "when facing an opponent with the ability "sky", add 50" (tests/test_translate.py checks it)
_OTHER_MODS = {"mega hand": (50, ("opp_keyword=sky",))}


def _changed_mod(m: re.Match, ctx: _Ctx) -> list | None:
    """Round 10a: "When you use this card at the same time as 'Mega Hand', change the attack modifications of Mega
    Hand to '+300'" (Giga Hand St-595): +(300 - 50) under Mega Hand's own conditions, once for each face-up Mega Hand
    (slot_up, slot_up[2]: this card holds the third slot)."""
    if ctx.digimon:
        return None
    name = _fix_name(m.group("n"))
    if name.lower() == (ctx.name or "").lower() or name.lower() not in _OTHER_MODS or int(m.group("v")) <= _OTHER_MODS[name.lower()][0]:
        return [_U("option-interaction")]
    old, conds = _OTHER_MODS[name.lower()]
    add = f"atk+{int(m.group('v')) - old}"
    return [_Eff(add, (f"slot_up:name={name}",) + conds), _Eff(add, (f"slot_up[2]:name={name}",) + conds)]


def _instead_alts(m: re.Match, ctx: _Ctx) -> list:
    old, new = int(m.group("old")), int(m.group("new"))
    try:
        return [_Instead(old, new, tuple(_parse_cond(m.group("c"))))]
    except _Fail:
        pass
    rows = _cond_alts(m.group("c"))
    if not rows:
        return [_U("condition")]
    return [_Instead(old, new, r) for r in rows]


def _points_then(m: re.Match) -> list[_Eff] | None:
    heads = _action(m.group("a"))
    if not heads or len(heads) != 1 or heads[0].costs:
        return None
    h = heads[0]
    return [_Eff(h.op, h.conds, h.when, h.further, (f"points({m.group('k')})",), h.filters)]


def _discard_then(m: re.Match) -> list[_Eff] | None:
    """"Discard K cards from your hand and <one negation>": the negation with its cost."""
    heads = _action(m.group("a"))
    if not heads or len(heads) != 1 or not heads[0].op.startswith("negate_"):
        return None
    k = _num(m.group("k"))
    cost = f"discard_digimon({k})" if m.group("w").lower().startswith("digimon") else f"discard({k})"
    h = heads[0]
    return [_Eff(h.op, h.conds, h.when, h.further, h.costs + (cost,), h.filters)]


def _discard_and(m: re.Match) -> list[_Eff]:
    """A discard paid for one effect: the "(N cards max)" must be the count paid (used once)."""
    k = _num(m.group("k"))
    if int(m.group("mx")) != k:
        raise _Fail("per-count")
    cost = f"discard_digimon({k})" if m.group("w").lower().startswith("digimon") else f"discard({k})"
    op = f"atk*{_MULT[m.group('mul').lower()]}" if m.group("mul") else f"atk+{m.group('add')}"
    return [_Eff(op, costs=(cost,))]


def _species_alts(m: re.Match) -> list[_Eff]:
    names = re.findall(rf"{_SPECIES} type", m.group("t"))
    rows = _or_rows([[f"species={_species(n)}"] for n in names])
    if rows is None or any(len(r) > E.MAX_CONDS for r in rows):
        raise _Fail("condition")
    return [_Eff(f"atk+{m.group(1)}", tuple(r)) for r in rows]


def _both_species(m: re.Match) -> list[_Eff]:
    """Round 7: an addition for the own and the opponent's Digimon of some species (``atk+N`` / ``opp_atk+N`` rows)."""
    names = [re.sub(r" type$", "", x.strip()) for x in re.split(r",? and |,? or |, ", m.group("t"))]
    if not all(re.fullmatch(_SPECIES, x) and not re.search(r"mon$", x) for x in names):  # a Digimon's name is not a species
        raise _Fail("attack")
    rows = _or_rows([[f"species={_species(x)}"] for x in names])
    if rows is None or any(len(r) > E.MAX_CONDS for r in rows):
        raise _Fail("condition")
    n = m.group("n")
    return [_Eff(f"atk+{n}", tuple(r)) for r in rows] + [_Eff(f"opp_atk+{n}", tuple("opp_" + c for c in r)) for r in rows]


def _own_desc(desc: str) -> list[str]:
    own = _support_desc(desc)
    if not own:
        raise _Fail("condition")
    return own


def _opp_desc(desc: str) -> list[str]:
    """"blue frame Level IV and Perfect level" (of the opponent's Digimon) → opp_ conditions."""
    own = _support_desc(desc)
    if own is None or any(c.startswith(("name~", "group=")) and False for c in own):
        raise _Fail("condition")
    return ["opp_" + c for c in own]


def _discard_filtered(m: re.Match) -> list[_Eff]:
    """Discard K matching cards (discard_if) for a multiplication (once is as good as twice, C-CALC-1),
    or for an addition / direct damage used once ("(K cards max)": each ◎ row is used once per turn).
    "Discard one Xmon or Ymon card …" names alternatives that no one filter joins: one row per
    alternative, only for a multiplication or an attack type (using a second row changes nothing, so
    the choice between the rows is the text's choice of card)."""
    k = _num(m.group("k"))
    desc = m.group("w") + (m.group("w2") or "")
    alts = _card_filter_alts(desc)
    if not alts:
        raise _Fail("hand")
    if (m.group("add") or m.group("dmg")) and (not m.group("mx") or int(m.group("mx")) != k or len(alts) > 1):
        raise _Fail("per-count")
    if len(alts) > 1 and k != 1:
        raise _Fail("hand")
    op = (f"atk*{_MULT[m.group('mul').lower()]}" if m.group("mul") else f"attack={m.group('bt').upper()}" if m.group("bt")
          else f"damage({m.group('dmg')})" if m.group("dmg") else f"atk+{m.group('add')}")
    # round 10a: "add 200 to your A attack power" (Terriermon Bo-274: the printed A, only when attacking with A, as the
    # action rule says) and "… when facing an Insect type Digimon" (Archnemon Bo-365) as the row's conditions
    conds = []
    if m.group("col"):
        op, conds = f"base+{m.group('add')}", [f"attack={m.group('col').upper()}"]
    if m.group("cw"):
        conds += _parse_cond(m.group("cw").strip()[len("when "):])
    return [_Eff(op, tuple(conds), costs=(f"discard_if({k})",), filters=tuple(f)) for f in alts]


def _show_whole(m: re.Match) -> list[_Eff] | None:
    d = m.group("w") or m.group("w2")
    if gm := re.fullmatch(rf"digimon belonging to '?{_GROUP_RE}'?", d, re.I):
        f = ["kind=Digimon", f"group={_GROUPS[gm.group(1).lower()]}"]
    else:
        f = _card_filters(d)
    if not f:
        return None
    op = f"atk*{_MULT[m.group('mul').lower()]}" if m.group("mul") else f"atk+{m.group('add')}"
    return [_Eff(op, costs=("show",), filters=tuple(f))]


def _show_and(m: re.Match) -> list[_Eff]:
    f = _card_filters(m.group("w"))
    if not f:
        raise _Fail("hand")
    op = f"atk*{_MULT[m.group('mul').lower()]}" if m.group("mul") else f"atk+{m.group('add')}"
    return [_Eff(op, costs=("show",), filters=tuple(f))]


def _place_and(m: re.Match) -> list[_Eff]:
    f = _card_filters(m.group("w").strip() + " card")
    if not f:
        raise _Fail("support-box")
    op = (f"atk*{_MULT[m.group('mul').lower()]}" if m.group("mul") else
          f"base+{m.group('add')}" if m.group("base") else f"atk+{m.group('add')}")
    return [_Eff(op, costs=("place",), filters=tuple(f))]


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

# lead-ins that change nothing ("After that, add 50 …"); those of a choice ("you may …") make a
# Digimon's ability one the player uses in a battle window (◎) rather than an automatic one
_LEAD_IN = re.compile(
    r"(?:after that|after evolution|after the evolution or fusion|after (?:this card|it) (?:is|has been) used|furthermore"
    r"|in addition|then|also|and|(?P<choice>only once during (?:the )?battle|just once|you may|you can)),?\s+",
    re.I)
_TWICE_LEAD = re.compile(r"only twice (?:during (?:the )?battle|during (?:the|a) turn|per turn),?\s+(?:you (?:may|can) )?", re.I)
_TIMES_MAX = re.compile(r"(.+?),? \((one|two|three|1|2|3) (times?|cards?) max\)", re.I)
_BATTLE_LEAD = re.compile(r"(?:during (?:the )?battle(?: phase)?|in battle|during battles|until the end of the battle phase),?\s+", re.I)
_APPEAR_LEAD = re.compile(r"(?:when|after|immediately after) (?:this (?:digimon|card) makes its appearance|you make this digimon appear"
                          r"|this digimon appears),?\s+", re.I)
# "When you fuse into this Digimon": the same moment for a Digimon reached only by fusion (the data test
# checks that every such card is a Jogress-only or out-of-scope card)
_EVOLVED_LEAD = re.compile(r"when you (?:evolve|fuse) (?:in)?to this digimon,\s+", re.I)
_CHECK_HAND_LEAD = re.compile(r"check (?:the contents of )?(?:your |the )?opponent's hand(?:;|,)? (?:and )?(?=if )", re.I)
_START_LEAD = re.compile(r"at the start of (?:the |each )?battle,?\s+", re.I)
# round 7: an option's "While this card is active, reduce …" (Digital World Crisis Bx-32): its rows hold while it is
# face-up, which is what every option's rows do (a face-up option's rows apply again at the start of each battle)
_ACTIVE_LEAD = re.compile(r"while this card is (?:active|activated),\s+", re.I)
_COND_LEAD = re.compile(r"(?:when|if|while|whenever) ([^,]+?),\s+(.*)", re.I)
# trailing condition: "add 50 to your attack power when facing a Virus attribute Digimon"
_COND_TAIL = re.compile(r"(.*?),? (?:when|if|while) ((?:facing|battling|the opponent|your|you|there is|there are).*)", re.I)
# round 9c: "… on the turn that / during which you played this card" (Bo-593, Vj-6) is the same result row: an option's
# result rows apply for the turn it was used in only (engine 5)
_WIN_LOSE = re.compile(r"(?:when|if) you (win|lose) (?:the|a|this) battle(?: on the turn (?:that|during which) you played this"
                       r" card)?|(?:when|if) (?:the|this) battle (?:ends in|is) a (draw)", re.I)
_LOSE_TO = re.compile(r"(?:when|if) you (lose) to (?:a |an )?(.+?),\s+", re.I)  # "When you lose to a blue frame Digimon, …"


def _effect_sentence(s: str, ctx: _Ctx) -> list | None:
    """An effect sentence → [_Eff …]; None when it is not an effect sentence we know."""
    s = s.strip().rstrip(".").strip()
    conds: list[str] = []
    alts: list[tuple[str, ...]] = []  # "when facing Xmon or Ymon": one row per alternative (made disjoint)
    alt_text = ""
    when = ""
    during_battle = choice = False
    times = 1
    for _ in range(6):  # strip lead-ins and leading conditions
        if ctx.digimon and (m := _TWICE_LEAD.match(s)):
            choice, times, s = True, 2, s[m.end():]
        elif m := _LEAD_IN.match(s):
            choice, s = choice or bool(m.group("choice")), s[m.end():]
        elif m := _BATTLE_LEAD.match(s):
            during_battle, s = True, s[m.end():]
        elif not ctx.digimon and (m := _ACTIVE_LEAD.match(s)):
            s = s[m.end():]
        elif m := _CHECK_HAND_LEAD.match(s):
            s = s[m.end():]  # "Check the contents of the opponent's hand; if it contains …": the check itself does nothing
        elif ctx.digimon and not when and (m := _APPEAR_LEAD.match(s)):
            when, s = "appear", s[m.end():]  # "When this Digimon makes its appearance, …"
        elif ctx.digimon and not when and (m := _EVOLVED_LEAD.match(s)):
            when, s = "evolved", s[m.end():]  # "When you evolve into this Digimon, …"
        elif not when and (m := _START_LEAD.match(s)):
            when, s = "start", s[m.end():]  # "At the start of the battle, …" (seed 003 §3.3)
        elif not when and (m := _LOSE_TO.match(s)):
            when, s = "lose", s[m.end():]
            conds += _parse_cond(f"facing a {m.group(2)}")
        elif (m := _COND_LEAD.fullmatch(s)) and (wl := _WIN_LOSE.fullmatch(m.group(0).split(",")[0])):
            when, s = (wl.group(1) or wl.group(2)).lower(), m.group(2)
        elif (m := _COND_LEAD.fullmatch(s)) and not alts and (ca := _lead_alts(s, m)):
            alts, s, alt_text = ca
        elif m := _COND_LEAD.fullmatch(s):
            c, s = _longest_cond(s, m)
            conds += c
        else:
            break
    if ctx.digimon and (m := _TIMES_MAX.fullmatch(s)) and (
            m.group(3).lower().startswith("time") or re.match(r"(?:you may )?invalidate ", m.group(1), re.I)):
        # "… (2 times max)": a ◎ ability used that many times a turn (each ◎ row is used once); a
        # negation's "(1 card max)": one card negated, once
        if times != 1:
            raise _Fail("condition")
        s, times, choice = m.group(1), _num(m.group(2)), True
    heads = _action(s)
    if times > 1 and heads is not None and any(h.op.startswith(("per_", "opp_per_")) for h in heads):
        raise _Fail("per-count")
    if heads is None and not when and (m := re.fullmatch(r"(.*?),? (?:when|if) you (win|lose) (?:the|a|this) battle", s, re.I)):
        heads = _action(m.group(1))  # "regain 20 of your points when you win the battle"
        if heads is not None:
            when = m.group(2).lower()
    if heads is None and ctx.digimon and not when and (
            m := re.fullmatch(r"(.*?),? when you make this digimon appear", s, re.I)):
        heads = _action(m.group(1))  # "regain 20 points when you make this Digimon appear"
        if heads is not None:
            when = "appear"
    if heads is None and (m := _COND_TAIL.fullmatch(s)):
        heads = _action(m.group(1))
        if heads is not None:
            conds += _parse_cond(m.group(2))
    if heads is None:
        return None
    if not ctx.digimon and ctx.timing == "battle" and any(h.op == "evolve_ignore" for h in heads):
        # in a battle window: evolve_now (from hand, docs/effect-language.md)
        if re.search(r"evolution box", s, re.I):
            raise _Fail("evolution")
        heads = [_Eff("evolve_now", h.conds, h.when, h.further, h.costs, h.filters) if h.op == "evolve_ignore" else h
                 for h in heads]
    if when == "start" and not ctx.digimon:
        raise _Fail("timing")  # an option is used in a battle window, never at the start of the battle
    if ctx.digimon and not when:
        # a Digimon's automatic ability: "During battle, when …, add 100" holds while it battles;
        # abilities phrased as a choice ("you may", "you can", "only once") are used in a window.
        # (a paid ability is always a choice)
        when = "passive" if not choice and not any(h.costs or h.op.startswith(("per_", "opp_per_")) for h in heads) and (
            during_battle or conds or alts or any(h.conds for h in heads) or _is_static(heads)) else ""
    if ctx.digimon and when == "win" and all(h.op.startswith("lost") for h in heads):
        # "when you win, add 30 to the opponent's lost points": a lost*/lost+ modifier applies exactly
        # when this side wins; a Digimon's win rows come after the loss (DM-PTS-1): passive
        when = "passive"
    if sum(h.op.startswith("attack=") for h in heads) > 1 and not ctx.digimon and not when \
            and all(h.op.startswith("attack=") and not h.conds and not h.costs for h in heads):
        # round 6: an option's "you can make your attack A or B (regardless of the opponent's battle type)": the
        # player picks one when it uses the card (attack_pick)
        heads = [_Eff("attack_pick(" + "".join(sorted({h.op[-1] for h in heads})) + ")")]
    if sum(h.op.startswith("attack=") for h in heads) > 1 and (not ctx.digimon or when or not choice):
        # "make your attack A or C": two ◎ abilities the player chooses from; an option (its rows all
        # apply) or an automatic ability cannot choose
        raise _Fail("attack")
    further = bool(re.search(r"\bfurther\b", s, re.I))
    if alts and heads and all(h.op.startswith(_IDEMPOTENT) for h in heads):
        alts = _cond_alts(alt_text, disjoint=False) or alts  # overlapping rows act once: no negations needed
    if alts:
        if further and (len(heads) != 1 or not heads[0].op.startswith(("atk+", "opp_atk-"))):  # additions only
            raise _Fail("condition")
        # "further add 300 if A, B or C": one disjoint row each, each on top of the effect before (alt)
        return [_Eff(h.op, tuple(dict.fromkeys(h.conds + tuple(conds) + a)), h.when or when, further, h.costs, h.filters,
                     times, alt=further) for a in alts for h in heads]
    if times > 1 and (when or len(heads) != 1):
        raise _Fail("condition")  # only a ◎ ability (a choice, used in a battle window) is used N times
    return [_Eff(h.op, tuple(dict.fromkeys(h.conds + tuple(conds))), h.when or when, further, h.costs, h.filters, times)
            for h in heads]


_MON = r"((?-i:[A-Z])[A-Za-z]*mon)"


def _lead_alts(s: str, m: re.Match) -> tuple[list[tuple[str, ...]], str, str] | None:
    """A leading "When <alternatives>, <rest>" (_cond_alts), the longest such condition first: (rows, rest,
    the condition's text)."""
    commas = [i for i, ch in enumerate(s) if ch == "," and i > m.start(1)]
    for i in reversed(commas):
        if (ca := _cond_alts(s[m.start(1): i])):
            return ca, s[i:].lstrip(", ").strip(), s[m.start(1): i]
    return None


# operations that change nothing when applied twice (C-CALC-1: the last multiplication wins; an attack type,
# a zeroing, a halving is set, not added): alternatives need not be made disjoint for them
_IDEMPOTENT = ("attack=", "opp_attack=", "atk*", "opp_atk*", "lost*", "zero_opp", "no_zero", "halve_opp")


def _longest_cond(s: str, m: re.Match) -> tuple[list[str], str]:
    """A leading "When <condition>, <rest>": the longest condition up to a comma that parses ("When
    facing a red frame Level III, Level IV, or Perfect level Digimon, add …"), else the shortest's
    failure."""
    commas = [i for i, ch in enumerate(s) if ch == "," and i > m.start(1)]
    for i in reversed(commas[1:]):
        if not re.match(r",\s+", s[i:]) or re.search(r"\b(?:add|double|triple|reduce|halve|send|discard|draw)\b", s[m.start(1): i], re.I):
            continue
        try:
            return _parse_cond(s[m.start(1): i]), s[i:].lstrip(", ").strip()
        except _Fail:
            continue
    return _parse_cond(m.group(1)), m.group(2)


_MON_Q = rf"{_MON}(?: (?-i:[A-Z])[A-Za-z]*)?"  # "Whamon Perfect"


def _facing_names(text: str) -> list[str] | None:
    """"facing Xmon or Ymon" / "facing Xmon, Ymon or Zmon Perfect": the names, else None."""
    if m := re.fullmatch(rf"facing (?:an? )?({_MON_Q}(?:, {_MON_Q})*,? or {_MON_Q})", text.strip(), re.I):
        return [n.strip() for n in re.split(r",? or |, ", m.group(1))]
    return None


def _cond_alts(text: str, disjoint: bool = True) -> list[tuple[str, ...]] | None:
    """A condition naming alternatives → disjoint condition tuples (one row each), else None:
    names ("facing Xmon or Ymon"), abilities ("the opponent has the ability "sky" or "underwater"":
    X, then Y & !X), attributes ("facing a Virus or Unknown attribute Digimon")."""
    if names := _facing_names(text):
        return [(f"opp_name={n}",) for n in names]
    t = text.strip()
    if m := re.fullmatch(r"(your digimon is .+?),? or is (?:a |an )?(?:fusion form|hybrid level)(?: digimon)?", t, re.I):
        # round 8: "your Digimon is a Demon Dragon type, or is a Fusion Form" (Rudri Tarpana Bo-916): a Fusion Form is a
        # Hybrid level (every such card of the data; tests/test_translate.py), never in a simulated deck (DM-DECK-3)
        try:
            return [tuple(_parse_cond(m.group(1)))]
        except _Fail:
            return None
    if m := re.fullmatch(r"(your digimon is .+?),? or is (?:a |an )?(.+)", t, re.I):
        # round 10a: "your Digimon is a Beast Man type, or is a Chackmon" (Romeo Bo-917): X, then Y & !X
        try:
            parts = [_parse_cond(m.group(1)), _parse_cond("your digimon is " + m.group(2))]
        except _Fail:
            return None
        rows = _or_rows(parts)
        return [tuple(r) for r in rows] if rows else None
    if m := re.fullmatch(rf"(?:facing (?:a |an )?(?:digimon|opponent) with|(?:the |your )?opponent(?:'s digimon)? has) the abilit(?:y|ies)"
                         rf" ({_KW}(?:,? or {_KW})+)", t, re.I):
        raw = [[f"opp_keyword={_kw(w)}"] for w in re.findall(_KW, m.group(1))]
        rows = _or_rows(raw) if disjoint else raw
        return [tuple(r) for r in rows] if rows else None
    if m := re.fullmatch(r"the opponent has the words ('[^']+'(?:, '[^']+')*,? or '[^']+') in (?:its|their) type", t, re.I):
        # round 10c: "if the opponent has the words 'Aquatic' or 'Ice-Snow' in their type" (Flaming Wings St-813): a word
        # of the species per alternative, as _opp_type_words, made disjoint (X, then Y & !X) for an addition
        words = [w.strip() for q in re.findall(r"'([^']+)'", m.group(1)) for w in q.split("/")]
        if not all(re.fullmatch(r"[A-Za-z\-]+", w) for w in words):
            return None
        raw = [[f"opp_type~{w[0].upper() + w[1:]}"] for w in words]  # the printed word ("Ice-Snow")
        rows = _or_rows(raw) if disjoint else raw
        return [tuple(r) for r in rows] if rows else None
    if (m := re.fullmatch(r"(facing .+?),? or (?:when facing )?(an? .+)", t, re.I)) and not re.search(r"\bor\b", m.group(1), re.I):
        # "facing a blue frame Ultimate level Digimon, or a red frame Digimon"
        try:
            parts = [_parse_cond(m.group(1)), _parse_cond("facing " + m.group(2))]
        except _Fail:
            parts = None
        rows = _or_rows(parts) if parts else None
        if rows:
            return [tuple(r) for r in rows]
    # round 10a: "the opponent's Digimon belongs to Dark Area or Nightmare Soldiers" (Valdurmon Bo-1187): X, then Y & !X
    if m := re.fullmatch(rf"(?:the |your )?opponent(?:'s digimon)? belongs to ({_FIELD_RE}(?:,? or {_FIELD_RE})+)", t, re.I):
        raw = [[f"opp_field={_FIELDS[f.lower()]}"] for f in re.findall(_FIELD_RE, m.group(1), re.I)]
        rows = _or_rows(raw) if disjoint else raw
        return [tuple(r) for r in rows] if rows else None
    if m := re.fullmatch(r"facing (?:a |an )?((?:vaccine|virus|data|unknown)(?:,? or (?:vaccine|virus|data|unknown))+) attribute"
                         r"(?: digimon)?", t, re.I):
        return [(f"opp_attr={w.capitalize()}",) for w in re.findall(r"vaccine|virus|data|unknown", m.group(1), re.I)]
    # "your Digimon is Data or Virus attribute" (one attribute each: disjoint rows)
    if m := re.fullmatch(r"your digimon is (?:a |an )?((?:vaccine|virus|data)(?:,? or (?:vaccine|virus|data))+) attribute(?: digimon)?",
                         t, re.I):
        return [(f"attr={w.capitalize()}",) for w in re.findall(r"vaccine|virus|data", m.group(1), re.I)]
    # "your Digimon is 'Cyborg type, Vaccine attribute and Perfect level', … or 'Machine type, Virus attribute and
    # Ultimate level'": one row per quoted profile (species, attribute, level), made disjoint (round 5)
    if m := re.fullmatch(r"your digimon is ('[^']+'(?:,? (?:or )?'[^']+')+)", t, re.I):
        raw = []
        for q in re.findall(r"'([^']+)'", m.group(1)):
            pm = re.fullmatch(rf"(?P<s>{_SPECIES}) type, (?P<a>{_ATTR_RE}) attribute,? and (?P<l>{_LV})(?: level)?", q, re.I)
            if not pm:
                return None
            raw.append([f"species={_species(pm.group('s'))}", f"attr={_ATTRS[pm.group('a').lower()]}",
                        *_lv_or_fail("level", pm.group("l"))])
        rows = _or_rows(raw) if disjoint else raw
        return [tuple(r) for r in rows] if rows and all(len(r) <= E.MAX_CONDS for r in rows) else None
    # "your Digimon is Dinosaur type, Cyborg type, or Dragon Man type" / "facing a Beast type or Bird type Digimon":
    # X, then Y & !X … (a card may have two species, "Dragon Man/Cyborg")
    # (round 7: "your Digimon is a Warrior or Demon Man type": "type" said once, after the last species)
    if m := re.fullmatch(rf"(?P<s>your digimon is|facing) (?:a |an )?(?P<t>{_SPECIES}(?: type)?(?:(?:,| or|, or) (?:an? )?{_SPECIES}"
                         rf"(?: type)?)*(?:,| or|, or) (?:an? )?{_SPECIES} type)(?: digimon)?", t, re.I):
        kind = "species" if m.group("s").lower().startswith("your") else "opp_species"
        names = [re.sub(r"^(?:an? )|\s+type$", "", x.strip()) for x in re.split(r",? or |, ", m.group("t"))]
        if any(re.search(r"mon$", x) or not re.fullmatch(_SPECIES, x) for x in names):
            return None  # a Digimon's name is not a species
        raw = [[f"{kind}={_species(n)}"] for n in names]
        rows = _or_rows(raw) if disjoint else raw
        return [tuple(r) for r in rows] if rows and all(len(r) <= E.MAX_CONDS for r in rows) else None
    return None


_STATIC_OPS = ("no_zero", "immune_options", "void_abilities", "no_force_draw", "halve_opp", "immune_mod")


def _is_static(heads: list[_Eff]) -> bool:
    return all(h.op in _STATIC_OPS for h in heads)


def _action(s: str) -> list[_Eff] | None:
    s = s.strip().rstrip(".").strip()
    for rx, build in _ACT_RULES:
        if (m := rx.fullmatch(s)) and (out := build(m)) is not None:
            return out
    # "add 300 to …, and if you win the battle, send the top 16 cards …": the second action at the timing win
    if m := re.fullmatch(r"(.+?),? and if you win the battle, (.+)", s, re.I):
        a, b = _action(m.group(1)), _action(m.group(2))
        if a is not None and b is not None and all(not x.when for x in b):
            return a + [_Eff(x.op, x.conds, "win", x.further, x.costs, x.filters, x.times) for x in b]
    # "X, and Y" / "X and Y": two actions in one sentence
    for m in re.finditer(r",? and (?:also |at the same time,? )?|, ", s):
        left, right = s[: m.start()], s[m.end():]
        a = _action_single(left)
        b = _action(right) if a is not None else None
        if a is not None and b is not None:
            return a + b
    return None


def _action_single(s: str) -> list[_Eff] | None:
    for rx, build in _ACT_RULES:
        if (m := rx.fullmatch(s.strip())) and (out := build(m)) is not None:
            return out
    return None


# =================================================================================================
# Clause rules: whole clauses (card-wide modifiers, bookkeeping, known unmodeled shapes)
# =================================================================================================

_THIS = r"(?:this card|it)"
_DA = r"(?:the dark area|the dak area|the dar area|the dard area)"  # the data's typos (round 13a: Re-76's "Dard")


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
    try:
        return [_Cond(c) for c in _parse_cond(m.group("c"))]
    except _Fail as f:
        alts = _restriction_alts(m.group("c")) or _restriction_cond_alts(m.group("c"))
        if alts is None:
            raise f
        return [_CondAlts(tuple(tuple(a) for a in alts))]


def _restriction_alts(text: str) -> list[list[str]] | None:
    """"your Digimon is Duskmon, Mercuremon, or Arbormon" / "… is a Valkyrimon, or an Ultimate level with the
    ability "proud"" / "… is Grottemon, or belongs to Nature Spirits" / "your Digimon's name contains 'Volca', or
    is a Perfect or Ultimate level Digimon": a usage restriction with alternatives → disjoint condition rows
    (_or_rows); a Hybrid level alternative is dropped (DM-DECK-3).  None: not such a text."""
    m = re.fullmatch(r"your digimon(?:'s| is| has| belongs)?\s*(?P<r>.+?)\.?", text.strip(), re.I)
    if not m or not re.search(r",? or ", m.group("r")):
        return None
    rest = m.group(0)[len("your digimon"):].strip()
    alts: list[list[str]] = []
    for part in re.split(r", or ", rest):
        part = re.sub(r"^(?:is |'s )", "", part.strip(), flags=re.I).strip().rstrip(".")
        names = [n.strip() for n in re.split(r", ", re.sub(r"^(?:an? )", "", part))]
        if all(_MON_NAME.fullmatch(n) and re.search(r"mon\b", n) for n in names):
            alts += [[f"name={_fix_name(n)}"] for n in names]
            continue
        if n := re.fullmatch(r"name contains ['\"]([\w .:\-]+)['\"]|has ['\"]([\w .:\-]+)['\"] in its name", part, re.I):
            alts.append([f"name~{(n.group(1) or n.group(2)).strip()}"])
            continue
        if n := re.fullmatch(rf"belongs to {_FIELD_RE}", part, re.I):
            alts.append([f"field={_FIELDS[n.group(1).lower()]}"])
            continue
        kw = []
        if n := re.fullmatch(rf"(.+?) with the ability {_KW}", part, re.I):
            part, kw = n.group(1), [f"keyword={_kw(n.group(2))}"]
        elif n := re.fullmatch(rf"(.+?) belonging to {_FIELD_RE}", part, re.I):
            part, kw = n.group(1), [f"field={_FIELDS[n.group(2).lower()]}"]
        if re.fullmatch(r"(?:an? )?(?:fusion|transcendent) form(?: digimon)?", part, re.I):
            continue  # round 9a: a Fusion / Transcendent Form is a Hybrid level (DM-DECK-3; a data test checks it)
        if re.fullmatch(rf"(?:an? )?{_LVLIST}(?: digimon)?", part, re.I):
            lv = _level_conds("level", _levels(part))
            if lv is None:
                continue  # Hybrid only: never the own Digimon (DM-DECK-3)
            alts.append(lv + kw)
            continue
        return None
    if not alts:
        return None
    # the negatable alternatives first ("the name does not contain" is not in the language)
    return _or_rows(alts) or _or_rows(sorted(alts, key=lambda a: len(a) != 1 or _negate(a[0]) is None))


def _restriction_cond_alts(text: str) -> list[list[str]] | None:
    """Round 6: "your points are lower than the opponent's, or if your points are 40 and below" (Skuld Terminal):
    a usage restriction of alternatives that each parse as conditions ("…, or if / when …") → disjoint rows."""
    parts = re.split(r",? or (?:if|when) ", text.strip().rstrip("."), flags=re.I)
    if len(parts) < 2:
        return None
    try:
        alts = [_parse_cond(x) for x in parts]
    except _Fail:
        return None
    return _or_rows(alts) if all(alts) else None


def _used_by(m: re.Match, ctx: _Ctx) -> list:
    """"This card can only be used by Digimon with 'dramon' in their name, and have the word 'aquatic' in
    their type" / "… by non-Virus attribute Digimon that are either Level IV or Perfect level": the own
    Digimon's description → card-wide conditions."""
    out: list[str] = []
    for part in re.split(r",? and (?:that )?|,? that (?:are|is) (?:either )?", m.group("d").strip(), flags=re.I):
        part = re.sub(r"^(?:has|have) ", "", part.strip(), flags=re.I)
        if n := re.fullmatch(r"digimon with (?:the word )?['\"]([\w .:\-]+)['\"] in (?:its|their) names?", part, re.I):
            out.append(f"name~{n.group(1).strip()}")
        elif n := re.fullmatch(r"(?:digimon with )?the words? '([A-Za-z]+)' in (?:its|their) type", part, re.I):
            out.append(f"type~{n.group(1)}")
        elif n := re.fullmatch(rf"non-{_ATTR_RE} attribute digimon", part, re.I):
            out.append(f"attr!={_ATTRS[n.group(1).lower()]}")
        elif re.fullmatch(rf"{_LVLIST}(?: digimon)?", part, re.I) and (lv := _level_conds("level", _levels(part))) is not None:
            out += lv
        else:
            return [_U("condition")]
    return [_Cond(c) for c in out]


def _cannot(m: re.Match, ctx: _Ctx) -> list:
    """"This card cannot be used when your Digimon is Level III (or …)[, or if you have no cards in your
    hand]": the negation of each alternative (a level set, or one negatable condition)."""
    out: list[str] = []
    for part in re.split(r",? or (?:if|when) ", m.group("c"), flags=re.I):
        # a D-Reaper is never the own Digimon (it only enters play by effects the engines do not perform)
        part = re.sub(r",? or d-reaper$", "", part.strip(), flags=re.I).strip()
        if re.fullmatch(rf"your digimon is (?:a |an )?{_LVLIST}(?: digimon)?", part, re.I):
            lv = _not_levels("level", _levels(part))
            if lv is None:
                raise _Fail("usage-restriction")
            out += lv
            continue
        try:
            conds = _parse_cond(part)
        except _Fail:
            raise _Fail("usage-restriction")
        neg = _negate(conds[0]) if len(conds) == 1 else None
        if neg is None:
            raise _Fail("usage-restriction")
        out.append(neg)
    return [_Cond(c) for c in out]


def _discard_cost(m: re.Match, ctx: _Ctx) -> list:
    return [_Cost(f"discard({_num(m.group('n'))})")]


def _mill_cost(m: re.Match, ctx: _Ctx) -> list:
    return [_Cost(f"mill({_num(m.group('n'))})")]


_TIMES = {"doubles": 2, "triples": 3}


def _bg(ctx: _Ctx, rows: Callable[[str], list]) -> list | None:
    """Round 11e: the rows of a Field option named for a field whose text says "the same / a different background as
    this card" (row 8's ruling: background = field), given that field's code; None elsewhere."""
    if ctx.digimon or ctx.name.lower().strip() not in _FIELDS:
        return None
    return rows(_FIELDS[ctx.name.lower().strip()])


def _gains(m: re.Match, ctx: _Ctx) -> list:
    """A Digimon's printed keywords; an option's "your Digimon gains the ability X": ``gain(x)`` rows."""
    words = [_kw(w) for w in re.findall(_KW, m.group("k"))]
    return [_Kw(w) for w in words] if ctx.digimon else [_Eff(f"gain({w})") for w in words]


# the quoted effect kinds of an option's immunity (round 6; docs/effect-language.md "Round 6")
_IMMUNE_KINDS = {
    "directly reduce the opponent's points": "immune_damage",
    "the battle ends in a draw": "immune_draw",
    "send the cards in your opponent's slots to the dark area": "immune_clear",
    "further reduce the opponent's points": "immune_further",
}


def _immune_kinds(m: re.Match, ctx: _Ctx) -> list | None:
    """Round 6: "While this card is active, you cannot receive the effects of the opponent's 'X' or 'Y'"."""
    if ctx.digimon:
        return None
    kinds = [_IMMUNE_KINDS.get(k.lower()) for k in re.split(r"'(?:,? or |, )'", m.group("k"))]
    if not kinds or None in kinds:
        raise _Fail("card-immunity")
    return [_Eff(k) for k in kinds]


def _ok_protection(m: re.Match, ctx: _Ctx) -> list:
    return [_Ok()] if ctx.activation else None  # None: not this rule, try the next ones


def _excluding_field(m: re.Match, ctx: _Ctx) -> list | None:
    eff = _effect_sentence(m.group("s"), ctx)
    if not eff or not all(any(c.startswith("opp_") for c in e.conds) for e in eff):
        return None
    cond = f"opp_field!={_FIELDS[m.group(2).lower()]}" if m.group(2) else f"opp_keyword!={_kw(m.group(3))}"
    return [_Eff(e.op, e.conds + (cond,), e.when, e.further, e.costs, e.filters) for e in eff]


def _semicolon(m: re.Match, ctx: _Ctx) -> list | None:
    out = _translate_clause(m.group("a"), ctx) + _translate_clause(m.group("b"), ctx)
    return None if any(isinstance(p, _U) for p in out) else out


def _widen(m: re.Match, ctx: _Ctx) -> list | None:
    if ctx.digimon:
        return None
    levels = _levels(m.group("lv"))
    if not levels or "Hybrid" in levels:
        return None  # "… even when facing a Hybrid level": the rule above (DM-DECK-3)
    return [_Widen(tuple(lv for lv in _ORDER if lv in levels), tuple(_parse_cond(m.group("c"))))]


def _hybrid_opponent(m: re.Match, ctx: _Ctx) -> list | None:
    if not ctx.digimon or _action(m.group("a")) is None:
        return None
    return [_Ok()]


def _named_req(m: re.Match, ctx: _Ctx) -> list:
    """A named requirement card (DM-EVO-3b, its own name).  round 8: the level steps its text allows (evolve_levels):
    "into an Alphamon with …" says no level ("any": the Digimon that name the card say from which Digimon, Alphamon
    Bx-149 "DORUmon + <this card>" from a Level III); "… of the same level …" / "a same-level Digimon" ("same");
    "of the next level or of the same level" ("next_or_same"); else the next level (DM-EVO-1)."""
    if name_key(m.group("q")) != name_key(ctx.name):
        return [_U("named-requirement")]
    g = m.groupdict()
    lvs = "any" if g.get("nm") else ("next_or_same" if g.get("ns") or g.get("ns2") else ("same" if g.get("same") or g.get("same2") else ""))
    return [_Req(lvs=lvs)]


def _same_wp_req(m: re.Match, ctx: _Ctx) -> list:
    """round 8: "Evolve your Digimon into a Digimon of the same level with Winning Percentage: 40%! or Winning
    Percentage: 60%! in its evolution requirements" (Super Fusion Plug-In Y St-815): a Winning Percentage card
    (DM-EVO-3) of the values listed (win_pct, wp_min) for a step to the same level only (evolve_levels "same"); the
    text states every cost it has (none said: none)."""
    pcts = sorted(int(x) for x in re.findall(r"(\d+)%", m.group("w")))
    if not pcts or pcts != list(range(pcts[0], pcts[-1] + 1, 20)) or pcts[0] not in (40, 60, 80):
        return [_U("evo-requirement-cost")]
    out: list = [_Req(stated=True, win_pct=pcts[-1], wp_min=pcts[0] if pcts[0] > 40 else 0, lvs="same")]
    if m.group("r"):
        out += _evolved_rows(m.group("r"), ctx)
    return out


def _named_wp_req(m: re.Match, ctx: _Ctx) -> list:
    """"Evolve your Digimon into a Digimon with 'Digimental of Fate', 'Winning Percentage: 40%!' or 'Winning
    Percentage: 60%!' in its evolution requirements": a named requirement card (DM-EVO-3b, its own name) that
    is also a Winning Percentage card (DM-EVO-3) of the highest value listed — only when the values listed are
    all those up to it (40%, 60%, …: what V >= W gives)."""
    items = re.findall(r"'([^']+)'", m.group("items"))
    return _named_wp(items, ctx)


def _named_wp(items: list[str], ctx: _Ctx) -> list:
    """A named requirement card (its own name among items) that also serves the Winning Percentage values
    listed: win_pct = the highest; when the list starts above 40% (Digimental of Miracles Bo-1147: only
    'Winning Percentage: 60%!'), wp_min = the lowest — the values must run in 20% steps (40, 60, 80)."""
    pcts = sorted(int(w.group(1)) for x in items if (w := re.fullmatch(r"winning percentage:\s*(\d+)%!", x, re.I)))
    names = [x for x in items if not re.fullmatch(r"winning percentage:\s*\d+%!", x, re.I)]
    if len(names) != 1 or name_key(names[0]) != name_key(ctx.name) or not pcts \
            or pcts != list(range(pcts[0], pcts[-1] + 1, 20)) or pcts[0] not in (40, 60, 80):
        return [_U("evo-requirement-cost")]
    # the text states every cost it has (none said: none, not DM-EVO-3's usual cost of a V% card)
    return [_Req(stated=True, win_pct=pcts[-1], wp_min=pcts[0] if pcts[0] > 40 else 0)]


_WP_LIST = r"(?:winning percentage: \d+%!(?:,? or |, )?)+"


_OX_ANY = 9  # round 10b: "the number of 'O's or 'X's … zero" (any count; the data's requirements hold at most 5 symbols)


def _ox_req(m: re.Match, ctx: _Ctx) -> list | None:
    """round 8: "Evolve your Digimon into a Digimon of the next level with 'O', 'OO', 'X', 'XX', or 'Winning Percentage:
    40%!' in its evolution requirements" (Super Evolution Plug-In S St-431; Bo-48t lists "O" only): a requirement
    card that serves a ●/X requirement (DM-EVO-2) in place of the Net Ocean's cards — of circles only up to the
    longest run of circles listed (o_max), of crosses only up to the longest of crosses (x_max; each list must run
    from one up: "O", "OO") — and the Winning Percentage values listed (DM-EVO-3: win_pct, wp_min).  A mixed
    requirement ("OX") is none of those listed."""
    items = re.findall(r"['\"]([^'\"]+)['\"]", m.group("items"))
    ox = [x for x in items if re.fullmatch(r"[OX]+", x)]
    if not ox:
        return None
    circles = sorted(len(x) for x in ox if set(x) == {"O"})
    crosses = sorted(len(x) for x in ox if set(x) == {"X"})
    if len(circles) + len(crosses) != len(ox) or circles != list(range(1, len(circles) + 1)) \
            or crosses != list(range(1, len(crosses) + 1)):
        return [_U("evo-requirement-ox")]
    rest = [x for x in items if x not in ox]
    pcts = sorted(int(w.group(1)) for x in rest if (w := re.fullmatch(r"winning percentage:\s*(\d+)%!", x, re.I)))
    if len(pcts) != len(rest) or (pcts and (pcts != list(range(pcts[0], pcts[-1] + 1, 20)) or pcts[0] not in (40, 60, 80))):
        return [_U("evo-requirement-ox")]
    # the text states every cost it has (none said: none)
    k = (len(circles), len(crosses))
    if not pcts:
        return [_Req(stated=True, ox=k)]
    return [_Req(stated=True, win_pct=pcts[-1], wp_min=pcts[0] if pcts[0] > 40 else 0, ox=k)]


def _wp_jog_req(m: re.Match, ctx: _Ctx) -> list:
    """round 7: "Evolve your Digimon into a Digimon of the next level with Winning Percentage: 40%! or Jogress
    Evolution in its evolution requirements.  In the case of Jogress Evolution, treat this card as one of the
    component Digimon." (St-749, St-750, St-930, St-100): a Winning Percentage card (DM-EVO-3) that also stands in
    for the partner of a Jogress alternative (DM-EVO-4).  A "Winning Percentage: V%!" card must list every value up
    to V (what V >= W gives); another name (Super Evolution Plug-In S St-100: only 'Winning Percentage: 60%!')
    serves the values listed (win_pct, wp_min) and states its costs."""
    pcts = sorted(int(x) for x in re.findall(r"(\d+)%", m.group("w")))
    own = re.search(r"winning percentage:?\s*(\d+)", ctx.name, re.I)
    n = m.group("n") or m.group("n2")
    k = _num(n) if n else 0
    if own:
        if pcts == list(range(40, int(own.group(1)) + 1, 20)):
            return [_Req(k, bool(n), jogress=True)]
        # round 13d: the text lists fewer values than the name (Winning Percentage: 80%!! Dg-1: 40%, 60%): the text
        # rules, as St-808's levels narrow its name (win_pct = the highest listed; tables.wp_value reads it first)
        if pcts and pcts == list(range(40, pcts[-1] + 1, 20)) and pcts[-1] < int(own.group(1)):
            return [_Req(k, bool(n), win_pct=pcts[-1], jogress=True)]
        return [_U("jogress")]
    if not pcts or pcts != list(range(pcts[0], pcts[-1] + 1, 20)) or pcts[0] not in (40, 60, 80):
        return [_U("jogress")]
    return [_Req(k, True, win_pct=pcts[-1], wp_min=pcts[0] if pcts[0] > 40 else 0, jogress=True)]


def _wp_req_levels(m: re.Match, ctx: _Ctx) -> list:
    """"Evolve your Digimon into a Perfect or Hybrid level Digimon with Winning Percentage: 40%! in its evolution
    requirements": a Winning Percentage card (DM-EVO-3) for a step into those levels only (one level up per
    step, DM-EVO-1: a Perfect from a Level IV).  The percentages listed must be the card's own and all below it
    (40%, 60%, … up to the card's value: what DM-EVO-3's V >= W gives)."""
    levels = tuple(lv for lv in _ORDER if lv in _levels(m.group("lv")) and lv != "III")
    pcts = sorted({int(x) for x in re.findall(r"(\d+)%", m.group(0))})
    own = re.search(r"winning percentage:?\s*(\d+)", ctx.name, re.I)
    if not levels or not own or pcts != list(range(40, int(own.group(1)) + 1, 20)):
        raise _Fail("evo-requirement-cost")
    n = m.group("n")
    return [_Req(_num(n) if n else 0, bool(n), levels=levels)]


def _frame_wp_now(m: re.Match, ctx: _Ctx) -> list | None:
    """Round 9b: "Evolve your Digimon into a red frame Digimon of the next level from your hand with Winning Percentage:
    40%!, Winning Percentage: 60%!, or Death-X-Evolution!! in its evolution requirements" on a battle-phase option
    (X-Evolution! Bx-35, Giga Evolution!! St-993, Death-X-Evolution!! Sx-111): ``evolve_now`` into a hand Digimon of
    that frame with an evolution alternative from the own Digimon whose only requirement is one of those listed (the
    step this card makes as a Winning Percentage card would, DM-EVO-3; filter ``wp_step``).  Only when the values
    listed are all those from 40% up to the highest (V >= W) and a name listed is the card's own."""
    if ctx.digimon or ctx.timing != "battle":
        return None
    pcts, own = [], False
    for item in re.split(r",? or |, ", m.group("items")):
        if w := re.fullmatch(r"winning percentage: (\d+)%!", item.strip(), re.I):
            pcts.append(int(w.group(1)))
        elif name_key(item) == name_key(ctx.name):
            own = True
        else:
            return None
    if not pcts or sorted(pcts) != list(range(40, max(pcts) + 1, 20)):
        return None
    return [_Eff("evolve_now", filters=(f"frame={m.group('f').title()}", f"wp_step={max(pcts)}" + ("+own" if own else "")))]


def _wp_req(m: re.Match, ctx: _Ctx) -> list:
    n = m.group("n")
    out: list = [_Req(_num(n) if n else 0, bool(n))]
    if m.group("r"):
        out += _evolved_rows(m.group("r"), ctx)
    return out


# "the evolved Digimon", "the Digimon that evolved with the use of this card" … → the own Digimon;
# "for the turn (during which evolution took place)": an ``evolved`` row holds for that turn's battle
_EVOLVED_SUBJ = (r"(?:the (?:(?:level iv|level iii|perfect level|ultimate level) )?(?:evolved digimon|digimon (?:that evolved|evolving)"
                 r"(?: (?:with|through) (?:the use of )?this (?:card|effect))?))")
_EVOLVED_REWRITE = [
    (rf"(?:the attack power of |to ){_EVOLVED_SUBJ}(?:'s attack power)?", lambda m: "your attack power" if m.group(0).startswith("the")
     else "to your attack power"),
    (rf"{_EVOLVED_SUBJ}'s (a, b,? and c|a) attack cannot go to zero", lambda m: "your a cannot go to zero"),
    (rf"{_EVOLVED_SUBJ} gains (\d+) attack power and the ability ({_KW})",
     lambda m: f"add {m.group(1)} to your attack power, and you gain the ability {m.group(2)}"),
    (rf"{_EVOLVED_SUBJ} (?:cannot|can't) receive", lambda m: "you cannot receive"),
    (r"^(?:when |if )" + _EVOLVED_SUBJ + r" (is|has|belongs)", lambda m: m.group(0).split(" ", 1)[0] + " your digimon " + m.group(1)),
]
_EVOLVED_TIME = re.compile(
    r",? ?(?:(?:only )?for the turn(?: during which (?:evolution took place|you evolved using this card|evolution occurred"
    r"|it evolved using this card|the evolution occurred))?"
    r"|until the end of the (?:battle phase of the )?turn during which (?:the )?evolution occurred|for (?:this|the) turn),? ?", re.I)


def _evolved_rows(text: str, ctx: _Ctx) -> list:
    """A sentence about the Digimon that evolved with this option → ``when: evolved`` heads."""
    if ctx.digimon:
        return None
    t = text.strip().rstrip(".")
    t = re.sub(r"^the digimon (?:evolving|that evolved) with the use of this card cannot receive the effects of '([^']+)'$",
               lambda m: f"you cannot receive the effects of '{m.group(1)}'", t, flags=re.I)
    for rx, rep in _EVOLVED_REWRITE:
        t = re.sub(rx, rep, t, flags=re.I)
    t = _EVOLVED_TIME.sub(" ", t).strip(" ,")
    t = re.sub(r"\s+", " ", t)
    t = t[:1].upper() + t[1:]
    if re.search(r"evolv|evolution", t, re.I):
        raise _Fail("evolution")
    heads = _evolved_effect(t, ctx)
    if not heads:
        raise _Fail("evolution")
    return [_Eff(h.op, h.conds, "evolved", h.further, h.costs, h.filters) for h in heads]


def _evolved_effect(t: str, ctx: _Ctx) -> list | None:
    """The heads of a rewritten evolved-Digimon sentence (an immunity to named cards included)."""
    if m := re.fullmatch(r"you cannot receive the effects of '([^']+)'", t, re.I):
        return [_Eff("immune_options", (f"card={_fix_name(m.group(1).strip())}",))]
    if m := re.fullmatch(r"you cannot receive the effects of the opponent's (blue|red) frame field cards", t, re.I):
        return [_Eff("immune_options", (f"card:frame={m.group(1).capitalize()}", "card:optype=Field"))]
    if re.fullmatch(r"your a cannot go to zero", t, re.I):
        return [_Eff("no_zero")]
    return _effect_sentence(t, ctx)


def _evolved_sentence(m: re.Match, ctx: _Ctx) -> list | None:
    if ctx.digimon or len(_sentences(m.group("s"))) != 1:
        return None
    return _evolved_rows(m.group("s"), ctx)


def name_key(name: str) -> str:
    """A card name for matching (DM-NAME-1): no case, spaces, hyphens or "(N)" suffix."""
    name = re.sub(r"\s*\(\d+\)\s*$", "", name or "")
    return re.sub(r"[\s\-]", "", name).lower()


def _ok(m: re.Match, ctx: _Ctx) -> list:
    return [_Ok()]


def _u(label: str) -> _Builder:
    return lambda m, ctx: [_U(label)]


# ---- durations: "this card remains in its slot … until <events>" (C-OPT-2, limit end events) -------
# An option face-up "until discarded" also ends on the events it names: the own Digimon losing a
# battle (``lost``), leaving its box (``leave``: evolving, dying, its lifespan's end) or the end of
# its lifespan (``lifespan``).  Being invalidated or discarded by its owner is what the engines do
# anyway (bookkeeping).  Any other event (another Field card turning face-up, the opponent's
# lifespan …) has no end event: the card stays unmodeled.
_EVOLVED_OK = ("atk", "base", "zero_opp", "no_zero", "halve_opp", "opp_atk", "immune")


_LEAVE_PHRASES = [
    (r"(?:your digimon |it |this card )?(?:is |gets )?sent to the dark area \(including when (?:it|your digimon) evolves,? or"
     r" (?:when it )?(?:reaches the end of its lifespan|dies)\)", " LEAVE "),
    (r"your digimon (?:is |gets )?sent to the dark area \(including when it loses a battle or reaches the end of its lifespan\)",
     " LOSTLEAVE "),
    (r" \(including after it evolves\)", ""),
    (r" \(this card cannot be discarded by you\)", ""),
]
_END_EVENTS = [
    (r"(?:it is |this card is |its is )?discarded(?: by you)?|you discard it", ()),
    (r"(?:it is |this card is |its is )?(?:invalidated|rendered ineffective)(?: by (?:the|your) opponent)?"
     r"|the opponent invalidates it", ()),
    (r"(?:your digimon|you|the digimon that used this card) (?:loses|lose) (?:a|the) battle", ("lost",)),
    (r"(?:(?:your digimon|it) )?reaches (?:the end of )?its lifespan|the end of your digimon's lifespan", ("lifespan",)),
    (r"LEAVE", ("leave",)),
    (r"LOSTLEAVE", ("lost", "leave")),
    # "another Field Option card turns face-up in your slots" (end event ``field``)
    (r"another field(?: option)? card turns face-up in your slots", ("field",)),
]
_END_EVENTS_RX = [(re.compile(p, re.I), e) for p, e in _END_EVENTS]


def _end_events(text: str) -> list[str]:
    """The end events of an "until …" list; raise _Fail for an event the language lacks."""
    t = text.strip().rstrip(".")
    for rx, rep in _LEAVE_PHRASES:
        t = re.sub(rx, rep, t, flags=re.I)
    ends: list[str] = []
    for part in re.split(r",? or (?:when |until )?|, (?:or )?(?:when |until )?|,? and ", t):
        part = re.sub(r"^(?:when|until) ", "", part.strip(), flags=re.I).strip()
        if not part:
            continue
        for rx, e in _END_EVENTS_RX:
            if rx.fullmatch(part):
                ends += e
                break
        else:
            raise _Fail("field-card" if re.search(r"field", part, re.I) else "lifespan" if "lifespan" in part
                        else "limit")
    return list(dict.fromkeys(ends))


def _until(m: re.Match, ctx: _Ctx) -> list:
    ends = _end_events(m.group("ev"))
    base = "turns(2)" if m.groupdict().get("two") else ""
    if not base and not ends:
        return [_Limit("discarded")]
    return [_Limit(", ".join(([base] if base else []) + [e for e in _END_ORDER if e in ends]))]


_END_ORDER = ("lost", "leave", "lifespan", "field")


def _field_end(m: re.Match, ctx: _Ctx) -> list:
    """"(However,) when another Field Option card turns face-up in your slots, send this card to the
    Dark Area": end event ``field`` added to the card's limit (see _assemble); with a leading "While
    this card remains … until <events>," the events of that duration too."""
    if ctx.digimon:
        return None
    if m.groupdict().get("ev"):
        ends = _end_events(m.group("ev"))
        return [_Limit(", ".join([e for e in _END_ORDER if e in ends] + ["field"]))]
    return [_End("field")]


_UNTIL = (
    rf"(?:while )?{_THIS} (?:remains|will remain|will stay|stays|continues|will continue)(?: in (?:its|your) slot| on your sheet)?"
    r"(?:,? and(?: and)? continues?| continues?)?(?: (?:its|their) effects?)? (?:until|till|till is) (?P<ev>[^;]+?)"
    rf"(?:, (?P<two>at the end of the turn after the turn (?:during|in) which {_THIS} was used,? send {_THIS} to {_DA}))?\.?"
)

def _digimon_only_b(make: Callable[[re.Match], _Eff]) -> _Builder:
    """_digimon_only for an effect built from the match."""
    def build(m: re.Match, ctx: _Ctx) -> list:
        if not ctx.digimon:
            raise _Fail("abilities")
        return [make(m)]
    return build


# round 10c: the sides of "for every … on <side>, add N to your attack power" (atk_per_sheet's SIDE)
_SHEET_SIDE = (r"(?P<side>the opponent's sheet|your sheet|(?:both )?your and (?:your )?opponent's sheets?"
               r"|both (?:players'|sides'|side's) sheets|both sheets)")


_SHEET_NAME = r"(?-i:[A-Z])[A-Za-z\-]*(?: (?-i:[A-Z])[A-Za-z\-]*)*mon"  # "Fla Wizarmon"


def _sheet_filters(desc: str) -> list[tuple[str, ...]] | None:
    """Round 10c: the row filters of a "for every <desc> on <side>" count (atk_per_sheet), one row each, else None:
    _sheet_filter, or names ("Wizarmon, Fla Wizarmon, or Sorcerimon": one row per name, disjoint, so the counts add
    up to the count of the alternatives)."""
    d = re.sub(r",? or (?:is )?(?:a )?hybrid level(?: digimon)?", "", desc.strip(), flags=re.I).strip()
    if re.fullmatch(rf"{_SHEET_NAME}(?:, {_SHEET_NAME})*,? or {_SHEET_NAME}", d):
        return [(f"name={n.strip()}", "kind=Digimon") for n in re.split(r",? or |, ", d)]
    f = _sheet_filter(d)
    return [f] if f else None


def _sheet_filter(desc: str) -> tuple[str, ...] | None:
    """Round 10c: the row filter of a "for every <desc> on <side>" count of Digimon (atk_per_sheet), else None.

    One printed property of a Digimon (level, ability keyword, a text of the name or a word of the type, field, group,
    whole species), with ``kind=Digimon`` (a card a ``place`` cost put in a support box may be an option); a
    ", or Hybrid level" alternative is dropped (never in play, DM-DECK-3)."""
    d = re.sub(r",? or (?:is )?(?:a )?hybrid level(?: digimon)?", "", desc.strip(), flags=re.I).strip()
    dg = r"digimon(?: cards?)?"
    if m := re.fullmatch(rf"(perfect|ultimate|level iii|level iv)(?: level)? {dg}", d, re.I):
        return (f"level={_LEVEL_WORDS[m.group(1).lower().split()[-1]]}", "kind=Digimon")
    if m := re.fullmatch(rf"{dg} (?:with|that has) the ability {_KW}", d, re.I):
        return (f"keyword={_kw(m.group(1))}", "kind=Digimon")
    if m := re.fullmatch(rf"{dg} (?:with|that has) '([A-Za-z\-]+)' in its name", d, re.I):
        return (f"name~{m.group(1)}", "kind=Digimon")
    if m := re.fullmatch(rf"{dg} (?:with|that has) (?:the word )?'([A-Za-z\-]+)' in its type", d, re.I):
        return (f"type~{m.group(1)}", "kind=Digimon")
    if m := re.fullmatch(rf"{dg} (?:that belongs?|belonging) to {_FIELD_RE}", d, re.I):
        return (f"field={_FIELDS[m.group(1).lower()]}", "kind=Digimon")
    if m := re.fullmatch(rf"{dg} (?:that belongs?|belonging) to the '{_GROUP_RE}'", d, re.I):
        return (f"group={_GROUPS[m.group(1).lower()]}", "kind=Digimon")
    if m := re.fullmatch(rf"{_SPECIES} type {dg}", d, re.I):  # (_SPECIES keeps its capitals case-sensitive)
        return (f"species={m.group(1)}", "kind=Digimon")
    return None


def _per_sheet(m: re.Match, ctx: _Ctx) -> list | None:
    """Round 10c: "For every <Digimon> on <side>, add N to your attack power": atk_per_sheet (round 9b's word, a passive
    row of a Digimon) with the filter of _sheet_filter; an option's, or a description it does not know: None (the
    other rules, or the clause's label as before)."""
    fs = _sheet_filters(m.group("d") + (m.group("d2") or "")) if ctx.digimon else None
    if not fs:
        return None
    sd = m.group("side").lower()
    side = 2 if sd.startswith("the opponent") else 1 if sd == "your sheet" else 3
    return [_Eff(f"atk_per_sheet({m.group('n')},{side})", when="passive", filters=f) for f in fs]


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


def _all_losers(m: re.Match, ctx: _Ctx) -> list:
    """Every <desc> Digimon that loses a battle loses N more: the opponent's when this side wins, this
    side's own when it loses (each under the description's conditions)."""
    if not ctx.digimon:
        return None
    own = _support_desc(m.group("d").strip())
    if own is None:
        raise _Fail("points")
    opp = [("opp_" + c) for c in own]
    n = m.group("n")
    return [_Eff(f"damage({n})", tuple(opp), "win"), _Eff(f"self_damage({n})", tuple(own), "lose")]


def _opp_warped(m: re.Match, ctx: _Ctx) -> list:
    heads = _action(m.group("a")) if ctx.digimon else None
    if not heads:
        return None
    return [_Eff(h.op, h.conds + ("opp_warped",), "opp_evolved") for h in heads]


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
    names = (re.findall(r"[\"']([^\"']+)[\"']", m.group("q")) if m.group("q")
             else [n for n in re.split(r",? or |, |,? and ", m.group("u")) if n])
    if any(re.fullmatch(r"option cards?|field option cards?", n.strip().rstrip("."), re.I) for n in names):
        return None  # "the opponent's Option cards": a general immunity (action rules)
    if not names or not all(_CARD_NAME.fullmatch(n.strip()) for n in names):
        raise _Fail("card-immunity")
    names = [n.strip().rstrip(".").strip() for n in names]
    return [_Eff("immune_options", (f"card={_fix_name(n)}",), when="passive") for n in names]


def _quoted_items(text: str) -> list[str] | None:
    """"'X', 'Y', or 'Z'" / "the cards "X" and "Y"" → the quoted texts (a quote may hold an apostrophe:
    'Let's Stop Fighting'); None when the text is not such a list."""
    t = text.strip().rstrip(".").strip()
    out = []
    while t:
        m = re.match(r"([\"'])(.+?)\1(?=$|,| and | or )", t)
        if not m:
            return None
        out.append(m.group(2).strip())
        t = re.sub(r"^(?:,? (?:and|or) |, )", "", t[m.end():])
        if t and t[0] not in "\"'" and not re.match(r"(?:,? (?:and|or) |, )", t):
            return None
    return out or None


def _ban(m: re.Match, ctx: _Ctx) -> list:
    """"The opponent cannot use the card 'X'": ``ban_options if card~X`` (a Digimon's passive row, while
    its abilities are active; an option's row, while it is face-up).  ``card~`` (the name contains the
    quoted text) because the card data quotes some titles without their leading article or final
    "!" ('Tactical Retreat!!' is "A Tactical Retreat!!", 'No Items Allowed' also "No Items Allowed!");
    tests/test_translate.py checks on the data that every quoted text names exactly one card title.
    "During battle, …": the same rows — every card these texts name is used in the battle only (the
    data test checks it)."""
    q = re.sub(r"^(?:the cards? |any (?:of the )?)", "", m.group("q").strip(), flags=re.I)
    conds: list[str] = []
    if cm := re.fullmatch(r"(?:any )?cards? (?:containing|with) the (?:word|characters|text) ['\"(](?P<w>[^'\"()]+)['\")]"
                          r"(?: in (?:their|its) names?)?", q, re.I):
        conds = [f"card~{cm.group('w').strip()}"]
    elif cm := re.fullmatch(r"(?:any )?(item|program|field) option cards,? (?P<rest>.+)", q, re.I):
        items = _quoted_items(re.sub(r"^(?:and|or) ", "", cm.group("rest")))
        if not items:
            return None
        conds = [f"card:optype={cm.group(1).capitalize()}"] + [f"card~{x}" for x in items]
    elif items := _quoted_items(q):
        conds = [f"card~{x}" for x in items]
    else:
        return None
    if any(not re.fullmatch(r"[A-Z0-9][\w!.\-:%']*(?: [\w!.\-:%'()]+)*", c.split("~", 1)[1]) for c in conds if "~" in c):
        raise _Fail("option-interaction")
    return [_Eff("ban_options", (c,), when="passive" if ctx.digimon else "") for c in conds]


def _gains_and_add(m: re.Match, ctx: _Ctx) -> list:
    """"Your Digimon gains the ability "X", and N is added to its attack power" (the addition is
    tied to the ability: when the ability is lost, so is the addition → ``if keyword=X``)."""
    k = _kw(re.findall(_KW, m.group("k"))[0])
    return [_Kw(k) if ctx.digimon else _Eff(f"gain({k})"), _Eff(f"atk+{m.group('n')}", (f"keyword={k}",))]


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
    r"(?:(?:you may |you can )?(?:send|take|move) this card (?:from your hand(?: to (?:your |the )?support box)?|to (?:your |the )?"
    r"support box from your hand),? (?:and )?|when you (?:send|move) this card from your hand to (?:your |the )?support box, )?"
    r"add (?P<n>\d+) to the attack power of (?:one of )?(?:your )?(?P<t>.+?)(?: card)?\.?", re.I)
_SUPPORT_OF = re.compile(
    r"(?:(?:when|if) (?P<c>[^,]+), )?(?:you may |you can )?(?:send|take|move) this card from your hand to (?:the support box of"
    r" (?:your |an? )?(?P<t>.+?)|(?:an? |your )?(?P<t2>[\w\- ]+?)['\"]s support box),? and add (?P<n>\d+) to"
    r" (?:its|their) attack power\.?"
    r"|(?:(?:when|if) (?P<c3>[^,]+), )?when you (?:send|move) this card from your hand to the support box of (?:your |an? )?(?P<t3>[^,]+?),"
    r" add (?P<n3>\d+) to the attack power of (?:your |the |that )?(?P=t3)\.?", re.I)
_EXCLUSIVE_KINDS = ("name", "attr", "level", "frame", "attack", "bt",  # one value per Digimon
                    "opp_name", "opp_attr", "opp_level", "opp_frame", "opp_attack", "opp_bt")
_NEGATE = {"=": "!=", "~": "!=", "!=": "=", ">=": "<", "<=": ">", ">": "<=", "<": ">="}  # type~W → type!=W
_RE_COND_STR = re.compile(r"^([a-z_]+)(!=|>=|<=|=|>|<|~)(.+)$")
_MON_NAME = re.compile(r"(?-i:[A-Z])[\w'.:]*(?: (?:(?-i:[A-Z])[\w'.:]*|-[\w ]+-|of|the))*")


def _support_desc(part: str) -> list[str] | None:
    """Conditions for one alternative of a support target ("Vaccine attribute", "Nature Spirits",
    "red frame Perfect level", "Beast Dragon type", "non-Level III"); None: not expressible."""
    part = part.strip()
    low = part.lower()
    if low in _FIELDS:
        return [f"field={_FIELDS[low]}"]
    if m := re.fullmatch(rf"{_ATTR_RE}(?:(?: |-)attribute)?", part, re.I):
        return [f"attr={_ATTRS[m.group(1).lower()]}"]
    if m := re.fullmatch(rf"(red|blue|gold) frame(?: {_LVLIST})?", part, re.I):
        return _frame_conds("", m.group(1), m.group(2))
    if m := re.fullmatch(rf"(?i:(red|blue|gold) frame) {_SPECIES} type", part):  # round 10a: "red frame Dragon Man type"
        return _frame_conds("", m.group(1), None) + [f"species={_species(m.group(2))}"]
    if m := re.fullmatch(rf"(?:the )?{_GROUP_RE}(?: group)?", part, re.I):
        return [f"group={_GROUPS[m.group(1).lower()]}"]
    if m := re.fullmatch(rf"{_LVLIST} {_ATTR_RE}(?:-| )attribute", part, re.I):
        return _attr_level("", m.group(2), m.group(1))
    if m := re.fullmatch(rf"{_ATTR_RE}(?:-| )attribute {_LVLIST}", part, re.I):
        return _attr_level("", m.group(1), m.group(2))
    if m := re.fullmatch(rf"non-{_LVLIST}", part, re.I):
        return _not_levels("level", _levels(m.group(1)))
    if re.fullmatch(rf"{_LVLIST}(?: level)?", part, re.I):
        return _level_conds("level", _levels(part))
    if m := re.fullmatch(rf"{_SPECIES} type", part):
        return [f"species={_species(m.group(1))}"]  # the whole species: "Beast" is not "Beast Man" (docs/coverage.md)
    return None


def _support_alternatives(t: str) -> list[list[str]] | None:
    """The alternatives of a support target, each a list of conditions (AND); None: not expressible."""
    t = t.strip().rstrip(".").strip()
    # a Hybrid level alternative never holds in a simulated deck (DM-DECK-3): dropped
    t = re.sub(r"^hybrid level digimon,? or ", "", t, flags=re.I)
    # round 10a: "one Digimon with 'Ange' in its name" (Patamon St-713): the battling Digimon, as "your Digimon"
    t = re.sub(r"^one (?=digimon\b)", "", t, flags=re.I)
    # round 10a: "your Ultimate level" (Omegamon St-994): a level without "Digimon"
    if re.fullmatch(rf"{_LVLIST}", t, re.I) and re.search(r"level", t, re.I):
        c = _support_desc(t)
        return [c] if c else None
    # round 10a: "your Gabumon or Digimon with the characters (Zero) in their card name" (Igamon Bo-7v): the data spells
    # those names without the parentheses ("V-dramon Zero"; tests/test_translate.py checks the names with "Zero")
    if m := re.fullmatch(r"(?P<n>[\w'.:]+mon) or digimon with the characters \((?P<x>\w+)\) in their card name", t, re.I):
        return [[f"name={m.group('n')}"], [f"name~{m.group('x')}"]]
    if m := re.fullmatch(rf"digimon with the ability ({_KW}(?:,? or {_KW})*)", t, re.I):
        return [[f"keyword={_kw(w)}"] for w in re.findall(_KW, m.group(1))]
    if m := re.fullmatch(rf"digimon belonging to (?:the )?{_GROUP_RE}(?: group)?", t, re.I):
        return [[f"group={_GROUPS[m.group(1).lower()]}"]]
    if m := re.fullmatch(rf"(?:digimon )?(?:with|containing) (?:either )?'([\w .:\-]+)'(?: or '([\w .:\-]+)')? in (?:its|their) names?",
                         t, re.I):
        return [[f"name~{x.strip()}"] for x in m.groups() if x]
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


def _disjoint(a, b) -> bool:
    """Two rows' conditions that can never hold together: a one-valued property with two values, or a condition and
    its negation (the disjoint rows of alternatives, _or_rows)."""
    return _exclusive(list(a), list(b)) or any(_negate(x) in b for x in a) or any(_negate(y) in a for y in b)


def _negate(cond: str) -> str | None:
    m = _RE_COND_STR.match(cond)
    if not m or m.group(2) not in _NEGATE or (m.group(2) == "~" and m.group(1).endswith("name")):
        return None  # "the name does not contain" is not in the language (name!= is the whole name)
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


_SUPPORT_SEND = re.compile(r"(?:(?:you may |you can )?(?:send|take|move) this card (?:from your hand )?(?:to (?:your |the )?support box)?"
                           r" ?(?:from your hand)?,? ?(?:and )?)", re.I)
# a sentence that continues the support ability ("After that, …", a note in parentheses)
_SUPPORT_CONT = re.compile(r"(?:after that|then|\()", re.I)


def _support(m: re.Match, ctx: _Ctx) -> list:
    """A "(S)" support ability of a Digimon card → ``… | when: support`` rows.  In the card data the
    Digimon's own abilities may follow the support sentence in the same clause ("(S) Add 800 to …
    Gabumon. You can make your attack A or C …"): they are translated as abilities."""
    if not ctx.digimon:
        return [_U("support-box")]
    sents = _sentences(_SUPPORT_NOTES.sub("", m.group("body")).strip())
    if not sents:
        return [_U("support-box")]
    k = 1
    while k < len(sents) and _SUPPORT_CONT.match(sents[k]):
        k += 1
    rest = ". ".join(sents[k:])
    return _support_body(". ".join(sents[:k]), ctx) + (_translate_clause(rest, ctx) if rest else [])


def _also_support(m: re.Match, ctx: _Ctx) -> list | None:
    heads = _effect_sentence(m.group("s"), ctx) if ctx.digimon else None
    if not heads or any(h.when not in ("", "passive") for h in heads):
        return None
    if any(h.op.startswith("attack=") for h in heads):
        raise _Fail("support-box")  # a support's rows all apply: the ability's choice of attack would be forced
    return heads + [_Eff(h.op, h.conds, "support", h.further, h.costs, h.filters) for h in heads]


_HYBRID_SUPPORT = re.compile(r"(?:(?:when|if) [^,]+, )?(?:you may |you can )?(?:send|move) this card from your hand to the support"
                             r" box of a hybrid level(?: digimon)?\b.*", re.I)


def _support_body(body: str, ctx: _Ctx) -> list:
    body = re.sub(r"^when you (?:send|move) this card from your hand to (?:your |the )?support box, ", "", body, flags=re.I)
    if _HYBRID_SUPPORT.fullmatch(body):
        # only a Hybrid Digimon's support box takes it: never in a simulated deck (DM-DECK-3), no effect
        return [_Ok()]
    if (tm := _SUPPORT_OF.fullmatch(body)) and len(_sentences(body)) == 1:
        # "send this card from your hand to the support box of your Xmon(, Ymon or Zmon) and add N to its
        # attack power": the battling Digimon is one of those names
        try:
            c = tm.group("c") or tm.group("c3")
            lead = _parse_cond(c) if c else []
        except _Fail:
            return [_U("support-box")]
        names = [n.strip() for n in re.split(r",? or |, ", tm.group("t") or tm.group("t2") or tm.group("t3"))]
        if not all(_MON_NAME.fullmatch(n) for n in names):
            return [_U("support-box")]
        n = tm.group("n") or tm.group("n3")
        return [_Eff(f"atk+{n}", tuple(lead + [f"name={_fix_name(x)}"]), when="support") for x in names]
    sm = _SUPPORT_BODY.fullmatch(body)
    if len(_sentences(body)) != 1 or re.search(r"support box of|supported", body, re.I):
        return [_U("support-box")]
    if sm:
        try:
            lead = _parse_cond(sm.group("c")) if sm.group("c") else []
        except _Fail:
            return [_U("support-box")]
        alts = _support_alternatives(sm.group("t"))
        rows = _or_rows(alts) if alts else None
        if not rows:
            return [_U("support-box")]
        return [_Eff(f"atk+{sm.group('n')}", tuple(dict.fromkeys(lead + r)), when="support") for r in rows]
    # any other effect sentence ("The opponent Digimon loses the ability "sky"", "When your Digimon is
    # Omegamon, draw 5 cards"): its rows, at the support timing
    lead = ""
    if cm := re.match(r"((?:when|if) [^,]+, )", body, re.I):
        lead, body = cm.group(1), body[cm.end():]
    body = _SUPPORT_SEND.sub("", body, count=1) if _SUPPORT_SEND.match(body) else body
    try:
        heads = _effect_sentence(lead + body[:1].upper() + body[1:], ctx)
    except _Fail:
        heads = None
    if not heads or any(h.when not in ("", "passive") for h in heads) or sum(h.op.startswith("attack=") for h in heads) > 1 \
            or (len(heads) > 1 and any(h.costs for h in heads)) or any(h.times > 1 for h in heads):
        # (all support rows apply and all their costs are paid: no choice between two attacks, no
        # "discard an X or a Y card" alternatives, no ability used twice)
        return [_U("support-box")]
    return [_Eff(h.op, h.conds, "support", h.further, h.costs, h.filters) for h in heads]


_CLAUSE_RULES_SRC: list[tuple[str, _Builder]] = [
    # round 9c: "For the turn during which this card is used, both you and the opponent cannot regain points(. This
    # includes the points regained when evolving into an Ultimate level)" (For Some Reason I'm Really Sad St-103): a row of
    # the option while it is face-up (no_heal; the card's limit says how long), every heal row of both players blocked
    (r"for the turn during which this card is used, both you and the opponent (?:cannot|become unable to) regain"
     r" (?:any )?points(?:\. this includes the points regained when evolving into an ultimate level)?\.?",
     lambda m, ctx: [_U("points")] if ctx.digimon else [_Eff("no_heal"), _Limit("turn")]),
    # round 10d: "Ignore the evolution requirements and evolve your Tentomon into the Kabuterimon in your Evolution Box"
    # (the Chosen Children CD-1 … CD-7): evolve_ignore from the named Digimon into the named one, one level up (DM-EVO-5;
    # every such pair is a Level III and its Level IV)
    (r"ignore the evolution requirements and evolve your (?P<a>[a-z][a-z\- ]*?) into the (?P<b>[a-z][a-z\- ]*?) in your"
     r" evolution box\.?",
     lambda m, ctx: [_U("evolution")] if ctx.digimon or ctx.timing != "evolution" else [
         _Eff("evolve_ignore", (f"name={_fix_name(m.group('a'))}",), filters=(f"name={_fix_name(m.group('b'))}",))]),
    # round 11b: "1) If your Digimon is Piyomon, ignore the evolution requirements and evolve it into the Birdramon in your
    # Evolution Box" (the Chosen Children Re-72 … Re-79): round 10d's named step with the name said first
    (r"if your digimon is (?P<a>[a-z][a-z\- ]*?), ignore the evolution requirements and evolve it into the"
     r" (?P<b>[a-z][a-z\- ]*?) in your evolution box\.?",
     lambda m, ctx: [_U("evolution")] if ctx.digimon or ctx.timing != "evolution" else [
         _Eff("evolve_ignore", (f"name={_fix_name(m.group('a'))}",), filters=(f"name={_fix_name(m.group('b'))}",))]),
    # round 11b: "You may only use each of the following effects once until you hit the limit" (row 13 of docs/coverage.md
    # "Open questions"; seed 003 §3.3 리미트: the limit is the card's "sent to the Dark Area at the end of …"): no row.  The
    # engines act each row of such a card at most once while it stays (one evolve_ignore step in a turn's Evolution
    # phase, a battle row in the turn's one battle, the card gone at its limit), so a use counter would never pass 1
    (r"you may only use each of the following effects once until you hit the limit\.?",
     lambda m, ctx: [_U("other")] if ctx.digimon else []),
    # round 11b: "You may ascertain the contents of the opponents' face-down cards in their slots (up to 3 cards)" (Re-75),
    # "You may look at the contents of the opponent's hand" (Re-78) / "… at the cards in the opponent's hand" (CD-6): looks
    # that change nothing the players use (round 4, round 10d's CD-4): no row (round 11f wrote the same rule for CD-6)
    (r"you may ascertain the contents of the opponents?'? face-down cards in their slots \(up to (?:three|3) cards\)\.?"
     r"|you may look at the (?:contents of the opponent's hand|cards in the opponent's hand)\.?",
     lambda m, ctx: [_U("hand-disruption")] if ctx.digimon else []),
    # round 10d: "You may check the contents of up to three face-down cards in the opponent's slots" (CD-4): a look that
    # changes nothing (the players do not use what they would see; as round 4's "check the contents of the opponent's hand")
    (r"you may check the contents of up to (?:three|3) face-down cards in the opponent's slots\.?", lambda m, ctx: []),
    # round 13e: "Show the opponent your entire hand" (Concentration of New Power Bx-8s, before its count of names in the
    # hand): showing changes nothing in a game (round 10a's show costs)
    (r"show the opponent your entire hand\.?", lambda m, ctx: [_U("hand")] if ctx.digimon else []),
    # round 11f: "For the next turn only, the upper limit of your hand becomes 8" (Jumper Board Bo-452, a Point Calculation
    # card whose limit keeps it face-up to the end of the next turn): hand_limit(8), read while the card is face-up, so
    # its next Preparation trims and draws to 8 (C-HAND-1's 6 otherwise; seed 003 §3.2.2 draws "to 6, the maximum")
    # round 13c: "Until the end of the turn during which this card was used, your Digimon does not get sent to the Dark Area
    # even if it has reached the end of its lifespan (other than not being sent to the Dark Area, carry out the procedures
    # for when a Digimon reaches the end of its lifespan as per normal)" (Reload Plug-In Q St-814, a Point Calculation
    # card): keep_box, read by this turn's renewal (C-RENEW-1 at the end of the Point Calculation; seed 004)
    (r"until the end of the turn during which this card was used, your digimon does not get sent to the dark area even if"
     r" it has reached the end of its lifespan \(other than not being sent to the dark area, carry out the procedures for"
     r" when a digimon reaches the end of its lifespan as per normal\)\.?",
     lambda m, ctx: [_U("lifespan")] if ctx.digimon or ctx.timing != "point" else [_Eff("keep_box")]),
    (r"for the next turn only, the upper limit of your hand becomes (?P<n>\d+)\.?",
     lambda m, ctx: [_U("hand")] if ctx.digimon or ctx.timing != "point" else [_Eff(f"hand_limit({m.group('n')})")]),
    # round 13 (lead): "For the next turn only, the upper limit of your hand becomes 4, and add 100 to your attack power (if
    # your hand has more than 4 cards in it, adjust it during the preparation phase so that there are only 4 cards in your
    # hand)" (Jumper ROM Bo-451, Jumper Board's twin): hand_limit(4) and a battle row; an option with rows at the Point
    # Calculation and in battle is never used in a battle window (battle_card), so its battle row acts in the next turn's
    # battle from the face-up slot (the card's turns(2) keeps it there to the end of that turn); the parenthesis is what
    # hand_limit does in Preparation (C-HAND-1)
    (r"for the next turn only, the upper limit of your hand becomes (?P<n>\d+), and add (?P<a>\d+) to your attack power"
     r" \(if your hand has more than (?P=n) cards in it, adjust it during the preparation phase so that there are only"
     r" (?P=n) cards in your hand\)\.?",
     lambda m, ctx: [_U("hand")] if ctx.digimon or ctx.timing != "point" else
     [_Eff(f"hand_limit({m.group('n')})"), _Eff(f"atk+{m.group('a')}", (), "battle")]),
    # round 10d: "You do not regain any points from evolving to Ultimate level using this card" (Evolve to Ultimate with
    # the Power of the Net!!! Ta-1, an evolve_ignore card into an Ultimate): a marker row of the option; the Digimon it
    # evolved this turn gains no points from its own `evolved` heal rows (no_evo_heal)
    (r"you do not regain any points from evolving to ultimate level using this card\.?",
     lambda m, ctx: [_U("points")] if ctx.digimon or ctx.timing != "evolution" else [_Eff("no_evo_heal")]),
    # round 5: "Instead of both players losing 10 points, you lose 10 points while the opponent loses 20 points" (after
    # "The battle ends in a draw", Let's Stop Fighting Bo-144t): the draw's usual 10 each (DM-PTS), then the opponent a
    # further 10 at the draw's Point Calculation (a result row of the option used in the battle, engine 5)
    (r"instead of both (?:players|parties) losing (?P<n>\d+) points, you lose (?P=n) points while the opponent loses"
     r" (?P<m>\d+) points\.?", _draw_loss),
    # round 5: "Instead of both parties losing 10 points, both parties do not lose any points instead" (after "The battle
    # ends in a draw", Let's Stop Fighting Sx-79): no_draw_loss (engine 6), only beside the forced draw
    (r"instead of both (?:players|parties) losing \d+ points, both (?:players|parties) do not lose any points(?: instead)?\.?",
     lambda m, ctx: [_U("points")] if ctx.digimon else [_Eff("no_draw_loss"), _NeedOp("force_draw", "points")]),
    # round 5: "(When X,) regardless of the battle outcome, recover 10 of your points after point calculation" / "After
    # point calculation, regardless of whether you won or lost, reduce your points by 10": one row per battle result
    (r"(?:(?:when|if) (?P<c>[^,]+(?:, and [^,]+)?), )?regardless of the battle outcome, (?P<a>[^,]+?) after point"
     r" calculation\.?|after point calculation, regardless of whether you won or lost, (?P<a2>[^,]+?)\.?", _every_result),
    # round 5: "Your Ultimate level Digimon's A cannot go to zero, and its attack power is doubled (however, your attack
    # power will not be quadrupled even if you use this card twice)" (Max Charger Bo-450): no_zero and atk*2 for that
    # level; the parenthesis is C-CALC-1 (the last multiplication applies)
    (rf"your (?P<lv>{_LVLIST}) digimon's a cannot go to zero, and its attack power is doubled(?: \(however, your attack"
     r" power will not be quadrupled even if you use this card twice\))?\.?",
     lambda m, ctx: [_U("attack")] if ctx.digimon else [_Eff(op, tuple(_lv_or_fail("level", m.group("lv"))))
                                                      for op in ("no_zero", "atk*2")]),
    # round 5: "Your Digimon with battle type C become unable to receive the effects of the opponent's (A goes to 0)
    # from their attack C" (Dark City Bo-501): no_zero for a Digimon of that printed battle type (bt=, engine 6);
    # "If the opponent's attack is C, the opponent's (A>0) special ability is invalidated" (St-106): no_zero while
    # the opponent attacks with C (the C attack is the only zeroing of the game, C-TYPE-2, as for "A cannot go to zero")
    (r"your digimon with battle type (?P<b>[abc]) become unable to receive the effects of the opponent's \(a goes to 0\)"
     r" from their attack c\.?", lambda m, ctx: [_U("attack")] if ctx.digimon else [_Eff("no_zero", (f"bt={m.group('b').upper()}",))]),
    (r"if the opponent's attack is c, the opponent's \(a ?> ?0\) special ability is invalidated\.?",
     lambda m, ctx: [_U("attack")] if ctx.digimon else [_Eff("no_zero", ("opp_attack=C",))]),
    # round 5: "When the opponent has the words 'Oni', 'Wicked/Evil', or 'Fallen' in its type, triple your attack power": a
    # word of the species per alternative ("X/Y": both words), one row each for an idempotent action (C-CALC-1)
    (r"(?:when|if) the opponent has the words (?P<w>'[^']+'(?:, '[^']+')*,? or '[^']+') in (?:its|their) type, (?P<a>.+?)\.?",
     _opp_type_words),
    # ---- printed properties of Digimon ---------------------------------------------------------
    # meta decks: "The opponent's Digimon (excluding Hybrid levels) cannot place any support Digimon in their support
    # boxes" (Ornismon Bo-98t, Cherubimon Bo-114t, Hououmon Bo-783; a Hybrid is never in play, DM-DECK-3); "cannot
    # place or use" (Magna Garurumon Bo-851) says more and stays unmodeled
    (r"the opponent(?:'s digimon)?(?: \(excluding hybrid levels?\))? cannot place (?:any|a) support digimon"
     r" (?:in|into) their support box(?:es)?\.?", _digimon_only(_Eff("opp_no_support", when="passive"))),
    # "Take the sum of the basic A, B, and C attack powers of the Digimon that was moved to the support box during
    # appearance, and add it to your attack power" (Parasimon Bo-681; the move is its appearance's move_host)
    (r"take the sum of the basic a, b,? and c attack powers of the digimon that was moved to the support box"
     r" during appearance,? and add it to your attack power\.?", _digimon_only(_Eff("host_abc", when="passive"))),
    # round 11c (open question 21; seed 003 §3.4 ◎특수능력: an ability's effect lasts the phase it is used in): "At the
    # start of the battle (Battle Phase), for every card in your / the opponent's slots, add 30 to your attack power"
    # (Impmon Bo-513, Hououmon Bo-583, Mammon St-150), "For every card in the opponent's slots at the beginning of the
    # Battle Phase, add 20 …" (Skull Greymon Bo-223): counted when the start row applies, kept for the battle
    # (atk_per_slot; "(5 cards max)" never binds: a side has 3 slots)
    (r"(?:at the (?:start|beginning) of the battle(?: phase)?, for every card in (?P<s1>your|your opponent's|the opponent's)"
     r" slots|for every card in (?P<s2>your|your opponent's|the opponent's) slots at the (?:start|beginning) of the battle"
     r"(?: phase)?), add (?P<n>\d+) to your attack power(?: \(5 cards max\))?\.?",
     _digimon_only_b(lambda m: _Eff(f"atk_per_slot({m.group('n')},{1 if (m.group('s1') or m.group('s2')) == 'your' else 2})",
                                    when="start"))),
    # round 9b: "For every blue frame Digimon on the opponent's sheet, add 150 to your attack power" (Wendimon St-947 …),
    # "… on both your and your opponent's sheets, add 300 …" (Lucemon Satan Mode Bo-999): atk_per_sheet, a passive row
    # (a card placed in a support box by an ability may be an option: kind=Digimon)
    (r"for every (?P<f>red|blue|gold) frame digimon on (?P<side>the opponent's sheet|both your and your opponent's sheets),"
     r" add (?P<n>\d+) to your attack power\.?",
     _digimon_only_b(lambda m: _Eff(f"atk_per_sheet({m.group('n')},{2 if m.group('side').startswith('the') else 3})",
                                    when="passive", filters=(f"frame={m.group('f').title()}", "kind=Digimon")))),
    # round 10c: the same count of Digimon of another property ("For every Perfect level Digimon on the opponent's sheet",
    # "… Digimon on the opponent's sheet with the ability "flame"", "… Reptile type Digimon on your and your opponent's
    # sheet", "… belonging to Deep Savers on your sheet (including support Digimon)": the sheet holds the support box;
    # "During battle, …" a passive row as elsewhere)
    (rf"(?:during (?:the )?battle,? )?for every (?P<d>(?:(?!\bon\b).)+?) on {_SHEET_SIDE}(?P<d2> (?:with|that has|that belongs|belonging) [^,]+)?,"
     r" add (?P<n>\d+) to your attack power(?: \(including support digimon\))?\.?", _per_sheet),
    # headline cards (issue 9): "During battle, you may discard 1-6 cards from your Net Ocean, and for every card
    # discarded, add 200 to your attack power (when you use this ability to discard 5 or more cards, send this card to
    # the Dark Area at the end of the turn)" (Spinomon Bo-1201): the player's count, the rider as limit leave_at(K)
    (rf"(?:during battle, )?you may discard 1-(?P<m>\d+) cards from your net ocean, and for every card discarded, add"
     rf" (?P<n>\d+) to your attack power \(when you use this ability to discard (?P<k>\d+) or more cards, send {_THIS} to"
     rf" {_DA} at the end of the turn\)\.?",
     _digimon_only_b(lambda m: _Eff(f"per_mill({m.group('n')},{m.group('m')})", limit=f"leave_at({m.group('k')})"))),
    (r"(?:this digimon's |the |its )?(?:evolution|fusion) requirements(?: of this digimon)? cannot be ignored\.?",
     _digimon_only(_Eff("no_ignore", when="passive"))),
    (r"(?:this digimon )?cannot lose (?:its|their) (?:special )?abilities\.?", _digimon_only(_Eff("keep_abilities", when="passive"))),
    # round 9a: "Cannot be sent to the Dark Area due to the effects of the opponent's Option cards" (Bx-80): a printed flag
    # against an option's opp_box_dark (the only way an option sends a box Digimon there; losing a battle is not an effect)
    (r"(?:this digimon )?cannot be sent to the dark area due to the effects of the opponent's option cards\.?",
     _digimon_only(_Eff("no_option_dark", when="passive"))),
    (r"regain (\d+) points when you (?:evolve|fuse) (?:in)?to this digimon\.?", _evolved_heal),
    (r"this digimon (?:will )?always attacks? last(?:,? regardless of (?:the )?(?:original )?turn order)?\.?",
     _digimon_only(_Eff("attack_last", when="passive"))),
    # "All Level III and Level IV Virus attribute Digimon that lose a battle lose an additional 20
    # points": whichever side loses (the own row never holds when this Digimon is not such a Digimon)
    (rf"all (?P<d>.+?) digimon that lose (?:a|the) battle lose an additional (?P<n>\d+) points\.?", _all_losers),
    # "add 80 to the attack power of all Digimon on your sheet (excluding <this Digimon>)": only the
    # battling Digimon's attack counts and it is this one: no effect (modeled, no rows)
    (r"(?:during battle, )?add \d+ to the attack power of all digimon on your sheet \(excluding (?P<q>[^()]+)\)\.?",
     lambda m, ctx: [_Ok()] if ctx.digimon and name_key(m.group("q")) == name_key(ctx.name) else None),
    # "For every card that has been stacked onto your point gauge, you may immediately lower the
    # opponent's points by 10 (after that, send this Digimon to your point gauge)"
    (r"for (?:every|each) card (?:that has been )?stacked on(?:to)? your point gauge, (?:you may )?(?:immediately )?"
     r"(?:lower|reduce) the opponent's points by (?P<n>\d+) \(after that, send this digimon to your point gauge\)\.?",
     lambda m, ctx: [_Eff(f"damage_per_gauge({m.group('n')})", costs=("self_gauge",))] if ctx.digimon else None),
    # "When the opponent's Digimon evolves from Level III to Ultimate level (including through
    # Appearance Requirements), <effect>": right after the opponent's evolution or appearance
    (r"when the opponent's digimon evolves from level iii to ultimate level \(including through appearance requirements\),"
     r" (?P<a>.+?)\.?", _opp_warped),
    # "when you evolve into this Digimon": ``when: evolved`` rows apply at the start of the battle of
    # the turn of the evolution (as heal above); an attack bonus "for the turn" of the evolution
    # therefore holds for exactly that turn's battle
    (r"when you evolve (?:in)?to this digimon, (?:immediately )?reduce the opponent's points by (\d+)\.?",
     lambda m, ctx: _evolved_eff(ctx, f"damage({m.group(1)})")),
    (r"when you evolve (?:in)?to this digimon, for the turn (?:during which|in which|of) (?:the )?evolution(?: took place)?,"
     r" add (\d+) to your attack power\.?", lambda m, ctx: _evolved_eff(ctx, f"atk+{m.group(1)}")),
    (r"add (\d+) to your attack power until the end of the turn during which you evolved (?:in)?to this digimon\.?",
     lambda m, ctx: _evolved_eff(ctx, f"atk+{m.group(1)}")),
    # "The opponent's A, B, and C attacks go to zero until the end of the turn during which you evolved into
    # this Digimon / this Digimon was fused": ``evolved`` rows (they hold for that turn's battle)
    (r"(?P<a>[^.]+?) until the end of the turn during which (?:you evolved (?:in)?to this digimon|this digimon was fused)\.?",
     lambda m, ctx: [_Eff(h.op, h.conds, "evolved", costs=h.costs, filters=h.filters) for h in heads]
     if ctx.digimon and (heads := _action(m.group("a"))) and all(not h.costs and h.op.startswith(_EVOLVED_OK) for h in heads)
     else None),
    # "Cannot lose its special abilities, and <another printed property or ability>"
    (r"cannot lose (?:its|their) (?:special )?abilities,? and (?P<r>.+)",
     lambda m, ctx: ([_Eff("keep_abilities", when="passive")] + rest)
     if ctx.digimon and (rest := _translate_clause(m.group("r")[:1].upper() + m.group("r")[1:], ctx))
     and not any(isinstance(x, _U) for x in rest) else None),
    # "… until the end of the turn during which this card turned face-up" (decided: a Level III turns
    # face-up as the partner's reveal or a Level III exchange, which the engines count as ``evolved``)
    (r"add (\d+) to your attack power until the end of the turn during which this (?:card|digimon) turned face-up\.?",
     lambda m, ctx: _evolved_eff(ctx, f"atk+{m.group(1)}")),
    # "The opponent loses its special abilities, and their attack power is reduced by 100" (a Digimon):
    # the same rows as the two sentences would give (void passive, the reduction used in battle)
    (r"the opponent(?:'s digimon)? loses (?:all of )?its special abilities,? and (?:their|its) attack power is reduced by (\d+)\.?",
     lambda m, ctx: [_Eff("void_abilities", when="passive"), _Eff(f"opp_atk-{m.group(1)}")] if ctx.digimon else None),
    # Round 6: an option's immunity to the opponent's effects of one kind, while the card is face-up: "While this
    # card is active, you cannot receive the effects of the opponent's 'directly reduce the opponent's points' or
    # 'the battle ends in a draw'" (Ulud / Versandi / Skuld Terminal), "While this card is activated, you become
    # unable to receive the effects of the opponent's 'send the cards in your opponent's slots to the Dark Area'"
    # (Perfect Anchor).  A Digimon's such text ("the Digimon that appeared cannot receive …") is not this.
    (r"while this card is (?:active|activated), you (?:cannot|can't|become unable to) receive the effects of the"
     r" opponent's '(?P<k>.+)'\.?", _immune_kinds),
    # round 13c: "When this card is in effect on your sheet, your points will not decrease as a result of the opponent's
    # 'direct attack' or 'immediately reduce the opponent's points'" (Vaccine Program V St-434): a direct attack is any
    # point reduction by an effect such as "immediately reduce the opponent's points", not the battle's "further reduce"
    # (seed 003 §3.4 기타 항목, 다이렉트 어택): both quoted kinds are immune_damage's
    (r"when this card is in effect on your sheet, your points will not decrease as a result of the opponent's 'direct"
     r" attack' or 'immediately reduce the opponent's points'\.?", lambda m, ctx: None if ctx.digimon else [_Eff("immune_damage")]),
    # "Your Digimon cannot receive the abilities and effects of the opponent's 'further reduce the opponent's points'"
    # (Mysterious Land, a Field: the same, while it is face-up)
    (r"your digimon cannot receive the abilities and effects of the opponent's '(?P<k>.+)'\.?", _immune_kinds),
    # "Cannot receive the effects of the opponent's Item Option cards": immune to that option type
    (r"(?:this digimon )?cannot receive the effects of (?:the )?(?:opponent's )?(item|program|field) option cards\.?",
     lambda m, ctx: [_Eff("immune_options", (f"card:optype={m.group(1).capitalize()}",), when="passive")] if ctx.digimon else None),
    # "Cannot receive the effects of Option Cards in the Category Worm": immune to that group's options
    (r"cannot receive the effects of (?:the opponent's )?option cards (?:in|belonging to|of) the category '?(?P<g>[\w\- ]+?)'?\.?",
     lambda m, ctx: [_Eff("immune_options", (f"card:group={m.group('g').strip()}",), when="passive")] if ctx.digimon else None),
    # "Cannot receive the effects of 'Dark Tower' (and 'Infinity Tower')": immune to named option cards
    (r"cannot receive the effects of (?:the cards? |the opponent's )?(?:(?P<q>[\"'][^\"']+[\"'](?:(?:,? and |,? or |, )[\"'][^\"']+[\"'])*)"
     r"|(?-i:(?P<u>[A-Z][\w!\-]*(?: (?:[A-Z0-9][\w!.\-]*|of|the))+(?:(?:,? or |, |,? and )[A-Z][\w!\-]*(?: (?:[A-Z0-9][\w!.\-]*|of|the))+)*)))"
     r"(?: cards?)?(?: \(this is not a special ability\))?\.?", _immune_named),
    # ---- bans on the opponent's option cards (ban_options) -----------------------------------
    # "The opponent cannot use the card 'X'" / "… the cards 'X' and 'Y'" / "… cards containing the
    # word 'X' in their name" / "… any Field Option cards, 'X', or 'Y'": one row per card description
    (r"(?P<db>during battle, )?(?:the |your )?opponent(?:'s digimon| digimon)? cannot use (?P<q>.+?)\.?", _ban),
    # ---- gained abilities ----------------------------------------------------------------------
    (rf"your digimon gains the ability (?P<k>{_KW}),? and (?P<n>\d+) is added to its attack power\.?", _gains_and_add),
    # round 13f: "When your Digimon has the word 'dragon (…)' in its type, or has 'dramon' in its name, add 200 to its attack
    # power" (Bo-920): two disjoint rows (the type first, the name text without it)
    (rf"when your digimon has {_DRAGON} in its type, or has '(?P<t>[a-z]+)' in its name, add (?P<n>\d+) to its attack"
     rf" power\.?", lambda m, ctx: [_Eff(f"atk+{m.group('n')}", (f"type~{_DRAGON_TYPES}",)),
                                    _Eff(f"atk+{m.group('n')}", (f"name~{m.group('t')}", f"type!={_DRAGON_TYPES}"))]),
    # round 13f: "Add 100 to the attack power of both your and your opponent's Chick type, Bird type, and Giant Bird type
    # Digimon (however, if you used this card on a Digimon with the ability "hungry", the attack power addition only
    # applies to your side)" (Chicken Combo Bo-11L): species=Chick/Bird/Giant Bird, the opponent's row without "hungry"
    (rf"add (?P<n>\d+) to the attack power of both your and your opponent's chick type, bird type,? and giant bird type"
     rf" digimon \(however, if you used this card on a digimon with the ability (?P<k>{_KW}), the attack power addition"
     rf" only applies to your side\)\.?",
     lambda m, ctx: [_Eff(f"atk+{m.group('n')}", (f"species={_BIRD_SPECIES}",)),
                     _Eff(f"opp_atk+{m.group('n')}", (f"opp_species={_BIRD_SPECIES}", f"keyword!={_kw(re.findall(_KW, m.group('k'))[0])}"))]),
    (r"when your digimon loses its special abilities, it loses the attack power addition as well\.?", _ok),
    # ---- limits (how long the effects last, C-OPT-2) ------------------------------------------
    # "At the end of the turn during which this card was used, send it to the Dark Area."
    (rf"at the end of the (?P<ph>turn|battle phase|battle|phase|evolution phase|preparation phase|point calculation phase)"
     rf" (?:during|in) which {_THIS} was (?:used|activated),? send {_THIS} to {_DA}\.?(?: this card's name is identical to .*)?",
     _end_of),
    (rf"{_THIS} is sent to {_DA} at the end of the (?P<ph>turn|battle phase|phase|evolution phase|preparation phase)"
     rf"(?: (?:during|in) which {_THIS} was used)?\.?", _end_of),
    (rf"(?:send {_THIS} to {_DA}|{_THIS} is sent to {_DA}) at (?:the )?end of (?:your |the )?(?P<ph>turn)\.?", _end_of),
    (rf"at the end of the (?P<ph>phase) (?:during|in) which {_THIS} was used,? (?:it is sent|send it) to {_DA}\.?", _end_of),
    # round 10c: "At the end of the turn, this card is sent to the Dark Area." (Flaming Wings St-813)
    (rf"at the end of the (?P<ph>turn),? {_THIS} is sent to {_DA}\.?", _end_of),
    # "Send this card to the Dark Area after 2 turns" / "After 2 turns, send this card to the Dark Area"
    (rf"(?:send {_THIS} to {_DA} after (?P<n>\d+) turns|after (?P<n2>\d+) turns,? send {_THIS} to {_DA})\.?",
     lambda m, ctx: [_Limit(f"turns({m.group('n') or m.group('n2')})")]),
    # "… after 5 turns, or when another Field Option card turns face-up in your slots"
    (rf"send {_THIS} to {_DA} after (?P<n>\d+) turns,? or when another field(?: option)? card turns face-up in your slots\.?",
     lambda m, ctx: [_Limit(f"turns({m.group('n')}), field")]),
    (rf"stack {_THIS} onto your point gauge at the end of the turn\.?", lambda m, ctx: [_Cost("gauge"), _Limit("turn")]),
    # round 13c: "After 3 turns (including the turn during which this card was used), stack this card onto your point
    # gauge" (Vaccine Program V St-434): turns(3) as "after 3 turns, send this card to the Dark Area", the gauge at its end
    (rf"after (?P<n>\d+) turns \(including the turn during which {_THIS} was used\),? stack {_THIS} onto your point"
     r" gauge\.?", lambda m, ctx: [_Limit(f"turns_gauge({m.group('n')})")]),
    # "Send this card to the Dark Area when your Digimon is sent to the Dark Area (including when it
    # evolves or reaches the end of its lifespan)": until the own Digimon leaves its box
    (rf"(?:send {_THIS} to {_DA}|{_THIS} is sent to {_DA}) when (?P<ev>(?!.*\bturn\b).+?)\.?", _until),
    (rf"(?:when|if) (?P<ev>your digimon (?:loses|reaches).+?),? send {_THIS} to {_DA}\.?", _until),
    (rf"send {_THIS} to {_DA} at the end of the (?P<ph>turn|battle phase|phase|evolution phase|preparation phase)\.?",
     _end_of),
    # "… the turn after the turn during which this card was used …": two turns
    (rf"at the end of the turn after the turn (?:during|in) which {_THIS} was used,? send {_THIS} to {_DA}\.?",
     lambda m, ctx: [_Limit("turns(2)")]),
    # "Send this card to the Dark Area immediately after use."
    (rf"(?:send {_THIS} to {_DA} immediately after (?:use|it is used)|immediately after {_THIS} is used,? send it to {_DA}"
     rf"|{_THIS} is sent to {_DA} immediately after use)\.?", lambda m, ctx: [_Limit("now")]),
    # "Stack this card onto your point gauge immediately after use."
    (rf"stack {_THIS} onto (?:your|the) point gauge immediately after use\.?", lambda m, ctx: [_Cost("gauge"), _Limit("now")]),
    # round 11g: "After this card is used, stack it on top of the card placed on your point gauge, and use it to mark out
    # your points from that point on" (Digi Seabass Bo-346): "stack this card onto your point gauge immediately after use"
    (r"after this card is used, stack it on top of the card placed on your point gauge, and use it to mark out your points"
     r" from that point on\.?", lambda m, ctx: [_Cost("gauge"), _Limit("now")]),
    (rf"at the end of the turn(?: during which {_THIS} was used)?,? stack (?:it|this card) onto your point gauge\.?",
     lambda m, ctx: [_Cost("gauge"), _Limit("turn")]),
    # "This card remains in its slot and continues its effects until it is discarded by you or
    # invalidated, or when your Digimon loses a battle or reaches the end of its lifespan" (end events)
    # "However, when another Field Option card turns face-up in your slots, send this card to the Dark
    # Area" (an end event of the card's limit); "While this card remains in its slot until it is
    # invalidated, when another Field …, send this card …": the duration's events and ``field``
    (rf"(?:however,? )?when another field(?: option)? card turns face-up in your slots,? send (?:{_THIS}|this) to {_DA}\.?",
     _field_end),
    (rf"while {_THIS} (?:remains|will remain|will stay|stays)(?: in (?:its|your) slot)?(?:,? and continues?(?: its effects?)?)?"
     rf" until (?P<ev>[^,]+?), when another field(?: option)? card turns face-up in your slots,? send {_THIS} to {_DA}\.?",
     _field_end),
    (_UNTIL, _until),
    # headline cards (issue 9): The Mysterious Man's Manipulations Re-60t, rows that act while the card is face-up
    # (the engines look for them in the slots): "When your Digimon loses a battle, add it to your hand instead of
    # sending it to the Dark Area" / "When this card is removed from its slot due to the effects or abilities of the
    # opponent, you may send 5 cards from your Net Ocean to the Dark Area and allow this card to remain in its slot
    # instead" / "Send this card to the Dark Area at the end of the turn when you reach the end of your lifespan" (seed
    # 004: at the end of the turn's Point Calculation the empty Net Ocean ends the lifespan: the limit ``lifespan``)
    (r"when your digimon loses a battle, add it to your hand instead of sending it to the dark area\.?",
     lambda m, ctx: [_U("condition")] if ctx.digimon else [_Eff("lost_to_hand")]),
    (rf"when {_THIS} is removed from its slot due to the effects or abilities of the opponent, you may send"
     rf" (?P<n>{_N[1:-1]}) cards from your net ocean to {_DA} and allow {_THIS} to remain in its slot instead\.?",
     lambda m, ctx: [_U("condition")] if ctx.digimon else [_Eff(f"keep_slot({_num(m.group('n'))})")]),
    (rf"send {_THIS} to {_DA} at the end of the turn when you reach the end of your lifespan\.?",
     lambda m, ctx: [_U("lifespan")] if ctx.digimon else [_Limit("lifespan")]),
    (rf"{_THIS} is removed from its slot when it is discarded by you or when the opponent invalidates it; otherwise,"
     r" it stays in its slot and its effects continue until the end of your digimon's lifespan\.?",
     lambda m, ctx: [_Limit("lifespan")]),
    (r"(?:this card cannot be discarded by you|this card will remain in its slot until it is invalidated)\.?", _ok),
    # round 10a: beside a dark_to_hand row (Bo-162, CD-14): "After that, shuffle your Dark Area" changes nothing the rules
    # read (the Dark Area is a pile in no order; a renewal shuffles it, DM-PTS-1); "If you don't have either Level III or
    # IV Digimon inside, you may still add the one Digimon card of the other level …" is what the two rows do anyway
    (r"(?:after that, )?shuffle your dark area\.?",
     lambda m, ctx: [_U("other")] if ctx.digimon else [_NeedOp("dark_to_hand(1)", "other")]),
    (r"if you don't have either level iii or iv digimon inside, you may still add the one digimon card of the other level"
     r" present in your dark area to your hand\.?",
     lambda m, ctx: [_U("condition")] if ctx.digimon else [_NeedOp("dark_to_hand(1)", "condition")]),
    # round 10a: "During the turn, you may invalidate one of the opponent's "Infinity Mountain" / Shaggai Hole cards and send
    # it to the Dark Area" (St-652, St-656, St-669, St-671): round 9a's opp_clear(1) with the name, a ◎ row (a choice, used
    # in a battle window: the Field is active from its Evolution phase on); the name double-quoted or bare.  A Digimental
    # (St-615 …: a requirement Item that serves an evolution step, not a face-up slot card) is not this
    (r"during the turn, you may invalidate one of (?:the|your) opponent's (?:'(?P<n>[^'\"]+)'|\"(?P<n2>[^'\"]+)\"|"
     r"(?P<n3>(?-i:[A-Z])[\w\-]*(?: (?-i:[A-Z])[\w\-]*)*)) cards?,? and send it to the dark area\.?",
     lambda m, ctx: [_U("option-interaction")] if not ctx.digimon or (m.group("n") or m.group("n2") or m.group("n3")).lower()
     .startswith("digimental") else [_Eff("opp_clear(1)", filters=(f"name={_fix_name(m.group('n') or m.group('n2') or m.group('n3'))}",))]),
    # round 10a: "When you lose the battle, discard your whole hand and regain 20 points" (Lilymon X-Antibody Bx-94): two
    # lose rows, no choice (a "you may discard your whole hand and …" is a choice the result rows do not make: not this)
    (r"when you lose the battle, discard your (?:whole|entire) hand and regain (\d+)(?: of your)? points\.?",
     lambda m, ctx: [_Eff("discard_hand", when="lose"), _Eff(f"heal({m.group(1)})", when="lose")]),
    # round 9a: "Your Digimon loses all of its field icons other than Metal Empire, and cannot gain any new field icons"
    # (Cyber Parts St-811): only_field, only beside the card's gain of that field (without it, "other than" would leave
    # the Digimon no field icon, which only_field does not say)
    (rf"your digimon loses all of its field icons other than {_FIELD_RE},? and cannot gain any new field icons\.?",
     lambda m, ctx: [_U("other")] if ctx.digimon else [_Eff(f"only_field({_FIELDS[m.group(1).lower()]})"),
                                                       _NeedOp(f"gain_field({_FIELDS[m.group(1).lower()]})", "other")]),
    # round 9a: "When your Digimon loses the battle, the opponent loses the same amount of points as you do" (St-110) /
    # "After that, if you lost the battle on the turn during which this card was used, reduce the opponent's points by
    # the same amount that your points were reduced by" (CD-13): an option's lose row, damage_lost (the battle's loss)
    (r"(?:when your digimon loses the battle|(?:after that, )?if you lost the battle on the turn during which this card"
     r" was used),? (?:the opponent loses the same amount of points as you do|reduce the opponent's points by the same"
     r" amount that your points were reduced by)\.?",
     lambda m, ctx: [_U("condition")] if ctx.digimon else [_Eff("damage_lost", when="lose")]),
    # ---- usage restrictions → card-wide conditions --------------------------------------------
    (r"(?:this card )?(?:can only be used|can be used only|can only turn face-up|you can use this card|you can only use this card"
     r"|this card can only be activated|only usable) (?:when|if|while) (?P<c>[^;]+?)\.?", _can_only),
    (r"this card cannot be used (?:when|if|while) (?P<c>.+?)\.?", _cannot),
    (r"this card can only be used by (?:a |an )?(?P<d>.+?)\.?", _used_by),
    # round 9a: "The ability "grappling" is needed to use this card" / "In order to use this card, the ability
    # "underwater" is needed": the own Digimon has the keyword (printed or gained, as every keyword= condition)
    (rf"(?:the ability {_KW} is needed to (?:be able to )?use this card|in order to use this card, the ability {_KW}"
     r" is needed)\.?", lambda m, ctx: [_Cond(f"keyword={_kw(m.group(1) or m.group(2))}")]),
    # round 10b: "Return the opponent's Level IV Digimon with 'Armor Evolution' in its fusion requirements to the Level
    # III Digimon it was before fusion. After that, immediately reduce the opponent's points by 10" (Armor Purge!!
    # Bo-401): the Armor form goes to the Dark Area, the Level III under it stays (St-57's decided return,
    # box_dark_pick); the card acts only on such a form (the 10 comes "after" the return), so both rows hold under
    # opp_armor & opp_level=IV, the damage first (its conditions are checked before the return changes the top card)
    (r"return the opponent's level iv digimon with '?armou?r evolution'? in its fusion requirements to the level iii"
     r" digimon it was before fusion\. after that, (?:immediately )?reduce the opponent's points by (?P<n>\d+)\.?",
     lambda m, ctx: None if ctx.digimon else [
         _Eff(f"damage({m.group('n')})", ("opp_armor", "opp_level=IV")),
         _Eff("opp_box_dark", ("opp_armor", "opp_level=IV"), filters=("level=IV", "armor=any"))]),
    # round 12a: "When your Digimon has 'Digimental of Courage', 'Digimental of Friendship', or 'Digimental of Love' in
    # its fusion requirements, just once, you may send one Digimental card from your hand that matches the Digimental in
    # your Digimon's evolution requirements to the Dark Area, and immediately reduce the opponent's points by 10"
    # (Digimental Boost Bo-447 / Bo-495 / Bo-538): the card-wide condition dgm=…, the cost dgm_discard (Tables.dgm), the
    # damage; "you may": the card is used for nothing else, so using it is the choice (the players' use rules)
    (r"when your digimon has (?P<d>'digimental of \w+'(?:, 'digimental of \w+')*,? or 'digimental of \w+') in its"
     r" fusion requirements, just once, you may send one digimental card from your hand that matches the digimental in"
     r" your digimon's evolution requirements to the dark area, and (?:immediately )?reduce the opponent's points by"
     r" (?P<n>\d+)\.?",
     lambda m, ctx: None if ctx.digimon or not all(
         x in E.DIGIMENTALS for x in re.findall(r"'digimental of (\w+)'", m.group("d").lower())) else [
         _Cond("dgm=" + "/".join(x.title() for x in re.findall(r"'digimental of (\w+)'", m.group("d").lower()))),
         _Cost("dgm_discard"), _Eff(f"damage({m.group('n')})")]),
    # ---- costs -------------------------------------------------------------------------------
    (rf"(?:choose|select|discard) (?P<n>{_N[1:-1]}|\d+) cards? (?:from your hand )?(?:and send (?:it|them) to {_DA})?\.?"
     rf"|send (?P<n2>\d+) cards? from your hand to {_DA}\.?",
     lambda m, ctx: [_Cost(f"discard({_num(m.group('n') or m.group('n2'))})")]),
    (rf"(?:send|discard) (?P<n>{_N[1:-1]}) cards? from your hand(?: to {_DA})?\.?", _discard_cost),
    (rf"(?:choose|select|discard) (?P<n>{_N[1:-1]}|\d+) digimon cards? from your hand(?: and send (?:it|them) to {_DA})?\.?",
     lambda m, ctx: [_Cost(f"discard_digimon({_num(m.group('n'))})")]),
    (rf"send the top (?:(?P<n>{_N[1:-1]}) cards?|card) (?:of|from) your net ocean to {_DA}\.?",
     lambda m, ctx: [_Cost(f"mill({_num(m.group('n') or '1')})")]),
    (rf"send (?P<n>{_N[1:-1]}) cards? from (?:the top of )?your net ocean to {_DA}\.?",
     lambda m, ctx: [_Cost(f"mill({_num(m.group('n'))})")]),
    # round 9c: "after sending the top 3 cards of your Net Ocean to the Dark Area, play this card face-up" (Bo-593's
    # activation): the cost of its use
    (rf"after sending the top (?P<n>{_N[1:-1]}) cards? (?:of|from) your net ocean to {_DA}, play this card face-up\.?",
     lambda m, ctx: [_Cost(f"mill({_num(m.group('n'))})")] if ctx.activation else [_U("deck-manipulation")]),
    (rf"send (?P<n>{_N[1:-1]}) digimon cards? from your hand to {_DA}\.?",
     lambda m, ctx: [_Cost(f"discard_digimon({_num(m.group('n'))})")]),
    # ---- "only one" ----------------------------------------------------------------------------
    (r"you (?:may|can) only (?:place|use|have|set) (?:only )?one of this card (?:in your slots|on each of your digimon"
     r"|face-up|per digimon|at a time)\.?/?", lambda m, ctx: [_Once()]),
    # round 10e (docs/coverage.md "Open questions that block options", row 12): "This card can only be placed in slot 1"
    # / "Place this card in slot 3": seed 003 §3.4 옵션 카드의 세트 — such a card is always placed in that slot (no other
    # slot, no moving); the players set it only while that slot is free (Translation.slot_pos)
    (r"(?:this card can only be placed in|place this card in) slot (?P<n>[123])\.?",
     lambda m, ctx: None if ctx.digimon else [_SlotPos(int(m.group("n")))]),
    # round 11a (docs/coverage.md "Open questions that block options", row 2; Re-03t, Re-07t, …): "If this card was used
    # to make War Greymon appear from your hand, you may place this card next to your War Greymon card until War Greymon
    # is sent to the Dark Area (including when it evolves or reaches the end of its lifespan)": a row ``beside | when:
    # appear | filter: name=War Greymon`` (codes.OP_BESIDE; decided in docs/coverage.md "Decisions …", round 11a)
    (r"if this card was used to make (?P<a>(?-i:[A-Z])[\w\-]*(?: (?-i:[A-Z])[\w\-]*)*) appear from your hand, you may "
     r"place this card next to your (?P=a) card until (?P=a) is sent to the dark area \(including when it evolves or "
     r"reaches the end of its lifespan\)\.?",
     lambda m, ctx: None if ctx.digimon else [_Beside(m.group("a"))]),
    # ---- keywords ------------------------------------------------------------------------------
    (rf"(?:has|have) the abilit(?:y|ies|es) (?P<k>{_KW}(?:(?:,? and |, ){_KW})*)\.?", _gains),
    (rf"(?:you gain|your digimon gains|you obtain) the abilit(?:y|ies) (?P<k>{_KW}(?:(?:,? and |, ){_KW})*)\.?", _gains),
    # ---- protections of the card itself (activation column) -----------------------------------
    # "cannot receive the effects of '<a counter card>'", "cannot be invalidated": the card is
    # protected against some of the opponent's counter cards.  The effect language cannot say so;
    # these clauses are DROPPED (pessimistic for the card's owner: a counter may hit it anyway).
    # Only the activation column reaches these rows (see _PROTECTION_ONLY).
    (r"(?:this card )?(?:cannot|can't) (?:receive (?:the |any )?effects?|be) .*", _ok_protection),
    # ---- bookkeeping the rules imply ---------------------------------------------------------------
    # a requirement card goes to the Power Box (DM-EVO-3 / 3b)
    # (round 8: a place named alone is where the card comes from, requirement_from)
    (r"send this card face[- ]down from your (?P<f>hand|slot|hand or (?:option )?slot) to (?:the |your )?"
     r"(?:evolution requirements?|power) box\.?/?",
     lambda m, ctx: [_From(m.group("f").lower())] if m.group("f").lower() in ("hand", "slot") else [_Ok()]),
    # round 9b: a battle-phase evolution from the hand "into a red frame Digimon of the next level from your hand with
    # Winning Percentage: 40%! or Winning Percentage: 60%! (or <this card>) in its evolution requirements" (_frame_wp_now)
    (r"evolve your digimon into an? (?P<f>red|blue) frame digimon of the next level from your hand with"
     r" (?P<items>winning percentage: \d+%!(?:(?:,? or |, )[^.,]+?)+) in its evolution requirements\.?", _frame_wp_now),
    # Winning Percentage cards: the evolution rules use them by name (DM-EVO-3); the discard after
    # the step is the card's requirement_cost; a rider on the evolving Digimon is an ``evolved`` row
    # "… into a Perfect, Ultimate, or Hybrid level Digimon with Winning Percentage: …": those levels only
    (rf"evolve your digimon into (?:a |an )?(?P<lv>{_LVLIST}) digimon with (?P<w>{_WP_LIST}) in its evolution requirements"
     r"\.?(?: (?:after evolution|after that), choose (?P<n>one|two|three) cards? from your hand and send (?:it|them) to the"
     r" dark area\.?)?", _wp_req_levels),
    # ("…, or a Hybrid level Digimon with …": never in a simulated deck, DM-DECK-3)
    (rf"evolve your digimon into a digimon of the next level(?: in your evolution box)?(?:,? or a hybrid level digimon)? with {_WP_LIST}"
     r" in its evolution requirements(?: \((?P<r>the digimon (?:evolving|that evolved) with the use of this card [^()]+)\))?"
     r"\.?(?: (?:after evolution|after that), choose (?P<n>one|two|three) cards? from your hand and send"
     r" (?:it|them) to the dark area\.?)?(?: send this card to the dark area at the end of the evolution phase\.?)?", _wp_req),
    # round 7: a Winning Percentage card that also stands in for a Jogress partner (_wp_jog_req)
    (r"evolve your digimon (?:to )?into a digimon of the next level(?: in your evolution box)? with (?:either )?(?P<w>(?:'?winning percentage: \d+%!'?"
     r"(?:,? or |, ))+)'?jogress evolution'? in its evolution requirements\.? in the case of jogress evolution, treat this"
     r" card as one of the component digimon\.?(?: after evolution, (?:choose (?P<n>one|two|three) cards? from your hand"
     r" and send (?:it|them)|send (?P<n2>one|two) cards? from your hand) to the dark area\.?)?", _wp_jog_req),
    (r"after evolution, (?:choose (?P<n>one|two) cards? from your hand and send (?:it|them)|send (?P<n2>one|two) cards? from your hand)"
     r" to the dark area\.?",
     lambda m, ctx: [_Req(_num(m.group("n") or m.group("n2")), True, True)]),
    # named requirement cards ("+ <this card>" in a Digimon's requirements): only when the quoted
    # name is this card's own name (DM-NAME-1).  "into a Beelzebumon or …": the Digimon that name
    # the card in their requirements are the ones it evolves (the rule checks them, DM-EVO-3b)
    # "Evolve your Digimon into a Digimon with 'Digimental of Fate', 'Winning Percentage: 40%!' or 'Winning
    # Percentage: 60%!' in its evolution requirements": named and Winning Percentage at once
    (r"evolve your digimon into a digimon with (?P<items>'[^']+'(?:(?:,? or |, )'[^']+')+) in its evolution requirements\.?",
     _named_wp_req),
    # round 8: "… of the next level with 'O', 'OO', 'X', 'XX', or 'Winning Percentage: 40%!' in its evolution requirements"
    (r"evolve your digimon into a digimon of the next level with (?P<items>['\"][^'\"]+['\"](?:(?:,? or |, )['\"][^'\"]+['\"])+)"
     r" in its evolution requirements\.?", _ox_req),
    # round 10b: "You can make the number of 'O's or 'X's in the evolution requirements box of one Digimon in your evolution
    # box zero" (Evolutor St-373, an Evolution Phase Item): one step's ●/X requirement (DM-EVO-2) met without the Net
    # Ocean's cards, of circles or of crosses (a mixed "OX" keeps the other symbol: not served), any count (_OX_ANY: more
    # than any requirement of the data holds) — round 8's o_max / x_max card, used from its slot (an option, C-OPT-1),
    # with no cost (none said); "You can": the player always uses it, as St-431 (decided in round 8)
    (r"you can make the number of 'o's or 'x's in the evolution requirements box of one digimon in your evolution box"
     r" zero\.?", lambda m, ctx: None if ctx.digimon else [_Req(stated=True, ox=(_OX_ANY, _OX_ANY)), _From("slot")]),
    # round 7: "Evolve your Digimon into a Digimon of the next level with Winning Percentage: 80%! or Release of the
    # Sealed Knight! in its evolution requirements" (Sx-106): unquoted, the card's own name and one value
    (r"evolve your digimon into a digimon of the next level with (?P<w>winning percentage: \d+%!) or (?P<q>[^.]+?!?)"
     r" in its evolution requirements\.?",
     lambda m, ctx: _named_wp([m.group("w"), m.group("q")], ctx) if name_key(m.group("q")) == name_key(ctx.name) else None),
    (r"(?:allows your digimon to fuse into a (?:digimon that has|(?P<same>same-level) digimon that has)"
     r"|this card can be used to fuse together to form a digimon with"
     r"|fuse your digimon into a digimon of the (?P<same2>same) level with"
     r"|evolve your digimon into (?:a digimon(?: of the next level)?|a red frame digimon of the next level (?P<ns>or of the same level)"
     r"|a digimon of the next level (?P<ns2>or a digimon with the same name)"
     r"|(?P<nm>an? (?-i:[A-Z])[\w\-]*(?:(?:,? or |: | )(?-i:[A-Z])[\w\-]*)*)) with)"
     r" '(?P<q>[^']+)'(?: stated)? in its (?:fusion|evolution)"
     r" requirements\.?(?: \(after fusion, this card is sent to the dark area\)\.?)?",
     _named_req),
    # round 9b: "When your Digimon is red frame." on a named requirement card (X Eraser Bx-128): every requirement that
    # names the card asks for a red frame Digimon to evolve from ("Metal Greymon (Red Frame) + X Eraser"; a data test
    # checks), so the restriction adds nothing to the step; elsewhere it is no sentence of its own (_assemble)
    (r"when your digimon is red frame\.?", lambda m, ctx: [_ReqImplied("frame")]),
    # round 9b: "Evolve your Digimon with "Lucemon" in its name into a higher level Digimon with "Gospel of the Fallen
    # Angel" in its evolution requirements" (Bo-143t): a named requirement card for a step up of any size (evolve_levels
    # "any": every requirement that names the card goes up, Lucemon → Lucemon Falldown Mode two levels, and evolves from
    # a Digimon with the word in its name; a data test checks both)
    (r"evolve your digimon with ['\"](?P<w>[^'\"]+)['\"] in its name into a (?:higher level digimon|digimon of a higher level)"
     r" with ['\"](?P<q>[^'\"]+)['\"] in its evolution requirements\.?",
     lambda m, ctx: [_Req(lvs="any")] if name_key(m.group("q")) == name_key(ctx.name) else [_U("named-requirement")]),
    # round 8: a Winning Percentage card for a step to the same level (_same_wp_req)
    (rf"evolve your digimon into a digimon of the same level with (?P<w>{_WP_LIST}) in its evolution requirements"
     r"(?: \((?P<r>the digimon (?:evolving|that evolved) with the use of this card [^()]+)\))?\.?", _same_wp_req),
    (r"(?:this card )?remains in (?:the|your) (?:power|evolution requirements) box until the end of the turn(?: during which evolution occurred)?\.?",
     lambda m, ctx: [_Limit("turn")]),
    # the Digimon that evolved with this card (a requirement or evolve_ignore option): ``evolved`` rows
    (r"(?P<s>.*\b(?:evolved digimon|digimon that evolved|evolution took place|you evolved using this card"
     r"|evolution occurred|evolved using this card|digimon evolving)\b.*)", _evolved_sentence),
    (r"this card can be used even when the opponent has no cards in their hand\.?", _ok),
    (r"this card's name is identical to .*different effects\.?", _ok),
    # "After that, if they still have points left, resume the battle": vacuous (a player at 0 has lost, C-PTS-2)
    (r"after that, if they still have points left, resume the battle\.?", _ok),
    # "When the opponent is Perfect level, add 100 … (excluding Digimon belonging to Unknown)": the
    # exclusion is about the opponent's Digimon named by the condition → opp_field!=<field>
    (rf"(?P<s>(?:when|if) (?:the opponent|facing|battling)[^()]+?) \(excluding (?:digimon|opponents?) (?:(?:belonging|that belong)"
     rf" to {_FIELD_RE}|with the ability {_KW})\)\.?", _excluding_field),
    # "When facing a Hybrid level Digimon, <effect>" on a Digimon card: Hybrid Digimon are never in
    # a simulated deck (enums.LV_OTHER, DM-DECK-3), so the opponent is never Hybrid and the clause
    # never changes a game: DROPPED when its effect part is a known action.  (Options are not
    # covered: a card whose only effect this is would become an empty card.)
    (r"(?:when|if) (?:(?:facing|battling) (?:a |an )?(?:opponent(?:'s)? )?|the opponent is (?:a |an )?)hybrid(?: level)?(?: digimon| opponent)?,?"
     r" (?P<a>[^,]+?)\.?",
     _hybrid_opponent),
    # "(if your Digimon has the ability "hungry", you can use this card even when facing a Hybrid level
    # Digimon)": the opponent is never Hybrid (DM-DECK-3), so the extension never changes a game
    (rf"(?:if|when) your digimon has the ability {_KW},? (?:you can use this card|this card can be used) even (?:when facing|against)"
     r" (?:a |an )?hybrid(?: level)?(?: digimons?)?\.?", _ok),
    # round 7: "If your Digimon is a Holy Knight type, you can use this card even against Ultimate level Digimon" (The
    # Proud Knight's Battle Bo-1056), "(if your Digimon has the ability "hungry", this card can be used even against
    # Perfect levels)" (French Fried Potato Bo-5L): the card's rows that name the opponent's levels hold against those
    # levels too, under the condition (_Widen, _assemble)
    (rf"(?:if|when) (?P<c>[^,]+),? (?:you can use this card|this card can be used) even against (?:a |an )?(?P<lv>{_LVLIST})s?"
     r"(?: digimons?)?\.?", _widen),
    # "(if you used this card on a Digimon with the ability "X", add M to its attack power instead)":
    # M instead of the card's one atk+N → atk+(M-N) if keyword=X on top (see _Instead)
    (rf"(?:if|when) you (?:used|use) this card on a digimon with the ability {_KW},? add (?P<n>\d+) to its attack power instead\.?",
     lambda m, ctx: [_Instead(0, int(m.group("n")), (f"keyword={_kw(m.group(1))}",))]),
    # round 10a: "When you use this card at the same time as 'Mega Hand', change the attack modifications of Mega Hand
    # to '+300'" (Giga Hand St-595)
    (r"(?:when|if) you use this card at the same time as '(?P<n>[^'\"]+)',? change the attack modifications? of '?(?P=n)'?"
     r" to '\+(?P<v>\d+)'\.?", _changed_mod),
    # "When facing a red frame Digimon, instead of 200, add 400 to your attack power" (see _Instead)
    (r"(?:when|if) (?P<c>[^,]+), instead of (?P<old>\d+), add (?P<new>\d+) to (?:your|its) attack power\.?",
     lambda m, ctx: [_Instead(int(m.group("old")), int(m.group("new")), tuple(_parse_cond(m.group("c"))))]),
    # round 8: a condition with a comma ("If your Digimon is a Demon Dragon type, or is a Fusion Form, instead of 200, add 400
    # …", Rudri Tarpana Bo-916): one _Instead per (disjoint) alternative
    (r"(?:when|if) (?P<c>.+?), instead of (?P<old>\d+), add (?P<new>\d+) to (?:your|its) attack power\.?", _instead_alts),
    # round 6: "(if your Digimon is Zanbamon, instead of 200, reduce the opponent's attack power by 400 instead)" (Ryuzan-maru
    # Bo-914): opp_atk-(400-200) on top of the card's one opp_atk-200, under both conditions
    (r"(?:when|if) (?P<c>[^,]+), instead of (?P<old>\d+), reduce the opponent's attack power by (?P<new>\d+)(?: instead)?\.?",
     lambda m, ctx: [_Instead(int(m.group("old")), int(m.group("new")), tuple(_parse_cond(m.group("c"))), "opp_atk-")]),
    # round 5: "If your Digimon is 'Cyborg type, Data attribute and Perfect level' or 'Machine type, …', add 400 to your
    # attack power instead of 120": one _Instead per (disjoint) alternative
    (r"(?:when|if) (?P<c>.+?), add (?P<new>\d+) to your attack power instead of (?P<old>\d+)\.?", _instead_alts),
    # "If your Digimon is a red frame Digimon, add 300 to your attack power instead" (of the card's one atk+N)
    (r"(?:when|if) (?P<c>[^,]+), add (?P<new>\d+) to your attack power instead\.?",
     lambda m, ctx: [_Instead(0, int(m.group("new")), tuple(_parse_cond(m.group("c"))))] if not ctx.digimon else None),
    # "You lose that attack power addition when your attack becomes something other than A": the card's
    # additions hold only while its attack is A (a plug-in that made the attack A)
    (rf"you lose that attack power addition when your attack becomes something other than {_BT}\.?",
     lambda m, ctx: [_TieAttack(m.group(1).upper())] if not ctx.digimon else None),
    # round 11c (open question 20, seed 003 §3.2.5): "At the start of the Point Calculation Phase, shuffle the cards in
    # your Dark Area back into your Net Ocean" (Privileges of Being a Child Re-52t): a point_start row of a Battle Phase
    # option (the engines apply them for the options used in the battle); the card gets its commit row below
    (r"at the start of the point calculation phase, shuffle the cards in your dark area back into your net ocean\.?",
     lambda m, ctx: [_Eff("dark_to_deck", (), "point_start")] if not ctx.digimon and ctx.timing == "battle" else None),
    # round 11c: the plug-in counters (see _Counter): a printed number names that printing only (seed 003 §3.4 카테고리)
    (r"(?:after that, )?if the opponent uses '[^'\"]+ \((?P<num>(?-i:[A-Z][A-Za-z]?)-\d+)\)', this card's effect becomes"
     r" 'reduce your attack power by (?P<n>\d+)', and you also lose the effect of 'you can make your attack (?P<l>[ABC])'\.?",
     lambda m, ctx: [_Counter(m.group("num"), int(m.group("n")), m.group("l").upper())] if not ctx.digimon else None),
    # "A cannot go to zero; add 50 … when facing …": two sentences joined by a semicolon, taken
    # only when both halves translate completely
    (r"(?P<a>[^;]+); (?P<b>[^;]+)", _semicolon),
    # ---- known shapes we do not model ----------------------------------------------------------
    (r"\(S\)\s*(?P<body>.+)", _support),
    # the support mechanism said without the "(S)" mark ("When your points are 50 and below, move this card
    # from your hand to your support box and add 370 to …"): the same support rows
    (r"(?P<body>(?:(?:when|if) [^,]+, )?(?:you may |you can )?(?:send|move|take) this card from your hand(?: to (?:your |the )?"
     r"support box)?,? (?:and )?add \d+ to the attack power of [^.]+)\.?",
     lambda m, ctx: _support_body(m.group("body"), ctx) if ctx.digimon else None),
    # "<ability> (this special ability may be used even when this Digimon is in the support box)": the
    # ability's rows, and the same rows as a support ability
    (r"(?P<s>[^()]+?) \(this (?:special ability|effect) (?:may|can) be used even when this (?:digimon|card) is in the"
     r" support box\)\.?", _also_support),
    # round 10 rulings (docs/coverage.md "Open questions that block options", rows 3, 8, 10, 11 and Bo-539):
    # row 3: "Either your Digimon, the opponent's Digimon, or both … gain the ability X (the user decides which)" (Seventh
    # cards St-212 … St-215): the user gives it to its own Digimon, gain(x)
    (rf"either your digimon, the opponent's digimon, or both (?:players'|sides') digimon gain the ability (?P<k>{_KW})\.?"
     r"(?: \(which digimon gain the ability is decided by the player who plays the card when this card is activated\)\.?)?",
     lambda m, ctx: None if ctx.digimon else _gains(m, ctx)),
    # row 8: "add N to the attack power of your Digimon with the same background as this card" on a Field card named for
    # a field (Nightmare Soldiers Bo-256): the background is that field, field=X
    (r"add (\d+) to the attack power of your digimon with the same background as this card\.?",
     lambda m, ctx: None if ctx.digimon or ctx.name.lower() not in _FIELDS
     else [_Eff(f"atk+{m.group(1)}", (f"field={_FIELDS[ctx.name.lower()]}",))]),
    # round 11e, row 8's "+ word" Field cards (background = field, field=X; docs/coverage.md "Round 11e").  "A>0" is
    # the C attack's "A→0" (seed 003 "A를 0으로"; St-106 already reads so): immune to the opponent's is opp_no_c_zero,
    # losing the own no_c_zero.
    # "… they cannot receive the effects of the opponent's 'A>0'" (Wind Guardians St-167)
    (r"for your digimon with the same background as this card, they cannot receive the effects of the opponent's"
     r" '?a>0'?\.?", lambda m, ctx: _bg(ctx, lambda f: [_Eff("opp_no_c_zero", (f"field={f}",))])),
    # "… their C attack power triples, but lose their 'A>0' ability" (Unknown St-168)
    (r"for your digimon with the same background as this card, their (?P<t>[abc]) attack power (?P<k>doubles|triples),"
     r" but lose their '?a>0'? ability\.?",
     lambda m, ctx: _bg(ctx, lambda f: [_Eff(f"atk*{_TIMES[m.group('k')]}", (f"field={f}", f"attack={m.group('t').upper()}")),
                                       _Eff("no_c_zero", (f"field={f}",))])),
    # "Your Digimon's B attack power doubles, but at the same time you lose your A>0 ability" (Offense Plug-In N St-380)
    (r"your digimon's (?P<t>[abc]) attack power (?P<k>doubles|triples), but at the same time you lose your '?a>0'?"
     r" ability\.?", lambda m, ctx: None if ctx.digimon else
     [_Eff(f"atk*{_TIMES[m.group('k')]}", (f"attack={m.group('t').upper()}",)), _Eff("no_c_zero")]),
    # "When your Digimon with the same background as this card has A as its attack, add the amount of its C attack power
    # to its total attack power" (Metal Empire Bo-257): the printed C number, added (atk+C)
    (r"when your digimon with the same background as this card has (?P<a>[abc]) as its attack, add the amount of its"
     r" (?P<t>[abc]) attack power to its total attack power\.?",
     lambda m, ctx: _bg(ctx, lambda f: [_Eff(f"atk+{m.group('t').upper()}", (f"field={f}", f"attack={m.group('a').upper()}"))])),
    # "Add 50 to the attack power of your Digimon that belong to Nature Spirits or have the same background as this card"
    # (St-322, St-323, St-324; the named field is the card's own): field=X, as Bo-256
    (rf"add (?P<n>\d+) to the attack power of your digimon that belong to {_FIELD_RE} or have the same background as this"
     r" card\.?", lambda m, ctx: _bg(ctx, lambda f: None if _FIELDS[m.group(2).lower()] != f else
                                      [_Eff(f"atk+{m.group('n')}", (f"field={f}",))])),
    # "For your Digimon belonging to Metal Empire or with the same background as this card, when your attack is B, add
    # your A attack power to your total attack power" (Metal Empire Bo-863): atk+A, as Bo-257
    (rf"for your digimon belonging to {_FIELD_RE} or with the same background as this card, when your attack is"
     r" (?P<a>[abc]), add your (?P<t>[abc]) attack power to your total attack power\.?",
     lambda m, ctx: _bg(ctx, lambda f: None if _FIELDS[m.group(1).lower()] != f else
                        [_Eff(f"atk+{m.group('t').upper()}", (f"field={f}", f"attack={m.group('a').upper()}"))])),
    # round 13c: "When this card is sent to the Dark Area, immediately reduce your points by 10" (Metal Empire Bo-863) and
    # "…, for every Digimon the opponent has with the same background as this card, immediately reduce the opponent's
    # points by 10" (Nature Spirits St-322): marker rows of the Field, acted when it leaves a face-up slot for the Dark
    # Area (dark_event_nb); "the opponent has" counts the Digimon on the opponent's sheet (as St-923's opp_sheet[N])
    (r"when this card is sent to the dark area, immediately reduce your points by (?P<n>\d+)\.?",
     lambda m, ctx: _bg(ctx, lambda f: [_Eff(f"dark_self_damage({m.group('n')})")])),
    (r"when this card is sent to the dark area, for every digimon the opponent has with the same background as this"
     r" card, immediately reduce the opponent's points by (?P<n>\d+)\.?",
     lambda m, ctx: _bg(ctx, lambda f: [_Eff(f"dark_damage({m.group('n')})", filters=(f"field={f}",))])),
    # "Add 10 to the lost points of all Digimon that have a different background from this card" (Deep Savers Bo-255):
    # both sides; the opponent's when it loses (lost+N), the own when it loses (self_lost+N)
    (r"add (?P<n>\d+) to the lost points of all digimon that have a different background from this card\.?",
     lambda m, ctx: _bg(ctx, lambda f: [_Eff(f"lost+{m.group('n')}", (f"opp_field!={f}",)),
                                       _Eff(f"self_lost+{m.group('n')}", (f"field!={f}",))])),
    # "For Digimon belonging to Virus Busters or that have the same background as this card, when facing a Virus attribute
    # Digimon, add the amount stated in the Level III part of your Lost Points box, multiplied by 10, to your attack
    # power" (St-436): the own battling Digimon's Lost Points at Level III, atk_lost(K)
    (rf"for digimon belonging to {_FIELD_RE} or that have the same background as this card, when facing a"
     r" (?P<a>virus|vaccine|data) attribute digimon, add the amount stated in the level iii part of your lost points box,"
     r" multiplied by (?P<k>\d+), to your attack power\.?",
     lambda m, ctx: _bg(ctx, lambda f: None if _FIELDS[m.group(1).lower()] != f else
                        [_Eff(f"atk_lost({m.group('k')})", (f"field={f}", f"opp_attr={m.group('a').capitalize()}"))])),
    # row 10: "When you have Digimon in multiple Digimon boxes, …" (The Ultimate Feast Dw-5): the one-box game never
    # has several boxes, so the clause never applies (no rows)
    (r"when you have digimon in multiple digimon boxes, [^.]*\.?", lambda m, ctx: None if ctx.digimon else []),
    # row 11: "You may directly draw up to N cards from your Net Ocean (announce how many …)" (Jumper Gate Bo-695): the
    # player draws the full count, draw(N)
    (r"you may directly draw up to (\d+) cards from your net ocean \(announce how many cards you are going to draw"
     r" before drawing them\)\.?", lambda m, ctx: None if ctx.digimon else [_Eff(f"draw({m.group(1)})")]),
    # round 11g, row 11's "+ word": "draw cards from your Net Ocean and add them to your hand (draw only one card when your
    # Digimon is Level IV, draw up to two cards when … Perfect level, and draw up to three cards when … Ultimate level)"
    # (The Awakening of the Ancient Type Bo-23v): the count by level, one row per level (disjoint), the full count drawn
    (r"(?:only once during battle, )?draw cards from your net ocean and add them to your hand \(draw only one card when your digimon is level iv, draw"
     r" up to two cards when your digimon is perfect level, and draw up to three cards when your digimon is ultimate"
     r" level\)\.?", lambda m, ctx: None if ctx.digimon else [_Eff(f"draw({n})", (f"level={lv}",))
                                                          for n, lv in ((1, "IV"), (2, "Perfect"), (3, "Ultimate"))]),
    # round 11g: "After that, shuffle all the cards in your Dark Area back into your Net Ocean, and draw a new hand of 6
    # cards" (One Summer's Adventure CD-15, after its "Send your whole hand to the Dark Area": the hand is empty, so the
    # new hand is draw(6)); "shuffle your Dark Area back into your Net Ocean": dark_to_deck
    (r"(?:after that, )?shuffle all the cards in your dark area back into your net ocean, and draw a new hand of (\d+)"
     r" cards\.?", lambda m, ctx: None if ctx.digimon else [_Eff("dark_to_deck"), _Eff(f"draw({m.group(1)})")]),
    (r"(?:after that, )?(?:shuffle your dark area back into your net ocean|return all the cards in your dark area to"
     r" your net ocean and shuffle it)\.?", lambda m, ctx: [_Eff("dark_to_deck")]),
    # round 12c: "You may switch one of the cards in your slot 1 or 2 with an Option card from your hand" (I Take that
    # Back After All! Bo-161): swap_hand_slot with the slot mask of the numbers named (slots 1 and 2: 3); an option's row
    (r"you may switch one of the cards in your slot ([123]) or ([123]) with an option card from your hand\.?",
     lambda m, ctx: None if ctx.digimon else [_Eff(f"swap_hand_slot({(1 << int(m.group(1)) - 1) | (1 << int(m.group(2)) - 1)})")]),
    # round 13a: "At the end of the Evolution Phase, you may exchange one Option card from your hand with one currently
    # placed in your slots" (Kido Jou CD-7) / "At the end of your Evolution Phase, you may swap an Option card from your
    # hand with a card already set in your slot" (Kido Jo Re-77): round 12c's exchange, any slot (mask 7), an evo_end row
    # of the Evolution Phase option (the engines act it when the card served one of this turn's steps; _assemble's guard)
    (r"at the end of (?:the|your) evolution phase, you may (?:exchange one|swap an) option card from your hand with"
     r" (?:one currently placed in your slots|a card already set in your slot)\.?",
     lambda m, ctx: [_U("timing")] if ctx.digimon or ctx.timing != "evolution" else [_Eff("swap_hand_slot(7)", (), "evo_end")]),
    # round 13a: "At the end of the Evolution Phase, you may lower both your and your opponent's points by 20" (Tachikawa
    # Mimi CD-5): both_lose_may (the players' one fixed choice); without "you may" (Re-76) the two point rows
    (r"at the end of (?:the|your) evolution phase, (?P<may>you may )?lower both your and your opponent's points by"
     r" (?P<n>\d+)(?: \(the game ends if either player's points hits zero\))?\.?",
     lambda m, ctx: [_U("timing")] if ctx.digimon or ctx.timing != "evolution" else (
         [_Eff(f"both_lose_may({m.group('n')})", (), "evo_end")] if m.group("may") else
         [_Eff(f"self_damage({m.group('n')})", (), "evo_end"), _Eff(f"damage({m.group('n')})", (), "evo_end")])),
    # round 13a: "The game ends when either players' points reaches zero" (CD-5, after the sentence above): C-PTS-2, the
    # game's own rule restated; no row
    (r"the game ends when either players' points reaches zero\.?", lambda m, ctx: None if ctx.digimon else []),
    # "After that, draw cards until you reach the upper limit of your hand" (Digi Seabass Sx-102): C-HAND-1's 6
    (r"(?:after that, )?draw cards until you reach (?:the upper limit of your hand|your hand's upper limit)\.?",
     lambda m, ctx: [_Eff("draw_to(6)")]),
    # Bo-539 (Bo-402 the same sentence): "only during your turn; … cannot invalidate the opponent's Option cards before
    # they take effect": one's own place in the alternation of a battle (003 §3.2.4), i.e. no interrupt, as every option
    # in the engines: no rows
    (r"(?:you may only use this card|this card can only be used) during your turn; this card cannot invalidate the"
     r" opponent's option cards before they take effect\.?", lambda m, ctx: None if ctx.digimon else []),
    (r".*\b(?:support box|support digimon|supporting)\b.*", _u("support-box")),
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


# round 13b: "the word 'dragon (Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur included)' in its type" (also
# "'Dragon' (… included)"): a word of the type is one of the seven (type~ alternatives, effects.alt_token)
_DRAGON_WORDS = _DRAGON_TYPES
# round 13b: "the word 'angel' in its type (including Cherub, Dominion, Ophan, Power, Seraph, Virtue; excluding Fallen Angel
# type)": a word of the type is Angel or Archangel (the letters 'angel'; the list names exactly the angel ranks whose types
# lack them), or the species is one of the six; the exclusion is the word "Fallen" ("Fallen Angel", "Artificial Fallen
# Angel"), written "-Fallen" for _type_words
_ANGEL_WORDS = "Angel/Archangel/=Cherub/=Dominion/=Ophan/=Power/=Seraph/=Virtue"
_ANGEL_LIST = re.compile(r"'angel' in (?:its|their) type \(including Cherub, Dominion, Ophan, Power, Seraph, Virtue"
                         r"(; excluding Fallen Angel type)?\)", re.I)
_DRAGON_LIST = re.compile(r"'dragon(?: \(|' \()Ankylosaur/Ceratopsian/Dinosaur/Plesiosaur/Pterosaur/Stegosaur included\)'?", re.I)


def _clauses(text: str) -> list[str]:
    return [c for c, _ in _clauses_marked(text)]


def _clauses_marked(text: str) -> list[tuple[str, bool]]:
    """_clauses, each with whether a mark ((O), (N), ◎, (S)) stands before it."""
    text = (text or "").replace("\u00a0", " ").replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
    text = re.sub(r'(?<=[a-z])"s\b', "'s", text)  # "opponent"s" typo
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\.(?=This card's name is identical)", ". ", text)
    text = _DRAGON_LIST.sub("'" + _DRAGON_WORDS + "'", text)
    text = _ANGEL_LIST.sub(lambda m: "'" + _ANGEL_WORDS + ("/-Fallen" if m.group(1) else "") + "' in its type", text)
    out = []
    for i, part in enumerate(_MARK.split(text)):
        part = part.strip().strip("/").strip()
        if part:
            out.append((part, i > 0 or part.startswith("(S)")))
    return out


# round 10c: also "(However, if …)" (Flaming Wings St-813)
_PAREN_COND = re.compile(r" \((?:however,? )?((?:if|when) [^()]*)\)(?=\.|$)", re.I)


# sentences that only continue the previous one ("Draw 4 cards … . If any of them are …, you may add
# those cards to your hand. Shuffle the remaining cards …"): kept with it, one effect sentence
_CONTINUES = re.compile(r"(?:if any of (?:them|the cards|those cards)|shuffle the remaining|for every option card"
                        r"|after that, return the drawn cards)\b", re.I)


def _sentences(clause: str) -> list[str]:
    # "Add 100 … (if your Digimon belongs to …, further add 300 …)." → two sentences
    clause = _PAREN_COND.sub(lambda m: ". " + m.group(1)[0].upper() + m.group(1)[1:], clause)
    out: list[str] = []
    for s in _SENT.split(clause):
        s = s.strip()
        if s and out and _CONTINUES.match(s):
            out[-1] = f"{out[-1].rstrip('.')}. {s}"
        elif s:
            out.append(s)
    return out


_AFTER_EVOLVING = re.compile(r"(?:after that|after evolution|after the evolution or fusion|then),", re.I)
_AFTER_REQ = re.compile(r"after that, (?:choose (?P<n>one|two) cards? from your hand and send (?:it|them)|send (?P<n2>one|two) cards?"
                        r" from your hand) to the dark area\.?", re.I)
_EVOLVED_OPS = ("atk", "base", "no_zero", "gain(", "immune_options", "immune_mod")  # rows about the evolved Digimon


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
    evolving = False  # a previous sentence evolved the Digimon (evolve_ignore / evolve_now / requirement)
    for s in sents:
        try:
            p = _try_rules(s, ctx) if len(sents) > 1 else None
            if p is None:
                p = _effect_sentence(s, ctx)
            if p is None:
                p = [_U(_label(s))]
        except _Fail as f:
            p = [_U(f.label)]
        if (m := _AFTER_REQ.fullmatch(s)) and not ctx.digimon and any(isinstance(x, _Req) for x in out) \
                and p == [_Eff(f"discard({_num(m.group('n') or m.group('n2'))})")]:
            # round 9b: "Allows your Digimon to fuse into a Digimon that has 'Digimental of Fate' … . After that, choose
            # one card from your hand and send it to the Dark Area" (St-306, St-430): the requirement card's discard after
            # the step (requirement_cost), as "After evolution, choose one card …" is
            p = [_Req(_num(m.group("n") or m.group("n2")), True, True)]
        if evolving and not ctx.digimon and _AFTER_EVOLVING.match(s):
            # "… evolve your Digimon … . After that, add 50 to your attack power": for the evolved Digimon
            p = [_Eff(x.op, x.conds, x.when or "evolved", x.further, x.costs, x.filters)
                 if isinstance(x, _Eff) and x.op.startswith(_EVOLVED_OPS) else x for x in p]
        if _AFTER_EVOLVING.match(s) and out and isinstance(out[-1], _Eff) and out[-1].when == "start":
            # round 9a: "At the start of the battle, you may send …. After that, add 100 to your attack power" (Bo-848):
            # the action after a start-of-battle one is at the start of the battle too
            p = [replace(x, when="start") if isinstance(x, _Eff) and not x.when else x for x in p]
        evolving = evolving or any(isinstance(x, _Req) or (isinstance(x, _Eff) and x.op in ("evolve_ignore", "evolve_now"))
                                   for x in p)
        out += p
    # "further add …" after an effect with conditions: it holds under those conditions too
    prev = None
    for i, p in enumerate(out):
        if isinstance(p, _Eff):
            if p.further and prev is not None:
                out[i] = _Eff(p.op, tuple(dict.fromkeys(prev.conds + p.conds)), p.when or prev.when, costs=p.costs,
                              filters=p.filters)
            if not (p.further and p.alt):  # the alternatives of one "further" all add to the same effect
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
    cond_alts: list[tuple[tuple[str, ...], ...]] = []  # usage restrictions with alternatives (_CondAlts)
    costs: list[str] = []
    limits: list[str] = []
    ends: list[str] = []  # end events said apart from the limit (_End)
    ties: list[str] = []  # _TieAttack
    counters: list[_Counter] = []  # round 11c
    needs: list = []  # _NeedOp
    widens: list[_Widen] = []
    froms: list[str] = []  # _From
    implied: list[str] = []  # _ReqImplied: only beside a requirement card's _Req
    besides: list[str] = []  # _Beside: the Digimon names (round 11a)
    for p in pieces:
        if isinstance(p, _Eff):
            heads.append(p)
        elif isinstance(p, _From):
            froms.append(p.place)
        elif isinstance(p, _ReqImplied):
            implied.append(p.label)
        elif isinstance(p, _Widen):
            widens.append(p)
        elif isinstance(p, _Instead):
            insteads.append(p)
        elif isinstance(p, _TieAttack):
            ties.append(p.letter)
        elif isinstance(p, _Counter):
            counters.append(p)
        elif isinstance(p, _Req):
            reqs.append(p)
        elif isinstance(p, _Cond):
            card_conds.append(p.cond)
        elif isinstance(p, _CondAlts):
            cond_alts.append(p.rows)
        elif isinstance(p, _Cost):
            costs.append(p.cost)
        elif isinstance(p, _Limit):
            limits.append(p.limit)
        elif isinstance(p, _End):
            ends.append(p.event)
        elif isinstance(p, _Kw):
            if p.word not in tr.keywords:
                tr.keywords.append(p.word)
        elif isinstance(p, _Once):
            tr.face_up_limit = 1
        elif isinstance(p, _Beside):
            besides.append(p.name)
        elif isinstance(p, _SlotPos):
            if tr.slot_pos not in (0, p.n):
                tr.unmodeled.append("slots")
            tr.slot_pos = p.n
        elif isinstance(p, _U):
            tr.unmodeled.append(p.label)
        elif isinstance(p, _NeedOp):
            needs.append(p)
    for nd in needs:
        if not any(h.op == nd.op for h in heads):
            tr.unmodeled.append(nd.label)
    printed = list(heads)  # round 10a: an "instead" changes the card's printed rows, not another instead's addition
    for ins in insteads:
        if ins.old == 0:  # "… instead" without the old value: the card's one atk+ head
            base = [h for h in printed if h.op.startswith(ins.op)]
            # round 11d: or its disjoint rows of one value ("Add 500 to the attack power of your Cyborg type and Machine
            # type Digimon", Re-57t: two rows; the loop below checks they are disjoint)
            ins = _Instead(int(base[0].op[len(ins.op):]) if len({h.op for h in base}) == 1 else 0, ins.new, ins.conds,
                           ins.op)
        base = [h for h in printed if h.op == f"{ins.op}{ins.old}"]
        if not base and ins.op == "atk+" and (bb := [h for h in printed if h.op == f"base+{ins.old}"]):
            # round 10c: "add 200 to your A attack power (However, if …, add 600 to your attack power instead of 200)"
            # (Flaming Wings St-813): the 600 replaces that addition, on the same attack (base+ if attack=A)
            base, ins = bb, _Instead(ins.old, ins.new, ins.conds, "base+")
        if not base or ins.new <= ins.old or not all(_disjoint(a.conds, b.conds) for i, a in enumerate(base)
                                                     for b in base[i + 1:]):
            tr.unmodeled.append("instead")
            continue
        # further=True: an addition on top of the base row, kept even where it equals another row (a usage restriction's
        # alternative with the instead's own condition, Ryuzan-maru: -200 and -200 more for Zanbamon); round 9c: on each
        # of the base rows when they are disjoint alternatives (Juga-maru Bx-31: "grappling" or "proud")
        for b in base:
            heads.append(_Eff(f"{ins.op}{ins.new - ins.old}", tuple(dict.fromkeys(b.conds + ins.conds)), b.when,
                              further=True))
    if ties:
        adds = [h for h in heads if h.op.startswith("atk+")]
        if len(set(ties)) != 1 or not adds or f"attack={ties[0]}" not in [h.op for h in heads]:
            tr.unmodeled.append("attack")
        heads = [replace(h, conds=h.conds + (f"attack={ties[0]}",)) if h.op.startswith("atk+") else h for h in heads]
    for k in counters:  # round 11c: the card's effect (its attack=L and attack additions) is replaced from that use on
        if len(counters) > 1 or f"attack={k.letter}" not in [h.op for h in heads] or not all(
                h.op == f"attack={k.letter}" or h.op.startswith("atk+") for h in heads):
            tr.unmodeled.append("condition")
            break
        heads = [replace(h, conds=h.conds + (f"opp_unused:number={k.number}",)) for h in heads] + [
            _Eff(f"atk-{k.minus}", (f"opp_used:number={k.number}",), heads[0].when)]
    if widens:
        heads = _widened(heads, widens, card_conds, cond_alts, tr)
    if implied and (not reqs or any(r.after for r in reqs)):
        tr.unmodeled += implied
    if reqs and all(r.after for r in reqs) and any(h.op in ("evolve_ignore", "evolve_now") for h in heads):
        # "ignore the requirements and evolve …  After evolution, discard one card": a discard row
        heads += [_Eff(f"discard({r.discard})") for r in reqs]
        reqs = []
    if reqs:
        # an evolution requirement card (DM-EVO-3/3b): the evolution rules use it by name; the hand
        # cards its text discards (after the step) are its requirement_cost, its other rows are
        # ``when: evolved`` rows for the Digimon that evolved with it (docs/effect-language.md)
        discards = [int(c[8:-1]) for c in costs if c.startswith("discard(")]
        # round 8: "Send N cards from your Net Ocean to the Dark Area" before the evolution: requirement_mill
        mills = [int(c[5:-1]) for c in costs if c.startswith("mill(")]
        if any(not c.startswith(("discard(", "mill(")) for c in costs) or card_conds:
            tr.unmodeled.append("evo-requirement-cost")
        if mills:
            tr.requirement_mill = sum(mills)
        if oxs := [r.ox for r in reqs if r.ox]:
            tr.o_max, tr.x_max = (k or None for k in oxs[0])
        if froms:
            tr.requirement_from = froms[0]
        if lvl := [r.lvs for r in reqs if r.lvs]:
            tr.evolve_levels = lvl[0]
        if any(r.stated for r in reqs) or discards:
            tr.requirement_cost = sum(r.discard for r in reqs) + sum(discards)
        if wps := [r.win_pct for r in reqs if r.win_pct]:
            tr.win_pct = wps[0]
            tr.wp_min = next((r.wp_min for r in reqs if r.win_pct), 0) or None
        tr.jogress_partner = any(r.jogress for r in reqs)
        if lvs := [r.levels for r in reqs if r.levels]:
            if len(reqs) != 1:
                tr.unmodeled.append("evo-requirement-cost")
            tr.wp_levels = list(lvs[0])
        if any(h.when != "evolved" or h.op in ("evolve_ignore", "evolve_now") for h in heads):
            tr.unmodeled.append("evolution")
        if limits and not heads:
            tr.unmodeled.append("limit")  # how long it stays has no row to carry it
        costs = []
    if any(h.op == "no_loss" for h in heads) and set(limits) <= {"now", "phase", "battle"}:
        # no_loss holds for the turn and the engines tie an option's rows to its slot: the card stays
        # face-up for the turn (one limit per option, read from its rows)
        limits = ["turn"]
    if ends:
        limits = [_with_ends(lim, ends) for lim in (limits or ["discarded"])]
    if len(set(limits)) > 1:
        tr.unmodeled.append("limit")
    if len(costs) > E.MAX_COSTS:
        tr.unmodeled.append("cost")
    if (costs or limits or card_conds) and not heads and not tr.keywords and not reqs:
        # a card whose only effect we could not find (e.g. an empty effect text)
        if not tr.unmodeled:
            tr.unmodeled.append("no-effect")
    if not ctx.digimon and any(c.startswith("attack=") for h in heads for c in h.conds):
        # an option's rows apply together: the attack it sets comes before the rows conditioned on the
        # attack (the engines evaluate a row's conditions when they apply it, in row order)
        heads = sorted(heads, key=lambda h: not h.op.startswith("attack="))
    if not ctx.digimon and heads and ctx.timing is not None and all(h.when in ("win", "lose", "draw", "point_start")
                                                                    for h in heads):
        # round 9c: an option of a phase timing with nothing but result rows ("When you win the battle on the turn that
        # you played this card, further reduce …", Bo-593): the engines would use such an option at the result step
        # itself, from its face-down slot, which a card played before the result is not.  Round 10e (row 7 of "Open
        # questions that block options", seed 003 §3.2.5: Battle Phase options are used before the result is decided):
        # a Battle Phase card gets a first row ``commit`` with its usage restriction, costs and limit — the players use
        # it in a battle window without the result, its result rows act at Point Calculation (engine 5), and the engines
        # never use it at the result step; other timings stay unmodeled
        if ctx.timing == "battle":
            heads = [_Eff("commit")] + heads
        else:
            tr.unmodeled.append("delayed-result-row")
    if not ctx.digimon and any(h.when in ("win", "lose", "draw") for h in heads) \
            and any((h.when or ctx.timing) not in ("win", "lose", "draw", "evolved") for h in heads) \
            and ctx.timing != "battle":
        # "add 450 …, and if you win the battle, further reduce the opponent's points by 30": the engines apply
        # the result rows of an option used in this turn's battle windows at Point Calculation (engine 5), and
        # (round 10e, seed 003 §3.4 발동 타이밍) those of a Battle Phase option that stays face-up at every later
        # battle's Point Calculation while it stays (Grapple Chip Bo-544, Pile Bunker St-922); an option used at
        # another timing is not that
        tr.unmodeled.append("delayed-result-row")
    if any(h.when == "evo_end" for h in heads) and (ctx.digimon or not any(h.op == "evolve_ignore" for h in heads)):
        # round 13a: the engines act evo_end rows of the evolve_ignore options that served this turn's steps only
        tr.unmodeled.append("timing")
    if not ctx.digimon and any(h.op == "evolve_ignore" for h in heads) and any(
            h.op != "evolve_ignore" and (h.when or ctx.timing) == "evolution" and h.conds for h in heads):
        # the engines apply an evolve_ignore option's other evolution rows right after the evolution without
        # checking conditions again (engine 5): a row with a condition of its own would not be that
        tr.unmodeled.append("evolution")
    if cond_alts:
        # "can only be used when your Digimon is X, or Y": each effect once per alternative; the rows of
        # the alternatives exclude each other (_or_rows), so exactly one copy applies when the card may be used
        if len(cond_alts) > 1 or ctx.digimon or reqs:
            tr.unmodeled.append("condition")
        else:
            heads = [h if h.when == "evolved" else _Eff(h.op, tuple(dict.fromkeys(h.conds + row)), h.when, h.further, h.costs,
                                                       h.filters, h.times)
                     for h in heads for row in (cond_alts[0] if h.when != "evolved" else ((),))]
            # round 6: a row whose conditions contradict each other (X and its negation) never applies: dropped
            heads = [h for h in heads if not any(_negate(c) in h.conds for c in h.conds if _negate(c))]
    if not ctx.digimon and "hand!=0" in card_conds and len(heads) > 1 and heads[0].op == "discard_hand" \
            and not (heads[0].conds or heads[0].when or heads[0].costs or heads[0].filters) \
            and all(h.op != "discard_hand" and not any(c.startswith("hand") for c in h.conds) for h in heads[1:]) \
            and not any(c.startswith("hand") for rows in cond_alts for row in rows for c in row) and len(costs) < E.MAX_COSTS:
        # round 11g: "Send your whole hand to the Dark Area" first, on a card that "cannot be used if you have no cards
        # left in your hand" (The Glory of Victory … Sp-4, One Summer's Adventure CD-15): the cost hand_all, payable
        # with one card or more and paid at use, before the card's rows; the restriction is the cost's (round 8's
        # guard below: as a row condition it would fail for the rows after the discard and at Point Calculation)
        heads = heads[1:]
        card_conds = [c for c in card_conds if c != "hand!=0"]
        costs = costs + ["hand_all"]
    if not ctx.digimon and (dh := [i for i, h in enumerate(heads) if h.op == "discard_hand"]) and any(
            c.startswith("hand") for c in card_conds + [c for rows in cond_alts for row in rows for c in row]) and any(
            h.when != "evolved" and (i > dh[0] or h.when in ("win", "lose", "draw")) for i, h in enumerate(heads)):
        # round 8: the engines check a row's conditions when they apply it, in row order (and a result row's again at
        # Point Calculation): a usage restriction on the own hand ("cannot be used if you have no cards left in your
        # hand") would fail for the card's rows after its own "send your whole hand to the Dark Area" (Sp-4); the
        # discard as the last row is exact (Aim for the Strongest Evolution! St-56)
        tr.unmodeled.append("condition")
    paid: dict[str, list[str]] = {}  # an option's rows of one timing state one cost (paid once per use)
    for h in heads:
        unbound = (h.when == "evolved" or (h.when == "battle" and ctx.timing == "point")) and not ctx.digimon
        # an option's row for the evolved Digimon, or a Point Calculation option's battle row (it acts in the next turn's
        # battle, Jumper ROM Bo-451): not under the option's usage restrictions and costs (checked and paid when it was used)
        conds = list(dict.fromkeys(list(h.conds) + ([] if unbound else card_conds)))
        # "when this Digimon gains the ability X": keyword=X is that only while X is not printed on it
        gained = [c[7:] for c in conds if c.startswith("GAINED:")]
        conds = [c for c in conds if not c.startswith("GAINED:")]
        if any(g in tr.keywords for g in gained):
            tr.unmodeled.append("abilities")
            continue
        if len(conds) > E.MAX_CONDS:
            # round 9c: a level the row names implies every "not that other level" (a restriction "non-Level III" beside
            # "if your Digimon is a Level IV …", Juga-maru Bx-31): dropped only where the row would not fit otherwise
            conds = [c for c in conds if not ((m := re.fullmatch(r"(opp_)?level!=(\w+)", c))
                                              and any(re.fullmatch(rf"{m.group(1) or ''}level=(?!{m.group(2)}$)\w+", d)
                                                      for d in conds))]
        variants = [conds]
        if len(conds) > E.MAX_CONDS and not ctx.digimon:
            # round 10c: an option's level range of two conditions ("Level IV or Perfect level": level>=IV & level<=Perfect)
            # as one row per level, where the row would not fit otherwise (Shishioumaru Bo-591): the copies hold for
            # disjoint levels, so exactly one of them applies whenever the range does, whatever the operation (a
            # Digimon's ◎ rows are abilities of their own: not split)
            for pre in ("", "opp_"):
                lo = next((c for c in conds if re.fullmatch(rf"{pre}level>=\w+", c)), None)
                hi = next((c for c in conds if re.fullmatch(rf"{pre}level<=\w+", c)), None)
                if lo and hi:
                    rest = [c for c in conds if c not in (lo, hi)]
                    span = _ORDER[_ORDER.index(lo.split(">=")[1]):_ORDER.index(hi.split("<=")[1]) + 1]
                    variants = [rest + [f"{pre}level={lv}"] for lv in span]
                    break
        for conds in variants:
            if len(conds) > E.MAX_CONDS:
                tr.unmodeled.append("too-many-conditions")
                continue
            s = h.op + (" if " + " & ".join(conds) if conds else "")
            if h.when and h.when != ctx.timing:
                s += f" | when: {h.when}"
            all_costs = list(dict.fromkeys(list(h.costs) + ([] if unbound else costs)))
            if len(all_costs) > E.MAX_COSTS:
                tr.unmodeled.append("cost")
                continue
            if not ctx.digimon and not unbound and paid.setdefault(h.when or ctx.timing or "", all_costs) != all_costs:
                tr.unmodeled.append("cost")
                continue
            if all_costs:
                s += " | cost: " + ", ".join(all_costs)
            if h.limit:
                s += f" | limit: {h.limit}"
            elif limits and limits[0] != "phase":
                s += f" | limit: {limits[0]}"
            if h.filters:
                s += " | filter: " + " & ".join(h.filters)
            if not h.special and ctx.digimon and (h.when or "battle") != "support" \
                    and not (h.op in _PRINTED_FLAGS and not conds):
                s += " | special: no"  # seed 003 §3.3: void_abilities does not cancel it
            s = format_effect(parse_effect(s))  # canonical form (raises on a bug in a builder)
            if s not in tr.effects or h.further:
                tr.effects += [s] * h.times  # N equal ◎ rows: the ability is used N times a turn
    for name in besides:  # round 11a: a row apart from the card's own (no usage restriction, cost or limit of its use)
        tr.effects.append(format_effect(parse_effect(f"beside | when: appear | filter: name={name}")))
    tr.unmodeled = sorted(set(tr.unmodeled), key=tr.unmodeled.index)
    return tr


def _opp_levels(conds) -> set[str]:
    """The opponent's levels for which every ``opp_level`` condition of ``conds`` holds."""
    out = set()
    for lv in _ORDER:
        ok = True
        for c in conds:
            m = _RE_COND_STR.match(c)
            if not m or m.group(1) != "opp_level":
                continue
            a, b = _ORDER.index(lv), _ORDER.index(m.group(3))
            ok = ok and {"=": a == b, "!=": a != b, ">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b}[m.group(2)]
        if ok:
            out.add(lv)
    return out


def _widened(heads: list[_Eff], widens: list[_Widen], card_conds: list[str], cond_alts: list, tr: Translation) -> list[_Eff]:
    """Round 7, _Widen: a copy of every row with ``opp_level`` conditions, for the widened levels instead and under the
    widening's conditions.  The copy and its row hold for disjoint opponent levels, so an addition stays exact;
    unmodeled when the levels overlap, when no row names the opponent's levels, or when a usage restriction does."""
    restricted = any(c.startswith("opp_level") for c in card_conds) or any(
        c.startswith("opp_level") for rows in cond_alts for row in rows for c in row)
    if len(widens) > 1 or restricted:
        tr.unmodeled.append("condition")
        return heads
    w = widens[0]
    extra = []
    for h in heads:
        lv = [c for c in h.conds if c.startswith("opp_level")]
        if not lv or h.when == "evolved":
            continue
        if _opp_levels(lv) & set(w.levels):
            tr.unmodeled.append("condition")
            return heads
        rest = tuple(c for c in h.conds if not c.startswith("opp_level"))
        extra.append(replace(h, conds=tuple(dict.fromkeys(rest + tuple(_level_conds("opp_level", set(w.levels)) or ()) + w.conds)),
                             further=True))
    if not extra:
        tr.unmodeled.append("condition")
    return heads + extra


def _with_ends(limit: str, ends: list[str]) -> str:
    """A limit ("discarded, lifespan", "turns(5)") with more end events, in canonical order."""
    items = [x.strip() for x in limit.split(",") if x.strip()]
    base = [] if items[0] in _END_ORDER else items[:1]
    have = set(items) | set(ends)
    return ", ".join(base + [e for e in _END_ORDER if e in have])


def translate_option(name: str, activation: str, option_type: str, text: str) -> Translation:
    """An option card: ``activation`` is the Evo/Activation column (timing, then "(O)…" costs and
    restrictions), ``option_type`` Program/Item/Field, ``text`` the Abilities column."""
    activation = (activation or "").strip()
    timing = None
    for rx, t in _TIMINGS:
        if rx.match(activation):
            timing = t
            break
    # round 11b (row 4 of docs/coverage.md "Open questions"): "1) Evolution Phase 2) Battle Phase", numbered effects of two
    # timings (Takenouchi Sora Re-73 / CD-2): the card is turned face-up in the Evolution phase (effect 1, an
    # evolve_ignore step) and effect 2's rows are `when: battle` rows, which act from the Power Box in the same turn's
    # battle (tables.TM_LATER) or, the card used in a battle window instead, as any battle row (effect 1's phase is past)
    two = re.fullmatch(r"\s*1\) ?evolution phase 2\) ?battle phase\s*", activation, re.I) is not None
    if two:
        timing = "evolution"
    tr = Translation(timing=timing)
    ctx = _Ctx(timing=timing, digimon=False, name=name)
    pieces: list = []
    if timing is None or (re.match(r"^\s*1\)", activation) and not two):
        pieces.append(_U("timing"))
    head, _, rest = activation.partition("(O)")
    head_rest = _TIMINGS[[t for _, t in _TIMINGS].index(timing)][0].sub("", head, count=1).strip(" /") \
        if timing and not two else ""
    if head_rest:  # text after the timing word without an (O) marker
        for c in _clauses(head_rest):
            pieces += _translate_clause(c, _Ctx(timing=timing, digimon=False, name=name, activation=True))
    actx = _Ctx(timing=timing, digimon=False, name=name, activation=True)
    for c in _clauses("(O)" + rest if rest else ""):
        for part in c.split(";"):  # "You may only place one …; cannot receive the effects of …"
            if part.strip():
                pieces += _translate_clause(part.strip(), actx)
    numbered = _numbered(text)
    if two and (numbered is None or len(numbered) != 3):
        return _assemble(pieces + [_U("timing")], ctx, tr)
    if numbered is not None:
        for k, part in enumerate(numbered):
            got = [g for c in _clauses(part) for g in _translate_clause(c, ctx if not (two and k == 2) else
                                                                          _Ctx(timing="battle", digimon=False, name=name))]
            if two and k == 1 and [g.op for g in got if isinstance(g, _Eff)] != ["evolve_ignore"]:
                got.append(_U("timing"))  # effect 1: only an evolve_ignore step leaves the card for the battle (Power Box)
            if two and k == 2:  # effect 2: modifier rows of the battle (what the Power Box pass applies)
                if any(isinstance(g, _Eff) and (g.when or g.costs or not (g.op.startswith(("atk", "opp_atk")) or g.op == "bt_pick")) for g in got):
                    got.append(_U("timing"))
                got = [replace(g, when="battle") if isinstance(g, _Eff) else g for g in got]
            pieces += got
        tr = _assemble(pieces, ctx, tr)
        # effect 2 acts in the battle only if the card stays past the Evolution phase (limit: turn, CD-2 / CD-3 / Re-73);
        # without a printed limit (Re-74) the card leaves at the end of the phase of use (seed 003 §3.3 리미트): used in
        # the Evolution Phase it steps and leaves, used in the Battle Phase its effect 2 acts (round 12d)
        return tr
    body = _clauses(text)
    if not body:
        pieces.append(_U("no-effect"))
    for c in body:
        pieces += _translate_clause(c, ctx)
    # round 13f: "if you make your attack A, add the effect 'C>0'" (St-300): c_zero itself acts only while this side
    # attacks with A (the engines test both attacks in the final attack), so the row drops `attack=A` and goes before the
    # rows it rides on: an attack_pick's margin already sees the 'C>0'
    cz = [replace(g, conds=tuple(c for c in g.conds if c != "attack=A")) for g in pieces
          if isinstance(g, _Eff) and g.op == "c_zero"]
    if cz:
        pieces = cz + [g for g in pieces if not (isinstance(g, _Eff) and g.op == "c_zero")]
    return _assemble(pieces, ctx, tr)


# round 11b: the Chosen Children's numbered effects, "1) … 2) …" without the "(1)" mark (Re-72 … Re-79, CD-2, CD-3: the
# only texts of the data with such a number at the start or after a sentence)
_NUMBER = re.compile(r"(?:^|(?<=[.)\"'a-z] ))([1-3])\)\s*(?=[A-Z])")


def _numbered(text: str) -> list[str] | None:
    """[preamble, effect 1, effect 2, …] of a text whose effects are numbered 1), 2), … in order; None otherwise."""
    text = re.sub(r"\s+", " ", (text or "").replace("\u00a0", " ")).strip()
    ms = list(_NUMBER.finditer(text))
    if not ms or [int(m.group(1)) for m in ms] != list(range(1, len(ms) + 1)):
        return None
    cuts = [m.start() for m in ms] + [len(text)]
    return [text[:ms[0].start()].strip()] + [text[m.end():cuts[i + 1]].strip() for i, m in enumerate(ms)]


def translate_ability(name: str, text: str) -> Translation:
    """A Digimon's Abilities column ("None"/"" → no effects, modeled)."""
    tr = Translation(timing=None)
    text = (text or "").strip()
    if text.lower() in ("", "none", "none."):
        return tr
    ctx = _Ctx(timing=None, digimon=True, name=name)
    pieces: list = []
    for c, marked in _marked_clauses(text):
        if not marked:  # "(this is not a special ability)" said, now carried by the rows' flag
            c = re.sub(r"\s*" + _NOT_SPECIAL.pattern, "", c, flags=re.I).strip()
        got = _translate_ability_clause(c, ctx)
        if not marked:  # not a special ability: void_abilities does not cancel its rows (seed 003 §3.3)
            got = [replace(x, special=False) if isinstance(x, _Eff) else x for x in got]
        pieces += got
    return _assemble(pieces, ctx, tr)


# unconditional printed flags, which the tables read whether or not the abilities are void: no "special: no"
_PRINTED_FLAGS = ("no_zero", "no_ignore", "keep_abilities", "no_option_dark")
_NOT_SPECIAL = re.compile(r"\(this is not a special ability\)", re.I)


def _marked_clauses(text: str) -> list[tuple[str, bool]]:
    """The clauses of a Digimon's ability text (_clauses), each with whether it is a special ability:
    a text behind a ◎ / "(O)" / "(N)" mark or a support "(S)" one is; the text before the first mark
    is not, nor one that says "(this is not a special ability)" (seed 003 §3.3)."""
    return [(c, marked and not _NOT_SPECIAL.search(c)) for c, marked in _clauses_marked(text)]


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
