package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.PkLookupSpec;
import org.nightbench.protocol.SearchSpec;

class HarnessLauncherTests {

  private static final Path INDEX_DIR = Path.of("index");
  private static final SearchSpec SEARCH =
      SearchSpec.of(INDEX_DIR, Path.of("tasks.txt"), 20, 5, 1, null);
  private static final IndexSpec INDEX =
      new IndexSpec(
          Path.of("corpus.txt"),
          INDEX_DIR,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null);

  @TempDir Path temp;
  HarnessLauncher launcher;
  List<String> log = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() {
    launcher = new HarnessLauncher(new HarnessJar(temp.resolve("harness")));
  }

  @Test
  void harnessErrorLineBecomesTheFailure() throws IOException {
    Path jdk =
        fakeJdk("echo 'indexing 10%'; echo 'ERROR: corpus /nope.txt does not exist' >&2; exit 2");

    assertThatThrownBy(() -> launcher.run(invocation(jdk, Duration.ofMinutes(1)), log::add))
        .isInstanceOf(HarnessFailedException.class)
        .hasMessage("indexing: corpus /nope.txt does not exist");
    assertThat(log).contains("indexing 10%", "ERROR: corpus /nope.txt does not exist");
  }

  @Test
  void jvmKilledBySignalIsReportedAsKilled() throws IOException {
    Path jdk = fakeJdk("echo started; kill -9 $$");

    assertThatThrownBy(() -> launcher.run(invocation(jdk, Duration.ofMinutes(1)), log::add))
        .hasMessage("indexing: harness JVM was killed by signal 9 (exit code 137)");
    assertThat(log).contains("started");
  }

  @Test
  void jvmRunningPastTheTimeoutIsKilled() throws IOException {
    Path jdk = fakeJdk("echo started; sleep 60");

    assertThatThrownBy(() -> launcher.run(invocation(jdk, Duration.ofMillis(500)), log::add))
        .hasMessage("indexing: timed out after 0.5s and was killed");
  }

  @Test
  void cancellationKillsTheJvmAndWhatItStarted() throws Exception {
    Path jdk = fakeJdk("sleep 300 & echo \"child $!\"; wait");
    AtomicBoolean cancel = new AtomicBoolean();
    HarnessInvocation invocation =
        new HarnessInvocation(
            "search JVM 1/3",
            jdk,
            List.of(),
            List.of(),
            SEARCH,
            temp.resolve("search-1.json"),
            Duration.ofMinutes(5),
            () -> cancel.get() ? Optional.of("cancelled on request") : Optional.empty());
    Thread canceller =
        new Thread(
            () -> {
              while (log.stream().noneMatch(line -> line.startsWith("child "))) {
                LockSupport.parkNanos(20_000_000);
              }
              cancel.set(true);
            },
            "test-canceller");
    canceller.start();
    long started = System.nanoTime();

    assertThatThrownBy(() -> launcher.run(invocation, log::add))
        .isInstanceOf(HarnessCancelledException.class)
        .hasMessage("search JVM 1/3: cancelled on request");

    canceller.join();
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .as("killed, not waited for: the child sleeps 300 s")
        .isLessThan(Duration.ofSeconds(120));
    long child =
        Long.parseLong(
            log.stream()
                .filter(line -> line.startsWith("child "))
                .findFirst()
                .orElseThrow()
                .substring("child ".length()));
    assertThat(running(child)).as("the JVM's child process is killed too").isFalse();
  }

  /** Whether a process runs; a killed one that nobody reaped yet (a zombie) does not. */
  private static boolean running(long pid) throws IOException {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (!Files.exists(stat)) {
      return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
    String content = Files.readString(stat);
    return content.charAt(content.lastIndexOf(')') + 2) != 'Z';
  }

  @Test
  void cancelledBeforeStartForksNothing() throws IOException {
    Path jdk = fakeJdk("echo started");
    HarnessInvocation invocation =
        new HarnessInvocation(
            "indexing",
            jdk,
            List.of(),
            List.of(),
            INDEX,
            temp.resolve("index.json"),
            Duration.ofMinutes(1),
            () -> Optional.of("timed out after 3h"));

    assertThatThrownBy(() -> launcher.run(invocation, log::add))
        .isInstanceOf(HarnessCancelledException.class)
        .hasMessage("indexing: timed out after 3h");
    assertThat(log).isEmpty();
  }

  @Test
  void aFlagOffTheAllowListNeverReachesAProcess() throws IOException {
    // The fake java would leave a file behind if it ran at all; a real JVM given this flag runs
    // the command when it runs out of its 4 MB heap.
    Path ran = temp.resolve("java-ran");
    Path pwned = temp.resolve("pwned");
    Path jdk = fakeJdk("touch '" + ran + "'; echo \"$@\"");
    for (List<String> flags :
        List.of(
            List.of("-XX:OnOutOfMemoryError=touch " + pwned, "-Xmx4m"),
            List.of("-Xmx1g", "-javaagent:/some.jar"),
            List.of("@/etc/passwd"))) {
      HarnessInvocation invocation =
          new HarnessInvocation(
              "search JVM 1/3",
              jdk,
              List.of(),
              flags,
              SEARCH,
              temp.resolve("search-1.json"),
              Duration.ofMinutes(1));

      assertThatThrownBy(() -> launcher.run(invocation, log::add))
          .isInstanceOf(HarnessFailedException.class)
          .satisfies(
              e ->
                  assertThat(e.getMessage())
                      .doesNotContain("\n")
                      .startsWith(
                          "search JVM 1/3: JVM flag '"
                              + flags.stream().filter(f -> !JvmFlags.allowed(f)).findFirst().get()
                              + "' is not allowed"));
    }
    assertThat(ran).doesNotExist();
    assertThat(pwned).doesNotExist();
    assertThat(log).as("nothing was forked, so nothing was logged").isEmpty();
  }

  @Test
  void aThreadBombOrOversizedHeapNeverReachesAProcess() throws IOException {
    // Allowed flags, but counts and sizes beyond this machine: checked again where JVMs are forked.
    Path ran = temp.resolve("java-ran");
    Path jdk = fakeJdk("touch '" + ran + "'; echo \"$@\"");
    long memory = MachineLimits.ofThisMachine().memoryBytes();
    for (List<String> flags :
        List.of(
            List.of("-XX:-UseDynamicNumberOfGCThreads", "-XX:ParallelGCThreads=999999999"),
            List.of("-XX:ActiveProcessorCount=999999999"),
            List.of("-XX:+AlwaysPreTouch", "-Xms" + (memory / 1024 + 1024) + "k"))) {
      HarnessInvocation invocation =
          new HarnessInvocation(
              "search JVM 1/3",
              jdk,
              List.of(),
              flags,
              SEARCH,
              temp.resolve("search-1.json"),
              Duration.ofMinutes(1));

      assertThatThrownBy(() -> launcher.run(invocation, log::add))
          .isInstanceOf(HarnessFailedException.class)
          .hasMessageStartingWith("search JVM 1/3: JVM flag '" + flags.get(flags.size() - 1) + "'");
    }
    assertThat(ran).doesNotExist();
    assertThat(log).isEmpty();
  }

  @Test
  void realJvmThatCannotStartIsACrash() {
    Path javaHome = Path.of(System.getProperty("java.home"));
    HarnessInvocation invocation =
        new HarnessInvocation(
            "search JVM 1/3",
            javaHome,
            List.of(),
            List.of("-Xmx1m", "-Xms1m"),
            SEARCH,
            temp.resolve("search-1.json"),
            Duration.ofMinutes(1));

    assertThatThrownBy(() -> launcher.run(invocation, log::add))
        .hasMessageStartingWith("search JVM 1/3: harness JVM exited with code 1");
    assertThat(String.join("\n", log)).contains("heap");
  }

  @Test
  void aFlightRecordingIsStartedByTheLauncherAloneAndOnlyWhenAsked() throws IOException {
    Path jdk = fakeJdk("exit 0");
    Path out = temp.resolve("search-1.json");
    Path recording = FlightRecording.fileFor(SEARCH, out);
    assertThat(recording).isEqualTo(temp.resolve("search-1.jfr"));
    assertThat(
            FlightRecording.fileFor(
                new PkLookupSpec(INDEX_DIR, null, null, null, null, null), temp.resolve("pk.json")))
        .isNull();

    List<String> recorded =
        launcher.command(
            new HarnessInvocation(
                "search JVM 1/2",
                jdk,
                List.of(),
                List.of("-Xmx1g"),
                SEARCH,
                out,
                Duration.ofMinutes(1),
                null,
                recording));
    assertThat(recorded)
        .containsSubsequence(
            "-Xmx1g",
            "-XX:StartFlightRecording=filename=" + recording + ",settings=profile,dumponexit=true",
            "-cp");
    List<String> plain =
        launcher.command(
            new HarnessInvocation(
                "search JVM 1/2",
                jdk,
                List.of(),
                List.of("-Xmx1g"),
                SEARCH,
                out,
                Duration.ofMinutes(1)));
    assertThat(plain).noneMatch(flag -> flag.contains("FlightRecording"));
    // A comma would start another of JFR's options: refused, not passed on.
    assertThatThrownBy(
            () ->
                launcher.run(
                    new HarnessInvocation(
                        "search JVM 1/2",
                        jdk,
                        List.of(),
                        List.of(),
                        SEARCH,
                        out,
                        Duration.ofMinutes(1),
                        null,
                        temp.resolve("a,settings=x.jfr")),
                    log::add))
        .isInstanceOf(HarnessFailedException.class)
        .hasMessageContaining("',' and '=' end JFR's filename option");
  }

  @Test
  void commandPutsTheHarnessBeforeLucene() throws IOException {
    Path jdk = fakeJdk("exit 0");
    HarnessInvocation invocation =
        new HarnessInvocation(
            "indexing",
            jdk,
            List.of(Path.of("/jars/lucene-core-9.12.3.jar")),
            List.of("-Xmx1g"),
            INDEX,
            Path.of("/work/run-1/index.json"),
            Duration.ofMinutes(1));

    List<String> command = launcher.command(invocation);

    assertThat(command.get(0)).isEqualTo(jdk.resolve("bin/java").toString());
    assertThat(command).containsSubsequence("-Xmx1g", "-cp");
    String classPath = command.get(command.indexOf("-cp") + 1);
    assertThat(classPath)
        .matches(".*nightbench-harness-[0-9a-f]{16}\\.jar:/jars/lucene-core-9.12.3.jar");
    // The harness reads its step from the spec file beside its output: Harness <spec.json> <out>.
    assertThat(command.subList(command.size() - 3, command.size()))
        .containsExactly(
            HarnessLauncher.MAIN_CLASS, "/work/run-1/index.spec.json", "/work/run-1/index.json");
  }

  private HarnessInvocation invocation(Path javaHome, Duration timeout) {
    return new HarnessInvocation(
        "indexing", javaHome, List.of(), List.of(), INDEX, temp.resolve("index.json"), timeout);
  }

  /** A JDK whose java is a shell script: lets a test make a "JVM" fail in exactly one way. */
  private Path fakeJdk(String script) throws IOException {
    Path home = Files.createTempDirectory(temp, "jdk");
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.writeString(java, "#!/bin/sh\n" + script + "\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return home;
  }
}
