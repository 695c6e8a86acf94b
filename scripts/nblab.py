"""The Python helpers of the scripts in scripts/ and benchjobs/scripts/, one command each.

Each command reads result files or an API answer and prints what its script reports; the scripts
call it through nb_py (scripts/lib.sh): python3 scripts/nblab.py COMMAND ARGS... Standard library
only. `python3 scripts/nblab.py` lists the commands.
"""

import sys

COMMANDS = {}


def command(name):
    def register(function):
        COMMANDS[name] = function
        return function
    return register


def result_files(pattern):
    """The harness result files matching a glob pattern, read, in sorted path order."""
    import glob, json
    return [json.load(open(f)) for f in sorted(glob.glob(pattern))]


def per_task(runs, metric):
    """{task: [value per run]} of one metric over harness result files."""
    out = {}
    for r in runs:
        for m in r["metrics"]:
            if m["name"] == metric:
                out.setdefault(m["task"], []).append(m["value"])
    return out


@command("calibration-drift")
def calibration_drift(args):
    """From benchjobs/scripts/calibration-drift.sh."""
    sys.argv = ["calibration-drift"] + list(args)
    import json, statistics
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


@command("indexing-summary")
def indexing_summary(args):
    """From benchjobs/scripts/indexing-variants.sh."""
    sys.argv = ["indexing-summary"] + list(args)
    import json
    r = json.load(open(sys.argv[1]))
    for m in r["metrics"]:
        if m["name"] in ("docsPerSec", "flushSeconds", "mergeSeconds", "gcSeconds", "jitSeconds",
                         "peakHeapMB", "segmentCount", "indexSizeMB", "lookupsPerSec"):
            print(f'    {m["benchmark"]}/{m["task"]}/{m["name"]} = {m["value"]:.4g} {m["unit"]}')


@command("jfr-overhead")
def jfr_overhead(args):
    """From benchjobs/scripts/jfr-overhead.sh."""
    sys.argv = ["jfr-overhead"] + list(args)
    import glob, json, math, statistics
    work = sys.argv[1]
    plain = per_task(result_files(f"{work}/plain-*.json"), "qps")
    jfr = per_task(result_files(f"{work}/jfr-*.json"), "qps")
    print(f"{'category':30} {'plain qps':>11} {'JFR qps':>11} {'JFR vs plain':>13}")
    diffs = []
    for c in plain:
        a, b = statistics.mean(plain[c]), statistics.mean(jfr[c])
        diffs.append(b / a)
        print(f"{c:30} {a:11.1f} {b:11.1f} {100 * (b / a - 1):+12.1f}%")
    geo = math.exp(statistics.mean(math.log(d) for d in diffs))
    print(f"JFR against plain over {len(diffs)} categories: median {100 * (statistics.median(diffs) - 1):+.1f} %,"
          f" geometric mean {100 * (geo - 1):+.1f} % (negative: JFR slower)")


@command("knn-release-row")
def knn_release_row(args):
    """From benchjobs/scripts/knn-releases.sh."""
    sys.argv = ["knn-release-row"] + list(args)
    import json
    v, path = sys.argv[1], sys.argv[2]
    r = json.load(open(path))
    formats = sorted({m["detail"]["format"] for m in r["metrics"] if "format" in (m.get("detail") or {})})
    recall = [m["value"] for m in r["metrics"] if m["task"] == "hnsw-fanout50" and m["name"] == "recall"]
    notes = "; ".join(n.replace("knn ", "") for n in r["notes"]) or "-"
    print(f'{v:8s} {",".join(formats):22s} {recall[0] if recall else float("nan"):<10.3f} {notes}')


@command("latest-patches")
def latest_patches(args):
    """From benchjobs/scripts/knn-releases.sh."""
    sys.argv = ["latest-patches"] + list(args)
    lo = tuple(map(int, sys.argv[1].split("."))); hi = tuple(map(int, sys.argv[2].split(".")))
    latest = {}
    for v in sys.stdin.read().split():
        p = tuple(map(int, v.split(".")))
        if lo <= p[:2] <= hi:
            latest[p[:2]] = max(latest.get(p[:2], p), p)
    print(" ".join(".".join(map(str, latest[k])) for k in sorted(latest)))


@command("knn-table")
def knn_table(args):
    """From benchjobs/scripts/knn.sh."""
    sys.argv = ["knn-table"] + list(args)
    import json
    r = json.load(open(sys.argv[1]))
    for n in r["notes"]:
        print("note:", n)
    m = {(x["task"], x["name"]): x["value"] for x in r["metrics"]}
    formats = [t for (t, n) in m if n == "indexDocsPerSec"]
    print("format  docs/s  flush s  merge s  index MB  vectors disk/RAM MB")
    for f in formats:
        print(f'{f:6s} {m[(f, "indexDocsPerSec")]:7.0f} {m.get((f, "flushSeconds"), float("nan")):8.1f}'
              f' {m.get((f, "mergeSeconds"), float("nan")):8.1f} {m[(f, "indexMB")]:9.1f}'
              f'  {m.get((f, "vectorDiskMB"), float("nan")):.1f} / {m.get((f, "vectorRamMB"), float("nan")):.1f}')
    print("task             recall@10  mean ms  p50 ms  p99 ms  cpu ms  visited")
    for (t, n), v in m.items():
        if n == "recall":
            print(f'{t:16s} {v:9.3f} {m[(t, "latencyMeanMs")]:8.3f} {m.get((t, "latencyP50Ms"), float("nan")):7.3f}'
                  f' {m[(t, "latencyP99Ms")]:7.3f} {m.get((t, "cpuMs"), float("nan")):7.3f}'
                  f' {m.get((t, "visitedNodes"), float("nan")):8.0f}')


@command("task-file-check")
def task_file_check(args):
    """From benchjobs/scripts/luceneutil-nightly-file.sh."""
    sys.argv = ["task-file-check"] + list(args)
    import json, re
    tasks_file, result_file, version = sys.argv[1:]
    categories = []
    for line in open(tasks_file, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"([^:\s]+):", line)
        if m and m.group(1) not in categories:
            categories.append(m.group(1))
    result = json.load(open(result_file))
    ran = {m["task"] for m in result["metrics"] if m["name"] == "qps"}
    notes = {}
    for n in result["notes"]:
        m = re.match(r"skipped (\S+) \((\d+) of (\d+) tasks\): (.*)", n)
        if m:
            notes[m.group(1)] = n
    ran_all = [c for c in categories if c in ran and c not in notes]
    partly = [c for c in categories if c in ran and c in notes]
    skipped = [c for c in categories if c not in ran and c in notes]
    missing = [c for c in categories if c not in ran and c not in notes]
    print(f"Lucene {version}, {tasks_file}: {len(categories)} categories: {len(ran_all)} ran,"
          f" {len(partly)} ran in part, {len(skipped)} skipped with a note,"
          f" {len(missing)} unaccounted for")
    for c in partly + skipped:
        print(f"  {notes[c]}")
    for c in missing:
        print(f"  UNACCOUNTED {c}: neither a result nor a note")
    sys.exit(1 if missing else 0)


@command("measurements-summary")
def measurements_summary(args):
    """From benchjobs/scripts/nightly-measurements.sh."""
    sys.argv = ["measurements-summary"] + list(args)
    import json
    r = json.load(open(sys.argv[1]))
    for m in r["metrics"]:
        print(f'    {m["benchmark"]}/{m["task"]}/{m["name"]} = {m["value"]:.4g} {m["unit"]}')
    for n in r["notes"]:
        print(f'    note: {n}')


@command("nrt-summary")
def nrt_summary(args):
    """From benchjobs/scripts/nrt-load-calibration.sh."""
    sys.argv = ["nrt-summary"] + list(args)
    import json
    r = json.load(open(sys.argv[1]))
    print("    " + ", ".join(f'{m["name"]} {m["value"]:.4g}' for m in r["metrics"]))
    for note in r.get("notes", []):
        print("    note: " + note)


@command("ratio-convergence")
def ratio_convergence(args):
    """From benchjobs/scripts/ratio-convergence.sh."""
    sys.argv = ["ratio-convergence"] + list(args)
    import glob, json, random, statistics
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


@command("search-cv")
def search_cv(args):
    """From benchjobs/scripts/search-cv.sh."""
    sys.argv = ["search-cv"] + list(args)
    import glob, json, statistics
    work = sys.argv[1]
    runs = result_files(work + "/search-*.json")
    qps, fastest, cpu = (per_task(runs, n) for n in ("qps", "qpsFastest", "qpsCpu"))
    warm = [m["value"] for r in runs for m in r["metrics"] if m["name"] == "warmupSec"]
    cv = lambda xs: statistics.stdev(xs) / statistics.mean(xs) * 100 if len(xs) > 1 else 0.0
    med_cv = lambda d: statistics.median(cv(v) for v in d.values()) if d else float("nan")
    print(f"{'category':30} {'median qps':>11} {'CV qps %':>9} {'CV fastest %':>13} {'CV cpu %':>9}")
    for c in qps:
        print(f"{c:30} {statistics.median(qps[c]):11.1f} {cv(qps[c]):9.2f} {cv(fastest[c]):13.2f}"
              f" {cv(cpu.get(c, [])):9.2f}")
    print(f"median per-category CV over {len(runs)} JVMs: qps {med_cv(qps):.2f} %,"
          f" qpsFastest {med_cv(fastest):.2f} %, qpsCpu {med_cv(cpu):.2f} %;"
          f" warm-up {statistics.mean(warm):.1f} s mean")
    hashes = {json.dumps([[q["hits"], q["topHash"]] for m in r["metrics"] if m["name"] == "qps"
                          for q in m["detail"]["perQuery"]]) for r in runs}
    print("hits/topHash identical across JVMs:", len(hashes) == 1)
    notes = {n for r in runs for n in r["notes"]}
    for n in sorted(notes):
        print("note:", n)
    try:
        bare = json.load(open(work + "/bare-loop.json"))
        allns = [m["value"] for m in bare["metrics"] if m["task"] == "all"][0]
        pct = [m["value"] for m in bare["metrics"] if m["name"] == "percentOfQuery"]
        print(f"bare loop: {allns:.0f} ns per timed call; overhead {min(pct):.3f}..{max(pct):.3f} %"
              f" of a query (median {statistics.median(pct):.3f} %)")
    except FileNotFoundError:
        pass


@command("follow-run")
def follow_run(args):
    """From scripts/quick-release-time.sh."""
    sys.argv = ["follow-run"] + list(args)
    import json, time, urllib.request
    url = sys.argv[1]
    steps, current = [], None
    while True:
        run = json.load(urllib.request.urlopen(url))
        now = time.time()
        done = run["status"].lower() in ("succeeded", "failed", "cancelled")
        # A finished run's progress is cleared: that is the end of the last step, not a step.
        if not done and run.get("progress") != current:
            current = run.get("progress")
            steps.append((now, current or "(queued)"))
        if done:
            break
        time.sleep(1)
    steps.append((now, None))
    for (t, name), (next_t, _) in zip(steps, steps[1:]):
        print(f"  {name[:48]:48s} {next_t - t:7.1f} s")
    # From the first step the run itself took (the first poll may already see it started).
    first = next((t for t, name in steps if name not in ("(queued)", None)), now)
    print(f"  {'total from the first step':48s} {now - first:7.1f} s")
    print("status:", run["status"], "-", (run.get("error") or "")[:300])


@command("step-cpu")
def step_cpu(args):
    """From scripts/quick-release-time.sh: each step's CPU time from the run's log, which a busy
    machine stretches far less than wall time (the harness's 'measured in' line: all the JVM's
    threads from its start to the end of the measurement), and their sum."""
    sys.argv = ["step-cpu"] + list(args)
    import json, re, urllib.request
    lines = json.load(urllib.request.urlopen(sys.argv[1]))
    step, total, steps = None, 0.0, 0
    for line in lines:
        if line.startswith("== "):
            step = line[3:]
        m = re.match(r"[\w-]+: measured in [0-9.]+ s, CPU [0-9.]+ s \(([0-9.]+) s since the JVM", line)
        if m and step:
            print(f"  {step[:48]:48s} {float(m.group(1)):7.1f} s CPU")
            total += float(m.group(1))
            steps += 1
    print(f"  {'CPU of the ' + str(steps) + ' measuring JVMs':48s} {total:7.1f} s")


@command("step-times")
def step_times(args):
    """From scripts/quick-release-time.sh (KEEP_LOG): each step's wall time from the app's log, to
    the millisecond, in parts: 'app' from the step's '==' line to the JVM's fork (the spec written),
    'start' from the fork to the harness's first line (JVM start, the spec read), 'body' from there
    to its 'measured in' line, 'exit' from there to the JVM's end (result written; known only with
    TIME_JVMS), 'after' from the JVM's end (else the 'measured in' line) to the next step's '=='
    (the result read); then the whole step and its CPU: the harness's own figure since the JVM
    started ('cpu'), and user + system from /usr/bin/time ('time'). Several logs side by side, one
    column group each, for the steps of the first."""
    import re
    from datetime import datetime

    def parse(path):
        steps, current, last = [], None, None
        pattern = re.compile(r"^(\S+)\s.*RunLog\s+: run \d+: (.*)$")
        for raw in open(path, encoding="utf-8", errors="replace"):
            m = pattern.match(raw.rstrip("\n"))
            if not m:
                continue
            t = datetime.fromisoformat(m.group(1).replace("Z", "+00:00")).timestamp()
            line = m.group(2)
            last = t
            if line.startswith("== "):
                if current:
                    current["next"] = t
                current = {"name": line[3:], "announce": t}
                steps.append(current)
                continue
            if current is None:
                continue
            timed = re.match(r"jvm-time: ([0-9.]+) s wall, ([0-9.]+) s user, ([0-9.]+) s sys", line)
            if timed:
                current["exit"] = t
                current["time"] = float(timed.group(2)) + float(timed.group(3))
            elif line.startswith("$ # as a command line"):
                current["fork"] = t
            elif line.startswith("$ ") or line.startswith("WARNING: "):
                pass  # the JVM's own warnings come before the harness's main runs
            elif "fork" in current and "first" not in current:
                current["first"] = t
            cpu = re.match(r"[\w-]+: measured in [0-9.]+ s, CPU [0-9.]+ s \(([0-9.]+) s since", line)
            if cpu or re.match(r"[\w-]+: measured in [0-9.]+ s", line):
                current["measured"] = t
            if cpu:
                current["cpu"] = float(cpu.group(1))
        if current and "next" not in current:
            current["next"] = last
        return steps

    def part(s, a, b):
        return s[b] - s[a] if a in s and b in s else float("nan")

    columns = ("app", "start", "body", "exit", "after", "wall", "cpu", "time")
    widths = (5, 5, 6, 5, 5, 6, 5, 5)
    runs = [parse(path) for path in args]
    print(f"{'step':30s}" + " |".join(
        "".join(f" {c:>{w}s}" for c, w in zip(columns, widths)) for _ in runs))
    totals = [[0.0] * len(columns) for _ in runs]
    for i, name in enumerate(s["name"] for s in runs[0]):
        cells = []
        for r, steps in enumerate(runs):
            s = next((x for x in steps if x["name"] == name), {})
            end = "exit" if "exit" in s else "measured"
            values = [part(s, "announce", "fork"), part(s, "fork", "first"),
                      part(s, "first", "measured"), part(s, "measured", "exit"),
                      part(s, end, "next"), part(s, "announce", "next"),
                      s.get("cpu", float("nan")), s.get("time", float("nan"))]
            for k, v in enumerate(values):
                if v == v:
                    totals[r][k] += v
            cells.append("".join(f" {v:{w}.2f}" for v, w in zip(values, widths)))
        print(f"{name[:30]:30s}" + " |".join(cells))
    print(f"{'sum':30s}" + " |".join(
        "".join(f" {v:{w}.1f}" for v, w in zip(t, widths)) for t in totals))


@command("run-series-check")
def run_series_check(args):
    """From scripts/quick-release-time.sh."""
    sys.argv = ["run-series-check"] + list(args)
    import json, re, urllib.request
    base, run_id, protocol = sys.argv[1:]
    get = lambda path: json.load(urllib.request.urlopen(base + path))
    # The list's comments quote words too ("queries"): drop them before reading names.
    source = re.sub(r"//[^\n]*", "", open(protocol, encoding="utf-8").read())
    lists = dict(re.findall(r"List<String> (\w+) =\s*List\.of\(([^;]*)\);", source))
    names = {k: re.findall(r'"(\w+)"', v) for k, v in lists.items()}
    categories, skippers = names["CATEGORIES"], names["SKIPPER_CATEGORIES"]
    measured = get(f"/api/runs/{run_id}/measurements")
    search = {m["series"]["task"] for m in measured
              if m["series"]["benchmark"] == "search" and m["series"]["metric"] == "qps"}
    missing = [c for c in categories if c not in search]
    print(f"series the run added: {len(measured)}; search categories with a qps series:"
          f" {len([c for c in categories if c in search])} of {len(categories)}"
          f" in HarnessTasks.CATEGORIES{', missing: ' + ' '.join(missing) if missing else ''}")
    extra = sorted(search - set(categories))
    if extra:
        print("  search categories beyond that list:", " ".join(extra))
    groups = get("/api/series")
    print(f"overview groups: {len(groups)}:",
          ", ".join(f"{g['title']} ({len(g['series'])})" for g in groups))
    notes = get(f"/api/runs/{run_id}/insights").get("notes") or []
    print(f"run notes: {len(notes)}")
    for n in notes:
        print("  " + n)


@command("json-field")
def json_field(args):
    """From scripts/profile-diff-screenshot.sh: one top-level field of the JSON on stdin."""
    import json

    print(json.load(sys.stdin)[args[0]])


@command("profile-diff-top")
def profile_diff_top(args):
    """From scripts/profile-diff-screenshot.sh: the methods whose self share changed most."""
    import json

    for d in json.load(sys.stdin):
        print(f"{d['benchmark']}: {d['before']['samples']} -> {d['after']['samples']} CPU samples;"
              " self share changed most (points):")
        for r in d["bySelf"][:8]:
            print(f"  {r['afterSelf'] - r['beforeSelf']:+6.1f}  {r['method']}")


@command("before-after")
def before_after(args):
    """From scripts/harness-before-after.sh: old-*.json against new-*.json, per category."""
    import glob, json, math, statistics
    work, metric = args[0], (args[1] if len(args) > 1 else "qps")

    def load(side):
        # {JVM number: result}: the ABBA pairs below match old-i with new-i.
        runs = {f.rsplit("-", 1)[1][:-5]: json.load(open(f))
                for f in sorted(glob.glob(f"{work}/{side}-*.json"))}
        if not runs:
            sys.exit(f"no {side}-*.json in {work}")
        return runs, per_task(runs.values(), metric)

    def t_cdf(t, df):
        # Student's t through the regularized incomplete beta (continued fraction, Lentz).
        x = df / (df + t * t)
        a, b = df / 2, 0.5
        front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                         + a * math.log(x) + b * math.log(1 - x)) / a
        c, d = 1.0, 1 - (a + b) * x / (a + 1)
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        f = d
        for m in range(1, 200):
            for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                        -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
                d = 1 + num * d
                d = 1 / (d if abs(d) > 1e-300 else 1e-300)
                c = 1 + num / c
                c = c if abs(c) > 1e-300 else 1e-300
                f *= c * d
        tail = front * f / 2
        return 1 - tail if t > 0 else tail

    def t_quantile(p, df):
        lo, hi = 0.0, 1000.0
        for _ in range(100):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if t_cdf(mid, df) < p else (lo, mid)
        return (lo + hi) / 2

    def welch(a, b):
        # 95 % interval of mean(b) - mean(a), as a percentage of mean(a).
        va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
        if va + vb == 0:
            return 0.0, 0.0
        df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
        half = t_quantile(0.975, df) * math.sqrt(va + vb)
        d, base = statistics.mean(b) - statistics.mean(a), statistics.mean(a)
        return (d - half) / base * 100, (d + half) / base * 100

    cv = lambda xs: statistics.stdev(xs) / statistics.mean(xs) * 100 if len(xs) > 1 else 0.0
    old_runs, old = load("old")
    new_runs, new = load("new")
    print(f"{metric}: mean over {len(old_runs)} old and {len(new_runs)} new JVMs;"
          " diff = new/old - 1; 95 % Welch interval of the difference")
    print(f"{'category':30} {'old':>9} {'CV %':>5} {'new':>9} {'CV %':>5} {'diff %':>7}"
          f" {'95 % interval':>16}")
    diffs, apart = [], []
    for c in sorted(set(old) | set(new)):
        a, b = old.get(c, []), new.get(c, [])
        if len(a) < 2 or len(b) < 2:
            print(f"{c:30} old {len(a)} / new {len(b)} JVMs: left out")
            continue
        diff = (statistics.mean(b) / statistics.mean(a) - 1) * 100
        lo, hi = welch(a, b)
        diffs.append(diff)
        flag = ""
        if lo > 0 or hi < 0:
            apart.append(c)
            flag = "  excludes 0"
        print(f"{c:30} {statistics.mean(a):9.1f} {cv(a):5.1f} {statistics.mean(b):9.1f} {cv(b):5.1f}"
              f" {diff:+7.1f} {lo:+7.1f} .. {hi:+6.1f}{flag}")
    if diffs:
        print(f"median difference over {len(diffs)} categories: {statistics.median(diffs):+.1f} %"
              f" (range {min(diffs):+.1f} .. {max(diffs):+.1f}); intervals excluding 0:"
              f" {len(apart)} of {len(diffs)}" + (f" ({', '.join(apart)})" if apart else ""))

    # The ABBA pairs (old-i and new-i ran next to each other with the same seed): per pair the
    # geometric mean over the categories of new/old. A neighbour whose load changes between JVMs
    # moves all categories of a JVM at once, which the per-category intervals above cannot tell
    # from a harness difference; one pair far from the others is that.
    def values(run):
        return {m["task"]: m["value"] for m in run["metrics"] if m["name"] == metric}
    pairs = []
    for i in sorted(set(old_runs) & set(new_runs), key=int):
        a, b = values(old_runs[i]), values(new_runs[i])
        common = [c for c in a if c in b and a[c] > 0 and b[c] > 0]
        if common:
            ratio = math.exp(statistics.mean(math.log(b[c] / a[c]) for c in common))
            pairs.append((i, (ratio - 1) * 100))
    if pairs:
        print("per ABBA pair, new/old over all categories (geometric mean): "
              + ", ".join(f"{i}: {d:+.1f} %" for i, d in pairs)
              + f"; median over pairs {statistics.median(d for _, d in pairs):+.1f} %")

    def hits(run):
        return json.dumps([[q.get("hits"), q.get("topHash")] for m in run["metrics"]
                           if m["name"] == "qps" for q in m.get("detail", {}).get("perQuery", [])])
    seen = {hits(r) for r in list(old_runs.values()) + list(new_runs.values())}
    print("hits/topHash identical across old and new JVMs:", len(seen) == 1)


@command("extract")
def extract(args):
    """From scripts/lib.sh (nb_corpus): one entry of a zip file into a file, whole or not at all."""
    import os, shutil, zipfile

    archive, entry, target = args
    os.makedirs(os.path.dirname(target), exist_ok=True)
    partial = f"{target}.{os.getpid()}.part"
    try:
        with zipfile.ZipFile(archive) as z, z.open(entry) as src, open(partial, "wb") as out:
            shutil.copyfileobj(src, out)
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print("usage: nblab.py COMMAND ARGS...; commands: " + ", ".join(sorted(COMMANDS)), file=sys.stderr)
        sys.exit(2)
    COMMANDS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
