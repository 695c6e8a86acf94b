#!/usr/bin/env bash
# The morning-after suspicion's quality (the lab's
# org.nightbench.changepoints.detection.SuspicionQualityStudy),
# replaying series night by night: on the held-out generator and the one the detector was designed
# on, the share of >=5σ steps suspected on their first night and of >=3σ steps within 3 nights; on
# change-free series of 500 nights per noise model, suspected changes per 1,000 series-nights.
# Floors on seed 77001 are SuspicionQualityFloorTests; report another seed. Builds from the
# reactor; installs nothing.
#
# usage: scripts/suspicion-quality.sh [seed] [series] [changeFreePerModel]
#        (defaults 20261124 2100 200)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nb_lab org.nightbench.changepoints.detection.SuspicionQualityStudy \
  "${1:-20261124}" "${2:-2100}" "${3:-200}"
