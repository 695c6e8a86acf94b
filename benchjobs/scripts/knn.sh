#!/usr/bin/env bash
# Vector search by hand (issue 16) with the shaded harness: embeds a corpus's first DOCS documents
# with all-MiniLM-L6-v2 (once; the cache under CACHE is reused), then indexes and searches them per
# vector format against one Lucene release from ~/.m2. Prints the embedding speed, then recall and
# latency per format and fanout, and the load average before and after.
# Manual, not part of the build.
#
# usage: knn.sh LUCENE_VERSION JAVA_HOME CORPUS [DOCS] [QUERIES] [CACHE]
#   e.g. knn.sh 10.6.0 /usr/lib/jvm/temurin-25-jdk-amd64 ../shared/corpora/gcide_wordnet.lines.txt.gz
set -euo pipefail
v=$1; jh=$2; corpus=$3; docs=${4:-10000}; queries=${5:-100}; cache=${6:-/tmp/nb-knn-cache}
m2=${M2_REPO:-$HOME/.m2/repository}
here=$(cd "$(dirname "$0")/.." && pwd)
harness=$(ls "$here"/target/nightbench-benchjobs-*-harness.jar)
lucene=""
for a in core queryparser queries sandbox facet suggest grouping codecs; do
  jar="$m2/org/apache/lucene/lucene-$a/$v/lucene-$a-$v.jar"
  [ -f "$jar" ] && lucene="$lucene:$jar"
done
# The embedding model and its dependencies, as the backend resolves them for the embed step.
# From the parent with -am and compile: benchjobs alone cannot resolve the harness-protocol module
# unless it was installed. Each module writes the file in turn; benchjobs comes last.
work=$(mktemp -d /tmp/nb-knn.XXXXXX)
trap 'rm -rf "$work"' EXIT
(cd "$here/.." && ./mvnw -q -ntp -pl benchjobs -am compile dependency:build-classpath \
  -Dmdep.includeScope=provided -Dmdep.outputFile="$work/model.cp" >/dev/null)
model=$(tr ':' '\n' <"$work/model.cp" | grep -v '/org/apache/lucene/' | paste -sd: -)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
"$jh/bin/java" -Xmx2g -cp "$harness$lucene:$model" org.nightbench.benchjobs.Harness embed \
  --corpus "$corpus" --max-docs "$docs" --max-queries "$queries" --cache-dir "$cache" \
  --doc-vectors "$work/docs.vec" --query-vectors "$work/queries.vec" --out "$work/embed.json" |
  grep -E "embedded|cache" | tail -3
echo "embed step: $(( $(date +%s) - start )) s"
"$jh/bin/java" -Xms2g -Xmx2g --add-modules=jdk.incubator.vector -cp "$harness$lucene" \
  org.nightbench.benchjobs.Harness knn --doc-vectors "$work/docs.vec" \
  --query-vectors "$work/queries.vec" --dimension 384 --max-docs "$docs" --max-queries "$queries" \
  --cache-dir "$cache" --work-dir "$work/knn" --out "$work/knn.json" 2>&1 | grep -E "^knn|exact" || true
python3 - "$work/knn.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for n in r["notes"]:
    print("note:", n)
m = {(x["task"], x["name"]): x["value"] for x in r["metrics"]}
formats = [t for (t, n) in m if n == "indexDocsPerSec"]
print("format  docs/s  flush s  merge s  index MB  vectors disk/RAM MB")
for f in formats:
    print(f'{f:6s} {m[(f, "indexDocsPerSec")]:7.0f} {m.get((f, "flushSeconds"), float("nan")):8.1f}'
          f' {m.get((f, "mergeSeconds"), float("nan")):8.1f} {m[(f, "indexMB")]:9.1f}'
          f'  {m.get((f, "vectorDiskMB"), float("nan")):.1f} / {m.get((f, "vectorRamMB"), float("nan")):.1f}')
print("task             recall@10  mean ms  p50 ms  p99 ms  cpu ms  visited")
for (t, n), v in m.items():
    if n == "recall":
        print(f'{t:16s} {v:9.3f} {m[(t, "latencyMeanMs")]:8.3f} {m.get((t, "latencyP50Ms"), float("nan")):7.3f}'
              f' {m[(t, "latencyP99Ms")]:7.3f} {m.get((t, "cpuMs"), float("nan")):7.3f}'
              f' {m.get((t, "visitedNodes"), float("nan")):8.0f}')
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
