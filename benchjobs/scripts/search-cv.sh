#!/usr/bin/env bash
# Measures how repeatable the search benchmark is: N search JVMs on one index, then per category
# the coefficient of variation (sample stdev / mean) of qps, qpsFastest and qpsCpu over the JVMs,
# and the median of those CVs. The index and task file in WORK_DIR are reused when present (delete them to
# rebuild). The harness jar is built and the Lucene
# jars fetched into ~/.m2 when missing (scripts/lib.sh). Manual tool, not part of the build.
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
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 4 "$@"
v=$1; jh=$2; corpus=$3; jvms=$4; work=${5:-$(mktemp -d)}
corpus=$(nb_corpus "$corpus")
reps=${REPETITIONS:-20}; warmup=${WARMUP:-5}; maxw=${MAX_WARMUP_SEC:-10}
tol=${TOLERANCE:-0.02}; window=${WINDOW:-5}; per=${PER_CATEGORY:-5}; seed=${SEED:-20260101}
cp=$(nb_harness_classpath "$v" core queryparser queries sandbox facet suggest grouping analysis-common)
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
  [[ -z ${WAIT_LOAD:-} ]] || nb_wait_quiet "$WAIT_LOAD"
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
nb_py search-cv "$work"
