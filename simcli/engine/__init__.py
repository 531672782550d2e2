"""The engines: compiled tables, random streams, the reference engine and the numba kernel.

numba's on-disk cache (``cache=True``) is keyed by each decorated function's own source file, so
a change in a module it calls (players.py, kernel_effects.py, rng.py …) would leave a stale
compiled kernel in use.  Unless the user chose ``NUMBA_CACHE_DIR``, the cache therefore lives in
a folder named after a hash of every engine source file: any engine change starts a fresh cache.
This must run before any module here defines a numba function, hence this package's __init__.
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

import numba
import numba.core.errors

_HERE = Path(__file__).parent


# engine modules numba never compiles: a change in them must not throw the compiled kernel away (and every
# reference*.py: the pure-Python engine and its policies)
_NOT_COMPILED = {"__init__.py", "bridge.py"}


# the second game's numba modules and the constants they freeze (simcli/appmon; its reference engine,
# card file and tables are not compiled)
_APPMON_COMPILED = ("codes.py", "kernel.py", "players.py")


def compiled_sources() -> list[Path]:
    """The Python files the kernel's compiled code is made from: the engine's numba modules (kernel, rules,
    the policies and their gates), the constants they freeze (simcli/codes.py) and the second game's
    numba modules (simcli/appmon)."""
    return (sorted(p for p in _HERE.glob("*.py") if p.name not in _NOT_COMPILED and not p.name.startswith("reference"))
            + [_HERE.parent / "codes.py"] + [_HERE.parent / "appmon" / n for n in _APPMON_COMPILED])


def source_hash() -> str:
    """A short hash of the compiled sources, the cache folder's name."""
    h = hashlib.sha256()
    for path in compiled_sources():
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def cache_dir() -> Path:
    """Where the compiled kernel is cached: $NUMBA_CACHE_DIR, else the per-source-hash folder."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "simcli" / "numba" / source_hash()


# numba's SSA pass checks, pedantically, that every variable of inlined code is in scope; the gates'
# inlined overloads (policies: greedy_*, random_*, baseline_window; kernel_effects: effects_*) trip it for their own locals
# while compiling correct code (the parity and gate tests play the same games).  Only that message, only
# for those functions, is silenced: a user's first run would otherwise print it on stderr.
warnings.filterwarnings("ignore", message=r"variable '_(greedy|random|effects|baseline)_\w*__locals__\S*' is not in scope",
                        category=numba.core.errors.NumbaIRAssumptionWarning)

if not os.environ.get("NUMBA_CACHE_DIR") and not numba.config.DISABLE_JIT:
    numba.config.CACHE_DIR = str(cache_dir())
