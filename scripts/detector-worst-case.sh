#!/usr/bin/env bash
# The change-point detector on inputs shaped to make it work hardest, as an anonymous caller of
# POST /api/change-points/detect may send them (the lab's
# org.nightbench.changepoints.detection.DetectorWorstCase): the median and worst time per shape at the endpoint's cap of 10,000 values.
# Builds from the reactor; installs nothing.
#
# usage: scripts/detector-worst-case.sh [values] [reps] [seed]   (defaults 10000 20 20260101)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nb_lab org.nightbench.changepoints.detection.DetectorWorstCase "$@"
