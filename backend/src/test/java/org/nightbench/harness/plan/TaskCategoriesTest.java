package org.nightbench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TaskCategoriesTest {

  private static final List<String> TASKS =
      List.of(
          "# generated",
          "HighTerm: european # freq=high",
          "",
          "AndHighHigh: +european +commission",
          "HighTerm: commission",
          "LowTerm: walrus");

  @Test
  void keepsTheTasksOfTheAskedCategoriesInFileOrder() {
    assertThat(TaskCategories.select(TASKS, List.of("HighTerm", "LowTerm")))
        .containsExactly(
            "HighTerm: european # freq=high", "HighTerm: commission", "LowTerm: walrus");
  }

  @Test
  void aCategoryWithoutTasksNamesTheOnesTheFileHas() {
    assertThatThrownBy(() -> TaskCategories.select(TASKS, List.of("HighTerm", "Fuzzy1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "no tasks of category Fuzzy1; the task file has AndHighHigh, HighTerm, LowTerm");
  }
}
