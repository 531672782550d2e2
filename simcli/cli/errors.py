"""One way to fail: a one-line message on stderr and exit code 2 (never a traceback)."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

from simcli.errors import UserError  # noqa: F401  (re-exported: the CLI's one error type)


def fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}" if not message.startswith("error") else message, err=True)
    raise typer.Exit(code)


def echo_err(message: str) -> None:
    print(message, file=sys.stderr)
