"""The second game: the Digimon Universe Appli Monsters Card Game (``game: appmon``; RULES.md §3).

Kept apart from the DMCG engine (simcli/engine) so that the two rule sets do not tangle; they share
only the seams: deck files (a ``game: appmon`` header), the api/CLI dispatch, the statistics layout
(simcli/engine/results.py), the random streams (simcli/engine/rng.py) and the bench.

- ``cards.py``     the typed CSV card file (docs/appmon.md), its reader and the Appmon effect subset
- ``codes.py``     every integer constant of the Appmon engines (numba-free)
- ``tables.py``    a pair of decks → flat integer arrays (numba-free)
- ``reference.py`` the plain-Python engine (readable; replay and parity)
- ``players.py``   numba: the baseline and greedy policies (docs/appmon.md "Players")
- ``kernel.py``    numba: one game and blocks of games (on threads) → results.LAYOUT statistics

Nothing here imports numba at package import time.
"""

#: bumped when simulated Appmon results change (rules, players, RNG use, card data encoding)
ENGINE_VERSION = "appmon-1"
