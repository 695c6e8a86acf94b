package org.nightbench.benchjobs.indexing;

import java.util.List;

/** The one wording of a CLI word that names none of an option's choices. */
final class Choices {

  private Choices() {}

  /** E.g. "unknown merge policy foo: use tiered, log-byte-size, log-doc or no-merge". */
  static IllegalArgumentException unknown(String what, String value, List<String> choices) {
    String last = choices.get(choices.size() - 1);
    String use =
        choices.size() == 1
            ? last
            : String.join(", ", choices.subList(0, choices.size() - 1)) + " or " + last;
    return new IllegalArgumentException("unknown " + what + " " + value + ": use " + use);
  }
}
