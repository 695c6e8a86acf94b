package org.nightbench.benchjobs.indexing;

import java.util.Arrays;
import java.util.Locale;

/** The stored fields mode of the default codec: its {@code Mode.BEST_SPEED} or BEST_COMPRESSION. */
public enum StoredFieldsMode {
  SPEED("BEST_SPEED"),
  COMPRESSION("BEST_COMPRESSION");

  private final String luceneName;

  StoredFieldsMode(String luceneName) {
    this.luceneName = luceneName;
  }

  /** The CLI spelling. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The constant of the codec's nested {@code Mode} enum, the same in every 9.x and 10.x. */
  String luceneName() {
    return luceneName;
  }

  /** Parses the CLI spelling, with a message listing the valid ones. */
  public static StoredFieldsMode parse(String s) {
    for (StoredFieldsMode m : values()) {
      if (m.cliName().equals(s)) {
        return m;
      }
    }
    throw Choices.unknown(
        "stored fields mode", s, Arrays.stream(values()).map(StoredFieldsMode::cliName).toList());
  }
}
