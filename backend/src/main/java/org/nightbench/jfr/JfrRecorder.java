package org.nightbench.jfr;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.harness.StepResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Stores the flight recordings of a run's steps, one per benchmark, its JVMs' samples merged.
 * Called where results are stored (ingest, a comparison's end), joining that transaction; the
 * recordings are files in the run's work directory, written by JVMs we forked.
 */
@Service
public class JfrRecorder {

  private static final Logger log = LoggerFactory.getLogger(JfrRecorder.class);

  /** An ordinary run's recordings have no side. */
  public static final String NO_SIDE = "";

  private final JfrRepository repository;

  JfrRecorder(JfrRepository repository) {
    this.repository = repository;
  }

  /**
   * Reads the recordings of {@code steps} (steps without one are passed over) and stores them per
   * benchmark ({@link StepResult#recordedBenchmark()}).
   *
   * @param side {@link #NO_SIDE}, or a comparison's {@code baseline} or {@code candidate}
   * @return a note per recording that could not be read: a recording is worth a line, not the run
   */
  @Transactional
  public List<String> record(long runId, String side, List<StepResult> steps) {
    Map<String, List<Path>> byBenchmark = new LinkedHashMap<>();
    for (StepResult step : steps) {
      if (step.recording() != null) {
        byBenchmark
            .computeIfAbsent(step.recordedBenchmark(), b -> new ArrayList<>())
            .add(step.recording());
      }
    }
    List<String> notes = new ArrayList<>();
    byBenchmark.forEach(
        (benchmark, recordings) -> {
          CollapsedStacks merged = new CollapsedStacks();
          int jvms = 0;
          for (Path recording : recordings) {
            try {
              merged.addAll(JfrRecordings.read(recording));
              jvms++;
            } catch (RuntimeException e) {
              log.warn(
                  "Run {}: cannot read the recording {}: {}", runId, recording, e.getMessage());
              notes.add("JFR of " + benchmark + ": cannot read " + recording.getFileName());
            }
          }
          if (jvms > 0 && merged.samples() > 0) {
            repository.insert(runId, side, benchmark, jvms, merged, MethodShares.of(merged));
          }
        });
    return notes;
  }
}
