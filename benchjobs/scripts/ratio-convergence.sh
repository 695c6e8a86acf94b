#!/usr/bin/env bash
# Have a profile's numbers converged? Times two Lucene releases on the same small index (the
# medium corpus cut to 1 KB documents and MAX_DOCS of them, built deterministically by each
# release) over the six families HighTerm, MedTerm, AndHighHigh, OrHighHigh, OrHighMed and
# HighPhrase, at the profile's search settings and at ten times its repetitions, and prints per
# family the candidate/baseline QPS ratio of each and how far apart they are. Exits 1 when a family
# differs by more than LIMIT %: in the same JVMs (each reference JVM's first rounds, as many as a
# profile JVM measures, against all its rounds), or between the two sets of JVMs by more than
# their spread explains (the 90 % interval from resampling the JVMs excludes 0). Search JVMs
# alternate baseline, candidate, baseline ... and the profile's pairs alternate with the
# reference's, so a busy neighbour weighs on both releases and both halves alike; the load average
# is printed next to every JVM.
#
# The profile's repetitions, warmup, max-warmup-seconds, search-jvms, queries-per-category,
# task-seed and jvm-args are read from backend/src/main/resources/application.properties
# (comparisons use nightbench.runner.profile, "quick" by default). The harness jar is built
# and the Lucene jars fetched into ~/.m2 when missing (scripts/lib.sh). Manual tool, not part of the build.
#
# usage: ratio-convergence.sh PROFILE [WORK_DIR]
# env:   BASELINE=9.12.3 CANDIDATE=10.6.0 JAVA_HOME=Temurin 25 under /usr/lib/jvm
#        CORPUS=/work/shared/corpora/gcide_wordnet.lines.txt.gz MAX_DOCS=20000 DOC_CHARS=1024
#        JVMS=profile's search-jvms  FACTOR=10 (repetitions of the reference)  LIMIT=5 (%)
#        FAMILIES="HighTerm MedTerm AndHighHigh OrHighHigh OrHighMed HighPhrase"
#        JVM_ARGS="..." instead of the profile's jvm-args (space separated)
#        METRIC=qps (or qpsCpu, qpsFastest)  REFERENCE_JVMS=JVMS (fewer, to save time)
#        SKIP_PROFILE=1 / SKIP_REFERENCE=1 reuse that half's result files in WORK_DIR
#        REPETITIONS= WARMUP= MAX_WARMUP_SEC= instead of the profile's (to see the check fail)
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
nb_args 1 "$@"
profile=${1:?usage: ratio-convergence.sh PROFILE [WORK_DIR]}
work=${2:-/tmp/ratio-convergence-$profile}
props="$NB_ROOT/backend/src/main/resources/application.properties"
prop() {
  local v
  v=$(grep -E "^nightbench\.runner\.profiles\.$profile\.$1=" "$props" | head -1 | cut -d= -f2-)
  [[ -n $v ]] || { echo "profile $profile has no $1 in $props" >&2; exit 2; }
  echo "$v"
}
reps=${REPETITIONS:-$(prop repetitions)}; warmup=${WARMUP:-$(prop warmup)}
maxw=${MAX_WARMUP_SEC:-$(prop max-warmup-seconds)}
jvms=${JVMS:-$(prop search-jvms)}; per=$(prop queries-per-category); seed=$(prop task-seed)
if [[ -n ${JVM_ARGS:-} ]]; then read -r -a flags <<<"$JVM_ARGS"; else
  IFS=, read -r -a flags <<<"$(prop jvm-args)"
fi
base=${BASELINE:-9.12.3}; cand=${CANDIDATE:-10.6.0}; factor=${FACTOR:-10}; limit=${LIMIT:-5}
corpus=$(nb_corpus "${CORPUS:-/work/shared/corpora/gcide_wordnet.lines.txt.gz}")
maxdocs=${MAX_DOCS:-20000}; docchars=${DOC_CHARS:-1024}; metric=${METRIC:-qps}
families=${FAMILIES:-HighTerm MedTerm AndHighHigh OrHighHigh OrHighMed HighPhrase}
jh=${JAVA_HOME_25:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
harness_jar=$(nb_harness_jar)
mkdir -p "$work"
# A copy, so a rebuild cannot swap the harness between JVMs; not when only reading results back,
# which must not swap it under a check still running in the same directory either.
if [[ ${SKIP_PROFILE:-0} != 1 || ${SKIP_REFERENCE:-0} != 1 || ! -f $work/harness.jar ]]; then
  cp "$harness_jar" "$work/harness.jar"
fi
classpath() {
  local lucene
  lucene=$(nb_lucene_classpath "$1" core queryparser queries sandbox facet suggest analysis-common) || exit 1
  echo "$work/harness.jar:$lucene"
}
harness() {
  local v=$1 name=$2; shift 2
  local t0 t1
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${flags[@]}" -cp "$(classpath "$v")" org.nightbench.benchjobs.Harness "$@" \
      >"$work/$name.log" 2>"$work/$name.err"; then
    echo "$name FAILED: $(grep '^ERROR: ' "$work/$name.err" || tail -1 "$work/$name.err")" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  printf '%-28s %7.1f s  load %s  %s\n' "$name" "$(( (t1 - t0) / 1000000 ))e-3" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$(grep -o 'warm-up [0-9]* rounds in .*' "$work/$name.log" || true)"
}
for v in "$base" "$cand"; do
  [[ -d $work/index-$v ]] || harness "$v" "index-$v" index --corpus "$corpus" \
    --index-dir "$work/index-$v" --max-docs "$maxdocs" --doc-chars "$docchars" --deterministic \
    --out "$work/index-$v.json"
done
if [[ ! -f $work/tasks.txt ]]; then
  harness "$base" generate-tasks generate-tasks --corpus "$corpus" --index-dir "$work/index-$base" \
    --seed "$seed" --per-category "$per" --out "$work/all-tasks.txt"
  pattern="^($(tr ' ' '|' <<<"$families")):"
  grep -E "$pattern" "$work/all-tasks.txt" >"$work/tasks.txt"
fi
echo "profile $profile: $jvms JVMs per release, repetitions $reps and $((reps * factor))" \
  "(warmup >= $warmup, adaptive <= ${maxw}s), $(grep -c . "$work/tasks.txt") queries," \
  "$("$jh/bin/java" -version 2>&1 | head -1), flags ${flags[*]}"
search_pair() {
  local label=$1 r=$2 i=$3 v
  for v in "$base" "$cand"; do
    harness "$v" "$label-$v-$i" search --index-dir "$work/index-$v" --tasks "$work/tasks.txt" \
      --repetitions "$r" --warmup "$warmup" --max-warmup-sec "$maxw" --seed "$((seed + i))" \
      --out "$work/$label-$v-$i.json"
  done
}
# The two halves interleave (profile pair, reference pair, profile pair ...): run one after the
# other, they met different loads on a shared machine, and the releases' ratio moved with the load
# by more than the limit (docs/explanation/warm-up-and-convergence.md, and the lab journal).
pjvms=$jvms; rjvms=${REFERENCE_JVMS:-$jvms}
[[ ${SKIP_PROFILE:-0} == 1 ]] && pjvms=0 || rm -f "$work"/profile-*.json
[[ ${SKIP_REFERENCE:-0} == 1 ]] && rjvms=0 || rm -f "$work"/reference-*.json
for i in $(seq 1 $((pjvms > rjvms ? pjvms : rjvms))); do
  ((i > pjvms)) || search_pair profile "$reps" "$i"
  ((i > rjvms)) || search_pair reference "$((reps * factor))" "$i"
done
nb_py ratio-convergence "$work" "$base" "$cand" "$metric" "$limit" "$families"
