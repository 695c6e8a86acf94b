#!/usr/bin/env bash
# /alerts under load: the lab's org.nightbench.speed.AlertsSpeed starts the app in its JVM on a fresh
# embedded database, stores ALERTS untriaged change points (default 300), and asks for /alerts as one
# reader and as 32 at once (EACH requests each, default 20). Prints requests/s, p50, p99 and the load.
#
# usage: scripts/alerts-speed.sh            ALERTS=1000 EACH=10 scripts/alerts-speed.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
nb_lab org.nightbench.speed.AlertsSpeed "${ALERTS:-300}" "${EACH:-20}"
