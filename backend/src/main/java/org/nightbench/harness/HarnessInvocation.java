package org.nightbench.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One forked harness JVM: which java, which Lucene jars, which harness command.
 *
 * @param step what this JVM does in words, for logs and errors ("search JVM 2/3")
 * @param javaHome the JDK that runs it
 * @param luceneJars the Lucene under test, put on the class path after the harness
 * @param jvmArgs JVM flags from the profile
 * @param harnessArgs the harness command line, e.g. {@code index --corpus … --out …}
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
    List<String> harnessArgs,
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
      List<String> harnessArgs,
      Duration timeout,
      Cancellation cancellation) {
    this(step, javaHome, luceneJars, jvmArgs, harnessArgs, timeout, cancellation, null);
  }

  /** An invocation that is never cancelled and records no profile. */
  public HarnessInvocation(
      String step,
      Path javaHome,
      List<Path> luceneJars,
      List<String> jvmArgs,
      List<String> harnessArgs,
      Duration timeout) {
    this(step, javaHome, luceneJars, jvmArgs, harnessArgs, timeout, Cancellation.NONE, null);
  }
}
