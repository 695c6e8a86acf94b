#!/usr/bin/env bash
# The before/after comparison's honesty on seeded synthetic comparisons of 50 tasks
# (the lab's org.nightbench.statistics.ComparisonHonesty): how often an A/A comparison says
# "no difference" on every task, how many planted differences it finds and how many of its verdicts
# are false, for 3-20 JVMs per side and 2-10 % noise, with and without bad JVMs. Builds from the
# reactor; installs nothing.
#
# usage: scripts/comparison-honesty.sh [seed] [reps]
#        (defaults 20260101 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nb_lab org.nightbench.statistics.ComparisonHonesty "$@"
