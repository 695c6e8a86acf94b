package org.nightbench.corpus;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which corpus benchmarks use and where derived files are kept ({@code nightbench.corpus.*}).
 *
 * @param source {@value CorpusProvider#EUROPARL} (the default) or the path of a line-docs file
 * @param cacheDir where the europarl corpus is extracted and checksums are remembered; default
 *     {@code ~/.nightbench/corpora} (a leading {@code ~} is expanded)
 */
@ConfigurationProperties("nightbench.corpus")
public record CorpusProperties(String source, Path cacheDir) {

  public CorpusProperties {
    source = source == null || source.isBlank() ? CorpusProvider.EUROPARL : source.strip();
    cacheDir =
        cacheDir == null
            ? Path.of(System.getProperty("user.home"), ".nightbench", "corpora")
            : Path.of(CorpusProvider.expandHome(cacheDir.toString()));
  }

  /** The defaults: europarl, cached under {@code ~/.nightbench/corpora}. */
  public static CorpusProperties defaults() {
    return new CorpusProperties(null, null);
  }
}
