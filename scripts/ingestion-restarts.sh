#!/usr/bin/env bash
# PostgreSQL restarted during ingestion: the backend's test-scope lab command
# org.nightbench.worker.IngestionRestartLab ingests a run of 600 points RESTARTS times (default 20),
# stops its embedded PostgreSQL at a random moment of each ingestion (SEED, default 39) and starts it
# again 0.5-4 s later, then counts the runs lost and the retries written to their logs.
#
# usage: scripts/ingestion-restarts.sh            RESTARTS=50 SEED=7 scripts/ingestion-restarts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nb_mvn -pl backend -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/test-classpath.txt >&2
cd backend
java -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
  org.nightbench.worker.IngestionRestartLab "${RESTARTS:-20}" "${SEED:-39}"
