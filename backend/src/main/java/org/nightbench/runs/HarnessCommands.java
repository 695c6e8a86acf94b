package org.nightbench.runs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.CalibrationSettings;
import org.nightbench.harness.IndexingVariant;
import org.nightbench.harness.LoadSettings;
import org.nightbench.harness.NrtVariant;
import org.nightbench.harness.PkLookupSettings;

/**
 * The harness command lines of a run's steps, built from its profile: the one place that knows the
 * harness's options.
 */
final class HarnessCommands {

  private final BenchmarkProfile profile;

  HarnessCommands(BenchmarkProfile profile) {
    this.profile = profile;
  }

  BenchmarkProfile profile() {
    return profile;
  }

  List<String> index(IndexingVariant variant, Path corpus, Path indexDir, Path out) {
    List<String> args =
        args(
            "index",
            "--corpus",
            corpus,
            "--index-dir",
            indexDir,
            "--ram-buffer-mb",
            profile.ramBufferMb(variant),
            "--out",
            out);
    // Only what differs from the harness's defaults, so the log shows what is special.
    if (!variant.name().equals("default")) {
      args.addAll(args("--variant", variant.name()));
    }
    if (variant.docChars() > 0) {
      args.addAll(args("--doc-chars", variant.docChars()));
    }
    if (!variant.directory().equals("mmap")) {
      args.addAll(args("--directory", variant.directory()));
    }
    if (!variant.mergePolicy().equals("tiered")) {
      args.addAll(args("--merge-policy", variant.mergePolicy()));
    }
    if (variant.deterministic()) {
      args.add("--deterministic");
    } else if (variant.threads() > 1) {
      args.addAll(args("--threads", variant.threads()));
    }
    if (profile.maxDocs() > 0) {
      args.addAll(args("--max-docs", profile.maxDocs()));
    }
    return args;
  }

  /**
   * The same, writing the index with the release's default codec changed: {@code storedFields}
   * {@code speed} or {@code compression}, and one postings format for every field; null keeps the
   * codec's own.
   */
  List<String> index(
      IndexingVariant variant,
      Path corpus,
      Path indexDir,
      Path out,
      String storedFields,
      String postingsFormat) {
    List<String> args = index(variant, corpus, indexDir, out);
    if (storedFields != null) {
      args.addAll(args("--stored-fields", storedFields));
    }
    if (postingsFormat != null) {
      args.addAll(args("--postings-format", postingsFormat));
    }
    return args;
  }

  List<String> generateTasks(Path corpus, Path indexDir, Path out) {
    return args(
        "generate-tasks",
        "--index-dir",
        indexDir,
        "--corpus",
        corpus,
        "--seed",
        profile.taskSeed(),
        "--per-category",
        profile.queriesPerCategory(),
        "--out",
        out);
  }

  List<String> search(Path indexDir, Path tasks, int jvm, Path out) {
    return search(indexDir, tasks, jvm, out, "default");
  }

  /** The same, reading the index through the named Directory. */
  List<String> search(Path indexDir, Path tasks, int jvm, Path out, String directory) {
    List<String> args =
        args(
            "search",
            "--index-dir",
            indexDir,
            "--tasks",
            tasks,
            "--repetitions",
            profile.repetitions(),
            "--warmup",
            profile.warmup(),
            "--seed",
            profile.taskSeed() + jvm,
            "--out",
            out);
    if (profile.maxWarmupSeconds() != null) {
      // Warm-up runs until round times settle, at most this long (the harness default is 10 s).
      args.addAll(args("--max-warmup-sec", profile.maxWarmupSeconds()));
    }
    if (!"default".equals(directory)) {
      args.add("--directory");
      args.add(directory);
    }
    return args;
  }

  List<String> pkLookups(Path indexDir, Path out) {
    PkLookupSettings pk = profile.pkLookups();
    return args(
        "pk-lookup",
        "--index-dir",
        indexDir,
        "--lookups",
        pk.lookups(),
        "--min-batch-seconds",
        pk.minBatchSeconds(),
        "--batches",
        pk.batches(),
        "--warmup-batches",
        pk.warmupBatches(),
        "--seed",
        profile.taskSeed(),
        "--out",
        out);
  }

  List<String> nrt(
      NrtVariant variant, Path indexDir, Path workDir, Path corpus, Path tasks, Path out) {
    List<String> args =
        args(
            "nrt",
            "--variant",
            variant.mode(),
            "--index-dir",
            indexDir,
            "--work-dir",
            workDir,
            "--corpus",
            corpus,
            "--tasks",
            tasks,
            "--update-rate",
            variant.updateRate(),
            "--reopen-interval-ms",
            variant.reopenIntervalMs(),
            "--search-threads",
            variant.searchThreads(),
            "--duration-seconds",
            variant.durationSeconds(),
            "--warmup-seconds",
            variant.warmupSeconds(),
            "--merge-mb-per-sec",
            variant.mergeMbPerSec(),
            "--ram-buffer-mb",
            profile.ramBufferMb(),
            "--seed",
            profile.taskSeed(),
            "--out",
            out);
    if (variant.maxFullFlushMergeWaitMs() != null && variant.maxFullFlushMergeWaitMs() >= 0) {
      args.addAll(args("--max-full-flush-merge-wait-ms", variant.maxFullFlushMergeWaitMs()));
    }
    return args;
  }

  List<String> load(String directory, Path indexDir, Path tasks, Path out) {
    LoadSettings load = profile.load();
    List<String> args =
        args(
            "load",
            "--index-dir",
            indexDir,
            "--tasks",
            tasks,
            "--directory",
            directory,
            "--threads",
            load.threads(),
            "--start-qps",
            load.startQps(),
            "--step-factor",
            load.stepFactor(),
            "--max-steps",
            load.maxSteps(),
            "--step-seconds",
            load.stepSeconds(),
            "--warmup-seconds",
            load.warmupSeconds(),
            "--p99-limit-ms",
            load.p99LimitMs(),
            "--seed",
            profile.taskSeed(),
            "--out",
            out);
    if (!load.categories().isEmpty()) {
      args.addAll(args("--categories", String.join(",", load.categories())));
    }
    return args;
  }

  List<String> calibrate(Path out) {
    CalibrationSettings calibration = profile.calibration();
    return args(
        "calibrate",
        "--rounds",
        calibration.rounds(),
        "--warmup-rounds",
        calibration.warmupRounds(),
        "--memory-mb",
        calibration.memoryMb(),
        "--out",
        out);
  }

  private static List<String> args(Object... values) {
    List<String> args = new ArrayList<>(values.length);
    for (Object value : values) {
      args.add(
          value instanceof Double d && d == Math.rint(d)
              ? Long.toString(d.longValue())
              : value.toString());
    }
    return args;
  }
}
