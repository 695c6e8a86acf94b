package org.nightbench.benchjobs.facets;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.Facets;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.facet.FacetsConfig;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesReaderState;
import org.apache.lucene.facet.taxonomy.FastTaxonomyFacetCounts;
import org.apache.lucene.facet.taxonomy.TaxonomyReader;
import org.apache.lucene.facet.taxonomy.directory.DirectoryTaxonomyReader;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.nightbench.benchjobs.indexing.FacetFields;
import org.nightbench.benchjobs.indexing.TaxonomyIndex;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.runner.RoundRunner;
import org.nightbench.protocol.FacetTimingsSpec;
import org.nightbench.protocol.result.Metric;

/**
 * Times the facet operations on the high-cardinality RandomLabel dimension of an index, taxonomy
 * and sorted-set alike, as luceneutil's facet benchmark: the matching documents of a match-all
 * query are collected once, then each operation is called {@code warmup} times untimed and {@code
 * repetitions} times timed; the metric is the median, in milliseconds. An operation this Lucene
 * lacks (9.0 has neither getTopDims nor getAllChildren) is left out with a note.
 */
public final class FacetTimings implements Benchmark<FacetTimingsSpec> {

  /** Benchmark name of every metric. */
  public static final String BENCHMARK = FacetTimingsSpec.DEFINITION.series();

  private static final int TOP_N = 10;

  /** One timed operation on counts that exist already; "counts" itself builds them. */
  private interface Operation {
    Object call(Facets counts) throws IOException;
  }

  private final IndexReader reader;
  private final FacetTimingsSpec settings;
  private final PrintStream progress;
  private final List<String> notes = new ArrayList<>();

  private FacetTimings(IndexReader reader, FacetTimingsSpec settings, PrintStream progress) {
    this.reader = reader;
    this.settings = settings;
    this.progress = progress;
  }

  /** For the runner: measuring makes the instance that holds the reader. */
  public FacetTimings() {
    this(null, null, null);
  }

  @Override
  public Report measure(FacetTimingsSpec spec, PrintStream log) throws IOException {
    try (Indexes.Opened index = Indexes.open(spec.indexDir())) {
      return run(index.reader(), spec.indexDir(), spec, log);
    }
  }

  /**
   * Times both kinds on the index in {@code indexDir}, opened as {@code reader}.
   *
   * @throws IllegalArgumentException when the index has neither kind of RandomLabel dimension
   */
  public static Report run(
      IndexReader reader, Path indexDir, FacetTimingsSpec settings, PrintStream progress)
      throws IOException {
    return new FacetTimings(reader, settings, progress).run(indexDir);
  }

  private Report run(Path indexDir) throws IOException {
    FacetsConfig config = FacetFields.config();
    IndexSearcher searcher = new IndexSearcher(reader);
    searcher.setQueryCache(null);
    FacetsCollector all = searcher.search(new MatchAllDocsQuery(), new FacetsCollectorManager());
    List<Metric> metrics = new ArrayList<>();
    String ssdvDim = FacetFields.dim(FacetFields.RANDOM_LABEL, FacetFields.SORTED_SET);
    if (hasField(ssdvDim, DocValuesType.SORTED_SET)) {
      SortedSetDocValuesReaderState state;
      try {
        state = new DefaultSortedSetDocValuesReaderState(reader, ssdvDim, config);
      } catch (NoSuchMethodError e) {
        state = new DefaultSortedSetDocValuesReaderState(reader, ssdvDim);
      }
      SortedSetDocValuesReaderState s = state;
      metrics.addAll(time(ssdvDim, () -> new SortedSetDocValuesFacetCounts(s, all)));
    } else {
      notes.add("no sorted-set dimension " + ssdvDim + " in this index");
    }
    String taxoDim = FacetFields.dim(FacetFields.RANDOM_LABEL, FacetFields.TAXONOMY);
    Path taxoDir = TaxonomyIndex.dirOf(indexDir);
    if (Files.isDirectory(taxoDir) && hasField(taxoDim, null)) {
      try (Directory dir = FSDirectory.open(taxoDir);
          TaxonomyReader taxonomy = new DirectoryTaxonomyReader(dir)) {
        metrics.addAll(
            time(taxoDim, () -> new FastTaxonomyFacetCounts(taxoDim, taxonomy, config, all)));
      }
    } else {
      notes.add("no taxonomy dimension " + taxoDim + " beside this index");
    }
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException(
          "index " + indexDir + " has no " + FacetFields.RANDOM_LABEL + " facet dimension");
    }
    return Report.of(metrics, notes);
  }

  private interface CountsFactory {
    Facets create() throws IOException;
  }

  private List<Metric> time(String dim, CountsFactory factory) throws IOException {
    Facets counts = factory.create();
    FacetResult top = counts.getTopChildren(TOP_N, dim);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("docs", reader.numDocs());
    detail.put("labels", top == null ? 0 : top.childCount);
    detail.put("repetitions", settings.repetitions());
    detail.put("warmup", settings.warmup());
    Map<String, Operation> ops = new LinkedHashMap<>();
    ops.put("countsMs", c -> factory.create());
    ops.put("allDimsMs", c -> c.getAllDims(TOP_N));
    ops.put("topDimsMs", c -> c.getTopDims(1, TOP_N));
    ops.put("topChildrenMs", c -> c.getTopChildren(TOP_N, dim));
    ops.put("allChildrenMs", c -> c.getAllChildren(dim));
    List<Metric> out = new ArrayList<>();
    for (Map.Entry<String, Operation> op : ops.entrySet()) {
      double ms;
      try {
        ms = medianMs(op.getValue(), counts);
      } catch (LinkageError | UnsupportedOperationException e) {
        notes.add(dim + " " + op.getKey() + ": this Lucene has no such call (" + e + ")");
        continue;
      }
      out.add(FacetTimingsSpec.DEFINITION.measured(dim, op.getKey(), ms, detail));
      progress.printf(Locale.ROOT, "facets: %s %s %.3f ms%n", dim, op.getKey(), ms);
    }
    return out;
  }

  private double medianMs(Operation op, Facets counts) throws IOException {
    long[] sink = {0};
    long[] nanos = new long[settings.repetitions()];
    long[] latest = {0};
    // The runner's fixed warm-up: the spec's warm-up calls untimed, then the timed ones.
    RoundRunner.fixed(
        settings.warmup(),
        nanos.length,
        () -> {
          long t0 = System.nanoTime();
          Object result = op.call(counts);
          latest[0] = System.nanoTime() - t0;
          sink[0] += System.identityHashCode(result);
        },
        i -> nanos[i] = latest[0]);
    if (sink[0] == 42) {
      // Keeps the results alive so the JIT cannot drop the calls.
      progress.print("");
    }
    Arrays.sort(nanos);
    int n = nanos.length;
    double median = n % 2 == 1 ? nanos[n / 2] : (nanos[n / 2 - 1] + nanos[n / 2]) / 2.0;
    return median / 1e6;
  }

  /** Whether {@code field} has doc values of {@code type} (any type when null). */
  private boolean hasField(String field, DocValuesType type) {
    FieldInfo info = FieldInfos.getMergedFieldInfos(reader).fieldInfo(field);
    if (info == null || info.getDocValuesType() == DocValuesType.NONE) {
      return false;
    }
    return type == null || info.getDocValuesType() == type;
  }
}
