package org.nightbench.backfill;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The history measured on first start with an empty database.
 *
 * @param enabled whether to backfill at all
 * @param minors Lucene minor versions; each is measured at its latest patch release
 */
@ConfigurationProperties("nightbench.backfill")
public record BackfillProperties(boolean enabled, List<String> minors) {

  public BackfillProperties {
    minors = minors == null ? List.of() : List.copyOf(minors);
  }
}
