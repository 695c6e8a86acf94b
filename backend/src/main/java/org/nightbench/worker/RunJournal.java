package org.nightbench.worker;

import org.nightbench.harness.StepJournal;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunTry;
import org.springframework.dao.DataAccessException;

/**
 * A run's steps tell its log every line and its page which step is running. The progress line is
 * only for the page: a database blip must not fail a benchmark over it, and a try that lost its run
 * writes none (its watch stops its JVMs).
 */
record RunJournal(RunTry attempt, RunLog log, RunRepository runs) implements StepJournal {

  @Override
  public void accept(String line) {
    log.accept(line);
  }

  @Override
  public void progress(String step) {
    try {
      runs.updateProgress(attempt, step);
    } catch (DataAccessException e) {
      log.accept("(progress not stored: " + RunWorker.oneLine(e) + ")");
    }
  }
}
