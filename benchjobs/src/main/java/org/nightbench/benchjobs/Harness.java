package org.nightbench.benchjobs;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the forked benchmark JVM: exit 0 on success, otherwise exactly one {@code ERROR:
 * <message>} line on stderr and exit 2.
 */
@Command(
    name = "harness",
    mixinStandardHelpOptions = true,
    description = "Nightbench Lucene benchmark harness (one measurement per JVM).",
    subcommands = {
      IndexCommand.class,
      GenerateTasksCommand.class,
      SearchCommand.class,
      PkLookupCommand.class,
      CalibrateCommand.class,
      LoadCommand.class,
      NrtCommand.class,
      BareLoopCommand.class,
      FacetTimingsCommand.class,
      StoredFieldsCommand.class,
      CheckIndexCommand.class,
      PkPostingsCommand.class,
      ColdSearchCommand.class,
      EmbedCommand.class,
      KnnCommand.class
    })
public final class Harness implements Callable<Integer> {

  /** Exit code for any bad input or failure. */
  public static final int EXIT_FAILURE = 2;

  @Override
  public Integer call() {
    throw new IllegalArgumentException(
        "missing command: use index, generate-tasks, search, bare-loop, pk-lookup, nrt, load,"
            + " calibrate, stored-fields, check-index, pk-postings or cold-search");
  }

  /** Runs the CLI and exits the JVM with its code. */
  public static void main(String[] args) {
    OrphanGuard.start();
    System.exit(run(System.err, args));
  }

  /** Runs the CLI without exiting; failures are reported as one line on {@code err}. */
  public static int run(PrintStream err, String... args) {
    try {
      CommandLine cl = new CommandLine(new Harness());
      cl.setParameterExceptionHandler(
          (ex, a) -> {
            err.println("ERROR: " + oneLine(ex.getMessage()));
            return EXIT_FAILURE;
          });
      cl.setExecutionExceptionHandler(
          (ex, cmd, parsed) -> {
            err.println("ERROR: " + describe(ex));
            return EXIT_FAILURE;
          });
      return cl.execute(args);
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
