"""Deck files: the text format, LackeyCCG ``.dek`` import, and legality checks (DM-DECK-1..3).

Text format (docs/decks.md)::

    # comment
    game: dmcg
    name: Agumon starter
    3 St-1 Agumon        # COUNT CARD_NUMBER [NAME]; the name, when given, must match (DM-NAME-1)

LackeyCCG ``.dek`` XML: every ``<card>`` in ``<superzone name="Deck">`` is one copy; other
superzones are ignored.  Runs of consecutive copies of one card number become one entry.

Every problem is a :class:`Problem` that prints as ``FILE:LINE: message``; line 0 means the whole
file.  ``parse_deck`` raises :class:`DeckError` on problems of the file itself, ``check_deck``
returns those plus the legality problems, ``load_deck`` raises on either (the engine uses it).
File order is kept: the engine breaks partner ties by "listed first in the deck file" (BL-1).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable
from xml.parsers import expat

from simcli.cards.db import LEVEL_ORDER, Card, CardDB, load_db
from simcli.cards.names import closest, norm_name

GAMES = ("dmcg", "appmon")
HEADER_KEYS = ("game", "name")
REGULATIONS = ("cn",)
DECK_SIZE = 30
MAX_COPIES = 3
CN_MAX_ULTIMATE = 5
MAX_FILE_BYTES = 4 * 1024 * 1024


# --------------------------------------------------------------------------------------------
# Data model


@dataclass(frozen=True)
class Problem:
    """One problem of a deck file; ``str()`` is ``FILE:LINE: message`` (line 0: whole file)."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class DeckError(ValueError):
    """A deck file could not be used; ``problems`` lists every reason (one line each)."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems) or "invalid deck")


@dataclass
class DeckEntry:
    count: int
    card: Card
    line: int

    @property
    def number(self) -> str:
        return self.card.number

    @property
    def name(self) -> str:
        return self.card.name


@dataclass
class Deck:
    path: str
    name: str
    game: str = "dmcg"
    entries: list[DeckEntry] = field(default_factory=list)
    unresolved: int = 0  # copies on lines whose card could not be resolved (for the 30-card check)
    last_card_line: int = 0  # the last line naming a card, resolved or not (where deck-wide problems point)

    def __len__(self) -> int:
        return sum(e.count for e in self.entries)

    @property
    def size(self) -> int:
        return len(self)

    def cards(self) -> list[Card]:
        """The expanded card list (one item per copy), in file order."""
        return [e.card for e in self.entries for _ in range(e.count)]

    def digimon_cards(self) -> list[Card]:
        return [c for c in self.cards() if c.is_digimon]

    def option_cards(self) -> list[Card]:
        return [c for c in self.cards() if c["kind"] == "Option"]

    def level_cards(self, level: str) -> list[Card]:
        return [c for c in self.cards() if c.is_digimon and c.get("level") == level]

    def counts_by_name(self) -> dict[str, int]:
        """Copies per rule name (DM-NAME-1), first appearance order."""
        out: dict[str, int] = {}
        for e in self.entries:
            out[e.card.rule_name] = out.get(e.card.rule_name, 0) + e.count
        return out

    def names(self) -> set[str]:
        """The rule names of the cards in the deck."""
        return {e.card.rule_name for e in self.entries}

    def partner(self) -> Card | None:
        """BL-1: the Level III with the highest A attack; ties go to the one listed first."""
        best: Card | None = None
        for e in self.entries:
            c = e.card
            if c.is_digimon and c.get("level") == "III":
                if best is None or (c["attack"] or {}).get("A", 0) > (best["attack"] or {}).get("A", 0):
                    best = c
        return best

    def unmodeled(self) -> list[DeckEntry]:
        seen: set[str] = set()
        out = []
        for e in self.entries:
            if not e.card.get("modeled", True) and e.card.number not in seen:
                seen.add(e.card.number)
                out.append(e)
        return out

    def summary(self) -> str:
        lv = {k: len(self.level_cards(k)) for k in ("III", "IV", "Perfect", "Ultimate")}
        n_dig = len(self.digimon_cards())
        return (f"{len(self)} cards, {n_dig} Digimon ({lv['III']} III / {lv['IV']} IV / "
                f"{lv['Perfect']} Perfect / {lv['Ultimate']} Ultimate), {len(self.option_cards())} options")


# --------------------------------------------------------------------------------------------
# Reading


def _read_text(path: Path, problems: list[Problem]) -> str | None:
    p = str(path)
    try:
        if path.is_dir():
            problems.append(Problem(p, 0, "is a directory, not a deck file"))
            return None
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        problems.append(Problem(p, 0, f"cannot read file: {exc.strerror or exc}"))
        return None
    if len(raw) > MAX_FILE_BYTES:
        problems.append(Problem(p, 0, f"file too large for a deck file (over {MAX_FILE_BYTES} bytes)"))
        return None
    if b"\x00" in raw:
        problems.append(Problem(p, 0, "binary file (contains NUL bytes), not a deck file"))
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        problems.append(Problem(p, line, "not a text file (invalid UTF-8)"))
        return None
    bad = next((ch for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f\v"), None)
    if bad is not None:
        line = text[: text.index(bad)].count("\n") + 1
        problems.append(Problem(p, line, f"binary file (control character {ord(bad):#04x}), not a deck file"))
        return None
    return text


_HEADER = re.compile(r"^([A-Za-z_][A-Za-z0-9_ ]*?)\s*:\s*(.*)$")
_COUNT = re.compile(r"^\d+$")


def _lookup(number: str, db: CardDB, p: str, lineno: int, problems: list[Problem]) -> Card | None:
    card = db.get(number)
    if card is None:
        near = db.closest_numbers(number, 3)
        hint = f" (closest: {', '.join(near)})" if near else ""
        problems.append(Problem(p, lineno, f"unknown card number {number}{hint}"))
    return card


def _check_name(card: Card, given: str, p: str, lineno: int, problems: list[Problem]) -> None:
    if given and norm_name(given) != card.rule_name:
        problems.append(Problem(
            p, lineno,
            f"name '{given}' does not match card {card.number}, which is '{card.name}' (DM-NAME-1)"))


def _parse_text(text: str, p: str, db: CardDB, deck: Deck, problems: list[Problem]) -> None:
    seen_header: dict[str, int] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if not line[0].isdigit() and (m := _HEADER.match(line)):
            key, value = m.group(1).strip().lower(), m.group(2).strip()
            if key not in HEADER_KEYS:
                problems.append(Problem(
                    p, lineno, f"unknown header '{m.group(1).strip()}' (known: {', '.join(HEADER_KEYS)})"))
                continue
            if key in seen_header:
                problems.append(Problem(p, lineno, f"header '{key}' repeated (first on line {seen_header[key]})"))
                continue
            seen_header[key] = lineno
            if deck.entries and key == "game":
                problems.append(Problem(p, lineno, "header 'game' must come before the first card line"))
                continue
            if key == "name":
                deck.name = value or deck.name
            elif key == "game":
                g = value.lower()
                if g not in GAMES:
                    problems.append(Problem(p, lineno, f"unknown game '{value}' (known: {', '.join(GAMES)})"))
                elif g == "appmon":
                    deck.game = g
                    problems.append(Problem(p, lineno, "appmon decks are not supported yet"))
                    return
            continue
        parts = line.split(None, 2)
        if len(parts) < 2:
            problems.append(Problem(
                p, lineno, f"malformed line '{line[:60]}': expected 'COUNT CARD_NUMBER [NAME]' "
                           "(e.g. '3 St-1 Agumon') or a header 'game: dmcg' / 'name: ...'"))
            continue
        count_s, number = parts[0], parts[1]
        given = parts[2].strip() if len(parts) > 2 else ""
        if not _COUNT.match(count_s) or int(count_s) <= 0:
            problems.append(Problem(p, lineno, f"count must be a positive integer, got '{count_s[:20]}'"))
            continue
        count = int(count_s)
        if count > 99:
            problems.append(Problem(p, lineno, f"count {count} is not a plausible number of copies"))
            continue
        deck.last_card_line = lineno
        card = _lookup(number, db, p, lineno, problems)
        if card is None:
            deck.unresolved += count
            continue
        _check_name(card, given, p, lineno, problems)
        deck.entries.append(DeckEntry(count, card, lineno))


def _parse_dek(text: str, p: str, db: CardDB, deck: Deck, problems: list[Problem]) -> None:
    """LackeyCCG .dek: each <card> in <superzone name="Deck"> is one copy."""
    parser = expat.ParserCreate()
    stack: list[str] = []
    zone: list[str | None] = [None]
    cur: dict = {}
    copies: list[tuple[int, str | None, str, str]] = []  # (line, id, name, set)
    saw_deck = [False]

    def start(tag: str, attrs: dict) -> None:
        stack.append(tag)
        if tag == "superzone":
            zone[0] = attrs.get("name", "")
            if zone[0] == "Deck":
                saw_deck[0] = True
        elif tag == "card" and zone[0] == "Deck":
            cur.clear()
            cur.update(line=parser.CurrentLineNumber, id=None, name="", set="")
        elif tag == "name" and zone[0] == "Deck" and "card" in stack[:-1] and cur:
            cur["id"] = attrs.get("id")
            cur["_text"] = "name"
        elif tag == "set" and zone[0] == "Deck" and "card" in stack[:-1] and cur:
            cur["_text"] = "set"

    def chars(data: str) -> None:
        if cur.get("_text"):
            cur[cur["_text"]] += data

    def end(tag: str) -> None:
        stack.pop()
        if tag in ("name", "set") and cur:
            cur["_text"] = None
        elif tag == "card" and cur and zone[0] == "Deck":
            copies.append((cur["line"], cur["id"], cur["name"].strip(), cur["set"].strip()))
            cur.clear()
        elif tag == "superzone":
            zone[0] = None

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        problems.append(Problem(p, exc.lineno or 1, f"bad XML: {expat.ErrorString(exc.code)}"))
        return
    except (RecursionError, ValueError) as exc:  # pragma: no cover - pathological input
        problems.append(Problem(p, 1, f"bad XML: {exc}"))
        return
    if not saw_deck[0]:
        problems.append(Problem(p, 1, "no <superzone name=\"Deck\"> in this .dek file"))
        return
    last: DeckEntry | None = None
    for lineno, cid, name, set_code in copies:
        deck.last_card_line = lineno
        card = None
        if cid:
            card = _lookup(cid.strip(), db, p, lineno, problems)
            if card is None:
                deck.unresolved += 1
                last = None
                continue
            _check_name(card, name, p, lineno, problems)
        else:
            cands = db.by_name(name) if name else []
            if set_code:
                cands = [c for c in cands if c["set"].lower() == set_code.lower()] or cands
            if not cands:
                near = closest(name, sorted({c.name for c in db.cards}), 3) if name else []
                hint = f" (closest: {', '.join(near)})" if near else ""
                problems.append(Problem(p, lineno, f"unknown card '{name}' (no id attribute){hint}"))
                deck.unresolved += 1
                last = None
                continue
            card = cands[0]
        if last is not None and last.card.number == card.number:
            last.count += 1
        else:
            last = DeckEntry(1, card, lineno)
            deck.entries.append(last)


def _looks_like_xml(path: Path, text: str) -> bool:
    return path.suffix.lower() == ".dek" or text.lstrip().startswith("<")


def _parse(path: str | Path, db: CardDB | None) -> tuple[Deck, list[Problem], bool]:
    """(deck, problems, usable): usable is False when the file as a whole could not be read."""
    path = Path(path)
    p = str(path)
    problems: list[Problem] = []
    deck = Deck(path=p, name=path.stem, game="dmcg")
    text = _read_text(path, problems)
    if text is None:
        return deck, problems, False
    if db is None:
        db = load_db("dmcg")
    if _looks_like_xml(path, text):
        before = len(problems)
        _parse_dek(text, p, db, deck, problems)
        if len(problems) > before and not deck.entries and deck.unresolved == 0:
            return deck, problems, False
    else:
        _parse_text(text, p, db, deck, problems)
    return deck, problems, True


def parse_deck(path: str | Path, db: CardDB | None = None) -> Deck:
    """Read a deck file (text or .dek); raises DeckError listing every problem of the file."""
    deck, problems, _ = _parse(path, db)
    if problems:
        raise DeckError(problems)
    return deck


# --------------------------------------------------------------------------------------------
# Legality


def _excluded_kind(card: Card) -> str | None:
    """DM-DECK-3: 'Hybrid', 'Xros' or 'Spirit' when the card is one, else None."""
    level = card.get("level") or ""
    if level == "Hybrid":
        return "Hybrid"
    if level.startswith("Xros"):
        return "Xros"
    if (card.get("group") or "").startswith("Spirit"):
        return "Spirit"
    return None


def resolve_format(fmt: str, db: CardDB) -> tuple[str, list[str]] | None:
    for label, sets in db.formats.items():
        if label.lower() == fmt.strip().lower() or norm_name(label) == norm_name(fmt):
            return label, sets
    return None


def legality_problems(deck: Deck, regulation: str | None = None, format: str | None = None,
                      db: CardDB | None = None) -> list[Problem]:
    """DM-DECK-1..3 (+ regulation and format) problems of a parsed deck."""
    p = deck.path
    out: list[Problem] = []
    if deck.game != "dmcg":
        return out
    last_line = deck.last_card_line
    # per-card problems, in file order
    for e in deck.entries:
        c = e.card
        if c["kind"] not in ("Digimon", "Option"):
            out.append(Problem(p, e.line, f"{c.number} '{c.name}' is a {c['kind']} card; "
                                          "a deck holds only Digimon and Option cards"))
        kind = _excluded_kind(c)
        if kind:
            out.append(Problem(p, e.line, f"{c.number} '{c.name}' is a {kind} card; Hybrid, Xros and "
                                          "Spirit cards are not supported yet (DM-DECK-3)"))
    # ≤3 per rule name: point at the line where the 4th copy appears
    running: dict[str, int] = {}
    lines: dict[str, list[int]] = {}
    reported: set[str] = set()
    totals = deck.counts_by_name()
    for e in deck.entries:
        rn = e.card.rule_name
        running[rn] = running.get(rn, 0) + e.count
        lines.setdefault(rn, []).append(e.line)
        if running[rn] > MAX_COPIES and rn not in reported:
            reported.add(rn)
            all_lines = [x.line for x in deck.entries if x.card.rule_name == rn]
            out.append(Problem(
                p, e.line,
                f"{totals[rn]} copies of '{e.card.name}' (lines {', '.join(map(str, all_lines))}); "
                f"at most {MAX_COPIES} cards of the same name (DM-DECK-1)"))
    n = len(deck) + deck.unresolved
    if n != DECK_SIZE:
        out.append(Problem(p, last_line, f"{n} cards, a deck has exactly {DECK_SIZE} (DM-DECK-1)"))
    if not deck.level_cards("III") and not deck.unresolved:
        out.append(Problem(p, last_line, "no Level III Digimon; a deck needs at least one (DM-DECK-1)"))
    if regulation is not None:
        reg = regulation.strip().lower()
        if reg not in REGULATIONS:
            out.append(Problem(p, 0, f"unknown regulation '{regulation}' (known: {', '.join(REGULATIONS)})"))
        elif reg == "cn":
            ult = 0
            for e in deck.entries:
                if e.card.is_digimon and e.card.get("level") == "Ultimate":
                    before = ult
                    ult += e.count
                    if before <= CN_MAX_ULTIMATE < ult:
                        total_ult = len(deck.level_cards("Ultimate"))
                        out.append(Problem(p, e.line, f"{total_ult} Ultimate Digimon; regulation cn allows "
                                                      f"at most {CN_MAX_ULTIMATE} (DM-DECK-2)"))
    if format is not None:
        if db is None:
            db = load_db("dmcg")
        found = resolve_format(format, db)
        if found is None:
            out.append(Problem(p, 0, f"unknown format '{format}' (known: {', '.join(db.formats)})"))
        else:
            label, sets = found
            allowed = {s.lower() for s in sets}
            for e in deck.entries:
                if e.card["set"].lower() not in allowed:
                    out.append(Problem(p, e.line, f"{e.card.number} '{e.card.name}' (set {e.card['set']}) "
                                                  f"is not allowed in format {label}"))
    return out


def _problem_order(q: Problem) -> tuple[bool, int]:
    """Line order; whole-file problems (line 0) last, after the lines that explain them."""
    return (q.line == 0, q.line)


def check_deck(path: str | Path, regulation: str | None = None, format: str | None = None,
               db: CardDB | None = None) -> list[Problem]:
    """Every problem of a deck file (reading + legality); an empty list means legal."""
    deck, problems, usable = _parse(path, db)
    if not usable:  # the file itself is unusable: legality problems would only repeat that
        return problems
    return sorted(problems + legality_problems(deck, regulation, format, db), key=_problem_order)


def load_deck(path: str | Path, db: CardDB | None = None, regulation: str | None = None,
              format: str | None = None) -> Deck:
    """Parse and check a deck; raises DeckError unless it is legal. The engine commands use this."""
    deck, problems, usable = _parse(path, db)
    if usable:
        problems = sorted(problems + legality_problems(deck, regulation, format, db), key=_problem_order)
    if problems:
        raise DeckError(problems)
    return deck


def write_deck(deck: Deck, path: str | Path, comment: str = "") -> None:
    """Write a deck in the text format (file order kept)."""
    lines = [f"# {ln}" for ln in comment.splitlines()] if comment else []
    lines.append(f"game: {deck.game}")
    if deck.name:
        lines.append(f"name: {deck.name}")
    lines += [f"{e.count} {e.card.number} {e.card.name}" for e in deck.entries]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------------------------
# Evolution lines and draw odds (for `deck show`)

LEVELS = ("III", "IV", "Perfect", "Ultimate")
# DM-SET-1: partner out of the deck, point-gauge card unseen → the hand is drawn from 29 cards.
POOL = DECK_SIZE - 1
OPENING = 6
PER_TURN = 1  # fresh cards seen per later turn (one card played or discarded, then redraw to 6)


def seen_by_turn(turn: int) -> int:
    """Cards seen by the Evolution phase of ``turn``: the opening 6, then PER_TURN more per turn."""
    return OPENING + PER_TURN * max(0, turn - 1)


def p_at_least_one(copies: int, seen: int, pool: int = POOL) -> float:
    """Exact hypergeometric P(at least one of ``copies`` among ``seen`` cards out of ``pool``)."""
    copies = max(0, min(copies, pool))
    seen = max(0, min(seen, pool))
    if copies == 0 or seen == 0:
        return 0.0
    return 1.0 - math.comb(pool - copies, seen) / math.comb(pool, seen)


def step_label(req: dict, deck: Deck | None = None) -> str:
    """"●●", "W60%", "+Option Name", "⇔Partner" (names as printed when the deck holds the card)."""
    shown: dict[str, str] = {}
    if deck is not None:
        for e in deck.entries:
            shown.setdefault(e.card.rule_name, re.sub(r"\s*\(\d+\)\s*$", "", e.card.name))
    parts = []
    if req.get("cards"):
        parts.append("●" * int(req["cards"]))
    if req.get("win_pct"):
        parts.append(f"W{req['win_pct']}%")
    if req.get("option"):
        parts.append(f"+{shown.get(req['option'], req['option'])}")
    if req.get("jogress"):
        parts.append(f"⇔{shown.get(req['jogress'], req['jogress'])}")
    return " ".join(parts) or "—"


def _wp_value(card: Card) -> int:
    m = re.search(r"Winning Percentage\s*:?\s*(\d+)\s*%", card.name)
    return int(m.group(1)) if (m and card["kind"] == "Option") else 0


def step_missing(req: dict, deck: Deck) -> str:
    """What the deck lacks to meet an alternative (''  when it has it)."""
    names = deck.names()
    if req.get("win_pct"):
        if not any(_wp_value(c) >= req["win_pct"] for c in deck.option_cards()):
            return f"no Winning Percentage ≥{req['win_pct']}% option"
    if req.get("option") and req["option"] not in names:
        return f"no '{req['option']}' option"
    if req.get("jogress") and req["jogress"] not in names:
        return f"no Jogress partner '{req['jogress']}'"
    return ""


def evolution_steps(deck: Deck) -> dict[str, list[tuple[Card, dict]]]:
    """For each rule name in the deck: the deck's Digimon of a higher level that evolve from it
    (one step per target name, with one requirement alternative; one the deck can meet is
    preferred). Every printing in the deck counts; a step usually goes one level up (DM-EVO-1),
    but a card that names a lower-level Digimon directly (e.g. "Impmon + <option>" on an
    Ultimate) is followed as printed."""
    by_name: dict[str, Card] = {}
    for e in deck.entries:
        by_name.setdefault(e.card.rule_name, e.card)
    best: dict[tuple[str, str], tuple[Card, dict]] = {}
    for e in deck.entries:
        c = e.card
        if not c.is_digimon or c.level_value <= 3:
            continue
        for r in c.get("requirements") or []:
            src = by_name.get(r.get("from_name", ""))
            if src is None or not src.is_digimon or src.level_value <= 0:
                continue
            same_level_jogress = bool(r.get("jogress")) and src.level_value == c.level_value
            if not (src.level_value < c.level_value or same_level_jogress):
                continue
            key = (src.rule_name, c.rule_name)
            cur = best.get(key)
            if cur is None or (step_missing(cur[1], deck) and not step_missing(r, deck)):
                best[key] = (c, r)
    steps: dict[str, list[tuple[Card, dict]]] = {}
    for (src_name, _), (c, r) in best.items():
        steps.setdefault(src_name, []).append((c, r))
    return steps


def evolution_lines(deck: Deck, limit: int = 40) -> list[list[tuple[Card, dict | None]]]:
    """Maximal chains III → IV → Perfect → Ultimate made of the deck's cards (file order)."""
    steps = evolution_steps(deck)
    lines: list[list[tuple[Card, dict | None]]] = []
    starts: list[Card] = []
    seen: set[str] = set()
    for e in deck.entries:
        if e.card.is_digimon and e.card.get("level") == "III" and e.card.rule_name not in seen:
            seen.add(e.card.rule_name)
            starts.append(e.card)

    def walk(path: list[tuple[Card, dict | None]]) -> None:
        if len(lines) >= limit:
            return
        nxt = steps.get(path[-1][0].rule_name, [])
        if not nxt:
            if len(path) > 1:
                lines.append(path)
            return
        nxt = [(card, req) for card, req in nxt if all(card.rule_name != p.rule_name for p, _ in path)]
        if not nxt:
            if len(path) > 1:
                lines.append(path)
            return
        for card, req in nxt:
            walk(path + [(card, req)])

    for s in starts:
        walk([(s, None)])
    return lines


def format_line(line: list[tuple[Card, dict | None]], deck: Deck | None = None) -> str:
    out = []
    for card, req in line:
        if req is None:
            out.append(card.name)
        else:
            miss = step_missing(req, deck) if deck is not None else ""
            out.append(f"{card.name} ({step_label(req, deck)}{'; ' + miss + '!' if miss else ''})")
    return " → ".join(out)


def appears(card: Card) -> bool:
    """The card enters play by an appearance condition, not by an evolution requirement."""
    return "appearance-condition" in (card.get("unmodeled") or [])


def unreachable(deck: Deck) -> list[Card]:
    """Digimon above Level III that no chain from the deck's Level III reaches (cards that
    appear by an appearance condition included; see ``appears``)."""
    reached = {c.rule_name for ln in evolution_lines(deck, limit=10_000) for c, _ in ln}
    out, seen = [], set()
    for e in deck.entries:
        c = e.card
        if c.is_digimon and c.level_value > 3 and c.rule_name not in reached and c.rule_name not in seen:
            seen.add(c.rule_name)
            out.append(c)
    return out


def draw_odds(deck: Deck, turns: Iterable[int] = (1, 3)) -> list[dict]:
    """P(at least one copy) in the opening hand and by later turns, per level group and per card.

    Model (DM-SET-1): the partner (BL-1) is taken out of the deck first and the point-gauge card is
    an unseen random card, so the cards seen come from the other 29; turn t has seen
    ``seen_by_turn(t)`` = 6 + (t-1) cards (one card played or discarded per turn, redraw to 6).
    """
    turns = list(turns)
    partner = deck.partner()
    rows: list[dict] = []

    def copies_of(pred) -> int:
        n = sum(e.count for e in deck.entries if pred(e.card))
        if partner is not None and pred(partner):
            n -= 1
        return n

    def row(label: str, kind: str, k: int) -> dict:
        d = {"group": label, "kind": kind, "copies": k}
        for t in turns:
            d[f"turn{t}"] = p_at_least_one(k, seen_by_turn(t))
        return d

    for lv in LEVELS:
        k = copies_of(lambda c, lv=lv: c.is_digimon and c.get("level") == lv)
        if k > 0:
            rows.append(row(f"any Level {lv}" if lv in ("III", "IV") else f"any {lv}", "level", k))
    wp = copies_of(lambda c: _wp_value(c) > 0)
    if wp:
        rows.append(row("any Winning Percentage", "option", wp))
    for rn, total in deck.counts_by_name().items():
        card = next(e.card for e in deck.entries if e.card.rule_name == rn)
        k = copies_of(lambda c, rn=rn: c.rule_name == rn)
        printings = {e.card.name for e in deck.entries if e.card.rule_name == rn}
        label = (card.name if len(printings) == 1 else " / ".join(sorted(printings))) + (
            f" [{card['level']}]" if card.is_digimon else "")
        rows.append(row(label, "card", k))
    return rows
