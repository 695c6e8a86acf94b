package org.nightbench.benchjobs;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.nightbench.protocol.result.Metric;

/**
 * The harness's packages depend on each other one way: the steps at the top ({@code
 * org.nightbench.benchjobs}) read the specs and call the benchmarks; a benchmark builds on the
 * shared packages (documents and index building, the search loop, vector files, task generation,
 * line docs) and never on another benchmark; nothing reaches back up. Spec, result and task files
 * are the contract module's ({@code org.nightbench.protocol}).
 */
class ArchitectureTest {

  private static final String ROOT = "org.nightbench.benchjobs";

  private static final JavaClasses HARNESS =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(ROOT);

  /** The benchmarks that build on the shared packages: each its own measurement. */
  private static final String[] BENCHMARKS = {
    "calibration",
    "checkindex",
    "coldsearch",
    "facets",
    "load",
    "nrt",
    "pk",
    "storedfields",
    "vectorindexing"
  };

  /**
   * What the benchmarks share. {@code runner} is the one shape around every benchmark: it finds a
   * benchmark's class by name, so it imports none. {@code indexing}, {@code search} and {@code
   * vectors} are measured too, but they are also the documents, the timed query loop and the vector
   * files the others build on, so they may be imported; they import no benchmark above them.
   */
  private static final String[] SHARED = {
    "indexing",
    "search",
    "vectors",
    "tasks",
    "taskgen",
    "linedocs",
    "timing",
    "environment",
    "runner"
  };

  @Test
  void noPackageLoops() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(HARNESS);
  }

  @Test
  void benchmarksNeverImportOneAnother() {
    for (String benchmark : BENCHMARKS) {
      noClasses()
          .that()
          .resideInAPackage(ROOT + "." + benchmark + "..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              Arrays.stream(BENCHMARKS)
                  .filter(other -> !other.equals(benchmark))
                  .map(other -> ROOT + "." + other + "..")
                  .toArray(String[]::new))
          .because("a benchmark holds only what is particular to it; what two share is shared")
          .check(HARNESS);
    }
  }

  @Test
  void theSharedPackagesKnowNoBenchmark() {
    noClasses()
        .that()
        .resideInAnyPackage(
            Arrays.stream(SHARED).map(shared -> ROOT + "." + shared + "..").toArray(String[]::new))
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            Arrays.stream(BENCHMARKS).map(b -> ROOT + "." + b + "..").toArray(String[]::new))
        .because("what the benchmarks build on must not depend on one of them")
        .check(HARNESS);
  }

  @Test
  void nothingBelowTheEntryPointCallsBackUp() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".*..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT)
        .because(
            "Harness hands a spec to the runner; the runner and the benchmarks never call back")
        .check(HARNESS);
  }

  /**
   * A measured value gets its unit and direction from its benchmark's definition ({@code
   * DEFINITION.measured(task, metric, value, detail)}), so a benchmark class writes neither and the
   * two cannot disagree. Two classes build a {@link Metric} themselves: the bare loop, a lab
   * measurement of the harness's own overhead that no definition declares, and the PK-postings
   * benchmark, which labels the PK lookups' measured values with the format they ran on.
   */
  @Test
  void benchmarksTakeUnitAndDirectionFromTheirDefinition() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(ROOT + ".search.BareLoop")
        .and()
        .doNotHaveFullyQualifiedName(ROOT + ".pk.PkPostingsBenchmark")
        .should()
        .callConstructor(
            Metric.class,
            String.class,
            String.class,
            String.class,
            String.class,
            boolean.class,
            double.class,
            Map.class)
        .because("a metric's unit and direction are declared once, in its benchmark's definition")
        .check(HARNESS);
  }
}
