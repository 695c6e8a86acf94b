package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Floors for the sourced models with machine nights ({@link SourcedSeries}: runs of 25 series and 3
 * controls, 3 % of nights start a spell that moves the whole run), replayed night by night as the
 * lab's quality study does: the run's evidence flags the machine's nights ({@link SourcedRuns}),
 * the history leaves a spell out once it is over ({@link MachineNights}), a suspicion on a night
 * left out is withdrawn, and alerts the evidence puts down to the machine are not code alerts. Each
 * floor sits a little beyond what seed 77001 gives, and fails with the evidence's use taken back
 * (the figures of both are in the comments).
 */
class SourcedQualityFloorTests {

  private static final long SEED = 77_001L;

  private static final int NIGHTS = 200;

  private static final NightlyReplay REPLAY =
      new NightlyReplay(new NightlyStep(DetectorSettings.defaults()));

  /** False code suspicions per 1,000 judged nights, 5σ on the first night, 3σ within 3 nights. */
  record Figures(double falseSuspicions, double firstNight5, double within3) {}

  /**
   * The figures of {@code changeFreeRuns} change-free runs and {@code stepRuns} runs per step size
   * of 3–6σ, the machine's nights left out of the history ({@code leaveOut}) or kept in.
   */
  static Figures replayed(
      SourcedSeries.Sources sources, int changeFreeRuns, int stepRuns, boolean leaveOut) {
    SplittableRandom random = new SplittableRandom(SEED ^ sources.name().hashCode());
    long suspected = 0;
    long judged = 0;
    for (int r = 0; r < changeFreeRuns; r++) {
      SourcedSeries.Run run = SourcedSeries.run(sources, 25, NIGHTS, Double.NaN, random);
      boolean[] flags = SourcedRuns.machineFlags(run, NIGHTS, leaveOut);
      for (SourcedSeries.Series s : run.series()) {
        for (NightlyReplay.Event e : replayed(s, leaveOut ? flags : new boolean[NIGHTS]).events()) {
          if (e.stage() == NightlyStep.Stage.SUSPECTED
              && !SourcedRuns.machineAlert(run, flags, e.index(), e.suspected().relativeChange())) {
            suspected++;
          }
        }
        judged += NIGHTS - SuspicionCheck.MIN_REFERENCE;
      }
    }
    int steps5 = 0;
    int first5 = 0;
    int steps3 = 0;
    int within3 = 0;
    for (double size : new double[] {3, 4, 5, 6}) {
      for (int r = 0; r < stepRuns; r++) {
        SourcedSeries.Run run = SourcedSeries.run(sources, 25, NIGHTS, size, random);
        boolean[] flags = SourcedRuns.machineFlags(run, NIGHTS, leaveOut);
        for (SourcedSeries.Series s : run.series()) {
          Integer on = null;
          for (NightlyReplay.Event e :
              replayed(s, leaveOut ? flags : new boolean[NIGHTS]).events()) {
            if (e.stage() == NightlyStep.Stage.SUSPECTED
                && Math.abs(e.index() - s.step()) <= HeldOutQuality.TOLERANCE
                && !SourcedRuns.machineAlert(
                    run, flags, e.index(), e.suspected().relativeChange())) {
              on = e.night();
              break;
            }
          }
          steps3++;
          within3 += on != null && on <= s.step() + 2 ? 1 : 0;
          if (size >= 5) {
            steps5++;
            first5 += on != null && on == s.step() ? 1 : 0;
          }
        }
      }
    }
    return new Figures(
        1000.0 * suspected / judged, (double) first5 / steps5, (double) within3 / steps3);
  }

  private static NightlyReplay.Result replayed(SourcedSeries.Series s, boolean[] flags) {
    Set<Integer> machine = SourcedRuns.indices(flags);
    return REPLAY.replay(s.values(), s.stddevs(), DetectionInputs.none(), machine);
  }

  @Test
  void machineNightsLeftOutKeepStepsFoundTheMorningAfter() {
    SourcedSeries.Sources machine = SourcedSeries.MODELS.get(3);
    assertThat(machine.machineNights()).isPositive();
    Figures figures = replayed(machine, 2, 2, true);
    // Seed 77001, 50 change-free series and 50 per size of 3–6σ: 2.22 false code suspicions per
    // 1,000, 0.87 of 5σ on the first night, 0.92 of 3σ within 3 nights; with the machine's nights
    // kept in every history 1.67, 0.67 and 0.70.
    assertThat(figures.falseSuspicions())
        .as("false code suspicions / 1,000")
        .isLessThanOrEqualTo(2.5);
    assertThat(figures.firstNight5()).as(">= 5σ on the first night").isGreaterThanOrEqualTo(0.85);
    assertThat(figures.within3()).as(">= 3σ within 3 nights").isGreaterThanOrEqualTo(0.90);
  }

  @Test
  void everySourceAtOnceWithTheMachinesNightsLeftOut() {
    SourcedSeries.Sources all = SourcedSeries.MODELS.get(4);
    assertThat(all.machineNights()).isPositive();
    assertThat(all.heavyJvms()).isTrue();
    Figures figures = replayed(all, 2, 2, true);
    // Seed 77001, as above: 0.78, 0.92 and 0.88; kept in 0.44, 0.76 and 0.62.
    assertThat(figures.falseSuspicions())
        .as("false code suspicions / 1,000")
        .isLessThanOrEqualTo(1.0);
    assertThat(figures.firstNight5()).as(">= 5σ on the first night").isGreaterThanOrEqualTo(0.90);
    assertThat(figures.within3()).as(">= 3σ within 3 nights").isGreaterThanOrEqualTo(0.86);
  }
}
