package org.nightbench.benchjobs;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.nightbench.benchjobs.runner.BenchmarkRunner;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.spec.HandRun;
import org.nightbench.protocol.spec.SpecFile;

/**
 * Entry point of the forked benchmark JVM: {@code Harness <spec.json> <out>} runs the step the spec
 * file describes, writing its output to {@code out}; by hand, {@code Harness <type> --setting value
 * … --out FILE} does the same from a command line ({@link HandRun}). Exit 0 on success, otherwise
 * exactly one {@code ERROR: <message>} line on stderr and exit 2.
 */
public final class Harness {

  /** Exit code for any bad input or failure. */
  public static final int EXIT_FAILURE = 2;

  private Harness() {}

  /** Runs the step and exits the JVM with its code. */
  public static void main(String[] args) {
    OrphanGuard.start();
    System.exit(run(System.err, args));
  }

  /** Runs the step without exiting; failures are reported as one line on {@code err}. */
  public static int run(PrintStream err, String... args) {
    try {
      if (args.length > 0 && (args[args.length - 1].equals("--help") || args[0].equals("-h"))) {
        HandRun.help(System.out, args.length > 1 ? args[0] : null);
        return 0;
      }
      Path out;
      StepSpec spec;
      if (args.length == 2 && args[0].endsWith(".json") && !args[0].startsWith("-")) {
        out = Path.of(args[1]);
        // A stale output of an earlier run must not pass for this run's if we fail.
        Files.deleteIfExists(out);
        spec = SpecFile.read(Path.of(args[0]));
      } else {
        Path stale = HandRun.out(args);
        if (stale != null) {
          Files.deleteIfExists(stale);
        }
        HandRun hand = HandRun.parse(args);
        if (hand.writeSpec() != null) {
          SpecFile.write(hand.writeSpec(), hand.spec());
          if (hand.out() == null) {
            return 0;
          }
        }
        out = hand.out();
        spec = hand.spec();
      }
      BenchmarkRunner.run(spec, out, System.out);
      return 0;
    } catch (Throwable t) { // linkage errors against an unexpected Lucene arrive here
      err.println("ERROR: " + describe(t));
      return EXIT_FAILURE;
    }
  }

  /** Our own bad-input messages stand alone; anything else keeps its type, which is the clue. */
  static String describe(Throwable t) {
    if (t instanceof UncheckedIOException && t.getCause() != null) {
      t = t.getCause();
    }
    String msg = t.getMessage();
    if (t instanceof NoClassDefFoundError && msg != null && msg.startsWith("org/apache/lucene/")) {
      return "Lucene is not on the classpath (NoClassDefFoundError: " + oneLine(msg) + ")";
    }
    if (t instanceof IllegalArgumentException && msg != null && !msg.isBlank()) {
      return oneLine(msg);
    }
    return t.getClass().getSimpleName() + (msg == null || msg.isBlank() ? "" : ": " + oneLine(msg));
  }

  static String oneLine(String s) {
    return s == null ? "unknown error" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
  }
}
