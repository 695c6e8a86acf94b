package org.nightbench.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;

/** Two workers of one machine on one real PostgreSQL share a queue without doubling a run. */
@SpringBootTest
@ActiveProfiles("test")
class JobEngineTests {

  @Autowired DataSource dataSource;
  @Autowired SchedulerClient client;

  @Test
  void twoWorkersRunEveryQueuedRunExactlyOnce() {
    // A machine label of its own, so the runs other tests leave queued are not these workers'.
    String taskName = "benchmark-run@fleet-test";
    List<String> executions = new CopyOnWriteArrayList<>();
    List<Scheduler> workers = new ArrayList<>();
    for (String worker : List.of("worker-a", "worker-b")) {
      OneTimeTask<Long> task =
          Tasks.oneTime(taskName, Long.class)
              .execute(
                  (instance, context) -> {
                    executions.add(instance.getData() + "@" + worker);
                    LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
                  });
      workers.add(
          JobEngine.scheduler(
              dataSource, worker, Duration.ofMillis(100), Duration.ofSeconds(1), List.of(task)));
    }
    IntStream.rangeClosed(1, 10)
        .forEach(
            run ->
                client.scheduleIfNotExists(
                    new TaskInstance<>(taskName, "fleet-" + run, (long) run), Instant.now()));

    workers.forEach(Scheduler::start);
    try {
      long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      while (executions.size() < 10 && System.nanoTime() < deadline) {
        LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
      }
      // Give a doubled execution, if there were one, the time to show up.
      LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
    } finally {
      workers.forEach(Scheduler::stop);
    }

    assertThat(executions).hasSize(10);
    assertThat(executions.stream().map(e -> e.substring(0, e.indexOf('@'))).distinct())
        .containsExactlyInAnyOrder("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
    assertThat(executions)
        .as("both workers took part")
        .anyMatch(e -> e.endsWith("@worker-a"))
        .anyMatch(e -> e.endsWith("@worker-b"));
  }
}
