package org.nightbench.benchjobs.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.SpecTypes;

class BenchmarkClassesTest {

  private static final Class<PkLookupSpec> PK = PkLookupSpec.class;

  @Test
  void everyStepHasAClassOfItsSpecWithoutADispatchToEdit() {
    SpecTypes.all()
        .forEach(
            (type, record) -> {
              Object unit =
                  BenchmarkClasses.instantiate(record, type, BenchmarkClasses.className(record));
              assertThat(unit).as(type).isInstanceOfAny(Benchmark.class, Preparation.class);
            });
  }

  @Test
  void aBenchmarkIsTheClassItsDefinitionNames() {
    for (BenchmarkDefinition definition : Benchmarks.all()) {
      assertThat(BenchmarkClasses.className(definition.spec()))
          .as(definition.name())
          .isEqualTo(definition.benchmarkClass());
      assertThat(
              BenchmarkClasses.instantiate(
                  definition.spec(), definition.name(), definition.benchmarkClass()))
          .as(definition.name())
          .isInstanceOf(Benchmark.class);
    }
  }

  @Test
  void aMissingClassIsOneLineNamingIt() {
    assertThatThrownBy(
            () -> BenchmarkClasses.instantiate(PK, "pk-lookup", "org.nightbench.NoSuchBenchmark"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "benchmark class org.nightbench.NoSuchBenchmark of pk-lookup is not on the class path");
  }

  @Test
  void aClassOfAnotherShapeIsOneLineNamingIt() {
    assertThatThrownBy(() -> BenchmarkClasses.instantiate(PK, "pk-lookup", "java.lang.String"))
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
                    PK, "pk-lookup", "org.nightbench.benchjobs.facets.FacetTimings"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "benchmark class org.nightbench.benchjobs.facets.FacetTimings of pk-lookup measures"
                + " org.nightbench.protocol.FacetTimingsSpec, not PkLookupSpec");
  }

  @Test
  void aBenchmarkTheRunnerCannotConstructIsOneLine() {
    String name = WithSettingsInItsConstructor.class.getName();
    assertThatThrownBy(() -> BenchmarkClasses.instantiate(PK, "pk-lookup", name))
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
