"""``python -m simcli``: the same command as ``simcli``."""

from simcli.cli.main import main

main()
