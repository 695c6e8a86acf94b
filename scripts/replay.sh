#!/usr/bin/env bash
# Replays a series from a CSV file night by night as the app judges it (the lab's
# org.nightbench.changepoints.detection.ReplayCsv, running the code ingestion runs after every
# night, as POST /api/change-points/replay does) and prints what each night did: suspected,
# confirmed, withdrawn, with the evidence, then the change points the series ends with.
# The file: one night a line, oldest first; one value, or one per JVM, separated by commas;
# '#' lines and a header are skipped. Builds from the reactor; installs nothing.
#
# usage: scripts/replay.sh FILE.csv [--column N] [--excluded i,j] [--boundaries i,j] [--min 0.03]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 1 "$@"
nb_lab org.nightbench.changepoints.detection.ReplayCsv "$@"
