package org.nightbench.runs;

/**
 * The job engine's task a machine's runs are queued as. The queue owns the name: it schedules runs
 * under it, and a worker polls only its own machine's, so runs queued for another machine are never
 * its to take.
 */
public final class RunQueueTask {

  private static final String PREFIX = "benchmark-run@";

  private RunQueueTask() {}

  public static String name(String machine) {
    return PREFIX + machine;
  }
}
