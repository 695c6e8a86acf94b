package org.nightbench.worker;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.Cancellation;
import org.nightbench.harness.HarnessSteps;
import org.nightbench.jdk.Jdk;
import org.nightbench.lucene.ResolvedLucene;
import org.nightbench.runs.Run;

/**
 * What the worker needs of comparisons, implemented where comparisons live: which runs are A/B
 * comparisons, how they are measured with what the worker lends them, and how what they measured is
 * stored. Only this port sits in the worker; the comparisons' model (plans, sides, samples) stays
 * in {@code comparisons}, and runs depends on this port only, never on that package.
 */
public interface ComparisonRuns {

  /** The comparison run {@code runId} is; empty for an ordinary run. */
  Optional<Measurement> comparison(long runId);

  /** One comparison run, to be measured. */
  interface Measurement {

    /**
     * Measures both sides in the worker's thread, with what {@code worker} lends it; throws with a
     * one-line message when the comparison cannot go on.
     */
    Measured measure(Run run, Worker worker);
  }

  /** What a comparison measured, held until every JVM is done. */
  interface Measured {

    /** The JDK both sides ran on. */
    String jdk();

    /** How many metrics both sides measured. */
    int metrics();

    /** Judges and stores it, in a transaction of its own; called in the worker's thread. */
    void store();
  }

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
}
