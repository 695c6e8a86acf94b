package org.nightbench.corpus;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;

/**
 * Which corpora benchmarks may use and where derived files are kept ({@code nightbench.corpus.*}).
 *
 * @param source the corpus of runs that name none: {@value CorpusProvider#EUROPARL} (the default),
 *     a name from {@code named}, or the path of a line-docs file
 * @param cacheDir where the europarl corpus is extracted and checksums are remembered; default
 *     {@code ~/.nightbench/corpora} (a leading {@code ~} is expanded)
 * @param named the corpora a run or comparison may ask for by name, each the path of a line-docs
 *     file (a relative path is taken from the directory the application started in); {@value
 *     CorpusProvider#EUROPARL} is always one of them
 */
@ConfigurationProperties("nightbench.corpus")
public record CorpusProperties(String source, Path cacheDir, Map<String, String> named) {

  @ConstructorBinding
  public CorpusProperties {
    source = source == null || source.isBlank() ? CorpusProvider.EUROPARL : source.strip();
    cacheDir =
        cacheDir == null
            ? Path.of(System.getProperty("user.home"), ".nightbench", "corpora")
            : Path.of(CorpusProvider.expandHome(cacheDir.toString()));
    // Bound as strings: Spring's String-to-Path conversion reads a relative path as a class path
    // resource, and "../shared/..." then fails to bind when the app runs from its jar.
    Map<String, String> expanded = new TreeMap<>();
    if (named != null) {
      named.forEach((name, path) -> expanded.put(name, CorpusProvider.expandHome(path.strip())));
    }
    named = Map.copyOf(expanded);
  }

  /** The line-docs file configured under {@code name}, or null when no such name is configured. */
  public Path path(String name) {
    String path = named.get(name);
    return path == null ? null : Path.of(path);
  }

  /** A source and a cache directory, with no named corpora but europarl. */
  public CorpusProperties(String source, Path cacheDir) {
    this(source, cacheDir, null);
  }

  /** The defaults: europarl, cached under {@code ~/.nightbench/corpora}. */
  public static CorpusProperties defaults() {
    return new CorpusProperties(null, null);
  }

  /**
   * Refuses a corpus a user asked for that is neither europarl, a configured name nor the
   * configured source; the message is the same whether such a file exists or not.
   *
   * @throws CorpusException naming the corpora that may be asked for
   */
  public void requireKnown(String corpus) {
    if (corpus == null || corpus.isBlank() || isKnown(corpus.strip())) {
      return;
    }
    String shown = corpus.strip();
    shown = shown.length() <= 80 ? shown : shown.substring(0, 80) + "…";
    throw new CorpusException(
        "corpus '" + shown + "' is not a configured corpus; use one of " + names());
  }

  boolean isKnown(String corpus) {
    return corpus.equals(CorpusProvider.EUROPARL)
        || named.containsKey(corpus)
        || corpus.equals(source);
  }

  /** The names a run may ask for, sorted. */
  public TreeSet<String> names() {
    TreeSet<String> names = new TreeSet<>(named.keySet());
    names.add(CorpusProvider.EUROPARL);
    return names;
  }
}
