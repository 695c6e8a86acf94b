package org.nightbench.runs;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.JvmFlags;
import org.nightbench.harness.ProfileSections;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Name;

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
 * @param heartbeatInterval how often a worker tells the database it is alive
 * @param missedHeartbeats how many beats a worker may miss before its run counts as dead; with the
 *     defaults (10 s, 6) a killed worker's run is noticed within 80 s
 * @param retryDeadRuns whether a run whose worker died is queued again instead of failed
 * @param ingestRetryFor how long a run keeps its result files and tries ingesting again while the
 *     database is unreachable, before it fails saying so
 * @param keepFailedWorkFor how long the work directory of a failed run (its indexes and result
 *     files) is kept for a look before a sweep removes it; succeeded and cancelled runs' go at once
 * @param profiles the known profiles by name
 * @param profileSections the same properties as plain maps, whose benchmark sections {@link
 *     ProfileSections} binds into the benchmarks' spec records
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
    Integer missedHeartbeats,
    boolean retryDeadRuns,
    Duration ingestRetryFor,
    Duration keepFailedWorkFor,
    Map<String, BenchmarkProfile> profiles,
    @Name("profiles") Map<String, Map<String, Object>> profileSections) {

  public RunnerProperties {
    if (machine == null || machine.isBlank()) {
      machine = hostName();
    }
    jobTimeout = jobTimeout == null ? Duration.ofHours(3) : jobTimeout;
    pollingInterval = pollingInterval == null ? Duration.ofSeconds(2) : pollingInterval;
    heartbeatInterval = heartbeatInterval == null ? Duration.ofSeconds(10) : heartbeatInterval;
    missedHeartbeats = missedHeartbeats == null ? 6 : missedHeartbeats;
    if (missedHeartbeats < 1) {
      throw new IllegalArgumentException(
          "nightbench.runner.missed-heartbeats must be at least 1, not " + missedHeartbeats);
    }
    ingestRetryFor = ingestRetryFor == null ? Duration.ofMinutes(15) : ingestRetryFor;
    keepFailedWorkFor = keepFailedWorkFor == null ? Duration.ofDays(7) : keepFailedWorkFor;
    profiles = profiles == null ? Map.of() : Map.copyOf(profiles);
    // A benchmark's section binds into its spec record, read from the same keys as the profile.
    profileSections = profileSections == null ? Map.of() : Map.copyOf(profileSections);
    profiles = Map.copyOf(ProfileSections.bind(profiles, profileSections));
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
