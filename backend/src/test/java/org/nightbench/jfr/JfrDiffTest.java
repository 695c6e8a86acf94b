package org.nightbench.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Method shares and diffs on small collapsed stacks whose answers can be worked out by hand. */
class JfrDiffTest {

  // 10 samples: main → search → score (6, JIT-compiled and inlined frames of one method),
  // main → search (2), main → merge → merge (2, recursive).
  private static final String BEFORE =
      """
      java/lang/Thread.run_[j];org/apache/lucene/Search.search_[j];org/apache/lucene/Scorer.score_[j] 4
      java/lang/Thread.run_[j];org/apache/lucene/Search.search_[j];org/apache/lucene/Scorer.score_[i] 2
      java/lang/Thread.run_[j];org/apache/lucene/Search.search_[0] 2
      java/lang/Thread.run_[j];org/apache/lucene/Merge.merge_[j];org/apache/lucene/Merge.merge_[j] 2
      not a stack line
      """;

  // 20 samples: score's share falls from 60 % to 30 %, a new method takes 50 %.
  private static final String AFTER =
      """
      java/lang/Thread.run_[j];org/apache/lucene/Search.search_[j];org/apache/lucene/Scorer.score_[j] 6
      java/lang/Thread.run_[j];org/apache/lucene/Search.search_[j];org/apache/lucene/Bulk.score_[j] 10
      java/lang/Thread.run_[j];org/apache/lucene/Search.search_[j] 4
      """;

  @Test
  void sharesCountSelfAtTheLeafAndTotalOncePerSample() {
    CollapsedStacks stacks = CollapsedStacks.parse(BEFORE);
    assertThat(stacks.samples()).isEqualTo(10);
    List<MethodShare> shares = MethodShares.of(stacks);
    assertThat(shares.get(0))
        .isEqualTo(new MethodShare("org.apache.lucene.Scorer.score", 6, 6, 10));
    MethodShare merge = find(shares, "org.apache.lucene.Merge.merge");
    // Recursive: two frames per sample, still 2 samples of total, not 4.
    assertThat(merge.totalSamples()).isEqualTo(2);
    assertThat(merge.selfSamples()).isEqualTo(2);
    assertThat(find(shares, "java.lang.Thread.run").totalPercent()).isEqualTo(100.0);
    assertThat(find(shares, "java.lang.Thread.run").selfPercent()).isZero();
    assertThat(shares.stream().mapToDouble(MethodShare::selfPercent).sum())
        .isCloseTo(100.0, within(1e-9));
  }

  /** BEFORE's search profile against AFTER's, their {@code limit} largest changes listed. */
  private static JfrDiff beforeAgainstAfter(int limit) {
    return JfrDiff.of(
        "search",
        new JfrSummary(1, 10, "", "search", 1, 10),
        MethodShares.of(CollapsedStacks.parse(BEFORE)),
        new JfrSummary(2, 11, "", "search", 1, 20),
        MethodShares.of(CollapsedStacks.parse(AFTER)),
        limit);
  }

  @Test
  void theDiffListsTheLargestChangeOfShareFirst() {
    JfrDiff diff = beforeAgainstAfter(3);
    // Bulk.score: 0 % → 50 %; Scorer.score: 60 % → 30 %; Merge.merge: 20 % → 0 %, self and
    // total alike. Search.search's self stays at 20 % (not listed), its total grows 80 → 100 %.
    assertThat(diff.bySelf())
        .extracting(JfrDiff.Row::method, JfrDiff.Row::selfChange)
        .containsExactly(
            tuple("org.apache.lucene.Bulk.score", 50.0),
            tuple("org.apache.lucene.Scorer.score", -30.0),
            tuple("org.apache.lucene.Merge.merge", -20.0));
    // Merge.merge (−20) and Search.search (+20) tie: by name.
    assertThat(diff.byTotal())
        .extracting(JfrDiff.Row::method, JfrDiff.Row::totalChange)
        .containsExactly(
            tuple("org.apache.lucene.Bulk.score", 50.0),
            tuple("org.apache.lucene.Scorer.score", -30.0),
            tuple("org.apache.lucene.Merge.merge", -20.0));
    JfrDiff.Row bulk = diff.bySelf().get(0);
    assertThat(bulk.beforeSelf()).isZero();
    assertThat(bulk.afterTotal()).isEqualTo(50.0);
    JfrDiff all = beforeAgainstAfter(10);
    assertThat(all.byTotal())
        .extracting(JfrDiff.Row::method)
        .contains("org.apache.lucene.Search.search");
    assertThat(all.bySelf())
        .extracting(JfrDiff.Row::method)
        .doesNotContain("org.apache.lucene.Search.search", "java.lang.Thread.run");
  }

  @Test
  void aLambdaIsOneMethodWhateverItsAddressInEachJvm() {
    assertThat(
            MethodShares.method(
                "org/apache/lucene/search/IndexSearcher$$Lambda.0x00000000521a65b0.call_[j]"))
        .isEqualTo("org.apache.lucene.search.IndexSearcher$$Lambda.call");
    assertThat(
            MethodShares.method(
                "org/apache/lucene/search/IndexSearcher$$Lambda$123/0x0000000800c0b000.call_[i]"))
        .isEqualTo("org.apache.lucene.search.IndexSearcher$$Lambda.call");
  }

  @Test
  void storedStacksReadBackAsWritten() {
    CollapsedStacks stacks = CollapsedStacks.parse(BEFORE);
    CollapsedStacks read = CollapsedStacks.gunzip(stacks.gzip());
    assertThat(read.samplesByStack()).isEqualTo(stacks.samplesByStack());
    CollapsedStacks merged = CollapsedStacks.parse(BEFORE);
    merged.addAll(read);
    assertThat(merged.samples()).isEqualTo(20);
  }

  private static MethodShare find(List<MethodShare> shares, String method) {
    return shares.stream().filter(s -> s.method().equals(method)).findFirst().orElseThrow();
  }
}
