package org.nightbench.harness.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Cuts a luceneutil task file ({@code Category: query # comment}) down to some categories. */
public final class TaskCategories {

  private TaskCategories() {}

  /**
   * The lines of {@code categories}, comments and blank lines dropped; a category with no task is
   * an error that names the categories the file has, as a typo should not pass for a benchmark.
   */
  public static List<String> select(List<String> lines, List<String> categories) {
    Set<String> wanted = new LinkedHashSet<>(categories);
    Set<String> present = new TreeSet<>();
    Set<String> found = new LinkedHashSet<>();
    List<String> selected = new ArrayList<>();
    for (String line : lines) {
      String trimmed = line.strip();
      int colon = trimmed.indexOf(':');
      if (trimmed.isEmpty() || trimmed.startsWith("#") || colon < 1) {
        continue;
      }
      String category = trimmed.substring(0, colon).strip();
      present.add(category);
      if (wanted.contains(category)) {
        found.add(category);
        selected.add(line);
      }
    }
    wanted.removeAll(found);
    if (!wanted.isEmpty()) {
      throw new IllegalArgumentException(
          "no tasks of categor"
              + (wanted.size() == 1 ? "y " : "ies ")
              + String.join(", ", wanted)
              + "; the task file has "
              + String.join(", ", present));
    }
    return selected;
  }
}
