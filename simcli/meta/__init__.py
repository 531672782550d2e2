"""``simcli meta``: a round robin of many decks (docs/meta.md).

* :mod:`simcli.meta.plan`   — the decks, their content hashes, the pairs to play and their seeds,
  the ``--weights`` file;
* :mod:`simcli.meta.store`  — the durable per-matchup store under ``OUT/.meta-state`` and the
  ``--resume`` identity check;
* :mod:`simcli.meta.run`    — the executors: in this process (one compiled kernel, all threads)
  or on a Dask cluster (:mod:`simcli.distributed`), with progress callbacks;
* :mod:`simcli.meta.tables` — matchup rows, the field / weighted ranking and the tiers;
* :mod:`simcli.meta.report` — the output folder (tables, figures, report.md/.html).

:func:`simcli.api.meta` ties them together.
"""
