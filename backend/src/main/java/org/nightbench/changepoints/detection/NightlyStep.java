package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One night of detection on one series, as ingestion runs it after every night and the replay of a
 * posted series runs it on each night in turn: given the series so far and the change points it
 * already has, what to change. The caller stores the decisions (ingestion in the database, a replay
 * in a {@link #apply list}); this class decides everything, so both behave alike.
 *
 * <p>The night: the detector looks at the tail past the newest confirmed change point ({@link
 * ChangePointDetector#detectAppended}); each step it places that has stood {@value #CONFIRM_AFTER}
 * nights and stands under persistent noise confirms the suspected or withdrawn change point within
 * {@value SuspicionCheck#MATCH} nights of it (moved to where the step is, so a person's triage
 * stays with it), or is a new confirmed one, unless a confirmed one starts there already. Then the
 * morning-after check ({@link SuspicionCheck}): a suspected change point is withdrawn when its
 * night is left out of the history (a machine spell once over, an editor's excluded night), when a
 * confirmed one lies at or after it, when {@value SuspicionCheck#CONFIRM_WITHIN} nights passed
 * without confirmation, or when the nights since no longer hold it; a new one is suspected where
 * the newest nights lie beyond the noise, unless a change point (any stage, on a night the history
 * keeps) lies within {@value SuspicionCheck#MATCH} nights. Before that, {@link DriftCheck}: where
 * tonight's steps and the confirmed ones before them are a slow drift, the drift is confirmed once
 * and the steps it replaces are withdrawn. Stateless and thread-safe.
 */
public final class NightlyStep {

  /** Where a change point stands. */
  public enum Stage {
    SUSPECTED,
    CONFIRMED,
    WITHDRAWN;

    /**
     * As stored and as the API names it: {@code suspected}, {@code confirmed}, {@code withdrawn}.
     */
    public String stored() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The stage stored as {@code text}. */
    public static Stage ofStored(String text) {
      return valueOf(text.toUpperCase(java.util.Locale.ROOT));
    }
  }

  /**
   * A change point the series already has.
   *
   * @param key the caller's handle for it (a row id), returned in the decisions about it
   * @param index the night where its new level starts, or -1 when that night is no longer in the
   *     series (a run since flagged disturbed); a drift's first night
   * @param last a drift's last night; -1 for a step
   * @param machineChange where it was suspected on a night the machine moved and the series moved
   *     beyond that ({@link SuspectedChange#machineChange()}), the machine's move; NaN otherwise
   */
  public record Known(
      long key, int index, Stage stage, double relativeChange, int last, double machineChange) {

    /** A step. */
    public Known(long key, int index, Stage stage, double relativeChange) {
      this(key, index, stage, relativeChange, -1);
    }

    /** A step ({@code last} -1) or a drift, judged on the series alone. */
    public Known(long key, int index, Stage stage, double relativeChange, int last) {
      this(key, index, stage, relativeChange, last, Double.NaN);
    }

    /** Whether it was suspected as the series' move beyond the machine's. */
    public boolean beyondMachine() {
      return Double.isFinite(machineChange);
    }

    /** The newest night this change point covers: a drift's last, a step's first. */
    int newest() {
      return last >= 0 ? last : index;
    }
  }

  /** What one night changes about a series' change points. */
  public sealed interface Decision permits Confirm, Withdraw, Suspect {}

  /**
   * The detector placed a step (or a drift): confirms the change point {@code key} (moved to the
   * step's index), or a new one where {@code key} is null. {@code refit} where it only moves the
   * span of a drift already confirmed: nothing new to announce.
   */
  public record Confirm(Long key, DetectedChange change, boolean refit) implements Decision {

    public Confirm(Long key, DetectedChange change) {
      this(key, change, false);
    }
  }

  /** A suspected change point is withdrawn, for the reason given. */
  public record Withdraw(long key, int index, String reason) implements Decision {}

  /**
   * A new suspected change point, placed by {@link SuspicionOnset}: its new level began at {@code
   * change.index()} or, where the nights cannot tell, at one of the nights from {@code earliest}.
   */
  public record Suspect(SuspectedChange change, int earliest) implements Decision {}

  /**
   * The z a step the detector placed must reach on the nights since it, under the most persistent
   * noise its history leaves possible ({@link SuspicionCheck#standsUnderPersistence}), to be
   * confirmed tonight; one that does not is left for a later night, when more nights are in.
   */
  static final double CONFIRM_Z = 3.5;

  /**
   * The fewest nights, the step's own first night included, a step the detector placed must stand
   * on before it is confirmed; a younger one is left for a later night. The detector's minimum
   * segment (7) is enough over a whole series, where a level's end is seen too; night by night a
   * slow spell of a week is a level to every test until it ends. Ten nights leave such a spell out
   * far more often (spells of 2.5 nights on average: one in 100 lasts ten) for three nights more to
   * confirm; the suspicion the morning after does not wait.
   */
  static final int CONFIRM_AFTER = 10;

  private final ChangePointDetector detector;
  private final SuspicionCheck suspicion;
  private final SuspicionOnset onset = new SuspicionOnset();
  private final DriftCheck drifts;

  public NightlyStep(DetectorSettings settings) {
    this(settings, new SuspicionCheck());
  }

  /** A step with another suspicion check (the lab's sweep of its thresholds). */
  NightlyStep(DetectorSettings settings, SuspicionCheck suspicion) {
    this.detector = new ChangePointDetector(settings);
    this.drifts = new DriftCheck(settings);
    this.suspicion = Objects.requireNonNull(suspicion, "suspicion");
  }

  /**
   * The decisions of the night whose value is the last of {@code values}.
   *
   * @param values the series so far, oldest first
   * @param stddevs ±1σ over each night's JVMs (NaN where unknown), or null
   * @param inputs an editor's excluded nights, known boundaries and minimum change
   * @param known the change points the series has: at least the newest confirmed one and all from
   *     {@link SuspicionCheck#MATCH} nights before it or before {@link #reach} of the newest night,
   *     whichever is earlier
   */
  public List<Decision> night(
      double[] values, double[] stddevs, DetectionInputs inputs, List<Known> known) {
    return night(values, stddevs, inputs, known, 1);
  }

  /**
   * {@link #night(double[], double[], DetectionInputs, List)} where the newest {@code arrived}
   * nights came in since the series was last judged (1 on a nightly path; more where a batch of
   * runs landed before detection got to them): a suspicion is placed back onto nights that were not
   * judged one by one only ({@link SuspicionOnset#place(double[], SuspectedChange, int,
   * DetectionInputs, int)}).
   */
  public List<Decision> night(
      double[] values, double[] stddevs, DetectionInputs inputs, List<Known> known, int arrived) {
    return night(values, stddevs, null, inputs, known, arrived);
  }

  /**
   * {@link #night(double[], double[], DetectionInputs, List, int)} with what the nights tell
   * besides their means ({@code nights}: the JVMs' robust centres and spreads, the machine's moves;
   * or null), which the morning-after check judges the newest nights on ({@link
   * SuspicionCheck#suspect(double[], double[], NightEvidence, int, int, DetectionInputs)}). A
   * machine night on which the series was suspected of moving beyond the machine stays in its
   * history, net of the machine's move, though its spell is left out: that night is the code's
   * first, where the new level starts.
   */
  public List<Decision> night(
      double[] values,
      double[] stddevs,
      NightEvidence nights,
      DetectionInputs inputs,
      List<Known> known,
      int arrived) {
    Objects.requireNonNull(known, "known");
    if (nights != null) {
      Set<Integer> kept = new HashSet<>();
      for (Known k : known) {
        if (k.stage() != Stage.WITHDRAWN
            && k.beyondMachine()
            && k.index() >= 0
            && k.index() < values.length
            && inputs.excluded().contains(k.index())
            && Double.isFinite(nights.machineMove(k.index()))) {
          kept.add(k.index());
        }
      }
      if (!kept.isEmpty()) {
        values = values.clone();
        Set<Integer> excluded = new HashSet<>(inputs.excluded());
        for (int i : kept) {
          values[i] /= 1 + nights.machineMove(i);
          excluded.remove(i);
        }
        inputs = inputs.withExcluded(excluded);
      }
    }
    int since = newestConfirmed(known);
    List<DetectedChange> found = new ArrayList<>();
    for (DetectedChange change : detector.detectAppended(values, stddevs, since, inputs)) {
      if (values.length - change.index() < CONFIRM_AFTER) {
        continue;
      }
      if (suspicion.standsUnderPersistence(
          values,
          values.length,
          change.index(),
          Math.signum(change.relativeChange()),
          since,
          inputs,
          CONFIRM_Z)) {
        found.add(change);
      }
    }
    int judged = values.length - Math.max(1, arrived);
    // Tonight's steps that continue a run of steps (or a drift) the same way may be a drift.
    Optional<DriftCheck.Tonight> drift = drifts.tonight(values, inputs, known, found);
    if (drift.isEmpty()) {
      return decide(values, stddevs, nights, inputs, found, known, judged);
    }
    List<Decision> decisions = new ArrayList<>(drift.get().decisions());
    decisions.addAll(
        decide(
            values,
            stddevs,
            nights,
            inputs,
            drift.get().left(),
            apply(known, drift.get().decisions()),
            judged));
    return decisions;
  }

  /**
   * The decisions after the detector placed {@code found} over the whole series (a recompute, where
   * no night counts as judged one by one): confirmations, then the morning-after check.
   *
   * @param stddevs ±1σ over each night's JVMs (NaN where unknown), or null: a night whose JVMs
   *     disagree is a wild night, not a suspected new level
   */
  public List<Decision> decide(
      double[] values,
      double[] stddevs,
      DetectionInputs inputs,
      List<DetectedChange> found,
      List<Known> known) {
    return decide(values, stddevs, null, inputs, found, known, 0);
  }

  /**
   * {@link #decide(double[], double[], DetectionInputs, List, List)} with what the nights tell
   * besides their means ({@code nights}, or null), as {@link #night(double[], double[],
   * NightEvidence, DetectionInputs, List, int)} judges them.
   */
  public List<Decision> decide(
      double[] values,
      double[] stddevs,
      NightEvidence nights,
      DetectionInputs inputs,
      List<DetectedChange> found,
      List<Known> known) {
    return decide(values, stddevs, nights, inputs, found, known, 0);
  }

  /**
   * The decisions, the nights before {@code judged} each judged as it arrived (0: none was, as on a
   * recompute over the whole series).
   */
  private List<Decision> decide(
      double[] values,
      double[] stddevs,
      NightEvidence nights,
      DetectionInputs inputs,
      List<DetectedChange> found,
      List<Known> known,
      int judged) {
    List<Decision> decisions = new ArrayList<>();
    List<Known> after = new ArrayList<>(known);
    for (DetectedChange change : found) {
      int index = change.index();
      if (after.stream().anyMatch(k -> k.stage() == Stage.CONFIRMED && k.index() == index)) {
        continue;
      }
      Known nearest = nearestUnconfirmed(after, index, Math.signum(change.relativeChange()));
      Confirm confirm = new Confirm(nearest == null ? null : nearest.key(), change);
      decisions.add(confirm);
      after = apply(after, confirm);
    }
    int newest = values.length - 1;
    int since = newestConfirmed(after);
    for (Known k : after) {
      if (k.stage() != Stage.SUSPECTED) {
        continue;
      }
      String reason = null;
      if (k.index() < 0) {
        reason = "its night is no longer in the series";
      } else if (inputs.excluded().contains(k.index())) {
        // A spell the run's evidence put down to the machine, left out once it ended (or an
        // editor's excluded night): the history no longer has the night it was suspected on.
        reason = "its night is left out of the history";
      } else if (k.index() <= since) {
        reason = "a confirmed change point lies at or after it";
      } else if (newest - k.index() > SuspicionCheck.CONFIRM_WITHIN) {
        reason = "not confirmed within " + SuspicionCheck.CONFIRM_WITHIN + " nights";
      } else if (!suspicion.holds(
          k.beyondMachine() ? netOfMachine(values, nights) : values,
          k.index(),
          Math.signum(k.relativeChange()),
          since,
          inputs)) {
        reason = "the nights since came back";
      }
      if (reason != null) {
        decisions.add(new Withdraw(k.key(), k.index(), reason));
      }
    }
    Optional<SuspicionOnset.Placed> suspected =
        suspicion
            .suspect(values, stddevs, nights, values.length, since, inputs)
            .map(s -> onset.place(values, s, since, inputs, judged));
    if (suspected.isPresent()) {
      int index = suspected.get().change().index();
      double direction = Math.signum(suspected.get().change().relativeChange());
      // The same change again only where it went the same way: a wild night up, withdrawn the
      // next morning, says nothing about a drop two nights later. A move beyond the machine's is
      // not the machine's own alert of a night or two before it.
      boolean beyond = suspected.get().change().beyondMachine();
      boolean seen =
          after.stream()
              .anyMatch(
                  k ->
                      k.index() >= 0
                          && !inputs.excluded().contains(k.index())
                          && Math.abs(k.index() - index) <= SuspicionCheck.MATCH
                          && sameWay(k, direction)
                          && (!beyond || k.beyondMachine() || k.stage() == Stage.CONFIRMED));
      if (!seen && index > since) {
        decisions.add(new Suspect(suspected.get().change(), suspected.get().earliest()));
      }
    }
    return decisions;
  }

  /**
   * {@code values} with each night the machine moved divided by its move: what a suspicion of the
   * series' move beyond the machine's is held to on the nights since.
   */
  private static double[] netOfMachine(double[] values, NightEvidence nights) {
    if (nights == null) {
      return values;
    }
    double[] net = values.clone();
    for (int i = 0; i < net.length; i++) {
      double move = nights.machineMove(i);
      if (Double.isFinite(move)) {
        net[i] /= 1 + move;
      }
    }
    return net;
  }

  /**
   * {@code known} after {@code decisions}, in index order; a new change point gets the key one
   * above the largest so far. For a caller that keeps a series' change points in memory.
   */
  public static List<Known> apply(List<Known> known, List<Decision> decisions) {
    List<Known> after = new ArrayList<>(known);
    for (Decision decision : decisions) {
      after = apply(after, decision);
    }
    return after;
  }

  private static List<Known> apply(List<Known> known, Decision decision) {
    List<Known> after = new ArrayList<>(known);
    if (decision instanceof Confirm c && c.key() != null) {
      after.replaceAll(
          k ->
              k.key() == c.key()
                  ? confirmed(
                      k.key(),
                      c.change(),
                      k.index() == c.change().index() ? k.machineChange() : Double.NaN)
                  : k);
    } else if (decision instanceof Confirm c) {
      after.add(confirmed(nextKey(after), c.change(), Double.NaN));
    } else if (decision instanceof Withdraw w) {
      after.replaceAll(
          k ->
              k.key() == w.key()
                  ? new Known(
                      k.key(),
                      k.index(),
                      Stage.WITHDRAWN,
                      k.relativeChange(),
                      k.last(),
                      k.machineChange())
                  : k);
    } else if (decision instanceof Suspect s) {
      after.add(
          new Known(
              nextKey(after),
              s.change().index(),
              Stage.SUSPECTED,
              s.change().relativeChange(),
              -1,
              s.change().machineChange()));
    }
    after.sort((a, b) -> Integer.compare(a.index(), b.index()));
    return after;
  }

  /**
   * A confirmed change point; one confirmed where it was suspected as the series' move beyond the
   * machine's keeps that ({@code machineChange}), as its night stays in the history.
   */
  private static Known confirmed(long key, DetectedChange change, double machineChange) {
    return new Known(
        key,
        change.index(),
        Stage.CONFIRMED,
        change.relativeChange(),
        change.drift() == null ? -1 : change.drift().last(),
        machineChange);
  }

  private static long nextKey(List<Known> known) {
    return known.stream().mapToLong(Known::key).max().orElse(0) + 1;
  }

  /**
   * The index of the newest confirmed change point (of a drift, its last night), or 0: where the
   * detector's look starts.
   */
  public static int newestConfirmed(List<Known> known) {
    return known.stream()
        .filter(k -> k.stage() == Stage.CONFIRMED && k.index() >= 0)
        .mapToInt(Known::newest)
        .max()
        .orElse(0);
  }

  /**
   * The suspected or withdrawn change point nearest {@code index}, within MATCH nights, that went
   * the way of {@code direction}, or null: a step confirmed down is not the alert (nor takes the
   * triage) of a night suspected up.
   */
  private static Known nearestUnconfirmed(List<Known> known, int index, double direction) {
    Known nearest = null;
    for (Known k : known) {
      int distance = Math.abs(k.index() - index);
      if (k.stage() != Stage.CONFIRMED
          && k.index() >= 0
          && sameWay(k, direction)
          && distance <= SuspicionCheck.MATCH
          && (nearest == null || distance < Math.abs(nearest.index() - index))) {
        nearest = k;
      }
    }
    return nearest;
  }

  /**
   * Whether {@code k} went the way of {@code direction} (the sign of a relative change); a change
   * point whose size is unknown (NaN) counts as either way.
   */
  private static boolean sameWay(Known k, double direction) {
    double own = Math.signum(k.relativeChange());
    return Double.isNaN(own) || own == direction;
  }

  /**
   * How far before the newest night the change points a night can touch lie: the suspicion's reach,
   * the confirmation window and a match's distance.
   */
  public static int reach() {
    return SuspicionCheck.REFERENCE + SuspicionCheck.CONFIRM_WITHIN + SuspicionCheck.MATCH;
  }
}
