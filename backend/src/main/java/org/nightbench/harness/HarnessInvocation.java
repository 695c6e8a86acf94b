package org.nightbench.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.nightbench.protocol.StepSpec;

/**
 * One forked harness JVM: which java, which Lucene jars, which step.
 *
 * @param step what this JVM does in words, for logs and errors ("search JVM 2/3")
 * @param javaHome the JDK that runs it
 * @param luceneJars the Lucene under test, put on the class path after the harness
 * @param jvmArgs JVM flags from the profile
 * @param spec the benchmark step, written beside {@code out} as a spec file the JVM reads
 * @param out where the step writes its output (a result file; generate-tasks' task file)
 * @param timeout the JVM is killed after this long
 * @param cancellation asked while the JVM runs; the JVM is killed when it gives a reason
 * @param flightRecording where the JVM writes a Java Flight Recorder profile; null for none. The
 *     launcher adds the flag itself: {@code jvmArgs} may not ask for a recording (JvmFlags)
 */
public record HarnessInvocation(
    String step,
    Path javaHome,
    List<Path> luceneJars,
    List<String> jvmArgs,
    StepSpec spec,
    Path out,
    Duration timeout,
    Cancellation cancellation,
    Path flightRecording) {

  public HarnessInvocation {
    cancellation = cancellation == null ? Cancellation.NONE : cancellation;
  }

  /** An invocation that records no profile. */
  public HarnessInvocation(
      String step,
      Path javaHome,
      List<Path> luceneJars,
      List<String> jvmArgs,
      StepSpec spec,
      Path out,
      Duration timeout,
      Cancellation cancellation) {
    this(step, javaHome, luceneJars, jvmArgs, spec, out, timeout, cancellation, null);
  }

  /** An invocation that is never cancelled and records no profile. */
  public HarnessInvocation(
      String step,
      Path javaHome,
      List<Path> luceneJars,
      List<String> jvmArgs,
      StepSpec spec,
      Path out,
      Duration timeout) {
    this(step, javaHome, luceneJars, jvmArgs, spec, out, timeout, Cancellation.NONE, null);
  }

  /**
   * The spec file beside the output: {@code search-2.json} is run from {@code search-2.spec.json}.
   */
  public Path specFile() {
    String name = out.getFileName().toString().replaceFirst("\\.[^.]*$", "");
    return out.toAbsolutePath().resolveSibling(name + ".spec.json");
  }
}
