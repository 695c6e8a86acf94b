package org.nightbench.jdk;

import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How JDKs are found ({@code nightbench.jdk.*}).
 *
 * @param searchRoots directories whose subdirectories are JDK homes; default {@code /usr/lib/jvm},
 *     {@code ~/.sdkman/candidates/java} and {@code ~/.jdks} (missing ones are ignored)
 * @param home optional JDK that every benchmark must use, overriding "newest found"
 */
@ConfigurationProperties("nightbench.jdk")
public record JdkProperties(List<Path> searchRoots, Path home) {

  public JdkProperties {
    String userHome = System.getProperty("user.home");
    searchRoots =
        searchRoots == null
            ? List.of(
                Path.of("/usr/lib/jvm"),
                Path.of(userHome, ".sdkman", "candidates", "java"),
                Path.of(userHome, ".jdks"))
            : searchRoots.stream().map(JdkProperties::expandHome).toList();
    home = home == null ? null : expandHome(home);
  }

  /** The defaults: the usual install locations, nothing pinned. */
  public static JdkProperties defaults() {
    return new JdkProperties(null, null);
  }

  private static Path expandHome(Path path) {
    // Property files are written by humans who type ~; Path.of does not know the shell convention.
    String s = path.toString();
    return s.equals("~") || s.startsWith("~/")
        ? Path.of(System.getProperty("user.home") + s.substring(1))
        : path;
  }
}
