#!/usr/bin/env bash
# PostgreSQL away while people read: the backend's test-scope lab command
# org.nightbench.database.HealthOutageLab starts the application on an embedded PostgreSQL with its
# own pool settings, reads /actuator/health and /runs, stops PostgreSQL for OUTAGE seconds (default
# 60) reading both in turn, starts it again and times how long each takes to answer 200 again.
# Prints each phase's statuses and answer times (p50, max) and the machine's load.
#
# usage: scripts/health-outage.sh            OUTAGE=150 scripts/health-outage.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nb_mvn -pl backend -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/test-classpath.txt >&2
cd backend
echo "load before: $(nb_load)"
java -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
  org.nightbench.database.HealthOutageLab "${OUTAGE:-60}"
echo "load after: $(nb_load)"
