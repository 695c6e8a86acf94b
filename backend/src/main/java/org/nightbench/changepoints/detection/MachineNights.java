package org.nightbench.changepoints.detection;

import java.util.HashSet;
import java.util.Set;

/**
 * Which of a series' machine nights (nights whose run's evidence puts the run as a whole down to
 * the machine: the control revision moved, or most of the run's series at once) its history leaves
 * out, as a disturbed run's: every spell of fewer than {@value #LASTING} consecutive machine nights
 * that a later night of the history is not. A spell still running at the newest night stays in, so
 * the morning it happens the series' alert lands and says <em>machine moved</em>; once a night
 * after it is the code's own again, the spell is left out and no longer widens the noise that night
 * and later ones are judged against. A spell of {@value #LASTING} nights or more is a lasting
 * change of the machine and stays in: its step is the machine's, where it began. Ingestion's
 * detection and the replay (endpoint and lab) both decide it here.
 */
public final class MachineNights {

  /**
   * So many consecutive machine nights are the machine's new level, not a spell: the evidence then
   * sets later nights against them ({@code RecentNights}), and the history keeps them.
   */
  public static final int LASTING = 5;

  private MachineNights() {}

  /**
   * The indices of {@code machine} (machine nights, indices into a history of {@code length}
   * nights) that the history leaves out.
   */
  public static Set<Integer> leftOut(Set<Integer> machine, int length) {
    Set<Integer> out = new HashSet<>();
    int newestOwn = length - 1;
    while (newestOwn >= 0 && machine.contains(newestOwn)) {
      newestOwn--;
    }
    for (int i = 0; i < newestOwn; i++) {
      if (!machine.contains(i) || machine.contains(i - 1)) {
        continue;
      }
      int end = i;
      while (end + 1 < newestOwn && machine.contains(end + 1)) {
        end++;
      }
      if (end - i + 1 < LASTING) {
        for (int j = i; j <= end; j++) {
          out.add(j);
        }
      }
    }
    return out;
  }

  /** {@code inputs} with the machine nights the history of {@code length} nights leaves out. */
  public static DetectionInputs apply(DetectionInputs inputs, Set<Integer> machine, int length) {
    if (machine.isEmpty()) {
      return inputs;
    }
    Set<Integer> excluded = new HashSet<>(inputs.excluded());
    excluded.addAll(leftOut(machine, length));
    return inputs.withExcluded(excluded);
  }
}
