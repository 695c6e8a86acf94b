#!/usr/bin/env bash
# Issue 18's closing screenshot: a real comparison of maven:9.12.3 against maven:10.6.0 on
# OrHighHigh with JFR profiles on both sides, and its page, showing what got slower, captured by
# headless Chromium. Starts the app from backend/target/nightbench.jar (built when missing) with
# the worker on, on a throw-away embedded database under a temporary directory, queues the
# comparison through the API, waits for it, takes the screenshot and stops the app.
#
# usage: [JVMS=5] [PROFILE=quick] [CATEGORIES=OrHighHigh] [BASELINE=maven:9.12.3] \
#          [CANDIDATE=maven:10.6.0] [WIDTH=1400] [HEIGHT=3400] \
#          scripts/profile-diff-screenshot.sh [out.png]   (default /tmp/briefs/profile-diff.png)
# Prints the comparison's id, its page and the time it took; about 5-10 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
out=${1:-/tmp/briefs/profile-diff.png}
jvms=${JVMS:-5}; profile=${PROFILE:-quick}; categories=${CATEGORIES:-OrHighHigh}
baseline=${BASELINE:-maven:9.12.3}; candidate=${CANDIDATE:-maven:10.6.0}
work=$(mktemp -d /tmp/nb-profile-diff.XXXXXX)
app_pid=
cleanup() {
  if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; fi
  [ -n "${KEEP_WORK:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
jar=backend/target/nightbench.jar
if [ ! -f "$jar" ]; then
  echo "building $jar ..."
  ./mvnw -B -q -ntp -DskipTests package
fi
user=admin
password="profile-admin-$$-$RANDOM$RANDOM"
mkdir -p "$work/tmp"
# A copy: a build while the comparison runs must not swap the jar under the running app.
cp "$jar" "$work/nightbench.jar"
java -Djava.io.tmpdir="$work/tmp" -jar "$work/nightbench.jar" --server.port=0 \
  --nightbench.database.embedded.data-directory="$work/pgdata" \
  --nightbench.security.admin-username="$user" \
  --nightbench.security.admin-password="$password" \
  --nightbench.backfill.enabled=false \
  --nightbench.runner.worker-enabled=true \
  --nightbench.runner.work-directory="$work/runner" \
  --nightbench.nightly.enabled=false \
  --nightbench.webhooks.worker-enabled=false \
  >"$work/app.log" 2>&1 &
app_pid=$!
port=
for _ in $(seq 1 180); do
  port=$(grep -oE 'started on port [0-9]+' "$work/app.log" | head -1 | grep -oE '[0-9]+$' || true)
  if [ -n "$port" ] && curl -sf "http://localhost:$port/actuator/health" >/dev/null; then break; fi
  kill -0 "$app_pid" 2>/dev/null || { echo "the app did not start:" >&2; tail -20 "$work/app.log" >&2; exit 2; }
  port=
  sleep 1
done
[ -n "$port" ] || { echo "the app did not answer within 3 minutes" >&2; KEEP_WORK=1; exit 2; }
base="http://localhost:$port"
nb_wait_signed_in "$base" "$user" "$password" || { KEEP_WORK=1; exit 2; }
cats=$(printf '"%s",' ${categories//,/ }); cats="[${cats%,}]"
start=$(date +%s)
location=$(curl -sf -u "$user:$password" -o /dev/null -w '%{redirect_url}' -D - \
  -H 'Content-Type: application/json' -X POST "$base/api/comparisons" \
  -d "{\"baseline\":\"$baseline\",\"candidate\":\"$candidate\",\"jvms\":$jvms,\"profile\":\"$profile\",\"jfr\":true,\"categories\":$cats}" |
  grep -i '^location:' | tr -d '\r' | awk '{print $2}')
id=${location##*/}
echo "comparison $id: $baseline against $candidate, $jvms JVMs per side, profile $profile, $categories; load $(cut -d' ' -f1-3 /proc/loadavg)"
status=
while :; do
  status=$(curl -sf "$base/api/comparisons/$id" | nb_py json-field status)
  case $status in SUCCEEDED|FAILED|CANCELLED) break ;; esac
  sleep 10
done
echo "comparison $id $status after $(( $(date +%s) - start )) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$status" = SUCCEEDED ] || { curl -s "$base/api/comparisons/$id" >&2; KEEP_WORK=1; exit 1; }
curl -sf "$base/api/profiles/diff?before=$id&beforeSide=baseline&after=$id&afterSide=candidate" |
  nb_py profile-diff-top || echo "(could not list the diff)"
mkdir -p "$(dirname "$out")"
chromium --headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --disable-dev-shm-usage --user-data-dir="$work/chromium" \
  --window-size="${WIDTH:-1400},${HEIGHT:-3400}" --hide-scrollbars \
  --screenshot="$out" "$base/comparisons/$id" 2>"$work/chromium.log"
echo "screenshot of $base/comparisons/$id: $out"
