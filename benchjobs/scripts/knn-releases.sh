#!/usr/bin/env bash
# The KNN step on every Lucene release the first start backfills (issue 16): the latest patch of
# each minor from 9.8 to 10.6, read from Maven Central's metadata, each release's lucene-core
# fetched with Maven, then `knn` on a small slice of already-embedded vectors (luceneutil's format,
# e.g. the ones knn.sh leaves in its cache). Prints one row per release: the formats measured,
# float32 HNSW recall@10 at the widest fanout, and the notes of the formats the release lacks.
# Manual, not part of the build (the tests cover 9.12.3 in process and 10.6.0 in a forked JVM).
#
# usage: knn-releases.sh JAVA_HOME DOC_VECTORS QUERY_VECTORS [DOCS] [QUERIES] [FROM] [TO]
#   e.g. knn-releases.sh /usr/lib/jvm/temurin-25-jdk-amd64 /tmp/nb-knn-cache/minilm-*/docs.vec \
#          /tmp/nb-knn-cache/minilm-*/queries-*.vec 2000 50
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 3 "$@"
jh=$1; docs_vec=$2; queries_vec=$3; docs=${4:-2000}; queries=${5:-50}; from=${6:-9.8}; to=${7:-10.6}
harness=$(nb_harness_jar)
work=$(mktemp -d /tmp/nb-knn-releases.XXXXXX)
trap 'rm -rf "$work"' EXIT
versions=$(curl -fsS https://repo1.maven.org/maven2/org/apache/lucene/lucene-core/maven-metadata.xml |
  grep -o '<version>[0-9]*\.[0-9]*\.[0-9]*</version>' | sed 's/<[^>]*>//g' |
  nb_py latest-patches "$from" "$to")
echo "releases: $versions"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-22s %-10s %s\n' release formats "hnsw r@10" notes
for v in $versions; do
  jar=$(nb_lucene_classpath "$v" core)
  out="$work/knn-$v.json"
  if ! "$jh/bin/java" -Xmx1g --add-modules=jdk.incubator.vector -cp "$harness:$jar" \
      org.nightbench.benchjobs.Harness knn --doc-vectors "$docs_vec" --query-vectors "$queries_vec" \
      --dimension 384 --max-docs "$docs" --max-queries "$queries" --fanouts 0,50 \
      --filter-percents 50 --cache-dir "$work/exact" --work-dir "$work/knn-$v" --out "$out" \
      >"$work/knn-$v.log" 2>&1; then
    printf '%-8s FAILED: %s\n' "$v" "$(tail -1 "$work/knn-$v.log")"
    continue
  fi
  nb_py knn-release-row "$v" "$out"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
