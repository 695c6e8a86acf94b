package org.nightbench.independentloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check's reading and aggregation, on hand-written result files of known ratios. */
class PairedRunsTests {

  private static final List<String> FAMILIES = List.of("HighTerm", "OrHighHigh");

  @TempDir Path work;

  /** A harness result as the search step writes it: per family qps with its queries' hits. */
  private void harness(String version, int i, double highTerm, double orHighHigh, long hits)
      throws Exception {
    String json =
        String.format(
            Locale.ROOT,
            """
            {"metrics": [
              {"benchmark": "search", "task": "HighTerm", "name": "qps", "value": %s,
               "detail": {"perQuery": [{"query": "apple", "hits": %d}]}},
              {"benchmark": "search", "task": "HighTerm", "name": "qpsCpu", "value": 1.0},
              {"benchmark": "search", "task": "OrHighHigh", "name": "qps", "value": %s,
               "detail": {"perQuery": [{"query": "apple pear", "hits": 30}]}},
              {"benchmark": "search", "task": "all", "name": "warmupSec", "value": 2.0,
               "detail": {"warmupEnd": "compiled"}}
            ]}
            """,
            highTerm,
            hits,
            orHighHigh);
    Files.writeString(work.resolve("harness-" + version + "-" + i + ".json"), json);
  }

  /** A loop result with one query per family, timed at 1/QPS. */
  private void loop(String version, int i, double highTerm, double orHighHigh) throws Exception {
    Files.writeString(
        work.resolve("loop-" + version + "-" + i + ".tsv"),
        String.format(
            Locale.ROOT,
            "# lucene=%s warmupRounds=1200 warmupSec=3.5 converged=true jitMsMeasured=0\n"
                + "# category\tmedianNs\tfastestNs\thits\tquery\n"
                + "HighTerm\t%.3f\t1\t20\tapple\n"
                + "OrHighHigh\t%.3f\t1\t30\tapple pear\n",
            version,
            1e9 / highTerm,
            1e9 / orHighHigh));
  }

  private PairedRuns threePairs(long candidateHits) throws Exception {
    // Harness HighTerm: 9.12.3 100/110/90, 10.6.0 150/154/126 -> medians 150/100 = 1.5, pairs
    // 1.5, 1.4, 1.4. Loop HighTerm: 200/200/200 against 320/300/340 -> 1.6, pairs 1.6 1.5 1.7.
    // OrHighHigh agrees: 1.2 on both sides in every pair.
    harness("9.12.3", 1, 100, 50, 20);
    harness("10.6.0", 1, 150, 60, candidateHits);
    harness("9.12.3", 2, 110, 50, 20);
    harness("10.6.0", 2, 154, 60, 20);
    harness("9.12.3", 3, 90, 50, 20);
    harness("10.6.0", 3, 126, 60, 20);
    loop("9.12.3", 1, 200, 100);
    loop("10.6.0", 1, 320, 120);
    loop("9.12.3", 2, 200, 100);
    loop("10.6.0", 2, 300, 120);
    loop("9.12.3", 3, 200, 100);
    loop("10.6.0", 3, 340, 120);
    // An incomplete fourth pair is not a pair.
    harness("9.12.3", 4, 100, 50, 20);
    return PairedRuns.load(work, "9.12.3", "10.6.0");
  }

  @Test
  void ratiosAreMediansOverTheJvmsWithThePairsAsTheirSpread() throws Exception {
    PairedRuns runs = threePairs(20);
    assertThat(runs.pairs()).isEqualTo(3);

    List<FamilyAgreement> rows = runs.agreements(FAMILIES, 0.05);

    FamilyAgreement highTerm = rows.get(0);
    assertThat(highTerm.family()).isEqualTo("HighTerm");
    assertThat(highTerm.harness().ratio()).isCloseTo(1.5, within(1e-9));
    assertThat(highTerm.harness().pairs())
        .containsExactly(new double[] {1.5, 1.4, 1.4}, within(1e-9));
    assertThat(highTerm.loop().ratio()).isCloseTo(1.6, within(1e-6));
    assertThat(highTerm.loop().min()).isCloseTo(1.5, within(1e-6));
    assertThat(highTerm.loop().max()).isCloseTo(1.7, within(1e-6));
    assertThat(highTerm.difference()).isCloseTo(-0.1, within(1e-6));
    assertThat(highTerm.pairDifferences())
        .containsExactly(new double[] {-0.1, -0.1, -0.3}, within(1e-6));
    assertThat(highTerm.within()).isFalse();

    FamilyAgreement orHighHigh = rows.get(1);
    assertThat(orHighHigh.difference()).isCloseTo(0, within(1e-6));
    assertThat(orHighHigh.within()).isTrue();
  }

  @Test
  void theReportSaysWhichFamiliesMissAndFailsOnThem() throws Exception {
    PairedRuns runs = threePairs(20);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    boolean all =
        RatioReport.print(
            runs,
            "9.12.3",
            "10.6.0",
            FAMILIES,
            0.05,
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

    String report = bytes.toString(StandardCharsets.UTF_8);
    assertThat(all).isFalse();
    assertThat(report)
        .containsPattern(
            "HighTerm +1\\.500 \\(1\\.400…1\\.500\\) +1\\.600 \\(1\\.500…1\\.700\\)"
                + " +-0\\.100 \\(-0\\.300…-0\\.100\\) +-?0\\.\\d{3}…-0\\.\\d{3} +NO")
        .containsPattern(
            "OrHighHigh +1\\.200 \\(1\\.200…1\\.200\\) +1\\.200 \\(1\\.200…1\\.200\\) +[-+]0\\.000 .* yes")
        .contains("1 of 2 families agree within ±0.05")
        .contains("harness and loop counted the same hits");
    assertThat(
            RatioReport.print(
                runs,
                "9.12.3",
                "10.6.0",
                List.of("OrHighHigh"),
                0.05,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
        .isTrue();
  }

  @Test
  void theIntervalIsWhereOtherDrawsOfTheSamePairsLand() throws Exception {
    List<FamilyAgreement> rows = threePairs(20).agreements(FAMILIES, 0.05);

    // HighTerm's pairs differ by -0.1, -0.1 and -0.3. A draw reads -0.3 when the loop's median is
    // pair 3's (pair 3 drawn at least twice of three: 7/27 of draws), else -0.1: the 5 % and 95 %
    // quantiles are -0.3 and -0.1.
    double[] highTerm = rows.get(0).interval();
    assertThat(highTerm).containsExactly(new double[] {-0.3, -0.1}, within(1e-6));
    assertThat(rows.get(0).interval()).containsExactly(highTerm);
    // OrHighHigh's pairs agree exactly: every draw does too.
    assertThat(rows.get(1).interval()).containsExactly(new double[] {0, 0}, within(1e-9));
  }

  @Test
  void otherHitsMeanTheSidesDidNotRunTheSameQueries() throws Exception {
    PairedRuns runs = threePairs(21);
    assertThat(runs.hitMismatches(FAMILIES)).containsExactly("pair 1 candidate HighTerm");
  }
}
