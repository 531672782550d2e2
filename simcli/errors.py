"""The one exception type for bad input from the user (docs/reliability.md).

A ``UserError``'s message is one line — ``FILE:LINE: problem`` or a plain sentence — and the
commands print it as that one line with exit code 2, never a traceback.  ``simcli.decks.DeckError``
is one; the CLI's ``simcli.cli.errors.fail`` prints them.
"""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user: the message is 'FILE:LINE: problem' or similar, one line."""
