package org.nightbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JvmFlagsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-Xms1g",
        "-Xmx4m",
        "-Xss512k",
        "-XX:+UseParallelGC",
        "-XX:+UseG1GC",
        "-XX:-UseAdaptiveSizePolicy",
        "-XX:MaxGCPauseMillis=50",
        "-XX:G1HeapRegionSize=16m",
        "-XX:ParallelGCThreads=2",
        "-XX:+AlwaysPreTouch",
        "-XX:+UseLargePages",
        "-XX:ActiveProcessorCount=2",
        "-XX:-TieredCompilation",
        "-XX:TieredStopAtLevel=1",
        "--add-modules=jdk.incubator.vector",
        "--enable-native-access=ALL-UNNAMED",
        "-Dtests.seed=DEADBEEF",
        "-Dlucene.useScalarFMA=true",
        "-Dorg.apache.lucene.store.MMapDirectory.enableMemorySegments=false"
      })
  void tuningFlagsAreAllowed(String flag) {
    assertThat(JvmFlags.allowed(flag)).isTrue();
    JvmFlags.check(List.of(flag));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-XX:OnOutOfMemoryError=touch pwned",
        "-XX:OnError=touch pwned",
        "-javaagent:/some.jar",
        "-agentlib:jdwp=transport=dt_socket",
        "-agentpath:/x.so",
        "@/etc/passwd",
        "-XX:Flags=/etc/passwd",
        "-XX:VMOptionsFile=/etc/passwd",
        "-XX:+UnlockDiagnosticVMOptions",
        "-Xlog:gc:file=/tmp/x",
        "-cp",
        "-jar",
        "--add-modules=ALL-SYSTEM",
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "-Djava.security.manager=allow",
        "-Dtests.seed=a b",
        "-Dlucene.x=/etc/passwd",
        "-Xmx1g -javaagent:/x.jar",
        "-Xmx1g\n-javaagent:/x.jar",
        "-XX:+UseG1GC;touch",
        // A recording writes a file where it is told: only the backend starts one (issue 18).
        "-XX:StartFlightRecording=filename=/etc/cron.d/x.jfr",
        "-XX:StartFlightRecording",
        "-XX:FlightRecorderOptions=repository=/tmp",
        ""
      })
  void anythingElseIsRefusedWithOneLineNamingTheFlag(String flag) {
    assertThat(JvmFlags.allowed(flag)).isFalse();
    assertThatThrownBy(() -> JvmFlags.check(List.of("-Xmx1g", flag)))
        .isInstanceOf(IllegalArgumentException.class)
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .doesNotContain("\n")
                    .startsWith("JVM flag '" + flag.replace('\n', '?') + "' is not allowed"));
  }

  @Test
  void aHugeFlagOrListIsRefusedWithoutEchoingIt() {
    String huge = "-X" + "x".repeat(1_000_000);
    assertThatThrownBy(() -> JvmFlags.check(List.of(huge)))
        .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(1_000));
    assertThatThrownBy(() -> JvmFlags.check(Collections.nCopies(51, "-Xmx1g")))
        .hasMessage("51 JVM flags given; at most 50 are allowed");
  }

  /** A machine big enough that only the 1 TiB ceiling, not its memory, bounds sizes. */
  private static final MachineLimits HUGE = new MachineLimits(64, 4L << 40);

  /** A two-processor machine with 8 GiB, like a small benchmark box. */
  private static final MachineLimits SMALL = new MachineLimits(2, 8L << 30);

  @Test
  void aSizeAboveOneTebibyteIsRefused() {
    JvmFlags.check(List.of("-Xmx1t", "-Xms1024g", "-XX:MaxDirectMemorySize=1024g"), HUGE);
    for (String flag : List.of("-Xmx999999g", "-Xms2t", "-XX:MaxNewSize=999999999999k")) {
      assertThatThrownBy(() -> JvmFlags.check(List.of(flag), HUGE))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("JVM flag '" + flag + "' asks for more than 1 TiB");
    }
  }

  @Test
  void heapAndDirectMemoryAreBoundedByTheMachinesMemory() {
    JvmFlags.check(
        List.of("-Xmx4g", "-Xms4g", "-XX:MaxDirectMemorySize=2g", "-XX:+AlwaysPreTouch"), SMALL);
    for (String flag :
        List.of("-Xmx9g", "-Xms8193m", "-XX:MaxDirectMemorySize=16g", "-XX:MaxHeapSize=1t")) {
      assertThatThrownBy(() -> JvmFlags.check(List.of("-XX:+AlwaysPreTouch", flag), SMALL))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "JVM flag '" + flag + "' asks for more than this machine's 8192 MiB of memory");
    }
    // A stack is bounded by the JVM's own 1 GiB, not by the memory.
    JvmFlags.check(List.of("-Xss1g"), SMALL);
    assertThatThrownBy(() -> JvmFlags.check(List.of("-Xss2g"), HUGE))
        .hasMessage("JVM flag '-Xss2g' asks for a thread stack larger than 1 GiB");
  }

  @Test
  void heapDirectMemoryAndMetaspaceTogetherLeaveAQuarterOfTheMachine() {
    // 23.5 GiB of memory, a pre-touched 23 GiB heap: every page committed at start.
    MachineLimits box = new MachineLimits(2, (47L << 30) / 2);
    assertThatThrownBy(() -> JvmFlags.check(List.of("-Xms23g", "-XX:+AlwaysPreTouch"), box))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "JVM flags ask for 23552 MiB of heap, direct memory and metaspace; a benchmark JVM"
                + " may have at most 3/4 of this machine's 24064 MiB (the rest is the app's, the"
                + " system's and the index's page cache)");
    assertThatThrownBy(
            () ->
                JvmFlags.check(
                    List.of("-Xmx5g", "-XX:MaxDirectMemorySize=1g", "-XX:MaxMetaspaceSize=1g"),
                    SMALL))
        .hasMessageStartingWith("JVM flags ask for 7168 MiB");
    JvmFlags.check(List.of("-Xms6g", "-Xmx6g", "-XX:+AlwaysPreTouch"), SMALL);
    JvmFlags.check(List.of("-Xms1g", "-Xmx17g", "-XX:+AlwaysPreTouch"), box);
  }

  @Test
  void threadAndProcessorCountsAreBoundedByTheMachinesProcessors() {
    JvmFlags.check(
        List.of(
            "-XX:-UseDynamicNumberOfGCThreads",
            "-XX:ParallelGCThreads=8",
            "-XX:ConcGCThreads=8",
            "-XX:CICompilerCount=8",
            "-XX:ActiveProcessorCount=8"),
        SMALL);
    for (String flag :
        List.of(
            "-XX:ParallelGCThreads=999999999",
            "-XX:ParallelGCThreads=9",
            "-XX:ConcGCThreads=400",
            "-XX:CICompilerCount=9",
            "-XX:ActiveProcessorCount=999999999")) {
      assertThatThrownBy(
              () -> JvmFlags.check(List.of("-XX:-UseDynamicNumberOfGCThreads", flag), SMALL))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "JVM flag '"
                  + flag
                  + "' asks for more than 8 threads or processors (4 per processor of this"
                  + " machine's 2, at most 256)");
    }
  }

  @Test
  void aBigMachineStillHasTheHardCeilingOnCounts() {
    JvmFlags.check(List.of("-XX:ParallelGCThreads=256"), new MachineLimits(512, 1L << 40));
    assertThatThrownBy(
            () ->
                JvmFlags.check(
                    List.of("-XX:ParallelGCThreads=257"), new MachineLimits(512, 1L << 40)))
        .hasMessageContaining("asks for more than 256 threads or processors");
  }

  @Test
  void theOneArgumentCheckUsesThisMachine() {
    int allowed = JvmFlags.maxCount(MachineLimits.ofThisMachine());
    JvmFlags.check(List.of("-XX:ActiveProcessorCount=" + allowed));
    assertThatThrownBy(() -> JvmFlags.check(List.of("-XX:ActiveProcessorCount=" + (allowed + 1))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JvmFlags.check(List.of("-XX:ParallelGCThreads=999999999")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
