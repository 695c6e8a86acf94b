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
# With EMBED=N the run embeds as a run of a vector profile does: the corpus's first N documents
# and the file's vector// texts with all-MiniLM-L6-v2 (the embed step, cached in WORK_DIR), the
# document vectors indexed as the vector field and the texts' vectors given to the search, so the
# vector categories run too.
#
# usage: luceneutil-nightly-file.sh TASKS_FILE RELEASE [WORK_DIR]
# env:   CORPUS=/work/shared/corpora/gcide_wordnet.lines.txt.gz  DOC_CHARS=0 (one doc per line)
#        MAX_DOCS= (all)  REPETITIONS=3  JAVA_HOME_25=Temurin 25 under /usr/lib/jvm  EMBED= (none)
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
vectors=()
search_vectors=()
if [[ -n ${EMBED:-} ]]; then
  # The model and its dependencies, as the backend resolves them for the embed step (knn.sh).
  nb_mvn -pl benchjobs -am compile dependency:build-classpath \
    -Dmdep.includeScope=provided -Dmdep.outputFile="$work/model.cp" >/dev/null
  model=$(tr ':' '\n' <"$work/model.cp" | grep -v '/org/apache/lucene/' | paste -sd: -)
  cp="$cp:$model"
  vectors=(--doc-vectors "$work/docs.vec" --dimension 384)
  search_vectors=(--task-vectors "$work/tasks.vec" --dimension 384)
fi
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
if [[ -n ${EMBED:-} && ! -f $work/embed.json ]]; then
  step embed embed --corpus "$corpus" --max-docs "$EMBED" --max-queries 1 --cache-dir "$work/cache" \
    --doc-vectors "$work/docs.vec" --query-vectors "$work/queries.vec" --search-tasks "$tasks" \
    --task-vectors "$work/tasks.vec" --out "$work/embed.json"
fi
if [[ ! -f $work/index-$v.json ]]; then
  rm -rf "$index"
  step "index-$v" index --corpus "$corpus" --index-dir "$index" --doc-chars "${DOC_CHARS:-0}" \
    --threads 2 --ram-buffer-mb 256 "${limit[@]}" "${vectors[@]}" --out "$work/index-$v.json"
fi
step "search-$v" search --index-dir "$index" --tasks "$tasks" --repetitions "$reps" --warmup 1 \
  --max-warmup-sec 0 "${search_vectors[@]}" --out "$work/search-$v.json"
nb_py task-file-check "$tasks" "$work/search-$v.json" "$v"
