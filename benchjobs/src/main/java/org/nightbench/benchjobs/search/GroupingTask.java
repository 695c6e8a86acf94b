package org.nightbench.benchjobs.search;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.apache.lucene.search.grouping.BlockGroupingCollector;
import org.apache.lucene.search.grouping.GroupingSearch;
import org.apache.lucene.search.grouping.TopGroups;
import org.apache.lucene.util.BytesRef;
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
  private final DocKeys keys;
  private final Query groupEnd =
      new TermQuery(new Term(QueryFields.GROUP_END, QueryFields.GROUP_END_VALUE));

  /**
   * @param field the group field of {@link Kind#TERM}, else ignored
   */
  GroupingTask(Query query, Kind kind, String field, DocKeys keys) {
    this.query = query;
    this.kind = kind;
    this.field = field;
    this.keys = keys;
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
    for (Object group : top.groups) {
      Object value = GroupDocsAccess.groupValue(group);
      hash.add(value instanceof BytesRef b ? b.utf8ToString() : String.valueOf(value));
      // Within a group, documents in key order: ties in score come in doc id order otherwise.
      ScoreDoc[] docs = GroupDocsAccess.scoreDocs(group);
      java.util.List<String> names = new java.util.ArrayList<>();
      for (ScoreDoc d : docs) {
        names.add(keys.key(d.doc));
      }
      java.util.Collections.sort(names);
      names.forEach(hash::add);
    }
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

  /** GroupDocs has public fields on 9.x and is a record (accessor methods) on 10.x. */
  private static final class GroupDocsAccess {

    static Object groupValue(Object group) {
      return read(group, "groupValue");
    }

    static ScoreDoc[] scoreDocs(Object group) {
      return (ScoreDoc[]) read(group, "scoreDocs");
    }

    private static Object read(Object group, String name) {
      try {
        Method m = group.getClass().getMethod(name);
        return m.invoke(group);
      } catch (NoSuchMethodException e) {
        try {
          Field f = group.getClass().getField(name);
          return f.get(group);
        } catch (ReflectiveOperationException e2) {
          throw new IllegalStateException("GroupDocs has no " + name, e2);
        }
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot read GroupDocs." + name, e);
      }
    }
  }
}
