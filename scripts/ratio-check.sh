#!/usr/bin/env bash
# Does the harness's search benchmark read the same 10.6.0/9.12.3 QPS ratios as an independent
# timing loop run to convergence? Per family (HighTerm MedTerm AndHighHigh OrHighHigh OrHighMed
# HighPhrase, the six the convergence checks use) it prints the harness's ratio and the loop's,
# each with the spread of the JVM pairs' ratios, the difference harness - loop with its spread,
# whether |difference| <= LIMIT, each side's QPS and JVM spread, how every JVM warmed up, whether
# harness and loop counted the same hits, and the load average before and after. Exits 1 when a
# family misses LIMIT (or the hits differ).
#
# The harness: this tree's jar, its search step with a profile's settings (repetitions, warmup,
# max-warmup-seconds, queries-per-category, task-seed, jvm-args from
# backend/src/main/resources/application.properties), as a run does. The loop:
# lab/.../independentloop/IndependentLoop, a plain main forked with only the release's Lucene
# jars (core, queryparser, queries, sandbox, resolved from Maven Central by the app's
# LuceneResolver), IndexSearcher.search(query, 10) in shuffled rounds, warmed up until two blocks
# of 200 rounds agree within 2 % and the JIT is quiet, then REPETITIONS rounds; per query the
# median, per family queries / sum of medians (the harness's qps reduction). Both read the same
# index (one per release, built by that release's harness, --deterministic, as a run indexes) and
# the same task file (generated once, cut to the families), on the same JDK with the same flags.
# JVMs alternate releases (baseline, candidate, baseline ...): pair i = harness A, harness B,
# loop A, loop B.
#
# usage: [JVMS=5] [REPETITIONS=3000] [PROFILE=quick] [BASELINE=9.12.3] [CANDIDATE=10.6.0]
#        [CORPUS=europarl] [DOCS=5000] [DOC_CHARS=1024] [LIMIT=0.05] [LOOP_MAX_WARMUP_SEC=120]
#        [FAMILIES="HighTerm MedTerm AndHighHigh OrHighHigh OrHighMed HighPhrase"]
#        [HARNESS_REPETITIONS=the profile's, to see what more measured rounds change]
#        [JAVA_HOME_25=Temurin 25 under /usr/lib/jvm] [JAVA_OPTS="..." instead of the profile's]
#        [M2_REPO=~/.m2/repository] scripts/ratio-check.sh [WORK_DIR]
#        (WORK_DIR reuses its indexes and task file; the JVMs' results are written anew)
# e.g.   scripts/ratio-check.sh /tmp/nb-ratio-check          # 5 pairs: 3 min 37 s at load 4
#        JVMS=10 scripts/ratio-check.sh /tmp/nb-ratio-check  # 9-10 min at load 5-6 (2026-11-29)
#        (figures: docs/performance.md, "Harness against an independent loop")
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
work=${1:-$(mktemp -d /tmp/nb-ratio-check.XXXXXX)}
jvms=${JVMS:-5}; reps=${REPETITIONS:-3000}; profile=${PROFILE:-quick}
base=${BASELINE:-9.12.3}; cand=${CANDIDATE:-10.6.0}; limit=${LIMIT:-0.05}
docs=${DOCS:-5000}; chars=${DOC_CHARS:-1024}; loop_maxw=${LOOP_MAX_WARMUP_SEC:-120}
families=${FAMILIES:-HighTerm MedTerm AndHighHigh OrHighHigh OrHighMed HighPhrase}
jh=${JAVA_HOME_25:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
props="$NB_ROOT/backend/src/main/resources/application.properties"
prop() {
  local v
  v=$(grep -E "^nightbench\.runner\.profiles\.$profile\.$1=" "$props" | head -1 | cut -d= -f2-)
  [[ -n $v ]] || { echo "profile $profile has no $1 in $props" >&2; exit 2; }
  echo "$v"
}
h_reps=${HARNESS_REPETITIONS:-$(prop search.repetitions)}; h_warmup=$(prop search.warmup)
h_maxw=$(prop search.max-warmup-sec)
per=$(prop generate-tasks.per-category); seed=$(prop task-seed)
IFS=, read -r -a profile_flags <<<"$(prop jvm-args)"
nb_jvm_flags "$jh" "${profile_flags[@]}"
mkdir -p "$work"
echo "load before: $(nb_load)"

# The lab (ReleaseJars, RatioReport, the loop's class), and this tree's harness jar, copied so a
# rebuild cannot swap either between JVMs. The loop's classes alone, so its JVM loads nothing else.
lab_cp=$(nb_lab_classpath)
cp "$(nb_harness_jar)" "$work/harness.jar"
rm -rf "$work/loop-classes"
mkdir -p "$work/loop-classes/org/nightbench/independentloop"
cp "$NB_ROOT"/lab/target/classes/org/nightbench/independentloop/IndependentLoop*.class \
  "$work/loop-classes/org/nightbench/independentloop/"
jars() { java -cp "$lab_cp" org.nightbench.independentloop.ReleaseJars "$1" "$2" "$NB_M2"; }
declare -A harness_cp loop_cp
for v in "$base" "$cand"; do
  harness_cp[$v]="$work/harness.jar:$(jars "$v" harness)"
  loop_cp[$v]="$work/loop-classes:$(jars "$v" loop)"
done

corpus=$(nb_corpus "${CORPUS:-europarl}")
for v in "$base" "$cand"; do
  [[ -d $work/index-$v ]] || nb_harness_step "$work" "$jh" "${harness_cp[$v]}" "index-$v" index \
    --corpus "$corpus" --index-dir "$work/index-$v" --max-docs "$docs" --doc-chars "$chars" \
    --deterministic --out "$work/index-$v.json"
done
if [[ ! -f $work/tasks.txt ]]; then
  nb_harness_step "$work" "$jh" "${harness_cp[$base]}" generate-tasks generate-tasks \
    --corpus "$corpus" --index-dir "$work/index-$base" --seed "$seed" --per-category "$per" \
    --out "$work/all-tasks.txt"
  grep -E "^($(tr ' ' '|' <<<"$families")):" "$work/all-tasks.txt" >"$work/tasks.txt"
fi

echo "$base against $cand, $("$jh/bin/java" -version 2>&1 | head -1), ${NB_FLAGS[*]};" \
  "$jvms JVM pairs a side, $(grep -c . "$work/tasks.txt") queries; harness: profile $profile" \
  "($h_reps repetitions, warm-up >= $h_warmup, adaptive <= ${h_maxw}s); loop: $reps repetitions" \
  "after warm-up to convergence (<= ${loop_maxw}s)"
loop() { # VERSION I
  local name="loop-$1-$2" t0 t1
  t0=$(date +%s%N)
  if ! "$jh/bin/java" "${NB_FLAGS[@]}" -cp "${loop_cp[$1]}" \
      org.nightbench.independentloop.IndependentLoop --index "$work/index-$1" \
      --tasks "$work/tasks.txt" --out "$work/$name.tsv" --repetitions "$reps" \
      --seed "$((seed + $2))" --max-warmup-sec "$loop_maxw" >"$work/$name.log" 2>&1; then
    echo "$name FAILED: $(tail -1 "$work/$name.log")" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  printf '%-24s %7.2f s  load %s  %s\n' "$name" "$(((t1 - t0) / 1000000))e-3" "$(nb_load)" \
    "$(head -1 "$work/$name.tsv" | grep -o 'warmupRounds=.*jitMsMeasured=[0-9]*')"
}
harness() { # VERSION I
  nb_harness_step "$work" "$jh" "${harness_cp[$1]}" "harness-$1-$2" search \
    --index-dir "$work/index-$1" --tasks "$work/tasks.txt" --repetitions "$h_reps" \
    --warmup "$h_warmup" --max-warmup-sec "$h_maxw" --seed "$((seed + $2))" \
    --out "$work/harness-$1-$2.json"
}
rm -f "$work"/harness-*.json "$work"/loop-*.tsv
for i in $(seq 1 "$jvms"); do
  harness "$base" "$i"; harness "$cand" "$i"
  loop "$base" "$i"; loop "$cand" "$i"
done
echo "load after: $(nb_load)"
# shellcheck disable=SC2086 # one argument per family
java -cp "$lab_cp" org.nightbench.independentloop.RatioReport "$work" "$base" "$cand" "$limit" \
  $families
echo "results in $work"
