#!/usr/bin/env bash
# Does a luceneutil task file run as it is? Indexes the medium corpus (every line one document, as
# luceneutil indexes its line docs) with one Lucene release from ~/.m2, runs the harness's search
# benchmark with TASKS_FILE unchanged (a few repetitions: this checks what runs, not how fast), and
# prints the file's categories that ran, those skipped with the harness's note (the run page shows
# the same notes), and any the result does not account for. Exits 1 when a category is
# unaccounted for or the search fails. Manual, not part of the build (issue 15: luceneutil's
# tasks/wikinightly.tasks should run whole but for the vector categories on 10.x, and on 9.x but
# for the doc-values skipper ones; issue 30: the same for luceneutil's current file, with facets as
# kind:Dim, the *skippersort// prefixes and +searchAfter=N — figures in docs/performance.md).
#
# usage: luceneutil-nightly-file.sh TASKS_FILE RELEASE [WORK_DIR]
# env:   CORPUS=/work/shared/corpora/gcide_wordnet.lines.txt.gz  DOC_CHARS=0 (one doc per line)
#        MAX_DOCS= (all)  REPETITIONS=3  JAVA_HOME_25=Temurin 25 under /usr/lib/jvm
# The harness jar is built and the release's jars fetched into ~/.m2 when missing (scripts/lib.sh).
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 2 "$@"
tasks=$(realpath "${1:?usage: luceneutil-nightly-file.sh TASKS_FILE RELEASE [WORK_DIR]}")
v=${2:?usage: luceneutil-nightly-file.sh TASKS_FILE RELEASE [WORK_DIR]}
work=${3:-/tmp/luceneutil-nightly-file}
corpus=$(nb_corpus "${CORPUS:-/work/shared/corpora/gcide_wordnet.lines.txt.gz}")
reps=${REPETITIONS:-3}
jh=${JAVA_HOME_25:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
cp=$(nb_harness_classpath "$v")
flags=(-Xms2g -Xmx2g -XX:+UseParallelGC --add-modules=jdk.incubator.vector
  --enable-native-access=ALL-UNNAMED)
limit=()
[[ -n ${MAX_DOCS:-} ]] && limit=(--max-docs "$MAX_DOCS")
mkdir -p "$work"
step() {
  local name=$1 t0 t1
  shift
  t0=$(date +%s)
  if ! "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" \
      >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$v $name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -3 "$work/$name.err")" >&2
    exit 1
  fi
  t1=$(date +%s)
  echo "$v $name: $((t1 - t0)) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
}
index="$work/index-$v"
if [[ ! -f $work/index-$v.json ]]; then
  rm -rf "$index"
  step "index-$v" index --corpus "$corpus" --index-dir "$index" --doc-chars "${DOC_CHARS:-0}" \
    --threads 2 --ram-buffer-mb 256 "${limit[@]}" --out "$work/index-$v.json"
fi
step "search-$v" search --index-dir "$index" --tasks "$tasks" --repetitions "$reps" --warmup 1 \
  --max-warmup-sec 0 --out "$work/search-$v.json"
nb_py task-file-check "$tasks" "$work/search-$v.json" "$v"
