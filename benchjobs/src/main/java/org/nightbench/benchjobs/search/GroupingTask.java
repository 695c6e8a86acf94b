package org.nightbench.benchjobs.search;

import java.io.IOException;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.apache.lucene.search.grouping.BlockGroupingCollector;
import org.apache.lucene.search.grouping.GroupingSearch;
import org.apache.lucene.search.grouping.TopGroups;
import org.nightbench.benchjobs.indexing.QueryFields;

/**
 * luceneutil's grouping tasks: the top {@value #GROUPS} groups by relevance with their top {@value
 * #GROUPS} documents. {@code group100//} and the like group on a sorted doc-values field with the
 * grouping module's two passes (first pass collecting the top groups, second pass their documents,
 * the first pass's hits cached); {@code groupblock//} does the same over documents indexed in
 * blocks, ended by {@code groupend:x}; {@code groupblock1pass//} collects blocks in a single pass
 * with {@link BlockGroupingCollector}.
 */
final class GroupingTask implements CompiledTask {

  static final int GROUPS = 10;

  /** luceneutil's cache of first-pass hits for the second pass. */
  private static final double CACHE_MB = 4.0;

  enum Kind {
    TERM,
    BLOCK,
    BLOCK_ONE_PASS
  }

  private final Query query;
  private final Kind kind;
  private final String field;
  private final Query groupEnd =
      new TermQuery(new Term(QueryFields.GROUP_END, QueryFields.GROUP_END_VALUE));

  /**
   * @param field the group field of {@link Kind#TERM}, else ignored
   */
  GroupingTask(Query query, Kind kind, String field) {
    this.query = query;
    this.kind = kind;
    this.field = field;
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    TopGroups<?> top = search(searcher);
    return top == null ? 0 : top.totalHitCount + (long) top.groups.length;
  }

  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    TopGroups<?> top = search(searcher);
    TopHash hash = new TopHash();
    if (top == null) {
      return new Outcome(0, hash.hex());
    }
    // Groups are ranked by their best document's score, and equal scores are common (a single
    // term): which groups make the top, their order and so how many hits they hold then follow
    // doc ids, which two builds of the same corpus with two indexing threads do not share. Only
    // what every build agrees on goes into the answer: how many documents matched.
    hash.add(Long.toString(top.totalHitCount));
    return new Outcome(top.totalHitCount, hash.hex());
  }

  private TopGroups<?> search(IndexSearcher searcher) throws IOException {
    switch (kind) {
      case BLOCK_ONE_PASS -> {
        Weight ends =
            searcher.createWeight(searcher.rewrite(groupEnd), ScoreMode.COMPLETE_NO_SCORES, 1f);
        BlockGroupingCollector c = new BlockGroupingCollector(Sort.RELEVANCE, GROUPS, true, ends);
        searcher.search(query, c);
        return c.getTopGroups(Sort.RELEVANCE, 0, 0, GROUPS);
      }
      case BLOCK -> {
        return configure(new GroupingSearch(groupEnd)).search(searcher, query, 0, GROUPS);
      }
      default -> {
        return configure(new GroupingSearch(field)).search(searcher, query, 0, GROUPS);
      }
    }
  }

  private static GroupingSearch configure(GroupingSearch g) {
    return g.setGroupSort(Sort.RELEVANCE)
        .setSortWithinGroup(Sort.RELEVANCE)
        .setGroupDocsLimit(GROUPS)
        .setCachingInMB(CACHE_MB, true);
  }
}
