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
jh=$1; docs_vec=$2; queries_vec=$3; docs=${4:-2000}; queries=${5:-50}; from=${6:-9.8}; to=${7:-10.6}
m2=${M2_REPO:-$HOME/.m2/repository}
here=$(cd "$(dirname "$0")/.." && pwd)
harness=$(ls "$here"/target/nightbench-benchjobs-*-harness.jar)
work=$(mktemp -d /tmp/nb-knn-releases.XXXXXX)
trap 'rm -rf "$work"' EXIT
versions=$(curl -fsS https://repo1.maven.org/maven2/org/apache/lucene/lucene-core/maven-metadata.xml |
  grep -o '<version>[0-9]*\.[0-9]*\.[0-9]*</version>' | sed 's/<[^>]*>//g' |
  python3 -c '
import sys
lo = tuple(map(int, sys.argv[1].split("."))); hi = tuple(map(int, sys.argv[2].split(".")))
latest = {}
for v in sys.stdin.read().split():
    p = tuple(map(int, v.split(".")))
    if lo <= p[:2] <= hi:
        latest[p[:2]] = max(latest.get(p[:2], p), p)
print(" ".join(".".join(map(str, latest[k])) for k in sorted(latest)))
' "$from" "$to")
echo "releases: $versions"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-22s %-10s %s\n' release formats "hnsw r@10" notes
for v in $versions; do
  jar="$m2/org/apache/lucene/lucene-core/$v/lucene-core-$v.jar"
  [ -f "$jar" ] || (cd "$here/.." && ./mvnw -q -ntp dependency:get \
    -Dartifact="org.apache.lucene:lucene-core:$v" -Dtransitive=false >/dev/null)
  out="$work/knn-$v.json"
  if ! "$jh/bin/java" -Xmx1g --add-modules=jdk.incubator.vector -cp "$harness:$jar" \
      org.nightbench.benchjobs.Harness knn --doc-vectors "$docs_vec" --query-vectors "$queries_vec" \
      --dimension 384 --max-docs "$docs" --max-queries "$queries" --fanouts 0,50 \
      --filter-percents 50 --cache-dir "$work/exact" --work-dir "$work/knn-$v" --out "$out" \
      >"$work/knn-$v.log" 2>&1; then
    printf '%-8s FAILED: %s\n' "$v" "$(tail -1 "$work/knn-$v.log")"
    continue
  fi
  python3 - "$v" "$out" <<'PY'
import json, sys
v, path = sys.argv[1], sys.argv[2]
r = json.load(open(path))
formats = sorted({m["detail"]["format"] for m in r["metrics"] if "format" in (m.get("detail") or {})})
recall = [m["value"] for m in r["metrics"] if m["task"] == "hnsw-fanout50" and m["name"] == "recall"]
notes = "; ".join(n.replace("knn ", "") for n in r["notes"]) or "-"
print(f'{v:8s} {",".join(formats):22s} {recall[0] if recall else float("nan"):<10.3f} {notes}')
PY
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
