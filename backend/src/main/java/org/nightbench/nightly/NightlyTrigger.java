package org.nightbench.nightly;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Queues one night's runs: {@code git:<branch>} on every configured machine, at most once per night
 * and machine (the database refuses a second), and not at all when the branch head is the one the
 * last nightly measured.
 */
public final class NightlyTrigger {

  private static final Logger log = LoggerFactory.getLogger(NightlyTrigger.class);

  private final RunService runs;
  private final BranchHeads heads;
  private final String branch;
  private final List<String> machines;

  public NightlyTrigger(RunService runs, BranchHeads heads, String branch, List<String> machines) {
    this.runs = runs;
    this.heads = heads;
    this.branch = branch;
    this.machines = List.copyOf(machines);
  }

  /** Queues the runs of {@code night}; returns those this call queued. */
  public List<Run> trigger(LocalDate night) {
    String spec = "git:" + branch;
    Optional<String> head = heads.head(branch);
    List<Run> queued = new ArrayList<>();
    for (String machine : machines) {
      Optional<String> last = runs.lastNightlyHead(spec, machine, night);
      if (head.isPresent() && last.isPresent() && Objects.equals(head.get(), last.get())) {
        log.info(
            "Nightly for {} on {}: {} is still at {}, measured already; nothing runs",
            night,
            machine,
            branch,
            head.get());
        continue;
      }
      Optional<Run> run = runs.enqueueNightly(spec, machine, night, head.orElse(null));
      if (run.isPresent()) {
        log.info("Nightly for {} on {}: queued run {} of {}", night, machine, run.get().id(), spec);
        queued.add(run.get());
      } else {
        log.info("Nightly for {} on {} already queued", night, machine);
      }
    }
    return queued;
  }
}
