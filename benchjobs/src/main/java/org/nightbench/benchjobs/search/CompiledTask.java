package org.nightbench.benchjobs.search;

import java.io.IOException;
import org.apache.lucene.search.IndexSearcher;

/** A task line turned into the Lucene calls it stands for, built once and run many times. */
public interface CompiledTask {

  /**
   * Runs the task once, as timed; the returned value must depend on the result so that the JIT
   * cannot drop the work.
   */
  long run(IndexSearcher searcher) throws IOException;

  /** Runs the task once more to record its hits and a hash of its top results. */
  Outcome check(IndexSearcher searcher) throws IOException;
}
