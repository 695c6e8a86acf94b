package org.nightbench.benchjobs.runner;

import java.io.PrintStream;
import java.nio.file.Path;
import org.nightbench.protocol.StepSpec;

/**
 * Runs one spec: instantiates the class its benchmark's definition names, lets it measure once,
 * brackets the measurement with the JVM's GC and JIT bookkeeping (one log line) and writes the
 * result file. The one place a step is dispatched, so every benchmark has the same shape around it.
 */
public final class BenchmarkRunner {

  private BenchmarkRunner() {}

  /**
   * Runs {@code spec}, writing its output (a result file, or a preparation's file) to {@code out}.
   */
  public static void run(StepSpec spec, Path out, PrintStream log) throws Exception {
    Object unit = BenchmarkClasses.instantiate(spec);
    if (unit instanceof Preparation<?> preparation) {
      prepare(preparation, spec, out, log);
      return;
    }
    Benchmark<StepSpec> benchmark = cast(unit);
    JvmActivity before = JvmActivity.now();
    Report report = benchmark.measure(spec, log);
    log.println(spec.type() + ": measured in " + before.since(JvmActivity.now()));
    Results.write(out, spec.type(), report, benchmark.readsLucene());
  }

  @SuppressWarnings("unchecked") // BenchmarkClasses checked that it measures the spec's record
  private static Benchmark<StepSpec> cast(Object unit) {
    return (Benchmark<StepSpec>) unit;
  }

  @SuppressWarnings("unchecked") // BenchmarkClasses checked that it prepares the spec's record
  private static void prepare(Preparation<?> preparation, StepSpec spec, Path out, PrintStream log)
      throws Exception {
    ((Preparation<StepSpec>) preparation).prepare(spec, out, log);
  }
}
