package org.nightbench.nightly;

import java.util.List;
import org.nightbench.lucene.LuceneSpec;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The nightly runs.
 *
 * @param enabled whether this instance takes part in triggering them (off by default)
 * @param cron when, as a Spring-style six-field cron in this machine's time zone
 * @param branch the Lucene branch measured, queued as spec {@code git:<branch>}
 * @param machines the machines a nightly is queued for; empty for this runner's machine
 */
@ConfigurationProperties("nightbench.nightly")
public record NightlyProperties(
    boolean enabled, String cron, String branch, List<String> machines) {

  public NightlyProperties {
    cron = cron == null || cron.isBlank() ? "0 0 2 * * *" : cron;
    branch = branch == null || branch.isBlank() ? "main" : branch;
    // Checked at the start like a typed spec: a bad branch should fail the start, not a night.
    LuceneSpec.parse("git:" + branch);
    machines = machines == null ? List.of() : List.copyOf(machines);
  }
}
