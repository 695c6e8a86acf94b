package org.nightbench.changepoints.detection;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;

/**
 * Replays a series from a CSV file night by night as the app judges it ({@link NightlyReplay}, the
 * code ingestion runs after every night) and prints what each night did: suspected, confirmed,
 * withdrawn, with the evidence, then the change points the series ends with.
 *
 * <p>The file: one night a line, oldest first; one number (the night's value) or several (one per
 * JVM: the night is their mean, with their standard deviation, as ingestion stores it), separated
 * by commas; lines starting with {@code #}, blank lines and a header line that is not numbers are
 * skipped. Indices count the nights kept, from 0.
 *
 * <p>usage: {@code ReplayCsv FILE [--column N] [--excluded i,j] [--boundaries i,j] [--min 0.03]}.
 * {@code --column N} reads only the N-th column (from 0) as the value. See {@code
 * scripts/replay.sh}.
 */
public final class ReplayCsv {

  private ReplayCsv() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      System.err.println(
          "usage: ReplayCsv FILE [--column N] [--excluded i,j] [--boundaries i,j] [--min 0.03]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    Integer column = null;
    Set<Integer> excluded = Set.of();
    Set<Integer> boundaries = Set.of();
    double min = Double.NaN;
    for (int i = 1; i < args.length; i += 2) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value");
      }
      switch (args[i]) {
        case "--column" -> column = Integer.parseInt(args[i + 1]);
        case "--excluded" -> excluded = indices(args[i + 1]);
        case "--boundaries" -> boundaries = indices(args[i + 1]);
        case "--min" -> min = Double.parseDouble(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    List<double[]> nights = read(file, column);
    double[] values = new double[nights.size()];
    double[] stddevs = new double[nights.size()];
    for (int i = 0; i < values.length; i++) {
      double[] samples = nights.get(i);
      values[i] = Mean.of(samples).getAsDouble();
      stddevs[i] = samples.length > 1 ? StandardDeviation.of(samples).getAsDouble() : Double.NaN;
    }
    NightlyReplay.Result result =
        new NightlyReplay(new NightlyStep(DetectorSettings.defaults()))
            .replay(values, stddevs, new DetectionInputs(excluded, boundaries, min));
    System.out.printf(Locale.ROOT, "%s: %d nights%n", file, values.length);
    for (NightlyReplay.Event e : result.events()) {
      System.out.printf(Locale.ROOT, "night %5d  %s%n", e.night(), describe(e));
    }
    System.out.println("change points at the end:");
    for (NightlyStep.Known k : result.changePoints()) {
      System.out.printf(
          Locale.ROOT,
          "  %5d  %-9s %+.2f %%%n",
          k.index(),
          k.stage().stored(),
          100 * k.relativeChange());
    }
  }

  static String describe(NightlyReplay.Event e) {
    return switch (e.stage()) {
      case SUSPECTED ->
          String.format(
              Locale.ROOT,
              "suspected at %d: %+.2f %% over %d night(s), z %.1f, %.1fσ, φ %.2f",
              e.index(),
              100 * e.suspected().relativeChange(),
              e.suspected().nights(),
              e.suspected().zScore(),
              e.suspected().effectSigma(),
              e.suspected().serialCorrelation());
      case CONFIRMED ->
          String.format(
              Locale.ROOT,
              "confirmed at %d%s: %+.2f %%, %.1fσ, p %.1e, φ %.2f",
              e.index(),
              e.movedFrom() == null ? "" : " (suspected at " + e.movedFrom() + ")",
              100 * e.confirmed().relativeChange(),
              e.confirmed().effectSigma(),
              e.confirmed().pValue(),
              e.confirmed().serialCorrelation());
      case WITHDRAWN -> "withdrawn at " + e.index() + ": " + e.reason();
    };
  }

  private static Set<Integer> indices(String list) {
    Set<Integer> indices = new HashSet<>();
    for (String s : list.split(",")) {
      if (!s.isBlank()) {
        indices.add(Integer.parseInt(s.strip()));
      }
    }
    return indices;
  }

  static List<double[]> read(Path file, Integer column) throws IOException {
    List<double[]> nights = new ArrayList<>();
    int line = 0;
    for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      line++;
      String stripped = text.strip();
      if (stripped.isEmpty() || stripped.startsWith("#")) {
        continue;
      }
      String[] cells = stripped.split("\\s*[,;\\t]\\s*");
      double[] numbers;
      try {
        numbers =
            column == null
                ? Arrays.stream(cells)
                    .filter(c -> !c.isEmpty())
                    .mapToDouble(Double::parseDouble)
                    .toArray()
                : new double[] {Double.parseDouble(cells[column])};
      } catch (NumberFormatException e) {
        if (nights.isEmpty()) {
          continue; // a header
        }
        throw new IllegalArgumentException(file + ":" + line + ": not a number: " + stripped);
      } catch (ArrayIndexOutOfBoundsException e) {
        throw new IllegalArgumentException(file + ":" + line + ": no column " + column);
      }
      if (numbers.length == 0) {
        throw new IllegalArgumentException(file + ":" + line + ": no value");
      }
      nights.add(numbers);
    }
    return nights;
  }
}
