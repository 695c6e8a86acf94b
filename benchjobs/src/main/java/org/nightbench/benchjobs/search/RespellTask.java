package org.nightbench.benchjobs.search;

import java.io.IOException;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.spell.DirectSpellChecker;
import org.apache.lucene.search.spell.SuggestMode;
import org.apache.lucene.search.spell.SuggestWord;

/** Spelling suggestions for one word straight from the terms dictionary, as luceneutil. */
final class RespellTask implements CompiledTask {

  private static final int SUGGESTIONS = 10;

  private final Term term;
  private final DirectSpellChecker checker = new DirectSpellChecker();

  RespellTask(Term term) {
    this.term = term;
  }

  @Override
  public long run(IndexSearcher searcher) throws IOException {
    return suggest(searcher).length;
  }

  @Override
  public Outcome check(IndexSearcher searcher) throws IOException {
    SuggestWord[] words = suggest(searcher);
    TopHash hash = new TopHash();
    for (SuggestWord w : words) {
      hash.add(w.string, w.score);
    }
    return new Outcome(words.length, hash.hex());
  }

  private SuggestWord[] suggest(IndexSearcher searcher) throws IOException {
    return checker.suggestSimilar(
        term, SUGGESTIONS, searcher.getIndexReader(), SuggestMode.SUGGEST_MORE_POPULAR);
  }
}
