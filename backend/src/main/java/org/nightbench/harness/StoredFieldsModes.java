package org.nightbench.harness;

import java.util.List;
import java.util.Set;

/**
 * The modes a profile's stored fields benchmark runs in, a JVM and series each: {@code
 * stored-fields.modes}, read beside the section's {@link org.nightbench.protocol.StoredFieldsSpec}.
 *
 * @param modes {@code speed} (BEST_SPEED) and/or {@code compression} (BEST_COMPRESSION); none
 *     given: both
 */
public record StoredFieldsModes(List<String> modes) {

  static final Set<String> MODES = Set.of("speed", "compression");

  /** Both modes. */
  static final StoredFieldsModes BOTH = new StoredFieldsModes(null);

  public StoredFieldsModes {
    modes = modes == null || modes.isEmpty() ? List.of("speed", "compression") : List.copyOf(modes);
    for (String mode : modes) {
      ProfileChecks.oneOf("stored-fields mode", mode, null, MODES);
    }
    if (modes.stream().distinct().count() != modes.size()) {
      throw new IllegalArgumentException("stored-fields modes must differ: " + modes);
    }
  }
}
