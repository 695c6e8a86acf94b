package org.nightbench.independentloop;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Version;

/**
 * A timing loop that shares nothing with the harness but the index and the task file: a plain main
 * run in a JVM with only one Lucene release's jars beside it, which parses each task with the
 * classic query parser on {@code body}, calls {@code IndexSearcher.search(query, topN)} in shuffled
 * rounds until the rounds have converged, then times {@code repetitions} more rounds and writes
 * each task's median latency to a file ({@link LoopFile} reads it).
 *
 * <p>It uses only API that Lucene 9 and 10 share binary-compatibly (no {@code TotalHits}, which
 * became a record in 10), so one compiled class runs on both; the class and its nested classes are
 * copied alone next to the release's jars. Warm-up is its own rule, not the harness's {@code
 * WarmupGate}: blocks of {@value #BLOCK} rounds until two blocks in a row agree within {@value
 * #BLOCK_TOLERANCE} (the sum of the tasks' median latencies in the block, the figure QPS is made
 * of) and the JIT compiled for less than {@value #JIT_SHARE} of their wall time, at least {@value
 * #MIN_WARMUP_ROUNDS} rounds, at most {@code --max-warmup-sec}.
 *
 * <p>usage: {@code IndependentLoop --index DIR --tasks FILE --out FILE [--families A,B]
 * [--repetitions 3000] [--top-n 10] [--seed 1] [--max-warmup-sec 300]}
 */
public final class IndependentLoop {

  /** Rounds per warm-up block. */
  static final int BLOCK = 200;

  /** How far two warm-up blocks may differ and still count as converged. */
  static final double BLOCK_TOLERANCE = 0.02;

  /** The JIT's share of two blocks' wall time under which compilation counts as done. */
  static final double JIT_SHARE = 0.01;

  /** At least this many warm-up rounds, whatever the blocks say. */
  static final int MIN_WARMUP_ROUNDS = 1000;

  /** The field queries default to, as in the harness's generated tasks. */
  static final String FIELD = "body";

  private IndependentLoop() {}

  /** One line of the task file: its category and query text. */
  record TaskLine(String category, String query) {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opt = options(args);
    Path index = Path.of(required(opt, "index"));
    Path tasksFile = Path.of(required(opt, "tasks"));
    Path out = Path.of(required(opt, "out"));
    int repetitions = Integer.parseInt(opt.getOrDefault("repetitions", "3000"));
    int topN = Integer.parseInt(opt.getOrDefault("top-n", "10"));
    long seed = Long.parseLong(opt.getOrDefault("seed", "1"));
    double maxWarmupSec = Double.parseDouble(opt.getOrDefault("max-warmup-sec", "300"));
    Set<String> families =
        opt.containsKey("families") ? Set.of(opt.get("families").split(",")) : Set.of();

    List<TaskLine> tasks = new ArrayList<>();
    for (String line : Files.readAllLines(tasksFile, StandardCharsets.UTF_8)) {
      TaskLine t = parseLine(line);
      if (t != null && (families.isEmpty() || families.contains(t.category()))) {
        tasks.add(t);
      }
    }
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException(tasksFile + ": no tasks of " + families);
    }
    try (Directory dir = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      IndexSearcher searcher = new IndexSearcher(reader);
      // Repeated queries must measure search, not cache hits (as luceneutil and the harness).
      searcher.setQueryCache(null);
      Query[] queries = new Query[tasks.size()];
      long[] hits = new long[tasks.size()];
      for (int i = 0; i < queries.length; i++) {
        queries[i] = parse(tasks.get(i).query());
        hits[i] = searcher.count(queries[i]);
      }
      Loop loop = new Loop(searcher, queries, topN, seed);
      Warmup warmup = loop.warmUp(maxWarmupSec);
      long jitBefore = loop.compileMillis();
      long[][] ns = new long[queries.length][repetitions];
      for (int r = 0; r < repetitions; r++) {
        loop.round(ns, r);
      }
      long jitMeasured = loop.compileMillis() - jitBefore;
      write(out, tasks, hits, ns, warmup, repetitions, jitMeasured, loop.checksum);
    }
  }

  /**
   * {@code Category: query text # comment} as luceneutil writes it; null for blank and comment
   * lines. A '#' opens a comment only at the start or after whitespace.
   */
  static TaskLine parseLine(String line) {
    String s = line.strip();
    if (s.isEmpty() || s.startsWith("#")) {
      return null;
    }
    int colon = s.indexOf(':');
    if (colon <= 0) {
      throw new IllegalArgumentException("not a task line (Category: query): " + line);
    }
    String rest = s.substring(colon + 1);
    for (int i = 0; i < rest.length(); i++) {
      if (rest.charAt(i) == '#' && (i == 0 || Character.isWhitespace(rest.charAt(i - 1)))) {
        rest = rest.substring(0, i);
        break;
      }
    }
    return new TaskLine(s.substring(0, colon).strip(), rest.strip());
  }

  private static Query parse(String text) throws ParseException {
    // A fresh parser per query: QueryParser keeps state between parses.
    return new QueryParser(FIELD, new StandardAnalyzer()).parse(text);
  }

  /** How warm-up went. */
  record Warmup(int rounds, double seconds, boolean converged, long jitMillis) {}

  /** The timed loop; kept small so what is timed is the search call. */
  private static final class Loop {
    final IndexSearcher searcher;
    final Query[] queries;
    final int topN;
    final int[] order;
    final Random random;
    final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    long checksum;

    Loop(IndexSearcher searcher, Query[] queries, int topN, long seed) {
      this.searcher = searcher;
      this.queries = queries;
      this.topN = topN;
      this.order = new int[queries.length];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      this.random = new Random(seed);
    }

    long compileMillis() {
      return jit != null && jit.isCompilationTimeMonitoringSupported()
          ? jit.getTotalCompilationTime()
          : 0;
    }

    /** One round, every query once in a fresh order; its latencies into {@code ns[.][r]}. */
    void round(long[][] ns, int r) throws IOException {
      for (int i = order.length - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      for (int i : order) {
        long t0 = System.nanoTime();
        ScoreDoc[] sd = searcher.search(queries[i], topN).scoreDocs;
        long t1 = System.nanoTime();
        checksum += sd.length == 0 ? 0 : sd.length + sd[0].doc;
        ns[i][r] = t1 - t0;
      }
    }

    Warmup warmUp(double maxSec) throws IOException {
      long start = System.nanoTime();
      long[][] block = new long[queries.length][BLOCK];
      double previous = Double.NaN;
      long previousJit = compileMillis();
      long previousWall = start;
      boolean previousQuiet = false;
      int rounds = 0;
      while (true) {
        for (int r = 0; r < BLOCK; r++) {
          round(block, r);
        }
        rounds += BLOCK;
        long now = System.nanoTime();
        long jitNow = compileMillis();
        boolean quiet = (jitNow - previousJit) * 1e6 < JIT_SHARE * (now - previousWall);
        double sum = sumOfMedians(block);
        boolean agrees = Math.abs(sum - previous) <= BLOCK_TOLERANCE * previous;
        if (rounds >= MIN_WARMUP_ROUNDS && agrees && quiet && previousQuiet) {
          return new Warmup(rounds, (now - start) / 1e9, true, jitNow);
        }
        if ((now - start) / 1e9 >= maxSec) {
          return new Warmup(rounds, (now - start) / 1e9, false, jitNow);
        }
        previous = sum;
        previousJit = jitNow;
        previousWall = now;
        previousQuiet = quiet;
      }
    }
  }

  static double sumOfMedians(long[][] ns) {
    double sum = 0;
    for (long[] task : ns) {
      sum += median(task);
    }
    return sum;
  }

  static double median(long[] values) {
    long[] s = values.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
  }

  private static void write(
      Path out,
      List<TaskLine> tasks,
      long[] hits,
      long[][] ns,
      Warmup warmup,
      int repetitions,
      long jitMeasured,
      long checksum)
      throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
      w.printf(
          Locale.ROOT,
          "# lucene=%s java=%s repetitions=%d warmupRounds=%d warmupSec=%.2f converged=%s"
              + " jitMsWarmup=%d jitMsMeasured=%d checksum=%d%n",
          Version.LATEST,
          Runtime.version(),
          repetitions,
          warmup.rounds(),
          warmup.seconds(),
          warmup.converged(),
          warmup.jitMillis(),
          jitMeasured,
          checksum);
      w.println("# category\tmedianNs\tfastestNs\thits\tquery");
      for (int i = 0; i < tasks.size(); i++) {
        w.printf(
            Locale.ROOT,
            "%s\t%.1f\t%d\t%d\t%s%n",
            tasks.get(i).category(),
            median(ns[i]),
            Arrays.stream(ns[i]).min().orElse(0),
            hits[i],
            tasks.get(i).query());
      }
    }
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> opt = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 == args.length) {
        throw new IllegalArgumentException("expected --name value, got " + args[i]);
      }
      opt.put(args[i].substring(2), args[++i]);
    }
    return opt;
  }

  private static String required(Map<String, String> opt, String name) {
    String v = opt.get(name);
    if (v == null) {
      throw new IllegalArgumentException("--" + name + " is required");
    }
    return v;
  }
}
