#!/usr/bin/env bash
# The change-point detector's quality and speed.
# 1. On the held-out generator it was not designed on (org.nightbench.changepoints.detection
#    .HeldOutQualityStudy, in the lab): false-alarm share on change-free series of 500 nights per noise model
#    (independent, AR(1) 0.3/0.5/0.8, two-level, heavy-tailed, variance change, with drift, bursts
#    and missing nights), and on series with planted steps precision, recall by step size in σ,
#    localisation. Tuning used seeds 1 and 2; report another (20261124; floors use 77001).
# 2. On the generator it was designed on (DetectorQuality): precision, recall, localisation, false
#    positives by cause, the nightly detectAppended path, a full recompute of 150 x 5500 points
#    and one appended night.
# Builds from the reactor; installs nothing.
#
# usage: scripts/detector-quality.sh [heldOutSeed] [heldOutSeries] [changeFreePerModel]
#                                    [seed] [series] [reps] [nightlySeries]
#        (defaults 20261124 2100 200 20260101 1400 5 160)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
classpath=$(nb_lab_classpath)
java -cp "$classpath" org.nightbench.changepoints.detection.HeldOutQualityStudy \
  "${1:-20261124}" "${2:-2100}" "${3:-200}"
echo
java -cp "$classpath" org.nightbench.changepoints.detection.DetectorQuality \
  "${4:-20260101}" "${5:-1400}" "${6:-5}" "${7:-160}"
