package org.nightbench.harness;

import java.nio.file.Path;
import org.springframework.util.FileSystemUtils;

/**
 * The steps of the nightly's measurements beside the queries, each optional and each in its own
 * JVM: PK lookups with the id postings in RAM (a release without lucene-codecs measures nothing
 * there and the harness's note says so on the run), CheckIndex of the index the queries read,
 * search on a cold page cache, and the stored fields benchmark per mode on an index of its own.
 */
final class NightlyMeasurementSteps {

  private final HarnessSteps steps;
  private final ProfileSpecs specs;
  private final Path corpus;
  private final Path work;

  NightlyMeasurementSteps(HarnessSteps steps, ProfileSpecs specs, Path corpus, Path work) {
    this.steps = steps;
    this.specs = specs;
    this.corpus = corpus;
    this.work = work;
  }

  /**
   * Runs the profile's measurements on {@code index}, written by the indexing variant {@code
   * variant}; {@code tasks} is null when there is no task file.
   */
  void run(String variant, Path index, Path tasks) {
    NightlyMeasurements measurements = specs.profile().measurements();
    if (measurements.pkPostings() != null) {
      Path out = work.resolve("pk-postings.json");
      Path copies = work.resolve("pk-postings");
      steps.optional("PK lookups, id postings in RAM", specs.pkPostings(index, copies), out);
      FileSystemUtils.deleteRecursively(copies.toFile());
    }
    if (measurements.checkIndex()) {
      Path out = work.resolve("check-index.json");
      steps.optional("CheckIndex", specs.checkIndex(variant, index), out);
    }
    if (measurements.coldSearch() != null) {
      if (tasks == null) {
        steps.skipped("cold page cache search", "it needs the task file");
      } else {
        Path out = work.resolve("cold-search.json");
        steps.optional("cold page cache search", specs.coldSearch(index, tasks), out);
      }
    }
    if (measurements.storedFields() != null) {
      for (String mode : measurements.storedFieldsModes().modes()) {
        Path out = work.resolve("stored-fields-" + mode + ".json");
        Path storedIndex = work.resolve("stored-fields-" + mode);
        steps.optional("stored fields " + mode, specs.storedFields(mode, corpus, storedIndex), out);
        FileSystemUtils.deleteRecursively(storedIndex.toFile());
      }
    }
  }
}
