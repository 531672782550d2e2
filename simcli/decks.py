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

Reading is linear in the input size whatever the input (docs/reliability.md): only regular files
are opened (a FIFO or device would block), ``.dek`` files may not declare a DTD or entities
(billion laughs), only lines that are neither blank nor comments are visited, closest-match hints
come from a small pool (same set prefix and digits) and are cached, and reading stops at the
``MAX_PROBLEMS``-th problem or beyond ``MAX_CARDS`` copies (the last problem says how many lines
were not checked); a list of legality problems longer than ``MAX_PROBLEMS`` ends "… and N more".
"""

from __future__ import annotations

import functools
import math
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable
from xml.parsers import expat

from simcli.cards.db import LEVEL_ORDER, Card, CardDB, load_db, number_key
from simcli.cards.names import closest, norm_name
from simcli.errors import UserError

GAMES = ("dmcg", "appmon")
HEADER_KEYS = ("game", "name")
REGULATIONS = ("cn",)
DECK_SIZE = 30
MAX_COPIES = 3
CN_MAX_ULTIMATE = 5
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_PROBLEMS = 50  # problems listed per file; reading stops there ("… stopped after 50 problems; N more …")
MAX_CARDS = 300  # copies read per file; reading stops beyond (a deck has 30)
MAX_DEPTH = 32  # XML element nesting in a .dek file (LackeyCCG writes 4)
MAX_NAME = 200  # characters of a card or deck name (longer is a problem, never normalised)


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


class DeckError(UserError, ValueError):
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
    stopped: bool = False  # reading stopped early (MAX_PROBLEMS problems, or over MAX_CARDS copies)
    text: str = ""  # the file's text as read (reports show it without reading the file again)
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
        if self.game == "appmon":
            cs = self.cards()
            gr = {g: sum(1 for c in cs if c.get("grade") == g) for g in ("Standard", "Super", "Ultimate", "God")}
            n_app = sum(1 for c in cs if c["kind"] == "Appmon")
            ill = len({c.number for c in cs if c.get("illustrative")})
            return (f"{len(self)} cards, {n_app} Appmon ({gr['Standard']} Standard / {gr['Super']} Super / "
                    f"{gr['Ultimate']} Ultimate / {gr['God']} God), {len(cs) - n_app} options"
                    + (f", {ill} illustrative card{'s' if ill != 1 else ''}" if ill else ""))
        lv = {k: len(self.level_cards(k)) for k in ("III", "IV", "Perfect", "Ultimate")}
        n_dig = len(self.digimon_cards())
        return (f"{len(self)} cards, {n_dig} Digimon ({lv['III']} III / {lv['IV']} IV / "
                f"{lv['Perfect']} Perfect / {lv['Ultimate']} Ultimate), {len(self.option_cards())} options")


# --------------------------------------------------------------------------------------------
# Reading


# control characters other than \t \n \v \f \r, and the C1 controls (terminal escapes such as CSI \x9b)
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")


def _kind(mode: int) -> str | None:
    """None for a regular file, else what it is (a FIFO or device would block or never end)."""
    if stat.S_ISREG(mode):
        return None
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _read_text(path: Path, problems: list[Problem]) -> str | None:
    p = str(path)
    try:
        kind = _kind(os.stat(path).st_mode)
        if kind is None:
            # O_NONBLOCK: should the path become a FIFO after the stat, open() still returns at once
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as fh:
                kind = _kind(os.fstat(fh.fileno()).st_mode)
                raw = b"" if kind else fh.read(MAX_FILE_BYTES + 1)
        if kind is not None:
            problems.append(Problem(p, 0, f"is {kind}, not a deck file" if kind.startswith("a ")
                                    else f"{kind}, not a deck file"))
            return None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        problems.append(Problem(p, 0, f"cannot read file: {_show(getattr(exc, 'strerror', None) or str(exc))}"))
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
    m = _CONTROL.search(text)
    if m is not None:
        bad = m.group(0)
        line = text[: m.start()].count("\n") + 1
        problems.append(Problem(p, line, f"binary file (control character {ord(bad):#04x}), not a deck file"))
        return None
    return text


_HEADER = re.compile(r"^([A-Za-z_][A-Za-z0-9_ ]*?)\s*:\s*(.*)$")
_COUNT = re.compile(r"^[0-9]+$")
_PREFIX = re.compile(r"[A-Za-z]+")
_DIGITS = re.compile(r"[0-9]+")


def _show(text: str, limit: int = 60) -> str:
    """User text inside a one-line message: whitespace runs (newlines too) as one space, shortened."""
    one = " ".join(str(text)[: 4 * limit].split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


@functools.lru_cache(maxsize=8)
def _number_groups(db: CardDB) -> tuple[dict[str, list[tuple[str, str]]], dict[str, list[str]]]:
    """(number, digits) by lower-cased set prefix ("st"), and numbers by digits ("49")."""
    by_prefix: dict[str, list[tuple[str, str]]] = {}
    by_digits: dict[str, list[str]] = {}
    for c in db.cards:
        m = _PREFIX.match(c.number)
        digits = "".join(_DIGITS.findall(c.number))
        by_prefix.setdefault(m.group(0).lower() if m else "", []).append((c.number, digits))
        by_digits.setdefault(digits, []).append(c.number)
    return by_prefix, by_digits


def _number_pool(db: CardDB, number: str) -> list[str]:
    """The numbers a hint for ``number`` is chosen from: those of its set prefix whose digits contain
    its digits or are contained in them (St-49x: St-4, St-49, St-149, St-949 …), else its whole set
    prefix, else those with its digits, else every number."""
    by_prefix, by_digits = _number_groups(db)
    m = _PREFIX.match(number)
    digits = "".join(_DIGITS.findall(number))
    group = by_prefix.get(m.group(0).lower(), []) if m else []
    near = [n for n, d in group if digits and d and (digits in d or d in digits)]
    return near or [n for n, _ in group] or by_digits.get(digits) or [c.number for c in db.cards]


#: hints from a large pool (a number without digits, or of no known set) cost about 10-50 ms each:
#: only the first few problems of a file get them
BROAD_HINTS = 10
BROAD_POOL = 300


@functools.lru_cache(maxsize=4096)
def _closest_numbers(db: CardDB, number: str, broad: bool = True) -> tuple[str, ...]:
    """Up to 3 close card numbers, best first (see _number_pool); () when the pool is large and not ``broad``."""
    if len(number) > 24:
        return ()
    pool = _number_pool(db, number)
    if len(pool) > BROAD_POOL and not broad:
        return ()
    return tuple(closest(number, pool, 3))


@functools.lru_cache(maxsize=4096)
def _closest_names(db: CardDB, name: str) -> tuple[str, ...]:
    if len(name) > 60:
        return ()
    return tuple(closest(name, sorted({c.name for c in db.cards}), 3))


@functools.lru_cache(maxsize=8)
def _numbers(db: CardDB) -> dict[str, Card]:
    """Card by lower-cased number (the look-up key of a number without spaces: cards.db.number_key)."""
    return {number_key(c.number): c for c in db.cards}


def _lookup(number: str, db: CardDB, p: str, lineno: int, problems: list[Problem]) -> Card | None:
    if len(number) > 40:
        card = None
    elif number.isascii() and not any(ch.isspace() for ch in number):
        card = _numbers(db).get(number.lower())
    else:
        card = db.get(number)
    if card is None:
        # hints only for the problems that will be listed: a file of unknown numbers stays linear
        near = _closest_numbers(db, number, len(problems) < BROAD_HINTS) if len(problems) < MAX_PROBLEMS else ()
        hint = f" (closest: {', '.join(near)})" if near else ""
        shown = number if len(number) <= 40 and number.isprintable() else _show(number, 40)
        if not shown:  # empty, or only whitespace (a .dek id of U+2028 strips to nothing)
            problems.append(Problem(p, lineno, "empty card number"))
            return None
        problems.append(Problem(p, lineno, f"unknown card number {shown}{hint}"))
    return card


def _check_name(card: Card, given: str, p: str, lineno: int, problems: list[Problem]) -> None:
    if len(given) > MAX_NAME:
        problems.append(Problem(p, lineno, f"name '{_show(given)}' is too long (over {MAX_NAME} characters)"))
        return
    if given and norm_name(given) != card.rule_name:
        problems.append(Problem(
            p, lineno,
            f"name '{_show(given)}' does not match card {card.number}, which is '{card.name}' (DM-NAME-1)"))


def _add(deck: Deck, count: int, card: Card, lineno: int) -> DeckEntry | None:
    """Keep an entry while the deck holds at most MAX_CARDS copies; None (and nothing kept) beyond."""
    if len(deck) + count > MAX_CARDS:
        return None
    entry = DeckEntry(count, card, lineno)
    deck.entries.append(entry)
    return entry


_CONTENT = re.compile(r"(?m)^[^\S\n]*[^\s#]")  # the start of a line that is neither blank nor a comment
_CONTENT_LINE = re.compile(r"(?m)^[^\S\n]*[^\s#][^\n]*")  # such a line


def _stop(deck: Deck, problems: list[Problem], p: str, lineno: int, why: str, rest: int, unit: str) -> None:
    """Stop reading (the reader stays linear in the input): one last problem says why and how much is left."""
    deck.stopped = True
    more = f"; {rest} more {unit}{'s' if rest != 1 else ''} not checked" if rest else ""
    problems.append(Problem(p, lineno, why + more))


def _too_many(deck: Deck) -> str:
    return f"more than {MAX_CARDS} cards, a deck has exactly {DECK_SIZE} (DM-DECK-1)"


def _parse_text(text: str, p: str, db: CardDB, deck: Deck, problems: list[Problem]) -> None:
    seen_header: dict[str, int] = {}
    # Lines end at \n, \r\n or \r.  Only lines that are neither blank nor comments are visited (a
    # regular expression finds them, the line number is counted in C), so a file of millions of
    # blank or comment lines costs no Python loop.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lineno, pos = 1, 0
    for lm in _CONTENT_LINE.finditer(text):
        lineno += text.count("\n", pos, lm.start())
        pos = lm.start()
        line = lm.group(0).split("#", 1)[0].strip()
        if not line:
            continue
        if len(problems) >= MAX_PROBLEMS:
            rest = len(_CONTENT.findall(text, lm.start()))
            _stop(deck, problems, p, lineno, f"… stopped after {len(problems)} problems", rest, "line")
            return
        if not line[0].isdigit() and (m := _HEADER.match(line)):
            key, value = m.group(1).strip().lower(), m.group(2).strip()
            if key not in HEADER_KEYS:
                problems.append(Problem(
                    p, lineno, f"unknown header '{_show(m.group(1).strip(), 40)}' (known: {', '.join(HEADER_KEYS)})"))
                continue
            if key in seen_header:
                problems.append(Problem(p, lineno, f"header '{key}' repeated (first on line {seen_header[key]})"))
                continue
            seen_header[key] = lineno
            if deck.entries and key == "game":
                problems.append(Problem(p, lineno, "header 'game' must come before the first card line"))
                continue
            if key == "name":
                if len(value) > MAX_NAME:
                    problems.append(Problem(p, lineno, f"deck name too long (over {MAX_NAME} characters)"))
                    continue
                deck.name = " ".join(value.split()) or deck.name
            elif key == "game":
                g = value.lower()
                if g not in GAMES:
                    problems.append(Problem(p, lineno, f"unknown game '{_show(value, 40)}' (known: {', '.join(GAMES)})"))
                else:
                    deck.game = g  # (an appmon deck is read with the Appmon card database: _parse)
            continue
        parts = line.split(None, 2)
        if len(parts) < 2:
            problems.append(Problem(
                p, lineno, f"malformed line '{_show(line)}': expected 'COUNT CARD_NUMBER [NAME]' "
                           "(e.g. '3 St-1 Agumon') or a header 'game: dmcg' / 'name: ...'"))
            continue
        count_s, number = parts[0], parts[1]
        given = parts[2].strip() if len(parts) > 2 else ""
        if not _COUNT.match(count_s) or not count_s.strip("0"):
            problems.append(Problem(p, lineno, f"count must be a positive integer, got '{_show(count_s, 20)}'"))
            continue
        digits = count_s.lstrip("0")
        if len(digits) > 2:  # never int() of a huge digit string (Python refuses over 4300 digits)
            problems.append(Problem(p, lineno, f"count {_show(digits, 20)} is not a plausible number of copies"))
            continue
        count = int(digits)
        deck.last_card_line = lineno
        card = _lookup(number, db, p, lineno, problems)
        if card is None:
            deck.unresolved += count
            continue
        _check_name(card, given, p, lineno, problems)
        if _add(deck, count, card, lineno) is None:
            rest = len(_CONTENT.findall(text, lm.end()))
            _stop(deck, problems, p, lineno, _too_many(deck), rest, "line")
            return


class _Refused(Exception):
    """A construct .dek files may not use (a DTD: entity expansion is a denial of service)."""


def _parse_dek(text: str, p: str, db: CardDB, deck: Deck, problems: list[Problem]) -> None:
    """LackeyCCG .dek: each <card> in <superzone name="Deck"> is one copy.

    Linear in the input: no DTD or entity declaration is accepted, character data is collected
    in lists (joined once per element), and nesting is tracked by counters, not by searching a stack.
    """
    parser = expat.ParserCreate()
    parser.buffer_text = True
    depth = [0, 0]  # [element depth, depth of the open <card> in the Deck zone (0: none)]
    zone: list[str | None] = [None]
    zone_depth = [0]
    cur: dict = {}
    copies: list[tuple[int, str | None, str, str]] = []  # (line, id, name, set)
    saw_deck = [False]

    def refuse(*_args) -> None:
        raise _Refused("DTD and entity declarations are not allowed in .dek files")

    def start(tag: str, attrs: dict) -> None:
        depth[0] += 1
        if depth[0] > MAX_DEPTH:
            raise _Refused(f"elements nested more than {MAX_DEPTH} deep; not a LackeyCCG .dek file")
        if tag == "superzone":
            zone[0] = attrs.get("name", "")
            zone_depth[0] = depth[0]
            if zone[0] == "Deck":
                saw_deck[0] = True
        elif zone[0] != "Deck":
            return
        elif tag == "card" and not depth[1]:
            cur.clear()
            cur.update(line=parser.CurrentLineNumber, id=None, name=[], set=[], _text=None)
            depth[1] = depth[0]
        elif tag == "name" and depth[1] and cur:
            cur["id"] = attrs.get("id")
            cur["_text"] = "name"
        elif tag == "set" and depth[1] and cur:
            cur["_text"] = "set"

    def chars(data: str) -> None:
        if cur and cur["_text"]:
            cur[cur["_text"]].append(data)

    def end(tag: str) -> None:
        if tag in ("name", "set") and cur:
            cur["_text"] = None
        elif tag == "card" and cur and depth[0] == depth[1]:
            copies.append((cur["line"], cur["id"], "".join(cur["name"]).strip(), "".join(cur["set"]).strip()))
            cur.clear()
            depth[1] = 0
        elif tag == "superzone" and depth[0] == zone_depth[0]:
            zone[0] = None
            zone_depth[0] = 0
            cur.clear()
            depth[1] = 0
        depth[0] -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(text, True)
    except _Refused as exc:
        problems.append(Problem(p, parser.CurrentLineNumber or 1, str(exc)))
        return
    except expat.ExpatError as exc:
        problems.append(Problem(p, exc.lineno or 1, f"bad XML: {expat.ErrorString(exc.code)}"))
        return
    except (RecursionError, ValueError, MemoryError) as exc:  # pragma: no cover - pathological input
        problems.append(Problem(p, 1, f"bad XML: {_show(str(exc)) or type(exc).__name__}"))
        return
    if not saw_deck[0]:
        problems.append(Problem(p, 1, "no <superzone name=\"Deck\"> in this .dek file"))
        return
    last: DeckEntry | None = None
    for i, (lineno, cid, name, set_code) in enumerate(copies):
        if len(problems) >= MAX_PROBLEMS:
            _stop(deck, problems, p, lineno, f"… stopped after {len(problems)} problems", len(copies) - i, "card")
            return
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
            cands = db.by_name(name) if name and len(name) <= MAX_NAME else []
            if set_code:
                cands = [c for c in cands if c["set"].lower() == set_code.lower()] or cands
            if not cands:
                near = _closest_names(db, name) if name and len(problems) < MAX_PROBLEMS else ()
                hint = f" (closest: {', '.join(near)})" if near else ""
                problems.append(Problem(p, lineno, f"unknown card '{_show(name)}' (no id attribute){hint}"))
                deck.unresolved += 1
                last = None
                continue
            card = cands[0]
        if last is not None and last.card.number == card.number and len(deck) < MAX_CARDS:
            last.count += 1
        else:
            last = _add(deck, 1, card, lineno)
            if last is None:
                _stop(deck, problems, p, lineno, _too_many(deck), len(copies) - i - 1, "card")
                return


def _looks_like_xml(path: Path, text: str) -> bool:
    return path.suffix.lower() == ".dek" or text.lstrip().startswith("<")


_APPMON_HEADER = re.compile(r"(?im)^[^\S\n]*game[^\S\n]*:[^\S\n]*appmon[^\S\n]*(#.*)?$")


def _parse(path: str | Path, db: CardDB | None) -> tuple[Deck, list[Problem], bool]:
    """(deck, problems, usable): usable is False when the file as a whole could not be read."""
    path = Path(path)
    p = str(path)
    problems: list[Problem] = []
    deck = Deck(path=p, name=path.stem, game="dmcg")
    text = _read_text(path, problems)
    if text is None:
        return deck, problems, False
    deck.text = text
    if _APPMON_HEADER.search(text) and not _looks_like_xml(path, text):
        if db is None or db.game != "appmon":  # `game: appmon`: the Appmon card file's cards (docs/appmon.md)
            db = load_db("appmon")
    if db is None:
        db = load_db("dmcg")
    if _looks_like_xml(path, text):
        before = len(problems)
        _parse_dek(text, p, db, deck, problems)
        if len(problems) > before and not deck.entries and deck.unresolved == 0:
            return deck, problems, False
    else:
        _parse_text(text, p, db, deck, problems)
    return deck, problems, not deck.stopped


def cap_problems(problems: list[Problem], limit: int = MAX_PROBLEMS) -> list[Problem]:
    """The first ``limit`` problems, then one line "… and N more problems" (at the next one's line)."""
    if len(problems) <= limit:
        return problems
    rest = problems[limit]
    more = len(problems) - limit
    return problems[:limit] + [Problem(rest.path, rest.line, f"… and {more} more problem{'s' if more != 1 else ''}")]


def parse_deck(path: str | Path, db: CardDB | None = None) -> Deck:
    """Read a deck file (text or .dek); raises DeckError listing its problems (at most MAX_PROBLEMS
    and a last "… and N more" line)."""
    deck, problems, usable = _parse(path, db)
    if problems:
        raise DeckError(cap_problems(problems) if usable else problems)
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
    if deck.game == "appmon":
        return appmon_problems(deck)
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
            shown = ", ".join(map(str, all_lines[:10])) + (", …" if len(all_lines) > 10 else "")
            # printings of one name under other printed names ("Magnamon" and the red frame "Magnamon
            # X-Antibody", DM-NAME-1) are all named
            printed = list(dict.fromkeys(x.card.name for x in deck.entries if x.card.rule_name == rn))
            out.append(Problem(
                p, e.line,
                f"{totals[rn]} copies of '{' / '.join(printed[:4])}' (lines {shown}); "
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


def appmon_problems(deck: Deck) -> list[Problem]:
    """AM-DECK-1: exactly 30 cards, at most 3 of the same name, at least one Standard Grade Appmon."""
    p = deck.path
    out: list[Problem] = []
    for e in deck.entries:
        if e.card.get("game") != "appmon" or e.card["kind"] not in ("Appmon", "Option"):
            out.append(Problem(p, e.line, f"{e.card.number} '{e.card.name}' is not an Appmon card file card"))
    running: dict[str, int] = {}
    for e in deck.entries:
        rn = e.card.rule_name
        before = running.get(rn, 0)
        running[rn] = before + e.count
        if before <= MAX_COPIES < running[rn]:
            total = deck.counts_by_name()[rn]
            lines = ", ".join(str(x.line) for x in deck.entries if x.card.rule_name == rn)
            out.append(Problem(p, e.line, f"{total} copies of '{e.card.name}' (lines {lines}); at most "
                                          f"{MAX_COPIES} cards of the same name (AM-DECK-1)"))
    n = len(deck) + deck.unresolved
    if n != DECK_SIZE:
        out.append(Problem(p, deck.last_card_line, f"{n} cards, a deck has exactly {DECK_SIZE} (AM-DECK-1)"))
    if not deck.unresolved and not any(c.get("grade") == "Standard" for c in deck.cards()):
        out.append(Problem(p, deck.last_card_line,
                           "no Standard Grade Appmon; a deck needs at least one (AM-DECK-1)"))
    return out


def _problem_order(q: Problem) -> tuple[bool, int]:
    """Line order; whole-file problems (line 0) last, after the lines that explain them."""
    return (q.line == 0, q.line)


def check_deck(path: str | Path, regulation: str | None = None, format: str | None = None,
               db: CardDB | None = None) -> list[Problem]:
    """Every problem of a deck file (reading + legality); an empty list means legal."""
    deck, problems, usable = _parse(path, db)
    if not usable:  # the file itself is unusable: legality problems would only repeat that
        return problems  # at most MAX_PROBLEMS and the line saying reading stopped
    return cap_problems(sorted(problems + legality_problems(deck, regulation, format, db), key=_problem_order))


def load_deck(path: str | Path, db: CardDB | None = None, regulation: str | None = None,
              format: str | None = None) -> Deck:
    """Parse and check a deck; raises DeckError unless it is legal. The engine commands use this."""
    deck, problems, usable = _parse(path, db)
    if usable:
        problems = cap_problems(sorted(problems + legality_problems(deck, regulation, format, db), key=_problem_order))
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
    if not (m and card["kind"] == "Option"):
        return 0
    return int(card.get("win_pct") or m.group(1))  # round 13d: the text's values rule (Dg-1 "80%!!" serves 60%)


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
