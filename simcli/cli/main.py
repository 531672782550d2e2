"""The ``simcli`` command: a typer app; one module per command group, each a thin wrapper."""

from __future__ import annotations

import typer

from simcli.cli import bench as bench_cli
from simcli.cli import cards as cards_cli
from simcli.cli import deck as deck_cli
from simcli.cli.errors import Group

app = typer.Typer(
    cls=Group,
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


def main(argv: list[str] | None = None) -> None:
    """The ``simcli`` command; errors are one line (``simcli.cli.errors.Group``, docs/reliability.md)."""
    app(args=argv, prog_name="simcli")


if __name__ == "__main__":  # pragma: no cover
    main()
