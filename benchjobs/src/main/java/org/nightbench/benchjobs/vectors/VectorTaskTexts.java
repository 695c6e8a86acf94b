package org.nightbench.benchjobs.vectors;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The texts of luceneutil's {@code vector//} tasks, which are embedded into query vectors: the
 * words after {@code vector//}, without the task's {@code +preFilter=N%} or {@code +filter=N%}
 * option and comment, so a pre-filtered, a post-filtered and a plain task of the same words share
 * one vector.
 */
public final class VectorTaskTexts {

  /** luceneutil's prefix of a vector query. */
  public static final String PREFIX = "vector//";

  private static final Pattern OPTION = Pattern.compile("\\s\\+(preFilter|filter)=[0-9.]+%");

  private VectorTaskTexts() {}

  /** The text a {@code vector//} query (its task text after the category) is embedded from. */
  public static String text(String query) {
    String q = query.strip();
    int comment = q.indexOf(" #");
    q = comment < 0 ? q : q.substring(0, comment);
    q = q.startsWith(PREFIX) ? q.substring(PREFIX.length()) : q;
    return OPTION.matcher(" " + q).replaceAll("").strip();
  }

  /** The distinct texts of the {@code vector//} tasks of a luceneutil task file, in file order. */
  public static List<String> of(Path tasks) throws IOException {
    Set<String> texts = new LinkedHashSet<>();
    for (String line : Files.readAllLines(tasks)) {
      String trimmed = line.strip();
      int colon = trimmed.indexOf(':');
      if (trimmed.startsWith("#") || colon < 1) {
        continue;
      }
      String query = trimmed.substring(colon + 1).strip();
      if (query.startsWith(PREFIX)) {
        String text = text(query);
        if (!text.isEmpty()) {
          texts.add(text);
        }
      }
    }
    return new ArrayList<>(texts);
  }
}
