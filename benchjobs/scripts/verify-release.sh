#!/usr/bin/env bash
# Runs index -> generate-tasks -> 3 search JVMs with the shaded harness against one Lucene release
# from ~/.m2 (fetched when missing)
# and prints the wall time of each JVM. Manual cross-release check, not part of the build.
#
# usage: verify-release.sh LUCENE_VERSION JAVA_HOME CORPUS [WORK_DIR]
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 3 "$@"
v=$1; jh=$2; corpus=$3; work=${4:-$(mktemp -d)}
corpus=$(nb_corpus "$corpus")
cp=$(nb_harness_classpath "$v" core queryparser queries sandbox facet suggest grouping)
nb_jvm_flags "$jh" --enable-native-access=ALL-UNNAMED
flags=("${NB_FLAGS[@]}")
mkdir -p "$work"
step() {
  local name=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$v $name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")"; exit 1
  fi
  t1=$(date +%s%N)
  printf '%s %-16s %6.2f s\n' "$v" "$name" "$(( (t1 - t0) / 1000000 ))e-3"
}
step index index --corpus "$corpus" --index-dir "$work/index" --out "$work/index.json"
step generate-tasks generate-tasks --corpus "$corpus" --index-dir "$work/index" --seed 42 --out "$work/tasks.txt"
for i in 1 2 3; do
  step "search$i" search --index-dir "$work/index" --tasks "$work/tasks.txt" --seed "$i" --out "$work/search$i.json"
done
echo "results in $work"
