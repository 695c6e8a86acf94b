package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Tells a slow drift that the detector cut into a staircase of steps from a real staircase, and
 * reports the drift once, over its span, with its slope. Pure code over plain arrays.
 *
 * <p>A run of steps the same way, with no other change point between them, is fitted on the nights
 * from the change point before it to the one after it (at most {@code context} either side) as
 * levels between the steps that share one slope. In a staircase the levels are flat: that slope is
 * noise. Along a drift every level tilts the way the steps go: the slope is significant (z at least
 * {@value #SLOPE_Z}, its standard error widened by the residuals' lag-1 correlation) and, once it
 * is taken out, what is left of each step is small (under {@value #STEP_SIGMA} σ of the noise): the
 * steps were the drift's rise that levels without a slope had to put somewhere. A step on a drift
 * that still stands out after the slope is taken out stays a step. Where the drift starts and stops
 * within those nights, levels that share one slope fit it badly (the flat nights around it pull the
 * slope to nothing); there, the steps are a drift where a level, a ramp and a level explain the
 * nights at least as well as the levels do (with fewer parameters: 4 against 2k + 1 for k steps).
 *
 * <p>A drift is slow: its level moves less than half a σ of the noise a night, so that no one night
 * shows it. A faster ramp (a change that took a few nights to land) stays a step, or steps.
 *
 * <p>The drift's span and slope come from a second fit on the same nights: a level, a straight
 * ramp, a level (the ramp's first and last night chosen by least squares, its first before the
 * run's first step and its last at or after the run's last), so "drift over N nights" counts the
 * nights the level moved, not the flat nights around them.
 */
final class DriftCheck {

  /** The z the levels' common slope must reach for the steps to be a drift. */
  static final double SLOPE_Z = 3;

  /** A step whose jump, the common slope taken out, reaches this many σ stays a step. */
  static final double STEP_SIGMA = 3;

  /**
   * The least steps a run needs to be a drift; one step more extends a drift already found (by the
   * levels' common slope).
   */
  static final int MIN_STEPS = 2;

  /** The most a drift's level moves in one night, in σ of the noise: less than any night shows. */
  static final double SLOW = 0.5;

  private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

  private final DetectorSettings settings;

  DriftCheck(DetectorSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /**
   * The drift that the steps at {@code steps} are, or empty where they are steps.
   *
   * @param values the series (outliers best replaced), oldest first
   * @param lo the change point before the steps (or the series' first night); the first night
   *     fitted
   * @param steps the steps' indices, ascending, all after {@code lo} and before {@code hi}
   * @param hi the change point after them, or the series' length; the first night not fitted
   * @param direction +1 for steps up, -1 for steps down
   * @param extending whether the steps follow a drift found earlier: one step is then enough for
   *     the levels' common slope to tell
   */
  Optional<DetectedChange> drift(
      double[] values, int lo, int[] steps, int hi, double direction, boolean extending) {
    if (steps.length == 0) {
      return Optional.empty();
    }
    int from = Math.max(lo, steps[0] - settings.context());
    int to = Math.min(hi, steps[steps.length - 1] + settings.context());
    int minSegment = settings.minSegment();
    if (steps[0] - from < minSegment || to - steps[steps.length - 1] < minSegment) {
      return Optional.empty();
    }
    TiltedLevels tilted = TiltedLevels.fit(values, from, steps, to);
    Ramp ramp = Ramp.fit(values, from, steps[0], steps[steps.length - 1], to);
    if (!(tilted.sigma() > 0) || !(ramp.slope() * direction > 0)) {
      return Optional.empty();
    }
    double z = tilted.slope() * direction / tilted.slopeError();
    boolean tilting = (steps.length >= MIN_STEPS || extending) && z >= SLOPE_Z;
    for (double jump : tilted.jumps()) {
      tilting &= Math.abs(jump) < STEP_SIGMA * tilted.sigma();
    }
    // A ramp has 4 parameters (a level, a slope, its two ends); k >= 2 steps have 2k + 1 or more.
    // A single step stays a step: on a drifting series a real step fits a ramp well too, and the
    // quality run lost a fifth of 4σ steps on drifting series when one step could be a drift.
    boolean ramping =
        steps.length >= MIN_STEPS
            && ramp.last() - ramp.first() >= 2 * settings.minSegment()
            && ramp.rss() <= tilted.levelsRss();
    // Slow: no one night shows it. A level that moves by more in a night is a step, or steps. The
    // noise from night-to-night differences: a step not yet placed inflates the levels' variance.
    double noise = NoiseScale.local(values, from, to, settings.context())[(to - from) / 2];
    if (Math.abs(ramp.slope()) > SLOW * noise || !tilting && !ramping) {
      return Optional.empty();
    }
    double before = ramp.level();
    double after = ramp.level() + ramp.slope() * (ramp.last() - ramp.first());
    double p = Math.min(1, 2 * NORMAL.survivalProbability(Math.max(0, z)));
    return Optional.of(
        new DetectedChange(
            ramp.first(),
            before,
            after,
            before != 0 ? after / before - 1 : Double.NaN,
            p,
            (after - before) / tilted.sigma(),
            tilted.sigma(),
            tilted.serialCorrelation(),
            new DetectedChange.Drift(
                ramp.last(), ramp.slope(), before != 0 ? ramp.slope() / before : Double.NaN)));
  }

  /**
   * {@code changes} (steps, in index order) with every run of steps the same way that is a drift
   * replaced by that drift. A run does not cross a position in {@code boundaries}.
   */
  List<DetectedChange> merge(double[] values, List<DetectedChange> changes, int[] boundaries) {
    List<DetectedChange> result = new ArrayList<>(changes.size());
    int k = 0;
    while (k < changes.size()) {
      int end = k + 1;
      double direction = Math.signum(changes.get(k).relativeChange());
      while (end < changes.size()
          && Math.signum(changes.get(end).relativeChange()) == direction
          && !boundaryBetween(boundaries, changes.get(end - 1).index(), changes.get(end).index())) {
        end++;
      }
      int lo = k > 0 ? changes.get(k - 1).index() : 0;
      int hi = end < changes.size() ? changes.get(end).index() : values.length;
      lo = Math.max(lo, lastBoundaryAtOrBefore(boundaries, changes.get(k).index()));
      hi = Math.min(hi, firstBoundaryAfter(boundaries, changes.get(end - 1).index(), hi));
      int[] steps = changes.subList(k, end).stream().mapToInt(DetectedChange::index).toArray();
      Optional<DetectedChange> drift = drift(values, lo, steps, hi, direction, false);
      if (drift.isPresent()) {
        result.add(drift.get());
      } else {
        result.addAll(changes.subList(k, end));
      }
      k = end;
    }
    return result;
  }

  /**
   * What the newest run of steps is tonight, on the nightly path: where the newest change points
   * (confirmed ones and tonight's steps) are a run of steps the same way, or a drift found earlier
   * and steps after it, and the run is a drift, the drift is confirmed once (as the run's drift or
   * oldest step, so a person's triage stays with it, or as a new change point), its other confirmed
   * steps are withdrawn, and tonight's steps in it are not confirmed. Asked every night, as the
   * nights after a staircase can show it was a slope.
   *
   * @param found the steps the detector placed tonight, in index order
   * @return empty where tonight's steps stay steps
   */
  Optional<Tonight> tonight(
      double[] values,
      DetectionInputs inputs,
      List<NightlyStep.Known> known,
      List<DetectedChange> found) {
    List<Entry> entries = new ArrayList<>();
    for (NightlyStep.Known k : known) {
      if (k.stage() == NightlyStep.Stage.CONFIRMED && k.index() >= 0) {
        entries.add(new Entry(k.index(), Math.signum(k.relativeChange()), k, null));
      }
    }
    for (DetectedChange change : found) {
      entries.add(new Entry(change.index(), Math.signum(change.relativeChange()), null, change));
    }
    // A drift after the step it starts at: that step is before the run.
    entries.sort(
        java.util.Comparator.comparingInt(Entry::index)
            .thenComparingInt(e -> e.known() != null && e.known().last() >= 0 ? 1 : 0));
    if (entries.isEmpty()) {
      return Optional.empty();
    }
    Entry newest = entries.get(entries.size() - 1);
    int first = entries.size() - 1;
    while (first > 0 && entries.get(first - 1).direction() == newest.direction()) {
      first--;
    }
    SeriesView view = SeriesView.of(values, null, inputs);
    int[] boundaries = view.boundariesWithin(0, view.length());
    while (first < entries.size() - 1
        && boundaryBetween(
            boundaries, view.position(entries.get(first).index()), view.position(newest.index()))) {
      first++;
    }
    List<Entry> run = entries.subList(first, entries.size());
    NightlyStep.Known drift =
        run.stream()
            .map(Entry::known)
            .filter(k -> k != null && k.last() >= 0)
            .findFirst()
            .orElse(null);
    int[] steps =
        run.stream()
            .filter(e -> e.known() == null || e.known().last() < 0)
            .mapToInt(e -> view.position(e.index()))
            .toArray();
    if (steps.length == 0) {
      return Optional.empty();
    }
    int lo =
        Math.max(
            first > 0 ? view.position(entries.get(first - 1).index()) : 0,
            lastBoundaryAtOrBefore(boundaries, steps[0]));
    // A suspected new level after the run is no part of it: its nights would pass for noise.
    int hi = view.length();
    for (NightlyStep.Known k : known) {
      if (k.stage() == NightlyStep.Stage.SUSPECTED && k.index() > newest.index()) {
        hi = Math.min(hi, view.position(k.index()));
      }
    }
    // Only the nights a fit can see are cleaned: this runs every night.
    double[] cleaned = cleaned(view, settings, Math.max(lo, steps[0] - settings.context()), hi);
    Optional<DetectedChange> fitted =
        drift(cleaned, lo, steps, hi, newest.direction(), drift != null);
    if (fitted.isEmpty()) {
      return Optional.empty();
    }
    DetectedChange placed = view.original(fitted.get());
    NightlyStep.Known keeper =
        drift != null
            ? drift
            : run.stream().map(Entry::known).filter(k -> k != null).findFirst().orElse(null);
    List<NightlyStep.Decision> decisions = new ArrayList<>();
    // A drift that grows is the same alert: announced once, when it was first confirmed.
    decisions.add(
        new NightlyStep.Confirm(
            keeper == null ? null : keeper.key(), placed, drift != null && keeper == drift));
    String reason = "part of the drift over nights " + placed.index() + "-" + placed.drift().last();
    for (Entry e : run) {
      if (e.known() != null && e.known() != keeper) {
        decisions.add(new NightlyStep.Withdraw(e.known().key(), e.known().index(), reason));
      }
    }
    List<DetectedChange> left = new ArrayList<>(found);
    run.forEach(e -> left.remove(e.found()));
    return Optional.of(new Tonight(decisions, left));
  }

  /**
   * A night's drift: the decisions that confirm it and withdraw the steps it replaces, and the
   * night's steps that are not part of it.
   */
  record Tonight(List<NightlyStep.Decision> decisions, List<DetectedChange> left) {}

  /** A confirmed change point or one of tonight's steps, with the way it went. */
  private record Entry(
      int index, double direction, NightlyStep.Known known, DetectedChange found) {}

  /** The view's values with single outlying nights replaced, as the detector's tests see them. */
  static double[] cleaned(SeriesView view, DetectorSettings settings) {
    return cleaned(view, settings, 0, view.length());
  }

  /** As {@link #cleaned(SeriesView, DetectorSettings)}, only the positions {@code [from, to)}. */
  static double[] cleaned(SeriesView view, DetectorSettings settings, int from, int to) {
    double[] sigma = NoiseScale.local(view.values, from, to, settings.context());
    return OutlierFilter.clean(view.values, from, to, sigma, settings.outlierThreshold());
  }

  private static boolean boundaryBetween(int[] boundaries, int a, int b) {
    for (int boundary : boundaries) {
      if (boundary > a && boundary <= b) {
        return true;
      }
    }
    return false;
  }

  private static int lastBoundaryAtOrBefore(int[] boundaries, int index) {
    int last = 0;
    for (int boundary : boundaries) {
      if (boundary <= index) {
        last = Math.max(last, boundary);
      }
    }
    return last;
  }

  private static int firstBoundaryAfter(int[] boundaries, int index, int otherwise) {
    int first = otherwise;
    for (int boundary : boundaries) {
      if (boundary > index) {
        first = Math.min(first, boundary);
      }
    }
    return first;
  }

  /**
   * Levels between steps that share one slope, by least squares on {@code values[from, to)}.
   *
   * @param slope the common slope, per night
   * @param slopeError its standard error, widened by the residuals' lag-1 correlation
   * @param jumps each step's jump between the tilted levels
   * @param sigma the residuals' standard deviation
   * @param levelsRss the residual sum of squares of flat levels between the steps (no slope)
   */
  record TiltedLevels(
      double slope,
      double slopeError,
      double[] jumps,
      double sigma,
      double serialCorrelation,
      double levelsRss) {

    static TiltedLevels fit(double[] values, int from, int[] steps, int to) {
      int segments = steps.length + 1;
      double[] meanX = new double[segments];
      double[] meanY = new double[segments];
      int[] starts = new int[segments + 1];
      starts[0] = from;
      System.arraycopy(steps, 0, starts, 1, steps.length);
      starts[segments] = to;
      double sxy = 0;
      double sxx = 0;
      double syy = 0;
      for (int s = 0; s < segments; s++) {
        int n = starts[s + 1] - starts[s];
        for (int i = starts[s]; i < starts[s + 1]; i++) {
          meanX[s] += i;
          meanY[s] += values[i];
        }
        meanX[s] /= n;
        meanY[s] /= n;
        for (int i = starts[s]; i < starts[s + 1]; i++) {
          sxy += (i - meanX[s]) * (values[i] - meanY[s]);
          sxx += (i - meanX[s]) * (i - meanX[s]);
          syy += (values[i] - meanY[s]) * (values[i] - meanY[s]);
        }
      }
      double slope = sxx > 0 ? sxy / sxx : 0;
      double rss = 0;
      double lagged = 0;
      double previous = Double.NaN;
      for (int s = 0; s < segments; s++) {
        previous = Double.NaN;
        for (int i = starts[s]; i < starts[s + 1]; i++) {
          double residual = values[i] - meanY[s] - slope * (i - meanX[s]);
          rss += residual * residual;
          if (!Double.isNaN(previous)) {
            lagged += residual * previous;
          }
          previous = residual;
        }
      }
      int free = Math.max(1, to - from - segments - 1);
      double sigma = Math.sqrt(rss / free);
      double rho = rss > 0 ? Math.min(0.9, Math.max(0, lagged / rss)) : 0;
      double slopeError =
          sxx > 0 ? sigma / Math.sqrt(sxx) * Math.sqrt((1 + rho) / (1 - rho)) : Double.NaN;
      double[] jumps = new double[steps.length];
      for (int s = 0; s < steps.length; s++) {
        // Parallel lines: the jump is the same at every night, the intercepts' difference.
        jumps[s] = (meanY[s + 1] - slope * meanX[s + 1]) - (meanY[s] - slope * meanX[s]);
      }
      return new TiltedLevels(slope, slopeError, jumps, sigma, rho, syy);
    }
  }

  /**
   * A level, a straight ramp from night {@code first} to night {@code last}, and a level, by least
   * squares; the ramp's ends are searched, {@code first} before {@code firstStep} and {@code last}
   * at or after {@code lastStep}. Prefix sums make each candidate pair cost the same.
   *
   * @param level the level up to {@code first}
   * @param slope per night along the ramp
   * @param rss the residual sum of squares
   */
  record Ramp(int first, int last, double level, double slope, double rss) {

    /** The fitted value at night {@code i}. */
    double at(int i) {
      return level + slope * (Math.min(Math.max(i, first), last) - first);
    }

    static Ramp fit(double[] values, int from, int firstStep, int lastStep, int to) {
      int n = to - from;
      double reference = values[from];
      // Prefix sums over t = i - from: count is implicit, of t, t², y and t·y.
      double[] st = new double[n + 1];
      double[] stt = new double[n + 1];
      double[] sy = new double[n + 1];
      double[] sty = new double[n + 1];
      double syy = 0;
      for (int t = 0; t < n; t++) {
        double y = values[from + t] - reference;
        st[t + 1] = st[t] + t;
        stt[t + 1] = stt[t] + (double) t * t;
        sy[t + 1] = sy[t] + y;
        sty[t + 1] = sty[t] + t * y;
        syy += y * y;
      }
      double meanY = sy[n] / n;
      double best = Double.POSITIVE_INFINITY;
      Ramp fitted = new Ramp(from, from, values[from], 0, Double.POSITIVE_INFINITY);
      // The ramp starts after the first night fitted, which may be the change point before it: a
      // drift is not stored on the night of another change.
      // A long segment is searched on a grid of at most about 200 × 200 candidate ends.
      int stride = Math.max(1, n / 200);
      for (int a = 1; a < firstStep - from; a += stride) {
        for (int b = Math.max(a + 1, lastStep - from); b < n; b += stride) {
          // z = 0 before a, t - a on [a, b], b - a after b.
          double cnt = b - a + 1;
          double sumT = st[b + 1] - st[a];
          double sumTT = stt[b + 1] - stt[a];
          double sumY = sy[b + 1] - sy[a];
          double sumTY = sty[b + 1] - sty[a];
          double after = n - b - 1;
          double span = b - a;
          double sz = sumT - a * cnt + span * after;
          double szz = sumTT - 2.0 * a * sumT + (double) a * a * cnt + span * span * after;
          double szy = sumTY - a * sumY + span * (sy[n] - sy[b + 1]);
          double cZZ = szz - sz * sz / n;
          if (!(cZZ > 0)) {
            continue;
          }
          double cZY = szy - sz * meanY;
          double rss = syy - n * meanY * meanY - cZY * cZY / cZZ;
          if (rss < best) {
            best = rss;
            double slope = cZY / cZZ;
            double level = meanY - slope * sz / n + reference;
            fitted = new Ramp(from + a, from + b, level, slope, rss);
          }
        }
      }
      return fitted;
    }
  }
}
