#!/usr/bin/env bash
# How long one Lucene release takes through a profile's whole suite (issue 15: `quick` on europarl
# must stay under 3 minutes on 2 cores): starts the built jar on a throw-away embedded database with
# a worker and no backfill, queues one run, waits for it, and prints each step's wall time from the
# run's log and the total, then each measuring JVM's CPU time. Wall times mean something only on a
# quiet machine: the load is printed too; CPU times compare trees on a busy one.
#
#   scripts/quick-release-time.sh [SPEC] [PROFILE]     (defaults: maven:10.6.0 quick)
#
# Set KEEP_VECTORS=DIR to reuse embedded vectors across invocations (the first embedding of the
# corpus is a one-off cost, reported as its own step). JAR=FILE times another build of the
# application (another tree's backend/target/nightbench.jar). TIME_JVMS=JDK_HOME runs the harness
# JVMs on that JDK through /usr/bin/time: each JVM's wall, user + system time and exit go to the
# run's log, so a tree whose harness reports no CPU compares too. KEEP_LOG=FILE keeps the app's log,
# whose millisecond timestamps split each step into parts (the table printed at the end):
# `scripts/nblab.py step-times OLD.log NEW.log` sets two trees' runs side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
spec=${1:-maven:10.6.0}
profile=${2:-quick}
jar=${JAR:-backend/target/nightbench.jar}
[ -f "$jar" ] || ./mvnw -B -q -ntp -DskipTests package
work=$(mktemp -d /tmp/nb-quick-time.XXXXXX)
password="quick-$$-$RANDOM"
cleanup() {
  [ -n "${app:-}" ] && kill "$app" 2>/dev/null
  wait 2>/dev/null || true
  [ -n "${KEEP_LOG:-}" ] && cp "$work/app.log" "$KEEP_LOG"
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/tmp" "$work/runner"
[ -n "${KEEP_VECTORS:-}" ] && mkdir -p "$KEEP_VECTORS" && ln -s "$KEEP_VECTORS" "$work/runner/vectors"
jdk_args=()
if [ -n "${TIME_JVMS:-}" ]; then
  # A JDK home whose bin/java is the real one under /usr/bin/time; the rest links to the real home.
  mkdir -p "$work/jdk/bin"
  for entry in "$TIME_JVMS"/*; do
    [ "$(basename "$entry")" = bin ] || ln -s "$entry" "$work/jdk/"
  done
  for tool in "$TIME_JVMS"/bin/*; do ln -s "$tool" "$work/jdk/bin/"; done
  rm "$work/jdk/bin/java"
  printf '#!/bin/sh\nexec /usr/bin/time -f "jvm-time: %%e s wall, %%U s user, %%S s sys, %%M KB rss, exit %%x" %s "$@"\n' \
    "$TIME_JVMS/bin/java" >"$work/jdk/bin/java"
  chmod +x "$work/jdk/bin/java"
  jdk_args=(--nightbench.jdk.home="$work/jdk")
fi
java -Djava.io.tmpdir="$work/tmp" -jar "$jar" --server.port=0 "${jdk_args[@]}" \
  --nightbench.database.embedded.data-directory="$work/pgdata" \
  --nightbench.security.admin-username=admin --nightbench.security.admin-password="$password" \
  --nightbench.backfill.enabled=false --nightbench.nightly.enabled=false \
  --nightbench.webhooks.worker-enabled=false --nightbench.synthetic.nights=0 \
  --nightbench.runner.work-directory="$work/runner" >"$work/app.log" 2>&1 &
app=$!
port=
for _ in $(seq 1 180); do
  port=$(grep -oE 'started on port [0-9]+' "$work/app.log" | head -1 | grep -oE '[0-9]+$' || true)
  [ -n "$port" ] && curl -sf "http://localhost:$port/actuator/health" >/dev/null && break
  kill -0 "$app" 2>/dev/null || { tail -20 "$work/app.log" >&2; exit 2; }
  port=
  sleep 1
done
[ -n "$port" ] || { echo "the app did not start" >&2; exit 2; }
base="http://localhost:$port"
nb_wait_signed_in "$base" admin "$password" || exit 2
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
id=$(curl -sf -u "admin:$password" -H 'Content-Type: application/json' -X POST "$base/api/runs" \
  -d "{\"luceneSpec\":\"$spec\",\"profile\":\"$profile\"}" | grep -oE '"id":[0-9]+' | head -1 | cut -d: -f2)
echo "run $id: $spec, profile $profile"
# Each step's start is when the run's progress line changes (polled every second).
nb_py follow-run "$base/api/runs/$id"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
# The CPU each measuring JVM took, from the run's log: comparable between trees on a busy machine,
# where the wall times above are not (the task file's JVM measures nothing and reports none).
nb_py step-cpu "$base/api/runs/$id/log"
# The same steps to the millisecond from the app's log, in parts (the JVM's start and spec read, its
# body, its end, the app's share between steps); two kept logs side by side compare two trees.
nb_py step-times "$work/app.log"
# What the run added, read back through the app's API as the backfill's pages read it: the search
# categories against the protocol's list, every group of the overview, and the run's notes.
nb_py run-series-check "$base" "$id" harness-protocol/src/main/java/org/nightbench/protocol/HarnessTasks.java
