"""The effect language: a small textual form for card effects, and its compiler to opcode rows.

One effect per string::

    EFFECT   := OP [ "if" COND { "&" COND } ] { "|" CLAUSE }
    CLAUSE   := "when:" TIMING | "cost:" COST { "," COST } | "limit:" LIMIT

    OP       := atk+N | atk-N              own final attack +/- N (after multiplication)
              | opp_atk+N | opp_atk-N      opponent's final attack +/- N
              | base+N | base-N            own *base* attack +/- N (zeroed by A->0, C-CALC-1)
              | atk*K | atk/K              own attack x K or / K (last one applies, C-CALC-1)
              | opp_atk*K | opp_atk/K
              | halve_opp                  opponent's final attack halved after everything
              | attack=A|B|C               own attack becomes A/B/C whatever the opponent's type
              | opp_attack=A|B|C
              | zero_opp                   opponent's attack becomes 0
              | no_zero                    own attack cannot go to zero
              | damage(N) | heal(N) | self_damage(N)     direct point changes
              | force_draw | no_force_draw               the battle becomes a draw / immune
              | negate_program             negate an opponent's Program before it resolves
              | immune_options             immune to the opponent's option cards
              | void_abilities             the opponent's special abilities become void
              | immune_mod                 immune to all attack modification by the opponent
              | draw(N) | discard(N) | mill(N) | opp_mill(N) | opp_discard(N)
              | lost*K                     opponent's lost points x K when this side wins
              | evolve_ignore              evolve to the next level ignoring requirements
              | negate_item                negate an opponent's Item option (the one being used, else an
                                           active one in its slots); it goes to the Dark Area
              | negate_option              negate an opponent's option of any type before it resolves
              | keep_abilities             this Digimon's special abilities cannot be voided
              | no_ignore                  this Digimon cannot be evolved into by evolve_ignore
              | per_discard(N[,M])         discard up to M cards from hand (no M: any number), atk+N each
              | per_discard_digimon(N[,M]) the same, counting Digimon cards only
              | per_mill(N[,M])            send up to M cards from the deck top to the Dark Area, atk+N each
              | opp_slots_clear            send every card in the opponent's option slots to the Dark Area
    COND     := level OP2 LEVEL | opp_level OP2 LEVEL | opp_higher | opp_lower
              | points OP2 N | opp_points OP2 N | attr=X | opp_attr=X | field=X | opp_field=X
              | type~WORD | opp_type~WORD | opp_bt=A|B|C | attack=A|B|C | opp_attack=A|B|C
              | keyword=WORD | opp_keyword=WORD | name=NAME | opp_name=NAME | first | second
              | frame=Red|Blue|Gold | opp_frame=…   own / opponent's Digimon's frame colour
              | card=NAME                  the opponent's option card being applied is named NAME
                                           (e.g. ``immune_options if card=Dark Tower``: immune to that card)
              (OP2 is one of = != >= <= > <; LEVEL is III, IV, Perfect or Ultimate)
    TIMING   := prep | evolution | battle | point | win | lose | passive
              | evolved                    once, right after the own Digimon evolves into this card
              | support                    a Digimon card's support ability (■, DM-BAT-2): the row applies
                                           when the player puts the card from hand into its Support Box
                                           in a battle window (conditions: its battling Digimon, as usual)
    COST     := discard(N) | mill(N) | gauge | points(N) | discard_digimon(N)
    LIMIT    := phase | battle | turn | turns(N) | discarded | now
              | digimon                    until the own Digimon leaves the Digimon Box

Examples: ``atk+50 | limit: turn``, ``atk*2 if opp_higher & level!=III | limit: turn``,
``damage(20) | when: win``, ``opp_atk-100 | cost: discard(1) | limit: battle``,
``atk+460 if name=Agumon | when: support`` (a support Digimon for an Agumon).

Without ``when:`` an option's effect uses the card's own timing and a Digimon's ability is
``battle`` (used in a battle window).  Without ``limit:`` an effect lasts for the phase it was
used in (C-OPT-2).  The compiler turns each string into one int32 row (enums.E_* layout);
words (attributes, fields, types, keywords, names) are coded by a ``Vocab`` built per compile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from simcli.engine import enums as E

_OP_SIMPLE = {
    "halve_opp": E.OP_HALVE_OPP,
    "zero_opp": E.OP_ZERO_OPP,
    "no_zero": E.OP_NO_ZERO,
    "force_draw": E.OP_FORCE_DRAW,
    "no_force_draw": E.OP_NO_FORCE_DRAW,
    "negate_program": E.OP_NEGATE_PROGRAM,
    "immune_options": E.OP_IMMUNE_OPTIONS,
    "void_abilities": E.OP_VOID_ABILITIES,
    "immune_mod": E.OP_IMMUNE_MOD,
    "evolve_ignore": E.OP_EVOLVE_IGNORE,
    "negate_item": E.OP_NEGATE_ITEM,
    "negate_option": E.OP_NEGATE_OPTION,
    "keep_abilities": E.OP_KEEP_ABILITIES,
    "no_ignore": E.OP_NO_IGNORE,
    "opp_slots_clear": E.OP_OPP_SLOTS_CLEAR,
}
# per-count operations: (N) or (N,M); arg = N, arg2 = M (0: no maximum)
_OP_PER = {
    "per_discard": E.OP_PER_DISCARD,
    "per_discard_digimon": E.OP_PER_DISCARD_DIGIMON,
    "per_mill": E.OP_PER_MILL,
}
_OP_CALL = {
    "damage": E.OP_DAMAGE,
    "heal": E.OP_HEAL,
    "self_damage": E.OP_SELF_DAMAGE,
    "draw": E.OP_DRAW,
    "discard": E.OP_DISCARD,
    "mill": E.OP_MILL,
    "opp_mill": E.OP_OPP_MILL,
    "opp_discard": E.OP_OPP_DISCARD,
}
_OP_ADD = {"atk": E.OP_ATK_ADD, "opp_atk": E.OP_OPP_ATK_ADD, "base": E.OP_BASE_ADD}
_OP_MUL = {"atk": E.OP_ATK_MUL, "opp_atk": E.OP_OPP_ATK_MUL, "lost": E.OP_LOST_MUL}
_OP_AS = {"attack": E.OP_ATTACK_AS, "opp_attack": E.OP_OPP_ATTACK_AS}

_COND_LEVEL = {"level": E.C_LEVEL, "opp_level": E.C_OPP_LEVEL}
_COND_NUM = {"points": E.C_POINTS, "opp_points": E.C_OPP_POINTS}
_COND_BT = {"opp_bt": E.C_OPP_BT, "attack": E.C_ATTACK, "opp_attack": E.C_OPP_ATTACK}
# word conditions: (kind, vocab category)
_COND_WORD = {
    "attr": (E.C_ATTR, "attr"),
    "opp_attr": (E.C_OPP_ATTR, "attr"),
    "field": (E.C_FIELD, "field"),
    "opp_field": (E.C_OPP_FIELD, "field"),
    "type": (E.C_TYPE, "word"),
    "opp_type": (E.C_OPP_TYPE, "word"),
    "keyword": (E.C_KEYWORD, "word"),
    "opp_keyword": (E.C_OPP_KEYWORD, "word"),
    "name": (E.C_NAME, "name"),
    "opp_name": (E.C_OPP_NAME, "name"),
    "card": (E.C_CARD, "name"),
}
_COND_FRAME = {"frame": E.C_FRAME, "opp_frame": E.C_OPP_FRAME}
_COSTS = {"discard": E.K_DISCARD, "mill": E.K_MILL, "points": E.K_POINTS, "discard_digimon": E.K_DISCARD_DIGIMON}
_LIMITS = {"phase": E.L_PHASE, "battle": E.L_BATTLE, "turn": E.L_TURN, "discarded": E.L_DISCARDED, "now": E.L_NOW,
           "digimon": E.L_DIGIMON}

_NUM = r"(\d+)"
_RE_ADD = re.compile(r"^(atk|opp_atk|base)([+-])(\d+)$")
_RE_MUL = re.compile(r"^(atk|opp_atk|lost)([*/])(\d+)$")
_RE_AS = re.compile(r"^(attack|opp_attack)=([ABC])$")
_RE_CALL = re.compile(r"^([a-z_]+)\((\d+)\)$")
_RE_PER = re.compile(r"^([a-z_]+)\((\d+)(?:,\s*(\d+))?\)$")
_RE_COND = re.compile(r"^([a-z_]+)\s*(!=|>=|<=|=|>|<|~)\s*(.+)$")


class EffectSyntaxError(ValueError):
    """An effect string that is not in the effect language."""


@dataclass(frozen=True)
class Cond:
    kind: str  # the condition's keyword, e.g. "level", "opp_higher"
    cmp: str = ""  # one of CMP_SYMBOLS, "" for flag conditions
    value: str = ""


@dataclass(frozen=True)
class Effect:
    op: str  # e.g. "atk+", "atk*", "damage", "attack=", "zero_opp"
    arg: int = 0
    arg2: int = 1  # denominator for multipliers
    conds: tuple[Cond, ...] = ()
    timing: str = ""  # "" = the card's default
    costs: tuple[tuple[str, int], ...] = ()
    limit: str = "phase"
    limit_arg: int = 0

    def text(self) -> str:
        return format_effect(self)


def _parse_op(s: str) -> tuple[str, int, int]:
    s = s.strip()
    if s in _OP_SIMPLE:
        return s, 0, 1
    if m := _RE_ADD.match(s):
        sign = 1 if m.group(2) == "+" else -1
        return m.group(1) + "+", sign * int(m.group(3)), 1
    if m := _RE_MUL.match(s):
        k = int(m.group(3))
        if k == 0:
            raise EffectSyntaxError(f"multiplier 0 in {s!r}")
        return (m.group(1) + "*", k, 1) if m.group(2) == "*" else (m.group(1) + "*", 1, k)
    if m := _RE_AS.match(s):
        return m.group(1) + "=", E.BT_NAMES.index(m.group(2)), 1
    if (m := _RE_CALL.match(s)) and m.group(1) in _OP_CALL:
        return m.group(1), int(m.group(2)), 1
    if (m := _RE_PER.match(s)) and m.group(1) in _OP_PER:
        mx = int(m.group(3) or 0)
        if m.group(3) is not None and mx == 0:
            raise EffectSyntaxError(f"maximum 0 in {s!r}")
        return m.group(1), int(m.group(2)), mx
    raise EffectSyntaxError(f"unknown operation {s!r}")


def _parse_cond(s: str) -> Cond:
    s = s.strip()
    if s in ("opp_higher", "opp_lower", "first", "second"):
        return Cond(s)
    m = _RE_COND.match(s)
    if not m:
        raise EffectSyntaxError(f"bad condition {s!r}")
    kind, cmp, value = m.group(1), m.group(2), m.group(3).strip()
    if kind in _COND_LEVEL:
        if value not in E.LEVEL_INDEX or cmp == "~":
            raise EffectSyntaxError(f"bad level condition {s!r}")
    elif kind in _COND_NUM:
        if not value.isdigit() or cmp == "~":
            raise EffectSyntaxError(f"bad points condition {s!r}")
    elif kind in _COND_BT:
        if value not in E.BT_NAMES or cmp not in ("=", "!="):
            raise EffectSyntaxError(f"bad battle-type condition {s!r}")
    elif kind in _COND_FRAME:
        if value not in E.FRAME_NAMES or cmp not in ("=", "!="):
            raise EffectSyntaxError(f"bad frame condition {s!r}")
    elif kind in _COND_WORD:
        if cmp not in ("=", "!=", "~") or not value:
            raise EffectSyntaxError(f"bad word condition {s!r}")
    else:
        raise EffectSyntaxError(f"unknown condition {kind!r}")
    return Cond(kind, cmp, value)


def parse_effect(text: str) -> Effect:
    """Parse one effect string; raise EffectSyntaxError naming the problem."""
    parts = [p.strip() for p in text.split("|")]
    head = parts[0]
    conds: tuple[Cond, ...] = ()
    if " if " in f" {head} ":
        op_s, _, cond_s = head.partition(" if ")
        conds = tuple(_parse_cond(c) for c in cond_s.split("&"))
        if len(conds) > E.MAX_CONDS:
            raise EffectSyntaxError(f"more than {E.MAX_CONDS} conditions in {text!r}")
    else:
        op_s = head
    op, arg, arg2 = _parse_op(op_s)
    timing, costs, limit, limit_arg = "", [], "phase", 0
    for clause in parts[1:]:
        key, sep, val = clause.partition(":")
        key, val = key.strip(), val.strip()
        if not sep:
            raise EffectSyntaxError(f"clause without ':' in {text!r}")
        if key == "when":
            if val not in E.TIMING_NAMES:
                raise EffectSyntaxError(f"unknown timing {val!r}")
            timing = val
        elif key == "cost":
            for c in val.split(","):
                c = c.strip()
                if c == "gauge":
                    costs.append(("gauge", 0))
                elif (m := _RE_CALL.match(c)) and m.group(1) in _COSTS:
                    costs.append((m.group(1), int(m.group(2))))
                else:
                    raise EffectSyntaxError(f"unknown cost {c!r}")
            if len(costs) > E.MAX_COSTS:
                raise EffectSyntaxError(f"more than {E.MAX_COSTS} costs in {text!r}")
        elif key == "limit":
            if val in _LIMITS:
                limit = val
            elif (m := _RE_CALL.match(val)) and m.group(1) == "turns":
                limit, limit_arg = "turns", int(m.group(2))
            else:
                raise EffectSyntaxError(f"unknown limit {val!r}")
        else:
            raise EffectSyntaxError(f"unknown clause {key!r}")
    return Effect(op, arg, arg2, conds, timing, tuple(costs), limit, limit_arg)


def format_effect(e: Effect) -> str:
    """The canonical text of an effect (parse_effect(format_effect(e)) == e)."""
    if e.op.endswith("+"):
        head = f"{e.op[:-1]}{'+' if e.arg >= 0 else '-'}{abs(e.arg)}"
    elif e.op.endswith("*"):
        head = f"{e.op[:-1]}*{e.arg}" if e.arg2 == 1 else f"{e.op[:-1]}/{e.arg2}"
    elif e.op.endswith("="):
        head = f"{e.op}{E.BT_NAMES[e.arg]}"
    elif e.op in _OP_CALL:
        head = f"{e.op}({e.arg})"
    elif e.op in _OP_PER:
        head = f"{e.op}({e.arg})" if e.arg2 == 0 else f"{e.op}({e.arg},{e.arg2})"
    else:
        head = e.op
    if e.conds:
        head += " if " + " & ".join(f"{c.kind}{c.cmp}{c.value}" for c in e.conds)
    out = [head]
    if e.timing:
        out.append(f"when: {e.timing}")
    if e.costs:
        out.append("cost: " + ", ".join(k if k == "gauge" else f"{k}({n})" for k, n in e.costs))
    if e.limit != "phase":
        out.append(f"limit: turns({e.limit_arg})" if e.limit == "turns" else f"limit: {e.limit}")
    return " | ".join(out)


def _op_code(op: str) -> int:
    if op in _OP_SIMPLE:
        return _OP_SIMPLE[op]
    if op in _OP_CALL:
        return _OP_CALL[op]
    if op in _OP_PER:
        return _OP_PER[op]
    base = op[:-1]
    if op.endswith("+"):
        return _OP_ADD[base]
    if op.endswith("*"):
        return _OP_MUL[base]
    return _OP_AS[base]


@dataclass
class Vocab:
    """Integer codes for the words effects and cards mention (shared by one compiled table)."""

    codes: dict[tuple[str, str], int] = field(default_factory=dict)

    def code(self, category: str, word: str) -> int:
        key = (category, normalize_word(word))
        if key not in self.codes:
            self.codes[key] = len(self.codes) + 1
        return self.codes[key]


def normalize_word(word: str) -> str:
    return re.sub(r"[\s\-]", "", word).lower()


def compile_effect(e: Effect, default_timing: str, vocab: Vocab) -> np.ndarray:
    """One effect → one int32 row in the enums.E_* layout."""
    row = np.zeros(E.EFFECT_WIDTH, dtype=np.int32)
    row[E.E_OP] = _op_code(e.op)
    row[E.E_ARG] = e.arg
    row[E.E_ARG2] = e.arg2
    row[E.E_TIMING] = E.TIMING_NAMES.index(e.timing or default_timing)
    row[E.E_NCOND] = len(e.conds)
    for i, c in enumerate(e.conds):
        base = E.E_COND0 + 3 * i
        cmp = E.CMP_SYMBOLS.index(c.cmp) if c.cmp else E.CMP_EQ
        if c.kind in ("opp_higher", "opp_lower"):
            kind, value = (E.C_OPP_HIGHER if c.kind == "opp_higher" else E.C_OPP_LOWER), 0
        elif c.kind in ("first", "second"):
            kind, value = E.C_FIRST, int(c.kind == "first")
        elif c.kind in _COND_LEVEL:
            kind, value = _COND_LEVEL[c.kind], E.LEVEL_INDEX[c.value]
        elif c.kind in _COND_NUM:
            kind, value = _COND_NUM[c.kind], int(c.value)
        elif c.kind in _COND_BT:
            kind, value = _COND_BT[c.kind], E.BT_NAMES.index(c.value)
        elif c.kind in _COND_FRAME:
            kind, value = _COND_FRAME[c.kind], E.FRAME_NAMES.index(c.value)
        else:
            kind, cat = _COND_WORD[c.kind]
            value = vocab.code(cat, c.value)
        row[base : base + 3] = (kind, cmp, value)
    for i, (k, n) in enumerate(e.costs):
        row[E.E_COST0 + 2 * i] = E.K_GAUGE if k == "gauge" else _COSTS[k]
        row[E.E_COST0 + 2 * i + 1] = n
    row[E.E_LIMIT] = E.L_TURNS if e.limit == "turns" else _LIMITS[e.limit]
    row[E.E_LIMIT_ARG] = e.limit_arg
    return row
