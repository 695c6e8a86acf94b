package org.nightbench.benchjobs.runner;

import java.io.PrintStream;
import org.nightbench.protocol.StepSpec;

/**
 * One benchmark of the harness: reads its spec record directly, opens what it measures, warms up as
 * its spec says, measures once and reports. Everything around that — which class measures a spec,
 * the JVM's GC and JIT bookkeeping, the Lucene and environment of the result, writing the result
 * file — is the {@link BenchmarkRunner}'s. An implementation has a public no-argument constructor:
 * the runner instantiates the class its {@link org.nightbench.protocol.BenchmarkDefinition} names.
 *
 * @param <S> the spec record it measures
 */
public interface Benchmark<S extends StepSpec> {

  /** Measures {@code spec} once; progress lines go to {@code log}, the run's log. */
  Report measure(S spec, PrintStream log) throws Exception;

  /**
   * Whether the result names the Lucene under test. Calibration measures the machine, must not load
   * Lucene, and so says no.
   */
  default boolean readsLucene() {
    return true;
  }
}
