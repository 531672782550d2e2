"""Reader for card data in the LackeyCCG plugin format (``CardData<Set>.txt``).

Each file is UTF-8 or Windows-1252 (CRLF line ends), tab-separated, with a header row and 17 columns:
Name, Set, ImageFile, Card Number, Evo/Activation, Level, Frame, Group, Type, Attribute,
Field, AT, AP, BP, CP, Abilities, LostPoint.  Values often carry trailing spaces.  For Digimon,
"Evo/Activation" holds the evolution requirements; for option cards (empty Level) it holds the
timing and restrictions, and the effect text is in "Abilities" (a few cards have it in
"LostPoint" instead; the reader moves it back).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

COLUMNS = (
    "Name", "Set", "ImageFile", "Card Number", "Evo/Activation", "Level", "Frame", "Group",
    "Type", "Attribute", "Field", "AT", "AP", "BP", "CP", "Abilities", "LostPoint",
)


class LackeyFormatError(ValueError):
    """A malformed line in a LackeyCCG card data file (message: 'FILE:LINE: problem')."""


@dataclass(frozen=True)
class RawCard:
    """One row of a card data file, values stripped; ``where`` is 'file:line' for messages."""

    values: dict[str, str]
    where: str

    def __getitem__(self, column: str) -> str:
        return self.values[column]


def read_file(path: Path) -> list[RawCard]:
    """All rows of one CardData file; raises LackeyFormatError on a malformed line."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LackeyFormatError(f"{path}: cannot read: {exc.strerror}") from None
    if b"\x00" in data:
        raise LackeyFormatError(f"{path}:1: binary file, not a tab-separated card list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # LackeyCCG plugins are edited on Windows: files that are not UTF-8 are Windows-1252.
        text = data.decode("cp1252", errors="replace")
    text = text.replace("\xa0", " ")
    lines = re.split(r"\r\n|\n|\r", text)
    header = [h.strip() for h in lines[0].split("\t")]
    if tuple(header) != COLUMNS:
        raise LackeyFormatError(f"{path}:1: unexpected header (want {len(COLUMNS)} columns: {', '.join(COLUMNS[:4])}, …)")
    rows = []
    for i, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != len(COLUMNS):
            raise LackeyFormatError(f"{path}:{i}: {len(cells)} columns, expected {len(COLUMNS)}")
        values = {c: v.strip() for c, v in zip(COLUMNS, cells)}
        # A few option rows are shifted by one column: their text sits under LostPoint.
        if not values["Level"] and not values["Abilities"] and re.search(r"[A-Za-z]{3}", values["LostPoint"]):
            values["Abilities"], values["LostPoint"] = values["LostPoint"], ""
        rows.append(RawCard(values, f"{path.name}:{i}"))
    return rows


def read_dir(directory: Path) -> list[RawCard]:
    """Every row of every ``CardData*.txt`` in a plugin's sets folder, files in name order."""
    files = sorted(Path(directory).glob("CardData*.txt"))
    if not files:
        raise LackeyFormatError(f"{directory}: no CardData*.txt files (is this a LackeyCCG sets folder?)")
    rows: list[RawCard] = []
    for f in files:
        rows.extend(read_file(f))
    return rows


def read_formats(path: Path) -> dict[str, list[str]]:
    """``formats.txt``: format label → the set codes it allows."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(Path(path).read_text(encoding="utf-8"))
    except (OSError, ET.ParseError) as exc:
        raise LackeyFormatError(f"{path}: cannot read formats: {exc}") from None
    out: dict[str, list[str]] = {}
    for fmt in root.iter("format"):
        label = (fmt.findtext("label") or "").strip()
        if label:
            out[label] = [s.text.strip() for s in fmt.iter("set") if s.text]
    return out
