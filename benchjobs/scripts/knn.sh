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
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 3 "$@"
v=$1; jh=$2; corpus=$3; docs=${4:-10000}; queries=${5:-100}; cache=${6:-/tmp/nb-knn-cache}
corpus=$(nb_corpus "$corpus")
harness=$(nb_harness_jar)
lucene=":$(nb_lucene_classpath "$v" core queryparser queries sandbox facet suggest grouping codecs)"
# The embedding model and its dependencies, as the backend resolves them for the embed step.
# From the parent with -am and compile: benchjobs alone cannot resolve the harness-protocol module
# unless it was installed. Each module writes the file in turn; benchjobs comes last.
work=$(mktemp -d /tmp/nb-knn.XXXXXX)
trap 'rm -rf "$work"' EXIT
nb_mvn -pl benchjobs -am compile dependency:build-classpath \
  -Dmdep.includeScope=provided -Dmdep.outputFile="$work/model.cp" >/dev/null
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
nb_py knn-table "$work/knn.json"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
