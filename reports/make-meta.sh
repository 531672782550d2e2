#!/bin/sh
# Regenerates reports/meta/ (the README's "simcli meta" example) from the shipped decks; run it after
# an engine or card-database change and paste the printed tables into the README section.
#   sh reports/make-meta.sh            (uses `simcli` on PATH, or SIMCLI=.venv/bin/simcli)
set -e
cd "$(dirname "$0")/.."
rm -rf reports/meta
"${SIMCLI:-simcli}" meta decks/dmcg -n 20000 --player greedy --effects all --seed 1 --out reports/meta
