package org.nightbench.independentloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The result files of one check, paired by JVM number: harness search JVMs ({@code
 * harness-VERSION-I.json}) and independent-loop JVMs ({@code loop-VERSION-I.tsv}) of a baseline and
 * a candidate release, pair I counted only when all four files are there.
 */
record PairedRuns(
    List<HarnessFile> harnessBaseline,
    List<HarnessFile> harnessCandidate,
    List<LoopFile> loopBaseline,
    List<LoopFile> loopCandidate) {

  static PairedRuns load(Path work, String baseline, String candidate) throws IOException {
    List<HarnessFile> hb = new ArrayList<>();
    List<HarnessFile> hc = new ArrayList<>();
    List<LoopFile> lb = new ArrayList<>();
    List<LoopFile> lc = new ArrayList<>();
    for (int i = 1; ; i++) {
      Path[] files = {
        work.resolve("harness-" + baseline + "-" + i + ".json"),
        work.resolve("harness-" + candidate + "-" + i + ".json"),
        work.resolve("loop-" + baseline + "-" + i + ".tsv"),
        work.resolve("loop-" + candidate + "-" + i + ".tsv")
      };
      if (!(Files.exists(files[0])
          && Files.exists(files[1])
          && Files.exists(files[2])
          && Files.exists(files[3]))) {
        break;
      }
      hb.add(HarnessFile.read(files[0]));
      hc.add(HarnessFile.read(files[1]));
      lb.add(LoopFile.read(files[2]));
      lc.add(LoopFile.read(files[3]));
    }
    if (hb.isEmpty()) {
      throw new IllegalArgumentException(
          work
              + ": no complete pair (harness-"
              + baseline
              + "-1.json, harness-"
              + candidate
              + "-1.json, loop-"
              + baseline
              + "-1.tsv, loop-"
              + candidate
              + "-1.tsv)");
    }
    return new PairedRuns(hb, hc, lb, lc);
  }

  int pairs() {
    return harnessBaseline.size();
  }

  /** Per family, the harness's and the loop's candidate/baseline ratios and how far apart. */
  List<FamilyAgreement> agreements(List<String> families, double limit) {
    List<FamilyAgreement> out = new ArrayList<>();
    for (String f : families) {
      PairedRatio harness =
          PairedRatio.of(
              qps(harnessBaseline, HarnessFile::qpsByFamily, f),
              qps(harnessCandidate, HarnessFile::qpsByFamily, f));
      PairedRatio loop =
          PairedRatio.of(
              qps(loopBaseline, LoopFile::qpsByFamily, f),
              qps(loopCandidate, LoopFile::qpsByFamily, f));
      out.add(new FamilyAgreement(f, harness, loop, limit));
    }
    return out;
  }

  /**
   * Families where a harness JVM and the loop JVM of the same pair and release counted other hits:
   * they did not run the same queries on the same index, and their timings do not compare.
   */
  List<String> hitMismatches(List<String> families) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < pairs(); i++) {
      for (String f : families) {
        if (!Objects.equals(
            harnessBaseline.get(i).hitsByFamily().get(f),
            loopBaseline.get(i).hitsByFamily().get(f))) {
          out.add("pair " + (i + 1) + " baseline " + f);
        }
        if (!Objects.equals(
            harnessCandidate.get(i).hitsByFamily().get(f),
            loopCandidate.get(i).hitsByFamily().get(f))) {
          out.add("pair " + (i + 1) + " candidate " + f);
        }
      }
    }
    return out;
  }

  static <T> double[] qps(List<T> runs, Function<T, Map<String, Double>> byFamily, String family) {
    double[] v = new double[runs.size()];
    for (int i = 0; i < v.length; i++) {
      Double q = byFamily.apply(runs.get(i)).get(family);
      if (q == null) {
        throw new IllegalArgumentException("JVM " + (i + 1) + " measured no " + family);
      }
      v[i] = q;
    }
    return v;
  }
}
