#!/usr/bin/env bash
# How long one Lucene release takes through a profile's whole suite (issue 15: `quick` on europarl
# must stay under 3 minutes on 2 cores): starts the built jar on a throw-away embedded database with
# a worker and no backfill, queues one run, waits for it, and prints each step's wall time from the
# run's log and the total. Timings mean something only on a quiet machine: the load is printed too.
#
#   scripts/quick-release-time.sh [SPEC] [PROFILE]     (defaults: maven:10.6.0 quick)
#
# Set KEEP_VECTORS=DIR to reuse embedded vectors across invocations (the first embedding of the
# corpus is a one-off cost, reported as its own step).
set -euo pipefail
cd "$(dirname "$0")/.."
spec=${1:-maven:10.6.0}
profile=${2:-quick}
jar=backend/target/nightbench.jar
[ -f "$jar" ] || ./mvnw -B -q -ntp -DskipTests package
work=$(mktemp -d /tmp/nb-quick-time.XXXXXX)
password="quick-$$-$RANDOM"
cleanup() { [ -n "${app:-}" ] && kill "$app" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/tmp" "$work/runner"
[ -n "${KEEP_VECTORS:-}" ] && mkdir -p "$KEEP_VECTORS" && ln -s "$KEEP_VECTORS" "$work/runner/vectors"
java -Djava.io.tmpdir="$work/tmp" -jar "$jar" --server.port=0 \
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
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
id=$(curl -sf -u "admin:$password" -H 'Content-Type: application/json' -X POST "$base/api/runs" \
  -d "{\"luceneSpec\":\"$spec\",\"profile\":\"$profile\"}" | grep -oE '"id":[0-9]+' | head -1 | cut -d: -f2)
echo "run $id: $spec, profile $profile"
# Each step's start is when the run's progress line changes (polled every second).
python3 - "$base/api/runs/$id" <<'PY'
import json, sys, time, urllib.request
url = sys.argv[1]
steps, current, started = [], None, time.time()
while True:
    run = json.load(urllib.request.urlopen(url))
    now = time.time()
    if run.get("progress") != current:
        current = run.get("progress")
        steps.append((now, current or "(queued)"))
    if run["status"].lower() in ("succeeded", "failed", "cancelled"):
        break
    time.sleep(1)
steps.append((now, None))
for (t, name), (next_t, _) in zip(steps, steps[1:]):
    print(f"  {name[:48]:48s} {next_t - t:7.1f} s")
print(f"  {'total from the first step':48s} {now - steps[1][0] if len(steps) > 2 else 0:7.1f} s")
print("status:", run["status"], "-", (run.get("error") or "")[:300])
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
# What the run added, read back through the app's API as the backfill's pages read it: the search
# categories against the protocol's list, every group of the overview, and the run's notes.
python3 - "$base" "$id" harness-protocol/src/main/java/org/nightbench/protocol/HarnessTasks.java <<'PY'
import json, re, sys, urllib.request
base, run_id, protocol = sys.argv[1:]
get = lambda path: json.load(urllib.request.urlopen(base + path))
# The list's comments quote words too ("queries"): drop them before reading names.
source = re.sub(r"//[^\n]*", "", open(protocol, encoding="utf-8").read())
lists = dict(re.findall(r"List<String> (\w+) =\s*List\.of\(([^;]*)\);", source))
names = {k: re.findall(r'"(\w+)"', v) for k, v in lists.items()}
categories, skippers = names["CATEGORIES"], names["SKIPPER_CATEGORIES"]
measured = get(f"/api/runs/{run_id}/measurements")
search = {m["series"]["task"] for m in measured
          if m["series"]["benchmark"] == "search" and m["series"]["metric"] == "qps"}
missing = [c for c in categories if c not in search]
print(f"series the run added: {len(measured)}; search categories with a qps series:"
      f" {len([c for c in categories if c in search])} of {len(categories)}"
      f" in HarnessTasks.CATEGORIES{', missing: ' + ' '.join(missing) if missing else ''}")
extra = sorted(search - set(categories))
if extra:
    print("  search categories beyond that list:", " ".join(extra))
groups = get("/api/series")
print(f"overview groups: {len(groups)}:",
      ", ".join(f"{g['title']} ({len(g['series'])})" for g in groups))
notes = get(f"/api/runs/{run_id}/insights").get("notes") or []
print(f"run notes: {len(notes)}")
for n in notes:
    print("  " + n)
PY
