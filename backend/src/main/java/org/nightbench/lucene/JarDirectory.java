package org.nightbench.lucene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Reads a directory of Lucene jars: which one is lucene-core and which version it is. */
final class JarDirectory {

  private static final Pattern CORE = Pattern.compile("lucene-core-(.+)\\.jar");
  private static final Pattern NOT_CLASSES = Pattern.compile(".*-(sources|javadoc|tests)\\.jar");

  private JarDirectory() {}

  /**
   * Resolves a {@code path:} spec: every jar directly in {@code dir} (the spec's directory, already
   * checked and with links resolved), core jar required.
   */
  static ResolvedLucene resolve(PathLuceneSpec spec, Path dir) {
    List<Path> jars = jars(dir);
    Path core =
        coreJar(jars)
            .orElseThrow(() -> new LuceneResolutionException(spec + " has no lucene-core jar"));
    Instant date = LuceneResolver.revisionDate(core);
    if (date == null) {
      try {
        date = Files.getLastModifiedTime(core).toInstant();
      } catch (IOException e) {
        throw new LuceneResolutionException("cannot read " + core + ": " + e.getMessage(), e);
      }
    }
    return new ResolvedLucene(spec, version(core), jars, date);
  }

  /** Every {@code *.jar} directly in {@code dir}, by name. */
  static List<Path> jars(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".jar") && Files.isRegularFile(f))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new LuceneResolutionException("cannot list " + dir + ": " + e.getMessage(), e);
    }
  }

  /** True for a jar of classes, false for sources, javadoc and test jars. */
  static boolean isClassesJar(Path jar) {
    String name = jar.getFileName().toString();
    return name.endsWith(".jar") && !NOT_CLASSES.matcher(name).matches();
  }

  static Optional<Path> coreJar(List<Path> jars) {
    return jars.stream()
        .filter(j -> isClassesJar(j) && CORE.matcher(j.getFileName().toString()).matches())
        .findFirst();
  }

  /** The version in lucene-core's file name, e.g. {@code 11.0.0-SNAPSHOT}. */
  static String version(Path coreJar) {
    Matcher m = CORE.matcher(coreJar.getFileName().toString());
    if (!m.matches()) {
      throw new LuceneResolutionException(coreJar + " is not a lucene-core jar");
    }
    return m.group(1);
  }
}
