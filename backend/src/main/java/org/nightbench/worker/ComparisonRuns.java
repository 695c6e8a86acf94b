package org.nightbench.worker;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.harness.StepResult;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.Run;

/**
 * What the worker needs of comparisons, implemented where comparisons live: which runs are A/B
 * comparisons and what their sides are, how their sides are measured, and where their samples go
 * once measured. Runs depends on this port only, never on the comparisons package.
 */
public interface ComparisonRuns {

  /** The plan of a comparison run; empty for an ordinary run. */
  Optional<Plan> plan(long runId);

  /**
   * Measures both sides of a comparison run in the worker's thread, with what {@code worker} lends
   * it; throws with a one-line message when the comparison cannot go on.
   */
  Outcome execute(Run run, Plan plan, Worker worker);

  /** Stores what the comparison measured; called in the worker's thread when all JVMs are done. */
  void finish(long runId, Outcome outcome);

  /**
   * One side: a Lucene revision, the extra JVM flags it runs with, how its search JVMs read the
   * index ({@code default}, {@code mmap} or {@code nio}) and how its index is written.
   *
   * @param storedFields {@code speed} or {@code compression}; null for the codec's default
   * @param postingsFormat the postings format of every field by its SPI name; null for the codec's
   */
  record Side(
      String luceneSpec,
      List<String> jvmArgs,
      String directory,
      String storedFields,
      String postingsFormat) {

    public Side(String luceneSpec, List<String> jvmArgs, String directory) {
      this(luceneSpec, jvmArgs, directory, null, null);
    }
  }

  /**
   * Both sides, how many JVMs each gets per benchmark, which benchmarks run ({@link #BENCHMARKS}),
   * which search task categories (empty for all) and whether both sides record JFR profiles.
   */
  record Plan(
      Side baseline,
      Side candidate,
      int jvms,
      List<String> benchmarks,
      List<String> categories,
      boolean jfr) {

    public Plan(Side baseline, Side candidate, int jvms) {
      this(baseline, candidate, jvms, List.of(SEARCH), List.of(), false);
    }

    public Plan(
        Side baseline, Side candidate, int jvms, List<String> benchmarks, List<String> categories) {
      this(baseline, candidate, jvms, benchmarks, categories, false);
    }

    public boolean runs(String benchmark) {
      return benchmarks.contains(benchmark);
    }
  }

  String SEARCH = "search";
  String PK_LOOKUP = "pk-lookup";
  String INDEXING = "indexing";
  String NRT = "nrt";
  String LOAD = "load";
  String PK_POSTINGS = "pk-postings";
  String CHECK_INDEX = "check-index";
  String COLD_SEARCH = "cold-search";
  String STORED_FIELDS = "stored-fields";
  String FACET_TIMINGS = "facet-timings";
  String KNN = "knn";

  /** Every benchmark a comparison can run, in the order it runs them. */
  List<String> BENCHMARKS =
      List.of(
          INDEXING,
          SEARCH,
          PK_LOOKUP,
          NRT,
          LOAD,
          PK_POSTINGS,
          CHECK_INDEX,
          COLD_SEARCH,
          STORED_FIELDS,
          FACET_TIMINGS,
          KNN);

  /**
   * What the worker lends a comparison run while it is measured: the run's log and cancellation,
   * its progress line and revision, its work directory and the steps that fork its harness JVMs.
   */
  interface Worker {

    /** The run's log, as the run page shows it. */
    Consumer<String> log();

    /** Stops a step when the run is cancelled or timed out. */
    Cancellation cancellation();

    /** Shows {@code step} as the run's progress. */
    void progress(String step);

    /** Records the candidate's revision and the JDK both sides run on. */
    void recordRevision(String luceneVersion, Instant revisionDate, String jdk);

    /** The run's empty work directory: a run handed back to the queue starts afresh. */
    Path prepareWork();

    /** The harness steps of one side: its JVMs run {@code lucene} on {@code jdk}. */
    HarnessSteps steps(Jdk jdk, ResolvedLucene lucene, BenchmarkProfile profile);
  }

  /** One metric of one task, one value per JVM on each side, in the order the JVMs ran. */
  record Samples(
      String benchmark,
      String task,
      String metric,
      String unit,
      boolean higherIsBetter,
      double[] baseline,
      double[] candidate) {}

  /**
   * What the sides measured.
   *
   * @param mismatches one line per query whose hit count or top documents differ between the sides
   * @param baselineRecordings the baseline's steps that recorded a JFR profile, each named by its
   *     benchmark; empty when the plan asked for none
   * @param candidateRecordings the same of the candidate
   */
  record Outcome(
      String baselineVersion,
      String candidateVersion,
      String jdk,
      List<Samples> samples,
      List<String> mismatches,
      List<StepResult> baselineRecordings,
      List<StepResult> candidateRecordings) {

    public Outcome(
        String baselineVersion,
        String candidateVersion,
        String jdk,
        List<Samples> samples,
        List<String> mismatches) {
      this(baselineVersion, candidateVersion, jdk, samples, mismatches, List.of(), List.of());
    }
  }
}
