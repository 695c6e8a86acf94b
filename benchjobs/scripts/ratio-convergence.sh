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
# (comparisons use nightbench.runner.profile, "quick" by default). Uses the shaded harness jar
# (./mvnw -pl benchjobs -am package -DskipTests) and Lucene jars from ~/.m2 (fetch first:
# ./mvnw -q dependency:get -Dartifact=org.apache.lucene:lucene-core:V, same for queryparser,
# queries, sandbox, facet, suggest, analysis-common). Manual tool, not part of the build.
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
profile=${1:?usage: ratio-convergence.sh PROFILE [WORK_DIR]}
work=${2:-/tmp/ratio-convergence-$profile}
here=$(cd "$(dirname "$0")/.." && pwd)
props="$here/../backend/src/main/resources/application.properties"
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
corpus=${CORPUS:-/work/shared/corpora/gcide_wordnet.lines.txt.gz}
maxdocs=${MAX_DOCS:-20000}; docchars=${DOC_CHARS:-1024}; metric=${METRIC:-qps}
families=${FAMILIES:-HighTerm MedTerm AndHighHigh OrHighHigh OrHighMed HighPhrase}
jh=${JAVA_HOME_25:-$(ls -d /usr/lib/jvm/temurin-25* | head -1)}
repo=${M2_REPO:-$HOME/.m2/repository}/org/apache/lucene
harness_jar=$(ls "$here"/target/nightbench-benchjobs-*-harness.jar)
mkdir -p "$work"
# A copy, so a rebuild cannot swap the harness between JVMs; not when only reading results back,
# which must not swap it under a check still running in the same directory either.
if [[ ${SKIP_PROFILE:-0} != 1 || ${SKIP_REFERENCE:-0} != 1 || ! -f $work/harness.jar ]]; then
  cp "$harness_jar" "$work/harness.jar"
fi
classpath() {
  local cp="$work/harness.jar" a jar
  for a in core queryparser queries sandbox facet suggest analysis-common; do
    jar="$repo/lucene-$a/$1/lucene-$a-$1.jar"
    if [[ -f $jar ]]; then cp="$cp:$jar"; elif [[ $a == core || $a == queryparser ]]; then
      echo "missing $jar" >&2; exit 1
    fi
  done
  echo "$cp"
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
# by more than the limit (README, "Numbers that have converged").
pjvms=$jvms; rjvms=${REFERENCE_JVMS:-$jvms}
[[ ${SKIP_PROFILE:-0} == 1 ]] && pjvms=0 || rm -f "$work"/profile-*.json
[[ ${SKIP_REFERENCE:-0} == 1 ]] && rjvms=0 || rm -f "$work"/reference-*.json
for i in $(seq 1 $((pjvms > rjvms ? pjvms : rjvms))); do
  ((i > pjvms)) || search_pair profile "$reps" "$i"
  ((i > rjvms)) || search_pair reference "$((reps * factor))" "$i"
done
python3 - "$work" "$base" "$cand" "$metric" "$limit" "$families" <<'EOF'
import glob, json, random, statistics, sys
work, base, cand, metric, limit, families = sys.argv[1:]
limit = float(limit)
def load(label, v):
    return [json.load(open(f)) for f in sorted(glob.glob(f"{work}/{label}-{v}-*.json"))]
def medians(runs):
    out = {}
    for r in runs:
        for m in r["metrics"]:
            if m["name"] == metric:
                out.setdefault(m["task"], []).append(m["value"])
    return {k: statistics.median(v) for k, v in out.items()}
def warmups(runs):
    w = [m for r in runs for m in r["metrics"] if m["name"] == "warmupSec"]
    ends = {}
    for m in w:
        ends[m["detail"].get("warmupEnd", "?")] = ends.get(m["detail"].get("warmupEnd", "?"), 0) + 1
    jit = [m["detail"].get("jitCompileMsMeasured", -1) for m in w]
    return (f"warm-up {statistics.mean(m['value'] for m in w):.1f} s mean"
            f" ({', '.join(f'{k} x{n}' for k, n in sorted(ends.items()))}),"
            f" JIT ms while measuring: median {statistics.median(jit):.0f}, max {max(jit)}")
def per_jvm(runs):
    out = {}
    for r in runs:
        for m in r["metrics"]:
            if m["name"] == metric:
                out.setdefault(m["task"], []).append(m["value"])
    return out
def cv(values):
    return statistics.stdev(values) / statistics.mean(values) * 100 if len(values) > 1 else 0.0
ratios, jvms = {}, {}
for label in ("profile", "reference"):
    b, c = load(label, base), load(label, cand)
    if not b or not c:
        sys.exit(f"no {label} results in {work}")
    jvms[label] = (per_jvm(b), per_jvm(c))
    mb, mc = medians(b), medians(c)
    ratios[label] = {f: mc[f] / mb[f] for f in families.split() if f in mb and f in mc}
    print(f"{label:9}: {base} {warmups(b)}")
    print(f"{'':9}  {cand} {warmups(c)}")
# How far apart two checks of the same settings would land by the JVMs' spread alone: the JVMs of
# each of the four halves resampled with replacement (seeded), the 5th to 95th percentile of the
# difference. A check whose interval is wider than the limit cannot tell convergence from noise
# with this many JVMs.
rng = random.Random(20260101)
def interval(f):
    groups = [jvms["profile"][0][f], jvms["profile"][1][f],
              jvms["reference"][0][f], jvms["reference"][1][f]]
    med = lambda g: statistics.median(rng.choice(g) for _ in g)
    d = sorted((med(groups[1]) / med(groups[0])) / (med(groups[3]) / med(groups[2])) * 100 - 100
               for _ in range(2000))
    return d[100], d[1899]
print(f"{metric} ratio {cand}/{base} (median over JVMs); CV: spread of one release's JVMs")
print(f"{'family':12} {'profile':>8} {'reference':>9} {'diff %':>7} {'90 % by JVM spread':>19}"
      f"  CV % profile {base}/{cand}, reference {base}/{cand}")
bad = []
for f in families.split():
    p, r = ratios["profile"].get(f), ratios["reference"].get(f)
    if p is None or r is None:
        print(f"{f:12} missing"); bad.append(f); continue
    diff = (p / r - 1) * 100
    # One JVM in a half has no spread to resample: no interval, rather than a false zero width.
    lo, hi = interval(f) if min(len(jvms[l][k][f]) for l in jvms for k in (0, 1)) > 1 else (0, 0)
    spread = " ".join(f"{cv(jvms[l][k][f]):4.1f}" for l in ("profile", "reference") for k in (0, 1))
    flag = '' if abs(diff) <= limit else '  > ' + str(limit) + ' %'
    span = f"{lo:+8.1f} .. {hi:+6.1f}" if lo or hi else f"{'n/a':>18}"
    # Beyond the limit and beyond what the JVMs' spread explains: the settings, not the draw.
    if abs(diff) > limit and (lo or hi) and (lo > 0 or hi < 0):
        bad.append(f)
        flag += ', outside the JVM spread'
    elif abs(diff) > limit:
        flag += ', within the JVM spread'
    print(f"{f:12} {p:8.3f} {r:9.3f} {diff:+7.1f} {span}  {spread}{flag}")
# The same JVMs measured both ways: each reference JVM's first `reps` measured rounds are a
# measurement at the profile's settings (same warm-up, same rounds so far), and all its rounds
# the ten-times one. Comparing the two in the same JVMs takes out what differs between JVMs
# (a release whose JVMs spread 9 % on one family, as 9.12.3's HighTerm does, needs some thirty
# JVMs a half before two separate sets agree within 5 %), leaving what more repetitions change:
# compilation still going on and rounds that drift.
def first_rounds(runs, n):
    out = {}
    for run in runs:
        for m in run["metrics"]:
            if m["name"] == "qps" and "perQuery" in m.get("detail", {}):
                total = sum(statistics.median(q["latenciesNs"][:n]) for q in m["detail"]["perQuery"])
                out.setdefault(m["task"], []).append(len(m["detail"]["perQuery"]) / (total / 1e9))
    return {k: statistics.median(v) for k, v in out.items()}
def measured_rounds(runs):
    return next(m["detail"]["measuredRounds"] for m in runs[0]["metrics"] if m["name"] == "warmupSec")
if metric == "qps":
    rb, rc = load("reference", base), load("reference", cand)
    # As many rounds as the profile's JVMs measured (its repetitions less the warm-up minimum).
    reps = measured_rounds(load("profile", base))
    # All their rounds are the stored qps itself.
    fb, fc, ab, ac = first_rounds(rb, reps), first_rounds(rc, reps), medians(rb), medians(rc)
    print(f"the same reference JVMs: ratio over their first {reps} measured rounds against all"
          f" {measured_rounds(rb)}")
    for f in families.split():
        if f not in fb or f not in fc:
            print(f"{f:12} missing"); bad.append(f); continue
        first, whole = fc[f] / fb[f], ac[f] / ab[f]
        diff = (first / whole - 1) * 100
        flag = '' if abs(diff) <= limit else '  > ' + str(limit) + ' %'
        print(f"{f:12} {first:8.3f} {whole:9.3f} {diff:+7.1f}{flag}")
        if abs(diff) > limit:
            bad.append(f)
print("converged: within ±%g %% in the same JVMs, and no family apart beyond the JVM spread" % limit
      if not bad else f"NOT converged: {' '.join(sorted(set(bad)))}")
sys.exit(1 if bad else 0)
EOF
