package org.nightbench.benchjobs;

import java.nio.file.Path;
import org.nightbench.protocol.CheckIndexSpec;

/** {@code check-index}: times Lucene's CheckIndex over an index built by {@code index}. */
final class CheckIndexStep {

  private CheckIndexStep() {}

  static void run(CheckIndexSpec spec, Path out) throws Exception {
    Results.write(out, spec.type(), Indexes.checkIndex(spec.indexDir(), spec.variant()));
  }
}
