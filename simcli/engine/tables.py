"""Compile a pair of decks (+ effects on/off) into flat numpy arrays (DESIGN.md convention 1).

Seat 0 is deck A, seat 1 is deck B.  A card is identified inside the engines by its index in
its seat's 30-card list (the deck-file order, copies expanded).  Every per-card array below is
indexed ``[seat, card]``.  Names (rule names, DM-NAME-1) are coded by one ``names`` list shared
by both seats; ``-1`` means "none".
"""

from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np

from simcli.cards.effects import (VOIDER_TOKEN, EffectSyntaxError, Vocab, compile_effect, filter_code, normalize_word,
                                  species_tokens, parse_effect, parse_filter, alt_parts)
from simcli.cards.names import frame_marker, norm_name, rule_spelling
from simcli.engine import enums as E

DECK_SIZE = 30
MAX_ALTS = 4  # requirement alternatives kept per card (DM-EVO-3c); the data has at most 4
# requirement columns
# requirement columns; R_QK/R_QV: the printed qualifier of the card evolved from, as a filter (FK_*, value)
# R_PQK/R_PQV: the printed qualifier of the Jogress partner (DM-EVO-4), as a filter
# R_XS (round 8): how many of the R_CARDS ●/X symbols are crosses "X" (the rest circles "O")
R_FROM, R_CARDS, R_WP, R_OPT, R_JOG, R_QK, R_QV, R_PQK, R_PQV, R_XS = range(10)
REQ_WIDTH = 10
MAX_EFFECTS = 16  # effect rows per card at most (effects and appearance rows each; ABIL_USED has 31 bits)
MAX_WORDS = 6
# round 13b: the species words hold, besides up to 5 words and whole-species tokens, the alternatives tokens of the rows
# (effects.alt_token) a card matches: room for three
MAX_TYPE_WORDS = 8
MAX_GROUPS = 4  # a group and its "/"- or ":"-separated parts ("Weapon/Sword" is a Weapon and a Sword)

_WP_RE = re.compile(r"winning\s*percentage\s*:?\s*(\d+)", re.I)


class Tables(NamedTuple):
    """Only arrays: this tuple goes into numba as is."""

    level: np.ndarray  # int8 [2,30]  LV_III..LV_ULTIMATE for Digimon, LV_OTHER for options
    bt: np.ndarray  # int8 [2,30]     battle type BT_A/B/C (-1 for options)
    atk: np.ndarray  # int32 [2,30,3] printed attacks A,B,C
    lost: np.ndarray  # int32 [2,30,4] lost points against III, IV, Perfect, Ultimate
    name: np.ndarray  # int32 [2,30]  rule-name id (DM-NAME-1)
    kind: np.ndarray  # int8 [2,30]   KIND_DIGIMON / KIND_OPTION
    optype: np.ndarray  # int8 [2,30] 0 Program, 1 Item, 2 Field, 3 other (-1 for Digimon)
    wp: np.ndarray  # int32 [2,30]    Winning Percentage value V for "Winning Percentage: V%!" cards, else 0
    optname: np.ndarray  # int32 [2,30] name id of an option card (-1 for Digimon)
    req: np.ndarray  # int32 [2,30,MAX_ALTS,7] (from_name, cards, win_pct, option_name, jogress_name, qualifier FK, value)
    req_n: np.ndarray  # int8 [2,30]  number of alternatives
    xdisc: np.ndarray  # int8 [2,30]  extra cards discarded from hand per evolution (rider)
    no_zero: np.ndarray  # int8 [2,30] printed "A cannot go to zero" (C-TYPE-2), active with effects off
    req_opt: np.ndarray  # int8 [2,30] option that can serve as an evolution requirement (WP or named)
    eff_lo: np.ndarray  # int32 [2,30] effect rows [eff_lo, eff_hi) in `effects`
    eff_hi: np.ndarray  # int32 [2,30]
    modeled: np.ndarray  # int8 [2,30] 1 = card text modeled (options usable / abilities active)
    effects: np.ndarray  # int32 [n_rows, EFFECT_WIDTH] compiled effect rows (cards/effects.py)
    face_up_limit: np.ndarray  # int8 [2,30] 1 = "only one of this card may be face-up"
    n_cards: np.ndarray  # int32 [2] cards per seat (always 30 in a legal deck)
    # condition words (codes of the effect Vocab, 0 = none): attribute, name, frame, and up to MAX_WORDS
    # fields / keywords / species words per card
    attr: np.ndarray  # int32 [2,30]
    vname: np.ndarray  # int32 [2,30]
    frame: np.ndarray  # int8 [2,30] FRAME_* (-1 unknown)
    fields: np.ndarray  # int32 [2,30,MAX_WORDS]
    keywords: np.ndarray  # int32 [2,30,MAX_WORDS]
    words: np.ndarray  # int32 [2,30,MAX_TYPE_WORDS] species words (type~WORD), tokens (species=, alternatives)
    keep_abil: np.ndarray  # int8 [2,30] has an unconditional keep_abilities row
    usable_opt: np.ndarray  # int8 [2,30] option with effect rows the players may set and use
    no_ignore: np.ndarray  # int8 [2,30] printed "cannot be evolved into by evolve_ignore" (DM-EVO-5)
    rcost: np.ndarray  # int8 [2,30] cards discarded from hand after an evolution step this option served (DM-EVO-3)
    app_lo: np.ndarray  # int32 [2,30] appearance rows [app_lo, app_hi) in `effects` (compiled with effects on or off)
    app_hi: np.ndarray  # int32 [2,30]
    groups: np.ndarray  # int32 [2,30,MAX_GROUPS] group codes (Vocab "group"), 0 = none
    namebits: np.ndarray  # int32 [2,30] bit i: the card's name contains vocab.texts[i] (name~ conditions)
    stay: np.ndarray  # int8 [2,30] an option with a row of limit ``turn``: kept in the Power Box until the turn's end
    copy0: np.ndarray  # int8 [2,30] first deck index of the same card (number and name): card statistics
    #                    count a game once per card, whatever the copies (collapse_mask)
    # int8 [2,30] a Winning Percentage card that only evolves into some levels ("Evolve your Digimon into a
    # Perfect or Hybrid level Digimon with Winning Percentage: 40%! …"): bit 1 << LEVEL_INDEX per level; 0 = any
    wplv: np.ndarray
    # int32 [2,30] the lowest Winning Percentage requirement a card serves, 0 = any up to its value: a card
    # whose text lists only some values ("… with 'Digimental of Miracles' or 'Winning Percentage: 60%!' in
    # its evolution requirements" serves 60%, not 40%: wp 60, wpmin 60)
    wpmin: np.ndarray
    # int8 [2,30] 1 = a requirement card that also serves a Jogress alternative as the partner ("In the case of
    # Jogress Evolution, treat this card as one of the component Digimon", St-749): only an alternative whose
    # partner has no printed qualifier (R_PQK 0: a qualifier asks for a property of a Digimon card, decided)
    wpjog: np.ndarray
    # int8 [2,30] round 8: an option that serves a ●/X requirement (DM-EVO-2) of up to this many circles "O" (omax)
    # or crosses "X" (xmax), all of one kind, in place of the Net Ocean's cards ("… with 'O', 'OO', 'X', 'XX', or
    # 'Winning Percentage: 40%!' …", St-431: 2 and 2; "… with "O" or …", Bo-48t: 1 and 0); 0 = none
    omax: np.ndarray
    xmax: np.ndarray
    # int8 [2,30] round 8: cards a requirement option sends from the Net Ocean to the Dark Area when it serves a
    # step (Bx-135: 1); the step search counts them with the step's ●/X cards (they fit the deck or the step is not
    # prepared) and they leave the Net Ocean with them (Preparation, into the Power Box, then the Dark Area)
    rmill: np.ndarray
    # int8 [2,30] round 8: where a requirement option may come from (DM-EVO-3 says hand or slot): RSRC_ANY, or
    # RSRC_HAND / RSRC_SLOT where its activation names one place only ("from your slot", St-431)
    rsrc: np.ndarray
    # int8 [2,30] round 8: the level steps a requirement option serves, bit k = a step k levels up (bit 0 the same
    # level: "into a Digimon of the same level", Fuse Into the Ultimate Digimon!; bits 0..3 "into an Alphamon", any
    # level); 0 = the next level only (DM-EVO-1, every other card)
    rlv: np.ndarray
    # int8 [2,30] round 9b: a Digimon with 'Armor Evolution' in its fusion requirements (database armor_evolution;
    # condition opp_armor); round 10b: E.ARMOR_MF when its fusion needs the Digimental of Miracles or Fate (armor_code)
    armor: np.ndarray
    # int8 [2,30] round 10e: the slot an option names ("This card can only be placed in slot 1", Bo-151; seed 003 §3.4
    # 옵션 카드의 세트: such a card is always placed in that slot): 1..3, 0 = any free slot
    slot_pos: np.ndarray
    number: np.ndarray  # int32 [2,30] round 11c: the printed card number's code (vocab 'number'; filter number=)
    # int8 [2,30] round 11d: the attribute bits of a Digimon (attr_mask; condition attr=opp_attr, codes.C_SAME_ATTR)
    attrmask: np.ndarray
    # int32 [2,30] round 12a: Digimental bits (codes.DIGIMENTALS; dgm_bits): a Digimon's, of the Digimentals named in its
    # evolution requirements; an option's, its own name's (condition dgm=, cost dgm_discard)
    dgm: np.ndarray


# the level steps of a database ``evolve_levels`` value (Tables.rlv)
RLV_CODES = {"same": 0b0001, "next_or_same": 0b0011, "any": 0b1111}
RSRC_ANY, RSRC_HAND, RSRC_SLOT = 0, 1, 2


class TableError(ValueError):
    """A card the engines cannot compile (an effect outside the language, a list over a MAX_* limit)."""


class TableInfo(NamedTuple):
    names: list  # name id -> rule name
    cards: list  # [seat] -> list of Card records (deck order)
    vocab: Vocab
    effects_on: bool


_OPTYPES = {"program": 0, "item": 1, "field": 2}


# round 11d: attribute bits (attr_mask); a Variable Digimon "becomes the same attribute as the opponent" (seed 003
# note [22]): every bit, so it shares one with any Digimon that has an attribute
_ATTR_BITS = {"vaccine": 1, "data": 2, "virus": 4, "unknown": 8}


def attr_mask(card) -> int:
    """Tables.attrmask of a card: one bit per printed attribute ("Vaccine/Data" two), every bit for Variable, 0 for
    none (an option): two Digimon have the same attribute when their masks share a bit (codes.C_SAME_ATTR)."""
    a = (card.get("attribute") or "").lower()
    if a.startswith("variable"):
        return 15
    return sum(_ATTR_BITS.get(w.strip(), 0) for w in a.split("/"))


def dgm_bits(card) -> int:
    """Tables.dgm of a card (round 12a): for a Digimon, bit k (codes.DIGIMENTALS) of every 'Digimental of X' a
    requirement alternative names (an Armor form: on the data one Digimental each); for an option named 'Digimental of
    X', its bit; else 0."""
    def bit(name: str) -> int:
        x = (name or "")[len("digimentalof"):] if (name or "").startswith("digimentalof") else ""
        return 1 << E.DIGIMENTALS.index(x) if x in E.DIGIMENTALS else 0

    if card.get("kind") == "Digimon":
        m = 0
        for a in card.get("requirements") or []:
            m |= bit(a.get("option") or "")
        return m
    return bit(norm_name(card.get("name") or "")) if card.get("kind") == "Option" else 0


def armor_code(card) -> int:
    """tables.armor of a card (codes.FK_ARMOR): 0, E.ARMOR_PLAIN for an Armor form (database armor_evolution),
    E.ARMOR_MF for one whose every requirement alternative names the Digimental of Miracles or Fate (round 10b:
    "excluding fusion with the Digimentals of Miracles/Fate"; on the data no Armor form mixes them with others)."""
    if card.get("kind") != "Digimon" or not card.get("armor_evolution"):
        return 0
    alts = card.get("requirements") or []
    mf = {"digimentalofmiracles", "digimentaloffate"}
    return E.ARMOR_MF if alts and all(a.get("option") in mf for a in alts) else E.ARMOR_PLAIN


def wp_value(card) -> int:
    """V of a card that serves Winning Percentage requirements: "Winning Percentage: V%!" by name (DM-EVO-3), or
    the database's ``win_pct`` of a named requirement card whose text also accepts them (Digimental of Fate)."""
    if card.get("kind") != "Option":
        return 0
    if card.get("win_pct"):
        return int(card["win_pct"])
    m = _WP_RE.search(card.get("name", ""))
    return int(m.group(1)) if m else 0


def wp_serves(t, seat: int, c: int, need: int, level: int) -> bool:
    """Card c may serve a Winning Percentage requirement of `need` % for a step into a Digimon of this
    level: wpmin <= need <= its value (DM-EVO-3) and wp_level_ok."""
    return int(t.wpmin[seat, c]) <= need <= int(t.wp[seat, c]) and wp_level_ok(t, seat, c, level)


def jog_serves(t, seat: int, c: int, d: int, a: int) -> bool:
    """Option c may stand in for the Jogress partner of alternative a of Digimon d (Tables.wpjog)."""
    return int(t.wpjog[seat, c]) != 0 and int(t.req[seat, d, a, R_JOG]) >= 0 and int(t.req[seat, d, a, R_PQK]) == 0


def ox_serves(t, seat: int, c: int, n: int, xs: int) -> bool:
    """Option c may serve a ●/X requirement of n symbols, xs of them crosses, in place of the Net Ocean's cards:
    all circles and n <= its omax, or all crosses and n <= its xmax (Tables.omax / xmax)."""
    return 0 < n and ((xs == 0 and n <= int(t.omax[seat, c])) or (xs == n and n <= int(t.xmax[seat, c])))


def ox_value(t, seat: int, c: int, xs: int) -> int:
    """The count card c serves for a requirement of circles (xs == 0) or crosses: the lowest is used first."""
    return int(t.omax[seat, c]) if xs == 0 else int(t.xmax[seat, c])


def rlv_ok(t, seat: int, c: int, dl: int) -> bool:
    """Requirement option c may serve a step dl levels up (Tables.rlv; 0 = the next level only)."""
    m = int(t.rlv[seat, c])
    return dl == 1 if m == 0 else (m >> dl) & 1 == 1


def lv_extra(t, seat: int) -> int:
    """The level steps other than the next level that some card of the seat serves (bits of Tables.rlv)."""
    m = 0
    for x in t.rlv[seat]:
        m |= int(x)
    return m & ~2


def step_ok(t, seat: int, dl: int) -> bool:
    """A step dl levels up may be searched in this seat: the next level, or a step some card serves."""
    return dl == 1 or (0 <= dl <= 3 and (lv_extra(t, seat) >> dl) & 1 == 1)


def wp_level_ok(t, seat: int, c: int, level: int) -> bool:
    """Winning Percentage card c may serve a step into a Digimon of this level (Tables.wplv; 0 = any)."""
    m = int(t.wplv[seat, c])
    return m == 0 or (m >> level) & 1 == 1


def wp_cost(v: int) -> int:
    """DM-EVO-3's usual cost of a V% card (cards discarded from hand after the step)."""
    return 2 if v >= 80 else (1 if v >= 60 else 0)


def group_parts(group: str | None) -> list[str]:
    """A group and its parts: "Worm: Digimon Data Destruction Program" → [the whole, "Worm", …]."""
    if not group:
        return []
    out = [group.strip()]
    for part in re.split(r"\s*[:/]\s*", group):
        part = part.strip()
        if part and part not in out:
            out.append(part)
    return out


def _rows(c, key: str, default_timing: str, vocab: Vocab, rows: list) -> None:
    """Compile a card's effect strings of `key` into rows; raise TableError on any problem."""
    texts = c.get(key) or []
    if len(texts) > MAX_EFFECTS:
        raise TableError(f"{c['number']} {c['name']}: {len(texts)} {key} rows, at most {MAX_EFFECTS}")
    for text in texts:
        try:
            row = compile_effect(parse_effect(text), default_timing, vocab)
        except EffectSyntaxError as exc:
            raise TableError(f"{c['number']} {c['name']}: {key} {text!r}: {exc}") from None
        op, tm = int(row[E.E_OP]), int(row[E.E_TIMING])
        if (op == E.OP_APPEAR) != (key == "appearance"):
            raise TableError(f"{c['number']} {c['name']}: {key} {text!r}: 'appear' rows belong to the appearance list only")
        if key == "appearance" and tm not in (E.T_BATTLE, E.T_START):
            raise TableError(f"{c['number']} {c['name']}: appearance {text!r}: timing must be battle or start")
        if (int(row[E.E_FLAGS]) & E.RF_NOT_SPECIAL) and c.get("kind") != "Digimon":
            raise TableError(f"{c['number']} {c['name']}: {text!r}: 'special: no' marks a Digimon's ability text only")
        if op == E.OP_EVOLVE_NOW and tm != E.T_BATTLE:
            raise TableError(f"{c['number']} {c['name']}: {text!r}: evolve_now is used in a battle window only")
        if op == E.OP_BOX_DARK_PICK and (tm != E.T_BATTLE or c.get("kind") != "Option"):
            # round 9c: done by the option's use after its other rows (the players' box_side decision)
            raise TableError(f"{c['number']} {c['name']}: {text!r}: box_dark_pick is an option's battle row only")
        if op == E.OP_DAMAGE_LOST and (tm != E.T_LOSE or c.get("kind") != "Option"):
            # round 9c: the lost points are those of this turn's Point Calculation, which an option's lose row follows
            raise TableError(f"{c['number']} {c['name']}: {text!r}: damage_lost is an option's lose row only")
        if tm == E.T_EVO_END and (c.get("kind") != "Option" or not any(t2.split()[0] == "evolve_ignore" for t2 in texts)):
            # round 13a: the engines apply evo_end rows of the evolve_ignore options that served this turn's steps only
            raise TableError(f"{c['number']} {c['name']}: {text!r}: evo_end rows are an evolve_ignore option's rows only")
        if op == E.OP_BOTH_LOSE_MAY and tm != E.T_EVO_END:
            # round 13a: the fixed choice reads the points before the battle; the one card has this timing
            raise TableError(f"{c['number']} {c['name']}: {text!r}: both_lose_may is an evo_end row only")
        if tm == E.T_POINT_START and c.get("kind") != "Option":
            # round 11c: the engines apply point_start rows of the options used in this turn's battle windows only
            raise TableError(f"{c['number']} {c['name']}: {text!r}: point_start rows are an option's rows only")
        if op == E.OP_ATK_PER_SLOT and (c.get("kind") != "Digimon" or tm != E.T_START
                                        or int(row[E.E_ARG2]) not in (1, 2)):
            # round 11c: counted when the start rows apply (kernel_effects._battle_start_rows_nb), kept by the log
            raise TableError(f"{c['number']} {c['name']}: {text!r}: atk_per_slot(N,1|2) is a Digimon's start row only")
        if op in (E.OP_DARK_SELF_DAMAGE, E.OP_DARK_DAMAGE) and (
                c.get("option_type") != "Field" or int(row[E.E_LIMIT]) != E.L_DISCARDED
                or int(row[E.E_LIMIT_END]) & ~(E.LE_FIELD | E.LE_LOSE)
                or (op == E.OP_DARK_DAMAGE and (int(row[E.E_FILT0]) == E.FK_NONE or int(row[E.E_FILT0 + 2]) != E.FK_NONE))):
            # round 13c: the engines fire these rows where a face-up Field leaves its slot for the Dark Area — replaced
            # by another Field, its Digimon lost, an opponent's clear (dark_event_nb's call sites); dark_damage counts
            # with one filter predicate
            raise TableError(f"{c['number']} {c['name']}: {text!r}: dark_self_damage / dark_damage are rows of a Field "
                             "option staying until replaced or lost (dark_damage: one filter predicate)")
        if int(row[E.E_LIMIT]) == E.L_TURNS_GAUGE and c.get("kind") != "Option":
            # round 13c: the engines read it when an option used from a slot takes its limit (slot state LE_TO_GAUGE)
            raise TableError(f"{c['number']} {c['name']}: {text!r}: turns_gauge(N) is an option's limit only")
        if op == E.OP_NO_HEAL and c.get("kind") != "Option":
            # round 9c: the engines look for these rows on face-up options in the slots only (as immune_damage)
            raise TableError(f"{c['number']} {c['name']}: {text!r}: no_heal is an option's row only")
        if op == E.OP_NO_EVO_HEAL and (c.get("kind") != "Option" or tm != E.T_EVOLUTION or not any(
                t2.split()[0] == "evolve_ignore" for t2 in texts)):
            # round 10d: a marker the engines read on the evolve_ignore options that served this turn's steps
            raise TableError(f"{c['number']} {c['name']}: {text!r}: no_evo_heal is a row of an evolve_ignore option only")
        if op in (E.OP_IMMUNE_DAMAGE, E.OP_IMMUNE_FURTHER, E.OP_IMMUNE_DRAW, E.OP_IMMUNE_CLEAR) and c.get("kind") != "Option":
            # round 6: the engines look for these rows on face-up options in the slots only
            raise TableError(f"{c['number']} {c['name']}: {text!r}: immune_damage / immune_further / immune_draw / "
                             "immune_clear are an option's rows only")
        if any(int(row[E.E_COST0 + 2 * k]) == E.K_HOST for k in range(E.MAX_COSTS)) and op != E.OP_APPEAR:
            raise TableError(f"{c['number']} {c['name']}: {text!r}: move_host is a cost of appearance rows only")
        if op in (E.OP_OPP_NO_SUPPORT, E.OP_HOST_ABC) and (c.get("kind") != "Digimon" or tm != E.T_PASSIVE):
            # the engines read these rows from the box Digimon's passive rows only
            raise TableError(f"{c['number']} {c['name']}: {text!r}: opp_no_support / host_abc are a Digimon's "
                             "passive rows only")
        if op in (E.OP_LOST_TO_HAND, E.OP_KEEP_SLOT, E.OP_HAND_LIMIT) and c.get("kind") != "Option":
            # the engines look for these rows on face-up options in the slots only
            raise TableError(f"{c['number']} {c['name']}: {text!r}: lost_to_hand / keep_slot / hand_limit are an "
                             "option's rows only")
        if int(row[E.E_LIMIT]) == E.L_LEAVE_AT and (c.get("kind") != "Digimon" or tm != E.T_BATTLE or op not in (
                E.OP_PER_DISCARD, E.OP_PER_DISCARD_DIGIMON, E.OP_PER_MILL, E.OP_PER_DISCARD_IF, E.OP_OPP_PER_DISCARD_IF)):
            # the engines read it when a ◎ ability is used with a per_* count
            raise TableError(f"{c['number']} {c['name']}: {text!r}: leave_at is the limit of a Digimon's per_* ◎ row only")
        rows.append(row)


def _printed_no_zero(card, op: str = "no_zero") -> bool:
    for text in card.get("effects", []) or []:
        try:
            e = parse_effect(text)
        except EffectSyntaxError:
            continue
        if e.op == op and e.timing == "passive" and not e.conds:
            return True
    return False


def compile_tables(decks, effects: bool = True) -> tuple[Tables, TableInfo]:
    """decks: two lists of Card records (deck order) → (Tables, TableInfo)."""
    if len(decks) != 2:
        raise ValueError("need exactly two decks")
    names: list[str] = []
    name_id: dict[str, int] = {}

    def nid(n: str) -> int:
        n = norm_name(n)
        if n not in name_id:
            name_id[n] = len(names)
            names.append(n)
        return name_id[n]

    n = max(len(d) for d in decks)
    n = max(n, 1)
    shape = (2, n)
    level = np.full(shape, E.LV_OTHER, np.int8)
    bt = np.full(shape, -1, np.int8)
    atk = np.zeros((2, n, 3), np.int32)
    lost = np.zeros((2, n, 4), np.int32)
    name = np.full(shape, -1, np.int32)
    kind = np.zeros(shape, np.int8)
    optype = np.full(shape, -1, np.int8)
    wp = np.zeros(shape, np.int32)
    optname = np.full(shape, -1, np.int32)
    req = np.full((2, n, MAX_ALTS, REQ_WIDTH), -1, np.int32)
    req[:, :, :, R_CARDS] = 0
    req[:, :, :, R_WP] = 0
    req[:, :, :, R_QK:] = 0
    req_n = np.zeros(shape, np.int8)
    xdisc = np.zeros(shape, np.int8)
    no_zero = np.zeros(shape, np.int8)
    req_opt = np.zeros(shape, np.int8)
    eff_lo = np.zeros(shape, np.int32)
    eff_hi = np.zeros(shape, np.int32)
    modeled = np.zeros(shape, np.int8)
    face_up = np.zeros(shape, np.int8)
    no_ignore = np.zeros(shape, np.int8)
    rcost = np.zeros(shape, np.int8)
    app_lo = np.zeros(shape, np.int32)
    app_hi = np.zeros(shape, np.int32)
    groups = np.zeros((2, n, MAX_GROUPS), np.int32)
    rows: list[np.ndarray] = []
    vocab = Vocab()
    req_option_names: list[set] = [set(), set()]

    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            name[s, i] = nid(c["name"])
            modeled[s, i] = 1 if c.get("modeled") else 0
            face_up[s, i] = 1 if c.get("face_up_limit") else 0
            if c["kind"] == "Digimon":
                kind[s, i] = E.KIND_DIGIMON
                level[s, i] = E.LEVEL_INDEX.get(c.get("level") or "", E.LV_OTHER)
                bt[s, i] = E.BT_NAMES.index(c["battle_type"]) if c.get("battle_type") in E.BT_NAMES else E.BT_A
                for k, b in enumerate(E.BT_NAMES):
                    atk[s, i, k] = int((c.get("attack") or {}).get(b) or 0)
                for k, lv in enumerate(E.LEVEL_NAMES):
                    lost[s, i, k] = int((c.get("lost_points") or {}).get(lv) or 0)
                alts = c.get("requirements") or []
                if len(alts) > MAX_ALTS:
                    raise TableError(f"{c['number']} {c['name']}: {len(alts)} requirement alternatives, at most {MAX_ALTS}")
                for a, r in enumerate(alts):
                    req[s, i, a, R_FROM] = nid(r["from_name"])
                    req[s, i, a, R_CARDS] = int(r.get("cards", 0) or 0)
                    req[s, i, a, R_XS] = int(r.get("crosses", 0) or 0)
                    req[s, i, a, R_WP] = int(r.get("win_pct", 0) or 0)
                    if r.get("option"):
                        req[s, i, a, R_OPT] = nid(r["option"])
                        req_option_names[s].add(norm_name(r["option"]))
                    if r.get("jogress"):
                        req[s, i, a, R_JOG] = nid(r["jogress"])
                    for key_, col in (("from_filter", R_QK), ("partner_filter", R_PQK)):
                        if r.get(key_):
                            try:
                                key, fcmp, fval = parse_filter(r[key_])
                                req[s, i, a, col], req[s, i, a, col + 1] = filter_code(key, fcmp, fval, vocab)
                            except EffectSyntaxError as exc:
                                raise TableError(f"{c['number']} {c['name']}: requirement {key_} {r[key_]!r}: {exc}") from None
                req_n[s, i] = min(len(alts), MAX_ALTS)
                xdisc[s, i] = int(c.get("evolution_extra_discard", 0) or 0)
                no_zero[s, i] = 1 if _printed_no_zero(c) else 0
                no_ignore[s, i] = 1 if _printed_no_zero(c, "no_ignore") else 0  # printed, like no_zero
                default_timing = "battle"
            else:
                kind[s, i] = E.KIND_OPTION
                optype[s, i] = _OPTYPES.get((c.get("option_type") or "").lower(), 3)
                wp[s, i] = wp_value(c)
                optname[s, i] = name[s, i]
                default_timing = c.get("timing") or "battle"
            eff_lo[s, i] = len(rows)
            if effects and c.get("modeled"):
                _rows(c, "effects", default_timing, vocab, rows)
                for row in rows[eff_lo[s, i]:]:  # round 9b: "wp_step=V+own": the card's own name id (codes.FK_WP_STEP)
                    for k in range(E.MAX_FILTERS):
                        if row[E.E_FILT0 + 2 * k] == E.FK_WP_STEP and row[E.E_FILT0 + 2 * k + 1] & E.WP_STEP_OWN:
                            row[E.E_FILT0 + 2 * k + 1] = (row[E.E_FILT0 + 2 * k + 1] & 0xFF) | ((name[s, i] + 1) << 8)
            eff_hi[s, i] = len(rows)
            # appearance conditions are rules of play (seed 003 §3.2.2.1 ex. 6), like requirements:
            # compiled with effects on or off
            app_lo[s, i] = len(rows)
            if c["kind"] == "Digimon":
                _rows(c, "appearance", "battle", vocab, rows)
            app_hi[s, i] = len(rows)
            if c["kind"] != "Digimon":
                rc = c.get("requirement_cost")
                rcost[s, i] = int(rc) if rc is not None else wp_cost(wp_value(c))
            for k, g in enumerate(group_parts(c.get("group"))):
                if k >= MAX_GROUPS:
                    raise TableError(f"{c['number']} {c['name']}: group {c.get('group')!r} has more than {MAX_GROUPS} parts")
                groups[s, i, k] = vocab.code("group", g)
    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            if kind[s, i] == E.KIND_OPTION and (wp[s, i] > 0 or norm_name(c["name"]) in req_option_names[s]
                                                or c.get("o_max") or c.get("x_max")):
                req_opt[s, i] = 1
    eff = np.array(rows, np.int32) if rows else np.zeros((1, E.EFFECT_WIDTH), np.int32)
    n_cards = np.array([len(decks[0]), len(decks[1])], np.int32)
    attr = np.zeros(shape, np.int32)
    vname = np.zeros(shape, np.int32)
    frame = np.full(shape, -1, np.int8)
    fields = np.zeros((2, n, MAX_WORDS), np.int32)
    keywords = np.zeros((2, n, MAX_WORDS), np.int32)
    words = np.zeros((2, n, MAX_TYPE_WORDS), np.int32)
    keep_abil = np.zeros(shape, np.int8)
    usable_opt = np.zeros(shape, np.int8)
    # round 13b: the "/" word tokens of the coded rows (effects.alt_token), each with its alternatives
    alts = [(w, set(alt_parts(w))) for (cat, w) in list(vocab.codes) if cat == "word" and "/" in w]
    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            if c.get("attribute"):
                attr[s, i] = vocab.code("attr", c["attribute"])
            vname[s, i] = vocab.code("name", norm_name(c["name"]))
            if c.get("frame") in E.FRAME_NAMES:
                frame[s, i] = E.FRAME_NAMES.index(c["frame"])
            # the species words (type~WORD), then a token per whole species (species=X, effects.species_tokens)
            species = [w for w in re.split(r"[\s/]+", c.get("species") or "") if w] + species_tokens(c.get("species"))
            if alts:  # round 13b: the alternatives tokens the rows use (type~A/B/…, species=A/B/…) the card holds
                held = {normalize_word(w) for w in species}
                species += [tok for tok, parts in alts if held.intersection(parts)]
            # round 10c: the printed ability "The opponent loses its special abilities" as a keyword token (opp_voider)
            kws = (c.get("keywords") or []) + ([VOIDER_TOKEN] if c.get("voids_abilities") else [])
            for what, lst in (("fields", c.get("fields") or []), ("keywords", kws),
                              ("species words", species)):
                mx = MAX_TYPE_WORDS if what == "species words" else MAX_WORDS
                if len(lst) > mx:
                    raise TableError(f"{c['number']} {c['name']}: {len(lst)} {what}, at most {mx}")
            for k, f in enumerate(c.get("fields") or []):
                fields[s, i, k] = vocab.code("field", f)
            for k, w in enumerate(kws):
                keywords[s, i, k] = vocab.code("word", w)
            for k, w in enumerate(species):
                words[s, i, k] = vocab.code("word", w)
            for r in range(eff_lo[s, i], eff_hi[s, i]):
                row = eff[r]
                if row[E.E_OP] == E.OP_KEEP_ABILITIES and row[E.E_NCOND] == 0:
                    keep_abil[s, i] = 1
            if kind[s, i] == E.KIND_OPTION and eff_hi[s, i] > eff_lo[s, i] and wp[s, i] == 0:
                usable_opt[s, i] = 1
            if kind[s, i] == E.KIND_OPTION:
                _check_option_costs(c, eff[eff_lo[s, i]:eff_hi[s, i]])
    stay = np.zeros(shape, np.int8)
    for s in range(2):
        for i in range(n):
            if kind[s, i] == E.KIND_OPTION:
                stay[s, i] = int(any(eff[r, E.E_LIMIT] == E.L_TURN for r in range(eff_lo[s, i], eff_hi[s, i])))
    namebits = np.zeros(shape, np.int32)
    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            # name~ sees the rule name: without the red frame marker "X-Antibody" (DM-NAME-1)
            nm = normalize_word(rule_spelling(frame_marker(c["name"])[0]))
            for b, text in enumerate(vocab.texts):
                if text in nm:
                    namebits[s, i] |= 1 << b
    copy0 = np.zeros(shape, np.int8)
    for s, deck in enumerate(decks):
        first: dict = {}
        for i, c in enumerate(deck):
            copy0[s, i] = first.setdefault((c.get("number"), c.get("name")), i)
    wplv = np.zeros(shape, np.int8)
    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            if c.get("kind") == "Option" and c.get("wp_levels"):
                wplv[s, i] = sum(1 << E.LEVEL_INDEX[lv] for lv in c["wp_levels"])
    wpmin = np.zeros(shape, np.int32)
    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            if c.get("kind") == "Option" and c.get("wp_min"):
                wpmin[s, i] = int(c["wp_min"])
    wpjog = np.zeros(shape, np.int8)
    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            if c.get("kind") == "Option" and c.get("jogress_partner"):
                wpjog[s, i] = 1
    omax = np.zeros(shape, np.int8)
    xmax = np.zeros(shape, np.int8)
    rmill = np.zeros(shape, np.int8)
    rsrc = np.zeros(shape, np.int8)
    rlv = np.zeros(shape, np.int8)
    armor = np.zeros(shape, np.int8)
    slot_pos = np.zeros(shape, np.int8)
    number = np.zeros(shape, np.int32)
    attrmask = np.zeros(shape, np.int8)
    dgm = np.zeros(shape, np.int32)
    for s, deck in enumerate(decks):
        for i, c in enumerate(deck):
            armor[s, i] = armor_code(c)
            slot_pos[s, i] = int(c.get("slot_pos") or 0) if c.get("kind") == "Option" else 0
            # round 11c: the code of the printed number when a row names it (filter number=, seed 003 §3.4 카테고리: a
            # printing), else 0 (the effect rows are compiled above: no new codes here)
            number[s, i] = vocab.codes.get(("number", normalize_word(c.get("number") or "")), 0)
            attrmask[s, i] = attr_mask(c) if c.get("kind") == "Digimon" else 0
            dgm[s, i] = dgm_bits(c)
            if c.get("kind") == "Option":
                omax[s, i] = int(c.get("o_max") or 0)
                xmax[s, i] = int(c.get("x_max") or 0)
                rmill[s, i] = int(c.get("requirement_mill") or 0)
                rsrc[s, i] = {"hand": RSRC_HAND, "slot": RSRC_SLOT}.get(c.get("requirement_from") or "", RSRC_ANY)
                rlv[s, i] = RLV_CODES.get(c.get("evolve_levels") or "", 0)
    t = Tables(level, bt, atk, lost, name, kind, optype, wp, optname, req, req_n, xdisc, no_zero, req_opt,
               eff_lo, eff_hi, modeled, eff, face_up, n_cards, attr, vname, frame, fields, keywords, words,
               keep_abil, usable_opt, no_ignore, rcost, app_lo, app_hi, groups, namebits, stay, copy0, wplv, wpmin, wpjog,
               omax, xmax, rmill, rsrc, rlv, armor, slot_pos, number, attrmask, dgm)
    return t, TableInfo(names, [list(d) for d in decks], vocab, effects)


def _check_option_costs(c, rows) -> None:
    """An option pays its costs once per use: the rows it uses at one timing must state the same costs
    (the importer writes a card's costs on each of its rows)."""
    by_timing: dict[int, tuple] = {}
    for row in rows:
        costs = tuple(int(x) for x in row[E.E_COST0:E.E_COST0 + 2 * E.MAX_COSTS])
        tm = int(row[E.E_TIMING])
        if by_timing.setdefault(tm, costs) != costs:
            raise TableError(f"{c['number']} {c['name']}: rows of one timing state different costs")


def later_option(t, s: int, c: int) -> bool:
    """Round 11b (TM_LATER): card c is an option with an evolve_ignore row and battle rows that stays in the Power Box
    until the end of the turn (a ``turn`` limit): numbered effects of two timings, "1) Evolution Phase 2) Battle
    Phase" (Takenouchi Sora Re-73 / CD-2)."""
    lo, hi = int(t.eff_lo[s, c]), int(t.eff_hi[s, c])
    ops = [int(t.effects[r, E.E_OP]) for r in range(lo, hi)]
    return bool(t.kind[s, c] == E.KIND_OPTION and t.stay[s, c] and E.OP_EVOLVE_IGNORE in ops
                and any(int(t.effects[r, E.E_TIMING]) == E.T_BATTLE for r in range(lo, hi)))


def compile(decks, effects: bool = True) -> Tables:  # noqa: A001 - the documented name
    """The arrays only (see compile_tables for the names too)."""
    return compile_tables(decks, effects)[0]


# ---- the packed form the numba kernel reads ---------------------------------------------------------
# Passing a NamedTuple of many arrays between numba functions costs ~150 ns per call (every array's
# struct travels); the kernel gets two arrays instead: ct[seat, card, F_*] and the effect rows.
_SCALARS = ("level", "bt", "name", "kind", "optype", "wp", "optname", "req_n", "xdisc", "no_zero", "req_opt",
            "eff_lo", "eff_hi", "modeled", "face_up_limit", "attr", "vname", "frame", "keep_abil", "usable_opt",
            "rcost", "app_lo", "app_hi", "namebits", "stay", "copy0", "wplv", "wpmin", "wpjog",
            "omax", "xmax", "rmill", "rsrc", "rlv", "armor", "slot_pos", "number")
F = {name: i for i, name in enumerate(_SCALARS)}
globals().update({f"F_{name.upper()}": i for name, i in F.items()})
F_ATK = len(_SCALARS)
F_LOST = F_ATK + 3
F_REQ = F_LOST + 4  # + alt * REQ_WIDTH + R_*
F_FIELDS = F_REQ + MAX_ALTS * REQ_WIDTH
F_KEYWORDS = F_FIELDS + MAX_WORDS
F_WORDS = F_KEYWORDS + MAX_WORDS
F_NCARDS = F_WORDS + MAX_TYPE_WORDS  # cards in this seat's deck (same in every row)
F_NO_IGNORE = F_NCARDS + 1  # appended after the others so that existing offsets do not move
# Pair table (appended last; optimisation round 3): ct[s, c, F_PAIR + d] for every card d of the same seat.
#   Digimon c: bits 0..3  P_ALTS: alternatives a < req_n whose from-name is card d's rule name;
#              bits 4..11 (>> P_MIN_SHIFT): the smallest ●/X count among them (P_NONE_N when none).
#   Option c:  bit  12    P_USABLE: c can serve a requirement alternative of card d (a WP value >= the
#              alternative's WP need and wpmin <= it, the alternative's named option, jog_serves or ox_serves) —
#              discard_baseline_nb's "usable".
# The level of a Digimon, -1 for an option: "a Digimon of level L" in one read (the planners' hand scans).
F_DLEVEL = F_NO_IGNORE + 1
# 1 for an option that some requirement names (BL-2's option candidates), else 0.
F_OPTCAND = F_DLEVEL + 1
# Bit (1 << T_*) for every timing among the card's effect rows, and TM_NEGATE when one of its battle
# rows negates an option: "could this option act now?" in one read (greedy's slot scans).
F_TIMINGS = F_OPTCAND + 1
TM_NEGATE = 1 << 30
TM_EVOLVE_NOW = 1 << 29  # one of the card's battle rows is evolve_now (greedy simulations evolve first)
TM_BOX_PICK = 1 << 25  # round 9c: one of the card's battle rows is box_dark_pick (greedy simulations remove first)
TM_DAMAGE = 1 << 28  # one of the card's battle rows damages the opponent's points (greedy's damage rules)
TM_BAN = 1 << 27  # one of the card's rows bans the opponent's options (ban_options)
TM_NOT_SPECIAL = 1 << 26  # one of the card's rows is not a special ability (``special: no``: never voided)
TM_KEYWORD = 1 << 23  # one of the card's rows gives or takes an ability keyword (gain / opp_lose): keywords_first_nb
TM_COMMIT = 1 << 24  # round 10e: one of the card's rows is commit (used in a battle window only, never at the result)
TM_SWAP = 1 << 19  # round 12c: one of the card's rows is swap_hand_slot (greedy's rule 4)
# round 11f: one of the card's rows is hand_limit or a win row lost*K / lost+N (the rows Preparation's hand limit and the
# lost points of a won battle read: kernel.game_flags_nb's per-seat X_R11F gates both reads)
TM_R11F = 1 << 21  # (bit 14 until round 13a, now T_EVO_END's timing bit)
# round 13c: one of the card's rows is dark_self_damage / dark_damage (tested before dark_event_nb's work)
TM_DARK = 1 << 15
# round 11b: an evolve_ignore option (limit turn: it stays in the Power Box) with battle rows, "1) Evolution Phase 2) Battle
# Phase" (Re-73, CD-2): used for its step, its battle rows act from the Power Box in that turn's battle (base_modifiers_nb)
TM_LATER = 1 << 20
TM_WATCHED = 1 << 18  # round 11c: an opp_used / opp_unused condition of the other seat names this card (its use rebuilds)
TM_WAITS = 1 << 17  # round 11c: one of the card's rows has an opp_used condition (logged at the use even when it fails)
F_GROUPS = F_TIMINGS + 1  # MAX_GROUPS group codes
F_APPTIM = F_GROUPS + MAX_GROUPS  # bit (1 << T_*) per timing of the card's appearance rows
# round 8: the largest omax / xmax among the seat's cards (same in every row of the seat; 0: no card serves ●/X, the
# step searches' ●/X fit test stays the deck's)
F_OXSEAT = F_APPTIM + 1
# round 8: the level steps other than the next level that some card of the seat serves (the union of its rlv
# without bit 1; same in every row of the seat; 0: every step goes one level up, the searches' fast path)
F_LVSEAT = F_OXSEAT + 1
F_ATTRMASK = F_LVSEAT + 1  # round 11d: Tables.attrmask (condition attr=opp_attr)
F_DGM = F_ATTRMASK + 1  # round 12a: Tables.dgm (condition dgm=, cost dgm_discard)
F_PAIR = F_DGM + 1
P_ALTS = 15
P_MIN_SHIFT = 4
P_MIN_MASK = 255
P_NONE_N = 255
P_USABLE = 1 << 12
NF = F_PAIR  # fixed fields; NF + n fields per card (n cards per seat)


class KTables(NamedTuple):
    ct: np.ndarray  # int32 [2, n, NF + n]
    eff: np.ndarray  # int32 [rows, EFFECT_WIDTH]


def kernel_tables(t: Tables) -> KTables:
    if isinstance(t, KTables):
        return t
    n = t.level.shape[1]
    ct = np.zeros((2, n, NF + n), np.int32)
    for name, i in F.items():
        ct[:, :, i] = getattr(t, name)
    ct[:, :, F_ATK:F_ATK + 3] = t.atk
    ct[:, :, F_LOST:F_LOST + 4] = t.lost
    ct[:, :, F_REQ:F_REQ + MAX_ALTS * REQ_WIDTH] = t.req.reshape(2, n, MAX_ALTS * REQ_WIDTH)
    ct[:, :, F_FIELDS:F_FIELDS + MAX_WORDS] = t.fields
    ct[:, :, F_KEYWORDS:F_KEYWORDS + MAX_WORDS] = t.keywords
    ct[:, :, F_WORDS:F_WORDS + MAX_TYPE_WORDS] = t.words
    ct[0, :, F_NCARDS] = t.n_cards[0]
    ct[1, :, F_NCARDS] = t.n_cards[1]
    ct[:, :, F_NO_IGNORE] = t.no_ignore
    for s in range(2):
        ct[s, :, F_OXSEAT] = max(int(t.omax[s].max()), int(t.xmax[s].max()))
    for s in range(2):
        ct[s, :, F_LVSEAT] = lv_extra(t, s)
    ct[:, :, F_ATTRMASK] = t.attrmask
    ct[:, :, F_DGM] = t.dgm
    ct[:, :, F_DLEVEL] = np.where(t.kind == E.KIND_DIGIMON, t.level, -1)
    ct[:, :, F_OPTCAND] = (t.kind == E.KIND_OPTION) & (t.req_opt != 0)
    watch = [opp_used_filters(t, 1), opp_used_filters(t, 0)]  # round 11c: per seat, the other seat's filters
    for s in range(2):
        for c in range(n):
            m = 0
            for r in range(int(t.eff_lo[s, c]), int(t.eff_hi[s, c])):
                m |= 1 << int(t.effects[r, E.E_TIMING])
                if t.effects[r, E.E_TIMING] == E.T_BATTLE and t.effects[r, E.E_OP] in (
                        E.OP_NEGATE_PROGRAM, E.OP_NEGATE_ITEM, E.OP_NEGATE_OPTION):
                    m |= TM_NEGATE
                if t.effects[r, E.E_OP] == E.OP_EVOLVE_NOW:
                    m |= TM_EVOLVE_NOW
                if t.effects[r, E.E_OP] == E.OP_BOX_DARK_PICK:
                    m |= TM_BOX_PICK
                if t.effects[r, E.E_TIMING] == E.T_BATTLE and t.effects[r, E.E_OP] in (
                        E.OP_DAMAGE, E.OP_DAMAGE_PER_GAUGE, E.OP_OPP_REVEAL):
                    m |= TM_DAMAGE
                if t.effects[r, E.E_OP] == E.OP_BAN_OPTIONS:
                    m |= TM_BAN
                if t.effects[r, E.E_FLAGS] & E.RF_NOT_SPECIAL:
                    m |= TM_NOT_SPECIAL
                if t.effects[r, E.E_OP] == E.OP_COMMIT:
                    m |= TM_COMMIT
                if t.effects[r, E.E_OP] == E.OP_SWAP_HAND_SLOT and t.effects[r, E.E_TIMING] == E.T_BATTLE:
                    m |= TM_SWAP
                if t.effects[r, E.E_OP] == E.OP_HAND_LIMIT or (t.effects[r, E.E_TIMING] == E.T_WIN and t.effects[r, E.E_OP] in (
                        E.OP_LOST_MUL, E.OP_LOST_ADD)):
                    m |= TM_R11F
                if t.effects[r, E.E_OP] in (E.OP_GAIN_KEYWORD, E.OP_OPP_LOSE_KEYWORD):
                    m |= TM_KEYWORD
                if t.effects[r, E.E_OP] in (E.OP_DARK_SELF_DAMAGE, E.OP_DARK_DAMAGE):
                    m |= TM_DARK
            if later_option(t, s, c):
                m |= TM_LATER
            if watch[s] and opp_used_watch(t, s, c, watch[s]):
                m |= TM_WATCHED
            if any(waits_for_use(t.effects[r]) for r in range(int(t.eff_lo[s, c]), int(t.eff_hi[s, c]))):
                m |= TM_WAITS
            ct[s, c, F_TIMINGS] = m
    ct[:, :, F_GROUPS:F_GROUPS + MAX_GROUPS] = t.groups
    for s in range(2):
        for c in range(n):
            m = 0
            for r in range(int(t.app_lo[s, c]), int(t.app_hi[s, c])):
                m |= 1 << int(t.effects[r, E.E_TIMING])
            ct[s, c, F_APPTIM] = m
    ct[:, :, F_PAIR:F_PAIR + n] = pair_table(t)
    # (A field-major layout, ct[seat, F_*, card], was measured in round 4: no faster — the hand
    # scans wait on the card-id -> field load chain, not on cache misses.)
    return KTables(ct, np.ascontiguousarray(t.effects, dtype=np.int32))


def collapse_mask(t: Tables, seat: int, mask: int) -> int:
    """A per-deck-index bit mask with every copy's bit moved onto its card's first index (copy0): the
    plain twin of the kernel's accumulation of card_games_drawn / card_games_used."""
    out = 0
    for c in range(int(t.n_cards[seat])):
        if (mask >> c) & 1:
            out |= 1 << int(t.copy0[seat, c])
    return out


def card_match(t: Tables, seat: int, c: int, fk: int, v: int) -> bool:
    """Card c of seat matches the filter (FK_*, value; a negative FK_* negates) — the plain twin of
    players.filter_card_nb."""
    if fk < 0:
        return not card_match(t, seat, c, -fk, v)
    if fk == E.FK_NAME:
        return int(t.vname[seat, c]) == v
    if fk == E.FK_NAME_HAS:
        return (int(t.namebits[seat, c]) >> v) & 1 == 1
    if fk == E.FK_TYPE:
        return v in t.words[seat, c]
    if fk == E.FK_FIELD:
        return v in t.fields[seat, c]
    if fk == E.FK_ATTR:
        return int(t.attr[seat, c]) == v
    if fk == E.FK_LEVEL:
        return int(t.kind[seat, c]) == E.KIND_DIGIMON and int(t.level[seat, c]) == v
    if fk == E.FK_FRAME:
        return int(t.frame[seat, c]) == v
    if fk == E.FK_GROUP:
        return v in t.groups[seat, c]
    if fk == E.FK_KIND:
        return int(t.kind[seat, c]) == v
    if fk == E.FK_OPTYPE:
        return int(t.optype[seat, c]) == v
    if fk == E.FK_KEYWORD:
        return v in t.keywords[seat, c]
    if fk == E.FK_ARMOR:  # round 10b: any Armor form, or one of that code (codes.FK_ARMOR)
        return int(t.armor[seat, c]) != 0 if v == E.ARMOR_ANY else int(t.armor[seat, c]) == v
    if fk == E.FK_NUMBER:  # round 11c: that printing
        return int(t.number[seat, c]) == v
    return fk == E.FK_NONE or fk == E.FK_WP_STEP  # wp_step: the evolve_now targets check it (codes.FK_WP_STEP)


def opp_used_filters(t: Tables, seat: int) -> list[tuple[int, int]]:
    """Round 11c: the filters (FK_*, value) of the opp_used / opp_unused conditions of seat's rows."""
    out = []
    for d in range(int(t.n_cards[seat])):
        for r in range(int(t.eff_lo[seat, d]), int(t.eff_hi[seat, d])):
            row = t.effects[r]
            for k in range(int(row[E.E_NCOND])):
                kind, fk, v = (int(x) for x in row[E.E_COND0 + 3 * k: E.E_COND0 + 3 * k + 3])
                if kind == E.C_OPP_USED:
                    out.append((fk, v >> 1))
    return out


def waits_for_use(row) -> bool:
    """Round 11c: the row has an opp_used condition (it waits for the opponent's use: logged at its card's use even
    when its conditions fail, so that a rebuild replays it)."""
    return any(int(row[E.E_COND0 + 3 * k]) == E.C_OPP_USED and int(row[E.E_COND0 + 3 * k + 2]) & 1
               for k in range(int(row[E.E_NCOND])))


def opp_used_watch(t: Tables, seat: int, c: int, filters=None) -> bool:
    """Round 11c: an opp_used / opp_unused condition of the other seat's rows names card c of seat (its use in a
    battle window rebuilds the battle's modifiers; kernel TM_WATCHED).  filters: opp_used_filters of the other seat."""
    filters = opp_used_filters(t, 1 - seat) if filters is None else filters
    return any(card_match(t, seat, c, fk, v) for fk, v in filters)


def pair_table(t: Tables) -> np.ndarray:
    """int32 [2, n, n]: the F_PAIR block of kernel_tables (see there)."""
    n = t.level.shape[1]
    pt = np.zeros((2, n, n), np.int32)
    for s in range(2):
        for c in range(n):
            if t.kind[s, c] == E.KIND_DIGIMON:
                for d in range(n):
                    m = 0
                    mn = P_NONE_N
                    for a in range(int(t.req_n[s, c])):
                        if t.req[s, c, a, R_FROM] == t.name[s, d] and (
                                t.req[s, c, a, R_QK] == 0 or card_match(t, s, d, int(t.req[s, c, a, R_QK]),
                                                                        int(t.req[s, c, a, R_QV]))):
                            m |= 1 << a
                            mn = min(mn, int(t.req[s, c, a, R_CARDS]))
                    pt[s, c, d] = m | (mn << P_MIN_SHIFT)
            elif t.kind[s, c] == E.KIND_OPTION:
                v = int(t.wp[s, c])
                for d in range(n):
                    if t.kind[s, d] != E.KIND_DIGIMON:
                        continue
                    for a in range(int(t.req_n[s, d])):
                        w = int(t.req[s, d, a, R_WP])
                        o = int(t.req[s, d, a, R_OPT])
                        if (v > 0 and w > 0 and wp_serves(t, s, c, w, int(t.level[s, d]))) \
                                or (o >= 0 and o == t.optname[s, c]) or jog_serves(t, s, c, d, a) \
                                or ox_serves(t, s, c, int(t.req[s, d, a, R_CARDS]), int(t.req[s, d, a, R_XS])):
                            pt[s, c, d] = P_USABLE
                            break
    return pt
