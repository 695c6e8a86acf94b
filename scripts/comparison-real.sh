#!/usr/bin/env bash
# The before/after comparison's honesty on REAL runs (the lab's org.nightbench.comparisons.RealComparisonHonesty):
# boots the app in-process on its own embedded PostgreSQL (DATA_DIR/pgdata, wiped at start) with
# the worker on, queues real comparisons through ComparisonService one after the other and reports
# what they concluded, from the `search qps` table:
#   aa         maven:9.12.3 vs itself: comparisons with no task flagged, per-task false positive rate
#   directory  maven:9.12.3 read through mmap vs nio: per task, in how many repeats slower/faster
#   heap       maven:9.12.3, candidate JVMs with -Xms128m -Xmx128m (HEAP=128m): the same
#   releases   maven:9.11.1 vs maven:9.12.3 (RELEASES=a,b): per task the verdicts over the repeats,
#              and agreement
# Repeats go round-robin over the scenarios. Comparisons use the profile `compare`, defined on the
# app's command line by RealComparisonHonesty (quick's first indexing variant and search, nothing
# else); any --nightbench.… argument overrides it or any other property. Prints wall times per
# comparison and a summary, also written to the summary file. Builds from the reactor; installs
# nothing.
#
# usage: [JVMS=5] [REPS=n] [SCENARIOS=aa,directory,heap,releases] [HEAP=128m] \
#          [DATA_DIR=~/.nightbench/honesty] \
#          scripts/comparison-real.sh [summary-file] [--property=value …]
#        (defaults: 5 JVMs per side; REPS unset = 5 repeats of aa and 3 of the others;
#         summary file target/comparison-real.txt)
# e.g.   JVMS=3 REPS=1 scripts/comparison-real.sh          # a trial: 4 comparisons; 17 min 23 s on
#                                                           # 2 shared cores at load 5-10 (2026-11-27)
#        scripts/comparison-real.sh                         # 14 comparisons of 5 JVMs, ~20-35 min
#        JVMS=3 scripts/comparison-real.sh --nightbench.jdk.home=/usr/lib/jvm/java-17-openjdk-amd64
#        SCENARIOS=aa REPS=20 scripts/comparison-real.sh target/aa.txt
#        SCENARIOS=releases RELEASES=maven:9.12.3,maven:10.6.0 REPS=3 scripts/comparison-real.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
summary=target/comparison-real.txt
if [ $# -gt 0 ] && [[ $1 != --* ]]; then
  summary=$1
  shift
fi
nb_lab org.nightbench.comparisons.RealComparisonHonesty "$summary" "$@"
