#!/usr/bin/env bash
# Measures how repeatable the search benchmark is: N search JVMs on one index, then per category
# the coefficient of variation (sample stdev / mean) of qps, qpsFastest and qpsCpu over the JVMs,
# and the median of those CVs. The index and task file in WORK_DIR are reused when present (delete them to
# rebuild). Uses the shaded harness jar (./mvnw -o -pl benchjobs package -DskipTests) and Lucene
# jars from ~/.m2 (fetch first: ./mvnw -q dependency:get -Dartifact=org.apache.lucene:lucene-facet:V,
# same for core, queryparser, queries, sandbox, suggest). Manual tool, not part of the build.
# The machine may be shared: the script prints the load average next to each JVM so a noisy
# neighbour shows up in the figures.
#
# usage: search-cv.sh LUCENE_VERSION JAVA_HOME CORPUS JVMS [WORK_DIR]
# env:   REPETITIONS=20 WARMUP=5 MAX_WARMUP_SEC=10 TOLERANCE=0.02 WINDOW=5 PER_CATEGORY=5
#        SEED=20260101 JVM_ARGS="-Xms1g -Xmx1g -XX:+UseParallelGC" BARE_LOOP=1 (also run bare-loop)
#        HARNESS_JAR=copy of the shaded jar, so a rebuild cannot swap it between JVMs
#        WAIT_LOAD=1.0 before each search JVM, wait (up to WAIT_MAX_SEC=1800) until the 1-minute
#        load average is below this: on a shared machine, measures the harness, not the neighbours
set -euo pipefail
v=$1; jh=$2; corpus=$3; jvms=$4; work=${5:-$(mktemp -d)}
reps=${REPETITIONS:-20}; warmup=${WARMUP:-5}; maxw=${MAX_WARMUP_SEC:-10}
tol=${TOLERANCE:-0.02}; window=${WINDOW:-5}; per=${PER_CATEGORY:-5}; seed=${SEED:-20260101}
repo=${M2_REPO:-$HOME/.m2/repository}/org/apache/lucene
here=$(cd "$(dirname "$0")/.." && pwd)
harness=${HARNESS_JAR:-$(ls "$here"/target/nightbench-benchjobs-*-harness.jar)}
cp="$harness"
for a in core queryparser queries sandbox facet suggest grouping analysis-common; do
  jar="$repo/lucene-$a/$v/lucene-$a-$v.jar"
  if [[ -f $jar ]]; then cp="$cp:$jar"; elif [[ $a == core || $a == queryparser ]]; then
    echo "missing $jar" >&2; exit 1
  fi
done
read -r -a flags <<<"${JVM_ARGS:--Xms1g -Xmx1g -XX:+UseParallelGC}"
for f in --add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED; do
  if "$jh/bin/java" "$f" -version >/dev/null 2>&1; then flags+=("$f"); fi
done
mkdir -p "$work"
harness() {
  local name=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" \
      >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  printf '%-12s %7.1f s  load %s\n' "$name" "$(( (t1 - t0) / 1000000 ))e-3" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
}
[[ -d $work/index ]] || harness index index --corpus "$corpus" --index-dir "$work/index" \
  --out "$work/index.json"
[[ -f $work/tasks.txt ]] || harness generate-tasks generate-tasks --corpus "$corpus" \
  --index-dir "$work/index" --seed "$seed" --per-category "$per" --out "$work/tasks.txt"
echo "Lucene $v, $("$jh/bin/java" -version 2>&1 | head -1), $jvms JVMs x $reps repetitions" \
  "(warmup >= $warmup, adaptive <= ${maxw}s, tolerance $tol, window $window)"
quiet() {
  [[ -n ${WAIT_LOAD:-} ]] || return 0
  local waited=0
  while awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v max="$WAIT_LOAD" 'BEGIN{exit !(l >= max)}'; do
    (( waited < ${WAIT_MAX_SEC:-1800} )) || { echo "load stayed >= $WAIT_LOAD" >&2; return 0; }
    sleep 10; waited=$((waited + 10))
  done
}
rm -f "$work"/search-*.json
for i in $(seq 1 "$jvms"); do
  quiet
  harness "search-$i" search --index-dir "$work/index" --tasks "$work/tasks.txt" \
    --repetitions "$reps" --warmup "$warmup" --max-warmup-sec "$maxw" \
    --warmup-tolerance "$tol" --warmup-window "$window" --seed "$((seed + i))" \
    --out "$work/search-$i.json"
done
if [[ ${BARE_LOOP:-0} == 1 ]]; then
  harness bare-loop bare-loop --index-dir "$work/index" --tasks "$work/tasks.txt" \
    --repetitions "$reps" --warmup "$warmup" --out "$work/bare-loop.json"
fi
python3 - "$work" <<'EOF'
import glob, json, statistics, sys
work = sys.argv[1]
runs = [json.load(open(f)) for f in sorted(glob.glob(work + "/search-*.json"))]
def values(name):
    out = {}
    for r in runs:
        for m in r["metrics"]:
            if m["name"] == name:
                out.setdefault(m["task"], []).append(m["value"])
    return out
qps, fastest, cpu = values("qps"), values("qpsFastest"), values("qpsCpu")
warm = [m["value"] for r in runs for m in r["metrics"] if m["name"] == "warmupSec"]
cv = lambda xs: statistics.stdev(xs) / statistics.mean(xs) * 100 if len(xs) > 1 else 0.0
med_cv = lambda d: statistics.median(cv(v) for v in d.values()) if d else float("nan")
print(f"{'category':26} {'median qps':>11} {'CV qps %':>9} {'CV fastest %':>13} {'CV cpu %':>9}")
for c in qps:
    print(f"{c:26} {statistics.median(qps[c]):11.1f} {cv(qps[c]):9.2f} {cv(fastest[c]):13.2f}"
          f" {cv(cpu.get(c, [])):9.2f}")
print(f"median per-category CV over {len(runs)} JVMs: qps {med_cv(qps):.2f} %,"
      f" qpsFastest {med_cv(fastest):.2f} %, qpsCpu {med_cv(cpu):.2f} %;"
      f" warm-up {statistics.mean(warm):.1f} s mean")
hashes = {json.dumps([[q["hits"], q["topHash"]] for m in r["metrics"] if m["name"] == "qps"
                      for q in m["detail"]["perQuery"]]) for r in runs}
print("hits/topHash identical across JVMs:", len(hashes) == 1)
notes = {n for r in runs for n in r["notes"]}
for n in sorted(notes):
    print("note:", n)
try:
    bare = json.load(open(work + "/bare-loop.json"))
    allns = [m["value"] for m in bare["metrics"] if m["task"] == "all"][0]
    pct = [m["value"] for m in bare["metrics"] if m["name"] == "percentOfQuery"]
    print(f"bare loop: {allns:.0f} ns per timed call; overhead {min(pct):.3f}..{max(pct):.3f} %"
          f" of a query (median {statistics.median(pct):.3f} %)")
except FileNotFoundError:
    pass
EOF
