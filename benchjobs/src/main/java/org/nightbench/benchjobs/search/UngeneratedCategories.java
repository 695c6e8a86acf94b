package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The categories a generated task file has no task for, read back from the header lines {@link
 * TaskGenerator} writes ({@code # no task for DVRangeWide: Lucene 9.12.3 has no ...}), as notes for
 * the search result. Without them a category the release or corpus cannot serve would be missing
 * from the run page without a word: the search only sees the tasks that exist.
 */
public final class UngeneratedCategories {

  /** How a generated file's header names a category without tasks, before its name. */
  public static final String MARKER = "no task for ";

  private UngeneratedCategories() {}

  /** One note per category the file's header says has no task; none for a hand-written file. */
  public static List<String> notes(Path taskFile) throws IOException {
    List<String> notes = new ArrayList<>();
    for (String line : Files.readAllLines(taskFile, StandardCharsets.UTF_8)) {
      String text = line.strip();
      if (!text.startsWith("#")) {
        // The header comes first: the first task line ends it.
        if (!text.isEmpty()) {
          break;
        }
        continue;
      }
      text = text.substring(1).strip();
      int colon = text.indexOf(": ");
      if (text.startsWith(MARKER) && colon > MARKER.length()) {
        notes.add(
            "skipped "
                + text.substring(MARKER.length(), colon)
                + " (no task generated): "
                + text.substring(colon + 2));
      }
    }
    return notes;
  }
}
