package org.nightbench.protocol.spec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.nightbench.protocol.SpecTypes;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.io.AtomicFile;

/**
 * A step spec as JSON: the record's settings, defaults filled in, plus {@code "type"}, paths as
 * plain strings. The one reader and writer of spec files on both sides of the process boundary.
 */
public final class SpecFile {

  private SpecFile() {}

  /**
   * Built when first used, not when the class loads: a harness JVM reading a plain spec file
   * ({@link PlainSpecReader}) never needs data binding before it measures.
   */
  private static final class Binding {
    static final ObjectMapper MAPPER = mapper();
  }

  /** Writes {@code spec} to {@code file}, replacing any previous file; it must be complete. */
  public static void write(Path file, StepSpec spec) throws IOException {
    spec.checkRequired();
    AtomicFile.write(file, stream -> Binding.MAPPER.writeValue(stream, toJson(spec)));
  }

  /** The JSON of {@code spec}, {@code "type"} first. */
  public static ObjectNode toJson(StepSpec spec) {
    ObjectNode json = Binding.MAPPER.createObjectNode();
    json.put("type", spec.type());
    ObjectNode settings = Binding.MAPPER.valueToTree(spec);
    settings.remove("type");
    json.setAll(settings);
    return json;
  }

  /** Reads a spec file; a bad one fails with one line naming the setting. */
  public static StepSpec read(Path file) throws IOException {
    Optional<StepSpec> plain = PlainSpecReader.read(file);
    if (plain.isPresent()) {
      return plain.get();
    }
    JsonNode json = Binding.MAPPER.readTree(file.toFile());
    if (!(json instanceof ObjectNode object)) {
      throw new IllegalArgumentException("spec " + file + " is not a JSON object");
    }
    return fromJson(object);
  }

  /** The spec a JSON object describes: its {@code "type"} names the record. */
  public static StepSpec fromJson(ObjectNode json) {
    JsonNode type = json.get("type");
    if (type == null || !SpecTypes.all().containsKey(type.asText())) {
      throw new IllegalArgumentException(
          "spec type must be one of " + SpecTypes.all().keySet() + ", got " + type);
    }
    ObjectNode settings = json.deepCopy();
    settings.remove("type");
    Class<? extends StepSpec> record = SpecTypes.all().get(type.asText());
    StepSpec spec;
    try {
      spec = Binding.MAPPER.treeToValue(settings, record);
    } catch (JsonMappingException e) {
      throw readable(e);
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    spec.checkRequired();
    return spec;
  }

  /** A record's own check stands alone; a bad value names its setting. */
  private static RuntimeException readable(JsonMappingException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IllegalArgumentException iae) {
        return iae;
      }
    }
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      if (ref.getFieldName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
      }
    }
    String message = e.getOriginalMessage().lines().findFirst().orElse("");
    return new IllegalArgumentException(
        path.length() == 0
            ? message
            : "invalid value for "
                + path
                + " (--"
                + HandRun.kebab(path.toString())
                + "): "
                + message);
  }

  private static ObjectMapper mapper() {
    SimpleModule paths = new SimpleModule("plain-paths");
    paths.addSerializer(
        Path.class,
        new StdSerializer<>(Path.class) {
          @Override
          public void serialize(Path value, JsonGenerator gen, SerializerProvider provider)
              throws IOException {
            gen.writeString(value.toString());
          }
        });
    paths.addDeserializer(
        Path.class,
        new StdDeserializer<>(Path.class) {
          @Override
          public Path deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            return Path.of(p.getValueAsString());
          }
        });
    ObjectMapper mapper =
        new ObjectMapper()
            .registerModule(paths)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .setSerializationInclusion(
                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL);
    return mapper;
  }
}
