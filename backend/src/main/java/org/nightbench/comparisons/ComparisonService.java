package org.nightbench.comparisons;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.nightbench.harness.BenchmarkCatalogue;
import org.nightbench.harness.JvmFlags;
import org.nightbench.lucene.LuceneSpecCheck;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.statistics.Comparison;
import org.nightbench.statistics.LuceneutilTable;
import org.nightbench.statistics.TaskComparison;
import org.nightbench.statistics.TaskSamples;
import org.nightbench.web.NotFoundException;
import org.nightbench.worker.ComparisonRuns;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Queues comparisons as runs of the worker, tells the worker their sides, and judges what it
 * measured: per benchmark and metric, every task tested and the false discovery rate controlled.
 */
@Service
public class ComparisonService implements ComparisonRuns {

  static final int DEFAULT_JVMS = 10;
  static final int MAX_JVMS = 100;
  static final List<String> DIRECTORIES = List.of("default", "mmap", "nio");

  static final List<String> STORED_FIELDS = List.of("speed", "compression");
  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  private final ComparisonRepository repository;
  private final RunService runs;
  private final RunnerProperties runner;
  private final LuceneSpecCheck specs;
  private final ComparisonExecutor executor;
  private final ComparisonStore store;

  ComparisonService(
      ComparisonRepository repository,
      RunService runs,
      RunnerProperties runner,
      LuceneSpecCheck specs,
      ComparisonExecutor executor,
      ComparisonStore store) {
    this.repository = repository;
    this.runs = runs;
    this.runner = runner;
    this.specs = specs;
    this.executor = executor;
    this.store = store;
  }

  /** Queues a comparison; a one-line error for a bad spec, profile or JVM count. */
  @Transactional
  public ComparisonView create(ComparisonRequest request, String user) {
    if (request == null || blank(request.baseline()) || blank(request.candidate())) {
      throw new IllegalArgumentException(
          "a comparison needs a baseline and a candidate, e.g. maven:9.12.3 and maven:10.0.0");
    }
    specs.check(request.baseline());
    specs.check(request.candidate());
    JvmFlags.check(request.baselineJvmArgs());
    JvmFlags.check(request.candidateJvmArgs());
    for (String directory :
        List.of(
            ComparisonRepository.directory(request.baselineDirectory()),
            ComparisonRepository.directory(request.candidateDirectory()))) {
      if (!DIRECTORIES.contains(directory)) {
        throw new IllegalArgumentException(
            "unknown directory " + directory + ": use default, mmap or nio");
      }
    }
    for (String storedFields :
        Arrays.asList(request.baselineStoredFields(), request.candidateStoredFields())) {
      String mode = ComparisonRepository.optional(storedFields);
      if (mode != null && !STORED_FIELDS.contains(mode)) {
        throw new IllegalArgumentException(
            "unknown stored fields mode " + mode + ": use speed or compression");
      }
    }
    for (String format :
        Arrays.asList(request.baselinePostingsFormat(), request.candidatePostingsFormat())) {
      String name = ComparisonRepository.optional(format);
      if (name != null && !NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "postings format '" + name + "' is no SPI name such as Lucene912 or FST50");
      }
    }
    checkSuite(request);
    int jvms = request.jvms() == null ? DEFAULT_JVMS : request.jvms();
    if (jvms < 2 || jvms > MAX_JVMS) {
      throw new IllegalArgumentException(
          "jvms must be between 2 and " + MAX_JVMS + " per side, not " + jvms);
    }
    // The run carries the candidate's spec: the runs list then names what is being tried.
    Run run =
        runs.enqueue(request.candidate(), request.profile(), request.corpus(), "manual", user);
    repository.insert(run.id(), request, jvms);
    return get(run.id());
  }

  public ComparisonView get(long id) {
    return repository.find(id).orElseThrow(() -> new NotFoundException("No comparison " + id));
  }

  /** Cancels the comparison's run: its JVM is stopped and no result is stored. */
  public ComparisonView cancel(long id) {
    get(id);
    runs.cancel(id);
    return get(id);
  }

  public List<ComparisonView> recent(int limit) {
    return recent(limit, 0);
  }

  /** As {@link #recent(int)}, after skipping the newest {@code offset}: a later page. */
  public List<ComparisonView> recent(int limit, int offset) {
    return repository.recent(Math.max(1, Math.min(limit, 500)), Math.max(0, offset));
  }

  @Override
  public Optional<Measurement> comparison(long runId) {
    return repository
        .plan(runId)
        .map(
            plan ->
                (run, worker) ->
                    new MeasuredComparison(runId, executor.execute(run, plan, worker), store));
  }

  /** Every (benchmark, metric) becomes one table whose tasks share one false discovery rate. */
  static ComparisonResult judge(ComparisonOutcome outcome) {
    Map<String, List<ComparisonOutcome.Samples>> byTable = new LinkedHashMap<>();
    List<String> notCompared = new ArrayList<>();
    for (ComparisonOutcome.Samples samples : outcome.samples()) {
      if (!comparable(samples.baseline()) || !comparable(samples.candidate())) {
        // Differences are judged as ratios: a metric that can be zero (merge time, GC count)
        // cannot be, and saying so beats a verdict on a made-up ratio.
        notCompared.add(
            samples.benchmark()
                + " "
                + samples.metric()
                + " "
                + samples.task()
                + ": a value is zero or not a number");
        continue;
      }
      byTable
          .computeIfAbsent(samples.benchmark() + " " + samples.metric(), key -> new ArrayList<>())
          .add(samples);
    }
    List<ComparisonResult.Table> tables = new ArrayList<>();
    for (List<ComparisonOutcome.Samples> table : byTable.values()) {
      ComparisonOutcome.Samples first = table.get(0);
      List<TaskComparison> judged =
          Comparison.compare(
              table.stream()
                  .map(s -> new TaskSamples(s.task(), s.baseline(), s.candidate()))
                  .toList(),
              first.higherIsBetter());
      tables.add(
          new ComparisonResult.Table(
              first.benchmark(),
              first.metric(),
              first.unit(),
              first.higherIsBetter(),
              judged,
              table.stream()
                  .sorted(Comparator.comparing(ComparisonOutcome.Samples::task))
                  .map(s -> new ComparisonResult.Samples(s.task(), s.baseline(), s.candidate()))
                  .toList(),
              LuceneutilTable.format(judged),
              ComparisonResult.Table.commonShift(judged)));
    }
    return new ComparisonResult(
        outcome.baselineVersion(),
        outcome.candidateVersion(),
        outcome.jdk(),
        tables,
        outcome.mismatches(),
        notCompared,
        RecallLosses.find(outcome.samples()));
  }

  private static boolean comparable(double[] values) {
    for (double value : values) {
      if (!(value > 0) || Double.isInfinite(value)) {
        return false;
      }
    }
    return true;
  }

  /** The benchmarks and categories asked for exist, and the profile can run them. */
  private void checkSuite(ComparisonRequest request) {
    if (request.benchmarks() != null) {
      for (String benchmark : request.benchmarks()) {
        if (benchmark != null && !benchmark.isBlank()) {
          BenchmarkCatalogue.comparable(benchmark);
        }
      }
    }
    if (request.categories() != null) {
      for (String category : request.categories()) {
        if (category != null && !category.isBlank() && !NAME.matcher(category.strip()).matches()) {
          throw new IllegalArgumentException(
              "task category '" + category.strip() + "' is no category name such as HighTerm");
        }
      }
    }
    String profileName = blank(request.profile()) ? runner.profile() : request.profile().strip();
    BenchmarkCatalogue.checkProfile(
        profileName,
        runner.profile(profileName),
        ComparisonRepository.benchmarks(request.benchmarks()));
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }
}
