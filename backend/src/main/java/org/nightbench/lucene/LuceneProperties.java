package org.nightbench.lucene;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;

/**
 * Where Lucene artifacts come from ({@code nightbench.lucene.*}).
 *
 * @param repositories remote Maven repositories, searched in order; default Maven Central. Add
 *     {@value #APACHE_SNAPSHOTS} to benchmark {@code -SNAPSHOT} versions.
 * @param localRepository the local Maven repository used as download cache; default {@code
 *     ~/.m2/repository} (a leading {@code ~} is expanded)
 * @param jarRoots the directories under which {@code path:} specs may name a directory of jars;
 *     none by default, which turns {@code path:} specs off
 */
@ConfigurationProperties("nightbench.lucene")
public record LuceneProperties(List<URI> repositories, Path localRepository, List<Path> jarRoots) {

  public static final String MAVEN_CENTRAL = "https://repo.maven.apache.org/maven2/";
  public static final String APACHE_SNAPSHOTS =
      "https://repository.apache.org/content/repositories/snapshots/";

  @ConstructorBinding
  public LuceneProperties {
    repositories =
        repositories == null || repositories.isEmpty()
            ? List.of(URI.create(MAVEN_CENTRAL))
            : List.copyOf(repositories);
    localRepository =
        localRepository == null
            ? Path.of(System.getProperty("user.home"), ".m2", "repository")
            : expandHome(localRepository);
    jarRoots =
        jarRoots == null ? List.of() : jarRoots.stream().map(LuceneProperties::expandHome).toList();
  }

  /** Repositories and a local repository, with {@code path:} specs off. */
  public LuceneProperties(List<URI> repositories, Path localRepository) {
    this(repositories, localRepository, null);
  }

  /** The defaults: Maven Central and {@code ~/.m2/repository}. */
  public static LuceneProperties defaults() {
    return new LuceneProperties(null, null);
  }

  static Path expandHome(Path path) {
    // Property files are written by humans who type ~; Path.of does not know the shell convention.
    String s = path.toString();
    if (s.equals("~") || s.startsWith("~/")) {
      return Path.of(System.getProperty("user.home") + s.substring(1));
    }
    return path;
  }
}
