package org.nightbench.independentloop;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one harness search JVM reported, as far as the check needs it: per category its {@code qps}
 * and its queries' hit counts, and how warm-up ended ({@code compiled/4412r/jit16ms}: the gate's
 * verdict, the warm-up rounds, the JIT's milliseconds while measuring).
 */
record HarnessFile(
    Map<String, Double> qpsByFamily, Map<String, List<Long>> hitsByFamily, String warmupEnd) {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  static HarnessFile read(Path file) {
    JsonNode root = JSON.readTree(file.toFile());
    Map<String, Double> qps = new LinkedHashMap<>();
    Map<String, List<Long>> hits = new LinkedHashMap<>();
    String warmupEnd = "?";
    for (JsonNode m : root.path("metrics")) {
      String task = m.path("task").asString();
      String name = m.path("name").asString();
      if (name.equals("qps")) {
        qps.put(task, m.path("value").asDouble());
        List<Long> h = new ArrayList<>();
        for (JsonNode q : m.path("detail").path("perQuery")) {
          h.add(q.path("hits").asLong());
        }
        hits.put(task, h);
      } else if (task.equals("all") && name.equals("warmupSec")) {
        JsonNode d = m.path("detail");
        // e.g. "compiled/4412r/jit16ms": how warm-up ended, its rounds, compilation while
        // measuring.
        warmupEnd =
            d.path("warmupEnd").asString("?")
                + "/"
                + d.path("warmupRounds").asLong()
                + "r/jit"
                + d.path("jitCompileMsMeasured").asLong()
                + "ms";
      }
    }
    if (qps.isEmpty()) {
      throw new IllegalArgumentException(file + ": no qps metric");
    }
    return new HarnessFile(qps, hits, warmupEnd);
  }
}
