package org.nightbench.comparisons;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.nightbench.NightbenchApplication;
import org.nightbench.runs.RunStatus;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.Verdict;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.FileSystemUtils;

/**
 * The comparison's honesty on real runs: boots the app on its own embedded database with the worker
 * on, queues real comparisons through {@link ComparisonService} one after the other, and reports
 * what they concluded where the truth is known or at least stable:
 *
 * <ul>
 *   <li>{@code aa}: maven:9.12.3 against itself; every task should be "no difference" (BH promises
 *       that for at least 95 % of comparisons, in expectation);
 *   <li>{@code directory}: the same release read through MMapDirectory against NIOFSDirectory;
 *   <li>{@code heap}: the same release, the candidate's JVMs with a small heap;
 *   <li>{@code releases}: maven:9.11.1 against maven:9.12.3 (or {@code RELEASES}), how stable the
 *       verdicts are.
 * </ul>
 *
 * Repeats run round-robin over the scenarios (aa, directory, heap, releases, aa, …), so a machine
 * that drifts over the hours spreads over all of them. Only the {@code search qps} table is used
 * for the verdicts. Prints; asserts nothing; exits 1 when a comparison failed.
 *
 * <p>usage: {@code RealComparisonHonesty [summary-file] [--spring.property=value …]}, environment
 * {@code JVMS} (search JVMs per side, default 5), {@code REPS} (repeats of every scenario; default
 * 5 for aa and 3 for the others), {@code SCENARIOS} (comma-separated, default {@code
 * aa,directory,heap,releases}), {@code DATA_DIR} (default {@code ~/.nightbench/honesty}: its {@code
 * pgdata} and {@code work} are wiped at start), {@code HEAP} (the heap scenario's, default 128m).
 * Both sides run on the JDK the runner picks (the newest found); {@code
 * --nightbench.jdk.home=/usr/lib/jvm/java-17-openjdk-amd64} pins one. See {@code
 * scripts/comparison-real.sh}.
 */
public final class RealComparisonHonesty {

  /** The profile comparisons run with, defined below through properties. */
  static final String PROFILE = "compare";

  /**
   * The small heap of the heap scenario, {@code HEAP} (default 128m) as -Xms and -Xmx: -Xms too,
   * since the profile's -Xms1g would exceed it. The candidate indexes under it as well (a side's
   * flags apply to all its JVMs), and the whole small index sits in the 64 MB RAM buffer until it
   * is flushed: 64m ran out of memory there in one of two tries, 96m peaked at 91 MB.
   */
  static List<String> smallHeap() {
    String heap =
        Optional.ofNullable(System.getenv("HEAP")).filter(s -> !s.isBlank()).orElse("128m");
    return List.of("-Xms" + heap.strip(), "-Xmx" + heap.strip());
  }

  /** The releases scenario's two specs, {@code RELEASES} (default maven:9.11.1,maven:9.12.3). */
  static String[] releases() {
    String[] specs =
        Optional.ofNullable(System.getenv("RELEASES"))
            .filter(s -> !s.isBlank())
            .orElse("maven:9.11.1,maven:9.12.3")
            .split(",");
    if (specs.length != 2) {
      throw new IllegalArgumentException(
          "RELEASES must name two specs separated by a comma, e.g. maven:9.12.3,maven:10.6.0");
    }
    return new String[] {specs[0].strip(), specs[1].strip()};
  }

  private static final String QPS_TABLE = "search qps";
  private static final Pattern SEGMENTS = Pattern.compile("(\\d+) segments");

  private RealComparisonHonesty() {}

  /**
   * {@code compare}: what a comparison runs of a profile is its first indexing variant and search,
   * so this is {@code quick} without the rest (the whole europarl corpus cut into 1 KB documents,
   * the same JVM flags and task generation: 49 task families), with 15 repetitions and at most 2 s
   * of warm-up so one search JVM takes 5-10 s on the shared 2-core VM (quick's former 20 and 3 s
   * took 10-13 s; about 4 s of it is starting the JVM and opening the index). Overridable on the
   * command line, e.g. {@code --nightbench.runner.profiles.compare.search.repetitions=30}.
   */
  static Map<String, String> profileProperties() {
    String p = "nightbench.runner.profiles." + PROFILE + ".";
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(p + "max-docs", "0");
    properties.put(p + "search-jvms", "5");
    properties.put(p + "search.repetitions", "15");
    properties.put(p + "search.warmup", "5");
    properties.put(p + "search.max-warmup-sec", "2");
    properties.put(p + "generate-tasks.per-category", "5");
    properties.put(p + "task-seed", "20260101");
    properties.put(
        p + "jvm-args",
        "-Xms1g,-Xmx1g,-XX:+UseParallelGC,--add-modules=jdk.incubator.vector,"
            + "--enable-native-access=ALL-UNNAMED");
    properties.put(p + "indexing[0].variant", "1kb-docs");
    properties.put(p + "indexing[0].doc-chars", "1024");
    properties.put(p + "indexing[0].threads", "2");
    return properties;
  }

  /** One kind of comparison, repeated. */
  record Scenario(
      String key,
      String title,
      String baseline,
      String candidate,
      List<String> baselineJvmArgs,
      List<String> candidateJvmArgs,
      String baselineDirectory,
      String candidateDirectory,
      int reps) {}

  static List<Scenario> scenarios(int repsAa, int repsOthers) {
    return List.of(
        new Scenario(
            "aa",
            "A/A: maven:9.12.3 vs maven:9.12.3, same settings",
            "maven:9.12.3",
            "maven:9.12.3",
            List.of(),
            List.of(),
            "default",
            "default",
            repsAa),
        new Scenario(
            "directory",
            "planted setting: maven:9.12.3 mmap vs nio directory",
            "maven:9.12.3",
            "maven:9.12.3",
            List.of(),
            List.of(),
            "mmap",
            "nio",
            repsOthers),
        new Scenario(
            "heap",
            "planted setting: maven:9.12.3, candidate " + String.join(" ", smallHeap()),
            "maven:9.12.3",
            "maven:9.12.3",
            List.of(),
            smallHeap(),
            "default",
            "default",
            repsOthers),
        new Scenario(
            "releases",
            "real releases: " + releases()[0] + " vs " + releases()[1],
            releases()[0],
            releases()[1],
            List.of(),
            List.of(),
            "default",
            "default",
            repsOthers));
  }

  /**
   * The one place a {@link ComparisonRequest} is built: when the record gains fields, only this
   * line changes.
   */
  static ComparisonRequest request(Scenario s, int jvms) {
    return new ComparisonRequest(
        s.baseline(),
        s.candidate(),
        s.baselineJvmArgs(),
        s.candidateJvmArgs(),
        s.baselineDirectory(),
        s.candidateDirectory(),
        jvms,
        PROFILE,
        null,
        false);
  }

  /** One finished comparison, as measured from here and read back. */
  record Done(
      Scenario scenario,
      int repeat,
      long id,
      RunStatus status,
      String error,
      Duration wall,
      Steps steps,
      ComparisonResult result) {

    boolean ok() {
      return status == RunStatus.SUCCEEDED && result != null;
    }

    Optional<ComparisonResult.Table> qps() {
      return result == null
          ? Optional.empty()
          : result.tables().stream()
              .filter(t -> (t.benchmark() + " " + t.metric()).equals(QPS_TABLE))
              .findFirst();
    }

    List<TaskComparison> flagged() {
      return qps().map(t -> t.tasks()).orElse(List.of()).stream()
          .filter(t -> t.verdict() != Verdict.NO_DIFFERENCE)
          .toList();
    }
  }

  /** Step times from the run log ("== step" lines, stamped when flushed: about ±1 s each). */
  record Steps(
      double resolveSec,
      double indexSec,
      double tasksSec,
      List<Double> searchSec,
      List<String> segments) {

    double searchMean() {
      return searchSec.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    double searchMin() {
      return searchSec.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    double searchMax() {
      return searchSec.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
  }

  public static void main(String[] args) throws Exception {
    Path summaryFile = null;
    Map<String, String> overrides = new LinkedHashMap<>();
    for (String arg : args) {
      if (arg.startsWith("--") && arg.contains("=")) {
        overrides.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
      } else if (summaryFile == null) {
        summaryFile = Path.of(arg);
      } else {
        throw new IllegalArgumentException("unexpected argument " + arg);
      }
    }
    int jvms = intEnv("JVMS", 5);
    String reps = System.getenv("REPS");
    int repsAa = reps == null || reps.isBlank() ? 5 : Integer.parseInt(reps.strip());
    int repsOthers = reps == null || reps.isBlank() ? 3 : Integer.parseInt(reps.strip());
    List<String> selected =
        Arrays.stream(
                Optional.ofNullable(System.getenv("SCENARIOS"))
                    .filter(s -> !s.isBlank())
                    .orElse("aa,directory,heap,releases")
                    .split(","))
            .map(String::strip)
            .toList();
    List<Scenario> scenarios = new ArrayList<>();
    for (String key : selected) {
      scenarios.add(
          scenarios(repsAa, repsOthers).stream()
              .filter(s -> s.key().equals(key))
              .findFirst()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "unknown scenario " + key + ": use aa, directory, heap, releases")));
    }
    Path data =
        Path.of(
            Optional.ofNullable(System.getenv("DATA_DIR"))
                .filter(s -> !s.isBlank())
                .orElse(System.getProperty("user.home") + "/.nightbench/honesty"));
    FileSystemUtils.deleteRecursively(data.resolve("pgdata"));
    FileSystemUtils.deleteRecursively(data.resolve("work"));
    Files.createDirectories(data);

    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(
        "nightbench.database.embedded.data-directory", data.resolve("pgdata").toString());
    properties.put("nightbench.runner.work-directory", data.resolve("work").toString());
    properties.put("nightbench.corpus.cache-dir", data.resolve("corpora").toString());
    properties.put("nightbench.runner.worker-enabled", "true");
    properties.put("nightbench.runner.polling-interval", "1s");
    properties.put("nightbench.backfill.enabled", "false");
    properties.put("nightbench.nightly.enabled", "false");
    properties.put("nightbench.synthetic.nights", "0");
    properties.put("nightbench.webhooks.worker-enabled", "false");
    properties.put("server.port", "0");
    properties.put("logging.file.name", data.resolve("app.log").toString());
    properties.put("logging.threshold.console", "ERROR");
    properties.put("spring.main.banner-mode", "off");
    properties.putAll(profileProperties());
    properties.putAll(overrides);
    String[] springArgs =
        properties.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);

    StringBuilder out = new StringBuilder();
    line(
        out,
        "Real comparisons: %d JVMs per side, profile %s (%s), scenarios %s, data %s",
        jvms,
        PROFILE,
        describeProfile(properties),
        scenarios.stream().map(s -> s.key() + "×" + s.reps()).collect(Collectors.joining(" ")),
        data);

    System.out.print(out);
    SpringApplication app = new SpringApplication(NightbenchApplication.class);
    // Test classes are on the class path; none of their configurations belongs in this app.
    app.addInitializers(
        context ->
            context.getBeanFactory().registerSingleton("excludeTestClasses", new NoTestClasses()));
    Instant started = Instant.now();
    List<Done> done = new ArrayList<>();
    try (ConfigurableApplicationContext context = app.run(springArgs)) {
      ComparisonService comparisons = context.getBean(ComparisonService.class);
      JdbcClient jdbc = context.getBean(JdbcClient.class);
      line(out, "app up in %s", human(Duration.between(started, Instant.now())));
      int maxReps = scenarios.stream().mapToInt(Scenario::reps).max().orElse(0);
      for (int repeat = 1; repeat <= maxReps; repeat++) {
        for (Scenario scenario : scenarios) {
          if (repeat > scenario.reps()) {
            continue;
          }
          Done d = run(comparisons, jdbc, scenario, repeat, jvms);
          done.add(d);
          System.out.println(oneLine(d));
        }
      }
    }
    summary(out, scenarios, done, Duration.between(started, Instant.now()));
    System.out.print(out);
    if (summaryFile != null) {
      if (summaryFile.toAbsolutePath().getParent() != null) {
        Files.createDirectories(summaryFile.toAbsolutePath().getParent());
      }
      Files.writeString(summaryFile, out.toString());
      System.out.println("summary written to " + summaryFile.toAbsolutePath());
    }
    System.exit(done.stream().allMatch(Done::ok) ? 0 : 1);
  }

  private static Done run(
      ComparisonService comparisons, JdbcClient jdbc, Scenario scenario, int repeat, int jvms)
      throws InterruptedException {
    long start = System.nanoTime();
    ComparisonView view = comparisons.create(request(scenario, jvms), "real-honesty");
    while (view.status() == RunStatus.QUEUED || view.status() == RunStatus.RUNNING) {
      Thread.sleep(1000);
      view = comparisons.get(view.id());
    }
    Duration wall = Duration.ofNanos(System.nanoTime() - start);
    String error = view.error();
    if (view.status() != RunStatus.SUCCEEDED) {
      List<String> tail =
          new ArrayList<>(
              jdbc.sql("select line from run_log where run_id = ? order by line_no desc limit 8")
                  .param(view.id())
                  .query(String.class)
                  .list());
      Collections.reverse(tail);
      error = error + "\n      log tail: " + String.join("\n        ", tail);
    }
    return new Done(
        scenario,
        repeat,
        view.id(),
        view.status(),
        error,
        wall,
        steps(jdbc, view.id()),
        view.result());
  }

  private static Steps steps(JdbcClient jdbc, long runId) {
    record Mark(String line, OffsetDateTime at) {}
    List<Mark> marks =
        jdbc.sql(
                "select line, logged_at from run_log where run_id = ? and line like '== %'"
                    + " order by line_no")
            .param(runId)
            .query((rs, n) -> new Mark(rs.getString(1), rs.getObject(2, OffsetDateTime.class)))
            .list();
    double resolve = 0;
    double index = 0;
    double tasks = 0;
    List<Double> search = new ArrayList<>();
    for (int i = 0; i + 1 < marks.size(); i++) {
      double seconds =
          Duration.between(marks.get(i).at(), marks.get(i + 1).at()).toMillis() / 1000.0;
      String step = marks.get(i).line().substring(3);
      if (step.startsWith("resolving")) {
        resolve += seconds;
      } else if (step.startsWith("indexing")) {
        index += seconds;
      } else if (step.startsWith("generating tasks")) {
        tasks += seconds;
      } else if (step.startsWith("search")) {
        search.add(seconds);
      }
    }
    // "indexing: done, 17389 docs in 7.13 s (…), 2 segments, 13.3 MB; …": each side's index.
    List<String> segments =
        jdbc
            .sql(
                "select line from run_log where run_id = ? and line like 'indexing: done%'"
                    + " order by line_no")
            .param(runId)
            .query(String.class)
            .list()
            .stream()
            .map(SEGMENTS::matcher)
            .filter(Matcher::find)
            .map(m -> m.group(1))
            .toList();
    return new Steps(resolve, index, tasks, search, segments);
  }

  private static String oneLine(Done d) {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "  #%-3d %-9s rep %d  %-9s wall %7s",
            d.id(),
            d.scenario().key(),
            d.repeat(),
            d.status().name().toLowerCase(Locale.ROOT),
            human(d.wall())));
    Steps st = d.steps();
    s.append(
        String.format(
            Locale.ROOT,
            "  (resolve %.0f s, indexing %.0f s into %s segments, tasks %.0f s,"
                + " search JVM %.1f s [%.0f-%.0f] × %d)",
            st.resolveSec(),
            st.indexSec(),
            String.join("+", st.segments()),
            st.tasksSec(),
            st.searchMean(),
            st.searchMin(),
            st.searchMax(),
            st.searchSec().size()));
    if (!d.ok()) {
      s.append("\n      ").append(d.error());
      return s.toString();
    }
    List<TaskComparison> flagged = d.flagged();
    s.append(
        String.format(
            Locale.ROOT,
            "%n      %d tables judged; %s: %d tasks, %d flagged%s; %d queries answered differently",
            d.result().tables().size(),
            QPS_TABLE,
            d.qps().map(t -> t.tasks().size()).orElse(0),
            flagged.size(),
            flagged.isEmpty()
                ? ""
                : flagged.stream()
                    .map(RealComparisonHonesty::verdictText)
                    .collect(Collectors.joining(", ", " (", ")")),
            d.result().mismatches().size()));
    return s.toString();
  }

  private static String verdictText(TaskComparison t) {
    return String.format(
        Locale.ROOT,
        "%s %s %+.1f %% q=%.3f",
        t.task(),
        t.verdict() == Verdict.FASTER ? "faster" : "slower",
        100 * t.relativeDifference(),
        t.qValue());
  }

  private static void summary(
      StringBuilder out, List<Scenario> scenarios, List<Done> done, Duration total) {
    line(out, "");
    line(out, "Every comparison (wall = queued to finished; search JVM = mean [min-max] per JVM):");
    for (Done d : done) {
      line(out, "%s", oneLine(d));
    }
    for (Scenario scenario : scenarios) {
      List<Done> all = done.stream().filter(d -> d.scenario() == scenario).toList();
      List<Done> ok = all.stream().filter(Done::ok).toList();
      line(out, "");
      line(
          out,
          "%s — %d of %d comparisons succeeded, wall median %s",
          scenario.title(),
          ok.size(),
          all.size(),
          human(median(all.stream().map(Done::wall).toList())));
      if (ok.isEmpty()) {
        continue;
      }
      switch (scenario.key()) {
        case "aa" -> aa(out, ok);
        case "releases" -> agreement(out, ok);
        default -> families(out, ok);
      }
    }
    line(out, "");
    line(
        out,
        "JDK %s; total %s for %d comparisons",
        done.stream()
            .filter(Done::ok)
            .map(d -> d.result().jdk())
            .distinct()
            .collect(Collectors.joining(", ")),
        human(total),
        done.size());
  }

  private static void aa(StringBuilder out, List<Done> ok) {
    int tested = 0;
    int flagged = 0;
    int allClear = 0;
    int allClearEveryTable = 0;
    for (Done d : ok) {
      int tasks = d.qps().map(t -> t.tasks().size()).orElse(0);
      tested += tasks;
      flagged += d.flagged().size();
      allClear += d.flagged().isEmpty() ? 1 : 0;
      boolean everyTable =
          d.result().tables().stream()
              .allMatch(
                  t -> t.tasks().stream().allMatch(x -> x.verdict() == Verdict.NO_DIFFERENCE));
      allClearEveryTable += everyTable ? 1 : 0;
      String others =
          d.result().tables().stream()
              .filter(t -> !(t.benchmark() + " " + t.metric()).equals(QPS_TABLE))
              .flatMap(
                  t ->
                      t.tasks().stream()
                          .filter(x -> x.verdict() != Verdict.NO_DIFFERENCE)
                          .map(x -> t.metric() + " " + verdictText(x)))
              .collect(Collectors.joining(", "));
      // A shift shared by every task points at the sides' setup (a JVM, an index copy), not
      // at any one query.
      double medianShift =
          d.qps()
              .map(
                  t ->
                      t.tasks().stream()
                          .mapToDouble(x -> x.relativeDifference())
                          .sorted()
                          .skip(t.tasks().size() / 2)
                          .findFirst()
                          .orElse(Double.NaN))
              .orElse(Double.NaN);
      line(
          out,
          "  rep %d: %d tasks, median difference %+.1f %%, %s%s",
          d.repeat(),
          tasks,
          100 * medianShift,
          d.flagged().isEmpty()
              ? "all no difference"
              : d.flagged().stream()
                  .map(RealComparisonHonesty::verdictText)
                  .collect(Collectors.joining(", ")),
          others.isEmpty() ? "" : "; other tables: " + others);
    }
    line(
        out,
        "  all-clear on %s: %d of %d comparisons (%.0f %%; BH's target >= 95 %% over many"
            + " repeats)",
        QPS_TABLE,
        allClear,
        ok.size(),
        100.0 * allClear / ok.size());
    line(
        out,
        "  per-task false positive rate: %d flagged of %d tested tasks = %.3f",
        flagged,
        tested,
        tested == 0 ? Double.NaN : (double) flagged / tested);
    line(
        out,
        "  (all-clear on every judged table, qpsFastest etc. included: %d of %d)",
        allClearEveryTable,
        ok.size());
  }

  /** Per task: in how many repeats it came out slower, faster or no different. */
  private static void families(StringBuilder out, List<Done> ok) {
    Map<String, List<TaskComparison>> byTask = byTask(ok);
    line(
        out,
        "  %-26s %6s %6s %6s   %s",
        "task (search qps)",
        "slower",
        "faster",
        "none",
        "difference per repeat");
    for (Map.Entry<String, List<TaskComparison>> e : byTask.entrySet()) {
      List<TaskComparison> ts = e.getValue();
      line(
          out,
          "  %-26s %6d %6d %6d   %s",
          e.getKey(),
          count(ts, Verdict.SLOWER),
          count(ts, Verdict.FASTER),
          count(ts, Verdict.NO_DIFFERENCE),
          ts.stream()
              .map(t -> String.format(Locale.ROOT, "%+.1f%%", 100 * t.relativeDifference()))
              .collect(Collectors.joining(" ")));
    }
    long flaggedAnywhere =
        byTask.values().stream()
            .filter(ts -> ts.stream().anyMatch(t -> t.verdict() != Verdict.NO_DIFFERENCE))
            .count();
    line(
        out,
        "  %d of %d tasks flagged in at least one of %d repeats; %d queries answered differently"
            + " in total",
        flaggedAnywhere,
        byTask.size(),
        ok.size(),
        ok.stream().mapToInt(d -> d.result().mismatches().size()).sum());
  }

  /** Per task its verdicts across repeats (S slower, F faster, - none) and how many agree. */
  private static void agreement(StringBuilder out, List<Done> ok) {
    Map<String, List<TaskComparison>> byTask = byTask(ok);
    line(out, "  %-26s %-10s   %s", "task (search qps)", "verdicts", "difference per repeat");
    int identical = 0;
    int complete = 0;
    for (Map.Entry<String, List<TaskComparison>> e : byTask.entrySet()) {
      List<TaskComparison> ts = e.getValue();
      String verdicts =
          ts.stream()
              .map(
                  t ->
                      switch (t.verdict()) {
                        case SLOWER -> "S";
                        case FASTER -> "F";
                        case NO_DIFFERENCE -> "-";
                      })
              .collect(Collectors.joining(" "));
      if (ts.size() == ok.size()) {
        complete++;
        if (ts.stream().map(TaskComparison::verdict).distinct().count() == 1) {
          identical++;
        }
      }
      line(
          out,
          "  %-26s %-10s   %s",
          e.getKey(),
          verdicts,
          ts.stream()
              .map(t -> String.format(Locale.ROOT, "%+.1f%%", 100 * t.relativeDifference()))
              .collect(Collectors.joining(" ")));
    }
    line(
        out,
        "  agreement: %d of %d tasks had the same verdict in all %d repeats (%.0f %%)%s",
        identical,
        complete,
        ok.size(),
        complete == 0 ? Double.NaN : 100.0 * identical / complete,
        ok.size() < 2 ? " — trivially, with one repeat" : "");
  }

  private static Map<String, List<TaskComparison>> byTask(List<Done> ok) {
    Map<String, List<TaskComparison>> byTask = new java.util.TreeMap<>();
    for (Done d : ok) {
      for (TaskComparison t : d.qps().map(x -> x.tasks()).orElse(List.of())) {
        byTask.computeIfAbsent(t.task(), k -> new ArrayList<>()).add(t);
      }
    }
    return byTask;
  }

  private static long count(List<TaskComparison> ts, Verdict verdict) {
    return ts.stream().filter(t -> t.verdict() == verdict).count();
  }

  private static String describeProfile(Map<String, String> properties) {
    String p = "nightbench.runner.profiles." + PROFILE + ".";
    return properties.entrySet().stream()
        .filter(e -> e.getKey().startsWith(p) && !e.getKey().endsWith("jvm-args"))
        .map(e -> e.getKey().substring(p.length()) + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }

  private static Duration median(List<Duration> durations) {
    if (durations.isEmpty()) {
      return Duration.ZERO;
    }
    List<Duration> sorted = durations.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }

  private static String human(Duration d) {
    long s = Math.round(d.toMillis() / 1000.0);
    return s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }

  private static int intEnv(String name, int fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : Integer.parseInt(value.strip());
  }

  private static void line(StringBuilder out, String format, Object... args) {
    out.append(String.format(Locale.ROOT, format, args)).append('\n');
  }

  /**
   * Keeps the test classes' configurations (e.g. a test's movable clock) out of the app. The lab
   * reads backend's test classes from its test jar ({@code nightbench-tests.jar} in the reactor,
   * {@code ...-tests.jar} from a repository), an IDE from {@code target/test-classes}.
   */
  static final class NoTestClasses extends TypeExcludeFilter {
    @Override
    public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
      try {
        String url = reader.getResource().getURL().toString();
        return url.contains("/test-classes/") || url.contains("-tests.jar!/");
      } catch (IOException e) {
        return false;
      }
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof NoTestClasses;
    }

    @Override
    public int hashCode() {
      return NoTestClasses.class.hashCode();
    }
  }
}
