package org.nightbench.changepoints.detection;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Finds the steps in one series of nightly values: points where the level moves and stays, as
 * opposed to single outliers, slow drifts and weekly swings. Stateless and thread-safe.
 *
 * <p>Method: outliers are replaced by their neighbours' median (a Hampel filter over 7 nights,
 * against a local noise scale from the median absolute night-to-night difference); a moving
 * two-window z statistic at several scales (the shortest level, doubling up to half the context)
 * proposes candidate steps, each placed where level + slope + step fits its neighbourhood best, and
 * placed again between its neighbours where that neighbourhood reached past one (a staircase's
 * steps would otherwise be placed on each other's slope). Every candidate is then tested on the
 * points back to the previous and on to the next change point, at most {@code context} each side: a
 * straight line is fitted to each side, and the jump between them at the split must be significant
 * (Student's t, Bonferroni-adjusted for the split positions that window offered). Lines rather than
 * means are what tell a step from a drift, a drift that starts or stops, or a step against an
 * opposite drift; where the window shows no drift, the two sides' means decide instead, four times
 * as precise, and as a drift becomes evident the jump moves smoothly to one corrected by the
 * drift's slope ({@link JumpAtSplit}). The jump must also be at least {@code minRelativeChange} of
 * the level. Where both sides drift alike (their slopes within {@value JumpAtSplit#SLOPE_GATE}
 * standard errors), one common slope is fitted instead of two, which is twice as precise where one
 * side is short. The weakest failing candidate is dropped and its neighbours tested again until all
 * pass; dropped candidates that pass between the survivors are then taken back (a clear step can
 * fail while a doubtful neighbour still cuts its window). A step that would fit better with fewer
 * than {@code minSegment} points after it waits for more nights rather than be placed early. A step
 * among the newest or first nights, which the nightly check tests again with every night, must pass
 * at a quarter of the significance.
 *
 * <p>Steps are placed by least squares, prewhitened with the noise's lag-1 correlation where nights
 * persist (a step is then a spike on its first night, not a level hidden in the wander): each split
 * is weighed by its likelihood, and a step is reported in the middle of the five nights that hold
 * the most of it ({@link SplitLikelihood}), a clear step on its best split. A step smaller than 2σ
 * is reported only where the data place it within a few nights; otherwise it would as often be
 * reported on the wrong night, blaming the wrong commits.
 *
 * <p>Every variance in the tests is that of the series' {@link NoiseModel}: independent nights plus
 * a persistent AR(1) component, estimated from the variogram after a first pass under independent
 * nights has found the steps to leave out; the first pass's steps are candidates of the second. So
 * a series whose nights wander (a machine's state that lasts days) needs a larger jump than one of
 * independent nights, and a quiet one shows small steps. Each change carries its evidence: means,
 * effect in σ, p-value, σ and lag-1 correlation.
 *
 * <p>An editor's {@link DetectionInputs} (excluded nights, known boundaries, a per-series minimum
 * change) apply to both {@link #detect(double[], double[], DetectionInputs)} and {@link
 * #detectAppended(double[], double[], int, DetectionInputs)}.
 */
public final class ChangePointDetector {

  private final DetectorSettings settings;
  private final int[] scales;
  private final double candidateZ;
  private final DriftCheck drifts;

  public ChangePointDetector(DetectorSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.drifts = new DriftCheck(settings);
    List<Integer> list = new ArrayList<>();
    for (int h = settings.minSegment(); h <= settings.context() / 2; h *= 2) {
      list.add(h);
    }
    this.scales = list.stream().mapToInt(Integer::intValue).toArray();
    // Candidates only need to be plausible: the adjusted tests decide.
    this.candidateZ =
        NormalDistribution.of(0, 1).inverseSurvivalProbability(settings.significance() / 2);
  }

  public DetectorSettings settings() {
    return settings;
  }

  /**
   * Every change point of the whole series, in index order.
   *
   * @param values one value per night, oldest first; none NaN or infinite
   * @param stddevs per-night standard deviation over the run's JVMs, same length as {@code values};
   *     null, or NaN where unknown
   * @throws IllegalArgumentException naming the problem, for bad input
   */
  public List<DetectedChange> detect(double[] values, double[] stddevs) {
    return detect(values, stddevs, DetectionInputs.none());
  }

  /**
   * Every change point of the whole series under an editor's {@code inputs}, in index order:
   * excluded nights are not seen, known boundaries split the series into parts analysed apart and
   * are not reported, changes below the series' minimum relative change are not reported. A run of
   * steps that is a slow drift ({@link DriftCheck}) is reported once, as that drift.
   *
   * @throws IllegalArgumentException naming the problem, for bad input
   */
  public List<DetectedChange> detect(double[] values, double[] stddevs, DetectionInputs inputs) {
    validate(values, stddevs);
    Objects.requireNonNull(inputs, "inputs");
    inputs.validate(values.length);
    SeriesView view = SeriesView.of(values, stddevs, inputs);
    List<DetectedChange> steps = analyseParts(view, 0, view.length(), inputs);
    double[] cleaned = DriftCheck.cleaned(view, settings);
    int[] boundaries = view.boundariesWithin(0, view.length());
    // Only a run of steps becomes a drift: a slope that no step cuts is no change (a slow drift of
    // the machine or the corpus), as it is night by night.
    List<DetectedChange> changes = drifts.merge(cleaned, steps, boundaries);
    return report(view, changes, 0);
  }

  /**
   * The change points that the newest nights can have added, for a caller that stored the earlier
   * ones: analyses only the trailing {@link DetectorSettings#appendWindow()} points and returns the
   * changes at or after {@link #appendedFrom(int, int)}, in index order.
   *
   * <p>The contract: the data that decide a change point lie within {@link
   * DetectorSettings#reach()} of it (its window, its neighbours' windows), so a change before
   * {@code appendedFrom} can no longer appear or move once the nights after it are in, and one at
   * least {@code minSegment} after the last stored change cannot be that change found again.
   * Calling this after every appended night and storing what it returns finds the same change
   * points as {@link #detect} on the whole series, within a point or two (measured by {@code
   * DetectorQuality}; a long chain of close change points can in rare cases carry an influence
   * further). A step is reported once {@code minSegment} nights of its new level are in, or later
   * if it needs more to be significant. If more than {@code appendWindow - reach} nights arrived
   * since the last call, this cannot see all their changes: use {@link #detect}.
   *
   * @param knownChangeIndex index of the last change point already stored for this series, or 0
   */
  public List<DetectedChange> detectAppended(
      double[] values, double[] stddevs, int knownChangeIndex) {
    return detectAppended(values, stddevs, knownChangeIndex, DetectionInputs.none());
  }

  /**
   * {@link #detectAppended(double[], double[], int)} under an editor's {@code inputs}, as {@link
   * #detect(double[], double[], DetectionInputs)} applies them; the append window counts only the
   * nights not excluded.
   */
  public List<DetectedChange> detectAppended(
      double[] values, double[] stddevs, int knownChangeIndex, DetectionInputs inputs) {
    validate(values, stddevs);
    Objects.requireNonNull(inputs, "inputs");
    inputs.validate(values.length);
    if (knownChangeIndex < 0 || knownChangeIndex > values.length) {
      throw new IllegalArgumentException(
          "knownChangeIndex "
              + knownChangeIndex
              + " is outside the series of "
              + values.length
              + " values");
    }
    SeriesView view = SeriesView.of(values, stddevs, inputs);
    int length = view.length();
    int from = Math.max(0, length - settings.appendWindow());
    int reportFrom = appendedFrom(length, view.position(knownChangeIndex));
    return report(view, analyseParts(view, from, length, inputs), reportFrom);
  }

  /**
   * The first index {@link #detectAppended(double[], double[], int, DetectionInputs)} can report
   * for a series of {@code length} values under {@code inputs}.
   */
  public int appendedFrom(int length, int knownChangeIndex, DetectionInputs inputs) {
    if (inputs.excluded().isEmpty()) {
      return appendedFrom(length, knownChangeIndex);
    }
    SeriesView view = SeriesView.of(new double[length], null, inputs);
    return view.original(appendedFrom(view.length(), view.position(knownChangeIndex)));
  }

  /** The first index {@link #detectAppended} can report for a series of {@code length} values. */
  public int appendedFrom(int length, int knownChangeIndex) {
    int from = Math.max(0, length - settings.appendWindow());
    int settled = from == 0 ? 0 : from + settings.reach();
    return Math.max(settled, knownChangeIndex + settings.minSegment());
  }

  static void validate(double[] values, double[] stddevs) {
    if (values == null) {
      throw new IllegalArgumentException("values is null");
    }
    for (int i = 0; i < values.length; i++) {
      if (!Double.isFinite(values[i])) {
        throw new IllegalArgumentException("values[" + i + "] is " + values[i]);
      }
    }
    if (stddevs != null) {
      if (stddevs.length != values.length) {
        throw new IllegalArgumentException(
            "stddevs has " + stddevs.length + " entries but values has " + values.length);
      }
      for (int i = 0; i < stddevs.length; i++) {
        if (stddevs[i] < 0 || Double.isInfinite(stddevs[i])) {
          throw new IllegalArgumentException(
              "stddevs[" + i + "] is " + stddevs[i] + " (must be >= 0, finite, or NaN)");
        }
      }
    }
  }

  /**
   * Change points within the view's {@code [from, to)}, each part between known boundaries analysed
   * alone, as positions in the view.
   */
  private List<DetectedChange> analyseParts(
      SeriesView view, int from, int to, DetectionInputs inputs) {
    double minRelative = inputs.minRelativeChange(settings);
    List<DetectedChange> found = new ArrayList<>();
    int start = from;
    // Only the series' first nights, or those after a known boundary, are young; only its last
    // part ends at the newest night. An append window's first nights are neither.
    boolean young = from == 0;
    for (int boundary : view.boundariesWithin(from, to)) {
      found.addAll(
          analyse(view.values, view.stddevs, start, boundary, new Ends(young, false), minRelative));
      start = boundary;
      young = true;
    }
    found.addAll(analyse(view.values, view.stddevs, start, to, new Ends(young, true), minRelative));
    return found;
  }

  /**
   * The changes at or after position {@code reportFrom}, with the caller's indices, none at a known
   * boundary.
   */
  private static List<DetectedChange> report(
      SeriesView view, List<DetectedChange> found, int reportFrom) {
    List<DetectedChange> result = new ArrayList<>(found.size());
    for (DetectedChange change : found) {
      int index = view.original(change.index());
      if (change.index() >= reportFrom && !view.nearBoundary(index)) {
        result.add(view.original(change));
      }
    }
    return result;
  }

  /** Change points within {@code values[from, to)}, found from that range alone. */
  private List<DetectedChange> analyse(
      double[] values, double[] stddevs, int from, int to, Ends ends, double minRelative) {
    int minSegment = settings.minSegment();
    if (to - from < 2 * minSegment) {
      return List.of();
    }
    double[] sigma = NoiseScale.local(values, from, to, settings.context());
    double[] cleaned = OutlierFilter.clean(values, from, to, sigma, settings.outlierThreshold());
    // A model estimated over the steps would take them for persistence. So a first pass assumes
    // independent nights; the differences across the steps it finds (the real ones, and under
    // correlated noise a few false ones, too few to matter) are left out of the estimate; the
    // second pass decides.
    List<JumpAtSplit.Outcome> first =
        steps(
            cleaned,
            stddevs,
            sigma,
            from,
            to,
            new Rules(minRelative, NoiseModel.INDEPENDENT, ends),
            new int[0]);
    if (first.isEmpty()) {
      // A model with persistence only makes every test stricter (larger variances, fewer
      // degrees of freedom, fewer candidates), so a second pass would find nothing either.
      return List.of();
    }
    int[] breaks = first.stream().mapToInt(JumpAtSplit.Outcome::index).toArray();
    NoiseModel noise =
        withLagOne(NoiseModel.estimate(cleaned, from, to, breaks), cleaned, from, to, breaks);
    List<JumpAtSplit.Outcome> outcomes =
        noise.equals(NoiseModel.INDEPENDENT)
            ? first
            : steps(cleaned, stddevs, sigma, from, to, new Rules(minRelative, noise, ends), breaks);
    List<DetectedChange> result = new ArrayList<>(outcomes.size());
    for (JumpAtSplit.Outcome outcome : outcomes) {
      if (!placeable(outcome, cleaned, noise)) {
        continue;
      }
      result.add(
          new DetectedChange(
              outcome.index(),
              outcome.levelBefore(),
              outcome.levelAfter(),
              outcome.relativeChange(),
              adjustedP(outcome),
              outcome.sigma() > 0
                  ? (outcome.levelAfter() - outcome.levelBefore()) / outcome.sigma()
                  : Double.NaN,
              outcome.sigma(),
              outcome.serialCorrelation()));
    }
    return result;
  }

  /**
   * {@code noise}, or a plain AR(1) with the nights' lag-1 autocorrelation around their levels'
   * lines (between {@code breaks}) where that is significant and larger: the variogram counts
   * persistence only where it rises clearly over ten lags, which a short history does not show.
   */
  static NoiseModel withLagOne(NoiseModel noise, double[] cleaned, int from, int to, int[] breaks) {
    int n = to - from;
    if (n < SuspicionCheck.MIN_REFERENCE) {
      return noise;
    }
    double[] residuals = new double[n];
    int start = from;
    for (int b = 0; b <= breaks.length; b++) {
      int end = b < breaks.length ? Math.max(start, Math.min(to, breaks[b])) : to;
      if (end > start) {
        // Around each level's straight line, so a drift within a level is no persistence.
        int m = end - start;
        double meanX = (m - 1) / 2.0;
        double meanY = 0;
        for (int i = start; i < end; i++) {
          meanY += cleaned[i] / m;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = start; i < end; i++) {
          sxy += (i - start - meanX) * (cleaned[i] - meanY);
          sxx += (i - start - meanX) * (i - start - meanX);
        }
        double slope = sxx > 0 ? sxy / sxx : 0;
        for (int i = start; i < end; i++) {
          residuals[i - from] = cleaned[i] - meanY - slope * (i - start - meanX);
        }
      }
      start = end;
    }
    double lagOne = SuspicionCheck.lagOneCorrelation(residuals, 0);
    return lagOne > noise.serialCorrelation()
            && lagOne > SuspicionCheck.LAG_ONE_SIGNIFICANT / Math.sqrt(n)
        ? new NoiseModel(1, lagOne)
        : noise;
  }

  /** The steps of {@code cleaned[from, to)} under {@code rules}: proposed, tested, placed. */
  private List<JumpAtSplit.Outcome> steps(
      double[] cleaned,
      double[] stddevs,
      double[] sigma,
      int from,
      int to,
      Rules rules,
      int[] known) {
    List<Integer> changes = candidates(cleaned, sigma, from, to, rules.noise(), known);
    List<JumpAtSplit.Outcome> outcomes = prune(changes, cleaned, stddevs, from, to, rules);
    outcomes = readmit(changes, outcomes, cleaned, stddevs, from, to, rules);
    for (int round = 0; round < 3; round++) {
      List<Integer> placed = outcomes.stream().map(JumpAtSplit.Outcome::index).toList();
      List<Integer> moved = relocate(outcomes, cleaned, from, to, rules.noise());
      if (moved.equals(placed)) {
        break;
      }
      outcomes = prune(moved, cleaned, stddevs, from, to, rules);
      // A step that passed where it stood can fail a night away, where its window shows it less
      // precisely, and take a neighbour's window with it: the places it passed at are taken back
      // where they pass between the survivors.
      outcomes = readmit(placed, outcomes, cleaned, stddevs, from, to, rules);
    }
    return outcomes;
  }

  /**
   * A step smaller than {@value #SHARP_EFFECT} noise σ is reported only where the data place it:
   * weighing every split within minSegment by its likelihood under the placement's fit ({@code
   * exp(-Δ error / 2 residual variance)}), at least {@value #PLACED_SHARE} of the weight must lie
   * within {@value SplitLikelihood#WITHIN} nights of the split chosen. A small step is otherwise as
   * likely to be reported several nights off as where it is, and a change point on the wrong night
   * blames the wrong commits; larger steps place themselves. The share, rather than the best split
   * far away alone, counts many nearly as good splits against a step and one rival a few nights off
   * less.
   */
  private boolean placeable(JumpAtSplit.Outcome outcome, double[] cleaned, NoiseModel noise) {
    double jump = Math.abs(outcome.levelAfter() - outcome.levelBefore());
    if (!(jump < SHARP_EFFECT * outcome.sigma())) {
      return true;
    }
    int lo = outcome.lo();
    int hi = outcome.hi();
    int index = outcome.index();
    SplitLikelihood likelihood =
        SplitLikelihood.of(
            cleaned,
            lo,
            hi,
            Math.max(lo + SplitLikelihood.EDGE, index - settings.minSegment()),
            Math.min(hi - SplitLikelihood.EDGE, index + settings.minSegment()),
            noise.serialCorrelation(),
            outcome.flat());
    return likelihood.near(index) >= PLACED_SHARE * likelihood.total();
  }

  /** Below this many σ a step must be placed sharply to be reported... */
  static final double SHARP_EFFECT = 2;

  /** ... with this share of its placement's likelihood within 2 nights of where it is reported. */
  static final double PLACED_SHARE = 0.8;

  /**
   * The pruned {@code outcomes} with every dropped candidate that passes between the survivors
   * taken back, pruned again. Pruning drops the weakest failing candidate first, but a clear step
   * can fail while a doubtful neighbour a few nights away still cuts its window short, and be gone
   * before that neighbour goes.
   */
  private List<JumpAtSplit.Outcome> readmit(
      List<Integer> changes,
      List<JumpAtSplit.Outcome> outcomes,
      double[] cleaned,
      double[] stddevs,
      int from,
      int to,
      Rules rules) {
    TreeSet<Integer> alive = new TreeSet<>();
    outcomes.forEach(outcome -> alive.add(outcome.index()));
    boolean added = false;
    for (int index : changes) {
      if (alive.contains(index)) {
        continue;
      }
      Integer before = alive.lower(index);
      Integer after = alive.higher(index);
      int previous = before == null ? from : before;
      int next = after == null ? to : after;
      int minSegment = settings.minSegment();
      if (index - previous < minSegment || next - index < minSegment) {
        continue;
      }
      JumpAtSplit.Outcome outcome = test(index, previous, next, cleaned, stddevs, rules.noise());
      if (failure(outcome, cleaned, from, to, rules) == 0) {
        alive.add(index);
        added = true;
      }
    }
    return added ? prune(new ArrayList<>(alive), cleaned, stddevs, from, to, rules) : outcomes;
  }

  /**
   * A proposed step: where it was placed, its scan statistic, and the scan scale that proposed it
   * (its placement looked {@code scale + minSegment} either side; 0 for a first-pass step).
   */
  private record Candidate(int index, double strength, int scale) {}

  /** What the tests within one analysed range assume: its minimum change and noise model. */
  private record Rules(double minRelative, NoiseModel noise, Ends ends) {}

  /**
   * Whether an analysed range starts where the series (or a part after a known boundary) starts,
   * and whether it ends at the series' newest night.
   */
  private record Ends(boolean young, boolean newest) {}

  /**
   * Candidate change points at least {@code minSegment} apart, strongest first kept: local maxima
   * of a two-window z statistic at every scale, each moved to its best line + step split.
   */
  private List<Integer> candidates(
      double[] cleaned, double[] sigma, int from, int to, NoiseModel noise, int[] known) {
    int minSegment = settings.minSegment();
    int length = to - from;
    double reference = cleaned[from];
    double[] prefix = new double[length + 1];
    for (int i = 0; i < length; i++) {
      prefix[i + 1] = prefix[i] + (cleaned[from + i] - reference);
    }
    List<Candidate> all = new ArrayList<>();
    double[] z = new double[length + 1];
    // sigma is the night-to-night scale; a difference of means varies by the long-run variance.
    double inflation =
        Math.sqrt(noise.longRunFactor() / Math.max(0.05, 1 - noise.serialCorrelation()));
    for (int h : scales) {
      List<Integer> above = new ArrayList<>();
      for (int s = minSegment; s <= length - minSegment; s++) {
        // Near either end the window shrinks to what is there, so the newest nights are tested
        // against a long history as soon as minSegment of them exist.
        int left = Math.min(h, s);
        int right = Math.min(h, length - s);
        double meanLeft = (prefix[s] - prefix[s - left]) / left;
        double meanRight = (prefix[s + right] - prefix[s]) / right;
        double diff = meanRight - meanLeft;
        double scale = inflation * sigma[s] * Math.sqrt(1.0 / left + 1.0 / right);
        z[s] = diff == 0 ? 0 : scale > 0 ? Math.abs(diff) / scale : Double.POSITIVE_INFINITY;
        if (z[s] >= candidateZ) {
          above.add(s);
        }
      }
      above.sort(Comparator.comparingDouble((Integer s) -> -z[s]).thenComparing(s -> s));
      TreeSet<Integer> kept = new TreeSet<>();
      for (int s : above) {
        Integer before = kept.floor(s);
        Integer after = kept.ceiling(s);
        if ((before == null || s - before >= h) && (after == null || after - s >= h)) {
          kept.add(s);
          all.add(new Candidate(from + place(cleaned, from, to, from + s, h), z[s], h));
        }
      }
    }
    all.sort(Comparator.comparingDouble((Candidate c) -> -c.strength()));
    TreeMap<Integer, Integer> chosen = new TreeMap<>();
    // The first pass's steps come first: the windowed z of a step under correlated noise can fall
    // short at every scale although the step's test over its whole window is clear.
    for (int k : known) {
      chosen.put(k, 0);
    }
    for (Candidate candidate : all) {
      int s = candidate.index();
      Integer before = chosen.floorKey(s);
      Integer after = chosen.ceilingKey(s);
      if ((before == null || s - before >= minSegment)
          && (after == null || after - s >= minSegment)) {
        chosen.put(s, candidate.scale());
      }
    }
    return replaced(chosen, cleaned, from, to);
  }

  /**
   * The candidates in index order, each whose placement window reached past a chosen neighbour
   * placed again on the window its test will see: between its neighbours, at most {@code context}
   * away. A line fitted through a neighbouring step tilts the fit: in a staircase (two steps the
   * same way, a few dozen nights apart) a long scan scale placed the later step a night or two
   * early, its test then fitted a line through the old level's last nights on its short new level
   * and failed, and once it was dropped its neighbour's window held the whole staircase and failed
   * too. The earlier neighbour is taken where it was placed again.
   */
  private List<Integer> replaced(
      TreeMap<Integer, Integer> chosen, double[] cleaned, int from, int to) {
    int minSegment = settings.minSegment();
    List<Integer> indices = new ArrayList<>(chosen.keySet());
    List<Integer> placed = new ArrayList<>(indices.size());
    for (int k = 0; k < indices.size(); k++) {
      int index = indices.get(k);
      int reach = chosen.get(index) + minSegment;
      int previous = k > 0 ? placed.get(k - 1) : from;
      int next = k + 1 < indices.size() ? indices.get(k + 1) : to;
      if (index - previous >= reach && next - index >= reach) {
        placed.add(index);
        continue;
      }
      int lo = Math.max(previous, index - settings.context());
      int hi = Math.min(next, index + settings.context());
      int best = index;
      double bestError = JumpAtSplit.lineAndStepError(cleaned, lo, index, hi);
      for (int p = Math.max(lo + minSegment, index - minSegment);
          p <= Math.min(hi - minSegment, index + minSegment);
          p++) {
        double error = JumpAtSplit.lineAndStepError(cleaned, lo, p, hi);
        if (error < bestError) {
          bestError = error;
          best = p;
        }
      }
      placed.add(best);
    }
    return placed;
  }

  /** Where within half a scale of {@code index} a step fits best, relative to {@code from}. */
  private int place(double[] cleaned, int from, int to, int index, int scale) {
    int minSegment = settings.minSegment();
    int lo = Math.max(from, index - scale - minSegment);
    int hi = Math.min(to, index + scale + minSegment);
    int first = Math.max(lo + minSegment, index - (scale + 1) / 2);
    int last = Math.min(hi - minSegment, index + (scale + 1) / 2);
    int best = index;
    double bestError = Double.POSITIVE_INFINITY;
    for (int p = first; p <= last; p++) {
      double error = JumpAtSplit.lineAndStepError(cleaned, lo, p, hi);
      if (error < bestError) {
        bestError = error;
        best = p;
      }
    }
    return best - from;
  }

  /**
   * Tests every change point on its window between its neighbours and drops the weakest failing one
   * until all pass; returns the survivors' outcomes in index order.
   *
   * <p>Each drop retests only the two neighbours (only their windows reach across the dropped
   * point), and the failing ones wait in a set ordered worst first, ties to the earliest: so a
   * series of thousands of failing candidates costs n log n, not n² rescans of every score.
   */
  private List<JumpAtSplit.Outcome> prune(
      List<Integer> changes, double[] cleaned, double[] stddevs, int from, int to, Rules rules) {
    int n = changes.size();
    int[] index = new int[n];
    int[] previous = new int[n];
    int[] next = new int[n];
    JumpAtSplit.Outcome[] outcomes = new JumpAtSplit.Outcome[n];
    double[] score = new double[n];
    for (int k = 0; k < n; k++) {
      index[k] = changes.get(k);
      previous[k] = k - 1;
      next[k] = k + 1 < n ? k + 1 : -1;
    }
    TreeSet<Integer> failing =
        new TreeSet<>(
            Comparator.comparingDouble((Integer k) -> -score[k]).thenComparingInt(k -> k));
    for (int k = 0; k < n; k++) {
      retest(k, index, previous, next, outcomes, score, failing, cleaned, stddevs, from, to, rules);
    }
    while (!failing.isEmpty()) {
      int worst = failing.pollFirst();
      int before = previous[worst];
      int after = next[worst];
      if (before >= 0) {
        next[before] = after;
      }
      if (after >= 0) {
        previous[after] = before;
      }
      outcomes[worst] = null;
      for (int k : new int[] {before, after}) {
        if (k >= 0) {
          failing.remove(k);
          retest(
              k, index, previous, next, outcomes, score, failing, cleaned, stddevs, from, to,
              rules);
        }
      }
    }
    List<JumpAtSplit.Outcome> alive = new ArrayList<>();
    for (JumpAtSplit.Outcome outcome : outcomes) {
      if (outcome != null) {
        alive.add(outcome);
      }
    }
    return alive;
  }

  /** Tests change point {@code k} between its live neighbours; queues it if it fails. */
  private void retest(
      int k,
      int[] index,
      int[] previous,
      int[] next,
      JumpAtSplit.Outcome[] outcomes,
      double[] score,
      TreeSet<Integer> failing,
      double[] cleaned,
      double[] stddevs,
      int from,
      int to,
      Rules rules) {
    int before = previous[k] >= 0 ? index[previous[k]] : from;
    int after = next[k] >= 0 ? index[next[k]] : to;
    outcomes[k] = test(index[k], before, after, cleaned, stddevs, rules.noise());
    score[k] = failure(outcomes[k], cleaned, from, to, rules);
    // NaN never counts as failing, as no comparison with it is true.
    if (score[k] > 0) {
      failing.add(k);
    }
  }

  private JumpAtSplit.Outcome test(
      int index, int previous, int next, double[] cleaned, double[] stddevs, NoiseModel noise) {
    int lo = Math.max(previous, index - settings.context());
    int hi = Math.min(next, index + settings.context());
    return JumpAtSplit.run(cleaned, stddevs, settings.withinRunFloor(), lo, index, hi, noise);
  }

  /** 0 for a change point that passes; otherwise how badly it fails, the worst highest. */
  private double failure(
      JumpAtSplit.Outcome outcome, double[] cleaned, int from, int to, Rules rules) {
    if (premature(outcome, cleaned, from, to)) {
      return 3;
    }
    double p = adjustedP(outcome) * looks(outcome, from, to, rules.ends());
    double shortfall = rules.minRelative() - Math.abs(outcome.relativeChange());
    if (p <= settings.significance() && !(shortfall > 0)) {
      return 0;
    }
    // Too-small steps go before merely doubtful ones; among either, the least evident first. The
    // raw p orders them, as the adjusted one is capped at 1: a tie there would drop the earliest,
    // which may be a clear step whose window a doubtful neighbour had cut short.
    return (shortfall > 0 ? 2 : 1) + outcome.p();
  }

  /** Looks that a step among the newest or first nights is taken to have had (see below). */
  static final double LOOKS = 4;

  /**
   * How many times the nightly check has, in effect, already tested a step like this one: a step
   * among the newest nights (or the first, while the series is young) is tested again with every
   * night that arrives until its window is full, and a step that passes any one of those looks is
   * stored for good. So such a step must pass at a stricter level; once its window is full it is
   * tested as any other.
   */
  private double looks(JumpAtSplit.Outcome outcome, int from, int to, Ends ends) {
    int context = settings.context();
    boolean newest = ends.newest() && outcome.hi() == to && to - outcome.index() < context;
    boolean youngest = ends.young() && outcome.lo() == from && outcome.index() - from < context;
    return newest || youngest ? LOOKS : 1;
  }

  /**
   * Whether the step fits better still where fewer than minSegment points would follow (or precede)
   * it: then the newest level has only begun, and placing the step now would put it a few points
   * early, so it waits for more nights.
   */
  private boolean premature(JumpAtSplit.Outcome outcome, double[] cleaned, int from, int to) {
    int minSegment = settings.minSegment();
    int index = outcome.index();
    int best = index;
    double bestError = JumpAtSplit.lineAndStepError(cleaned, outcome.lo(), index, outcome.hi());
    // Only as far as the same step could have been pushed early; a later, bigger step is another
    // change and no reason to hold this one back.
    if (outcome.hi() == to) {
      for (int p = index + 1;
          p <= Math.min(to - SplitLikelihood.EDGE, index + minSegment - 1);
          p++) {
        double error = JumpAtSplit.lineAndStepError(cleaned, outcome.lo(), p, to);
        if (error < bestError) {
          bestError = error;
          best = p;
        }
      }
    }
    if (outcome.lo() == from) {
      for (int p = index - 1;
          p >= Math.max(from + SplitLikelihood.EDGE, index - minSegment + 1);
          p--) {
        double error = JumpAtSplit.lineAndStepError(cleaned, from, p, outcome.hi());
        if (error < bestError) {
          bestError = error;
          best = p;
        }
      }
    }
    return best > to - minSegment || best < from + minSegment;
  }

  private double adjustedP(JumpAtSplit.Outcome outcome) {
    return Math.min(1, outcome.p() * outcome.positions(settings.minSegment()));
  }

  /**
   * Each change point moved to its most probable split ({@link SplitLikelihood#placed}) within
   * minSegment of where it is.
   */
  private List<Integer> relocate(
      List<JumpAtSplit.Outcome> outcomes, double[] cleaned, int from, int to, NoiseModel noise) {
    double phi = noise.serialCorrelation();
    int minSegment = settings.minSegment();
    List<Integer> moved = new ArrayList<>(outcomes.size());
    for (int k = 0; k < outcomes.size(); k++) {
      JumpAtSplit.Outcome outcome = outcomes.get(k);
      int index = outcome.index();
      int previous = k > 0 ? moved.get(k - 1) : from;
      int next = k + 1 < outcomes.size() ? outcomes.get(k + 1).index() : to;
      int lo = Math.max(previous, index - settings.context());
      int hi = Math.min(next, index + settings.context());
      int first = Math.max(lo + minSegment, index - minSegment);
      int last = Math.min(hi - minSegment, index + minSegment);
      moved.add(
          first <= last
              ? SplitLikelihood.placed(cleaned, lo, hi, first, last, phi, outcome.flat())
              : index);
    }
    return moved;
  }
}
