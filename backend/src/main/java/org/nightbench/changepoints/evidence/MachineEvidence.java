package org.nightbench.changepoints.evidence;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The runs' machine evidence, worked out once per run and kept: by detection right after a run is
 * ingested, before any series of the run is judged, or by the first page that asks for an older
 * run's. Both go through {@link #of}, so the pages and detection read the same figures.
 */
@Service
public class MachineEvidence {

  private final RunEvidenceRepository repository;
  private final TransactionTemplate keeping;

  MachineEvidence(RunEvidenceRepository repository, PlatformTransactionManager transactions) {
    this.repository = repository;
    // Kept in a transaction of its own: a page read in a read-only transaction still keeps it.
    this.keeping = new TransactionTemplate(transactions);
    keeping.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
  }

  /** The evidence of a run: kept, or worked out of its points now and kept. */
  public RunEvidence of(long runId) {
    return repository
        .stored(runId)
        .orElseGet(
            () -> {
              RunEvidence evidence = RunEvidenceCalculator.of(repository.nights(runId));
              keeping.executeWithoutResult(status -> repository.store(runId, evidence));
              return evidence;
            });
  }

  /** The evidence of a run as kept, if anyone worked it out yet. */
  public Optional<RunEvidence> kept(long runId) {
    return repository.stored(runId);
  }

  /**
   * The runs of a series whose kept evidence puts the run as a whole down to the machine ({@link
   * RunEvidence#machine}); a run whose evidence nobody worked out yet is not among them, nor the
   * spell of machine nights around a change point of the series that an editor said is the code's.
   *
   * @param runIds the series' runs in its history's order, where a spell is consecutive
   */
  public Set<Long> machineRuns(long seriesId, long[] runIds) {
    return machineMoves(seriesId, runIds).keySet();
  }

  /**
   * {@link #machineRuns} with the machine's move at each ({@link RunEvidence#machineMove()}:
   * goodness, positive is faster; NaN where the kept evidence has none).
   */
  public Map<Long, Double> machineMoves(long seriesId, long[] runIds) {
    Map<Long, Double> machine = repository.machineRuns(seriesId);
    if (machine.isEmpty()) {
      return machine;
    }
    Set<Long> code = repository.codeVerdictRuns(seriesId);
    Map<Long, Double> kept = new HashMap<>(machine);
    for (int i = 0; i < runIds.length; i++) {
      if (!code.contains(runIds[i]) || !machine.containsKey(runIds[i])) {
        continue;
      }
      for (int j = i; j >= 0 && machine.containsKey(runIds[j]); j--) {
        kept.remove(runIds[j]);
      }
      for (int j = i + 1; j < runIds.length && machine.containsKey(runIds[j]); j++) {
        kept.remove(runIds[j]);
      }
    }
    return kept;
  }
}
