package org.nightbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/** The nightly trigger over the real database, fired by several instances and several nights. */
@SpringBootTest
@ActiveProfiles("test")
class NightlyTriggerTests {

  @Autowired RunService runs;
  @Autowired JdbcClient jdbc;

  @Test
  void twoInstancesFiringForTheSameNightQueueOneRunPerMachine() {
    BranchHeads unknown = branch -> Optional.empty();
    List<String> machines = List.of("night-box-1", "night-box-2");
    NightlyTrigger first = new NightlyTrigger(runs, unknown, "main", machines);
    NightlyTrigger second = new NightlyTrigger(runs, unknown, "main", machines);
    LocalDate night = LocalDate.of(2026, 3, 1);

    List<Run> queued = first.trigger(night);
    List<Run> again = second.trigger(night);

    assertThat(queued)
        .extracting(Run::machine, Run::luceneSpec, Run::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("night-box-1", "git:main", "nightly"),
            org.assertj.core.groups.Tuple.tuple("night-box-2", "git:main", "nightly"));
    assertThat(again).isEmpty();
    assertThat(nightlies("night-box-1", night)).isOne();
    assertThat(
            jdbc.sql("select count(*) from scheduled_tasks where task_name = :task")
                .param("task", "benchmark-run@night-box-1")
                .query(Long.class)
                .single())
        .as("one execution for the night's one run")
        .isOne();
    assertThat(first.trigger(night.plusDays(1))).hasSize(2);
  }

  @Test
  void anUnchangedHeadIsNotMeasuredAgain() {
    String[] head = {"aaaa111"};
    NightlyTrigger trigger =
        new NightlyTrigger(runs, branch -> Optional.of(head[0]), "main", List.of("night-box-3"));

    assertThat(trigger.trigger(LocalDate.of(2026, 4, 1))).hasSize(1);
    assertThat(trigger.trigger(LocalDate.of(2026, 4, 2))).as("head unchanged").isEmpty();
    head[0] = "bbbb222";
    assertThat(trigger.trigger(LocalDate.of(2026, 4, 3))).hasSize(1);
  }

  private long nightlies(String machine, LocalDate night) {
    return jdbc.sql(
            "select count(*) from run where reason = 'nightly' and machine = :machine"
                + " and nightly_date = :night")
        .param("machine", machine)
        .param("night", night)
        .query(Long.class)
        .single();
  }
}
