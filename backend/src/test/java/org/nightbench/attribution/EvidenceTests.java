package org.nightbench.attribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.nightbench.changepoints.evidence.RunEvidenceCalculator;
import org.nightbench.changepoints.evidence.SeriesNight;

/** A run's evidence from its series' nights, and whose move an alert of that run is. */
class EvidenceTests {

  private final SplittableRandom random = new SplittableRandom(38);

  @Test
  void theControlMovingWithTheOthersIsTheMachine() {
    List<SeriesNight> nights = new ArrayList<>(control(-0.15));
    nights.addAll(measured(40, -0.15));
    Evidence evidence = new Evidence(RunEvidenceCalculator.of(nights));

    assertThat(evidence.run().controlVersion()).isEqualTo("10.6.0");
    assertThat(evidence.run().controlSeries()).isEqualTo(3);
    assertThat(evidence.run().controlChange()).isBetween(-0.17, -0.13);
    assertThat(evidence.run().movedWorse()).isEqualTo(40);
    Attribution regression = evidence.attribute(true, -0.15);
    assertThat(regression.verdict()).isEqualTo(Verdict.MACHINE);
    assertThat(regression.evidence())
        .startsWith("the control 10.6.0 moved −1")
        .contains("40 of the run's 40 series moved the same way");
    // A series that got faster while the box got slower is the code's.
    assertThat(evidence.attribute(false, 0.10).verdict()).isEqualTo(Verdict.CODE);
    assertThat(evidence.ofRun().verdict()).isEqualTo(Verdict.MACHINE);
  }

  @Test
  void aSeriesThatMovedFarBeyondTheMachineIsTheCodeAndSaysBothMoves() {
    // The machine moved the run −6 %; one series moved −18.3 %, judged net of it: −13.1 % its own.
    List<SeriesNight> nights = new ArrayList<>(control(-0.06));
    nights.addAll(measured(40, -0.06));
    Evidence evidence = new Evidence(RunEvidenceCalculator.of(nights));
    assertThat(evidence.run().machine()).isTrue();
    assertThat(evidence.run().runChange()).isBetween(-0.07, -0.05);
    assertThat(evidence.run().machineMove()).isEqualTo(evidence.run().runChange());
    // Judged on its own nights, a series that moved −11 % moved with the machine.
    assertThat(evidence.attribute(true, -0.11).verdict()).isEqualTo(Verdict.MACHINE);

    Attribution beyond = evidence.attribute(true, -0.131, -0.06);
    assertThat(beyond.verdict()).isEqualTo(Verdict.CODE);
    assertThat(beyond.evidence())
        .startsWith(
            "the machine moved −6.0 % that night; this series moved −18.3 %, −13.1 % beyond it")
        .contains("40 of the run's 40 series moved the same way");
  }

  @Test
  void aControlThatMovedWithoutTheRunsSeriesIsNotTheMachine() {
    // Three control series now and then move three times their noise on their own; the run's 40
    // series standing still say the machine did not move.
    List<SeriesNight> nights = new ArrayList<>(control(-0.05));
    nights.addAll(measured(39, 0));
    nights.addAll(measured(1, -0.05));
    Evidence evidence = new Evidence(RunEvidenceCalculator.of(nights));

    assertThat(evidence.run().controlMoved()).isTrue();
    assertThat(evidence.run().machine()).isFalse();
    Attribution alert = evidence.attribute(true, -0.05);
    assertThat(alert.verdict()).isEqualTo(Verdict.CODE);
    assertThat(alert.evidence())
        .startsWith("the control 10.6.0 moved without the run's series (−")
        .contains("1 of the run's 40 series moved the same way");
    assertThat(evidence.ofRun().verdict()).isEqualTo(Verdict.CODE);
  }

  @Test
  void mostOfTheRunMovingWithTheControlIsTheMachineThoughTheControlMovedLittle() {
    // The control moved about twice its noise of ten nights, short of three times; all 40 of the
    // run's series moved with it.
    List<SeriesNight> nights = new ArrayList<>(control(-0.02));
    nights.addAll(measured(40, -0.06));
    Evidence evidence = new Evidence(RunEvidenceCalculator.of(nights));

    assertThat(evidence.run().controlMoved()).isFalse();
    assertThat(evidence.run().machine()).isTrue();
    assertThat(evidence.attribute(true, -0.03).verdict()).isEqualTo(Verdict.MACHINE);
    assertThat(evidence.ofRun().verdict()).isEqualTo(Verdict.MACHINE);
    // The same move of the run with the control standing still is the code's.
    List<SeriesNight> still = new ArrayList<>(control(0));
    still.addAll(measured(40, -0.06));
    assertThat(new Evidence(RunEvidenceCalculator.of(still)).run().machine()).isFalse();
  }

  @Test
  void theControlStandingStillIsTheCode() {
    List<SeriesNight> nights = new ArrayList<>(control(0));
    nights.addAll(measured(40, 0));
    nights.add(new SeriesNight(false, "HighTerm", true, 85, flat(100, 10)));
    Evidence evidence = new Evidence(RunEvidenceCalculator.of(nights));

    Attribution alert = evidence.attribute(true, -0.15);
    assertThat(alert.verdict()).isEqualTo(Verdict.CODE);
    assertThat(alert.evidence()).startsWith("the control 10.6.0 stood still");
    assertThat(evidence.ofRun().verdict()).isEqualTo(Verdict.CODE);
  }

  @Test
  void aControlThatMovedFarLessThanTheAlertLeavesItToTheCode() {
    Evidence evidence = new Evidence(RunEvidenceCalculator.of(control(-0.05)));
    Attribution alert = evidence.attribute(true, -0.30);
    assertThat(alert.verdict()).isEqualTo(Verdict.CODE);
    assertThat(alert.evidence()).contains("less than half of this −30.0 %");
  }

  @Test
  void withoutAControlManySeriesAtOnceAreTheMachineAndFewAreNotKnown() {
    Evidence broad = new Evidence(RunEvidenceCalculator.of(measured(40, -0.15)));
    assertThat(broad.run().hasControl()).isFalse();
    assertThat(broad.attribute(true, -0.15).verdict()).isEqualTo(Verdict.MACHINE);

    List<SeriesNight> narrow = new ArrayList<>(measured(38, 0));
    narrow.addAll(measured(2, -0.15));
    Attribution alert = new Evidence(RunEvidenceCalculator.of(narrow)).attribute(true, -0.15);
    assertThat(alert.verdict()).isEqualTo(Verdict.UNKNOWN);
    assertThat(alert.evidence())
        .isEqualTo("no control measured in this run; 2 of the run's 40 series moved the same way");
  }

  @Test
  void latencyGettingLongerIsWorseAndSeriesWithoutHistoryAreLeftOut() {
    List<SeriesNight> nights = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      // Latency up 20 %: worse, as QPS down is.
      nights.add(new SeriesNight(false, "p99", false, 120, noisy(100, 10)));
    }
    nights.add(new SeriesNight(false, "new", true, 50, new double[] {100, 100}));
    Evidence evidence = new Evidence(RunEvidenceCalculator.of(nights));
    assertThat(evidence.run().series()).isEqualTo(12);
    assertThat(evidence.run().movedWorse()).isEqualTo(12);
    assertThat(evidence.run().movedBetter()).isZero();
    // The run's median move is goodness too: latency 20 % longer is −20 %.
    assertThat(evidence.run().runChange()).isBetween(-0.22, -0.18);
  }

  private List<SeriesNight> control(double move) {
    List<SeriesNight> control = new ArrayList<>();
    for (String category : List.of("HighTerm", "AndHighHigh", "OrHighHigh")) {
      control.add(
          new SeriesNight(true, "10.6.0 " + category, true, 300 * (1 + move), noisy(300, 10)));
    }
    return control;
  }

  private List<SeriesNight> measured(int count, double move) {
    List<SeriesNight> measured = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      measured.add(new SeriesNight(false, "task" + i, true, 100 * (1 + move), noisy(100, 10)));
    }
    return measured;
  }

  /** {@code n} nights at {@code level} ± 1 %. */
  private double[] noisy(double level, int n) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = level * (1 + 0.01 * (random.nextDouble() * 2 - 1));
    }
    return values;
  }

  private static double[] flat(double level, int n) {
    double[] values = new double[n];
    java.util.Arrays.fill(values, level);
    return values;
  }
}
