package org.nightbench.protocol.result;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A result file's JSON written with Jackson's streaming generator only, byte for byte as data
 * binding writes it (the records' components in order, nulls written, the same pretty printer):
 * every harness JVM writes one result, and data binding costs some 500 classes and about a third of
 * a second of that JVM's life. Only the plain case: a metric's detail of strings, numbers,
 * booleans, nulls, lists and maps with string keys; anything else is null, and {@link ResultWriter}
 * leaves the result to data binding.
 */
final class PlainResultJson {

  private static final JsonFactory JSON = new JsonFactory();

  /** Thrown where a value is not of the plain case; caught below. */
  private static final class NotPlain extends Exception {
    NotPlain() {
      super(null, null, false, false);
    }
  }

  private PlainResultJson() {}

  /** The result's JSON, or null when a detail holds what only data binding writes. */
  static byte[] of(HarnessResult result) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
    try (JsonGenerator gen = JSON.createGenerator(bytes)) {
      gen.useDefaultPrettyPrinter();
      write(gen, result);
    } catch (NotPlain e) {
      return null;
    }
    return bytes.toByteArray();
  }

  private static void write(JsonGenerator gen, HarnessResult result) throws IOException, NotPlain {
    gen.writeStartObject();
    gen.writeNumberField("schemaVersion", result.schemaVersion());
    gen.writeStringField("command", result.command());
    gen.writeFieldName("lucene");
    if (result.lucene() == null) {
      gen.writeNull();
    } else {
      gen.writeStartObject();
      gen.writeStringField("version", result.lucene().version());
      gen.writeStringField("implementationVersion", result.lucene().implementationVersion());
      gen.writeEndObject();
    }
    gen.writeFieldName("environment");
    environment(gen, result.environment());
    gen.writeArrayFieldStart("metrics");
    for (Metric metric : result.metrics()) {
      metric(gen, metric);
    }
    gen.writeEndArray();
    gen.writeArrayFieldStart("curves");
    for (Curve curve : result.curves()) {
      curve(gen, curve);
    }
    gen.writeEndArray();
    gen.writeFieldName("notes");
    value(gen, result.notes());
    gen.writeEndObject();
  }

  private static void environment(JsonGenerator gen, EnvironmentInfo env)
      throws IOException, NotPlain {
    if (env == null) {
      gen.writeNull();
      return;
    }
    gen.writeStartObject();
    gen.writeStringField("hostname", env.hostname());
    gen.writeStringField("cpuModel", env.cpuModel());
    gen.writeNumberField("cores", env.cores());
    gen.writeNumberField("memoryBytes", env.memoryBytes());
    gen.writeStringField("osName", env.osName());
    gen.writeStringField("osVersion", env.osVersion());
    gen.writeStringField("osArch", env.osArch());
    gen.writeStringField("jdkVendor", env.jdkVendor());
    gen.writeStringField("jdkVersion", env.jdkVersion());
    gen.writeStringField("jvmName", env.jvmName());
    gen.writeFieldName("jvmFlags");
    value(gen, env.jvmFlags());
    gen.writeEndObject();
  }

  private static void metric(JsonGenerator gen, Metric metric) throws IOException, NotPlain {
    if (metric == null) {
      gen.writeNull();
      return;
    }
    gen.writeStartObject();
    gen.writeStringField("benchmark", metric.benchmark());
    gen.writeStringField("task", metric.task());
    gen.writeStringField("name", metric.name());
    gen.writeStringField("unit", metric.unit());
    gen.writeBooleanField("higherIsBetter", metric.higherIsBetter());
    gen.writeNumberField("value", metric.value());
    gen.writeFieldName("detail");
    value(gen, metric.detail());
    gen.writeEndObject();
  }

  private static void curve(JsonGenerator gen, Curve curve) throws IOException, NotPlain {
    if (curve == null) {
      gen.writeNull();
      return;
    }
    gen.writeStartObject();
    gen.writeStringField("benchmark", curve.benchmark());
    gen.writeStringField("task", curve.task());
    gen.writeStringField("name", curve.name());
    gen.writeStringField("xLabel", curve.xLabel());
    gen.writeFieldName("labels");
    value(gen, curve.labels());
    gen.writeFieldName("rows");
    value(gen, curve.rows());
    gen.writeEndObject();
  }

  /** A value as data binding writes its runtime type, for the plain types only. */
  private static void value(JsonGenerator gen, Object value) throws IOException, NotPlain {
    if (value == null) {
      gen.writeNull();
    } else if (value instanceof String text) {
      gen.writeString(text);
    } else if (value instanceof Boolean flag) {
      gen.writeBoolean(flag);
    } else if (value instanceof Integer number) {
      gen.writeNumber(number);
    } else if (value instanceof Long number) {
      gen.writeNumber(number);
    } else if (value instanceof Double number) {
      gen.writeNumber(number);
    } else if (value instanceof Float number) {
      gen.writeNumber(number);
    } else if (value instanceof List<?> list) {
      gen.writeStartArray();
      for (Object item : list) {
        value(gen, item);
      }
      gen.writeEndArray();
    } else if (value instanceof Map<?, ?> map) {
      gen.writeStartObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (!(entry.getKey() instanceof String key)) {
          throw new NotPlain();
        }
        gen.writeFieldName(key);
        value(gen, entry.getValue());
      }
      gen.writeEndObject();
    } else {
      throw new NotPlain();
    }
  }
}
