package org.nightbench.runs;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.JvmFlags;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How this process runs benchmarks.
 *
 * @param machine the name this box's series are kept under; defaults to the host name
 * @param workDirectory indexes, task files and result files of runs in progress
 * @param profile the profile new runs use
 * @param workerEnabled whether this process takes runs of its machine from the queue; without it
 *     the process only queues runs
 * @param stepTimeout a forked harness JVM running longer is killed and its run fails
 * @param jobTimeout a run taking longer is stopped like a cancelled one and fails
 * @param pollingInterval how often an idle worker looks for queued runs
 * @param heartbeatInterval how often a worker tells the database it is alive; six missed beats make
 *     its run dead
 * @param retryDeadRuns whether a run whose worker died is queued again instead of failed
 * @param profiles the known profiles by name
 */
@ConfigurationProperties("nightbench.runner")
public record RunnerProperties(
    String machine,
    Path workDirectory,
    String profile,
    boolean workerEnabled,
    Duration stepTimeout,
    Duration jobTimeout,
    Duration pollingInterval,
    Duration heartbeatInterval,
    boolean retryDeadRuns,
    Map<String, BenchmarkProfile> profiles) {

  public RunnerProperties {
    if (machine == null || machine.isBlank()) {
      machine = hostName();
    }
    jobTimeout = jobTimeout == null ? Duration.ofHours(3) : jobTimeout;
    pollingInterval = pollingInterval == null ? Duration.ofSeconds(2) : pollingInterval;
    heartbeatInterval = heartbeatInterval == null ? Duration.ofSeconds(30) : heartbeatInterval;
    profiles = profiles == null ? Map.of() : Map.copyOf(profiles);
    // A profile's flags reach every forked JVM: a bad one fails the start, not a run at 2 am.
    profiles.forEach(
        (name, settings) -> {
          try {
            JvmFlags.check(settings.jvmArgs());
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("profile " + name + ": " + e.getMessage(), e);
          }
        });
  }

  public BenchmarkProfile profile(String name) {
    BenchmarkProfile found = profiles.get(name);
    if (found == null) {
      throw new IllegalArgumentException(
          "unknown profile '" + name + "'; configured profiles: " + profiles.keySet());
    }
    return found;
  }

  /**
   * How long one step of a run with this profile may take: the profile's own timeout, else the
   * runner's, else the job's.
   */
  public Duration stepTimeout(BenchmarkProfile profile) {
    if (profile.stepTimeout() != null) {
      return profile.stepTimeout();
    }
    return stepTimeout != null ? stepTimeout : jobTimeout;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
