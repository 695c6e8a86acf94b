package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a night has besides its mean, in the morning-after check: its JVMs (judged on their robust
 * centre, wild on their robust spread) and the machine's move (judged net of it).
 */
class NightEvidenceTests {

  private final SuspicionCheck check = new SuspicionCheck();

  /**
   * 80 nights of 8 JVMs at 100, each JVM ±3 % and the night ±0.5 % (a night's mean varies about 1.2
   * %), the newest night {@code step} higher, with one JVM of it {@code wild} off.
   */
  private static double[][] nights(long seed, double step, double wild) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][] samples = new double[80][8];
    for (int night = 0; night < samples.length; night++) {
      boolean newest = night == samples.length - 1;
      double level = 100 * (newest ? 1 + step : 1) * (1 + 0.005 * PlantedSeries.gaussian(random));
      for (int j = 0; j < 8; j++) {
        samples[night][j] = level * (1 + 0.03 * PlantedSeries.gaussian(random));
      }
      if (newest) {
        samples[night][0] *= 1 + wild;
      }
    }
    return samples;
  }

  private static double[] means(double[][] samples) {
    double[] means = new double[samples.length];
    for (int i = 0; i < samples.length; i++) {
      double sum = 0;
      for (double v : samples[i]) {
        sum += v;
      }
      means[i] = sum / samples[i].length;
    }
    return means;
  }

  private static double[] stddevs(double[][] samples) {
    double[] means = means(samples);
    double[] sd = new double[samples.length];
    for (int i = 0; i < samples.length; i++) {
      double squares = 0;
      for (double v : samples[i]) {
        squares += (v - means[i]) * (v - means[i]);
      }
      sd[i] = Math.sqrt(squares / (samples[i].length - 1));
    }
    return sd;
  }

  private Optional<SuspectedChange> suspect(double[][] samples, NightEvidence nights) {
    return suspect(means(samples), stddevs(samples), nights);
  }

  private Optional<SuspectedChange> suspect(
      double[] values, double[] stddevs, NightEvidence nights) {
    return check.suspect(values, stddevs, nights, values.length, 0, DetectionInputs.none());
  }

  @Test
  void theCentreIsHodgesLehmannsAndTheSpreadLeavesOutOneWildJvm() {
    assertThat(NightEvidence.centre(new double[] {1, 2, 3, 4, 100})).isEqualTo(3.0);
    assertThat(NightEvidence.centre(new double[] {1, 2, 3, 100})).as("too few JVMs").isNaN();
    assertThat(NightEvidence.spread(new double[] {1, 2, 3, 4, 100}))
        .isCloseTo(Math.sqrt(5.0 / 3), within(1e-9));
    assertThat(NightEvidence.spread(new double[] {1, 2, 3, 100})).isNaN();
  }

  @Test
  void aStepWhoseNightHasAWildJvmIsSuspectedOnItsJvmsCentre() {
    int centre = 0;
    int means = 0;
    for (long seed = 1; seed <= 10; seed++) {
      // A step of 10 % (about 8σ of a night) with one JVM 40 % the other way: its mean is 5.5 %
      // less, and its spread wild, so the means and spreads alone take it for a wild night.
      double[][] samples = nights(seed, 0.10, -0.40);
      NightEvidence jvms = NightEvidence.of(samples, null, samples.length);
      Optional<SuspectedChange> judged = suspect(samples, jvms);
      centre +=
          judged.filter(s -> s.index() == 79 && s.relativeChange() > 0.06).isPresent() ? 1 : 0;
      means += suspect(samples, null).isPresent() ? 1 : 0;
    }
    assertThat(centre).as("suspected on the JVMs' centre").isEqualTo(10);
    assertThat(means).as("the means and spreads alone: a wild night").isZero();
  }

  @Test
  void aNightWhoseJvmsScatterIsJudgedAsLessSure() {
    for (long seed = 1; seed <= 10; seed++) {
      // The newest night 5 % up (about 4σ of a night), its JVMs scattered twice as widely as
      // usual but none of them wild: its centre is worth less than an ordinary night's.
      double[][] samples = nights(seed, 0, 0);
      double[] scatter = {-0.09, -0.06, -0.03, -0.01, 0.01, 0.03, 0.06, 0.09};
      for (int j = 0; j < 8; j++) {
        samples[79][j] = 105 * (1 + scatter[j]);
      }
      NightEvidence jvms = NightEvidence.of(samples, null, samples.length);
      assertThat(suspect(samples, jvms)).as("seed %d, on its JVMs", seed).isEmpty();
      assertThat(suspect(samples, null)).as("seed %d, on its mean", seed).isPresent();
    }
  }

  @Test
  void oneWildJvmAloneMovesNoCentre() {
    for (long seed = 1; seed <= 10; seed++) {
      double[][] samples = nights(seed, 0, 0.40);
      assertThat(suspect(samples, NightEvidence.of(samples, null, samples.length))).isEmpty();
    }
  }

  /** 60 nights at 100 ± 1 %, the newest {@code series} off, on a night the machine moved. */
  private static double[] machineNight(long seed, double series) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[60];
    for (int i = 0; i < values.length; i++) {
      values[i] = 100 * (i == 59 ? 1 + series : 1) * (1 + 0.01 * PlantedSeries.gaussian(random));
    }
    return values;
  }

  private static NightEvidence moved(int night, double machine, int length) {
    return NightEvidence.of(null, Map.of(night, machine), length);
  }

  @Test
  void aSeriesThatMovedFarBeyondTheMachineIsJudgedNetOfItsMove() {
    // The machine moved −6 %, this series −18 %: its own −12.8 % is the code's.
    SuspectedChange beyond =
        suspect(machineNight(1, -0.18), null, moved(59, -0.06, 60)).orElseThrow();
    assertThat(beyond.beyondMachine()).isTrue();
    assertThat(beyond.machineChange()).isEqualTo(-0.06);
    assertThat(beyond.relativeChange()).isBetween(-0.15, -0.10);
    // Without the machine's move: the gross −18 %, which the run's evidence calls the machine's.
    SuspectedChange gross = suspect(machineNight(1, -0.18), null, null).orElseThrow();
    assertThat(gross.beyondMachine()).isFalse();
    assertThat(gross.relativeChange()).isBetween(-0.21, -0.15);
  }

  @Test
  void aStepAgainstTheMachinesMoveIsFoundNetOfIt() {
    // A step of +10 % on a night the machine moved −8 %: the series' mean moved +1 %.
    double[] values = machineNight(2, 1.10 * 0.92 - 1);
    assertThat(suspect(values, null, null)).isEmpty();
    SuspectedChange found = suspect(values, null, moved(59, -0.08, 60)).orElseThrow();
    assertThat(found.beyondMachine()).isTrue();
    assertThat(found.relativeChange()).isBetween(0.07, 0.13);
  }

  @Test
  void aSeriesThatMovedWithTheMachineIsJudgedOnItsOwnNights() {
    for (double own : new double[] {-0.08, -0.10}) {
      // The machine moved −8 %; this series −8 % or −10 %: within half the machine's move.
      SuspectedChange found =
          suspect(machineNight(3, own), null, moved(59, -0.08, 60)).orElseThrow();
      assertThat(found.beyondMachine()).as("moved %s", own).isFalse();
      assertThat(found.relativeChange()).isLessThan(-0.05);
    }
  }

  @Test
  void aNightSuspectedBeyondTheMachineStaysInTheHistoryOnceItsSpellIsOver() {
    // A step of −15 % on night 59, a night the machine moved −6 % (a spell of one night): the
    // next morning the spell is over and left out of the history, but not that night, the code's.
    SplittableRandom random = new SplittableRandom(5);
    double[] values = new double[80];
    for (int i = 0; i < values.length; i++) {
      double level = (i >= 59 ? 0.85 : 1) * (i == 59 ? 0.94 : 1);
      values[i] = 100 * level * (1 + 0.01 * PlantedSeries.gaussian(random));
    }
    NightlyReplay replay = new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));
    NightlyReplay.Result result =
        replay.replay(values, null, moved(59, -0.06, 80), DetectionInputs.none(), Set.of(59));
    List<NightlyReplay.Event> on59 = result.events().stream().filter(e -> e.index() == 59).toList();
    assertThat(on59.get(0).stage()).isEqualTo(NightlyStep.Stage.SUSPECTED);
    assertThat(on59.get(0).night()).isEqualTo(59);
    assertThat(on59.get(0).suspected().beyondMachine()).isTrue();
    assertThat(on59).noneMatch(e -> e.stage() == NightlyStep.Stage.WITHDRAWN);
    assertThat(result.changePoints())
        .anyMatch(k -> k.index() == 59 && k.stage() == NightlyStep.Stage.CONFIRMED);
  }

  @Test
  void badEvidenceIsNamed() {
    assertThatThrownBy(() -> NightEvidence.of(null, Map.of(7, -0.05), 5))
        .hasMessage("machine night 7 is outside the series of 5 values");
    assertThatThrownBy(() -> NightEvidence.of(null, Map.of(1, -1.0), 5))
        .hasMessageStartingWith("the machine's move on night 1 is -1.0");
    assertThatThrownBy(() -> NightEvidence.of(new double[3][], null, 5))
        .hasMessage("samples has 3 nights, the series 5");
  }
}
