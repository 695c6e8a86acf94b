package org.nightbench.benchjobs.indexing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.result.Metric;

/**
 * Raw outcome of one indexing run and its conversion to the harness metrics.
 *
 * @param docs documents added
 * @param textBytes UTF-8 bytes of their text (whole lines, or the chunk bodies with doc-chars)
 * @param elapsedNanos from the first document read to the committed, closed writer
 * @param indexBytes size of the index's files afterwards
 * @param segments segments in the final commit
 * @param flushSeconds flush time logged by the writer, summed over threads
 * @param flushes flushes seen in the writer's log
 * @param mergeSeconds merge time logged by the writer, summed over threads
 * @param merges merges seen in the writer's log
 * @param jvm GC, JIT and heap costs over the same span
 */
public record IndexingReport(
    long docs,
    long textBytes,
    long elapsedNanos,
    long indexBytes,
    int segments,
    double flushSeconds,
    long flushes,
    double mergeSeconds,
    long merges,
    JvmCosts jvm) {

  /** Benchmark name of every indexing metric. */
  public static final String BENCHMARK = IndexSpec.DEFINITION.series();

  private static final double GB = 1024.0 * 1024 * 1024;
  private static final double MB = 1024.0 * 1024;

  /** Elapsed seconds, never zero so rates stay finite. */
  public double elapsedSec() {
    return Math.max(elapsedNanos, 1) / 1e9;
  }

  /**
   * The indexing metrics, task = the variant; GB here is 2^30 bytes, as in luceneutil's GB/hour.
   * jitSeconds is left out where the JVM does not report compile time.
   */
  public List<Metric> toMetrics(IndexSpec spec) {
    CodecOptions codec = IndexingBenchmark.codec(spec);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("docs", docs);
    detail.put("plainTextBytes", textBytes);
    detail.put("ramBufferMB", spec.ramBufferMb());
    detail.put("threads", spec.threads());
    detail.put("corpus", spec.corpus().getFileName().toString());
    detail.put("docChars", spec.docChars());
    detail.put("directory", DirectoryChoice.parse(spec.directory()).cliName());
    detail.put("mergePolicy", IndexingBenchmark.mergePolicy(spec).cliName());
    detail.put("deterministic", spec.deterministic());
    detail.put("maxBufferedDocs", IndexingBenchmark.maxBufferedDocs(spec));
    detail.put("storedFields", codec.storedFieldsName());
    detail.put("postingsFormat", codec.postingsFormatName());
    detail.put("flushes", flushes);
    detail.put("merges", merges);
    double sec = elapsedSec();
    String task = spec.variant();
    List<Metric> m = new ArrayList<>();
    m.add(metric(task, "docsPerSec", docs / sec, detail));
    m.add(metric(task, "gbPerHour", textBytes / GB / (sec / 3600.0), detail));
    m.add(metric(task, "indexSizeMB", indexBytes / MB, detail));
    m.add(metric(task, "segmentCount", segments, detail));
    m.add(metric(task, "elapsedSec", sec, detail));
    m.add(metric(task, "flushSeconds", flushSeconds, detail));
    m.add(metric(task, "mergeSeconds", mergeSeconds, detail));
    m.add(metric(task, "gcCount", jvm.gcCount(), detail));
    m.add(metric(task, "gcSeconds", jvm.gcSeconds(), detail));
    if (!Double.isNaN(jvm.jitSeconds())) {
      m.add(metric(task, "jitSeconds", jvm.jitSeconds(), detail));
    }
    m.add(metric(task, "peakHeapMB", jvm.peakHeapMB(), detail));
    return m;
  }

  private static Metric metric(String task, String name, double value, Map<String, Object> detail) {
    return IndexSpec.DEFINITION.measured(task, name, value, detail);
  }
}
