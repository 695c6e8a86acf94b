package org.nightbench.benchjobs.pk;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LiveIds;
import org.nightbench.benchjobs.runner.Benchmark;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.runner.Report;
import org.nightbench.benchjobs.runner.RoundRunner;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.result.Metric;

/**
 * Primary-key lookups as an application does them without a searcher: per segment, seekExact the id
 * term and take its first live doc, stopping at the segment that has it. Two series bracket the
 * terms dictionary's behaviour: sequential keys (consecutive ids, so neighbouring terms share
 * blocks) and seeded random keys. Both run in alternating batches so drift hits them alike.
 */
public final class PkLookupBenchmark implements Benchmark<PkLookupSpec> {

  /** Benchmark name of the pk metrics. */
  public static final String BENCHMARK = PkLookupSpec.DEFINITION.series();

  private final IndexReader reader;
  private final String indexName;
  private final PrintStream progress;
  private long checksum;

  /** For the runner: measuring makes one instance per reader, which holds that reader's keys. */
  public PkLookupBenchmark() {
    this(null, null, null);
  }

  private PkLookupBenchmark(IndexReader reader, String indexName, PrintStream progress) {
    this.reader = reader;
    this.indexName = indexName;
    this.progress = progress;
  }

  /** Times primary-key lookups on an index built by {@code index}. */
  @Override
  public Report measure(PkLookupSpec spec, PrintStream log) throws IOException {
    try (Indexes.Opened index = Indexes.open(spec.indexDir())) {
      return Report.of(run(index.reader(), spec.indexDir().toString(), spec, log));
    }
  }

  /** One metric per series, the median of its measured batches; {@code indexName} for messages. */
  public static List<Metric> run(
      IndexReader reader, String indexName, PkLookupSpec settings, PrintStream progress)
      throws IOException {
    return interleaved(
        List.of(reader), Collections.singletonList(null), indexName, settings, progress);
  }

  /**
   * The same lookups on several readers, batch by batch in turn (every reader's sequential and
   * random batch, then the next round), so drift on the box hits them alike. The tasks are {@code
   * sequential-LABEL} and {@code random-LABEL}; a null label keeps the plain series names.
   */
  public static List<Metric> interleaved(
      List<IndexReader> readers,
      List<String> labels,
      String indexName,
      PkLookupSpec s,
      PrintStream progress)
      throws IOException {
    if (readers.size() != labels.size()) {
      throw new IllegalArgumentException(
          readers.size() + " readers but " + labels.size() + " labels");
    }
    List<PkLookupBenchmark> all = new ArrayList<>();
    for (IndexReader reader : readers) {
      all.add(new PkLookupBenchmark(reader, indexName, progress).prepare(s));
    }
    long minNanos = (long) (s.minBatchSeconds() * 1e9);
    // A round: one batch of each series on each index; the runner's fixed warm-up drops the first.
    double[][][] latest = new double[all.size()][NAMES.length][1];
    int[] round = {0};
    RoundRunner.Round batches =
        () -> {
          boolean warm = round[0]++ < s.warmupBatches();
          for (int i = 0; i < all.size(); i++) {
            PkLookupBenchmark one = all.get(i);
            for (int series = 0; series < NAMES.length; series++) {
              double rate = one.batch(one.keys[series], minNanos);
              latest[i][series][0] = rate;
              progress.printf(
                  Locale.ROOT,
                  "pk: %-10s %-8s %s %.0f lookups/s%n",
                  NAMES[series],
                  labels.get(i) == null ? "" : labels.get(i),
                  warm ? "warm" : "",
                  rate);
            }
          }
        };
    RoundRunner.Measured keep =
        b -> {
          for (int i = 0; i < all.size(); i++) {
            for (int series = 0; series < NAMES.length; series++) {
              all.get(i).rates[series][b] = latest[i][series][0];
            }
          }
        };
    RoundRunner.fixed(s.warmupBatches(), s.batches(), batches, keep);
    List<Metric> metrics = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      metrics.addAll(all.get(i).metrics(s, labels.get(i)));
    }
    return metrics;
  }

  private static final String[] NAMES = {"sequential", "random"};

  private long[] ids;
  private BytesRef[][] keys;
  private double[][] rates;

  private PkLookupBenchmark prepare(PkLookupSpec s) throws IOException {
    ids = LiveIds.read(reader, indexName);
    keys = new BytesRef[][] {sequential(ids, s.lookups()), random(ids, s.lookups(), s.seed())};
    rates = new double[NAMES.length][s.batches()];
    progress.printf(
        Locale.ROOT,
        "pk: %d live ids in %d segments, %d lookups per batch, %d+%d batches of >= %.2f s%n",
        ids.length,
        reader.leaves().size(),
        s.lookups(),
        s.warmupBatches(),
        s.batches(),
        s.minBatchSeconds());
    return this;
  }

  private List<Metric> metrics(PkLookupSpec s, String label) {
    progress.println("pk: done (checksum " + checksum + ")");
    List<Metric> metrics = new ArrayList<>();
    for (int series = 0; series < NAMES.length; series++) {
      Map<String, Object> detail = new LinkedHashMap<>();
      detail.put("aggregate", "median of batches");
      detail.put("batches", Arrays.stream(rates[series]).boxed().toList());
      detail.put("lookupsPerBatch", s.lookups());
      detail.put("minBatchSeconds", s.minBatchSeconds());
      detail.put("warmupBatches", s.warmupBatches());
      detail.put("seed", s.seed());
      detail.put("liveIds", ids.length);
      detail.put("segments", reader.leaves().size());
      metrics.add(
          PkLookupSpec.DEFINITION.measured(
              label == null ? NAMES[series] : NAMES[series] + "-" + label,
              "lookupsPerSec",
              median(rates[series]),
              detail));
    }
    return metrics;
  }

  /** Consecutive live ids from the smallest, wrapping when there are fewer than asked for. */
  static BytesRef[] sequential(long[] ids, int n) {
    BytesRef[] keys = new BytesRef[n];
    for (int i = 0; i < n; i++) {
      keys[i] = new BytesRef(Long.toString(ids[i % ids.length]));
    }
    return keys;
  }

  /** Uniform picks with replacement, fixed by the seed. */
  static BytesRef[] random(long[] ids, int n, long seed) {
    Random r = new Random(seed);
    BytesRef[] keys = new BytesRef[n];
    for (int i = 0; i < n; i++) {
      keys[i] = new BytesRef(Long.toString(ids[r.nextInt(ids.length)]));
    }
    return keys;
  }

  /** Repeats the keys until {@code minNanos} have passed; lookups per second. */
  private double batch(BytesRef[] keys, long minNanos) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    TermsEnum[] termsEnums = new TermsEnum[leaves.size()];
    Bits[] live = new Bits[leaves.size()];
    for (int i = 0; i < termsEnums.length; i++) {
      Terms terms = leaves.get(i).reader().terms(BenchmarkDocuments.ID);
      termsEnums[i] = terms == null ? null : terms.iterator();
      live[i] = leaves.get(i).reader().getLiveDocs();
    }
    long lookups = 0;
    long start = System.nanoTime();
    long elapsed;
    do {
      checksum += lookupAll(keys, leaves, termsEnums, live);
      lookups += keys.length;
      elapsed = System.nanoTime() - start;
    } while (elapsed < minNanos);
    return lookups / (Math.max(elapsed, 1) / 1e9);
  }

  private long lookupAll(
      BytesRef[] keys, List<LeafReaderContext> leaves, TermsEnum[] termsEnums, Bits[] live)
      throws IOException {
    long sum = 0;
    PostingsEnum postings = null;
    for (BytesRef key : keys) {
      int found = -1;
      for (int i = 0; i < termsEnums.length && found < 0; i++) {
        if (termsEnums[i] != null && termsEnums[i].seekExact(key)) {
          postings = termsEnums[i].postings(postings, PostingsEnum.NONE);
          int doc = LiveIds.firstLive(postings, live[i]);
          if (doc != DocIdSetIterator.NO_MORE_DOCS) {
            found = leaves.get(i).docBase + doc;
          }
        }
      }
      if (found < 0) {
        throw new IllegalArgumentException(
            "id " + key.utf8ToString() + " not found in index " + indexName);
      }
      sum += found;
    }
    return sum;
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }
}
