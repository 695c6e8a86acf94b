package org.nightbench.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunnerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.util.FileSystemUtils;

/**
 * The directories runs work in ({@code <work-directory>/run-<id>}: indexes, task and result files):
 * made empty when a run starts, removed when it succeeds or is cancelled, kept for {@code
 * keep-failed-work-for} when it failed, and swept every hour, which also takes those of runs whose
 * worker was killed. A run's log and stored result files are in the database and stay.
 */
@Component
public class RunWorkDirectories {

  private static final Logger log = LoggerFactory.getLogger(RunWorkDirectories.class);
  private static final Pattern RUN_DIRECTORY = Pattern.compile("run-(\\d+)");

  private final RunnerProperties settings;
  private final RunRepository runs;

  RunWorkDirectories(RunnerProperties settings, RunRepository runs) {
    this.settings = settings;
    this.runs = runs;
  }

  /** The run's directory, where its steps write. */
  Path of(long runId) {
    return settings.workDirectory().resolve("run-" + runId);
  }

  /**
   * An empty directory for a run that starts: a run handed back to the queue starts from scratch,
   * never on the files of its earlier try.
   */
  Path prepare(long runId) {
    Path work = of(runId);
    try {
      FileSystemUtils.deleteRecursively(work);
      return Files.createDirectories(work);
    } catch (IOException e) {
      throw new UncheckedIOException("work directory " + work + ": " + e.getMessage(), e);
    }
  }

  /** Called when a run's worker is done with it: removes its directory unless it must stay. */
  void ended(long runId) {
    sweep(List.of(runId));
  }

  /** Every hour in a worker: the directories of runs that ended elsewhere or while it was away. */
  @Scheduled(initialDelay = 1, fixedDelay = 60, timeUnit = TimeUnit.MINUTES)
  void sweepIfWorker() {
    if (settings.workerEnabled()) {
      sweep();
    }
  }

  /** Removes the directories of ended runs that need them no more; returns the runs' ids. */
  public List<Long> sweep() {
    Path root = settings.workDirectory();
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    List<Long> ids = new ArrayList<>();
    try (Stream<Path> entries = Files.list(root)) {
      entries.forEach(
          entry -> {
            Matcher name = RUN_DIRECTORY.matcher(entry.getFileName().toString());
            if (name.matches() && Files.isDirectory(entry)) {
              ids.add(Long.parseLong(name.group(1)));
            }
          });
    } catch (IOException e) {
      log.warn("Cannot list the work directory {}: {}", root, e.getMessage());
      return List.of();
    }
    return sweep(ids);
  }

  private List<Long> sweep(List<Long> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    List<Long> removable;
    try {
      // A directory with no run row is left alone: it may be another database's worker's.
      removable = runs.endedWithoutNeedOfWork(ids, settings.keepFailedWorkFor());
    } catch (DataAccessException e) {
      log.warn("Cannot tell which run directories may go: {}", e.getMessage());
      return List.of();
    }
    for (long id : removable) {
      try {
        if (FileSystemUtils.deleteRecursively(of(id))) {
          log.info("Run {}: removed its work directory {}", id, of(id));
        }
      } catch (IOException e) {
        log.warn("Run {}: cannot remove its work directory: {}", id, e.getMessage());
      }
    }
    return removable;
  }
}
