package org.nightbench.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class NightlyPropertiesTests {

  @Test
  void defaultsAreOffAt2amOnMainForThisMachine() {
    NightlyProperties defaults = new NightlyProperties(false, null, null, null);

    assertThat(defaults.enabled()).isFalse();
    assertThat(defaults.branch()).isEqualTo("main");
    assertThat(defaults.machines()).isEqualTo(List.of());
    ZoneId zone = ZoneId.of("Europe/Berlin");
    LocalDateTime evening = LocalDateTime.of(2026, 3, 1, 21, 30);
    assertThat(
            Schedules.cron(defaults.cron(), zone)
                .getInitialExecutionTime(evening.atZone(zone).toInstant())
                .atZone(zone)
                .toLocalDateTime())
        .as("db-scheduler reads the default cron as 2 am the next night, local time")
        .isEqualTo(LocalDateTime.of(2026, 3, 2, 2, 0));
  }

  @Test
  void aBranchThatIsNoSafeGitRefFailsTheStart() {
    assertThatThrownBy(() -> new NightlyProperties(true, null, "main;touch pwned", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'git:main;touch pwned' is not a valid git ref");
    assertThatThrownBy(() -> new NightlyProperties(true, null, "m".repeat(300), null))
        .hasMessage("Lucene spec is 304 characters long; at most 200 are allowed");
  }
}
