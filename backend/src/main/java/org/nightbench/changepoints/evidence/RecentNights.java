package org.nightbench.changepoints.evidence;

import java.util.Arrays;
import org.nightbench.changepoints.detection.MachineNights;

/**
 * The recent nights a series' point is set against to judge whether the machine moved it: its last
 * {@value #COUNT} undisturbed nights, less those the machine moved as a whole, so a quiet night is
 * not judged against a median of nights that were themselves the machine's. When {@value
 * MachineNights#LASTING} or more of them in a row were, the machine's new level is the normal one
 * by now (a lasting change: a new kernel, a slower box) and all are kept. Spells apart do not add
 * up to a new level: two short spells in ten nights, kept, would make a third one's night look
 * normal.
 */
public final class RecentNights {

  /** How many recent nights of a series make its level and noise. */
  public static final int COUNT = 10;

  private RecentNights() {}

  /**
   * @param values the series' last {@value #COUNT} undisturbed nights before the run, in the order
   *     of the nights (either way)
   * @param machine for each of {@code values}, whether its run was the machine's
   */
  public static double[] of(double[] values, boolean[] machine) {
    int machineNights = 0;
    int inARow = 0;
    int longest = 0;
    for (boolean m : machine) {
      machineNights += m ? 1 : 0;
      inARow = m ? inARow + 1 : 0;
      longest = Math.max(longest, inARow);
    }
    if (machineNights == 0 || longest >= MachineNights.LASTING) {
      return values.clone();
    }
    double[] kept = new double[values.length - machineNights];
    int k = 0;
    for (int i = 0; i < values.length; i++) {
      if (!machine[i]) {
        kept[k++] = values[i];
      }
    }
    return Arrays.copyOf(kept, k);
  }
}
