package org.nightbench.series.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.series.Overview;
import org.nightbench.series.OverviewFilter;
import org.nightbench.series.RunMeasurement;
import org.nightbench.series.SeriesService;
import org.nightbench.series.SeriesSummary;
import org.nightbench.web.NotFoundException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.annotation.Transactional;

/**
 * The digest on the real database: a run judged against the previous comparable run in the series'
 * own order, what went silent, disturbed runs, the digest between two runs and its refusals.
 */
@SpringBootTest
@ActiveProfiles("test")
@Transactional
class DigestServiceTests {

  @Autowired DigestService digests;
  @Autowired SeriesService series;
  @Autowired JdbcClient jdbc;

  @Test
  void theNewestReleaseIsJudgedFromItsSamplesAgainstThePreviousInReleaseOrder() {
    DigestScenario s = new DigestScenario(jdbc);

    RunDigest digest = digests.ofRun(s.v1010, false).orElseThrow();

    // 10.0.0 comes before 10.1.0, though 9.12.3 is the newest release by date.
    assertThat(digest.from().id()).isEqualTo(s.v1000);
    assertThat(digest.previous()).isTrue();
    assertThat(digest.worse()).isEqualTo(1);
    assertThat(digest.better()).isEqualTo(1);
    assertThat(digest.withinNoise()).isEqualTo(1);
    assertThat(digest.notJudged()).isEqualTo(1);
    DigestRow worst = digest.largestRegressions().get(0);
    assertThat(worst.seriesId()).isEqualTo(s.slower);
    assertThat(worst.change()).isCloseTo(-0.2, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(worst.ciLow()).isLessThan(-0.2);
    assertThat(worst.ciHigh()).isGreaterThan(-0.2).isLessThan(0);
    assertThat(worst.qValue()).isLessThanOrEqualTo(0.05);
    assertThat(worst.test()).isEqualTo("welch");
    assertThat(worst.changePoint())
        .isEqualTo(
            new ChangePointRef(
                s.changePoint,
                "investigating",
                "confirmed",
                s.v1010,
                "regression",
                -0.2,
                null,
                null,
                null));
    assertThat(digest.largestImprovements())
        .extracting(DigestRow::seriesId)
        .containsExactly(s.faster);
    // Ordered by significance: the judged moves first, the unjudged last.
    assertThat(digest.rows().subList(0, 2))
        .extracting(DigestRow::seriesId)
        .containsExactlyInAnyOrder(s.slower, s.faster);
    assertThat(digest.rows().get(2).seriesId()).isEqualTo(s.steady);
    assertThat(digest.rows().get(3).seriesId()).isEqualTo(s.singleJvm);
    DigestRow single = row(digest, s.singleJvm);
    assertThat(single.judgement()).isEqualTo(Judgement.NOT_JUDGED);
    assertThat(single.note()).isEqualTo(DigestJudge.ONE_JVM);
    assertThat(single.change()).isCloseTo(-0.4, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(single.qValue()).isNull();
    assertThat(row(digest, s.steady).judgement()).isEqualTo(Judgement.WITHIN_NOISE);
  }

  @Test
  void whatWentSilentIsListed() {
    DigestScenario s = new DigestScenario(jdbc);

    RunDigest digest = digests.ofRun(s.v1010, false).orElseThrow();

    assertThat(digest.missing())
        .extracting(RunDigest.MissingSeries::seriesId)
        .containsExactly(s.gone);
    assertThat(digest.silentSteps()).containsExactly(new RunDigest.SilentStep("pk-postings", 3, 0));
    assertThat(digest.skippedNotes()).singleElement().asString().startsWith("skipped pk-postings");
    assertThat(digest.anythingSilent()).isTrue();
  }

  @Test
  void everyPageTakesLatestAndPreviousFromTheSameRule() {
    DigestScenario s = new DigestScenario(jdbc);

    assertThat(digests.previousRunId(s.v1010)).contains(s.v1000);
    assertThat(digests.previousRunId(s.v1000)).contains(s.v9123);
    assertThat(digests.previousRunId(s.v9123)).isEmpty();
    // The run page's results compare with the digest's previous run.
    List<RunMeasurement> results = series.measurementsOfRun(s.v1010);
    assertThat(results).extracting(RunMeasurement::previousRunId).containsOnly(s.v1000);
    // The overview's "latest" is 10.1.0 and "vs previous" is against 10.0.0.
    Overview overview =
        series.overview(OverviewFilter.parse(null, s.data.machine, "AndHighHigh", null));
    SeriesSummary slower = overview.groups().get(0).rows().get(0);
    assertThat(slower.latestRunId()).isEqualTo(s.v1010);
    assertThat(slower.changeVsPrevious())
        .isCloseTo(-0.2, org.assertj.core.data.Offset.offset(1e-9));
    // And the overview's digest shows this machine's newest run in the same order.
    RunDigest morning =
        digests.morning().digests().stream()
            .filter(d -> d.to().machine().equals(s.data.machine))
            .findFirst()
            .orElseThrow();
    assertThat(morning.to().id()).isEqualTo(s.v1010);
    assertThat(morning.from().id()).isEqualTo(s.v1000);
  }

  @Test
  void aDisturbedRunIsListedApartAndJudgesNothingUnlessAsked() {
    DigestScenario s = new DigestScenario(jdbc);
    long v1020 = s.data.release("10.2.0", Instant.parse("2025-04-01T00:00:00Z"));
    s.data.point(s.slower, v1020, 60, 61, 59, 60.5, 59.5);
    s.data.disturbed(v1020, "calibration 14 % below this machine's recent median");

    RunDigest digest = digests.ofRun(v1020, false).orElseThrow();
    assertThat(digest.disturbedReason()).startsWith("calibration 14 %");
    assertThat(digest.worse()).isZero();
    assertThat(digest.rows()).allMatch(r -> r.judgement() == Judgement.NOT_JUDGED);
    assertThat(digests.ofRun(v1020, true).orElseThrow().worse()).isEqualTo(1);
    assertThat(digests.morning().disturbed()).extracting(DigestRun::id).contains(v1020);
    assertThat(digests.morning().digests()).noneMatch(d -> d.to().machine().equals(s.data.machine));

    // The next run is compared with the last undisturbed one, not with the disturbed night.
    long v1030 = s.data.release("10.3.0", Instant.parse("2025-07-01T00:00:00Z"));
    s.data.point(s.slower, v1030, 80, 81, 79, 80.5, 79.5);
    assertThat(digests.ofRun(v1030, false).orElseThrow().from().id()).isEqualTo(s.v1010);
  }

  @Test
  void betweenAnyTwoRunsOfAMachineWithTheTriageStateOfEachChange() {
    DigestScenario s = new DigestScenario(jdbc);

    RunDigest digest = digests.between(" " + s.v9123, String.valueOf(s.v1010), false);

    assertThat(digest.previous()).isFalse();
    assertThat(digest.from().id()).isEqualTo(s.v9123);
    assertThat(row(digest, s.slower).judgement()).isEqualTo(Judgement.WORSE);
    assertThat(row(digest, s.slower).changePoint().state()).isEqualTo("investigating");
    assertThat(digest.compareRange()).isEqualTo("releases/lucene/9.12.3...releases/lucene/10.1.0");
  }

  @Test
  void runsThatCannotBeComparedAreRefusedNamingWhy() {
    DigestScenario s = new DigestScenario(jdbc);
    DigestTestData elsewhere = new DigestTestData(jdbc);
    long other = elsewhere.release("10.1.0", Instant.parse("2025-01-06T00:00:00Z"));
    long otherJdk =
        s.data.run("maven:10.1.0", "10.1.0", null, Instant.parse("2025-01-07T00:00:00Z"), "21");

    assertThatThrownBy(() -> digests.between("12x", "3", false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("from must be a run id (a whole number), not '12x'");
    assertThatThrownBy(() -> digests.between(String.valueOf(s.v1000), null, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("to is missing");
    assertThatThrownBy(() -> digests.between("99999999999999999999", "3", false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("from is too large");
    assertThatThrownBy(() -> digests.between(String.valueOf(s.v1000), "987654321", false))
        .isInstanceOf(NotFoundException.class);
    assertThatThrownBy(
            () -> digests.between(String.valueOf(s.v1000), String.valueOf(s.v1000), false))
        .hasMessage("from and to are the same run " + s.v1000);
    assertThatThrownBy(() -> digests.between(String.valueOf(s.v1000), String.valueOf(other), false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "runs "
                + s.v1000
                + " and "
                + other
                + " cannot be compared: machine "
                + s.data.machine
                + " vs "
                + elsewhere.machine);
    assertThatThrownBy(
            () -> digests.between(String.valueOf(s.v1000), String.valueOf(otherJdk), false))
        .hasMessageEndingWith("cannot be compared: JDK 25 vs 21");
  }

  @Test
  void theFirstRunOfItsKindHasNothingToCompareWith() {
    DigestTestData data = new DigestTestData(jdbc);
    long first = data.release("10.0.0", Instant.parse("2024-10-14T00:00:00Z"));
    long s = data.series("search", "HighTerm", "qps", true);
    data.point(s, first, 100, 101, 99);

    RunDigest digest = digests.ofRun(first, false).orElseThrow();

    assertThat(digest.from()).isNull();
    assertThat(digest.note()).startsWith("the first run of");
    assertThat(digest.rows())
        .singleElement()
        .extracting(DigestRow::note)
        .isEqualTo(DigestJudge.NOT_BEFORE);
  }

  @Test
  void aRunThatRecordedNoJdkIsNamedWithoutOne() {
    DigestTestData data = new DigestTestData(jdbc);
    long first =
        data.run("maven:10.0.0", "10.0.0", null, Instant.parse("2024-10-14T00:00:00Z"), null);
    long s = data.series("search", "HighTerm", "qps", true);
    data.point(s, first, 100, 101, 99);

    RunDigest digest = digests.ofRun(first, false).orElseThrow();

    assertThat(digest.note())
        .isEqualTo(
            "the first run of "
                + data.machine
                + " · wikimedium10k · nightly: nothing before it to compare with");
  }

  private static DigestRow row(RunDigest digest, long seriesId) {
    return digest.rows().stream().filter(r -> r.seriesId() == seriesId).findFirst().orElseThrow();
  }
}
