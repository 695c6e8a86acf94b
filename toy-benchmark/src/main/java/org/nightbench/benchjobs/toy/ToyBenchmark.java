package org.nightbench.benchjobs.toy;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.protocol.ToySpec;

/**
 * The toy's benchmark class (docs/reference/add-a-benchmark.md, step 2): times counting every
 * document of the index, the median of its measured rounds after its warm-up rounds. Runs in the
 * forked harness JVM, found there by the name its definition gives.
 */
public final class ToyBenchmark implements Benchmark<ToySpec> {

  /** For the runner. */
  public ToyBenchmark() {}

  @Override
  public Report measure(ToySpec spec, PrintStream log) throws IOException {
    try (Indexes.Opened opened = Indexes.open(spec.indexDir())) {
      IndexSearcher searcher = new IndexSearcher(opened.reader());
      long counted = 0;
      for (int i = 0; i < spec.warmupRounds(); i++) {
        counted += searcher.count(new MatchAllDocsQuery());
      }
      long[] nanos = new long[spec.rounds()];
      for (int i = 0; i < nanos.length; i++) {
        long start = System.nanoTime();
        counted += searcher.count(new MatchAllDocsQuery());
        nanos[i] = System.nanoTime() - start;
      }
      Arrays.sort(nanos);
      double medianMs = nanos[nanos.length / 2] / 1e6;
      Map<String, Object> detail = new LinkedHashMap<>();
      detail.put("docs", opened.reader().numDocs());
      detail.put("rounds", spec.rounds());
      detail.put("warmupRounds", spec.warmupRounds());
      detail.put("seed", spec.seed());
      detail.put("counted", counted);
      log.printf(
          Locale.ROOT,
          "toy: %d docs counted in %.3f ms (median of %d rounds)%n",
          opened.reader().numDocs(),
          medianMs,
          nanos.length);
      return Report.of(List.of(ToySpec.DEFINITION.measured("index", "countMs", medianMs, detail)));
    }
  }
}
