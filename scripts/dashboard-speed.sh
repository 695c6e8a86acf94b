#!/usr/bin/env bash
# The dashboard at fifteen years of nights: fills a separate embedded database with a synthetic
# history (NIGHTS x SERIES on MACHINES machines, default 5500 x 150 x 1), starts the app on it, and
# measures the points API, the overview (one reader, then 32 at once, with their requests/s), the
# morning digest (a run's, the run page, between two runs, the overview's) and, in headless
# Chromium, the overview drawn, a series page's chart and the KNN page's charts and frontiers (the
# lab's org.nightbench.speed.DashboardSpeed). The history has the KNN series of every format and
# fanout (nightbench.synthetic.knn, on unless KNN=false).
#
# usage: scripts/dashboard-speed.sh            (REGENERATE=0 reuses the last history; REPS=20)
#        NIGHTS=400 MACHINES=14 scripts/dashboard-speed.sh   (2,114 series of 400 nights)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nights=${NIGHTS:-5500}
series=${SERIES:-150}
machines=${MACHINES:-1}
port=${PORT:-8097}
data=${DATA_DIR:-$HOME/.nightbench/pgdata-synthetic}

# package, never install: the local Maven repository is shared, and within one reactor build the
# modules find each other's jars without it. Builds the app jar and the lab.
classpath=$(nb_lab_classpath)
jar=backend/target/nightbench.jar
app=(--nightbench.database.embedded.data-directory="$data" --nightbench.backfill.enabled=false
     --nightbench.runner.worker-enabled=false --nightbench.nightly.enabled=false)

if [ "${REGENERATE:-1}" = 1 ]; then
  java -jar "$jar" "${app[@]}" --server.port=0 --nightbench.synthetic.nights="$nights" \
    --nightbench.synthetic.series="$series" --nightbench.synthetic.machines="$machines" \
    --nightbench.synthetic.knn="${KNN:-true}" --nightbench.synthetic.exit=true \
    | grep -E 'Synthetic history|Change points over|ERROR' || true
fi

java -jar "$jar" "${app[@]}" --server.port="$port" >/tmp/dashboard-speed-app.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -sf "http://localhost:$port/actuator/health" >/dev/null && break
  sleep 1
done

java -cp "$classpath" org.nightbench.speed.DashboardSpeed "http://localhost:$port" "${REPS:-20}"
echo "screenshots: /tmp/nightbench-overview.png /tmp/nightbench-series-page.png /tmp/nightbench-knn-page.png"
