package org.nightbench.benchjobs.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.StepType;

class BenchmarkClassesTest {

  @Test
  void everyStepHasAClassOfItsSpecWithoutADispatchToEdit() {
    for (StepType step : StepType.values()) {
      Object unit = BenchmarkClasses.instantiate(step);
      assertThat(unit).as(step.specName()).isInstanceOfAny(Benchmark.class, Preparation.class);
      assertThat(unit.getClass().getName()).isEqualTo(BenchmarkClasses.className(step));
    }
  }

  @Test
  void aBenchmarkIsTheClassItsDefinitionNames() {
    for (BenchmarkDefinition definition : Benchmarks.ALL) {
      assertThat(BenchmarkClasses.className(definition.step()))
          .as(definition.name())
          .isEqualTo(definition.benchmarkClass());
      assertThat(BenchmarkClasses.instantiate(definition.step()))
          .as(definition.name())
          .isInstanceOf(Benchmark.class);
    }
  }

  @Test
  void aMissingClassIsOneLineNamingIt() {
    assertThatThrownBy(
            () ->
                BenchmarkClasses.instantiate(StepType.PK_LOOKUP, "org.nightbench.NoSuchBenchmark"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "benchmark class org.nightbench.NoSuchBenchmark of pk-lookup is not on the class path");
  }

  @Test
  void aClassOfAnotherShapeIsOneLineNamingIt() {
    assertThatThrownBy(() -> BenchmarkClasses.instantiate(StepType.PK_LOOKUP, "java.lang.String"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "benchmark class java.lang.String of pk-lookup implements neither Benchmark nor"
                + " Preparation");
  }

  @Test
  void aBenchmarkOfAnotherSpecIsOneLineNamingBoth() {
    assertThatThrownBy(
            () ->
                BenchmarkClasses.instantiate(
                    StepType.PK_LOOKUP, "org.nightbench.benchjobs.facets.FacetTimings"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "benchmark class org.nightbench.benchjobs.facets.FacetTimings of pk-lookup measures"
                + " org.nightbench.protocol.FacetTimingsSpec, not PkLookupSpec");
  }

  @Test
  void aBenchmarkTheRunnerCannotConstructIsOneLine() {
    String name = WithSettingsInItsConstructor.class.getName();
    assertThatThrownBy(() -> BenchmarkClasses.instantiate(StepType.PK_LOOKUP, name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "benchmark class " + name + " of pk-lookup has no public no-argument constructor");
  }

  /** A benchmark written the old way, its settings given to its constructor. */
  public static final class WithSettingsInItsConstructor implements Benchmark<PkLookupSpec> {
    private final int lookups;

    public WithSettingsInItsConstructor(int lookups) {
      this.lookups = lookups;
    }

    @Override
    public Report measure(PkLookupSpec spec, PrintStream log) {
      throw new UnsupportedOperationException("never measured: " + lookups);
    }
  }
}
