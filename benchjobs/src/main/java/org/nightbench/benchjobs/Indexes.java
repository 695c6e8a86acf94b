package org.nightbench.benchjobs;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.NIOFSDirectory;
import org.nightbench.benchjobs.checkindex.CheckIndexTiming;
import org.nightbench.benchjobs.coldcache.ColdCacheSearch;
import org.nightbench.benchjobs.facets.FacetTimingSettings;
import org.nightbench.benchjobs.facets.FacetTimings;
import org.nightbench.benchjobs.pk.PkLookupBenchmark;
import org.nightbench.benchjobs.pk.PkLookupSettings;
import org.nightbench.benchjobs.pk.PkPostingsBenchmark;
import org.nightbench.benchjobs.search.BareLoop;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.SearchReport;
import org.nightbench.benchjobs.search.SearchSettings;
import org.nightbench.benchjobs.taskgen.TaskGenerator;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.tasks.Task;

/**
 * Opens an existing benchmark index, turning the usual mistakes into one-line messages; the command
 * classes go through here so that they themselves never mention a Lucene type and {@code --help}
 * works without Lucene on the classpath.
 */
final class Indexes {

  private Indexes() {}

  static TaskGenerator.Generated generateTasks(Path dir, Path corpus, long seed, int perCategory)
      throws IOException {
    try (Opened index = open(dir)) {
      return TaskGenerator.generate(index.reader(), corpus, seed, perCategory);
    }
  }

  static SearchReport search(
      Path dir,
      String directory,
      List<Task> tasks,
      String tasksSource,
      SearchSettings settings,
      PrintStream progress)
      throws IOException {
    try (Opened index = open(dir, directory)) {
      return SearchBenchmark.run(index.reader(), tasks, tasksSource, settings, progress);
    }
  }

  static List<Metric> pkLookup(Path dir, PkLookupSettings settings, PrintStream progress)
      throws IOException {
    try (Opened index = open(dir)) {
      return PkLookupBenchmark.run(index.reader(), dir.toString(), settings, progress);
    }
  }

  static FacetTimings.Report facetTimings(
      Path dir, FacetTimingSettings settings, PrintStream progress) throws IOException {
    try (Opened index = open(dir)) {
      return FacetTimings.run(index.reader(), dir, settings, progress);
    }
  }

  static List<Metric> bareLoop(Path dir, List<Task> tasks, String source, SearchSettings settings)
      throws IOException {
    try (Opened index = open(dir)) {
      return BareLoop.run(index.reader(), tasks, source, settings, System.out);
    }
  }

  /** Metrics with the notes of what could not be measured. */
  record Measured(List<Metric> metrics, List<String> notes) {}

  static List<Metric> checkIndex(Path dir, String indexName) throws IOException {
    // Opened first for the usual one-line messages (no such index, no documents).
    open(dir).close();
    return CheckIndexTiming.run(dir, indexName, System.out);
  }

  static Measured pkPostings(
      Path dir, List<String> formats, Path workDir, PkLookupSettings settings) throws IOException {
    try (Opened index = open(dir)) {
      PkPostingsBenchmark.Report report =
          PkPostingsBenchmark.run(
              index.reader(), dir.toString(), formats, workDir, settings, System.out);
      return new Measured(report.metrics(), report.notes());
    }
  }

  static Measured coldSearch(
      Path dir, List<Task> tasks, String source, int queries, int warmupRounds, Path dropCaches)
      throws IOException {
    open(dir).close();
    ColdCacheSearch.Report report =
        ColdCacheSearch.run(dir, tasks, source, queries, warmupRounds, dropCaches, System.out);
    return new Measured(report.metrics(), report.notes());
  }

  /** A reader together with the directory it must outlive. */
  record Opened(Directory directory, DirectoryReader reader) implements Closeable {
    @Override
    public void close() throws IOException {
      try (directory) {
        reader.close();
      }
    }
  }

  static Opened open(Path dir) throws IOException {
    return open(dir, "default");
  }

  /**
   * Opens an index through the named Directory: {@code default} (FSDirectory's choice for the
   * platform), {@code mmap} or {@code nio}, so two runs can compare how the index is read.
   */
  static Opened open(Path dir, String directoryName) throws IOException {
    if (!List.of("default", "mmap", "nio").contains(directoryName)) {
      throw new IllegalArgumentException(
          "unknown directory " + directoryName + ": use default, mmap or nio");
    }
    if (!Files.exists(dir)) {
      throw new IllegalArgumentException("index " + dir + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("index " + dir + " is not a directory");
    }
    Directory directory =
        switch (directoryName) {
          case "mmap" -> new MMapDirectory(dir);
          case "nio" -> new NIOFSDirectory(dir);
          default -> FSDirectory.open(dir);
        };
    try {
      if (!DirectoryReader.indexExists(directory)) {
        throw new IllegalArgumentException("index " + dir + " contains no Lucene index");
      }
      DirectoryReader reader = DirectoryReader.open(directory);
      if (reader.numDocs() == 0) {
        reader.close();
        throw new IllegalArgumentException("index " + dir + " has no documents");
      }
      return new Opened(directory, reader);
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }
}
