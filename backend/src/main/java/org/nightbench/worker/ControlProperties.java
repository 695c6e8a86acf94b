package org.nightbench.worker;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code nightbench.control.*}: the pinned Lucene release every nightly run measures beside its own
 * revision, the machine's baseline.
 *
 * @param revision the release, e.g. {@code 10.6.0}; blank (the default) for the newest release this
 *     machine has measured (the backfill's newest), {@code none} for no control
 * @param categories the task file's query categories the control searches
 */
@ConfigurationProperties("nightbench.control")
record ControlProperties(
    @DefaultValue("") String revision,
    @DefaultValue({"HighTerm", "AndHighHigh", "OrHighHigh"}) List<String> categories) {

  ControlProperties {
    revision = revision == null ? "" : revision.strip();
    if (revision.startsWith("maven:")) {
      revision = revision.substring("maven:".length());
    }
    if (!revision.isEmpty() && !revision.equals("none") && !revision.matches("\\d+(\\.\\d+)*")) {
      throw new IllegalArgumentException(
          "nightbench.control.revision must be a Lucene release such as 10.6.0, blank or none, not '"
              + revision
              + "'");
    }
    categories = categories == null || categories.isEmpty() ? List.of("HighTerm") : categories;
  }

  /** Whether nightly runs measure a control at all. */
  boolean enabled() {
    return !revision.equals("none");
  }
}
