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

  @Test
  void aSizeAboveOneTebibyteIsRefused() {
    JvmFlags.check(List.of("-Xmx1t", "-Xms1024g", "-XX:MaxDirectMemorySize=1024g"));
    for (String flag : List.of("-Xmx999999g", "-Xms2t", "-XX:MaxNewSize=999999999999k")) {
      assertThatThrownBy(() -> JvmFlags.check(List.of(flag)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("JVM flag '" + flag + "' asks for more than 1 TiB");
    }
  }
}
