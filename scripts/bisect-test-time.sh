#!/usr/bin/env bash
# How long the bisect end-to-end test takes (issue 18): runs BisectRunTests alone (a local git
# repository of nine commits building Lucene 9.12.3 / 10.6.0 jars, real comparisons in forked JVMs
# on the first 5,000 europarl documents) and prints its wall time, the test's own time from the surefire
# report, and the load average before and after, since the figure depends on a quiet machine.
#
# usage: scripts/bisect-test-time.sh [TMP_DIR]   (default /tmp/nb-bisect-time)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
tmp=${1:-/tmp/nb-bisect-time}
mkdir -p "$tmp"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
status=0
./mvnw -B -q -ntp -pl backend -am package -Dtest=BisectRunTests \
  -Dsurefire.failIfNoSpecifiedTests=false -DargLine="-Djava.io.tmpdir=$tmp" || status=$?
end=$(date +%s)
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
grep -h 'Tests run' backend/target/surefire-reports/org.nightbench.bisect.BisectRunTests.txt || true
echo "wall time (build and test): $((end - start)) s; exit $status"
exit $status
