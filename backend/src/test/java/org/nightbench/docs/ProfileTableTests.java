package org.nightbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The table of {@code docs/reference/profiles.md} says what the shipped profiles set: each row's
 * value is the profile's in {@code application.properties} (a dash: the profile leaves it out, and
 * the record's default applies), and every setting of either profile has its row.
 */
class ProfileTableTests {

  static final String TABLE = "docs/reference/profiles.md";
  static final String PROPERTIES = "backend/src/main/resources/application.properties";
  static final List<String> PROFILES = List.of("quick", "nightly");

  /** {@code | `key` | quick's cell | nightly's cell |}. */
  private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| (.*?) \\| (.*?) \\|$");

  @Test
  void everyRowIsWhatTheShippedProfilesSetAndEverySettingHasARow() throws IOException {
    Path root = RepositoryFiles.root();
    Map<String, List<String>> rows = rows(Files.readString(root.resolve(TABLE)));
    Map<String, Map<String, String>> profiles =
        profiles(Files.readString(root.resolve(PROPERTIES)));
    assertThat(rows).as("rows of " + TABLE).hasSizeGreaterThan(20);

    SoftAssertions soft = new SoftAssertions();
    for (Map.Entry<String, List<String>> row : rows.entrySet()) {
      for (int i = 0; i < PROFILES.size(); i++) {
        String profile = PROFILES.get(i);
        String documented = value(row.getValue().get(i));
        soft.assertThat(documented)
            .as(
                "%s of %s in %s (a dash where %s leaves it out)",
                row.getKey(), profile, TABLE, PROPERTIES)
            .isEqualTo(profiles.get(profile).get(row.getKey()));
      }
    }
    TreeSet<String> settings = new TreeSet<>();
    profiles.values().forEach(p -> settings.addAll(p.keySet()));
    soft.assertThat(new ArrayList<>(settings))
        .as("settings of the shipped profiles without a row in %s", TABLE)
        .isSubsetOf(rows.keySet());
    soft.assertAll();
  }

  /** The rows' cells by setting; only the table's rows (other lines are prose). */
  static Map<String, List<String>> rows(String markdown) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    for (String line : markdown.split("\n")) {
      Matcher row = ROW.matcher(line.strip());
      if (row.matches()) {
        rows.put(row.group(1), List.of(row.group(2), row.group(3)));
      }
    }
    return rows;
  }

  /** A cell's value: what is in backticks, or null for a dash ("— (10)": left out, default 10). */
  static String value(String cell) {
    String c = cell.strip();
    if (c.startsWith("`") && c.endsWith("`") && c.length() > 1) {
      return c.substring(1, c.length() - 1);
    }
    if (c.startsWith("—")) {
      return null;
    }
    throw new IllegalArgumentException("a cell is `a value` or — (left out), not " + cell);
  }

  /** Each shipped profile's settings, without its {@code nightbench.runner.profiles.NAME.}. */
  static Map<String, Map<String, String>> profiles(String properties) throws IOException {
    Properties all = new Properties();
    try (Reader reader = new StringReader(properties)) {
      all.load(reader);
    }
    Map<String, Map<String, String>> profiles = new LinkedHashMap<>();
    for (String profile : PROFILES) {
      String prefix = "nightbench.runner.profiles." + profile + ".";
      Map<String, String> settings = new LinkedHashMap<>();
      for (String key : new TreeSet<>(all.stringPropertyNames())) {
        if (key.startsWith(prefix)) {
          settings.put(key.substring(prefix.length()), all.getProperty(key).strip());
        }
      }
      profiles.put(profile, settings);
    }
    return profiles;
  }

  @Test
  void aCellIsAValueOrADash() {
    assertThat(value("`50`")).isEqualTo("50");
    assertThat(value("— (the profile's `max-docs`: all)")).isNull();
    assertThat(rows("| setting | `quick` | `nightly` |\n|---|---|---|\n| `warmup` | `5` | — |"))
        .containsExactly(Map.entry("warmup", List.of("`5`", "—")));
  }
}
