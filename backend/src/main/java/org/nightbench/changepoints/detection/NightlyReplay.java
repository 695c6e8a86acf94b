package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A series replayed night by night as ingestion judges it: on each night, the series up to that
 * night goes through {@link NightlyStep}, and the change points it suspects, confirms and withdraws
 * are kept in memory for the next night, as ingestion keeps them in the database. Pure code.
 */
public final class NightlyReplay {

  /**
   * One thing a night changed: a change point {@code suspected}, {@code confirmed} or {@code
   * withdrawn}, with its evidence.
   *
   * @param night the index of the night that decided it (the newest then)
   * @param stage what it became
   * @param index the night where its new level starts
   * @param movedFrom for a confirmation of a suspected or withdrawn change point, where that one
   *     started; null otherwise
   * @param reason why a suspected change point was withdrawn; null otherwise
   * @param confirmed the detector's evidence, for a confirmation
   * @param suspected the suspicion's evidence, for a suspicion
   */
  public record Event(
      int night,
      NightlyStep.Stage stage,
      int index,
      Integer movedFrom,
      String reason,
      DetectedChange confirmed,
      SuspectedChange suspected) {}

  /** Every night's events in order, and the change points the series ends with. */
  public record Result(List<Event> events, List<NightlyStep.Known> changePoints) {}

  private final NightlyStep step;

  public NightlyReplay(NightlyStep step) {
    this.step = Objects.requireNonNull(step, "step");
  }

  /**
   * Replays {@code values} from its second night on (ingestion judges nothing with one night).
   *
   * @param stddevs ±1σ over each night's JVMs (NaN where unknown), or null
   * @param inputs excluded nights and known boundaries as indices of the whole series
   * @throws IllegalArgumentException naming the problem, for bad input
   */
  public Result replay(double[] values, double[] stddevs, DetectionInputs inputs) {
    return replay(values, stddevs, inputs, Set.of());
  }

  /**
   * The same for a series some of whose nights the run's evidence put down to the machine: each
   * night leaves out those {@link MachineNights} leaves out of the history so far, as ingestion's
   * detection does.
   *
   * @param machineNights indices of the machine's nights
   */
  public Result replay(
      double[] values, double[] stddevs, DetectionInputs inputs, Set<Integer> machineNights) {
    return replay(values, stddevs, null, inputs, machineNights);
  }

  /**
   * The same with what the nights tell besides their means ({@code nights}: the JVMs' robust
   * centres and spreads, the machine's move on its nights; or null), as ingestion passes them.
   */
  public Result replay(
      double[] values,
      double[] stddevs,
      NightEvidence nights,
      DetectionInputs inputs,
      Set<Integer> machineNights) {
    ChangePointDetector.validate(values, stddevs);
    if (nights != null && nights.centres().length != values.length) {
      throw new IllegalArgumentException(
          "the nights' evidence has "
              + nights.centres().length
              + " nights, the series "
              + values.length);
    }
    Objects.requireNonNull(inputs, "inputs");
    inputs.validate(values.length);
    for (int i : machineNights) {
      if (i < 0 || i >= values.length) {
        throw new IllegalArgumentException(
            "machine night " + i + " is outside the series of " + values.length + " values");
      }
    }
    List<Event> events = new ArrayList<>();
    List<NightlyStep.Known> known = List.of();
    for (int night = 1; night < values.length; night++) {
      int length = night + 1;
      List<NightlyStep.Decision> decisions =
          step.night(
              Arrays.copyOf(values, length),
              stddevs == null ? null : Arrays.copyOf(stddevs, length),
              nights == null ? null : nights.first(length),
              MachineNights.apply(inputs.within(length), machineNights, length),
              known,
              1);
      for (NightlyStep.Decision decision : decisions) {
        events.add(event(night, decision, known));
      }
      known = NightlyStep.apply(known, decisions);
    }
    return new Result(events, known);
  }

  private static Event event(
      int night, NightlyStep.Decision decision, List<NightlyStep.Known> known) {
    if (decision instanceof NightlyStep.Confirm c) {
      Integer from =
          c.key() == null
              ? null
              : known.stream()
                  .filter(k -> k.key() == c.key())
                  .map(NightlyStep.Known::index)
                  .findFirst()
                  .orElse(null);
      return new Event(
          night, NightlyStep.Stage.CONFIRMED, c.change().index(), from, null, c.change(), null);
    }
    if (decision instanceof NightlyStep.Withdraw w) {
      return new Event(night, NightlyStep.Stage.WITHDRAWN, w.index(), null, w.reason(), null, null);
    }
    NightlyStep.Suspect s = (NightlyStep.Suspect) decision;
    return new Event(
        night, NightlyStep.Stage.SUSPECTED, s.change().index(), null, null, null, s.change());
  }
}
