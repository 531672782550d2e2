"""Build the project's card database from LackeyCCG plugin data (``simcli cards import``).

The database keeps facts (numbers, levels, attacks, lost points, …), parsed requirements and
effects in the project's effect language — never the card texts themselves.  The output is
deterministic: the same input files give byte-identical JSON.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from simcli.cards import lackey
from simcli.cards.appearance import translate_appearance
from simcli.cards.requirements import RequirementParser, is_armor

DB_FORMAT = 1
LEVELS = ("III", "IV", "Perfect", "Ultimate")

# The source spells fields inconsistently (NSp/Nsp, NSo/Nso, "Unknown"): one spelling each.
FIELD_CODES = {
    "nsp": "NSp", "nso": "NSo", "ds": "DS", "wg": "WG", "vb": "VB", "me": "ME", "da": "DA",
    "uk": "UK", "unknown": "UK",
}
FIELD_NAMES = {
    "NSp": "Nature Spirits", "NSo": "Nightmare Soldiers", "DS": "Deep Savers", "WG": "Wind Guardians",
    "VB": "Virus Busters", "ME": "Metal Empire", "DA": "Dragon's Roar", "UK": "Unknown",
}
_LOST = re.compile(r"III\s*(\d+)\s+IV\s*(\d+)\s+P\s*(\d+)\s+U\s*(\d+)")
_TIMINGS = (
    ("preparation", "prep"), ("evolution", "evolution"), ("battle", "battle"), ("point", "point"),
)


class ImportError_(ValueError):
    """A card row the importer cannot make sense of (message names file and line)."""


def normalize_fields(raw: str) -> list[str]:
    out = []
    for tok in re.split(r"[\s/,]+", raw.strip()):
        if tok and (code := FIELD_CODES.get(tok.lower())) and code not in out:
            out.append(code)
    return out


def _int(raw: str, where: str, column: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise ImportError_(f"{where}: {column} is not a number: {raw!r}") from None


def option_timing(activation: str) -> str | None:
    head = activation.split("(O)")[0].lower()
    for word, code in _TIMINGS:
        if word in head:
            return code
    return None


def _battle_type(raw: str) -> str | None:
    raw = raw.strip()
    return raw[0] if raw[:1] in ("A", "B", "C") else None


# requirement-card keys (and round 10e's slot_pos) of an option's record (docs/card-database.md), written only when
# set, in this order
_OPTION_EXTRAS = ("wp_levels", "win_pct", "wp_min", "jogress_partner", "o_max", "x_max", "requirement_mill",
                  "requirement_from", "evolve_levels", "slot_pos")


def build_card(row: lackey.RawCard, parser: RequirementParser, translate) -> dict:
    """One source row → one database record (plain JSON-able dict)."""
    level = re.sub(r"\s+", " ", row["Level"]).strip()
    number = row["Card Number"]
    card: dict = {"number": number, "name": re.sub(r"\s+", " ", row["Name"]).strip(), "set": row["Set"]}
    if not level:  # option card
        text = row["Abilities"]
        otype = row["Type"].strip().title()
        otype = {"Progran": "Program"}.get(otype, otype) or "Unknown"
        tr = translate.translate_option(card["name"], row["Evo/Activation"], otype, text)
        card.update(
            kind="Option", option_type=otype, level=None, battle_type=None, attack=None,
            lost_points=None, attribute=None, fields=[], species=None, group=row["Group"] or None,
            frame=row["Frame"] or None, requirements=[], requirements_modeled=True,
            timing=tr.timing or option_timing(row["Evo/Activation"]), face_up_limit=tr.face_up_limit,
            keywords=tr.keywords, effects=tr.effects, unmodeled=tr.unmodeled,
            requirement_cost=tr.requirement_cost,
        )
        for key in _OPTION_EXTRAS:  # only on the cards that have them: the other records stay as they were
            if value := getattr(tr, key):
                card[key] = value
    else:
        lost = None
        if m := _LOST.search(row["LostPoint"]):
            lost = dict(zip(LEVELS, map(int, m.groups())))
        attack = None
        if row["AP"]:
            attack = {k: _int(row[col], row.where, col) for k, col in (("A", "AP"), ("B", "BP"), ("C", "CP"))}
        attribute = row["Attribute"] or None
        if attribute and attribute.startswith("Variable"):
            attribute = "Variable"
        tr = translate.translate_ability(card["name"], row["Abilities"])
        unmodeled = list(tr.unmodeled)
        reqs, req_modeled, extra, appearance = [], True, 0, []
        if level != "III":
            parsed = parser.parse(row["Evo/Activation"])
            reqs, req_modeled, extra = [r.to_json() for r in parsed.alternatives], parsed.modeled, parsed.extra_discard
            if parsed.appearance:
                app = translate_appearance(row["Evo/Activation"], card["name"])
                appearance = app.effects
                unmodeled += app.unmodeled
            else:
                if parsed.rider:
                    unmodeled.append(parsed.rider)
                if not parsed.modeled:
                    unmodeled.append(parsed.rider or "requirement-unparsed")
        card.update(
            kind="Digimon", option_type=None, level=level, battle_type=_battle_type(row["AT"]),
            attack=attack, lost_points=lost, attribute=attribute, fields=normalize_fields(row["Field"]),
            species=re.sub(r"\s+", " ", row["Type"]).strip() or None, group=row["Group"] or None,
            frame=row["Frame"] or None, requirements=reqs, requirements_modeled=req_modeled,
            evolution_extra_discard=extra, timing=None, face_up_limit=0, keywords=tr.keywords,
            effects=tr.effects, unmodeled=sorted(set(unmodeled)), appearance=appearance,
        )
        if level != "III" and is_armor(row["Evo/Activation"]):  # round 9b: only on the Armor forms (other records unchanged)
            card["armor_evolution"] = True
        if _VOIDER.search(row["Abilities"] or ""):  # round 10c: only on those Digimon (other records unchanged)
            card["voids_abilities"] = True
    card["modeled"] = not card["unmodeled"]
    return card


# round 10c: a Digimon with the ability "The opponent loses its special abilities" (its whole text, or its first part:
# "…, and their attack power is reduced by 50", "(including support Digimon)"): an ability that begins so, never
# a conditional one ("When your points are 40 and below, the opponent loses …") or one on some levels or frames only
_VOIDER = re.compile(r"(?:^|\(O\)|\(N\)|[.;]\s)\s*the opponent(?: digimon|'s digimon)? loses (?:its|their) special abilities"
                     r"(?=[.,;(\s]|$)", re.IGNORECASE)


def import_dir(directory: Path) -> dict:
    """Read a LackeyCCG sets folder and return the whole database object."""
    from simcli.cards import translate

    rows = lackey.read_dir(Path(directory))
    names = [r["Name"] for r in rows]
    parser = RequirementParser(names)
    parser.set_option_names([r["Name"] for r in rows if not r["Level"]])
    cards = [build_card(r, parser, translate) for r in rows]
    seen: dict[str, str] = {}
    for r, c in zip(rows, cards):
        if c["number"] in seen:
            raise ImportError_(f"{r.where}: card number {c['number']} already defined at {seen[c['number']]}")
        seen[c["number"]] = r.where
    formats = {}
    fpath = Path(directory) / "formats.txt"
    if fpath.exists():
        formats = lackey.read_formats(fpath)
    source = ""
    if (Path(directory) / "SOURCE").exists():
        source = (Path(directory) / "SOURCE").read_text(encoding="utf-8").split()[0]
    return {"format": DB_FORMAT, "game": "dmcg", "source_revision": source, "formats": formats, "cards": cards}


def write_db(db: dict, out: Path) -> None:
    """One card per line: small diffs when the importer improves, and still plain JSON."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    head = {k: v for k, v in db.items() if k != "cards"}
    lines = [json.dumps(c, ensure_ascii=False, sort_keys=True) for c in db["cards"]]
    text = json.dumps(head, ensure_ascii=False, sort_keys=True)[:-1] + ', "cards": [\n' + ",\n".join(lines) + "\n]}\n"
    out.write_text(text, encoding="utf-8")
