package org.nightbench.benchjobs.pk;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.lucene.codecs.PostingsFormat;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.PkPostingsSpec;
import org.nightbench.protocol.result.Metric;

/**
 * The founding posts' experiment: primary-key lookups with the id field's postings held in RAM
 * (lucene-codecs' {@code Direct}, or {@code FST50}) against the release's default format. Each
 * format gets an id-only copy of the index with the same segments ({@link IdPostingsCopy}) and the
 * lookups of {@link PkLookupBenchmark}, so the series differ in nothing but the format. Formats the
 * classpath lacks (a release without lucene-codecs) are skipped with a note.
 */
public final class PkPostingsBenchmark implements Benchmark<PkPostingsSpec> {

  /** What a format list names the release's own postings format by. */
  public static final String DEFAULT = "default";

  /** For the runner. */
  public PkPostingsBenchmark() {}

  /** The spec's formats in turn, each on an id-only copy of its index written to its work dir. */
  @Override
  public Report measure(PkPostingsSpec spec, PrintStream log) throws IOException {
    // The lookups are PK lookups' own, with this spec's settings.
    PkLookupSpec lookups =
        new PkLookupSpec(
            spec.indexDir(),
            spec.lookups(),
            spec.minBatchSeconds(),
            spec.batches(),
            spec.warmupBatches(),
            spec.seed());
    try (Indexes.Opened index = Indexes.open(spec.indexDir())) {
      return run(
          index.reader(), spec.indexDir().toString(), spec.formats(), spec.workDir(), lookups, log);
    }
  }

  /** The metrics, and the notes of formats that could not be measured. */
  static Report run(
      IndexReader original,
      String indexName,
      List<String> formats,
      Path workDir,
      PkLookupSpec settings,
      PrintStream progress)
      throws IOException {
    List<String> measured = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (String name : formats) {
      if (name.equals(DEFAULT) || PostingsFormat.availablePostingsFormats().contains(name)) {
        measured.add(name);
      } else {
        missing.add(name);
      }
    }
    List<String> notes = new ArrayList<>();
    if (!missing.isEmpty()) {
      // One line for the run page, the usual cause first: a release without lucene-codecs.
      notes.add(
          "PK lookups with the id postings in "
              + String.join(", ", missing)
              + ": skipped, no such postings format on this release's classpath (lucene-codecs"
              + " missing?); it has "
              + String.join(", ", new TreeSet<>(PostingsFormat.availablePostingsFormats())));
      notes.forEach(n -> progress.println("pk-postings: " + n));
    }
    if (measured.stream().allMatch(DEFAULT::equals)) {
      // The default alone compares with nothing.
      return Report.of(List.of(), notes);
    }
    List<Directory> dirs = new ArrayList<>();
    List<IndexReader> readers = new ArrayList<>();
    try {
      for (String name : measured) {
        Path copy = workDir.resolve("id-" + name);
        deleteRecursively(copy);
        Files.createDirectories(copy);
        IdPostingsCopy.write(
            original, copy, name.equals(DEFAULT) ? null : PostingsFormat.forName(name));
        Directory dir = FSDirectory.open(copy);
        dirs.add(dir);
        readers.add(DirectoryReader.open(dir));
      }
      List<Metric> metrics = new ArrayList<>();
      // All formats in turn, batch by batch: drift on the box hits every format alike.
      for (Metric m :
          PkLookupBenchmark.interleaved(readers, measured, indexName, settings, progress)) {
        metrics.add(onCopy(m, indexName));
      }
      return Report.of(metrics, notes);
    } finally {
      IOUtils.close(readers);
      IOUtils.close(dirs);
      for (String name : measured) {
        deleteRecursively(workDir.resolve("id-" + name));
      }
    }
  }

  /** {@code m} saying which format and which copy it was measured on. */
  private static Metric onCopy(Metric m, String indexName) {
    Map<String, Object> detail = new LinkedHashMap<>(m.detail());
    String format = m.task().substring(m.task().indexOf('-') + 1);
    detail.put("idPostingsFormat", format);
    detail.put("index", "id-only copy of " + indexName + " with the same segments");
    return new Metric(
        m.benchmark(), m.task(), m.name(), m.unit(), m.higherIsBetter(), m.value(), detail);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
