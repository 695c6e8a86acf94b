package org.nightbench;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The backend's packages depend on each other one way, along the flow of docs/architecture.md:
 * request → queue → worker → harness → ingest → detection → pages. Each rule is one design rule; a
 * dependency that breaks one is a loop or a step reaching back up the flow.
 */
class ArchitectureTest {

  /**
   * The backend's own main classes: not its tests, and not the harness ({@code benchjobs}) or its
   * command-line constants ({@code protocol}), which share the {@code org.nightbench} prefix from
   * jars on the class path but are modules of their own.
   */
  private static final JavaClasses BACKEND =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(
              location ->
                  !location.contains("/org/nightbench/benchjobs/")
                      && !location.contains("/org/nightbench/protocol/"))
          .importPackages("org.nightbench");

  /** Every package that stores or reads what runs measured, or starts runs. */
  private static final String[] FEATURES = {
    "org.nightbench.runs..",
    "org.nightbench.worker..",
    "org.nightbench.ingest..",
    "org.nightbench.series..",
    "org.nightbench.changepoints..",
    "org.nightbench.comparisons..",
    "org.nightbench.annotations..",
    "org.nightbench.webhooks..",
    "org.nightbench.github..",
    "org.nightbench.nightly..",
    "org.nightbench.backfill..",
    "org.nightbench.synthetic..",
    "org.nightbench.users..",
    "org.nightbench.jfr..",
    "org.nightbench.bisect.."
  };

  @Test
  void theBackendForksTheHarnessAndImportsNothingOfIt() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.nightbench.benchjobs..")
        .because(
            "the harness runs in a forked JVM with the Lucene under test; what both sides read"
                + " (specs, results, task files) is the contract module's, org.nightbench.protocol")
        .check(BACKEND);
  }

  @Test
  void noPackageLoops() {
    slices().matching("org.nightbench.(*)..").should().beFreeOfCycles().check(BACKEND);
  }

  @Test
  void ingestStoresResultsWithoutKnowingWhoRanThemOrWhoReadsThem() {
    noClasses()
        .that()
        .resideInAPackage("org.nightbench.ingest..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.nightbench.runs..",
            "org.nightbench.worker..",
            "org.nightbench.series..",
            "org.nightbench.changepoints..",
            "org.nightbench.comparisons..",
            "org.nightbench.annotations..",
            "org.nightbench.webhooks..",
            "org.nightbench.web..")
        .because("ingest is a stage of the flow: the worker calls it, later stages listen to it")
        .check(BACKEND);
  }

  @Test
  void theWorkersToolsKnowNothingOfRunsOrResults() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "org.nightbench.harness..",
            "org.nightbench.lucene..",
            "org.nightbench.jdk..",
            "org.nightbench.corpus..",
            "org.nightbench.machine..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(FEATURES)
        .because("forking JVMs, resolving Lucene, finding JDKs and corpora serve any caller")
        .check(BACKEND);
  }

  @Test
  void whatReadsStoredResultsNeverReachesBackToTheQueue() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "org.nightbench.series..",
            "org.nightbench.changepoints..",
            "org.nightbench.annotations..",
            "org.nightbench.webhooks..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.nightbench.runs..", "org.nightbench.worker..")
        .because("data flows one way: from the worker through ingest to detection and pages")
        .check(BACKEND);
  }

  @Test
  void theSyntheticHistoryWritesThroughTheOwnersOfTheTables() {
    noClasses()
        .that()
        .resideInAPackage("org.nightbench.synthetic..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.sql..", "org.postgresql..")
        .because(
            "a generated history's runs, points and annotations go through runs, ingest and"
                + " annotations, as a real run's do, not through inserts of its own")
        .check(BACKEND);
  }

  @Test
  void profilesKnowNothingOfWhoRecordsOrReadsThem() {
    noClasses()
        .that()
        .resideInAPackage("org.nightbench.jfr..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.nightbench.runs..",
            "org.nightbench.worker..",
            "org.nightbench.ingest..",
            "org.nightbench.series..",
            "org.nightbench.changepoints..",
            "org.nightbench.comparisons..",
            "org.nightbench.annotations..",
            "org.nightbench.webhooks..",
            "org.nightbench.github..")
        .because(
            "ingest and comparisons write profiles, pages read them: profiles serve both and call"
                + " neither")
        .check(BACKEND);
  }

  @Test
  void theQueueKnowsNothingOfWhoTakesItsRuns() {
    noClasses()
        .that()
        .resideInAPackage("org.nightbench.runs..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.nightbench.worker..", "org.nightbench.comparisons..")
        .because("runs are queued and shown without the worker or comparisons behind them")
        .check(BACKEND);
  }

  @Test
  void nothingBelowTheBisectKnowsIt() {
    noClasses()
        .that()
        .resideOutsideOfPackage("org.nightbench.bisect..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.nightbench.bisect..")
        .because(
            "a bisect drives comparisons and announces through webhooks; neither, nor anything"
                + " below them, may reach back up to it")
        .check(BACKEND);
  }

  @Test
  void theStatisticsArePureCodeOverArrays() {
    for (String statistics :
        new String[] {"org.nightbench.changepoints.detection..", "org.nightbench.statistics.."}) {
      classes()
          .that()
          .resideInAPackage(statistics)
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "org.apache.commons.statistics..", statistics)
          .because("the detector and the A/B judgement are tested on seeded signals, no I/O")
          .check(BACKEND);
    }
  }

  @Test
  void webPlumbingServesEveryFeatureAndKnowsNone() {
    noClasses()
        .that()
        .resideInAPackage("org.nightbench.web..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("org.nightbench..")
                .and(not(resideInAnyPackage("org.nightbench.web.."))))
        .because("shared plumbing that imported a feature would tie every feature to it")
        .check(BACKEND);
  }
}
