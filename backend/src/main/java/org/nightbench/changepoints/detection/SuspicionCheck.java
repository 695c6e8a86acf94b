package org.nightbench.changepoints.detection;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The morning-after check: whether the newest one, two or three nights of a series lie beyond the
 * noise of its recent history, so a change can be suspected the morning it lands instead of once
 * {@code minSegment} nights follow it. Pure code over the series' tail; stateless and thread-safe.
 *
 * <p>Method: the reference is the {@value #REFERENCE} nights before the newest ones, none before
 * {@code since} (the newest confirmed change point, so an old level never counts as the history),
 * none excluded and none before a known boundary. Its level is the median; its noise σ the standard
 * deviation around that median of the nights within {@value #OUTLIER_MADS} robust σ of it (so an
 * outlier or two in the history do not hide a step), made consistent for what a persistent
 * component ({@link NoiseModel}, estimated on the same nights, or a plain AR(1) with the nights'
 * lag-1 autocorrelation where that is larger) hides from a window. For {@code m} = 1, 2, 3 newest
 * nights, the difference between their mean and the reference level is divided by its standard
 * error (the mean of {@code m} correlated nights, plus the median's own uncertainty); a change is
 * suspected when that z is at least 3.5, 4 or 4.5 ({@link #THRESHOLDS}) and, for {@code m > 1},
 * every one of the {@code m} nights lies at least {@value #EACH_NIGHT}σ beyond the reference the
 * same way (one outlier among them is not a level). Of several {@code m} that pass, the one
 * furthest beyond its threshold is the suspected new level.
 *
 * <p>Assumptions: the recent history is one level (a slow drift within {@value #REFERENCE} nights
 * is small against the noise); the noise is close to Gaussian in its body. A single outlying night
 * is indistinguishable from a step on its first night: it is suspected, and withdrawn when the next
 * nights come back ({@link #holds}). Heavy-tailed noise makes such suspicions more frequent.
 *
 * <p>Cost: at most {@value #REFERENCE} + {@value #PROBE} nights are read, walking back from the
 * newest, so a night costs the same whatever the series' length.
 */
public final class SuspicionCheck {

  /** Nights of recent history the newest ones are compared with. */
  public static final int REFERENCE = 100;

  /** Fewest nights of recent history before anything is suspected. */
  public static final int MIN_REFERENCE = 20;

  /** The most newest nights taken together as a suspected new level. */
  public static final int PROBE = 3;

  /**
   * The z a suspected new level of 1, 2, 3 nights must reach: more for more nights, as a mean of
   * several nights reaches a given z with smaller deviations, which noise makes more often, and a
   * step that lasts grows its z with every night.
   */
  static final double[] THRESHOLDS = {Double.NaN, 3.5, 4.0, 4.5};

  /** For two or three nights, each must lie this many σ beyond the reference, the same way. */
  static final double EACH_NIGHT = 0.5;

  /** The z the mean of the newest two or three nights must reach ({@link #sustained}). */
  static final double SUSTAINED_THRESHOLD = 4.0;

  /** For {@link #sustained}, each night must lie this many σ beyond the reference, the same way. */
  static final double SUSTAINED_EACH = 1.5;

  /** The z that the nights since a suspected change must keep for it to stand. */
  static final double HOLD_THRESHOLD = 2.0;

  /**
   * A suspected change the detector has not confirmed this many nights after it is withdrawn: three
   * times the 7 nights a level must hold, room for a step that needs more nights to be significant.
   */
  public static final int CONFIRM_WITHIN = 21;

  /**
   * A change the detector reports within this many nights of a suspected one confirms it; a new
   * suspicion within this many nights of an earlier one (in any stage) is that one again.
   */
  public static final int MATCH = 3;

  /**
   * Where the nights since a step spread more than this many times the history's σ, the noise grew,
   * and {@link #standsUnderPersistence} judges the step against their spread instead. Ten nights of
   * unchanged noise spread so much about once in 60 (a χ² of 9 degrees of freedom); a doubled noise
   * nearly always does.
   */
  static final double NOISIER = 1.5;

  /** The z of a lag-1 autocorrelation (standard error 1/√r) that counts as persistence. */
  static final double LAG_ONE_SIGNIFICANT = 1.645;

  /** Nights of the recent history further than this many robust σ from its level are outliers. */
  static final double OUTLIER_MADS = 5;

  /**
   * A night whose JVMs spread more than this many times the recent history's usual spread (the
   * median of its nights' standard deviations over JVMs) is a wild night: one JVM or a few in
   * another mode, not a new level, which moves every JVM and leaves their spread as it was. At 3, a
   * night of three normal JVMs passes as wild once in 500.
   */
  static final double WILD_SPREAD = 3;

  /**
   * A series judged net of the machine's move counts as moved beyond it only when its net move is
   * at least this share of the machine's own: the machine does not move every series by exactly the
   * run's median, and a series it moved half as much again is still the machine's.
   */
  static final double BEYOND_SHARE = 0.5;

  /**
   * A newest night whose JVMs spread more than this many times the history's usual spread (but not
   * {@link #WILD_SPREAD}) is judged as less sure ({@link NightEvidence}): the spread of five JVMs
   * varies by about a third from night to night by chance alone, which is no reason to doubt a
   * night.
   */
  static final double SCATTERED = 1.5;

  /** The thresholds' multiple: 1 as the app runs; the lab sweeps it to draw the trade-off. */
  private final double scale;

  /**
   * Whether every night whose JVMs are known is judged on their robust centre and spread (the app),
   * or only a wild one.
   */
  private final boolean centreEveryNight;

  /** The check as the app runs it. */
  public SuspicionCheck() {
    this(1);
  }

  /** A check whose {@link #THRESHOLDS} are {@code scale} times the app's (for the lab's sweep). */
  SuspicionCheck(double scale) {
    this(scale, true);
  }

  /**
   * A check whose thresholds are {@code scale} times the app's, judging every night whose JVMs are
   * known on their robust centre and spread ({@code centreEveryNight}, the app), or only a wild one
   * (its mean otherwise): the lab's comparison of the two.
   */
  SuspicionCheck(double scale, boolean centreEveryNight) {
    if (!(scale > 0) || Double.isInfinite(scale)) {
      throw new IllegalArgumentException("scale must be > 0 and finite: " + scale);
    }
    this.scale = scale;
    this.centreEveryNight = centreEveryNight;
  }

  /**
   * The suspected change the newest nights of {@code values} show, if any.
   *
   * @param since the first index the recent history may use (the newest confirmed change point's,
   *     or 0)
   * @param inputs an editor's excluded nights and known boundaries (the minimum change applies too)
   * @throws IllegalArgumentException naming the problem, for bad input
   */
  public Optional<SuspectedChange> suspect(double[] values, int since, DetectionInputs inputs) {
    return suspect(values, values == null ? 0 : values.length, since, inputs);
  }

  /**
   * {@link #suspect(double[], int, DetectionInputs)} on the first {@code length} values only, as if
   * the later nights had not yet arrived (for replaying a history night by night).
   */
  public Optional<SuspectedChange> suspect(
      double[] values, int length, int since, DetectionInputs inputs) {
    return suspect(values, null, length, since, inputs);
  }

  /**
   * {@link #suspect(double[], int, int, DetectionInputs)} with each night's spread over its JVMs
   * ({@code stddevs}, NaN where unknown, or null): a new level that takes in a {@link #wild} night
   * is not suspected.
   */
  public Optional<SuspectedChange> suspect(
      double[] values, double[] stddevs, int length, int since, DetectionInputs inputs) {
    return judge(values, stddevs, null, null, length, since, inputs);
  }

  /**
   * {@link #suspect(double[], double[], int, int, DetectionInputs)} with what the nights tell
   * besides their means ({@code nights}, or null for nothing). Where a night's JVMs are known, the
   * night is judged on their robust centre and its wildness on their robust spread ({@link
   * NightEvidence}): a new level moves every JVM, one wild JVM moves the mean but hardly the
   * centre. Where the machine moved the newest nights (the run's evidence), they are judged again
   * net of the machine's move: a series that moved beyond it, by at least {@value #BEYOND_SHARE} of
   * the machine's own move, is the code's move that night: the suspicion is of its net move, and
   * {@link SuspectedChange#machineChange()} says the machine's (even where the machine's move hid
   * the code's, or made it look the machine's). A series that moved with the machine is judged on
   * its own nights as before.
   */
  public Optional<SuspectedChange> suspect(
      double[] values,
      double[] stddevs,
      NightEvidence nights,
      int length,
      int since,
      DetectionInputs inputs) {
    if (nights == null) {
      return judge(values, stddevs, null, null, length, since, inputs);
    }
    if (values == null) {
      throw new IllegalArgumentException("values is null");
    }
    double[] judged = Arrays.copyOf(values, length);
    double[] spreads = stddevs == null ? null : Arrays.copyOf(stddevs, length);
    for (int i = 0; i < length && centreEveryNight; i++) {
      if (nights.hasCentre(i)) {
        judged[i] = nights.centres()[i];
        if (spreads != null || Double.isFinite(nights.spreads()[i])) {
          if (spreads == null) {
            spreads = new double[length];
            Arrays.fill(spreads, Double.NaN);
          }
          spreads[i] = nights.spreads()[i];
        }
      }
    }
    double[] centres = centreEveryNight ? null : nights.centres();
    NightEvidence own = centreEveryNight ? nights : null;
    Optional<SuspectedChange> gross = judge(judged, spreads, centres, own, length, since, inputs);
    boolean machineMoved = false;
    for (int i = Math.max(0, length - PROBE); i < length; i++) {
      machineMoved |= Double.isFinite(nights.machineMove(i)) && !inputs.excluded().contains(i);
    }
    if (!machineMoved) {
      return gross;
    }
    double[] net = judged.clone();
    for (int i = 0; i < length; i++) {
      double move = nights.machineMove(i);
      if (Double.isFinite(move)) {
        net[i] = judged[i] / (1 + move);
      }
    }
    double[] netCentres = null;
    if (centres != null) {
      netCentres = Arrays.copyOf(centres, length);
      for (int i = 0; i < length; i++) {
        double move = nights.machineMove(i);
        if (Double.isFinite(move)) {
          netCentres[i] /= 1 + move;
        }
      }
    }
    Optional<SuspectedChange> beyond = judge(net, spreads, netCentres, own, length, since, inputs);
    if (beyond.isEmpty()) {
      return gross;
    }
    SuspectedChange b = beyond.get();
    double move = Double.NaN;
    for (int i = b.index(); i < length && Double.isNaN(move); i++) {
      if (!inputs.excluded().contains(i)) {
        move = nights.machineMove(i);
      }
    }
    if (Double.isNaN(move)) {
      // None of its nights is the machine's: a plain suspicion, the gross one where it has one.
      return gross.isPresent() ? gross : beyond;
    }
    if (Math.abs(b.relativeChange()) < BEYOND_SHARE * Math.abs(move)) {
      return gross;
    }
    return Optional.of(
        new SuspectedChange(
            b.index(),
            b.nights(),
            b.reference(),
            b.level(),
            b.relativeChange(),
            b.zScore(),
            b.effectSigma(),
            b.noiseSigma(),
            b.serialCorrelation(),
            move));
  }

  /**
   * The suspicion of the newest nights of {@code values}; where {@code centres} is given, each of
   * the newest {@value #PROBE} nights that is {@link #anyWild wild} and has a robust centre is
   * judged on that centre, no longer wild.
   */
  private Optional<SuspectedChange> judge(
      double[] values,
      double[] stddevs,
      double[] centres,
      NightEvidence own,
      int length,
      int since,
      DetectionInputs inputs) {
    Tail tail = Tail.of(values, length, since, inputs, REFERENCE + PROBE);
    // One history for the three looks: the nights before the newest three.
    History history = History.of(tail, tail.size() - PROBE);
    if (history == null) {
      return Optional.empty();
    }
    double[] asMeasured = tail.values.clone();
    if (own != null) {
      // A newest night whose JVMs spread clearly more than the history's usually do has a centre
      // that much less sure: its deviation is taken in the σ widened by the extra variance of its
      // centre, (s² − usual²) / n for n JVMs of spread s.
      double usual = usualSpread(own.spreads(), tail, tail.size() - PROBE);
      double sigma = history.sigma();
      for (int i = Math.max(0, tail.size() - PROBE); i < tail.size(); i++) {
        int night = tail.index[i];
        double s = own.spreads()[night];
        if (s > SCATTERED * usual && Double.isFinite(own.jvms()[night])) {
          double extra = (s * s - usual * usual) / own.jvms()[night];
          double factor = sigma / Math.sqrt(sigma * sigma + extra);
          tail.values[i] = history.center() + (tail.values[i] - history.center()) * factor;
        }
      }
    }
    if (centres != null && stddevs != null) {
      double usual = usualSpread(stddevs, tail, tail.size() - PROBE);
      boolean copied = false;
      for (int i = Math.max(0, tail.size() - PROBE); i < tail.size(); i++) {
        int night = tail.index[i];
        if (stddevs[night] > WILD_SPREAD * usual && Double.isFinite(centres[night])) {
          // A wild night: one JVM or a few in another mode move its mean, not its JVMs' centre.
          tail.values[i] = centres[night];
          if (!copied) {
            stddevs = stddevs.clone();
            copied = true;
          }
          stddevs[night] = Double.NaN;
        }
      }
    }
    SuspectedChange best = null;
    for (int m = 1; m <= PROBE; m++) {
      SuspectedChange candidate = test(tail, history, tail.size() - m, tail.size(), inputs, true);
      double threshold = scale * THRESHOLDS[m];
      if (candidate != null
          && Math.abs(candidate.zScore()) >= threshold
          && !anyWild(stddevs, tail, tail.size() - PROBE, tail.size() - m)
          && (best == null
              || Math.abs(candidate.zScore()) / threshold
                  > Math.abs(best.zScore()) / (scale * THRESHOLDS[best.nights()]))) {
        best = candidate;
      }
    }
    if (best == null) {
      best = sustained(tail, history, stddevs, inputs).orElse(null);
    }
    return Optional.ofNullable(best).map(b -> asMeasured(b, asMeasured));
  }

  /**
   * {@code change} with its level, relative change and effect of its nights as measured ({@code
   * values}, the tail before a scattered night's deviation was narrowed): only its z says how sure
   * it is.
   */
  private static SuspectedChange asMeasured(SuspectedChange change, double[] values) {
    double sum = 0;
    for (int i = values.length - change.nights(); i < values.length; i++) {
      sum += values[i];
    }
    double level = sum / change.nights();
    if (level == change.level()) {
      return change;
    }
    double reference = change.reference();
    return new SuspectedChange(
        change.index(),
        change.nights(),
        reference,
        level,
        reference != 0 ? level / reference - 1 : Double.NaN,
        change.zScore(),
        (level - reference) / change.noiseSigma(),
        change.noiseSigma(),
        change.serialCorrelation(),
        change.machineChange());
  }

  /**
   * A new level the newest two or three nights keep, judged on their mean: a step's later nights
   * carry more evidence than its first, so one of 3σ that its first night left short of {@link
   * #THRESHOLDS} is suspected on its second or third. The mean of {@code k} nights varies as σ²/k²
   * · Σ correlations over its k² pairs (the larger of the history's noise model's and its lag-1
   * correlation's powers, significant or not: persistent nights widen it), plus the reference
   * median's own uncertainty; it must reach {@value #SUSTAINED_THRESHOLD} (times the scale), and
   * every one of its nights must lie at least {@value #SUSTAINED_EACH}σ beyond the reference the
   * same way, which noise seldom does two or three nights running. None that takes in a {@link
   * #anyWild wild} night. Of two and three nights, the one further beyond.
   */
  private Optional<SuspectedChange> sustained(
      Tail tail, History history, double[] stddevs, DetectionInputs inputs) {
    int end = tail.size() - PROBE;
    double[] reference = Arrays.copyOfRange(tail.values, end - history.size(), end);
    double lagOne = lagOneCorrelation(reference, history.center());
    SuspectedChange best = null;
    for (int k = 2; k <= PROBE; k++) {
      int from = tail.size() - k;
      SuspectedChange level = test(tail, history, from, tail.size(), inputs, true);
      if (level == null || anyWild(stddevs, tail, tail.size() - PROBE, from)) {
        continue;
      }
      double sigma = history.sigma();
      double difference = level.level() - history.center();
      boolean eachBeyond = true;
      for (int i = from; i < tail.size(); i++) {
        eachBeyond &=
            (tail.values[i] - history.center()) * Math.signum(difference) >= SUSTAINED_EACH * sigma;
      }
      double z = difference / (sigma * Math.sqrt(meanVariance(history, lagOne, k)));
      if (eachBeyond
          && Math.abs(z) >= scale * SUSTAINED_THRESHOLD
          && (best == null || Math.abs(z) > Math.abs(best.zScore()))) {
        best =
            new SuspectedChange(
                level.index(),
                k,
                level.reference(),
                level.level(),
                level.relativeChange(),
                z,
                level.effectSigma(),
                level.noiseSigma(),
                level.serialCorrelation());
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * The variance of the mean of {@code k} consecutive nights less the reference level, in units of
   * one night's σ²: (k + 2 Σ_{j<k} (k − j) ρ_j) / k², ρ_j the larger of the noise model's
   * correlation j nights apart and {@code lagOne}^j, plus the median's π/2 times the variance of
   * the history's mean.
   */
  private static double meanVariance(History history, double lagOne, int k) {
    NoiseModel noise = history.noise();
    double pairs = k;
    for (int j = 1; j < k; j++) {
      double rho =
          Math.max(noise.persistentShare() * Math.pow(noise.phi(), j), Math.pow(lagOne, j));
      pairs += 2 * (k - j) * rho;
    }
    return pairs / ((double) k * k) + Math.PI / 2 * noise.longRunFactor() / history.size();
  }

  /**
   * Whether a night of {@code tail} from {@code from} on is wild: its JVMs spread more than {@value
   * #WILD_SPREAD} times the usual spread of the history's nights before {@code historyEnd}. Never
   * where the spreads are unknown (one JVM a night) or known for fewer than {@value #MIN_REFERENCE}
   * nights of the history.
   */
  private static boolean anyWild(double[] stddevs, Tail tail, int historyEnd, int from) {
    double usual = usualSpread(stddevs, tail, historyEnd);
    if (Double.isNaN(usual)) {
      return false;
    }
    for (int i = from; i < tail.size(); i++) {
      double s = stddevs[tail.index[i]];
      if (Double.isFinite(s) && s > WILD_SPREAD * usual) {
        return true;
      }
    }
    return false;
  }

  /**
   * The usual spread of the history's nights before {@code historyEnd} over their JVMs: the median
   * of their standard deviations; NaN where they are unknown (one JVM a night) or known for fewer
   * than {@value #MIN_REFERENCE} nights of the history.
   */
  private static double usualSpread(double[] stddevs, Tail tail, int historyEnd) {
    if (stddevs == null || historyEnd <= 0) {
      return Double.NaN;
    }
    double[] known = new double[Math.min(historyEnd, REFERENCE)];
    int count = 0;
    for (int i = historyEnd - known.length; i < historyEnd; i++) {
      double s = stddevs[tail.index[i]];
      if (Double.isFinite(s)) {
        known[count++] = s;
      }
    }
    return count < MIN_REFERENCE ? Double.NaN : Medians.of(Arrays.copyOf(known, count));
  }

  /**
   * Whether a change suspected at {@code index} still stands on the nights that arrived since: the
   * mean of the nights after it (at most the newest {@value #REFERENCE}) lies at least {@value
   * #HOLD_THRESHOLD} standard errors beyond the recent history before it, the same way as {@code
   * direction} (positive for up). Its own first night is left out, as that is what raised the
   * suspicion: a single outlying night is withdrawn as soon as the next one is back. Holds while no
   * night has followed.
   */
  public boolean holds(
      double[] values, int index, double direction, int since, DetectionInputs inputs) {
    Objects.requireNonNull(values, "values");
    return holds(values, values.length, index, direction, since, inputs);
  }

  /** {@link #holds(double[], int, double, int, DetectionInputs)} on the first {@code length}. */
  public boolean holds(
      double[] values, int length, int index, double direction, int since, DetectionInputs inputs) {
    if (index < 0 || index >= length) {
      return false;
    }
    Tail before = Tail.of(values, index, since, inputs, REFERENCE);
    Tail after = Tail.of(values, length, index + 1, inputs, REFERENCE);
    if (before.size() < MIN_REFERENCE) {
      return false;
    }
    if (after.size() == 0) {
      return true;
    }
    Tail joined = Tail.join(before, after);
    History history = History.of(joined, before.size());
    SuspectedChange evidence =
        history == null ? null : test(joined, history, before.size(), joined.size(), inputs, false);
    return evidence != null
        && Math.signum(evidence.zScore()) == Math.signum(direction)
        && Math.abs(evidence.zScore()) >= HOLD_THRESHOLD;
  }

  /**
   * Whether a step the detector placed at {@code index} stands on the nights since it even if the
   * nights persist as much as the history before it leaves possible: its z, with the history's
   * lag-1 correlation raised to the upper end of its one-sided 95 % interval (ρ + 1.645 √((1 − ρ²)
   * / r) on r nights, at most {@link NoiseModel#MAX_PHI}), reaches {@code threshold} the same way
   * as {@code direction}. A short history cannot tell persistent noise from independent nights, and
   * a persistent excursion of a few weeks looks like a step to a model that sees no persistence; a
   * long one narrows the interval, so it costs little there. With fewer than {@value
   * #MIN_REFERENCE} nights before the step, the nights since it are the history (once there are
   * {@value #MIN_REFERENCE} of them) and the nights before it the new level, time reversed. Where
   * the nights since spread more than {@value #NOISIER} times the history's σ, the z is divided by
   * that ratio: the noise grew, and only the nights' own spread says how sure their mean is.
   */
  public boolean standsUnderPersistence(
      double[] values,
      int length,
      int index,
      double direction,
      int since,
      DetectionInputs inputs,
      double threshold) {
    if (index < 0 || index >= length) {
      return false;
    }
    Tail before = Tail.of(values, index, since, inputs, REFERENCE);
    Tail after = Tail.of(values, length, index, inputs, REFERENCE);
    if (after.size() == 0) {
      return false;
    }
    Tail joined = Tail.join(before, after);
    int end = before.size();
    double sign = Math.signum(direction);
    if (end < MIN_REFERENCE) {
      // Too few nights before it to estimate anything (a series' first weeks, a level just after
      // another step), and no later night adds any: the new level is the history, and the level
      // before it the new one, time reversed (an AR(1) looks the same backwards).
      joined = Tail.join(after.reversed(), before.reversed());
      end = after.size();
      sign = -sign;
    }
    History history = History.of(joined, end);
    if (history == null) {
      return false;
    }
    double rho = history.noise().serialCorrelation();
    double upper =
        Math.min(
            NoiseModel.MAX_PHI,
            Math.max(0, rho) + LAG_ONE_SIGNIFICANT * Math.sqrt((1 - rho * rho) / history.size()));
    History cautious = history.withLagOne(joined, end, upper);
    SuspectedChange evidence = test(joined, cautious, end, joined.size(), inputs, false);
    if (evidence == null) {
      return false;
    }
    // Nights since that spread much more than the history's are noise that grew (a variance
    // change, a spell in another mode): the new level's mean is only as sure as they are. Their
    // spread as the history's is measured, within 5 robust σ: a burst or one wild night among
    // them is no noise that grew (TigerBeetle's one-night drop before its first step).
    double[] nightsSince = Arrays.copyOfRange(joined.values, end, joined.size());
    double spread =
        nightsSince.length < 2
            ? 0
            : sigma(nightsSince, Medians.of(nightsSince), NoiseModel.INDEPENDENT) / history.sigma();
    double z = evidence.zScore() / (spread > NOISIER ? spread : 1);
    return Math.signum(z) == sign && Math.abs(z) >= threshold;
  }

  /**
   * The recent history a new level is compared with: {@code tail}'s nights before {@code end}, at
   * most {@value #REFERENCE}; its level (median), noise model, σ of one night, and σ of one night's
   * prewhitened residual.
   */
  private record History(
      int size, double center, NoiseModel noise, double sigma, double residualSigma) {

    /** The history of {@code tail} before {@code end}, or null when too short or noiseless. */
    static History of(Tail tail, int end) {
      int r = Math.min(end, REFERENCE);
      if (r < MIN_REFERENCE) {
        return null;
      }
      double[] reference = Arrays.copyOfRange(tail.values, end - r, end);
      double center = Medians.of(reference);
      NoiseModel noise = NoiseModel.estimate(reference, 0, r);
      // The variogram model counts persistence only where it is clear over a long range (what the
      // detector needs); a probe of one to three nights is misled by any lag-1 correlation it
      // misses: two correlated nights taken as independent look √(1 + ρ) times as far out.
      // It counts where it is significant (one-sided 5 %), so independent nights keep their power.
      double lagOne = lagOneCorrelation(reference, center);
      if (lagOne > noise.serialCorrelation() && lagOne > LAG_ONE_SIGNIFICANT / Math.sqrt(r)) {
        noise = new NoiseModel(1, lagOne);
      }
      double sigma = SuspicionCheck.sigma(reference, center, noise);
      if (!(sigma > 0)) {
        return null;
      }
      return new History(
          r,
          center,
          noise,
          sigma,
          residualSigma(reference, center, sigma, noise.serialCorrelation()));
    }

    /** This history under an AR(1) of lag-1 correlation {@code rho} (the same nights). */
    History withLagOne(Tail tail, int end, double rho) {
      double[] reference = Arrays.copyOfRange(tail.values, end - size, end);
      NoiseModel ar = new NoiseModel(1, rho);
      double s = SuspicionCheck.sigma(reference, center, ar);
      return new History(size, center, ar, s, residualSigma(reference, center, s, rho));
    }

    /**
     * The σ of one night's residual after the night before predicted it by {@code rho}. Measured,
     * not taken as σ²(1 - ρ²): a ρ estimated too high on a few dozen nights would otherwise shrink
     * it and make noise look like a step.
     */
    private static double residualSigma(
        double[] reference, double center, double sigma, double rho) {
      if (rho == 0) {
        return sigma;
      }
      int r = reference.length;
      double[] residuals = new double[r - 1];
      for (int i = 1; i < r; i++) {
        residuals[i - 1] = (reference[i] - center) - rho * (reference[i - 1] - center);
      }
      return SuspicionCheck.sigma(residuals, Medians.of(residuals), NoiseModel.INDEPENDENT);
    }
  }

  /**
   * The new level {@code tail[from, to)} against {@code history}; null when {@code eachNight} and a
   * night of the new level does not lie beyond it, or the change is below the minimum.
   */
  private static SuspectedChange test(
      Tail tail, History history, int from, int end, DetectionInputs inputs, boolean eachNight) {
    int m = end - from;
    int r = history.size();
    double center = history.center();
    double sigma = history.sigma();
    NoiseModel noise = history.noise();
    double sum = 0;
    for (int i = from; i < end; i++) {
      sum += tail.values[i];
    }
    double level = sum / m;
    double difference = level - center;
    if (eachNight && m > 1) {
      for (int i = from; i < end; i++) {
        if ((tail.values[i] - center) * Math.signum(difference) < EACH_NIGHT * sigma) {
          return null;
        }
      }
    }
    // Prewhitened with the noise's lag-1 correlation ρ: where nights persist, a night is
    // predicted by the one before, and a new level shows in full on its first night and by
    // (1 - ρ) on each later one. The estimate of the shift from those residuals is generalised
    // least squares under AR(1); for independent nights it is the plain mean.
    double rho = noise.serialCorrelation();
    double weighted = 0;
    double squares = 0;
    double weights = 0;
    for (int i = from; i < end; i++) {
      double residual =
          (tail.values[i] - center) - (i > 0 ? rho * (tail.values[i - 1] - center) : 0);
      double a = i == from ? 1 : 1 - rho;
      weighted += a * residual;
      squares += a * a;
      weights += a;
    }
    double shift = weighted / squares;
    double residualSigma = history.residualSigma();
    // The shift's own variance, plus the reference level's (a median of r correlated nights varies
    // as their mean does, π/2 times as much), which enters every residual by (1 - ρ).
    double centerVariance = Math.PI / 2 * noise.longRunFactor() / r;
    double variance =
        residualSigma * residualSigma / squares
            + sigma * sigma * centerVariance * Math.pow((1 - rho) * weights / squares, 2);
    double relative = center != 0 ? level / center - 1 : Double.NaN;
    double minRelative = inputs.minRelativeChange(DetectorSettings.defaults());
    if (Math.abs(relative) < minRelative) {
      return null;
    }
    return new SuspectedChange(
        tail.index[from],
        m,
        center,
        level,
        relative,
        shift / Math.sqrt(variance),
        difference / sigma,
        sigma,
        noise.serialCorrelation());
  }

  /**
   * The noise σ of one night: the standard deviation around the median of the nights within {@value
   * #OUTLIER_MADS} robust σ of it (1.4826 × their median absolute deviation), made consistent for
   * the part of a persistent component's variance that stays in the window's level. A robust σ
   * alone would miss the slow nights of two-level noise (a fifth of all nights, 2σ out), which are
   * part of the noise a new level must stand out from; outliers beyond would inflate it.
   */
  private static double sigma(double[] reference, double center, NoiseModel noise) {
    int r = reference.length;
    double[] deviations = new double[r];
    for (int i = 0; i < r; i++) {
      deviations[i] = Math.abs(reference[i] - center);
    }
    double robust = 1.4826 * Medians.of(deviations);
    double sum = 0;
    int kept = 0;
    for (double d : deviations) {
      if (d <= OUTLIER_MADS * robust) {
        sum += d * d;
        kept++;
      }
    }
    double variance = kept > 1 ? sum / (kept - 1) : 0;
    double hidden = Math.min(0.5, noise.longRunFactor() / r);
    return Math.sqrt(variance / (1 - hidden));
  }

  /**
   * The lag-1 autocorrelation of {@code reference} around {@code center}, deviations beyond {@value
   * #OUTLIER_MADS} robust σ clipped there, at most {@link NoiseModel#MAX_PHI}; 0 when negative.
   * Corrected for its small-sample bias, about −(1 + 3ρ)/r (Kendall, 1954), which would otherwise
   * leave a third of the correlation of a short history unseen.
   */
  static double lagOneCorrelation(double[] reference, double center) {
    int r = reference.length;
    double[] d = new double[r];
    for (int i = 0; i < r; i++) {
      d[i] = Math.abs(reference[i] - center);
    }
    double limit = OUTLIER_MADS * 1.4826 * Medians.of(d);
    for (int i = 0; i < r; i++) {
      d[i] = Math.max(-limit, Math.min(limit, reference[i] - center));
    }
    double products = 0;
    double squares = 0;
    for (int i = 0; i < r; i++) {
      squares += d[i] * d[i];
      if (i > 0) {
        products += d[i] * d[i - 1];
      }
    }
    if (!(squares > 0)) {
      return 0;
    }
    double rho = products / squares;
    rho += (1 + 3 * rho) / r;
    return Math.max(0, Math.min(NoiseModel.MAX_PHI, rho));
  }

  /** The newest nights of a series that detection may read, oldest first, with their indices. */
  private record Tail(double[] values, int[] index) {

    int size() {
      return values.length;
    }

    /**
     * Up to {@code most} nights before {@code length}, none before {@code since}, none excluded,
     * none before the newest known boundary at or before the newest night.
     */
    static Tail of(double[] values, int length, int since, DetectionInputs inputs, int most) {
      if (values == null) {
        throw new IllegalArgumentException("values is null");
      }
      if (length < 0 || length > values.length) {
        throw new IllegalArgumentException(
            "length " + length + " is outside the series of " + values.length + " values");
      }
      Objects.requireNonNull(inputs, "inputs");
      double[] kept = new double[most];
      int[] at = new int[most];
      int count = 0;
      for (int i = length - 1; i >= Math.max(0, since) && count < most; i--) {
        if (inputs.excluded().contains(i)) {
          continue;
        }
        if (!Double.isFinite(values[i])) {
          throw new IllegalArgumentException("values[" + i + "] is " + values[i]);
        }
        kept[most - 1 - count] = values[i];
        at[most - 1 - count] = i;
        count++;
        if (inputs.knownBoundaries().contains(i)) {
          break;
        }
      }
      return new Tail(
          Arrays.copyOfRange(kept, most - count, most), Arrays.copyOfRange(at, most - count, most));
    }

    /** The same nights, newest first. */
    Tail reversed() {
      double[] v = new double[size()];
      int[] at = new int[size()];
      for (int i = 0; i < size(); i++) {
        v[i] = values[size() - 1 - i];
        at[i] = index[size() - 1 - i];
      }
      return new Tail(v, at);
    }

    static Tail join(Tail first, Tail second) {
      double[] values = Arrays.copyOf(first.values, first.size() + second.size());
      int[] index = Arrays.copyOf(first.index, first.size() + second.size());
      System.arraycopy(second.values, 0, values, first.size(), second.size());
      System.arraycopy(second.index, 0, index, first.size(), second.size());
      return new Tail(values, index);
    }
  }
}
