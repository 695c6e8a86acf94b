package org.nightbench.benchjobs;

import java.nio.file.Path;
import org.nightbench.benchjobs.calibration.Calibration;
import org.nightbench.protocol.CalibrateSpec;

/** {@code calibrate}: times the fixed machine workload; needs no Lucene on the classpath. */
final class CalibrateStep {

  private CalibrateStep() {}

  static void run(CalibrateSpec spec, Path out) throws Exception {
    Results.writeWithoutLucene(
        out,
        spec.type(),
        Calibration.run(spec.rounds(), spec.warmupRounds(), spec.memoryMb(), System.out));
  }
}
