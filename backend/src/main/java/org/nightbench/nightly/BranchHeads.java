package org.nightbench.nightly;

import java.util.Optional;

/**
 * The commit a Lucene branch points at now; empty when it cannot be known (run anyway). The default
 * bean asks the git clone; tests replace it.
 */
@FunctionalInterface
public interface BranchHeads {

  Optional<String> head(String branch);
}
