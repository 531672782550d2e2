"""Appearance conditions (seed 003 §3.2.2.1 ex. 6, §3.3) → ``appear`` rows of the effect language.

A Digimon with an appearance condition in its requirement column ("When your Digimon is Agumon and
the opponent is an Ultimate level, make this card appear from your hand (during battle only)") is
placed from hand onto the Digimon Box when the condition holds.  ``translate_appearance`` turns such
a text into ``appear`` rows (docs/effect-language.md): conditions on the battling Digimon and the
opponent, costs, the timing (``battle`` / ``start``) and the limit (how long the card stays).  A text
it cannot express is labelled and the card keeps no appearance rows (it never enters play).

How a text is read
------------------
The text is cut into its main sentence (the condition, costs and timing) and riders (after "(O)",
or further sentences: a limit, "After appearance, send …" costs).  The main sentence is read clause
by clause; every clause must be one of the shapes below, or the whole text is labelled.  Each
clause gives one or more *alternatives* (conditions, costs, a row filter); the rows are all
combinations, one row per alternative ("When your Digimon is Agumon or Gabumon" → two rows).

* Conditions: "When your Digimon is (a) NAME [or NAME …]" → ``name=``; a printed qualifier after a
  name ("Deathmon (Data attribute)", "Babamon (Unknown)") adds its condition
  (requirements.qualifier_filter); "… is a Perfect [or Ultimate] level" → ``level=``; "the opponent
  is an Ultimate level [or …]" → ``opp_level=``; "non-Level III" → ``opp_level!=III``; "an attack
  power of N and above" → ``opp_power>=N``; "between A and B points" / "A-B points" →
  ``points>=A & points<=B``; "when your or your opponent's Digimon belongs to the GROUP" →
  ``group=`` / ``opp_group=``.
* "Send your NAME from the box to the Dark Area, and make this card appear" is the own Digimon's
  name: the engines send the box's top card to the Dark Area on every appearance (never the Level
  III under it; tests/test_appearance.py checks on the data that no Digimon named so is a Level
  III, which the text would send away and the engines would not).
* Costs (the engines pay them before the card appears, also those printed "After appearance, …" —
  decided): "send / discard one DESC from your hand" → ``discard_if(1)`` with a row filter: a name
  (``name=``), "Level IV Digimon belonging to FIELD" (``level=IV & field=``), "Digimon card
  belonging to FIELD / the GROUP" (``kind=Digimon & field= / group=``), "TYPE type Digimon"
  (``kind=Digimon & type~TYPE``), "Digimon card whose type contains the word 'W'" (one row per
  word: the word and the card data's one-word types that contain it, _TYPE_COMPOUNDS); "send N
  cards" → ``discard(N)``; "show the opponent a 'NAME' card from your hand" → ``show``; "place a
  'NAME' card from your hand into your support box" → ``place``; "send the top N cards of your Net
  Ocean to the Dark Area" → ``mill(N)``; "After appearance, reduce your points by N" → ``points(N)``; "During
  appearance, move the Digimon in your Digimon box (excluding Level III) to your support box" → ``move_host`` (the
  box card goes to the support box instead of the Dark Area, Parasimon Bo-681); "send a Digimon of any level together with a 'NAME' card from your
  hand" → ``discard_digimon(1), discard_if(1)`` with the filter ``name=NAME`` (a named option: the two costs
  take different cards).
* Timing: "(during battle only)" / "During battle" → ``battle`` (the default, not written); "At
  the start of the battle" / "at the beginning of the battle phase" → ``when: start``.  A text
  that names no timing is labelled ``appearance-timing``.
* Limits: "At the end of the turn during which appearance took place, send this card to the Dark
  Area" → ``turn``; "At the end of the turn after the turn during which this card made its
  appearance, …" → ``turns(2)``; "After N turns have passed, send this card to the Dark Area" →
  ``turns(N)``: the engines' ``turns(N)`` ends with the N-th turn counting the turn of appearance,
  and "the turn after the turn of appearance" — two turns passed — is ``turns(2)``, so N turns
  passed is ``turns(N)`` (the reading translate.py gives an option's "after 2 turns").  No limit:
  the card stays.

Alternatives that can never hold in a simulated deck are dropped: a Hybrid level (DM-DECK-3 keeps
Hybrid cards out of every deck) and a D-Reaper (a D-Reaper enters play only by an appearance or an
option effect the engines never perform — their texts are all labelled here — so it is never an
opponent's Digimon).  A condition whose every alternative is dropped leaves no rows: labelled
``appearance-hybrid``.

Labels (our vocabulary; the card then has no appearance rows and never enters play)
----------------------------------------------------------------------------------
``appearance-capacity`` "send 1-6 cards … if the total capacity is 200 and above": card capacities
are not in the card data; ``appearance-lose`` appears when the own Digimon loses and the battle
continues; ``appearance-end-of-turn`` appears at the end of a turn; ``appearance-compare`` compares
the own Digimon's attack power with the opponent's; ``appearance-slots`` a condition on option cards
in the slots (other than "a card belonging to the category 'G' in your slots": ``slot:group=G``, both
timings); ``appearance-switch`` appears in place of a Level III; ``appearance-base-power`` a
condition on the printed (basic) attack power; ``appearance-hybrid`` the own Digimon must be a
Hybrid; ``appearance-support-box`` a Digimon moves to or from the support box; ``appearance-sheet``
a card on a sheet; ``appearance-armor`` "excluding Armor-evolved Digimon"; ``appearance-by-option``
appears by an option's effect only; ``appearance-box-turns`` how long the own Digimon has been in
the box; ``appearance-ongoing`` an effect at the end of every turn; ``appearance-draw`` draws cards;
``appearance-cost`` costs that need two different row filters, or hand cards no filter names;
``appearance-rows`` more alternatives than MAX_ROWS; ``appearance-timing`` no timing said (or two);
``appearance-qualifier`` a qualifier that is no filter; ``appearance-limit`` two limits;
``appearance-row`` a row over the language's limits (3 conditions, 2 costs); ``appearance-unparsed``
any other shape.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from simcli.cards.effects import EffectSyntaxError, format_effect, parse_effect
from simcli.cards.names import norm_name, rule_spelling
from simcli.cards.requirements import qualifier_filter
from simcli import codes as E

MAX_ROWS = 8  # appearance rows per card (tables.MAX_EFFECTS)

# One-word types of the card data that contain a word a text asks for ("type contains the word
# 'Bird'"): the engines match whole type words (filter type~), so "Birdman" needs its own row.
# tests/test_appearance.py checks on the data that this table is complete for every word used.
_TYPE_COMPOUNDS = {"bird": ("Birdman",), "ice": ("Ice-Snow",)}
# "cards containing the word 'Chosen' in their category": the card data's groups that contain it
# (checked on the data by tests/test_appearance.py)
_GROUP_WORDS = {"chosen": ("Chosen Children",)}
_FIELDS = {
    "nature spirits": "NSp", "deep savers": "DS", "nightmare soldiers": "NSo", "wind guardians": "WG",
    "virus busters": "VB", "metal empire": "ME", "dark area": "DA", "unknown": "UK",
}
_NUMS = {"a": 1, "an": 1, "one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3, "four": 4, "4": 4}
_LEVEL_WORDS = {"level iii": "III", "level iv": "IV", "perfect": "Perfect", "ultimate": "Ultimate",
                "hybrid": "", "d-reaper": ""}  # "": can never hold in a simulated deck (see above)


@dataclass
class AppearanceTranslation:
    effects: list[str] = field(default_factory=list)  # ``appear …`` rows (round-trip exact)
    unmodeled: list[str] = field(default_factory=list)  # labels of what could not be expressed

    @property
    def modeled(self) -> bool:
        return bool(self.effects) and not self.unmodeled


class _Unexpressible(Exception):
    """The text (or a part) cannot be written exactly: the label says why."""

    def __init__(self, label: str):
        super().__init__(label)
        self.label = label


@dataclass(frozen=True)
class _Alt:
    """One alternative of a clause: conditions, costs and the row filter it needs."""

    conds: tuple[str, ...] = ()
    costs: tuple[str, ...] = ()
    filt: tuple[str, ...] = ()


# ---- phrase pieces -----------------------------------------------------------------------------
# a name: capitalised words (case-sensitive, so "or", "and", "card" end it), e.g. "War Greymon",
# "D-Reaper ADR-02", "Imperialdramon: Fighter Mode", "Winning Percentage: 80%!"
_NAME = r"(?-i:[A-Z0-9][\w'!%:\-]*(?: [A-Z0-9][\w'!%:\-]*)*)"
_QUAL = r"(?: \([^()]+\))"
_NAMEQ = rf"{_NAME}{_QUAL}?"
_NAMES = rf"{_NAMEQ}(?:(?:,? or |, )(?:an? )?{_NAMEQ})*"
_QUOTED = r"['\"‘’“”](?P<q>[^'\"‘’“”]+)['\"‘’“”]"
_LV = r"(?:level iii|level iv|perfect|ultimate|hybrid|d-reaper)(?: level)?"
_LVS = rf"(?:either )?(?:an? )?{_LV}(?:(?:,? or |, )(?:an? )?{_LV})*(?: level)?(?: digimon)?"
_NUM = r"(?P<k>one|an?|two|three|four|[1-4])"
_DA = r"the dark area"
_DESC = r"(?:(?!to the dark area|appear).)+?"  # what a hand cost names, within its clause


def _split_names(text: str) -> list[tuple[str, str]]:
    """'A (Q), B or C' → [(A, Q), (B, ''), (C, '')]."""
    out = []
    for part in re.split(r",? or |, ", text):
        part = re.sub(r"^(?:an?|either an?|either) ", "", part.strip())
        m = re.fullmatch(r"(.+?)(?: \(([^()]+)\))?", part)
        out.append((m.group(1).strip(), (m.group(2) or "").strip()))
    return out


def _levels(text: str) -> list[str]:
    """'a Perfect or Ultimate level' → ['Perfect', 'Ultimate'] (Hybrid / D-Reaper dropped)."""
    out = []
    for lv in re.findall(r"level iii|level iv|perfect|ultimate|hybrid|d-reaper", text.lower()):
        if _LEVEL_WORDS[lv] and _LEVEL_WORDS[lv] not in out:
            out.append(_LEVEL_WORDS[lv])
    return out


def _name(n: str) -> str:
    return rule_spelling(n.strip().strip("'\"‘’“”").strip())


def _own_names(text: str) -> list[_Alt]:
    alts = []
    for n, q in _split_names(text):
        conds = [f"name={_name(n)}"]
        if q:
            f = qualifier_filter(q)
            if not f:
                raise _Unexpressible("appearance-qualifier")
            conds.append(f)
        alts.append(_Alt(tuple(conds)))
    return alts


def _level_alts(text: str, key: str) -> list[_Alt]:
    lvs = _levels(text)
    if not lvs:
        raise _Unexpressible("appearance-hybrid")
    return [_Alt((f"{key}={lv}",)) for lv in lvs]


def _count(k: str) -> int:
    return _NUMS[k.lower()]


def _number(k: str) -> int:
    """"three" / "10" → 3 / 10."""
    return int(k) if k.isdigit() else _NUMS[k.lower()]


def _desc_alts(desc: str, n: int) -> list[_Alt]:
    """The hand cards a cost asks for ("Dinosaur type Digimon card", "Impmon card") → alternatives."""
    d = desc.strip()
    if re.fullmatch(r"(?i:cards?)", d):
        return [_Alt(costs=(f"discard({n})",))]
    cost = (f"discard_if({n})",)
    m = re.fullmatch(rf"(?i:either an? )?{_QUOTED} cards?", d)
    if m := m or re.fullmatch(rf"(?i:either an? )?(?P<q>{_NAMES}) cards?", d):
        names = _split_names(m.group("q"))
        if any(q for _, q in names):  # a qualified hand card ("Imperialdramon (Virus) card"): not in the data
            raise _Unexpressible("appearance-qualifier")
        return [_Alt(costs=cost, filt=(f"name={_name(nm)}",)) for nm, _ in names]
    if m := re.fullmatch(rf"(?i:(?:(?P<lv>level iii|level iv|perfect level|ultimate level) )?digimon(?: cards?)?"
                         rf" belonging to (?:the )?)(?P<f>{_NAME})(?i: group)?", d):
        f = m.group("f")  # a field ("Nightmare Soldiers") or a group ("the Seven Great Demon Lords")
        key = f"field={_FIELDS[f.lower()]}" if f.lower() in _FIELDS else f"group={f}"
        lv = m.group("lv")
        first = f"level={_LEVEL_WORDS[lv.lower().replace(' level', '')]}" if lv else "kind=Digimon"
        return [_Alt(costs=cost, filt=(first, key))]
    if m := re.fullmatch(rf"(?P<t>(?-i:[A-Z][a-z]+)) (?i:type digimon(?: cards?)?)", d):
        return [_Alt(costs=cost, filt=("kind=Digimon", f"type~{m.group('t')}"))]
    if m := re.fullmatch(r"(?i:digimon cards? whose type (?:name )?contains the words? (?P<w>.+))", d):
        return [_Alt(costs=cost, filt=f) for f in _type_word_filters(m.group("w"))]
    if m := re.fullmatch(r"(?i:cards containing the word ['\"‘’](?P<w>\w+)['\"‘’] in their category)", d):
        groups = _GROUP_WORDS.get(m.group("w").lower())
        if not groups:
            raise _Unexpressible("appearance-cost")
        return [_Alt(costs=cost, filt=(f"group={g}",)) for g in groups]
    raise _Unexpressible("appearance-cost")


def _type_word_filters(words: str) -> list[tuple[str, ...]]:
    """"'Bird' ('Chick' included)" / "'Ore'/'Rock'/'Mineral' in it" / "'Ice' or 'Beast'/'Animal'" /
    "'Demon Man'" → one filter per word (a multi-word entry needs all its words)."""
    w = re.sub(r"\s+in it$", "", words.strip())
    w = re.sub(r"\s*\((?P<x>[^()]*) included\)$", lambda m: "/" + m.group("x"), w)
    items = [x.strip().strip("'\"‘’") for x in re.split(r"/| or ", w) if x.strip()]
    out: list[tuple[str, ...]] = []
    for it in items:
        if not re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", it):
            raise _Unexpressible("appearance-cost")
        parts = it.split()
        if len(parts) == 2:  # "Demon Man": both words (a type word is never an option's)
            out.append(tuple(f"type~{p}" for p in parts))
            continue
        for t in (it,) + _TYPE_COMPOUNDS.get(it.lower(), ()):
            out.append(("kind=Digimon", f"type~{t}"))
    return out


# ---- main-sentence clauses: (pattern, handler(match, state) -> list[_Alt]) ----------------------
@dataclass
class _State:
    timing: str = ""  # "battle" / "start" / "" (not said)
    appear: bool = False
    card_name: str = ""
    place: bool = False  # a place cost was read (its "remains in your support box" rider is fine)

    def set_timing(self, t: str) -> None:
        if self.timing and self.timing != t:
            raise _Unexpressible("appearance-timing")
        self.timing = t


def _c_timing(t):
    def h(m, st):
        st.set_timing(t)
        return [_Alt()]
    return h


def _c_points(m, st):
    if m.group("start"):
        st.set_timing("start")
    lo, hi = int(m.group("a")), int(m.group("b"))
    return [_Alt((f"points>={lo}", f"points<={hi}"))]


def _c_own(m, st):
    if m.group("lv"):
        return _level_alts(m.group("lv"), "level")
    return _own_names(m.group("n"))


def _c_opp_level(m, st):
    alts = _level_alts(m.group("lv"), "opp_level")
    if m.group("p"):
        alts = [_Alt(a.conds + (f"opp_power>={m.group('p')}",)) for a in alts]
    return alts


def _c_either_box(m, st):
    """"when you have either a A, B or C in your Digimon box, discard one of the two remaining cards
    from your hand": one row per (box Digimon, discarded card)."""
    names = _split_names(m.group("n"))
    if any(q for _, q in names) or len(names) != 3:
        raise _Unexpressible("appearance-cost")
    return [_Alt((f"name={_name(a)}",), ("discard_if(1)",), (f"name={_name(b)}",))
            for (a, _), (b, _) in itertools.permutations(names, 2)]


def _c_other(m, st):
    """"When your Digimon is a A or B, send the other card to the Dark Area": the other from hand."""
    a, b = _name(m.group("a")), _name(m.group("b"))
    return [_Alt((f"name={x}",), ("discard_if(1)",), (f"name={y}",)) for x, y in ((a, b), (b, a))]


def _c_group(m, st):
    g = m.group("g")
    return [_Alt((f"group={g}",)), _Alt((f"opp_group={g}",))]


def _c_show(m, st):
    n = m.group("q") or m.group("n")
    return [_Alt(costs=("show",), filt=(f"name={_name(n)}",))]


def _c_place(m, st):
    st.place = True
    return [_Alt(costs=("place",), filt=(f"name={_name(m.group('q'))}",))]


def _c_hand(m, st):
    return _desc_alts(m.group("d"), _count(m.group("k")))


def _c_hand_type(m, st):
    return [_Alt(costs=(f"discard_if({_count(m.group('k'))})",), filt=f) for f in _type_word_filters(m.group("w"))]


def _c_digimon_and(m, st):
    return [_Alt(costs=("discard_digimon(1)", "discard_if(1)"), filt=(f"name={_name(m.group('q'))}",))]


def _c_appear(m, st):
    who = m.groupdict().get("who")
    if who and st.card_name and norm_name(who) != norm_name(st.card_name):
        raise _Unexpressible("appearance-unparsed")
    st.appear = True
    return [_Alt()]


def _c_none(m, st):
    return [_Alt()]


_BOX = r"(?:from|in) (?:the |your )?(?:digimon )?box"
_CLAUSES: list[tuple[re.Pattern, object]] = [(re.compile(p, re.I), h) for p, h in (
    (r"during battle", _c_timing("battle")),
    (r"\((?:during battle only|only during battle)\)", _c_timing("battle")),
    (r"(?:at the start of the battle|when the battle starts)", _c_timing("start")),
    (r"(?:when|if) you have (?:between )?(?P<a>\d+)(?:-| and )(?P<b>\d+) points(?: remaining| left)?"
     r"(?P<start> at the beginning of the battle phase)?", _c_points),
    (rf"(?:only )?when your digimon is (?:an? )?(?P<a>{_NAME}) or (?:an? )?(?P<b>{_NAME}),?"
     rf" send the other card to {_DA}", _c_other),
    (rf"(?:only )?when your digimon is (?:(?P<lv>{_LVS})|(?:an? )?(?P<n>{_NAMES}))(?=,| and |\s*\(|$)", _c_own),
    (r"(?:when |and |with )?(?:the |your )opponent is (?:a |an )?(?:non-level iii|not a level iii)(?: digimon)?",
     lambda m, st: [_Alt(("opp_level!=III",))]),
    (rf"(?:when |and |with )?(?:the |your )opponent is (?P<lv>{_LVS})"
     r"(?: with an attack power of (?P<p>\d+) and above)?", _c_opp_level),
    (r"(?:when |and |with )?(?:the |your )opponent has an attack power of (?P<p>\d+) (?:and|or) above",
     lambda m, st: [_Alt((f"opp_power>={m.group('p')}",))]),
    (r"when (?:the |your )opponent's attack power is (?P<p>\d+) (?:and|or) above",
     lambda m, st: [_Alt((f"opp_power>={m.group('p')}",))]),
    (rf"when you have either (?:an? )?(?P<n>{_NAMES}) in your digimon box, discard one of the two remaining cards"
     r" from your hand", _c_either_box),
    (rf"when you have either (?:an? )?(?P<n>{_NAMES}) in your digimon box",
     lambda m, st: _own_names(m.group("n"))),
    (rf"when there is either (?:an? )?(?P<n>{_NAMES}) card in your digimon box",
     lambda m, st: _own_names(m.group("n"))),
    (rf"when your or your opponent's digimon belongs to (?:the )?(?P<g>{_NAME})", _c_group),
    (rf"send (?:your |the )?(?P<n>{_NAMES})(?: card)? {_BOX} to {_DA}", lambda m, st: _own_names(m.group("n"))),
    (rf"show (?:the opponent|your opponent) (?:an?|one) (?:{_QUOTED}|(?P<n>{_NAME})) card from your hand", _c_show),
    (rf"show (?:an?|one) (?:{_QUOTED}|(?P<n>{_NAME})) card in your hand to the opponent", _c_show),
    (rf"place (?:an?|one) {_QUOTED} card from your hand into your support box", _c_place),
    # "send a Digimon of any level together with a 'Winning Percentage: 80%!' card from your hand to the Dark Area"
    # (Qinglongmon Bo-342): two costs of one row, the Digimon card and the named card (not a Digimon)
    (rf"(?:send|discard) an? digimon(?: card)? of any level together with an? {_QUOTED} card from your hand"
     rf"(?: to {_DA})?", _c_digimon_and),
    (rf"(?:send|discard) {_NUM} (?:digimon cards? )?from your hand whose type (?:name )?contains the words? "
     r"(?P<w>.+?)(?=,? and make|$)", _c_hand_type),
    (rf"(?:send|discard) {_NUM} (?P<d>{_DESC}) from your hand(?: to {_DA})?", _c_hand),
    (rf"(?:send|discard) (?P<d>either {_DESC}) from your hand(?: to {_DA})?",
     lambda m, st: _desc_alts(m.group("d"), 1)),
    (rf"(?:you )?makes? (?:this card|(?P<who>{_NAME})) appear(?: directly)?(?: in your digimon box)?"
     r"(?: from your hand)?(?: directly)?", _c_appear),
    (r"put this card out", _c_appear),
    (r"resume the battle", _c_none),
)]
_SEP = re.compile(r"^(?:,\s*and\s+|,\s*|\s+and\s+|\s+then\s+|\s+)(?:you (?:can|may) )?", re.I)
_OPEN = re.compile(r"^(?:you (?:can|may) )", re.I)


def _main_alts(sentence: str, st: _State) -> list[list[_Alt]]:
    s = _OPEN.sub("", sentence.strip().rstrip(".").strip())
    groups: list[list[_Alt]] = []
    first = True
    while s:
        if not first:
            m = _SEP.match(s)
            if not m:
                raise _Unexpressible("appearance-unparsed")
            s = s[m.end():]
            if not s:
                break
        first = False
        for pat, handler in _CLAUSES:
            m = pat.match(s)
            if m:
                groups.append(handler(m, st))
                s = s[m.end():]
                break
        else:
            raise _Unexpressible("appearance-unparsed")
    return groups


# ---- riders (after "(O)", or further sentences) ---------------------------------------------------
_THIS = r"(?:this card|it|this digimon)"
_LIMITS = [(re.compile(p, re.I), lim) for p, lim in (
    (rf"at the end of the turn after the turn (?:during|in) which {_THIS} (?:made its appearance|appeared),?"
     rf" send {_THIS} to {_DA}", "turns(2)"),
    (rf"at the end of the turn (?:during|in) which (?:appearance took place|{_THIS} (?:made its appearance"
     rf"|appeared)),? send {_THIS} to {_DA}", "turn"),
    (rf"after (?P<n>\d+|two|three|four) turns have passed,? send {_THIS} to {_DA}", "turns(N)"),
)]
_RIDER_COSTS = [(re.compile(p, re.I), h) for p, h in (
    (rf"(?:after appearance, )?send the top (?P<k>\d+|{'|'.join(_NUMS)}) cards? of your net ocean to {_DA}",
     lambda m: [_Alt(costs=(f"mill({_number(m.group('k'))})",))]),
    (rf"after appearance, choose one card from your hand and send it to {_DA}",
     lambda m: [_Alt(costs=("discard(1)",))]),
    (rf"after appearance, send {_NUM} (?P<d>.+?) from your hand to {_DA}",
     lambda m: _desc_alts(m.group("d"), _count(m.group("k")))),
    # Parasimon Bo-681: "During appearance, move the Digimon in your Digimon box (excluding Level III) to your
    # support box" (it stays there with the card: move_host) / "After appearance, reduce your points by 20"
    (r"during appearance, move the digimon in your digimon box \(excluding level iii\) to your support box",
     lambda m: [_Alt(costs=("move_host",))]),
    (r"after appearance, (?:reduce|lower) your points by (?P<k>\d+)",
     lambda m: [_Alt(costs=(f"points({int(m.group('k'))})",))]),
)]
_PLACE_STAYS = re.compile(r"after battle, your ['\"‘’“”][^'\"‘’“”]+['\"‘’“”] card remains in your support box"
                          r" together with this card", re.I)


def _pieces(text: str) -> list[str]:
    t = re.sub(r"\s+", " ", text.replace("\u3000", " ")).strip()
    t = t.replace('card"s', "card's")
    out = []
    for part in re.split(r"\s*/?\s*\(O\)\s*|(?<=[.)])\s*/?\s*\bO\)\s*", t):
        for sent in re.split(r"(?<=\.)\s*(?=[A-Z])", part):
            sent = sent.strip().strip("/").strip().rstrip(".").strip()
            if sent:
                out.append(sent)
    return out


def _combine(groups: list[list[_Alt]]) -> list[_Alt]:
    rows = []
    for combo in itertools.product(*groups):
        conds: list[str] = []
        costs: list[str] = []
        filt: tuple[str, ...] = ()
        for a in combo:
            conds += [c for c in a.conds if c not in conds]
            costs += list(a.costs)
            if a.filt:
                if filt and filt != a.filt:
                    raise _Unexpressible("appearance-cost")  # one row filter for all filtered costs
                filt = a.filt
        rows.append(_Alt(tuple(conds), tuple(costs), filt))
    return rows


_COND_ORDER = ("name", "level", "attr", "field", "frame", "group", "opp_", "points", "power")


def _cond_key(c: str) -> int:
    for i, p in enumerate(_COND_ORDER):
        if c.startswith(p):
            return i
    return len(_COND_ORDER)


def _row_text(a: _Alt, timing: str, limit: str) -> str:
    head = "appear"
    conds = sorted(a.conds, key=_cond_key)
    if conds:
        head += " if " + " & ".join(conds)
    parts = [head]
    if timing == "start":
        parts.append("when: start")
    if a.costs:
        parts.append("cost: " + ", ".join(a.costs))
    if limit:
        parts.append(f"limit: {limit}")
    if a.filt:
        parts.append("filter: " + " & ".join(a.filt))
    text = " | ".join(parts)
    try:
        eff = parse_effect(text)
    except EffectSyntaxError:
        raise _Unexpressible("appearance-row") from None
    if len(eff.conds) > E.MAX_CONDS or len(eff.costs) > E.MAX_COSTS:
        raise _Unexpressible("appearance-row")
    return format_effect(eff)


# Labels of the shapes no row can express, by a phrase of the text (the first that matches).
_SHAPE_LABELS = [(re.compile(p, re.I), label) for p, label in (
    (r"total capacity", "appearance-capacity"),  # card capacities: not in the card data
    (r"other two cards|remaining \d cards|together with|digimon and (?:1|one) ", "appearance-cost"),  # two hand filters
    (r"^at the end of (?:the|your) turn", "appearance-end-of-turn"),  # appears at the end of a turn
    (r"\blos(?:es|e) (?:the |a |in )?battle", "appearance-lose"),  # "when your X loses …, continue"
    (r"compare the attack power|lower attack power|attack power is lower", "appearance-compare"),
    (r"slot|field option", "appearance-slots"),  # cards in the option slots
    (r"switch", "appearance-switch"),  # switched with a Level III
    (r"basic attack power|base attack power", "appearance-base-power"),  # printed attack power
    (r"hybrid level that appeared", "appearance-hybrid"),
    (r"move .* (?:to|into) your support box|place this card into your support box", "appearance-support-box"),
    (r"sheet", "appearance-sheet"),
    (r"excluding armou?r", "appearance-armor"),
    (r"appears due to the effects", "appearance-by-option"),
    (r"remained in your digimon box", "appearance-box-turns"),
    (r"at the end of every turn", "appearance-ongoing"),
    (r"\bdraw\b", "appearance-draw"),
)]


def _shape_label(text: str, fallback: str) -> str:
    for pat, label in _SHAPE_LABELS:
        if pat.search(text):
            return label
    return fallback


def translate_appearance(text: str, card_name: str = "") -> AppearanceTranslation:
    """The appearance rows of a requirement-column text (see the module docstring)."""
    try:
        return AppearanceTranslation(_translate(text, card_name), [])
    except _Unexpressible as exc:
        return AppearanceTranslation([], [_shape_label(text, exc.label)])


# "When you have a card belonging to the category 'Mysterious Man' in your slots, make this card appear from your hand"
# (Re-39t, Re-44t, Re-53t): a condition on the own slots' cards (face up or down), ``slot:group=G``.  The text names no
# timing: the card may appear while the condition holds (seed 003 §3.2.2.1 ex. 6, "when the condition is ready");
# the engines offer the two moments of the battle they model, the start of the battle and the battle windows.
_SLOT_GROUP = re.compile(r"when you have a card belonging to the category '(?P<g>[^']+)' in your slots,"
                         r" make this card appear from your hand\.?", re.I)


def _translate(text: str, card_name: str) -> list[str]:
    if m := _SLOT_GROUP.fullmatch(text.strip()):
        cond = f"slot:group={m.group('g')}"
        return [format_effect(parse_effect(f"appear if {cond}{when}")) for when in (" | when: start", "")]
    pieces = _pieces(text)
    if not pieces:
        raise _Unexpressible("appearance-unparsed")
    st = _State(card_name=card_name)
    groups = _main_alts(pieces[0], st)
    if not st.appear:
        raise _Unexpressible("appearance-unparsed")
    if not st.timing:
        raise _Unexpressible("appearance-timing")
    limit = ""
    for rider in pieces[1:]:
        for pat, lim in _LIMITS:
            if m := pat.fullmatch(rider):
                if limit:
                    raise _Unexpressible("appearance-limit")
                n = m.groupdict().get("n")
                limit = lim.replace("N", str(_number(n))) if n else lim
                break
        else:
            for pat, h in _RIDER_COSTS:
                if m := pat.fullmatch(rider):
                    groups.append(h(m))
                    break
            else:
                if not (st.place and _PLACE_STAYS.fullmatch(rider)):
                    raise _Unexpressible("appearance-unparsed")
    rows = [_row_text(a, st.timing, limit) for a in _combine(groups)]
    rows = list(dict.fromkeys(rows))
    if len(rows) > MAX_ROWS:
        raise _Unexpressible("appearance-rows")
    return rows
