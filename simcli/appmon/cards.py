"""The Appmon card file: a CSV a player can type, its reader, and the Appmon effect subset.

No machine-readable public Appmon card list exists (issue 13), so the card data is a plain CSV with
one card per line (docs/appmon.md "The card file").  ``read_csv`` checks every row and raises
:class:`CardFileError` (a UserError: ``FILE:LINE: problem``, one line) at the first bad one;
``build_db`` returns the database object that ``simcli cards import FILE.csv`` writes as
``simcli/cards/data/appmon.json`` and ``simcli.cards.db.load_db("appmon")`` reads.

Columns (header line required, order free, unknown columns refused)::

    number,name,kind,set,grade,attribute,battle_type,a,b,c,c_effect,
    lost_standard,lost_super,lost_ultimate,lost_god,appgattai,applink,plug,plugs,abilities,
    timing,effect,source

The effect subset (the project's effect-language style, ``word±N``):

- ``applink`` (an Appmon's Applink effect, with its ``plug`` icon): ``atk+N``, ``opp_atk-N``;
- ``abilities`` (``;``-separated): ``per_link+N`` (passive: +N per Applinked Appmon),
  ``atk+N`` (one battle action, once per battle), ``no_zero`` (passive: A never goes to 0);
- options: ``timing`` ``battle`` with ``effect`` ``atk+N`` / ``opp_atk-N``, or ``point`` with
  ``regain+N``.

A text outside the subset makes the card *unmodeled* (an Appmon plays with its printed numbers, an
option is never used), listed like the DMCG's.  ``source`` says where the facts come from:
``seed`` (every number is an official fact the seeds establish), ``seed:FIELD FIELD …`` (only those
fields; the others are illustrative) or ``illustrative`` (made up to make decks playable).  A card
whose numbers are not all official facts has ``"illustrative": true``; every output that uses it
says so.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from pathlib import Path

from simcli.appmon.codes import ATTRIBUTES, GRADE_NAMES
from simcli.errors import UserError

DB_FORMAT = 1
COLUMNS = ("number", "name", "kind", "set", "grade", "attribute", "battle_type", "a", "b", "c", "c_effect",
           "lost_standard", "lost_super", "lost_ultimate", "lost_god", "appgattai", "applink", "plug", "plugs",
           "abilities", "timing", "effect", "source")
REQUIRED = ("number", "name", "kind")
FACT_FIELDS = ("number", "name", "set", "grade", "attribute", "battle_type", "a", "b", "c", "c_effect",
               "lost_points", "appgattai", "applink", "plugs", "abilities", "timing", "effect")
#: the sets the seed lists (seed 000, "Card Sets"): name → (cards, release date)
SETS = {"AM-ST1": (30, "2016-10-08"), "AM-BT1": (56, "2016-10-08"), "AM-BT2": (56, "2016-12-26"),
        "AM-BT3": (50, "2017-04-22"), "ILL": (0, "")}
MAX_FILE_BYTES = 1 << 20
_TOKEN = re.compile(r"^([a-z_]+)\s*([+-])\s*(\d{1,5})$")


class CardFileError(UserError, ValueError):
    """A row of the card file the reader cannot use (FILE:LINE: problem)."""


def is_card_csv(path: Path) -> bool:
    """A CSV card file: the .csv extension, or a first line that is this format's header."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return True
    try:
        with open(path, "rb") as f:
            head = f.read(400).decode("utf-8", "replace").splitlines()[:1]
    except OSError:
        return False
    return bool(head) and head[0].strip().lower().startswith("number,name,kind")


def parse_effect(text: str, allowed: tuple[str, ...]) -> tuple[str, int] | None:
    """``word±N`` → (word, signed N) when the word is allowed and the sign fits it, else None."""
    m = _TOKEN.match(text.strip().lower())
    if not m or m.group(1) not in allowed:
        return None
    word, sign, n = m.group(1), m.group(2), int(m.group(3))
    if (word == "opp_atk") != (sign == "-"):  # atk+N, regain+N, per_link+N; opp_atk-N
        return None
    return word, n


def _int(raw: str, where: str, col: str) -> int:
    if not re.fullmatch(r"\d{1,5}", raw.strip()):
        raise CardFileError(f"{where}: column '{col}' must be a whole number, got '{raw[:30]}'")
    return int(raw)


def _names(raw: str) -> list[str]:
    """'Gatchmon × Navimon' (or x / X / *) → ['Gatchmon', 'Navimon']."""
    return [p.strip() for p in re.split(r"\s+[x×X*]\s+|\s*×\s*", raw.strip()) if p.strip()]


def _row_card(row: dict, where: str) -> dict:
    number = row["number"].strip()
    name = " ".join(row["name"].split())
    kind = row["kind"].strip().capitalize()
    if not number or not name:
        raise CardFileError(f"{where}: a card needs a number and a name")
    if kind not in ("Appmon", "Option"):
        raise CardFileError(f"{where}: kind must be Appmon or Option, got '{row['kind'][:30]}'")
    src = (row.get("source") or "illustrative").strip()
    if src == "seed":
        facts = list(FACT_FIELDS)
    elif src.startswith("seed:"):
        facts = src[5:].replace(",", " ").split()
        bad = [f for f in facts if f not in FACT_FIELDS]
        if bad:
            raise CardFileError(f"{where}: unknown field '{bad[0]}' in source (fields: {', '.join(FACT_FIELDS)})")
    elif src == "illustrative":
        facts = []
    else:
        raise CardFileError(f"{where}: source must be 'seed', 'seed:FIELD …' or 'illustrative', got '{src[:30]}'")
    card: dict = {"number": number, "name": name, "kind": kind, "set": (row.get("set") or "").strip() or "ILL",
                  "game": "appmon", "facts": facts}
    unmodeled: list[str] = []
    if kind == "Appmon":
        grade = (row.get("grade") or "").strip().capitalize()
        if grade not in GRADE_NAMES:
            raise CardFileError(f"{where}: grade must be one of {', '.join(GRADE_NAMES)}, got '{grade[:30]}'")
        attr = (row.get("attribute") or "").strip()
        match = [a for a in ATTRIBUTES if a.lower() == attr.lower()]
        if not match:
            raise CardFileError(f"{where}: attribute must be one of {', '.join(ATTRIBUTES)}, got '{attr[:30]}'")
        bt = (row.get("battle_type") or "").strip().upper()
        if bt not in ("A", "B", "C"):
            raise CardFileError(f"{where}: battle_type must be A, B or C, got '{bt[:30]}'")
        ce = (row.get("c_effect") or "").strip().replace("→", "->").upper()
        if ce not in ("", "A->0", "A0", "NONE"):
            raise CardFileError(f"{where}: c_effect must be 'A->0' or empty, got '{ce[:30]}'")
        card.update(grade=grade, attribute=match[0], battle_type=bt,
                    attack={k.upper(): _int(row.get(k) or "", where, k) for k in ("a", "b", "c")},
                    c_zero=ce in ("A->0", "A0"),
                    lost_points={g: _int(row.get(f"lost_{g.lower()}") or "", where, f"lost_{g.lower()}")
                                 for g in GRADE_NAMES})
        req = _names(row.get("appgattai") or "")
        if len(req) == 1 or len(req) > 3:
            raise CardFileError(f"{where}: appgattai names 2 or 3 component Appmon ('Gatchmon × Navimon'), "
                                f"got '{(row.get('appgattai') or '')[:40]}'")
        if req and grade == "Standard":
            raise CardFileError(f"{where}: a Standard Grade Appmon has no AppGattai requirement (AM-PREP-1)")
        card["appgattai"] = req
        plugs = (row.get("plugs") or "").split()
        card["plugs"] = plugs
        link = (row.get("applink") or "").strip()
        plug = (row.get("plug") or "").strip()
        card["applink"] = {"effect": link, "plug": plug} if link else None
        if link:
            if not plug:
                raise CardFileError(f"{where}: an Applink effect needs its plug icon (column 'plug')")
            if parse_effect(link, ("atk", "opp_atk")) is None:
                unmodeled.append(f"applink: {link}")
        abil = [a.strip() for a in (row.get("abilities") or "").split(";") if a.strip()]
        card["abilities"] = abil
        for a in abil:
            if a.lower() != "no_zero" and parse_effect(a, ("per_link", "atk")) is None:
                unmodeled.append(f"ability: {a}")
        for col in ("timing", "effect"):
            if (row.get(col) or "").strip():
                raise CardFileError(f"{where}: column '{col}' is for Option cards")
    else:
        for col in ("grade", "attribute", "battle_type", "a", "b", "c", "appgattai", "applink", "plugs", "abilities"):
            if (row.get(col) or "").strip():
                raise CardFileError(f"{where}: column '{col}' is for Appmon cards, not options")
        timing = (row.get("timing") or "").strip().lower()
        eff = (row.get("effect") or "").strip()
        card.update(timing=timing or None, effect=eff)
        if timing == "battle":
            ok = parse_effect(eff, ("atk", "opp_atk")) is not None
        elif timing == "point":
            ok = parse_effect(eff, ("regain",)) is not None
        else:
            ok = False
        if not ok:
            unmodeled.append(f"option: {timing or '?'}: {eff or '?'}")
    card["unmodeled"] = unmodeled
    card["modeled"] = not unmodeled
    lost = "lost_points"
    numbers = ("a", "b", "c", lost) if kind == "Appmon" else ("effect",)
    card["illustrative"] = not all(f in facts for f in ("number", "name") + numbers)
    return card


def read_csv(path: str | Path) -> list[dict]:
    """The cards of a CSV card file (CardFileError at the first bad row)."""
    path = Path(path)
    p = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardFileError(f"{p}:0: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise CardFileError(f"{p}:0: over {MAX_FILE_BYTES // 1024} KiB; a card file is a few hundred lines")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise CardFileError(f"{p}:{line}: not UTF-8 text") from None
    lines = text.splitlines()
    first = next((i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("#")), None)
    if first is None:
        raise CardFileError(f"{p}:1: empty card file (expected the header line {','.join(COLUMNS[:3])},…)")
    header = [h.strip().lower() for h in next(csv.reader([lines[first]]))]
    for h in header:
        if h not in COLUMNS:
            raise CardFileError(f"{p}:{first + 1}: unknown column '{h[:30]}' (columns: {', '.join(COLUMNS)})")
    for r in REQUIRED:
        if r not in header:
            raise CardFileError(f"{p}:{first + 1}: the header lacks column '{r}'")
    if len(set(header)) != len(header):
        raise CardFileError(f"{p}:{first + 1}: a column is named twice")
    cards: list[dict] = []
    seen: dict[str, int] = {}
    for i in range(first + 1, len(lines)):
        ln = lines[i]
        if not ln.strip() or ln.lstrip().startswith("#"):
            continue
        where = f"{p}:{i + 1}"
        vals = next(csv.reader([ln]))
        if len(vals) != len(header):
            raise CardFileError(f"{where}: {len(vals)} fields, the header has {len(header)}")
        card = _row_card(dict(zip(header, vals)), where)
        key = card["number"].lower()
        if key in seen:
            raise CardFileError(f"{where}: card number {card['number']} already defined on line {seen[key]}")
        seen[key] = i + 1
        card["line"] = i + 1
        cards.append(card)
    names = {c["name"] for c in cards if c["kind"] == "Appmon"}
    for c in cards:
        for n in c.get("appgattai") or []:
            if n not in names:
                raise CardFileError(f"{p}:{c['line']}: AppGattai requirement names '{n}', which is no Appmon "
                                    "of this file")
    for c in cards:
        del c["line"]
    return cards


def build_db(path: str | Path) -> dict:
    """The database object of a CSV card file (what ``cards import`` writes)."""
    cards = read_csv(path)
    src = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]
    return {"format": DB_FORMAT, "game": "appmon", "source_revision": src,
            "sets": {k: {"cards": v[0], "released": v[1]} for k, v in SETS.items() if v[0]}, "formats": {},
            "cards": cards}


def write_db(db: dict, out: Path) -> None:
    from simcli.cards.importer import write_db as _write

    _write(db, out)


def card_label(card: dict) -> str:
    """'ST1-03 DoGatchmon' with ' (illustrative)' when its numbers are not official facts."""
    return f"{card['number']} {card['name']}" + (" (illustrative)" if card.get("illustrative") else "")


def illustrative_cards(decks) -> list[tuple[int, str, str]]:
    """(seat, number, name) of the illustrative cards of each deck (each card once)."""
    out = []
    for seat, d in enumerate(decks):
        seen = set()
        for c in d.cards():
            if c.get("illustrative") and c["number"] not in seen:
                seen.add(c["number"])
                out.append((seat, c["number"], c["name"]))
    return out


def dumps(card: dict) -> str:
    return json.dumps(card, ensure_ascii=False, sort_keys=True)


__all__ = ["CardFileError", "read_csv", "build_db", "is_card_csv", "parse_effect", "card_label", "illustrative_cards"]
