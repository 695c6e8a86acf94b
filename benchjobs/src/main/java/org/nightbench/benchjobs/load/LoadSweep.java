package org.nightbench.benchjobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.MMapDirectory;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.result.Curve;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * Steps of rising offered load against one index until the server is clearly past capacity:
 * percentiles, achieved rate and errors per step; capacity is the highest target rate of the steps
 * that pass (p99 under the limit, nothing abandoned, no errors) before the first that does not.
 */
public final class LoadSweep implements Benchmark<LoadSpec> {

  public static final String BENCHMARK = LoadSpec.DEFINITION.series();

  /** The results: metrics, the latency-against-load curve and notes for the run page. */
  public record Result(List<Metric> metrics, Curve curve, List<String> notes) {}

  /** For the runner. */
  public LoadSweep() {}

  @Override
  public Report measure(LoadSpec spec, PrintStream log) throws Exception {
    Indexes.open(spec.indexDir()).close(); // one-line errors for a missing or empty index
    Result result =
        run(
            spec.indexDir(),
            TaskFileParser.parse(spec.tasks()),
            spec.tasks().toString(),
            spec,
            log);
    return new Report(result.metrics(), List.of(result.curve()), result.notes());
  }

  static Result run(
      Path indexDir, List<Task> tasks, String tasksSource, LoadSpec settings, PrintStream progress)
      throws IOException, InterruptedException {
    List<String> categories = settings.categories() == null ? List.of() : settings.categories();
    List<Task> chosen =
        tasks.stream()
            .filter(t -> categories.isEmpty() || categories.contains(t.category()))
            .toList();
    if (chosen.isEmpty()) {
      throw new IllegalArgumentException(
          "no tasks of categories " + String.join(",", categories) + " in " + tasksSource);
    }
    Query[] queries = parse(chosen, tasksSource);
    try (Directory directory = open(indexDir, settings.directory());
        DirectoryReader reader = DirectoryReader.open(directory)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      searcher.setQueryCache(null);
      return sweep(searcher, queries, settings, progress);
    }
  }

  /** One step of the sweep: its row of the curve, its detail and whether it passed. */
  private record Step(List<Double> row, Map<String, Object> detail, boolean passed, boolean past) {}

  private static Result sweep(
      IndexSearcher searcher, Query[] queries, LoadSpec settings, PrintStream progress)
      throws InterruptedException {
    SplittableRandom random = new SplittableRandom(settings.seed());
    List<Step> steps = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    double target = settings.startQps();
    for (int step = 0; step < settings.maxSteps(); step++, target *= settings.stepFactor()) {
      Step measured = step(searcher, queries, settings, target, random, notes, progress);
      steps.add(measured);
      if (measured.past()) {
        break; // clearly past capacity: more load only measures the queue
      }
    }
    return report(settings, steps, notes);
  }

  /** Offers {@code target} queries per second, after a warm-up at that rate when asked for one. */
  private static Step step(
      IndexSearcher searcher,
      Query[] queries,
      LoadSpec settings,
      double target,
      SplittableRandom random,
      List<String> notes,
      PrintStream progress)
      throws InterruptedException {
    long stepNanos = (long) (settings.stepSeconds() * 1e9);
    long drain =
        TimeUnit.MILLISECONDS.toNanos((long) Math.max(1000, settings.stepSeconds() * 1000));
    int threads = settings.threads();
    int[] picks = random.ints(1 << 16, 0, queries.length).toArray();
    OpenLoopStep.Service service = i -> searcher.search(queries[picks[i & (picks.length - 1)]], 10);
    if (settings.warmupSeconds() > 0) {
      OpenLoopStep.runThreaded(
          OpenLoopStep.arrivals(target, settings.warmupSeconds(), random),
          (long) (settings.warmupSeconds() * 1e9),
          service,
          threads,
          drain);
    }
    long gcBefore = gcMillis();
    OpenLoopStep.Outcome outcome =
        OpenLoopStep.runThreaded(
            OpenLoopStep.arrivals(target, settings.stepSeconds(), random),
            stepNanos,
            service,
            threads,
            drain);
    double gcPause = gcMillis() - gcBefore;
    return summarise(settings, target, outcome, gcPause, notes, progress);
  }

  /** The step's percentiles, rate and errors: a row of the curve, a detail and a verdict. */
  private static Step summarise(
      LoadSpec settings,
      double target,
      OpenLoopStep.Outcome outcome,
      double gcPause,
      List<String> notes,
      PrintStream progress) {
    Histogram h = outcome.latencies();
    double p50 = ms(h.getValueAtPercentile(50));
    double p90 = ms(h.getValueAtPercentile(90));
    double p99 = ms(h.getValueAtPercentile(99));
    double p999 = ms(h.getValueAtPercentile(99.9));
    double max = ms(h.getMaxValue());
    double achieved = outcome.achievedQps();
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("targetQps", target);
    detail.put("achievedQps", achieved);
    detail.put("requests", h.getTotalCount());
    detail.put("abandoned", outcome.abandoned());
    detail.put("errors", outcome.errors());
    detail.put("p50Ms", p50);
    detail.put("p90Ms", p90);
    detail.put("p99Ms", p99);
    detail.put("p999Ms", p999);
    detail.put("maxMs", max);
    detail.put("gcPauseMs", gcPause);
    if (outcome.errors() > 0) {
      detail.put("firstError", outcome.firstError());
      notes.add(
          String.format(
              Locale.ROOT,
              "load on %s: %d queries failed at %.0f q/s (first: %s); the step does not pass",
              settings.directory(),
              outcome.errors(),
              target,
              outcome.firstError()));
    }
    progress.printf(
        Locale.ROOT,
        "load %s: target %.0f q/s achieved %.0f, p50 %.2f p99 %.2f p99.9 %.2f max %.2f ms,"
            + " gc %.0f ms, %d abandoned, %d errors%n",
        settings.directory(),
        target,
        achieved,
        p50,
        p99,
        p999,
        max,
        gcPause,
        outcome.abandoned(),
        outcome.errors());
    return new Step(
        List.of(target, p50, p90, p99, p999, max, achieved),
        detail,
        passes(outcome, settings.p99LimitMs()),
        p99 > 10 * settings.p99LimitMs() || achieved < 0.5 * target);
  }

  /** Capacity and the percentiles at it, and the latency-against-load curve of every step. */
  private static Result report(LoadSpec settings, List<Step> measured, List<String> notes) {
    List<Map<String, Object>> steps = measured.stream().map(Step::detail).toList();
    int capacityStep = capacityStep(measured.stream().map(Step::passed).toList());
    double capacity = capacityStep < 0 ? 0 : (double) steps.get(capacityStep).get("targetQps");
    Map<String, Object> atCapacity = steps.get(Math.max(0, capacityStep));
    if (capacityStep < 0) {
      notes.add(
          "load on "
              + settings.directory()
              + ": even "
              + settings.startQps()
              + " q/s did not pass (p99 above "
              + settings.p99LimitMs()
              + " ms, abandoned requests or errors); capacity is reported as 0");
    }
    Map<String, Object> sweepDetail = new LinkedHashMap<>();
    sweepDetail.put("p99LimitMs", settings.p99LimitMs());
    sweepDetail.put("threads", settings.threads());
    sweepDetail.put("steps", steps);
    String task = settings.directory();
    List<Metric> metrics =
        List.of(
            LoadSpec.DEFINITION.measured(task, "capacityQps", capacity, sweepDetail),
            atCapacity(task, "p50Ms", atCapacity),
            atCapacity(task, "p99Ms", atCapacity),
            atCapacity(task, "p999Ms", atCapacity),
            atCapacity(task, "gcPauseMs", atCapacity));
    Curve curve =
        new Curve(
            BENCHMARK,
            task,
            "latencyVsLoad",
            "target queries/s",
            List.of("p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "achieved queries/s"),
            measured.stream().map(Step::row).toList());
    return new Result(metrics, curve, notes);
  }

  private static Metric atCapacity(String task, String name, Map<String, Object> atCapacity) {
    return LoadSpec.DEFINITION.measured(task, name, (double) atCapacity.get(name), Map.of());
  }

  /**
   * Whether a step kept up: p99 within the limit, nothing abandoned and no query failed. A failed
   * query has no latency, so without the error check a server that fails fast would look fast.
   */
  static boolean passes(OpenLoopStep.Outcome outcome, double p99LimitMs) {
    return ms(outcome.latencies().getValueAtPercentile(99)) <= p99LimitMs
        && outcome.abandoned() == 0
        && outcome.errors() == 0;
  }

  /**
   * The step whose target rate is the capacity: the last of the passing steps before the first
   * failing one, or -1 when the first step fails. A pass after a failure is noise, not capacity.
   */
  static int capacityStep(List<Boolean> passed) {
    int last = -1;
    while (last + 1 < passed.size() && passed.get(last + 1)) {
      last++;
    }
    return last;
  }

  private static Directory open(Path indexDir, String kind) throws IOException {
    Directory onDisk = new MMapDirectory(indexDir);
    if (kind.equals("mmap")) {
      return onDisk;
    }
    // On heap: every file copied into a ByteBuffersDirectory, so reads never touch the page cache.
    try (onDisk) {
      ByteBuffersDirectory heap = new ByteBuffersDirectory();
      for (String file : onDisk.listAll()) {
        // Only the index's own files: the taxonomy beside it is a subdirectory no query reads.
        if (!file.equals("write.lock") && Files.isRegularFile(indexDir.resolve(file))) {
          heap.copyFrom(onDisk, file, file, IOContext.DEFAULT);
        }
      }
      return heap;
    }
  }

  /** luceneutil's current facet spelling, {@code +facets:kind:Dim}. */
  private static final Pattern FACETS_KIND_DIM =
      Pattern.compile("\\+facets:(taxonomy|sortedset):(\\S+)");

  /**
   * Every task's text as one classic query, operators included as words (so the load sweep's query
   * mix stays what it was); luceneutil's current facet spelling is read as its older one, which the
   * classic syntax takes, rather than failing the sweep on its second colon.
   */
  private static Query[] parse(List<Task> tasks, String source) {
    QueryParser parser = new QueryParser("body", new StandardAnalyzer());
    Query[] queries = new Query[tasks.size()];
    for (int i = 0; i < queries.length; i++) {
      String text = FACETS_KIND_DIM.matcher(tasks.get(i).query()).replaceAll("+facets:$2.$1");
      try {
        queries[i] = parser.parse(text);
      } catch (ParseException e) {
        throw new IllegalArgumentException(
            source
                + " line "
                + tasks.get(i).lineNumber()
                + ": cannot parse query "
                + tasks.get(i).query());
      }
    }
    return queries;
  }

  private static long gcMillis() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, gc.getCollectionTime());
    }
    return total;
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
