"""The engines' name for :mod:`simcli.codes`: every integer constant (levels, zones, players, outcomes,
effect opcodes).  The constants live outside the engine package so that the card database and the
effect language (simcli/cards) use them without importing the engine (and numba); the kernel reads
them through this module as globals, which numba freezes as compile-time constants."""

from simcli.codes import *  # noqa: F401,F403
