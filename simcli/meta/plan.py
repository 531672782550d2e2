"""What a meta plays: decks (with content hashes), pairs, pair seeds; the ``--weights`` file.

Seats are symmetric (the coin decides who attacks first, C-ORD-1), so with one player policy every
unordered pair is played once.  The pair's decks are ordered canonically — by display name, then by
content hash — and the first is seat A of the played games.  The pair seed is a BLAKE2b hash of the
meta seed and the two decks' content hashes in that order, reduced to ``0 .. 2**63-1``; so

    simcli simulate DECK_A DECK_B -n GAMES --seed PAIR_SEED

reproduces the cell exactly.  With ``--player-b`` different from ``--player`` the seats are not
symmetric: every ordered pair is played (row deck as ``--player``), each with the seed of its own
order.
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
from dataclasses import dataclass
from pathlib import Path

from simcli.errors import UserError

DECK_SUFFIXES = (".deck", ".dek")
SEED_DOMAIN = b"simcli-meta-pair-seed-v1"


@dataclass(frozen=True)
class MetaDeck:
    """One deck of a meta: display name, file, content hash (of what the engine plays) and the Deck."""

    name: str
    path: str
    sha256: str
    deck: object  # simcli.decks.Deck

    def identity(self) -> dict:
        return {"name": self.name, "file": self.path, "sha256": self.sha256}


@dataclass(frozen=True)
class Pair:
    """A matchup to play: decks ``a`` (seat A) and ``b`` (seat B) as indices into the deck list."""

    a: int
    b: int
    seed: int
    key: str  # file-name-safe, stable: the two content hashes (and the order) it was played in


def content_hash(deck) -> str:
    """SHA-256 of what the engine plays: the game and the expanded card list in file order.

    File order matters (BL-1 partner ties and the deck's initial order), names and comments do not.
    """
    h = hashlib.sha256()
    h.update(f"game:{getattr(deck, 'game', 'dmcg')}\n".encode())
    for c in deck.cards():
        h.update(f"{c['number']}\n".encode())
    return h.hexdigest()


def pair_seed(seed: int, hash_a: str, hash_b: str) -> int:
    """The seed of the games between the decks with content hashes ``hash_a`` (seat A) and ``hash_b``."""
    h = hashlib.blake2b(digest_size=8, person=b"simcli-meta")
    h.update(SEED_DOMAIN)
    h.update(f"{int(seed)}:{hash_a}:{hash_b}".encode())
    return int.from_bytes(h.digest(), "big") & (2**63 - 1)


def expand_paths(paths: list[Path]) -> list[Path]:
    """Deck files from arguments: files as given, folders expanded to their *.deck / *.dek (sorted).

    A file named twice is kept once.  Raises UserError for a folder without decks or a missing path.
    """
    out: list[Path] = []
    seen: set[Path] = set()
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found = sorted(q for q in p.iterdir() if q.is_file() and q.suffix.lower() in DECK_SUFFIXES)
            if not found:
                raise UserError(f"{p}:0: no deck files (*.deck, *.dek) in this folder")
        elif p.exists():
            found = [p]
        else:
            raise UserError(f"{p}:0: no such file or folder")
        for q in found:
            r = q.resolve()
            if r not in seen:
                seen.add(r)
                out.append(q)
    return out


def make_decks(loaded: list) -> list[MetaDeck]:
    """MetaDecks in canonical order (name, then content hash); names must be unique."""
    decks = [MetaDeck(d.name, str(d.path), content_hash(d), d) for d in loaded]
    by_name: dict[str, MetaDeck] = {}
    for d in decks:
        other = by_name.get(d.name.casefold())
        if other is not None:
            raise UserError(f"{d.path}:0: deck name '{d.name}' is also the name of {other.path}; "
                            "give each deck of a meta its own 'name:' line")
        by_name[d.name.casefold()] = d
    return sorted(decks, key=lambda d: (d.name.casefold(), d.name, d.sha256))


def plan_pairs(decks: list[MetaDeck], seed: int, mirrors: bool = False, ordered: bool = False) -> list[Pair]:
    """The matchups to play, in a fixed order (row-major over the canonical deck order).

    ``ordered=False`` (one player policy): each unordered pair once, lower deck as seat A;
    ``ordered=True`` (``--player-b`` differs): every ordered pair.  Mirrors only with ``mirrors``.
    """
    out = []
    n = len(decks)
    for i in range(n):
        for j in range(n):
            if (i == j and not mirrors) or (not ordered and j < i):
                continue
            ha, hb = decks[i].sha256, decks[j].sha256
            out.append(Pair(i, j, pair_seed(seed, ha, hb), f"{ha[:16]}-{hb[:16]}"))
    return out


# --------------------------------------------------------------------------------------------
# --weights FILE: CSV `deck,share`


def _match_deck(name: str, decks: list[MetaDeck]) -> MetaDeck | None:
    key = name.strip().casefold()
    for d in decks:
        if d.name.casefold() == key:
            return d
    for d in decks:  # the file name also names a deck: agumon-starter or agumon-starter.deck
        stem = Path(d.path).stem.casefold()
        if key in (stem, Path(d.path).name.casefold()):
            return d
    return None


def read_weights(path: Path, decks: list[MetaDeck]) -> dict[str, float]:
    """Read a ``deck,share`` CSV into {deck name: share normalised to sum 1}.

    A deck is named by its display name or its file name; ``#`` lines and blank lines are skipped,
    an optional first line ``deck,share`` is a header.  Every deck of the meta needs a line (0 to
    leave it out).  Problems raise UserError('FILE:LINE: problem').
    """
    p = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{p}:0: cannot read the weights file: {getattr(exc, 'strerror', None) or exc}") from None
    shares: dict[str, float] = {}
    lines: dict[str, int] = {}
    last = 0
    header_seen = False
    for lineno, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        last = lineno
        row = next(csv.reader(io.StringIO(raw)))
        row = [c.strip() for c in row]
        if not header_seen and [c.casefold() for c in row] == ["deck", "share"]:
            header_seen = True
            continue
        header_seen = True
        if len(row) != 2:
            raise UserError(f"{p}:{lineno}: expected two columns 'deck,share', found {len(row)}")
        name, value = row
        if not name:
            raise UserError(f"{p}:{lineno}: missing deck name")
        d = _match_deck(name, decks)
        if d is None:
            from simcli.cards.names import closest

            near = closest(name, [x.name for x in decks], n=1) if decks else []
            hint = f" (closest: {near[0]})" if near else ""
            raise UserError(f"{p}:{lineno}: '{name}' is not a deck of this meta{hint}")
        try:
            share = float(value)
        except ValueError:
            raise UserError(f"{p}:{lineno}: share '{value}' is not a number") from None
        if not math.isfinite(share):
            raise UserError(f"{p}:{lineno}: share '{value}' is not a finite number")
        if share < 0:
            raise UserError(f"{p}:{lineno}: share {value} is negative")
        if d.name in shares:
            raise UserError(f"{p}:{lineno}: deck '{d.name}' is listed again (first on line {lines[d.name]})")
        shares[d.name] = share
        lines[d.name] = lineno
    missing = [d.name for d in decks if d.name not in shares]
    if missing:
        raise UserError(f"{p}:{last}: no share for {', '.join(repr(m) for m in missing)} "
                        "(every deck of the meta needs a line; 0 leaves it out)")
    total = sum(shares.values())
    if not total > 0:
        raise UserError(f"{p}:{last}: the shares sum to {total:g}; they must sum to more than 0")
    return {d.name: shares[d.name] / total for d in decks}
