package org.nightbench.benchjobs.indexing;

import java.util.Arrays;
import org.apache.lucene.index.LogByteSizeMergePolicy;
import org.apache.lucene.index.LogDocMergePolicy;
import org.apache.lucene.index.MergePolicy;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.TieredMergePolicy;

/** The merge policies a run can pick, each with Lucene's default settings. */
public enum MergePolicyChoice {
  TIERED("tiered"),
  LOG_BYTE_SIZE("log-byte-size"),
  LOG_DOC("log-doc"),
  NO_MERGE("no-merge");

  private final String cliName;

  MergePolicyChoice(String cliName) {
    this.cliName = cliName;
  }

  /** The CLI spelling. */
  public String cliName() {
    return cliName;
  }

  /** Parses the CLI spelling, with a message listing the valid ones. */
  public static MergePolicyChoice parse(String s) {
    for (MergePolicyChoice c : values()) {
      if (c.cliName.equals(s)) {
        return c;
      }
    }
    throw Choices.unknown(
        "merge policy", s, Arrays.stream(values()).map(MergePolicyChoice::cliName).toList());
  }

  MergePolicy create() {
    return switch (this) {
      case TIERED -> new TieredMergePolicy();
      case LOG_BYTE_SIZE -> new LogByteSizeMergePolicy();
      case LOG_DOC -> new LogDocMergePolicy();
      case NO_MERGE -> NoMergePolicy.INSTANCE;
    };
  }

  @Override
  public String toString() {
    return cliName;
  }
}
