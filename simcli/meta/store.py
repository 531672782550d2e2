"""The durable store of a meta run: ``OUT/.meta-state/`` (docs/meta.md).

::

    OUT/.meta-state/manifest.json           the run's identity (decks by content hash, players,
                                            effects, seed, games a pair, turn cap, engine version,
                                            card-database revision)
    OUT/.meta-state/matchups/KEY.npz        one finished matchup: its statistic arrays + identity

Every file is written to a temporary name in the same folder, flushed, fsync'ed and renamed over
its final name (then the folder is fsync'ed), so a run killed at any moment — SIGKILL included —
leaves only whole files behind; ``--resume`` reads them back and plays only the rest.  A matchup's
arrays are a pure function of (tables, pair seed, games), so the resumed tables are byte-identical
to an uninterrupted run's.  The folder holds a ``.gitignore`` of ``*`` so that a report folder
committed to git does not carry it.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import numpy as np

from simcli.errors import UserError

STATE = ".meta-state"
MANIFEST = "manifest.json"
FORMAT = 1
#: identity keys compared by --resume, with the words used when they differ
CHECKED = (
    ("decks", "the decks (names and content hashes)"),
    ("player_a", "the player (--player)"),
    ("player_b", "the seat-B player (--player-b)"),
    ("effects", "--effects"),
    ("seed", "--seed"),
    ("games_per_pair", "the games a pair (-n)"),
    ("mirrors", "--mirrors"),
    ("turn_cap", "--turn-cap"),
    ("engine_version", "the engine version"),
    ("db_revision", "the card-database revision"),
)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def write_durable(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically and durably: temp file, fsync, rename, fsync folder."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    _fsync_dir(path.parent)


class Store:
    """Finished matchups of one meta run, kept under ``out_dir/.meta-state``."""

    def __init__(self, out_dir: str | Path):
        self.out = Path(out_dir)
        self.root = self.out / STATE
        self.dir = self.root / "matchups"

    # -- identity ------------------------------------------------------------------------------

    def exists(self) -> bool:
        return (self.root / MANIFEST).is_file()

    def read_manifest(self) -> dict:
        try:
            return json.loads((self.root / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise UserError(f"{self.root / MANIFEST}:0: cannot read the saved run: {exc}") from None

    def finished_keys(self) -> list[str]:
        if not self.dir.is_dir():
            return []
        return sorted(p.stem for p in self.dir.glob("*.npz"))

    def start(self, identity: dict, resume: bool) -> None:
        """Create the store, or check it against ``identity`` (``resume``); raise UserError on a mismatch."""
        if self.exists():
            if not resume:
                n = len(self.finished_keys())
                raise UserError(f"{self.out}:0: holds an earlier meta run ({n} finished matchups in "
                                f"{STATE}/); add --resume to continue it, or remove the folder (or "
                                "choose another --out) to start over")
            saved = self.read_manifest()
            for key, words in CHECKED:
                if saved.get(key) != identity.get(key):
                    if key == "decks":
                        raise UserError(f"{self.root / MANIFEST}:0: cannot resume: "
                                        f"{_deck_diff(saved.get(key) or [], identity.get(key) or [])}")
                    raise UserError(f"{self.root / MANIFEST}:0: cannot resume: {words} differ from the saved "
                                    f"run ({_short(saved.get(key))} saved, {_short(identity.get(key))} now)")
            self._clean_temp()
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        write_durable(self.root / ".gitignore", b"# simcli meta: resumable state, not part of the report\n*\n")
        doc = {"format": FORMAT, **identity}
        write_durable(self.root / MANIFEST, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())

    def _clean_temp(self) -> None:
        for p in list(self.dir.glob(".*.tmp*")) if self.dir.is_dir() else []:
            try:
                p.unlink()
            except OSError:
                pass

    # -- matchups ------------------------------------------------------------------------------

    def save(self, key: str, stats: dict, info: dict) -> None:
        """Durably write one finished matchup (statistic arrays + a JSON identity string)."""
        buf = io.BytesIO()
        arrays = {f"stat_{k}": np.asarray(v) for k, v in stats.items()}
        np.savez_compressed(buf, info=np.array(json.dumps(info, sort_keys=True)), **arrays)
        write_durable(self.dir / f"{key}.npz", buf.getvalue())

    def load(self, key: str) -> tuple[dict, dict] | None:
        """(stats, info) of a finished matchup, or None when it is not there."""
        p = self.dir / f"{key}.npz"
        if not p.is_file():
            return None
        try:
            with np.load(p, allow_pickle=False) as z:
                info = json.loads(str(z["info"]))
                stats = {k[5:]: z[k].copy() for k in z.files if k.startswith("stat_")}
        except (OSError, ValueError, KeyError, zipfile.BadZipFile):
            return None  # unreadable (damaged outside simcli): played again and rewritten
        return stats, info


def _short(v) -> str:
    if isinstance(v, list):
        return f"{len(v)} decks" if v and isinstance(v[0], dict) else json.dumps(v)
    return json.dumps(v)


def _deck_diff(saved: list, now: list) -> str:
    """Which deck differs between the saved run and this one (one phrase)."""
    old = {d.get("name"): d.get("sha256") for d in saved}
    new = {d.get("name"): d.get("sha256") for d in now}
    for name, h in new.items():
        if name not in old:
            return f"deck '{name}' is not in the saved run"
        if old[name] != h:
            return f"deck '{name}' has changed since the saved run (content hash {old[name][:12]} saved, {h[:12]} now)"
    for name in old:
        if name not in new:
            return f"deck '{name}' of the saved run is missing"
    return "the decks differ from the saved run"
