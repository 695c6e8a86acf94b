#!/usr/bin/env bash
# The nightly path's quality as the app runs it (the lab's
# org.nightbench.changepoints.detection.NightlyQualityStudy): every series replayed night by night
# through the code ingestion runs after a night (detector, suspicion, withdrawals), per noise model
# of the held-out generator: false suspicions and false confirmed change points per 1,000
# change-free series-nights, steps of 1-6σ suspected on their first night and within 3, the nights
# to suspect and to confirm, confirmed recall by σ beside the whole-series detector's, precision.
# Builds from the reactor; installs nothing.
#
# Then the models whose noise is built from where it comes from (JVMs, series-nights, machine-nights
# shared by a run with a control revision): alerts the run's evidence puts down to the machine are
# counted apart. With "sweep" as the fifth argument: for every model, false suspicions against
# first-night and 3-night recall as the suspicion's thresholds are scaled (0.8-1.8), with the goals
# each scale meets. With "parts" instead: the sourced models only, as the app runs them, with each
# part of a night's evidence besides its mean (neither, the JVMs' values judged on their centre, the
# machine's moves, both) and with the JVMs' centre on wild nights only.
#
# usage: scripts/nightly-quality.sh [seed] [changeFreePerModel] [perSizePerModel] [nights] [sweep|parts]
#        (defaults 38001 100 30 200)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nb_lab org.nightbench.changepoints.detection.NightlyQualityStudy \
  "${1:-38001}" "${2:-100}" "${3:-30}" "${4:-200}" ${5:+"$5"}
