package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The nightly path ({@link NightlyStep}, replayed by {@link NightlyReplay}) uses the evidence a
 * night has beyond its mean: a night whose JVMs disagree is a wild night, not a new level; and a
 * step on a short history of persistent noise waits for the nights that tell it from an excursion.
 * Seeded series; floors sit a little above (or below) what seed 77001 gives, and each fails with
 * the evidence left out (the figures of both are in the comments).
 */
class NightlyEvidenceTests {

  private static final long SEED = 77_001L;

  private final NightlyReplay replay =
      new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));

  /** 100 nights of 2 % noise around 100 whose JVMs spread about 2, then {@code newest}. */
  private static double[][] history(double newest, double newestSpread) {
    SplittableRandom random = new SplittableRandom(38_601);
    double[] values = new double[101];
    double[] stddevs = new double[101];
    for (int i = 0; i < 100; i++) {
      values[i] = 100 * (1 + 0.02 * HeldOutSeries.gaussian(random));
      stddevs[i] = 2 * (1 + 0.1 * HeldOutSeries.gaussian(random));
    }
    values[100] = newest;
    stddevs[100] = newestSpread;
    return new double[][] {values, stddevs};
  }

  @Test
  void aNightWhoseJvmsDisagreeIsNotSuspectedANewLevelThatMovesEveryJvmIs() {
    SuspicionCheck check = new SuspicionCheck();
    double[][] level = history(112, 2.1);
    double[][] wild = history(112, 15);

    assertThat(check.suspect(level[0], level[1], 101, 0, DetectionInputs.none()))
        .as("every JVM moved: the spread is as usual")
        .isPresent();
    assertThat(check.suspect(wild[0], wild[1], 101, 0, DetectionInputs.none()))
        .as("the JVMs spread 7 times as much as usual: one JVM, not the code")
        .isEmpty();
    assertThat(check.suspect(wild[0], null, 101, 0, DetectionInputs.none()))
        .as("the mean alone cannot tell")
        .isPresent();
  }

  /** False suspicions per 1,000 judged change-free series-nights of a sourced model. */
  private double falseSuspicions(SourcedSeries.Sources sources, boolean spreads) {
    SplittableRandom random = new SplittableRandom(SEED);
    long suspected = 0;
    long judged = 0;
    for (int run = 0; run < 4; run++) {
      for (SourcedSeries.Series s :
          SourcedSeries.run(sources, 10, 200, Double.NaN, random).series()) {
        suspected +=
            replay
                .replay(s.values(), spreads ? s.stddevs() : null, DetectionInputs.none())
                .events()
                .stream()
                .filter(e -> e.stage() == NightlyStep.Stage.SUSPECTED)
                .count();
        judged += s.values().length - SuspicionCheck.MIN_REFERENCE;
      }
    }
    return 1000.0 * suspected / judged;
  }

  @Test
  void heavyTailedJvmsAreRarelySuspectedWhenTheirSpreadIsSeen() {
    SourcedSeries.Sources heavy = SourcedSeries.MODELS.get(1);
    assertThat(heavy.heavyJvms()).isTrue();
    // Seed 77001, 40 series of 200 nights: 1.67 per 1,000 with the JVMs' spread, 4.31 without.
    assertThat(falseSuspicions(heavy, true)).isLessThanOrEqualTo(2.0);
  }

  /** Confirmed change points over {@code count} change-free AR(1) series of 200 nights. */
  private long falseConfirmed(double phi, int count) {
    SplittableRandom random = new SplittableRandom(SEED);
    long confirmed = 0;
    for (int i = 0; i < count; i++) {
      HeldOutSeries s =
          HeldOutSeries.changeFree(HeldOutSeries.Noise.AR1, phi, 200, false, random.split());
      confirmed +=
          replay.replay(s.values(), s.stddevs(), DetectionInputs.none()).events().stream()
              .filter(e -> e.stage() == NightlyStep.Stage.CONFIRMED)
              .count();
    }
    return confirmed;
  }

  @Test
  void persistentNoiseOnAShortHistoryIsNotConfirmed() {
    // Seed 77001, 40 series each: none at φ = 0.5 and 0.8; 3 and 3 when a step the detector
    // places is confirmed on the night it is placed, whatever the history's length.
    assertThat(falseConfirmed(0.5, 40) + falseConfirmed(0.8, 40)).isLessThanOrEqualTo(1);
  }

  @Test
  void aStepOnPersistentNoiseIsStillConfirmed() {
    SplittableRandom random = new SplittableRandom(SEED);
    int confirmed = 0;
    for (int i = 0; i < 20; i++) {
      HeldOutSeries s =
          HeldOutSeries.withStep(HeldOutSeries.Noise.AR1, 0.5, 200, 5, false, random.split());
      int step = s.steps().get(0).index();
      confirmed +=
          replay.replay(s.values(), s.stddevs(), DetectionInputs.none()).changePoints().stream()
                  .anyMatch(
                      k ->
                          k.stage() == NightlyStep.Stage.CONFIRMED
                              && Math.abs(k.index() - step) <= HeldOutQuality.TOLERANCE)
              ? 1
              : 0;
    }
    assertThat(confirmed)
        .as("5σ steps under AR(1) φ = 0.5 confirmed of 20")
        .isGreaterThanOrEqualTo(19);
  }

  @Test
  void threeNightsThatEachStayWellBeyondAreSuspectedOnTheirMean() {
    double[] values = java.util.Arrays.copyOf(history(100, 2)[0], 103);
    // About 2.5σ each: their mean is 4.1 standard errors out, short of the 4.5 a level of three
    // nights must reach as a step from the night before, and each of them is 1.5σ beyond.
    values[100] = 105.8;
    values[101] = 105.8;
    values[102] = 105.8;
    SuspicionCheck check = new SuspicionCheck();
    assertThat(check.suspect(values, 102, 0, DetectionInputs.none())).isEmpty();
    assertThat(check.suspect(values, 103, 0, DetectionInputs.none()))
        .hasValueSatisfying(
            s -> {
              assertThat(s.index()).isEqualTo(100);
              assertThat(s.nights()).isEqualTo(3);
            });
    // One of them back near the level: no longer a level the three nights keep.
    values[101] = 101;
    assertThat(check.suspect(values, 103, 0, DetectionInputs.none())).isEmpty();
  }

  @Test
  void aThreeSigmaStepOnPersistentNoiseIsSuspectedWithinThreeNights() {
    SplittableRandom random = new SplittableRandom(SEED);
    int within = 0;
    for (int i = 0; i < 40; i++) {
      HeldOutSeries s =
          HeldOutSeries.withStep(HeldOutSeries.Noise.AR1, 0.3, 200, 3, false, random.split());
      int step = s.steps().get(0).index();
      within +=
          replay.replay(s.values(), s.stddevs(), DetectionInputs.none()).events().stream()
                  .anyMatch(
                      e ->
                          e.stage() == NightlyStep.Stage.SUSPECTED
                              && Math.abs(e.index() - step) <= HeldOutQuality.TOLERANCE
                              && e.night() <= step + 2)
              ? 1
              : 0;
    }
    // Seed 77001, 40 series of AR(1) φ = 0.3: 28 with the mean of the newest nights judged, 25
    // without (a 3σ step's third night then needs 4.5 standard errors from the night before it).
    assertThat(within).as("3σ steps suspected within 3 nights, of 40").isGreaterThanOrEqualTo(27);
  }

  @Test
  void judgingTheNewestNightsMeanRaisesFewFalseSuspicions() {
    SplittableRandom random = new SplittableRandom(SEED);
    long suspicions = 0;
    for (int i = 0; i < 40; i++) {
      HeldOutSeries s =
          HeldOutSeries.changeFree(HeldOutSeries.Noise.AR1, 0.3, 200, false, random.split());
      suspicions +=
          replay.replay(s.values(), s.stddevs(), DetectionInputs.none()).events().stream()
              .filter(e -> e.stage() == NightlyStep.Stage.SUSPECTED)
              .count();
    }
    // Seed 77001, 40 change-free series of AR(1) φ = 0.3 (7,200 nights judged): 13 with the mean
    // of the newest nights judged, 12 without.
    assertThat(suspicions).isLessThanOrEqualTo(14);
  }
}
