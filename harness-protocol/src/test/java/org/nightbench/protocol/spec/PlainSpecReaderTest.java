package org.nightbench.protocol.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.Required;
import org.nightbench.protocol.SpecTypes;
import org.nightbench.protocol.StepSpec;

/**
 * The harness's quick reader of spec files makes the very record data binding makes, and leaves
 * every file that is not plain to data binding.
 */
class PlainSpecReaderTest {

  @TempDir Path tmp;

  @Test
  void everySpecTypeAsWrittenReadsWithoutDataBindingIntoTheSameRecord() throws Exception {
    for (Map.Entry<String, Class<? extends StepSpec>> type : SpecTypes.all().entrySet()) {
      StepSpec spec = withRequiredSettings(type.getValue());
      Path file = tmp.resolve(type.getKey() + ".json");
      SpecFile.write(file, spec);

      StepSpec bound = SpecFile.fromJson((ObjectNode) new ObjectMapper().readTree(file.toFile()));
      assertThat(PlainSpecReader.read(file)).as(type.getKey()).contains(bound);
      assertThat(SpecFile.read(file)).as(type.getKey()).isEqualTo(spec);
    }
  }

  @Test
  void listsAndEveryScalarTypeBindAsDataBindingBindsThem() throws Exception {
    StepSpec knn =
        HandRun.parse(
                "knn",
                "--doc-vectors",
                "d.vec",
                "--query-vectors",
                "q.vec",
                "--dimension",
                "384",
                "--vector-formats",
                "hnsw,bq",
                "--fanouts",
                "0,40",
                "--force-merge",
                "--work-dir",
                "w",
                "--out",
                "o.json")
            .spec();
    Path file = tmp.resolve("knn.json");
    SpecFile.write(file, knn);

    assertThat(PlainSpecReader.read(file)).contains(knn);
  }

  @Test
  void whatIsNotPlainIsLeftToDataBinding() throws Exception {
    // Data binding takes a number written as a string; the quick reader does not try.
    Path quoted = write("{\"type\": \"calibrate\", \"rounds\": \"3\"}");
    assertThat(PlainSpecReader.read(quoted)).isEmpty();
    assertThat(SpecFile.read(quoted)).isEqualTo(new CalibrateSpec(3, null, null));

    Path unknown = write("{\"type\": \"calibrate\", \"laps\": 3}");
    assertThat(PlainSpecReader.read(unknown)).isEmpty();
    assertThatThrownBy(() -> SpecFile.read(unknown)).hasMessageContaining("laps");

    Path bad = write("{\"type\": \"calibrate\", \"rounds\": 0}");
    assertThat(PlainSpecReader.read(bad)).isEmpty();
    assertThatThrownBy(() -> SpecFile.read(bad)).isInstanceOf(IllegalArgumentException.class);

    assertThat(PlainSpecReader.read(write("{\"type\": \"calibrate\", \"rounds\": 3.0}"))).isEmpty();
    assertThat(PlainSpecReader.read(write("[1, 2]"))).isEmpty();
    assertThat(PlainSpecReader.read(write("{\"type\": \"no-such-step\"}"))).isEmpty();
    assertThat(PlainSpecReader.read(write("{\"type\": \"calibrate\", \"rounds\": {}}"))).isEmpty();
  }

  private Path write(String json) throws Exception {
    Path file = Files.createTempFile(tmp, "spec", ".json");
    Files.writeString(file, json, StandardCharsets.UTF_8);
    return file;
  }

  /** The record with its required settings set and the rest left to its defaults. */
  private static StepSpec withRequiredSettings(Class<? extends StepSpec> record) throws Exception {
    RecordComponent[] components = record.getRecordComponents();
    Object[] arguments = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      if (components[i].isAnnotationPresent(Required.class)) {
        arguments[i] = sample(components[i]);
      }
    }
    return record.getDeclaredConstructor(types).newInstance(arguments);
  }

  private static Object sample(RecordComponent component) {
    Class<?> type = component.getType();
    if (type == Path.class) {
      return Path.of("/work", component.getName());
    }
    if (type == Integer.class) {
      return 8;
    }
    if (type == Long.class) {
      return 8L;
    }
    if (type == Double.class) {
      return 8.0;
    }
    if (type == List.class) {
      return List.of();
    }
    return component.getName();
  }
}
