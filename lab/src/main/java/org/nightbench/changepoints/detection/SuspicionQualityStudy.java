package org.nightbench.changepoints.detection;

import java.util.List;
import java.util.Locale;

/**
 * Prints {@link SuspicionQuality}'s scores of {@link SuspicionCheck}: suspected changes per 1,000
 * change-free series-nights per noise model, and on both generators the share of planted steps
 * suspected on their first night and within 3 nights.
 *
 * <p>usage: {@code SuspicionQualityStudy [seed] [series] [changeFreePerModel]} (defaults 20261124
 * 2100 200). See {@code scripts/suspicion-quality.sh}.
 */
public final class SuspicionQualityStudy {

  private SuspicionQualityStudy() {}

  public static void main(String[] args) {
    long seed = args.length > 0 ? Long.parseLong(args[0]) : 20261124L;
    int count = args.length > 1 ? Integer.parseInt(args[1]) : 2100;
    int perModel = args.length > 2 ? Integer.parseInt(args[2]) : 200;
    SuspicionCheck check = new SuspicionCheck();
    System.out.printf(
        Locale.ROOT,
        "suspicion, seed %d%nchange-free series of 500 nights at 2 %% noise, %d per model:"
            + " suspected changes per 1,000 series-nights%n",
        seed,
        perModel);
    long allNights = 0;
    long allSuspected = 0;
    long started = System.nanoTime();
    for (HeldOutQuality.Model model : HeldOutQuality.CHANGE_FREE) {
      long[] replay = SuspicionQuality.falseSuspicions(check, model, seed, perModel);
      allNights += replay[1];
      allSuspected += replay[0];
      System.out.printf(
          Locale.ROOT,
          "  %-36s %6.2f (%d in %d nights)%n",
          model.name(),
          1000.0 * replay[0] / replay[1],
          replay[0],
          replay[1]);
    }
    System.out.printf(
        Locale.ROOT,
        "  %-36s %6.2f (%d in %d nights)%n",
        "all models",
        1000.0 * allSuspected / allNights,
        allSuspected,
        allNights);
    // Each replayed night is one suspect() and a holds() per open suspicion, as the app's night.
    System.out.printf(
        Locale.ROOT,
        "  cost: %.1f µs per series-night (the nightly check and its withdrawals, one thread)%n",
        (System.nanoTime() - started) / 1e3 / allNights);

    List<SuspicionQuality.Step> heldOut =
        SuspicionQuality.steps(HeldOutSeries.withSteps(seed, count));
    List<SuspicionQuality.Step> planted =
        SuspicionQuality.plantedSteps(PlantedSeries.mix(seed, count, 200, 1500));
    for (var set : List.of(List.of("held-out", heldOut), List.of("planted", planted))) {
      @SuppressWarnings("unchecked")
      List<SuspicionQuality.Step> steps = (List<SuspicionQuality.Step>) set.get(1);
      SuspicionQuality.Rates rates = SuspicionQuality.rates(check, steps);
      System.out.printf(
          Locale.ROOT,
          "%n%s generator, %d series: steps suspected%n"
              + "  >=5σ on their first night: %.3f (%d of %d)%n"
              + "  >=3σ within 3 nights:      %.3f (%d of %d)%n"
              + "  >=3σ on their first night: %.3f%n"
              + "  2-3σ within 3 nights:      %.3f (%d of %d)%n",
          set.get(0),
          count,
          rates.firstNight5(),
          rates.found5,
          rates.steps5,
          rates.within3Nights3(),
          rates.found3,
          rates.steps3,
          rates.steps3 == 0 ? 1 : (double) rates.first3 / rates.steps3,
          rates.steps2 == 0 ? 1 : (double) rates.found2 / rates.steps2,
          rates.found2,
          rates.steps2);
      System.out.printf(
          Locale.ROOT, "  %-18s %12s %12s%n", "by noise", ">=5σ first", ">=3σ within 3");
      for (String noise :
          steps.stream().map(SuspicionQuality.Step::noise).distinct().sorted().toList()) {
        SuspicionQuality.Rates by =
            SuspicionQuality.rates(
                check, steps.stream().filter(s -> s.noise().equals(noise)).toList());
        System.out.printf(
            Locale.ROOT,
            "  %-18s %5.3f (%3d) %5.3f (%3d)%n",
            noise,
            by.firstNight5(),
            by.steps5,
            by.within3Nights3(),
            by.steps3);
      }
    }
  }
}
