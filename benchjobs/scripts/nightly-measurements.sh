#!/usr/bin/env bash
# Runs the nightly's measurements beside the queries (issue 15) with the shaded harness against one
# Lucene release from ~/.m2: the 1 KB index, then CheckIndex on it, PK lookups with the id postings
# in RAM (lucene-codecs, where the release published it), search on a cold page cache (root only) and the
# stored fields benchmark in both modes. Prints each JVM's time and figures and the load average.
# Manual, not part of the build; PROFILE=nightly takes the nightly profile's settings, else quick's.
#
# usage: nightly-measurements.sh LUCENE_VERSION JAVA_HOME CORPUS TASKS|generate [WORK_DIR] [MAX_DOCS]
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 4 "$@"
v=$1; jh=$2; corpus=$3; tasks=$4; work=${5:-$(mktemp -d)}; max=${6:-}
corpus=$(nb_corpus "$corpus")
cp=$(nb_harness_classpath "$v" core queryparser queries sandbox facet suggest codecs)
read -r -a quick <<<"$NB_QUICK_FLAGS"
nb_jvm_flags "$jh" "${quick[@]}"
flags=("${NB_FLAGS[@]}")
limit=()
[ -n "$max" ] && limit=(--max-docs "$max")
if [ "${PROFILE:-quick}" = nightly ]; then
  pk=(--min-batch-seconds 1 --batches 10 --warmup-batches 3); cold=(--queries 20 --warmup-rounds 20)
  stored=(--warmup-pass)
else
  pk=(--min-batch-seconds 0.1 --batches 3 --warmup-batches 1); cold=(--queries 10 --warmup-rounds 5)
  stored=(--retrievals 2000 --rounds 5)
  [ -z "$max" ] && stored+=(--max-docs 5000)
fi
mkdir -p "$work"
summary() {
  [ -f "$1" ] || return 0
  nb_py measurements-summary "$1"
}
step() {
  local name=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$v $name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")"; exit 1
  fi
  t1=$(date +%s%N)
  printf '%s %-26s %6.2f s  (load %s)\n' "$v" "$name" "$(( (t1 - t0) / 1000000 ))e-3" "$(cut -d' ' -f1-3 /proc/loadavg)"
  summary "$work/$name.json"
}
if [ ! -d "$work/1kb" ]; then
  step 1kb-docs index --corpus "$corpus" --index-dir "$work/1kb" --ram-buffer-mb 64 "${limit[@]}" \
    --variant 1kb-docs --doc-chars 1024 --threads 2 --out "$work/1kb-docs.json"
fi
if [ "$tasks" = generate ] && [ -f "$work/tasks.txt" ]; then
  tasks="$work/tasks.txt"
elif [ "$tasks" = generate ]; then
  tasks="$work/tasks.txt"
  step generate-tasks generate-tasks --index-dir "$work/1kb" --corpus "$corpus" --seed 20260101 \
    --per-category 5 --out "$tasks"
fi
step check-index check-index --index-dir "$work/1kb" --variant 1kb-docs --out "$work/check-index.json"
step pk-postings pk-postings --index-dir "$work/1kb" --work-dir "$work/pk-postings" \
  --formats default,Direct,FST50 --lookups 4000 "${pk[@]}" --seed 42 --out "$work/pk-postings.json"
step cold-search cold-search --index-dir "$work/1kb" --tasks "$tasks" "${cold[@]}" \
  --out "$work/cold-search.json"
for mode in speed compression; do
  step "stored-fields-$mode" stored-fields --corpus "$corpus" --index-dir "$work/stored-$mode" \
    --stored-fields "$mode" "${limit[@]}" "${stored[@]}" --out "$work/stored-fields-$mode.json"
  rm -rf "$work/stored-$mode"
done
echo "results in $work"
