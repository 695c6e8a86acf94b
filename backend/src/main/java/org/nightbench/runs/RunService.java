package org.nightbench.runs;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.exceptions.TaskInstanceException;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.nightbench.corpus.CorpusProperties;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.LuceneSpecCheck;
import org.nightbench.runs.machines.MachineRegistry;
import org.nightbench.web.NotFoundException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * What the API and the pages may do with runs: ask for one, cancel one, look at them, read their
 * logs.
 */
@Service
public class RunService {

  private final RunRepository runs;
  private final RunRecords records;
  private final RunnerProperties settings;
  private final CorpusProperties corpora;
  private final SchedulerClient scheduler;
  private final LuceneSpecCheck specs;
  private final MachineRegistry machineRegistry;

  RunService(
      RunRepository runs,
      RunRecords records,
      RunnerProperties settings,
      CorpusProperties corpora,
      SchedulerClient scheduler,
      LuceneSpecCheck specs,
      MachineRegistry machineRegistry) {
    this.specs = specs;
    this.machineRegistry = machineRegistry;
    this.runs = runs;
    this.records = records;
    this.settings = settings;
    this.corpora = corpora;
    this.scheduler = scheduler;
  }

  /**
   * Queues a run on this machine with the default profile and corpus unless given.
   *
   * @throws IllegalArgumentException with a one-line message when the spec, profile or corpus is
   *     bad
   */
  @Transactional
  public Run enqueue(String luceneSpec, String profile, String corpus, String reason) {
    return enqueue(luceneSpec, profile, corpus, reason, null);
  }

  /** The same, recording who asked for it (null for the schedule and the backfill). */
  @Transactional
  public Run enqueue(
      String luceneSpec, String profile, String corpus, String reason, String requestedBy) {
    return enqueue(luceneSpec, null, profile, corpus, reason, requestedBy);
  }

  /**
   * The same on {@code machine}: a label some worker has served (listed on the machines page), or
   * this instance's own machine; blank for this instance's own.
   *
   * @throws IllegalArgumentException with a one-line message for an unknown machine, too
   */
  @Transactional
  public Run enqueue(
      String luceneSpec,
      String machine,
      String profile,
      String corpus,
      String reason,
      String requestedBy) {
    LuceneSpec spec = specs.check(luceneSpec);
    String machineLabel = checkMachine(machine);
    String profileName = blankToDefault(profile, settings.profile());
    settings.profile(profileName);
    corpora.requireKnown(corpus);
    long id =
        runs.enqueue(
            new RunRequest(
                spec.toString(),
                machineLabel,
                profileName,
                blankToDefault(corpus, corpora.source()),
                reason),
            requestedBy);
    schedule(id, machineLabel);
    return runs.find(id).orElseThrow();
  }

  /**
   * {@code machine} when a worker ever served it or it is this instance's own, this instance's own
   * when blank; a one-line refusal naming the known labels otherwise. A known label without a live
   * worker is accepted: the run waits, and says so ({@link Run#warning}).
   */
  private String checkMachine(String machine) {
    String label = blankToDefault(machine, settings.machine());
    if (label.equals(settings.machine()) || machineRegistry.known(label)) {
      return label;
    }
    List<String> known = new ArrayList<>(machineRegistry.knownLabels());
    if (!known.contains(settings.machine())) {
      known.add(settings.machine());
    }
    String shown = label.length() > 64 ? label.substring(0, 64) + "…" : label;
    throw new IllegalArgumentException(
        "unknown machine '"
            + shown.replaceAll("\\p{Cntrl}", "?")
            + "': no worker has ever served it; known machines: "
            + String.join(", ", known.stream().sorted().toList())
            + " (a machine becomes known when a worker started with nightbench.runner.machine=<label>"
            + " first beats)");
  }

  /**
   * Queues one night's run of a branch on a machine with the default profile and corpus; empty when
   * that night's run is already queued, by this instance or another.
   *
   * <p>The spec is built from configuration, and checked like a typed one all the same: the
   * configuration may come from an environment variable.
   */
  @Transactional
  public Optional<Run> enqueueNightly(
      String luceneSpec, String machine, LocalDate night, String headSha) {
    specs.check(luceneSpec);
    RunRequest request =
        new RunRequest(luceneSpec, machine, settings.profile(), corpora.source(), "nightly");
    Optional<Long> id = runs.enqueueNightly(request, night, headSha);
    id.ifPresent(runId -> schedule(runId, machine));
    return id.flatMap(runs::find);
  }

  /** The branch head recorded by the latest nightly of this spec and machine before a night. */
  public Optional<String> lastNightlyHead(String luceneSpec, String machine, LocalDate night) {
    return runs.lastNightlyHead(luceneSpec, machine, night);
  }

  /**
   * Cancels a run: a queued one at once (its execution is removed), a running one by asking its
   * worker, which kills the run's JVMs within a second or two and marks it cancelled.
   *
   * @throws IllegalStateException naming the run's state when it has already ended
   */
  @Transactional
  public Run cancel(long id) {
    Run run = runs.find(id).orElseThrow(() -> new NotFoundException("No run " + id));
    if (runs.cancelQueued(id)) {
      TaskInstanceId execution = TaskInstanceId.of(RunQueueTask.name(run.machine()), "" + id);
      try {
        scheduler.cancel(execution);
      } catch (TaskInstanceException e) {
        // Picked by a worker this instant: it finds the run cancelled and does nothing.
      }
    } else if (!runs.requestCancel(id)) {
      throw new IllegalStateException(
          "run "
              + id
              + " has already ended ("
              + run.status().name().toLowerCase(Locale.ROOT)
              + ")");
    }
    return runs.find(id).orElseThrow();
  }

  public Optional<Run> find(long id) {
    return runs.find(id);
  }

  public List<Run> recent(int limit) {
    return recent(limit, 0);
  }

  /** As {@link #recent(int)}, after skipping the newest {@code offset}: a later page. */
  public List<Run> recent(int limit, int offset) {
    return runs.recent(Math.max(1, Math.min(limit, 1_000)), Math.max(0, offset));
  }

  public List<String> log(long id, int fromLine) {
    return records.log(id, fromLine);
  }

  /** The commits since the previous measured point; empty when there is no such run. */
  public Optional<RunChanges> changes(long id) {
    return records.changes(id);
  }

  /** Notes, calibration, changed query answers and curves of a run. */
  public Optional<RunInsights> insights(long id) {
    return records.insights(id);
  }

  /** The rows of one of a run's curves, as a JSON array of [x, y1, y2, ...]. */
  public Optional<String> curveRows(long id, int position) {
    return records.curveRows(id, position);
  }

  public Optional<String> environment(long id) {
    return runs.environment(id);
  }

  public RunProgress progress() {
    return runs.progress();
  }

  private void schedule(long runId, String machine) {
    scheduler.scheduleIfNotExists(
        new TaskInstance<>(RunQueueTask.name(machine), Long.toString(runId), runId), Instant.now());
  }

  private static String blankToDefault(String value, String fallback) {
    return value == null || value.isBlank() ? fallback : value.strip();
  }
}
