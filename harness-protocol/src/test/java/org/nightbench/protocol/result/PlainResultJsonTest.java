package org.nightbench.protocol.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness's quick writer of result files writes what data binding writes, byte for byte. */
class PlainResultJsonTest {

  @TempDir Path tmp;

  @Test
  void aResultOfEveryPlainValueIsWrittenAsDataBindingWritesIt() throws Exception {
    HarnessResult result = result(richDetail());

    byte[] plain = PlainResultJson.of(result);

    assertThat(plain).isNotNull();
    assertThat(new String(plain, StandardCharsets.UTF_8))
        .isEqualTo(new String(ResultWriter.withDataBinding(result), StandardCharsets.UTF_8));
  }

  @Test
  void nullsWhereverARecordAllowsThemAreWrittenAsDataBindingWritesThem() throws Exception {
    HarnessResult result =
        new HarnessResult(
            2,
            null,
            null,
            null,
            List.of(new Metric(null, null, null, null, false, 0.0, null)),
            List.of(new Curve(null, null, null, null, null, null)),
            null);

    assertThat(new String(PlainResultJson.of(result), StandardCharsets.UTF_8))
        .isEqualTo(new String(ResultWriter.withDataBinding(result), StandardCharsets.UTF_8));
  }

  @Test
  void aDetailOnlyDataBindingWritesIsLeftToIt() throws Exception {
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("exact", new BigDecimal("1.50"));
    HarnessResult result = result(detail);

    assertThat(PlainResultJson.of(result)).isNull();
    Path file = tmp.resolve("result.json");
    ResultWriter.write(file, result);
    assertThat(ResultWriter.read(file).metrics().get(0).detail()).containsKey("exact");
  }

  @Test
  void whatIsWrittenReadsBack() throws Exception {
    HarnessResult result = result(Map.of("rounds", 7));
    Path file = tmp.resolve("result.json");

    ResultWriter.write(file, result);

    assertThat(ResultWriter.read(file)).isEqualTo(result);
  }

  private static Map<String, Object> richDetail() {
    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("cpuSeconds", 0.195215564);
    nested.put("none", null);
    List<Object> mixed = new ArrayList<>();
    mixed.add(1);
    mixed.add(2L);
    mixed.add(3.5f);
    mixed.add(null);
    mixed.add("quoted \"text\" and ünïcode\n");
    mixed.add(List.of());
    mixed.add(Map.of());
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("rounds", 7);
    detail.put("bytes", 1L << 40);
    detail.put("ratio", 1e-12);
    detail.put("big", 1.2345678901234567e300);
    detail.put("nan", Double.NaN);
    detail.put("infinite", Double.NEGATIVE_INFINITY);
    detail.put("warm", true);
    detail.put("perRound", List.of(nested, nested));
    detail.put("mixed", mixed);
    return detail;
  }

  private static HarnessResult result(Map<String, Object> detail) {
    return new HarnessResult(
        HarnessResult.SCHEMA_VERSION,
        "search",
        new LuceneInfo("10.6.0", "10.6.0 abc - 2026-11-01"),
        new EnvironmentInfo(
            "vm",
            "AMD EPYC",
            2,
            25276514304L,
            "Linux",
            "6.18",
            "amd64",
            "Eclipse Adoptium",
            "25.0.3",
            "OpenJDK 64-Bit Server VM",
            List.of("-Xms1g", "-XX:+UseParallelGC")),
        List.of(
            new Metric("search", "HighTerm", "qps", "queries/s", true, 30217.125, detail),
            new Metric("search", "HighTerm", "p99", "ms", false, 0.1, Map.of())),
        List.of(
            new Curve(
                "load",
                "mmap",
                "latency",
                "qps",
                List.of("p50", "p99"),
                List.of(List.of(50.0, 1.25), Arrays.asList(100.0, null)))),
        List.of("a note", "another"));
  }
}
