package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded series whose noise is built from where it comes from, as luceneutil's nightly runs make
 * it: each night's point is the mean of its JVMs' values, and a night varies by its JVMs (each its
 * own draw; now and then one JVM in another mode, a wild JVM, which shows as spread), by the series
 * on that night (a machine state that all its JVMs share, AR(1) from night to night), and by the
 * machine on that night (a night that moves every series of the run at once, which the run's other
 * series and its control revision show). The series of one {@link #run} share the machine's nights;
 * the run also measures {@link #CONTROLS} control series, a pinned release that the code's steps do
 * not move.
 *
 * <p>Sizes are in units of the point's marginal σ without wild JVMs and machine nights (2 %), as
 * {@link HeldOutSeries}' are.
 */
final class SourcedSeries {

  private SourcedSeries() {}

  /**
   * Where the noise comes from.
   *
   * @param name as the lab prints it
   * @param phi the AR(1) coefficient of the series-night component
   * @param wildNights the share of nights on which one JVM of the night is wild
   * @param heavyJvms whether the JVMs' own noise is Student-t with 3 degrees of freedom
   * @param machineNights the share of nights on which the machine moves every series of the run
   */
  record Sources(
      String name, double phi, double wildNights, boolean heavyJvms, double machineNights) {}

  static final List<Sources> MODELS =
      List.of(
          new Sources("JVMs: wild JVMs", 0, 0.05, false, 0),
          new Sources("JVMs: Student-t 3 df", 0, 0, true, 0),
          new Sources("JVMs: wild, nights AR(1) φ=0.5", 0.5, 0.05, false, 0),
          new Sources("machine nights", 0, 0, false, 0.03),
          new Sources("all: wild, t3, AR(1) 0.3, machine", 0.3, 0.05, true, 0.03));

  /** The noise of a point at 2 %, as the held-out generator's. */
  static final double SIGMA = 0.02;

  /** Control series the run measures besides its own. */
  static final int CONTROLS = 3;

  /**
   * One series of a run.
   *
   * @param values each night's mean over its JVMs
   * @param stddevs each night's standard deviation over its JVMs
   * @param samples each night's JVMs' values
   * @param step the first night of the planted step, or -1
   */
  record Series(double[] values, double[] stddevs, double[][] samples, int step) {}

  /**
   * The series of one run over {@code nights}: {@code count} series of the code under test, each
   * with one step of {@code sizeSigma} (either way, at least {@link HeldOutSeries#GAP} nights from
   * the ends) unless it is NaN, and the {@link #CONTROLS} controls, which never step.
   *
   * @param machine the nights on which the machine moved (filled in)
   */
  static Run run(
      Sources sources, int count, int nights, double sizeSigma, SplittableRandom random) {
    // The machine's nights: 1–3 nights of every series 3–8σ slower (or, a third of the time,
    // faster), the same share for all series that night.
    double[] machine = new double[nights];
    boolean[] moved = new boolean[nights];
    for (int night = 0; night < nights; night++) {
      if (random.nextDouble() < sources.machineNights()) {
        double shift = (random.nextInt(3) == 0 ? -1 : 1) * (3 + 5 * random.nextDouble()) * SIGMA;
        int length = 1 + random.nextInt(3);
        for (int i = night; i < Math.min(nights, night + length); i++) {
          machine[i] = shift;
          moved[i] = true;
        }
        night += length;
      }
    }
    List<Series> series = new ArrayList<>();
    for (int s = 0; s < count + CONTROLS; s++) {
      boolean control = s >= count;
      series.add(one(sources, nights, control ? Double.NaN : sizeSigma, machine, random.split()));
    }
    return new Run(series.subList(0, count), series.subList(count, count + CONTROLS), moved);
  }

  /** The series of a run, its controls, and the nights the machine moved. */
  record Run(List<Series> series, List<Series> controls, boolean[] machineMoved) {}

  private static Series one(
      Sources sources, int nights, double sizeSigma, double[] machine, SplittableRandom random) {
    double base = Math.pow(10, 1 + 3 * random.nextDouble());
    int jvms = 5 + random.nextInt(16);
    // The JVMs' share of a point's variance: what a night's spread shows of its noise.
    double withinShare = 0.3 + 0.6 * random.nextDouble();
    double nightSigma = SIGMA * Math.sqrt(1 - withinShare);
    double jvmSigma = SIGMA * Math.sqrt(withinShare * jvms);
    int step =
        Double.isNaN(sizeSigma)
            ? -1
            : HeldOutSeries.GAP + random.nextInt(nights - 2 * HeldOutSeries.GAP);
    double stepRelative = (random.nextBoolean() ? 1 : -1) * sizeSigma * SIGMA;
    double phi = sources.phi();
    double state = HeldOutSeries.gaussian(random);
    double[] values = new double[nights];
    double[] stddevs = new double[nights];
    double[][] all = new double[nights][];
    for (int night = 0; night < nights; night++) {
      double[] samples = new double[jvms];
      all[night] = samples;
      double level = (step >= 0 && night >= step ? 1 + stepRelative : 1) * (1 + machine[night]);
      state = phi * state + Math.sqrt(1 - phi * phi) * HeldOutSeries.gaussian(random);
      double shared = level * (1 + nightSigma * state);
      int wild = random.nextDouble() < sources.wildNights() ? random.nextInt(jvms) : -1;
      // A wild JVM runs in another mode: 10–40 % off, mostly slower.
      double wildBy = (random.nextInt(4) == 0 ? -1 : 1) * (0.10 + 0.30 * random.nextDouble());
      double sum = 0;
      for (int j = 0; j < jvms; j++) {
        double e =
            jvmSigma * (sources.heavyJvms() ? studentT3(random) : HeldOutSeries.gaussian(random));
        samples[j] = base * shared * (1 + e) * (j == wild ? 1 + wildBy : 1);
        sum += samples[j];
      }
      double mean = sum / jvms;
      double squares = 0;
      for (double v : samples) {
        squares += (v - mean) * (v - mean);
      }
      values[night] = mean;
      stddevs[night] = Math.sqrt(squares / (jvms - 1));
    }
    return new Series(values, stddevs, all, step);
  }

  /** Student's t with 3 degrees of freedom, scaled to unit variance. */
  private static double studentT3(SplittableRandom random) {
    double chi2 = 0;
    for (int k = 0; k < 3; k++) {
      double g = HeldOutSeries.gaussian(random);
      chi2 += g * g;
    }
    return HeldOutSeries.gaussian(random) / Math.sqrt(chi2 / 3) / Math.sqrt(3);
  }
}
