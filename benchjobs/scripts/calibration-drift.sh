#!/usr/bin/env bash
# How much of the run-to-run drift does the calibration explain? Alternates the calibration
# workload with a one-JVM search over the same index and tasks, ROUNDS times, then prints each
# pair and the correlation (and R²) between calibration score and the median category's QPS.
# Needs an index and tasks.txt made by nrt-load-calibration.sh (or index + generate-tasks).
#
# usage: calibration-drift.sh LUCENE_VERSION JAVA_HOME WORK_DIR [ROUNDS]
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 3 "$@"
v=$1; jh=$2; work=$3; rounds=${4:-8}
cp=$(nb_harness_classpath "$v" core queryparser queries sandbox facet suggest grouping)
nb_jvm_flags "$jh" -Xms1g -Xmx1g --enable-native-access=ALL-UNNAMED
flags=("${NB_FLAGS[@]}")
run() { "$jh/bin/java" "${flags[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" >/dev/null 2>"$work/drift.err"; }
for i in $(seq 1 "$rounds"); do
  run calibrate --rounds 7 --warmup-rounds 3 --memory-mb 128 --out "$work/drift-cal-$i.json"
  run search --index-dir "$work/index" --tasks "$work/tasks.txt" --repetitions 20 --warmup 5 \
    --max-warmup-sec 3 --seed "$i" --out "$work/drift-search-$i.json"
done
nb_py calibration-drift "$work" "$rounds"
