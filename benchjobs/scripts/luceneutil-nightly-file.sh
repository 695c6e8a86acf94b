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
# Needs the shaded harness jar (./mvnw -pl benchjobs -am package -DskipTests) and the release's
# lucene-core, -queryparser, -queries, -sandbox, -facet, -suggest, -grouping, -codecs jars
# (./mvnw -q dependency:get -Dartifact=org.apache.lucene:lucene-core:V, and so on).
set -euo pipefail
tasks=$(realpath "${1:?usage: luceneutil-nightly-file.sh TASKS_FILE RELEASE [WORK_DIR]}")
v=${2:?usage: luceneutil-nightly-file.sh TASKS_FILE RELEASE [WORK_DIR]}
work=${3:-/tmp/luceneutil-nightly-file}
corpus=${CORPUS:-/work/shared/corpora/gcide_wordnet.lines.txt.gz}
reps=${REPETITIONS:-3}
jh=${JAVA_HOME_25:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
repo=${M2_REPO:-$HOME/.m2/repository}/org/apache/lucene
here=$(cd "$(dirname "$0")/.." && pwd)
cp=$(ls "$here"/target/nightbench-benchjobs-*-harness.jar)
for a in core queryparser queries sandbox facet suggest grouping codecs analysis-common; do
  jar="$repo/lucene-$a/$v/lucene-$a-$v.jar"
  if [[ -f $jar ]]; then cp="$cp:$jar"; else echo "($jar missing)" >&2; fi
done
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
python3 - "$tasks" "$work/search-$v.json" "$v" <<'EOF'
import json, re, sys
tasks_file, result_file, version = sys.argv[1:]
categories = []
for line in open(tasks_file, encoding="utf-8"):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    m = re.match(r"([^:\s]+):", line)
    if m and m.group(1) not in categories:
        categories.append(m.group(1))
result = json.load(open(result_file))
ran = {m["task"] for m in result["metrics"] if m["name"] == "qps"}
notes = {}
for n in result["notes"]:
    m = re.match(r"skipped (\S+) \((\d+) of (\d+) tasks\): (.*)", n)
    if m:
        notes[m.group(1)] = n
ran_all = [c for c in categories if c in ran and c not in notes]
partly = [c for c in categories if c in ran and c in notes]
skipped = [c for c in categories if c not in ran and c in notes]
missing = [c for c in categories if c not in ran and c not in notes]
print(f"Lucene {version}, {tasks_file}: {len(categories)} categories: {len(ran_all)} ran,"
      f" {len(partly)} ran in part, {len(skipped)} skipped with a note,"
      f" {len(missing)} unaccounted for")
for c in partly + skipped:
    print(f"  {notes[c]}")
for c in missing:
    print(f"  UNACCOUNTED {c}: neither a result nor a note")
sys.exit(1 if missing else 0)
EOF
