package org.nightbench.benchjobs.search;

import org.apache.lucene.util.FixedBitSet;

/**
 * The documents of one segment a {@link RandomFilterQuery} keeps, with their count computed once:
 * counting a large segment's bits for every query would cost more than the filter itself.
 */
record KeptDocs(FixedBitSet bits, int count) {

  static KeptDocs of(FixedBitSet bits) {
    return new KeptDocs(bits, bits.cardinality());
  }
}
