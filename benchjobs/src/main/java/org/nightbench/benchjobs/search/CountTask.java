package org.nightbench.benchjobs.search;

import java.io.IOException;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;

/** Counts matches without scoring ({@code count(...)}), which lets Lucene skip whole blocks. */
final class CountTask implements CompiledTask {

  private final Query query;

  CountTask(Query query) {
    this.query = query;
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    return searcher.count(query);
  }

  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    int n = searcher.count(query);
    return new Outcome(n, new TopHash().add(Integer.toString(n)).hex());
  }
}
