package org.nightbench.benchjobs.taskgen;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.nightbench.benchjobs.indexing.SkipperFields;
import org.nightbench.benchjobs.search.CompiledTask;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.TaskCompiler;
import org.nightbench.benchjobs.search.UngeneratedCategories;
import org.nightbench.benchjobs.search.UnsupportedTaskException;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.tasks.Task;

/**
 * Derives luceneutil-style tasks of every nightly query family from an index and its corpus,
 * deterministically for a given seed and index, keeping only queries that have hits when compiled
 * exactly as the search benchmark will run them.
 */
public final class TaskGenerator {

  /** The field every text task queries, as in luceneutil. */
  public static final String FIELD = TaskCompiler.FIELD;

  /**
   * Categories in generation order; the order is part of the determinism contract. Defined with the
   * harness's protocol, which the backend shares.
   */
  public static final List<String> CATEGORIES = HarnessTasks.CATEGORIES;

  /**
   * The categories this Lucene can serve: all of them on 10.x, all but the skipper ones ({@link
   * HarnessTasks#SKIPPER_CATEGORIES}) on 9.x.
   */
  public static List<String> servableCategories() {
    if (SkipperFields.available()) {
      return CATEGORIES;
    }
    return CATEGORIES.stream().filter(c -> !HarnessTasks.SKIPPER_CATEGORIES.contains(c)).toList();
  }

  /** Tasks plus the header lines describing how they were made. */
  public record Generated(List<String> header, List<Task> tasks, List<String> emptyCategories) {}

  private final IndexSearcher searcher;
  private final TaskCompiler compiler;
  private final TermBands bands;
  private final TermFamilies terms;
  private final PhraseFamilies phrases;
  private final FieldFamilies fields;
  private final QueryFamilies queries;
  private final FacetFamilies facets;

  private TaskGenerator(
      IndexSearcher searcher,
      TaskCompiler compiler,
      TermBands bands,
      TermFamilies terms,
      PhraseFamilies phrases,
      FieldFamilies fields,
      QueryFamilies queries) {
    this.searcher = searcher;
    this.compiler = compiler;
    this.bands = bands;
    this.terms = terms;
    this.phrases = phrases;
    this.fields = fields;
    this.queries = queries;
    this.facets = new FacetFamilies(terms);
  }

  /**
   * Generates up to {@code perCategory} tasks per category from {@code reader}; {@code corpus} is
   * the line-docs file the index was built from (its head supplies phrase candidates).
   */
  public static Generated generate(IndexReader reader, Path corpus, long seed, int perCategory)
      throws IOException {
    if (perCategory < 1) {
      throw new IllegalArgumentException("per-category must be >= 1, got " + perCategory);
    }
    IndexSearcher searcher = SearchBenchmark.searcher(reader);
    Random random = new Random(seed);
    TermBands bands = TermBands.load(reader, FIELD);
    try (Analyzer analyzer = new StandardAnalyzer();
        TaskCompiler compiler = new TaskCompiler(reader, 10)) {
      TermFamilies terms = new TermFamilies(bands, random, perCategory);
      PhraseFamilies phrases =
          PhraseFamilies.load(corpus, analyzer, searcher, FIELD, bands, random);
      FieldFamilies fields = new FieldFamilies(reader, terms, random, perCategory);
      QueryFamilies queries =
          new QueryFamilies(reader, bands, terms, phrases, fields, random, perCategory);
      return new TaskGenerator(searcher, compiler, bands, terms, phrases, fields, queries)
          .run(seed, perCategory);
    }
  }

  private Generated run(long seed, int perCategory) throws IOException {
    List<Task> tasks = new ArrayList<>();
    List<String> empty = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    for (String category : CATEGORIES) {
      List<Candidate> found = new ArrayList<>();
      Set<String> seen = new LinkedHashSet<>();
      String unsupported = null;
      for (Candidate c : candidates(category)) {
        if (found.size() >= perCategory) {
          break;
        }
        if (!seen.add(c.query())) {
          continue;
        }
        try {
          if (hits(category, c.query()) > 0) {
            found.add(c);
          }
        } catch (UnsupportedTaskException e) {
          // The same reason holds for every candidate of the category: stop trying.
          unsupported = e.getMessage();
          break;
        }
      }
      if (found.isEmpty()) {
        empty.add(category);
        reasons.add(
            UngeneratedCategories.MARKER
                + category
                + ": "
                + (unsupported != null ? unsupported : "no candidate query has hits"));
      }
      for (Candidate c : found) {
        tasks.add(new Task(category, c.query(), c.comment(), 0));
      }
    }
    if (VectorFamilies.indexed(searcher.getIndexReader())) {
      // After every other category: the vector ones change nothing of the others' generation.
      tasks.addAll(VectorFamilies.tasks(terms, perCategory));
    }
    List<String> header = new ArrayList<>();
    header.add(
        "Nightbench generated tasks on field '"
            + FIELD
            + "': seed="
            + seed
            + " perCategory="
            + perCategory
            + " maxDoc="
            + bands.maxDoc);
    header.add(bands.describe());
    header.add(phrases.describe());
    header.add(queries.describe());
    header.addAll(reasons);
    return new Generated(header, tasks, empty);
  }

  private List<Candidate> candidates(String category) throws IOException {
    List<Candidate> c = terms.candidates(category);
    if (c == null) {
      c = phrases.candidates(category);
    }
    if (c == null) {
      c = fields.candidates(category, bands);
    }
    if (c == null) {
      c = queries.candidates(category);
    }
    if (c == null) {
      c = facets.candidates(category);
    }
    if (c == null) {
      throw new IllegalStateException("no family generates category " + category);
    }
    return c;
  }

  private long hits(String category, String query) throws UnsupportedTaskException, IOException {
    CompiledTask task;
    try {
      task = compiler.compile(new Task(category, query, null, 0));
    } catch (IllegalArgumentException e) {
      return 0; // a word the parser reads differently; another candidate will do
    }
    try {
      return task.check(searcher).hits();
    } catch (RuntimeException e) {
      return 0;
    }
  }
}
