package org.nightbench.worker;

import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import java.time.Instant;
import javax.sql.DataSource;

/** Tests run queued runs through the real job engine, in the test's own thread. */
public final class QueuedRuns {

  private QueuedRuns() {}

  /** Runs every queued run of the worker's machine to its end. */
  public static void runAll(DataSource dataSource, RunWorker worker) {
    SettableClock clock = new SettableClock();
    clock.set(Instant.now());
    ManualScheduler scheduler =
        TestHelper.createManualScheduler(dataSource, worker.task()).clock(clock).build();
    scheduler.runAnyDueExecutions();
  }
}
