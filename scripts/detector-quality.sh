#!/usr/bin/env bash
# The change-point detector's quality and speed on seeded series with planted steps, outliers,
# drifts and weekly swings (org.nightbench.changepoints.detection.DetectorQuality): precision,
# recall, localisation, false positives by cause, the nightly detectAppended path, a full recompute
# of 150 x 5500 points and one appended night. Builds from the reactor; installs nothing.
#
# usage: scripts/detector-quality.sh [seed] [series] [reps] [nightlySeries]
#        (defaults 20260101 1400 5 160)
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q -pl backend -am -DskipTests package dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
java -cp "backend/target/test-classes:backend/target/classes:$(cat backend/target/test-classpath.txt)" \
  org.nightbench.changepoints.detection.DetectorQuality "$@"
