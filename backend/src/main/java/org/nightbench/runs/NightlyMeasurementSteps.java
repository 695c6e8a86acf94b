package org.nightbench.runs;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.harness.HarnessCommands;
import org.nightbench.harness.NightlyMeasurements;
import org.nightbench.lucene.ResolvedLucene;
import org.springframework.util.FileSystemUtils;

/**
 * The steps of the nightly's measurements beside the queries, each optional: PK lookups with the id
 * postings in RAM (only where the revision's jars include lucene-codecs; the run notes it where
 * they do not), CheckIndex of the index the queries read, search on a cold page cache, and the
 * stored fields benchmark per mode on an index of its own.
 */
final class NightlyMeasurementSteps {

  private NightlyMeasurementSteps() {}

  /**
   * Why PK lookups with the id postings in RAM cannot run on these jars (the formats live in
   * lucene-codecs), for the run's notes; null when they can.
   */
  static String withoutCodecs(ResolvedLucene lucene) {
    boolean codecs =
        lucene.jars().stream()
            .anyMatch(jar -> jar.getFileName().toString().startsWith("lucene-codecs-"));
    return codecs
        ? null
        : "PK lookups with the id postings in RAM: skipped, "
            + lucene.spec()
            + " has no lucene-codecs jar (the release published none, or the build made none)";
  }

  /**
   * Runs the profile's measurements on {@code index} (written by {@code variant}); {@code tasks}
   * null when there is no task file; notes for the run page go to {@code notes}.
   */
  static void run(
      RunSteps steps,
      HarnessCommands commands,
      ResolvedLucene lucene,
      String variant,
      Path corpus,
      Path index,
      Path tasks,
      Path work,
      List<String> notes) {
    NightlyMeasurements measurements = commands.profile().measurements();
    if (measurements.pkPostings() != null) {
      String without = withoutCodecs(lucene);
      if (without == null) {
        Path out = work.resolve("pk-postings.json");
        Path copies = work.resolve("pk-postings");
        steps.optional(
            "PK lookups, id postings in RAM", commands.pkPostings(index, copies, out), out);
        FileSystemUtils.deleteRecursively(copies.toFile());
      } else {
        notes.add(without);
      }
    }
    if (measurements.checkIndex()) {
      Path out = work.resolve("check-index.json");
      steps.optional("CheckIndex", commands.checkIndex(variant, index, out), out);
    }
    if (measurements.coldSearch() != null) {
      if (tasks == null) {
        steps.skipped("cold page cache search", "it needs the task file");
      } else {
        Path out = work.resolve("cold-search.json");
        steps.optional("cold page cache search", commands.coldSearch(index, tasks, out), out);
      }
    }
    if (measurements.storedFields() != null) {
      for (String mode : measurements.storedFields().modes()) {
        Path out = work.resolve("stored-fields-" + mode + ".json");
        Path storedIndex = work.resolve("stored-fields-" + mode);
        steps.optional(
            "stored fields " + mode, commands.storedFields(mode, corpus, storedIndex, out), out);
        FileSystemUtils.deleteRecursively(storedIndex.toFile());
      }
    }
  }
}
