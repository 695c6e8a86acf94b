#!/usr/bin/env bash
# Whether a harness change moved what the search benchmark times (issue 31: the typed step specs
# replaced the option-annotated command classes): the same index and task file searched by the harness jar
# of an older revision ("old") and by this tree's ("new"), in alternating JVMs, ABBA order (old new
# new old …), each pair with the same execution-order seed, the same JVM flags and rounds. Prints
# per task category both sides' mean QPS over the JVMs and their CV, the difference new/old and its
# Welch 95 % interval, then the median difference over the categories, how many intervals exclude
# 0, per ABBA pair the difference over all categories (a neighbour's load step between two JVMs
# shows as one pair far from the others), whether both sides found the same hits, and the load
# average before and after (each JVM's line shows the load too).
# The old jar is built (package, offline) in a throw-away git worktree removed at exit; the new
# one is this tree's (built when missing). The index (one Lucene release, --deterministic) and the
# task file are written once, by the new harness; old and new read the same files. Both harness
# CLIs take the same search options (old: SearchCommand, new: SearchSpec through HandRun).
#
# usage: [JVMS=5] [LUCENE=9.12.3] [CORPUS=europarl] [DOCS=5000] [DOC_CHARS=1024] [REPETITIONS=20]
#        [WARMUP=5] [MAX_WARMUP_SEC=10] [SEED=20260101] [PER_CATEGORY=5] [METRIC=qps]
#        [JAVA_HOME=JDK 17] [JAVA_OPTS="-Xms512m -Xmx512m -XX:+UseParallelGC"] [OLD_JAR=jar] \
#          scripts/harness-before-after.sh [OLD_REV] [WORK_DIR]
#        (defaults: OLD_REV d2365b3, the last tree with the command classes; WORK_DIR a temp dir;
#         OLD_JAR skips building OLD_REV)
# e.g.   scripts/harness-before-after.sh          # 10 search JVMs: 5 min 46 s with the old build on
#                                                 # 2 shared cores at load 4-5 (2026-11-28)
#        JVMS=3 scripts/harness-before-after.sh d2365b3 /tmp/nb-before-after
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"
rev=${1:-d2365b3}
work=${2:-$(mktemp -d /tmp/nb-before-after.XXXXXX)}
jvms=${JVMS:-5}; v=${LUCENE:-9.12.3}; docs=${DOCS:-5000}; chars=${DOC_CHARS:-1024}
reps=${REPETITIONS:-20}; warmup=${WARMUP:-5}; maxw=${MAX_WARMUP_SEC:-10}
seed=${SEED:-20260101}; per=${PER_CATEGORY:-5}
jh=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
mkdir -p "$work"
echo "load before: $(nb_load)"

# The old harness jar, from a throw-away worktree of OLD_REV.
if [ -n "${OLD_JAR:-}" ]; then
  cp "$OLD_JAR" "$work/old.jar"
else
  tree=$(mktemp -d /tmp/nb-old-harness.XXXXXX)
  trap 'git worktree remove --force "$tree/src" >/dev/null 2>&1 || true; rm -rf "$tree"; git worktree prune' EXIT
  git worktree add -q --detach "$tree/src" "$rev"
  echo "building the harness jar of $(git rev-parse --short "$rev") in $tree/src"
  (cd "$tree/src" && ./mvnw -B -q -ntp -o -pl benchjobs -am package -DskipTests)
  cp "$(ls "$tree"/src/benchjobs/target/nightbench-benchjobs-*-harness.jar | head -1)" "$work/old.jar"
fi
# A copy of the new jar, so a rebuild cannot swap it between JVMs.
cp "$(nb_harness_jar)" "$work/new.jar"

# Lucene 9.x's facet module depends on hppc (10.x has none): on the class path of a 9.x release.
hppc="$NB_M2/com/carrotsearch/hppc/0.9.1/hppc-0.9.1.jar"
extra=""
if [[ $v == 9.* ]]; then
  [ -f "$hppc" ] || nb_mvn -N dependency:get -Dartifact=com.carrotsearch:hppc:0.9.1 \
    -Dtransitive=false >/dev/null 2>&1 || true
  [ ! -f "$hppc" ] || extra=":$hppc"
fi
cp_old="$(HARNESS_JAR=$work/old.jar nb_harness_classpath "$v")$extra"
cp_new="$(HARNESS_JAR=$work/new.jar nb_harness_classpath "$v")$extra"
nb_jvm_flags "$jh" -Xms512m -Xmx512m -XX:+UseParallelGC

corpus=$(nb_corpus "${CORPUS:-europarl}")
[[ -d $work/index ]] || nb_harness_step "$work" "$jh" "$cp_new" index index --corpus "$corpus" \
  --index-dir "$work/index" --max-docs "$docs" --doc-chars "$chars" --deterministic \
  --out "$work/index.json"
[[ -f $work/tasks.txt ]] || nb_harness_step "$work" "$jh" "$cp_new" generate-tasks generate-tasks \
  --corpus "$corpus" --index-dir "$work/index" --seed "$seed" --per-category "$per" \
  --out "$work/tasks.txt"

echo "Lucene $v, $("$jh/bin/java" -version 2>&1 | head -1), ${NB_FLAGS[*]}; $jvms JVMs a side," \
  "$reps repetitions (warm-up >= $warmup, adaptive <= ${maxw}s); old = $rev"
rm -f "$work"/old-*.json "$work"/new-*.json
search() { # SIDE I
  local cp=$cp_old
  [ "$1" = old ] || cp=$cp_new
  nb_harness_step "$work" "$jh" "$cp" "$1-$2" search --index-dir "$work/index" \
    --tasks "$work/tasks.txt" --repetitions "$reps" --warmup "$warmup" --max-warmup-sec "$maxw" \
    --warmup-tolerance 0.02 --warmup-window 5 --top-n 10 --directory default \
    --seed "$((seed + $2))" --out "$work/$1-$2.json"
}
for i in $(seq 1 "$jvms"); do
  if [ $((i % 2)) = 1 ]; then search old "$i"; search new "$i"; else search new "$i"; search old "$i"; fi
done
echo "load after: $(nb_load)"
nb_py before-after "$work" "${METRIC:-qps}"
echo "results in $work"
