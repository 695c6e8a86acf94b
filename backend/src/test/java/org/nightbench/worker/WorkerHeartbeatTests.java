package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.machines.MachineRegistry;
import org.nightbench.runs.machines.MachineStatus;
import org.nightbench.runs.machines.WorkerStatus;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;

/** A worker is listed live from its start, beats while idle, and says so when it stops. */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class WorkerHeartbeatTests {

  @Autowired MachineRegistry machines;

  @Test
  void anIdleWorkerBeatsFromItsStartAndIsNoLongerLiveOnceStopped() throws Exception {
    String label = "hb-" + UUID.randomUUID().toString().substring(0, 8);
    WorkerHeartbeat heartbeat =
        new WorkerHeartbeat(machines, label + ":7", label, Duration.ofMillis(500), 6);
    assertThat(machines.known(label)).isFalse();
    try {
      heartbeat.onApplicationEvent(null);
      WorkerStatus first = worker(label);
      assertThat(first.live()).isTrue();
      assertThat(machines.known(label)).isTrue();
      // A poll, not a fixed sleep: on a loaded machine the next beat may come late.
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!worker(label).lastHeartbeat().isAfter(first.lastHeartbeat())) {
        assertThat(System.nanoTime()).as("a second beat within 60 s").isLessThan(deadline);
        LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
      }
    } finally {
      heartbeat.close();
    }
    WorkerStatus stopped = worker(label);
    assertThat(stopped.live()).isFalse();
    assertThat(stopped.stoppedAt()).isNotNull();
    machines.forget(label);
  }

  private WorkerStatus worker(String label) {
    MachineStatus machine =
        machines.overview().stream().filter(m -> m.label().equals(label)).findFirst().orElseThrow();
    return machine.workers().get(0);
  }
}
