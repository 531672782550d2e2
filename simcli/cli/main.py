"""The ``simcli`` command: a typer app; one module per command group, each a thin wrapper."""

from __future__ import annotations

import typer

from simcli.cli import bench as bench_cli
from simcli.cli import cards as cards_cli
from simcli.cli import deck as deck_cli

app = typer.Typer(
    name="simcli",
    help="Monte Carlo deck analysis for the retro Digimon card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(cards_cli.app, name="cards", help="The card database: search, show, coverage, import.")
app.add_typer(deck_cli.app, name="deck", help="Deck files: check legality, show lists and draw odds.")
# Engine commands register themselves here: simulate, replay, bench, meta.
app.command("bench")(bench_cli.bench_cli)
from simcli.cli.simulate import replay_cli, simulate_cli  # noqa: E402

app.command("simulate")(simulate_cli)
app.command("replay")(replay_cli)
from simcli.cli.meta import meta_cli  # noqa: E402

app.command("meta")(meta_cli)


def _click_exception() -> type:
    """click's ClickException (typer vendors click; found through a public typer exception)."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def main(argv: list[str] | None = None) -> None:
    """The ``simcli`` command.  A usage error (an unknown option, a value out of range) is one line
    ``error: …`` and exit code 2, like every other bad input (docs/reliability.md)."""
    import sys

    from simcli.errors import UserError

    click_exception = _click_exception()
    try:
        rv = app(args=argv, prog_name="simcli", standalone_mode=False)
    except click_exception as exc:
        if type(exc).__name__ != "NoArgsIsHelpError":  # that one has printed the help already
            ctx = getattr(exc, "ctx", None)
            where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            print(f"error: {' '.join(exc.format_message().split())}{where}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except UserError as exc:  # bad input found below the command layer (e.g. decks of two games): one line
        print(f"error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", file=sys.stderr)
        sys.exit(2)
    except typer.Abort:
        print("error: aborted", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
