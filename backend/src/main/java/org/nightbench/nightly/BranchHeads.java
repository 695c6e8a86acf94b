package org.nightbench.nightly;

import java.util.Optional;

/**
 * The commit a Lucene branch points at now; empty when it cannot be known (run anyway). The default
 * bean always answers empty; a {@code @Component} implementing this replaces it.
 */
@FunctionalInterface
public interface BranchHeads {

  Optional<String> head(String branch);
}
