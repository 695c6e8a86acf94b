#!/usr/bin/env bash
# The NRT, load and calibration benchmarks with the shaded harness against one Lucene release from
# ~/.m2 (fetched when missing), printing each JVM's headline figures:
# NRT plain/merging/throttled with Lucene's full-flush merge wait and with 0, the load sweep on
# mmap and on heap, and the calibration before and after. Manual, not part of the build.
#
# usage: nrt-load-calibration.sh LUCENE_VERSION JAVA_HOME CORPUS [WORK_DIR]
#        (NRT_SECONDS=60 UPDATE_RATE=200 REOPEN_MS=1000 P99_LIMIT_MS=20 override the defaults)
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 3 "$@"
v=$1; jh=$2; corpus=$3; work=${4:-$(mktemp -d)}
corpus=$(nb_corpus "$corpus")
seconds=${NRT_SECONDS:-60}; rate=${UPDATE_RATE:-200}; reopen=${REOPEN_MS:-1000}; limit=${P99_LIMIT_MS:-20}
cp=$(nb_harness_classpath "$v" core queryparser queries sandbox facet suggest grouping)
nb_jvm_flags "$jh" -Xms2g -Xmx2g --enable-native-access=ALL-UNNAMED
flags=("${NB_FLAGS[@]}")
mkdir -p "$work"
summary() {
  nb_py nrt-summary "$1"
}
step() {
  local name=$1; shift
  if ! "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$v $name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")"; exit 1
  fi
  echo "$v $name"
  if [ -f "$work/$name.json" ]; then summary "$work/$name.json"; fi
}
step calibration-before calibrate --rounds 15 --warmup-rounds 5 --memory-mb 256 --out "$work/calibration-before.json"
step index index --corpus "$corpus" --index-dir "$work/index" --ram-buffer-mb 64 --variant 1kb-docs \
  --doc-chars 1024 --threads 2 --out "$work/index.json"
step tasks generate-tasks --index-dir "$work/index" --corpus "$corpus" --seed 42 --per-category 20 \
  --out "$work/tasks.txt"
for variant in plain merging throttled; do
  for wait in default 0; do
    extra=()
    [ "$wait" = 0 ] && extra=(--max-full-flush-merge-wait-ms 0)
    step "nrt-$variant-wait-$wait" nrt --variant "$variant" --index-dir "$work/index" \
      --work-dir "$work/nrt" --corpus "$corpus" --tasks "$work/tasks.txt" --update-rate "$rate" \
      --reopen-interval-ms "$reopen" --search-threads 1 --duration-seconds "$seconds" \
      --warmup-seconds 5 --merge-mb-per-sec 20 --ram-buffer-mb 64 --seed 42 "${extra[@]}" \
      --out "$work/nrt-$variant-wait-$wait.json"
  done
done
for directory in mmap bytebuffers; do
  step "load-$directory" load --index-dir "$work/index" --tasks "$work/tasks.txt" \
    --directory "$directory" --threads 2 --start-qps 100 --step-factor 1.5 --max-steps 20 \
    --step-seconds 5 --warmup-seconds 2 --p99-limit-ms "$limit" --seed 42 \
    --categories HighTerm,MedTerm,LowTerm,AndHighHigh,AndHighMed,OrHighHigh,OrHighMed \
    --out "$work/load-$directory.json"
done
step calibration-after calibrate --rounds 15 --warmup-rounds 5 --memory-mb 256 --out "$work/calibration-after.json"
echo "results in $work"
