#!/usr/bin/env bash
# The cost of a JFR profile to the search benchmark (issue 18; luceneutil reports 5-7 % QPS): PAIRS
# pairs of search JVMs on one index and task file, one JVM of each pair plain and one recording
# exactly as the backend records (harness.FlightRecording: -XX:StartFlightRecording with the JDK's
# "profile" settings, dumped at exit), interleaved plain/JFR, JFR/plain, ... so a machine that
# drifts drifts for both. Prints per category the mean qps of each and the difference, then the
# median and geometric mean over the categories, and the load average next to each JVM (the
# machine may be shared: a noisy neighbour shows up there). The index and task file in WORK_DIR
# are reused when present. The harness jar is built and the Lucene jars fetched into ~/.m2 when
# missing (scripts/lib.sh). Manual tool, not part of the build.
#
# usage: jfr-overhead.sh LUCENE_VERSION JAVA_HOME CORPUS PAIRS [WORK_DIR]
# env:   REPETITIONS=20 WARMUP=5 MAX_WARMUP_SEC=10 PER_CATEGORY=5 SEED=20260101
#        JVM_ARGS="-Xms1g -Xmx1g -XX:+UseParallelGC"
#        CORPUS: a line-docs file, or europarl (Lucene's small corpus, extracted when missing)
# e.g.   benchjobs/scripts/jfr-overhead.sh 10.6.0 /usr/lib/jvm/temurin-25-jdk-amd64 europarl 10
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 4 "$@"
v=$1; jh=$2; corpus=$3; pairs=$4; work=${5:-$(mktemp -d)}
corpus=$(nb_corpus "$corpus")
reps=${REPETITIONS:-20}; warmup=${WARMUP:-5}; maxw=${MAX_WARMUP_SEC:-10}
per=${PER_CATEGORY:-5}; seed=${SEED:-20260101}
cp=$(nb_harness_classpath "$v" core queryparser queries sandbox facet suggest grouping analysis-common)
read -r -a flags <<<"${JVM_ARGS:--Xms1g -Xmx1g -XX:+UseParallelGC}"
for f in --add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED; do
  if "$jh/bin/java" "$f" -version >/dev/null 2>&1; then flags+=("$f"); fi
done
mkdir -p "$work"
# The flags harness.FlightRecording adds; keep the two in step.
jfr_flags() {
  echo "-XX:StartFlightRecording=filename=$1,settings=profile,dumponexit=true" \
    "-Xlog:jfr+startup=warning"
}
harness() {
  local name=$1 extra=$2; shift 2
  local t0 t1 more=()
  [[ -n $extra ]] && read -r -a more <<<"$extra"
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${flags[@]}" "${more[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" \
      >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  printf '%-14s %7.1f s  load %s\n' "$name" "$(( (t1 - t0) / 1000000 ))e-3" \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
}
[[ -d $work/index ]] || harness index "" index --corpus "$corpus" --index-dir "$work/index" \
  --out "$work/index.json"
[[ -f $work/tasks.txt ]] || harness generate-tasks "" generate-tasks --corpus "$corpus" \
  --index-dir "$work/index" --seed "$seed" --per-category "$per" --out "$work/tasks.txt"
echo "Lucene $v, $("$jh/bin/java" -version 2>&1 | head -1), $pairs pairs x $reps repetitions;" \
  "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$work"/plain-*.json "$work"/jfr-*.json "$work"/jfr-*.jfr
search() {
  local kind=$1 i=$2 extra=""
  [[ $kind == jfr ]] && extra=$(jfr_flags "$work/jfr-$i.jfr")
  harness "$kind-$i" "$extra" search --index-dir "$work/index" --tasks "$work/tasks.txt" \
    --repetitions "$reps" --warmup "$warmup" --max-warmup-sec "$maxw" --seed "$((seed + i))" \
    --out "$work/$kind-$i.json"
}
for i in $(seq 1 "$pairs"); do
  if (( i % 2 == 1 )); then search plain "$i"; search jfr "$i"; else search jfr "$i"; search plain "$i"; fi
done
echo "JFR files: $(du -ch "$work"/jfr-*.jfr | tail -1 | cut -f1) for $pairs JVMs"
nb_py jfr-overhead "$work"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
