package org.nightbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/operations/configuration.md} names exactly the {@code nightbench.*} properties the
 * application reads ({@link ApplicationProperties}): none that it does not read, none left out. A
 * name ending in {@code .*} is a family ({@code nightbench.runner.profiles.*}) and covers its
 * members.
 */
class ConfigurationReferenceTests {

  static final String REFERENCE = "docs/operations/configuration.md";

  /** The first cell of a table row: the property names in backticks. */
  private static final Pattern ROW = Pattern.compile("^\\|([^|]*)\\|");

  private static final Pattern NAME = Pattern.compile("`(nightbench\\.[a-z0-9.*-]*[a-z0-9*])`");

  static TreeSet<String> documented(String markdown) {
    TreeSet<String> names = new TreeSet<>();
    for (String line : markdown.split("\n")) {
      Matcher row = ROW.matcher(line);
      if (row.find()) {
        Matcher name = NAME.matcher(row.group(1));
        while (name.find()) {
          names.add(name.group(1));
        }
      }
    }
    return names;
  }

  @Test
  void everyDocumentedPropertyIsReadAndEveryReadPropertyIsDocumented() throws IOException {
    Path root = RepositoryFiles.root();
    TreeSet<String> documented = documented(Files.readString(root.resolve(REFERENCE)));
    TreeSet<String> read = ApplicationProperties.read(root);
    assertThat(documented).as("properties in " + REFERENCE).hasSizeGreaterThan(50);

    List<String> unknown = documented.stream().filter(name -> !covers(read, name, true)).toList();
    List<String> undocumented =
        read.stream().filter(name -> !covers(documented, name, false)).toList();
    SoftAssertions.assertSoftly(
        soft -> {
          soft.assertThat(unknown)
              .as("named in " + REFERENCE + " but read nowhere in the application")
              .isEmpty();
          soft.assertThat(undocumented)
              .as("read by the application but missing from " + REFERENCE)
              .isEmpty();
        });
  }

  /**
   * Whether {@code names} account for {@code name}: the same name, or a family covering it. A
   * documented family must be a family the application has ({@code exactFamily}).
   */
  private static boolean covers(TreeSet<String> names, String name, boolean exactFamily) {
    if (names.contains(name)) {
      return true;
    }
    if (exactFamily && name.endsWith(".*")) {
      return false;
    }
    return names.stream().anyMatch(family -> ApplicationProperties.inFamily(name, family));
  }

  @Test
  void readsTheNamesOfTheReferencesFirstColumnOnly() {
    String markdown =
        """
        | property | default | meaning |
        |---|---|---|
        | `nightbench.a.b-c` (+ `d`) | `nightbench.not-this` | see `nightbench.nor-this` |
        | `nightbench.e.*` | none | a family |
        Text naming `nightbench.f` outside a table.
        """;
    assertThat(documented(markdown)).containsExactly("nightbench.a.b-c", "nightbench.e.*");
  }

  @Test
  void readsConfigurationRecordsAsTheBinderNamesThem() {
    TreeSet<String> read = ApplicationProperties.fromConfigurationProperties();
    assertThat(read)
        .contains(
            "nightbench.runner.keep-failed-work-for",
            "nightbench.runner.profiles.*",
            "nightbench.corpus.named.*",
            "nightbench.lucene.git.build-timeout",
            "nightbench.database.embedded.data-directory");
  }
}
