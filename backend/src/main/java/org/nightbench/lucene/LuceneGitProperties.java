package org.nightbench.lucene;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where {@code git:} specs come from and how they are built ({@code nightbench.lucene.git.*}).
 *
 * @param remote the repository cloned once and fetched before every resolution; a URL or a local
 *     path; default {@value #APACHE_LUCENE}
 * @param branch the branch the clone starts on; default {@code main}
 * @param cloneDirectory the one clone, also the work tree builds run in; default {@code
 *     ~/.nightbench/git/lucene}
 * @param buildsDirectory built jars, one directory per commit sha, so no commit is built twice;
 *     default {@code ~/.nightbench/lucene-builds}
 * @param buildCommand the program and its arguments, run in the work tree without a shell, with
 *     JAVA_HOME set; default Lucene's Gradle wrapper building the jars the harness needs
 * @param buildTimeout a build running longer is killed; default 60 minutes
 * @param webUrl the remote's web page, for links to commits and comparisons; default {@value
 *     #APACHE_LUCENE_WEB}
 */
@ConfigurationProperties("nightbench.lucene.git")
public record LuceneGitProperties(
    String remote,
    String branch,
    Path cloneDirectory,
    Path buildsDirectory,
    List<String> buildCommand,
    Duration buildTimeout,
    String webUrl) {

  public static final String APACHE_LUCENE = "https://github.com/apache/lucene.git";
  public static final String APACHE_LUCENE_WEB = "https://github.com/apache/lucene";

  /**
   * The jars the harness needs: lucene-core, lucene-queryparser and its Lucene dependencies, facet
   * and suggest. (Lucene 9.x's facet module also needs hppc, which a Gradle build does not put in
   * build/libs; Browse*Facets tasks are then skipped with a note.)
   */
  public static final List<String> GRADLE_BUILD =
      List.of(
          "./gradlew",
          "--no-daemon",
          "-x",
          "test",
          ":lucene:core:jar",
          ":lucene:queryparser:jar",
          ":lucene:queries:jar",
          ":lucene:sandbox:jar",
          ":lucene:facet:jar",
          ":lucene:suggest:jar",
          ":lucene:codecs:jar");

  public LuceneGitProperties {
    remote = remote == null || remote.isBlank() ? APACHE_LUCENE : remote.strip();
    branch = branch == null || branch.isBlank() ? "main" : branch.strip();
    cloneDirectory =
        cloneDirectory == null
            ? nightbenchHome().resolve("git").resolve("lucene")
            : LuceneProperties.expandHome(cloneDirectory);
    buildsDirectory =
        buildsDirectory == null
            ? nightbenchHome().resolve("lucene-builds")
            : LuceneProperties.expandHome(buildsDirectory);
    buildCommand =
        buildCommand == null || buildCommand.isEmpty() ? GRADLE_BUILD : List.copyOf(buildCommand);
    buildTimeout = buildTimeout == null ? Duration.ofMinutes(60) : buildTimeout;
    webUrl = webUrl == null || webUrl.isBlank() ? APACHE_LUCENE_WEB : stripSlash(webUrl.strip());
  }

  /** Every default. */
  public static LuceneGitProperties defaults() {
    return new LuceneGitProperties(null, null, null, null, null, null, null);
  }

  private static Path nightbenchHome() {
    return Path.of(System.getProperty("user.home"), ".nightbench");
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
