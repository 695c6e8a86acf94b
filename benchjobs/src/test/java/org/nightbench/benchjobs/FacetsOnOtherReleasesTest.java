package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.protocol.result.ResultWriter;

/**
 * The facet dimensions and the facet timings on the oldest 9.x and a 10.x release (core and facet
 * jars only): what a release lacks (9.0: hierarchical SSDV, getTopDims, getAllChildren) is left out
 * with a note, never a crash.
 */
class FacetsOnOtherReleasesTest {

  @TempDir static Path shared;
  @TempDir Path tmp;

  private static Path corpus;

  @BeforeAll
  static void copyCorpus() throws IOException {
    corpus = Europarl.copyTo(shared);
  }

  private HarnessResult indexAndTime(OtherLucene lucene) throws Exception {
    Path index = tmp.resolve("index");
    OtherLucene.Run indexed =
        lucene.run(
            tmp,
            Harness.class,
            List.of(
                "index",
                "--corpus",
                corpus.toString(),
                "--index-dir",
                index.toString(),
                "--max-docs",
                "400",
                "--threads",
                "2",
                "--out",
                tmp.resolve("index.json").toString()));
    assertThat(indexed.code()).as(lucene + ": " + indexed.stderr()).isZero();
    Path out = tmp.resolve("facets.json");
    OtherLucene.Run timed =
        lucene.run(
            tmp,
            Harness.class,
            List.of(
                "facet-timings",
                "--index-dir",
                index.toString(),
                "--repetitions",
                "3",
                "--warmup",
                "1",
                "--out",
                out.toString()));
    assertThat(timed.code()).as(lucene + ": " + timed.stderr()).isZero();
    return ResultWriter.read(out);
  }

  @Test
  void theOldest9xTimesWhatItHasAndNotesTheRest() throws Exception {
    HarnessResult r = indexAndTime(OtherLucene.onThisJava(OtherLucene.OLDEST_9));
    for (String task : List.of("RandomLabel.sortedset", "RandomLabel.taxonomy")) {
      assertThat(r.metrics())
          .filteredOn(m -> m.task().equals(task))
          .extracting(Metric::name)
          .containsExactly("countsMs", "allDimsMs", "topChildrenMs");
    }
    assertThat(r.notes())
        .hasSize(4)
        .allSatisfy(n -> assertThat(n).contains("this Lucene has no such call"))
        .anySatisfy(n -> assertThat(n).startsWith("RandomLabel.taxonomy allChildrenMs"));
  }

  @Test
  void a10xTimesEveryOperation() throws Exception {
    Optional<OtherLucene> lucene = OtherLucene.onJava(OtherLucene.TEN, 21);
    Assumptions.assumeTrue(lucene.isPresent(), "no JDK 21 or newer for Lucene 10");
    HarnessResult r = indexAndTime(lucene.get());
    assertThat(r.notes()).isEmpty();
    assertThat(r.metrics()).hasSize(10).allSatisfy(m -> assertThat(m.value()).isPositive());
  }
}
