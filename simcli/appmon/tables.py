"""A pair of Appmon decks → flat integer arrays both engines read (DESIGN.md convention 1).

``CT[seat, i, F_*]`` (int32) describes the i-th card of the seat's deck list (one row per copy, file
order); the field names are in codes.py.  Names, requirement names and plug icons become small
integers shared by both seats.  With ``effects=False`` every Applink effect, ability and option row
is zeroed (the core rules stay: battle types, C's printed A→0, AppGattai, lost points).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcli.appmon import codes as C
from simcli.appmon.cards import parse_effect


@dataclass
class AppTables:
    """What the engines need of a matchup: ``ct`` and, for logs and reports, the names."""

    ct: np.ndarray
    cards: list = field(default_factory=list)  # per seat, the card records in deck-list order
    names: list = field(default_factory=list)  # name id → name
    plugs: list = field(default_factory=list)  # plug id → icon
    effects: bool = True
    game: str = "appmon"


def _ef(text: str, allowed) -> tuple[int, int]:
    got = parse_effect(text or "", allowed)
    if got is None:
        return C.EF_NONE, 0
    return C.EFFECT_WORDS[got[0]], got[1]


def compile_tables(decks: list[list[dict]], effects: bool = True) -> AppTables:
    """``decks``: per seat the expanded card list (``Deck.cards()``), at most 30 cards each."""
    names: dict[str, int] = {}
    plugs: dict[str, int] = {}

    def nid(n: str) -> int:
        return names.setdefault(n, len(names))

    for cs in decks:
        for c in cs:
            nid(c["name"])
            for n in c.get("appgattai") or []:
                nid(n)
            for p in sorted(set(c.get("plugs") or []) | ({(c.get("applink") or {}).get("plug")} - {None, ""})):
                plugs.setdefault(p, len(plugs))
    if len(plugs) > C.MAX_PLUGS:
        raise ValueError(f"at most {C.MAX_PLUGS} plug icons in a matchup (got {len(plugs)})")
    ct = np.full((2, C.MAX_CARDS, C.NF), 0, np.int32)
    for s, cs in enumerate(decks):
        if len(cs) > C.MAX_CARDS:
            raise ValueError(f"a deck has at most {C.MAX_CARDS} cards (got {len(cs)})")
        ct[s, 0, C.F_NCARDS] = len(cs)
        first: dict[str, int] = {}
        for i, c in enumerate(cs):
            r = ct[s, i]
            r[C.F_REQ:C.F_REQ + 3] = -1
            r[C.F_LINK_PLUG] = -1
            r[C.F_NAME] = names[c["name"]]
            r[C.F_COPY0] = first.setdefault(c["number"], i)
            r[C.F_MODELED] = 1 if c.get("modeled", True) else 0
            if c["kind"] == "Appmon":
                r[C.F_KIND] = C.KIND_APPMON
                r[C.F_GRADE] = C.GRADE_NAMES.index(c["grade"])
                r[C.F_BT] = "ABC".index(c["battle_type"])
                for k, a in enumerate("ABC"):
                    r[C.F_ATK + k] = c["attack"][a]
                r[C.F_CZERO] = 1 if c.get("c_zero") else 0
                for k, g in enumerate(C.GRADE_NAMES):
                    r[C.F_LOST + k] = c["lost_points"][g]
                req = c.get("appgattai") or []
                for k, n in enumerate(req):
                    r[C.F_REQ + k] = names[n]
                r[C.F_REQ_N] = len(req)
                mask = 0
                for p in c.get("plugs") or []:
                    mask |= 1 << plugs[p]
                r[C.F_PLUGS] = mask
                if effects:
                    link = c.get("applink") or None
                    if link:
                        ef, v = _ef(link["effect"], ("atk", "opp_atk"))
                        if ef != C.EF_NONE:
                            r[C.F_LINK_EF], r[C.F_LINK_VAL], r[C.F_LINK_PLUG] = ef, v, plugs[link["plug"]]
                    for a in c.get("abilities") or []:
                        if a.strip().lower() == "no_zero":
                            r[C.F_NO_ZERO] = 1
                            continue
                        got = parse_effect(a, ("per_link", "atk"))
                        if got is not None:
                            r[C.F_PER_LINK if got[0] == "per_link" else C.F_ACT_ATK] = got[1]
            else:
                r[C.F_KIND] = C.KIND_OPTION
                r[C.F_GRADE] = -1
                if effects and c.get("modeled", True):
                    allowed = ("regain",) if c.get("timing") == "point" else ("atk", "opp_atk")
                    ef, v = _ef(c.get("effect") or "", allowed)
                    if ef != C.EF_NONE:
                        r[C.F_OPT_TIMING] = C.TIMING_NAMES[c["timing"]]
                        r[C.F_OPT_EF], r[C.F_OPT_VAL] = ef, v
    return AppTables(ct=ct, cards=[list(cs) for cs in decks], names=list(names), plugs=list(plugs), effects=effects)
