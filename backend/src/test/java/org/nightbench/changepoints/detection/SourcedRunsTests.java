package org.nightbench.changepoints.detection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The lab's simulated runs meet the run's evidence as ingestion does: every run's evidence is
 * worked out from the first nights on (a series with fewer than three nights before it is passed
 * over by the calculator itself), so a machine spell among a series' first ten nights is the
 * machine's there too, and leaves each series' history.
 */
class SourcedRunsTests {

  private static final int NIGHTS = 40;

  /** A run of 20 series and 3 controls at 2 % noise, every one 10 % slower on {@code spell}. */
  private static SourcedSeries.Run run(int... spell) {
    SplittableRandom random = new SplittableRandom(5);
    boolean[] moved = new boolean[NIGHTS];
    for (int night : spell) {
      moved[night] = true;
    }
    List<SourcedSeries.Series> all = new ArrayList<>();
    for (int s = 0; s < 23; s++) {
      double[] values = new double[NIGHTS];
      double[] stddevs = new double[NIGHTS];
      for (int night = 0; night < NIGHTS; night++) {
        values[night] =
            100 * (moved[night] ? 0.9 : 1) * (1 + 0.02 * HeldOutSeries.gaussian(random));
        stddevs[night] = 1;
      }
      all.add(new SourcedSeries.Series(values, stddevs, new double[NIGHTS][], -1));
    }
    return new SourcedSeries.Run(all.subList(0, 20), all.subList(20, 23), moved);
  }

  @Test
  void aSpellAmongTheFirstTenNightsIsTheMachinesAsAtIngestion() {
    boolean[] flags = SourcedRuns.machineFlags(run(5, 6), NIGHTS, true);
    assertThat(flags[5]).as("night 5, five nights before it").isTrue();
    assertThat(flags[6]).as("night 6").isTrue();
    assertThat(SourcedRuns.indices(flags)).as("the nights flagged").containsExactlyInAnyOrder(5, 6);
  }

  @Test
  void aSpellLaterIsTheMachinesToo() {
    boolean[] flags = SourcedRuns.machineFlags(run(25, 26), NIGHTS, true);
    assertThat(SourcedRuns.indices(flags)).containsExactlyInAnyOrder(25, 26);
  }
}
