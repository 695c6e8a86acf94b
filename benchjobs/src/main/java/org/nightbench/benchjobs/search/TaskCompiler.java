package org.nightbench.benchjobs.search;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.queries.intervals.IntervalQuery;
import org.apache.lucene.queries.intervals.Intervals;
import org.apache.lucene.queries.spans.SpanNearQuery;
import org.apache.lucene.queries.spans.SpanQuery;
import org.apache.lucene.queries.spans.SpanTermQuery;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LegacyFields;
import org.nightbench.benchjobs.vectors.VectorTaskTexts;
import org.nightbench.protocol.tasks.Task;

/**
 * Turns luceneutil task text into {@link CompiledTask}s against one index: classic query syntax on
 * {@code body}, plus luceneutil's prefixes ({@code near//}, {@code ordered//}, {@code nrq//}, the
 * {@code *sort//} family and the skipper sorts ({@link SortSupport}), {@code pk//}, {@code
 * count(...)}, facets as {@code +facets:taxonomy:Dim} / {@code +facets:sortedset:Dim} or the older
 * {@code +facets:Dim.taxonomy}, the {@code Respell} category) and the nightly's options and
 * operators: {@code +filter=N%}, {@code +minShouldMatch=N}, {@code +constantScore}, {@code
 * +searchAfter=N} (and the older bare {@code +searchAfter}), {@code +dvRangeFilter=field,min,max},
 * {@code +dismaxFields=}, {@code +combinedFields=}, {@code const//}, {@code intSet//}, {@code
 * dvrange//} and grouping (see {@link QueryOperators}, {@link FilterSupport}, {@link
 * MultiFieldSupport}); and issue 16's {@code vector//} tasks ({@link VectorQueries}). Spellings of
 * both eras are read (issue 30; see docs/explanation/luceneutil-compatibility.md). Syntax this
 * harness does not implement, or that needs a field the index lacks, raises {@link
 * UnsupportedTaskException}; malformed query text raises {@link IllegalArgumentException}.
 */
public final class TaskCompiler implements Closeable {

  /** Field queries default to, as in luceneutil. */
  public static final String FIELD = BenchmarkDocuments.BODY;

  /** Slop of {@code near//} and width of {@code ordered//}, luceneutil's values. */
  static final int PROXIMITY = 10;

  private static final Pattern PREFIX = Pattern.compile("([A-Za-z0-9]+)//");

  /** luceneutil options this harness does not implement; the task is skipped, not mis-measured. */
  private static final List<String> UNSUPPORTED_MARKERS = List.of("+drillDown:", "+drillSideways");

  /** luceneutil's option for a constant-score query, cut out like its other options. */
  private static final Pattern CONSTANT_SCORE = Pattern.compile(" \\+constantScore(?=$| )");

  /** Page after a hit ({@code +searchAfter}) or after a sort value ({@code +searchAfter=N}). */
  private static final Pattern SEARCH_AFTER = Pattern.compile(" \\+searchAfter(?:=(\\S*))?(?=$| )");

  /** An option this harness does not know, left over once the known ones are cut out. */
  private static final Pattern UNKNOWN_OPTION = Pattern.compile("(?:^| )\\+([A-Za-z_]+)=");

  /** Facet clauses: luceneutil's {@code +facets:}, and its two mode-naming variants. */
  private static final List<String> FACET_CLAUSES =
      List.of(" +facets:", " +post_collection_facets:", " +during_collection_facets:");

  private final IndexReader reader;
  private final FieldInfos fieldInfos;
  private final Analyzer analyzer = new StandardAnalyzer();
  private final DocKeys keys;
  private final int topN;
  private FacetSupport facets;
  private String facetsMissing;
  private final FilterSupport filters;
  private final QueryOperators operators;
  private final MultiFieldSupport multiField;
  private final SortSupport sorts;

  public TaskCompiler(IndexReader reader, int topN) throws IOException {
    this.reader = reader;
    this.fieldInfos = FieldInfos.getMergedFieldInfos(reader);
    this.keys = new DocKeys(reader);
    this.topN = topN;
    this.filters = new FilterSupport(reader);
    this.operators = new QueryOperators(reader);
    this.multiField = new MultiFieldSupport(reader, analyzer);
    this.sorts = new SortSupport(fieldInfos);
  }

  /** Whether top-hit hashes name hits by their id doc values (else by doc id, index-specific). */
  public boolean hashesByKey() {
    return keys.hasIds();
  }

  /** The executable form of {@code task}. */
  public CompiledTask compile(Task task) throws UnsupportedTaskException, IOException {
    String text = task.query().strip();
    if (task.category().equals("Respell")) {
      return respell(text);
    }
    for (String marker : UNSUPPORTED_MARKERS) {
      if (text.contains(marker)) {
        throw new UnsupportedTaskException("'" + marker + "' is not supported");
      }
    }
    // Options first, wherever they stand (inside count(...) too), as luceneutil's parser does.
    FilterSupport.Cut filter = FilterSupport.cut(text);
    QueryOperators.MinShouldMatch msm = QueryOperators.cutMinShouldMatch(filter.text());
    QueryOperators.DvRangeFilter dvRange = QueryOperators.cutDvRangeFilter(msm.text());
    text = dvRange.text();
    Matcher after = SEARCH_AFTER.matcher(text);
    boolean searchAfter = after.find();
    String afterValue = searchAfter ? after.group(1) : null;
    if (searchAfter) {
      text = (text.substring(0, after.start()) + text.substring(after.end())).strip();
    }
    Matcher constant = CONSTANT_SCORE.matcher(text);
    boolean constantScore = constant.find();
    if (constantScore) {
      text = (text.substring(0, constant.start()) + text.substring(constant.end())).strip();
    }
    Query dvRangeFilter =
        dvRange.range() == null
            ? null
            : operators.dvRange(
                dvRange.range()[0], number(dvRange.range()[1]), number(dvRange.range()[2]));
    Options options = new Options(filter.percent(), msm.min(), constantScore, dvRangeFilter);
    Matcher sortPrefix = PREFIX.matcher(text);
    if (searchAfter && !(sortPrefix.lookingAt() && SortSupport.isSort(sortPrefix.group(1)))) {
      throw new IllegalArgumentException("+searchAfter needs a sorted query (a *sort// prefix)");
    }
    if (text.startsWith(VectorTaskTexts.PREFIX)) {
      return new TopDocsTask(
          finish(VectorQueries.compile(text, reader, filters, topN), options), null, topN, keys);
    }
    MultiFieldSupport.Cut fields = MultiFieldSupport.cut(text);
    text = fields.text();
    Matcher unknown = UNKNOWN_OPTION.matcher(text);
    if (unknown.find()) {
      // Read as query words it would run, silently measuring something else.
      throw new UnsupportedTaskException("option '+" + unknown.group(1) + "=' is not supported");
    }
    if (fields.present()) {
      // luceneutil's dismax and combined-fields tasks are plain word queries, counted or top N.
      boolean count = text.startsWith("count(") && text.endsWith(")");
      String words = count ? text.substring(6, text.length() - 1).strip() : text;
      Query q =
          finish(
              multiField.query(new MultiFieldSupport.Cut(words, fields.dismax(), fields.fields())),
              options);
      return count ? new CountTask(q) : new TopDocsTask(q, null, topN, keys);
    }
    if (text.startsWith("count(")) {
      if (!text.endsWith(")")) {
        throw new UnsupportedTaskException("count(...) must enclose the whole query");
      }
      return new CountTask(
          finish(query(text.substring(6, text.length() - 1).strip(), task), options));
    }
    List<String> dims = new ArrayList<>();
    text = extractFacets(text, dims);
    if (!dims.isEmpty()) {
      return facetSupport().task(finish(query(text, task), options), dims);
    }
    Matcher m = PREFIX.matcher(text);
    if (m.lookingAt()) {
      String rest = text.substring(m.end());
      if (SortSupport.isSort(m.group(1))) {
        SortField sort = sorts.sort(m.group(1));
        Query q = finish(parse(rest, task), options);
        if (afterValue != null) {
          return new SearchAfterTask(
              q, new Sort(sort), topN, SortSupport.after(sort, afterValue, reader.maxDoc()));
        }
        return searchAfter
            ? new SearchAfterTask(q, new Sort(sort), topN, null)
            : new TopDocsTask(q, new Sort(sort), topN, keys);
      }
      if (QueryOperators.GROUPINGS.contains(m.group(1))) {
        return operators.grouping(m.group(1), finish(parse(rest, task), options), keys);
      }
      if (m.group(1).equals("pk")) {
        if (options.filterPercent() > 0) {
          throw new IllegalArgumentException("+filter= does not apply to pk//");
        }
        requireIndexed(BenchmarkDocuments.ID);
        return new PkLookupTask(List.of(rest.strip().split("\\s+")));
      }
    }
    return new TopDocsTask(finish(query(text, task), options), null, topN, keys);
  }

  /** The options cut out of a task's text, applied once its query is built. */
  private record Options(
      double filterPercent, int minShouldMatch, boolean constantScore, Query dvRangeFilter) {}

  /**
   * {@code query} with the task's minimum-should-match, constant score and filters applied: the
   * doc-values range as a filter clause ({@code +query #range}), as luceneutil applies it.
   */
  private Query finish(Query query, Options options) throws IOException, UnsupportedTaskException {
    Query q = QueryOperators.minShouldMatch(query, options.minShouldMatch());
    q = options.constantScore() ? new ConstantScoreQuery(q) : q;
    if (options.dvRangeFilter() != null) {
      q =
          new BooleanQuery.Builder()
              .add(q, Occur.MUST)
              .add(options.dvRangeFilter(), Occur.FILTER)
              .build();
    }
    return options.filterPercent() > 0 ? filters.apply(q, options.filterPercent()) : q;
  }

  /** A query usable inside count(...) and with facets: classic syntax or a query prefix. */
  private Query query(String text, Task task) throws UnsupportedTaskException {
    Matcher m = PREFIX.matcher(text);
    if (!m.lookingAt()) {
      return parse(text, task);
    }
    String[] args = text.substring(m.end()).strip().split("\\s+");
    return switch (m.group(1)) {
      case "near" -> {
        requireArgs(args, 2, "near//a b");
        yield new SpanNearQuery(
            new SpanQuery[] {
              new SpanTermQuery(new Term(FIELD, args[0])),
              new SpanTermQuery(new Term(FIELD, args[1]))
            },
            PROXIMITY,
            true);
      }
      case "ordered" -> {
        requireArgs(args, 2, "ordered//a b");
        yield new IntervalQuery(
            FIELD,
            Intervals.maxwidth(
                PROXIMITY, Intervals.ordered(Intervals.term(args[0]), Intervals.term(args[1]))));
      }
      case "nrq" -> {
        requireArgs(args, 3, "nrq//field min max");
        yield range(args[0], number(args[1]), number(args[2]));
      }
      case "intSet" -> operators.intSet(args);
      case "dvrange" -> operators.dvRange(args);
      case "const" -> new ConstantScoreQuery(parse(text.substring(m.end()).strip(), task));
      default ->
          throw new UnsupportedTaskException("'" + m.group(1) + "//' queries are not supported");
    };
  }

  private Query parse(String text, Task task) {
    // QueryParser is stateful; a fresh one per query keeps parsing independent of order.
    QueryParser parser = new QueryParser(FIELD, analyzer);
    try {
      return parser.parse(text);
    } catch (ParseException | RuntimeException e) {
      String msg = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
      throw new IllegalArgumentException("cannot parse query '" + task.query() + "': " + msg, e);
    }
  }

  /** A point range on an int or long point field, whichever the index holds. */
  private Query range(String name, long min, long max) throws UnsupportedTaskException {
    String field = LegacyFields.resolve(fieldInfos, name, i -> i.getPointDimensionCount() == 1);
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null || info.getPointDimensionCount() != 1) {
      throw new UnsupportedTaskException("index has no one-dimensional point field '" + name + "'");
    }
    if (info.getPointNumBytes() == Long.BYTES) {
      return LongPoint.newRangeQuery(field, min, max);
    }
    if (info.getPointNumBytes() == Integer.BYTES) {
      return IntPoint.newRangeQuery(field, Math.toIntExact(min), Math.toIntExact(max));
    }
    throw new UnsupportedTaskException("point field '" + field + "' is neither int nor long");
  }

  private CompiledTask respell(String word) throws UnsupportedTaskException {
    try {
      return new RespellTask(new Term(FIELD, word));
    } catch (LinkageError e) {
      throw new UnsupportedTaskException("the suggest module is not on the classpath");
    }
  }

  private FacetSupport facetSupport() throws UnsupportedTaskException {
    if (facets == null && facetsMissing == null) {
      try {
        facets = FacetSupport.open(reader);
      } catch (LinkageError e) {
        facetsMissing = "the facet module is not on the classpath";
      }
    }
    if (facets == null) {
      throw new UnsupportedTaskException(facetsMissing);
    }
    return facets;
  }

  /**
   * Cuts luceneutil's facet clauses out of {@code text} into {@code dims}, each as the dimension's
   * name in the index ({@code Month.taxonomy}): the current spelling {@code +facets:taxonomy:Month}
   * ({@code kind:Dim}) and the older {@code +facets:Month.taxonomy} alike.
   */
  private static String extractFacets(String text, List<String> dims)
      throws UnsupportedTaskException {
    for (String clause : FACET_CLAUSES) {
      int i;
      while ((i = text.indexOf(clause)) >= 0) {
        if (clause.startsWith(" +during")) {
          throw new UnsupportedTaskException(
              "during-collection faceting (+during_collection_facets:) is not supported");
        }
        int end = text.indexOf(' ', i + 1);
        end = end < 0 ? text.length() : end;
        dims.add(FacetSupport.dimension(text.substring(i + clause.length(), end)));
        text = (text.substring(0, i) + text.substring(end)).strip();
      }
    }
    return text;
  }

  /** A lookup on a field the index lacks would find nothing and time nothing of interest. */
  private void requireIndexed(String field) throws UnsupportedTaskException {
    FieldInfo info = fieldInfos.fieldInfo(field);
    if (info == null || info.getIndexOptions() == IndexOptions.NONE) {
      throw new UnsupportedTaskException("index has no indexed key field '" + field + "'");
    }
  }

  private static void requireArgs(String[] args, int n, String shape) {
    if (args.length != n) {
      throw new IllegalArgumentException("expected " + shape + ", got " + args.length + " words");
    }
  }

  private static long number(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a whole number: '" + s + "'");
    }
  }

  @Override
  public void close() {
    analyzer.close();
  }
}
