package org.nightbench.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeriesShapeTest {

  @Test
  void aPlantedStepMovesTheLevelFromItsNightOn() {
    SeriesShape shape =
        new SeriesShape(100, 0.01, List.of(new SeriesShape.Step(50, -0.10)), 0, List.of(), 0);

    assertThat(shape.level(49)).isEqualTo(100);
    assertThat(shape.level(50)).isCloseTo(90, within(1e-9));
  }

  @Test
  void nightsScatterAroundTheLevelByTheNoise() {
    SeriesShape shape = new SeriesShape(1000, 0.02, List.of(), 0, List.of(), 0);
    SplittableRandom random = new SplittableRandom(1);
    double sum = 0;
    double sigma = 0;
    for (int night = 0; night < 2000; night++) {
      SeriesShape.Night measured = shape.night(night, 5, random);
      assertThat(measured.samples()).hasSize(5);
      sum += measured.value();
      sigma += measured.stddev();
    }
    assertThat(sum / 2000).isCloseTo(1000, within(2.0));
    // Five samples underestimate σ a little (c4 ≈ 0.94).
    assertThat(sigma / 2000).isCloseTo(20 * 0.94, within(1.0));
  }

  @Test
  void anOutlierNightIsFarOffButTheNextIsNot() {
    SeriesShape shape = new SeriesShape(100, 0.001, List.of(), 0, List.of(10), 0);
    SplittableRandom random = new SplittableRandom(2);

    assertThat(Math.abs(shape.night(10, 3, random).value() - 100)).isGreaterThan(20);
    assertThat(shape.night(11, 3, random).value()).isCloseTo(100, within(1.0));
  }

  @Test
  void randomShapesStayWithinTheAdvertisedRanges() {
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 200; i++) {
      SeriesShape shape = SeriesShape.random(random, 500, 10);
      assertThat(shape.noise()).isBetween(0.01, 0.05);
      assertThat(shape.steps()).hasSizeLessThanOrEqualTo(3);
      assertThat(shape.steps())
          .allSatisfy(
              step -> {
                assertThat(Math.abs(step.relative())).isBetween(0.02, 0.20);
                assertThat(step.night()).isBetween(1, 499);
              });
    }
  }
}
