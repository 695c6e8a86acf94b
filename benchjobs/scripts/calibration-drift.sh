#!/usr/bin/env bash
# How much of the run-to-run drift does the calibration explain? Alternates the calibration
# workload with a one-JVM search over the same index and tasks, ROUNDS times, then prints each
# pair and the correlation (and R²) between calibration score and the median category's QPS.
# Needs an index and tasks.txt made by nrt-load-calibration.sh (or index + generate-tasks).
#
# usage: calibration-drift.sh LUCENE_VERSION JAVA_HOME WORK_DIR [ROUNDS]
set -euo pipefail
v=$1; jh=$2; work=$3; rounds=${4:-8}
repo=${M2_REPO:-$HOME/.m2/repository}/org/apache/lucene
here=$(cd "$(dirname "$0")/.." && pwd)
harness=$(ls "$here"/target/nightbench-benchjobs-*-harness.jar)
cp="$harness"
for a in core queryparser queries sandbox facet suggest grouping; do cp="$cp:$repo/lucene-$a/$v/lucene-$a-$v.jar"; done
flags=(-Xms1g -Xmx1g)
if "$jh/bin/java" --enable-native-access=ALL-UNNAMED -version >/dev/null 2>&1; then
  flags+=(--enable-native-access=ALL-UNNAMED)
fi
run() { "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" >/dev/null 2>"$work/drift.err"; }
for i in $(seq 1 "$rounds"); do
  run calibrate --rounds 7 --warmup-rounds 3 --memory-mb 128 --out "$work/drift-cal-$i.json"
  run search --index-dir "$work/index" --tasks "$work/tasks.txt" --repetitions 20 --warmup 5 \
    --max-warmup-sec 3 --seed "$i" --out "$work/drift-search-$i.json"
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
cal, qps = [], []
for i in range(1, rounds + 1):
    c = json.load(open(f"{work}/drift-cal-{i}.json"))
    s = json.load(open(f"{work}/drift-search-{i}.json"))
    cal.append(next(m["value"] for m in c["metrics"] if m["name"] == "score"))
    qps.append(statistics.median(m["value"] for m in s["metrics"] if m["name"] == "qps"))
    print(f"round {i}: calibration {cal[-1]:.3g}, median category QPS {qps[-1]:.4g}")
cv = lambda xs: 100 * statistics.stdev(xs) / statistics.mean(xs)
r = statistics.correlation(cal, qps)
print(f"calibration CV {cv(cal):.1f}%, QPS CV {cv(qps):.1f}%, correlation {r:.2f}, R² {r*r:.2f}")
PY
