package org.nightbench.changepoints.detection;

/**
 * How likely each split of a step's window is, from the placement criterion ({@link #error}):
 * {@code exp(-Δ error / 2 residual variance)} relative to the best split, for the splits {@code
 * [first, last]} of {@code [lo, hi)}.
 *
 * <p>A user reads the commits of a few nights around a reported step, so what matters is how much
 * of this likelihood lies within {@value #WITHIN} nights of it: the step is reported in the middle
 * of the {@code 2 × WITHIN + 1} nights holding the most ({@link #mostProbable}), not at the single
 * best split. Where the likelihood is flat or has a rival peak, the best split alone is as often at
 * the edge of the likely nights as in their middle: on the held-out generator, a 2–3σ step told its
 * true neighbours is placed more than 2 nights off about half as often.
 */
final class SplitLikelihood {

  /** The nights either side of a reported step that count as its place. */
  static final int WITHIN = 2;

  /**
   * The fewest nights a split leaves on either side of its window, and the shortest newest level
   * the detector looks at: one night is an outlier's business.
   */
  static final int EDGE = 2;

  private final int first;
  private final double[] weights;

  private SplitLikelihood(int first, double[] weights) {
    this.first = first;
    this.weights = weights;
  }

  /** The likelihood of each split {@code [first, last]} of {@code cleaned[lo, hi)}. */
  static SplitLikelihood of(
      double[] cleaned, int lo, int hi, int first, int last, double phi, boolean flat) {
    double[] errors = new double[Math.max(0, last - first + 1)];
    double best = Double.POSITIVE_INFINITY;
    for (int p = first; p <= last; p++) {
      errors[p - first] = error(cleaned, lo, p, hi, phi, flat);
      best = Math.min(best, errors[p - first]);
    }
    double variance = best / Math.max(1, hi - lo - 4);
    double[] weights = new double[errors.length];
    for (int i = 0; i < errors.length; i++) {
      // A perfect fit (no residual variance) leaves all the likelihood at its best splits.
      weights[i] =
          variance > 0 ? Math.exp(-(errors[i] - best) / (2 * variance)) : errors[i] == best ? 1 : 0;
    }
    return new SplitLikelihood(first, weights);
  }

  /**
   * The split of {@code [first, last]} (not empty) to report ({@link #mostProbable}); the splits up
   * to {@value #WITHIN} nights beyond the range, as far as {@value #EDGE} from the window's ends,
   * still count towards the likelihood near its ends.
   */
  static int placed(
      double[] cleaned, int lo, int hi, int first, int last, double phi, boolean flat) {
    return of(
            cleaned,
            lo,
            hi,
            Math.max(lo + EDGE, first - WITHIN),
            Math.min(hi - EDGE, last + WITHIN),
            phi,
            flat)
        .mostProbable(first, last);
  }

  /**
   * The criterion a step's split minimises: least squares of level (+ slope unless {@code flat}) +
   * step, prewhitened with {@code phi} where the noise persists.
   */
  private static double error(double[] cleaned, int lo, int p, int hi, double phi, boolean flat) {
    if (phi > 0) {
      return JumpAtSplit.whitenedError(cleaned, lo, p, hi, phi, !flat);
    }
    return flat
        ? JumpAtSplit.stepError(cleaned, lo, p, hi)
        : JumpAtSplit.lineAndStepError(cleaned, lo, p, hi);
  }

  /** The likelihood of the splits within {@value #WITHIN} nights of {@code index}. */
  double near(int index) {
    double sum = 0;
    for (int p = Math.max(first, index - WITHIN);
        p <= Math.min(first + weights.length - 1, index + WITHIN);
        p++) {
      sum += weights[p - first];
    }
    return sum;
  }

  /** The likelihood of all the splits. */
  double total() {
    double sum = 0;
    for (double weight : weights) {
      sum += weight;
    }
    return sum;
  }

  /**
   * The split in {@code [from, to]} to report: of those with nearly the most likelihood within
   * {@value #WITHIN} nights (short of it by at most {@value #SLACK} of all), the likeliest itself.
   * So a clear step stays on its best split, where every split around it holds nearly all the
   * likelihood, and a doubtful one goes to the middle of its likely nights. {@code from} when the
   * range is empty.
   */
  int mostProbable(int from, int to) {
    double most = Double.NEGATIVE_INFINITY;
    for (int p = from; p <= to; p++) {
      most = Math.max(most, near(p));
    }
    double enough = most - SLACK * total();
    int chosen = from;
    double likeliest = Double.NEGATIVE_INFINITY;
    for (int p = from; p <= to; p++) {
      if (near(p) >= enough && weights[p - first] > likeliest) {
        likeliest = weights[p - first];
        chosen = p;
      }
    }
    return chosen;
  }

  /** The share of all the likelihood that counts as nearly the most. */
  static final double SLACK = 0.01;
}
