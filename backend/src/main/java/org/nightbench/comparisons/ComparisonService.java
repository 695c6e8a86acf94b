package org.nightbench.comparisons;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.comparisons.statistics.Comparison;
import org.nightbench.comparisons.statistics.LuceneutilTable;
import org.nightbench.comparisons.statistics.TaskComparison;
import org.nightbench.comparisons.statistics.TaskSamples;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.runs.ComparisonRuns;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.web.NotFoundException;
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

  private final ComparisonRepository repository;
  private final RunService runs;

  ComparisonService(ComparisonRepository repository, RunService runs) {
    this.repository = repository;
    this.runs = runs;
  }

  /** Queues a comparison; a one-line error for a bad spec, profile or JVM count. */
  @Transactional
  public ComparisonView create(ComparisonRequest request, String user) {
    if (request == null || blank(request.baseline()) || blank(request.candidate())) {
      throw new IllegalArgumentException(
          "a comparison needs a baseline and a candidate, e.g. maven:9.12.3 and maven:10.0.0");
    }
    LuceneSpec.parse(request.baseline());
    LuceneSpec.parse(request.candidate());
    for (String directory :
        List.of(
            ComparisonRepository.directory(request.baselineDirectory()),
            ComparisonRepository.directory(request.candidateDirectory()))) {
      if (!DIRECTORIES.contains(directory)) {
        throw new IllegalArgumentException(
            "unknown directory " + directory + ": use default, mmap or nio");
      }
    }
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

  public List<ComparisonView> recent(int limit) {
    return repository.recent(Math.max(1, Math.min(limit, 500)));
  }

  @Override
  public Optional<Plan> plan(long runId) {
    return repository.plan(runId);
  }

  @Override
  @Transactional
  public void finish(long runId, Outcome outcome) {
    repository.storeResult(runId, judge(outcome));
  }

  /** Every (benchmark, metric) becomes one table whose tasks share one false discovery rate. */
  static ComparisonResult judge(Outcome outcome) {
    Map<String, List<Samples>> byTable = new LinkedHashMap<>();
    for (Samples samples : outcome.samples()) {
      byTable
          .computeIfAbsent(samples.benchmark() + " " + samples.metric(), key -> new ArrayList<>())
          .add(samples);
    }
    List<ComparisonResult.Table> tables = new ArrayList<>();
    for (List<Samples> table : byTable.values()) {
      Samples first = table.get(0);
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
                  .sorted(Comparator.comparing(Samples::task))
                  .map(s -> new ComparisonResult.Samples(s.task(), s.baseline(), s.candidate()))
                  .toList(),
              LuceneutilTable.format(judged)));
    }
    return new ComparisonResult(
        outcome.baselineVersion(),
        outcome.candidateVersion(),
        outcome.jdk(),
        tables,
        outcome.mismatches());
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }
}
