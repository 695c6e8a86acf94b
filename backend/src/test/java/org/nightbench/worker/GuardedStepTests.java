package org.nightbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.harness.HarnessCancelledException;
import org.nightbench.harness.HarnessFailedException;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.jdk.JdkProperties;
import org.nightbench.lucene.GitFixture;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.lucene.LuceneGitProperties;
import org.nightbench.lucene.LuceneProperties;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.LuceneSpec;
import org.nightbench.lucene.LuceneSpecCheck;
import org.nightbench.lucene.MavenArtifacts;

/** Resolving and building a revision stop on cancel and at the step timeout, like a JVM does. */
class GuardedStepTests {

  private static final Path TEST_REPOSITORY =
      Path.of("target", "nightbench-test-m2").toAbsolutePath();

  @TempDir Path temp;
  List<String> log = new CopyOnWriteArrayList<>();

  @Test
  void aCancelledGitBuildIsKilledAndTheStepEndsCancelled() throws Exception {
    GitFixture fixture = GitFixture.create(temp.resolve("fixture"), TEST_REPOSITORY);
    LuceneGitProperties git =
        new LuceneGitProperties(
            fixture.remote().toString(),
            "main",
            temp.resolve("clone"),
            temp.resolve("builds"),
            List.of("sh", "-c", "echo build-pid $$; exec sleep 300"),
            null,
            null);
    AtomicBoolean cancel = new AtomicBoolean();
    try (MavenArtifacts artifacts =
        new MavenArtifacts(new LuceneProperties(null, TEST_REPOSITORY))) {
      LuceneResolver resolver =
          new LuceneResolver(
              artifacts,
              new GitLuceneBuilder(git, new JdkFinder(JdkProperties.defaults())),
              new LuceneSpecCheck(List.of()));
      Thread canceller =
          new Thread(
              () -> {
                while (log.stream().noneMatch(line -> line.startsWith("build-pid "))) {
                  LockSupport.parkNanos(20_000_000);
                }
                cancel.set(true);
              },
              "test-canceller");
      canceller.start();

      assertThatThrownBy(
              () ->
                  GuardedStep.run(
                      "resolving git:main",
                      Duration.ofHours(1),
                      () -> cancel.get() ? Optional.of("cancelled on request") : Optional.empty(),
                      () -> resolver.resolve(LuceneSpec.parse("git:main"), log::add)))
          .isInstanceOf(HarnessCancelledException.class)
          .hasMessage("resolving git:main: cancelled on request");
      canceller.join();
    }
    long pid =
        Long.parseLong(
            log.stream()
                .filter(line -> line.startsWith("build-pid "))
                .findFirst()
                .orElseThrow()
                .substring("build-pid ".length()));
    // The interrupted build kills its process; a build left running would sleep for 300 s.
    Optional<ProcessHandle> build = ProcessHandle.of(pid);
    if (build.isPresent()) {
      build.get().onExit().get(60, TimeUnit.SECONDS);
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  @Test
  void aMavenResolutionPastTheStepTimeoutIsStoppedWithOneLine() throws Exception {
    // A repository that accepts requests and never answers them.
    HttpServer silent = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    CountDownLatch asked = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    silent.createContext(
        "/",
        exchange -> {
          asked.countDown();
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.close();
        });
    silent.start();
    URI repository = URI.create("http://127.0.0.1:" + silent.getAddress().getPort() + "/maven2/");
    Path local = Files.createDirectories(temp.resolve("m2"));
    try (MavenArtifacts artifacts =
        new MavenArtifacts(new LuceneProperties(List.of(repository), local))) {
      LuceneResolver resolver = new LuceneResolver(artifacts);

      assertThatThrownBy(
              () ->
                  GuardedStep.run(
                      "resolving maven:9.12.3",
                      Duration.ofMillis(1500),
                      Optional::empty,
                      () -> resolver.resolve(LuceneSpec.parse("maven:9.12.3"))))
          .isInstanceOf(HarnessFailedException.class)
          .isNotInstanceOf(HarnessCancelledException.class)
          .hasMessage("resolving maven:9.12.3: timed out after 1.5s and was stopped");
      assertThat(asked.await(0, TimeUnit.SECONDS)).as("the repository was asked").isTrue();
    } finally {
      release.countDown();
      silent.stop(0);
    }
  }

  @Test
  void aStepsOwnFailureIsPassedOnAsItIs() {
    assertThatThrownBy(
            () ->
                GuardedStep.run(
                    "resolving maven:0.0.1",
                    Duration.ofMinutes(1),
                    Optional::empty,
                    () -> {
                      throw new IllegalArgumentException("Lucene 0.0.1 was not found");
                    }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Lucene 0.0.1 was not found");
  }
}
