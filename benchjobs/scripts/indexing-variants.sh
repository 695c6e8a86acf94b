#!/usr/bin/env bash
# Runs the nightly indexing variants and pk-lookup with the shaded harness against one Lucene
# release (its jars from ~/.m2, fetched when missing) and prints each JVM's headline figures.
# Manual cross-release check, not part of the build. JVM flags default to the quick profile's
# (JAVA_OPTS overrides them), so the figures are comparable with what a run stores.
#
# usage: indexing-variants.sh LUCENE_VERSION JAVA_HOME CORPUS [WORK_DIR] [MAX_DOCS]
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 3 "$@"
v=$1; jh=$2; corpus=$3; work=${4:-$(mktemp -d)}; max=${5:-}
corpus=$(nb_corpus "$corpus")
cp=$(nb_harness_classpath "$v" core queryparser queries sandbox facet suggest grouping)
read -r -a quick <<<"$NB_QUICK_FLAGS"
nb_jvm_flags "$jh" "${quick[@]}"
flags=("${NB_FLAGS[@]}")
limit=()
[ -n "$max" ] && limit=(--max-docs "$max")
mkdir -p "$work"
# Figures are read back from the result JSON so the script shows what the backend would store.
summary() {
  nb_py indexing-summary "$1"
}
step() {
  local name=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$v $name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")"; exit 1
  fi
  t1=$(date +%s%N)
  printf '%s %-22s %6.2f s\n' "$v" "$name" "$(( (t1 - t0) / 1000000 ))e-3"
  summary "$work/$name.json"
}
step 1kb-docs index --corpus "$corpus" --index-dir "$work/1kb" --ram-buffer-mb 64 "${limit[@]}" \
  --variant 1kb-docs --doc-chars 1024 --threads 2 --out "$work/1kb-docs.json"
step 4kb-docs index --corpus "$corpus" --index-dir "$work/4kb" --ram-buffer-mb 64 "${limit[@]}" \
  --variant 4kb-docs --doc-chars 4096 --threads 2 --out "$work/4kb-docs.json"
step 1kb-docs-deterministic index --corpus "$corpus" --index-dir "$work/det" --ram-buffer-mb 64 "${limit[@]}" \
  --variant 1kb-docs-deterministic --doc-chars 1024 --deterministic --out "$work/1kb-docs-deterministic.json"
# On the first variant's index, as a run does; the quick profile's batches.
step pk-lookup pk-lookup --index-dir "$work/1kb" --lookups 4000 --min-batch-seconds 0.5 \
  --batches 5 --warmup-batches 2 --seed 42 --out "$work/pk-lookup.json"
echo "results in $work"
