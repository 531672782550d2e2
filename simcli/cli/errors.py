"""One way to fail: ``CliError``, a one-line message on stderr and exit code 2 (never a traceback).

Every command fails through ``fail`` (or by letting a ``simcli.errors.UserError`` through).  Every
typer app of the CLI is built on ``Group``, whose ``main`` turns a ``CliError``, a click usage error
and a ``UserError`` into that one line, so the ``simcli`` entry point and typer's test runner print the
same thing (typer's own handler would draw usage errors in a rich box).
"""

from __future__ import annotations

import sys
from typing import NoReturn, Sequence

import typer
from typer.core import TyperGroup

from simcli.errors import UserError  # noqa: F401  (re-exported: the library's one error type)

# typer vendors click: its ClickException is reached through a public typer exception.
ClickException: type[Exception] = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


class CliError(ClickException):  # type: ignore[misc, valid-type]
    """A user error: ``error: FILE:LINE: problem`` (one line), after any listed ``lines``, exit code 2.

    ``lines`` are whole problems printed as they are, one per line (``deck check`` lists every
    problem of a deck); ``code`` is 2 for bad input, 1 for "nothing found" / an engine check failure.
    """

    def __init__(self, message: str, code: int = 2, lines: Sequence[str] = ()) -> None:
        super().__init__(" ".join(str(message).split()))
        self.exit_code = code
        self.lines = tuple(str(x) for x in lines)

    def show(self, file=None) -> None:  # noqa: D102 - click's hook
        out = file if file is not None else sys.stderr
        for line in self.lines:
            print(line, file=out)
        if self.message:
            msg = self.message
            print(msg if msg.startswith("error") else f"error: {msg}", file=out)


class Group(TyperGroup):
    """The CLI's click group: one error path (see the module docstring)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except CliError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except ClickException as exc:
            if type(exc).__name__ != "NoArgsIsHelpError":  # that one has printed the help already
                ctx = getattr(exc, "ctx", None)
                where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
                print(f"error: {' '.join(exc.format_message().split())}{where}", file=sys.stderr)
            sys.exit(exc.exit_code)
        except UserError as exc:
            CliError(str(exc)).show()
            sys.exit(2)
        except typer.Abort:
            print("error: aborted", file=sys.stderr)
            sys.exit(1)
        except KeyboardInterrupt:
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) else 0)


def fail(message: str, code: int = 2, lines: Sequence[str] = ()) -> NoReturn:
    """Stop the command with a one-line error (see ``CliError``)."""
    raise CliError(message, code=code, lines=lines)
