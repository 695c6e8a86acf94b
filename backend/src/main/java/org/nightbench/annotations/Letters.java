package org.nightbench.annotations;

/** Spreadsheet-column letters: A … Z, then AA, AB …, as Lucene's nightly charts name changes. */
public final class Letters {

  private Letters() {}

  /** The letter of the {@code index}-th annotation, counting from 0. */
  public static String of(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("letter index must be >= 0, not " + index);
    }
    StringBuilder letters = new StringBuilder();
    for (int n = index + 1; n > 0; n = (n - 1) / 26) {
      letters.append((char) ('A' + (n - 1) % 26));
    }
    return letters.reverse().toString();
  }
}
